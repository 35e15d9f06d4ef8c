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

fn target(status: &ComponentStatus, namespace: &str, issues: &mut Vec<IssueCode>) -> Target {
    let unknown = |state| Target {
        state,
        api_version: None,
        kind: None,
        namespace: None,
        name: None,
    };
    let Some(r) = &status.scale_target_ref else {
        issues.push(IssueCode::ScaleTargetNotReported);
        return unknown(EvidenceState::NotReported);
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
        issues.push(IssueCode::ScaleTargetInvalid);
        return unknown(EvidenceState::Invalid);
    }
    Target {
        state: EvidenceState::Reported,
        api_version: Some(pair.0.to_string()),
        kind: Some(pair.1.to_string()),
        namespace: Some(namespace.to_string()),
        name: Some(name.to_string()),
    }
}

/// A value of a closed set, or `unknown` with the issue `code` when it is missing or not one
/// of `allowed`.
fn one_of<T: Copy + PartialEq>(
    value: Option<T>,
    allowed: &[T],
    unknown: T,
    code: IssueCode,
    issues: &mut Vec<IssueCode>,
) -> (T, bool) {
    match value {
        Some(v) if allowed.contains(&v) => (v, true),
        _ => {
            issues.push(code);
            (unknown, false)
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
    issues: &mut Vec<IssueCode>,
) -> Conditions {
    let relevant: Vec<&Condition> = conditions.iter().filter(|c| c.type_ != RESOLVED).collect();
    if relevant.is_empty() {
        return no_conditions(EvidenceState::NotReported);
    }
    let mut state = EvidenceState::Reported;
    let mut items: Vec<ConditionItem> = Vec::new();
    let mut conflicted: Vec<String> = Vec::new();
    for c in relevant {
        if c.type_.is_empty() || !allowed.contains(&c.type_.as_str()) || !valid_status(&c.status) {
            issues.push(IssueCode::ConditionInvalid);
            state = EvidenceState::Unavailable;
            continue;
        }
        let item = ConditionItem {
            type_: c.type_.clone(),
            status: c.status.clone(),
            last_transition_time: c.last_transition_time.clone().filter(|t| !t.is_empty()),
        };
        match items.iter().find(|i| i.type_ == item.type_) {
            Some(existing) if *existing != item => {
                issues.push(IssueCode::ConditionConflict);
                state = EvidenceState::Unavailable;
                conflicted.push(item.type_.clone());
            }
            Some(_) => {}
            None => items.push(item),
        }
    }
    items.retain(|i| !conflicted.contains(&i.type_));
    items.sort_by_key(|i| allowed.iter().position(|a| *a == i.type_));
    Conditions { state, items }
}

fn ome_replicas(a: &AutoscalerStatus, issues: &mut Vec<IssueCode>) -> Replicas {
    let current = a.current_replicas.unwrap_or(0);
    let desired = a.desired_replicas.unwrap_or(0);
    let zero_time = a.last_scale_time.as_deref().is_some_and(is_zero_time);
    if current < 0 || desired < 0 || zero_time {
        issues.push(IssueCode::ReplicaEvidenceInvalid);
        return no_replicas(EvidenceState::Invalid);
    }
    // The API omits zero, so a zero count cannot be told from a missing one.
    let state = if current == 0 || desired == 0 {
        issues.push(IssueCode::ReplicaEvidenceAmbiguous);
        EvidenceState::Ambiguous
    } else {
        EvidenceState::Reported
    };
    Replicas {
        state,
        current_replicas: Some(current),
        desired_replicas: Some(desired),
        last_scale_time: a.last_scale_time.clone().filter(|t| !t.is_empty()),
    }
}

/// A scaler not managed by OME must record no counts and no conditions of its own.
fn unmanaged_evidence(a: &AutoscalerStatus, issues: &mut Vec<IssueCode>) -> (Replicas, Conditions) {
    let counts = a.current_replicas.unwrap_or(0) != 0
        || a.desired_replicas.unwrap_or(0) != 0
        || a.last_scale_time.as_deref().is_some_and(|t| !t.is_empty());
    let replicas = if counts {
        issues.push(IssueCode::UnexpectedScalerEvidence);
        no_replicas(EvidenceState::Invalid)
    } else {
        no_replicas(EvidenceState::Unavailable)
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
        issues.push(IssueCode::ConditionInvalid);
        no_conditions(EvidenceState::Invalid)
    } else if !others.is_empty() {
        issues.push(IssueCode::UnexpectedScalerEvidence);
        no_conditions(EvidenceState::Invalid)
    } else {
        no_conditions(EvidenceState::Unavailable)
    };
    (replicas, conditions)
}

fn no_replicas(state: EvidenceState) -> Replicas {
    Replicas {
        state,
        current_replicas: None,
        desired_replicas: None,
        last_scale_time: None,
    }
}

fn no_conditions(state: EvidenceState) -> Conditions {
    Conditions {
        state,
        items: Vec::new(),
    }
}

/// The reported class, manager and spec source, each checked against its set, and whether the
/// class/manager pair is one of the matrix (HPA/KEDA → ome, External → external, None → none).
struct Ownership {
    class: Class,
    managed_by: ManagedBy,
    spec_source: SpecSource,
    /// Every value known.
    known: bool,
    /// Known and a pair of the matrix.
    matrix_ok: bool,
}

fn ownership(a: &AutoscalerStatus, issues: &mut Vec<IssueCode>) -> Ownership {
    let (class, class_ok) = one_of(
        a.class.as_deref().and_then(Class::parse),
        &[Class::Hpa, Class::Keda, Class::External, Class::None],
        Class::Unknown,
        IssueCode::ClassInvalid,
        issues,
    );
    let (managed_by, managed_ok) = one_of(
        a.managed_by.as_deref().and_then(ManagedBy::parse),
        &[ManagedBy::Ome, ManagedBy::External, ManagedBy::None],
        ManagedBy::Unknown,
        IssueCode::ManagedByInvalid,
        issues,
    );
    let (spec_source, source_ok) = one_of(
        a.spec_source.as_deref().and_then(SpecSource::parse),
        &[
            SpecSource::Isvc,
            SpecSource::Policy,
            SpecSource::Runtime,
            SpecSource::Legacy,
            SpecSource::Default,
        ],
        SpecSource::Unknown,
        IssueCode::SpecSourceInvalid,
        issues,
    );
    let expected_manager = match class {
        Class::Hpa | Class::Keda => ManagedBy::Ome,
        Class::External => ManagedBy::External,
        _ => ManagedBy::None,
    };
    let matrix_ok = class_ok && managed_ok && managed_by == expected_manager;
    if class_ok && managed_ok && !matrix_ok {
        issues.push(IssueCode::OwnershipMismatch);
    }
    Ownership {
        class,
        managed_by,
        spec_source,
        known: class_ok && managed_ok && source_ok,
        matrix_ok,
    }
}

/// One component of the base projection and its issue codes.
pub(crate) fn component(
    isvc: &InferenceService,
    name: &str,
    status: &ComponentStatus,
) -> (ComponentReport, Vec<IssueCode>) {
    let namespace = crate::ome::meta_namespace(&isvc.metadata);
    let mut issues = Vec::new();
    let target = target(status, namespace, &mut issues);
    let spec = isvc.spec.component(name);
    let policy = policy_evidence(isvc, spec, status, &mut issues);
    let policy_failed = policy
        .as_ref()
        .is_some_and(|p| p.state == PolicyState::Invalid);
    let mut report = ComponentReport {
        type_: name.to_string(),
        state: ComponentState::NotReported,
        class: Class::Unknown,
        managed_by: ManagedBy::Unknown,
        spec_source: SpecSource::Unknown,
        policy,
        target,
        replicas: no_replicas(EvidenceState::NotReported),
        live_scale: None,
        live_scaler: None,
        conditions: no_conditions(EvidenceState::NotReported),
    };
    let Some(a) = &status.autoscaler else {
        issues.push(IssueCode::AutoscalerNotReported);
        if report.target.state == EvidenceState::Invalid || policy_failed {
            report.state = ComponentState::Invalid;
        }
        return (report, issues);
    };
    let owner = ownership(a, &mut issues);
    let (replicas, conditions) = if !owner.matrix_ok {
        (
            no_replicas(EvidenceState::Invalid),
            no_conditions(EvidenceState::Invalid),
        )
    } else if owner.managed_by == ManagedBy::Ome {
        let allowed: &[&str] = if owner.class == Class::Hpa {
            &HPA_CONDITIONS
        } else {
            &KEDA_CONDITIONS
        };
        (
            ome_replicas(a, &mut issues),
            ome_conditions(&a.conditions, allowed, &mut issues),
        )
    } else {
        unmanaged_evidence(a, &mut issues)
    };
    let invalid = !owner.known
        || !owner.matrix_ok
        || policy_failed
        || report.target.state == EvidenceState::Invalid
        || replicas.state == EvidenceState::Invalid
        || conditions.state == EvidenceState::Invalid;
    let partial = report.target.state == EvidenceState::NotReported
        || matches!(
            replicas.state,
            EvidenceState::Ambiguous | EvidenceState::NotReported
        )
        || conditions.state == EvidenceState::NotReported
        || (owner.managed_by == ManagedBy::Ome && conditions.state == EvidenceState::Unavailable);
    report.state = if invalid {
        ComponentState::Invalid
    } else if partial {
        ComponentState::Partial
    } else {
        ComponentState::Reported
    };
    report.class = owner.class;
    report.managed_by = owner.managed_by;
    report.spec_source = owner.spec_source;
    report.replicas = replicas;
    report.conditions = conditions;
    (report, issues)
}
