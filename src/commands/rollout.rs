//! `kubectl ome rollout status`: parse → one GET → binding → projection → render.

use crate::cli::ConnectionFlags;
use crate::cli::OutputFormat;
use crate::cli::args::RolloutStatusArgs;
use crate::cli::rollout::{check_namespace, parse};
use crate::collect::rollout::get_inference_service;
use crate::commands::write_stdout;
use crate::connect::{ConnectError, Connection};
use crate::errors::{CliError, CommonError, RolloutError};
use crate::evaluate::rollout::{check_identity, project};
use crate::ome::{meta_name, meta_namespace, meta_uid};
use crate::render::envelope::report_time;
use crate::render::rollout::{compact_table, render_table, report, wide_table};
use crate::render::{to_json, to_yaml};

pub async fn run(args: RolloutStatusArgs, flags: ConnectionFlags) -> Result<(), CliError> {
    let request = parse(&args)?;
    let conn = Connection::load(&flags).await.map_err(|e| match e {
        // A malformed --request-timeout is a client-construction failure, not a namespace one.
        ConnectError::InvalidRequestTimeout(_) => RolloutError::CreateClient(e.to_string()),
        _ => RolloutError::ResolveNamespace(e.to_string()),
    })?;
    let namespace = conn.namespace.clone();
    check_namespace(&namespace)?;
    let client = conn
        .client()
        .map_err(|e| RolloutError::CreateClient(e.to_string()))?;

    let fetched = get_inference_service(&client, &namespace, &request.name, conn.request_timeout)
        .await
        .map_err(|e| RolloutError::Get(e.user_message()))?;
    let isvc = &fetched.view;
    if meta_name(&isvc.metadata) != request.name {
        return Err(RolloutError::NameMismatch.into());
    }
    if meta_namespace(&isvc.metadata) != namespace {
        return Err(RolloutError::NamespaceMismatch.into());
    }
    check_identity(isvc).map_err(RolloutError::Projection)?;
    let projection = project(isvc);

    let text = match request.output {
        OutputFormat::Table => render_table(&compact_table(&projection)),
        OutputFormat::Wide => render_table(&wide_table(&projection)),
        OutputFormat::Json | OutputFormat::Yaml => {
            let report = report(
                &namespace,
                &request.name,
                meta_uid(&isvc.metadata),
                isvc.metadata.generation.unwrap_or(0),
                report_time(jiff::Timestamp::now()),
                projection,
            );
            let rendered = if request.output == OutputFormat::Json {
                to_json(&report)
            } else {
                to_yaml(&report)
            };
            rendered.map_err(|e| RolloutError::Write(e.to_string()))?
        }
    };
    write_stdout(&text).map_err(|e| match (request.output, e) {
        (OutputFormat::Wide, CliError::Common(CommonError::Output(io))) => {
            RolloutError::WriteTable(io).into()
        }
        (_, e) => e,
    })
}
