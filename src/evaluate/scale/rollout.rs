//! Rollout stability of the selected component (scale.md §2.6 step 8), from the shared rollout
//! projection (the one behind `rollout status`): an active rollout run refuses first
//! (difference d); projection issues about this component or the service are stale evidence;
//! the component must be Stable or Unknown, and every group holding it Stable.

use super::checks::refuse;
use super::prepare::rollout_work;
use crate::errors::scale_check::{CheckId, CheckValue, Evidence};
use crate::errors::{Refusal, ScaleError};
use crate::evaluate::rollout::project;
use crate::ome::Component;
use crate::ome::{InferenceReplica, InferenceService};

/// Issue codes that never block a scale.
const TOLERATED: [&str; 2] = ["EpochUnverifiable", "AnalysisInconclusive"];

pub(crate) fn check_rollout(
    isvc: &InferenceService,
    ir: &InferenceReplica,
    component: Component,
) -> Result<(), Refusal> {
    let service = crate::ome::meta_name(&isvc.metadata);
    let ir_name = crate::ome::meta_name(&ir.metadata);
    let active_run = isvc
        .status
        .rollout
        .as_ref()
        .and_then(|r| r.active_run.as_ref())
        .is_some_and(|run| !run.is_null());
    if active_run {
        return Err(rollout_work(service, ir_name, "RolloutActiveRun", None));
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
        return Err(refuse(
            ScaleError::Stale,
            CheckId::ControllerFreshness,
            Evidence::new()
                .name("ir", ir_name)
                .cause_with("RolloutIssue", CheckValue::Name(issue.code.clone())),
        ));
    }
    let phase = projection
        .component(name)
        .map_or("Unknown", |c| c.phase.as_str());
    if !matches!(phase, "Stable" | "Unknown") {
        let value = CheckValue::Name(phase.to_string());
        return Err(rollout_work(service, ir_name, "RolloutPhase", Some(value)));
    }
    if let Some(group) = projection
        .groups_containing(name)
        .find(|g| g.phase.as_str() != "Stable")
    {
        let value = CheckValue::Name(group.phase.as_str().to_string());
        return Err(rollout_work(
            service,
            ir_name,
            "RolloutGroupPhase",
            Some(value),
        ));
    }
    Ok(())
}
