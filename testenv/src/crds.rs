//! The CRDs installed in every test cluster (YAML in `testenv/crds/`), and the
//! [`kube::api::ApiResource`]s to address them.

use std::time::Duration;

use anyhow::{Context, Result};
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube::api::{Api, ApiResource, DynamicObject, ListParams, PostParams};

use crate::wait::poll_until;

/// The CRD manifests, by file name.
pub const CRD_YAML: [(&str, &str); 7] = [
    (
        "inferenceservices.ome.io",
        include_str!("../crds/inferenceservices.ome.io.yaml"),
    ),
    (
        "inferencereplicas.ome.io",
        include_str!("../crds/inferencereplicas.ome.io.yaml"),
    ),
    (
        "servingruntimes.ome.io",
        include_str!("../crds/servingruntimes.ome.io.yaml"),
    ),
    (
        "clusterservingruntimes.ome.io",
        include_str!("../crds/clusterservingruntimes.ome.io.yaml"),
    ),
    (
        "scaledobjects.keda.sh",
        include_str!("../crds/scaledobjects.keda.sh.yaml"),
    ),
    (
        "basemodels.ome.io",
        include_str!("../crds/basemodels.ome.io.yaml"),
    ),
    (
        "clusterbasemodels.ome.io",
        include_str!("../crds/clusterbasemodels.ome.io.yaml"),
    ),
];

fn resource(group: &str, version: &str, kind: &str, plural: &str) -> ApiResource {
    ApiResource {
        group: group.into(),
        version: version.into(),
        api_version: format!("{group}/{version}"),
        kind: kind.into(),
        plural: plural.into(),
    }
}

/// `ome.io/v1beta1` InferenceService.
pub fn isvc_resource() -> ApiResource {
    resource("ome.io", "v1beta1", "InferenceService", "inferenceservices")
}

/// `ome.io/v1beta1` InferenceReplica.
pub fn ir_resource() -> ApiResource {
    resource("ome.io", "v1beta1", "InferenceReplica", "inferencereplicas")
}

/// `ome.io/v1beta1` ServingRuntime (namespaced).
pub fn serving_runtime_resource() -> ApiResource {
    resource("ome.io", "v1beta1", "ServingRuntime", "servingruntimes")
}

/// `ome.io/v1beta1` ClusterServingRuntime (cluster-scoped).
pub fn cluster_serving_runtime_resource() -> ApiResource {
    resource(
        "ome.io",
        "v1beta1",
        "ClusterServingRuntime",
        "clusterservingruntimes",
    )
}

/// `ome.io/v1beta1` BaseModel (namespaced).
pub fn base_model_resource() -> ApiResource {
    resource("ome.io", "v1beta1", "BaseModel", "basemodels")
}

/// `ome.io/v1beta1` ClusterBaseModel (cluster-scoped).
pub fn cluster_base_model_resource() -> ApiResource {
    resource("ome.io", "v1beta1", "ClusterBaseModel", "clusterbasemodels")
}

/// `keda.sh/v1alpha1` ScaledObject.
pub fn scaled_object_resource() -> ApiResource {
    resource("keda.sh", "v1alpha1", "ScaledObject", "scaledobjects")
}

/// Parses the bundled CRD manifests.
pub fn crds() -> Result<Vec<CustomResourceDefinition>> {
    CRD_YAML
        .iter()
        .map(|(name, text)| {
            let value: serde_json::Value =
                serde_saphyr::from_str(text).with_context(|| format!("parsing CRD {name}"))?;
            serde_json::from_value(value).with_context(|| format!("decoding CRD {name}"))
        })
        .collect()
}

/// Creates the CRDs, waits until each is `Established`, then until each resource serves lists.
pub async fn install(client: &kube::Client) -> Result<()> {
    let api: Api<CustomResourceDefinition> = Api::all(client.clone());
    for crd in crds()? {
        let name = crd.metadata.name.clone().unwrap_or_default();
        match api.create(&PostParams::default(), &crd).await {
            Ok(_) => {}
            Err(kube::Error::Api(s)) if s.code == 409 => {}
            Err(e) => return Err(e).with_context(|| format!("creating CRD {name}")),
        }
    }
    for (name, _) in CRD_YAML {
        poll_until(Duration::from_secs(60), Duration::from_millis(100), || {
            let api = api.clone();
            async move {
                let crd = api.get(name).await?;
                let established = crd
                    .status
                    .and_then(|s| s.conditions)
                    .unwrap_or_default()
                    .iter()
                    .any(|c| c.type_ == "Established" && c.status == "True");
                Ok(established.then_some(()))
            }
        })
        .await
        .with_context(|| format!("waiting for CRD {name} to be Established"))?;
    }
    let resources = [
        isvc_resource(),
        ir_resource(),
        serving_runtime_resource(),
        cluster_serving_runtime_resource(),
        scaled_object_resource(),
        base_model_resource(),
        cluster_base_model_resource(),
    ];
    for ar in resources {
        let api: Api<DynamicObject> = Api::all_with(client.clone(), &ar);
        poll_until(Duration::from_secs(60), Duration::from_millis(100), || {
            let api = api.clone();
            async move {
                Ok(api
                    .list(&ListParams::default().limit(1))
                    .await
                    .ok()
                    .map(|_| ()))
            }
        })
        .await
        .with_context(|| format!("waiting for {} to be served", ar.plural))?;
    }
    Ok(())
}
