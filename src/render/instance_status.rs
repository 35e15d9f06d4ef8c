//! `instance status` tables (diagnose.md §1.5): `FIELD`/`VALUE`, Bounded(12)/Bounded(64) so lines
//! stay within 80 columns; the wide table has one row per fact, Bounded(32)/Bounded(256).
//! JSON/YAML are the report itself.

use super::{Table, Tabular};
use crate::evaluate::instance_status::InstanceStatusReport;
use crate::evaluate::instance_status::report::{
    InstanceDetails, InstanceStatusContent, MigrationReport, OperationReport,
};
use crate::text::bounded;
use serde_json::Value;

const FIELD: usize = 12;
const VALUE: usize = 64;
const WIDE_FIELD: usize = 32;
const WIDE_VALUE: usize = 256;

fn or_dash(value: Option<&str>) -> &str {
    value.unwrap_or("-")
}

struct Rows(Vec<(String, String)>);

impl Rows {
    fn push(&mut self, field: &str, value: String) {
        self.0.push((field.to_string(), value));
    }

    fn table(self, field: usize, value: usize) -> Table {
        let mut table = Table::new(["FIELD", "VALUE"]);
        for (f, v) in self.0 {
            table.row([bounded(&f, field), bounded(&v, value)]);
        }
        table
    }
}

impl Tabular for InstanceStatusReport {
    fn table(&self) -> Table {
        table(self)
    }

    fn wide(&self) -> Table {
        wide_table(self)
    }
}

/// The compact table.
pub(crate) fn table(report: &InstanceStatusReport) -> Table {
    let c = &report.content;
    let mut rows = Rows(Vec::new());
    rows.push(
        "state",
        format!(
            "{} {}[{}] evidence={}",
            c.summary.state.as_str(),
            c.summary.component,
            c.summary.index,
            c.summary.evidence
        ),
    );
    let d = &c.deployment;
    let mut deployment = format!(
        "mode={} source={} origin={} evidence={}",
        or_dash(d.mode.as_deref()),
        or_dash(d.source),
        or_dash(d.origin),
        d.evidence
    );
    if let Some(reason) = d.unavailable_reason {
        deployment.push_str(&format!(" reason={reason}"));
    }
    rows.push("deployment", deployment);
    rows.push(
        "encoding",
        format!(
            "name={} evidence={} reason={}",
            or_dash(c.encoding.name),
            c.encoding.evidence,
            or_dash(c.encoding.unavailable_reason)
        ),
    );
    if let Some(instance) = &c.instance {
        instance_rows(&mut rows, instance);
    }
    facts_rows(&mut rows, c);
    rows.table(FIELD, VALUE)
}

fn instance_rows(rows: &mut Rows, i: &InstanceDetails) {
    let row = &i.instance;
    rows.push(
        "instance",
        format!(
            "{} inc={} phase={} admitted={}",
            row.inference_replica, row.incarnation, row.phase, row.admitted
        ),
    );
    rows.push(
        "revisions",
        format!(
            "running={} target={}",
            or_dash(row.running_revision.as_deref()),
            or_dash(row.target_revision.as_deref())
        ),
    );
    rows.push(
        "persisted",
        format!(
            "pods={} serving={} available={}",
            row.pods.total, row.pods.serving, row.pods.available
        ),
    );
    rows.push(
        "lifecycle",
        format!(
            "activeOrdinal={} readySince={}",
            i.active_ordinal.map_or("-".to_string(), |o| o.to_string()),
            or_dash(i.ready_since.as_deref())
        ),
    );
    for condition in &i.conditions {
        rows.push(
            "condition",
            format!(
                "{}={} reason={} since={}",
                condition.type_,
                condition.status,
                or_dash(condition.reason.as_deref()),
                or_dash(condition.last_transition_time.as_deref())
            ),
        );
    }
    if let Some(op) = &i.operation {
        operation_rows(rows, op);
    }
    if let Some(f) = &i.last_failure {
        rows.push(
            "failure",
            format!(
                "pod={} container={} reason={} exit={}",
                f.pod_name,
                or_dash(f.container_name.as_deref()),
                or_dash(f.reason.as_deref()),
                f.exit_code.map_or("-".to_string(), |c| c.to_string())
            ),
        );
        rows.push("fail time", or_dash(f.time.as_deref()).to_string());
    }
    for m in &i.migrations {
        migration_rows(rows, m);
    }
}

