//! The guarded `/scale` PATCH (scale.md §5): one merge patch carrying the IR's resourceVersion
//! as collected, `dryRun=All` for a server dry run, one shot, a 1 MiB response cap and strict
//! response validation. A 409 (or the generic empty-details 422) is the precondition conflict;
//! a 401, 403 or 404 was refused before anything was stored and is named on a `write` check line
//! (website.md §6; a 403 keeps the guide's message); every other failure leaves the outcome
//! unknown.

use super::{guard_status, merge_patch, outcome_unknown};
use crate::collect::handoff::Handoff;
use crate::collect::http::{ApiError, ApiRequest, paths, send};
use crate::errors::read_check::{ReadKind, ReadObject, WriteCause, write_check};
use crate::errors::scale_check::{CheckId, CheckValue, Evidence, Next, ScaleCheck};
use crate::errors::{Refusal, ScaleError};
use crate::evaluate::scale::Plan;
use crate::evaluate::scale::scale_body;
use crate::ome::names::is_safe_scalar;
use crate::ome::request::DryRun;
use serde_json::{Value, json};
use std::time::Duration;

/// The merge patch: the guard and the new count, nothing else.
pub(crate) fn patch_body(resource_version: &str, replicas: i32) -> Vec<u8> {
    json!({"metadata": {"resourceVersion": resource_version}, "spec": {"replicas": replicas}})
        .to_string()
        .into_bytes()
}

/// The PATCH request for a plan (`dry_run` must be `None` or `Server`); `handoff` records when
/// it is handed to a connection.
pub(crate) fn patch_request(
    plan: &Plan,
    dry_run: DryRun,
    timeout: Duration,
    handoff: &Handoff,
) -> ApiRequest {
    let path = paths::inference_replica_scale(&plan.ir.namespace, &plan.ir.name);
    let body = patch_body(&plan.ir.resource_version, plan.requested);
    merge_patch(path, body, dry_run, timeout, handoff)
}

/// Sends the PATCH once and classifies the outcome.
pub(crate) async fn send_patch(
    client: &kube::Client,
    plan: &Plan,
    dry_run: DryRun,
    timeout: Duration,
    handoff: &Handoff,
) -> Result<(), Refusal> {
    match send(client, patch_request(plan, dry_run, timeout, handoff)).await {
        Ok(response) => {
            validate_response(plan, &response.body).map_err(|_| unknown(plan, "identity"))
        }
        Err(err) => Err(refusal(plan, &err)),
    }
}

/// The failed PATCH with its evidence (diagnose.md §5.1): the guard that was rejected, or why
/// the outcome is unknown.
pub(crate) fn refusal(plan: &Plan, err: &ApiError) -> Refusal {
    let code = |c: u16| CheckValue::Int(i64::from(c));
    match (classify(err), err) {
        (ScaleError::Precondition, _) => ScaleError::Precondition.because(ScaleCheck::new(
            CheckId::PatchGuard,
            Evidence::new()
                .name("ir", plan.ir.name.clone())
                .name("sentRV", plan.ir.resource_version.clone())
                .int("http", guard_status(err)),
        )),
        (_, ApiError::Status { code: c, .. }) => unknown_with(plan, "http", Some(code(*c))),
        (_, ApiError::Forbidden { .. }) => refused_write(plan, WriteCause::Forbidden),
        (_, ApiError::Unauthorized { .. }) => refused_write(plan, WriteCause::Unauthorized),
        (_, ApiError::NotFound { .. }) => refused_write(plan, WriteCause::NotFound),
        (_, ApiError::Conflict { .. }) => unknown_with(plan, "http", Some(code(409))),
        (_, ApiError::TimedOut) => unknown(plan, "timeout"),
        (_, ApiError::TooLarge) => unknown(plan, "oversize"),
        // Refused unsent (the IR name was checked long before, so this cannot happen): the
        // target's identity did not check out.
        (_, ApiError::Malformed | ApiError::UnsafePath) => unknown(plan, "identity"),
        (_, ApiError::Transport(_)) => unknown(plan, "network"),
    }
}

/// `patch outcome=unknown cause=<cause>`, then the command that shows the live count.
pub(crate) fn unknown(plan: &Plan, cause: &'static str) -> Refusal {
    unknown_with(plan, cause, None)
}

fn unknown_with(plan: &Plan, cause: &'static str, value: Option<CheckValue>) -> Refusal {
    let line = outcome_unknown(cause, value);
    ScaleError::OutcomeUnknown.because(ScaleCheck::new(CheckId::Patch, line).with_next(
        Next::Autoscale {
            service: plan.isvc.name.clone(),
        },
    ))
}

