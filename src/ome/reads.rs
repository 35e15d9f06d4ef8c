//! Read plans and what they read: the evaluators decide which objects to read next from the
//! evidence so far, the collectors read exactly those, and the evaluators judge the results.
//! Both sides share these types, so neither imports the other.

use super::evidence::ApiError;
use super::keys::ANNOTATION_INHERIT_FROM;
use super::names::is_dns1123_subdomain;
use super::raw_annotation;
use super::selection::SnapshotReads;
use crate::ome::closed_set;
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

closed_set! {
    pub(crate) enum RuntimeKind {
        Cluster => "ClusterServingRuntime",
        Namespaced => "ServingRuntime",
    }
}

/// One place a runtime is looked up: its kind and namespace (empty for the cluster kind).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct RuntimeScope {
    pub(crate) kind: RuntimeKind,
    pub(crate) namespace: String,
}

impl RuntimeScope {
    pub(crate) fn cluster() -> RuntimeScope {
        RuntimeScope {
            kind: RuntimeKind::Cluster,
            namespace: String::new(),
        }
    }

    pub(crate) fn namespaced(namespace: &str) -> RuntimeScope {
        RuntimeScope {
            kind: RuntimeKind::Namespaced,
            namespace: namespace.to_string(),
        }
    }
}

/// Where the runtime `spec.runtime` names is looked up, in order, as OME's controller looks it
/// up (difference p): the cluster kind (what the API server stores when the kind is omitted)
/// first and, after a 404 only, the ServingRuntime of that name in the service's namespace;
/// `kind: ServingRuntime` only in the namespace.
pub(crate) fn head_scopes(kind: RuntimeKind, service_namespace: &str) -> Vec<RuntimeScope> {
    match kind {
        RuntimeKind::Cluster => vec![
            RuntimeScope::cluster(),
            RuntimeScope::namespaced(service_namespace),
        ],
        RuntimeKind::Namespaced => vec![RuntimeScope::namespaced(service_namespace)],
    }
}

/// Where `runtime effective` looks up the runtime `spec.runtime` names (after-the-write.md §3.3,
/// the reference's `GetRuntime`): `declared` is `spec.runtime.kind` as stored. The cluster kind
/// (what the API server stores for an omitted kind) and `ServingRuntime` are [`head_scopes`];
/// an absent or any other kind is the ServingRuntime first, then the cluster kind.
pub(crate) fn lookup_scopes(declared: Option<&str>, service_namespace: &str) -> Vec<RuntimeScope> {
    match declared {
        Some("ClusterServingRuntime") => head_scopes(RuntimeKind::Cluster, service_namespace),
        Some("ServingRuntime") => head_scopes(RuntimeKind::Namespaced, service_namespace),
        _ => parent_scopes(&RuntimeScope::namespaced(service_namespace)),
    }
}

/// Where the parent of a runtime found in `child` is looked up, in order: a ServingRuntime's in
/// its namespace and, after a 404 only, at cluster scope; a ClusterServingRuntime's only at
/// cluster scope (difference p).
pub(crate) fn parent_scopes(child: &RuntimeScope) -> Vec<RuntimeScope> {
    match child.kind {
        RuntimeKind::Namespaced => vec![
            RuntimeScope::namespaced(&child.namespace),
            RuntimeScope::cluster(),
        ],
        RuntimeKind::Cluster => vec![RuntimeScope::cluster()],
    }
}

/// One runtime of the chain as looked up: the scope whose read decided, and that read.
#[derive(Debug, Clone)]
pub(crate) struct ChainRead {
    pub(crate) scope: RuntimeScope,
    pub(crate) read: Result<Value, ApiError>,
}

/// Decides a lookup from the reads of its scopes, in scope order (the reads may have been sent
/// together): the first read that is not a 404 decides, so a 403, 5xx or timeout stops the
/// lookup with no fallback; when every scope answered 404, the last 404 is the answer. `None`
/// only for an empty lookup.
pub(crate) fn decide_lookup(reads: Vec<ChainRead>) -> Option<ChainRead> {
    let mut last = None;
    for read in reads {
        let not_found = matches!(&read.read, Err(e) if e.is_not_found());
        if !not_found {
            return Some(read);
        }
        last = Some(read);
    }
    last
}

/// What `spec.runtime` asks for: the runtime to read and the pinned revisions to read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RuntimeTarget {
    /// The kind `spec.runtime` names (the cluster kind when omitted); where the runtime is
    /// found is [`head_scopes`]' decision.
    pub(crate) kind: RuntimeKind,
    pub(crate) name: String,
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

/// What `spec.runtime` leaves to OME: no runtime name, a model name (runtime-selection.md §1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SelectionTarget {
    /// `spec.model.name` (a DNS-1123 subdomain: it becomes a request path).
    pub(crate) model: String,
    /// The service's namespace (its ServingRuntimes are candidates; its BaseModel is read first).
    pub(crate) service_namespace: String,
}

