//! `kubectl ome status SERVICE` (diagnose.md §3): parse → connect → under one 30 s deadline,
//! the service → its Pods → the Warning events of the service and of at most 15 Pods ∥ its
//! runtime and pin → the AcceleratorClasses its components selected (only on a resolved
//! runtime) → project → print.

use super::failed_read::service_read_failed;
use super::output::print_report;
use super::runtime_reads::active_runtime;
use crate::cli::args::StatusArgs;
use crate::cli::status::parse;
use crate::collect::diagnose::{PodEventBounds, accelerator_classes, pods_and_warning_events};
use crate::collect::instance::get_isvc;
use crate::collect::list::Paging;
use crate::connect::{self, ConnectionFlags, RequestTimeout};
use crate::errors::{CliError, StatusError};
use crate::evaluate::deployment_mode;
use crate::evaluate::scale::runtime::{RuntimeProblem, pin_of, runtime_target};
use crate::evaluate::status::{
    AcceleratorRead, Evidence, RuntimeEvidence, accelerators_to_read, event_targets,
    pods as status_pods, project,
};
use crate::ome::binding::{UidRule, bind};
use crate::ome::evidence::ApiError;
use crate::ome::keys::LABEL_INFERENCESERVICE;
use crate::ome::listing::{Listed, TargetEvents};
use crate::ome::names::check_namespace;
use crate::ome::{Fetched, InferenceService};
use crate::render::status::StatusView;
use std::time::Duration;

/// The whole command.
const COMMAND_DEADLINE: Duration = Duration::from_secs(30);
/// The service GET.
const GET_DEADLINE: Duration = Duration::from_secs(10);
/// The runtime and pin reads, and each AcceleratorClass GET.
const SHORT_DEADLINE: Duration = Duration::from_secs(5);
const BOUNDS: PodEventBounds = PodEventBounds {
    pods: Paging {
        page_size: 500,
        max_pages: 2,
        max_items: 1000,
        page_deadline: GET_DEADLINE,
    },
    events: Paging {
        page_size: 25,
        max_pages: 1,
        max_items: 25,
        page_deadline: SHORT_DEADLINE,
    },
    concurrency: 8,
};

/// Runs the command.
pub(crate) async fn run(args: StatusArgs, flags: ConnectionFlags) -> Result<(), CliError> {
    let request = parse(&args)?;
    let ome_namespace = request.ome_namespace.clone();
    let (conn, client) = connect::open(&flags, |c| {
        check_namespace(&c.namespace).map_err(|_| StatusError::InvalidNamespace)?;
        check_namespace(&ome_namespace).map_err(|_| StatusError::InvalidOmeNamespace)
    })
    .await?;
    let namespace = conn.namespace.clone();
    let timeout = conn.request_timeout;
    let collection = async {
        let raw = get_isvc(
            &client,
            &namespace,
            &request.name,
            timeout.capped(GET_DEADLINE),
        )
        .await
        .map_err(|cause| match cause {
            ApiError::TimedOut => StatusError::CanceledOrTimedOut,
            cause if cause.is_not_found() => StatusError::NotFound(Box::new(cause)),
            cause => StatusError::Unreadable(Box::new(cause)),
        })?;
        let isvc = bound(raw, &namespace, &request.name)?;
        let evidence = collect(&client, &isvc, &namespace, &request.ome_namespace, timeout).await;
        Ok::<_, StatusError>((isvc, evidence))
    };
    let (isvc, (pods_read, events, skipped_targets, runtime, accelerators)) =
        tokio::time::timeout(COMMAND_DEADLINE, collection)
            .await
            .map_err(|_| StatusError::CanceledOrTimedOut)?
            .map_err(|e| match &e {
                StatusError::NotFound(cause) | StatusError::Unreadable(cause) => {
                    let cause = cause.as_ref().clone();
                    service_read_failed(e, &namespace, &request.name, &cause, &flags)
                }
                _ => e.into(),
            })?;
    let evidence = Evidence {
        isvc: &isvc,
        pods: pods_read,
        events,
        skipped_targets,
        runtime,
        accelerators,
    };
    let report = project(&evidence, jiff::Timestamp::now());
    let view = StatusView {
        report: &report,
        context: flags.context.as_deref(),
    };
    print_report(&view, request.output)
        .await
        .map_err(|e| StatusError::Write(e).into())
}

