//! The order of the candidates (runtime-selection.md §4, §7.4): qualifying ServingRuntimes
//! before qualifying ClusterServingRuntimes; within a kind by score, then (for a model with a
//! size) by distance, then by name. The first is the selected runtime. The others follow,
//! ServingRuntimes then ClusterServingRuntimes, each by name.

use super::candidate::Candidate;
use super::judge::{Exclusion, Qualified};
use crate::ome::reads::RuntimeKind;
use std::cmp::Ordering;

/// One candidate's verdict.
#[derive(Debug, Clone)]
pub(crate) struct Verdict<'a> {
    pub(crate) candidate: &'a Candidate,
    pub(crate) outcome: Result<Qualified, Exclusion>,
}

/// ServingRuntimes first.
fn kind_rank(kind: RuntimeKind) -> u8 {
    match kind {
        RuntimeKind::Namespaced => 0,
        RuntimeKind::Cluster => 1,
    }
}

/// Distances closer than 1 are equal (the reference truncates their difference to an
/// integer).
fn by_distance(a: f64, b: f64) -> Ordering {
    let difference = a - b;
    if difference.abs() < 1.0 || difference.is_nan() {
        Ordering::Equal
    } else if difference < 0.0 {
        Ordering::Less
    } else {
        Ordering::Greater
    }
}

fn qualified_order(a: &Verdict<'_>, b: &Verdict<'_>, sized: bool) -> Ordering {
    let (Ok(qa), Ok(qb)) = (&a.outcome, &b.outcome) else {
        return Ordering::Equal;
    };
    kind_rank(a.candidate.kind)
        .cmp(&kind_rank(b.candidate.kind))
        .then(qb.score.cmp(&qa.score))
        .then_with(|| {
            if sized {
                by_distance(qa.distance, qb.distance)
            } else {
                Ordering::Equal
            }
        })
        .then_with(|| a.candidate.name.as_bytes().cmp(b.candidate.name.as_bytes()))
}

/// Ranks the verdicts. The distance order is not transitive, which `sort_by` does not allow,
/// so a stable insertion sort applies it (at most 1000 candidates).
pub(crate) fn rank(verdicts: Vec<Verdict<'_>>, sized: bool) -> Vec<Verdict<'_>> {
    let (qualified, excluded): (Vec<_>, Vec<_>) =
        verdicts.into_iter().partition(|v| v.outcome.is_ok());
    let mut ranked: Vec<Verdict<'_>> = Vec::with_capacity(qualified.len() + excluded.len());
    for verdict in qualified {
        let at = ranked
            .iter()
            .position(|placed| qualified_order(&verdict, placed, sized) == Ordering::Less)
            .unwrap_or(ranked.len());
        ranked.insert(at, verdict);
    }
    let mut excluded = excluded;
    excluded.sort_by(|a, b| {
        kind_rank(a.candidate.kind)
            .cmp(&kind_rank(b.candidate.kind))
            .then_with(|| a.candidate.name.as_bytes().cmp(b.candidate.name.as_bytes()))
    });
    ranked.extend(excluded);
    ranked
}
