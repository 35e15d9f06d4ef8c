//! `kubectl ome autoscale status` errors (read-commands.md §2.2).

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AutoscaleError {
    UnsupportedOutput(String),
    InvalidName {
        name: String,
        problems: Vec<String>,
    },
    ResolveNamespace(String),
    EmptyNamespace,
    InvalidNamespace(Vec<String>),
    CreateClient(String),
    Get {
        namespace: String,
        name: String,
        cause: String,
    },
    NoObject,
    NameMismatch,
    NamespaceMismatch,
    NoUid,
    Projection {
        namespace: String,
        name: String,
        cause: String,
    },
    LiveScale {
        namespace: String,
        name: String,
        cause: String,
    },
    LiveScaler {
        namespace: String,
        name: String,
        cause: String,
    },
    Write(String),
}

impl fmt::Display for AutoscaleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AutoscaleError::UnsupportedOutput(v) => write!(
                f,
                "unsupported output format \"{v}\" (supported: table, wide, json, yaml)"
            ),
            AutoscaleError::InvalidName { name, problems } => {
                write!(
                    f,
                    "invalid InferenceService name \"{name}\": {}",
                    problems.join("; ")
                )
            }
            AutoscaleError::ResolveNamespace(e) => write!(f, "resolve namespace: {e}"),
            AutoscaleError::EmptyNamespace => f.write_str("resolved namespace must not be empty"),
            AutoscaleError::InvalidNamespace(p) => {
                write!(f, "invalid resolved namespace: {}", p.join("; "))
            }
            AutoscaleError::CreateClient(e) => write!(f, "create OME client: {e}"),
            AutoscaleError::Get {
                namespace,
                name,
                cause,
            } => {
                write!(f, "get InferenceService \"{namespace}/{name}\": {cause}")
            }
            AutoscaleError::NoObject => {
                f.write_str("autoscale projection requires an InferenceService")
            }
            AutoscaleError::NameMismatch => {
                f.write_str("returned inference service name does not match request")
            }
            AutoscaleError::NamespaceMismatch => {
                f.write_str("returned inference service namespace does not match request")
            }
            AutoscaleError::NoUid => f.write_str("returned inference service has no UID"),
            AutoscaleError::Projection {
                namespace,
                name,
                cause,
            } => write!(
                f,
                "project autoscale status for InferenceService \"{namespace}/{name}\": {cause}"
            ),
            AutoscaleError::LiveScale {
                namespace,
                name,
                cause,
            } => write!(
                f,
                "inspect live scale for InferenceService \"{namespace}/{name}\": {cause}"
            ),
            AutoscaleError::LiveScaler {
                namespace,
                name,
                cause,
            } => write!(
                f,
                "inspect live scaler for InferenceService \"{namespace}/{name}\": {cause}"
            ),
            AutoscaleError::Write(e) => write!(f, "write autoscale status: {e}"),
        }
    }
}
