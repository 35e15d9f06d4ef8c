//! The checks between the reads and the preview, in the documented order (scale.md §2.3 steps
//! 4–12, §2.5, §2.6), whatever order the concurrent reads completed in.

use super::autoscaling::{self, Resolution};
use super::checks::{binding, refuse, stale};
use super::pinned::{self, Sibling};
use super::replica::{self, ReplicaFacts, Work};
use super::result::ScaleIssue;
use super::runtime;
use super::scale_body::{self, ScaleView};
use super::target::{identity, validate_target};
use super::{read_failure, rollout};
use crate::errors::read_check::{ReadKind, ReadObject};
use crate::errors::scale_check::{CheckId, CheckValue, Evidence as Line, Next, ScaleCheck};
use crate::errors::{Refusal, ScaleError};
use crate::evaluate::lifecycle::LifecycleField;
use crate::ome::Component;
use crate::ome::binding::BindingProblem;
use crate::ome::binding::{UidRule, bind};
use crate::ome::evidence::ApiError;
use crate::ome::names::is_safe_scalar;
use crate::ome::reads::{RuntimeReads, RuntimeSource, Stamp};
use crate::ome::request::ScaleRequest;
use crate::ome::{Fetched, InferenceReplica, InferenceService, keys};
use jiff::Timestamp;
use serde_json::Value;

/// Everything collected in stages 1 and 2.
#[derive(Debug, Clone)]
pub(crate) struct Evidence {
    pub(crate) isvc: Fetched<InferenceService>,
    pub(crate) runtime_target: RuntimeSource,
    pub(crate) runtime: RuntimeReads,
    pub(crate) ir: Result<Value, ApiError>,
    /// The raw `/scale` body.
    pub(crate) scale: Result<Vec<u8>, ApiError>,
    /// The sibling IRs of an active rollout run read in stage 2, by name (conformance.md §2.2).
    pub(crate) siblings: Vec<(String, Result<Value, ApiError>)>,
}

/// Identity and counts of the selected IR, as collected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ReplicaIdentity {
    pub(crate) namespace: String,
    pub(crate) name: String,
    pub(crate) uid: String,
    pub(crate) resource_version: String,
    pub(crate) generation: i64,
    pub(crate) parent_stamp: i64,
    pub(crate) prior_replicas: i32,
    pub(crate) replicas: i64,
    pub(crate) ready: i64,
    pub(crate) serving: i64,
    pub(crate) available: i64,
}

/// A prepared, verified request: what the preview shows, what revalidation compares and what
/// the PATCH guards.
#[derive(Debug, Clone)]
pub(crate) struct Plan {
    pub(crate) component: Component,
    pub(crate) requested: i32,
    /// `--current-replicas`, checked again at revalidation.
    pub(crate) current_replicas: Option<i32>,
    pub(crate) resolution: Resolution,
    pub(crate) isvc: Stamp,
    /// The collected ISVC, compared for deep equality at revalidation.
    pub(crate) isvc_raw: Value,
    pub(crate) isvc_view: InferenceService,
    /// Every stamp after the ISVC (runtime chain root first, or the ControllerRevision).
    pub(crate) sources: Vec<Stamp>,
    pub(crate) ir: ReplicaIdentity,
    pub(crate) ir_raw: Value,
    /// The pinned sibling IRs proven during an active rollout run (revalidated, not written).
    pub(crate) siblings: Vec<Sibling>,
    pub(crate) issues: Vec<ScaleIssue>,
    /// How OME's selection was reproduced, for a service that names no runtime.
    pub(crate) selection: Option<super::selected::SelectionFacts>,
}

impl Plan {
    /// The sources revalidated by an exact GET after the ISVC: every stamp of a named runtime;
    /// of a selected one only the model (its runtimes are checked in a new snapshot).
    pub(crate) fn regets(&self) -> Vec<&Stamp> {
        match &self.selection {
            Some(selection) => vec![&selection.model],
            None => self.sources.iter().collect(),
        }
    }
}

/// §2.3 step 4 and the start of step 6: the ISVC read, its identity and target validation, and
/// the runtime it names. Stage 2 starts only after this passes.
pub(crate) fn check_service(
    read: Result<Value, ApiError>,
    namespace: &str,
    name: &str,
) -> Result<(Fetched<InferenceService>, RuntimeSource), Refusal> {
    let object = ReadObject {
        kind: ReadKind::InferenceService,
        namespace,
        name,
    };
    let raw = read.map_err(|e| read_failure(object, &e))?;
    let isvc: Fetched<InferenceService> =
        Fetched::from_raw(raw).ok_or_else(|| identity("kind", "mismatch"))?;
    bind(&isvc.view.metadata, namespace, name, UidRule::Present).map_err(
        |problem| match problem {
            BindingProblem::NameMismatch => identity("name", "mismatch"),
            BindingProblem::NamespaceMismatch => identity("namespace", "mismatch"),
            BindingProblem::MissingUid => identity("uid", "missing"),
            BindingProblem::UnsafeUid => identity("uid", "unsafe"),
        },
    )?;
    validate_target(&isvc.view, &isvc.raw)?;
    let target = runtime::scale_target(&isvc.view)
        .map_err(|problem| runtime::runtime_refusal(&isvc.view, None, problem))?;
    Ok((isvc, target))
}

