//! `--live-scale` (§2.5) and `--live-scaler` (§2.6): which reads to make, and what their
//! results mean, evaluated in the documented order whatever order they completed in.

use super::base::{HPA_CONDITIONS, KEDA_CONDITIONS};
use super::identity::*;
use super::model::*;
use crate::ome::evidence::ApiError;
use crate::ome::isvc::ScaleTargetRef;
use crate::ome::names::is_dns1123_subdomain;
use crate::ome::reads::{ComponentReads, ComponentResults, ScalerKind};
use crate::ome::report::{Source, SourceEvidence};
use crate::ome::{InferenceService, meta_name, meta_namespace, meta_uid};
use serde_json::Value;

/// `scaledobject-<last 50 characters of the target>`.
pub(crate) fn scaled_object_name(target: &str) -> String {
    let skip = target.chars().count().saturating_sub(50);
    let tail: String = target.chars().skip(skip).collect();
    format!("scaledobject-{tail}")
}

enum Gate {
    /// Stop with this evidence, no reads.
    Stop(LiveEvidence),
    /// Proceed to the reads for this target.
    Read,
}

/// Steps 1–4 shared by both live modes (before any read).
fn pre_read(raw: Option<&ScaleTargetRef>, projected: &Target, allow_deployment: bool) -> Gate {
    let Some(raw) = raw else {
        return Gate::Stop(LiveEvidence::NotSelected);
    };
    let name = raw.name.as_deref().unwrap_or_default();
    if !is_dns1123_subdomain(name)
        || (!allow_deployment && projected.state == EvidenceState::Invalid)
    {
        return Gate::Stop(LiveEvidence::Invalid);
    }
    let is_ir = raw.is_inference_replica();
    let is_deployment =
        raw.api_version.as_deref() == Some("apps/v1") && raw.kind.as_deref() == Some("Deployment");
    if !(is_ir || (allow_deployment && is_deployment)) {
        return Gate::Stop(LiveEvidence::Unsupported);
    }
    if projected.state != EvidenceState::Reported
        || projected.name.as_deref() != Some(name)
        || projected.api_version != raw.api_version
        || projected.kind != raw.kind
    {
        return Gate::Stop(LiveEvidence::Invalid);
    }
    Gate::Read
}

fn scaler_selected(c: &ComponentReport) -> Option<ScalerKind> {
    match (c.managed_by, c.class) {
        (ManagedBy::Ome, Class::Hpa) => Some(ScalerKind::Hpa),
        (ManagedBy::Ome, Class::Keda) => Some(ScalerKind::Keda),
        _ => None,
    }
}

/// The reads the live flags need, per projected component.
pub(crate) fn plan(
    isvc: &InferenceService,
    components: &[ComponentReport],
    live_scale: bool,
    live_scaler: bool,
) -> Vec<ComponentReads> {
    let mut out = Vec::new();
    for c in components {
        let raw = isvc
            .status
            .components
            .get(&c.type_)
            .and_then(|s| s.scale_target_ref.as_ref());
        let name = raw.and_then(|r| r.name.clone()).unwrap_or_default();
        let mut reads = ComponentReads {
            component: c.type_.clone(),
            ..ComponentReads::default()
        };
        if live_scale && matches!(pre_read(raw, &c.target, false), Gate::Read) {
            reads.ir = Some(name.clone());
            reads.scale = Some(name.clone());
        }
        if live_scaler
            && let Some(kind) = scaler_selected(c)
            && matches!(pre_read(raw, &c.target, true), Gate::Read)
        {
            if c.target.is_ir() {
                reads.ir = Some(name.clone());
            }
            let scaler_name = match kind {
                ScalerKind::Hpa => name.clone(),
                ScalerKind::Keda => scaled_object_name(&name),
            };
            reads.scaler = Some((kind, scaler_name));
        }
        out.push(reads);
    }
    out
}

fn error_evidence(e: &ApiError) -> LiveEvidence {
    match e {
        ApiError::Forbidden { .. } => LiveEvidence::Forbidden,
        ApiError::NotFound { .. } => LiveEvidence::NotFound,
        _ => LiveEvidence::Unavailable,
    }
}

/// The outcome of the IR read shared by both modes.
enum IrOutcome<'a> {
    Failed(LiveEvidence),
    Invalid,
    Valid(&'a Value),
}

