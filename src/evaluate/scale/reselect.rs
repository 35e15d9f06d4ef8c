//! Revalidation of a selected runtime (runtime-selection.md §5.4): a new snapshot must be
//! complete and coherent, selecting again from it must give the same winner, and every runtime
//! of the winner's chain must be the one collected. Other candidates may change.

use super::selected::{SelectionFacts, source_changed};
use crate::errors::{Refusal, ScaleError};
use crate::evaluate::runtime_selection::requested::Requested;
use crate::evaluate::runtime_selection::snapshot::{SnapshotProblem, snapshot};
use crate::evaluate::runtime_selection::{candidate::Candidate, select};
use crate::ome::InferenceService;
use crate::ome::evidence::ApiError;
use crate::ome::reads::Stamp;
use crate::ome::selection::SnapshotReads;

/// The new snapshot against what the plan selected.
pub(crate) fn revalidate_selection(
    facts: &SelectionFacts,
    isvc: &InferenceService,
    reads: Option<&SnapshotReads>,
) -> Result<(), Refusal> {
    let changed = |what| Err(source_changed(&facts.runtime, what));
    let Some(reads) = reads else {
        return changed("read:Unreadable");
    };
    let snapshot = match snapshot(reads) {
        Ok(snapshot) => snapshot,
        Err(SnapshotProblem::Failed { cause, .. }) if matches!(*cause, ApiError::TimedOut) => {
            return Err(ScaleError::DeadlineExceeded.into());
        }
        Err(SnapshotProblem::Failed { cause, .. }) => {
            return changed(
                if cause.is_forbidden() || matches!(*cause, ApiError::Unauthorized { .. }) {
                    "read:Forbidden"
                } else {
                    "read:Unreadable"
                },
            );
        }
        Err(SnapshotProblem::Truncated { .. }) => return changed("read:Truncated"),
        Err(SnapshotProblem::Inconsistent { .. }) => return changed("read:Inconsistent"),
    };
    let verdicts = select(&snapshot, &facts.model_spec, &Requested::of(isvc));
    let winner = verdicts
        .first()
        .filter(|v| v.outcome.is_ok())
        .map(|v| v.candidate);
    let same_winner = winner
        .is_some_and(|w| w.kind.as_str() == facts.runtime.kind && w.name == facts.runtime.name);
    if !same_winner {
        return changed("selection");
    }
    for stamp in &facts.chain {
        let now = snapshot
            .candidates
            .iter()
            .find(|c| c.kind.as_str() == stamp.kind && c.name == stamp.name);
        if let Some(what) = change(stamp, now) {
            return Err(source_changed(stamp, what));
        }
    }
    Ok(())
}

/// What changed in a runtime of the chain, most telling first.
fn change(stamp: &Stamp, now: Option<&Candidate>) -> Option<&'static str> {
    let Some(now) = now.filter(|c| !c.deleting) else {
        return Some("deleted");
    };
    if now.uid != stamp.uid || now.namespace != stamp.namespace {
        Some("uid")
    } else if now.generation != stamp.generation {
        Some("generation")
    } else if now.resource_version != stamp.resource_version {
        Some("resourceVersion")
    } else {
        None
    }
}