/// A migration: what it is, where it runs, and the controller's words about it.
fn migration_rows(rows: &mut Rows, m: &MigrationReport) {
    rows.push(
        "migration",
        format!(
            "{} role={} phase={} trigger={}",
            m.request_uuid, m.role, m.phase, m.trigger
        ),
    );
    rows.push(
        "mig nodes",
        format!(
            "from={} allocated={}",
            or_dash(m.from_node.as_deref()),
            or_dash(m.allocated_at.as_deref())
        ),
    );
    if !m.target_node_hints.is_empty() {
        rows.push("mig hints", m.target_node_hints.join(","));
    }
    if m.reason.is_some() || m.message.is_some() || m.succeeded.is_some() {
        rows.push(
            "mig reason",
            format!(
                "{} succeeded={} {}",
                or_dash(m.reason.as_deref()),
                m.succeeded.map_or("-".to_string(), |s| s.to_string()),
                or_dash(m.message.as_deref())
            ),
        );
    }
}

fn operation_rows(rows: &mut Rows, op: &OperationReport) {
    rows.push(
        "operation",
        format!(
            "{}/{} id={} retries={}",
            op.type_, op.step, op.id, op.retry_count
        ),
    );
    let mut target = or_dash(op.target_revision.as_deref()).to_string();
    for (key, value) in [
        ("strategy", op.strategy.clone()),
        ("waiting", op.waiting.clone()),
        ("surge", op.surge_index.map(|s| s.to_string())),
    ] {
        if let Some(value) = value {
            target.push_str(&format!(" {key}={value}"));
        }
    }
    rows.push("op target", target);
    if let Some(reason) = &op.reason {
        rows.push("op reason", reason.clone());
    }
    rows.push(
        "op timing",
        format!(
            "started={} progress={} deadline={}",
            op.started_at,
            op.last_progress_at,
            or_dash(op.deadline.as_deref())
        ),
    );
    if op.from_node.is_some() || !op.hint_target_nodes.is_empty() {
        let hints = if op.hint_target_nodes.is_empty() {
            "-".to_string()
        } else {
            op.hint_target_nodes.join(",")
        };
        rows.push(
            "op nodes",
            format!("from={} hints={hints}", or_dash(op.from_node.as_deref())),
        );
    }
}

fn facts_rows(rows: &mut Rows, c: &InstanceStatusContent) {
    for p in &c.pods {
        let mut value = format!(
            "{} {}/{} ready={} serving={} restarts={} inc={} node={}",
            p.name,
            or_dash(p.runner.as_deref()),
            p.phase,
            p.ready,
            p.serving_ready,
            p.restart_count,
            p.incarnation,
            or_dash(p.node.as_deref())
        );
        if p.deleting {
            value.push_str(" deleting");
        }
        rows.push("pod", value);
    }
    for e in &c.events {
        rows.push(
            "event",
            format!(
                "{}/{} reason={} count={}",
                e.target_kind, e.target_name, e.reason, e.count
            ),
        );
        // On a row of its own, so the table's bound on a value cuts the message, not the
        // event's identity.
        if let Some(message) = &e.message {
            rows.push("event msg", message.clone());
        }
    }
    for issue in &c.issues {
        let mut value = issue.code.to_string();
        if let Some(reason) = issue.unavailable_reason {
            value.push_str(&format!(" reason={reason}"));
        }
        rows.push("issue", value);
    }
}

/// The wide table: every fact of the report on its own row (`summary state`, `pod[0] name`,
/// `source[1] kind`, ...).
pub(crate) fn wide_table(report: &InstanceStatusReport) -> Table {
    let mut rows = Rows(Vec::new());
    let content = serde_json::to_value(&report.content).unwrap_or(Value::Null);
    for key in [
        "summary",
        "deployment",
        "encoding",
        "instance",
        "pods",
        "events",
        "issues",
    ] {
        if let Some(value) = content.get(key) {
            flatten(&mut rows, label(key), value);
        }
    }
    let sources = serde_json::to_value(&report.sources).unwrap_or(Value::Null);
    flatten(&mut rows, "source".to_string(), &sources);
    rows.push("collectedAt", report.collected_at.clone());
    rows.table(WIDE_FIELD, WIDE_VALUE)
}

/// The singular row label of a list key.
fn label(key: &str) -> String {
    match key {
        "pods" => "pod",
        "events" => "event",
        "issues" => "issue",
        "conditions" => "condition",
        "migrations" => "migration",
        other => other,
    }
    .to_string()
}

