//! `kubectl ome migration status` errors (read-commands.md §6.1).

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MigrationError {
    UnsupportedOutput(String),
    InvalidName,
    InvalidComponent,
    ResolveNamespace(String),
    InvalidNamespace,
    CreateClient(String),
    Get(String),
    NameMismatch,
    NamespaceMismatch,
    NoUid,
    UidInvalid,
    List(String),
    Projection(String),
    Write(String),
}

impl fmt::Display for MigrationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const COLLECT: &str = "collect migration status";
        match self {
            MigrationError::UnsupportedOutput(v) => {
                write!(
                    f,
                    "unsupported output format \"{v}\" (supported: table, json, yaml)"
                )
            }
            MigrationError::InvalidName => f.write_str("inference service name is invalid"),
            MigrationError::InvalidComponent => {
                f.write_str("component must be engine, decoder, or router")
            }
            MigrationError::ResolveNamespace(e) => write!(f, "resolve namespace: {e}"),
            MigrationError::InvalidNamespace => f.write_str("namespace is invalid"),
            MigrationError::CreateClient(e) => write!(f, "create OME client: {e}"),
            MigrationError::Get(e) => write!(f, "{COLLECT}: get InferenceService: {e}"),
            MigrationError::NameMismatch => write!(
                f,
                "{COLLECT}: returned inference service name does not match request"
            ),
            MigrationError::NamespaceMismatch => write!(
                f,
                "{COLLECT}: returned inference service namespace does not match request"
            ),
            MigrationError::NoUid => write!(f, "{COLLECT}: returned inference service has no UID"),
            MigrationError::UidInvalid => {
                write!(f, "{COLLECT}: returned inference service UID is invalid")
            }
            MigrationError::List(e) => {
                write!(f, "{COLLECT}: list related InferenceReplicas: {e}")
            }
            MigrationError::Projection(e) => write!(f, "project migration status: {e}"),
            MigrationError::Write(e) => write!(f, "write migration status: {e}"),
        }
    }
}
