//! `kubectl ome rollout explain`: parse → connect → one GET (as `rollout status` makes it) →
//! binding → explain → print.

use super::output::print_report;
use super::rollout_reads::{BoundService, ServiceReadError, read_bound_service};
use crate::cli::args::RolloutExplainArgs;
use crate::cli::rollout::parse_explain;
use crate::connect::ConnectionFlags;
use crate::errors::{CliError, CommonError, OutputError, RolloutExplainError};
use crate::evaluate::rollout_explain::report;
use crate::ome::binding::BindingProblem;
use crate::ome::evidence::ApiError;
use crate::ome::request::OutputFormat;

/// Runs the command.
pub(crate) async fn run(args: RolloutExplainArgs, flags: ConnectionFlags) -> Result<(), CliError> {
    let request = parse_explain(&args)?;
    let BoundService {
        conn: _,
        raw,
        metadata,
    } = read_bound_service::<RolloutExplainError>(&flags, &request.name).await?;
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

impl ServiceReadError for RolloutExplainError {
    fn get(cause: Box<ApiError>) -> Self {
        RolloutExplainError::Get(cause)
    }

    fn binding(problem: BindingProblem) -> Self {
        RolloutExplainError::Binding(problem)
    }
}
