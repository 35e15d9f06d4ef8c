//! The guarded annotation PATCH of `rollout pause`, `rollout resume` (the InferenceService) and
//! `instance release-held` (the InferenceReplica) (unblock.md §0.6, §1.6, §2.5, §3.5): one merge
//! patch of the target carrying the resourceVersion read, the keys to set (string) or remove
//! (`null`) and nothing else; `dryRun=All` for a server dry run; one shot,
//! a 1 MiB response cap, a response bound to the request and carrying the change (difference w).
//! Classification is `scale`'s: a 409 or the generic empty-details 422 is the conflict (exit 3),
//! a 401, 403 or 404 was refused before anything was stored (exit 1, website.md §6), every other
//! failure leaves the outcome unknown (exit 4).

use super::scale::classify;
use super::{guard_status, merge_patch, outcome_unknown};
use crate::collect::handoff::Handoff;
use crate::collect::http::{ApiError, ApiRequest, paths, send};
use crate::errors::read_check::{ReadKind, ReadObject, WriteCause, write_check};
use crate::errors::scale_check::{CheckId, CheckValue, Evidence, Next, ScaleCheck};
use crate::errors::{ActionError, ActionFailure, RolloutAction, ScaleError};
use crate::evaluate::rollout_action::ActionPlan;
use crate::evaluate::scale::scale_body::decode_identity;
use crate::ome::names::is_safe_scalar;
use crate::ome::request::DryRun;
use serde_json::{Map, Value, json};
use std::time::Duration;

/// The merge patch: the guard, then each key set or removed.
pub(crate) fn patch_body(plan: &ActionPlan) -> Vec<u8> {
    let mut annotations = Map::new();
    if let Some((key, value)) = &plan.set {
        annotations.insert((*key).to_string(), Value::String(value.clone()));
    }
    for (key, _) in &plan.removals {
        annotations.insert((*key).to_string(), Value::Null);
    }
    json!({"metadata": {"resourceVersion": plan.target.resource_version,
                        "annotations": annotations}})
    .to_string()
    .into_bytes()
}

/// The PATCH request (`dry_run` must be `None` or `Server`).
pub(crate) fn patch_request(
    plan: &ActionPlan,
    dry_run: DryRun,
    timeout: Duration,
    handoff: &Handoff,
) -> ApiRequest {
    let target = &plan.target;
    let path = match plan.action {
        RolloutAction::ReleaseHeld => paths::inference_replica(&target.namespace, &target.name),
        _ => paths::inference_service(&target.namespace, &target.name),
    };
    merge_patch(path, patch_body(plan), dry_run, timeout, handoff)
}

/// Sends the PATCH once and classifies the outcome.
pub(crate) async fn send_patch(
    client: &kube::Client,
    plan: &ActionPlan,
    dry_run: DryRun,
    timeout: Duration,
    handoff: &Handoff,
) -> Result<(), ActionFailure> {
    match send(client, patch_request(plan, dry_run, timeout, handoff)).await {
        Ok(response) => validate_response(plan, &response.body).map_err(|()| {
            unknown(
                plan,
                ActionError::Unbound.for_action(plan.action),
                "identity",
                None,
            )
        }),
        Err(err) => Err(refusal(plan, &err)),
    }
}

/// The failed PATCH with its check line: the rejected guard, or why the outcome is unknown.
pub(crate) fn refusal(plan: &ActionPlan, err: &ApiError) -> ActionFailure {
    let code = |c: u16| Some(CheckValue::Int(i64::from(c)));
    let outcome = ActionError::OutcomeUnknown(plan.action);
    match (classify(err), err) {
        (ScaleError::Precondition, _) => {
            let check = ScaleCheck::new(
                CheckId::PatchGuard,
                Evidence::new()
                    .name(
                        "target",
                        format!("{}/{}", plan.target.kind, plan.target.name),
                    )
                    .name("sentRV", plan.target.resource_version.clone())
                    .int("http", guard_status(err)),
            )
            .with_next(next(plan));
            ActionError::Precondition
                .for_action(plan.action)
                .because(check)
        }
        (_, ApiError::Status { code: c, .. }) => unknown(plan, outcome, "http", code(*c)),
        (_, ApiError::Forbidden { .. }) => refused_write(plan, WriteCause::Forbidden),
        (_, ApiError::Unauthorized { .. }) => refused_write(plan, WriteCause::Unauthorized),
        (_, ApiError::NotFound { .. }) => refused_write(plan, WriteCause::NotFound),
        (_, ApiError::Conflict { .. }) => unknown(plan, outcome, "http", code(409)),
        (_, ApiError::TimedOut) => unknown(plan, outcome, "timeout", None),
        (_, ApiError::TooLarge) => unknown(
            plan,
            ActionError::Oversize.for_action(plan.action),
            "oversize",
            None,
        ),
        (_, ApiError::Malformed | ApiError::UnsafePath) => unknown(
            plan,
            ActionError::Unbound.for_action(plan.action),
            "identity",
            None,
        ),
        (_, ApiError::Transport(_)) => unknown(plan, outcome, "network", None),
    }
}

/// A 401, 403 or 404: the server refused the PATCH before storing anything, so nothing changed
/// (website.md §6, difference ad): the `write` check with the target, then for a refused
/// identity the access check, and the read-failure error (exit 1).
fn refused_write(plan: &ActionPlan, cause: WriteCause) -> ActionFailure {
    let target = &plan.target;
    let kind = match plan.action {
        RolloutAction::ReleaseHeld => ReadKind::InferenceReplica,
        RolloutAction::Pause | RolloutAction::Resume => ReadKind::InferenceService,
    };
    let object = ReadObject {
        kind,
        namespace: &target.namespace,
        name: &target.name,
    };
    ActionError::Api.because(write_check(object, cause))
}

