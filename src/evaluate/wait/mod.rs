//! Evaluation for `wait` (read-commands.md §4): pure functions from one acquisition's evidence
//! to an observation, and from the engine's result to the canonical report content.

pub mod condition;
pub mod condition_record;
pub mod held_revision;
pub mod held_rules;
pub mod identity;
pub mod migration;
pub mod ready;
pub mod report;
pub mod rollout;
pub mod rollout_inspection;
pub mod runtime_sync;
pub mod scale;
pub mod sync_rules;

use serde::Serialize;

/// How a wait ended (§4.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Outcome {
    Matched,
    TimedOut,
    NotFound,
    Deleted,
    Replaced,
    Unknown,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Matched => "Matched",
            Outcome::TimedOut => "TimedOut",
            Outcome::NotFound => "NotFound",
            Outcome::Deleted => "Deleted",
            Outcome::Replaced => "Replaced",
            Outcome::Unknown => "Unknown",
        }
    }

    /// Replaced/Deleted/NotFound: the bound object is gone, so the last observation is void.
    pub fn lost_binding(self) -> bool {
        matches!(
            self,
            Outcome::NotFound | Outcome::Deleted | Outcome::Replaced
        )
    }
}

/// Which read produced the last observation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum SourceMethod {
    #[serde(rename = "InitialGET")]
    InitialGet,
    Poll,
    Watch,
    #[serde(rename = "RefreshGET")]
    RefreshGet,
}

impl SourceMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            SourceMethod::InitialGet => "InitialGET",
            SourceMethod::Poll => "Poll",
            SourceMethod::Watch => "Watch",
            SourceMethod::RefreshGet => "RefreshGET",
        }
    }
}

/// The engine's counters (§4.4): acquisitions, watch openings, polls, watch events and
/// evaluated observations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Counts {
    pub gets: u64,
    pub watches: u64,
    pub polls: u64,
    pub events: u64,
    pub observations: u64,
}

/// Validity of an observation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Validity {
    Valid,
    Unavailable,
    Invalid,
}

impl Validity {
    pub fn as_str(self) -> &'static str {
        match self {
            Validity::Valid => "Valid",
            Validity::Unavailable => "Unavailable",
            Validity::Invalid => "Invalid",
        }
    }
}

/// One observation of the waited-for state, per predicate.
#[derive(Debug, Clone, PartialEq)]
pub enum Observation {
    Condition(condition::ConditionObservation),
    Rollout(rollout::RolloutObservation),
    Migration(migration::MigrationObservation),
    Ready(ready::ReadyObservation),
    Scale(scale::ScaleObservation),
    RuntimeSync(runtime_sync::RuntimeSyncObservation),
    HeldRevision(held_revision::HeldRevisionObservation),
}

impl Observation {
    pub fn matched(&self) -> bool {
        match self {
            Observation::Condition(o) => o.reason == condition::ConditionReason::ConditionMatched,
            Observation::Rollout(o) => o.reason == rollout::RolloutReason::RolloutMatched,
            Observation::Migration(o) => o.reason == migration::MigrationReason::MigrationMatched,
            Observation::Ready(o) => o.reason == ready::ReadyReason::ReplicaReadyMatched,
            Observation::Scale(o) => o.reason == scale::ScaleReason::ReplicaScaleMatched,
            Observation::HeldRevision(o) => {
                o.reason == held_revision::HeldRevisionReason::HeldRevisionMatched
            }
            Observation::RuntimeSync(o) => {
                o.reason == runtime_sync::RuntimeSyncReason::RuntimeSyncMatched
            }
        }
    }
}
