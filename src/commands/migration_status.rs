//! `kubectl ome migration status`: parse → connect → collect (ISVC GET ∥ IR LIST) → bind →
//! project → print. Unlike `instance list`, a failed IR LIST is fatal.

use super::failed_read::service_read_failed;
use super::output::print_report;
use crate::cli::args::MigrationStatusArgs;
use crate::collect::migration::collect;
use crate::connect::{self, ConnectionFlags};
use crate::errors::read_check::ReadKind;
use crate::errors::{CliError, FailedStep, MigrationStatusError, ReadPreamble};
use crate::evaluate::migration::project;
use crate::ome::binding::{UidRule, bind};
use crate::ome::evidence::ApiError;
use crate::ome::{Fetched, InferenceService};

/// Runs the command.
pub(crate) async fn run(args: MigrationStatusArgs, flags: ConnectionFlags) -> Result<(), CliError> {
    let request = crate::cli::migration::parse(&args)?;
    let (conn, client) = connect::open(&flags, |c| {
        ReadPreamble::check_namespace(&c.namespace).map_err(MigrationStatusError::from)
    })
    .await?;
    let namespace = &conn.namespace;
    let (isvc, collection) = collect(&client, namespace, &request.name, conn.request_timeout).await;
    let raw = isvc.map_err(|e| {
        let shown = MigrationStatusError::Get(Box::new(e.clone()));
        service_read_failed(shown, namespace, &request.name, &e, &flags)
    })?;
    let isvc = Fetched::<InferenceService>::from_raw(raw)
        .ok_or_else(|| MigrationStatusError::Get(Box::new(ApiError::Malformed)))?;
    bind(&isvc.view.metadata, namespace, &request.name, UidRule::Safe)
        .map_err(MigrationStatusError::Binding)?;
    if let Some(error) = collection.error.clone() {
        let step = FailedStep::read(
            ReadKind::InferenceReplicaList,
            namespace,
            &request.name,
            &error,
            flags.context.as_deref(),
        );
        return Err(CliError::from(MigrationStatusError::List(Box::new(error))).failed_at(step));
    }
    let report = project(
        &isvc,
        &collection,
        request.component,
        jiff::Timestamp::now(),
    );
    print_report(&report, request.output)
        .await
        .map_err(|e| MigrationStatusError::from(e).into())
}
