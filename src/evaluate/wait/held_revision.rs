//! `held-revision=unheld` (§4.10, evidence-strictness.md §3.3): on the exact original IR
//! (`--ir-name`/`--ir-uid`), with the parent read again after the IR, every retry block is
//! well-formed, no release request is pending in the `ome.io/release-held-revision` mailbox and
//! the block of `--revision` is no longer `Held`. The checks are in `held_rules`.

use super::Validity;
use super::held_rules::{self, HeldReads, HeldRequest};
use crate::ome::closed_set;
use crate::ome::request::IrBinding;
use crate::ome::{Component, Fetched, InferenceReplica, instances};
use serde::Serialize;
use serde_json::Value;

pub(crate) use super::held_rules::HeldVerdict as HeldRevisionReason;

/// Instance rows decoded at most (as for `replicas=current`).
const MAX_ROWS: usize = 20_000;

/// `content.heldRevision` (conformance.md §3.1), keys in the reference's order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct HeldRevisionObservation {
    pub(crate) matched: bool,
    #[serde(serialize_with = "reason_text")]
    pub(crate) reason: HeldRevisionReason,
    pub(crate) validity: HeldValidity,
    pub(crate) target_state: TargetState,
    pub(crate) mailbox_state: MailboxState,
    pub(crate) attribution: &'static str,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(crate) component: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(crate) revision: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(crate) inference_replica: String,
    #[serde(
        rename = "inferenceReplicaUID",
        skip_serializing_if = "String::is_empty"
    )]
    pub(crate) inference_replica_uid: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(crate) encoding: String,
    pub(crate) inspected_sources: u64,
    pub(crate) inspected_blocks: u64,
}

fn reason_text<S: serde::Serializer>(
    reason: &HeldRevisionReason,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(reason.as_str())
}

closed_set! {
    /// The held-revision validity: `Partial` when the sources could not be read completely.
    pub(crate) enum HeldValidity {
        Valid => "Valid",
        Partial => "Partial",
        Unavailable => "Unavailable",
        Invalid => "Invalid",
    }
}

closed_set! {
    /// `targetState` (conformance.md §3.1): the state of the revision's retry block, `Absent`
    /// without one.
    pub(crate) enum TargetState {
        Unknown => "Unknown",
        Held => "Held",
        Absent => "Absent",
        Backoff => "Backoff",
        RetryInProgress => "RetryInProgress",
    }
}

closed_set! {
    /// `mailboxState` (conformance.md §3.1): the `ome.io/release-held-revision` request.
    pub(crate) enum MailboxState {
        Unknown => "Unknown",
        Absent => "Absent",
        Pending => "Pending",
        Superseded => "Superseded",
    }
}

impl TargetState {
    /// The states a match allows: no block left, or one that is retrying again.
    fn released(self) -> bool {
        matches!(
            self,
            TargetState::Absent | TargetState::Backoff | TargetState::RetryInProgress
        )
    }
}

impl HeldValidity {
    /// The shared validity (evidence `Reported` only when `Valid`).
    pub(crate) fn shared(self) -> Validity {
        match self {
            HeldValidity::Valid => Validity::Valid,
            HeldValidity::Invalid => Validity::Invalid,
            HeldValidity::Partial | HeldValidity::Unavailable => Validity::Unavailable,
        }
    }
}

/// The §3.1 table: validity, target state and mailbox state of each reason.
fn states(
    reason: HeldRevisionReason,
    block_state: Option<TargetState>,
) -> (HeldValidity, TargetState, MailboxState) {
    use HeldRevisionReason::*;
    let from_blocks = block_state.unwrap_or(TargetState::Absent);
    let unknown = |validity| (validity, TargetState::Unknown, MailboxState::Unknown);
    match reason {
        SourceInvalid | Deleting | UnsupportedPlacement | InvalidRetryBlocks | InvalidStatus => {
            unknown(HeldValidity::Invalid)
        }
        ReplicaReplaced | ReplicaMissing => unknown(HeldValidity::Unavailable),
        SourceIncomplete | SourceStale => unknown(HeldValidity::Partial),
        MailboxPending => (HeldValidity::Valid, from_blocks, MailboxState::Pending),
        MailboxSuperseded => (HeldValidity::Valid, from_blocks, MailboxState::Superseded),
        Held => (HeldValidity::Valid, TargetState::Held, MailboxState::Absent),
        Unheld => (HeldValidity::Valid, from_blocks, MailboxState::Absent),
    }
}

