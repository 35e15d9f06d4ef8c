//! The rollout projection's shape (read-commands.md §5.2, §5.5). Field order is the documented
//! JSON key order; optional keys are omitted when absent.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RolloutSummary {
    pub state: String,
    pub reported_state: String,
    pub evidence: String,
    pub epoch: String,
    pub coordination_ready: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StepProjection {
    /// 0-based.
    pub index: usize,
    pub total: usize,
    pub capacity: String,
    pub target_traffic: i64,
    pub observed_traffic: i64,
    pub gate: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub analysis: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entered_at: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GroupProjection {
    pub index: usize,
    pub strategy: String,
    pub phase: String,
    pub components: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_component: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous_component: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub observed_surge: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stable_revision_hash: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_revision_hash: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rejected_revision_hash: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<StepProjection>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transitioned_at: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TrafficProjection {
    pub revision_hash: String,
    pub percent: i64,
    /// `Current|Target|Previous|Other`.
    pub role: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ComponentProjection {
    /// The component name: `engine|decoder|router`.
    #[serde(rename = "type")]
    pub type_: String,
    pub strategy: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<usize>,
    pub phase: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rolled_out_revision_hash: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ready_revision_hash: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous_revision_hash: Option<String>,
    pub traffic: Vec<TrafficProjection>,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RolloutIssue {
    pub code: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub component: Option<String>,
}

impl RolloutIssue {
    pub fn service(code: &str) -> RolloutIssue {
        RolloutIssue {
            code: code.to_string(),
            group: None,
            component: None,
        }
    }
    pub fn new(code: &str, group: Option<usize>, component: Option<&str>) -> RolloutIssue {
        RolloutIssue {
            code: code.to_string(),
            group,
            component: component.map(str::to_string),
        }
    }
}

/// The `content` of a `RolloutStatusReport`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RolloutProjection {
    pub summary: RolloutSummary,
    pub groups: Vec<GroupProjection>,
    pub components: Vec<ComponentProjection>,
    pub issues: Vec<RolloutIssue>,
}

impl RolloutProjection {
    pub fn component(&self, name: &str) -> Option<&ComponentProjection> {
        self.components.iter().find(|c| c.type_ == name)
    }

    /// Groups whose member list contains `component`.
    pub fn groups_containing<'a>(
        &'a self,
        component: &'a str,
    ) -> impl Iterator<Item = &'a GroupProjection> + 'a {
        self.groups
            .iter()
            .filter(move |g| g.components.iter().any(|c| c == component))
    }

    /// Any issue → warning `PartialData`.
    pub fn partial_data(&self) -> bool {
        !self.issues.is_empty()
    }
}