/// The service, bound to the request: name, namespace, a safe UID and a resourceVersion of
/// 1–253 bytes.
fn bound(
    raw: serde_json::Value,
    namespace: &str,
    name: &str,
) -> Result<Fetched<InferenceService>, StatusError> {
    let isvc = Fetched::<InferenceService>::from_raw(raw).ok_or(StatusError::SourceInvalid)?;
    bind(&isvc.view.metadata, namespace, name, UidRule::Safe)
        .map_err(|_| StatusError::SourceInvalid)?;
    let version = isvc.view.metadata.resource_version.as_deref().unwrap_or("");
    if version.is_empty() || version.len() > 253 {
        return Err(StatusError::SourceInvalid);
    }
    Ok(isvc)
}

type Collected = (
    Listed,
    Vec<TargetEvents>,
    usize,
    RuntimeEvidence,
    Vec<AcceleratorRead>,
);

/// Every read after the service; failures are evidence.
async fn collect(
    client: &kube::Client,
    isvc: &Fetched<InferenceService>,
    namespace: &str,
    ome_namespace: &str,
    timeout: RequestTimeout,
) -> Collected {
    let name = crate::ome::meta_name(&isvc.view.metadata).to_string();
    let pods_and_events = async {
        let labels = [(LABEL_INFERENCESERVICE, name.as_str())];
        let mut skipped = 0;
        let (pods, events) =
            pods_and_warning_events(client, namespace, &labels, BOUNDS, timeout, |items| {
                let accepted = status_pods::accept(items, namespace, &name);
                let (targets, left_out) = event_targets(&isvc.view, &accepted);
                skipped = left_out;
                targets
            })
            .await;
        (pods, events, skipped)
    };
    // The AcceleratorClasses depend on the runtime (accelerators_to_read): read after it,
    // while the Pods and events are read.
    let runtime_and_accelerators = async {
        let runtime = runtime_evidence(client, &isvc.view, ome_namespace).await;
        let classes = accelerators_to_read(&isvc.raw, &runtime);
        let accelerators = if classes.is_empty() {
            Vec::new()
        } else {
            read_accelerators(client, classes, timeout).await
        };
        (runtime, accelerators)
    };
    let ((pods, events, skipped), (runtime, accelerators)) =
        futures::join!(pods_and_events, runtime_and_accelerators);
    (pods, events, skipped, runtime, accelerators)
}

/// The exact GETs of the classes, each with its component.
async fn read_accelerators(
    client: &kube::Client,
    classes: Vec<(crate::ome::Component, String)>,
    timeout: RequestTimeout,
) -> Vec<AcceleratorRead> {
    let names: Vec<String> = classes.iter().map(|(_, n)| n.clone()).collect();
    let reads = accelerator_classes(client, &names, timeout.capped(SHORT_DEADLINE)).await;
    classes
        .into_iter()
        .zip(reads)
        .map(|((component, class), read)| AcceleratorRead {
            component,
            class,
            read,
        })
        .collect()
}

/// The runtime family's evidence: virtual and auto-selected services read nothing.
async fn runtime_evidence(
    client: &kube::Client,
    isvc: &InferenceService,
    ome_namespace: &str,
) -> RuntimeEvidence {
    if deployment_mode::is_virtual(isvc) {
        return RuntimeEvidence::Virtual;
    }
    let target = match runtime_target(isvc) {
        Ok(target) => target,
        Err(RuntimeProblem::NotSet) => return RuntimeEvidence::AutoSelection,
        Err(_) => return RuntimeEvidence::Invalid,
    };
    match active_runtime(client, isvc, ome_namespace, SHORT_DEADLINE).await {
        Ok(active) => RuntimeEvidence::Resolved {
            name: target.name,
            kind: active.scope.kind.as_str(),
            origin: active.origin,
            pin: pin_of(isvc).as_str(),
        },
        Err(
            RuntimeProblem::NotFound
            | RuntimeProblem::Forbidden
            | RuntimeProblem::Unreadable
            | RuntimeProblem::Timeout,
        ) => RuntimeEvidence::ReadFailed,
        Err(_) => RuntimeEvidence::Invalid,
    }
}