fn flatten(rows: &mut Rows, prefix: String, value: &Value) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                // The Instance's own lists and records read as their own subjects.
                let field = match (prefix.as_str(), key.as_str()) {
                    ("instance", "conditions" | "migrations") => label(key),
                    ("instance", "operation" | "lastFailure") => key.clone(),
                    _ => format!("{prefix} {key}"),
                };
                flatten(rows, field, inner);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                flatten(rows, format!("{prefix}[{i}]"), item);
            }
        }
        Value::String(s) => rows.push(&prefix, s.clone()),
        Value::Null => rows.push(&prefix, "-".to_string()),
        other => rows.push(&prefix, other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::instance_row::{Instance, Pods};
    use crate::evaluate::instance_status::report::*;
    use crate::ome::report::{Report, Source, SourceEvidence, SourceKind};
    use crate::render::TableStyle;

    fn report() -> InstanceStatusReport {
        let content = InstanceStatusContent {
            summary: Summary {
                state: State::Reported,
                component: "engine",
                index: 0,
                evidence: "Reported",
                truncated: false,
            },
            deployment: Deployment {
                mode: Some("OMENative".into()),
                source: Some("ServiceSpec"),
                origin: Some("LiveRuntime"),
                evidence: "Reported",
                unavailable_reason: None,
            },
            encoding: Encoding {
                name: Some("DenseV1"),
                evidence: "Reported",
                unavailable_reason: None,
            },
            instance: Some(InstanceDetails {
                instance: Instance {
                    inference_replica: "chat-engine".into(),
                    index: 0,
                    incarnation: 1,
                    phase: "Ready".into(),
                    running_revision: Some("chat-engine-7f9c4d2b".into()),
                    target_revision: None,
                    pods: Pods {
                        total: 1,
                        serving: 1,
                        available: 1,
                    },
                    admitted: true,
                },
                ready_since: Some("2026-09-20T08:05:00Z".into()),
                active_ordinal: Some(0),
                conditions: vec![],
                migrations: vec![],
                operation: None,
                last_failure: None,
            }),
            pods: vec![PodReport {
                name: "chat-engine-0".into(),
                runner: Some("default".into()),
                revision: Some("7f9c4d2b".into()),
                incarnation: 1,
                phase: "Running".into(),
                ready: "True",
                serving_ready: "True",
                node: Some("gpu-node-0".into()),
                restart_count: 0,
                deleting: false,
            }],
            events: vec![EventReport {
                target_kind: "Pod",
                target_name: "chat-engine-0".into(),
                reason: "BackOff".into(),
                count: 4,
                first_seen: None,
                last_seen: None,
                message: Some("Back-off restarting failed container".into()),
            }],
            issues: vec![],
        };
        Report::new(KIND, "prod", "chat", "2026-09-20T08:10:00Z".into(), content)
    }

    #[test]
    fn the_constructed_example() {
        assert_eq!(
            table(&report()).render(TableStyle::default()),
            "\
FIELD        VALUE
state        Reported engine[0] evidence=Reported
deployment   mode=OMENative source=ServiceSpec origin=LiveRuntime evidence...
encoding     name=DenseV1 evidence=Reported reason=-
instance     chat-engine inc=1 phase=Ready admitted=true
revisions    running=chat-engine-7f9c4d2b target=-
persisted    pods=1 serving=1 available=1
lifecycle    activeOrdinal=0 readySince=2026-09-20T08:05:00Z
pod          chat-engine-0 default/Running ready=True serving=True restart...
event        Pod/chat-engine-0 reason=BackOff count=4
event msg    Back-off restarting failed container
"
        );
    }

    #[test]
    fn the_wide_table_has_a_row_per_fact() {
        let mut report = report();
        report.sources = vec![
            Source::named(SourceKind::PodList, "prod", "chat/engine/0")
                .with_evidence(SourceEvidence::Observed)
                .at(&report.collected_at),
        ];
        let text = wide_table(&report).render(TableStyle::default());
        let rows: Vec<(String, String)> = text
            .lines()
            .map(|l| {
                let (f, v) = l.split_once("   ").unwrap_or((l, ""));
                (f.trim().to_string(), v.trim().to_string())
            })
            .collect();
        for (field, value) in [
            ("summary state", "Reported"),
            ("pod[0] name", "chat-engine-0"),
            ("event[0] reason", "BackOff"),
            ("source[0] kind", "PodList"),
            ("instance pods total", "1"),
        ] {
            assert!(
                rows.contains(&(field.to_string(), value.to_string())),
                "{field}\n{text}"
            );
        }
    }
}