/// What the request names.
#[derive(Debug, Clone)]
pub(crate) struct HeldTarget {
    pub(crate) component: Component,
    pub(crate) revision: String,
    pub(crate) ir: IrBinding,
}

impl HeldRevisionObservation {
    /// The reset object (parent lost, or no observation yet): the request's identities only.
    pub(crate) fn none(target: &HeldTarget) -> Self {
        HeldRevisionObservation {
            matched: false,
            reason: HeldRevisionReason::SourceIncomplete,
            validity: HeldValidity::Unavailable,
            target_state: TargetState::Unknown,
            mailbox_state: MailboxState::Unknown,
            attribution: "Unverifiable",
            component: target.component.as_str().to_string(),
            revision: target.revision.clone(),
            inference_replica: target.ir.name.clone(),
            inference_replica_uid: target.ir.uid.clone(),
            encoding: String::new(),
            inspected_sources: 0,
            inspected_blocks: 0,
        }
    }

    /// `matched` survives only with every fact a match needs (conformance.md §3.1
    /// canonicalisation; `[REDACTED]` identities count as present).
    pub(crate) fn qualifies(&self) -> bool {
        let identities = [
            &self.component,
            &self.revision,
            &self.inference_replica,
            &self.inference_replica_uid,
            &self.encoding,
        ];
        self.matched
            && self.validity == HeldValidity::Valid
            && self.reason == HeldRevisionReason::Unheld
            && self.target_state.released()
            && self.mailbox_state == MailboxState::Absent
            && identities.iter().all(|v| !v.is_empty())
            && self.inspected_sources == 1
    }

    /// A match that does not hold (the report's downgrade).
    pub(crate) fn invalidate(&mut self) {
        self.reason = HeldRevisionReason::SourceInvalid;
        self.validity = HeldValidity::Invalid;
        self.matched = false;
    }
}

/// Evaluates one poll: the parent, the original IR (`None`: not found) and the parent read
/// again after the IR.
pub(crate) fn evaluate(
    parent: &Value,
    ir: Option<&Value>,
    parent_again: &Value,
    target: &HeldTarget,
    now: jiff::Timestamp,
) -> HeldRevisionObservation {
    let instances_decoded = ir.is_some_and(|raw| {
        Fetched::<InferenceReplica>::from_raw(raw.clone())
            .is_some_and(|ir| instances::decode(&ir.view.status, MAX_ROWS).is_ok())
    });
    let (reason, block_state) = held_rules::evaluate(
        HeldReads {
            parent,
            ir,
            parent_again,
            instances_decoded,
            now,
        },
        HeldRequest {
            component: target.component.as_str(),
            revision: &target.revision,
            ir_name: &target.ir.name,
            ir_uid: &target.ir.uid,
        },
    );
    let (validity, target_state, mailbox_state) = states(reason, block_state);
    let matched = reason == HeldRevisionReason::Unheld
        && validity == HeldValidity::Valid
        && target_state.released();
    // Fields fill as the checks progress: the IR's identity once it was read and bound, its
    // encoding and blocks once its status was decoded.
    let bound = ir.is_some()
        && !matches!(
            reason,
            HeldRevisionReason::SourceInvalid
                | HeldRevisionReason::ReplicaReplaced
                | HeldRevisionReason::ReplicaMissing
        );
    let decoded = bound && instances_decoded && validity == HeldValidity::Valid;
    let status = ir.and_then(|ir| ir.get("status"));
    let encoding = match status.and_then(|s| s.get("instanceStatusEncoding")) {
        Some(Value::String(e)) if e == "ColumnarV2" => "ColumnarV2",
        _ => "DenseV1",
    };
    let blocks = status
        .and_then(|s| s.get("retryBlocks"))
        .and_then(Value::as_array)
        .map_or(0, Vec::len)
        .min(64) as u64;
    let none = HeldRevisionObservation::none(target);
    HeldRevisionObservation {
        matched,
        reason,
        validity,
        target_state,
        mailbox_state,
        inference_replica: if bound {
            none.inference_replica.clone()
        } else {
            String::new()
        },
        inference_replica_uid: if bound {
            none.inference_replica_uid.clone()
        } else {
            String::new()
        },
        encoding: if decoded {
            encoding.to_string()
        } else {
            String::new()
        },
        inspected_sources: u64::from(ir.is_some()),
        inspected_blocks: if decoded { blocks } else { 0 },
        ..none
    }
}
