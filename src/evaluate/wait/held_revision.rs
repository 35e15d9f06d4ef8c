//! `held-revision=unheld` (§4.10, evidence-strictness.md §3.3): on the exact original IR
//! (`--ir-name`/`--ir-uid`), with the parent read again after the IR, every retry block is
//! well-formed, no release request is pending in the `ome.io/release-held-revision` mailbox and
//! the block of `--revision` is no longer `Held`. The checks are in `held_rules`.

use super::Validity;
use super::held_rules::{self, HeldReads, HeldRequest};
use crate::ome::request::IrBinding;
use crate::ome::{Component, Fetched, InferenceReplica, instances};
use serde::Serialize;
use serde_json::Value;

pub(crate) use super::held_rules::HeldVerdict as HeldRevisionReason;

/// Instance rows decoded at most (as for `replicas=current`).
const MAX_ROWS: usize = 20_000;

/// `content.heldRevision`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct HeldRevisionObservation {
    pub(crate) component: Component,
    pub(crate) revision: String,
    pub(crate) inference_replica: String,
    /// The retry block's state for the revision (`Backoff`, `Held`, `RetryInProgress`, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) block_state: Option<String>,
    pub(crate) mailbox_present: bool,
    pub(crate) validity: Validity,
    #[serde(skip)]
    pub(crate) reason: HeldRevisionReason,
}

/// What the request names.
#[derive(Debug, Clone)]
pub(crate) struct HeldTarget {
    pub(crate) component: Component,
    pub(crate) revision: String,
    pub(crate) ir: IrBinding,
}

impl HeldRevisionObservation {
    pub(crate) fn none(target: &HeldTarget) -> Self {
        HeldRevisionObservation {
            component: target.component,
            revision: target.revision.clone(),
            inference_replica: target.ir.name.clone(),
            block_state: None,
            mailbox_present: false,
            validity: Validity::Unavailable,
            reason: HeldRevisionReason::ReplicaMissing,
        }
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
    let mailbox_present = ir
        .and_then(|ir| ir.pointer("/metadata/annotations"))
        .and_then(|a| a.get(crate::ome::keys::ANNOTATION_RELEASE_HELD_REVISION))
        .is_some();
    HeldRevisionObservation {
        block_state,
        mailbox_present,
        validity: reason.validity(),
        reason,
        ..HeldRevisionObservation::none(target)
    }
}
