//! BaseModel and ClusterBaseModel stand-ins: the model a service names can be disabled, made
//! sharded or left without a format, one field at a time (evidence-strictness.md §2.1).

// JSON documents are read and written by key (serde_json's `Value`: a missing key reads as
// `Null`, a write inserts); the lint cannot tell that indexing from a slice's.
#![allow(clippy::indexing_slicing)]

use anyhow::Result;
use serde_json::Value;

use crate::Controller;
use crate::crds::{base_model_resource, cluster_base_model_resource};
use crate::fixtures::model_manifest;
use crate::objects::{create, merge_patch};

impl Controller {
    /// Merge patch on the BaseModel `name` in `ns`, or on the ClusterBaseModel `name` when `ns`
    /// is `None` (never on the guide's shared `llama-3-2-1b-instruct`).
    pub async fn patch_model(&self, ns: Option<&str>, name: &str, patch: Value) -> Result<Value> {
        let resource = match ns {
            Some(_) => base_model_resource(),
            None => cluster_base_model_resource(),
        };
        merge_patch(self.client(), &resource, ns, name, patch).await
    }

    /// Creates a model like the guide's under `name` (a BaseModel in `ns`, or a ClusterBaseModel
    /// when `ns` is `None`), with `spec` merged over the guide's spec.
    pub async fn create_model(&self, ns: Option<&str>, name: &str, spec: Value) -> Result<Value> {
        let mut manifest = model_manifest(name);
        if let (Some(base), Some(extra)) = (manifest["spec"].as_object_mut(), spec.as_object()) {
            for (key, value) in extra {
                base.insert(key.clone(), value.clone());
            }
        }
        let resource = match ns {
            Some(_) => base_model_resource(),
            None => cluster_base_model_resource(),
        };
        create(self.client(), &resource, ns, manifest).await
    }
}
