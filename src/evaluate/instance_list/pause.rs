//! Paused and held work in `instance list` (after-the-write.md §4.5): each accepted IR's
//! projected pause, rollout hold and number of Held retry blocks, and the issues they raise.

use super::report::{Code, ComponentReport, Issue};
use crate::ome::InferenceReplica;
use crate::ome::pause::{PauseDepth, RolloutHold};

/// Retry blocks counted at most across the accepted IRs (after-the-write.md §2.3).
pub(crate) const BLOCK_BUDGET: usize = 1000;

/// Adds the pause, hold and Held count of each IR to its component report (`replicas` and
/// `components` are in the same, canonical order) and returns the issues they raise.
pub(crate) fn annotate<'a>(
    replicas: impl Iterator<Item = &'a InferenceReplica>,
    components: &mut [ComponentReport],
    service: PauseDepth,
) -> Vec<Issue> {
    let mut issues = Vec::new();
    let mut remaining = BLOCK_BUDGET;
    for (ir, component) in replicas.zip(components.iter_mut()) {
        let scoped = |code| Issue::scoped(code, &component.type_, &component.inference_replica);
        match PauseDepth::of_replica(&ir.spec) {
            Ok(depth) => {
                if depth.lags(service) {
                    issues.push(scoped(Code::PauseProjectionPending));
                }
                component.pause = (depth != PauseDepth::None).then_some(depth);
            }
            Err(_) => issues.push(scoped(Code::PauseModeInvalid)),
        }
        match RolloutHold::from_raw(ir.status.rollout_hold.as_ref()) {
            None => {}
            Some(Ok(hold)) => component.rollout_hold = Some(hold),
            Some(Err(_)) => issues.push(scoped(Code::RolloutHoldInvalid)),
        }
        let blocks = &ir.status.retry_blocks;
        if blocks.len() > remaining {
            issues.push(scoped(Code::RetryBlocksTruncated));
            continue;
        }
        remaining -= blocks.len();
        let held = blocks
            .iter()
            .filter(|b| b.state.as_deref() == Some("Held"))
            .count();
        component.held_revisions = (held > 0).then_some(held);
    }
    issues
}
