//! The rollout projection's shape (read-commands.md §5.2, §5.5). Field order is the documented
//! JSON key order; optional keys are omitted when absent.

use crate::ome::closed_set;
use serde::Serialize;

closed_set! {
    /// The phase vocabulary of component PHASE and GROUP-PHASE; anything else is `Unknown`.
    pub(crate) enum Phase {
        Unknown => "Unknown",
        Stable => "Stable",
        Canarying => "Canarying",
        BlueGreenStandby => "BlueGreenStandby",
        Pending => "Pending",
        Paused => "Paused",
        Promoting => "Promoting",
        RollingBack => "RollingBack",
        RolledBack => "RolledBack",
        Failed => "Failed",
        Idle => "Idle",
        Surging => "Surging",
        Waiting => "Waiting",
        Shifting => "Shifting",
        Updating => "Updating",
        Draining => "Draining",
        ScalingDown => "ScalingDown",
        Staged => "Staged",
        AwaitingNextComponent => "AwaitingNextComponent",
    }
}

impl Phase {
    /// A reported phase; anything outside the vocabulary is `Unknown`.
    pub(crate) fn of(raw: &str) -> Phase {
        Phase::parse(raw).unwrap_or(Phase::Unknown)
    }
}

closed_set! {
    /// The REPORTED state, declared in precedence order (the highest first); `NotConfigured`
    /// only when there is no rollout at all.
    pub(crate) enum ReportedState {
        Failed => "Failed",
        RollingBack => "RollingBack",
        RolledBack => "RolledBack",
        Paused => "Paused",
        Unknown => "Unknown",
        InProgress => "InProgress",
        Staged => "Staged",
        Succeeded => "Succeeded",
        NotConfigured => "NotConfigured",
    }
}

impl ReportedState {
    /// What a phase reports.
    pub(crate) fn of(phase: Phase) -> ReportedState {
        match phase {
            // A resting coordination group has rolled out (evidence-strictness.md §1.5).
            Phase::Stable | Phase::Idle => ReportedState::Succeeded,
            Phase::Failed => ReportedState::Failed,
            Phase::RollingBack => ReportedState::RollingBack,
            Phase::RolledBack => ReportedState::RolledBack,
            Phase::Paused => ReportedState::Paused,
            Phase::Staged => ReportedState::Staged,
            Phase::Unknown => ReportedState::Unknown,
            _ => ReportedState::InProgress,
        }
    }
}

closed_set! {
    /// STATE: whether the rollout's answer is bound to the current generation.
    pub(crate) enum State {
        NotConfigured => "NotConfigured",
        Unknown => "Unknown",
    }
}

closed_set! {
    /// EVIDENCE of the summary.
    pub(crate) enum Evidence {
        Declared => "Declared",
        Reported => "Reported",
    }
}

closed_set! {
    /// EPOCH of the summary.
    pub(crate) enum Epoch {
        NotApplicable => "NotApplicable",
        Unverifiable => "Unverifiable",
    }
}

closed_set! {
    /// COORDINATION: the `RolloutCoordinationReady` condition, for coordinated groups.
    pub(crate) enum CoordinationReady {
        NotApplicable => "NotApplicable",
        Unobserved => "Unobserved",
        Invalid => "Invalid",
        True => "True",
        False => "False",
        Unknown => "Unknown",
    }
}

closed_set! {
    /// How a group (or an ungrouped component) rolls out.
    pub(crate) enum Strategy {
        Canary => "Canary",
        RollingUpdate => "RollingUpdate",
        BlueGreen => "BlueGreen",
        Sequential => "Sequential",
        Unknown => "Unknown",
        Independent => "Independent",
    }
}

closed_set! {
    /// What ends a canary step.
    pub(crate) enum Gate {
        Analysis => "Analysis",
        Immediate => "Immediate",
        Manual => "Manual",
        Timed => "Timed",
        Unknown => "Unknown",
    }
}

closed_set! {
    /// The verdict of a canary step's analysis.
    pub(crate) enum Analysis {
        Failing => "Failing",
        Passing => "Passing",
        Inconclusive => "Inconclusive",
        Unobserved => "Unobserved",
    }
}

closed_set! {
    /// What a traffic target's revision is to the component.
    pub(crate) enum TrafficRole {
        Current => "Current",
        Target => "Target",
        Previous => "Previous",
        Other => "Other",
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RolloutSummary {
    pub(crate) state: State,
    pub(crate) reported_state: ReportedState,
    pub(crate) evidence: Evidence,
    pub(crate) epoch: Epoch,
    pub(crate) coordination_ready: CoordinationReady,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct StepProjection {
    /// 0-based.
    pub(crate) index: usize,
    pub(crate) total: usize,
    pub(crate) capacity: String,
    pub(crate) target_traffic: i64,
    pub(crate) observed_traffic: i64,
    pub(crate) gate: Gate,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) analysis: Option<Analysis>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) entered_at: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct GroupProjection {
    pub(crate) index: usize,
    pub(crate) strategy: Strategy,
    pub(crate) phase: Phase,
    pub(crate) components: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) current_component: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) previous_component: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) observed_surge: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) stable_revision_hash: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) target_revision_hash: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) rejected_revision_hash: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) step: Option<StepProjection>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) transitioned_at: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct TrafficProjection {
    pub(crate) revision_hash: String,
    pub(crate) percent: i64,
    pub(crate) role: TrafficRole,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ComponentProjection {
    /// The component name: `engine|decoder|router`.
    #[serde(rename = "type")]
    pub(crate) type_: String,
    pub(crate) strategy: Strategy,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) group: Option<usize>,
    pub(crate) phase: Phase,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) rolled_out_revision_hash: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) ready_revision_hash: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) previous_revision_hash: Option<String>,
    pub(crate) traffic: Vec<TrafficProjection>,
}