pub(crate) fn stamp_of_isvc(isvc: &InferenceService) -> Stamp {
    Stamp::of_ome("InferenceService", &isvc.metadata)
}

/// Steps 7–12 of §2.3, evidence inspection (§2.5) and preparation (§2.6).
pub(crate) fn prepare(
    evidence: Evidence,
    request: &ScaleRequest,
    now: Timestamp,
) -> Result<Plan, Refusal> {
    let Evidence {
        isvc,
        runtime_target,
        runtime: runtime_reads,
        ir,
        scale,
        siblings,
    } = evidence;
    let component = request.component;
    let view = &isvc.view;
    // Step 7.
    let active = runtime::check_source(
        view,
        &runtime_target,
        &runtime_reads,
        &request.ome_namespace,
        &request.name,
        &ir.as_ref().ok().into_iter().collect::<Vec<_>>(),
    )?;
    // Step 8.
    let isvc_stamp = stamp_of_isvc(view);
    let mut stamps = vec![isvc_stamp.clone()];
    stamps.extend(active.stamps.iter().cloned());
    let resolution = autoscaling::resolve(view, component, &active, &stamps)?;
    let ir = published_replica(view, request, ir)?;
    // Step 11.
    let scale = decode_scale(&ir.view, scale)?;
    check_current_replicas(request.current_replicas, i64::from(scale.spec_replicas))?;
    // §2.5.
    inspect_evidence(&isvc, &ir, &scale, request, &resolution, now)?;
    // Step 13: the pinned siblings of an active run (conformance.md §2.2).
    let ir_name = crate::ome::meta_name(&ir.view.metadata);
    let siblings = pinned::prove_siblings(&isvc, component, ir_name, &siblings, now)?;
    // §2.6.
    check_native(&active, component, &ir.view)?;
    check_ownership(request, &resolution)?;
    check_bounds(&ir.view, request.replicas, &resolution)?;
    check_mailbox(view)?;
    check_rollout_with_siblings(&isvc.raw, component, &ir.view, &siblings, now)?;
    check_previewable(&active.stamps)?;
    let identity = replica_identity(&ir.view)?;
    let issues = identity_issues(&identity);
    Ok(Plan {
        component,
        requested: request.replicas,
        current_replicas: request.current_replicas,
        resolution,
        isvc: isvc_stamp,
        isvc_raw: isvc.raw.clone(),
        isvc_view: isvc.view.clone(),
        sources: active.stamps.clone(),
        selection: active.selection.clone(),
        ir: identity,
        ir_raw: ir.raw,
        siblings,
        issues,
    })
}

/// The selected IR's `/scale` subresource, read and decoded.
fn decode_scale(
    ir: &InferenceReplica,
    scale: Result<Vec<u8>, ApiError>,
) -> Result<ScaleView, Refusal> {
    let object = ReadObject {
        kind: ReadKind::Scale,
        namespace: crate::ome::meta_namespace(&ir.metadata),
        name: crate::ome::meta_name(&ir.metadata),
    };
    let scale_body = scale.map_err(|e| read_failure(object, &e))?;
    scale_body::decode(&scale_body).map_err(|_| read_failure(object, &ApiError::Malformed))
}

/// The active runtime serves `component` natively, and the IR is that component's.
fn check_native(
    active: &runtime::ActiveRuntime,
    component: Component,
    ir: &InferenceReplica,
) -> Result<(), Refusal> {
    if !active.native.contains(&component)
        || ir.spec.component.as_deref() != Some(component.as_str())
    {
        return Err(binding(
            crate::ome::meta_name(&ir.metadata),
            "ComponentNotNative",
            Line::new(),
        ));
    }
    Ok(())
}

/// The rollout check over the selected IR followed by the proven pinned siblings.
fn check_rollout_with_siblings(
    isvc: &Value,
    component: Component,
    ir: &InferenceReplica,
    siblings: &[Sibling],
    now: Timestamp,
) -> Result<(), Refusal> {
    let sibling_views: Vec<(Component, InferenceReplica)> = siblings
        .iter()
        .filter_map(|s| Some((s.component, serde_json::from_value(s.raw.clone()).ok()?)))
        .collect();
    let mut irs: Vec<(Component, &InferenceReplica)> = vec![(component, ir)];
    irs.extend(sibling_views.iter().map(|(c, v)| (*c, v)));
    rollout::check_rollout(isvc, &irs, now)
}

/// The preview's issues: the IR's reported desired count differs from its spec.
fn identity_issues(identity: &ReplicaIdentity) -> Vec<ScaleIssue> {
    if identity.replicas != i64::from(identity.prior_replicas) {
        vec![ScaleIssue::ReportedDesiredCountDiscrepancy]
    } else {
        Vec::new()
    }
}

/// `--current-replicas` (difference t): the count the write requires, against the `/scale`
/// `spec.replicas` read in stage 1 or the IR's at revalidation. A mismatch is the guarded
/// precondition conflict (exit 3): nothing is written.
pub(crate) fn check_current_replicas(expected: Option<i32>, found: i64) -> Result<(), Refusal> {
    match expected {
        Some(expected) if i64::from(expected) != found => Err(refuse(
            ScaleError::Precondition,
            CheckId::CurrentReplicas,
            Line::new()
                .int("expected", i64::from(expected))
                .int("found", found),
        )),
        _ => Ok(()),
    }
}

