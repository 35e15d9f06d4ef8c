//! The family summaries of `status` (diagnose.md §3.3 "Families"): rollout (the `rollout status`
//! projection), autoscaling (the parent-reported `autoscale status` projection), placement and
//! traffic as the parent reports them, the active runtime and the accelerator classes.

use super::report::{
    Accelerator, AcceleratorClassState, AcceleratorComponent, AutoscaleComponent, AutoscaleFamily,
    Code, FamilyState, Placement, RolloutFamily, RuntimeSummary, Traffic, TrafficComponent,
};
use super::{AcceleratorRead, Evidence, RuntimeEvidence};
use crate::evaluate::autoscale_status::{EvidenceState, ServiceState};
use crate::evaluate::scale::runtime::Origin;
use crate::evaluate::{autoscale_status, rollout};
use crate::ome::Component;
use crate::ome::InferenceService;
use crate::ome::evidence::ApiError;
use crate::ome::keys::{FINALIZER_PLACEMENT, PLACEMENT_KEYS};
use crate::ome::report::Freshness;
use serde_json::Value;

pub(crate) struct Families {
    pub(crate) rollout: RolloutFamily,
    pub(crate) autoscale: AutoscaleFamily,
    pub(crate) placement: Placement,
    pub(crate) traffic: Traffic,
    pub(crate) runtime: RuntimeSummary,
    pub(crate) accelerator: Accelerator,
}

pub(crate) fn project(evidence: &Evidence<'_>, issues: &mut Vec<Code>) -> Families {
    let isvc = &evidence.isvc.view;
    let raw = &evidence.isvc.raw;
    Families {
        rollout: rollout_family(raw, issues),
        autoscale: autoscale_family(isvc, raw, issues),
        placement: placement(isvc, raw, issues),
        traffic: traffic(raw),
        runtime: runtime(isvc, &evidence.runtime),
        accelerator: accelerator(isvc, raw, &evidence.runtime, &evidence.accelerators),
    }
}

fn rollout_family(raw: &Value, issues: &mut Vec<Code>) -> RolloutFamily {
    let projection = rollout::project(raw);
    if !crate::evaluate::scale::payload::within_bounds(raw) {
        issues.push(Code::CollectionLimitExceeded);
        issues.push(Code::RolloutUnavailable);
    }
    let warnings = if projection.partial_data() {
        vec!["PartialData"]
    } else {
        Vec::new()
    };
    RolloutFamily {
        summary: projection.summary,
        issues: projection.issues,
        warnings,
    }
}

/// An absent autoscaling status is the family's `Unavailable` state with `Unavailable` parent
/// evidence, and no issue; `AutoscaleUnavailable` means the status is too large to read
/// (website.md §1).
fn autoscale_family(
    isvc: &InferenceService,
    raw: &Value,
    issues: &mut Vec<Code>,
) -> AutoscaleFamily {
    let projection = autoscale_status::project(isvc);
    let content = projection.content;
    if !crate::evaluate::scale::payload::within_bounds(raw) {
        issues.push(Code::CollectionLimitExceeded);
        issues.push(Code::AutoscaleUnavailable);
    }
    let components = content
        .components
        .iter()
        .map(|c| {
            let counted = matches!(
                c.replicas.state,
                EvidenceState::Reported | EvidenceState::Ambiguous
            );
            AutoscaleComponent {
                type_: c.type_.clone(),
                state: c.state,
                class: c.class,
                managed_by: c.managed_by,
                target_evidence: c.target.state,
                replica_evidence: c.replicas.state,
                condition_evidence: c.conditions.state,
                current_replicas: c.replicas.current_replicas.filter(|_| counted),
                desired_replicas: c.replicas.desired_replicas.filter(|_| counted),
            }
        })
        .collect();
    AutoscaleFamily {
        summary: content.summary.state,
        evidence: if content.summary.state == ServiceState::Unavailable {
            "Unavailable"
        } else {
            "Reported"
        },
        components,
        issues: content.issues,
    }
}

