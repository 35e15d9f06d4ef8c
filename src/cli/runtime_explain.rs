//! `runtime explain` arguments → a typed request (runtime-selection.md §7.1, §7.2 steps 1–3).
//! No I/O: the namespace is checked once the kubeconfig is loaded. A rejected name is never
//! echoed.

use crate::cli::args::RuntimeExplainArgs;
use crate::errors::RuntimeExplainError;
use crate::ome::names::is_dns1123_subdomain;
use crate::ome::request::RuntimeExplainRequest;

pub(crate) const RUNTIME_EXPLAIN_LONG_ABOUT: &str = "\
Explain which serving runtimes match a model and why.

Judges every ServingRuntime of the namespace and every ClusterServingRuntime the way OME's
controller selects the runtime of a service that names only its model: each on its own spec
(inherit-from parents are not merged), in OME's order of checks. The runtimes that qualify come
first, in OME's rank order (the first is the one OME selects); the others follow, ServingRuntimes
then ClusterServingRuntimes, each by name, with the first check they fail. --isvc also applies
the service's accelerator classes and deployment modes; --model applies neither.

At most 1000 runtimes are read, in pages of 250 (4 pages per kind, 10s per request); more is an
error. Nothing is written. Notes go to stderr; the table is laid out for at most 80 columns.";

pub(crate) const RUNTIME_EXPLAIN_COLUMNS: &str = "\
Columns:
  RUNTIME     the ServingRuntime or ClusterServingRuntime
  SCOPE       Namespaced (a ServingRuntime of the namespace) or Cluster (a ClusterServingRuntime)
  COMPATIBLE  Yes: OME can select it (the first Yes row is OME's pick); No: REASON says why not
  PRIORITY    the priority of the runtime's first supportedModelFormats entry matching the model
  WEIGHT      that entry's (format weight + matched framework weight) x priority; the score
              that ranks the Yes rows can differ
  REASON      the first check the runtime fails, in OME's order";

pub(crate) const EXIT_RUNTIME_EXPLAIN: &str = "\
Exit codes:
  0  the table was written (a table without a Yes row included), or no runtime exists
  1  error (one `error:` line, nothing on stdout): arguments, flags, configuration, a failed
     read of the service, the model or the runtimes, more than 1000 runtimes, cancellation";

pub(crate) const RUNTIME_EXPLAIN_EXAMPLES: &str = "\
Examples:
  # Which runtimes OME can select for chat, ranked, and why the others cannot serve it
  kubectl ome runtime explain --isvc chat -n prod

  # The same for a model alone (the BaseModel in prod, else the ClusterBaseModel)
  kubectl ome runtime explain --model llama-3-2-1b-instruct -n prod";

/// A positional argument, then exactly one of `--model` and `--isvc` (an empty value counts as
/// not given), then its name.
pub(crate) fn parse_explain(
    args: &RuntimeExplainArgs,
) -> Result<RuntimeExplainRequest, RuntimeExplainError> {
    if let Some(first) = args.names.first() {
        return Err(RuntimeExplainError::Positional(first.clone()));
    }
    let given = |value: &Option<String>| value.clone().filter(|v| !v.is_empty());
    match (given(&args.model), given(&args.isvc)) {
        (Some(model), None) if is_dns1123_subdomain(&model) => {
            Ok(RuntimeExplainRequest::Model(model))
        }
        (Some(_), None) => Err(RuntimeExplainError::InvalidModel),
        (None, Some(isvc)) if is_dns1123_subdomain(&isvc) => {
            Ok(RuntimeExplainRequest::Service(isvc))
        }
        (None, Some(_)) => Err(RuntimeExplainError::InvalidService),
        _ => Err(RuntimeExplainError::ExactlyOne),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::message;

    fn args(names: &[&str], model: Option<&str>, isvc: Option<&str>) -> RuntimeExplainArgs {
        RuntimeExplainArgs {
            names: names.iter().map(|s| s.to_string()).collect(),
            model: model.map(str::to_string),
            isvc: isvc.map(str::to_string),
        }
    }

    #[test]
    fn checks_run_in_the_documented_order() {
        assert_eq!(
            message(parse_explain(&args(&["x"], Some("Bad"), None))),
            "unknown command \"x\" for \"ome runtime explain\""
        );
        for (model, isvc) in [
            (None, None),
            (Some("m"), Some("chat")),
            (Some("Bad"), Some("Bad")),
            (Some(""), Some("")),
        ] {
            assert_eq!(
                message(parse_explain(&args(&[], model, isvc))),
                "exactly one of --model or --isvc is required"
            );
        }
        assert_eq!(
            message(parse_explain(&args(&[], Some("Bad_Model"), None))),
            "model name is invalid"
        );
        assert_eq!(
            message(parse_explain(&args(&[], None, Some("chat/x")))),
            "inference service name is invalid"
        );
        assert_eq!(
            parse_explain(&args(&[], Some("llama-3.2"), Some(""))).ok(),
            Some(RuntimeExplainRequest::Model("llama-3.2".into()))
        );
        assert_eq!(
            parse_explain(&args(&[], None, Some("chat"))).ok(),
            Some(RuntimeExplainRequest::Service("chat".into()))
        );
    }
}
