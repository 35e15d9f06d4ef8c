//! Manual-scale source resolution (scale.md §2.3 step 8): the runtime-sync token, drift, the
//! scaling policy, the autoscaling resolution of the selected component (class, owner, source,
//! bounds), its agreement with the parent's status mirror, and the source stamps.

use super::autoscaler_checks::{self as checks, AutoscalerIssue};
use super::checks::{refuse, source};
use super::runtime::{ActiveRuntime, Origin, deployment_mode};
use crate::errors::scale_check::{CheckId, CheckValue, Evidence};
use crate::errors::{Refusal, ScaleError};
use crate::ome::Component;
use crate::ome::isvc::{ComponentSpec, managed_by_class};
use crate::ome::names::{is_dns1123_label, is_dns1123_subdomain};
use crate::ome::reads::{MAX_CHAIN, Stamp};
use crate::ome::{InferenceService, keys};
use serde_json::{Value, json};

/// The verified autoscaling facts of the selected component.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Resolution {
    pub(crate) class: String,
    pub(crate) managed_by: &'static str,
    pub(crate) spec_source: &'static str,
    /// The resolved `autoscaler` block the IR's `spec.autoscaler` must deep-equal.
    pub(crate) block: Value,
    pub(crate) min: i32,
    pub(crate) max: i32,
}

/// `manual-scale-source cause=StampInvalid kind=<Kind>`.
fn stamp_invalid(kind: &str) -> Refusal {
    source("StampInvalid", Evidence::new().name("kind", kind))
}

/// `manual-scale-source cause=StatusMirror field=<f> expected=<v> reported=<v>`.
fn mirror(field: &'static str, expected: &str, reported: Option<&str>) -> Refusal {
    source(
        "StatusMirror",
        Evidence::new()
            .word("field", field)
            .name("expected", expected)
            .name("reported", reported.unwrap_or("-")),
    )
}

pub(crate) fn resolve(
    isvc: &InferenceService,
    component: Component,
    active: &ActiveRuntime,
    stamps: &[Stamp],
) -> Result<Resolution, Refusal> {
    if isvc.metadata.generation.unwrap_or(0) <= 0 {
        return Err(stamp_invalid("InferenceService"));
    }
    check_sync_token(isvc)?;
    check_drift(isvc, active.origin)?;
    check_scaling_policy(isvc, active)?;
    let resolution = resolve_component(isvc, component, active)?;
    check_status_mirror(isvc, component, &resolution)?;
    check_stamps(stamps)?;
    Ok(resolution)
}

/// Absent and Acknowledged pass; StatusOnly and Pending are refused.
fn check_sync_token(isvc: &InferenceService) -> Result<(), Refusal> {
    let annotation = crate::ome::meta_annotation(&isvc.metadata, keys::ANNOTATION_RUNTIME_SYNC)
        .unwrap_or_default();
    let token = isvc
        .status
        .last_runtime_sync_token
        .as_deref()
        .unwrap_or_default();
    match (annotation == token, annotation.is_empty()) {
        (true, _) => Ok(()),
        (false, true) => Err(source("SyncTokenStatusOnly", Evidence::new())),
        (false, false) => Err(source("SyncTokenPending", Evidence::new())),
    }
}

fn check_drift(isvc: &InferenceService, origin: Origin) -> Result<(), Refusal> {
    let drift: Vec<_> = isvc
        .status
        .conditions
        .iter()
        .filter(|c| c.type_ == keys::CONDITION_RUNTIME_DRIFTED)
        .collect();
    let drifted = |status: CheckValue| {
        let mut line = Evidence::new();
        line = line.cause_with("RuntimeDrifted", status);
        Err(refuse(
            ScaleError::ManualScaleSource,
            CheckId::ManualScaleSource,
            line,
        ))
    };
    match drift.as_slice() {
        [] => Ok(()),
        [one] => match one.status.as_str() {
            "False" => Ok(()),
            "True" if origin == Origin::ControllerRevision => Ok(()),
            other => drifted(CheckValue::Name(other.to_string())),
        },
        _ => drifted(CheckValue::Word("Conflicting")),
    }
}

fn check_scaling_policy(isvc: &InferenceService, active: &ActiveRuntime) -> Result<(), Refusal> {
    let mode = isvc
        .spec
        .scaling_policy
        .as_ref()
        .or(active.spec.scaling_policy.as_ref())
        .and_then(|p| p.mode.clone())
        .unwrap_or_default();
    if mode.is_empty() || mode == "Independent" {
        Ok(())
    } else {
        let line = Evidence::new().cause_with("ScalingPolicy", CheckValue::Name(mode));
        Err(refuse(
            ScaleError::ManualScaleSource,
            CheckId::ManualScaleSource,
            line,
        ))
    }
}

