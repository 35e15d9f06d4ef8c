//! The desired autoscaling of one component (diagnose.md §2.4 "desired"), from the
//! InferenceService and the active runtime configuration: the winning layer, the class and who
//! manages the count, the bounds, scale-to-zero and the scale target.

use super::report::{Bounds, BoundsState, Desired, DesiredState, IssueCode, ScaleToZero, Target};
use crate::evaluate::deployment_mode::{OME_NATIVE, RAW_DEPLOYMENT};
use crate::ome::Component;
use crate::ome::isvc::{ComponentSpec, PolicyRef, managed_by_class};
use crate::ome::keys::ANNOTATION_AUTOSCALER_CLASS;
use crate::ome::names::is_dns1123_subdomain;
use crate::ome::runtime::RuntimeSpec;
use crate::ome::{InferenceService, meta_annotation, meta_name};
use serde_json::Value;

/// The desired side and the codes it raised.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Resolved {
    pub(crate) desired: Desired,
    pub(crate) codes: Vec<IssueCode>,
}

/// The inputs of one component.
pub(crate) struct Inputs<'a> {
    pub(crate) isvc: &'a InferenceService,
    /// `None` for a virtual service (no runtime was read).
    pub(crate) runtime: Option<&'a RuntimeSpec>,
    pub(crate) component: Component,
    pub(crate) mode: &'a str,
}

enum Layer {
    Block(Value, &'static str),
    Policy(PolicyRef),
}

fn present(block: Option<&Value>) -> Option<&Value> {
    block.filter(|b| !b.is_null())
}

fn policy_ref(spec: Option<&ComponentSpec>) -> Option<PolicyRef> {
    spec.and_then(|s| s.autoscaler_policy_ref.clone())
        .filter(|r| r.name.as_deref().is_some_and(|n| !n.is_empty()) || r.kind.is_some())
}

/// The legacy `ome.io/autoscalerClass` annotation's class (RawDeployment only).
fn legacy_class(value: &str) -> Option<&'static str> {
    match value.to_ascii_lowercase().as_str() {
        "hpa" => Some("HPA"),
        "keda" => Some("KEDA"),
        "external" => Some("External"),
        "none" => Some("None"),
        _ => None,
    }
}

pub(crate) fn resolve(inputs: &Inputs<'_>) -> Resolved {
    let mut codes = Vec::new();
    let c = inputs.component.as_str();
    let own = inputs.isvc.spec.component(c);
    let runtime = inputs.runtime.and_then(|r| r.component(c));
    let legacy = meta_annotation(&inputs.isvc.metadata, ANNOTATION_AUTOSCALER_CLASS)
        .filter(|v| !v.is_empty());
    let layer = if let Some(block) = present(own.and_then(|s| s.autoscaler.as_ref())) {
        Layer::Block(block.clone(), "isvc")
    } else if let Some(reference) = policy_ref(own).or_else(|| policy_ref(runtime)) {
        Layer::Policy(reference)
    } else if let Some(block) = present(runtime.and_then(|s| s.autoscaler.as_ref())) {
        Layer::Block(block.clone(), "runtime")
    } else if let (Some(value), RAW_DEPLOYMENT) = (legacy, inputs.mode) {
        match legacy_class(value) {
            Some(class) => Layer::Block(serde_json::json!({"class": class}), "legacy"),
            None => {
                codes.push(IssueCode::LegacyAutoscalerInvalid);
                Layer::Block(Value::Null, "legacy")
            }
        }
    } else {
        Layer::Block(serde_json::json!({"class": "HPA"}), "default")
    };
    if legacy.is_some() && matches!(layer, Layer::Block(_, "isvc" | "runtime")) {
        codes.push(IssueCode::LegacyAutoscalerInvalid);
    }
    let min = own
        .and_then(|s| s.min_replicas)
        .or(runtime.and_then(|s| s.min_replicas));
    let max = own
        .and_then(|s| s.max_replicas)
        .or(runtime.and_then(|s| s.max_replicas));
    let target = target(inputs);
    match layer {
        Layer::Policy(reference) => policy(reference, min, max, target, codes),
        Layer::Block(block, source) => {
            block_desired(inputs, &block, source, min, max, target, codes)
        }
    }
}

