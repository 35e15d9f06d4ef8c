//! The validity rules of `runtime-sync=acknowledged` (evidence-strictness.md §3.2) over the
//! stored InferenceService: placement, a managed pin that is actually applied, this request's
//! token acknowledged, and no `RuntimeDrifted` condition.

use super::Validity;
use super::runtime_sync::RuntimeSyncReason as SyncVerdict;
use crate::evaluate::rollout::project::read::{self, Read};
use crate::ome::keys;
use crate::ome::names::is_dns1123_subdomain;
use serde_json::Value;

/// Placement-owned: a marker key, the `ome.io/placement` finalizer, or placement fields.
pub(crate) fn placement_owned(object: &Value) -> bool {
    let meta = read::field(object, "metadata").unwrap_or(&Value::Null);
    let has_key = |map: &str| {
        read::field(meta, map)
            .and_then(Value::as_object)
            .is_some_and(|m| keys::PLACEMENT_KEYS.iter().any(|k| m.contains_key(*k)))
    };
    let finalizer =
        read::strings(meta, "finalizers").is_some_and(|f| f.contains(&keys::FINALIZER_PLACEMENT));
    has_key("labels")
        || has_key("annotations")
        || finalizer
        || read::path(object, &["spec", "placement"]).is_some()
        || read::path(object, &["status", "placement"]).is_some()
}

/// The verdict and its validity.
pub(crate) fn evaluate(isvc: &Value, request_id: &str) -> (SyncVerdict, Validity) {
    if placement_owned(isvc) {
        return (SyncVerdict::UnsupportedPlacement, Validity::Unavailable);
    }
    let invalid = (SyncVerdict::InvalidCondition, Validity::Invalid);
    let runtime = read::path(isvc, &["spec", "runtime"]).unwrap_or(&Value::Null);
    let status = read::field(isvc, "status").unwrap_or(&Value::Null);
    let managed = read::boolean(runtime, "autoSync") == Read::Ok(false)
        && matches!(read::text(runtime, "revision"), Read::Unset | Read::Ok(""))
        && read::text(runtime, "name")
            .ok()
            .is_some_and(is_dns1123_subdomain)
        && matches!(
            read::text(runtime, "kind"),
            Read::Unset | Read::Ok("ServingRuntime" | "ClusterServingRuntime")
        )
        && matches!(
            read::text(runtime, "apiGroup"),
            Read::Unset | Read::Ok("ome.io")
        );
    let pinned = read::text(status, "pinnedRevisionName");
    let pinned_ok = match pinned {
        Read::Unset | Read::Ok("") => true,
        Read::Ok(name) => is_dns1123_subdomain(name),
        Read::Bad => false,
    };
    let wanted = format!("cli-runtime-sync-{request_id}");
    let annotation = read::path(isvc, &["metadata", "annotations", "ome.io/runtime-sync"])
        .and_then(Value::as_str);
    let acknowledged = read::text(status, "lastRuntimeSyncToken").ok();
    let oversized = [annotation, acknowledged]
        .iter()
        .any(|t| t.is_some_and(|t| t.len() > 256));
    let drift = match drift(status) {
        Ok(drift) => drift,
        Err(()) => return invalid,
    };
    if !managed || !pinned_ok || oversized {
        return invalid;
    }
    let applied = pinned.ok().is_some_and(|p| !p.is_empty());
    if !applied {
        return (
            SyncVerdict::RuntimeSyncNotAcknowledged,
            Validity::Unavailable,
        );
    }
    if annotation != Some(wanted.as_str()) || acknowledged != Some(wanted.as_str()) || drift {
        return (SyncVerdict::RuntimeSyncNotAcknowledged, Validity::Valid);
    }
    (SyncVerdict::RuntimeSyncObserved, Validity::Valid)
}

