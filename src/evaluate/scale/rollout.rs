//! Rollout stability of the selected component (scale.md §2.6 step 8), implemented narrowly
//! until the shared rollout projection exists: an active rollout run refuses (difference d),
//! the component's reported `rolloutPhase` must be absent or `Stable`, and every coordination
//! group holding the component must be idle.

use crate::cli::Component;
use crate::errors::ScaleError;
use crate::ome::InferenceService;

pub fn check_rollout(isvc: &InferenceService, component: Component) -> Result<(), ScaleError> {
    let status = &isvc.status;
    let active_run = status
        .rollout
        .as_ref()
        .and_then(|r| r.active_run.as_ref())
        .is_some_and(|run| !run.is_null());
    if active_run {
        return Err(ScaleError::ScaleWork);
    }
    let phase = status
        .components
        .get(component.as_str())
        .and_then(|c| c.rollout_phase.as_deref())
        .unwrap_or_default();
    if !matches!(phase, "" | "Stable") {
        return Err(ScaleError::ScaleWork);
    }
    let groups = status
        .rollout_coordination
        .as_ref()
        .map(|rc| rc.groups.as_slice())
        .unwrap_or_default();
    for group in groups {
        if group.components.iter().any(|c| c == component.as_str()) {
            let phase = group.phase.as_deref().unwrap_or_default();
            // `Idle` is the coordination group's resting phase, which the projection reports
            // as Stable.
            if !matches!(phase, "" | "Stable" | "Idle") {
                return Err(ScaleError::ScaleWork);
            }
        }
    }
    Ok(())
}
