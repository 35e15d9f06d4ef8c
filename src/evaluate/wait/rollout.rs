//! `rollout=stable|failed|rolled-back` (§4.8): matches on the rollout's reported state.
//!
//! The full `rollout status` projection is another command's work; until it is shared, this
//! evaluator derives `reportedState` from the per-component `rolloutPhase`s and the
//! coordination groups with the documented precedence, and refuses to match on anything it
//! cannot classify.

use super::Validity;
use crate::cli::wait::RolloutTarget;
use crate::ome::InferenceService;
use serde::Serialize;

/// Limits of the inspection; exceeding one aborts with `RolloutInspectionLimit`.
pub const MAX_COMPONENTS: usize = 16;
pub const MAX_GROUPS: usize = 64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum RolloutReason {
    RolloutMatched,
    RolloutNotMatched,
    RolloutNotRecorded,
    InvalidRollout,
}

impl RolloutReason {
    pub fn as_str(self) -> &'static str {
        match self {
            RolloutReason::RolloutMatched => "RolloutMatched",
            RolloutReason::RolloutNotMatched => "RolloutNotMatched",
            RolloutReason::RolloutNotRecorded => "RolloutNotRecorded",
            RolloutReason::InvalidRollout => "InvalidRollout",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RolloutSummary {
    pub reported_state: &'static str,
    pub state: &'static str,
    pub epoch: &'static str,
    pub coordination_ready: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RolloutInspection {
    pub state: &'static str,
    pub conditions: u64,
    pub components: u64,
    pub groups: u64,
    pub pinned_groups: u64,
    pub targets: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RolloutIssue {
    pub code: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub component: Option<String>,
}

/// `content.rollout`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RolloutObservation {
    pub summary: RolloutSummary,
    pub validity: Validity,
    pub inspection: RolloutInspection,
    pub issues: Vec<RolloutIssue>,
    pub warnings: Vec<&'static str>,
    #[serde(skip)]
    pub reason: RolloutReason,
}

impl RolloutObservation {
    pub fn none() -> Self {
        RolloutObservation {
            summary: RolloutSummary {
                reported_state: "Unknown",
                state: "Unknown",
                epoch: "Unverifiable",
                coordination_ready: "Unobserved",
            },
            validity: Validity::Unavailable,
            inspection: RolloutInspection {
                state: "NotInspected",
                conditions: 0,
                components: 0,
                groups: 0,
                pinned_groups: 0,
                targets: 0,
            },
            issues: Vec::new(),
            warnings: Vec::new(),
            reason: RolloutReason::RolloutNotRecorded,
        }
    }
}

/// Precedence of reported states, highest first (read-commands.md §5.2).
const PRECEDENCE: [&str; 8] = [
    "Failed",
    "RollingBack",
    "RolledBack",
    "Paused",
    "Unknown",
    "InProgress",
    "Staged",
    "Succeeded",
];

/// The reported state a component or group phase stands for.
fn reported_of(phase: &str) -> &'static str {
    match phase {
        "Stable" => "Succeeded",
        "Failed" => "Failed",
        "RollingBack" => "RollingBack",
        "RolledBack" => "RolledBack",
        "Paused" => "Paused",
        "Staged" => "Staged",
        "Canarying"
        | "BlueGreenStandby"
        | "Pending"
        | "Promoting"
        | "Idle"
        | "Surging"
        | "Waiting"
        | "Shifting"
        | "Updating"
        | "Draining"
        | "ScalingDown"
        | "AwaitingNextComponent" => "InProgress",
        _ => "Unknown",
    }
}

/// Too much status to inspect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InspectionLimit;

pub fn evaluate(
    isvc: &InferenceService,
    target: RolloutTarget,
) -> Result<RolloutObservation, InspectionLimit> {
    let status = &isvc.status;
    let groups = status
        .rollout_coordination
        .as_ref()
        .map(|c| c.groups.as_slice())
        .unwrap_or_default();
    if status.components.len() > MAX_COMPONENTS || groups.len() > MAX_GROUPS {
        return Err(InspectionLimit);
    }
    let mut phases: Vec<(Option<String>, Option<u64>, String)> = Vec::new();
    for (name, component) in &status.components {
        if let Some(phase) = &component.rollout_phase {
            phases.push((Some(name.clone()), None, phase.clone()));
        }
    }
    for (index, group) in groups.iter().enumerate() {
        if let Some(phase) = &group.phase {
            phases.push((None, Some(index as u64), phase.clone()));
        }
    }
    let configured = isvc.spec.rollout.is_some() || !phases.is_empty();
    let mut observation = RolloutObservation::none();
    observation.inspection = RolloutInspection {
        state: "Complete",
        conditions: status.conditions.len() as u64,
        components: status.components.len() as u64,
        groups: groups.len() as u64,
        pinned_groups: 0,
        targets: status
            .components
            .values()
            .map(|c| c.traffic.len() as u64)
            .sum(),
    };
    if !configured {
        observation.summary = RolloutSummary {
            reported_state: "NotConfigured",
            state: "NotConfigured",
            epoch: "NotApplicable",
            coordination_ready: "NotApplicable",
        };
        observation.validity = Validity::Unavailable;
        observation.reason = RolloutReason::RolloutNotRecorded;
        return Ok(observation);
    }
    let mut issues = Vec::new();
    for (component, group, phase) in &phases {
        if reported_of(phase) == "Unknown" {
            issues.push(RolloutIssue {
                code: "StatusMalformed",
                group: *group,
                component: component.clone(),
            });
        }
    }
    let reported = if phases.is_empty() {
        "Unknown"
    } else {
        PRECEDENCE
            .iter()
            .copied()
            .find(|state| phases.iter().any(|(_, _, p)| reported_of(p) == *state))
            .unwrap_or("Unknown")
    };
    // The CLI cannot bind controller status to the current generation.
    issues.push(RolloutIssue {
        code: "EpochUnverifiable",
        group: None,
        component: None,
    });
    observation.summary = RolloutSummary {
        reported_state: reported,
        state: "Unknown",
        epoch: "Unverifiable",
        coordination_ready: if groups.is_empty() {
            "NotApplicable"
        } else {
            "Unobserved"
        },
    };
    let malformed = issues.iter().any(|i| i.code == "StatusMalformed");
    observation.issues = issues;
    observation.warnings = vec!["PartialData"];
    let wanted = match target {
        RolloutTarget::Stable => "Succeeded",
        RolloutTarget::Failed => "Failed",
        RolloutTarget::RolledBack => "RolledBack",
    };
    (observation.validity, observation.reason) = if malformed || reported == "Unknown" {
        (Validity::Invalid, RolloutReason::InvalidRollout)
    } else if reported == wanted {
        (Validity::Valid, RolloutReason::RolloutMatched)
    } else {
        (Validity::Valid, RolloutReason::RolloutNotMatched)
    };
    Ok(observation)
}
