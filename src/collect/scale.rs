//! Reads for `scale` (scale.md §2.1): stage 1 (ISVC, IR, `/scale`) concurrently; stage 2 the
//! runtime with its declared parents and the pinned ControllerRevisions; stage 3 the
//! revalidation re-reads concurrently. Every read is one shot; nothing is interpreted here.

use crate::collect::http::{ApiError, ApiRequest, MAX_BOUNDED_BODY, get_object, paths, send};
use crate::connect::RequestTimeout;
use crate::ome::reads::{
    ChainRead, DeclaredParent, MAX_CHAIN, ModelReads, RuntimeKind, RuntimeReads, RuntimeScope,
    RuntimeSource, RuntimeTarget, SelectionTarget, Stamp, decide_lookup, declared_parent,
    head_scopes, parent_scopes,
};
use crate::ome::selection::SnapshotReads;
use serde_json::Value;
use std::time::Duration;

/// The fixed limit of the runtime and source revalidation reads.
pub(crate) const SOURCE_TIMEOUT: Duration = Duration::from_secs(10);

/// The stage-1 results.
#[derive(Debug)]
pub(crate) struct Stage1 {
    pub(crate) isvc: Result<Value, ApiError>,
    pub(crate) ir: Result<Value, ApiError>,
    /// The raw `/scale` body (decoded strictly by the evaluator).
    pub(crate) scale: Result<Vec<u8>, ApiError>,
}

/// Stage 1: the ISVC, the IR `<name>-<component>` and its `/scale`, concurrently.
pub(crate) async fn stage1(
    client: &kube::Client,
    namespace: &str,
    name: &str,
    ir_name: &str,
    timeout: Duration,
) -> Stage1 {
    let limit = RequestTimeout(Some(timeout));
    let isvc = get_object(
        client,
        ApiRequest::get(paths::inference_service(namespace, name), limit),
    );
    let ir = get_object(
        client,
        ApiRequest::get(paths::inference_replica(namespace, ir_name), limit),
    );
    let scale = async {
        let request = ApiRequest::get(paths::inference_replica_scale(namespace, ir_name), limit)
            .bounded(MAX_BOUNDED_BODY);
        send(client, request).await.map(|r| r.body.to_vec())
    };
    let (isvc, ir, scale) = futures::join!(isvc, ir, scale);
    Stage1 { isvc, ir, scale }
}

fn runtime_path(scope: &RuntimeScope, name: &str) -> String {
    match scope.kind {
        RuntimeKind::Cluster => paths::cluster_serving_runtime(name),
        RuntimeKind::Namespaced => paths::serving_runtime(&scope.namespace, name),
    }
}

/// One runtime looked up in `scopes` (difference p). The reads of all scopes go out together,
/// so a fallback costs no round trip, and are decided in scope order: a later scope counts only
/// after a 404 of every earlier one.
async fn lookup(client: &kube::Client, scopes: Vec<RuntimeScope>, name: &str) -> Option<ChainRead> {
    let reads = futures::future::join_all(scopes.into_iter().map(|scope| async move {
        let read = get_source(client, runtime_path(&scope, name)).await;
        ChainRead { scope, read }
    }))
    .await;
    decide_lookup(reads)
}

async fn get_source(client: &kube::Client, path: String) -> Result<Value, ApiError> {
    get_object(
        client,
        ApiRequest::get(path, RequestTimeout(Some(SOURCE_TIMEOUT))),
    )
    .await
}

/// A source read as received (the pin's writer contract hashes its raw `data`), under the
/// single-object cap like every other source read.
pub(crate) async fn get_source_bytes(
    client: &kube::Client,
    path: String,
) -> Result<Vec<u8>, ApiError> {
    let request = ApiRequest::get(path, RequestTimeout(Some(SOURCE_TIMEOUT)));
    send(client, request).await.map(|r| r.body.to_vec())
}

/// The runtime `name` looked up in `scopes`, then each declared parent (one round trip per
/// level), child first; `true` when the declared chain loops, is longer than [`MAX_CHAIN`] or
/// names a parent that is not a name (which is then not read).
pub(crate) async fn read_chain(
    client: &kube::Client,
    mut scopes: Vec<RuntimeScope>,
    mut name: String,
) -> (Vec<ChainRead>, bool) {
    let mut chain: Vec<ChainRead> = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    loop {
        if chain.len() >= MAX_CHAIN {
            return (chain, true);
        }
        let Some(link) = lookup(client, scopes, &name).await else {
            return (chain, false);
        };
        // The same runtime read twice: the declared chain loops.
        if !seen.insert((link.scope.clone(), name.clone())) {
            return (chain, true);
        }
        let parent = match &link.read {
            Ok(raw) => declared_parent(raw),
            Err(_) => DeclaredParent::None,
        };
        scopes = parent_scopes(&link.scope);
        chain.push(link);
        match parent {
            DeclaredParent::Name(parent) => name = parent,
            DeclaredParent::None => return (chain, false),
            DeclaredParent::Invalid => return (chain, true),
        }
    }
}

/// The model `name`: the BaseModel in `namespace` and the ClusterBaseModel of that name,
/// concurrently (the evaluator decides in that order).
pub(crate) async fn read_models(client: &kube::Client, namespace: &str, name: &str) -> ModelReads {
    let (base, cluster) = futures::join!(
        get_source(client, paths::base_model(namespace, name)),
        get_source(client, paths::cluster_base_model(name)),
    );
    ModelReads { base, cluster }
}

