//! `kubectl ome admin doctor` (diagnose.md §4, §5.2): parse (before any kubeconfig access) →
//! connect → under one 30 s deadline, the 7 discovery documents, the manager Deployment and,
//! with `--isvc`, the service, one GET at a time; with `--access`, the SelfSubjectAccessReviews
//! at once → project → print → the exit verdict.

use super::failed_read::service_read_failed;
use super::output::print_report;
use crate::cli::args::DoctorArgs;
use crate::collect::diagnose::{access_review, get};
use crate::collect::http::paths;
use crate::connect::{self, ConnectionFlags, RequestTimeout};
use crate::errors::{AdminDoctorError, CliError};
use crate::evaluate::admin_doctor::catalogue::{GROUP_VERSIONS, discovery_path};
use crate::evaluate::admin_doctor::{Evidence, Request, Verdict, access, project, verdict};
use crate::ome::binding::{UidRule, bind};
use crate::ome::evidence::ApiError;
use crate::ome::names::is_dns1123_label;
use crate::ome::request::DoctorRequest;
use crate::ome::{Fetched, InferenceService};
use serde_json::Value;
use std::time::Duration;

/// The whole collection.
const COMMAND_DEADLINE: Duration = Duration::from_secs(30);
/// Each request.
const REQUEST_DEADLINE: Duration = Duration::from_secs(10);

/// Runs the command.
pub(crate) async fn run(args: DoctorArgs, flags: ConnectionFlags) -> Result<(), CliError> {
    let request = crate::cli::admin::parse(&args, &flags)?;
    let (conn, client) = connect::open(&flags, |c| {
        if c.namespace.is_empty() {
            return Err(AdminDoctorError::WorkloadNamespaceUnavailable);
        }
        if !is_dns1123_label(&c.namespace) {
            return Err(AdminDoctorError::InvalidNamespaces);
        }
        match c.context_name.as_deref() {
            None | Some("") => Err(AdminDoctorError::ContextUnavailable),
            Some(_) => Ok(()),
        }
    })
    .await?;
    let wanted = Request {
        context: conn.context_name.clone().unwrap_or_default(),
        workload_namespace: conn.namespace.clone(),
        ome_namespace: request.ome_namespace.clone(),
        isvc: request.isvc.clone(),
    };
    let timeout = conn.request_timeout.capped(REQUEST_DEADLINE);
    let evidence = tokio::time::timeout(
        COMMAND_DEADLINE,
        collect(&client, &wanted, &request, timeout),
    )
    .await
    .map_err(|_| AdminDoctorError::CanceledOrTimedOut)?
    .map_err(|e| match (&e, &wanted.isvc) {
        (AdminDoctorError::CollectionFailed(Some(cause)), Some(name)) => {
            let cause = cause.as_ref().clone();
            service_read_failed(e, &wanted.workload_namespace, name, &cause, &flags)
        }
        _ => e.into(),
    })?;
    let report = project(
        &wanted,
        &evidence,
        env!("CARGO_PKG_VERSION"),
        jiff::Timestamp::now(),
    );
    print_report(&report, request.output)
        .await
        .map_err(AdminDoctorError::Write)?;
    match verdict(&report) {
        Verdict::Clean => Ok(()),
        Verdict::RequiredApiViolations => Err(AdminDoctorError::RequiredApiViolations.into()),
        Verdict::AccessViolations(shortfall) => {
            Err(AdminDoctorError::AccessViolations(shortfall).into())
        }
    }
}

/// The GETs in order, then the reviews; only the selected service's read is fatal.
async fn collect(
    client: &kube::Client,
    wanted: &Request,
    request: &DoctorRequest,
    timeout: RequestTimeout,
) -> Result<Evidence, AdminDoctorError> {
    let mut discovery = Vec::with_capacity(GROUP_VERSIONS.len());
    for group_version in GROUP_VERSIONS {
        let path = discovery_path(group_version);
        discovery.push((group_version, get(client, path, timeout).await));
    }
    let manager = get(
        client,
        paths::manager_deployment(&wanted.ome_namespace),
        timeout,
    )
    .await;
    let isvc = match &wanted.isvc {
        None => None,
        Some(name) => Some(
            selected(
                client,
                &wanted.workload_namespace,
                name,
                timeout,
                request.access,
            )
            .await?,
        ),
    };
    let access = if request.access {
        let checks = access::plan(
            &wanted.workload_namespace,
            wanted.isvc.as_deref(),
            request.component.map(|c| c.as_str()),
        );
        let bodies: Vec<Value> = checks.iter().map(access::review_body).collect();
        let answers = futures::future::join_all(
            bodies
                .iter()
                .map(|body| access_review(client, body, timeout)),
        )
        .await;
        Some(checks.into_iter().zip(answers).collect())
    } else {
        None
    };
    Ok(Evidence {
        discovery,
        manager,
        isvc,
        access,
    })
}

/// The selected service: read and bound to the request, or the collection fails. With
/// `--access` a failed read is evidence instead: the reviews are what the user asked for, and
/// a forbidden read is the likeliest answer for an identity without rights.
async fn selected(
    client: &kube::Client,
    namespace: &str,
    name: &str,
    timeout: RequestTimeout,
    access: bool,
) -> Result<Result<Value, ApiError>, AdminDoctorError> {
    let raw = match get(client, paths::inference_service(namespace, name), timeout).await {
        Ok(raw) => raw,
        Err(cause) if access => return Ok(Err(cause)),
        Err(ApiError::TimedOut) => return Err(AdminDoctorError::CanceledOrTimedOut),
        Err(cause) => return Err(AdminDoctorError::CollectionFailed(Some(Box::new(cause)))),
    };
    let fetched = Fetched::<InferenceService>::from_raw(raw)
        .ok_or(AdminDoctorError::CollectionFailed(None))?;
    bind(&fetched.view.metadata, namespace, name, UidRule::Present)
        .map_err(|_| AdminDoctorError::CollectionFailed(None))?;
    Ok(Ok(fetched.raw))
}
