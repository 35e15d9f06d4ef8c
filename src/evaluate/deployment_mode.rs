//! The deployment mode of a component (api-contract §3.1, diagnose.md §1.4): who decides it and
//! from which source. The InferenceService decides alone when it carries the virtual service
//! annotation or a valid component annotation; otherwise the active runtime's component
//! annotation, then `spec.deploymentMode`, then a leader/worker shape, else RawDeployment.

use crate::ome::Component;
use crate::ome::InferenceService;
use crate::ome::isvc::ComponentSpec;
use crate::ome::keys::ANNOTATION_DEPLOYMENT_MODE;
use crate::ome::runtime::RuntimeSpec;

pub(crate) const OME_NATIVE: &str = "OMENative";
pub(crate) const RAW_DEPLOYMENT: &str = "RawDeployment";
pub(crate) const VIRTUAL_DEPLOYMENT: &str = "VirtualDeployment";
pub(crate) const MULTI_NODE: &str = "MultiNode";

/// The values a component annotation may take.
const MODES: [&str; 4] = [RAW_DEPLOYMENT, OME_NATIVE, MULTI_NODE, VIRTUAL_DEPLOYMENT];

/// A resolved mode with its source and origin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Resolution {
    pub(crate) mode: String,
    /// `ServiceAnnotation`, `ComponentAnnotation`, `ServiceSpec`, `LeaderWorkerShape` or
    /// `Default`.
    pub(crate) source: &'static str,
    /// `InferenceService`, `LiveRuntime` or `ControllerRevision`.
    pub(crate) origin: &'static str,
}

/// The mode `text` names, when it is exactly one of the four.
pub(crate) fn valid_mode(text: &str) -> Option<&'static str> {
    MODES.into_iter().find(|m| *m == text)
}

fn annotation(spec: Option<&ComponentSpec>) -> Option<&str> {
    spec.and_then(|s| s.annotations.as_ref())
        .and_then(|a| a.get(ANNOTATION_DEPLOYMENT_MODE))
        .map(String::as_str)
        .filter(|m| MODES.contains(m))
}

/// True when the service carries `ome.io/deploymentMode: VirtualDeployment`.
pub(crate) fn is_virtual(isvc: &InferenceService) -> bool {
    crate::ome::meta_annotation(&isvc.metadata, ANNOTATION_DEPLOYMENT_MODE)
        == Some(VIRTUAL_DEPLOYMENT)
}

/// The mode when the InferenceService alone decides it, before any runtime read.
pub(crate) fn decided_by_service(isvc: &InferenceService, c: Component) -> Option<Resolution> {
    let decided = |mode: &str, source| Resolution {
        mode: mode.to_string(),
        source,
        origin: "InferenceService",
    };
    if is_virtual(isvc) {
        return Some(decided(VIRTUAL_DEPLOYMENT, "ServiceAnnotation"));
    }
    annotation(isvc.spec.component(c.as_str())).map(|mode| decided(mode, "ComponentAnnotation"))
}

/// The mode given the active runtime configuration (`origin`: `LiveRuntime` or
/// `ControllerRevision`).
pub(crate) fn resolve(
    isvc: &InferenceService,
    runtime: &RuntimeSpec,
    origin: &'static str,
    c: Component,
) -> Resolution {
    if let Some(decided) = decided_by_service(isvc, c) {
        return decided;
    }
    let from_runtime = |mode: &str, source| Resolution {
        mode: mode.to_string(),
        source,
        origin,
    };
    if let Some(mode) = annotation(runtime.component(c.as_str())) {
        return from_runtime(mode, "ComponentAnnotation");
    }
    if let Some(mode) = isvc
        .spec
        .deployment_mode
        .as_deref()
        .filter(|m| !m.is_empty())
    {
        return from_runtime(mode, "ServiceSpec");
    }
    let own = isvc.spec.component(c.as_str());
    let multi_node = own.is_some_and(|s| s.leader.is_some() || s.worker.is_some());
    if multi_node && c != Component::Router {
        return from_runtime(OME_NATIVE, "LeaderWorkerShape");
    }
    from_runtime(RAW_DEPLOYMENT, "Default")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn isvc(v: Value) -> InferenceService {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn who_decides() {
        let runtime = RuntimeSpec::default();
        let virtual_ = isvc(json!({"metadata": {"annotations": {
            "ome.io/deploymentMode": "VirtualDeployment"}}, "spec": {"engine": {}}}));
        assert_eq!(
            decided_by_service(&virtual_, Component::Engine)
                .unwrap()
                .source,
            "ServiceAnnotation"
        );
        let raw_engine = isvc(json!({"spec": {"deploymentMode": "OMENative", "engine": {
            "annotations": {"ome.io/deploymentMode": "RawDeployment"}}}}));
        let r = resolve(&raw_engine, &runtime, "LiveRuntime", Component::Engine);
        assert_eq!(
            (r.mode.as_str(), r.source, r.origin),
            ("RawDeployment", "ComponentAnnotation", "InferenceService")
        );
        // The service annotation decides only for virtual services.
        let service_raw = isvc(json!({"metadata": {"annotations": {
            "ome.io/deploymentMode": "RawDeployment"}}, "spec": {"deploymentMode": "OMENative"}}));
        assert!(decided_by_service(&service_raw, Component::Engine).is_none());
        let r = resolve(&service_raw, &runtime, "LiveRuntime", Component::Engine);
        assert_eq!((r.mode.as_str(), r.source), ("OMENative", "ServiceSpec"));
        let shaped = isvc(json!({"spec": {"engine": {"leader": {}}, "router": {"leader": {}}}}));
        let r = resolve(&shaped, &runtime, "ControllerRevision", Component::Engine);
        assert_eq!(
            (r.mode.as_str(), r.source),
            ("OMENative", "LeaderWorkerShape")
        );
        let r = resolve(&shaped, &runtime, "ControllerRevision", Component::Router);
        assert_eq!((r.mode.as_str(), r.source), ("RawDeployment", "Default"));
        // An unknown annotation value decides nothing.
        let odd =
            isvc(json!({"spec": {"engine": {"annotations": {"ome.io/deploymentMode": "Fast"}}}}));
        assert!(decided_by_service(&odd, Component::Engine).is_none());
    }
}
