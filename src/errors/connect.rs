//! Why the connection could not be set up: the kubeconfig, `--request-timeout` or the client.

use std::fmt;

/// `--request-timeout` is neither whole seconds nor a non-negative Go duration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidRequestTimeout {
    /// The value as typed (the user's own input, echoed like kubectl does).
    pub(crate) value: String,
}

/// A failure of the connection preamble, with its typed cause.
#[derive(Debug)]
pub enum ConnectError {
    /// The kubeconfig could not be read or parsed, or names no usable cluster.
    Kubeconfig(Box<kube::config::KubeconfigError>),
    /// No kubeconfig and not running in a cluster.
    NoConfiguration,
    /// `--request-timeout` is not a duration (kubectl semantics).
    InvalidRequestTimeout(InvalidRequestTimeout),
    /// The client could not be built from the configuration.
    Client(Box<kube::Error>),
}

impl ConnectError {
    /// Whether the failure belongs to client construction (`create OME client: …`) rather than
    /// to the kubeconfig and namespace resolution (`resolve namespace: …`).
    pub fn in_client_setup(&self) -> bool {
        matches!(
            self,
            ConnectError::InvalidRequestTimeout(_) | ConnectError::Client(_)
        )
    }
}

/// What of a connection failure is shown. The one place that decides it (the security issue
/// narrows it to our own words).
impl fmt::Display for ConnectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConnectError::Kubeconfig(e) => e.fmt(f),
            ConnectError::NoConfiguration => f.write_str(
                "invalid configuration: no configuration has been provided, try setting KUBECONFIG",
            ),
            ConnectError::InvalidRequestTimeout(InvalidRequestTimeout { value }) => write!(
                f,
                "invalid argument \"{value}\" for \"--request-timeout\" flag: expected a duration such as 10s or 1m, or whole seconds"
            ),
            ConnectError::Client(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ConnectError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ConnectError::Kubeconfig(e) => Some(e.as_ref()),
            ConnectError::Client(e) => Some(e.as_ref()),
            ConnectError::NoConfiguration | ConnectError::InvalidRequestTimeout(_) => None,
        }
    }
}
