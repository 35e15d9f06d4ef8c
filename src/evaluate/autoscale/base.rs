//! Base projection from the parent's status alone (read-commands.md §2.4).

use super::model::*;
use super::policy::policy_evidence;
use crate::ome::Condition;
use crate::ome::InferenceService;
use crate::ome::isvc::{AutoscalerStatus, ComponentStatus};
use crate::ome::names::is_dns1123_subdomain;

pub(super) const HPA_CONDITIONS: [&str; 3] = ["AbleToScale", "ScalingActive", "ScalingLimited"];
pub(super) const KEDA_CONDITIONS: [&str; 4] = ["Ready", "Active", "Fallback", "Paused"];
const RESOLVED: &str = "AutoscalerResolved";

fn target(status: &ComponentStatus, namespace: &str, issues: &mut Vec<&'static str>) -> Target {
    let Some(r) = &status.scale_target_ref else {
        issues.push("ScaleTargetNotReported");
        return Target {
            state: "NotReported".into(),
            api_version: None,
            kind: None,
            namespace: None,
            name: None,
        };
    };
    let name = r.name.as_deref().unwrap_or_default();
    let pair = (
        r.api_version.as_deref().unwrap_or_default(),
        r.kind.as_deref().unwrap_or_default(),
    );
    let known = matches!(
        pair,
        ("apps/v1", "Deployment") | ("ome.io/v1beta1", "InferenceReplica")
    );
    if !is_dns1123_subdomain(name) || !known {
        issues.push("ScaleTargetInvalid");
        return Target {
            state: "Invalid".into(),
            api_version: None,
            kind: None,
            namespace: None,
            name: None,
        };
    }
    Target {
        state: "Reported".into(),
        api_version: Some(pair.0.to_string()),
        kind: Some(pair.1.to_string()),
        namespace: Some(namespace.to_string()),
        name: Some(name.to_string()),
    }
}

fn enum_or_unknown(
    value: Option<&str>,
    allowed: &[&str],
    code: &'static str,
    issues: &mut Vec<&'static str>,
) -> (String, bool) {
    match value {
        Some(v) if allowed.contains(&v) => (v.to_string(), true),
        _ => {
            issues.push(code);
            ("Unknown".into(), false)
        }
    }
}

fn is_zero_time(value: &str) -> bool {
    value.starts_with("0001-01-01")
}

fn valid_status(s: &str) -> bool {
    matches!(s, "True" | "False" | "Unknown")
}

/// The parent-recorded conditions of an OME-managed scaler.
fn ome_conditions(
    conditions: &[Condition],
    allowed: &[&str],
    issues: &mut Vec<&'static str>,
) -> Conditions {
    let relevant: Vec<&Condition> = conditions.iter().filter(|c| c.type_ != RESOLVED).collect();
    if relevant.is_empty() {
        return Conditions {
            state: "NotReported".into(),
            items: Vec::new(),
        };
    }
    let mut state = "Reported";
    let mut items: Vec<ConditionItem> = Vec::new();
    let mut conflicted: Vec<String> = Vec::new();
    for c in relevant {
        if c.type_.is_empty() || !allowed.contains(&c.type_.as_str()) || !valid_status(&c.status) {
            issues.push("ConditionInvalid");
            state = "Unavailable";
            continue;
        }
        let item = ConditionItem {
            type_: c.type_.clone(),
            status: c.status.clone(),
            last_transition_time: c.last_transition_time.clone().filter(|t| !t.is_empty()),
        };
        match items.iter().find(|i| i.type_ == item.type_) {
            Some(existing) if *existing != item => {
                issues.push("ConditionConflict");
                state = "Unavailable";
                conflicted.push(item.type_.clone());
            }
            Some(_) => {}
            None => items.push(item),
        }
    }
    items.retain(|i| !conflicted.contains(&i.type_));
    items.sort_by_key(|i| allowed.iter().position(|a| *a == i.type_));
    Conditions {
        state: state.into(),
        items,
    }
}

fn ome_replicas(a: &AutoscalerStatus, issues: &mut Vec<&'static str>) -> Replicas {
    let current = a.current_replicas.unwrap_or(0);
    let desired = a.desired_replicas.unwrap_or(0);
    let zero_time = a.last_scale_time.as_deref().is_some_and(is_zero_time);
    if current < 0 || desired < 0 || zero_time {
        issues.push("ReplicaEvidenceInvalid");
        return Replicas {
            state: "Invalid".into(),
            current_replicas: None,
            desired_replicas: None,
            last_scale_time: None,
        };
    }
    // The API omits zero, so a zero count cannot be told from a missing one.
    let state = if current == 0 || desired == 0 {
        issues.push("ReplicaEvidenceAmbiguous");
        "Ambiguous"
    } else {
        "Reported"
    };
    Replicas {
        state: state.into(),
        current_replicas: Some(current),
        desired_replicas: Some(desired),
        last_scale_time: a.last_scale_time.clone().filter(|t| !t.is_empty()),
    }
}

