//! The checks of `held-revision=unheld` (evidence-strictness.md §3.3), in order, over one
//! poll's reads: the parent, the exact IR, and the parent read again after the IR. Every
//! outcome but `Unheld` keeps waiting.

use super::held_revision::TargetState;
use super::sync_rules::placement_owned;
use crate::evaluate::read::{self, Read};
use crate::evaluate::rollout::project::is_hash;
use crate::ome::closed_set;
use crate::ome::keys;
use crate::ome::names::is_safe_uid;
use serde_json::Value;

closed_set! {
    /// The reasons of §3.3 (the reference's names).
    pub(crate) enum HeldVerdict {
        SourceIncomplete => "SourceIncomplete",
        SourceInvalid => "SourceInvalid",
        Deleting => "Deleting",
        UnsupportedPlacement => "UnsupportedPlacement",
        ReplicaReplaced => "ReplicaReplaced",
        ReplicaMissing => "ReplicaMissing",
        SourceStale => "SourceStale",
        InvalidRetryBlocks => "InvalidRetryBlocks",
        InvalidStatus => "InvalidStatus",
        MailboxPending => "MailboxPending",
        MailboxSuperseded => "MailboxSuperseded",
        Held => "Held",
        Unheld => "Unheld",
    }
}

/// What the wait asks for.
#[derive(Debug, Clone, Copy)]
pub(crate) struct HeldRequest<'a> {
    pub(crate) component: &'a str,
    /// The full `<isvc>-<component>-<hash>` revision.
    pub(crate) revision: &'a str,
    pub(crate) ir_name: &'a str,
    pub(crate) ir_uid: &'a str,
}

/// One poll's evidence.
#[derive(Debug, Clone, Copy)]
pub(crate) struct HeldReads<'a> {
    pub(crate) parent: &'a Value,
    pub(crate) ir: Option<&'a Value>,
    pub(crate) parent_again: &'a Value,
    /// The IR's instance status decoded (DenseV1 or a canonical ColumnarV2).
    pub(crate) instances_decoded: bool,
    pub(crate) now: jiff::Timestamp,
}

const MAX_BLOCKS: usize = 64;

fn meta<'a>(object: &'a Value, key: &str) -> &'a str {
    read::path(object, &["metadata", key])
        .and_then(Value::as_str)
        .unwrap_or_default()
}

fn generation(object: &Value) -> i64 {
    read::path(object, &["metadata", "generation"])
        .and_then(Value::as_i64)
        .unwrap_or(0)
}

/// The verdict and, when a block for the revision exists, its state.
pub(crate) fn evaluate(
    reads: HeldReads,
    request: HeldRequest,
) -> (HeldVerdict, Option<TargetState>) {
    use HeldVerdict::*;
    let parent = reads.parent;
    if !parent_identity_ok(parent) {
        return (SourceInvalid, None);
    }
    let deleting = |o: &Value| read::path(o, &["metadata", "deletionTimestamp"]).is_some();
    if deleting(parent) || reads.ir.is_some_and(deleting) {
        return (Deleting, None);
    }
    if placement_owned(parent) || reads.ir.is_some_and(placement_owned) {
        return (UnsupportedPlacement, None);
    }
    if reads.ir.is_some_and(|ir| meta(ir, "uid") != request.ir_uid) {
        return (ReplicaReplaced, None);
    }
    let again = reads.parent_again;
    if meta(again, "uid") != meta(parent, "uid")
        || meta(again, "resourceVersion") != meta(parent, "resourceVersion")
        || generation(again) != generation(parent)
    {
        return (SourceIncomplete, None);
    }
    let Some(ir) = reads.ir else {
        return (ReplicaMissing, None);
    };
    if !ir_identity_ok(parent, ir, request) {
        return (SourceInvalid, None);
    }
    let observed = read::path(ir, &["status", "observedGeneration"]).and_then(Value::as_i64);
    let stamp = read::path(ir, &["metadata", "annotations", "ome.io/parent-generation"])
        .and_then(Value::as_str);
    if observed != Some(generation(ir)) || stamp != Some(generation(parent).to_string().as_str()) {
        return (SourceStale, None);
    }
    if read::path(
        ir,
        &["metadata", "annotations", keys::ANNOTATION_CONTROLLER_WRITE],
    )
    .and_then(Value::as_str)
        != Some("true")
    {
        return (SourceInvalid, None);
    }
    let status = read::field(ir, "status").unwrap_or(&Value::Null);
    let blocks = match read::array(status, "retryBlocks") {
        Read::Unset => &[][..],
        Read::Ok(blocks) if blocks.len() <= MAX_BLOCKS => blocks,
        _ => return (InvalidRetryBlocks, None),
    };
    if !reads.instances_decoded {
        return (InvalidStatus, None);
    }
    let prefix = format!("{}-{}-", meta(parent, "name"), request.component);
    if !blocks_valid(blocks, &prefix, reads.now) {
        return (InvalidRetryBlocks, None);
    }
    let state = blocks
        .iter()
        .find(|b| read::text(b, "targetRevision").ok() == Some(request.revision))
        .and_then(|b| read::text(b, "state").ok())
        .map(block_state);
    let mailbox = read::path(
        ir,
        &[
            "metadata",
            "annotations",
            keys::ANNOTATION_RELEASE_HELD_REVISION,
        ],
    )
    .and_then(Value::as_str);
    let verdict = match mailbox {
        Some(m) if m == request.revision => MailboxPending,
        Some(_) => MailboxSuperseded,
        None if state == Some(TargetState::Held) => Held,
        None => Unheld,
    };
    (verdict, state)
}

