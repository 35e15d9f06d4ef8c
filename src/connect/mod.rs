//! Connection: kubeconfig loading the way kubectl does it (the `--kubeconfig` file, else every
//! file in `KUBECONFIG` merged with the first value winning, else `~/.kube/config`, else the
//! in-cluster service account), the context/cluster/user overrides, the namespace fallback
//! (`-n`, then the context's namespace, then `default`) and the client. TLS is always verified
//! as the kubeconfig says; exec credential plugins and client certificates come from kube.

mod flags;
mod timeout;

pub use flags::{ConnectionFlags, RequestTimeoutFlag};
pub use timeout::{Bounded, RequestTimeout};

use crate::errors::ConnectError;
use kube::config::{KubeConfigOptions, Kubeconfig};

/// A loaded configuration, before any request is made.
pub struct Connection {
    /// The client configuration (cluster, credentials, TLS).
    pub config: kube::Config,
    /// The namespace the command works in.
    pub namespace: String,
    /// The context in use: `--context`, else the kubeconfig's current-context (None in-cluster).
    pub context_name: Option<String>,
    /// `--request-timeout` with kubectl's semantics (a bare integer is seconds, `0` is none).
    pub request_timeout: RequestTimeout,
}

/// The connection preamble every command shares (read-commands.md §1.4, scale.md §2.3): load
/// the kubeconfig, run the command's own checks of what was loaded (the namespace, for `scale`
/// the context), then build the client. Each failure becomes the command's error `E`.
pub async fn open<E: From<ConnectError>>(
    flags: &ConnectionFlags,
    check: impl FnOnce(&Connection) -> Result<(), E>,
) -> Result<(Connection, kube::Client), E> {
    let connection = Connection::load(flags).await?;
    check(&connection)?;
    let client = connection.client()?;
    Ok((connection, client))
}

impl Connection {
    /// Loads the configuration selected by the flags and the environment.
    pub async fn load(flags: &ConnectionFlags) -> Result<Connection, ConnectError> {
        let request_timeout = RequestTimeout(
            flags
                .request_timeout()
                .map_err(ConnectError::InvalidRequestTimeout)?
                .limit,
        );
        let options = KubeConfigOptions {
            context: flags.context.clone(),
            cluster: flags.cluster.clone(),
            user: flags.user.clone(),
        };
        let kubeconfig = match &flags.kubeconfig {
            Some(path) => Some(
                Kubeconfig::read_from(path).map_err(|e| ConnectError::Kubeconfig(Box::new(e)))?,
            ),
            None => read_default_kubeconfig()?,
        };
        let (mut config, context_name) = match kubeconfig {
            Some(kubeconfig) => {
                let context_name = flags
                    .context
                    .clone()
                    .or_else(|| kubeconfig.current_context.clone());
                let config = kube::Config::from_custom_kubeconfig(kubeconfig, &options)
                    .await
                    .map_err(|e| ConnectError::Kubeconfig(Box::new(e)))?;
                (config, context_name)
            }
            None => match kube::Config::incluster() {
                Ok(config) => (config, flags.context.clone()),
                Err(_) => return Err(ConnectError::NoConfiguration),
            },
        };
        // The plugin decides every retry itself (and never retries a write).
        config.default_retry = false;
        let namespace = flags
            .namespace
            .clone()
            .unwrap_or_else(|| config.default_namespace.clone());
        Ok(Connection {
            config,
            namespace,
            context_name,
            request_timeout,
        })
    }

    /// Builds the API client for this configuration.
    pub fn client(&self) -> Result<kube::Client, ConnectError> {
        kube::Client::try_from(self.config.clone()).map_err(|e| ConnectError::Client(Box::new(e)))
    }
}

/// `KUBECONFIG` (several files merged, the first to set a value wins), else `~/.kube/config`.
/// `Ok(None)` means there is no kubeconfig at all, so the in-cluster configuration is tried.
fn read_default_kubeconfig() -> Result<Option<Kubeconfig>, ConnectError> {
    let to_error = |e| ConnectError::Kubeconfig(Box::new(e));
    if let Some(value) = std::env::var_os("KUBECONFIG").filter(|v| !v.is_empty()) {
        // Like kubectl, files that do not exist are skipped; unreadable ones are errors.
        let paths: Vec<_> = std::env::split_paths(&value)
            .filter(|p| !p.as_os_str().is_empty() && p.exists())
            .collect();
        if paths.is_empty() {
            return Ok(None);
        }
        let mut merged = Kubeconfig::default();
        for path in paths {
            merged = merged
                .merge(Kubeconfig::read_from(&path).map_err(to_error)?)
                .map_err(to_error)?;
        }
        return Ok(Some(merged));
    }
    let Some(home) = std::env::var_os("HOME") else {
        return Ok(None);
    };
    let path = std::path::Path::new(&home).join(".kube").join("config");
    if !path.exists() {
        return Ok(None);
    }
    Kubeconfig::read_from(&path).map(Some).map_err(to_error)
}