/// The scale target OME creates for the mode, or `None` for a mode it scales no other way.
fn target(inputs: &Inputs<'_>) -> Option<Target> {
    let name = format!(
        "{}-{}",
        meta_name(&inputs.isvc.metadata),
        inputs.component.as_str()
    );
    let (api_version, kind) = match inputs.mode {
        RAW_DEPLOYMENT => ("apps/v1", "Deployment"),
        OME_NATIVE => (crate::ome::API_VERSION, "InferenceReplica"),
        _ => return None,
    };
    Some(Target {
        api_version: api_version.to_string(),
        kind: kind.to_string(),
        name,
    })
}

fn unsupported(spec_source: &'static str, mut codes: Vec<IssueCode>) -> Resolved {
    codes.push(IssueCode::DeploymentModeUnsupported);
    Resolved {
        desired: Desired {
            state: DesiredState::Unsupported,
            class: "Unknown".into(),
            managed_by: "unknown",
            spec_source,
            target: None,
            bounds: Bounds::state(BoundsState::Unavailable),
            scale_to_zero: ScaleToZero::Unsupported,
            metric_count: None,
            trigger_count: None,
        },
        codes,
    }
}

fn invalid(spec_source: &'static str, class: String, codes: Vec<IssueCode>) -> Resolved {
    Resolved {
        desired: Desired {
            state: DesiredState::Invalid,
            managed_by: managed_by_class(&class).unwrap_or("unknown"),
            class,
            spec_source,
            target: None,
            bounds: Bounds::state(BoundsState::Invalid),
            scale_to_zero: ScaleToZero::Invalid,
            metric_count: None,
            trigger_count: None,
        },
        codes,
    }
}

fn policy(
    reference: PolicyRef,
    min: Option<i64>,
    max: Option<i64>,
    target: Option<Target>,
    mut codes: Vec<IssueCode>,
) -> Resolved {
    let name_ok = reference.name.as_deref().is_some_and(is_dns1123_subdomain);
    let kind_ok = reference
        .kind
        .as_deref()
        .is_none_or(|k| k.is_empty() || k == "AutoscalerPolicy");
    if !name_ok || !kind_ok {
        codes.push(IssueCode::PolicyReferenceInvalid);
        return invalid("policy", "Unknown".into(), codes);
    }
    let Some(target) = target else {
        return unsupported("policy", codes);
    };
    codes.push(IssueCode::PolicyResolutionUnavailable);
    let bounds = match bounds(min, max, false) {
        Ok(bounds) => bounds,
        Err(code) => {
            codes.push(code);
            return invalid("policy", "Unknown".into(), codes);
        }
    };
    Resolved {
        desired: Desired {
            state: DesiredState::Unavailable,
            class: "Unknown".into(),
            managed_by: "unknown",
            spec_source: "policy",
            target: Some(target),
            bounds,
            scale_to_zero: ScaleToZero::Unavailable,
            metric_count: None,
            trigger_count: None,
        },
        codes,
    }
}

fn block_desired(
    inputs: &Inputs<'_>,
    block: &Value,
    spec_source: &'static str,
    min: Option<i64>,
    max: Option<i64>,
    target: Option<Target>,
    mut codes: Vec<IssueCode>,
) -> Resolved {
    let class = block
        .get("class")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let Some(managed) = managed_by_class(&class) else {
        if !codes.contains(&IssueCode::LegacyAutoscalerInvalid) {
            codes.push(IssueCode::AutoscalerClassInvalid);
        }
        return invalid(spec_source, "Unknown".into(), codes);
    };
    let Some(target) = target else {
        return unsupported(spec_source, codes);
    };
    let native = inputs.mode == OME_NATIVE;
    let keda = class == "KEDA";
    let name = format!(
        "{}-{}",
        meta_name(&inputs.isvc.metadata),
        inputs.component.as_str()
    );
    codes.extend(class_problems(block, &class, &name, min));
    let bounds = match bounds(min, max, native) {
        Ok(bounds) => bounds,
        Err(code) => {
            codes.push(code);
            return invalid(spec_source, class, codes);
        }
    };
    let scale_to_zero = scale_to_zero(block, keda, native, min);
    if scale_to_zero == ScaleToZero::Invalid {
        codes.push(IssueCode::ScaleToZeroInvalid);
    }
    if !codes.is_empty() {
        return invalid(spec_source, class, codes);
    }
    let metrics = block
        .pointer("/hpa/metrics")
        .and_then(Value::as_array)
        .map_or(1, Vec::len);
    let triggers = block
        .pointer("/keda/triggers")
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
    Resolved {
        desired: Desired {
            state: DesiredState::Resolved,
            class,
            managed_by: managed,
            spec_source,
            target: Some(target),
            bounds,
            scale_to_zero,
            metric_count: Some(if managed == "ome" && !keda {
                count(metrics)
            } else {
                0
            }),
            trigger_count: Some(if keda { count(triggers) } else { 0 }),
        },
        codes,
    }
}

