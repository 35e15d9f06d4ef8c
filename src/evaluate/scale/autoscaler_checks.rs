//! Autoscaling validity re-checks (evidence-strictness.md §2.2, A1–A10): the controller's own
//! validation of the autoscaling inputs, re-run on the evidence so that an invalid block is never
//! read as a harmless default. Each failure names its issue code; `scale` refuses with
//! `ErrManualScaleSource`.

use crate::evaluate::read::at;
use crate::ome::Component;
use crate::ome::isvc::ComponentSpec;
use crate::ome::names::{is_dns1123_label, is_dns1123_subdomain};
use crate::ome::{InferenceService, keys, meta_annotation};
use serde_json::Value;

/// The issue code of a failed re-check (printed in `scale check:` evidence).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AutoscalerIssue {
    LegacyAutoscalerInvalid,
    PolicyReferenceInvalid,
    ReplicaBoundsInvalid,
    AutoscalerClassInvalid,
    KedaTriggersRequired,
    HpaMetricMalformed,
    KedaIdleNotBelowMinimum,
    ReservedHpaNameCollision,
    KedaConfigurationInvalid,
    ScaleToZeroInvalid,
}

impl AutoscalerIssue {
    /// The issue code as `autoscale explain` names it (diagnose.md §2.4).
    pub(crate) fn code(self) -> &'static str {
        match self {
            LegacyAutoscalerInvalid => "LegacyAutoscalerInvalid",
            PolicyReferenceInvalid => "PolicyReferenceInvalid",
            ReplicaBoundsInvalid => "ReplicaBoundsInvalid",
            AutoscalerClassInvalid => "AutoscalerClassInvalid",
            KedaTriggersRequired => "KEDATriggersRequired",
            HpaMetricMalformed => "HPAMetricMalformed",
            KedaIdleNotBelowMinimum => "KEDAIdleNotBelowMinimum",
            ReservedHpaNameCollision => "ReservedHPANameCollision",
            KedaConfigurationInvalid => "KEDAConfigurationInvalid",
            ScaleToZeroInvalid => "ScaleToZeroInvalid",
        }
    }
}

use AutoscalerIssue::*;

/// What the re-checks read.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Inputs<'a> {
    pub(crate) isvc: &'a InferenceService,
    pub(crate) component: Component,
    /// The active runtime's component block (`engineConfig`, …): merged live runtime or pin.
    pub(crate) runtime: Option<&'a ComponentSpec>,
    /// Entries in the live runtime's declared chain (0 for a pinned revision).
    pub(crate) chain_len: usize,
}

impl Inputs<'_> {
    fn own(&self) -> Option<&ComponentSpec> {
        self.isvc.spec.component(self.component.as_str())
    }

    fn legacy_class(&self) -> Option<&str> {
        meta_annotation(&self.isvc.metadata, keys::ANNOTATION_AUTOSCALER_CLASS)
    }
}

fn set(block: Option<&Value>) -> Option<&Value> {
    block.filter(|b| !b.is_null())
}

/// A1–A5, before the winning layer is chosen (so also when a policy reference wins).
pub(crate) fn before_resolution(inputs: Inputs) -> Result<(), AutoscalerIssue> {
    legacy_annotations(inputs)?;
    if let Some(runtime) = inputs.runtime {
        if runtime
            .autoscaler_policy_ref
            .as_ref()
            .is_some_and(|r| r.name.is_some() || r.kind.is_some())
        {
            return Err(PolicyReferenceInvalid);
        }
        if let Some(block) = set(runtime.autoscaler.as_ref()) {
            let idle_min = (inputs.chain_len == 1)
                .then_some(runtime.min_replicas)
                .flatten();
            check_block(block, inputs, idle_min)?;
        }
    }
    let own = inputs.own();
    bounds(own)?;
    if let Some(reference) = own.and_then(|o| o.autoscaler_policy_ref.as_ref()) {
        let name_ok = reference.name.as_deref().is_some_and(|n| !n.is_empty());
        let kind_ok = reference
            .kind
            .as_deref()
            .is_none_or(|k| k.is_empty() || k == "AutoscalerPolicy");
        if !name_ok || !kind_ok {
            return Err(PolicyReferenceInvalid);
        }
    }
    Ok(())
}

