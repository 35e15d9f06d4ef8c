//! `kubectl ome version`: the client version, and the server version when it is reachable.
//! An unreachable server is not an error here: the line says so and the exit code stays 0.

use super::output::write_stdout;
use crate::cli::args::VersionArgs;
use crate::collect::http::{ApiRequest, get_object};
use crate::connect::{Connection, ConnectionFlags, RequestTimeout};
use crate::errors::{CliError, CommonError};
use std::time::Duration;

/// How long `version` waits for the server before reporting it unavailable.
const SERVER_VERSION_TIMEOUT: Duration = Duration::from_secs(5);

/// Runs the command.
pub(crate) async fn run(args: VersionArgs, conn: ConnectionFlags) -> Result<(), CliError> {
    let mut text = format!("Client Version: v{}\n", env!("CARGO_PKG_VERSION"));
    if !args.client {
        text.push_str(&format!(
            "Server Version: {}\n",
            server_version(&conn).await
        ));
    }
    write_stdout(&text).map_err(|e| CommonError::Output(e).into())
}

async fn server_version(flags: &ConnectionFlags) -> String {
    let Ok(connection) = Connection::load(flags).await else {
        return "unavailable (no usable kubeconfig)".to_string();
    };
    let Ok(client) = connection.client() else {
        return "unavailable (client configuration failed)".to_string();
    };
    let request = ApiRequest::get("/version", RequestTimeout(Some(SERVER_VERSION_TIMEOUT)));
    match get_object(&client, request).await {
        Ok(info) => info
            .get("gitVersion")
            .and_then(serde_json::Value::as_str)
            .map_or_else(
                || "unavailable (unexpected response)".to_string(),
                str::to_string,
            ),
        Err(_) => "unavailable (server unreachable)".to_string(),
    }
}
