//! `kubectl ome runtime explain` (runtime-selection.md §7): the service (with `--isvc`), the
//! model and the candidate snapshot as read, judged by the shared selector
//! ([`crate::evaluate::runtime_selection`]) and turned into the notes and rows the command
//! prints. Pure; failures are checked in the order of §7.2, whatever order the reads finished in.

#[cfg(test)]
mod tests;

use crate::errors::read_check::ReadKind;
use crate::errors::{FailedRead, RuntimeExplainError, SnapshotError};
use crate::evaluate::runtime_selection::model::{self, ModelReadProblem};
use crate::evaluate::runtime_selection::requested::Requested;
use crate::evaluate::runtime_selection::select;
use crate::evaluate::runtime_selection::snapshot::{self, Inconsistency, SnapshotProblem};
use crate::ome::binding::{BindingProblem, UidRule, bind};
use crate::ome::evidence::ApiError;
use crate::ome::names::is_dns1123_subdomain;
use crate::ome::reads::{ModelReads, RuntimeKind};
use crate::ome::selection::SnapshotReads;
use crate::ome::{Fetched, InferenceService};
use serde_json::Value;

/// The service `--isvc` names, checked: what selection reads of it.
#[derive(Debug, Clone)]
pub(crate) struct Service {
    pub(crate) view: InferenceService,
    /// `spec.model.name` (a DNS-1123 subdomain: it becomes the model GETs' path).
    pub(crate) model: String,
}

impl Service {
    /// Whether the service names its runtime (the selection shown is then hypothetical).
    fn names_runtime(&self) -> bool {
        self.view
            .spec
            .runtime
            .as_ref()
            .and_then(|r| r.name.as_deref())
            .is_some_and(|n| !n.is_empty())
    }
}

/// §7.2 steps 6–7: the GET of `namespace/name` returned that service, which names a model.
pub(crate) fn service(
    read: Result<Value, ApiError>,
    namespace: &str,
    name: &str,
) -> Result<Service, RuntimeExplainError> {
    let failed = |cause| {
        RuntimeExplainError::Get(FailedRead::new(
            ReadKind::InferenceService,
            namespace,
            name,
            cause,
        ))
    };
    let raw = read.map_err(failed)?;
    let isvc =
        Fetched::<InferenceService>::from_raw(raw).ok_or_else(|| failed(ApiError::Malformed))?;
    match bind(&isvc.view.metadata, namespace, name, UidRule::Present) {
        Ok(()) | Err(BindingProblem::UnsafeUid) => {}
        Err(BindingProblem::NameMismatch) => return Err(RuntimeExplainError::ServiceName),
        Err(BindingProblem::NamespaceMismatch) => {
            return Err(RuntimeExplainError::ServiceNamespace);
        }
        Err(BindingProblem::MissingUid) => return Err(RuntimeExplainError::ServiceUid),
    }
    let model = isvc
        .view
        .spec
        .model
        .as_ref()
        .and_then(|m| m.name.clone())
        .filter(|m| !m.is_empty())
        .ok_or_else(|| RuntimeExplainError::NoModel(name.to_string()))?;
    if !is_dns1123_subdomain(&model) {
        return Err(RuntimeExplainError::InvalidServiceModel(name.to_string()));
    }
    Ok(Service {
        view: isvc.view,
        model,
    })
}

/// A line written on stderr before the table (§7.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Note {
    /// The service names its runtime: the selection shown is what OME would do without it.
    ExplicitRuntime,
    ModelDisabled,
    ModelSharded,
    /// Not one candidate exists: no table follows.
    NoCandidates,
}

/// One candidate's row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Row {
    pub(crate) name: String,
    pub(crate) kind: RuntimeKind,
    pub(crate) verdict: RowVerdict,
}

/// Whether OME can select the candidate, with the figures of a Yes row or the reason of a No.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RowVerdict {
    Yes { priority: i64, weight: i64 },
    No { reason: String },
}

/// What the command prints: the notes, then the rows (none: [`Note::NoCandidates`] says so).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Explanation {
    pub(crate) notes: Vec<Note>,
    pub(crate) rows: Vec<Row>,
}

