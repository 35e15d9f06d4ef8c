//! One listed runtime as selection sees it: its identity, declared parent and raw spec.

use super::spec::CandidateSpec;
use crate::ome::reads::{DeclaredParent, RuntimeKind, Stamp, declared_parent};
use serde_json::Value;

/// A ServingRuntime or ClusterServingRuntime of the snapshot.
#[derive(Debug, Clone)]
pub(crate) struct Candidate {
    pub(crate) kind: RuntimeKind,
    /// The namespace (empty for a ClusterServingRuntime).
    pub(crate) namespace: String,
    pub(crate) name: String,
    pub(crate) uid: String,
    pub(crate) resource_version: String,
    pub(crate) generation: i64,
    pub(crate) deleting: bool,
    pub(crate) parent: DeclaredParent,
    /// The selection fields of the raw spec.
    pub(crate) spec: CandidateSpec,
    /// The listed object (the active configuration of a selected runtime is its raw spec).
    pub(crate) raw: Value,
}

impl Candidate {
    /// Decodes a listed item of `kind`; `None` when a field selection reads has the wrong type.
    pub(crate) fn decode(kind: RuntimeKind, raw: Value) -> Option<Candidate> {
        let meta = raw.get("metadata").cloned().unwrap_or(Value::Null);
        let text = |key: &str| match meta.get(key) {
            None | Some(Value::Null) => Some(String::new()),
            Some(Value::String(s)) => Some(s.clone()),
            Some(_) => None,
        };
        let generation = match meta.get("generation") {
            None | Some(Value::Null) => 0,
            Some(g) => g.as_i64()?,
        };
        let spec = match raw.get("spec") {
            None | Some(Value::Null) => CandidateSpec::default(),
            Some(spec) => serde_json::from_value(spec.clone()).ok()?,
        };
        Some(Candidate {
            kind,
            namespace: text("namespace")?,
            name: text("name")?,
            uid: text("uid")?,
            resource_version: text("resourceVersion")?,
            generation,
            deleting: meta.get("deletionTimestamp").is_some_and(|d| !d.is_null()),
            parent: declared_parent(&raw),
            spec,
            raw,
        })
    }

    /// Its source stamp.
    pub(crate) fn stamp(&self) -> Stamp {
        Stamp {
            kind: self.kind.as_str().to_string(),
            api_version: crate::ome::API_VERSION.to_string(),
            namespace: self.namespace.clone(),
            name: self.name.clone(),
            uid: self.uid.clone(),
            resource_version: self.resource_version.clone(),
            generation: self.generation,
        }
    }

    /// Whether it can be bound as a source: an identity, a version, a generation, not being
    /// deleted.
    pub(crate) fn is_bindable(&self) -> bool {
        !self.uid.is_empty()
            && !self.resource_version.is_empty()
            && self.generation > 0
            && !self.deleting
    }

    /// `<Kind>/<name>` (the check lines' form).
    pub(crate) fn kind_name(&self) -> String {
        format!("{}/{}", self.kind.as_str(), self.name)
    }
}