fn placement(isvc: &InferenceService, raw: &Value, issues: &mut Vec<Code>) -> Placement {
    let meta = &isvc.metadata;
    let keyed = |m: Option<&std::collections::BTreeMap<String, String>>| {
        m.is_some_and(|m| PLACEMENT_KEYS.iter().any(|k| m.contains_key(*k)))
    };
    let signals = keyed(meta.annotations.as_ref())
        || keyed(meta.labels.as_ref())
        || meta
            .finalizers
            .iter()
            .flatten()
            .any(|f| f == FINALIZER_PLACEMENT)
        || raw.pointer("/spec/placement").is_some_and(|p| !p.is_null());
    match raw.pointer("/status/placement") {
        None | Some(Value::Null) if !signals => Placement {
            state: FamilyState::NotConfigured,
            evidence: "NotApplicable",
            phase: None,
        },
        None | Some(Value::Null) => Placement {
            state: FamilyState::Unavailable,
            evidence: "Unavailable",
            phase: None,
        },
        Some(Value::Object(status)) => Placement {
            state: FamilyState::Reported,
            evidence: "Reported",
            phase: status
                .get("phase")
                .and_then(Value::as_str)
                .filter(|p| !p.is_empty())
                .map(|p| super::events::shown(p, 64)),
        },
        Some(_) => {
            issues.push(Code::PlacementUnavailable);
            Placement {
                state: FamilyState::Invalid,
                evidence: "Reported",
                phase: None,
            }
        }
    }
}

fn traffic(raw: &Value) -> Traffic {
    let components: Vec<TrafficComponent> = Component::ALL
        .into_iter()
        .filter_map(|c| {
            let traffic = raw
                .pointer(&format!("/status/components/{}/traffic", c.as_str()))
                .and_then(Value::as_array)
                .filter(|t| !t.is_empty())?;
            Some(TrafficComponent {
                type_: c.as_str().to_string(),
                targets: traffic.len(),
                latest_percent: traffic
                    .iter()
                    .find(|t| t.get("latestRevision").and_then(Value::as_bool) == Some(true))
                    .and_then(|t| t.get("percent").and_then(Value::as_i64)),
            })
        })
        .collect();
    // An absent traffic status is the family's `Unavailable` state (website.md §1).
    let (state, evidence) = if components.is_empty() {
        (FamilyState::Unavailable, "Unavailable")
    } else {
        (FamilyState::Reported, "Reported")
    };
    Traffic {
        state,
        evidence,
        components,
    }
}

fn freshness(isvc: &InferenceService) -> &'static str {
    Freshness::of_observed(
        isvc.metadata.generation.unwrap_or(0),
        isvc.status.observed_generation.unwrap_or(0),
    )
    .as_str()
}

/// The active runtime. A service whose runtime OME selects is not probed here
/// (runtime-selection.md §6.3): `Unavailable`, reason `AutoSelectionNotProbed`.
fn runtime(isvc: &InferenceService, evidence: &RuntimeEvidence) -> RuntimeSummary {
    let unavailable = |reason| RuntimeSummary {
        state: FamilyState::Unavailable,
        reason: Some(reason),
        active_name: None,
        active_kind: None,
        active_origin: None,
        active_state: "Unavailable",
        pin_state: None,
        status_freshness: None,
        evidence: "Unavailable",
    };
    match evidence {
        RuntimeEvidence::AutoSelection => unavailable("AutoSelectionNotProbed"),
        RuntimeEvidence::Virtual => RuntimeSummary {
            state: FamilyState::NotConfigured,
            active_state: "NotApplicable",
            evidence: "NotApplicable",
            ..unavailable("VirtualDeployment")
        },
        RuntimeEvidence::ReadFailed => unavailable("ReadFailed"),
        RuntimeEvidence::Invalid => unavailable("ProjectionInvalid"),
        RuntimeEvidence::Resolved {
            name,
            kind,
            origin,
            pin,
        } => RuntimeSummary {
            state: FamilyState::Reported,
            reason: None,
            active_name: Some(name.clone()),
            active_kind: Some(kind.to_string()),
            active_origin: Some(origin.as_str()),
            active_state: "Resolved",
            pin_state: Some(pin),
            status_freshness: Some(freshness(isvc)),
            evidence: if *origin == Origin::LiveRuntime {
                "Observed"
            } else {
                "Computed"
            },
        },
    }
}

