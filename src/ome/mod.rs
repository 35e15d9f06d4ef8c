//! The domain vocabulary every stage shares, below the pipeline: typed, read-only views of the
//! OME `ome.io/v1beta1` objects the plugin reads (api-contract.md), the components, names and
//! their validation, durations, the evidence a read produces, the binding check, the report
//! envelope and the typed requests. Every field is optional in the views: evaluation decides
//! what a missing field means. The raw JSON is kept beside each view where a check needs deep
//! equality. Imports nothing of this crate but [`crate::text`].

pub(crate) mod binding;
pub(crate) mod component;
pub(crate) mod duration;
pub(crate) mod evidence;
pub(crate) mod instances;
pub(crate) mod isvc;
pub(crate) mod keys;
pub(crate) mod listing;
pub(crate) mod manager;
pub(crate) mod names;
pub(crate) mod pause;
#[cfg(test)]
mod proptests;
pub(crate) mod reads;
pub(crate) mod replica;
pub(crate) mod report;
pub(crate) mod request;
pub(crate) mod rollout_digest;
pub(crate) mod runtime;
pub(crate) mod selection;

pub(crate) use component::Component;

pub(crate) use instances::{InstanceEncoding, InstanceRow};
pub(crate) use isvc::InferenceService;
pub(crate) use replica::InferenceReplica;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// The OME API group.
pub(crate) const GROUP: &str = "ome.io";
pub(crate) const API_VERSION: &str = "ome.io/v1beta1";

/// An object as read from the API: the raw JSON (for deep-equality checks) and its typed view.
#[derive(Debug, Clone)]
pub(crate) struct Fetched<T> {
    pub(crate) raw: Value,
    pub(crate) view: T,
}

impl<T: DeserializeOwned> Fetched<T> {
    /// Decodes the view; `None` when a field the view types has the wrong JSON type.
    pub(crate) fn from_raw(raw: Value) -> Option<Fetched<T>> {
        let view = serde_json::from_value(raw.clone()).ok()?;
        Some(Fetched { raw, view })
    }
}

/// A metav1.Condition or knative condition (the fields the plugin reads).
#[derive(Debug, Clone, Default, PartialEq, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Condition {
    #[serde(rename = "type", default)]
    pub(crate) type_: String,
    #[serde(default)]
    pub(crate) status: String,
    #[serde(default)]
    pub(crate) reason: Option<String>,
    #[serde(default)]
    pub(crate) message: Option<String>,
    #[serde(default)]
    pub(crate) last_transition_time: Option<String>,
    #[serde(default)]
    pub(crate) observed_generation: Option<i64>,
    #[serde(default)]
    pub(crate) severity: Option<String>,
}

/// The metadata fields used from every object.
pub(crate) fn meta_name(meta: &ObjectMeta) -> &str {
    meta.name.as_deref().unwrap_or_default()
}

pub(crate) fn meta_namespace(meta: &ObjectMeta) -> &str {
    meta.namespace.as_deref().unwrap_or_default()
}

pub(crate) fn meta_uid(meta: &ObjectMeta) -> &str {
    meta.uid.as_deref().unwrap_or_default()
}

pub(crate) fn meta_resource_version(meta: &ObjectMeta) -> &str {
    meta.resource_version.as_deref().unwrap_or_default()
}

pub(crate) fn meta_annotation<'a>(meta: &'a ObjectMeta, key: &str) -> Option<&'a str> {
    meta.annotations
        .as_ref()
        .and_then(|a| a.get(key))
        .map(String::as_str)
}

pub(crate) fn meta_label<'a>(meta: &'a ObjectMeta, key: &str) -> Option<&'a str> {
    meta.labels
        .as_ref()
        .and_then(|a| a.get(key))
        .map(String::as_str)
}

/// The value of annotation `key` in a raw object, when it is a string.
pub(crate) fn raw_annotation<'a>(raw: &'a Value, key: &str) -> Option<&'a str> {
    raw.get("metadata")?.get("annotations")?.get(key)?.as_str()
}

/// A closed set of report values: an enum whose variants serialise and display as their fixed
/// text. `parse` is exact and case-sensitive, so an unknown value is never read as one of the
/// set. Only unit tests may compare a value with a `&str`: decisions compare variants.
macro_rules! closed_set {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$vmeta:meta])* $variant:ident => $text:literal),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        $vis enum $name {
            $($(#[$vmeta])* $variant),+
        }

        #[allow(dead_code, reason = "generated for every set; not every set needs each")]
        impl $name {
            /// The value as reports and tables show it.
            $vis fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }

            /// The exact, case-sensitive value, when it is one of the set.
            $vis fn parse(text: &str) -> Option<$name> {
                match text {
                    $($text => Some($name::$variant),)+
                    _ => None,
                }
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        // Tests may compare with the text; production code compares variants, never strings.
        #[cfg(test)]
        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

    };
}
pub(crate) use closed_set;
