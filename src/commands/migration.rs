//! `kubectl ome migration status`: parse → connect → collect (ISVC GET ∥ IR LIST) → bind →
//! project → render → write. Unlike `instance list`, a failed IR LIST is fatal.

use super::instance::{request_timeout, write_out};
use crate::cli::validate::is_dns1123_label;
use crate::cli::{ConnectionFlags, OutputFormat, args::MigrationStatusArgs};
use crate::collect::migration::collect;
use crate::connect::Connection;
use crate::errors::{CliError, MigrationError};
use crate::evaluate::migration::{bind_service, project};
use crate::ome::{Fetched, InferenceService};
use crate::render::{TableStyle, to_json, to_yaml};

pub async fn run(args: MigrationStatusArgs, conn: ConnectionFlags) -> Result<(), CliError> {
    let request = crate::cli::migration::parse(&args)?;
    let connection = Connection::load(&conn)
        .await
        .map_err(|e| MigrationError::ResolveNamespace(e.to_string()))?;
    let namespace = connection.namespace.clone();
    if !is_dns1123_label(&namespace) {
        return Err(MigrationError::InvalidNamespace.into());
    }
    let timeout = request_timeout(&conn).map_err(MigrationError::CreateClient)?;
    let client = connection
        .client()
        .map_err(|e| MigrationError::CreateClient(e.to_string()))?;

    let (isvc, collection) = collect(&client, &namespace, &request.name, timeout).await;
    let raw = isvc.map_err(|e| MigrationError::Get(e.user_message()))?;
    let isvc = Fetched::<InferenceService>::from_raw(raw)
        .ok_or_else(|| MigrationError::Get("response is not a valid object".to_string()))?;
    bind_service(&isvc, &namespace, &request.name)?;
    if let Some(error) = &collection.error {
        return Err(MigrationError::List(error.user_message()).into());
    }

    let report = project(
        &isvc,
        &collection,
        request.component,
        jiff::Timestamp::now(),
    );
    let text = match request.output {
        OutputFormat::Json => to_json(&report),
        OutputFormat::Yaml => to_yaml(&report),
        OutputFormat::Table | OutputFormat::Wide => Ok(crate::render::migration::table(
            &report,
            TableStyle::for_stdout(),
        )),
    }
    .map_err(|e| MigrationError::Write(e.to_string()))?;
    write_out(&text).map_err(|e| MigrationError::Write(e).into())
}
