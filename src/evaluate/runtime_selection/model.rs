//! The model a selecting service names (runtime-selection.md §2.1): the BaseModel in the
//! service's namespace, on a 404 only the ClusterBaseModel; then whether anything can be
//! selected for it.

use super::spec::ModelSpec;
use crate::ome::closed_set;
use crate::ome::evidence::ApiError;
use crate::ome::reads::{ModelReads, Stamp};
use serde_json::Value;

closed_set! {
    /// The two kinds of model.
    pub(crate) enum ModelKind {
        Base => "BaseModel",
        Cluster => "ClusterBaseModel",
    }
}

/// The model as read.
#[derive(Debug, Clone)]
pub(crate) struct SelectedModel {
    pub(crate) kind: ModelKind,
    pub(crate) stamp: Stamp,
    pub(crate) deleting: bool,
    pub(crate) spec: ModelSpec,
}

/// Why no model was read.
#[derive(Debug, Clone)]
pub(crate) enum ModelReadProblem {
    /// 404 from both kinds.
    NotFound,
    /// Another failure of the read that decides (`kind` names which read).
    Failed {
        kind: ModelKind,
        cause: Box<ApiError>,
    },
    /// The model's selection fields have the wrong JSON type.
    Malformed,
}

/// Why nothing can be selected for a model that was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ModelGate {
    Disabled,
    /// `spec.modelFormat.name` is empty.
    NoFormat,
    Sharded,
}

/// The model the reads found: the BaseModel decides when read, only its 404 lets the
/// ClusterBaseModel decide (whose result is otherwise discarded, errors included).
pub(crate) fn read(reads: &ModelReads) -> Result<SelectedModel, ModelReadProblem> {
    let (kind, result) = match &reads.base {
        Err(e) if e.is_not_found() => (ModelKind::Cluster, &reads.cluster),
        other => (ModelKind::Base, other),
    };
    match result {
        Ok(raw) => decode(kind, raw).ok_or(ModelReadProblem::Malformed),
        Err(e) if e.is_not_found() => Err(ModelReadProblem::NotFound),
        Err(cause) => Err(ModelReadProblem::Failed {
            kind,
            cause: Box::new(cause.clone()),
        }),
    }
}

fn decode(kind: ModelKind, raw: &Value) -> Option<SelectedModel> {
    let meta: k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta =
        serde_json::from_value(raw.get("metadata").cloned().unwrap_or(Value::Null)).ok()?;
    let spec = match raw.get("spec") {
        None | Some(Value::Null) => ModelSpec::default(),
        Some(spec) => serde_json::from_value(spec.clone()).ok()?,
    };
    Some(SelectedModel {
        kind,
        deleting: meta.deletion_timestamp.is_some(),
        stamp: Stamp::of_ome(kind.as_str(), &meta),
        spec,
    })
}

impl SelectedModel {
    /// The first reason nothing can be selected, in the documented order.
    pub(crate) fn gate(&self) -> Option<ModelGate> {
        if self.spec.disabled == Some(true) {
            Some(ModelGate::Disabled)
        } else if self.spec.format_name().is_empty() {
            Some(ModelGate::NoFormat)
        } else if self.spec.is_sharded() {
            Some(ModelGate::Sharded)
        } else {
            None
        }
    }

    /// Whether it can be bound as a source (an identity and a version, not being deleted).
    pub(crate) fn is_bindable(&self) -> bool {
        !self.stamp.uid.is_empty() && !self.stamp.resource_version.is_empty() && !self.deleting
    }
}
