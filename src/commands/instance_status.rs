//! `kubectl ome instance status SERVICE INDEX --component C` (diagnose.md §1): parse → connect →
//! the service → its deployment mode (the runtime, unless the service decides) → its IRs →
//! the Instance → its Pods → their Warning events → project → print.

use super::failed_read::service_read_failed;
use super::output::print_report;
use super::runtime_reads::{RUNTIME_DEADLINE, active_runtime, unresolved_reason};
use crate::cli::args::InstanceStatusArgs;
use crate::collect::diagnose::{PodEventBounds, pods_and_warning_events};
use crate::collect::instance::{ListLimits, collect_replicas, get_isvc};
use crate::collect::list::Paging;
use crate::connect::{self, ConnectionFlags, RequestTimeout};
use crate::errors::{CliError, InstanceStatusError, ReadPreamble, ServiceGet};
use crate::evaluate::deployment_mode;
use crate::evaluate::instance_status::pods::{Owner, accept};
use crate::evaluate::instance_status::{Evidence, Mode, Request, project, select};
use crate::ome::binding::{UidRule, bind};
use crate::ome::evidence::ApiError;
use crate::ome::keys::{LABEL_COMPONENT, LABEL_INFERENCESERVICE, LABEL_MANAGED_BY};
use crate::ome::listing::{Listed, TargetEvents};
use crate::ome::{Fetched, InferenceService};
use std::time::Duration;

/// The service GET and each LIST page are capped at this.
const READ_DEADLINE: Duration = Duration::from_secs(10);
const BOUNDS: PodEventBounds = PodEventBounds {
    pods: Paging {
        page_size: 32,
        max_pages: 2,
        max_items: 64,
        page_deadline: READ_DEADLINE,
    },
    events: Paging {
        page_size: 25,
        max_pages: 2,
        max_items: 50,
        page_deadline: READ_DEADLINE,
    },
    concurrency: 4,
};

/// Runs the command.
pub(crate) async fn run(args: InstanceStatusArgs, flags: ConnectionFlags) -> Result<(), CliError> {
    let request = crate::cli::instance::parse_status(&args)?;
    let ome_namespace = request.ome_namespace.clone();
    let (conn, client) = connect::open(&flags, |c| {
        ReadPreamble::check_namespace(&c.namespace)?;
        ReadPreamble::check_ome_namespace(&ome_namespace).map_err(InstanceStatusError::from)
    })
    .await?;
    let namespace = conn.namespace.as_str();
    let timeout = conn.request_timeout.capped(READ_DEADLINE);
    let raw = get_isvc(&client, namespace, &request.name, timeout)
        .await
        .map_err(|cause| match cause {
            // The deadline is the command's (as in `autoscale explain`), not one read's.
            ApiError::TimedOut => InstanceStatusError::DeadlineExceeded.into(),
            cause => {
                let get = ServiceGet::new(namespace, &request.name, cause.clone());
                let shown = InstanceStatusError::Get(get);
                service_read_failed(shown, namespace, &request.name, &cause, &flags)
            }
        })?;
    let isvc = Fetched::<InferenceService>::from_raw(raw).ok_or(InstanceStatusError::NoObject)?;
    bind(&isvc.view.metadata, namespace, &request.name, UidRule::Safe)
        .map_err(InstanceStatusError::Binding)?;
    let wanted = Request {
        component: request.component,
        index: request.index,
    };
    let limits = ListLimits::INSTANCE_STATUS.with_timeout(conn.request_timeout);
    let mode = deployment(
        &client,
        &isvc.view,
        request.component,
        &request.ome_namespace,
    )
    .await;
    let now = jiff::Timestamp::now;
    let mut evidence = Evidence {
        isvc: &isvc,
        request: wanted,
        mode,
        selection: None,
        pods: None,
        events: Vec::new(),
    };
    // A component that is not OMENative has no IR, Pods or events to read.
    if !evidence.mode.is_other_than_native() {
        let collection = collect_replicas(&client, namespace, &request.name, limits).await;
        let selection = select(&isvc, &collection, wanted, now());
        if let Some(owner) = selection.owner(namespace, &request.name) {
            let (pods, events) = pods_and_events(&client, &owner, conn.request_timeout).await;
            evidence.pods = Some(pods);
            evidence.events = events;
        }
        evidence.selection = Some(selection);
    }
    let report = project(evidence, now());
    print_report(&report, request.output)
        .await
        .map_err(|e| InstanceStatusError::from(e).into())
}

/// The Pods of the Instance (by its four labels), then the Warning events of those accepted.
async fn pods_and_events(
    client: &kube::Client,
    owner: &Owner<'_>,
    timeout: RequestTimeout,
) -> (Listed, Vec<TargetEvents>) {
    let index = owner.index.to_string();
    let labels = [
        (LABEL_INFERENCESERVICE, owner.service),
        (LABEL_COMPONENT, owner.component),
        (LABEL_MANAGED_BY, "OMENative"),
        ("ome.io/instance-index", index.as_str()),
    ];
    pods_and_warning_events(client, owner.namespace, &labels, BOUNDS, timeout, |items| {
        accept(items, owner).targets
    })
    .await
}

/// The component's deployment mode: the service decides, or its active runtime does.
async fn deployment(
    client: &kube::Client,
    isvc: &InferenceService,
    component: crate::ome::Component,
    ome_namespace: &str,
) -> Mode {
    if let Some(decided) = deployment_mode::decided_by_service(isvc, component) {
        return Mode::Resolved {
            mode: decided.mode,
            source: decided.source,
            origin: decided.origin,
        };
    }
    match active_runtime(client, isvc, ome_namespace, RUNTIME_DEADLINE).await {
        Ok(active) => {
            let resolved =
                deployment_mode::resolve(isvc, &active.spec, active.origin.as_str(), component);
            Mode::Resolved {
                mode: resolved.mode,
                source: resolved.source,
                origin: resolved.origin,
            }
        }
        Err(problem) => Mode::Unresolved(unresolved_reason(problem)),
    }
}
