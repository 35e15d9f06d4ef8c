//! `--live-scale` (§2.5) and `--live-scaler` (§2.6): which reads to make, and what their
//! results mean, evaluated in the documented order whatever order they completed in.

use super::base::{HPA_CONDITIONS, KEDA_CONDITIONS};
use super::identity::*;
use super::model::*;
use crate::ome::evidence::ApiError;
use crate::ome::isvc::ScaleTargetRef;
use crate::ome::names::is_dns1123_subdomain;
use crate::ome::pause::{PauseDepth, PauseModeInvalid};
use crate::ome::reads::{ComponentReads, ComponentResults, ScalerKind};
use crate::ome::report::{Source, SourceEvidence, SourceKind};
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

fn expectation<'a>(
    isvc: &'a InferenceService,
    component: &'a str,
    name: &'a str,
) -> IrExpectation<'a> {
    IrExpectation {
        namespace: meta_namespace(&isvc.metadata),
        name,
        service: meta_name(&isvc.metadata),
        service_uid: meta_uid(&isvc.metadata),
        service_generation: isvc.metadata.generation.unwrap_or(0),
        component,
    }
}

/// The projected pause of the component's live IR (after-the-write.md §4.4), when `--live-scale`
/// read an IR that checks out; `None` when there is no such IR.
pub(crate) fn ir_pause(
    isvc: &InferenceService,
    c: &ComponentReport,
    results: &ComponentResults,
) -> Option<Result<PauseDepth, PauseModeInvalid>> {
    if let Gate::Stop(_) = pre_read(scale_target_ref(isvc, c), &c.target, false) {
        return None;
    }
    let name = c.target.name.as_deref().unwrap_or_default();
    let ir = results.ir.as_ref()?.as_ref().ok()?;
    valid_ir(ir, &expectation(isvc, &c.type_, name)).then(|| PauseDepth::of_replica_raw(ir))
}

/// The IR read shared by both modes: its evidence when it failed or is not this component's
/// live IR.
fn check_ir<'a>(
    isvc: &InferenceService,
    component: &str,
    name: &str,
    result: Option<&'a Result<Value, ApiError>>,
    sources: &mut Vec<Source>,
) -> Result<&'a Value, LiveEvidence> {
    let ns = meta_namespace(&isvc.metadata);
    let unavailable = || {
        source(
            SourceKind::InferenceReplica,
            ns,
            name,
            "",
            0,
            SourceEvidence::Unavailable,
        )
    };
    let ir = match result {
        None => return Err(LiveEvidence::Unavailable),
        Some(Err(e)) => {
            sources.push(unavailable());
            return Err(error_evidence(e));
        }
        Some(Ok(ir)) => ir,
    };
    if !valid_ir(ir, &expectation(isvc, component, name)) {
        sources.push(unavailable());
        return Err(LiveEvidence::Invalid);
    }
    sources.push(source(
        SourceKind::InferenceReplica,
        ns,
        name,
        uid(ir),
        generation(ir),
        SourceEvidence::Observed,
    ));
    Ok(ir)
}

fn scale_target_ref<'a>(
    isvc: &'a InferenceService,
    c: &ComponentReport,
) -> Option<&'a ScaleTargetRef> {
    isvc.status
        .components
        .get(&c.type_)
        .and_then(|s| s.scale_target_ref.as_ref())
}

/// §2.5 for one component. Reads the documented order would not reach are ignored.
pub(crate) fn live_scale(
    isvc: &InferenceService,
    c: &ComponentReport,
    results: &ComponentResults,
    sources: &mut Vec<Source>,
) -> LiveScale {
    match live_counts(isvc, c, results, sources) {
        Ok((spec, current)) => LiveScale {
            evidence: LiveEvidence::Reported,
            count_comparison: compare(c, spec, current),
            spec_replicas: Some(spec),
            current_replicas: Some(current),
            pause: None,
        },
        Err(evidence) => LiveScale {
            evidence,
            count_comparison: CountComparison::Unknown,
            spec_replicas: if evidence == LiveEvidence::Stale {
                written_spec(isvc, c, results)
            } else {
                None
            },
            current_replicas: None,
            pause: None,
        },
    }
}

