//! `kubectl ome instance list` errors (read-commands.md §3.2).

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InstanceError {
    UnsupportedOutput(String),
    InvalidName,
    ResolveNamespace(String),
    InvalidNamespace,
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
    UnsafeUid,
    Canceled,
    Projection {
        namespace: String,
        name: String,
        cause: String,
    },
    Write(String),
}

impl fmt::Display for InstanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InstanceError::UnsupportedOutput(v) => {
                write!(
                    f,
                    "unsupported output format \"{v}\" (supported: table, json, yaml)"
                )
            }
            InstanceError::InvalidName => f.write_str("inference service name is invalid"),
            InstanceError::ResolveNamespace(e) => write!(f, "resolve namespace: {e}"),
            InstanceError::InvalidNamespace => f.write_str("namespace is invalid"),
            InstanceError::CreateClient(e) => write!(f, "create OME client: {e}"),
            InstanceError::Get {
                namespace,
                name,
                cause,
            } => {
                write!(f, "get InferenceService \"{namespace}/{name}\": {cause}")
            }
            InstanceError::NoObject => f.write_str("returned inference service is nil"),
            InstanceError::NameMismatch => {
                f.write_str("returned inference service name does not match request")
            }
            InstanceError::NamespaceMismatch => {
                f.write_str("returned inference service namespace does not match request")
            }
            InstanceError::NoUid => f.write_str("returned inference service has no UID"),
            InstanceError::UnsafeUid => f.write_str("returned inference service has an unsafe UID"),
            InstanceError::Canceled => f.write_str("context canceled"),
            InstanceError::Projection {
                namespace,
                name,
                cause,
            } => write!(
                f,
                "project instance list for InferenceService \"{namespace}/{name}\": {cause}"
            ),
            InstanceError::Write(e) => write!(f, "write instance list: {e}"),
        }
    }
}
