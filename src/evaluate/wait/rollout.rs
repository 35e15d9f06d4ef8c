//! `rollout=stable|failed|rolled-back` (§4.8): matches on the rollout's reported state.
//!
//! The state comes from the `rollout status` projection (the REPORTED row, §5.2).

use super::Validity;
use super::rollout_inspection::inspect;
use crate::evaluate::condition::InspectionWarning;
use crate::evaluate::rollout::project::project;
use crate::evaluate::rollout::{CoordinationReady, Epoch, ReportedState, RolloutIssue, State};
use crate::ome::closed_set;
use crate::ome::request::RolloutTarget;
use serde::Serialize;
use serde_json::Value;

closed_set! {
    pub(crate) enum RolloutReason {
        RolloutMatched => "RolloutMatched",
        RolloutNotMatched => "RolloutNotMatched",
        RolloutNotRecorded => "RolloutNotRecorded",
        InvalidRollout => "InvalidRollout",
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
    pub(crate) warnings: Vec<InspectionWarning>,
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

pub(crate) use super::rollout_inspection::InspectionLimit;

/// Matches only valid evidence whose reported state is the target (evidence-strictness.md §1.0,
/// §1.8): malformed evidence is `Invalid` (`InvalidRolloutRecord`), missing evidence
/// `Unavailable` (`MissingRolloutEvidence`), and the inspection's invalid records are `Invalid`
/// with their own warning. Tolerated issues have no effect.
pub(crate) fn evaluate(
    isvc: &Value,
    target: RolloutTarget,
    now: jiff::Timestamp,
) -> Result<RolloutObservation, InspectionLimit> {
    let findings = inspect(isvc, now)?;
    let projection = project(isvc);
    let summary = &projection.summary;
    let malformed = projection.issues.iter().any(|i| i.code.is_malformed());
    let gap = projection.issues.iter().any(|i| i.code.is_gap());
    let mut warnings = findings.invalid.clone();
    if malformed {
        warnings.push(InspectionWarning::InvalidRolloutRecord);
    }
    if gap {
        warnings.push(InspectionWarning::MissingRolloutEvidence);
    }
    warnings.extend(findings.advisory.iter().copied());
    warnings.sort_unstable();
    warnings.dedup();
    let wanted = match target {
        RolloutTarget::Stable => ReportedState::Succeeded,
        RolloutTarget::Failed => ReportedState::Failed,
        RolloutTarget::RolledBack => ReportedState::RolledBack,
    };
    let reported = summary.reported_state;
    let (validity, reason) = if malformed || !findings.invalid.is_empty() {
        (Validity::Invalid, RolloutReason::InvalidRollout)
    } else if gap || reported == ReportedState::NotConfigured {
        (Validity::Unavailable, RolloutReason::RolloutNotRecorded)
    } else if reported == wanted {
        (Validity::Valid, RolloutReason::RolloutMatched)
    } else {
        (Validity::Valid, RolloutReason::RolloutNotMatched)
    };
    let count = |pointer: &str| {
        isvc.pointer(pointer).map_or(0, |v| {
            v.as_array().map_or(0, Vec::len) + v.as_object().map_or(0, |m| m.len())
        }) as u64
    };
    let components = isvc
        .pointer("/status/components")
        .and_then(Value::as_object);
    Ok(RolloutObservation {
        summary: RolloutSummary {
            reported_state: summary.reported_state,
            state: summary.state,
            epoch: summary.epoch,
            coordination_ready: summary.coordination_ready,
        },
        validity,
        inspection: RolloutInspection {
            state: if warnings.is_empty() {
                "Complete"
            } else {
                "Partial"
            },
            conditions: count("/status/conditions"),
            components: count("/status/components"),
            groups: count("/spec/rollout/groups"),
            pinned_groups: count("/status/rollout/activeRun/plan/groups"),
            targets: components.map_or(0, |m| {
                m.values()
                    .filter_map(|c| c.get("traffic").and_then(Value::as_array))
                    .map(|t| t.len() as u64)
                    .sum()
            }),
        },
        issues: projection.issues.clone(),
        warnings,
        reason,
    })
}
