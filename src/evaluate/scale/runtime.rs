//! Runtime resolution and the native runtime check (scale.md §2.3 steps 6–7): which runtime the
//! service names, which configuration is active (the live runtime chain, or a pinned
//! ControllerRevision), and which components run OMENative.

use super::checks::refuse;
use super::model::{self, ModelCause, ModelRead};
use super::pin::{self, PinTarget};
use crate::errors::scale_check::{CheckId, Evidence};
use crate::errors::{Refusal, ScaleError};
use crate::ome::evidence::ApiError;
use crate::ome::isvc::ComponentSpec;
use crate::ome::names::is_dns1123_subdomain;
use crate::ome::reads::{
    ChainRead, DeclaredParent, MAX_CHAIN, RuntimeKind, RuntimeReads, RuntimeScope, RuntimeSource,
    RuntimeTarget, SelectionTarget, Stamp, declared_parent,
};
use crate::ome::runtime::RuntimeSpec;
use crate::ome::{Component, closed_set};
use crate::ome::{InferenceService, keys, raw_annotation};
use serde_json::Value;

closed_set! {
    /// Why the active runtime configuration cannot be established.
    pub(crate) enum RuntimeProblem {
        NotSet => "RuntimeNotSet",
        NotFound => "NotFound",
        Disabled => "Disabled",
        Unbound => "Unbound",
        RevisionInconsistent => "RevisionInconsistent",
        NoNativeComponent => "NoOMENativeComponent",
        Forbidden => "Forbidden",
        Unreadable => "Unreadable",
        Cycle => "Cycle",
        MaxDepthExceeded => "MaxDepthExceeded",
        Timeout => "Timeout",
        ModelNotFound => "ModelNotFound",
        ModelDisabled => "ModelDisabled",
        ModelIncompatible => "ModelIncompatible",
        UnsupportedShape => "UnsupportedShape",
        ModelSharded => "ModelSharded",
        SelectionTruncated => "SelectionTruncated",
        SelectionInconsistent => "SelectionInconsistent",
        NoRuntimeSelected => "NoRuntimeSelected",
        RuntimeNotReady => "RuntimeNotReady",
        SelectedRuntimeMismatch => "SelectedRuntimeMismatch",
    }
}

closed_set! {
    /// How the service pins its runtime.
    pub(crate) enum RuntimePin {
        AutoSync => "AutoSync",
        ManagedPin => "ManagedPin",
        ExplicitPin => "ExplicitPin",
    }
}

/// How `spec.runtime` pins the runtime.
pub(crate) fn pin_of(isvc: &InferenceService) -> RuntimePin {
    let runtime = isvc.spec.runtime.as_ref();
    match (
        runtime.and_then(|r| r.auto_sync).unwrap_or(true),
        runtime
            .and_then(|r| r.revision.as_deref())
            .filter(|r| !r.is_empty()),
    ) {
        (true, _) => RuntimePin::AutoSync,
        (false, Some(_)) => RuntimePin::ExplicitPin,
        (false, None) => RuntimePin::ManagedPin,
    }
}

/// The `native-runtime` refusal (a read that timed out is the plain deadline error). `found`
/// is the kind the lookup found the runtime as (difference p), else the kind `spec.runtime`
/// names is shown.
pub(crate) fn runtime_refusal(
    isvc: &InferenceService,
    found: Option<RuntimeKind>,
    problem: RuntimeProblem,
) -> Refusal {
    if problem == RuntimeProblem::Timeout {
        return ScaleError::DeadlineExceeded.into();
    }
    let runtime = isvc.spec.runtime.as_ref();
    let name = runtime
        .and_then(|r| r.name.as_deref())
        .filter(|n| !n.is_empty());
    let kind = found.map(RuntimeKind::as_str).unwrap_or_else(|| {
        runtime
            .and_then(|r| r.kind.as_deref())
            .filter(|k| !k.is_empty())
            .unwrap_or("ClusterServingRuntime")
    });
    let shown = name.map_or_else(|| "-".to_string(), |n| format!("{kind}/{n}"));
    refuse(
        ScaleError::Runtime,
        CheckId::NativeRuntime,
        Evidence::new()
            .name("runtime", shown)
            .word("pin", pin_of(isvc).as_str())
            .word("cause", problem.as_str()),
    )
}

closed_set! {
    /// Where the active configuration comes from.
    pub(crate) enum Origin {
        LiveRuntime => "LiveRuntime",
        ControllerRevision => "ControllerRevision",
    }
}