fn present(block: Option<&Value>) -> Option<&Value> {
    block.filter(|b| !b.is_null())
}

/// `manual-scale-source cause=AutoscalingInvalid code=<issue>`: OME's own validation of the
/// autoscaling inputs failed (evidence-strictness.md §2.2).
fn invalid(issue: AutoscalerIssue) -> Refusal {
    source(
        "AutoscalingInvalid",
        Evidence::new().word("code", issue.code()),
    )
}

fn resolve_component(
    isvc: &InferenceService,
    component: Component,
    active: &ActiveRuntime,
) -> Result<Resolution, Refusal> {
    let own: &ComponentSpec = isvc
        .spec
        .component(component.as_str())
        .ok_or_else(|| source("ComponentMissing", Evidence::new()))?;
    let runtime = active.spec.component(component.as_str());
    // OME's own validation of the autoscaling inputs, re-run (evidence-strictness.md §2.2).
    let inputs = checks::Inputs {
        isvc,
        component,
        runtime,
        chain_len: match active.origin {
            Origin::LiveRuntime => active.stamps.len(),
            Origin::ControllerRevision => 0,
        },
    };
    checks::before_resolution(inputs).map_err(invalid)?;
    let (block, spec_source) = winning_block(inputs, own)?;
    let mode = deployment_mode(isvc, &active.spec, active.origin, component);
    if mode != "OMENative" {
        return Err(source("DeploymentMode", Evidence::new().name("mode", mode)));
    }
    let (class, managed_by) = block_class(&block)?;
    let (min, max) = bounds(own, runtime)?;
    checks::winning_block(inputs, &block, spec_source == "isvc", i64::from(min))
        .map_err(invalid)?;
    checks::scale_to_zero(inputs).map_err(invalid)?;
    Ok(Resolution {
        class,
        managed_by,
        spec_source,
        block,
        min,
        max,
    })
}

/// The non-empty `autoscalerPolicyRef.name` of a component block.
fn policy_ref(spec: Option<&ComponentSpec>) -> Option<String> {
    spec.and_then(|s| s.autoscaler_policy_ref.as_ref())
        .and_then(|r| r.name.clone())
        .filter(|n| !n.is_empty())
}

/// The winning autoscaler block and its source: the service's inline block, else the
/// runtime's, else the default HPA. A winning AutoscalerPolicy reference is refused.
fn winning_block(
    inputs: checks::Inputs,
    own: &ComponentSpec,
) -> Result<(Value, &'static str), Refusal> {
    let runtime = inputs.runtime;
    if let Some(inline) = present(own.autoscaler.as_ref()) {
        Ok((inline.clone(), "isvc"))
    } else if let Some(name) = policy_ref(Some(own)).or_else(|| policy_ref(runtime)) {
        // The winning layer is an AutoscalerPolicy, which is never read; zero replicas are
        // checked first.
        checks::scale_to_zero(inputs).map_err(invalid)?;
        Err(refuse(
            ScaleError::ManualScalePolicy,
            CheckId::AutoscalingResolution,
            Evidence::new()
                .word("component", inputs.component.as_str())
                .name("autoscalerPolicyRef", name)
                .bool("inlineAutoscaler", false),
        ))
    } else if let Some(block) = present(runtime.and_then(|r| r.autoscaler.as_ref())) {
        Ok((block.clone(), "runtime"))
    } else {
        // The legacy annotation applies to RawDeployment only; OMENative gets the default HPA.
        Ok((json!({"class": "HPA"}), "default"))
    }
}

/// The block's `class` and the controller that class is managed by.
fn block_class(block: &Value) -> Result<(String, &'static str), Refusal> {
    let class = block
        .get("class")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let managed_by = managed_by_class(&class)
        .ok_or_else(|| source("ClassInvalid", Evidence::new().name("class", class.clone())))?;
    Ok((class, managed_by))
}

/// The effective replica bounds: the service's, else the runtime's; min defaults to 1 and max
/// is never below min.
fn bounds(own: &ComponentSpec, runtime: Option<&ComponentSpec>) -> Result<(i32, i32), Refusal> {
    let min_raw = own
        .min_replicas
        .or(runtime.and_then(|r| r.min_replicas))
        .unwrap_or(1);
    let max_raw = own
        .max_replicas
        .or(runtime.and_then(|r| r.max_replicas))
        .unwrap_or(0);
    let min = if min_raw <= 0 { 1 } else { min_raw };
    let max = max_raw.max(min);
    let (Ok(min), Ok(max)) = (i32::try_from(min), i32::try_from(max)) else {
        return Err(source("BoundsInvalid", Evidence::new()));
    };
    Ok((min, max))
}