fn check_ir<'a>(
    isvc: &InferenceService,
    component: &str,
    name: &str,
    result: Option<&'a Result<Value, ApiError>>,
    sources: &mut Vec<Source>,
) -> IrOutcome<'a> {
    let ns = meta_namespace(&isvc.metadata);
    let unavailable = || {
        source(
            "InferenceReplica",
            ns,
            name,
            "",
            0,
            SourceEvidence::Unavailable,
        )
    };
    match result {
        None => IrOutcome::Failed(LiveEvidence::Unavailable),
        Some(Err(e)) => {
            sources.push(unavailable());
            IrOutcome::Failed(error_evidence(e))
        }
        Some(Ok(ir)) => {
            let expectation = IrExpectation {
                namespace: ns,
                name,
                service: meta_name(&isvc.metadata),
                service_uid: meta_uid(&isvc.metadata),
                service_generation: isvc.metadata.generation.unwrap_or(0),
                component,
            };
            if valid_ir(ir, &expectation) {
                sources.push(source(
                    "InferenceReplica",
                    ns,
                    name,
                    uid(ir),
                    generation(ir),
                    SourceEvidence::Observed,
                ));
                IrOutcome::Valid(ir)
            } else {
                sources.push(unavailable());
                IrOutcome::Invalid
            }
        }
    }
}

fn live_scale_value(evidence: LiveEvidence) -> LiveScale {
    LiveScale {
        evidence,
        count_comparison: CountComparison::Unknown,
        spec_replicas: None,
        current_replicas: None,
    }
}

/// §2.5 for one component. Reads the documented order would not reach are ignored.
pub(crate) fn live_scale(
    isvc: &InferenceService,
    c: &ComponentReport,
    results: &ComponentResults,
    sources: &mut Vec<Source>,
) -> LiveScale {
    let raw = isvc
        .status
        .components
        .get(&c.type_)
        .and_then(|s| s.scale_target_ref.as_ref());
    if let Gate::Stop(e) = pre_read(raw, &c.target, false) {
        return live_scale_value(e);
    }
    let ns = meta_namespace(&isvc.metadata);
    let name = c.target.name.as_deref().unwrap_or_default();
    let ir = match check_ir(isvc, &c.type_, name, results.ir.as_ref(), sources) {
        IrOutcome::Failed(e) => return live_scale_value(e),
        IrOutcome::Invalid => return live_scale_value(LiveEvidence::Invalid),
        IrOutcome::Valid(ir) => ir,
    };
    if is_deleting(ir) {
        return live_scale_value(LiveEvidence::Deleting);
    }
    if ir_observed_generation(ir) != Some(generation(ir)) {
        return live_scale_value(LiveEvidence::Stale);
    }
    let scale = match results.scale.as_ref() {
        None => return live_scale_value(LiveEvidence::Unavailable),
        Some(Err(e)) => {
            sources.push(source(
                "InferenceReplicaScale",
                ns,
                name,
                "",
                0,
                SourceEvidence::Unavailable,
            ));
            return live_scale_value(error_evidence(e));
        }
        Some(Ok(scale)) => scale,
    };
    if !valid_scale(scale, ns, name) {
        sources.push(source(
            "InferenceReplicaScale",
            ns,
            name,
            "",
            0,
            SourceEvidence::Unavailable,
        ));
        return live_scale_value(LiveEvidence::Invalid);
    }
    sources.push(source(
        "InferenceReplicaScale",
        ns,
        name,
        uid(scale),
        0,
        SourceEvidence::Observed,
    ));
    if is_deleting(scale) {
        return live_scale_value(LiveEvidence::Deleting);
    }
    let (spec, current) = scale_counts(scale);
    if uid(scale) != uid(ir)
        || resource_version(scale) != resource_version(ir)
        || (spec, current) != ir_counts(ir)
    {
        return live_scale_value(LiveEvidence::Changed);
    }
    let comparison = match (
        c.replicas.state,
        c.replicas.current_replicas,
        c.replicas.desired_replicas,
    ) {
        (EvidenceState::Reported, Some(cur), Some(des)) => {
            if des == spec && cur == current {
                CountComparison::Equal
            } else {
                CountComparison::Drift
            }
        }
        _ => CountComparison::Unknown,
    };
    LiveScale {
        evidence: LiveEvidence::Reported,
        count_comparison: comparison,
        spec_replicas: Some(spec),
        current_replicas: Some(current),
    }
}

fn scaler_value(kind: Class, evidence: LiveEvidence) -> LiveScaler {
    LiveScaler {
        kind,
        evidence,
        generation_state: GenerationState::Unproven,
        current_replicas: None,
        desired_replicas: None,
        conditions: Vec::new(),
    }
}