/// The verified active runtime configuration.
#[derive(Debug, Clone)]
pub(crate) struct ActiveRuntime {
    pub(crate) origin: Origin,
    /// Where the runtime the service names was found (its real kind, difference p).
    pub(crate) scope: RuntimeScope,
    /// The effective runtime spec (the chain merged, root first, or the revision's copy).
    pub(crate) spec: RuntimeSpec,
    /// The source stamps after the ISVC: the chain root first, or the ControllerRevision.
    pub(crate) stamps: Vec<Stamp>,
    /// The components that run OMENative, in canonical order.
    pub(crate) native: Vec<Component>,
    /// How the runtime was selected, when OME selects it (runtime-selection.md §5.6).
    pub(crate) selection: Option<super::selected::SelectionFacts>,
}

/// `scale`'s §2.3 step 6: shapes OME's behaviour is unconfirmed for are refused first
/// (evidence-strictness.md §2.7: a virtual deployment, a service without engine), then
/// [`runtime_target`]. The diagnosis commands report those shapes instead.
pub(crate) fn scale_target(isvc: &InferenceService) -> Result<RuntimeSource, RuntimeProblem> {
    if crate::ome::meta_annotation(&isvc.metadata, keys::ANNOTATION_DEPLOYMENT_MODE)
        == Some("VirtualDeployment")
        || isvc.spec.engine.is_none()
    {
        return Err(RuntimeProblem::UnsupportedShape);
    }
    runtime_source(isvc)
}

/// The runtime the service names, or the selection OME makes for its model
/// (runtime-selection.md §1); with neither, `RuntimeNotSet`.
pub(crate) fn runtime_source(isvc: &InferenceService) -> Result<RuntimeSource, RuntimeProblem> {
    if !crate::evaluate::runtime_selection::selects(isvc) {
        return runtime_target(isvc).map(RuntimeSource::Named);
    }
    let model = isvc
        .spec
        .model
        .as_ref()
        .and_then(|m| m.name.clone())
        .unwrap_or_default();
    // The model name becomes a request path.
    if !is_dns1123_subdomain(&model) {
        return Err(RuntimeProblem::Unbound);
    }
    Ok(RuntimeSource::Selected(SelectionTarget {
        model,
        service_namespace: isvc.metadata.namespace.clone().unwrap_or_default(),
    }))
}

/// The runtime named by the ISVC (`RuntimeNotSet` without a name); a kind or group that is not
/// OME's is refused.
pub(crate) fn runtime_target(isvc: &InferenceService) -> Result<RuntimeTarget, RuntimeProblem> {
    let runtime = isvc.spec.runtime.clone().unwrap_or_default();
    let name = runtime.name.unwrap_or_default();
    if name.is_empty() {
        return Err(RuntimeProblem::NotSet);
    }
    if !is_dns1123_subdomain(&name) {
        return Err(RuntimeProblem::Unbound);
    }
    // An explicit empty kind or group is not "unset" (evidence-strictness.md §2.7).
    let kind = match runtime.kind.as_deref() {
        None | Some("ClusterServingRuntime") => RuntimeKind::Cluster,
        Some("ServingRuntime") => RuntimeKind::Namespaced,
        Some(_) => return Err(RuntimeProblem::Unbound),
    };
    if runtime.api_group.as_deref().is_some_and(|g| g != "ome.io") {
        return Err(RuntimeProblem::Unbound);
    }
    // The model name becomes a request path: it must be a DNS-1123 subdomain.
    let model = isvc
        .spec
        .model
        .as_ref()
        .and_then(|m| m.name.clone())
        .filter(|n| !n.is_empty());
    if model.as_deref().is_some_and(|m| !is_dns1123_subdomain(m)) {
        return Err(RuntimeProblem::Unbound);
    }
    // A revision name becomes a request path in stage 2: anything but a valid name is refused
    // before it is read (the pin cannot be bound).
    let revision = |v: Option<String>| match v.filter(|s| !s.is_empty()) {
        Some(name) if !is_dns1123_subdomain(&name) => Err(RuntimeProblem::Unbound),
        other => Ok(other),
    };
    Ok(RuntimeTarget {
        kind,
        name,
        auto_sync: runtime.auto_sync.unwrap_or(true),
        requested_revision: revision(runtime.revision)?,
        reported_revision: revision(isvc.status.pinned_revision_name.clone())?,
        model,
        service_namespace: isvc.metadata.namespace.clone().unwrap_or_default(),
    })
}

