//! Evaluation for `rollout status` (read-commands.md §5.2): the pure rollout projection, also
//! used by `scale` and `wait --for=rollout=...`.

mod canary;
pub mod model;
mod project;
pub mod revision;
pub mod strict;

pub use model::{
    ComponentProjection, GroupProjection, RolloutIssue, RolloutProjection, RolloutSummary,
    StepProjection, TrafficProjection,
};
pub use project::project;

/// The identity the report binds to: a projection without a UID is rejected.
pub fn check_identity(isvc: &crate::ome::InferenceService) -> Result<(), String> {
    if crate::ome::meta_uid(&isvc.metadata).is_empty() {
        return Err("inference service UID is missing".to_string());
    }
    Ok(())
}

#[cfg(test)]
mod tests;
