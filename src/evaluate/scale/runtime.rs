//! Runtime resolution and the native runtime check (scale.md §2.3 steps 6–7): which runtime the
//! service names, which configuration is active (the live runtime chain, or a pinned
//! ControllerRevision), and which components run OMENative.

use super::model::{self, ModelRead};
use super::pin::{self, PinTarget};
use crate::errors::ScaleError;
use crate::ome::Component;
use crate::ome::evidence::ApiError;
use crate::ome::isvc::ComponentSpec;
use crate::ome::names::is_dns1123_subdomain;
use crate::ome::reads::{MAX_CHAIN, RuntimeKind, RuntimeReads, RuntimeTarget, Stamp};
use crate::ome::runtime::RuntimeSpec;
use crate::ome::{InferenceService, keys, raw_annotation};
use serde_json::Value;
use std::collections::BTreeMap;

/// Where the active configuration comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Origin {
    LiveRuntime,
    ControllerRevision,
}

/// The verified active runtime configuration.
#[derive(Debug, Clone)]
pub(crate) struct ActiveRuntime {
    pub(crate) origin: Origin,
    /// The effective runtime spec (the chain merged, root first, or the revision's copy).
    pub(crate) spec: RuntimeSpec,
    /// The source stamps after the ISVC: the chain root first, or the ControllerRevision.
    pub(crate) stamps: Vec<Stamp>,
    /// The components that run OMENative, in canonical order.
    pub(crate) native: Vec<Component>,
}

/// §2.3 step 6: the runtime named by the ISVC. An automatically selected runtime (no name) is
/// refused (difference e), as is a kind or group that is not OME's.
pub(crate) fn runtime_target(isvc: &InferenceService) -> Result<RuntimeTarget, ScaleError> {
    let runtime = isvc.spec.runtime.clone().unwrap_or_default();
    let name = runtime.name.unwrap_or_default();
    if name.is_empty() || !is_dns1123_subdomain(&name) {
        return Err(ScaleError::Runtime);
    }
    // An explicit empty kind or group is not "unset" (evidence-strictness.md §2.7).
    let kind = match runtime.kind.as_deref() {
        None | Some("ClusterServingRuntime") => RuntimeKind::Cluster,
        Some("ServingRuntime") => RuntimeKind::Namespaced,
        Some(_) => return Err(ScaleError::Runtime),
    };
    if runtime.api_group.as_deref().is_some_and(|g| g != "ome.io") {
        return Err(ScaleError::Runtime);
    }
    // Unconfirmed shapes, refused (§2.7): a virtual deployment and a service without engine.
    if crate::ome::meta_annotation(&isvc.metadata, keys::ANNOTATION_DEPLOYMENT_MODE)
        == Some("VirtualDeployment")
        || isvc.spec.engine.is_none()
    {
        return Err(ScaleError::Runtime);
    }
    // The model name becomes a request path: it must be a DNS-1123 subdomain.
    let model = isvc
        .spec
        .model
        .as_ref()
        .and_then(|m| m.name.clone())
        .filter(|n| !n.is_empty());
    if model.as_deref().is_some_and(|m| !is_dns1123_subdomain(m)) {
        return Err(ScaleError::Runtime);
    }
    let namespace = match kind {
        RuntimeKind::Cluster => String::new(),
        RuntimeKind::Namespaced => isvc.metadata.namespace.clone().unwrap_or_default(),
    };
    // A revision name becomes a request path in stage 2: anything but a valid name is refused
    // before it is read.
    let revision = |v: Option<String>| match v.filter(|s| !s.is_empty()) {
        Some(name) if !is_dns1123_subdomain(&name) => Err(ScaleError::Runtime),
        other => Ok(other),
    };
    Ok(RuntimeTarget {
        kind,
        name,
        namespace,
        auto_sync: runtime.auto_sync.unwrap_or(true),
        requested_revision: revision(runtime.revision)?,
        reported_revision: revision(isvc.status.pinned_revision_name.clone())?,
        model,
        service_namespace: isvc.metadata.namespace.clone().unwrap_or_default(),
    })
}