/// The kind the runtime the service names was found as, or whose read failed other than with a
/// 404 (`None` when no scope had it).
fn found_kind(reads: &RuntimeReads) -> Option<RuntimeKind> {
    reads
        .chain
        .first()
        .filter(|head| !matches!(&head.read, Err(e) if e.is_not_found()))
        .map(|head| head.scope.kind)
}

pub(crate) fn failed_read(err: &ApiError) -> RuntimeProblem {
    match err {
        ApiError::TimedOut => RuntimeProblem::Timeout,
        ApiError::NotFound { .. } => RuntimeProblem::NotFound,
        ApiError::Forbidden { .. } => RuntimeProblem::Forbidden,
        _ => RuntimeProblem::Unreadable,
    }
}

fn stamp_of(raw: &Value, kind: &str, api_version: &str) -> Stamp {
    let meta = &raw["metadata"];
    let text = |key: &str| meta[key].as_str().unwrap_or_default().to_string();
    Stamp {
        kind: kind.to_string(),
        api_version: api_version.to_string(),
        namespace: text("namespace"),
        name: text("name"),
        uid: text("uid"),
        resource_version: text("resourceVersion"),
        generation: meta["generation"].as_i64().unwrap_or(0),
    }
}

/// §2.3 step 7 for either source: `service` names the `next:` command of a selection
/// refusal; `irs` are the IRs read (a selected runtime is cross-checked with their labels).
pub(crate) fn check_source(
    isvc: &InferenceService,
    source: &RuntimeSource,
    reads: &RuntimeReads,
    ome_namespace: &str,
    service: &str,
    irs: &[&Value],
) -> Result<ActiveRuntime, Refusal> {
    match source {
        RuntimeSource::Named(target) => check_runtime(isvc, target, reads, ome_namespace),
        RuntimeSource::Selected(_) => super::selected::check_selected(isvc, service, reads, irs),
    }
}

/// §2.3 step 7: the native runtime check. Any failure is `ErrRuntime` with its cause.
pub(crate) fn check_runtime(
    isvc: &InferenceService,
    target: &RuntimeTarget,
    reads: &RuntimeReads,
    ome_namespace: &str,
) -> Result<ActiveRuntime, Refusal> {
    resolve(isvc, target, reads, ome_namespace)
        .and_then(|active| {
            if active.native.is_empty() {
                return Err(RuntimeProblem::NoNativeComponent);
            }
            check_model(reads, target.auto_sync)?;
            Ok(active)
        })
        .map_err(|problem| runtime_refusal(isvc, found_kind(reads), problem))
}

/// The active runtime configuration the controller renders from: the live runtime chain
/// merged, or the pinned ControllerRevision (also used by `autoscale explain`, `status` and
/// `instance status`).
pub(crate) fn resolve(
    isvc: &InferenceService,
    target: &RuntimeTarget,
    reads: &RuntimeReads,
    ome_namespace: &str,
) -> Result<ActiveRuntime, RuntimeProblem> {
    let live = live_chain(&target.name, &reads.chain, reads.chain_broken)?;
    let scope = reads
        .chain
        .first()
        .map(|head| head.scope.clone())
        .ok_or(RuntimeProblem::Unbound)?;
    let (origin, spec, stamps) = match (target.auto_sync, &target.requested_revision) {
        (true, _) => {
            let spec = merged_spec(&live)?;
            let stamps = live.iter().rev().map(|(stamp, _)| stamp.clone()).collect();
            (Origin::LiveRuntime, spec, stamps)
        }
        (false, requested) => {
            // ExplicitPin uses the requested revision, ManagedPin the reported one; a managed
            // pin still awaiting its revision renders from the live runtime, which is not
            // AutoSync and so is refused.
            let (name, read) = match requested {
                Some(name) => {
                    if target
                        .reported_revision
                        .as_ref()
                        .is_some_and(|reported| reported != name)
                    {
                        return Err(RuntimeProblem::RevisionInconsistent);
                    }
                    (name, reads.requested_revision.as_ref())
                }
                None => match &target.reported_revision {
                    Some(name) => (name, reads.reported_revision.as_ref()),
                    None => return Err(RuntimeProblem::Unbound),
                },
            };
            let body = match read {
                Some(Ok(body)) => body,
                Some(Err(e)) => return Err(failed_read(e)),
                None => return Err(RuntimeProblem::Unbound),
            };
            let (stamp, spec) = revision_config(body, name, target, &scope, ome_namespace)?;
            (Origin::ControllerRevision, spec, vec![stamp])
        }
    };
    if spec.disabled == Some(true) {
        return Err(RuntimeProblem::Disabled);
    }
    let native = native_components(isvc, &spec, origin);
    Ok(ActiveRuntime {
        origin,
        scope,
        spec,
        stamps,
        native,
        selection: None,
    })
}

