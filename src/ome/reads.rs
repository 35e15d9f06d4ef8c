//! Read plans and what they read: the evaluators decide which objects to read next from the
//! evidence so far, the collectors read exactly those, and the evaluators judge the results.
//! Both sides share these types, so neither imports the other.

use super::evidence::ApiError;
use super::keys::ANNOTATION_INHERIT_FROM;
use super::names::is_dns1123_subdomain;
use super::raw_annotation;
use serde_json::Value;

// `autoscale status --live-scale/--live-scaler` (read-commands.md §2.5, §2.6).

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ScalerKind {
    Hpa,
    Keda,
}

/// The reads one component needs. Each is made at most once and independently.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct ComponentReads {
    pub(crate) component: String,
    /// The IR named by the scale target.
    pub(crate) ir: Option<String>,
    /// The IR's `/scale` (same name).
    pub(crate) scale: Option<String>,
    pub(crate) scaler: Option<(ScalerKind, String)>,
}

/// The results of a component's reads (`None` = not made).
#[derive(Debug, Default)]
pub(crate) struct ComponentResults {
    pub(crate) ir: Option<Result<Value, ApiError>>,
    pub(crate) scale: Option<Result<Value, ApiError>>,
    pub(crate) scaler: Option<Result<Value, ApiError>>,
}

// `scale` stage 2 and 3 (scale.md §2.1).

/// The longest declared inheritance chain (the runtime and its parents).
pub(crate) const MAX_CHAIN: usize = 32;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RuntimeKind {
    Cluster,
    Namespaced,
}

impl RuntimeKind {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            RuntimeKind::Cluster => "ClusterServingRuntime",
            RuntimeKind::Namespaced => "ServingRuntime",
        }
    }
}

/// What `spec.runtime` asks for: the runtime to read and the pinned revisions to read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RuntimeTarget {
    pub(crate) kind: RuntimeKind,
    pub(crate) name: String,
    /// The ISVC namespace for a ServingRuntime, empty for the cluster kind.
    pub(crate) namespace: String,
    pub(crate) auto_sync: bool,
    /// `spec.runtime.revision`, when non-empty.
    pub(crate) requested_revision: Option<String>,
    /// `status.pinnedRevisionName`, when non-empty.
    pub(crate) reported_revision: Option<String>,
    /// `spec.model.name`, when non-empty (a DNS-1123 subdomain: it becomes a request path).
    pub(crate) model: Option<String>,
    /// The service's namespace (where a BaseModel of that name is looked up first).
    pub(crate) service_namespace: String,
}

/// The stage-2 model reads (evidence-strictness.md §2.1), issued concurrently: the BaseModel in
/// the service's namespace and, speculatively, the ClusterBaseModel of the same name.
#[derive(Debug, Clone)]
pub(crate) struct ModelReads {
    pub(crate) base: Result<Value, ApiError>,
    pub(crate) cluster: Result<Value, ApiError>,
}

/// The parent a runtime declares with `ome.io/inherit-from`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum DeclaredParent {
    /// No parent (the annotation is absent or empty): the chain ends here.
    None,
    /// A parent to read next.
    Name(String),
    /// The annotation is not a DNS-1123 subdomain: it never becomes a request path, and the
    /// chain is broken (`ErrRuntime`).
    Invalid,
}

/// The declared parent of a runtime read from the cluster, validated before it is read.
pub(crate) fn declared_parent(raw: &Value) -> DeclaredParent {
    match raw_annotation(raw, ANNOTATION_INHERIT_FROM) {
        None | Some("") => DeclaredParent::None,
        Some(name) if is_dns1123_subdomain(name) => DeclaredParent::Name(name.to_string()),
        Some(_) => DeclaredParent::Invalid,
    }
}

/// The stage-2 reads.
#[derive(Debug, Clone)]
pub(crate) struct RuntimeReads {
    /// The live runtime, then each declared parent (child before parent), up to the first
    /// failed read or the first runtime without `ome.io/inherit-from`.
    pub(crate) chain: Vec<Result<Value, ApiError>>,
    /// The declared chain loops, is longer than [`MAX_CHAIN`] or names a parent that is not a
    /// valid name (which is then not read).
    pub(crate) chain_broken: bool,
    /// The pinned ControllerRevisions as received: the writer contract hashes the raw `data`.
    pub(crate) requested_revision: Option<Result<Vec<u8>, ApiError>>,
    pub(crate) reported_revision: Option<Result<Vec<u8>, ApiError>>,
    /// `None` when the service names no model.
    pub(crate) model: Option<ModelReads>,
}

/// The identity of one source object, revalidated just before the write (§2.3 step 8).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Stamp {
    pub(crate) kind: String,
    pub(crate) api_version: String,
    pub(crate) namespace: String,
    pub(crate) name: String,
    pub(crate) uid: String,
    pub(crate) resource_version: String,
    pub(crate) generation: i64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn runtime(inherit_from: Option<&str>) -> Value {
        json!({"metadata": {"name": "child", "annotations": {"ome.io/inherit-from": inherit_from}}})
    }

    #[test]
    fn a_declared_parent_is_read_only_when_it_is_a_name() {
        assert_eq!(declared_parent(&runtime(None)), DeclaredParent::None);
        assert_eq!(declared_parent(&runtime(Some(""))), DeclaredParent::None);
        assert_eq!(
            declared_parent(&runtime(Some("base.v1"))),
            DeclaredParent::Name("base.v1".into())
        );
        for bad in ["a?watch=1", "../x", "a/b", "Base", &"a".repeat(254)] {
            assert_eq!(
                declared_parent(&runtime(Some(bad))),
                DeclaredParent::Invalid,
                "{bad}"
            );
        }
    }
}
