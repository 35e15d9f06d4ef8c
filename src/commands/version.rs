//! `kubectl ome version`: the client's build and, unless `--client`, the OME operator's and the
//! Kubernetes server's versions. What cannot be read says why; the exit code stays 0.

use super::output::write_stdout_async;
use crate::cli::args::VersionArgs;
use crate::collect::version::read;
use crate::connect::{Connection, ConnectionFlags};
use crate::errors::{CliError, VersionError};
use crate::evaluate::version::{ClientVersion, ServerReads, report};
use crate::render::version::text;

/// Runs the command.
pub(crate) async fn run(args: VersionArgs, flags: ConnectionFlags) -> Result<(), CliError> {
    let request = crate::cli::version::parse(&args)?;
    let client = ClientVersion {
        version: format!("v{}", env!("CARGO_PKG_VERSION")),
        commit: env!("KUBECTL_OME_COMMIT").to_string(),
    };
    let built = if request.client_only {
        report(client, ServerReads::ClientOnly)
    } else {
        let connected = match Connection::load(&flags) {
            Ok(connection) => connection.client().await,
            Err(e) => Err(e),
        };
        match connected {
            Err(e) => report(client, ServerReads::NotConnected(&e)),
            Ok(kube) => {
                let reads = read(&kube, &request.ome_namespace).await;
                report(
                    client,
                    ServerReads::Read {
                        server: &reads.server,
                        manager: &reads.manager,
                        ome_namespace: &request.ome_namespace,
                    },
                )
            }
        }
    };
    write_stdout_async(text(&built).into_bytes())
        .await
        .map(drop)
        .map_err(|e| VersionError::Write(e).into())
}