/// The live runtime `name` and its declared parents as read (`broken`: the declared chain
/// loops, is too long or names an invalid parent), each bound (kind, name, namespace, UID,
/// resourceVersion, generation > 0). Child first.
pub(crate) fn live_chain(
    name: &str,
    chain: &[ChainRead],
    broken: bool,
) -> Result<Vec<(Stamp, RuntimeSpec)>, RuntimeProblem> {
    // The reads stop at MAX_CHAIN runtimes: a chain that long is complete only when its last
    // runtime declares no parent.
    if chain.len() > MAX_CHAIN || (broken && chain.len() >= MAX_CHAIN) {
        return Err(RuntimeProblem::MaxDepthExceeded);
    }
    if broken {
        // A parent that is not a name was never read: the chain cannot be bound. Otherwise
        // the chain came back to a runtime already read.
        let invalid_parent = matches!(
            chain.last(),
            Some(ChainRead { read: Ok(raw), .. }) if declared_parent(raw) == DeclaredParent::Invalid
        );
        return Err(if invalid_parent {
            RuntimeProblem::Unbound
        } else {
            RuntimeProblem::Cycle
        });
    }
    if chain.is_empty() {
        return Err(RuntimeProblem::Unbound);
    }
    let mut out = Vec::new();
    let mut expected_name = name.to_string();
    for (depth, link) in chain.iter().enumerate() {
        let raw = link.read.as_ref().map_err(failed_read)?;
        let kind = link.scope.kind.as_str();
        let stamp = stamp_of(raw, kind, crate::ome::API_VERSION);
        let kind_ok = raw["kind"]
            .as_str()
            .is_none_or(|k| k.is_empty() || k == kind);
        if !kind_ok
            || stamp.name != expected_name
            || stamp.namespace != link.scope.namespace
            || stamp.uid.is_empty()
            || stamp.resource_version.is_empty()
            || stamp.generation <= 0
            || raw
                .pointer("/metadata/deletionTimestamp")
                .is_some_and(Value::is_string)
        {
            return Err(RuntimeProblem::Unbound);
        }
        let spec: RuntimeSpec =
            serde_json::from_value(raw.get("spec").cloned().unwrap_or(Value::Null))
                .map_err(|_| RuntimeProblem::Unbound)?;
        let parent = raw_annotation(raw, keys::ANNOTATION_INHERIT_FROM)
            .unwrap_or_default()
            .to_string();
        out.push((stamp, spec));
        let last = depth + 1 == chain.len();
        match (parent.is_empty(), last) {
            // A declared parent must have been read, and nothing may follow the root.
            (false, true) | (true, false) => return Err(RuntimeProblem::Unbound),
            _ => expected_name = parent,
        }
    }
    Ok(out)
}

/// Merges the chain root first: a child's setting overrides its parent's.
pub(crate) fn merged_spec(chain: &[(Stamp, RuntimeSpec)]) -> Result<RuntimeSpec, RuntimeProblem> {
    let mut merged = RuntimeSpec::default();
    for (_, spec) in chain.iter().rev() {
        merged.engine_config = overlay(merged.engine_config.take(), spec.engine_config.as_ref());
        merged.decoder_config = overlay(merged.decoder_config.take(), spec.decoder_config.as_ref());
        merged.router_config = overlay(merged.router_config.take(), spec.router_config.as_ref());
        if spec.scaling_policy.is_some() {
            merged.scaling_policy = spec.scaling_policy.clone();
        }
        if spec.disabled.is_some() {
            merged.disabled = spec.disabled;
        }
    }
    Ok(merged)
}