/// Whether a `RuntimeDrifted` condition is present; `Err` when the conditions are not valid
/// evidence (a type empty, over 253 bytes or with control characters; two drift conditions;
/// or one that is oversized or not a knative condition).
fn drift(status: &Value) -> Result<bool, ()> {
    let conditions = match read::array(status, "conditions") {
        Read::Unset => &[][..],
        Read::Ok(list) => list,
        Read::Bad => return Err(()),
    };
    let mut drifted = 0;
    for condition in conditions {
        let kind = read::text(condition, "type").ok().ok_or(())?;
        if kind.is_empty() || kind.len() > 253 || kind.chars().any(char::is_control) {
            return Err(());
        }
        if kind != "RuntimeDrifted" {
            continue;
        }
        drifted += 1;
        let len = |k: &str| read::text(condition, k).ok().map_or(0, str::len);
        let status = read::text(condition, "status").ok().unwrap_or_default();
        let severity = read::text(condition, "severity").ok().unwrap_or_default();
        if drifted > 1
            || len("reason") > 1024
            || len("message") > 4096
            || !matches!(status, "True" | "False" | "Unknown")
            || !matches!(severity, "" | "Warning" | "Info")
        {
            return Err(());
        }
    }
    Ok(drifted > 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const ID: &str = "3f1c2b7a-9d4e-4a5b-8c6d-7e8f90a1b2c3";

    fn acknowledged() -> Value {
        let token = format!("cli-runtime-sync-{ID}");
        json!({"metadata": {"annotations": {"ome.io/runtime-sync": token}},
               "spec": {"runtime": {"name": "rt", "autoSync": false}},
               "status": {"lastRuntimeSyncToken": token, "pinnedRevisionName": "cr-rt-1a2b3c4d"}})
    }

    #[test]
    fn observed_only_with_an_applied_managed_pin() {
        use SyncVerdict::*;
        assert_eq!(evaluate(&acknowledged(), ID).0, RuntimeSyncObserved);
        let mut unpinned = acknowledged();
        unpinned["status"]["pinnedRevisionName"] = Value::Null;
        assert_eq!(
            evaluate(&unpinned, ID),
            (RuntimeSyncNotAcknowledged, Validity::Unavailable)
        );
        let mut empty_revision = acknowledged();
        empty_revision["spec"]["runtime"]["revision"] = json!("");
        assert_eq!(evaluate(&empty_revision, ID).0, RuntimeSyncObserved);
        for (pointer, value) in [
            ("/spec/runtime/autoSync", Value::Null),
            ("/spec/runtime/revision", json!("r1")),
            ("/spec/runtime/kind", json!("Other")),
            ("/status/pinnedRevisionName", json!("Bad_Name")),
            ("/status/lastRuntimeSyncToken", json!("x".repeat(257))),
        ] {
            let mut isvc = acknowledged();
            let mut target = &mut isvc;
            for key in pointer.split('/').skip(1) {
                target = &mut target[key];
            }
            *target = value;
            assert_eq!(
                evaluate(&isvc, ID),
                (InvalidCondition, Validity::Invalid),
                "{pointer}"
            );
        }
    }

    #[test]
    fn drift_conditions_and_placement() {
        use SyncVerdict::*;
        let drift = |c: Value| {
            let mut isvc = acknowledged();
            isvc["status"]["conditions"] = c;
            evaluate(&isvc, ID).0
        };
        let d = json!({"type": "RuntimeDrifted", "status": "False"});
        assert_eq!(drift(json!([d])), RuntimeSyncNotAcknowledged);
        assert_eq!(drift(json!([d, d])), InvalidCondition);
        assert_eq!(
            drift(json!([{"type": "RuntimeDrifted", "status": "True", "severity": "Error"}])),
            InvalidCondition
        );
        assert_eq!(
            drift(json!([{"type": "", "status": "True"}])),
            InvalidCondition
        );
        assert_eq!(
            drift(json!([{"type": "Ready", "status": "True"}])),
            RuntimeSyncObserved
        );
        let mut placed = acknowledged();
        placed["metadata"]["labels"] = json!({"ome.io/placement-control-plane": "cp-a"});
        assert_eq!(evaluate(&placed, ID).0, UnsupportedPlacement);
    }
}