/// While the controller has not yet observed the IR, the `/scale` read that succeeded still
/// shows the count just written (difference z); nothing is compared with it.
fn written_spec(
    isvc: &InferenceService,
    c: &ComponentReport,
    results: &ComponentResults,
) -> Option<i64> {
    let ns = meta_namespace(&isvc.metadata);
    let name = c.target.name.as_deref()?;
    let Some(Ok(scale)) = results.scale.as_ref() else {
        return None;
    };
    if !valid_scale(scale, ns, name) || is_deleting(scale) {
        return None;
    }
    Some(scale_counts(scale).0)
}

/// The `/scale` counts (spec, current) of the component's live IR, once both reads check out
/// in the documented order.
fn live_counts(
    isvc: &InferenceService,
    c: &ComponentReport,
    results: &ComponentResults,
    sources: &mut Vec<Source>,
) -> Result<(i64, i64), LiveEvidence> {
    if let Gate::Stop(e) = pre_read(scale_target_ref(isvc, c), &c.target, false) {
        return Err(e);
    }
    let ns = meta_namespace(&isvc.metadata);
    let name = c.target.name.as_deref().unwrap_or_default();
    let ir = check_ir(isvc, &c.type_, name, results.ir.as_ref(), sources)?;
    if is_deleting(ir) {
        return Err(LiveEvidence::Deleting);
    }
    if ir_observed_generation(ir) != Some(generation(ir)) {
        return Err(LiveEvidence::Stale);
    }
    let unavailable = || {
        source(
            SourceKind::InferenceReplicaScale,
            ns,
            name,
            "",
            0,
            SourceEvidence::Unavailable,
        )
    };
    let scale = match results.scale.as_ref() {
        None => return Err(LiveEvidence::Unavailable),
        Some(Err(e)) => {
            sources.push(unavailable());
            return Err(error_evidence(e));
        }
        Some(Ok(scale)) => scale,
    };
    if !valid_scale(scale, ns, name) {
        sources.push(unavailable());
        return Err(LiveEvidence::Invalid);
    }
    sources.push(source(
        SourceKind::InferenceReplicaScale,
        ns,
        name,
        uid(scale),
        0,
        SourceEvidence::Observed,
    ));
    if is_deleting(scale) {
        return Err(LiveEvidence::Deleting);
    }
    let counts = scale_counts(scale);
    if uid(scale) != uid(ir)
        || resource_version(scale) != resource_version(ir)
        || counts != ir_counts(ir)
    {
        return Err(LiveEvidence::Changed);
    }
    Ok(counts)
}

/// The live counts against the controller-reported ones (only when those are Reported).
fn compare(c: &ComponentReport, spec: i64, current: i64) -> CountComparison {
    match (
        c.replicas.state,
        c.replicas.current_replicas,
        c.replicas.desired_replicas,
    ) {
        (EvidenceState::Reported, Some(cur), Some(des)) if des == spec && cur == current => {
            CountComparison::Equal
        }
        (EvidenceState::Reported, Some(_), Some(_)) => CountComparison::Drift,
        _ => CountComparison::Unknown,
    }
}

/// What the scaler of one component is expected to be.
struct ScalerExpectation {
    /// The source kind (and object kind) of the scaler.
    kind: SourceKind,
    /// The scaler object's name.
    name: String,
}

impl ScalerExpectation {
    fn of(kind: ScalerKind, target_name: &str) -> ScalerExpectation {
        match kind {
            ScalerKind::Hpa => ScalerExpectation {
                kind: SourceKind::HorizontalPodAutoscaler,
                name: target_name.to_string(),
            },
            ScalerKind::Keda => ScalerExpectation {
                kind: SourceKind::ScaledObject,
                name: scaled_object_name(target_name),
            },
        }
    }
}