fn failed_read(err: &ApiError) -> ScaleError {
    match err {
        ApiError::TimedOut => ScaleError::DeadlineExceeded,
        _ => ScaleError::Runtime,
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

/// §2.3 step 7: the native runtime check. Any failure is `ErrRuntime`.
pub(crate) fn check_runtime(
    isvc: &InferenceService,
    target: &RuntimeTarget,
    reads: &RuntimeReads,
    ome_namespace: &str,
) -> Result<ActiveRuntime, ScaleError> {
    let live = live_chain(target, reads)?;
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
                        return Err(ScaleError::Runtime);
                    }
                    (name, reads.requested_revision.as_ref())
                }
                None => match &target.reported_revision {
                    Some(name) => (name, reads.reported_revision.as_ref()),
                    None => return Err(ScaleError::Runtime),
                },
            };
            let body = match read {
                Some(Ok(body)) => body,
                Some(Err(e)) => return Err(failed_read(e)),
                None => return Err(ScaleError::Runtime),
            };
            let (stamp, spec) = revision_config(body, name, target, ome_namespace)?;
            (Origin::ControllerRevision, spec, vec![stamp])
        }
    };
    if spec.disabled == Some(true) {
        return Err(ScaleError::Runtime);
    }
    let native = native_components(isvc, &spec)?;
    check_model(reads, target.auto_sync)?;
    Ok(ActiveRuntime {
        origin,
        spec,
        stamps,
        native,
    })
}

/// The live runtime and its declared parents, each bound (kind, name, namespace, UID,
/// resourceVersion, generation > 0). Child first.
fn live_chain(
    target: &RuntimeTarget,
    reads: &RuntimeReads,
) -> Result<Vec<(Stamp, RuntimeSpec)>, ScaleError> {
    if reads.chain_broken || reads.chain.is_empty() || reads.chain.len() > MAX_CHAIN {
        return Err(ScaleError::Runtime);
    }
    let mut out = Vec::new();
    let mut expected_name = target.name.clone();
    for (depth, read) in reads.chain.iter().enumerate() {
        let raw = read.as_ref().map_err(failed_read)?;
        let stamp = stamp_of(raw, target.kind.as_str(), crate::ome::API_VERSION);
        let kind_ok = raw["kind"]
            .as_str()
            .is_none_or(|k| k.is_empty() || k == target.kind.as_str());
        if !kind_ok
            || stamp.name != expected_name
            || stamp.namespace != target.namespace
            || stamp.uid.is_empty()
            || stamp.resource_version.is_empty()
            || stamp.generation <= 0
            || raw
                .pointer("/metadata/deletionTimestamp")
                .is_some_and(Value::is_string)
        {
            return Err(ScaleError::Runtime);
        }
        let spec: RuntimeSpec =
            serde_json::from_value(raw.get("spec").cloned().unwrap_or(Value::Null))
                .map_err(|_| ScaleError::Runtime)?;
        let parent = raw_annotation(raw, keys::ANNOTATION_INHERIT_FROM)
            .unwrap_or_default()
            .to_string();
        out.push((stamp, spec));
        let last = depth + 1 == reads.chain.len();
        match (parent.is_empty(), last) {
            // A declared parent must have been read, and nothing may follow the root.
            (false, true) | (true, false) => return Err(ScaleError::Runtime),
            _ => expected_name = parent,
        }
    }
    Ok(out)
}

/// Merges the chain root first: a child's setting overrides its parent's.
fn merged_spec(chain: &[(Stamp, RuntimeSpec)]) -> Result<RuntimeSpec, ScaleError> {
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
    })
}