/// `status.components.<c>` must publish the same resolution and a valid scale target.
fn check_status_mirror(
    isvc: &InferenceService,
    component: Component,
    resolution: &Resolution,
) -> Result<(), Refusal> {
    let status = isvc
        .status
        .components
        .get(component.as_str())
        .ok_or_else(|| mirror("component", component.as_str(), None))?;
    let ir_kind = "InferenceReplica";
    let target = status
        .scale_target_ref
        .as_ref()
        .ok_or_else(|| mirror("scaleTargetRef", ir_kind, None))?;
    if !target.is_inference_replica() || !target.name.as_deref().is_some_and(is_dns1123_subdomain) {
        return Err(mirror("scaleTargetRef", ir_kind, target.kind.as_deref()));
    }
    let autoscaler = status
        .autoscaler
        .as_ref()
        .ok_or_else(|| mirror("autoscaler", &resolution.class, None))?;
    let fields = [
        (
            "class",
            resolution.class.as_str(),
            autoscaler.class.as_deref(),
        ),
        (
            "managedBy",
            resolution.managed_by,
            autoscaler.managed_by.as_deref(),
        ),
        (
            "specSource",
            resolution.spec_source,
            autoscaler.spec_source.as_deref(),
        ),
    ];
    for (field, expected, reported) in fields {
        if reported != Some(expected) {
            return Err(mirror(field, expected, reported));
        }
    }
    if autoscaler.policy.is_some() {
        return Err(mirror("policy", "-", Some("present")));
    }
    check_policy_precedence(isvc, component, autoscaler)
}

/// An inline AutoscalerPolicy reference must be reported as winning over a shadowed policy
/// (`AutoscalerResolved=True/InlinePrecedence`, `shadowedPolicyRef`); without one, neither
/// may be reported.
fn check_policy_precedence(
    isvc: &InferenceService,
    component: Component,
    autoscaler: &crate::ome::isvc::AutoscalerStatus,
) -> Result<(), Refusal> {
    let own = isvc.spec.component(component.as_str());
    let inline_ref = own
        .and_then(|s| s.autoscaler_policy_ref.as_ref())
        .and_then(|r| r.name.clone())
        .filter(|n| !n.is_empty());
    let resolved: Vec<_> = autoscaler
        .conditions
        .iter()
        .filter(|c| c.type_ == "AutoscalerResolved")
        .collect();
    match inline_ref {
        None => {
            if autoscaler.shadowed_policy_ref.is_some() {
                return Err(mirror("shadowedPolicyRef", "-", Some("present")));
            }
            if !resolved.is_empty() {
                return Err(mirror("AutoscalerResolved", "-", Some("present")));
            }
        }
        Some(name) => {
            let generation = isvc.metadata.generation;
            let condition_ok = matches!(resolved.as_slice(), [c]
                if c.status == "True"
                    && c.observed_generation == generation
                    && c.reason.as_deref() == Some("InlinePrecedence"));
            let shadow_ok = autoscaler
                .shadowed_policy_ref
                .as_ref()
                .and_then(|s| s.name.as_deref())
                == Some(name.as_str());
            if !condition_ok {
                return Err(mirror("AutoscalerResolved", "InlinePrecedence", None));
            }
            if !shadow_ok {
                return Err(mirror("shadowedPolicyRef", &name, None));
            }
        }
    }
    Ok(())
}

fn is_safe_uid(uid: &str) -> bool {
    !uid.is_empty()
        && uid.len() <= 256
        && uid
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

/// Each stamp is a well-formed identity, and no two name the same object.
fn check_stamps(stamps: &[Stamp]) -> Result<(), Refusal> {
    if stamps.len() < 2 || stamps.len() > 1 + MAX_CHAIN {
        return Err(stamp_invalid("ServingRuntime"));
    }
    let mut seen = std::collections::BTreeSet::new();
    for stamp in stamps {
        let cluster_scoped = matches!(
            stamp.kind.as_str(),
            "ClusterServingRuntime" | "ClusterBaseModel"
        );
        let namespace_ok = if cluster_scoped {
            stamp.namespace.is_empty()
        } else {
            is_dns1123_label(&stamp.namespace)
        };
        let generation_ok = if stamp.kind == "ControllerRevision" {
            stamp.generation == 0
        } else {
            stamp.generation > 0
        };
        if !is_dns1123_subdomain(&stamp.name)
            || !is_safe_uid(&stamp.uid)
            || stamp.resource_version.is_empty()
            || stamp.resource_version.len() > 256
            || !generation_ok
            || !namespace_ok
            || !seen.insert((
                stamp.kind.clone(),
                stamp.namespace.clone(),
                stamp.name.clone(),
            ))
        {
            return Err(stamp_invalid(&stamp.kind));
        }
    }
    Ok(())
}