fn not_reported_replicas(state: &str) -> Replicas {
    Replicas {
        state: state.into(),
        current_replicas: None,
        desired_replicas: None,
        last_scale_time: None,
    }
}

fn no_conditions(state: &str) -> Conditions {
    Conditions {
        state: state.into(),
        items: Vec::new(),
    }
}

/// One component of the base projection and its issue codes.
pub(super) fn component(
    isvc: &InferenceService,
    name: &str,
    status: &ComponentStatus,
) -> (ComponentReport, Vec<&'static str>) {
    let namespace = crate::ome::meta_namespace(&isvc.metadata);
    let mut issues = Vec::new();
    let target = target(status, namespace, &mut issues);
    let spec = isvc.spec.component(name);
    let policy = policy_evidence(isvc, spec, status, &mut issues);
    let policy_failed = policy.as_ref().is_some_and(|p| p.state == "Invalid");

    let Some(a) = &status.autoscaler else {
        issues.push("AutoscalerNotReported");
        let state = if target.state == "Invalid" || policy_failed {
            "Invalid"
        } else {
            "NotReported"
        };
        let report = ComponentReport {
            type_: name.to_string(),
            state: state.into(),
            class: "Unknown".into(),
            managed_by: "Unknown".into(),
            spec_source: "Unknown".into(),
            policy,
            target,
            replicas: not_reported_replicas("NotReported"),
            live_scale: None,
            live_scaler: None,
            conditions: no_conditions("NotReported"),
        };
        return (report, issues);
    };

    let (class, class_ok) = enum_or_unknown(
        a.class.as_deref(),
        &["HPA", "KEDA", "External", "None"],
        "ClassInvalid",
        &mut issues,
    );
    let (managed_by, managed_ok) = enum_or_unknown(
        a.managed_by.as_deref(),
        &["ome", "external", "none"],
        "ManagedByInvalid",
        &mut issues,
    );
    let (spec_source, source_ok) = enum_or_unknown(
        a.spec_source.as_deref(),
        &["isvc", "policy", "runtime", "legacy", "default"],
        "SpecSourceInvalid",
        &mut issues,
    );
    let expected_manager = match class.as_str() {
        "HPA" | "KEDA" => "ome",
        "External" => "external",
        _ => "none",
    };
    let matrix_ok = class_ok && managed_ok && managed_by == expected_manager;
    if class_ok && managed_ok && !matrix_ok {
        issues.push("OwnershipMismatch");
    }

    let (replicas, conditions) = if !matrix_ok {
        (not_reported_replicas("Invalid"), no_conditions("Invalid"))
    } else if managed_by == "ome" {
        let allowed: &[&str] = if class == "HPA" {
            &HPA_CONDITIONS
        } else {
            &KEDA_CONDITIONS
        };
        (
            ome_replicas(a, &mut issues),
            ome_conditions(&a.conditions, allowed, &mut issues),
        )
    } else {
        let counts = a.current_replicas.unwrap_or(0) != 0
            || a.desired_replicas.unwrap_or(0) != 0
            || a.last_scale_time.as_deref().is_some_and(|t| !t.is_empty());
        let replicas = if counts {
            issues.push("UnexpectedScalerEvidence");
            not_reported_replicas("Invalid")
        } else {
            not_reported_replicas("Unavailable")
        };
        let others: Vec<&Condition> = a
            .conditions
            .iter()
            .filter(|c| c.type_ != RESOLVED)
            .collect();
        let conditions = if others
            .iter()
            .any(|c| c.type_.is_empty() || !valid_status(&c.status))
        {
            issues.push("ConditionInvalid");
            no_conditions("Invalid")
        } else if !others.is_empty() {
            issues.push("UnexpectedScalerEvidence");
            no_conditions("Invalid")
        } else {
            no_conditions("Unavailable")
        };
        (replicas, conditions)
    };

    let invalid = !class_ok
        || !managed_ok
        || !source_ok
        || !matrix_ok
        || policy_failed
        || target.state == "Invalid"
        || replicas.state == "Invalid"
        || conditions.state == "Invalid";
    let partial = target.state == "NotReported"
        || matches!(replicas.state.as_str(), "Ambiguous" | "NotReported")
        || conditions.state == "NotReported"
        || (managed_by == "ome" && conditions.state == "Unavailable");
    let state = if invalid {
        "Invalid"
    } else if partial {
        "Partial"
    } else {
        "Reported"
    };
    let report = ComponentReport {
        type_: name.to_string(),
        state: state.into(),
        class,
        managed_by,
        spec_source,
        policy,
        target,
        replicas,
        live_scale: None,
        live_scaler: None,
        conditions,
    };
    (report, issues)
}
