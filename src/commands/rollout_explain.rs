//! `kubectl ome rollout explain`: parse → connect → one GET (as `rollout status` makes it) →
//! binding → explain → print.

use super::failed_read::service_read_failed;
use super::output::print_report;
use crate::cli::args::RolloutExplainArgs;
use crate::cli::rollout::parse_explain;
use crate::collect::rollout::get_inference_service_raw;
use crate::connect::{self, ConnectionFlags};
use crate::errors::{CliError, CommonError, OutputError, ReadPreamble, RolloutExplainError};
use crate::evaluate::rollout_explain::report;
use crate::ome::binding::{UidRule, bind};
use crate::ome::evidence::ApiError;
use crate::ome::request::OutputFormat;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

/// Runs the command.
pub(crate) async fn run(args: RolloutExplainArgs, flags: ConnectionFlags) -> Result<(), CliError> {
    let request = parse_explain(&args)?;
    let (conn, client) = connect::open(&flags, |c| {
        ReadPreamble::check_namespace(&c.namespace).map_err(RolloutExplainError::from)
    })
    .await?;
    let raw = get_inference_service_raw(
        &client,
        &conn.namespace,
        &request.name,
        conn.request_timeout,
    )
    .await
    .map_err(|e| {
        let shown = RolloutExplainError::Get(Box::new(e.clone()));
        service_read_failed(shown, &conn.namespace, &request.name, &e, &flags)
    })?;
    let metadata: ObjectMeta = raw
        .get("metadata")
        .and_then(|m| serde_json::from_value(m.clone()).ok())
        .ok_or_else(|| RolloutExplainError::Get(Box::new(ApiError::Malformed)))?;
    bind(&metadata, &conn.namespace, &request.name, UidRule::Present)
        .map_err(RolloutExplainError::Binding)?;
    let report = report(&raw, &metadata, jiff::Timestamp::now());
    print_report(&report, request.output)
        .await
        .map_err(|e| output_error(request.output, e))
}

/// A render failure is `write rollout explain`; a failed write of the wide table is
/// `write report table`, of any other form the shared `write output`.
fn output_error(format: OutputFormat, error: OutputError) -> CliError {
    match (format, error) {
        (_, e @ OutputError::Render(_)) => RolloutExplainError::from(e).into(),
        (OutputFormat::Wide, e) => RolloutExplainError::WriteTable(e).into(),
        (_, OutputError::Write(io)) => CommonError::Output(io).into(),
    }
}
