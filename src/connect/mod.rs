//! Connection: the kubeconfig loaded the way kubectl does it (`files`), the context, cluster
//! and user selected with the connection flags taking precedence (`select`), the TLS and
//! credential material checked (`material`), the proxy chosen (`proxy`), the exec credential
//! plugin run once (`exec`), and the client built (`client`). TLS follows the kubeconfig and the
//! flags, as in kubectl: verified against the configured certificate authority (else the
//! system's), unless insecure-skip-tls-verify is set.

mod client;
mod exec;
mod files;
mod flags;
mod group;
mod material;
mod proxy;
mod refresh;
mod select;
mod timeout;

pub use client::platform;
pub use flags::{ConnectionFlags, RequestTimeoutFlag, from_words, is_connection_flag, takes_value};
pub use group::kill_running as stop_exec_plugins;
pub use timeout::{Bounded, RequestTimeout};

use crate::errors::ConnectError;
use client::Prepared;
use std::time::Duration;

/// A loaded configuration, before any request is made. Its `Debug` shows no credential.
#[derive(Debug)]
pub struct Connection {
    /// The namespace the command works in.
    pub namespace: String,
    /// The context in use: `--context`, else the kubeconfig's current-context (None when there
    /// is none, e.g. with `--server` alone or in a cluster).
    pub context_name: Option<String>,
    /// `--request-timeout` with kubectl's semantics (a bare integer is seconds, `0` is none).
    pub request_timeout: RequestTimeout,
    prepared: Prepared,
}

/// The connection preamble every command shares (read-commands.md §1.4, scale.md §2.3): load
/// the kubeconfig, run the command's own checks of what was loaded (the namespace, for `scale`
/// the context), then build the client (running an exec credential plugin if the user has
/// one). Each failure becomes the command's error `E`. Dropping the future stops a running
/// plugin.
pub async fn open<E: From<ConnectError>>(
    flags: &ConnectionFlags,
    check: impl FnOnce(&Connection) -> Result<(), E>,
) -> Result<(Connection, kube::Client), E> {
    let connection = Connection::load(flags)?;
    check(&connection)?;
    let client = connection.client().await?;
    Ok((connection, client))
}

impl Connection {
    /// Loads and checks the configuration selected by the flags and the environment. Reads
    /// files only; nothing is run and nothing is sent.
    pub fn load(flags: &ConnectionFlags) -> Result<Connection, ConnectError> {
        let request_timeout = RequestTimeout(
            flags
                .request_timeout()
                .map_err(ConnectError::InvalidRequestTimeout)?
                .limit,
        );
        let kubeconfig = match files::read_kubeconfig(flags.kubeconfig.as_deref())? {
            Some(kubeconfig) => kubeconfig,
            None if flags.server.is_some() => kube::config::Kubeconfig::default(),
            None => client::in_cluster().ok_or(ConnectError::NoConfiguration)?,
        };
        let selected = select::select(&kubeconfig, flags)?;
        Ok(Connection {
            namespace: selected.namespace.clone(),
            context_name: selected.context_name.clone(),
            request_timeout,
            prepared: client::prepare(selected, &|name| std::env::var(name).ok())?,
        })
    }

    /// Builds the API client, running the user's exec credential plugin first (at most
    /// [`PLUGIN_TIME_LIMIT`](Connection::PLUGIN_TIME_LIMIT)).
    pub async fn client(&self) -> Result<kube::Client, ConnectError> {
        self.prepared.client(Self::PLUGIN_TIME_LIMIT).await
    }

    /// Whether requests go through a proxy (the kubeconfig's `proxy-url` or the environment's).
    pub fn through_proxy(&self) -> bool {
        self.prepared.through_proxy()
    }

    /// For shell completion, which never writes to the terminal: an exec credential plugin gets
    /// an empty stdin, and its stderr is read and dropped.
    pub fn without_terminal(mut self) -> Connection {
        self.prepared.without_terminal();
        self
    }

    /// How long an exec credential plugin may run.
    pub const PLUGIN_TIME_LIMIT: Duration = exec::PLUGIN_TIME_LIMIT;
}