/// A1: the legacy annotations refuse every component.
fn legacy_annotations(inputs: Inputs) -> Result<(), AutoscalerIssue> {
    let meta = &inputs.isvc.metadata;
    let spec = &inputs.isvc.spec;
    let any_block = Component::ALL.iter().any(|c| {
        spec.component(c.as_str())
            .is_some_and(|s| set(s.autoscaler.as_ref()).is_some())
    });
    let class_bad = inputs.legacy_class().is_some_and(|class| {
        let metrics = meta_annotation(meta, keys::ANNOTATION_METRICS);
        !matches!(class, "hpa" | "keda" | "external")
            || (class == "hpa" && metrics.is_some_and(|m| !matches!(m, "cpu" | "memory")))
            || any_block
    });
    let target_bad = meta_annotation(meta, keys::ANNOTATION_TARGET_UTILIZATION).is_some_and(|t| {
        let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
        let value = (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse::<i64>().ok())
            .flatten();
        !value.is_some_and(|v| (1..=100).contains(&v))
    });
    if class_bad || target_bad {
        Err(LegacyAutoscalerInvalid)
    } else {
        Ok(())
    }
}

/// A4: bounds are checked as written, never normalised.
fn bounds(own: Option<&ComponentSpec>) -> Result<(), AutoscalerIssue> {
    let Some(own) = own else {
        return Ok(());
    };
    let int32 = |v: Option<i64>| v.is_none_or(|n| i32::try_from(n).is_ok());
    let (min, max) = (own.min_replicas, own.max_replicas);
    let ok = int32(min)
        && int32(max)
        && min.is_none_or(|m| m >= 0)
        && max.is_none_or(|m| m == 0 || m >= 1)
        && !matches!((min, max), (Some(a), Some(b)) if b != 0 && a > b);
    if ok {
        Ok(())
    } else {
        Err(ReplicaBoundsInvalid)
    }
}

/// A6–A9 on the winning block; `isvc_wins` when the service's inline block won.
pub(crate) fn winning_block(
    inputs: Inputs,
    block: &Value,
    isvc_wins: bool,
    effective_min: i64,
) -> Result<(), AutoscalerIssue> {
    let own_min = inputs.own().and_then(|o| o.min_replicas);
    if isvc_wins {
        check_block(block, inputs, own_min)?;
    }
    check_block(block, inputs, Some(effective_min))
}

/// A10: zero replicas only with KEDA (checked whichever layer wins).
pub(crate) fn scale_to_zero(inputs: Inputs) -> Result<(), AutoscalerIssue> {
    let Some(own) = inputs.own() else {
        return Ok(());
    };
    let inline_keda = set(own.autoscaler.as_ref())
        .and_then(|b| b.get("class"))
        .and_then(Value::as_str)
        == Some("KEDA");
    let keda = inline_keda || inputs.legacy_class() == Some("keda");
    if own.min_replicas == Some(0) && !keda {
        return Err(ScaleToZeroInvalid);
    }
    let idle_zero_without_triggers = set(own.autoscaler.as_ref()).is_some_and(|b| {
        at(b, &["keda", "idleReplicaCount"]).as_i64() == Some(0) && triggers(b).is_empty()
    });
    if idle_zero_without_triggers {
        return Err(ScaleToZeroInvalid);
    }
    Ok(())
}

fn triggers(block: &Value) -> &[Value] {
    at(block, &["keda", "triggers"])
        .as_array()
        .map_or(&[], Vec::as_slice)
}

/// The block check of A6 (class, triggers, metric types, idle below the minimum) followed by
/// A7–A9 for its class.
fn check_block(
    block: &Value,
    inputs: Inputs,
    idle_min: Option<i64>,
) -> Result<(), AutoscalerIssue> {
    let class = block
        .get("class")
        .and_then(Value::as_str)
        .unwrap_or_default();
    match class {
        "HPA" => hpa(block),
        "KEDA" => keda(block, inputs, idle_min),
        "External" | "None" => Ok(()),
        _ => Err(AutoscalerClassInvalid),
    }
}

const METRIC_FIELDS: [(&str, &str); 5] = [
    ("Resource", "resource"),
    ("Pods", "pods"),
    ("Object", "object"),
    ("External", "external"),
    ("ContainerResource", "containerResource"),
];

