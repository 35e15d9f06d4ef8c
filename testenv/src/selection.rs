//! Runtime selection fixtures (runtime-selection.md §8): the cluster scope of
//! [`crate::shared_selection`] owned by one test at a time, candidate runtimes created in bulk,
//! and the catalogs of the budget tests.

// JSON documents are read and written by key (serde_json's `Value`: a missing key reads as
// `Null`, a write inserts); the lint cannot tell that indexing from a slice's.
#![allow(clippy::indexing_slicing)]

use anyhow::{Context, Result};
use futures::{StreamExt, TryStreamExt};
use kube::api::{Api, ApiResource, DeleteParams, DynamicObject, ListParams};
use serde_json::{Value, json};
use tokio::sync::{Mutex, MutexGuard};

use crate::TestCluster;
use crate::crds::{
    base_model_resource, cluster_base_model_resource, cluster_serving_runtime_resource,
    serving_runtime_resource,
};
use crate::objects::create;

static SCOPE: Mutex<()> = Mutex::const_new(());

/// The selection cluster with no ClusterServingRuntime and no ClusterBaseModel but the
/// holder's. Dropping it lets the next test in.
pub struct ClusterScope {
    cluster: &'static TestCluster,
    _held: MutexGuard<'static, ()>,
}

impl ClusterScope {
    /// The cluster.
    pub fn cluster(&self) -> &'static TestCluster {
        self.cluster
    }
}

/// Waits for the selection cluster's cluster scope, then empties it: whatever an earlier test
/// left (even one that failed half-way) is gone before this one starts.
pub async fn cluster_scope() -> Result<ClusterScope> {
    let held = SCOPE.lock().await;
    let cluster = crate::shared_selection()?;
    let admin = cluster.admin().await?;
    for resource in [
        cluster_serving_runtime_resource(),
        cluster_base_model_resource(),
    ] {
        let api: Api<DynamicObject> = Api::all_with(admin.clone(), &resource);
        api.delete_collection(&DeleteParams::default(), &ListParams::default())
            .await
            .with_context(|| format!("emptying {}", resource.plural))?;
    }
    Ok(ClusterScope {
        cluster,
        _held: held,
    })
}

/// A runtime to create: its name, spec and annotations.
#[derive(Clone, Debug)]
pub struct Runtime {
    /// The name.
    pub name: String,
    /// The whole spec.
    pub spec: Value,
    /// `ome.io/inherit-from`, when set.
    pub inherit_from: Option<String>,
}

impl Runtime {
    /// A runtime `name` with `spec`.
    pub fn new(name: &str, spec: Value) -> Runtime {
        Runtime {
            name: name.into(),
            spec,
            inherit_from: None,
        }
    }

    /// The same runtime, inheriting from `parent`.
    pub fn inherits(mut self, parent: &str) -> Runtime {
        self.inherit_from = Some(parent.into());
        self
    }

    fn manifest(&self) -> Value {
        let mut metadata = json!({"name": self.name});
        if let Some(parent) = &self.inherit_from {
            metadata["annotations"] = json!({"ome.io/inherit-from": parent});
        }
        json!({"metadata": metadata, "spec": self.spec})
    }
}

fn runtime_resource(ns: Option<&str>) -> ApiResource {
    match ns {
        Some(_) => serving_runtime_resource(),
        None => cluster_serving_runtime_resource(),
    }
}

/// Creates every runtime (ServingRuntimes in `ns`, or ClusterServingRuntimes for `None`),
/// 16 at a time.
pub async fn create_runtimes(
    client: &kube::Client,
    ns: Option<&str>,
    runtimes: &[Runtime],
) -> Result<()> {
    let resource = runtime_resource(ns);
    futures::stream::iter(runtimes.iter().map(|runtime| {
        let resource = resource.clone();
        async move {
            create(client, &resource, ns, runtime.manifest())
                .await
                .with_context(|| format!("creating runtime {}", runtime.name))
        }
    }))
    .buffer_unordered(16)
    .try_collect::<Vec<_>>()
    .await?;
    Ok(())
}

/// Creates a model `name` with `spec` as written (a BaseModel in `ns`, or a ClusterBaseModel).
pub async fn create_model(
    client: &kube::Client,
    ns: Option<&str>,
    name: &str,
    spec: Value,
) -> Result<Value> {
    let resource = match ns {
        Some(_) => base_model_resource(),
        None => cluster_base_model_resource(),
    };
    create(
        client,
        &resource,
        ns,
        json!({"metadata": {"name": name}, "spec": spec}),
    )
    .await
    .with_context(|| format!("creating model {name}"))
}

/// `n` ClusterServingRuntimes `catalog-0000`… that support an `onnx` model each (none of them
/// qualifies for the selection tests' `safetensors` models): a stand-in for OME's public
/// catalog of 205.
pub fn catalog(n: usize) -> Vec<Runtime> {
    (0..n)
        .map(|i| {
            Runtime::new(
                &format!("catalog-{i:04}"),
                json!({"supportedModelFormats": [{"modelFormat": {"name": "onnx"},
                                                  "autoSelect": true}]}),
            )
        })
        .collect()
}
