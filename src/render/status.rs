//! `status` tables (diagnose.md §3.4): `FIELD`/`VALUE`, Bounded(20)/Bounded(57), so lines stay
//! within 80 columns; the wide table adds messages, inspection, phase counters and the time of
//! collection. JSON/YAML are the report itself.

use super::{Table, Tabular};
use crate::errors::scale_check::next_scope;
use crate::evaluate::status::report::{Observation, RuntimeSummary};
use crate::evaluate::status::{StatusContent, StatusReport};
use crate::text::bounded;

const FIELD: usize = 20;
const VALUE: usize = 57;
const WIDE_VALUE: usize = 200;

struct Rows {
    value: usize,
    /// Each row, and whether its value is a command to run (never shortened: difference z).
    rows: Vec<(String, String, bool)>,
}

impl Rows {
    fn push(&mut self, field: impl Into<String>, value: impl Into<String>) {
        self.rows.push((field.into(), value.into(), false));
    }

    fn push_command(&mut self, field: impl Into<String>, value: impl Into<String>) {
        self.rows.push((field.into(), value.into(), true));
    }

    fn table(self) -> Table {
        let mut table = Table::new(["FIELD", "VALUE"]);
        for (field, value, whole) in self.rows {
            let value = if whole {
                value
            } else {
                bounded(&value, self.value)
            };
            table.row([bounded(&field, FIELD), value]);
        }
        table
    }
}

/// The report as `status` prints it: its detail rows name the namespace and the context the
/// user gave, so that each runs as printed (difference z). JSON/YAML are the report itself.
pub(crate) struct StatusView<'a> {
    pub(crate) report: &'a StatusReport,
    pub(crate) context: Option<&'a str>,
}

impl serde::Serialize for StatusView<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.report.serialize(serializer)
    }
}

impl Tabular for StatusView<'_> {
    fn table(&self) -> Table {
        render(self.report, false, self.context)
    }

    fn wide(&self) -> Table {
        render(self.report, true, self.context)
    }
}

fn or_dash(value: Option<&str>) -> &str {
    value.unwrap_or("-")
}

fn observation(o: &Observation) -> String {
    format!(
        "{} count={} truncated={} {}",
        o.state,
        o.count,
        o.truncated,
        o.reason.unwrap_or("")
    )
    .trim_end()
    .to_string()
}

/// `<state> / <evidence> <reason>` (website.md §1), or the runtime that resolved.
fn runtime(r: &RuntimeSummary) -> String {
    match (&r.active_kind, &r.active_name) {
        (Some(kind), Some(name)) => format!(
            "{kind}/{name} {} {}",
            or_dash(r.active_origin),
            or_dash(r.pin_state)
        ),
        _ => format!("{} / {} {}", r.state, r.evidence, or_dash(r.reason)),
    }
}

impl Tabular for StatusReport {
    fn table(&self) -> Table {
        table(self)
    }

    fn wide(&self) -> Table {
        wide_table(self)
    }
}

pub(crate) fn table(report: &StatusReport) -> Table {
    render(report, false, None)
}

pub(crate) fn wide_table(report: &StatusReport) -> Table {
    render(report, true, None)
}

fn render(report: &StatusReport, wide: bool, context: Option<&str>) -> Table {
    let mut rows = Rows {
        value: if wide { WIDE_VALUE } else { VALUE },
        rows: Vec::new(),
    };
    readiness(&mut rows, report, wide);
    families(&mut rows, &report.content);
    events_and_pointers(&mut rows, report, wide);
    pointers(&mut rows, report, context);
    rows.table()
}

/// Name through the component rows.
fn readiness(rows: &mut Rows, report: &StatusReport, wide: bool) {
    let c = &report.content;
    let name = &report.metadata.name;
    rows.push("Name", name.clone());
    rows.push("Namespace", report.metadata.namespace.clone());
    rows.push(
        "Ready",
        format!("{} / {}", c.ready.status, c.ready.validity),
    );
    // An absent reason and an absent runtime are empty cells, as OME's website shows them.
    rows.push("Ready reason", c.ready.reason.clone().unwrap_or_default());
    if wide {
        rows.push("Ready message", or_dash(c.ready.message.as_deref()));
        let i = &c.ready.inspection;
        rows.push(
            "Condition inspection",
            format!(
                "{} {}/{} {}",
                i.state,
                i.inspected,
                i.total,
                i.warnings
                    .iter()
                    .map(|w| w.as_str())
                    .collect::<Vec<_>>()
                    .join(",")
            )
            .trim_end(),
        );
    }
    rows.push("Declared runtime", c.runtime.clone().unwrap_or_default());
    rows.push("Model", or_dash(c.model.as_deref()));
    rows.push(
        "Generation",
        format!(
            "{} observed={}; advisory {}",
            c.generation, c.observed_generation, c.generation_freshness
        ),
    );
    rows.push("Pod observation", observation(&c.pods));
    rows.push("Event observation", observation(&c.events));
    if wide && let Some(skipped) = c.events.skipped_targets {
        rows.push("Skipped targets", skipped.to_string());
    }
    for component in &c.components {
        let p = &component.pods;
        rows.push(
            component.type_.clone(),
            format!(
                "{} / {}; Ready pods={}/{} restarts={}",
                component.ready, component.validity, p.ready, p.total, p.restarts
            ),
        );
        if wide {
            rows.push(
                format!("{} phases", component.type_),
                format!(
                    "R={} P={} F={} S={} U={} deleting={}",
                    p.running, p.pending, p.failed, p.succeeded, p.unknown, p.terminating
                ),
            );
        }
    }
}

