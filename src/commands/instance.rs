//! `kubectl ome instance list`: parse → connect → collect (ISVC GET ∥ IR LIST) → bind →
//! project → render → write.

use crate::cli::validate::{is_dns1123_label, parse_kubectl_timeout};
use crate::cli::{ConnectionFlags, OutputFormat, args::InstanceListArgs};
use crate::collect::instance::{ListLimits, collect};
use crate::connect::{Connection, RequestTimeout};
use crate::errors::{CliError, InstanceError};
use crate::evaluate::instance::{ROW_BUDGET, bind_service, project};
use crate::ome::{Fetched, InferenceService};
use crate::render::{TableStyle, to_json, to_yaml};

pub async fn run(args: InstanceListArgs, conn: ConnectionFlags) -> Result<(), CliError> {
    let request = crate::cli::instance::parse(&args)?;
    let connection = Connection::load(&conn)
        .await
        .map_err(|e| InstanceError::ResolveNamespace(e.to_string()))?;
    let namespace = connection.namespace.clone();
    if !is_dns1123_label(&namespace) {
        return Err(InstanceError::InvalidNamespace.into());
    }
    let timeout = request_timeout(&conn).map_err(InstanceError::CreateClient)?;
    let client = connection
        .client()
        .map_err(|e| InstanceError::CreateClient(e.to_string()))?;

    let limits = ListLimits::INSTANCE_LIST.with_timeout(timeout);
    let (isvc, collection) = collect(&client, &namespace, &request.name, limits).await;
    let raw = isvc.map_err(|e| InstanceError::Get {
        namespace: namespace.clone(),
        name: request.name.clone(),
        cause: e.user_message(),
    })?;
    let isvc = Fetched::<InferenceService>::from_raw(raw).ok_or(InstanceError::NoObject)?;
    bind_service(&isvc, &namespace, &request.name)?;

    let report = project(&isvc, &collection, ROW_BUDGET, jiff::Timestamp::now());
    let text = match request.output {
        OutputFormat::Json => to_json(&report),
        OutputFormat::Yaml => to_yaml(&report),
        OutputFormat::Table | OutputFormat::Wide => Ok(crate::render::instance::table(
            &report,
            TableStyle::for_stdout(),
        )),
    }
    .map_err(|e| InstanceError::Write(e.to_string()))?;
    write_out(&text).map_err(|e| InstanceError::Write(e).into())
}

/// Writes the document to stdout; the command wraps the failure in its own message.
pub(crate) fn write_out(text: &str) -> Result<(), String> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| e.to_string())
}

/// kubectl's `--request-timeout` (absent or `0`: no client timeout).
pub(crate) fn request_timeout(conn: &ConnectionFlags) -> Result<RequestTimeout, String> {
    match conn.request_timeout.as_deref() {
        None => Ok(RequestTimeout(None)),
        Some(value) => parse_kubectl_timeout(value)
            .map(RequestTimeout)
            .ok_or_else(|| {
                "invalid request timeout; use a whole number of seconds or a duration such as 10s"
                    .to_string()
            }),
    }
}
