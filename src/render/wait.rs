//! Rendering for `wait` (read-commands.md §4.5–§4.11): the `WaitReport` envelope as json/yaml,
//! or a FIELD/VALUE table per predicate (FIELD ≤ 22 columns, VALUE ≤ 54, `...` suffix), and the
//! progress line shown on a terminal's stderr while waiting.

use super::{Table, Tabular, Tone};
use crate::evaluate::condition::ConditionObservation;
use crate::evaluate::wait::held_revision::{HeldRevisionObservation, HeldValidity};
use crate::evaluate::wait::migration::MigrationObservation;
use crate::evaluate::wait::ready::{BlockCause, Blocker, ReadyObservation};
use crate::evaluate::wait::replicas_current::ScaleObservation;
use crate::evaluate::wait::report::{WaitContent, WaitReport};
use crate::evaluate::wait::rollout::RolloutObservation;
use crate::evaluate::wait::runtime_sync::RuntimeSyncObservation;
use crate::evaluate::wait::{Counts, Observation, Outcome, Validity};
use crate::text::{bounded, redact, sanitize};

const FIELD_WIDTH: usize = 22;
const VALUE_WIDTH: usize = 54;
const CANCELLATION: &str = "Cooperative requests; plugins may ignore it";
const UNAVAILABLE: &str = "<unavailable>";

impl Tabular for WaitReport {
    fn table(&self) -> Table {
        table(self, false)
    }

    fn wide(&self) -> Table {
        table(self, true)
    }
}

fn count_or_unavailable(value: Option<i64>) -> String {
    value.map_or_else(|| UNAVAILABLE.to_string(), |v| v.to_string())
}

