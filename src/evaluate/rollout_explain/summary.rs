//! The summary (rollout-explain.md §2.3): which plan is effective, and the controller's
//! `RolloutPlanReady` / `RolloutPlanDrift` conditions, read strictly. Messages are never read.

use super::issues::Issues;
use super::model::{
    ConditionState, EffectivePlan, Evidence, ExplainSummary, IssueCode, PlanCondition, PlanMode,
    PlanReason,
};
use crate::evaluate::read::{self, Read};
use serde_json::Value;

/// The summary of the stored service `isvc`; `active_run` says whether a run is open.
pub(crate) fn summary(isvc: &Value, active_run: bool, issues: &mut Issues) -> ExplainSummary {
    let status = read::field(isvc, "status").unwrap_or(&Value::Null);
    let conditions = read::array(status, "conditions");
    let mut ready = condition(conditions, "RolloutPlanReady", ready_status);
    let mut drift = condition(conditions, "RolloutPlanDrift", drift_status);
    let (ready_ok, drift_ok) = if active_run {
        (ready.reason == Some(PlanReason::Pinned), true)
    } else {
        let in_sync =
            drift.state == ConditionState::False && drift.reason == Some(PlanReason::InSync);
        (ready.reason != Some(PlanReason::Pinned), in_sync)
    };
    for (condition, ok) in [(&mut ready, ready_ok), (&mut drift, drift_ok)] {
        if !ok
            && !matches!(
                condition.state,
                ConditionState::Invalid | ConditionState::Unobserved
            )
        {
            condition.state = ConditionState::Invalid;
            condition.reason = Some(PlanReason::Unknown);
        }
    }
    for condition in [&ready, &drift] {
        if condition.state == ConditionState::Invalid {
            issues.raise(IssueCode::PlanConditionMalformed, None, None);
        }
    }
    let effective_plan = if active_run {
        EffectivePlan {
            mode: PlanMode::Pinned,
            evidence: Evidence::Reported,
        }
    } else {
        EffectivePlan {
            mode: PlanMode::Live,
            evidence: Evidence::Declared,
        }
    };
    ExplainSummary {
        effective_plan,
        plan_ready: ready,
        plan_drift: drift,
    }
}

/// The status a `RolloutPlanReady` reason needs.
fn ready_status(reason: PlanReason) -> Option<&'static str> {
    match reason {
        PlanReason::Pinned | PlanReason::NoActiveRun => Some("True"),
        PlanReason::PolicyNotFound
        | PlanReason::PolicyNotReady
        | PlanReason::ProgressionMismatch
        | PlanReason::PlanInvalid
        | PlanReason::ProviderUnbound => Some("False"),
        _ => None,
    }
}

/// The status a `RolloutPlanDrift` reason needs.
fn drift_status(reason: PlanReason) -> Option<&'static str> {
    match reason {
        PlanReason::InSync => Some("False"),
        PlanReason::SpecNewerThanRun | PlanReason::PolicyNewerThanRun => Some("True"),
        _ => None,
    }
}

/// One record of `kind` whose reason needs its status; none is `Unobserved`; anything else
/// (two records, another status or reason, a list that is not a list) is `Invalid`.
fn condition(
    conditions: Read<&[Value]>,
    kind: &str,
    needs: fn(PlanReason) -> Option<&'static str>,
) -> PlanCondition {
    let invalid = PlanCondition {
        state: ConditionState::Invalid,
        reason: Some(PlanReason::Unknown),
        evidence: Evidence::Reported,
    };
    let list = match conditions {
        Read::Unset => &[][..],
        Read::Ok(list) => list,
        Read::Bad => return invalid,
    };
    let records: Vec<&Value> = list
        .iter()
        .filter(|c| read::text(c, "type").ok() == Some(kind))
        .collect();
    let [record] = records.as_slice() else {
        if records.is_empty() {
            return PlanCondition {
                state: ConditionState::Unobserved,
                reason: None,
                evidence: Evidence::Unavailable,
            };
        }
        return invalid;
    };
    let status = read::text(record, "status").ok();
    let reason = read::text(record, "reason")
        .ok()
        .and_then(PlanReason::parse);
    let state = match status {
        Some("True") => ConditionState::True,
        Some("False") => ConditionState::False,
        _ => return invalid,
    };
    match reason {
        Some(r) if r != PlanReason::Unknown && needs(r) == status => PlanCondition {
            state,
            reason: Some(r),
            evidence: Evidence::Reported,
        },
        _ => invalid,
    }
}