/// A retry block's `state` as read from the cluster (the blocks were checked: anything else
/// cannot reach here, but stays `Unknown` rather than matching).
fn block_state(text: &str) -> TargetState {
    match text {
        "Held" => TargetState::Held,
        "Backoff" => TargetState::Backoff,
        "RetryInProgress" => TargetState::RetryInProgress,
        _ => TargetState::Unknown,
    }
}

fn parent_identity_ok(parent: &Value) -> bool {
    let kind_ok = read::text(parent, "kind")
        .ok()
        .is_none_or(|k| k == "InferenceService");
    let version_ok = read::text(parent, "apiVersion")
        .ok()
        .is_none_or(|v| v == "ome.io/v1beta1");
    kind_ok
        && version_ok
        && !meta(parent, "name").is_empty()
        && !meta(parent, "namespace").is_empty()
        && is_safe_uid(meta(parent, "uid"))
        && is_safe_uid(meta(parent, "resourceVersion"))
        && generation(parent) > 0
}

/// The IR is this parent's replica of the component: name, namespace, parent reference,
/// component, service label (when the name fits a label) and exactly one controller owner.
fn ir_identity_ok(parent: &Value, ir: &Value, request: HeldRequest) -> bool {
    let name = meta(parent, "name");
    let label_ok = name.len() > 63
        || read::path(ir, &["metadata", "labels", "ome.io/inferenceservice"])
            .and_then(Value::as_str)
            == Some(name);
    let owners = read::path(ir, &["metadata", "ownerReferences"])
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    let controllers: Vec<&Value> = owners
        .iter()
        .filter(|o| o["controller"] == Value::Bool(true))
        .collect();
    let owner_ok = matches!(controllers.as_slice(), [owner] if owner["uid"].as_str() == Some(meta(parent, "uid")));
    meta(ir, "name") == request.ir_name
        && meta(ir, "namespace") == meta(parent, "namespace")
        && read::path(ir, &["spec", "parentRef", "name"]).and_then(Value::as_str) == Some(name)
        && read::path(ir, &["spec", "component"]).and_then(Value::as_str) == Some(request.component)
        && label_ok
        && owner_ok
        && is_safe_uid(meta(ir, "uid"))
        && generation(ir) > 0
}

/// Every retry block (H1): its revision, counts, reason, times and state.
fn blocks_valid(blocks: &[Value], prefix: &str, now: jiff::Timestamp) -> bool {
    let mut revisions: Vec<&str> = Vec::new();
    blocks.iter().all(|block| {
        let revision = read::text(block, "targetRevision").ok().unwrap_or_default();
        let revision_ok =
            revision.strip_prefix(prefix).is_some_and(is_hash) && !revisions.contains(&revision);
        revisions.push(revision);
        let attempts = read::int(block, "attemptsStarted");
        let reason_ok = match read::text(block, "reason") {
            Read::Unset => true,
            Read::Ok(r) => r.len() <= 4096,
            Read::Bad => false,
        };
        let time = |key: &str| -> Result<Option<jiff::Timestamp>, ()> {
            match read::text(block, key) {
                Read::Unset => Ok(None),
                Read::Ok(t) => t
                    .parse::<jiff::Timestamp>()
                    .ok()
                    .filter(|t| t.as_second() != -62_135_596_800)
                    .map(Some)
                    .ok_or(()),
                Read::Bad => Err(()),
            }
        };
        let (Ok(first), Ok(last), Ok(next)) = (
            time("firstFailureAt"),
            time("lastFailureAt"),
            time("nextRetryAt"),
        ) else {
            return false;
        };
        let times_ok = first.is_none_or(|f| f <= now)
            && last.is_none_or(|l| l <= now && first.is_none_or(|f| l >= f))
            && next.is_none_or(|n| first.is_none_or(|f| n >= f));
        let state_ok = match read::text(block, "state") {
            Read::Ok("Held") => attempts.ok().is_some_and(|a| a > 0) && next.is_none(),
            Read::Ok("Backoff") => next.is_some(),
            Read::Ok("RetryInProgress") => true,
            _ => false,
        };
        revision_ok
            && !attempts.is_bad()
            && attempts.ok().is_none_or(|a| a >= 0)
            && reason_ok
            && times_ok
            && state_ok
    })
}

#[cfg(test)]
mod tests;
