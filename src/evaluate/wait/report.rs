//! The canonical `WaitReport` content (§4.11): one predicate object, the neutral `observed`
//! for non-Ready predicates, reasons restricted to the predicate's vocabulary, a `Matched`
//! outcome that does not hold downgraded to `Unknown`, and clamped counts.

use super::held_revision::{HeldRevisionObservation, HeldTarget};
use super::migration::{MigrationObservation, MigrationReason};
use super::ready::{ReadyObservation, ReadyReason};
use super::replicas_current::{ScaleObservation, ScaleReason};
use super::rollout::{RolloutObservation, RolloutReason};
use super::runtime_sync::{RuntimeSyncObservation, RuntimeSyncReason};
use super::{Counts, Observation, Outcome, SourceMethod, Validity};
use crate::evaluate::condition::{ConditionObservation, ConditionObserved};
use crate::ome::Component;
use crate::ome::report::{Report, report_time};
use crate::ome::request::wait::{MAX_EVENTS, read_budget, watch_budget};
use crate::ome::request::{IrBinding, MAX_TIMEOUT, Predicate, WaitRequest};
use crate::text::{redact, sanitize};
use serde::ser::{Serialize, SerializeStruct, Serializer};

/// The report kind.
pub(crate) const KIND: &str = "WaitReport";

/// The `WaitReport` (read-commands.md §4.11); its `sources` are always empty.
pub(crate) type WaitReport = Report<WaitContent>;

/// The report of the wait on `namespace`/`name`, collected at `now`.
pub(crate) fn report(
    namespace: &str,
    name: &str,
    now: jiff::Timestamp,
    content: WaitContent,
) -> WaitReport {
    Report::new(
        KIND,
        // Redacted once, before rendering (conformance.md §4.2).
        &sanitize(redact(namespace)),
        &sanitize(redact(name)),
        report_time(now),
        content,
    )
}

/// `content` of a `WaitReport`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct WaitContent {
    /// The predicate, e.g. `Replicas=Current`.
    pub(crate) requested: &'static str,
    /// How the wait ended.
    pub(crate) outcome: Outcome,
    /// The reason, from the predicate's vocabulary.
    pub(crate) reason: &'static str,
    /// What was last observed, one variant per predicate.
    pub(crate) observation: Observation,
    /// `Reported` when the observation is valid, else `Unavailable`.
    pub(crate) evidence: &'static str,
    /// How long the wait took.
    pub(crate) elapsed_milliseconds: u64,
    /// The engine's counters, clamped.
    pub(crate) counts: Counts,
    /// Which read produced the last observation.
    pub(crate) source_method: SourceMethod,
    /// Whether a watch fell back to polling.
    pub(crate) polling_fallback: bool,
}

/// Keys in the documented order: `observed` is the condition's own for `condition=Ready` and
/// neutral otherwise, followed by the one key of the other predicates.
impl Serialize for WaitContent {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("WaitContent", 10)?;
        s.serialize_field("requested", self.requested)?;
        s.serialize_field("outcome", &self.outcome)?;
        s.serialize_field("reason", self.reason)?;
        match &self.observation {
            Observation::Condition(o) => s.serialize_field("observed", &o.observed)?,
            other => {
                s.serialize_field("observed", &ConditionObserved::neutral())?;
                match other {
                    Observation::Rollout(o) => s.serialize_field("rollout", o)?,
                    Observation::Migration(o) => s.serialize_field("migration", o)?,
                    Observation::Ready(o) => s.serialize_field("readyReplicas", o)?,
                    Observation::RuntimeSync(o) => s.serialize_field("runtimeSync", o)?,
                    Observation::HeldRevision(o) => s.serialize_field("heldRevision", o)?,
                    Observation::Scale(o) => s.serialize_field("scale", o)?,
                    Observation::Condition(_) => {}
                }
            }
        }
        s.serialize_field("evidence", self.evidence)?;
        s.serialize_field("elapsedMilliseconds", &self.elapsed_milliseconds)?;
        s.serialize_field("counts", &self.counts)?;
        s.serialize_field("sourceMethod", &self.source_method)?;
        s.serialize_field("pollingFallback", &self.polling_fallback)?;
        s.end()
    }
}

