//! `kubectl ome runtime effective SERVICE` (after-the-write.md §3): parse → connect → the
//! service (10 s) → bind → plan → the runtime, model and revision reads (concurrent where
//! independent; failures are evidence) → project → print. Read-only.

use super::output::print_report;
use crate::cli::args::RuntimeEffectiveArgs;
use crate::cli::runtime::parse_effective;
use crate::collect::instance::get_isvc;
use crate::collect::runtime_effective::collect;
use crate::connect::{self, ConnectionFlags};
use crate::errors::{CliError, ReadPreamble, RuntimeEffectiveError, ServiceGet};
use crate::evaluate::runtime_effective::{plan, project};
use crate::ome::binding::{BindingProblem, UidRule, bind};
use crate::ome::{Fetched, InferenceService};
use std::time::Duration;

/// The InferenceService GET's limit.
const ISVC_TIMEOUT: Duration = Duration::from_secs(10);

/// Runs the command.
pub(crate) async fn run(
    args: RuntimeEffectiveArgs,
    flags: ConnectionFlags,
) -> Result<(), CliError> {
    let request = parse_effective(&args)?;
    let ome_namespace = request.ome_namespace.clone();
    let (conn, client) = connect::open(&flags, |c| {
        ReadPreamble::check_namespaces(&c.namespace, &ome_namespace)
            .map_err(RuntimeEffectiveError::from)
    })
    .await?;
    let namespace = conn.namespace.as_str();
    let timeout = conn.request_timeout.capped(ISVC_TIMEOUT);
    let raw = get_isvc(&client, namespace, &request.name, timeout)
        .await
        .map_err(|cause| {
            let get = ServiceGet::new(namespace, &request.name, cause);
            RuntimeEffectiveError::Get(get, flags.context.clone())
        })?;
    let isvc = Fetched::<InferenceService>::from_raw(raw).ok_or(RuntimeEffectiveError::NoObject)?;
    check_identity(&isvc.view, namespace, &request.name)?;
    let plan = plan(&isvc.view);
    let reads = collect(&client, &plan, &request.ome_namespace, conn.request_timeout).await;
    let report = project(
        &isvc,
        &plan,
        &reads,
        &request.ome_namespace,
        jiff::Timestamp::now(),
    );
    print_report(&report, request.output)
        .await
        .map_err(|e| RuntimeEffectiveError::from(e).into())
}

/// §3.2 step 7: the returned service is the one asked for and carries a UID and a
/// resourceVersion.
fn check_identity(
    isvc: &InferenceService,
    namespace: &str,
    name: &str,
) -> Result<(), RuntimeEffectiveError> {
    match bind(&isvc.metadata, namespace, name, UidRule::Present) {
        Ok(()) | Err(BindingProblem::UnsafeUid) => {}
        Err(BindingProblem::NameMismatch) => return Err(RuntimeEffectiveError::NameMismatch),
        Err(BindingProblem::NamespaceMismatch) => {
            return Err(RuntimeEffectiveError::NamespaceMismatch);
        }
        Err(BindingProblem::MissingUid) => return Err(RuntimeEffectiveError::EmptyUid),
    }
    if crate::ome::meta_resource_version(&isvc.metadata).is_empty() {
        return Err(RuntimeEffectiveError::EmptyResourceVersion);
    }
    Ok(())
}