/// §2.6 for one component.
pub(crate) fn live_scaler(
    isvc: &InferenceService,
    c: &ComponentReport,
    results: &ComponentResults,
    sources: &mut Vec<Source>,
) -> LiveScaler {
    let class = c.class;
    let Some(kind) = scaler_selected(c) else {
        return scaler_value(class, LiveEvidence::NotSelected);
    };
    let raw = isvc
        .status
        .components
        .get(&c.type_)
        .and_then(|s| s.scale_target_ref.as_ref());
    if let Gate::Stop(e) = pre_read(raw, &c.target, true) {
        return scaler_value(class, e);
    }
    let ns = meta_namespace(&isvc.metadata);
    let target_name = c.target.name.clone().unwrap_or_default();
    let target_api = c.target.api_version.clone().unwrap_or_default();
    let target_kind = c.target.kind.clone().unwrap_or_default();
    let ir_identity: Option<(String, String)> = if c.target.is_ir() {
        let ir = match check_ir(isvc, &c.type_, &target_name, results.ir.as_ref(), sources) {
            IrOutcome::Failed(e) => return scaler_value(class, e),
            IrOutcome::Invalid => return scaler_value(class, LiveEvidence::Invalid),
            IrOutcome::Valid(ir) => ir,
        };
        if is_deleting(ir) {
            return scaler_value(class, LiveEvidence::Deleting);
        }
        Some((target_name.clone(), uid(ir).to_string()))
    } else {
        None
    };
    let (owner_kind, owner_name, owner_uid) = match &ir_identity {
        Some((name, uid)) => ("InferenceReplica", name.clone(), uid.clone()),
        None => (
            "InferenceService",
            meta_name(&isvc.metadata).to_string(),
            meta_uid(&isvc.metadata).to_string(),
        ),
    };
    let (source_kind, object_kind, object_name, allowed): (&str, &str, String, &[&str]) = match kind
    {
        ScalerKind::Hpa => (
            "HorizontalPodAutoscaler",
            "HorizontalPodAutoscaler",
            target_name.clone(),
            &HPA_CONDITIONS,
        ),
        ScalerKind::Keda => (
            "ScaledObject",
            "ScaledObject",
            scaled_object_name(&target_name),
            &KEDA_CONDITIONS,
        ),
    };
    let unavailable = source(
        source_kind,
        ns,
        &object_name,
        "",
        0,
        SourceEvidence::Unavailable,
    );
    let object = match results.scaler.as_ref() {
        None => return scaler_value(class, LiveEvidence::Unavailable),
        Some(Err(e)) => {
            sources.push(unavailable);
            return scaler_value(class, error_evidence(e));
        }
        Some(Ok(v)) => v,
    };
    let valid = valid_scaler(
        object,
        object_kind,
        ns,
        &object_name,
        &TargetRef {
            api_version: &target_api,
            kind: &target_kind,
            name: &target_name,
        },
        &Owner {
            api_version: crate::ome::API_VERSION,
            kind: owner_kind,
            name: &owner_name,
            uid: &owner_uid,
        },
    );
    if !valid {
        sources.push(unavailable);
        return scaler_value(class, LiveEvidence::Invalid);
    }
    sources.push(source(
        source_kind,
        ns,
        &object_name,
        uid(object),
        generation(object),
        SourceEvidence::Observed,
    ));
    if is_deleting(object) {
        return scaler_value(class, LiveEvidence::Deleting);
    }
    let observed = observed_generation(object);
    if kind == ScalerKind::Hpa && observed.is_some_and(|g| g != generation(object)) {
        return scaler_value(class, LiveEvidence::Stale);
    }
    let Some(conditions) = scaler_conditions(object, allowed) else {
        return scaler_value(class, LiveEvidence::Invalid);
    };
    let conditions = conditions
        .into_iter()
        .map(|(type_, status)| ScalerCondition { type_, status })
        .collect();
    match kind {
        ScalerKind::Hpa => LiveScaler {
            kind: class,
            evidence: LiveEvidence::Reported,
            generation_state: if observed.is_some() {
                GenerationState::Matched
            } else {
                GenerationState::Unproven
            },
            current_replicas: Some(status_count(object, "currentReplicas")),
            desired_replicas: Some(status_count(object, "desiredReplicas")),
            conditions,
        },
        ScalerKind::Keda => LiveScaler {
            kind: class,
            evidence: LiveEvidence::Reported,
            generation_state: GenerationState::Unproven,
            current_replicas: None,
            desired_replicas: None,
            conditions,
        },
    }
}
