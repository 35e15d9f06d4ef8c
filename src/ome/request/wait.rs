//! What `wait` was asked to wait for (read-commands.md §4.1–§4.2).

use super::OutputFormat;
use crate::ome::Component;
use crate::ome::closed_set;
use std::time::Duration;

closed_set! {
    /// The state a `Ready` condition is waited for.
    pub(crate) enum ConditionStatus {
        True => "True",
        False => "False",
        Unknown => "Unknown",
    }
}

/// The rollout state a `rollout=` wait matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RolloutTarget {
    Stable,
    Failed,
    RolledBack,
}

/// One `--for` predicate (§4.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Predicate {
    ConditionReady(ConditionStatus),
    Rollout(RolloutTarget),
    MigrationTerminal,
    ReplicasReady,
    ReplicasCurrent,
    RuntimeSync,
    HeldRevision,
}

impl Predicate {
    /// The `--for` values: exact, except that the condition's type and status compare
    /// case-insensitively, as `kubectl wait --for=condition=` compares them
    /// (`condition=ready=true` is `condition=Ready=True`).
    pub(crate) fn parse(value: &str) -> Option<Predicate> {
        if let Some(condition) = value.strip_prefix("condition=") {
            return Self::parse_condition(condition);
        }
        Some(match value {
            "rollout=stable" => Predicate::Rollout(RolloutTarget::Stable),
            "rollout=failed" => Predicate::Rollout(RolloutTarget::Failed),
            "rollout=rolled-back" => Predicate::Rollout(RolloutTarget::RolledBack),
            "migration=terminal" => Predicate::MigrationTerminal,
            "replicas=ready" => Predicate::ReplicasReady,
            "replicas=current" => Predicate::ReplicasCurrent,
            "runtime-sync=acknowledged" => Predicate::RuntimeSync,
            "held-revision=unheld" => Predicate::HeldRevision,
            _ => return None,
        })
    }

    /// `Ready` or `Ready=<True|False|Unknown>`, in any case.
    fn parse_condition(condition: &str) -> Option<Predicate> {
        let (name, status) = condition.split_once('=').unwrap_or((condition, "True"));
        if !name.eq_ignore_ascii_case("Ready") {
            return None;
        }
        let status = [
            ConditionStatus::True,
            ConditionStatus::False,
            ConditionStatus::Unknown,
        ]
        .into_iter()
        .find(|s| s.as_str().eq_ignore_ascii_case(status))?;
        Some(Predicate::ConditionReady(status))
    }

    /// The `requested` value of the report.
    pub(crate) fn requested(self) -> &'static str {
        match self {
            Predicate::ConditionReady(ConditionStatus::True) => "Ready=True",
            Predicate::ConditionReady(ConditionStatus::False) => "Ready=False",
            Predicate::ConditionReady(ConditionStatus::Unknown) => "Ready=Unknown",
            Predicate::Rollout(RolloutTarget::Stable) => "Rollout=Stable",
            Predicate::Rollout(RolloutTarget::Failed) => "Rollout=Failed",
            Predicate::Rollout(RolloutTarget::RolledBack) => "Rollout=RolledBack",
            Predicate::MigrationTerminal => "Migration=Terminal",
            Predicate::ReplicasReady => "Replicas=Ready",
            Predicate::ReplicasCurrent => "Replicas=Current",
            Predicate::RuntimeSync => "RuntimeSync=Acknowledged",
            Predicate::HeldRevision => "HeldRevision=Unheld",
        }
    }
}

/// The exact InferenceReplica a wait is bound to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct IrBinding {
    pub(crate) name: String,
    pub(crate) uid: String,
}

/// A validated `wait` request (namespace resolution happens in the command).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct WaitRequest {
    pub(crate) name: String,
    pub(crate) predicate: Predicate,
    pub(crate) timeout: Duration,
    pub(crate) output: OutputFormat,
    pub(crate) component: Option<Component>,
    pub(crate) replicas: Option<i32>,
    pub(crate) request_id: Option<String>,
    pub(crate) revision: Option<String>,
    pub(crate) ir: Option<IrBinding>,
}

/// The longest accepted `--timeout`.
pub(crate) const MAX_TIMEOUT: Duration = Duration::from_secs(24 * 3600);

// The bounds of one wait (docs/wait.md). The engine enforces them and the report clamps its
// counts to them, so both read them from here.

/// Interval between polls.
pub(crate) const POLL_INTERVAL: Duration = Duration::from_secs(5);
/// The server ends each watch after this long (`timeoutSeconds`); it is then renewed from its
/// last resourceVersion.
pub(crate) const WATCH_WINDOW: Duration = Duration::from_secs(240);
/// Reads a watch may add to the polling budget: re-reads after `410 Gone` or a changed
/// selection, and the re-reads that confirm a match. Beyond them the wait polls.
pub(crate) const WATCH_READS: u64 = 32;
/// Watch openings beyond one per stream and window: reconnects after drops and failures, and
/// re-watches after re-reads. Beyond them the wait polls.
pub(crate) const WATCH_REOPENINGS: u64 = 16;
/// Streams a wait watches at most (the service and its InferenceReplica(s)).
pub(crate) const WATCH_STREAMS: u64 = 2;
/// Watch events per wait; beyond them the wait polls.
pub(crate) const MAX_EVENTS: u64 = 4096;

/// ⌈timeout / 5 s⌉ + 2 acquisitions, plus [`WATCH_READS`].
pub(crate) fn read_budget(timeout: Duration) -> u64 {
    periods(timeout, POLL_INTERVAL)
        .saturating_add(2)
        .saturating_add(WATCH_READS)
}

/// One opening per stream and [`WATCH_WINDOW`] (plus the first), plus [`WATCH_REOPENINGS`].
pub(crate) fn watch_budget(timeout: Duration) -> u64 {
    periods(timeout, WATCH_WINDOW)
        .saturating_add(1)
        .saturating_mul(WATCH_STREAMS)
        .saturating_add(WATCH_REOPENINGS)
}

/// ⌈timeout / period⌉.
fn periods(timeout: Duration, period: Duration) -> u64 {
    u64::try_from(timeout.as_nanos().div_ceil(period.as_nanos().max(1))).unwrap_or(u64::MAX)
}
