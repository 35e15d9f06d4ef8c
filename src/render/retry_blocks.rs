//! `instance retry-blocks` table (after-the-write.md §2.5). JSON/YAML are the report itself.

use super::{Table, Tabular};
use crate::errors::scale_check::next_scope;
use crate::evaluate::retry_blocks::report::Code;
use crate::evaluate::retry_blocks::{Block, BlockState, Issue, RetryBlocksReport};
use crate::ome::names::is_safe_scalar;
use crate::text::bounded;
use sha2::{Digest, Sha256};

const HEADERS: [&str; 7] = ["COMP", "STATE", "TARGET", "ATT", "NEXT", "REL", "REASON"];

fn hex(value: &str, bytes: usize) -> String {
    Sha256::digest(value.as_bytes())
        .iter()
        .take(bytes)
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A target of up to 14 characters as is; a longer one keeps 5 and gets `#` + 8 hex.
fn target(value: &str) -> String {
    if value.chars().count() <= 14 {
        return bounded(value, 14);
    }
    let head: String = value.chars().take(5).collect();
    format!("{}#{}", bounded(&head, 5), hex(value, 4))
}

fn attempts(n: i64) -> String {
    match n {
        n if n < 0 => "?".to_string(),
        n if n > 99 => "99+".to_string(),
        n => n.to_string(),
    }
}

/// `YY-MM-DDThh:mmZ` in UTC.
fn next(value: Option<&str>) -> String {
    value
        .and_then(|v| v.parse::<jiff::Timestamp>().ok())
        .map_or_else(
            || "-".to_string(),
            |t| t.strftime("%y-%m-%dT%H:%MZ").to_string(),
        )
}

fn state(s: BlockState) -> &'static str {
    match s {
        BlockState::Backoff => "BACKOFF",
        BlockState::Held => "HELD",
        BlockState::RetryInProgress => "RUNNING",
        BlockState::Invalid => "INVALID",
    }
}

/// The table alias of an issue code (§2.5).
fn alias(code: Code) -> &'static str {
    match code {
        Code::CollectionUnavailable => "COLL_UNAV",
        Code::CollectionTruncated => "COLL_TRUNC",
        Code::IdentityRejected => "ID_REJECT",
        Code::ComponentNotProjected => "NO_COMPONENT",
        Code::DuplicateComponent => "DUP_COMP",
        Code::RetryBlocksTruncated => "BLOCK_TRUNC",
        Code::ParentGenerationMissing => "PARENT_MISS",
        Code::ParentGenerationInvalid => "PARENT_BAD",
        Code::ParentGenerationStale => "PARENT_STALE",
        Code::ParentGenerationAhead => "PARENT_AHEAD",
        Code::StatusUnobserved => "STATUS_UNOBS",
        Code::ObservedGenerationInvalid => "OBSGEN_BAD",
        Code::StatusStale => "STATUS_STALE",
        Code::TargetRevisionInvalid => "TARGET_BAD",
        Code::StateInvalid => "STATE_BAD",
        Code::AttemptsInvalid => "ATT_BAD",
        Code::TimestampsInvalid => "TIME_BAD",
        Code::DuplicateTarget => "DUP_TARGET",
    }
}

fn block_row(b: &Block) -> [String; 7] {
    [
        bounded(b.component, 7),
        state(b.state).to_string(),
        target(&b.target_revision),
        attempts(b.attempts_started),
        next(b.next_retry_at.as_deref()),
        if b.release_eligible { "YES" } else { "NO" }.to_string(),
        b.reason
            .as_deref()
            .map_or_else(|| "-".to_string(), |r| bounded(r, 13)),
    ]
}

fn issue_row(i: &Issue) -> [String; 7] {
    let dash = || "-".to_string();
    [
        i.component.map_or_else(dash, |c| bounded(c, 7)),
        "ISSUE".to_string(),
        i.target_revision.as_deref().map_or_else(dash, target),
        dash(),
        dash(),
        "NO".to_string(),
        alias(i.code).to_string(),
    ]
}

impl Tabular for RetryBlocksReport {
    fn table(&self) -> Table {
        let mut table = Table::new(HEADERS);
        for b in &self.content.blocks {
            table.row(block_row(b));
        }
        for i in &self.content.issues {
            table.row(issue_row(i));
        }
        if table.is_empty() {
            table.row(["-", "EMPTY", "-", "-", "-", "NO", "-"].map(str::to_string));
        }
        table
    }
}

/// For each block `release-held` may submit (REL `YES`), the command that submits it, whole
/// (README difference af): `next: kubectl ome instance release-held <svc> --component <c>
/// --revision <hash> -n <ns> [--context <name>] --yes`, where `<hash>` is the held revision after
/// `<svc>-<c>-`. A block whose revision does not have that form, or a name that is not a safe
/// scalar, gets no line: the table's TARGET and `-o json` still show it.
pub(crate) fn release_commands(report: &RetryBlocksReport, context: Option<&str>) -> Vec<String> {
    let service = &report.metadata.name;
    let scope = next_scope(&report.metadata.namespace, context);
    report
        .content
        .blocks
        .iter()
        .filter(|b| b.release_eligible && is_safe_scalar(service))
        .filter_map(|b| {
            let prefix = format!("{service}-{}-", b.component);
            let hash = b.target_revision.strip_prefix(&prefix)?;
            is_safe_scalar(hash).then(|| {
                format!(
                    "next: kubectl ome instance release-held {service} --component {} \
                     --revision {hash}{scope} --yes",
                    b.component
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells() {
        assert_eq!(target("chat-engine-aaaaaaaa"), "chat-#a29b545d");
        assert_eq!(target("short-1"), "short-1");
        assert_eq!(attempts(100), "99+");
        assert_eq!(attempts(-1), "?");
        assert_eq!(next(Some("2026-09-20T08:10:00Z")), "26-09-20T08:10Z");
        assert_eq!(alias(Code::StatusStale), "STATUS_STALE");
    }
}
