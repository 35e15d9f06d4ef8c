//! What holds the rollout (rollout-explain.md §2.6): a service-wide pause, a plan the
//! controller parked, a canary held before its first step after a repin, an observed group
//! paused at a gate. No gate hold is ever made up from a current step.

use super::model::{ConditionState, Evidence, Hold, HoldKind, PlanCondition};
use super::views::MAX_GROUPS;
use crate::evaluate::read;
use crate::evaluate::rollout::RolloutProjection;
use crate::evaluate::rollout::model::Phase;
use crate::evaluate::rollout::project::{self, canary, spec};
use crate::ome::Component;
use crate::ome::keys::ANNOTATION_ROLLOUT_PAUSED;
use serde_json::Value;

/// The holds of `isvc`, given its plan readiness and its (capped) observed projection, in the
/// canonical order.
pub(crate) fn holds(
    isvc: &Value,
    active_run: bool,
    plan_ready: &PlanCondition,
    observed: &RolloutProjection,
) -> Vec<Hold> {
    let mut out = Vec::new();
    let paused = read::path(
        isvc,
        &["metadata", "annotations", ANNOTATION_ROLLOUT_PAUSED],
    )
    .and_then(Value::as_str);
    if matches!(paused, Some("true" | "freeze")) {
        out.push(hold(HoldKind::GlobalPause, Evidence::Declared, None));
    }
    if plan_ready.state == ConditionState::False {
        out.push(hold(HoldKind::PlanParked, Evidence::Reported, None));
    }
    for group in pre_step_holds(isvc, active_run) {
        out.push(hold(
            HoldKind::CanaryPreStep,
            Evidence::Reported,
            Some(group),
        ));
    }
    for group in observed.groups.iter().filter(|g| g.phase == Phase::Paused) {
        out.push(hold(
            HoldKind::ObservedPaused,
            Evidence::Reported,
            Some(group.index),
        ));
    }
    out.sort_by(|a, b| a.key().cmp(&b.key()));
    out.dedup();
    out
}

fn hold(kind: HoldKind, evidence: Evidence, group: Option<usize>) -> Hold {
    Hold {
        kind,
        evidence,
        group,
        step: None,
        component: None,
    }
}

/// The effective canary groups (of the first three) whose canary status holds before the first
/// step: the primary's `canary` block, else `status.canary` when no component carries one and
/// exactly one effective group is a canary group.
fn pre_step_holds(isvc: &Value, active_run: bool) -> Vec<usize> {
    let groups: Vec<&Value> = if active_run {
        read::path(isvc, &["status", "rollout", "activeRun", "plan", "groups"])
            .and_then(Value::as_array)
            .map(|entries| {
                entries
                    .iter()
                    .map(|e| read::field(e, "group").unwrap_or(&Value::Null))
                    .collect()
            })
            .unwrap_or_default()
    } else {
        read::path(isvc, &["spec", "rollout", "groups"])
            .and_then(Value::as_array)
            .map(|groups| groups.iter().collect())
            .unwrap_or_default()
    };
    let status = read::field(isvc, "status").unwrap_or(&Value::Null);
    let components = read::field(status, "components").unwrap_or(&Value::Null);
    let is_canary = |g: &Value| read::field(g, "canary").is_some();
    let alias_allowed = groups.iter().filter(|g| is_canary(g)).count() == 1
        && Component::ALL
            .iter()
            .all(|c| read::path(components, &[c.as_str(), "canary"]).is_none());
    groups
        .iter()
        .enumerate()
        .take(MAX_GROUPS)
        .filter(|(_, g)| is_canary(g))
        .filter_map(|(i, g)| {
            let primary = primary(g)?;
            let located = read::path(components, &[primary.as_str(), "canary"]).or_else(|| {
                alias_allowed
                    .then(|| read::field(status, "canary"))
                    .flatten()
            })?;
            (read::boolean(located, "preStepHold").ok() == Some(true)).then_some(i)
        })
        .collect()
}

/// The group's primary, as the rollout projection picks it (K1).
fn primary(group: &Value) -> Option<Component> {
    let mut found = project::Issues::default();
    canary::primary(&spec::read_group(
        None,
        group,
        0,
        &mut [None; 3],
        &mut found,
    ))
}