/// §2.6: every ownership class needs `--override-autoscaler --yes`.
fn check_ownership(request: &ScaleRequest, resolution: &Resolution) -> Result<(), Refusal> {
    if request.override_autoscaler && request.yes {
        return Ok(());
    }
    Err(refuse(
        ScaleError::ScaleOwnership,
        CheckId::Ownership,
        Line::new()
            .name("class", resolution.class.clone())
            .word("managedBy", resolution.managed_by)
            .word("specSource", resolution.spec_source)
            .bool("override", request.override_autoscaler)
            .bool("yes", request.yes),
    ))
}

/// §2.6: a pending rollout promote or rollback annotation refuses the scale.
fn check_mailbox(isvc: &InferenceService) -> Result<(), Refusal> {
    let annotations = isvc.metadata.annotations.as_ref();
    let mailbox = [
        keys::ANNOTATION_ROLLOUT_PROMOTE,
        keys::ANNOTATION_ROLLOUT_ROLLBACK,
    ]
    .into_iter()
    .find(|key| annotations.is_some_and(|a| a.contains_key(*key)));
    match mailbox {
        None => Ok(()),
        Some(key) => Err(refuse(
            ScaleError::Pending,
            CheckId::RolloutMailbox,
            Line::new().word("annotation", key),
        )),
    }
}

/// Step 9: the IR read by its built name must be the one the parent publishes, in the
/// parent's namespace.
fn published_replica(
    view: &InferenceService,
    request: &ScaleRequest,
    read: Result<Value, ApiError>,
) -> Result<Fetched<InferenceReplica>, Refusal> {
    let component = request.component;
    let ir_name = format!("{}-{}", request.name, component.as_str());
    let published = view
        .status
        .components
        .get(component.as_str())
        .and_then(|c| c.scale_target_ref.as_ref())
        .and_then(|r| r.name.as_deref());
    if published != Some(ir_name.as_str()) {
        return Err(binding(
            &ir_name,
            "ScaleTargetRef",
            Line::new()
                .name("expected", ir_name.clone())
                .name("reported", published.unwrap_or("-")),
        ));
    }
    let object = ReadObject {
        kind: ReadKind::InferenceReplica,
        namespace: crate::ome::meta_namespace(&view.metadata),
        name: &ir_name,
    };
    let raw = read.map_err(|e| read_failure(object, &e))?;
    let ir: Fetched<InferenceReplica> =
        Fetched::from_raw(raw).ok_or_else(|| binding(&ir_name, "IRUnreadable", Line::new()))?;
    if ir.view.metadata.name.as_deref() != Some(ir_name.as_str())
        || ir.view.metadata.namespace != view.metadata.namespace
    {
        return Err(binding(&ir_name, "IRIdentity", Line::new()));
    }
    Ok(ir)
}

/// Every source identity the preview shows must be a safe scalar.
fn check_previewable(stamps: &[Stamp]) -> Result<(), Refusal> {
    for (i, source) in stamps.iter().enumerate() {
        let namespace_ok = source.namespace.is_empty() || is_safe_scalar(&source.namespace);
        if ![&source.kind, &source.name, &source.uid]
            .iter()
            .all(|v| is_safe_scalar(v))
            || !namespace_ok
        {
            return Err(preview_safety(&format!("source[{i}].uid")));
        }
    }
    Ok(())
}

/// `preview-safety field=<context|omeNamespace|source[<i>].uid>` (never the value).
pub(crate) fn preview_safety(field: &str) -> Refusal {
    refuse(
        ScaleError::UnsafeValue,
        CheckId::PreviewSafety,
        Line::new().name("field", field),
    )
}

/// §2.5: binding of the IR and the Scale to the service, replica inspection, active work.
fn inspect_evidence(
    isvc: &Fetched<InferenceService>,
    ir: &Fetched<InferenceReplica>,
    scale: &ScaleView,
    request: &ScaleRequest,
    resolution: &Resolution,
    now: Timestamp,
) -> Result<ReplicaFacts, Refusal> {
    let component = request.component;
    let ir_name = crate::ome::meta_name(&ir.view.metadata);
    if ir.view.spec.component.as_deref() != Some(component.as_str()) {
        return Err(binding(ir_name, "ComponentNotNative", Line::new()));
    }
    if ir.view.spec.autoscaler.as_ref() != Some(&resolution.block) {
        return Err(binding(ir_name, "AutoscalerBlockMismatch", Line::new()));
    }
    let facts = replica::inspect(&ir.view, &ir.raw, &isvc.view, component, now)?;
    check_scale_binding(ir, scale)?;
    let rollback = ir
        .view
        .spec
        .pacing
        .as_ref()
        // Present at all, even `""`, is a rollback request (evidence-strictness.md §2.7).
        .is_some_and(|p| p.rollback_to_revision.is_some());
    let busy_row = facts.rows.iter().find(|row| {
        let deleting = row.phase == "Deleting"
            || row
                .operation
                .as_ref()
                .is_some_and(|op| op.type_ == "Delete");
        let transient = row.operation.is_none()
            && matches!(
                row.phase.as_str(),
                "Pending" | "Creating" | "Updating" | "Restarting" | "Migrating"
            );
        deleting || transient
    });
    let work = facts.work.clone().or_else(|| {
        busy_row.map(|row| Work::Instance {
            index: row.index,
            phase: row.phase.clone(),
            operation: row
                .operation
                .as_ref()
                .map(|op| (op.type_.clone(), op.step.clone())),
        })
    });
    let busy = match work {
        Some(work) => Some(work_check(ir_name, &work)),
        None if rollback => Some(ScaleCheck::new(
            CheckId::ActiveWork,
            Line::new()
                .name("ir", ir_name)
                .word("cause", "RollbackToRevision"),
        )),
        None => None,
    };
    if let Some(check) = busy {
        let next = next_for(&check, &request.name, component);
        return Err(ScaleError::ScaleWork.because(check.with_next(next)));
    }
    Ok(facts)
}

