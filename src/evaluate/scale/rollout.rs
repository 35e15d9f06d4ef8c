//! Rollout stability of the selected component (scale.md §2.6 step 8), from the shared rollout
//! projection (the one behind `rollout status`): an active rollout run refuses first
//! (difference d); projection issues about this component or the service are stale evidence;
//! the component must be Stable or Unknown, and every group holding it Stable.

use crate::errors::ScaleError;
use crate::evaluate::rollout::project;
use crate::ome::Component;
use crate::ome::{InferenceReplica, InferenceService};

/// Issue codes that never block a scale.
const TOLERATED: [&str; 2] = ["EpochUnverifiable", "AnalysisInconclusive"];

pub(crate) fn check_rollout(
    isvc: &InferenceService,
    ir: &InferenceReplica,
    component: Component,
) -> Result<(), ScaleError> {
    let active_run = isvc
        .status
        .rollout
        .as_ref()
        .and_then(|r| r.active_run.as_ref())
        .is_some_and(|run| !run.is_null());
    if active_run {
        return Err(ScaleError::ScaleWork);
    }
    let projection = project(isvc);
    let name = component.as_str();
    let update = ir.status.update_revision.as_deref().unwrap_or_default();
    let current = ir.status.current_revision.as_deref().unwrap_or_default();
    let ir_settled = !update.is_empty() && update == current;
    for issue in &projection.issues {
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
        .map_or("Unknown", |c| c.phase.as_str());
    if !matches!(phase, "Stable" | "Unknown") {
        return Err(ScaleError::ScaleWork);
    }
    if projection
        .groups_containing(name)
        .any(|g| g.phase != "Stable")
    {
        return Err(ScaleError::ScaleWork);
    }
    Ok(())
}
