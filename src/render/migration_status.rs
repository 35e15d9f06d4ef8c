//! `migration status` table (read-commands.md §6.4). JSON/YAML are the report itself.

use super::{Table, Tabular, Tone};
use crate::evaluate::migration::{Classification, MigrationRecord, MigrationStatusReport};
use crate::ome::report::Freshness;
use crate::text::{bounded, bounded_middle};

const HEADERS: [&str; 3] = ["SUBJECT/COMP", "STATUS", "DETAIL"];
/// DETAIL `MSG:` cells are bounded to this many columns.
const MESSAGE_WIDTH: usize = 26;
/// Source names in report-issue subjects are middle-truncated to this many columns.
const SOURCE_WIDTH: usize = 8;

fn request_prefix(request_id: &str) -> String {
    if request_id == "INVALID" {
        return request_id.to_string();
    }
    request_id.chars().take(8).collect()
}

fn classification(c: Classification) -> &'static str {
    match c {
        Classification::Active => "Active",
        Classification::Terminal => "Terminal",
        Classification::Invalid => "Invalid",
    }
}

fn record_status(record: &MigrationRecord) -> String {
    let phase = if record.phase == "Unknown" {
        "?"
    } else {
        record.phase
    };
    format!(
        "{phase}/{}/{}",
        classification(record.classification),
        record.freshness.as_str()
    )
}

fn status_tone(status: &str) -> Tone {
    if status.contains("/Invalid") || status.starts_with('?') {
        Tone::Bad
    } else if status.contains("/Stale") || status.contains("/Unobserved") {
        Tone::Warn
    } else {
        Tone::Plain
    }
}

fn push(table: &mut Table, subject: &str, status: &str, detail: String) {
    let tone = status_tone(status);
    table.toned_row(vec![
        (subject.to_string(), Tone::Plain),
        (status.to_string(), tone),
        (detail, Tone::Plain),
    ]);
}

impl Tabular for MigrationStatusReport {
    fn table(&self) -> Table {
        table(self)
    }
}

