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