/// Where a service's runtime comes from: the one it names, or the one OME selects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RuntimeSource {
    Named(RuntimeTarget),
    Selected(SelectionTarget),
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
    /// failed lookup or the first runtime without `ome.io/inherit-from`.
    pub(crate) chain: Vec<ChainRead>,
    /// The declared chain loops, is longer than [`MAX_CHAIN`] or names a parent that is not a
    /// valid name (which is then not read).
    pub(crate) chain_broken: bool,
    /// The pinned ControllerRevisions as received: the writer contract hashes the raw `data`.
    pub(crate) requested_revision: Option<Result<Vec<u8>, ApiError>>,
    pub(crate) reported_revision: Option<Result<Vec<u8>, ApiError>>,
    /// `None` when the service names no model.
    pub(crate) model: Option<ModelReads>,
    /// The candidate snapshot of a selecting service (runtime-selection.md §2.2).
    pub(crate) snapshot: Option<SnapshotReads>,
}

/// What `runtime effective` reads after the service (after-the-write.md §3.3), as its evaluator
/// planned it: only names that are DNS-1123 subdomains become request paths.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct EffectivePlan {
    /// The runtime to look up: the scopes in order and its name.
    pub(crate) runtime: Option<(Vec<RuntimeScope>, String)>,
    /// `spec.model.name`: the BaseModel in the service's namespace, then the ClusterBaseModel.
    pub(crate) model: Option<String>,
    /// The service's namespace.
    pub(crate) service_namespace: String,
    /// The exact ControllerRevisions to read in the OME namespace, each once.
    pub(crate) revisions: Vec<String>,
    /// OME selects the runtime: list the candidates of the service's namespace and cluster.
    pub(crate) snapshot: bool,
}

/// The live reads of `runtime effective`, made under one deadline.
#[derive(Debug, Clone, Default)]
pub(crate) struct LiveReads {
    /// The runtime, then each declared parent (as [`RuntimeReads::chain`]).
    pub(crate) chain: Vec<ChainRead>,
    /// As [`RuntimeReads::chain_broken`].
    pub(crate) chain_broken: bool,
    /// `None` when no model was read.
    pub(crate) model: Option<ModelReads>,
    /// The candidate snapshot of a selecting service.
    pub(crate) snapshot: Option<SnapshotReads>,
}

/// Everything `runtime effective` read after the service.
#[derive(Debug, Clone, Default)]
pub(crate) struct EffectiveReads {
    /// `None` when the live reads' shared deadline expired.
    pub(crate) live: Option<LiveReads>,
    /// Each planned revision with its read, as received.
    pub(crate) revisions: Vec<(String, Result<Vec<u8>, ApiError>)>,
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

impl Stamp {
    /// The stamp of an `ome.io` object of `kind` as read.
    pub(crate) fn of_ome(
        kind: &str,
        meta: &k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta,
    ) -> Stamp {
        Stamp {
            kind: kind.to_string(),
            api_version: super::API_VERSION.to_string(),
            namespace: meta.namespace.clone().unwrap_or_default(),
            name: meta.name.clone().unwrap_or_default(),
            uid: meta.uid.clone().unwrap_or_default(),
            resource_version: meta.resource_version.clone().unwrap_or_default(),
            generation: meta.generation.unwrap_or(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn runtime(inherit_from: Option<&str>) -> Value {
        json!({"metadata": {"name": "child", "annotations": {"ome.io/inherit-from": inherit_from}}})
    }

    fn link(scope: RuntimeScope, read: Result<Value, ApiError>) -> ChainRead {
        ChainRead { scope, read }
    }

    fn not_found() -> Result<Value, ApiError> {
        Err(ApiError::NotFound {
            named: true,
            message: String::new(),
        })
    }

    #[test]
    fn runtimes_are_looked_up_where_the_controller_looks() {
        let cluster = RuntimeScope::cluster();
        let prod = RuntimeScope::namespaced("prod");
        assert_eq!(
            head_scopes(RuntimeKind::Cluster, "prod"),
            [cluster.clone(), prod.clone()]
        );
        assert_eq!(
            head_scopes(RuntimeKind::Namespaced, "prod"),
            vec![prod.clone()]
        );
        assert_eq!(parent_scopes(&prod), [prod.clone(), cluster.clone()]);
        assert_eq!(parent_scopes(&cluster), vec![cluster]);
    }

    #[test]
    fn only_a_404_falls_back() {
        let cluster = RuntimeScope::cluster();
        let prod = RuntimeScope::namespaced("prod");
        let found = json!({"metadata": {"name": "srt"}});
        let decide = |first: Result<Value, ApiError>, second: Result<Value, ApiError>| {
            decide_lookup(vec![
                link(cluster.clone(), first),
                link(prod.clone(), second),
            ])
            .map(|l| (l.scope, l.read.is_ok()))
        };
        // The first scope wins when it has the runtime, whatever the second answered.
        assert_eq!(
            decide(Ok(found.clone()), Ok(found.clone())),
            Some((cluster.clone(), true))
        );
        assert_eq!(
            decide(not_found(), Ok(found.clone())),
            Some((prod.clone(), true))
        );
        assert_eq!(
            decide(not_found(), not_found()),
            Some((prod.clone(), false))
        );
        let forbidden = Err(ApiError::Forbidden {
            message: String::new(),
        });
        for failure in [forbidden, Err(ApiError::TimedOut), Err(ApiError::Malformed)] {
            assert_eq!(
                decide(failure, Ok(found.clone())),
                Some((cluster.clone(), false))
            );
        }
        assert!(decide_lookup(Vec::new()).is_none());
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
