//! `kubectl ome instance list`: parse → connect → collect (ISVC GET ∥ IR LIST) → bind →
//! project → print.

use super::failed_read::service_read_failed;
use super::output::print_report;
use crate::cli::args::InstanceListArgs;
use crate::collect::instance::{ListLimits, collect};
use crate::connect::{self, ConnectionFlags};
use crate::errors::{CliError, InstanceListError, ReadPreamble, ServiceGet};
use crate::evaluate::instance_list::{ROW_BUDGET, project};
use crate::ome::binding::{UidRule, bind};
use crate::ome::{Fetched, InferenceService};

/// Runs the command.
pub(crate) async fn run(args: InstanceListArgs, flags: ConnectionFlags) -> Result<(), CliError> {
    let request = crate::cli::instance::parse(&args)?;
    let (conn, client) = connect::open(&flags, |c| {
        ReadPreamble::check_namespace(&c.namespace).map_err(InstanceListError::from)
    })
    .await?;
    let namespace = &conn.namespace;
    let limits = ListLimits::INSTANCE_LIST.with_timeout(conn.request_timeout);
    let (isvc, collection) =
        collect(&client, namespace, &request.name, limits, limits.timeout).await;
    let raw = isvc.map_err(|cause| {
        let shown =
            InstanceListError::Get(ServiceGet::new(namespace, &request.name, cause.clone()));
        service_read_failed(shown, namespace, &request.name, &cause, &flags)
    })?;
    let isvc = Fetched::<InferenceService>::from_raw(raw).ok_or(InstanceListError::NoObject)?;
    bind(&isvc.view.metadata, namespace, &request.name, UidRule::Safe)
        .map_err(InstanceListError::Binding)?;
    let report = project(&isvc, &collection, ROW_BUDGET, jiff::Timestamp::now());
    print_report(&report, request.output)
        .await
        .map_err(|e| InstanceListError::from(e).into())
}
