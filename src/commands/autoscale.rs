//! `kubectl ome autoscale status`: parse → GET the service → binding → base projection →
//! live reads (concurrent) → live evidence in the documented order → render.

use crate::cli::ConnectionFlags;
use crate::cli::OutputFormat;
use crate::cli::args::AutoscaleStatusArgs;
use crate::cli::autoscale::{check_namespace, parse};
use crate::collect::autoscale::{get_inference_service, live_reads};
use crate::commands::write_stdout;
use crate::connect::{ConnectError, Connection};
use crate::errors::{AutoscaleError, CliError, CommonError};
use crate::evaluate::autoscale::{attach_live, canonicalize, plan, project};
use crate::ome::{meta_name, meta_namespace, meta_uid};
use crate::render::autoscale::{compact_table, report, wide_table};
use crate::render::envelope::report_time;
use crate::render::{TableStyle, to_json, to_yaml};

pub async fn run(args: AutoscaleStatusArgs, flags: ConnectionFlags) -> Result<(), CliError> {
    let request = parse(&args)?;
    let conn = Connection::load(&flags).await.map_err(|e| match e {
        // A malformed --request-timeout is a client-construction failure, not a namespace one.
        ConnectError::InvalidRequestTimeout(_) => AutoscaleError::CreateClient(e.to_string()),
        _ => AutoscaleError::ResolveNamespace(e.to_string()),
    })?;
    let namespace = conn.namespace.clone();
    check_namespace(&namespace)?;
    let client = conn
        .client()
        .map_err(|e| AutoscaleError::CreateClient(e.to_string()))?;

    let fetched = get_inference_service(&client, &namespace, &request.name, conn.request_timeout)
        .await
        .map_err(|e| AutoscaleError::Get {
            namespace: namespace.clone(),
            name: request.name.clone(),
            cause: e.user_message(),
        })?;
    let isvc = &fetched.view;
    if meta_name(&isvc.metadata) != request.name {
        return Err(AutoscaleError::NameMismatch.into());
    }
    if meta_namespace(&isvc.metadata) != namespace {
        return Err(AutoscaleError::NamespaceMismatch.into());
    }
    if meta_uid(&isvc.metadata).is_empty() {
        return Err(AutoscaleError::NoUid.into());
    }

    let mut projection = project(isvc);
    if request.live.live_scale || request.live.live_scaler {
        let reads = plan(
            isvc,
            &projection.content.components,
            request.live.live_scale,
            request.live.live_scaler,
        );
        let results = live_reads(&client, &namespace, &reads, conn.request_timeout).await;
        attach_live(isvc, &mut projection, request.live, &results);
    }
    let collected_at = report_time(jiff::Timestamp::now());
    canonicalize(&mut projection, &collected_at);

    let write = |e: String| AutoscaleError::Write(e);
    let text = match request.output {
        OutputFormat::Table => compact_table(&projection.content).render(TableStyle::for_stdout()),
        OutputFormat::Wide => wide_table(&projection.content).render(TableStyle::for_stdout()),
        OutputFormat::Json => to_json(&report(&namespace, &request.name, collected_at, projection))
            .map_err(|e| write(e.to_string()))?,
        OutputFormat::Yaml => to_yaml(&report(&namespace, &request.name, collected_at, projection))
            .map_err(|e| write(e.to_string()))?,
    };
    write_stdout(&text).map_err(|e| match e {
        CliError::Common(CommonError::Output(io)) => write(io).into(),
        other => other,
    })
}
