//! `kubectl ome runtime explain (--model NAME | --isvc NAME)` (runtime-selection.md §7): parse
//! → connect → stage 1: the service GET (or the model GETs) with the first page of both
//! candidate LISTs; then the model GETs (`--isvc`) and the other pages → explain → the notes on
//! stderr, the table on stdout. Read-only; no GET per candidate.

use super::output::{stdout_style, write_stderr_async, write_stdout_async};
use crate::cli::args::RuntimeExplainArgs;
use crate::cli::runtime_explain::parse_explain;
use crate::collect::instance::get_isvc;
use crate::collect::scale::read_models;
use crate::collect::selection::snapshot;
use crate::connect::{self, ConnectionFlags};
use crate::errors::{CliError, OutputError, ReadPreamble, RuntimeExplainError};
use crate::evaluate::runtime_explain::{Evidence, Explanation, Service, explain, service};
use crate::ome::reads::ModelReads;
use crate::ome::request::RuntimeExplainRequest;
use crate::render::runtime_explain::{notes, table};
use std::time::Duration;

/// The service GET's limit (as each model GET's and each LIST page's).
const SERVICE_TIMEOUT: Duration = Duration::from_secs(10);

/// Runs the command.
pub(crate) async fn run(args: RuntimeExplainArgs, flags: ConnectionFlags) -> Result<(), CliError> {
    let request = parse_explain(&args)?;
    let context = flags.context.clone();
    let explained = explain_request(&request, &flags).await.map_err(|e| {
        let step = e.failed_step(context.as_deref());
        CliError::from(e).checked("", step)
    })?;
    print(&explained)
        .await
        .map_err(|e| RuntimeExplainError::from(e).into())
}

/// Everything up to the explanation: the connection, the reads, their evaluation.
async fn explain_request(
    request: &RuntimeExplainRequest,
    flags: &ConnectionFlags,
) -> Result<Explanation, RuntimeExplainError> {
    let (conn, client) = connect::open(flags, |c| {
        ReadPreamble::check_namespace(&c.namespace).map_err(RuntimeExplainError::from)
    })
    .await?;
    let namespace = conn.namespace.as_str();
    let subject = async {
        match request {
            RuntimeExplainRequest::Model(model) => Ok((
                None,
                model.clone(),
                read_models(&client, namespace, model).await,
            )),
            RuntimeExplainRequest::Service(name) => {
                let timeout = conn.request_timeout.capped(SERVICE_TIMEOUT);
                let read = get_isvc(&client, namespace, name, timeout).await;
                let service = service(read, namespace, name)?;
                let models = read_models(&client, namespace, &service.model).await;
                let model = service.model.clone();
                Ok((Some(service), model, models))
            }
        }
    };
    // A failed service read ends the command at once: the LISTs still running are dropped.
    let ((service, model_name, models), candidates): ((Option<Service>, String, ModelReads), _) =
        futures::try_join!(subject, async {
            Ok::<_, RuntimeExplainError>(snapshot(&client, namespace).await)
        })?;
    explain(&Evidence {
        service: service.as_ref(),
        model_name: &model_name,
        namespace,
        models: &models,
        snapshot: &candidates,
    })
}

/// The notes, then the table; nothing follows a note that could not be written.
/// The writes run off the command's task, so a stalled reader never holds it (a signal ends it).
async fn print(explained: &Explanation) -> Result<(), OutputError> {
    let notes = notes(explained);
    if !notes.is_empty() {
        write_stderr_async(notes.into_bytes())
            .await
            .map_err(OutputError::Write)?;
    }
    let table = table(explained, stdout_style());
    if !table.is_empty() {
        write_stdout_async(table.into_bytes())
            .await
            .map_err(OutputError::Write)?;
    }
    Ok(())
}
