//! The declared inheritance chain of the selected runtime, resolved from the snapshot
//! (runtime-selection.md §2.3): provenance and source stamps only; nothing is merged.

use super::candidate::Candidate;
use super::snapshot::Snapshot;
use crate::ome::reads::{DeclaredParent, MAX_CHAIN, RuntimeKind};

/// Why the chain cannot be observed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ChainProblem {
    NotFound,
    Cycle,
    MaxDepthExceeded,
}

/// The parent `name` of `child`: a ServingRuntime's is the ServingRuntime of that name, else
/// the ClusterServingRuntime; a ClusterServingRuntime's only the ClusterServingRuntime.
fn parent<'a>(snapshot: &'a Snapshot, child: &Candidate, name: &str) -> Option<&'a Candidate> {
    let find = |kind| {
        snapshot
            .candidates
            .iter()
            .find(|c| c.kind == kind && c.name == name)
    };
    match child.kind {
        RuntimeKind::Namespaced => {
            find(RuntimeKind::Namespaced).or_else(|| find(RuntimeKind::Cluster))
        }
        RuntimeKind::Cluster => find(RuntimeKind::Cluster),
    }
}

/// The chain root first, the selected runtime last.
pub(crate) fn chain<'a>(
    snapshot: &'a Snapshot,
    selected: &'a Candidate,
) -> Result<Vec<&'a Candidate>, ChainProblem> {
    let mut chain = vec![selected];
    let mut current = selected;
    loop {
        let name = match &current.parent {
            DeclaredParent::None => break,
            DeclaredParent::Name(name) => name,
            // A name that is not one names no candidate.
            DeclaredParent::Invalid => return Err(ChainProblem::NotFound),
        };
        let next = parent(snapshot, current, name).ok_or(ChainProblem::NotFound)?;
        if chain
            .iter()
            .any(|c| c.kind == next.kind && c.name == next.name)
        {
            return Err(ChainProblem::Cycle);
        }
        if chain.len() >= MAX_CHAIN {
            return Err(ChainProblem::MaxDepthExceeded);
        }
        chain.push(next);
        current = next;
    }
    chain.reverse();
    Ok(chain)
}