fn table(report: &MigrationStatusReport) -> Table {
    let content = &report.content;
    let mut table = Table::new(HEADERS);
    for record in &content.migrations {
        let component = if record.component.is_empty() {
            "?"
        } else {
            record.component.as_str()
        };
        let subject = format!("{}/{component}", request_prefix(&record.request_id));
        let status = record_status(record);
        if let Some(message) = &record.message {
            push(
                &mut table,
                &subject,
                &status,
                bounded(&format!("MSG: {message}"), MESSAGE_WIDTH),
            );
        }
        for issue in &record.issues {
            push(&mut table, &subject, &status, issue.code.to_string());
        }
        if record.message.is_none() && record.issues.is_empty() {
            push(&mut table, &subject, &status, "-".to_string());
        }
    }

    let worst = report
        .sources
        .iter()
        .filter_map(|s| s.freshness)
        .chain(content.migrations.iter().map(|r| r.freshness))
        .max()
        .unwrap_or(Freshness::Current);
    let report_status = format!("{}/{}", content.summary.state.as_str(), worst.as_str());
    for issue in &content.issues {
        // Record issues were shown with their record.
        if issue.request_id.is_some() {
            continue;
        }
        let subject = issue
            .source_name
            .as_deref()
            .map_or_else(|| "REPORT".to_string(), |n| bounded_middle(n, SOURCE_WIDTH));
        let component = issue.component.as_deref().unwrap_or("-");
        push(
            &mut table,
            &format!("{subject}/{component}"),
            &report_status,
            issue.code.to_string(),
        );
    }
    if table.is_empty() {
        push(&mut table, "-/-", &report_status, "-".to_string());
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::instance_list::tests::{collection, ir, isvc, now};
    use crate::evaluate::migration::tests::{ID, engine_with, record, report_of};
    use crate::evaluate::migration::{Issue, IssueCode, SummaryState, project};
    use crate::ome::Component;
    use crate::render::TableStyle;
    use crate::render::structured::to_json;
    use serde_json::{Value, json};

    fn render(report: &MigrationStatusReport) -> String {
        report.table().render(TableStyle::default())
    }

    #[test]
    fn golden_surge_pending() {
        let mut r = record("SurgePending");
        r["surgeInstance"] = json!(2);
        r["allocatedAt"] = json!("2026-08-31T18:10:05Z");
        r["message"] = json!("surge allocated; waiting for Ready");
        let report = report_of(vec![engine_with(vec![r])], None);
        assert_eq!(
            render(&report),
            "SUBJECT/COMP      STATUS                        DETAIL\n\
             7c9e6679/engine   SurgePending/Active/Current   MSG: surge allocated; w...\n"
        );
        assert_eq!(report.content.summary.state, SummaryState::Reported);
        assert_eq!(report.content.summary.active, 1);
        assert_eq!(report.content.capacity.active_allocated, 1);
        assert_eq!(report.content.capacity.evidence, "Computed");
    }

    #[test]
    fn golden_completed() {
        let mut r = record("Completed");
        r["message"] = json!("migrated to instance 3");
        let report = report_of(vec![engine_with(vec![r])], None);
        assert_eq!(
            render(&report),
            "SUBJECT/COMP      STATUS                       DETAIL\n\
             7c9e6679/engine   Completed/Terminal/Current   MSG: migrated to instan...\n"
        );
        assert_eq!(report.content.migrations[0].outcome, "Completed");
    }

    #[test]
    fn golden_empty() {
        let report = report_of(vec![engine_with(vec![])], None);
        assert_eq!(
            render(&report),
            "SUBJECT/COMP   STATUS          DETAIL\n\
             -/-            Empty/Current   -\n"
        );
        assert_eq!(report.content.summary.state, SummaryState::Empty);
    }

    #[test]
    fn constructed_failed_with_truncated_sources() {
        let mut r = record("Failed");
        r["message"] = json!("deadline exceeded...");
        let mut c = collection(vec![engine_with(vec![r])]);
        c.truncated = true;
        let report = project(&isvc(7), &c, None, now());
        assert_eq!(
            render(&report),
            "SUBJECT/COMP      STATUS                    DETAIL\n\
             7c9e6679/engine   Failed/Terminal/Current   MSG: deadline exceeded...\n\
             REPORT/-          Partial/Current           SourcesTruncated\n"
        );
        let warnings: Vec<_> = report.warnings.iter().map(|w| w.code.as_str()).collect();
        assert_eq!(warnings, ["PartialData", "Truncated"]);
        assert_eq!(report.content.capacity.evidence, "Unavailable");
    }

    #[test]
    fn legacy_pending_is_unknown_phase_invalid() {
        let report = report_of(vec![engine_with(vec![record("Pending")])], None);
        let r = &report.content.migrations[0];
        assert_eq!(r.phase, "Unknown");
        assert_eq!(r.classification, Classification::Invalid);
        assert_eq!(r.outcome, "Unknown");
        assert_eq!(r.issues[0].code, IssueCode::PhaseInvalid);
        assert_eq!(
            render(&report),
            "SUBJECT/COMP      STATUS              DETAIL\n\
             7c9e6679/engine   ?/Invalid/Current   PhaseInvalid\n"
        );
        assert_eq!(
            report.content.issues,
            vec![Issue {
                code: IssueCode::PhaseInvalid,
                source_name: Some("chat-engine".into()),
                request_id: Some(ID.into()),
                component: Some("engine".into()),
            }]
        );
        assert_eq!(report.content.summary.invalid, 1);
    }

    #[test]
    fn source_validation_and_freshness() {
        let mut stale = engine_with(vec![record("Accepted")]);
        stale["metadata"]["generation"] = json!(4);
        let mut unobserved = ir("decoder", 2, 0, "7", vec![]);
        unobserved["status"]["migrations"] = json!([record("Accepted")]);
        let mut foreign = ir("router", 1, 1, "7", vec![]);
        foreign["metadata"]["labels"]["ome.io/inferenceservice"] = json!("other");
        let report = report_of(vec![stale, unobserved, foreign], None);
        assert_eq!(
            report.content.migrations.len(),
            1,
            "only the stale source is usable"
        );
        assert_eq!(report.content.migrations[0].freshness, Freshness::Stale);
        let codes: Vec<_> = report.content.issues.iter().map(|i| i.code).collect();
        assert_eq!(
            codes,
            [
                IssueCode::SourceGenerationStale,
                IssueCode::SourceGenerationUnobserved,
                IssueCode::SourceLabelMismatch
            ]
        );
        let table = render(&report);
        assert_eq!(
            table,
            "SUBJECT/COMP       STATUS                  DETAIL\n\
             7c9e6679/engine    Accepted/Active/Stale   -\n\
             cha...ne/engine    Partial/Invalid         SourceGenerationStale\n\
             cha...er/decoder   Partial/Invalid         SourceGenerationUnobserved\n\
             cha...er/router    Partial/Invalid         SourceLabelMismatch\n"
        );

        let router_only = report_of(
            vec![
                engine_with(vec![record("Accepted")]),
                ir("router", 1, 1, "7", vec![]),
            ],
            Some(Component::Router),
        );
        assert_eq!(router_only.content.summary.state, SummaryState::Empty);
        assert_eq!(router_only.sources.len(), 2);
    }

    #[test]
    fn json_key_order() {
        let report = report_of(vec![engine_with(vec![record("Accepted")])], None);
        let json: Value = serde_json::from_str(&to_json(&report).unwrap()).unwrap();
        let keys = |v: &Value| -> Vec<String> { v.as_object().unwrap().keys().cloned().collect() };
        assert_eq!(
            keys(&json["content"]),
            ["summary", "capacity", "migrations", "issues"]
        );
        assert_eq!(
            keys(&json["content"]["migrations"][0]),
            [
                "requestID",
                "sourceName",
                "component",
                "sourceInstance",
                "trigger",
                "phase",
                "classification",
                "freshness",
                "targetNodeHints",
                "attempt",
                "requestedAtEvidence",
                "startedAt",
                "deadline",
                "reasonEvidence",
                "messageEvidence",
                "outcome",
                "issues"
            ]
        );
        assert_eq!(
            json["sources"][1],
            json!({"kind": "InferenceReplica", "namespace": "prod", "name": "chat-engine",
                   "uid": "engine-uid", "generation": 3, "observedGeneration": 3,
                   "freshness": "Current", "collectedAt": "2026-08-31T18:30:00Z"})
        );
        assert_eq!(
            json["content"]["summary"],
            json!({"state": "Reported", "records": 1, "active": 1, "terminal": 0, "invalid": 0})
        );
    }
}