/// The IR's `/scale` must be this IR's, at the same resourceVersion and counts.
fn check_scale_binding(ir: &Fetched<InferenceReplica>, scale: &ScaleView) -> Result<(), Refusal> {
    let meta = &ir.view.metadata;
    let ir_name = crate::ome::meta_name(meta);
    let spec_replicas = ir.view.spec.replicas.unwrap_or(0);
    let status_replicas = ir.view.status.replicas.unwrap_or(0);
    if spec_replicas < 1 || status_replicas < 0 {
        return Err(binding(ir_name, "ReplicaCount", Line::new()));
    }
    let identity_ok = (scale.api_version.is_empty() || scale.api_version == "autoscaling/v1")
        && (scale.kind.is_empty() || scale.kind == "Scale")
        && Some(&scale.name) == meta.name.as_ref()
        && Some(&scale.namespace) == meta.namespace.as_ref()
        && Some(&scale.uid) == meta.uid.as_ref()
        && is_safe_scalar(&scale.uid)
        && is_safe_scalar(&scale.resource_version);
    if !identity_ok {
        return Err(binding(ir_name, "ScaleIdentity", Line::new()));
    }
    if Some(&scale.resource_version) != meta.resource_version.as_ref() {
        return Err(binding(ir_name, "ScaleRVMismatch", Line::new()));
    }
    if i64::from(scale.spec_replicas) != spec_replicas
        || i64::from(scale.status_replicas) != status_replicas
    {
        return Err(binding(
            ir_name,
            "SpecReplicas",
            Line::new()
                .int("ir", spec_replicas)
                .int("scale", i64::from(scale.spec_replicas)),
        ));
    }
    Ok(())
}

/// `active-work ir=<name> cause=…` for work the IR reports.
fn work_check(ir_name: &str, work: &Work) -> ScaleCheck {
    let line = Line::new().name("ir", ir_name);
    let line = match work {
        Work::UpdateRevision { current, update } => line
            .word("cause", "UpdateRevision")
            .name("current", current.clone())
            .name("update", update.clone()),
        Work::Instance {
            index,
            phase,
            operation,
        } => line
            .word("cause", "Instance")
            .int("index", *index)
            .name("phase", phase.clone())
            .name(
                "op",
                operation
                    .as_ref()
                    .map_or_else(|| "-".to_string(), |(t, step)| format!("{t}/{step}")),
            ),
        Work::Migration { phase, .. } => {
            line.word("cause", "Migration").name("phase", phase.clone())
        }
    };
    let mut check = ScaleCheck::new(CheckId::ActiveWork, line);
    if let Work::Instance { index, .. }
    | Work::Migration {
        source: Some(index),
        ..
    } = work
    {
        check.next = Some(Box::new(Next::Instance {
            service: String::new(),
            index: *index,
            component: "",
        }));
    }
    check
}

/// The command that shows the work: `instance status` of the busy Instance, else
/// `rollout status`.
fn next_for(check: &ScaleCheck, service: &str, component: crate::ome::Component) -> Next {
    match check.next.as_deref() {
        Some(Next::Instance { index, .. }) => Next::Instance {
            service: service.to_string(),
            index: *index,
            component: component.as_str(),
        },
        _ => Next::Rollout {
            service: service.to_string(),
        },
    }
}

/// The active-work refusal of the rollout checks (the component's or a group's phase),
/// pointing to `rollout explain`, which says why the rollout holds (rollout-explain.md §4).
pub(crate) fn rollout_work(
    service: &str,
    ir: &str,
    cause: &'static str,
    value: Option<CheckValue>,
) -> Refusal {
    let line = Line::new().name("ir", ir);
    let line = match value {
        Some(value) => line.cause_with(cause, value),
        None => line.word("cause", cause),
    };
    ScaleError::ScaleWork.because(ScaleCheck::new(CheckId::ActiveWork, line).with_next(
        Next::RolloutExplain {
            service: service.to_string(),
        },
    ))
}