closed_set! {
    /// A rollout issue code (evidence-strictness.md §1.0).
    pub(crate) enum IssueCode {
        SpecMalformed => "SpecMalformed",
        StatusMalformed => "StatusMalformed",
        GroupStatusUnexpected => "GroupStatusUnexpected",
        CanaryStatusUnexpected => "CanaryStatusUnexpected",
        CanaryStepInvalid => "CanaryStepInvalid",
        RevisionNameInvalid => "RevisionNameInvalid",
        TrafficInvalid => "TrafficInvalid",
        GroupStatusMissing => "GroupStatusMissing",
        ComponentStatusMissing => "ComponentStatusMissing",
        CanaryStatusMissing => "CanaryStatusMissing",
        EpochUnverifiable => "EpochUnverifiable",
        AnalysisInconclusive => "AnalysisInconclusive",
    }
}

impl IssueCode {
    /// A code that forces `reportedState: Unknown` (§1.0).
    pub(crate) fn is_malformed(self) -> bool {
        matches!(
            self,
            IssueCode::SpecMalformed
                | IssueCode::StatusMalformed
                | IssueCode::GroupStatusUnexpected
                | IssueCode::CanaryStatusUnexpected
                | IssueCode::CanaryStepInvalid
                | IssueCode::RevisionNameInvalid
                | IssueCode::TrafficInvalid
        )
    }

    /// A code of missing evidence.
    pub(crate) fn is_gap(self) -> bool {
        matches!(
            self,
            IssueCode::GroupStatusMissing
                | IssueCode::ComponentStatusMissing
                | IssueCode::CanaryStatusMissing
        )
    }

    /// A code that never blocks a consumer.
    pub(crate) fn is_tolerated(self) -> bool {
        matches!(
            self,
            IssueCode::EpochUnverifiable | IssueCode::AnalysisInconclusive
        )
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RolloutIssue {
    pub(crate) code: IssueCode,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) group: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) component: Option<String>,
}

impl RolloutIssue {
    /// An issue scoped to a group and/or a component.
    pub(crate) fn new(
        code: IssueCode,
        group: Option<usize>,
        component: Option<&str>,
    ) -> RolloutIssue {
        RolloutIssue {
            code,
            group,
            component: component.map(str::to_string),
        }
    }

    /// The sort key: by the code as shown, so the listed order is alphabetical.
    fn key(&self) -> (&'static str, Option<usize>, Option<&str>) {
        (self.code.as_str(), self.group, self.component.as_deref())
    }
}

impl Ord for RolloutIssue {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for RolloutIssue {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// The `content` of a `RolloutStatusReport`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RolloutProjection {
    pub(crate) summary: RolloutSummary,
    pub(crate) groups: Vec<GroupProjection>,
    pub(crate) components: Vec<ComponentProjection>,
    pub(crate) issues: Vec<RolloutIssue>,
}

impl RolloutProjection {
    pub(crate) fn component(&self, name: &str) -> Option<&ComponentProjection> {
        self.components.iter().find(|c| c.type_ == name)
    }

    /// Groups whose member list contains `component`.
    pub(crate) fn groups_containing<'a>(
        &'a self,
        component: &'a str,
    ) -> impl Iterator<Item = &'a GroupProjection> + 'a {
        self.groups
            .iter()
            .filter(move |g| g.components.iter().any(|c| c == component))
    }

    /// Any issue → warning `PartialData`.
    pub(crate) fn partial_data(&self) -> bool {
        !self.issues.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issues list alphabetically by the code as shown, whatever order the set declares.
    #[test]
    fn issues_sort_by_the_code_text() {
        let mut issues = [
            RolloutIssue::new(IssueCode::SpecMalformed, None, None),
            RolloutIssue::new(IssueCode::AnalysisInconclusive, Some(1), None),
            RolloutIssue::new(IssueCode::CanaryStatusMissing, Some(0), Some("engine")),
        ];
        issues.sort();
        let codes: Vec<&str> = issues.iter().map(|i| i.code.as_str()).collect();
        assert_eq!(
            codes,
            [
                "AnalysisInconclusive",
                "CanaryStatusMissing",
                "SpecMalformed"
            ]
        );
    }
}
