//! The APIs `admin doctor` looks for (diagnose.md §4.4): 9 required and 17 optional resources
//! in 7 group versions, and how one discovery document decides their availability.

use super::report::{Api, Availability};
use crate::ome::evidence::ApiError;
use serde_json::Value;

/// The discovery documents, in the order they are read.
pub(crate) const GROUP_VERSIONS: [&str; 7] = [
    "v1",
    "apps/v1",
    "ome.io/v1beta1",
    "autoscaling/v2",
    "keda.sh/v1alpha1",
    "gateway.networking.k8s.io/v1",
    "kueue.x-k8s.io/v1beta1",
];

/// More resources than this in one document are not inspected.
pub(crate) const MAX_RESOURCES: usize = 256;

/// One API the doctor looks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Entry {
    pub(crate) group_version: &'static str,
    pub(crate) resource: &'static str,
    pub(crate) kind: &'static str,
    pub(crate) namespaced: bool,
    pub(crate) required: bool,
}

const fn entry(
    group_version: &'static str,
    resource: &'static str,
    kind: &'static str,
    namespaced: bool,
    required: bool,
) -> Entry {
    Entry {
        group_version,
        resource,
        kind,
        namespaced,
        required,
    }
}

/// Every API, in id order (`<groupVersion>/<resource>`). The scopes of the OME kinds other than
/// the four in api-contract §1 follow OME's CRDs as far as they are known (Unconfirmed).
pub(crate) const CATALOGUE: [Entry; 26] = [
    entry(
        "apps/v1",
        "controllerrevisions",
        "ControllerRevision",
        true,
        false,
    ),
    entry("apps/v1", "deployments", "Deployment", true, true),
    entry(
        "autoscaling/v2",
        "horizontalpodautoscalers",
        "HorizontalPodAutoscaler",
        true,
        false,
    ),
    entry(
        "gateway.networking.k8s.io/v1",
        "gatewayclasses",
        "GatewayClass",
        false,
        false,
    ),
    entry(
        "gateway.networking.k8s.io/v1",
        "gateways",
        "Gateway",
        true,
        false,
    ),
    entry(
        "gateway.networking.k8s.io/v1",
        "httproutes",
        "HTTPRoute",
        true,
        false,
    ),
    entry(
        "keda.sh/v1alpha1",
        "scaledobjects",
        "ScaledObject",
        true,
        false,
    ),
    entry(
        "kueue.x-k8s.io/v1beta1",
        "clusterqueues",
        "ClusterQueue",
        false,
        false,
    ),
    entry(
        "kueue.x-k8s.io/v1beta1",
        "localqueues",
        "LocalQueue",
        true,
        false,
    ),
    entry(
        "kueue.x-k8s.io/v1beta1",
        "workloads",
        "Workload",
        true,
        false,
    ),
    entry(
        "ome.io/v1beta1",
        "acceleratorclasses",
        "AcceleratorClass",
        false,
        false,
    ),
    entry(
        "ome.io/v1beta1",
        "acceleratorquotas",
        "AcceleratorQuota",
        true,
        false,
    ),
    entry(
        "ome.io/v1beta1",
        "autoscalerpolicies",
        "AutoscalerPolicy",
        true,
        false,
    ),
    entry("ome.io/v1beta1", "basemodels", "BaseModel", true, true),
    entry(
        "ome.io/v1beta1",
        "benchmarkjobs",
        "BenchmarkJob",
        true,
        false,
    ),
    entry(
        "ome.io/v1beta1",
        "clusterbasemodels",
        "ClusterBaseModel",
        false,
        true,
    ),
    entry(
        "ome.io/v1beta1",
        "clusterservingruntimes",
        "ClusterServingRuntime",
        false,
        true,
    ),
    entry(
        "ome.io/v1beta1",
        "finetunedweights",
        "FineTunedWeight",
        false,
        false,
    ),
    entry(
        "ome.io/v1beta1",
        "inferencereplicas",
        "InferenceReplica",
        true,
        false,
    ),
    entry(
        "ome.io/v1beta1",
        "inferenceservices",
        "InferenceService",
        true,
        true,
    ),
    entry(
        "ome.io/v1beta1",
        "servingruntimes",
        "ServingRuntime",
        true,
        true,
    ),
    entry("ome.io/v1beta1", "trafficmaps", "TrafficMap", true, false),
    entry(
        "ome.io/v1beta1",
        "workloadclusters",
        "WorkloadCluster",
        false,
        false,
    ),
    entry("v1", "configmaps", "ConfigMap", true, true),
    entry("v1", "events", "Event", true, true),
    entry("v1", "pods", "Pod", true, true),
];

/// The discovery path of a group version.
pub(crate) fn discovery_path(group_version: &str) -> String {
    if group_version == "v1" {
        "/api/v1".to_string()
    } else {
        format!("/apis/{group_version}")
    }
}