/// A 401, 403 or 404: the server refused the PATCH before storing anything (website.md §6): the
/// `write` check, then for a refused identity the access check. A 401 or 404 exits 1 with the
/// read-failure message (difference ad). A 403 keeps the user guide's message, which wins over
/// website.md's: "You also see this error [scale request outcome unknown] when you lack
/// permission to patch inferencereplicas/scale, and then nothing changed"; the guide states no
/// exit code for it, and nothing was stored, so it exits 1 as difference ad says.
fn refused_write(plan: &Plan, cause: WriteCause) -> Refusal {
    let object = ReadObject {
        kind: ReadKind::Scale,
        namespace: &plan.ir.namespace,
        name: &plan.ir.name,
    };
    let error = match cause {
        WriteCause::Forbidden => ScaleError::WriteForbidden,
        WriteCause::Unauthorized | WriteCause::NotFound => ScaleError::Api,
    };
    error.because(write_check(object, cause))
}

const GENERIC_INVALID: &str = "the server rejected our request due to an error in our request";

/// 409, or a 422 that is exactly a failed JSON-Patch test, is the precondition conflict.
pub(crate) fn classify(err: &ApiError) -> ScaleError {
    match err {
        ApiError::Conflict { .. } => ScaleError::Precondition,
        ApiError::Status {
            code: 422,
            reason,
            message,
            details: Some(details),
        } if reason == "Invalid" && message == GENERIC_INVALID && empty_details(details) => {
            ScaleError::Precondition
        }
        _ => ScaleError::OutcomeUnknown,
    }
}

fn empty_details(details: &Value) -> bool {
    let Some(map) = details.as_object() else {
        return false;
    };
    let blank = |key: &str| {
        map.get(key)
            .is_none_or(|v| v.as_str().is_some_and(str::is_empty))
    };
    blank("name")
        && blank("group")
        && blank("kind")
        && blank("uid")
        && map
            .get("retryAfterSeconds")
            .is_none_or(|v| v.as_i64() == Some(0))
        && map
            .get("causes")
            .is_none_or(|v| v.as_array().is_some_and(Vec::is_empty))
}

/// The response must be the Scale of this IR carrying the requested count.
fn validate_response(plan: &Plan, body: &[u8]) -> Result<(), ScaleError> {
    let view = scale_body::decode(body).map_err(|_| ScaleError::OutcomeUnknown)?;
    let ir = &plan.ir;
    let bound = view.api_version == "autoscaling/v1"
        && view.kind == "Scale"
        && view.name == ir.name
        && view.namespace == ir.namespace
        && view.uid == ir.uid
        && is_safe_scalar(&view.resource_version)
        && view.spec_replicas == plan.requested;
    if bound {
        Ok(())
    } else {
        Err(ScaleError::OutcomeUnknown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::scale::properties::{case, evaluate, world};
    use crate::ome::evidence::TransportError;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(property_config!(256))]

        /// The PATCH of any plan guards the IR's resourceVersion as verified and asks for the
        /// requested count, on that IR's `/scale` (with `dryRun=All` only for a server dry run).
        #[test]
        fn the_patch_carries_the_verified_guard(world in world(), server in any::<bool>()) {
            let case = case(&world);
            let plan = evaluate(&case, &world.namespace)
                .map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
            let dry_run = if server { DryRun::Server } else { DryRun::None };
            let request = patch_request(&plan, dry_run, Duration::from_secs(10), &Handoff::default());
            let body: Value = serde_json::from_slice(&request.body)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(
                body,
                json!({"metadata": {"resourceVersion": world.rvs[1]},
                       "spec": {"replicas": world.requested()}})
            );
            let path = paths::inference_replica_scale(&world.namespace, &world.ir_name());
            let expected = if server { format!("{path}?dryRun=All") } else { path };
            prop_assert_eq!(request.path, expected);
            prop_assert_eq!(request.method, http::Method::PATCH);
        }
    }

    #[test]
    fn merge_patch_is_compact_and_ordered() {
        assert_eq!(
            String::from_utf8(patch_body("418377", 3)).unwrap(),
            r#"{"metadata":{"resourceVersion":"418377"},"spec":{"replicas":3}}"#
        );
    }

    #[test]
    fn conflicts_and_generic_invalid_are_preconditions() {
        let conflict = ApiError::Conflict {
            message: "x".into(),
        };
        assert_eq!(classify(&conflict), ScaleError::Precondition);
        let generic = ApiError::Status {
            code: 422,
            reason: "Invalid".into(),
            message: GENERIC_INVALID.into(),
            details: Some(json!({})),
        };
        assert_eq!(classify(&generic), ScaleError::Precondition);
        for other in [
            ApiError::Status {
                code: 422,
                reason: "Invalid".into(),
                message: GENERIC_INVALID.into(),
                details: None,
            },
            ApiError::Status {
                code: 422,
                reason: "Invalid".into(),
                message: GENERIC_INVALID.into(),
                details: Some(json!({"causes": [{"field": "spec"}]})),
            },
            ApiError::Forbidden {
                message: "no".into(),
            },
            ApiError::TimedOut,
            ApiError::Transport(TransportError::new(std::io::Error::other("reset"))),
            ApiError::TooLarge,
        ] {
            assert_eq!(classify(&other), ScaleError::OutcomeUnknown, "{other:?}");
        }
    }
}
