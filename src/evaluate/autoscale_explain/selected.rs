//! `autoscale explain` of a service whose runtime OME selects (runtime-selection.md §6.1): the
//! active configuration is the selected runtime's raw spec, its declared chain (from the
//! snapshot) the inheritance sources, the model a source; the failures of §2.4.

use super::{Active, RuntimeObject};
use crate::errors::read_check::ReadKind;
use crate::errors::{AutoscaleExplainError, RuntimeFailure};
use crate::evaluate::runtime_selection::chain::ChainProblem;
use crate::evaluate::runtime_selection::model::ModelReadProblem;
use crate::evaluate::runtime_selection::snapshot::{Inconsistency, SnapshotProblem};
use crate::evaluate::runtime_selection::{Chosen, SelectionFailure, candidate::Candidate};
use crate::evaluate::scale::runtime::Origin;
use crate::ome::evidence::ApiError;
use crate::ome::reads::RuntimeKind;
use crate::ome::report::SourceKind;
use crate::ome::runtime::RuntimeSpec;

fn object(candidate: &Candidate) -> RuntimeObject {
    RuntimeObject {
        kind: candidate.kind.into(),
        namespace: (!candidate.namespace.is_empty()).then(|| candidate.namespace.clone()),
        name: candidate.name.clone(),
        uid: Some(candidate.uid.clone()),
        generation: Some(candidate.generation),
    }
}

/// The selected runtime's raw spec, the active configuration.
pub(crate) fn selected_spec(chosen: &Chosen) -> Result<RuntimeSpec, AutoscaleExplainError> {
    let unbound = AutoscaleExplainError::Runtime(RuntimeFailure::Unbound);
    let winner = chosen.winner().ok_or(unbound)?;
    let spec = winner.raw.get("spec").cloned().unwrap_or_default();
    serde_json::from_value(spec)
        .map_err(|_| AutoscaleExplainError::Runtime(RuntimeFailure::Unbound))
}

/// The explain view of what the selection chose; a chain that cannot be observed leaves the
/// inheritance unavailable with its reason, and a runtime of it that cannot be bound is an
/// error.
pub(crate) fn active_of_selected<'a>(
    chosen: &Chosen,
    spec: &'a RuntimeSpec,
) -> Result<Active<'a>, AutoscaleExplainError> {
    let unbound = || AutoscaleExplainError::Runtime(RuntimeFailure::Unbound);
    let winner = chosen.winner().ok_or_else(unbound)?;
    let (parents, inheritance_unavailable) = match chosen.chain() {
        // Root first, the winner last: the parents child first.
        Ok(chain) => (
            chain.iter().rev().skip(1).map(|c| object(c)).collect(),
            None,
        ),
        Err(SelectionFailure::Chain { problem, .. }) => (Vec::new(), Some(chain_reason(problem))),
        Err(_) => return Err(unbound()),
    };
    let model = &chosen.model;
    Ok(Active {
        origin: Origin::LiveRuntime,
        runtime: object(winner),
        revision: None,
        parents,
        spec,
        model: Some(RuntimeObject {
            kind: match model.kind {
                crate::evaluate::runtime_selection::model::ModelKind::Base => SourceKind::BaseModel,
                crate::evaluate::runtime_selection::model::ModelKind::Cluster => {
                    SourceKind::ClusterBaseModel
                }
            },
            namespace: (!model.stamp.namespace.is_empty()).then(|| model.stamp.namespace.clone()),
            name: model.stamp.name.clone(),
            uid: Some(model.stamp.uid.clone()),
            generation: Some(model.stamp.generation),
        }),
        inheritance_unavailable,
    })
}

fn chain_reason(problem: ChainProblem) -> &'static str {
    match problem {
        ChainProblem::NotFound => "NotFound",
        ChainProblem::Cycle => "Cycle",
        ChainProblem::MaxDepthExceeded => "MaxDepthExceeded",
    }
}

/// Why no runtime was selected, as `autoscale explain` reports it (§2.4).
pub(crate) fn failure(failure: SelectionFailure) -> AutoscaleExplainError {
    let runtime = AutoscaleExplainError::Runtime;
    match failure {
        SelectionFailure::Model(ModelReadProblem::Failed { cause, .. })
            if matches!(*cause, ApiError::TimedOut) =>
        {
            AutoscaleExplainError::DeadlineExceeded
        }
        SelectionFailure::Model(ModelReadProblem::NotFound | ModelReadProblem::Failed { .. })
        | SelectionFailure::Gate(_)
        | SelectionFailure::NoMatch { .. } => runtime(RuntimeFailure::Unavailable),
        SelectionFailure::Model(ModelReadProblem::Malformed)
        | SelectionFailure::ModelUnbound
        | SelectionFailure::RuntimeUnbound { .. }
        | SelectionFailure::Chain { .. } => runtime(RuntimeFailure::Unbound),
        SelectionFailure::Snapshot(SnapshotProblem::Failed { cause, .. })
            if matches!(*cause, ApiError::TimedOut) =>
        {
            AutoscaleExplainError::DeadlineExceeded
        }
        SelectionFailure::Snapshot(SnapshotProblem::Failed { kind, cause }) => {
            AutoscaleExplainError::SelectionRead {
                kind: match kind {
                    RuntimeKind::Namespaced => ReadKind::ServingRuntimeList,
                    RuntimeKind::Cluster => ReadKind::ClusterServingRuntimeList,
                },
                cause,
            }
        }
        SelectionFailure::Snapshot(SnapshotProblem::Truncated { .. }) => {
            runtime(RuntimeFailure::SelectionTruncated)
        }
        SelectionFailure::Snapshot(SnapshotProblem::Inconsistent {
            problem: Inconsistency::Identity | Inconsistency::Duplicate,
            ..
        }) => runtime(RuntimeFailure::UnexpectedIdentity),
        SelectionFailure::Snapshot(SnapshotProblem::Inconsistent { .. }) => {
            runtime(RuntimeFailure::SnapshotChanged)
        }
    }
}