/// A6 metric types and A8, the HPA's own validation.
fn hpa(block: &Value) -> Result<(), AutoscalerIssue> {
    let hpa = at(block, &["hpa"]);
    let metrics = match at(hpa, &["metrics"]) {
        Value::Null => &[][..],
        Value::Array(m) => m.as_slice(),
        _ => return Err(HpaMetricMalformed),
    };
    for metric in metrics {
        let kind = at(metric, &["type"]).as_str().unwrap_or_default();
        let Some((_, field)) = METRIC_FIELDS.iter().find(|(k, _)| *k == kind) else {
            return Err(HpaMetricMalformed);
        };
        let sources = METRIC_FIELDS
            .iter()
            .filter(|(_, f)| !at(metric, &[*f]).is_null())
            .count();
        if at(metric, &[*field]).is_null()
            || sources != 1
            || !metric_source_ok(kind, at(metric, &[*field]))
        {
            return Err(HpaMetricMalformed);
        }
    }
    if !behavior_ok(at(hpa, &["behavior"])) {
        return Err(HpaMetricMalformed);
    }
    Ok(())
}

fn metric_source_ok(kind: &str, source: &Value) -> bool {
    let target = at(source, &["target"]);
    let present = |k: &str| !at(target, &[k]).is_null();
    let target_ok = matches!(
        at(target, &["type"]).as_str(),
        Some("Utilization" | "Value" | "AverageValue")
    ) && ["value", "averageValue"].iter().all(|k| {
        at(target, &[*k]).is_null() || at(target, &[*k]).as_str().is_some_and(positive_quantity)
    }) && (at(target, &["averageUtilization"]).is_null()
        || at(target, &["averageUtilization"])
            .as_i64()
            .is_some_and(|u| u >= 1));
    let name_ok = |name: &Value| name.as_str().is_some_and(is_path_segment);
    match kind {
        "Resource" | "ContainerResource" => {
            target_ok
                && name_ok(at(source, &["name"]))
                && (present("averageUtilization") != present("averageValue"))
                && (kind == "Resource" || name_ok(at(source, &["container"])))
        }
        "External" => {
            target_ok
                && name_ok(at(source, &["metric", "name"]))
                && (present("value") != present("averageValue"))
        }
        "Pods" => target_ok && name_ok(at(source, &["metric", "name"])) && present("averageValue"),
        "Object" => {
            let described = at(source, &["describedObject"]);
            let api_version_ok = at(described, &["apiVersion"]).as_str().is_none_or(|v| {
                let parts: Vec<&str> = v.split('/').collect();
                !v.is_empty() && parts.len() <= 2 && parts.iter().all(|p| !p.is_empty())
            });
            target_ok
                && name_ok(at(source, &["metric", "name"]))
                && name_ok(at(described, &["kind"]))
                && name_ok(at(described, &["name"]))
                && api_version_ok
                && (present("value") || present("averageValue"))
        }
        _ => false,
    }
}

/// A name usable as a URL path segment.
fn is_path_segment(name: &str) -> bool {
    !name.is_empty() && name != "." && name != ".." && !name.contains(['/', '%'])
}

/// A Kubernetes quantity greater than zero (`100m`, `1`, `2Gi`, `1e3`).
fn positive_quantity(text: &str) -> bool {
    let number_end = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '+'))
        .unwrap_or(text.len());
    let (Some(number), Some(suffix)) = (text.get(..number_end), text.get(number_end..)) else {
        return false;
    };
    let suffix_ok = matches!(
        suffix,
        "" | "n"
            | "u"
            | "m"
            | "k"
            | "M"
            | "G"
            | "T"
            | "P"
            | "E"
            | "Ki"
            | "Mi"
            | "Gi"
            | "Ti"
            | "Pi"
            | "Ei"
    ) || suffix.strip_prefix(['e', 'E']).is_some_and(|e| {
        e.strip_prefix(['+', '-'])
            .unwrap_or(e)
            .parse::<u32>()
            .is_ok()
    });
    suffix_ok
        && number
            .parse::<f64>()
            .is_ok_and(|n| n.is_finite() && n > 0.0)
}

/// The `behavior` rules of A8.
fn behavior_ok(behavior: &Value) -> bool {
    if behavior.is_null() {
        return true;
    }
    let tolerance_ok = |t: &Value| {
        t.is_null()
            || t.as_str()
                .is_some_and(|q| q.parse::<f64>().is_ok_and(|n| n >= 0.0) || positive_quantity(q))
    };
    ["scaleUp", "scaleDown"].iter().all(|direction| {
        let rules = at(behavior, &[*direction]);
        if rules.is_null() {
            return true;
        }
        let window_ok = at(rules, &["stabilizationWindowSeconds"]).is_null()
            || at(rules, &["stabilizationWindowSeconds"])
                .as_i64()
                .is_some_and(|w| (0..=3600).contains(&w));
        let select_ok = at(rules, &["selectPolicy"]).is_null()
            || matches!(
                at(rules, &["selectPolicy"]).as_str(),
                Some("Max" | "Min" | "Disabled")
            );
        let policies_ok = match at(rules, &["policies"]) {
            Value::Null => true,
            Value::Array(p) => {
                !p.is_empty()
                    && p.iter().all(|policy| {
                        matches!(at(policy, &["type"]).as_str(), Some("Pods" | "Percent"))
                            && at(policy, &["value"]).as_i64().is_some_and(|v| v > 0)
                            && at(policy, &["periodSeconds"])
                                .as_i64()
                                .is_some_and(|s| (1..=1800).contains(&s))
                    })
            }
            _ => false,
        };
        window_ok && select_ok && policies_ok && tolerance_ok(at(rules, &["tolerance"]))
    })
}