/// The reads of the model and the candidates, and the service when there is one; `namespace`
/// and `model_name` are the command's (for the check line of a failed read).
pub(crate) struct Evidence<'a> {
    pub(crate) service: Option<&'a Service>,
    pub(crate) model_name: &'a str,
    pub(crate) namespace: &'a str,
    pub(crate) models: &'a ModelReads,
    pub(crate) snapshot: &'a SnapshotReads,
}

/// §7.2 steps 8–9, then every candidate judged and ranked (§7.4).
pub(crate) fn explain(evidence: &Evidence<'_>) -> Result<Explanation, RuntimeExplainError> {
    let model = model::read(evidence.models).map_err(|p| model_error(evidence, p))?;
    if model.spec.format_name().is_empty() {
        return Err(RuntimeExplainError::NoFormat);
    }
    let snapshot =
        snapshot::snapshot(evidence.snapshot).map_err(|p| snapshot_error(evidence.namespace, p))?;
    let mut notes = Vec::new();
    if evidence.service.is_some_and(Service::names_runtime) {
        notes.push(Note::ExplicitRuntime);
    }
    if model.spec.disabled == Some(true) {
        notes.push(Note::ModelDisabled);
    }
    if model.spec.is_sharded() {
        notes.push(Note::ModelSharded);
    }
    let requested = evidence
        .service
        .map_or_else(Requested::nothing, |s| Requested::of(&s.view));
    let rows: Vec<Row> = select(&snapshot, &model.spec, &requested)
        .into_iter()
        .map(|verdict| Row {
            name: verdict.candidate.name.clone(),
            kind: verdict.candidate.kind,
            verdict: match verdict.outcome {
                Ok(q) => RowVerdict::Yes {
                    priority: q.priority,
                    weight: q.weight,
                },
                Err(exclusion) => RowVerdict::No {
                    reason: exclusion.reason(),
                },
            },
        })
        .collect();
    if rows.is_empty() {
        notes.push(Note::NoCandidates);
    }
    Ok(Explanation { notes, rows })
}

/// The read that decided the model, as §7.2 step 8 shows it: the BaseModel's failure, or after
/// its 404 the ClusterBaseModel's (both 404: the ClusterBaseModel's `not found`).
fn model_error(evidence: &Evidence<'_>, problem: ModelReadProblem) -> RuntimeExplainError {
    let cluster_decides = evidence
        .models
        .base
        .as_ref()
        .is_err_and(ApiError::is_not_found);
    let (kind, cause) = match problem {
        ModelReadProblem::Failed { kind, cause } => (kind, *cause),
        ModelReadProblem::NotFound => (
            model::ModelKind::Cluster,
            evidence
                .models
                .cluster
                .as_ref()
                .err()
                .cloned()
                .unwrap_or(ApiError::Malformed),
        ),
        ModelReadProblem::Malformed if cluster_decides => {
            (model::ModelKind::Cluster, ApiError::Malformed)
        }
        ModelReadProblem::Malformed => (model::ModelKind::Base, ApiError::Malformed),
    };
    let kind = match kind {
        model::ModelKind::Base => ReadKind::BaseModel,
        model::ModelKind::Cluster => ReadKind::ClusterBaseModel,
    };
    RuntimeExplainError::Get(FailedRead::new(
        kind,
        evidence.namespace,
        evidence.model_name,
        cause,
    ))
}

fn snapshot_error(namespace: &str, problem: SnapshotProblem) -> RuntimeExplainError {
    RuntimeExplainError::Snapshot(match problem {
        SnapshotProblem::Failed { kind, cause } => {
            let list = match kind {
                RuntimeKind::Namespaced => ReadKind::ServingRuntimeList,
                RuntimeKind::Cluster => ReadKind::ClusterServingRuntimeList,
            };
            SnapshotError::Failed(FailedRead::new(list, namespace, "", *cause))
        }
        SnapshotProblem::Truncated { .. } => SnapshotError::Truncated,
        SnapshotProblem::Inconsistent {
            problem: Inconsistency::Identity,
            ..
        } => SnapshotError::Identity,
        SnapshotProblem::Inconsistent {
            problem: Inconsistency::Duplicate,
            ..
        } => SnapshotError::Duplicate,
        SnapshotProblem::Inconsistent { .. } => SnapshotError::Inconsistent,
    })
}