/// What the engine ended with.
#[derive(Debug, Clone)]
pub(crate) struct EngineResult {
    pub(crate) outcome: Outcome,
    pub(crate) last: Option<Observation>,
    pub(crate) counts: Counts,
    pub(crate) method: SourceMethod,
    pub(crate) polling_fallback: bool,
    pub(crate) elapsed_ms: u64,
}

/// The observation before any was made, or after the binding was lost.
pub(crate) fn initial_observation(request: &WaitRequest) -> Observation {
    let component = request.component.unwrap_or(Component::Engine);
    let n = request.replicas.unwrap_or(0);
    match request.predicate {
        Predicate::ConditionReady(_) => Observation::Condition(ConditionObservation::none()),
        Predicate::Rollout(_) => Observation::Rollout(RolloutObservation::none()),
        Predicate::ReplicasReady => Observation::Ready(ReadyObservation::unavailable(
            component,
            n,
            ReadyReason::ReplicaReadyNotRecorded,
        )),
        Predicate::ReplicasCurrent => Observation::Scale(ScaleObservation::unavailable(
            component,
            n,
            ScaleReason::ReplicaScaleNotRecorded,
        )),
        Predicate::RuntimeSync => Observation::RuntimeSync(RuntimeSyncObservation::none(
            request.request_id.as_deref().unwrap_or_default(),
        )),
        Predicate::MigrationTerminal => Observation::Migration(MigrationObservation::none(
            request.request_id.as_deref().unwrap_or_default(),
        )),
        // The reset object of conformance.md §3.1, never a migration object.
        Predicate::HeldRevision => {
            Observation::HeldRevision(HeldRevisionObservation::none(&held_target(request)))
        }
    }
}

/// The held-revision target of a validated request.
pub(crate) fn held_target(request: &WaitRequest) -> HeldTarget {
    HeldTarget {
        component: request.component.unwrap_or(Component::Engine),
        revision: request.revision.clone().unwrap_or_default(),
        ir: request.ir.clone().unwrap_or(IrBinding {
            name: String::new(),
            uid: String::new(),
        }),
    }
}

/// The counts a wait of at most 24 h can reach (docs/wait.md).
fn max_gets() -> u64 {
    read_budget(MAX_TIMEOUT)
}
fn max_watches() -> u64 {
    watch_budget(MAX_TIMEOUT)
}
const MAX_POLLS: u64 = 17_280;

pub(crate) fn build(request: &WaitRequest, result: &EngineResult) -> WaitContent {
    let mut outcome = result.outcome;
    // Without a binding, nothing observed earlier still describes the object.
    let observation = match (&result.last, outcome.lost_binding()) {
        (Some(obs), false) => obs.clone(),
        _ => initial_observation(request),
    };
    let mut observation = observation;
    let observed_nothing = result.last.is_none();
    if outcome == Outcome::Matched && !observation.matched() {
        outcome = Outcome::Unknown;
        invalidate(&mut observation);
    }
    let counts = Counts {
        gets: result.counts.gets.min(max_gets()),
        watches: result.counts.watches.min(max_watches()),
        polls: result.counts.polls.min(MAX_POLLS),
        events: result.counts.events.min(MAX_EVENTS),
        observations: result.counts.observations.min(max_gets() + MAX_EVENTS),
        skipped: result.counts.skipped.min(max_gets() + max_watches()),
    };
    let (evidence, reason) = match &observation {
        Observation::Condition(o) => (o.evidence(), o.reason.as_str()),
        Observation::Rollout(o) => (evidence_of(o.validity), o.reason.as_str()),
        Observation::Migration(o) => (evidence_of(o.validity), o.reason.as_str()),
        Observation::Ready(o) => (evidence_of(o.validity), o.reason.as_str()),
        Observation::Scale(o) => (evidence_of(o.validity), o.reason.as_str()),
        Observation::HeldRevision(o) => (evidence_of(o.validity.shared()), o.reason.as_str()),
        Observation::RuntimeSync(o) => (evidence_of(o.validity), o.reason.as_str()),
    };
    // "No observation before timeout" is outside every predicate's vocabulary.
    let reason = if observed_nothing && outcome == Outcome::TimedOut {
        "PredicateUnmet"
    } else {
        reason
    };
    WaitContent {
        requested: request.predicate.requested(),
        outcome,
        reason,
        observation,
        evidence,
        elapsed_milliseconds: result.elapsed_ms,
        counts,
        source_method: result.method,
        polling_fallback: result.polling_fallback,
    }
}