/// Scale to zero: requested by `minReplicas: 0` outside OMENative or a KEDA idle count of 0,
/// and only KEDA can do it.
fn scale_to_zero(block: &Value, keda: bool, native: bool, min: Option<i64>) -> ScaleToZero {
    let idle_zero = keda
        && block
            .pointer("/keda/idleReplicaCount")
            .and_then(Value::as_i64)
            == Some(0);
    let zero_requested = (!native && min == Some(0)) || idle_zero;
    match (zero_requested, keda) {
        (false, _) => ScaleToZero::NotRequested,
        (true, true) => ScaleToZero::Eligible,
        (true, false) => ScaleToZero::Invalid,
    }
}

/// KEDA triggers, idle count, reserved HPA name and polling settings; HPA metrics.
fn class_problems(block: &Value, class: &str, name: &str, min: Option<i64>) -> Vec<IssueCode> {
    let mut codes = Vec::new();
    if class == "KEDA" {
        let triggers = block.pointer("/keda/triggers").and_then(Value::as_array);
        if triggers.is_none_or(Vec::is_empty) {
            codes.push(IssueCode::KEDATriggersRequired);
        }
        let idle = block
            .pointer("/keda/idleReplicaCount")
            .filter(|v| !v.is_null());
        if idle.is_some_and(|idle| idle.as_i64().is_none_or(|i| i < 0 || i >= min.unwrap_or(1))) {
            codes.push(IssueCode::KEDAIdleNotBelowMinimum);
        }
        let reserved = block
            .pointer("/keda/advanced/horizontalPodAutoscalerConfig/name")
            .and_then(Value::as_str)
            == Some(name);
        if reserved {
            codes.push(IssueCode::ReservedHPANameCollision);
        }
        let negative = ["/keda/pollingInterval", "/keda/cooldownPeriod"]
            .iter()
            .any(|p| {
                block
                    .pointer(p)
                    .filter(|v| !v.is_null())
                    .is_some_and(|v| v.as_i64().is_none_or(|n| n < 0))
            });
        if negative {
            codes.push(IssueCode::KEDAConfigurationInvalid);
        }
    }
    if class == "HPA"
        && let Some(metrics) = block.pointer("/hpa/metrics").filter(|v| !v.is_null())
    {
        let well_formed = metrics.as_array().is_some_and(|items| {
            items.iter().all(|m| {
                m.get("type")
                    .and_then(Value::as_str)
                    .is_some_and(|t| !t.is_empty())
            })
        });
        if !well_formed {
            codes.push(IssueCode::HPAMetricMalformed);
        }
    }
    codes
}

