//! The domain vocabulary every stage shares, below the pipeline: typed, read-only views of the
//! OME `ome.io/v1beta1` objects the plugin reads (api-contract.md), the components, names and
//! their validation, durations, the evidence a read produces, the binding check, the report
//! envelope and the typed requests. Every field is optional in the views: evaluation decides
//! what a missing field means. The raw JSON is kept beside each view where a check needs deep
//! equality. Imports nothing of this crate but [`crate::text`].

pub mod binding;
pub mod component;
pub mod duration;
pub mod evidence;
pub mod instances;
pub mod isvc;
pub mod keys;
pub mod names;
pub mod reads;
pub mod replica;
pub mod report;
pub mod request;
pub mod runtime;

pub use component::Component;

pub use instances::{
    DecodeError, DecodedInstances, InstanceEncoding, InstanceOperation, InstanceRow,
};
pub use isvc::InferenceService;
pub use replica::InferenceReplica;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::de::DeserializeOwned;
use serde_json::Value;

pub const API_VERSION: &str = "ome.io/v1beta1";

/// An object as read from the API: the raw JSON (for deep-equality checks) and its typed view.
#[derive(Debug, Clone)]
pub struct Fetched<T> {
    pub raw: Value,
    pub view: T,
}

impl<T: DeserializeOwned> Fetched<T> {
    /// Decodes the view; `None` when a field the view types has the wrong JSON type.
    pub fn from_raw(raw: Value) -> Option<Fetched<T>> {
        let view = serde_json::from_value(raw.clone()).ok()?;
        Some(Fetched { raw, view })
    }
}

/// A metav1.Condition or knative condition (the fields the plugin reads).
#[derive(Debug, Clone, Default, PartialEq, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Condition {
    #[serde(rename = "type", default)]
    pub type_: String,
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    pub reason: Option<String>,
    #[serde(default)]
    pub message: Option<String>,
    #[serde(default)]
    pub last_transition_time: Option<String>,
    #[serde(default)]
    pub observed_generation: Option<i64>,
    #[serde(default)]
    pub severity: Option<String>,
}

/// The metadata fields used from every object.
pub fn meta_name(meta: &ObjectMeta) -> &str {
    meta.name.as_deref().unwrap_or_default()
}

pub fn meta_namespace(meta: &ObjectMeta) -> &str {
    meta.namespace.as_deref().unwrap_or_default()
}

pub fn meta_uid(meta: &ObjectMeta) -> &str {
    meta.uid.as_deref().unwrap_or_default()
}

pub fn meta_resource_version(meta: &ObjectMeta) -> &str {
    meta.resource_version.as_deref().unwrap_or_default()
}

pub fn meta_annotation<'a>(meta: &'a ObjectMeta, key: &str) -> Option<&'a str> {
    meta.annotations
        .as_ref()
        .and_then(|a| a.get(key))
        .map(String::as_str)
}

pub fn meta_label<'a>(meta: &'a ObjectMeta, key: &str) -> Option<&'a str> {
    meta.labels
        .as_ref()
        .and_then(|a| a.get(key))
        .map(String::as_str)
}
