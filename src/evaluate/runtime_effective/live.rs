//! The Live view (after-the-write.md §3.3): the model gate, the runtime found where the
//! controller looks and its `ome.io/inherit-from` chain merged, root first.

use super::report::{ComponentMode, Inheritance, ObjectRef, Reason, View, ViewState};
use crate::evaluate::deployment_mode;
use crate::evaluate::scale::runtime::{RuntimeProblem, live_chain, merged_spec};
use crate::ome::evidence::ApiError;
use crate::ome::reads::{LiveReads, ModelReads, RuntimeScope, Stamp};
use crate::ome::runtime::RuntimeSpec;
use crate::ome::{Component, InferenceService};
use serde_json::Value;

/// The unavailable reason of a failed read.
pub(crate) fn read_reason(error: &ApiError) -> Reason {
    match error {
        ApiError::NotFound { named: true, .. } => Reason::NotFound,
        ApiError::NotFound { named: false, .. } => Reason::UnsupportedApi,
        ApiError::Forbidden { .. } | ApiError::Unauthorized { .. } => Reason::Forbidden,
        _ => Reason::Unreadable,
    }
}

/// The model gate: the BaseModel decides when read; only a 404 falls through to the
/// ClusterBaseModel. `None` when the model is usable.
pub(crate) fn model_problem(models: &ModelReads) -> Option<Reason> {
    let model = match (&models.base, &models.cluster) {
        (Ok(model), _) => model,
        (Err(e), Ok(model)) if e.is_not_found() => model,
        (Err(e), Err(cluster)) if e.is_not_found() => return Some(read_reason(cluster)),
        (Err(e), _) => return Some(read_reason(e)),
    };
    match model.pointer("/spec/disabled") {
        None | Some(Value::Null) | Some(Value::Bool(false)) => None,
        // A disabled (or not boolean) flag: the model cannot serve.
        Some(_) => Some(Reason::Unreadable),
    }
}

/// The runtime chain bound and merged: child first.
#[derive(Debug, Clone)]
pub(crate) struct BoundChain {
    pub(crate) scope: RuntimeScope,
    pub(crate) links: Vec<(Stamp, RuntimeSpec)>,
    pub(crate) merged: RuntimeSpec,
}

/// The chain of the runtime `name`, bound; why not otherwise. A failed read gives its own
/// reason (`UnsupportedAPI` for an unserved kind); a chain that cannot be bound is `Unreadable`.
pub(crate) fn bind_chain(name: &str, live: &LiveReads) -> Result<BoundChain, Reason> {
    let links = live_chain(name, &live.chain, live.chain_broken).map_err(|problem| {
        let failed = live.chain.iter().find_map(|l| l.read.as_ref().err());
        match (problem, failed) {
            (RuntimeProblem::Cycle, _) => Reason::Cycle,
            (RuntimeProblem::MaxDepthExceeded, _) => Reason::MaxDepthExceeded,
            (_, Some(error)) => read_reason(error),
            _ => Reason::Unreadable,
        }
    })?;
    let scope = live
        .chain
        .first()
        .map(|l| l.scope.clone())
        .ok_or(Reason::Unreadable)?;
    let merged = merged_spec(&links).map_err(|_| Reason::Unreadable)?;
    Ok(BoundChain {
        scope,
        links,
        merged,
    })
}

/// A runtime's identity in a report.
pub(crate) fn runtime_ref(stamp: &Stamp) -> ObjectRef {
    ObjectRef {
        api_version: crate::ome::API_VERSION,
        kind: stamp.kind.clone(),
        namespace: stamp.namespace.clone(),
        name: stamp.name.clone(),
        uid: (!stamp.uid.is_empty()).then(|| stamp.uid.clone()),
        generation: (stamp.generation != 0).then_some(stamp.generation),
    }
}

/// The inheritance evidence: the bound chain root first, or why it is unavailable.
pub(crate) fn inheritance(chain: &Result<BoundChain, Reason>) -> Inheritance {
    match chain {
        Ok(bound) => Inheritance {
            state: ViewState::Observed,
            sources: bound
                .links
                .iter()
                .rev()
                .map(|(s, _)| runtime_ref(s))
                .collect(),
            unavailable_reason: None,
        },
        Err(reason) => Inheritance {
            state: ViewState::Unavailable,
            sources: Vec::new(),
            unavailable_reason: Some(*reason),
        },
    }
}

/// Engine, decoder and router of the configuration (declared by the service or configured by
/// the runtime), each with its deployment mode and the source that decided it.
pub(crate) fn components(
    isvc: &InferenceService,
    spec: &RuntimeSpec,
    origin: &'static str,
) -> Vec<ComponentMode> {
    Component::ALL
        .into_iter()
        .filter(|c| {
            isvc.spec.component(c.as_str()).is_some() || spec.component(c.as_str()).is_some()
        })
        .map(|c| {
            let resolved = deployment_mode::resolve(isvc, spec, origin, c);
            ComponentMode {
                type_: c.as_str(),
                deployment_mode: resolved.mode,
                deployment_mode_source: resolved.source,
            }
        })
        .collect()
}

/// The Live view of a bound chain (its merged `disabled` makes it unavailable).
pub(crate) fn live_view(isvc: &InferenceService, bound: &BoundChain) -> View {
    if bound.merged.disabled == Some(true) {
        return View::unavailable(Reason::Disabled);
    }
    View {
        state: ViewState::Available,
        origin: Some(super::report::Origin::LiveRuntime),
        source: bound.links.first().map(|(s, _)| runtime_ref(s)),
        revision: None,
        hash: None,
        components: components(isvc, &bound.merged, "LiveRuntime"),
        unavailable_reason: None,
    }
}

/// The chain links whose read failed (the named runtime's, or a parent's), by index.
pub(crate) fn failed_links(live: &LiveReads) -> impl Iterator<Item = (usize, &ApiError)> {
    live.chain
        .iter()
        .enumerate()
        .filter_map(|(i, l)| l.read.as_ref().err().map(|e| (i, e)))
}