/// Stage 2 of either source: [`named_reads`], or [`selection_reads`].
pub(crate) async fn stage2(
    client: &kube::Client,
    source: &RuntimeSource,
    ome_namespace: &str,
) -> RuntimeReads {
    match source {
        RuntimeSource::Named(target) => named_reads(client, target, ome_namespace).await,
        RuntimeSource::Selected(target) => selection_reads(client, target).await,
    }
}

/// Stage 2 of a selecting service (runtime-selection.md §5.1): the model GETs and the
/// candidate snapshot, concurrently; no runtime, parent or ControllerRevision GET.
pub(crate) async fn selection_reads(
    client: &kube::Client,
    target: &SelectionTarget,
) -> RuntimeReads {
    let (model, snapshot) = futures::join!(
        read_models(client, &target.service_namespace, &target.model),
        crate::collect::selection::snapshot(client, &target.service_namespace),
    );
    RuntimeReads {
        chain: Vec::new(),
        chain_broken: false,
        requested_revision: None,
        reported_revision: None,
        model: Some(model),
        snapshot: Some(snapshot),
    }
}

/// Stage 2 of a named runtime: the runtime and its declared parents ([`read_chain`]), and
/// concurrently the exact ControllerRevisions in the OME namespace and the model the service
/// names.
pub(crate) async fn named_reads(
    client: &kube::Client,
    target: &RuntimeTarget,
    ome_namespace: &str,
) -> RuntimeReads {
    let chain = read_chain(
        client,
        head_scopes(target.kind, &target.service_namespace),
        target.name.clone(),
    );
    let revision = |name: Option<String>| async move {
        match name {
            Some(name) => Some(
                get_source_bytes(client, paths::controller_revision(ome_namespace, &name)).await,
            ),
            None => None,
        }
    };
    let model = async {
        let name = target.model.as_deref()?;
        Some(read_models(client, &target.service_namespace, name).await)
    };
    let ((chain, chain_broken), requested_revision, reported_revision, model) = futures::join!(
        chain,
        revision(target.requested_revision.clone()),
        revision(target.reported_revision.clone()),
        model,
    );
    RuntimeReads {
        chain,
        chain_broken,
        requested_revision,
        reported_revision,
        model,
        snapshot: None,
    }
}

fn stamp_path(stamp: &Stamp) -> String {
    match stamp.kind.as_str() {
        "InferenceService" => paths::inference_service(&stamp.namespace, &stamp.name),
        "ServingRuntime" => paths::serving_runtime(&stamp.namespace, &stamp.name),
        "ClusterServingRuntime" => paths::cluster_serving_runtime(&stamp.name),
        "BaseModel" => paths::base_model(&stamp.namespace, &stamp.name),
        "ClusterBaseModel" => paths::cluster_base_model(&stamp.name),
        _ => paths::controller_revision(&stamp.namespace, &stamp.name),
    }
}

/// The exact-name reads of pinned sibling IRs (conformance.md §2.2), concurrently, each under
/// the source limit; `names` are DNS-1123 names the evaluator chose.
pub(crate) async fn replicas(
    client: &kube::Client,
    namespace: &str,
    names: &[String],
) -> Vec<Result<Value, ApiError>> {
    futures::future::join_all(
        names
            .iter()
            .map(|name| get_source(client, paths::inference_replica(namespace, name))),
    )
    .await
}

/// What stage 3 reads.
pub(crate) struct Stage3Plan<'a> {
    /// Every source stamp to re-read, the ISVC first.
    pub(crate) stamps: &'a [&'a Stamp],
    /// The namespace of a new candidate snapshot, for a selected runtime.
    pub(crate) snapshot: Option<&'a str>,
    pub(crate) ir_namespace: &'a str,
    pub(crate) ir_name: &'a str,
    /// The pinned siblings (in `ir_namespace`).
    pub(crate) siblings: &'a [String],
}

/// What stage 3 read.
pub(crate) struct Stage3 {
    pub(crate) sources: Vec<Result<Value, ApiError>>,
    pub(crate) snapshot: Option<SnapshotReads>,
    pub(crate) ir: Result<Value, ApiError>,
    pub(crate) siblings: Vec<Result<Value, ApiError>>,
}

/// Stage 3: every source stamp (ISVC first), a new candidate snapshot (a selected runtime),
/// the selected IR and the pinned siblings, all concurrently.
pub(crate) async fn stage3(
    client: &kube::Client,
    plan: Stage3Plan<'_>,
    timeout: Duration,
) -> Stage3 {
    let sources = futures::future::join_all(
        plan.stamps
            .iter()
            .map(|stamp| get_source(client, stamp_path(stamp))),
    );
    let snapshot = async {
        match plan.snapshot {
            Some(namespace) => Some(crate::collect::selection::snapshot(client, namespace).await),
            None => None,
        }
    };
    let ir = get_object(
        client,
        ApiRequest::get(
            paths::inference_replica(plan.ir_namespace, plan.ir_name),
            RequestTimeout(Some(timeout)),
        ),
    );
    let (sources, snapshot, ir, siblings) = futures::join!(
        sources,
        snapshot,
        ir,
        replicas(client, plan.ir_namespace, plan.siblings)
    );
    Stage3 {
        sources,
        snapshot,
        ir,
        siblings,
    }
}
