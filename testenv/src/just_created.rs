//! A service as OME has just created it from its minimal example (website.md §1): an
//! InferenceService that names only a model (`spec.model.name`, no `spec.runtime`: OME selects
//! the runtime), with an OMENative engine, read before the controller writes any status (no
//! conditions, no `observedGeneration`, no component, autoscaling, traffic or rollout status),
//! and the ClusterBaseModel it names. Nothing else: no InferenceReplica, Pod or runtime.

use anyhow::{Context, Result};
use serde_json::{Value, json};

use crate::crds::{cluster_base_model_resource, isvc_resource};
use crate::fixtures::{CHAT_MODEL, model_manifest};
use crate::objects::{create, create_if_absent};

/// The minimal InferenceService `name` (status not yet written).
pub fn just_created_manifest(name: &str) -> Value {
    json!({
        "metadata": {"name": name},
        "spec": {
            "model": {"name": CHAT_MODEL},
            "deploymentMode": "OMENative",
            "engine": {"minReplicas": 1, "maxReplicas": 1},
        },
    })
}

/// Creates the guide's ClusterBaseModel (if absent) and the just-created service `name` in
/// `ns`; returns the service as stored.
pub async fn create_just_created(client: &kube::Client, ns: &str, name: &str) -> Result<Value> {
    create_if_absent(
        client,
        &cluster_base_model_resource(),
        None,
        model_manifest(CHAT_MODEL),
    )
    .await
    .context("creating the base model")?;
    create(
        client,
        &isvc_resource(),
        Some(ns),
        just_created_manifest(name),
    )
    .await
    .context("creating the just-created InferenceService")
}
