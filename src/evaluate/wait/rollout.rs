//! `rollout=stable|failed|rolled-back` (§4.8): matches on the rollout's reported state.
//!
//! The state comes from the `rollout status` projection (the REPORTED row, §5.2).

use super::Validity;
use crate::evaluate::rollout::{CoordinationReady, Epoch, ReportedState, RolloutIssue, State};
use crate::ome::InferenceService;
use crate::ome::request::RolloutTarget;
use serde::Serialize;

/// Limits of the inspection; exceeding one aborts with `RolloutInspectionLimit`.
pub(crate) const MAX_COMPONENTS: usize = 16;
pub(crate) const MAX_GROUPS: usize = 64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) enum RolloutReason {
    RolloutMatched,
    RolloutNotMatched,
    RolloutNotRecorded,
    InvalidRollout,
}

impl RolloutReason {
    pub(crate) fn as_str(self) -> &'static str {
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
pub(crate) struct RolloutSummary {
    pub(crate) reported_state: ReportedState,
    pub(crate) state: State,
    pub(crate) epoch: Epoch,
    pub(crate) coordination_ready: CoordinationReady,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RolloutInspection {
    pub(crate) state: &'static str,
    pub(crate) conditions: u64,
    pub(crate) components: u64,
    pub(crate) groups: u64,
    pub(crate) pinned_groups: u64,
    pub(crate) targets: u64,
}

/// `content.rollout`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RolloutObservation {
    pub(crate) summary: RolloutSummary,
    pub(crate) validity: Validity,
    pub(crate) inspection: RolloutInspection,
    pub(crate) issues: Vec<RolloutIssue>,
    pub(crate) warnings: Vec<&'static str>,
    #[serde(skip)]
    pub(crate) reason: RolloutReason,
}

impl RolloutObservation {
    pub(crate) fn none() -> Self {
        RolloutObservation {
            summary: RolloutSummary {
                reported_state: ReportedState::Unknown,
                state: State::Unknown,
                epoch: Epoch::Unverifiable,
                coordination_ready: CoordinationReady::Unobserved,
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

/// Too much status to inspect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct InspectionLimit;

/// Issues that do not make the evidence invalid (§4.8).
const BENIGN_ISSUES: [&str; 2] = ["EpochUnverifiable", "AnalysisInconclusive"];

pub(crate) fn evaluate(
    isvc: &InferenceService,
    target: RolloutTarget,
) -> Result<RolloutObservation, InspectionLimit> {
    let status = &isvc.status;
    let live_groups = status
        .rollout_coordination
        .as_ref()
        .map_or(0, |c| c.groups.len());
    if status.components.len() > MAX_COMPONENTS || live_groups > MAX_GROUPS {
        return Err(InspectionLimit);
    }
    let projection = crate::evaluate::rollout::project(isvc);
    let summary = &projection.summary;
    let reported = summary.reported_state;
    let invalid = reported == ReportedState::Unknown
        || projection
            .issues
            .iter()
            .any(|i| !BENIGN_ISSUES.contains(&i.code.as_str()));
    let wanted = match target {
        RolloutTarget::Stable => ReportedState::Succeeded,
        RolloutTarget::Failed => ReportedState::Failed,
        RolloutTarget::RolledBack => ReportedState::RolledBack,
    };
    let (validity, reason) = if reported == ReportedState::NotConfigured {
        (Validity::Unavailable, RolloutReason::RolloutNotRecorded)
    } else if invalid {
        (Validity::Invalid, RolloutReason::InvalidRollout)
    } else if reported == wanted {
        (Validity::Valid, RolloutReason::RolloutMatched)
    } else {
        (Validity::Valid, RolloutReason::RolloutNotMatched)
    };
    let warnings = if projection.partial_data() {
        vec!["PartialData"]
    } else {
        Vec::new()
    };
    Ok(RolloutObservation {
        summary: RolloutSummary {
            reported_state: summary.reported_state,
            state: summary.state,
            epoch: summary.epoch,
            coordination_ready: summary.coordination_ready,
        },
        validity,
        inspection: RolloutInspection {
            state: "Complete",
            conditions: status.conditions.len() as u64,
            components: status.components.len() as u64,
            groups: live_groups as u64,
            pinned_groups: projection.groups.len() as u64,
            targets: status
                .components
                .values()
                .map(|c| c.traffic.len() as u64)
                .sum(),
        },
        issues: projection.issues.clone(),
        warnings,
        reason,
    })
}