/// §2.6 step 6: the request within [min, max], partitions at most the request, and a valid
/// lifecycle.
fn check_bounds(
    ir: &InferenceReplica,
    requested: i32,
    resolution: &Resolution,
) -> Result<(), Refusal> {
    if requested < 1 || requested < resolution.min || requested > resolution.max {
        return Err(refuse(
            ScaleError::ScaleBounds,
            CheckId::Bounds,
            Line::new()
                .int("requested", i64::from(requested))
                .int("min", i64::from(resolution.min))
                .int("max", i64::from(resolution.max)),
        ));
    }
    let lifecycle = ir.spec.lifecycle.clone().unwrap_or(Value::Null);
    let partitions = [
        (
            "spec.pacing.partition",
            ir.spec
                .pacing
                .as_ref()
                .and_then(|p| p.partition)
                .map(Value::from),
        ),
        (
            "spec.lifecycle.updateStrategy.rollingUpdate.partition",
            lifecycle
                .pointer("/updateStrategy/rollingUpdate/partition")
                .filter(|v| !v.is_null())
                .cloned(),
        ),
    ];
    for (field, partition) in partitions {
        let Some(partition) = partition else {
            continue;
        };
        match partition.as_i64() {
            Some(p) if (0..=i64::from(requested)).contains(&p) => {}
            value => {
                let line = Line::new().word("field", field);
                let line = match value {
                    Some(v) => line.int("value", v),
                    None => line.word("value", "invalid"),
                };
                return Err(refuse(ScaleError::ScaleBounds, CheckId::Partition, line));
            }
        }
    }
    // §6a: OME's lifecycle validation (budgets, both-zero, minReadySeconds, enums).
    if let Err(field) = crate::evaluate::lifecycle::validate(Some(&lifecycle)) {
        let strategy = lifecycle
            .pointer("/updateStrategy/type")
            .and_then(Value::as_str)
            .unwrap_or("-");
        let line = if field == LifecycleField::UpdateStrategyType {
            Line::new().name("updateStrategy", strategy)
        } else {
            Line::new().word("field", field.path())
        };
        return Err(refuse(ScaleError::ScaleBounds, CheckId::Lifecycle, line));
    }
    Ok(())
}