/// Reported only when the observation is valid.
fn evidence_of(validity: Validity) -> &'static str {
    if validity == Validity::Valid {
        "Reported"
    } else {
        "Unavailable"
    }
}

/// The predicate's invalid reason, for a match that does not hold.
fn invalidate(observation: &mut Observation) {
    match observation {
        Observation::Condition(o) => {
            o.reason = crate::evaluate::condition::ConditionReason::InvalidCondition;
            o.observed.validity = Validity::Invalid;
        }
        Observation::Rollout(o) => {
            o.reason = RolloutReason::InvalidRollout;
            o.validity = Validity::Invalid;
        }
        Observation::Migration(o) => {
            o.reason = MigrationReason::InvalidMigration;
            o.validity = Validity::Invalid;
        }
        Observation::Ready(o) => {
            o.reason = ReadyReason::InvalidReplicaReadyEvidence;
            o.validity = Validity::Invalid;
            o.observed = None;
        }
        Observation::HeldRevision(o) => o.invalidate(),
        Observation::RuntimeSync(o) => {
            o.reason = RuntimeSyncReason::InvalidCondition;
            o.validity = Validity::Invalid;
        }
        Observation::Scale(o) => {
            *o = ScaleObservation {
                validity: Validity::Invalid,
                ..ScaleObservation::unavailable(
                    o.component,
                    o.requested,
                    ScaleReason::InvalidReplicaScaleEvidence,
                )
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::condition::ConditionReason;
    use crate::ome::request::{ConditionStatus, OutputFormat};
    use std::time::Duration;

    fn request(predicate: Predicate) -> WaitRequest {
        WaitRequest {
            name: "chat".into(),
            predicate,
            timeout: Duration::from_secs(60),
            output: OutputFormat::Table,
            component: Some(Component::Engine),
            replicas: Some(3),
            request_id: None,
            revision: None,
            ir: None,
        }
    }

    fn result(outcome: Outcome, last: Option<Observation>) -> EngineResult {
        EngineResult {
            outcome,
            last,
            counts: Counts {
                gets: 20_000,
                watches: 5_000,
                polls: 1,
                events: 9_999,
                observations: 30_000,
                skipped: 0,
            },
            method: SourceMethod::Poll,
            polling_fallback: false,
            elapsed_ms: 6000,
        }
    }

    fn matched_scale() -> Observation {
        Observation::Scale(ScaleObservation {
            spec_replicas: Some(3),
            current_replicas: Some(3),
            validity: Validity::Valid,
            reason: ScaleReason::ReplicaScaleMatched,
            ..ScaleObservation::unavailable(Component::Engine, 3, ScaleReason::ReplicaScaleMatched)
        })
    }

    #[test]
    fn a_lost_binding_voids_the_last_observation() {
        let content = build(
            &request(Predicate::ReplicasCurrent),
            &result(Outcome::Replaced, Some(matched_scale())),
        );
        assert_eq!(content.outcome, Outcome::Replaced);
        assert_eq!(content.reason, "ReplicaScaleNotRecorded");
        assert_eq!(content.evidence, "Unavailable");
        let Observation::Scale(scale) = content.observation else {
            panic!("not a scale observation");
        };
        assert_eq!(scale.spec_replicas, None);
    }

    #[test]
    fn a_match_that_does_not_hold_is_downgraded() {
        let not_matched = Observation::Condition(ConditionObservation {
            reason: ConditionReason::ConditionNotMatched,
            ..ConditionObservation::none()
        });
        let content = build(
            &request(Predicate::ConditionReady(ConditionStatus::True)),
            &result(Outcome::Matched, Some(not_matched)),
        );
        assert_eq!(content.outcome, Outcome::Unknown);
        assert_eq!(content.reason, "InvalidCondition");
    }

    #[test]
    fn counts_are_clamped_and_no_observation_is_predicate_unmet() {
        let content = build(
            &request(Predicate::ReplicasCurrent),
            &result(Outcome::TimedOut, None),
        );
        assert_eq!(content.reason, "PredicateUnmet");
        assert_eq!(
            content.counts,
            Counts {
                gets: 17_314,
                watches: 738,
                polls: 1,
                events: 4096,
                observations: 21_410,
                skipped: 0,
            }
        );
        assert_eq!(
            serde_json::to_value(&content).unwrap()["observed"],
            serde_json::to_value(ConditionObserved::neutral()).unwrap()
        );
    }

    /// The three report objects of conformance.md §3 keep a `Matched` outcome only when the
    /// object itself qualifies; otherwise outcome `Unknown` and the invalid object.
    #[test]
    fn a_match_needs_a_qualifying_report_object() {
        use crate::evaluate::wait::held_revision::{
            HeldRevisionReason, HeldValidity, MailboxState, TargetState,
        };
        use crate::evaluate::wait::runtime_sync::{DriftState, PinState, TokenState};
        let held = HeldRevisionObservation {
            matched: true,
            reason: HeldRevisionReason::Unheld,
            validity: HeldValidity::Valid,
            target_state: TargetState::Absent,
            mailbox_state: MailboxState::Absent,
            attribution: "Unverifiable",
            component: "engine".into(),
            revision: "chat-engine-0a1b2c3d".into(),
            inference_replica: "chat-engine".into(),
            inference_replica_uid: "[REDACTED]".into(),
            encoding: "DenseV1".into(),
            inspected_sources: 1,
            inspected_blocks: 1,
        };
        assert!(held.qualifies());
        for spoil in [
            |h: &mut HeldRevisionObservation| h.encoding.clear(),
            |h: &mut HeldRevisionObservation| h.inspected_sources = 0,
            |h: &mut HeldRevisionObservation| h.target_state = TargetState::Held,
            |h: &mut HeldRevisionObservation| h.mailbox_state = MailboxState::Pending,
        ] {
            let mut h = held.clone();
            spoil(&mut h);
            let content = build(
                &request(Predicate::HeldRevision),
                &result(Outcome::Matched, Some(Observation::HeldRevision(h))),
            );
            assert_eq!(content.outcome, Outcome::Unknown);
            let Observation::HeldRevision(h) = content.observation else {
                panic!("not a held-revision observation");
            };
            assert_eq!((h.matched, h.validity), (false, HeldValidity::Invalid));
        }

        let sync = RuntimeSyncObservation {
            token_state: TokenState::Acknowledged,
            drift_state: DriftState::Clear,
            pin_state: PinState::NotApplicable,
            validity: Validity::Valid,
            reason: RuntimeSyncReason::RuntimeSyncObserved,
            ..RuntimeSyncObservation::none("0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234")
        };
        assert!(
            RuntimeSyncObservation {
                pin_state: PinState::Managed,
                ..sync.clone()
            }
            .qualifies()
        );
        let content = build(
            &request(Predicate::RuntimeSync),
            &result(Outcome::Matched, Some(Observation::RuntimeSync(sync))),
        );
        assert_eq!(
            (content.outcome, content.reason),
            (Outcome::Unknown, "InvalidCondition")
        );

        let mut migration = MigrationObservation::none("0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234");
        migration.component = Some(Component::Engine);
        migration.phase = Some("Completed".into());
        migration.migration_outcome = Some("Completed");
        migration.validity = Validity::Valid;
        migration.inspected_sources = 2;
        migration.inspected_records = 1;
        migration.reason = MigrationReason::MigrationMatched;
        assert!(migration.qualifies());
        for spoil in [
            |m: &mut MigrationObservation| m.phase = Some("SurgeReady".into()),
            |m: &mut MigrationObservation| m.migration_outcome = Some("Failed"),
            |m: &mut MigrationObservation| m.inspected_sources = 1,
            |m: &mut MigrationObservation| m.component = None,
        ] {
            let mut m = migration.clone();
            spoil(&mut m);
            let content = build(
                &request(Predicate::MigrationTerminal),
                &result(Outcome::Matched, Some(Observation::Migration(m))),
            );
            assert_eq!(
                (content.outcome, content.reason),
                (Outcome::Unknown, "InvalidMigration")
            );
        }
    }
}
