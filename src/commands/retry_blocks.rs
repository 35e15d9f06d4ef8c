//! `kubectl ome instance retry-blocks`: parse → connect → collect (ISVC GET ∥ IR LIST) → bind →
//! project → print. Read-only.

use super::output::{print_report, write_stderr_async};
use crate::cli::args::InstanceRetryBlocksArgs;
use crate::collect::instance::{ListLimits, PAGE_DEADLINE, collect};
use crate::connect::{self, ConnectionFlags};
use crate::errors::{CliError, OutputError, ReadPreamble, RetryBlocksError, ServiceGet};
use crate::evaluate::retry_blocks::project;
use crate::ome::binding::{UidRule, bind};
use crate::ome::request::OutputFormat;
use crate::ome::{Fetched, InferenceService};
use crate::render::retry_blocks::release_commands;

/// Runs the command.
pub(crate) async fn run(
    args: InstanceRetryBlocksArgs,
    flags: ConnectionFlags,
) -> Result<(), CliError> {
    let request = crate::cli::instance::parse_retry_blocks(&args)?;
    let (conn, client) = connect::open(&flags, |c| {
        ReadPreamble::check_namespace(&c.namespace).map_err(RetryBlocksError::from)
    })
    .await?;
    let namespace = &conn.namespace;
    let limits = ListLimits::INSTANCE_LIST.with_timeout(conn.request_timeout);
    // The GET is capped as each LIST page is (after-the-write.md §2.3).
    let get_timeout = limits.timeout.capped(PAGE_DEADLINE);
    let (isvc, collection) = collect(&client, namespace, &request.name, limits, get_timeout).await;
    let raw = isvc.map_err(|cause| {
        let get = ServiceGet::new(namespace, &request.name, cause);
        RetryBlocksError::Get(get, flags.context.clone())
    })?;
    let isvc = Fetched::<InferenceService>::from_raw(raw).ok_or(RetryBlocksError::NoObject)?;
    bind(&isvc.view.metadata, namespace, &request.name, UidRule::Safe)
        .map_err(RetryBlocksError::Binding)?;
    let report = project(
        &isvc,
        &collection,
        request.component,
        jiff::Timestamp::now(),
    )?;
    print_report(&report, request.output)
        .await
        .map_err(RetryBlocksError::from)?;
    // Under the table, on stderr, the command for each releasable block (difference af); JSON
    // and YAML carry the revision itself.
    if request.output != OutputFormat::Table {
        return Ok(());
    }
    let next: String = release_commands(&report, flags.context.as_deref())
        .iter()
        .map(|line| format!("{line}\n"))
        .collect();
    write_stderr_async(next.into_bytes())
        .await
        .map(drop)
        .map_err(|e| RetryBlocksError::from(OutputError::Write(e)).into())
}