fn replica_identity(ir: &InferenceReplica) -> Result<ReplicaIdentity, Refusal> {
    let meta = &ir.metadata;
    let name = crate::ome::meta_name(meta);
    let stamp = crate::ome::meta_annotation(meta, keys::ANNOTATION_PARENT_GENERATION);
    let parent_stamp = stamp.and_then(|v| v.parse::<i64>().ok()).ok_or_else(|| {
        stale(
            name,
            "ParentStamp",
            Line::new().name("stamp", stamp.unwrap_or("-")),
        )
    })?;
    let prior = i32::try_from(ir.spec.replicas.unwrap_or(0))
        .map_err(|_| binding(name, "ReplicaCount", Line::new()))?;
    let s = &ir.status;
    Ok(ReplicaIdentity {
        namespace: meta.namespace.clone().unwrap_or_default(),
        name: meta.name.clone().unwrap_or_default(),
        uid: meta.uid.clone().unwrap_or_default(),
        resource_version: meta.resource_version.clone().unwrap_or_default(),
        generation: meta.generation.unwrap_or(0),
        parent_stamp,
        prior_replicas: prior,
        replicas: s.replicas.unwrap_or(0),
        ready: s.ready_replicas.unwrap_or(0),
        serving: s.serving_replicas.unwrap_or(0),
        available: s.available_replicas.unwrap_or(0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ome::reads::{ChainRead, RuntimeScope};
    use crate::ome::request::DryRun;
    use crate::ome::request::OutputFormat;
    use serde_json::json;
    use std::time::Duration;

    /// The preview's own safety check cannot be reached against a real server (the context
    /// and `--ome-namespace` are checked earlier), so its check line is proven here.
    #[test]
    fn preview_safety_names_the_field_never_the_value() {
        let refusal = preview_safety("omeNamespace");
        assert_eq!(refusal.error, ScaleError::UnsafeValue);
        let lines = refusal.check.map(|c| c.lines()).unwrap_or_default();
        assert_eq!(lines, ["scale check: preview-safety field=omeNamespace"]);
    }

    const ISVC_UID: &str = "5d0c7e0e-2a53-4c1e-9b61-0f3e6b8e1a01";
    const IR_UID: &str = "8f7a2b8c-61d4-4f0e-a2c9-7b0d4d5e9c11";

    fn isvc() -> Value {
        json!({
            "apiVersion": "ome.io/v1beta1", "kind": "InferenceService",
            "metadata": {"name": "chat", "namespace": "prod", "uid": ISVC_UID,
                         "generation": 7, "resourceVersion": "418300"},
            "spec": {"deploymentMode": "OMENative", "runtime": {"name": "srt"},
                     "engine": {"minReplicas": 2, "maxReplicas": 4, "autoscaler": {"class": "External"}},
                     "decoder": {"minReplicas": 1, "maxReplicas": 1}},
            "status": {"components": {
                "engine": {"autoscaler": {"class": "External", "managedBy": "external", "specSource": "isvc"},
                           "scaleTargetRef": {"apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica", "name": "chat-engine"}},
                "decoder": {"autoscaler": {"class": "HPA", "managedBy": "ome", "specSource": "default"},
                            "scaleTargetRef": {"apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica", "name": "chat-decoder"}}}}
        })
    }

    fn ir() -> Value {
        json!({
            "apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica",
            "metadata": {"name": "chat-engine", "namespace": "prod", "uid": IR_UID, "generation": 3,
                         "resourceVersion": "418377",
                         "annotations": {"ome.io/controller-write": "true", "ome.io/parent-generation": "7"},
                         "ownerReferences": [{"apiVersion": "ome.io/v1beta1", "kind": "InferenceService",
                                              "name": "chat", "uid": ISVC_UID, "controller": true}]},
            "spec": {"parentRef": {"name": "chat"}, "component": "engine", "replicas": 2,
                     "autoscaler": {"class": "External"}},
            "status": {"observedGeneration": 3, "replicas": 2, "readyReplicas": 2, "servingReplicas": 2,
                       "availableReplicas": 2, "updatedReplicas": 2, "updatedReadyReplicas": 2,
                       "currentRevision": "chat-engine-7f9c4d2b", "updateRevision": "chat-engine-7f9c4d2b",
                       "instanceStatuses": [
                           {"index": 0, "incarnation": 1, "phase": "Ready", "runningRevision": "chat-engine-7f9c4d2b"},
                           {"index": 1, "incarnation": 1, "phase": "Ready", "runningRevision": "chat-engine-7f9c4d2b"}]}
        })
    }

    fn scale() -> Value {
        json!({"apiVersion": "autoscaling/v1", "kind": "Scale",
               "metadata": {"name": "chat-engine", "namespace": "prod", "uid": IR_UID, "resourceVersion": "418377"},
               "spec": {"replicas": 2}, "status": {"replicas": 2, "selector": "a=b"}})
    }

    fn runtime() -> Value {
        json!({"apiVersion": "ome.io/v1beta1", "kind": "ClusterServingRuntime",
               "metadata": {"name": "srt", "uid": "rt-uid", "generation": 1, "resourceVersion": "5"},
               "spec": {"engineConfig": {}}})
    }

    fn request(replicas: i32) -> ScaleRequest {
        ScaleRequest {
            name: "chat".into(),
            component: Component::Engine,
            replicas,
            current_replicas: None,
            override_autoscaler: true,
            yes: true,
            dry_run: DryRun::Client,
            output: OutputFormat::Table,
            ome_namespace: "ome".into(),
            request_timeout: Duration::from_secs(10),
        }
    }

    fn evaluate(
        isvc: Value,
        ir: Result<Value, ApiError>,
        scale: Value,
        runtime: Result<Value, ApiError>,
        req: &ScaleRequest,
    ) -> Result<Plan, ScaleError> {
        let (isvc, runtime_target) =
            check_service(Ok(isvc), "prod", "chat").map_err(|r| r.error)?;
        let evidence = Evidence {
            isvc,
            runtime_target,
            runtime: RuntimeReads {
                chain: vec![ChainRead {
                    scope: RuntimeScope::cluster(),
                    read: runtime,
                }],
                chain_broken: false,
                requested_revision: None,
                reported_revision: None,
                model: None,
                snapshot: None,
            },
            ir,
            scale: Ok(scale.to_string().into_bytes()),
            siblings: Vec::new(),
        };
        prepare(evidence, req, Timestamp::now()).map_err(|r| r.error)
    }

    #[test]
    fn the_guide_example_prepares() {
        let plan = evaluate(isvc(), Ok(ir()), scale(), Ok(runtime()), &request(3)).unwrap();
        assert_eq!(plan.resolution.class, "External");
        assert_eq!((plan.resolution.min, plan.resolution.max), (2, 4));
        assert_eq!(plan.ir.prior_replicas, 2);
        assert_eq!(plan.ir.parent_stamp, 7);
        assert_eq!(plan.sources.len(), 1);
        assert!(plan.issues.is_empty());
    }

    #[test]
    fn checks_keep_their_order_whatever_failed_to_read() {
        let not_found = || ApiError::NotFound {
            named: true,
            message: "x".into(),
        };
        // The IR 404 is reported only once the checks reach the IR.
        assert_eq!(
            evaluate(
                isvc(),
                Err(not_found()),
                scale(),
                Ok(runtime()),
                &request(3)
            )
            .err(),
            Some(ScaleError::Api)
        );
        // A missing runtime is refused before the IR failure is looked at.
        assert_eq!(
            evaluate(
                isvc(),
                Err(not_found()),
                scale(),
                Err(not_found()),
                &request(3)
            )
            .err(),
            Some(ScaleError::Runtime)
        );
        let mut deleting = isvc();
        deleting["metadata"]["deletionTimestamp"] = json!("2026-09-20T08:00:00Z");
        assert_eq!(
            check_service(Ok(deleting), "prod", "chat")
                .err()
                .map(|r| r.error),
            Some(ScaleError::Deleting)
        );
    }

    #[test]
    fn scale_binding_bounds_and_ownership() {
        let mut moved = scale();
        moved["metadata"]["resourceVersion"] = json!("418378");
        assert_eq!(
            evaluate(isvc(), Ok(ir()), moved, Ok(runtime()), &request(3)).err(),
            Some(ScaleError::ScaleEvidence)
        );
        assert_eq!(
            evaluate(isvc(), Ok(ir()), scale(), Ok(runtime()), &request(5)).err(),
            Some(ScaleError::ScaleBounds)
        );
        let mut no_override = request(3);
        no_override.override_autoscaler = false;
        assert_eq!(
            evaluate(isvc(), Ok(ir()), scale(), Ok(runtime()), &no_override).err(),
            Some(ScaleError::ScaleOwnership)
        );
        for (partition, ok) in [(0, true), (3, true), (4, false), (-1, false)] {
            let mut held = ir();
            held["spec"]["pacing"] = json!({"partition": partition});
            let result = evaluate(isvc(), Ok(held), scale(), Ok(runtime()), &request(3));
            assert_eq!(result.is_ok(), ok, "{partition}");
        }
    }

    #[test]
    fn runtime_bounds_and_default_class() {
        // The decoder has no block: the default HPA, bounds from the ISVC.
        let mut decoder_ir = ir();
        decoder_ir["metadata"]["name"] = json!("chat-decoder");
        decoder_ir["spec"]["component"] = json!("decoder");
        decoder_ir["spec"]["autoscaler"] = json!({"class": "HPA"});
        decoder_ir["spec"]["replicas"] = json!(1);
        decoder_ir["status"] = json!({"observedGeneration": 3, "replicas": 1,
            "currentRevision": "chat-decoder-3b1e9a60", "updateRevision": "chat-decoder-3b1e9a60"});
        let mut decoder_scale = scale();
        decoder_scale["metadata"]["name"] = json!("chat-decoder");
        decoder_scale["spec"]["replicas"] = json!(1);
        decoder_scale["status"]["replicas"] = json!(1);
        let mut req = request(1);
        req.component = Component::Decoder;
        let plan = evaluate(isvc(), Ok(decoder_ir), decoder_scale, Ok(runtime()), &req).unwrap();
        assert_eq!(plan.resolution.spec_source, "default");
        assert_eq!(plan.resolution.block, json!({"class": "HPA"}));
        assert_eq!((plan.resolution.min, plan.resolution.max), (1, 1));
    }

    #[test]
    fn policy_refs_and_their_evidence() {
        // A policy ref without an inline block: the policy wins and cannot be verified.
        let mut by_policy = isvc();
        by_policy["spec"]["engine"]["autoscaler"] = Value::Null;
        by_policy["spec"]["engine"]["autoscalerPolicyRef"] = json!({"name": "burst"});
        assert_eq!(
            evaluate(by_policy, Ok(ir()), scale(), Ok(runtime()), &request(3)).err(),
            Some(ScaleError::ManualScalePolicy)
        );
        // An inline block beats the ref, proven by InlinePrecedence and the shadowed ref.
        let mut inline = isvc();
        inline["spec"]["engine"]["autoscalerPolicyRef"] = json!({"name": "burst"});
        assert_eq!(
            evaluate(
                inline.clone(),
                Ok(ir()),
                scale(),
                Ok(runtime()),
                &request(3)
            )
            .err(),
            Some(ScaleError::ManualScaleSource)
        );
        inline["status"]["components"]["engine"]["autoscaler"]["shadowedPolicyRef"] =
            json!({"name": "burst"});
        inline["status"]["components"]["engine"]["autoscaler"]["conditions"] = json!([
            {"type": "AutoscalerResolved", "status": "True", "reason": "InlinePrecedence",
             "observedGeneration": 7}]);
        assert!(
            evaluate(
                inline.clone(),
                Ok(ir()),
                scale(),
                Ok(runtime()),
                &request(3)
            )
            .is_ok()
        );
        // A runtime-supplied block with a non-Independent scaling policy is refused.
        let mut pinned = isvc();
        pinned["spec"]["scalingPolicy"] = json!({"mode": "Proportional"});
        assert_eq!(
            evaluate(pinned, Ok(ir()), scale(), Ok(runtime()), &request(3)).err(),
            Some(ScaleError::ManualScaleSource)
        );
    }

    #[test]
    fn inheritance_merges_root_first() {
        let mut child = runtime();
        child["metadata"]["annotations"] = json!({"ome.io/inherit-from": "base"});
        child["spec"] = json!({"engineConfig": {"minReplicas": 2}});
        let parent = json!({"metadata": {"name": "base", "uid": "base-uid", "generation": 3,
                                         "resourceVersion": "9"},
                            "spec": {"engineConfig": {"minReplicas": 1, "maxReplicas": 6}}});
        let mut no_max = isvc();
        no_max["spec"]["engine"] = json!({"autoscaler": {"class": "External"}});
        let (isvc, runtime_target) = check_service(Ok(no_max), "prod", "chat").unwrap();
        let evidence = Evidence {
            isvc,
            runtime_target,
            runtime: RuntimeReads {
                chain: vec![
                    ChainRead {
                        scope: RuntimeScope::cluster(),
                        read: Ok(child),
                    },
                    ChainRead {
                        scope: RuntimeScope::cluster(),
                        read: Ok(parent),
                    },
                ],
                chain_broken: false,
                requested_revision: None,
                reported_revision: None,
                model: None,
                snapshot: None,
            },
            ir: Ok(ir()),
            scale: Ok(scale().to_string().into_bytes()),
            siblings: Vec::new(),
        };
        let plan = prepare(evidence, &request(6), Timestamp::now()).unwrap();
        assert_eq!((plan.resolution.min, plan.resolution.max), (2, 6));
        let names: Vec<&str> = plan.sources.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["base", "srt"]);
    }

    #[test]
    fn the_result_reports_the_guard_and_sorted_facts() {
        let plan = evaluate(isvc(), Ok(ir()), scale(), Ok(runtime()), &request(3)).unwrap();
        let at: Timestamp = "2026-09-15T21:00:00.500Z".parse().unwrap();
        let result = crate::evaluate::scale::build_result(&plan, DryRun::Server, "kind-prod", at);
        let json = serde_json::to_value(&result).unwrap();
        assert_eq!(json["collectedAt"], "2026-09-15T21:00:00.5Z");
        assert_eq!(json["target"]["resourceVersion"], "418377");
        assert_eq!(json["accepted"], true);
        assert_eq!(json["applied"], false);
        assert_eq!(json["scale"]["issues"], serde_json::Value::Null);
        assert_eq!(json["scale"]["override"], true);
        assert_eq!(
            json["followUp"],
            "kubectl ome autoscale status chat -n prod --context=kind-prod"
        );
        let keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            [
                "apiVersion",
                "kind",
                "collectedAt",
                "action",
                "target",
                "dryRun",
                "accepted",
                "applied",
                "message",
                "followUp",
                "scale"
            ]
        );
        let whole: Timestamp = "2026-09-15T21:00:00Z".parse().unwrap();
        let result = crate::evaluate::scale::build_result(&plan, DryRun::Client, "c", whole);
        assert_eq!(result.collected_at, "2026-09-15T21:00:00Z");
        assert!(!result.accepted && !result.applied);
    }

    #[test]
    fn revalidation_refuses_any_change() {
        let plan = evaluate(isvc(), Ok(ir()), scale(), Ok(runtime()), &request(3)).unwrap();
        let now = Timestamp::now();
        let reval = |isvc: Value, rt: Value, ir: Value| {
            super::super::revalidate::revalidate(&plan, &[Ok(isvc), Ok(rt)], Ok(ir), now)
                .map_err(|r| r.error)
        };
        assert_eq!(reval(isvc(), runtime(), ir()), Ok(()));
        let mut touched = isvc();
        touched["metadata"]["resourceVersion"] = json!("418301");
        assert_eq!(
            reval(touched, runtime(), ir()),
            Err(ScaleError::ManualScaleSourceChanged)
        );
        let mut rt = runtime();
        rt["metadata"]["generation"] = json!(2);
        assert_eq!(
            reval(isvc(), rt, ir()),
            Err(ScaleError::ManualScaleSourceChanged)
        );
        let mut changed = ir();
        changed["metadata"]["annotations"]["example.com/x"] = json!("y");
        assert_eq!(reval(isvc(), runtime(), changed), Err(ScaleError::Stale));
    }

    /// Reads the checks reach fail with their `read` line: the IR read (stage 1), a `/scale`
    /// body that does not decode, and the IR re-read of stage 3.
    #[test]
    fn a_failed_read_names_its_object_where_the_checks_reach_it() {
        let lines = |result: Result<Plan, Refusal>| {
            let refusal = result.err().unwrap();
            (refusal.error, refusal.check.map(|c| c.lines()).unwrap())
        };
        let with = |ir: Result<Value, ApiError>, scale: Vec<u8>| {
            let (isvc, runtime_target) = check_service(Ok(isvc()), "prod", "chat").unwrap();
            let runtime = RuntimeReads {
                chain: vec![ChainRead {
                    scope: RuntimeScope::cluster(),
                    read: Ok(runtime()),
                }],
                chain_broken: false,
                requested_revision: None,
                reported_revision: None,
                model: None,
                snapshot: None,
            };
            let evidence = Evidence {
                isvc,
                runtime_target,
                runtime,
                ir,
                scale: Ok(scale),
                siblings: Vec::new(),
            };
            prepare(evidence, &request(3), Timestamp::now())
        };
        let missing = ApiError::NotFound {
            named: true,
            message: "x".into(),
        };
        let scale_body = scale().to_string().into_bytes();
        assert_eq!(
            lines(with(Err(missing), scale_body.clone())),
            (
                ScaleError::Api,
                vec![
                    "scale check: read object=InferenceReplica/prod/chat-engine cause=NotFound"
                        .to_string()
                ]
            )
        );
        assert_eq!(
            lines(with(Ok(ir()), b"[]".to_vec())),
            (
                ScaleError::Api,
                vec![
                    "scale check: read object=InferenceReplica/prod/chat-engine/scale cause=Undecodable"
                        .to_string()
                ]
            )
        );
        let plan = with(Ok(ir()), scale_body).unwrap();
        let forbidden = ApiError::Forbidden {
            message: "x".into(),
        };
        let reread = super::super::revalidate::revalidate(
            &plan,
            &[Ok(isvc()), Ok(runtime())],
            Err(forbidden),
            Timestamp::now(),
        );
        assert_eq!(
            reread.err().map(|r| (r.error, r.check.map(|c| c.lines()))),
            Some((
                ScaleError::Api,
                Some(vec![
                    "scale check: read object=InferenceReplica/prod/chat-engine cause=Forbidden"
                        .to_string(),
                    // The command adds " -n <namespace>" (Refusal::in_namespace).
                    "next: kubectl ome admin doctor --access".to_string()
                ])
            ))
        );
    }
}
