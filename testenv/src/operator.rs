//! What an OME installation has besides the CRDs the environment ships with: the operator's
//! `ome-controller-manager` Deployment (read by `admin doctor` and `version`) and the model
//! CRDs (`basemodels`, `clusterbasemodels`) that `admin doctor` counts as required APIs.
//!
//! No controller runs, so the Deployment's status is written through its `status`
//! subresource, as the Deployment controller would.

// JSON documents are read and written by key (serde_json's `Value`: a missing key reads as
// `Null`, a write inserts); the lint cannot tell that indexing from a slice's.
#![allow(clippy::indexing_slicing)]

use std::time::Duration;

use anyhow::{Context, Result};
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube::api::{Api, Patch, PatchParams, PostParams};
use serde_json::{Value, json};

use crate::wait::poll_until;

/// The name of the operator's Deployment.
pub const MANAGER_DEPLOYMENT: &str = "ome-controller-manager";
/// The image of the fixture's `manager` container.
pub const MANAGER_IMAGE: &str = "ghcr.io/ome-projects/ome-manager:v1.2.3";

/// The operator's Deployment: by default one `manager` container running [`MANAGER_IMAGE`]
/// beside a `kube-rbac-proxy` sidecar.
#[derive(Debug, Clone)]
pub struct ManagerDeployment {
    name: String,
    containers: Vec<(String, String)>,
}

impl Default for ManagerDeployment {
    fn default() -> Self {
        Self::new(MANAGER_IMAGE)
    }
}

impl ManagerDeployment {
    /// The manager with this image for its `manager` container.
    pub fn new(image: &str) -> Self {
        ManagerDeployment {
            name: MANAGER_DEPLOYMENT.into(),
            containers: vec![
                ("manager".into(), image.into()),
                (
                    "kube-rbac-proxy".into(),
                    "quay.io/brancz/kube-rbac-proxy:v0.18.0".into(),
                ),
            ],
        }
    }

    /// Replaces the containers (name, image) in order, e.g. none named `manager`, or two.
    pub fn containers(mut self, containers: &[(&str, &str)]) -> Self {
        self.containers = containers
            .iter()
            .map(|(n, i)| (n.to_string(), i.to_string()))
            .collect();
        self
    }

    /// Another Deployment name (the plugin must not read it).
    pub fn name(mut self, name: &str) -> Self {
        self.name = name.into();
        self
    }

    /// Creates the Deployment in `ns` with a Ready status. Returns it as stored.
    pub async fn create(&self, client: &kube::Client, ns: &str) -> Result<Value> {
        let labels = json!({"control-plane": "controller-manager",
                            "app.kubernetes.io/name": "ome"});
        let containers: Vec<Value> = self
            .containers
            .iter()
            .map(|(name, image)| json!({"name": name, "image": image}))
            .collect();
        let deployment: Deployment = serde_json::from_value(json!({
            "metadata": {"name": self.name, "namespace": ns, "labels": labels},
            "spec": {
                "replicas": 1,
                "selector": {"matchLabels": labels},
                "template": {"metadata": {"labels": labels},
                             "spec": {"containers": containers}},
            },
        }))
        .context("decoding Deployment")?;
        let api: Api<Deployment> = Api::namespaced(client.clone(), ns);
        api.create(&PostParams::default(), &deployment)
            .await
            .with_context(|| format!("creating Deployment {}", self.name))?;
        let status = json!({"status": {"observedGeneration": 1, "replicas": 1,
            "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1}});
        let stored = api
            .patch_status(&self.name, &PatchParams::default(), &Patch::Merge(status))
            .await
            .with_context(|| format!("writing Deployment {} status", self.name))?;
        serde_json::to_value(stored).context("encoding Deployment")
    }
}

fn model_crd(plural: &str, kind: &str, scope: &str) -> Value {
    json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": format!("{plural}.ome.io")},
        "spec": {
            "group": "ome.io",
            "scope": scope,
            "names": {"kind": kind, "listKind": format!("{kind}List"), "plural": plural,
                      "singular": kind.to_ascii_lowercase()},
            "versions": [{"name": "v1beta1", "served": true, "storage": true,
                "subresources": {"status": {}},
                "schema": {"openAPIV3Schema": {"type": "object",
                    "x-kubernetes-preserve-unknown-fields": true}}}],
        },
    })
}

/// Creates the `basemodels.ome.io` (Namespaced) and `clusterbasemodels.ome.io` (Cluster) CRDs
/// unless they exist (then nothing changes), and waits until discovery lists them.
pub async fn ensure_model_crds(client: &kube::Client) -> Result<()> {
    let api: Api<CustomResourceDefinition> = Api::all(client.clone());
    let crds = [
        ("basemodels", "BaseModel", "Namespaced"),
        ("clusterbasemodels", "ClusterBaseModel", "Cluster"),
    ];
    for (plural, kind, scope) in crds {
        let crd: CustomResourceDefinition =
            serde_json::from_value(model_crd(plural, kind, scope)).context("decoding CRD")?;
        match api.create(&PostParams::default(), &crd).await {
            Ok(_) => {}
            Err(kube::Error::Api(s)) if s.code == 409 => {}
            Err(e) => return Err(e).with_context(|| format!("creating CRD {plural}.ome.io")),
        }
    }
    poll_until(Duration::from_secs(60), Duration::from_millis(100), || {
        let client = client.clone();
        async move {
            let request = http::Request::get("/apis/ome.io/v1beta1").body(Vec::new())?;
            let list: Value = client.request(request).await?;
            let names: Vec<&str> = list["resources"]
                .as_array()
                .map(|r| r.iter().filter_map(|r| r["name"].as_str()).collect())
                .unwrap_or_default();
            let served = crds.iter().all(|(plural, _, _)| names.contains(plural));
            Ok(served.then_some(()))
        }
    })
    .await
    .context("waiting for the model CRDs in discovery")
}

/// Deletes a CRD by name and waits until discovery no longer lists its resource (for a
/// private cluster whose API is then really missing).
pub async fn remove_crd(
    client: &kube::Client,
    group: &str,
    version: &str,
    plural: &str,
) -> Result<()> {
    let api: Api<CustomResourceDefinition> = Api::all(client.clone());
    let name = format!("{plural}.{group}");
    api.delete(&name, &Default::default())
        .await
        .with_context(|| format!("deleting CRD {name}"))?;
    poll_until(Duration::from_secs(60), Duration::from_millis(100), || {
        let client = client.clone();
        let path = format!("/apis/{group}/{version}");
        let plural = plural.to_string();
        async move {
            let request = http::Request::get(path).body(Vec::new())?;
            let gone = match client.request::<Value>(request).await {
                Ok(list) => !list["resources"]
                    .as_array()
                    .is_some_and(|r| r.iter().any(|r| r["name"] == plural.as_str())),
                Err(_) => true,
            };
            Ok(gone.then_some(()))
        }
    })
    .await
    .with_context(|| format!("waiting for {name} to leave discovery"))
}
