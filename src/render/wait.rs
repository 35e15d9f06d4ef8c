//! Rendering for `wait` (read-commands.md §4.5–§4.11): the `WaitReport` envelope as json/yaml,
//! or a FIELD/VALUE table per predicate (FIELD ≤ 22 columns, VALUE ≤ 54, `...` suffix), and the
//! progress line shown on a terminal's stderr while waiting.

use super::{Report, Table, TableStyle, Tone, bounded, to_json, to_yaml};
use crate::cli::OutputFormat;
use crate::evaluate::wait::report::WaitContent;
use crate::evaluate::wait::{Counts, Outcome};
use serde::Serialize;

pub type WaitReport = Report<Empty, WaitContent>;

/// `WaitReport.sources` is always `[]`.
#[derive(Debug, Clone, Serialize)]
pub enum Empty {}

const FIELD_WIDTH: usize = 22;
const VALUE_WIDTH: usize = 54;
const CANCELLATION: &str = "Cooperative requests; plugins may ignore it";
const UNAVAILABLE: &str = "<unavailable>";

pub fn report(
    namespace: &str,
    name: &str,
    collected_at: String,
    content: WaitContent,
) -> WaitReport {
    Report::new(
        "WaitReport",
        &super::sanitize(namespace),
        &super::sanitize(name),
        collected_at,
        content,
    )
}

/// The report in the requested format.
pub fn render(
    report: &WaitReport,
    format: OutputFormat,
    style: TableStyle,
) -> Result<String, super::structured::RenderError> {
    match format {
        OutputFormat::Json => to_json(report),
        OutputFormat::Yaml => to_yaml(report),
        OutputFormat::Table | OutputFormat::Wide => {
            Ok(table(report, format == OutputFormat::Wide).render(style))
        }
    }
}

fn count_or_unavailable(value: Option<i64>) -> String {
    value.map_or_else(|| UNAVAILABLE.to_string(), |v| v.to_string())
}

fn counts_cell(c: &Counts) -> String {
    format!("{} / {} / {}", c.gets, c.watches, c.polls)
}

