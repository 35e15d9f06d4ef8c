//! The active runtime configuration of a service, read and resolved for the diagnosis
//! commands: the runtime the service names (with its `ome.io/inherit-from` parents) and its
//! pinned ControllerRevisions, under one deadline.

use crate::collect::scale::named_reads;
use crate::evaluate::scale::runtime::{ActiveRuntime, RuntimeProblem, resolve, runtime_target};
use crate::ome::InferenceService;
use crate::ome::reads::RuntimeTarget;
use std::time::Duration;

/// All runtime and pin reads of `instance status` and `autoscale explain` share this deadline.
pub(crate) const RUNTIME_DEADLINE: Duration = Duration::from_secs(10);

/// Reads and resolves the active configuration within `deadline`; why not, when it cannot be
/// established.
pub(crate) async fn active_runtime(
    client: &kube::Client,
    isvc: &InferenceService,
    ome_namespace: &str,
    deadline: Duration,
) -> Result<ActiveRuntime, RuntimeProblem> {
    // The model gate is `scale`'s (evidence-strictness.md §2.1): no model is read here.
    let target = RuntimeTarget {
        model: None,
        ..runtime_target(isvc)?
    };
    let reads = tokio::time::timeout(deadline, named_reads(client, &target, ome_namespace))
        .await
        .map_err(|_| RuntimeProblem::Timeout)?;
    resolve(isvc, &target, &reads, ome_namespace)
}

/// The unavailable reason of a runtime that could not be resolved (diagnose.md §1.4).
pub(crate) fn unresolved_reason(problem: RuntimeProblem) -> &'static str {
    match problem {
        RuntimeProblem::NotSet => "NotConfigured",
        RuntimeProblem::NotFound => "NotFound",
        RuntimeProblem::Disabled => "Disabled",
        RuntimeProblem::Cycle => "Cycle",
        RuntimeProblem::MaxDepthExceeded => "MaxDepthExceeded",
        RuntimeProblem::Forbidden => "Forbidden",
        RuntimeProblem::Unbound
        | RuntimeProblem::RevisionInconsistent
        | RuntimeProblem::NoNativeComponent
        | RuntimeProblem::ModelNotFound
        | RuntimeProblem::ModelDisabled
        | RuntimeProblem::ModelIncompatible
        | RuntimeProblem::UnsupportedShape => "MalformedPayload",
        RuntimeProblem::Unreadable
        | RuntimeProblem::Timeout
        | RuntimeProblem::SelectionTruncated
        | RuntimeProblem::SelectionInconsistent => "Unreadable",
        RuntimeProblem::NoRuntimeSelected => "NotFound",
        RuntimeProblem::ModelSharded
        | RuntimeProblem::RuntimeNotReady
        | RuntimeProblem::SelectedRuntimeMismatch => "MalformedPayload",
    }
}