/// A pinned ControllerRevision in the OME namespace, as received: OME's controller wrote it for
/// exactly this runtime (evidence-strictness.md §2.3), and it is bound by name and namespace.
fn revision_config(
    body: &[u8],
    name: &str,
    target: &RuntimeTarget,
    ome_namespace: &str,
) -> Result<(Stamp, RuntimeSpec), ScaleError> {
    let pin = pin::verify(
        body,
        PinTarget {
            name,
            ome_namespace,
            runtime: &target.name,
            kind: target.kind.as_str(),
            runtime_namespace: &target.namespace,
        },
    )
    .map_err(|_| ScaleError::Runtime)?;
    let mut stamp = stamp_of(&pin.object, "ControllerRevision", "apps/v1");
    stamp.generation = 0;
    if stamp.uid.is_empty()
        || stamp.resource_version.is_empty()
        || pin
            .object
            .pointer("/metadata/deletionTimestamp")
            .is_some_and(Value::is_string)
    {
        return Err(ScaleError::Runtime);
    }
    let spec: RuntimeSpec = serde_json::from_value(pin.spec).map_err(|_| ScaleError::Runtime)?;
    Ok((stamp, spec))
}

/// The model gate (evidence-strictness.md §2.1), part of the native runtime check.
fn check_model(reads: &RuntimeReads, auto_sync: bool) -> Result<(), ScaleError> {
    let Some(models) = &reads.model else {
        return Ok(());
    };
    let read = |r: &Result<Value, ApiError>| match r {
        Ok(model) => ModelRead::Found(model.clone()),
        Err(e) if e.is_not_found() => ModelRead::NotFound,
        Err(_) => ModelRead::Failed,
    };
    model::check(&read(&models.base), &read(&models.cluster), auto_sync)
        .map_err(|_| ScaleError::Runtime)
}

/// The deployment mode of a component: its own annotation, then the runtime's component
/// annotation, then `spec.deploymentMode`, then a leader/worker shape, else RawDeployment.
pub(crate) fn deployment_mode(
    isvc: &InferenceService,
    runtime: &RuntimeSpec,
    c: Component,
) -> String {
    let own = isvc.spec.component(c.as_str());
    let annotation = |spec: Option<&ComponentSpec>| {
        spec.and_then(|s| s.annotations.as_ref())
            .and_then(|a| a.get(keys::ANNOTATION_DEPLOYMENT_MODE))
            .filter(|v| !v.is_empty())
            .cloned()
    };
    if let Some(mode) = annotation(own).or_else(|| annotation(runtime.component(c.as_str()))) {
        return mode;
    }
    if let Some(mode) = isvc.spec.deployment_mode.clone().filter(|m| !m.is_empty()) {
        return mode;
    }
    let multi_node = own.is_some_and(|s| s.leader.is_some() || s.worker.is_some());
    if multi_node && c != Component::Router {
        return "OMENative".to_string();
    }
    "RawDeployment".to_string()
}

fn native_components(
    isvc: &InferenceService,
    runtime: &RuntimeSpec,
) -> Result<Vec<Component>, ScaleError> {
    let active: Vec<Component> = Component::ALL
        .into_iter()
        .filter(|c| isvc.spec.component(c.as_str()).is_some())
        .collect();
    let modes: BTreeMap<Component, String> = active
        .iter()
        .map(|c| (*c, deployment_mode(isvc, runtime, *c)))
        .collect();
    let native: Vec<Component> = modes
        .iter()
        .filter(|(_, m)| m.as_str() == "OMENative")
        .map(|(c, _)| *c)
        .collect();
    if active.is_empty() || native.is_empty() {
        return Err(ScaleError::Runtime);
    }
    Ok(native)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn isvc(runtime: Value, pinned: Option<&str>) -> InferenceService {
        serde_json::from_value(json!({
            "metadata": {"name": "chat", "namespace": "prod"},
            "spec": {"runtime": runtime, "engine": {}},
            "status": {"pinnedRevisionName": pinned}
        }))
        .unwrap()
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
                Err(ScaleError::Runtime)
            ));
            let reported = json!({"name": "srt", "autoSync": false});
            assert!(matches!(
                runtime_target(&isvc(reported, Some(bad))),
                Err(ScaleError::Runtime)
            ));
        }
    }
}
