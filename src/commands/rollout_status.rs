//! `kubectl ome rollout status`: parse → connect → one GET → binding → report → print, then,
//! when something holds the rollout, the `rollout explain` command that says what
//! (rollout-explain.md §4 item 2, README difference ah).

use super::output::{print_report, write_stderr_async};
use super::rollout_reads::{BoundService, ServiceReadError, read_bound_service};
use crate::cli::args::RolloutStatusArgs;
use crate::cli::rollout::parse;
use crate::connect::ConnectionFlags;
use crate::errors::scale_check::{Next, next_scope};
use crate::errors::{CliError, CommonError, OutputError, RolloutStatusError};
use crate::evaluate::rollout::report;
use crate::evaluate::rollout_explain::holds_of;
use crate::ome::binding::BindingProblem;
use crate::ome::evidence::ApiError;
use crate::ome::request::OutputFormat;
use crate::text::{redact_words, sanitize};

/// Runs the command.
pub(crate) async fn run(args: RolloutStatusArgs, flags: ConnectionFlags) -> Result<(), CliError> {
    let request = parse(&args)?;
    let BoundService {
        conn,
        raw,
        metadata,
    } = read_bound_service::<RolloutStatusError>(&flags, &request.name).await?;
    let report = report(&raw, &metadata, jiff::Timestamp::now());
    print_report(&report, request.output)
        .await
        .map_err(|e| output_error(request.output, e))?;
    if !holds_of(&raw).is_empty() {
        let next = Next::RolloutExplain {
            service: request.name,
        };
        if let Some(line) = next.line(&next_scope(&conn.namespace, flags.context.as_deref())) {
            // The report is written: a hint that cannot be written does not fail it.
            let _ =
                write_stderr_async(format!("{}\n", sanitize(&redact_words(&line))).into_bytes())
                    .await;
        }
    }
    Ok(())
}

/// A render failure is `write rollout status`; a failed write of the wide table is
/// `write report table`, of any other form the shared `write output`.
fn output_error(format: OutputFormat, error: OutputError) -> CliError {
    match (format, error) {
        (_, e @ OutputError::Render(_)) => RolloutStatusError::from(e).into(),
        (OutputFormat::Wide, e) => RolloutStatusError::WriteTable(e).into(),
        (_, OutputError::Write(io)) => CommonError::Output(io).into(),
    }
}

impl ServiceReadError for RolloutStatusError {
    fn get(cause: Box<ApiError>) -> Self {
        RolloutStatusError::Get(cause)
    }

    fn binding(problem: BindingProblem) -> Self {
        RolloutStatusError::Binding(problem)
    }
}