/// `min` defaults to 1 (OMENative floors 0 to 1); `max` is raised to `min`.
fn bounds(min: Option<i64>, max: Option<i64>, native: bool) -> Result<Bounds, IssueCode> {
    let min = min.unwrap_or(1);
    if min < 0 || max.is_some_and(|m| m < 1 || m < min) {
        return Err(IssueCode::ReplicaBoundsInvalid);
    }
    let min = if native { min.max(1) } else { min };
    let max = max.unwrap_or(min).max(min);
    Ok(Bounds {
        state: BoundsState::Resolved,
        min_replicas: Some(min),
        max_replicas: Some(max),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn resolve_for(isvc: Value, runtime: Value, mode: &str) -> Resolved {
        let isvc: InferenceService = serde_json::from_value(isvc).unwrap();
        let runtime: RuntimeSpec = serde_json::from_value(runtime).unwrap();
        resolve(&Inputs {
            isvc: &isvc,
            runtime: Some(&runtime),
            component: Component::Engine,
            mode,
        })
    }

    fn chat(engine: Value) -> Value {
        json!({"metadata": {"name": "chat"}, "spec": {"engine": engine}})
    }

    #[test]
    fn layers_in_order() {
        let r = resolve_for(
            chat(json!({"minReplicas": 1, "maxReplicas": 4})),
            json!({}),
            "RawDeployment",
        );
        let d = &r.desired;
        assert_eq!(
            (d.state, d.class.as_str(), d.spec_source),
            (DesiredState::Resolved, "HPA", "default")
        );
        assert_eq!(d.target.as_ref().unwrap().kind, "Deployment");
        assert_eq!(
            (d.bounds.min_replicas, d.bounds.max_replicas),
            (Some(1), Some(4))
        );
        assert_eq!((d.metric_count, d.trigger_count), (Some(1), Some(0)));

        let r = resolve_for(
            chat(json!({})),
            json!({"engineConfig": {"autoscaler": {"class": "External"}, "minReplicas": 2}}),
            "OMENative",
        );
        assert_eq!(
            (
                r.desired.class.as_str(),
                r.desired.managed_by,
                r.desired.spec_source
            ),
            ("External", "external", "runtime")
        );
        assert_eq!(r.desired.bounds.max_replicas, Some(2));

        let r = resolve_for(
            chat(json!({"autoscalerPolicyRef": {"name": "burst"}})),
            json!({}),
            "OMENative",
        );
        assert_eq!(
            (r.desired.state, r.desired.spec_source),
            (DesiredState::Unavailable, "policy")
        );
        assert_eq!(r.codes, [IssueCode::PolicyResolutionUnavailable]);
        assert_eq!(r.desired.metric_count, None);
    }

    #[test]
    fn invalid_and_unsupported() {
        let r = resolve_for(
            chat(json!({"autoscaler": {"class": "Turbo"}})),
            json!({}),
            "OMENative",
        );
        assert_eq!(
            (r.desired.state, r.codes.as_slice()),
            (
                DesiredState::Invalid,
                &[IssueCode::AutoscalerClassInvalid][..]
            )
        );
        assert!(r.desired.target.is_none());
        let r = resolve_for(
            chat(json!({"autoscaler": {"class": "KEDA"}})),
            json!({}),
            "OMENative",
        );
        assert_eq!(r.codes, [IssueCode::KEDATriggersRequired]);
        let r = resolve_for(
            chat(json!({"minReplicas": 3, "maxReplicas": 2})),
            json!({}),
            "OMENative",
        );
        assert_eq!(r.codes, [IssueCode::ReplicaBoundsInvalid]);
        let r = resolve_for(chat(json!({"minReplicas": 0})), json!({}), "RawDeployment");
        assert_eq!(r.codes, [IssueCode::ScaleToZeroInvalid]);
        let r = resolve_for(
            chat(
                json!({"minReplicas": 0, "autoscaler": {"class": "KEDA", "keda": {"triggers": [{"type": "cpu"}]}}}),
            ),
            json!({}),
            "RawDeployment",
        );
        assert_eq!(
            (r.desired.state, r.desired.scale_to_zero),
            (DesiredState::Resolved, ScaleToZero::Eligible)
        );
        // OMENative floors an inherited minimum of 0 to 1.
        let r = resolve_for(
            chat(json!({})),
            json!({"engineConfig": {"minReplicas": 0}}),
            "OMENative",
        );
        assert_eq!(
            (r.desired.scale_to_zero, r.desired.bounds.min_replicas),
            (ScaleToZero::NotRequested, Some(1))
        );
        let r = resolve_for(chat(json!({})), json!({}), "VirtualDeployment");
        assert_eq!(
            (r.desired.state, r.codes.as_slice()),
            (
                DesiredState::Unsupported,
                &[IssueCode::DeploymentModeUnsupported][..]
            )
        );
        let r = resolve_for(
            chat(json!({"autoscaler": {"class": "HPA", "hpa": {"metrics": [{"resource": {}}]}}})),
            json!({}),
            "OMENative",
        );
        assert_eq!(r.codes, [IssueCode::HPAMetricMalformed]);
    }
}