/// The conditions a scaler of `kind` may report.
fn allowed_conditions(kind: ScalerKind) -> &'static [&'static str] {
    match kind {
        ScalerKind::Hpa => &HPA_CONDITIONS,
        ScalerKind::Keda => &KEDA_CONDITIONS,
    }
}

/// §2.6 for one component.
pub(crate) fn live_scaler(
    isvc: &InferenceService,
    c: &ComponentReport,
    results: &ComponentResults,
    sources: &mut Vec<Source>,
) -> LiveScaler {
    let unproven = |evidence| LiveScaler {
        kind: c.class,
        evidence,
        generation_state: GenerationState::Unproven,
        current_replicas: None,
        desired_replicas: None,
        conditions: Vec::new(),
    };
    let Some(kind) = scaler_selected(c) else {
        return unproven(LiveEvidence::NotSelected);
    };
    let object = match live_scaler_object(isvc, c, kind, results, sources) {
        Ok(object) => object,
        Err(evidence) => return unproven(evidence),
    };
    let observed = observed_generation(object);
    if kind == ScalerKind::Hpa && observed.is_some_and(|g| g != generation(object)) {
        return unproven(LiveEvidence::Stale);
    }
    let Some(conditions) = scaler_conditions(object, allowed_conditions(kind)) else {
        return unproven(LiveEvidence::Invalid);
    };
    let conditions = conditions
        .into_iter()
        .map(|(type_, status)| ScalerCondition { type_, status })
        .collect();
    match kind {
        ScalerKind::Hpa => LiveScaler {
            kind: c.class,
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
            conditions,
            evidence: LiveEvidence::Reported,
            ..unproven(LiveEvidence::Reported)
        },
    }
}

/// The component's scaler object, once the target, the IR (for an IR target) and the scaler
/// itself check out: kind, namespace, name, target and controller owner.
fn live_scaler_object<'a>(
    isvc: &InferenceService,
    c: &ComponentReport,
    kind: ScalerKind,
    results: &'a ComponentResults,
    sources: &mut Vec<Source>,
) -> Result<&'a Value, LiveEvidence> {
    if let Gate::Stop(e) = pre_read(scale_target_ref(isvc, c), &c.target, true) {
        return Err(e);
    }
    let ns = meta_namespace(&isvc.metadata);
    let target_name = c.target.name.clone().unwrap_or_default();
    // The controller owner of the scaler is the IR for an IR target, else the service.
    let (owner_kind, owner_name, owner_uid) = if c.target.is_ir() {
        let ir = check_ir(isvc, &c.type_, &target_name, results.ir.as_ref(), sources)?;
        if is_deleting(ir) {
            return Err(LiveEvidence::Deleting);
        }
        ("InferenceReplica", target_name.clone(), uid(ir).to_string())
    } else {
        (
            "InferenceService",
            meta_name(&isvc.metadata).to_string(),
            meta_uid(&isvc.metadata).to_string(),
        )
    };
    let expected = ScalerExpectation::of(kind, &target_name);
    let unavailable = source(
        expected.kind,
        ns,
        &expected.name,
        "",
        0,
        SourceEvidence::Unavailable,
    );
    let object = match results.scaler.as_ref() {
        None => return Err(LiveEvidence::Unavailable),
        Some(Err(e)) => {
            sources.push(unavailable);
            return Err(error_evidence(e));
        }
        Some(Ok(v)) => v,
    };
    let valid = valid_scaler(
        object,
        expected.kind.as_str(),
        ns,
        &expected.name,
        &TargetRef {
            api_version: c.target.api_version.as_deref().unwrap_or_default(),
            kind: c.target.kind.as_deref().unwrap_or_default(),
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
        return Err(LiveEvidence::Invalid);
    }
    sources.push(source(
        expected.kind,
        ns,
        &expected.name,
        uid(object),
        generation(object),
        SourceEvidence::Observed,
    ));
    if is_deleting(object) {
        return Err(LiveEvidence::Deleting);
    }
    Ok(object)
}