/// `rollout status` of the service, or `instance retry-blocks` of the released component.
fn next(plan: &ActionPlan) -> Next {
    match &plan.held {
        Some(held) => Next::RetryBlocks {
            service: held.service.clone(),
            component: held.component.as_str(),
        },
        None => Next::Rollout {
            service: plan.target.name.clone(),
        },
    }
}

/// `patch outcome=unknown cause=<cause>`, then the `next:` command of [`next`].
pub(crate) fn unknown(
    plan: &ActionPlan,
    error: ActionError,
    cause: &'static str,
    value: Option<CheckValue>,
) -> ActionFailure {
    let line = outcome_unknown(cause, value);
    error.because(ScaleCheck::new(CheckId::Patch, line).with_next(next(plan)))
}

/// The response must be the target and carry the requested annotation change.
fn validate_response(plan: &ActionPlan, body: &[u8]) -> Result<(), ()> {
    let id = decode_identity(body).map_err(|_| ())?;
    let target = &plan.target;
    let bound = id.api_version == "ome.io/v1beta1"
        && id.kind == target.kind
        && id.name == target.name
        && id.namespace == target.namespace
        && id.uid == target.uid
        && is_safe_scalar(&id.resource_version);
    let object: Value = serde_json::from_slice(body).map_err(|_| ())?;
    let annotation = |key: &str| {
        object
            .pointer("/metadata/annotations")
            .and_then(|a| a.get(key))
            .and_then(Value::as_str)
    };
    let set = plan
        .set
        .as_ref()
        .is_none_or(|(key, value)| annotation(key) == Some(value.as_str()));
    let removed = plan
        .removals
        .iter()
        .all(|(key, _)| annotation(key).is_none());
    if bound && set && removed {
        Ok(())
    } else {
        Err(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ome::pause::PauseDepth;
    use crate::ome::reads::Stamp;

    fn plan(action: RolloutAction) -> ActionPlan {
        let (set, removals) = match action {
            RolloutAction::Pause | RolloutAction::ReleaseHeld => (
                Some(("ome.io/rollout-paused", "true".to_string())),
                Vec::new(),
            ),
            RolloutAction::Resume => (
                None,
                vec![
                    ("ome.io/rollout-paused", "freeze".to_string()),
                    ("ome.io/rollout-promote", "7f9c4d2b".to_string()),
                ],
            ),
        };
        ActionPlan {
            action,
            target: Stamp {
                kind: "InferenceService".into(),
                api_version: "ome.io/v1beta1".into(),
                namespace: "prod".into(),
                name: "chat".into(),
                uid: "u-1".into(),
                resource_version: "418240".into(),
                generation: 7,
            },
            native: Vec::new(),
            previous: None,
            depth: PauseDepth::None,
            set,
            removals,
            records: None,
            held: None,
        }
    }

    #[test]
    fn the_merge_patch_carries_the_guard_and_only_the_named_keys() {
        let pause: Value =
            serde_json::from_slice(&patch_body(&plan(RolloutAction::Pause))).unwrap();
        assert_eq!(
            pause,
            json!({"metadata": {"resourceVersion": "418240",
                                "annotations": {"ome.io/rollout-paused": "true"}}})
        );
        let resume: Value =
            serde_json::from_slice(&patch_body(&plan(RolloutAction::Resume))).unwrap();
        assert_eq!(
            resume,
            json!({"metadata": {"resourceVersion": "418240",
                                "annotations": {"ome.io/rollout-paused": null,
                                                "ome.io/rollout-promote": null}}})
        );
        let request = patch_request(
            &plan(RolloutAction::Pause),
            DryRun::Server,
            Duration::from_secs(10),
            &Handoff::default(),
        );
        assert_eq!(
            request.path,
            "/apis/ome.io/v1beta1/namespaces/prod/inferenceservices/chat?dryRun=All"
        );
    }

    #[test]
    fn a_response_must_be_bound_and_carry_the_change() {
        let body = |annotations: Value| {
            json!({"apiVersion": "ome.io/v1beta1", "kind": "InferenceService",
                   "metadata": {"name": "chat", "namespace": "prod", "uid": "u-1",
                                "resourceVersion": "9", "annotations": annotations}})
            .to_string()
        };
        let pause = plan(RolloutAction::Pause);
        let ok = body(json!({"ome.io/rollout-paused": "true"}));
        assert_eq!(validate_response(&pause, ok.as_bytes()), Ok(()));
        let dropped = body(json!({}));
        assert_eq!(validate_response(&pause, dropped.as_bytes()), Err(()));
        let other = ok.replace("u-1", "u-2");
        assert_eq!(validate_response(&pause, other.as_bytes()), Err(()));
        let duplicate = ok.replace(
            r#""kind":"InferenceService""#,
            r#""kind":"InferenceService","Kind":"x""#,
        );
        assert_eq!(validate_response(&pause, duplicate.as_bytes()), Err(()));
        let resume = plan(RolloutAction::Resume);
        let kept = body(json!({"ome.io/rollout-promote": "7f9c4d2b"}));
        assert_eq!(validate_response(&resume, kept.as_bytes()), Err(()));
        assert_eq!(validate_response(&resume, dropped.as_bytes()), Ok(()));
    }
}
