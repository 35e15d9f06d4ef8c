//! `held-revision=unheld` (§4.10): on the exact original IR (`--ir-name`/`--ir-uid`), the retry
//! block of `--revision` is no longer `Held` and the `ome.io/release-held-revision` mailbox
//! annotation is gone (the controller consumed the release request).

use super::Validity;
use super::identity::is_owned_child;
use crate::ome::Component;
use crate::ome::keys::ANNOTATION_RELEASE_HELD_REVISION;
use crate::ome::request::IrBinding;
use crate::ome::{InferenceReplica, InferenceService, meta_annotation, meta_name, meta_uid};
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) enum HeldRevisionReason {
    HeldRevisionMatched,
    HeldRevisionHeld,
    HeldRevisionNotRecorded,
    InvalidHeldRevision,
}

impl HeldRevisionReason {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            HeldRevisionReason::HeldRevisionMatched => "HeldRevisionMatched",
            HeldRevisionReason::HeldRevisionHeld => "HeldRevisionHeld",
            HeldRevisionReason::HeldRevisionNotRecorded => "HeldRevisionNotRecorded",
            HeldRevisionReason::InvalidHeldRevision => "InvalidHeldRevision",
        }
    }
}

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
            reason: HeldRevisionReason::HeldRevisionNotRecorded,
        }
    }
}

/// Evaluates the original IR (`None`: not found).
pub(crate) fn evaluate(
    parent: &InferenceService,
    ir: Option<&InferenceReplica>,
    target: &HeldTarget,
) -> HeldRevisionObservation {
    let mut obs = HeldRevisionObservation::none(target);
    let Some(ir) = ir else {
        return obs;
    };
    let identity_ok = meta_name(&ir.metadata) == target.ir.name
        && meta_uid(&ir.metadata) == target.ir.uid
        && is_owned_child(ir, parent, target.component.as_str());
    if !identity_ok {
        obs.validity = Validity::Invalid;
        obs.reason = HeldRevisionReason::InvalidHeldRevision;
        return obs;
    }
    let blocks: Vec<_> = ir
        .status
        .retry_blocks
        .iter()
        .filter(|b| b.target_revision.as_deref() == Some(target.revision.as_str()))
        .collect();
    obs.mailbox_present = meta_annotation(&ir.metadata, ANNOTATION_RELEASE_HELD_REVISION).is_some();
    (obs.validity, obs.reason) = match blocks.as_slice() {
        // Two blocks for one revision: contradicting evidence never matches.
        [_, _, ..] => (Validity::Invalid, HeldRevisionReason::InvalidHeldRevision),
        [block] => {
            obs.block_state = block.state.clone();
            held_or_released(block.state.as_deref() == Some("Held"), obs.mailbox_present)
        }
        [] => held_or_released(false, obs.mailbox_present),
    };
    obs
}

fn held_or_released(held: bool, mailbox: bool) -> (Validity, HeldRevisionReason) {
    if held || mailbox {
        (Validity::Valid, HeldRevisionReason::HeldRevisionHeld)
    } else {
        (Validity::Valid, HeldRevisionReason::HeldRevisionMatched)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const REV: &str = "chat-engine-0a1b2c3d";

    fn parent() -> InferenceService {
        serde_json::from_value(json!({
            "metadata": {"name": "chat", "namespace": "prod", "uid": "isvc-uid", "generation": 7}
        }))
        .unwrap()
    }

    fn ir(uid: &str, blocks: serde_json::Value, mailbox: bool) -> InferenceReplica {
        let mut annotations = json!({"ome.io/parent-generation": "7"});
        if mailbox {
            annotations["ome.io/release-held-revision"] = json!(REV);
        }
        serde_json::from_value(json!({
            "metadata": {"name": "chat-engine", "namespace": "prod", "uid": uid,
                         "resourceVersion": "5", "generation": 2, "annotations": annotations,
                         "ownerReferences": [{"apiVersion": "ome.io/v1beta1", "kind": "InferenceService",
                                              "name": "chat", "uid": "isvc-uid", "controller": true}]},
            "spec": {"parentRef": {"name": "chat"}, "component": "engine"},
            "status": {"retryBlocks": blocks}
        }))
        .unwrap()
    }

    fn target() -> HeldTarget {
        HeldTarget {
            component: Component::Engine,
            revision: REV.into(),
            ir: IrBinding {
                name: "chat-engine".into(),
                uid: "ir-uid".into(),
            },
        }
    }

    #[test]
    fn released_only_when_not_held_and_the_mailbox_is_gone() {
        let held = json!([{"targetRevision": REV, "state": "Held"}]);
        let retrying = json!([{"targetRevision": REV, "state": "RetryInProgress"}]);
        let p = parent();
        let t = target();
        let reason = |ir: &InferenceReplica| evaluate(&p, Some(ir), &t).reason;
        assert_eq!(
            reason(&ir("ir-uid", held, false)),
            HeldRevisionReason::HeldRevisionHeld
        );
        assert_eq!(
            reason(&ir("ir-uid", retrying.clone(), true)),
            HeldRevisionReason::HeldRevisionHeld
        );
        assert_eq!(
            reason(&ir("ir-uid", retrying.clone(), false)),
            HeldRevisionReason::HeldRevisionMatched
        );
        // A recreated IR (another UID) is not the one the release was for.
        assert_eq!(
            reason(&ir("new-uid", retrying, false)),
            HeldRevisionReason::InvalidHeldRevision
        );
        assert_eq!(
            evaluate(&p, None, &t).reason,
            HeldRevisionReason::HeldRevisionNotRecorded
        );
    }
}
