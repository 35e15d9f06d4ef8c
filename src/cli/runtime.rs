//! `runtime effective` arguments → a typed request (after-the-write.md §3.1, §3.2 steps 1–3).
//! No I/O: the namespaces are checked once the kubeconfig is loaded.

use crate::cli::args::RuntimeEffectiveArgs;
use crate::errors::{CliError, RuntimeEffectiveError};
use crate::ome::request::RuntimeEffectiveRequest;

pub(crate) const RUNTIME_EXAMPLES: &str = "\
Examples:
  # Which runtime configuration chat's controller renders from
  kubectl ome runtime effective chat -n prod

  # Which runtimes OME can select for chat, and why the others cannot serve it
  kubectl ome runtime explain --isvc chat -n prod";

pub(crate) const RUNTIME_EFFECTIVE_EXAMPLES: &str = "\
Examples:
  # The live runtime, the active configuration, the pin, sync and drift of chat
  kubectl ome runtime effective chat -n prod

  # One row per view and component
  kubectl ome runtime effective chat -n prod -o wide

  # As JSON, with the inheritance chain and every source
  kubectl ome runtime effective chat -n prod -o json";

pub(crate) const RUNTIME_EFFECTIVE_LONG_ABOUT: &str = "\
Show effective runtime evidence for an InferenceService.

Compares the Live view (the runtime the service names, found where OME's controller looks for
it and merged with its ome.io/inherit-from parents) with the Active view (what the controller
renders from: the pinned ControllerRevision, or the live runtime), with the pin, the runtime-sync
tokens (never printed), the status freshness and the controller's RuntimeDrifted condition.
Nothing is written. Specs, revision data, status messages and tokens are never printed; STATUS
Current compares two generations, not convergence. An automatically selected runtime is not
evaluated (issue AutoSelectionNotEvaluated). Read failures are evidence: the command exits 0.";

/// The argument count, the output format (`wide` first), then the name.
pub(crate) fn parse_effective(
    args: &RuntimeEffectiveArgs,
) -> Result<RuntimeEffectiveRequest, CliError> {
    let (name, output) = args.service.parse::<RuntimeEffectiveError>()?;
    Ok(RuntimeEffectiveRequest {
        name,
        output,
        ome_namespace: args.ome_namespace.clone(),
    })
}
