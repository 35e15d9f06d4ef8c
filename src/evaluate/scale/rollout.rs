//! Rollout stability of the selected component (scale.md §2.6 step 8, evidence-strictness.md
//! §1.0), from the shared rollout projection (the one behind `rollout status`): an active rollout
//! run refuses first (difference d); every component lifecycle must pass OME's validation
//! (§6a); a malformed or missing-evidence issue about this component or the whole service is
//! stale evidence; the component must be Stable or Unknown, and every group holding it Stable.

use crate::errors::ScaleError;
use crate::evaluate::lifecycle;
use crate::evaluate::rollout::model::Phase;
use crate::evaluate::rollout::project::{self, TOLERATED};
use crate::ome::{Component, InferenceReplica};
use serde_json::Value;

pub(crate) fn check_rollout(
    isvc: &Value,
    ir: &InferenceReplica,
    component: Component,
) -> Result<(), ScaleError> {
    let active_run = isvc
        .pointer("/status/rollout/activeRun")
        .is_some_and(|run| !run.is_null());
    if active_run {
        return Err(ScaleError::ScaleWork);
    }
    // §6a before the projection, whichever component carries the lifecycle.
    for c in Component::ALL {
        let lifecycle = isvc
            .pointer(&format!("/spec/{}/lifecycle", c.as_str()))
            .filter(|l| !l.is_null());
        if lifecycle::validate(lifecycle).is_err() {
            return Err(ScaleError::Stale);
        }
    }
    let projection = project::project(isvc);
    let name = component.as_str();
    let update = ir.status.update_revision.as_deref().unwrap_or_default();
    let current = ir.status.current_revision.as_deref().unwrap_or_default();
    let ir_settled = !update.is_empty() && update == current;
    for issue in &projection.issues {
        // An issue without a component blocks every component, group-scoped ones included.
        let other_component = issue.component.as_deref().is_some_and(|c| c != name);
        let tolerated_missing = issue.code == "ComponentStatusMissing"
            && issue.component.as_deref() == Some(name)
            && issue.group.is_none()
            && ir_settled;
        if other_component || tolerated_missing || TOLERATED.contains(&issue.code.as_str()) {
            continue;
        }
        return Err(ScaleError::Stale);
    }
    let phase = projection
        .component(name)
        .map_or(Phase::Unknown, |c| c.phase);
    if !matches!(phase, Phase::Stable | Phase::Unknown) {
        return Err(ScaleError::ScaleWork);
    }
    if projection
        .groups_containing(name)
        .any(|g| g.phase != Phase::Stable)
    {
        return Err(ScaleError::ScaleWork);
    }
    Ok(())
}