/// Rollout, autoscaling, placement, traffic, runtime and accelerator rows.
fn families(rows: &mut Rows, c: &StatusContent) {
    let r = &c.rollout.summary;
    rows.push(
        "Rollout",
        format!("{} reported={}", r.state, r.reported_state),
    );
    rows.push("Rollout evidence", format!("{} / {}", r.evidence, r.epoch));
    rows.push(
        "Autoscaling",
        format!(
            "{} / {} parent status",
            c.autoscale.summary, c.autoscale.evidence
        ),
    );
    for a in &c.autoscale.components {
        let counts = match (a.current_replicas, a.desired_replicas) {
            (Some(cur), Some(des)) => format!("{cur}/{des}"),
            _ => "-".to_string(),
        };
        rows.push(
            format!("Scale {}", a.type_),
            format!(
                "{} {}/{} {counts} ({})",
                a.state, a.class, a.managed_by, a.replica_evidence
            ),
        );
    }
    let p = &c.placement;
    rows.push(
        "Placement",
        format!(
            "{} / {} / {}",
            p.state,
            p.evidence,
            p.phase.as_deref().unwrap_or("NotRecorded")
        ),
    );
    rows.push(
        "Traffic",
        format!("{} / {} parent status", c.traffic.state, c.traffic.evidence),
    );
    // One row per component, as `Scale <c>`: the family row stays whole.
    for t in &c.traffic.components {
        let latest = t
            .latest_percent
            .map_or_else(|| "-".to_string(), |p| format!("{p}%"));
        rows.push(
            format!("Traffic {}", t.type_),
            format!("latest={latest} targets={}", t.targets),
        );
    }
    rows.push("Runtime active", runtime(&c.runtime_summary));
    let a = &c.accelerator;
    rows.push(
        "Accelerator",
        format!("{} / {} {}", a.state, a.evidence, a.reason.unwrap_or("")).trim_end(),
    );
    for component in &a.components {
        rows.push(
            format!("Accelerator {}", component.type_),
            format!("{} {}", component.class, component.state),
        );
    }
}

/// The Warning events and the issues.
fn events_and_pointers(rows: &mut Rows, report: &StatusReport, wide: bool) {
    let c = &report.content;
    for event in &c.recent_events {
        let mut value = format!(
            "{} {} count={}",
            event.name,
            or_dash(event.reason.as_deref()),
            event.count
        );
        if wide {
            value.push_str(&format!(
                " last={} {}",
                or_dash(event.last_seen.as_deref()),
                or_dash(event.message.as_deref())
            ));
        }
        rows.push(format!("Warning {}", event.kind), value);
    }
    for issue in &c.issues {
        rows.push("Issue", issue.code.as_str());
    }
    if wide {
        rows.push("Collected at", report.collected_at.clone());
    }
}

/// The seven pointer rows; the commands end with the namespace and the context given.
fn pointers(rows: &mut Rows, report: &StatusReport, context: Option<&str>) {
    let name = &report.metadata.name;
    let scope = next_scope(&report.metadata.namespace, context);
    rows.push("Full safe values", "Use -o json or -o yaml");
    rows.push_command(
        "Rollout detail",
        format!("kubectl ome rollout status {name}{scope}"),
    );
    rows.push_command(
        "Autoscale detail",
        format!("kubectl ome autoscale status {name}{scope}"),
    );
    rows.push("Placement detail", "-o json: content.placement");
    rows.push("Traffic detail", "-o json: content.traffic");
    rows.push_command(
        "Runtime detail",
        format!("kubectl ome runtime effective {name}{scope}"),
    );
    rows.push("Accelerator detail", "-o json: content.accelerator");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::status::{Evidence, RuntimeEvidence, project};
    use crate::ome::listing::Listed;
    use crate::render::TableStyle;

    #[test]
    fn the_first_rows_and_the_pointers() {
        let isvc = crate::evaluate::status::tests::chat();
        let evidence = Evidence {
            isvc: &isvc,
            pods: Listed::default(),
            events: vec![],
            skipped_targets: 0,
            runtime: RuntimeEvidence::AutoSelection,
            accelerators: vec![],
        };
        let report = project(&evidence, "2026-09-20T09:00:00Z".parse().unwrap());
        let text = table(&report).render(TableStyle::default());
        assert!(
            text.starts_with(
                "\
FIELD                VALUE
Name                 chat
Namespace            prod
Ready                False / Valid
Ready reason         EngineNotReady
Declared runtime     srt
Model                llama
Generation           7 observed=7; advisory Unverifiable
Pod observation      Reported count=0 truncated=false
Event observation    Reported count=0 truncated=false
engine               False / Valid; Ready pods=0/0 restarts=0
decoder              True / Valid; Ready pods=0/0 restarts=0
"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "\nRuntime active       Unavailable / Unavailable AutoSelectionNotProbed\n"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "\nTraffic              Reported / Reported parent status\n\
                 Traffic engine       latest=100% targets=1\n"
            ),
            "{text}"
        );
        assert!(
            text.ends_with("Accelerator detail   -o json: content.accelerator\n"),
            "{text}"
        );
        assert!(text.lines().all(|l| l.chars().count() <= 80));
        let wide = wide_table(&report).render(TableStyle::default());
        assert!(wide.contains("engine phases"), "{wide}");
        assert!(wide.contains("Collected at"), "{wide}");
    }
}
