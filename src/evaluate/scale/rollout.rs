//! Rollout stability of the selected component (scale.md §2.6 step 8, evidence-strictness.md
//! §1.0), from the shared rollout projection (the one behind `rollout status`): every component
//! lifecycle must pass OME's validation
//! (§6a); a malformed or missing-evidence issue about this component or the whole service is
//! stale evidence; the component must be Stable or Unknown, and every group holding it Stable;
//! during an active rollout run the pinned work must check out (conformance.md §2.3).
//! Each refusal names its check (diagnose.md §5.1).

use super::checks::refuse;
use super::prepare::rollout_work;
use crate::errors::scale_check::{CheckId, CheckValue, Evidence};
use crate::errors::{Refusal, ScaleError};
use crate::evaluate::lifecycle;
use crate::evaluate::rollout::model::Phase;
use crate::evaluate::rollout::project;
use crate::evaluate::rollout::{IssueCode, RolloutProjection};
use crate::ome::{Component, InferenceReplica};
use serde_json::Value;

/// `irs`: the selected IR first, then the pinned siblings proven during an active run.
pub(crate) fn check_rollout(
    isvc: &Value,
    irs: &[(Component, &InferenceReplica)],
    now: jiff::Timestamp,
) -> Result<(), Refusal> {
    let Some(&(component, ir)) = irs.first() else {
        return Ok(());
    };
    let service = isvc
        .pointer("/metadata/name")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let ir_name = crate::ome::meta_name(&ir.metadata);
    let active_run = isvc
        .pointer("/status/rollout/activeRun")
        .is_some_and(|run| !run.is_null());
    // §6a before the projection, whichever component carries the lifecycle.
    check_lifecycles(isvc, ir_name)?;
    let projection = project::project(isvc);
    let name = component.as_str();
    check_issues(&projection, name, ir, active_run)?;
    check_phases(&projection, name, service, ir_name)?;
    if active_run {
        super::pinned::check_pinned_work(isvc, irs, now)?;
    }
    Ok(())
}

/// Every component's lifecycle passes OME's validation (§6a).
fn check_lifecycles(isvc: &Value, ir_name: &str) -> Result<(), Refusal> {
    for c in Component::ALL {
        let lifecycle = isvc
            .pointer(&format!("/spec/{}/lifecycle", c.as_str()))
            .filter(|l| !l.is_null());
        if let Err(field) = lifecycle::validate(lifecycle) {
            return Err(refuse(
                ScaleError::Stale,
                CheckId::ControllerFreshness,
                Evidence::new()
                    .name("ir", ir_name)
                    .word("cause", "LifecycleInvalid")
                    .word("component", c.as_str())
                    .word("field", field.path()),
            ));
        }
    }
    Ok(())
}

/// No projection issue about component `name` or the whole service, other than tolerated ones.
fn check_issues(
    projection: &RolloutProjection,
    name: &str,
    ir: &InferenceReplica,
    active_run: bool,
) -> Result<(), Refusal> {
    let ir_name = crate::ome::meta_name(&ir.metadata);
    let update = ir.status.update_revision.as_deref().unwrap_or_default();
    let current = ir.status.current_revision.as_deref().unwrap_or_default();
    let ir_settled = !update.is_empty() && update == current;
    for issue in &projection.issues {
        // An issue without a component blocks every component, group-scoped ones included.
        let other_component = issue.component.as_deref().is_some_and(|c| c != name);
        // The missing-status tolerance does not apply during a run (conformance.md §2.3).
        let tolerated_missing = !active_run
            && issue.code == IssueCode::ComponentStatusMissing
            && issue.component.as_deref() == Some(name)
            && issue.group.is_none()
            && ir_settled;
        if other_component || tolerated_missing || issue.code.is_tolerated() {
            continue;
        }
        return Err(refuse(
            ScaleError::Stale,
            CheckId::ControllerFreshness,
            Evidence::new()
                .name("ir", ir_name)
                .cause_with("RolloutIssue", CheckValue::Name(issue.code.to_string())),
        ));
    }
    Ok(())
}

/// Component `name` is Stable or Unknown, and every group holding it Stable.
fn check_phases(
    projection: &RolloutProjection,
    name: &str,
    service: &str,
    ir_name: &str,
) -> Result<(), Refusal> {
    let phase = projection
        .component(name)
        .map_or(Phase::Unknown, |c| c.phase);
    if !matches!(phase, Phase::Stable | Phase::Unknown) {
        let value = CheckValue::Name(phase.as_str().to_string());
        return Err(rollout_work(service, ir_name, "RolloutPhase", Some(value)));
    }
    if let Some(group) = projection
        .groups_containing(name)
        .find(|g| g.phase != Phase::Stable)
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