/// Rows of the FIELD/VALUE table, before bounding.
type Rows = Vec<(&'static str, String)>;

/// The cells every predicate's table shares.
struct Shared {
    outcome: String,
    reason: String,
    evidence: String,
    method: String,
    elapsed: String,
    counts: String,
    fallback: String,
    events: String,
    skipped: u64,
}

impl Shared {
    /// How the engine got its last observation, in the order most predicates show it.
    fn engine(&self) -> Rows {
        let mut rows = vec![
            ("Source method", self.method.clone()),
            ("Polling fallback", self.fallback.clone()),
            ("Elapsed milliseconds", self.elapsed.clone()),
            ("GET / WATCH / polls", self.counts.clone()),
        ];
        self.observed(&mut rows);
        rows
    }

    /// Watch events and observations, and the reads skipped after transient failures (a row
    /// only when there were any).
    fn observed(&self, rows: &mut Rows) {
        rows.push(("Events / observations", self.events.clone()));
        if self.skipped > 0 {
            rows.push(("Skipped reads", self.skipped.to_string()));
        }
    }

    fn of(c: &WaitContent) -> Shared {
        Shared {
            outcome: c.outcome.as_str().to_string(),
            reason: c.reason.to_string(),
            evidence: c.evidence.to_string(),
            method: c.source_method.as_str().to_string(),
            elapsed: c.elapsed_milliseconds.to_string(),
            counts: format!(
                "{} / {} / {}",
                c.counts.gets, c.counts.watches, c.counts.polls
            ),
            fallback: c.polling_fallback.to_string(),
            events: format!("{} / {}", c.counts.events, c.counts.observations),
            skipped: c.counts.skipped,
        }
    }
}

/// The FIELD/VALUE table: service and predicate, then the predicate's own rows.
fn table(report: &WaitReport, wide: bool) -> Table {
    let c = &report.content;
    let service = format!("{}/{}", report.metadata.namespace, report.metadata.name);
    let mut rows: Rows = vec![("Service", service), ("Requested", c.requested.to_string())];
    let shared = Shared::of(c);
    rows.extend(match &c.observation {
        Observation::Scale(s) => scale_rows(s, c.outcome, &shared, wide),
        Observation::Ready(r) => ready_rows(r, c.outcome, &shared, wide),
        Observation::Migration(m) => migration_rows(m, c.outcome, &shared, wide),
        Observation::HeldRevision(h) => held_rows(h, c.outcome, &shared, wide),
        Observation::RuntimeSync(r) => runtime_sync_rows(r, c.outcome, &shared, wide),
        Observation::Rollout(r) => rollout_rows(r, &shared, wide),
        Observation::Condition(o) => condition_rows(o, &shared, wide),
    });
    let mut table = Table::new(["FIELD", "VALUE"]);
    for (field, value) in rows {
        let tone = match (field, c.outcome) {
            ("Outcome", Outcome::Matched) => Tone::Good,
            ("Outcome", _) => Tone::Bad,
            _ => Tone::Plain,
        };
        table.toned_row(vec![
            (bounded(field, FIELD_WIDTH), Tone::Plain),
            (bounded(&value, VALUE_WIDTH), tone),
        ]);
    }
    table
}

fn scale_rows(s: &ScaleObservation, outcome: Outcome, c: &Shared, wide: bool) -> Rows {
    let interpretation = match (outcome, s.validity == Validity::Valid) {
        (Outcome::Matched, true) => "Exact desired and current count at IR snapshot",
        (Outcome::TimedOut, true) => "Last observation; currentness unverified",
        _ => "No verified exact scale count",
    };
    let mut rows = vec![
        ("Component", s.component.to_string()),
        ("Target replicas", s.requested.to_string()),
        ("Outcome", c.outcome.clone()),
        ("Spec replicas", count_or_unavailable(s.spec_replicas)),
        ("Current replicas", count_or_unavailable(s.current_replicas)),
        ("Ready replicas", count_or_unavailable(s.ready_replicas)),
        (
            "Status encoding",
            s.encoding
                .map(|e| e.as_str().to_string())
                .unwrap_or_default(),
        ),
        ("Validity", s.validity.as_str().to_string()),
        ("Freshness", s.freshness.as_str().to_string()),
        ("Reason", c.reason.clone()),
        ("Evidence", c.evidence.clone()),
        ("Interpretation", interpretation.to_string()),
        (
            "Count caveat",
            "Current = logical Instances any phase; Ready separate".to_string(),
        ),
        (
            "Attribution",
            "Exact IR snapshot; not action attribution".to_string(),
        ),
        ("Source method", c.method.clone()),
        ("Polling fallback", c.fallback.clone()),
        ("GET / WATCH / polls", c.counts.clone()),
        ("Elapsed milliseconds", c.elapsed.clone()),
    ];
    c.observed(&mut rows);
    if wide {
        rows.push((
            "Read scope",
            "Parent GET, exact IR GET, parent re-GET; watches".to_string(),
        ));
        rows.push(("Cancellation", CANCELLATION.to_string()));
    }
    rows
}

fn ready_rows(r: &ReadyObservation, outcome: Outcome, c: &Shared, wide: bool) -> Rows {
    let interpretation = match (outcome, r.validity == Validity::Valid) {
        (Outcome::Matched, true) => "Exact at observed IR snapshot",
        (Outcome::TimedOut, true) => "Last observation; currentness unverified",
        _ => "No verified exact count",
    };
    let mut rows = vec![
        ("Component", r.component.to_string()),
        ("Target ready", r.requested.to_string()),
        ("Outcome", c.outcome.clone()),
        ("Observed ready", count_or_unavailable(r.observed)),
        ("Count validity", r.validity.as_str().to_string()),
        ("Reason", c.reason.clone()),
    ];
    if let Some(blocker) = &r.blocked_by {
        rows.extend(blocked_by(blocker));
    }
    rows.push(("Evidence", c.evidence.clone()));
    rows.push(("Interpretation", interpretation.to_string()));
    rows.extend(c.engine());
    if wide {
        rows.push((
            "Count authority",
            "IR status; not /scale or an action receipt".to_string(),
        ));
        rows.push((
            "Readiness caveat",
            "Ready count; not serving or availability".to_string(),
        ));
        rows.push(("Cancellation", CANCELLATION.to_string()));
    }
    rows
}

/// `chat-decoder (decoder)` and `observedGeneration 3, generation 4`: two rows, each short
/// enough for the table's cells.
fn blocked_by(blocker: &Blocker) -> [(&'static str, String); 2] {
    let cause = match blocker.cause {
        BlockCause::NotReported => "evidence not Reported".to_string(),
        BlockCause::GenerationNotObserved {
            observed,
            generation,
        } => format!("observedGeneration {observed}, generation {generation}"),
        BlockCause::ReadyAboveReplicas { ready, replicas } => {
            format!("readyReplicas {ready} above replicas {replicas}")
        }
    };
    let replica = format!(
        "{} ({})",
        sanitize(&blocker.inference_replica),
        sanitize(&blocker.component)
    );
    [("Blocked by", replica), ("Blocked because", cause)]
}

fn migration_rows(m: &MigrationObservation, outcome: Outcome, c: &Shared, wide: bool) -> Rows {
    let mut rows = vec![
        ("Request ID", m.request_id.clone()),
        ("Outcome", c.outcome.clone()),
        (
            "Migration phase",
            m.phase.clone().unwrap_or_else(|| "Unknown".to_string()),
        ),
        (
            "Migration outcome",
            m.migration_outcome.unwrap_or("Unknown").to_string(),
        ),
        (
            "Component",
            m.component
                .map_or_else(|| "-".to_string(), |c| c.to_string()),
        ),
        ("Migration validity", m.validity.as_str().to_string()),
        ("Reason", c.reason.clone()),
        ("Evidence", c.evidence.clone()),
        (
            "Attribution",
            m.attribution(outcome == Outcome::Matched).to_string(),
        ),
    ];
    rows.extend(c.engine());
    if wide {
        rows.push(("Inspected IR sources", m.inspected_sources.to_string()));
        rows.push(("Inspected records", m.inspected_records.to_string()));
        rows.push(("Cancellation", CANCELLATION.to_string()));
    }
    rows
}

/// conformance.md §3.1: the identities, the states, the caveats, then the engine's counts
/// (no polling-fallback row).
fn held_rows(h: &HeldRevisionObservation, outcome: Outcome, c: &Shared, wide: bool) -> Rows {
    let dash = |v: &str| {
        if v.is_empty() {
            "-".to_string()
        } else {
            v.to_string()
        }
    };
    let interpretation = match (outcome, h.validity == HeldValidity::Valid) {
        (Outcome::Matched, true) => "Exact revision no longer Held on original IR",
        (Outcome::TimedOut, true) => "Last observation; currentness unverified",
        _ => "No verified current unheld state",
    };
    let mut rows = vec![
        ("Component", dash(&h.component)),
        ("Revision", dash(&h.revision)),
        ("InferenceReplica", dash(&h.inference_replica)),
        ("Outcome", c.outcome.clone()),
        ("Target state", h.target_state.to_string()),
        ("Mailbox", h.mailbox_state.to_string()),
        ("Validity", h.validity.as_str().to_string()),
        ("Reason", c.reason.clone()),
        ("Evidence", c.evidence.clone()),
        ("Interpretation", interpretation.to_string()),
        (
            "Attribution",
            "Unverifiable; not action attribution".to_string(),
        ),
        (
            "State caveat",
            "Pruning/re-Held races; no request receipt".to_string(),
        ),
        ("Source method", c.method.clone()),
    ];
    if wide {
        rows.push(("InferenceReplica UID", dash(&h.inference_replica_uid)));
        rows.push(("Status encoding", dash(&h.encoding)));
        rows.push((
            "Inspected sources / blocks",
            format!("{} / {}", h.inspected_sources, h.inspected_blocks),
        ));
        rows.push((
            "Read scope",
            "Parent GET / exact IR GET / parent refresh".to_string(),
        ));
        rows.push(("Cancellation", CANCELLATION.to_string()));
    }
    rows.push(("GET / WATCH / polls", c.counts.clone()));
    rows.push(("Elapsed milliseconds", c.elapsed.clone()));
    // Reads skipped after transient faults (difference l) stay visible.
    if c.skipped > 0 {
        rows.push(("Skipped reads", c.skipped.to_string()));
    }
    rows
}

/// conformance.md §3.2.
fn runtime_sync_rows(r: &RuntimeSyncObservation, outcome: Outcome, c: &Shared, wide: bool) -> Rows {
    let interpretation = match (outcome, r.validity == Validity::Valid) {
        (Outcome::Matched, true) => "Token acknowledged in bound parent snapshot",
        (Outcome::TimedOut, true) => "Last observation; currentness unverified",
        _ => "No verified exact acknowledgment",
    };
    let mut rows = vec![
        ("Request ID", r.request_id.clone()),
        ("Outcome", c.outcome.clone()),
        ("Token state", r.token_state.to_string()),
        ("Drift state", r.drift_state.to_string()),
        ("Managed pin", r.pin_state.to_string()),
        ("Placement", r.placement_state.to_string()),
        ("Validity", r.validity.as_str().to_string()),
        ("Reason", c.reason.clone()),
        ("Evidence", c.evidence.clone()),
        ("Interpretation", interpretation.to_string()),
        (
            "Sync caveat",
            "Reported token; not live-runtime convergence".to_string(),
        ),
        (
            "Attribution",
            "Same-object state; not action attribution".to_string(),
        ),
        ("Source method", c.method.clone()),
        ("Polling fallback", c.fallback.clone()),
        ("Elapsed milliseconds", c.elapsed.clone()),
        ("GET / WATCH / polls", c.counts.clone()),
    ];
    if c.skipped > 0 {
        rows.push(("Skipped reads", c.skipped.to_string()));
    }
    if wide {
        rows.push(("Generation freshness", r.generation_freshness.to_string()));
        rows.push(("Inspected conditions", r.inspected_conditions.to_string()));
        rows.push((
            "Read scope",
            "Bound parent GET; no runtime or IR reads".to_string(),
        ));
        rows.push(("Cancellation", CANCELLATION.to_string()));
    }
    rows
}

fn rollout_rows(r: &RolloutObservation, c: &Shared, wide: bool) -> Rows {
    let i = &r.inspection;
    let mut rows = vec![
        ("Outcome", c.outcome.clone()),
        ("Reported rollout", r.summary.reported_state.to_string()),
        ("Rollout state", r.summary.state.to_string()),
        ("Rollout validity", r.validity.as_str().to_string()),
        ("Reason", c.reason.clone()),
        ("Evidence", c.evidence.clone()),
        ("Rollout epoch", r.summary.epoch.to_string()),
        (
            "Coordination Ready",
            r.summary.coordination_ready.to_string(),
        ),
        (
            "Freshness caveat",
            "Reported rollout; not current-spec convergence".to_string(),
        ),
        (
            "Attribution caveat",
            "Controller status; not action attribution".to_string(),
        ),
        ("Rollout inspection", i.state.to_string()),
        (
            "Expansion",
            "Parent status only; no children read".to_string(),
        ),
    ];
    rows.extend(c.engine());
    for issue in &r.issues {
        let mut text = issue.code.to_string();
        if let Some(g) = issue.group {
            text.push_str(&format!(" group={g}"));
        }
        if let Some(comp) = &issue.component {
            text.push_str(&format!(" component={comp}"));
        }
        rows.push(("Rollout issue", text));
    }
    for warning in &r.warnings {
        rows.push(("Inspection warning", (*warning).to_string()));
    }
    if wide {
        rows.extend([
            ("Inspected conditions", i.conditions.to_string()),
            ("Inspected components", i.components.to_string()),
            ("Inspected live groups", i.groups.to_string()),
            ("Pinned groups", i.pinned_groups.to_string()),
            ("Inspected targets", i.targets.to_string()),
            ("Cancellation", CANCELLATION.to_string()),
        ]);
    }
    rows
}

fn condition_rows(o: &ConditionObservation, c: &Shared, wide: bool) -> Rows {
    let o = &o.observed;
    let mut rows = vec![
        ("Outcome", c.outcome.clone()),
        ("Observed Ready", o.status.to_string()),
        ("Condition validity", o.validity.as_str().to_string()),
        ("Reason", c.reason.clone()),
        ("Evidence", c.evidence.clone()),
        ("Generation freshness", o.generation_freshness.to_string()),
        (
            "Freshness caveat",
            "Reported condition; not current-spec convergence".to_string(),
        ),
        (
            "Condition inspection",
            format!(
                "{} ({}/{})",
                o.inspection.state, o.inspection.inspected, o.inspection.total
            ),
        ),
    ];
    rows.extend(c.engine());
    for warning in &o.inspection.warnings {
        rows.push(("Inspection warning", (*warning).to_string()));
    }
    if wide {
        rows.push(("Cancellation", CANCELLATION.to_string()));
    }
    rows
}

/// The longest progress line, whatever the terminal's width.
const PROGRESS_WIDTH: usize = 150;

/// The progress line for a terminal's stderr (no newline; the caller rewrites it in place).
pub(crate) fn progress_line(
    requested: &str,
    namespace: &str,
    name: &str,
    elapsed_secs: u64,
    counts: &Counts,
    max_width: usize,
) -> String {
    let line = format!(
        "Waiting for {requested} on {}/{} ... {elapsed_secs}s elapsed (GET / WATCH / polls {} / {} / {}, events {})",
        sanitize(redact(namespace)),
        sanitize(redact(name)),
        counts.gets,
        counts.watches,
        counts.polls,
        counts.events
    );
    bounded(&line, max_width.min(PROGRESS_WIDTH))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::condition::{ConditionObserved, ConditionReason, Inspection};
    use crate::evaluate::wait::SourceMethod;
    use crate::evaluate::wait::ready::ReadyReason;
    use crate::evaluate::wait::replicas_current::{Freshness, ScaleReason};
    use crate::evaluate::wait::report::report;
    use crate::ome::request::OutputFormat;
    use crate::ome::{Component, InstanceEncoding};
    use crate::render::{TableStyle, render};

    fn content(requested: &'static str, outcome: Outcome, reason: &'static str) -> WaitContent {
        WaitContent {
            requested,
            outcome,
            reason,
            observation: Observation::Condition(ConditionObservation::none()),
            evidence: "Reported",
            elapsed_milliseconds: 0,
            counts: Counts {
                gets: 1,
                watches: 0,
                polls: 0,
                events: 0,
                observations: 1,
                skipped: 0,
            },
            source_method: SourceMethod::InitialGet,
            polling_fallback: false,
        }
    }

    fn text(content: WaitContent, format: OutputFormat) -> String {
        let report = report(
            "prod",
            "chat",
            "2026-09-28T14:05:12Z".parse().unwrap(),
            content,
        );
        render(&report, format, TableStyle::default()).unwrap()
    }

    #[test]
    fn scale_matched_golden() {
        let mut c = content("Replicas=Current", Outcome::Matched, "ReplicaScaleMatched");
        c.observation = Observation::Scale(ScaleObservation {
            component: Component::Engine,
            requested: 4,
            spec_replicas: Some(4),
            current_replicas: Some(4),
            ready_replicas: Some(3),
            encoding: Some(InstanceEncoding::DenseV1),
            validity: Validity::Valid,
            freshness: Freshness::Current,
            reason: ScaleReason::ReplicaScaleMatched,
        });
        assert_eq!(
            text(c, OutputFormat::Table),
            "FIELD                   VALUE
Service                 prod/chat
Requested               Replicas=Current
Component               engine
Target replicas         4
Outcome                 Matched
Spec replicas           4
Current replicas        4
Ready replicas          3
Status encoding         DenseV1
Validity                Valid
Freshness               Current
Reason                  ReplicaScaleMatched
Evidence                Reported
Interpretation          Exact desired and current count at IR snapshot
Count caveat            Current = logical Instances any phase; Ready separate
Attribution             Exact IR snapshot; not action attribution
Source method           InitialGET
Polling fallback        false
GET / WATCH / polls     1 / 0 / 0
Elapsed milliseconds    0
Events / observations   0 / 1
"
        );
    }

    #[test]
    fn scale_timed_out_golden() {
        let mut c = content(
            "Replicas=Current",
            Outcome::TimedOut,
            "ReplicaScaleNotRecorded",
        );
        c.evidence = "Unavailable";
        c.elapsed_milliseconds = 60000;
        c.counts = Counts {
            gets: 12,
            watches: 0,
            polls: 11,
            events: 0,
            observations: 12,
            skipped: 0,
        };
        c.source_method = SourceMethod::Poll;
        c.observation = Observation::Scale(ScaleObservation {
            freshness: Freshness::Stale,
            ..ScaleObservation::unavailable(
                Component::Engine,
                2,
                ScaleReason::ReplicaScaleNotRecorded,
            )
        });
        assert_eq!(
            text(c, OutputFormat::Table),
            "FIELD                   VALUE
Service                 prod/chat
Requested               Replicas=Current
Component               engine
Target replicas         2
Outcome                 TimedOut
Spec replicas           <unavailable>
Current replicas        <unavailable>
Ready replicas          <unavailable>
Status encoding
Validity                Unavailable
Freshness               Stale
Reason                  ReplicaScaleNotRecorded
Evidence                Unavailable
Interpretation          No verified exact scale count
Count caveat            Current = logical Instances any phase; Ready separate
Attribution             Exact IR snapshot; not action attribution
Source method           Poll
Polling fallback        false
GET / WATCH / polls     12 / 0 / 11
Elapsed milliseconds    60000
Events / observations   0 / 12
"
        );
    }

    #[test]
    fn ready_wide_golden_and_sparse_timeout() {
        let mut c = content("Replicas=Ready", Outcome::Matched, "ReplicaReadyMatched");
        c.observation = Observation::Ready(ReadyObservation {
            component: Component::Engine,
            requested: 2,
            observed: Some(2),
            validity: Validity::Valid,
            reason: ReadyReason::ReplicaReadyMatched,
            blocked_by: None,
        });
        assert_eq!(
            text(c, OutputFormat::Wide),
            "FIELD                   VALUE
Service                 prod/chat
Requested               Replicas=Ready
Component               engine
Target ready            2
Outcome                 Matched
Observed ready          2
Count validity          Valid
Reason                  ReplicaReadyMatched
Evidence                Reported
Interpretation          Exact at observed IR snapshot
Source method           InitialGET
Polling fallback        false
Elapsed milliseconds    0
GET / WATCH / polls     1 / 0 / 0
Events / observations   0 / 1
Count authority         IR status; not /scale or an action receipt
Readiness caveat        Ready count; not serving or availability
Cancellation            Cooperative requests; plugins may ignore it
"
        );
        let mut c = content(
            "Replicas=Ready",
            Outcome::TimedOut,
            "InvalidReplicaReadyEvidence",
        );
        c.evidence = "Unavailable";
        c.elapsed_milliseconds = 60000;
        c.counts.gets = 12;
        c.counts.polls = 11;
        c.source_method = SourceMethod::Poll;
        c.observation = Observation::Ready(ReadyObservation::unavailable(
            Component::Engine,
            2,
            ReadyReason::InvalidReplicaReadyEvidence,
        ));
        assert_eq!(
            text(c, OutputFormat::Table),
            "FIELD                   VALUE
Service                 prod/chat
Requested               Replicas=Ready
Component               engine
Target ready            2
Outcome                 TimedOut
Observed ready          <unavailable>
Count validity          Invalid
Reason                  InvalidReplicaReadyEvidence
Evidence                Unavailable
Interpretation          No verified exact count
Source method           Poll
Polling fallback        false
Elapsed milliseconds    60000
GET / WATCH / polls     12 / 0 / 11
Events / observations   0 / 1
"
        );
    }

    #[test]
    fn ready_names_the_blocking_inference_replica_after_the_reason() {
        let mut c = content(
            "Replicas=Ready",
            Outcome::TimedOut,
            "InvalidReplicaReadyEvidence",
        );
        c.evidence = "Unavailable";
        let mut observation = ReadyObservation::unavailable(
            Component::Engine,
            2,
            ReadyReason::InvalidReplicaReadyEvidence,
        );
        observation.blocked_by = Some(Blocker {
            component: "decoder".into(),
            inference_replica: "chat-decoder\u{1b}[2J".into(),
            cause: BlockCause::GenerationNotObserved {
                observed: 3,
                generation: 4,
            },
        });
        c.observation = Observation::Ready(observation);
        let table = text(c, OutputFormat::Table);
        let rows: Vec<&str> = table.lines().skip(8).take(3).collect();
        assert_eq!(
            rows,
            [
                "Reason                  InvalidReplicaReadyEvidence",
                "Blocked by              chat-decoder\\u001B[2J (decoder)",
                "Blocked because         observedGeneration 3, generation 4",
            ]
        );
    }

    fn ready_true() -> WaitContent {
        let mut c = content("Ready=True", Outcome::Matched, "ConditionMatched");
        c.observation = Observation::Condition(ConditionObservation {
            observed: ConditionObserved {
                status: "True",
                validity: Validity::Valid,
                generation_freshness: "Unverifiable",
                inspection: Inspection {
                    state: "Complete",
                    total: 1,
                    inspected: 1,
                    warnings: Vec::new(),
                },
            },
            reason: ConditionReason::ConditionMatched,
        });
        c
    }

    #[test]
    fn condition_golden_table_and_json() {
        assert_eq!(
            text(ready_true(), OutputFormat::Table),
            "FIELD                   VALUE
Service                 prod/chat
Requested               Ready=True
Outcome                 Matched
Observed Ready          True
Condition validity      Valid
Reason                  ConditionMatched
Evidence                Reported
Generation freshness    Unverifiable
Freshness caveat        Reported condition; not current-spec convergence
Condition inspection    Complete (1/1)
Source method           InitialGET
Polling fallback        false
Elapsed milliseconds    0
GET / WATCH / polls     1 / 0 / 0
Events / observations   0 / 1
"
        );
        assert_eq!(
            text(ready_true(), OutputFormat::Json),
            r#"{
  "apiVersion": "cli.ome.io/v1alpha1",
  "kind": "WaitReport",
  "metadata": {
    "namespace": "prod",
    "name": "chat"
  },
  "collectedAt": "2026-09-28T14:05:12Z",
  "sources": [],
  "content": {
    "requested": "Ready=True",
    "outcome": "Matched",
    "reason": "ConditionMatched",
    "observed": {
      "status": "True",
      "validity": "Valid",
      "generationFreshness": "Unverifiable",
      "inspection": {
        "state": "Complete",
        "total": 1,
        "inspected": 1,
        "warnings": []
      }
    },
    "evidence": "Reported",
    "elapsedMilliseconds": 0,
    "counts": {
      "gets": 1,
      "watches": 0,
      "polls": 0,
      "events": 0,
      "observations": 1
    },
    "sourceMethod": "InitialGET",
    "pollingFallback": false
  },
  "warnings": []
}
"#
        );
    }

    #[test]
    fn a_progress_line_fits_the_terminal() {
        let counts = Counts::default();
        let line = progress_line("Replicas=Current", "prod", "chat", 3, &counts, 39);
        assert_eq!(line, "Waiting for Replicas=Current on prod...");
        let wide = progress_line("Replicas=Current", "prod", "chat", 3, &counts, usize::MAX);
        assert_eq!(
            wide,
            "Waiting for Replicas=Current on prod/chat ... 3s elapsed (GET / WATCH / polls 0 / 0 / 0, events 0)"
        );
    }

    #[test]
    fn skipped_reads_show_only_when_there_were_any() {
        let mut c = ready_true();
        c.counts.skipped = 2;
        let table = text(c.clone(), OutputFormat::Table);
        assert!(
            table.ends_with("Events / observations   0 / 1\nSkipped reads           2\n"),
            "{table}"
        );
        let json: serde_json::Value = serde_json::from_str(&text(c, OutputFormat::Json)).unwrap();
        assert_eq!(json["content"]["counts"]["skipped"], 2);
        assert!(!text(ready_true(), OutputFormat::Json).contains("skipped"));
        assert!(!text(ready_true(), OutputFormat::Table).contains("Skipped"));
    }

    /// The held-revision and migration waits after the parent was deleted: the reset objects
    /// of conformance.md §3.1 and §3.3.
    fn lost_parent(predicate: crate::ome::request::Predicate) -> WaitContent {
        built(predicate, Outcome::Deleted, None)
    }

    /// The report the engine's `result` (with `last` observed) builds for a wait of `predicate`
    /// on `chat` with the identities of the examples.
    fn built(
        predicate: crate::ome::request::Predicate,
        outcome: Outcome,
        last: Option<Observation>,
    ) -> WaitContent {
        use crate::evaluate::wait::report::{EngineResult, build};
        use crate::ome::request::{IrBinding, WaitRequest};
        let request = WaitRequest {
            name: "chat".into(),
            predicate,
            timeout: std::time::Duration::from_secs(60),
            output: OutputFormat::Table,
            component: Some(Component::Engine),
            replicas: None,
            request_id: Some("0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234".into()),
            revision: Some("chat-engine-0a1b2c3d".into()),
            ir: Some(IrBinding {
                name: "chat-engine".into(),
                uid: "6c1f0a4e-9d3b-4b8e-a1f2-3c4d5e6f7a8b".into(),
            }),
        };
        let result = EngineResult {
            outcome,
            last,
            counts: Counts {
                gets: 2,
                watches: 1,
                polls: 0,
                events: 1,
                observations: 2,
                skipped: 0,
            },
            method: SourceMethod::Watch,
            polling_fallback: false,
            elapsed_ms: 1200,
        };
        build(&request, &result)
    }

    #[test]
    fn held_revision_after_the_parent_was_deleted_goldens() {
        use crate::ome::request::Predicate;
        let held = || lost_parent(Predicate::HeldRevision);
        assert_eq!(
            text(held(), OutputFormat::Table),
            r#"FIELD                  VALUE
Service                prod/chat
Requested              HeldRevision=Unheld
Component              engine
Revision               chat-engine-0a1b2c3d
InferenceReplica       chat-engine
Outcome                Deleted
Target state           Unknown
Mailbox                Unknown
Validity               Unavailable
Reason                 SourceIncomplete
Evidence               Unavailable
Interpretation         No verified current unheld state
Attribution            Unverifiable; not action attribution
State caveat           Pruning/re-Held races; no request receipt
Source method          Watch
GET / WATCH / polls    2 / 1 / 0
Elapsed milliseconds   1200
"#
        );
        assert_eq!(
            text(held(), OutputFormat::Wide),
            r#"FIELD                    VALUE
Service                  prod/chat
Requested                HeldRevision=Unheld
Component                engine
Revision                 chat-engine-0a1b2c3d
InferenceReplica         chat-engine
Outcome                  Deleted
Target state             Unknown
Mailbox                  Unknown
Validity                 Unavailable
Reason                   SourceIncomplete
Evidence                 Unavailable
Interpretation           No verified current unheld state
Attribution              Unverifiable; not action attribution
State caveat             Pruning/re-Held races; no request receipt
Source method            Watch
InferenceReplica UID     6c1f0a4e-9d3b-4b8e-a1f2-3c4d5e6f7a8b
Status encoding          -
Inspected sources /...   0 / 0
Read scope               Parent GET / exact IR GET / parent refresh
Cancellation             Cooperative requests; plugins may ignore it
GET / WATCH / polls      2 / 1 / 0
Elapsed milliseconds     1200
"#
        );
        assert_eq!(
            text(held(), OutputFormat::Json),
            r#"{
  "apiVersion": "cli.ome.io/v1alpha1",
  "kind": "WaitReport",
  "metadata": {
    "namespace": "prod",
    "name": "chat"
  },
  "collectedAt": "2026-09-28T14:05:12Z",
  "sources": [],
  "content": {
    "requested": "HeldRevision=Unheld",
    "outcome": "Deleted",
    "reason": "SourceIncomplete",
    "observed": {
      "status": "NotRecorded",
      "validity": "Unavailable",
      "generationFreshness": "Unverifiable",
      "inspection": {
        "state": "NotInspected",
        "total": 0,
        "inspected": 0,
        "warnings": []
      }
    },
    "heldRevision": {
      "matched": false,
      "reason": "SourceIncomplete",
      "validity": "Unavailable",
      "targetState": "Unknown",
      "mailboxState": "Unknown",
      "attribution": "Unverifiable",
      "component": "engine",
      "revision": "chat-engine-0a1b2c3d",
      "inferenceReplica": "chat-engine",
      "inferenceReplicaUID": "6c1f0a4e-9d3b-4b8e-a1f2-3c4d5e6f7a8b",
      "inspectedSources": 0,
      "inspectedBlocks": 0
    },
    "evidence": "Unavailable",
    "elapsedMilliseconds": 1200,
    "counts": {
      "gets": 2,
      "watches": 1,
      "polls": 0,
      "events": 1,
      "observations": 2
    },
    "sourceMethod": "Watch",
    "pollingFallback": false
  },
  "warnings": []
}
"#
        );
        assert_eq!(
            text(held(), OutputFormat::Yaml),
            r#"apiVersion: cli.ome.io/v1alpha1
collectedAt: "2026-09-28T14:05:12Z"
content:
  counts:
    events: 1
    gets: 2
    observations: 2
    polls: 0
    watches: 1
  elapsedMilliseconds: 1200
  evidence: Unavailable
  heldRevision:
    attribution: Unverifiable
    component: engine
    inferenceReplica: chat-engine
    inferenceReplicaUID: 6c1f0a4e-9d3b-4b8e-a1f2-3c4d5e6f7a8b
    inspectedBlocks: 0
    inspectedSources: 0
    mailboxState: Unknown
    matched: false
    reason: SourceIncomplete
    revision: chat-engine-0a1b2c3d
    targetState: Unknown
    validity: Unavailable
  observed:
    generationFreshness: Unverifiable
    inspection:
      inspected: 0
      state: NotInspected
      total: 0
      warnings: []
    status: NotRecorded
    validity: Unavailable
  outcome: Deleted
  pollingFallback: false
  reason: SourceIncomplete
  requested: HeldRevision=Unheld
  sourceMethod: Watch
kind: WaitReport
metadata:
  name: chat
  namespace: prod
sources: []
warnings: []
"#
        );
    }

    #[test]
    fn migration_after_the_parent_was_deleted_goldens() {
        use crate::ome::request::Predicate;
        let lost = || lost_parent(Predicate::MigrationTerminal);
        assert_eq!(
            text(lost(), OutputFormat::Table),
            r#"FIELD                   VALUE
Service                 prod/chat
Requested               Migration=Terminal
Request ID              0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234
Outcome                 Deleted
Migration phase         Unknown
Migration outcome       Unknown
Component               -
Migration validity      Unavailable
Reason                  MigrationNotRecorded
Evidence                Unavailable
Attribution             No verified matching IR record
Source method           Watch
Polling fallback        false
Elapsed milliseconds    1200
GET / WATCH / polls     2 / 1 / 0
Events / observations   1 / 2
"#
        );
        assert_eq!(
            text(lost(), OutputFormat::Wide),
            r#"FIELD                   VALUE
Service                 prod/chat
Requested               Migration=Terminal
Request ID              0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234
Outcome                 Deleted
Migration phase         Unknown
Migration outcome       Unknown
Component               -
Migration validity      Unavailable
Reason                  MigrationNotRecorded
Evidence                Unavailable
Attribution             No verified matching IR record
Source method           Watch
Polling fallback        false
Elapsed milliseconds    1200
GET / WATCH / polls     2 / 1 / 0
Events / observations   1 / 2
Inspected IR sources    0
Inspected records       0
Cancellation            Cooperative requests; plugins may ignore it
"#
        );
        assert_eq!(
            text(lost(), OutputFormat::Json),
            r#"{
  "apiVersion": "cli.ome.io/v1alpha1",
  "kind": "WaitReport",
  "metadata": {
    "namespace": "prod",
    "name": "chat"
  },
  "collectedAt": "2026-09-28T14:05:12Z",
  "sources": [],
  "content": {
    "requested": "Migration=Terminal",
    "outcome": "Deleted",
    "reason": "MigrationNotRecorded",
    "observed": {
      "status": "NotRecorded",
      "validity": "Unavailable",
      "generationFreshness": "Unverifiable",
      "inspection": {
        "state": "NotInspected",
        "total": 0,
        "inspected": 0,
        "warnings": []
      }
    },
    "migration": {
      "requestID": "0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234",
      "phase": "Unknown",
      "migrationOutcome": "Unknown",
      "validity": "Unavailable",
      "inspectedSources": 0,
      "inspectedRecords": 0
    },
    "evidence": "Unavailable",
    "elapsedMilliseconds": 1200,
    "counts": {
      "gets": 2,
      "watches": 1,
      "polls": 0,
      "events": 1,
      "observations": 2
    },
    "sourceMethod": "Watch",
    "pollingFallback": false
  },
  "warnings": []
}
"#
        );
        assert_eq!(
            text(lost(), OutputFormat::Yaml),
            r#"apiVersion: cli.ome.io/v1alpha1
collectedAt: "2026-09-28T14:05:12Z"
content:
  counts:
    events: 1
    gets: 2
    observations: 2
    polls: 0
    watches: 1
  elapsedMilliseconds: 1200
  evidence: Unavailable
  migration:
    inspectedRecords: 0
    inspectedSources: 0
    migrationOutcome: Unknown
    phase: Unknown
    requestID: 0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234
    validity: Unavailable
  observed:
    generationFreshness: Unverifiable
    inspection:
      inspected: 0
      state: NotInspected
      total: 0
      warnings: []
    status: NotRecorded
    validity: Unavailable
  outcome: Deleted
  pollingFallback: false
  reason: MigrationNotRecorded
  requested: Migration=Terminal
  sourceMethod: Watch
kind: WaitReport
metadata:
  name: chat
  namespace: prod
sources: []
warnings: []
"#
        );
    }

    #[test]
    fn runtime_sync_after_the_parent_was_deleted_goldens() {
        use crate::ome::request::Predicate;
        let sync = || lost_parent(Predicate::RuntimeSync);
        assert_eq!(
            text(sync(), OutputFormat::Table),
            r#"FIELD                  VALUE
Service                prod/chat
Requested              RuntimeSync=Acknowledged
Request ID             0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234
Outcome                Deleted
Token state            Unavailable
Drift state            Unavailable
Managed pin            Unavailable
Placement              Direct
Validity               Unavailable
Reason                 RuntimeSyncNotRecorded
Evidence               Unavailable
Interpretation         No verified exact acknowledgment
Sync caveat            Reported token; not live-runtime convergence
Attribution            Same-object state; not action attribution
Source method          Watch
Polling fallback       false
Elapsed milliseconds   1200
GET / WATCH / polls    2 / 1 / 0
"#
        );
        assert_eq!(
            text(sync(), OutputFormat::Wide),
            r#"FIELD                  VALUE
Service                prod/chat
Requested              RuntimeSync=Acknowledged
Request ID             0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234
Outcome                Deleted
Token state            Unavailable
Drift state            Unavailable
Managed pin            Unavailable
Placement              Direct
Validity               Unavailable
Reason                 RuntimeSyncNotRecorded
Evidence               Unavailable
Interpretation         No verified exact acknowledgment
Sync caveat            Reported token; not live-runtime convergence
Attribution            Same-object state; not action attribution
Source method          Watch
Polling fallback       false
Elapsed milliseconds   1200
GET / WATCH / polls    2 / 1 / 0
Generation freshness   Unverifiable
Inspected conditions   0
Read scope             Bound parent GET; no runtime or IR reads
Cancellation           Cooperative requests; plugins may ignore it
"#
        );
        assert_eq!(
            text(sync(), OutputFormat::Json),
            r#"{
  "apiVersion": "cli.ome.io/v1alpha1",
  "kind": "WaitReport",
  "metadata": {
    "namespace": "prod",
    "name": "chat"
  },
  "collectedAt": "2026-09-28T14:05:12Z",
  "sources": [],
  "content": {
    "requested": "RuntimeSync=Acknowledged",
    "outcome": "Deleted",
    "reason": "RuntimeSyncNotRecorded",
    "observed": {
      "status": "NotRecorded",
      "validity": "Unavailable",
      "generationFreshness": "Unverifiable",
      "inspection": {
        "state": "NotInspected",
        "total": 0,
        "inspected": 0,
        "warnings": []
      }
    },
    "runtimeSync": {
      "requestID": "0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234",
      "tokenState": "Unavailable",
      "driftState": "Unavailable",
      "pinState": "Unavailable",
      "placementState": "Direct",
      "validity": "Unavailable",
      "inspectedConditions": 0,
      "generationFreshness": "Unverifiable"
    },
    "evidence": "Unavailable",
    "elapsedMilliseconds": 1200,
    "counts": {
      "gets": 2,
      "watches": 1,
      "polls": 0,
      "events": 1,
      "observations": 2
    },
    "sourceMethod": "Watch",
    "pollingFallback": false
  },
  "warnings": []
}
"#
        );
        assert_eq!(
            text(sync(), OutputFormat::Yaml),
            r#"apiVersion: cli.ome.io/v1alpha1
collectedAt: "2026-09-28T14:05:12Z"
content:
  counts:
    events: 1
    gets: 2
    observations: 2
    polls: 0
    watches: 1
  elapsedMilliseconds: 1200
  evidence: Unavailable
  observed:
    generationFreshness: Unverifiable
    inspection:
      inspected: 0
      state: NotInspected
      total: 0
      warnings: []
    status: NotRecorded
    validity: Unavailable
  outcome: Deleted
  pollingFallback: false
  reason: RuntimeSyncNotRecorded
  requested: RuntimeSync=Acknowledged
  runtimeSync:
    driftState: Unavailable
    generationFreshness: Unverifiable
    inspectedConditions: 0
    pinState: Unavailable
    placementState: Direct
    requestID: 0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234
    tokenState: Unavailable
    validity: Unavailable
  sourceMethod: Watch
kind: WaitReport
metadata:
  name: chat
  namespace: prod
sources: []
warnings: []
"#
        );
    }

    const REQUEST_ID: &str = "0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234";

    /// An exact revision of the original IR that is no longer `Held` (conformance.md §3.1).
    fn unheld() -> WaitContent {
        use crate::evaluate::wait::held_revision::{HeldRevisionReason, MailboxState, TargetState};
        use crate::ome::request::Predicate;
        let observation = HeldRevisionObservation {
            matched: true,
            reason: HeldRevisionReason::Unheld,
            validity: HeldValidity::Valid,
            target_state: TargetState::Backoff,
            mailbox_state: MailboxState::Absent,
            attribution: "Unverifiable",
            component: "engine".into(),
            revision: "chat-engine-0a1b2c3d".into(),
            inference_replica: "chat-engine".into(),
            inference_replica_uid: "6c1f0a4e-9d3b-4b8e-a1f2-3c4d5e6f7a8b".into(),
            encoding: "ColumnarV2".into(),
            inspected_sources: 1,
            inspected_blocks: 2,
        };
        built(
            Predicate::HeldRevision,
            Outcome::Matched,
            Some(Observation::HeldRevision(observation)),
        )
    }

    /// A token acknowledged in the bound parent (conformance.md §3.2).
    fn acknowledged() -> WaitContent {
        use crate::evaluate::wait::runtime_sync::{
            DriftState, PinState, PlacementState, RuntimeSyncReason, TokenState,
        };
        use crate::ome::request::Predicate;
        let observation = RuntimeSyncObservation {
            request_id: REQUEST_ID.into(),
            token_state: TokenState::Acknowledged,
            drift_state: DriftState::Clear,
            pin_state: PinState::Managed,
            placement_state: PlacementState::Direct,
            validity: Validity::Valid,
            inspected_conditions: 3,
            generation_freshness: "Unverifiable",
            reason: RuntimeSyncReason::RuntimeSyncObserved,
        };
        built(
            Predicate::RuntimeSync,
            Outcome::Matched,
            Some(Observation::RuntimeSync(observation)),
        )
    }

    /// A completed migration record (conformance.md §3.3).
    fn completed() -> WaitContent {
        use crate::evaluate::wait::migration::MigrationReason;
        use crate::ome::request::Predicate;
        let mut observation = MigrationObservation::none(REQUEST_ID);
        observation.component = Some(Component::Engine);
        observation.phase = Some("Completed".into());
        observation.migration_outcome = Some("Completed");
        observation.validity = Validity::Valid;
        observation.inspected_sources = 3;
        observation.inspected_records = 1;
        observation.reason = MigrationReason::MigrationMatched;
        observation.complete = true;
        built(
            Predicate::MigrationTerminal,
            Outcome::Matched,
            Some(Observation::Migration(observation)),
        )
    }

    #[test]
    fn held_revision_unheld_goldens() {
        assert_eq!(
            text(unheld(), OutputFormat::Table),
            r#"FIELD                  VALUE
Service                prod/chat
Requested              HeldRevision=Unheld
Component              engine
Revision               chat-engine-0a1b2c3d
InferenceReplica       chat-engine
Outcome                Matched
Target state           Backoff
Mailbox                Absent
Validity               Valid
Reason                 Unheld
Evidence               Reported
Interpretation         Exact revision no longer Held on original IR
Attribution            Unverifiable; not action attribution
State caveat           Pruning/re-Held races; no request receipt
Source method          Watch
GET / WATCH / polls    2 / 1 / 0
Elapsed milliseconds   1200
"#
        );
        assert_eq!(
            text(unheld(), OutputFormat::Wide),
            r#"FIELD                    VALUE
Service                  prod/chat
Requested                HeldRevision=Unheld
Component                engine
Revision                 chat-engine-0a1b2c3d
InferenceReplica         chat-engine
Outcome                  Matched
Target state             Backoff
Mailbox                  Absent
Validity                 Valid
Reason                   Unheld
Evidence                 Reported
Interpretation           Exact revision no longer Held on original IR
Attribution              Unverifiable; not action attribution
State caveat             Pruning/re-Held races; no request receipt
Source method            Watch
InferenceReplica UID     6c1f0a4e-9d3b-4b8e-a1f2-3c4d5e6f7a8b
Status encoding          ColumnarV2
Inspected sources /...   1 / 2
Read scope               Parent GET / exact IR GET / parent refresh
Cancellation             Cooperative requests; plugins may ignore it
GET / WATCH / polls      2 / 1 / 0
Elapsed milliseconds     1200
"#
        );
        assert_eq!(
            text(unheld(), OutputFormat::Json),
            r#"{
  "apiVersion": "cli.ome.io/v1alpha1",
  "kind": "WaitReport",
  "metadata": {
    "namespace": "prod",
    "name": "chat"
  },
  "collectedAt": "2026-09-28T14:05:12Z",
  "sources": [],
  "content": {
    "requested": "HeldRevision=Unheld",
    "outcome": "Matched",
    "reason": "Unheld",
    "observed": {
      "status": "NotRecorded",
      "validity": "Unavailable",
      "generationFreshness": "Unverifiable",
      "inspection": {
        "state": "NotInspected",
        "total": 0,
        "inspected": 0,
        "warnings": []
      }
    },
    "heldRevision": {
      "matched": true,
      "reason": "Unheld",
      "validity": "Valid",
      "targetState": "Backoff",
      "mailboxState": "Absent",
      "attribution": "Unverifiable",
      "component": "engine",
      "revision": "chat-engine-0a1b2c3d",
      "inferenceReplica": "chat-engine",
      "inferenceReplicaUID": "6c1f0a4e-9d3b-4b8e-a1f2-3c4d5e6f7a8b",
      "encoding": "ColumnarV2",
      "inspectedSources": 1,
      "inspectedBlocks": 2
    },
    "evidence": "Reported",
    "elapsedMilliseconds": 1200,
    "counts": {
      "gets": 2,
      "watches": 1,
      "polls": 0,
      "events": 1,
      "observations": 2
    },
    "sourceMethod": "Watch",
    "pollingFallback": false
  },
  "warnings": []
}
"#
        );
        assert_eq!(
            text(unheld(), OutputFormat::Yaml),
            r#"apiVersion: cli.ome.io/v1alpha1
collectedAt: "2026-09-28T14:05:12Z"
content:
  counts:
    events: 1
    gets: 2
    observations: 2
    polls: 0
    watches: 1
  elapsedMilliseconds: 1200
  evidence: Reported
  heldRevision:
    attribution: Unverifiable
    component: engine
    encoding: ColumnarV2
    inferenceReplica: chat-engine
    inferenceReplicaUID: 6c1f0a4e-9d3b-4b8e-a1f2-3c4d5e6f7a8b
    inspectedBlocks: 2
    inspectedSources: 1
    mailboxState: Absent
    matched: true
    reason: Unheld
    revision: chat-engine-0a1b2c3d
    targetState: Backoff
    validity: Valid
  observed:
    generationFreshness: Unverifiable
    inspection:
      inspected: 0
      state: NotInspected
      total: 0
      warnings: []
    status: NotRecorded
    validity: Unavailable
  outcome: Matched
  pollingFallback: false
  reason: Unheld
  requested: HeldRevision=Unheld
  sourceMethod: Watch
kind: WaitReport
metadata:
  name: chat
  namespace: prod
sources: []
warnings: []
"#
        );
    }

    #[test]
    fn runtime_sync_acknowledged_goldens() {
        assert_eq!(
            text(acknowledged(), OutputFormat::Table),
            r#"FIELD                  VALUE
Service                prod/chat
Requested              RuntimeSync=Acknowledged
Request ID             0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234
Outcome                Matched
Token state            Acknowledged
Drift state            Clear
Managed pin            Managed
Placement              Direct
Validity               Valid
Reason                 RuntimeSyncObserved
Evidence               Reported
Interpretation         Token acknowledged in bound parent snapshot
Sync caveat            Reported token; not live-runtime convergence
Attribution            Same-object state; not action attribution
Source method          Watch
Polling fallback       false
Elapsed milliseconds   1200
GET / WATCH / polls    2 / 1 / 0
"#
        );
        assert_eq!(
            text(acknowledged(), OutputFormat::Wide),
            r#"FIELD                  VALUE
Service                prod/chat
Requested              RuntimeSync=Acknowledged
Request ID             0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234
Outcome                Matched
Token state            Acknowledged
Drift state            Clear
Managed pin            Managed
Placement              Direct
Validity               Valid
Reason                 RuntimeSyncObserved
Evidence               Reported
Interpretation         Token acknowledged in bound parent snapshot
Sync caveat            Reported token; not live-runtime convergence
Attribution            Same-object state; not action attribution
Source method          Watch
Polling fallback       false
Elapsed milliseconds   1200
GET / WATCH / polls    2 / 1 / 0
Generation freshness   Unverifiable
Inspected conditions   3
Read scope             Bound parent GET; no runtime or IR reads
Cancellation           Cooperative requests; plugins may ignore it
"#
        );
        assert_eq!(
            text(acknowledged(), OutputFormat::Json),
            r#"{
  "apiVersion": "cli.ome.io/v1alpha1",
  "kind": "WaitReport",
  "metadata": {
    "namespace": "prod",
    "name": "chat"
  },
  "collectedAt": "2026-09-28T14:05:12Z",
  "sources": [],
  "content": {
    "requested": "RuntimeSync=Acknowledged",
    "outcome": "Matched",
    "reason": "RuntimeSyncObserved",
    "observed": {
      "status": "NotRecorded",
      "validity": "Unavailable",
      "generationFreshness": "Unverifiable",
      "inspection": {
        "state": "NotInspected",
        "total": 0,
        "inspected": 0,
        "warnings": []
      }
    },
    "runtimeSync": {
      "requestID": "0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234",
      "tokenState": "Acknowledged",
      "driftState": "Clear",
      "pinState": "Managed",
      "placementState": "Direct",
      "validity": "Valid",
      "inspectedConditions": 3,
      "generationFreshness": "Unverifiable"
    },
    "evidence": "Reported",
    "elapsedMilliseconds": 1200,
    "counts": {
      "gets": 2,
      "watches": 1,
      "polls": 0,
      "events": 1,
      "observations": 2
    },
    "sourceMethod": "Watch",
    "pollingFallback": false
  },
  "warnings": []
}
"#
        );
        assert_eq!(
            text(acknowledged(), OutputFormat::Yaml),
            r#"apiVersion: cli.ome.io/v1alpha1
collectedAt: "2026-09-28T14:05:12Z"
content:
  counts:
    events: 1
    gets: 2
    observations: 2
    polls: 0
    watches: 1
  elapsedMilliseconds: 1200
  evidence: Reported
  observed:
    generationFreshness: Unverifiable
    inspection:
      inspected: 0
      state: NotInspected
      total: 0
      warnings: []
    status: NotRecorded
    validity: Unavailable
  outcome: Matched
  pollingFallback: false
  reason: RuntimeSyncObserved
  requested: RuntimeSync=Acknowledged
  runtimeSync:
    driftState: Clear
    generationFreshness: Unverifiable
    inspectedConditions: 3
    pinState: Managed
    placementState: Direct
    requestID: 0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234
    tokenState: Acknowledged
    validity: Valid
  sourceMethod: Watch
kind: WaitReport
metadata:
  name: chat
  namespace: prod
sources: []
warnings: []
"#
        );
    }

    #[test]
    fn migration_completed_goldens() {
        assert_eq!(
            text(completed(), OutputFormat::Table),
            r#"FIELD                   VALUE
Service                 prod/chat
Requested               Migration=Terminal
Request ID              0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234
Outcome                 Matched
Migration phase         Completed
Migration outcome       Completed
Component               engine
Migration validity      Valid
Reason                  MigrationMatched
Evidence                Reported
Attribution             Exact request ID in live IR status
Source method           Watch
Polling fallback        false
Elapsed milliseconds    1200
GET / WATCH / polls     2 / 1 / 0
Events / observations   1 / 2
"#
        );
        assert_eq!(
            text(completed(), OutputFormat::Wide),
            r#"FIELD                   VALUE
Service                 prod/chat
Requested               Migration=Terminal
Request ID              0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234
Outcome                 Matched
Migration phase         Completed
Migration outcome       Completed
Component               engine
Migration validity      Valid
Reason                  MigrationMatched
Evidence                Reported
Attribution             Exact request ID in live IR status
Source method           Watch
Polling fallback        false
Elapsed milliseconds    1200
GET / WATCH / polls     2 / 1 / 0
Events / observations   1 / 2
Inspected IR sources    3
Inspected records       1
Cancellation            Cooperative requests; plugins may ignore it
"#
        );
        assert_eq!(
            text(completed(), OutputFormat::Json),
            r#"{
  "apiVersion": "cli.ome.io/v1alpha1",
  "kind": "WaitReport",
  "metadata": {
    "namespace": "prod",
    "name": "chat"
  },
  "collectedAt": "2026-09-28T14:05:12Z",
  "sources": [],
  "content": {
    "requested": "Migration=Terminal",
    "outcome": "Matched",
    "reason": "MigrationMatched",
    "observed": {
      "status": "NotRecorded",
      "validity": "Unavailable",
      "generationFreshness": "Unverifiable",
      "inspection": {
        "state": "NotInspected",
        "total": 0,
        "inspected": 0,
        "warnings": []
      }
    },
    "migration": {
      "requestID": "0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234",
      "component": "engine",
      "phase": "Completed",
      "migrationOutcome": "Completed",
      "validity": "Valid",
      "inspectedSources": 3,
      "inspectedRecords": 1
    },
    "evidence": "Reported",
    "elapsedMilliseconds": 1200,
    "counts": {
      "gets": 2,
      "watches": 1,
      "polls": 0,
      "events": 1,
      "observations": 2
    },
    "sourceMethod": "Watch",
    "pollingFallback": false
  },
  "warnings": []
}
"#
        );
        assert_eq!(
            text(completed(), OutputFormat::Yaml),
            r#"apiVersion: cli.ome.io/v1alpha1
collectedAt: "2026-09-28T14:05:12Z"
content:
  counts:
    events: 1
    gets: 2
    observations: 2
    polls: 0
    watches: 1
  elapsedMilliseconds: 1200
  evidence: Reported
  migration:
    component: engine
    inspectedRecords: 1
    inspectedSources: 3
    migrationOutcome: Completed
    phase: Completed
    requestID: 0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234
    validity: Valid
  observed:
    generationFreshness: Unverifiable
    inspection:
      inspected: 0
      state: NotInspected
      total: 0
      warnings: []
    status: NotRecorded
    validity: Unavailable
  outcome: Matched
  pollingFallback: false
  reason: MigrationMatched
  requested: Migration=Terminal
  sourceMethod: Watch
kind: WaitReport
metadata:
  name: chat
  namespace: prod
sources: []
warnings: []
"#
        );
    }
}