/// A6 triggers and idle count, A7 and A9 for a KEDA block.
fn keda(block: &Value, inputs: Inputs, idle_min: Option<i64>) -> Result<(), AutoscalerIssue> {
    let keda = at(block, &["keda"]);
    let triggers = triggers(block);
    if triggers.is_empty() {
        return Err(KedaTriggersRequired);
    }
    let idle = at(keda, &["idleReplicaCount"]);
    if let (Some(idle), Some(min)) = (idle.as_i64(), idle_min)
        && idle >= min
    {
        return Err(KedaIdleNotBelowMinimum);
    }
    let workload = format!(
        "{}-{}",
        inputs.isvc.metadata.name.as_deref().unwrap_or_default(),
        inputs.component.as_str()
    );
    let override_name = at(keda, &["advanced", "horizontalPodAutoscalerConfig", "name"]).as_str();
    if override_name == Some(workload.as_str()) {
        return Err(ReservedHpaNameCollision);
    }
    if keda_configuration_ok(keda, triggers, &workload, override_name, inputs) {
        Ok(())
    } else {
        Err(KedaConfigurationInvalid)
    }
}

/// A9: KEDA's own validation as far as it is listed (Unconfirmed beyond that: refuse on these).
fn keda_configuration_ok(
    keda: &Value,
    triggers: &[Value],
    workload: &str,
    override_name: Option<&str>,
    inputs: Inputs,
) -> bool {
    let int_at_least = |v: &Value, min: i64| v.is_null() || v.as_i64().is_some_and(|n| n >= min);
    let mut names: Vec<&str> = Vec::new();
    let triggers_ok = triggers.iter().all(|t| {
        let kind_ok = at(t, &["type"]).as_str().is_some_and(|k| !k.is_empty());
        let metadata_ok = at(t, &["metadata"]).is_object();
        let name_ok = match at(t, &["name"]).as_str() {
            None => at(t, &["name"]).is_null(),
            Some(n) => {
                !names.contains(&n) && {
                    names.push(n);
                    true
                }
            }
        };
        kind_ok && metadata_ok && name_ok
    });
    let resource_only = triggers
        .iter()
        .all(|t| matches!(at(t, &["type"]).as_str(), Some("cpu" | "memory")));
    let min = inputs.own().and_then(|o| o.min_replicas);
    let fallback = at(keda, &["fallback"]);
    let fallback_ok = fallback.is_null()
        || (at(fallback, &["failureThreshold"])
            .as_i64()
            .is_some_and(|n| n >= 1)
            && at(fallback, &["replicas"]).as_i64().is_some_and(|n| n >= 0));
    let modifiers = at(keda, &["advanced", "scalingModifiers"]);
    let modifiers_ok = modifiers.is_null()
        || at(modifiers, &["formula"])
            .as_str()
            .is_some_and(|f| !f.trim().is_empty());
    let tail: String = {
        let chars: Vec<char> = workload.chars().collect();
        chars
            .get(chars.len().saturating_sub(50)..)
            .unwrap_or_default()
            .iter()
            .collect()
    };
    let scaled_object = format!("scaledobject-{tail}");
    let hpa_name =
        override_name.map_or_else(|| format!("keda-hpa-{scaled_object}"), str::to_string);
    let name_ok = |n: &str| n.len() <= 63 && is_dns1123_label(n) && is_dns1123_subdomain(n);
    int_at_least(at(keda, &["pollingInterval"]), 1)
        && int_at_least(at(keda, &["cooldownPeriod"]), 0)
        && int_at_least(at(keda, &["idleReplicaCount"]), 0)
        && triggers_ok
        && !(resource_only && min == Some(0))
        && fallback_ok
        && modifiers_ok
        && name_ok(&scaled_object)
        && name_ok(&hpa_name)
}

#[cfg(test)]
mod tests;
