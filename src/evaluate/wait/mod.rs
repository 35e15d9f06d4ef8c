//! Evaluation for `wait` (read-commands.md §4): pure functions from one acquisition's evidence
//! to an observation, and from the engine's result to the canonical report content.

// The Ready-condition inspection is shared with `status`; it lives in `evaluate::condition`.
pub(crate) use crate::evaluate::condition::{self, Validity};
pub(crate) mod held_revision;
pub(crate) mod held_rules;
pub(crate) mod identity;
pub(crate) mod migration;
pub(crate) mod ready;
pub(crate) mod replicas_current;
pub(crate) mod report;
pub(crate) mod rollout;
pub(crate) mod rollout_inspection;
pub(crate) mod runtime_sync;
pub(crate) mod sync_rules;

use crate::ome::closed_set;
use serde::Serialize;

closed_set! {
    /// How a wait ended (§4.4).
    pub(crate) enum Outcome {
        Matched => "Matched",
        TimedOut => "TimedOut",
        NotFound => "NotFound",
        Deleted => "Deleted",
        Replaced => "Replaced",
        Unknown => "Unknown",
    }
}

impl Outcome {
    /// Replaced/Deleted/NotFound: the bound object is gone, so the last observation is void.
    pub(crate) fn lost_binding(self) -> bool {
        matches!(
            self,
            Outcome::NotFound | Outcome::Deleted | Outcome::Replaced
        )
    }
}

closed_set! {
    /// Which read produced the last observation.
    pub(crate) enum SourceMethod {
        InitialGet => "InitialGET",
        Poll => "Poll",
        Watch => "Watch",
        RefreshGet => "RefreshGET",
    }
}

/// The engine's counters (§4.4): acquisitions, watch openings, polls, watch events, evaluated
/// observations, and reads that failed transiently and were skipped (shown only when there
/// were any, so a wait without faults reports exactly the reference's counts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub(crate) struct Counts {
    pub(crate) gets: u64,
    pub(crate) watches: u64,
    pub(crate) polls: u64,
    pub(crate) events: u64,
    pub(crate) observations: u64,
    #[serde(skip_serializing_if = "is_zero")]
    pub(crate) skipped: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// One observation of the waited-for state, per predicate.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Observation {
    Condition(condition::ConditionObservation),
    Rollout(rollout::RolloutObservation),
    Migration(migration::MigrationObservation),
    Ready(ready::ReadyObservation),
    Scale(replicas_current::ScaleObservation),
    RuntimeSync(runtime_sync::RuntimeSyncObservation),
    HeldRevision(held_revision::HeldRevisionObservation),
}

impl Observation {
    pub(crate) fn matched(&self) -> bool {
        match self {
            Observation::Condition(o) => o.reason == condition::ConditionReason::ConditionMatched,
            Observation::Rollout(o) => o.reason == rollout::RolloutReason::RolloutMatched,
            Observation::Migration(o) => o.qualifies(),
            Observation::Ready(o) => o.reason == ready::ReadyReason::ReplicaReadyMatched,
            Observation::Scale(o) => o.reason == replicas_current::ScaleReason::ReplicaScaleMatched,
            Observation::HeldRevision(o) => o.qualifies(),
            Observation::RuntimeSync(o) => o.qualifies(),
        }
    }
}
