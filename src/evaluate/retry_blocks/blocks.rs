//! The selected IR's freshness and the checks of each of its retry blocks
//! (after-the-write.md §2.4).

use super::report::{Block, BlockState, Code, Freshness, Issue};
use crate::ome::InferenceReplica;
use crate::ome::keys::ANNOTATION_PARENT_GENERATION;
use crate::ome::meta_annotation;
use crate::ome::names::is_dns1123_subdomain;
use crate::ome::replica::RetryBlock;
use crate::text::bounded;
use jiff::Timestamp;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// Copied `targetRevision` and `reason` are cut to these many bytes.
const TARGET_BYTES: usize = 1024;
const REASON_BYTES: usize = 4096;
/// A shown reason is bounded to these many columns.
const REASON_COLUMNS: usize = 256;

/// Issues scoped to the selected component and IR.
pub(super) struct ScopedIssues {
    component: &'static str,
    ir: String,
    pub(super) issues: Vec<Issue>,
}

impl ScopedIssues {
    pub(super) fn new(component: &'static str, ir: &str) -> ScopedIssues {
        ScopedIssues {
            component,
            ir: ir.to_string(),
            issues: Vec::new(),
        }
    }

    fn push(&mut self, code: Code, target: Option<&str>) {
        self.issues.push(Issue {
            code,
            component: Some(self.component),
            inference_replica: Some(self.ir.clone()),
            target_revision: target.map(str::to_string),
            unavailable_reason: None,
        });
    }
}

/// A canonical positive decimal (no sign, no leading zero) that fits an int64.
fn parent_generation(value: &str) -> Option<i64> {
    let canonical = !value.is_empty()
        && value.len() <= 19
        && value.bytes().all(|b| b.is_ascii_digit())
        && !value.starts_with('0');
    canonical.then(|| value.parse::<i64>().ok()).flatten()
}

/// The freshness of the selected IR, with the checks of `instance list`.
pub(super) fn freshness(
    ir: &InferenceReplica,
    service_generation: i64,
    issues: &mut ScopedIssues,
) -> Freshness {
    let mut fresh = Freshness::Current;
    match meta_annotation(&ir.metadata, ANNOTATION_PARENT_GENERATION) {
        None => {
            fresh = Freshness::Unobserved;
            issues.push(Code::ParentGenerationMissing, None);
        }
        Some(text) => match parent_generation(text) {
            None => {
                fresh = Freshness::Invalid;
                issues.push(Code::ParentGenerationInvalid, None);
            }
            Some(p) if p < service_generation => {
                fresh = Freshness::Stale;
                issues.push(Code::ParentGenerationStale, None);
            }
            Some(p) if p > service_generation => {
                fresh = Freshness::Invalid;
                issues.push(Code::ParentGenerationAhead, None);
            }
            Some(_) => {}
        },
    }
    let generation = ir.metadata.generation.unwrap_or(0);
    let observed = ir.status.observed_generation.unwrap_or(0);
    if observed == 0 && generation > 0 {
        if fresh != Freshness::Invalid {
            fresh = Freshness::Unobserved;
        }
        issues.push(Code::StatusUnobserved, None);
    } else if generation <= 0 || observed < 0 || observed > generation {
        fresh = Freshness::Invalid;
        issues.push(Code::ObservedGenerationInvalid, None);
    } else if observed < generation {
        if fresh == Freshness::Current {
            fresh = Freshness::Stale;
        }
        issues.push(Code::StatusStale, None);
    }
    fresh
}

/// At most `max` bytes of `text`, on a character boundary.
fn cut(text: &str, max: usize) -> &str {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or_default()
}

/// `invalid-<first 8 hex of SHA-256>` for a target that is not a safe name.
fn invalid_target(value: &str) -> String {
    let digest = Sha256::digest(value.as_bytes());
    let hex: String = digest.iter().take(4).map(|b| format!("{b:02x}")).collect();
    format!("invalid-{hex}")
}

/// A timestamp field: `Ok(None)` when absent, `Err` when present but zero or unparseable.
fn time(value: Option<&str>) -> Result<Option<Timestamp>, ()> {
    match value {
        None | Some("") => Ok(None),
        Some(text) => match text.parse::<Timestamp>() {
            Ok(t) if t.as_second() > ZERO_TIME_SECONDS => Ok(Some(t)),
            _ => Err(()),
        },
    }
}