fn class_state(read: &Result<Value, ApiError>, name: &str) -> AcceleratorClassState {
    match read {
        Ok(class) => {
            let bound = class.get("kind").and_then(Value::as_str) == Some("AcceleratorClass")
                && class.pointer("/metadata/name").and_then(Value::as_str) == Some(name);
            if bound {
                AcceleratorClassState::Available
            } else {
                AcceleratorClassState::Invalid
            }
        }
        Err(ApiError::Forbidden { .. }) => AcceleratorClassState::Forbidden,
        Err(ApiError::NotFound { named: true, .. }) => AcceleratorClassState::NotFound,
        Err(ApiError::NotFound { named: false, .. }) => AcceleratorClassState::UnsupportedAPI,
        Err(_) => AcceleratorClassState::Unreadable,
    }
}

fn accelerator(
    isvc: &InferenceService,
    raw: &Value,
    runtime: &RuntimeEvidence,
    reads: &[AcceleratorRead],
) -> Accelerator {
    let without_base = |state, reason, evidence| Accelerator {
        state,
        reason: Some(reason),
        status_freshness: None,
        evidence,
        components: Vec::new(),
    };
    match runtime {
        RuntimeEvidence::ReadFailed => {
            return without_base(FamilyState::Unavailable, "ReadFailed", "Unavailable");
        }
        // The classes rest on the runtime OME selects, which is not probed (runtime-selection.md
        // §6.3), whether or not the status names any yet.
        RuntimeEvidence::AutoSelection => {
            return without_base(
                FamilyState::Unavailable,
                "AutoSelectionNotProbed",
                "Unavailable",
            );
        }
        RuntimeEvidence::Virtual | RuntimeEvidence::Invalid | RuntimeEvidence::Resolved { .. } => {}
    }
    // Classes were selected but not read, because the runtime gave no base to read them on:
    // the runtime's reason says why (accelerators_to_read).
    if reads.is_empty() && !super::selected_accelerators(raw).is_empty() {
        match runtime {
            RuntimeEvidence::Virtual => {
                return without_base(
                    FamilyState::NotConfigured,
                    "VirtualDeployment",
                    "NotApplicable",
                );
            }
            RuntimeEvidence::Invalid => {
                return without_base(FamilyState::Unavailable, "ProjectionInvalid", "Unavailable");
            }
            RuntimeEvidence::AutoSelection
            | RuntimeEvidence::ReadFailed
            | RuntimeEvidence::Resolved { .. } => {}
        }
    }
    if reads.is_empty() {
        return Accelerator {
            state: FamilyState::NotConfigured,
            reason: None,
            status_freshness: None,
            evidence: "NotApplicable",
            components: Vec::new(),
        };
    }
    let components: Vec<AcceleratorComponent> = reads
        .iter()
        .map(|r| AcceleratorComponent {
            type_: r.component.as_str().to_string(),
            class: r.class.clone(),
            state: class_state(&r.read, &r.class),
        })
        .collect();
    let all = components
        .iter()
        .all(|c| c.state == AcceleratorClassState::Available);
    Accelerator {
        state: if all {
            FamilyState::Reported
        } else {
            FamilyState::Partial
        },
        reason: None,
        status_freshness: Some(freshness(isvc)),
        evidence: if all { "Observed" } else { "Unavailable" },
        components,
    }
}