fn overlay(base: Option<ComponentSpec>, top: Option<&ComponentSpec>) -> Option<ComponentSpec> {
    let Some(top) = top else {
        return base;
    };
    let Some(base) = base else {
        return Some(top.clone());
    };
    let mut annotations = base.annotations.clone().unwrap_or_default();
    annotations.extend(top.annotations.clone().unwrap_or_default());
    Some(ComponentSpec {
        min_replicas: top.min_replicas.or(base.min_replicas),
        max_replicas: top.max_replicas.or(base.max_replicas),
        autoscaler: top.autoscaler.clone().or(base.autoscaler),
        autoscaler_policy_ref: top
            .autoscaler_policy_ref
            .clone()
            .or(base.autoscaler_policy_ref),
        lifecycle: top.lifecycle.clone().or(base.lifecycle),
        annotations: (!annotations.is_empty()).then_some(annotations),
        labels: top.labels.clone().or(base.labels),
        leader: top.leader.clone().or(base.leader),
        worker: top.worker.clone().or(base.worker),
        accelerator_override: top
            .accelerator_override
            .clone()
            .or(base.accelerator_override),
    })
}

/// A pinned ControllerRevision in the OME namespace, as received: OME's controller wrote it for
/// exactly this runtime (evidence-strictness.md §2.3), and it is bound by name and namespace.
fn revision_config(
    body: &[u8],
    name: &str,
    target: &RuntimeTarget,
    scope: &RuntimeScope,
    ome_namespace: &str,
) -> Result<(Stamp, RuntimeSpec), RuntimeProblem> {
    let pin = pin::verify(
        body,
        PinTarget {
            name,
            ome_namespace,
            runtime: &target.name,
            kind: scope.kind.as_str(),
            runtime_namespace: &scope.namespace,
        },
    )
    // OME's controller did not write this revision for this runtime (the writer contract).
    .map_err(|_| RuntimeProblem::RevisionInconsistent)?;
    let mut stamp = stamp_of(&pin.object, "ControllerRevision", "apps/v1");
    stamp.generation = 0;
    if stamp.uid.is_empty()
        || stamp.resource_version.is_empty()
        || pin
            .object
            .pointer("/metadata/deletionTimestamp")
            .is_some_and(Value::is_string)
    {
        return Err(RuntimeProblem::Unbound);
    }
    let spec: RuntimeSpec =
        serde_json::from_value(pin.spec).map_err(|_| RuntimeProblem::Unbound)?;
    Ok((stamp, spec))
}

/// The model gate (evidence-strictness.md §2.1), part of `scale`'s native runtime check.
fn check_model(reads: &RuntimeReads, auto_sync: bool) -> Result<(), RuntimeProblem> {
    let Some(models) = &reads.model else {
        return Ok(());
    };
    let read = |r: &Result<Value, ApiError>| match r {
        Ok(model) => ModelRead::Found(model.clone()),
        Err(e) if e.is_not_found() => ModelRead::NotFound,
        Err(_) => ModelRead::Failed,
    };
    // The cause is the check line's (evidence-strictness.md §2.1).
    model::check(&read(&models.base), &read(&models.cluster), auto_sync).map_err(
        |cause| match cause {
            ModelCause::NotFound => RuntimeProblem::ModelNotFound,
            ModelCause::Disabled => RuntimeProblem::ModelDisabled,
            ModelCause::Incompatible => RuntimeProblem::ModelIncompatible,
        },
    )
}

/// The deployment mode of a component given the active configuration.
pub(crate) fn deployment_mode(
    isvc: &InferenceService,
    runtime: &RuntimeSpec,
    origin: Origin,
    c: Component,
) -> String {
    crate::evaluate::deployment_mode::resolve(isvc, runtime, origin.as_str(), c).mode
}