/// The FIELD/VALUE table.
pub fn table(report: &WaitReport, wide: bool) -> Table {
    let c = &report.content;
    let service = format!("{}/{}", report.metadata.namespace, report.metadata.name);
    let mut rows: Vec<(&str, String)> =
        vec![("Service", service), ("Requested", c.requested.to_string())];
    let outcome = c.outcome.as_str().to_string();
    let method = c.source_method.as_str().to_string();
    let elapsed = c.elapsed_milliseconds.to_string();
    let gwp = counts_cell(&c.counts);
    let fallback = c.polling_fallback.to_string();
    let events = format!("{} / {}", c.counts.events, c.counts.observations);
    if let Some(s) = &c.scale {
        let valid = s.validity == crate::evaluate::wait::Validity::Valid;
        let interpretation = match (c.outcome, valid) {
            (Outcome::Matched, true) => "Exact desired and current count at IR snapshot",
            (Outcome::TimedOut, true) => "Last observation; currentness unverified",
            _ => "No verified exact scale count",
        };
        rows.extend([
            ("Component", s.component.to_string()),
            ("Target replicas", s.requested.to_string()),
            ("Outcome", outcome),
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
            ("Reason", c.reason.to_string()),
            ("Evidence", c.evidence.to_string()),
            ("Interpretation", interpretation.to_string()),
            (
                "Count caveat",
                "Current = logical Instances any phase; Ready separate".to_string(),
            ),
            (
                "Attribution",
                "Exact IR snapshot; not action attribution".to_string(),
            ),
            ("Source method", method),
            ("GET / WATCH / polls", gwp),
            ("Elapsed milliseconds", elapsed),
        ]);
        if wide {
            rows.push((
                "Read scope",
                "Parent GET, exact IR GET, parent re-GET".to_string(),
            ));
            rows.push(("Cancellation", CANCELLATION.to_string()));
        }
    } else if let Some(r) = &c.ready_replicas {
        let valid = r.validity == crate::evaluate::wait::Validity::Valid;
        let interpretation = match (c.outcome, valid) {
            (Outcome::Matched, true) => "Exact at observed IR snapshot",
            (Outcome::TimedOut, true) => "Last observation; currentness unverified",
            _ => "No verified exact count",
        };
        rows.extend([
            ("Component", r.component.to_string()),
            ("Target ready", r.requested.to_string()),
            ("Outcome", outcome),
            ("Observed ready", count_or_unavailable(r.observed)),
            ("Count validity", r.validity.as_str().to_string()),
            ("Reason", c.reason.to_string()),
            ("Evidence", c.evidence.to_string()),
            ("Interpretation", interpretation.to_string()),
            ("Source method", method),
            ("Polling fallback", fallback),
            ("Elapsed milliseconds", elapsed),
            ("GET / WATCH / polls", gwp),
        ]);
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
    } else if let Some(m) = &c.migration {
        rows.extend([
            ("Request ID", m.request_id.clone()),
            ("Outcome", outcome),
            (
                "Migration phase",
                m.phase.clone().unwrap_or_else(|| "-".to_string()),
            ),
            (
                "Migration outcome",
                m.migration_outcome.unwrap_or("-").to_string(),
            ),
            (
                "Component",
                m.component
                    .map_or_else(|| "-".to_string(), |c| c.to_string()),
            ),
            ("Migration validity", m.validity.as_str().to_string()),
            ("Reason", c.reason.to_string()),
            ("Evidence", c.evidence.to_string()),
            (
                "Attribution",
                m.attribution(c.outcome == Outcome::Matched).to_string(),
            ),
            ("Source method", method),
            ("Polling fallback", fallback),
            ("Elapsed milliseconds", elapsed),
            ("GET / WATCH / polls", gwp),
        ]);
        if wide {
            rows.push(("Inspected IR sources", m.inspected_sources.to_string()));
            rows.push(("Inspected records", m.inspected_records.to_string()));
            rows.push(("Cancellation", CANCELLATION.to_string()));
        }
    } else if let Some(h) = &c.held_revision {
        rows.extend([
            ("Component", h.component.to_string()),
            ("Revision", h.revision.clone()),
            ("InferenceReplica", h.inference_replica.clone()),
            ("Outcome", outcome),
            (
                "Retry block state",
                h.block_state.clone().unwrap_or_else(|| "-".to_string()),
            ),
            (
                "Release mailbox",
                if h.mailbox_present {
                    "Present"
                } else {
                    "Absent"
                }
                .to_string(),
            ),
            ("Held validity", h.validity.as_str().to_string()),
            ("Reason", c.reason.to_string()),
            ("Evidence", c.evidence.to_string()),
            ("Source method", method),
            ("Polling fallback", fallback),
            ("Elapsed milliseconds", elapsed),
            ("GET / WATCH / polls", gwp),
        ]);
        if wide {
            rows.push(("Cancellation", CANCELLATION.to_string()));
        }
    } else if let Some(r) = &c.runtime_sync {
        rows.extend([
            ("Request ID", r.request_id.clone()),
            ("Outcome", outcome),
            ("Sync requested", r.requested.to_string()),
            ("Sync acknowledged", r.acknowledged.to_string()),
            ("Runtime pin", r.pin.to_string()),
            ("Runtime drifted", r.drifted.to_string()),
            ("Sync validity", r.validity.as_str().to_string()),
            ("Reason", c.reason.to_string()),
            ("Evidence", c.evidence.to_string()),
            ("Source method", method),
            ("Polling fallback", fallback),
            ("Elapsed milliseconds", elapsed),
            ("GET / WATCH / polls", gwp),
        ]);
        if wide {
            rows.push(("Cancellation", CANCELLATION.to_string()));
        }
    } else if let Some(r) = &c.rollout {
        let i = &r.inspection;
        rows.extend([
            ("Outcome", outcome),
            ("Reported rollout", r.summary.reported_state.to_string()),
            ("Rollout state", r.summary.state.to_string()),
            ("Rollout validity", r.validity.as_str().to_string()),
            ("Reason", c.reason.to_string()),
            ("Evidence", c.evidence.to_string()),
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
            ("Source method", method),
            ("Polling fallback", fallback),
            ("Elapsed milliseconds", elapsed),
            ("GET / WATCH / polls", gwp),
            ("Events / observations", events),
        ]);
        for issue in &r.issues {
            let mut text = issue.code.clone();
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
    } else {
        let o = &c.observed;
        rows.extend([
            ("Outcome", outcome),
            ("Observed Ready", o.status.to_string()),
            ("Condition validity", o.validity.as_str().to_string()),
            ("Reason", c.reason.to_string()),
            ("Evidence", c.evidence.to_string()),
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
            ("Source method", method),
            ("Polling fallback", fallback),
            ("Elapsed milliseconds", elapsed),
            ("GET / WATCH / polls", gwp),
            ("Events / observations", events),
        ]);
        for warning in &o.inspection.warnings {
            rows.push(("Inspection warning", (*warning).to_string()));
        }
        if wide {
            rows.push(("Cancellation", CANCELLATION.to_string()));
        }
    }
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

/// The progress line for a terminal's stderr (no newline; the caller rewrites it in place).
pub fn progress_line(
    requested: &str,
    namespace: &str,
    name: &str,
    elapsed_secs: u64,
    counts: &Counts,
) -> String {
    let line = format!(
        "Waiting for {requested} on {}/{} ... {elapsed_secs}s elapsed (GET / WATCH / polls {} / {} / {}, events {})",
        super::sanitize(namespace),
        super::sanitize(name),
        counts.gets,
        counts.watches,
        counts.polls,
        counts.events
    );
    bounded(&line, 150)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::Component;
    use crate::evaluate::wait::condition::{ConditionObserved, Inspection};
    use crate::evaluate::wait::ready::{ReadyObservation, ReadyReason};
    use crate::evaluate::wait::scale::{Freshness, ScaleObservation, ScaleReason};
    use crate::evaluate::wait::{SourceMethod, Validity};
    use crate::ome::InstanceEncoding;

    fn content(requested: &'static str, outcome: Outcome, reason: &'static str) -> WaitContent {
        WaitContent {
            requested,
            outcome,
            reason,
            observed: ConditionObserved::neutral(),
            rollout: None,
            migration: None,
            ready_replicas: None,
            runtime_sync: None,
            held_revision: None,
            scale: None,
            evidence: "Reported",
            elapsed_milliseconds: 0,
            counts: Counts {
                gets: 1,
                watches: 0,
                polls: 0,
                events: 0,
                observations: 1,
            },
            source_method: SourceMethod::InitialGet,
            polling_fallback: false,
        }
    }

    fn text(content: WaitContent, format: OutputFormat) -> String {
        let report = report("prod", "chat", "2026-09-28T14:05:12Z".to_string(), content);
        render(&report, format, TableStyle::default()).unwrap()
    }

    #[test]
    fn scale_matched_golden() {
        let mut c = content("Replicas=Current", Outcome::Matched, "ReplicaScaleMatched");
        c.scale = Some(ScaleObservation {
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
            "FIELD                  VALUE
Service                prod/chat
Requested              Replicas=Current
Component              engine
Target replicas        4
Outcome                Matched
Spec replicas          4
Current replicas       4
Ready replicas         3
Status encoding        DenseV1
Validity               Valid
Freshness              Current
Reason                 ReplicaScaleMatched
Evidence               Reported
Interpretation         Exact desired and current count at IR snapshot
Count caveat           Current = logical Instances any phase; Ready separate
Attribution            Exact IR snapshot; not action attribution
Source method          InitialGET
GET / WATCH / polls    1 / 0 / 0
Elapsed milliseconds   0
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
        };
        c.source_method = SourceMethod::Poll;
        c.scale = Some(ScaleObservation {
            freshness: Freshness::Stale,
            ..ScaleObservation::unavailable(
                Component::Engine,
                2,
                ScaleReason::ReplicaScaleNotRecorded,
            )
        });
        assert_eq!(
            text(c, OutputFormat::Table),
            "FIELD                  VALUE
Service                prod/chat
Requested              Replicas=Current
Component              engine
Target replicas        2
Outcome                TimedOut
Spec replicas          <unavailable>
Current replicas       <unavailable>
Ready replicas         <unavailable>
Status encoding
Validity               Unavailable
Freshness              Stale
Reason                 ReplicaScaleNotRecorded
Evidence               Unavailable
Interpretation         No verified exact scale count
Count caveat           Current = logical Instances any phase; Ready separate
Attribution            Exact IR snapshot; not action attribution
Source method          Poll
GET / WATCH / polls    12 / 0 / 11
Elapsed milliseconds   60000
"
        );
    }

    #[test]
    fn ready_wide_golden_and_sparse_timeout() {
        let mut c = content("Replicas=Ready", Outcome::Matched, "ReplicaReadyMatched");
        c.ready_replicas = Some(ReadyObservation {
            component: Component::Engine,
            requested: 2,
            observed: Some(2),
            validity: Validity::Valid,
            reason: ReadyReason::ReplicaReadyMatched,
        });
        assert_eq!(
            text(c, OutputFormat::Wide),
            "FIELD                  VALUE
Service                prod/chat
Requested              Replicas=Ready
Component              engine
Target ready           2
Outcome                Matched
Observed ready         2
Count validity         Valid
Reason                 ReplicaReadyMatched
Evidence               Reported
Interpretation         Exact at observed IR snapshot
Source method          InitialGET
Polling fallback       false
Elapsed milliseconds   0
GET / WATCH / polls    1 / 0 / 0
Count authority        IR status; not /scale or an action receipt
Readiness caveat       Ready count; not serving or availability
Cancellation           Cooperative requests; plugins may ignore it
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
        c.ready_replicas = Some(ReadyObservation::unavailable(
            Component::Engine,
            2,
            ReadyReason::InvalidReplicaReadyEvidence,
        ));
        assert_eq!(
            text(c, OutputFormat::Table),
            "FIELD                  VALUE
Service                prod/chat
Requested              Replicas=Ready
Component              engine
Target ready           2
Outcome                TimedOut
Observed ready         <unavailable>
Count validity         Invalid
Reason                 InvalidReplicaReadyEvidence
Evidence               Unavailable
Interpretation         No verified exact count
Source method          Poll
Polling fallback       false
Elapsed milliseconds   60000
GET / WATCH / polls    12 / 0 / 11
"
        );
    }

    fn ready_true() -> WaitContent {
        let mut c = content("Ready=True", Outcome::Matched, "ConditionMatched");
        c.observed = ConditionObserved {
            status: "True",
            validity: Validity::Valid,
            generation_freshness: "Unverifiable",
            inspection: Inspection {
                state: "Complete",
                total: 1,
                inspected: 1,
                warnings: Vec::new(),
            },
        };
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
}
