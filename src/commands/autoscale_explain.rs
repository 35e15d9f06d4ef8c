//! `kubectl ome autoscale explain SERVICE` (diagnose.md §2): parse → connect → under one 10 s
//! deadline, the service and (unless it is virtual) its active runtime configuration →
//! project → print.

use super::failed_read::service_read_failed;
use super::output::print_report;
use super::runtime_reads::{RUNTIME_DEADLINE, active_runtime};
use crate::cli::args::AutoscaleExplainArgs;
use crate::cli::autoscale::parse_explain;
use crate::collect::instance::get_isvc;
use crate::collect::scale::selection_reads;
use crate::connect::{self, ConnectionFlags};
use crate::errors::FailedStep;
use crate::errors::{AutoscaleExplainError, CliError, ReadPreamble, RuntimeFailure, ServiceGet};
use crate::evaluate::autoscale_explain::selected;
use crate::evaluate::autoscale_explain::{active_of, project};
use crate::evaluate::deployment_mode;
use crate::evaluate::runtime_selection::{Chosen, choose};
use crate::evaluate::scale::runtime::{ActiveRuntime, RuntimeProblem, runtime_source};
use crate::ome::binding::{BindingProblem, UidRule, bind};
use crate::ome::evidence::ApiError;
use crate::ome::reads::RuntimeSource;
use crate::ome::runtime::RuntimeSpec;
use crate::ome::{Fetched, InferenceService};
use std::time::Duration;

/// The ISVC GET and every runtime and pin read share this deadline.
const ACQUISITION: Duration = Duration::from_secs(10);

/// Runs the command.
pub(crate) async fn run(
    args: AutoscaleExplainArgs,
    flags: ConnectionFlags,
) -> Result<(), CliError> {
    let request = parse_explain(&args)?;
    let ome_namespace = request.ome_namespace.clone();
    let (conn, client) = connect::open(&flags, |c| {
        ReadPreamble::check_namespaces(&c.namespace, &ome_namespace)
            .map_err(AutoscaleExplainError::from)
    })
    .await?;
    let namespace = conn.namespace.as_str();
    let timeout = conn.request_timeout.capped(ACQUISITION);
    let acquisition = async {
        let raw = get_isvc(&client, namespace, &request.name, timeout)
            .await
            .map_err(|cause| match cause {
                ApiError::TimedOut => AutoscaleExplainError::DeadlineExceeded,
                cause => {
                    AutoscaleExplainError::Get(ServiceGet::new(namespace, &request.name, cause))
                }
            })?;
        let isvc =
            Fetched::<InferenceService>::from_raw(raw).ok_or(AutoscaleExplainError::NoObject)?;
        match bind(
            &isvc.view.metadata,
            namespace,
            &request.name,
            UidRule::Present,
        ) {
            Ok(()) | Err(BindingProblem::UnsafeUid) => {}
            Err(problem) => return Err(AutoscaleExplainError::Binding(problem)),
        }
        if isvc
            .view
            .metadata
            .resource_version
            .as_deref()
            .is_none_or(str::is_empty)
        {
            return Err(AutoscaleExplainError::NoResourceVersion);
        }
        if deployment_mode::is_virtual(&isvc.view) {
            return Ok((isvc, Configuration::None));
        }
        if let RuntimeSource::Selected(target) =
            runtime_source(&isvc.view).map_err(runtime_error)?
        {
            let reads = tokio::time::timeout(RUNTIME_DEADLINE, selection_reads(&client, &target))
                .await
                .map_err(|_| AutoscaleExplainError::DeadlineExceeded)?;
            let (Some(models), Some(snapshot)) = (&reads.model, &reads.snapshot) else {
                return Err(AutoscaleExplainError::Runtime(RuntimeFailure::Unbound));
            };
            let chosen = choose(&isvc.view, models, snapshot).map_err(selected::failure)?;
            let spec = selected::selected_spec(&chosen)?;
            return Ok((isvc, Configuration::Selected(Box::new((chosen, spec)))));
        }
        let active = active_runtime(
            &client,
            &isvc.view,
            &request.ome_namespace,
            RUNTIME_DEADLINE,
        )
        .await
        .map_err(runtime_error)?;
        Ok::<(Fetched<InferenceService>, Configuration), AutoscaleExplainError>((
            isvc,
            Configuration::Named(Box::new(active)),
        ))
    };
    let (isvc, configuration) = tokio::time::timeout(ACQUISITION, acquisition)
        .await
        .map_err(|_| AutoscaleExplainError::DeadlineExceeded)?
        .map_err(|e| failed(e, namespace, &request.name, &flags))?;
    let active = match &configuration {
        Configuration::None => None,
        Configuration::Named(active) => Some(active_of(&isvc.view, active)),
        Configuration::Selected(selection) => Some(
            selected::active_of_selected(&selection.0, &selection.1)
                .map_err(|e| failed(e, namespace, &request.name, &flags))?,
        ),
    };
    let report = project(&isvc, active.as_ref(), jiff::Timestamp::now());
    print_report(&report, request.output)
        .await
        .map_err(|e| AutoscaleExplainError::from(e).into())
}

/// The active configuration acquired: none (a virtual service), the runtime the service
/// names, or the one OME selects with its raw spec.
enum Configuration {
    None,
    Named(Box<ActiveRuntime>),
    Selected(Box<(Chosen, RuntimeSpec)>),
}

/// The error, after the line naming a failed read of the service or of a candidate list.
fn failed(
    error: AutoscaleExplainError,
    namespace: &str,
    name: &str,
    flags: &ConnectionFlags,
) -> CliError {
    match &error {
        AutoscaleExplainError::Get(get) => {
            let cause = get.cause.as_ref().clone();
            service_read_failed(error, namespace, name, &cause, flags)
        }
        AutoscaleExplainError::SelectionRead { kind, cause } => {
            let step = FailedStep::read(*kind, namespace, "", cause, flags.context.as_deref());
            CliError::from(error).failed_at(step)
        }
        _ => error.into(),
    }
}

fn runtime_error(problem: RuntimeProblem) -> AutoscaleExplainError {
    AutoscaleExplainError::Runtime(match problem {
        RuntimeProblem::Timeout => return AutoscaleExplainError::DeadlineExceeded,
        RuntimeProblem::Forbidden => RuntimeFailure::ReadForbidden,
        RuntimeProblem::Unreadable => RuntimeFailure::ReadFailed,
        RuntimeProblem::Unbound
        | RuntimeProblem::RevisionInconsistent
        | RuntimeProblem::ModelNotFound
        | RuntimeProblem::ModelDisabled
        | RuntimeProblem::ModelIncompatible
        | RuntimeProblem::UnsupportedShape
        | RuntimeProblem::RuntimeNotReady
        | RuntimeProblem::SelectedRuntimeMismatch
        | RuntimeProblem::SelectionInconsistent => RuntimeFailure::Unbound,
        RuntimeProblem::NotSet
        | RuntimeProblem::NotFound
        | RuntimeProblem::Disabled
        | RuntimeProblem::NoNativeComponent
        | RuntimeProblem::Cycle
        | RuntimeProblem::MaxDepthExceeded
        | RuntimeProblem::ModelSharded
        | RuntimeProblem::NoRuntimeSelected
        | RuntimeProblem::SelectionTruncated => RuntimeFailure::Unavailable,
    })
}