/// The declared components that run OMENative, in canonical order.
pub(crate) fn native_components(
    isvc: &InferenceService,
    runtime: &RuntimeSpec,
    origin: Origin,
) -> Vec<Component> {
    Component::ALL
        .into_iter()
        .filter(|c| isvc.spec.component(c.as_str()).is_some())
        .filter(|c| deployment_mode(isvc, runtime, origin, *c) == "OMENative")
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ome::reads::ModelReads;
    use serde_json::json;

    fn isvc(runtime: Value, pinned: Option<&str>) -> InferenceService {
        serde_json::from_value(json!({
            "metadata": {"name": "chat", "namespace": "prod"},
            "spec": {"runtime": runtime, "engine": {}},
            "status": {"pinnedRevisionName": pinned}
        }))
        .unwrap()
    }

    fn native_isvc(model: Option<&str>) -> InferenceService {
        serde_json::from_value(json!({
            "metadata": {"name": "chat", "namespace": "prod"},
            "spec": {"deploymentMode": "OMENative", "runtime": {"name": "srt"}, "engine": {},
                     "model": model.map(|name| json!({"name": name}))},
        }))
        .unwrap()
    }

    fn runtime_in(scope: &RuntimeScope) -> Value {
        json!({"apiVersion": "ome.io/v1beta1", "kind": scope.kind.as_str(),
               "metadata": {"name": "srt", "namespace": scope.namespace, "uid": "rt-uid",
                            "generation": 1, "resourceVersion": "5"},
               "spec": {"engineConfig": {}}})
    }

    fn reads(scope: RuntimeScope, model: Option<ModelReads>) -> RuntimeReads {
        RuntimeReads {
            chain: vec![ChainRead {
                read: Ok(runtime_in(&scope)),
                scope,
            }],
            chain_broken: false,
            requested_revision: None,
            reported_revision: None,
            model,
            snapshot: None,
        }
    }

    fn check_lines(isvc: &InferenceService, reads: &RuntimeReads) -> Vec<String> {
        let target = runtime_target(isvc).unwrap();
        let refusal = check_runtime(isvc, &target, reads, "ome").unwrap_err();
        assert_eq!(refusal.error, ScaleError::Runtime);
        refusal.check.map(|c| c.lines()).unwrap_or_default()
    }

    #[test]
    fn a_runtime_found_in_the_namespace_is_bound_with_its_real_kind() {
        let isvc = native_isvc(None);
        let target = runtime_target(&isvc).unwrap();
        let found = RuntimeScope::namespaced("prod");
        let active = resolve(&isvc, &target, &reads(found.clone(), None), "ome").unwrap();
        assert_eq!(active.scope, found);
        assert_eq!(active.stamps[0].kind, "ServingRuntime");
        assert_eq!(active.stamps[0].namespace, "prod");
        // Found in another namespace than the one looked in: not the runtime asked for.
        let elsewhere = reads(RuntimeScope::namespaced("other"), None);
        let mut wrong = elsewhere.clone();
        wrong.chain[0].scope = found;
        assert!(matches!(
            resolve(&isvc, &target, &wrong, "ome"),
            Err(RuntimeProblem::Unbound)
        ));
    }

    #[test]
    fn a_model_refusal_names_its_cause_and_the_runtime_its_real_kind() {
        let isvc = native_isvc(Some("llama"));
        let model = |spec: Value| ModelReads {
            base: Ok(json!({"metadata": {"name": "llama"}, "spec": spec})),
            cluster: Err(ApiError::TimedOut),
        };
        let missing = ModelReads {
            base: Err(ApiError::NotFound {
                named: true,
                message: String::new(),
            }),
            cluster: Err(ApiError::NotFound {
                named: true,
                message: String::new(),
            }),
        };
        let cases = [
            (missing, "ModelNotFound"),
            (
                model(json!({"disabled": true, "modelFormat": {"name": "safetensors"}})),
                "ModelDisabled",
            ),
            (
                model(json!({"modelFormat": {"name": ""}})),
                "ModelIncompatible",
            ),
        ];
        for (models, cause) in cases {
            let lines = check_lines(
                &isvc,
                &reads(RuntimeScope::namespaced("prod"), Some(models)),
            );
            assert_eq!(
                lines,
                [format!(
                    "scale check: native-runtime runtime=ServingRuntime/srt pin=AutoSync cause={cause}"
                )],
            );
        }
    }

    #[test]
    fn revision_names_are_checked_before_they_are_read() {
        let target = runtime_target(&isvc(
            json!({"name": "srt", "autoSync": false, "revision": "cr-srt-0a1b2c3d"}),
            Some("cr-srt-0a1b2c3d"),
        ))
        .unwrap();
        assert_eq!(
            target.requested_revision.as_deref(),
            Some("cr-srt-0a1b2c3d")
        );
        for bad in ["a?watch=1", "../x", &"a".repeat(254)] {
            let requested = json!({"name": "srt", "autoSync": false, "revision": bad});
            assert!(matches!(
                runtime_target(&isvc(requested, None)),
                Err(RuntimeProblem::Unbound)
            ));
            let reported = json!({"name": "srt", "autoSync": false});
            assert!(matches!(
                runtime_target(&isvc(reported, Some(bad))),
                Err(RuntimeProblem::Unbound)
            ));
        }
    }
}