/// Why a read failed, in the doctor's words.
pub(crate) fn failure_reason(error: &ApiError) -> &'static str {
    match error {
        ApiError::NotFound { .. } => "NotFound",
        ApiError::Forbidden { .. } => "Forbidden",
        ApiError::Unauthorized { .. } => "Unauthorized",
        ApiError::TimedOut => "Timeout",
        ApiError::Status { code: 429, .. } => "Throttled",
        ApiError::Status { code, .. } if *code >= 500 => "ServerError",
        ApiError::TooLarge => "Truncated",
        ApiError::Malformed => "MalformedPayload",
        _ => "Unreadable",
    }
}

/// The availability of every catalogue entry of `group_version`, from its discovery read.
/// Returns the entries and whether the document exceeded the scan limit.
pub(crate) fn project(group_version: &str, read: &Result<Value, ApiError>) -> (Vec<Api>, bool) {
    let entries = CATALOGUE
        .iter()
        .filter(|e| e.group_version == group_version);
    let doc = match read {
        Err(ApiError::NotFound { .. }) => {
            return (
                entries
                    .map(|e| Api::new(e, Availability::NotDiscoverableAtVersion, Some("NotFound")))
                    .collect(),
                false,
            );
        }
        Err(error) => {
            let reason = failure_reason(error);
            let truncated = reason == "Truncated";
            return (
                entries
                    .map(|e| Api::new(e, Availability::Unavailable, Some(reason)))
                    .collect(),
                truncated,
            );
        }
        Ok(doc) => doc,
    };
    let resources = doc.get("resources").and_then(Value::as_array);
    let malformed = doc.get("groupVersion").and_then(Value::as_str) != Some(group_version)
        || resources.is_none();
    let resources = resources.map_or(&[][..], Vec::as_slice);
    if malformed {
        return (
            entries
                .map(|e| Api::new(e, Availability::Unavailable, Some("MalformedPayload")))
                .collect(),
            false,
        );
    }
    if resources.len() > MAX_RESOURCES {
        return (
            entries
                .map(|e| Api::new(e, Availability::Unavailable, Some("Truncated")))
                .collect(),
            true,
        );
    }
    let apis = entries
        .map(|e| {
            let named: Vec<&Value> = resources
                .iter()
                .filter(|r| r.get("name").and_then(Value::as_str) == Some(e.resource))
                .collect();
            match named.as_slice() {
                [] => Api::new(e, Availability::NotDiscoverableAtVersion, None),
                [one]
                    if one.get("kind").and_then(Value::as_str) == Some(e.kind)
                        && one.get("namespaced").and_then(Value::as_bool) == Some(e.namespaced) =>
                {
                    Api::new(e, Availability::Available, None)
                }
                _ => Api::new(e, Availability::Unavailable, Some("MalformedPayload")),
            }
        })
        .collect();
    (apis, false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_catalogue_is_sorted_and_complete() {
        let ids: Vec<String> = CATALOGUE
            .iter()
            .map(|e| format!("{}/{}", e.group_version, e.resource))
            .collect();
        let mut sorted = ids.clone();
        sorted.sort();
        assert_eq!(ids, sorted);
        assert_eq!(CATALOGUE.iter().filter(|e| e.required).count(), 9);
        assert!(
            CATALOGUE
                .iter()
                .all(|e| GROUP_VERSIONS.contains(&e.group_version))
        );
    }

    #[test]
    fn one_document_decides_its_entries() {
        let doc = json!({"kind": "APIResourceList", "groupVersion": "apps/v1", "resources": [
            {"name": "deployments", "kind": "Deployment", "namespaced": true},
            {"name": "deployments/scale", "kind": "Scale", "namespaced": true},
            {"name": "controllerrevisions", "kind": "Wrong", "namespaced": true}]});
        let (apis, truncated) = project("apps/v1", &Ok(doc));
        assert!(!truncated);
        assert_eq!(apis[0].availability, Availability::Unavailable);
        assert_eq!(apis[0].reason, Some("MalformedPayload"));
        assert_eq!(apis[1].availability, Availability::Available);
        let (apis, _) = project(
            "kueue.x-k8s.io/v1beta1",
            &Err(ApiError::NotFound {
                named: false,
                message: String::new(),
            }),
        );
        assert!(
            apis.iter()
                .all(|a| a.availability == Availability::NotDiscoverableAtVersion)
        );
        let (apis, _) = project(
            "v1",
            &Err(ApiError::Forbidden {
                message: String::new(),
            }),
        );
        assert!(apis.iter().all(|a| a.reason == Some("Forbidden")));
        let wrong = json!({"groupVersion": "v2", "resources": []});
        let (apis, _) = project("v1", &Ok(wrong));
        assert!(apis.iter().all(|a| a.reason == Some("MalformedPayload")));
    }
}