/// 0001-01-01T00:00:00Z (Go's zero time) in Unix seconds.
const ZERO_TIME_SECONDS: i64 = -62_135_596_800;

/// The timestamp rules of one block: `(next, first, last)` when they hold.
type Times = (Option<Timestamp>, Option<Timestamp>, Option<Timestamp>);

fn check_times(block: &RetryBlock, state: BlockState) -> Result<Times, ()> {
    let first = time(block.first_failure_at.as_deref())?;
    let last = time(block.last_failure_at.as_deref())?;
    let next = time(block.next_retry_at.as_deref())?;
    let after_first = |t: Option<Timestamp>| match (first, t) {
        (Some(f), Some(t)) => t >= f,
        _ => true,
    };
    let next_ok = match state {
        BlockState::Backoff => next.is_some(),
        BlockState::RetryInProgress => true,
        BlockState::Held | BlockState::Invalid => next.is_none(),
    };
    (after_first(last) && after_first(next) && next_ok)
        .then_some((next, first, last))
        .ok_or(())
}

/// Each block's checks; `trusted` is everything release eligibility needs beyond the block.
pub(super) fn check_blocks(
    raw: &[RetryBlock],
    freshness: Freshness,
    trusted: bool,
    issues: &mut ScopedIssues,
) -> Vec<Block> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for block in raw {
        let target = cut(
            block.target_revision.as_deref().unwrap_or_default(),
            TARGET_BYTES,
        );
        *seen.entry(target.to_string()).or_default() += 1;
    }
    let mut blocks = Vec::new();
    for block in raw {
        let recorded = cut(
            block.target_revision.as_deref().unwrap_or_default(),
            TARGET_BYTES,
        );
        let mut clean = true;
        let target = if is_dns1123_subdomain(recorded) {
            recorded.to_string()
        } else {
            clean = false;
            let shown = invalid_target(recorded);
            issues.push(Code::TargetRevisionInvalid, Some(&shown));
            shown
        };
        let state = block
            .state
            .as_deref()
            .and_then(BlockState::parse)
            .filter(|s| *s != BlockState::Invalid)
            .unwrap_or(BlockState::Invalid);
        if state == BlockState::Invalid {
            clean = false;
            issues.push(Code::StateInvalid, Some(&target));
        }
        let attempts = block.attempts_started.unwrap_or(0);
        if attempts <= 0 {
            clean = false;
            issues.push(Code::AttemptsInvalid, Some(&target));
        }
        let times = check_times(block, state).unwrap_or_else(|()| {
            clean = false;
            issues.push(Code::TimestampsInvalid, Some(&target));
            (None, None, None)
        });
        if seen.get(recorded).is_some_and(|n| *n > 1) {
            clean = false;
            issues.push(Code::DuplicateTarget, Some(&target));
        }
        let text = cut(block.reason.as_deref().unwrap_or_default(), REASON_BYTES);
        let reason = bounded(text, REASON_COLUMNS);
        let (next, first, last) = times;
        blocks.push(Block {
            component: issues.component,
            inference_replica: issues.ir.clone(),
            target_revision: target,
            state,
            attempts_started: attempts,
            next_retry_at: next.map(|t| t.to_string()),
            first_failure_at: first.map(|t| t.to_string()),
            last_failure_at: last.map(|t| t.to_string()),
            reason_truncated: reason != block.reason.as_deref().unwrap_or_default(),
            reason: (!reason.is_empty()).then_some(reason),
            release_eligible: clean && trusted && state == BlockState::Held,
            freshness,
        });
    }
    blocks.sort_by(|a, b| block_key(a).cmp(&block_key(b)));
    blocks
}

/// Blocks sort by IR, target, state, attempts, times and reason (one component is shown).
fn block_key(b: &Block) -> impl Ord + '_ {
    (
        &b.inference_replica,
        &b.target_revision,
        b.state,
        b.attempts_started,
        (&b.next_retry_at, &b.first_failure_at, &b.last_failure_at),
        &b.reason,
    )
}
