//! What `kubectl ome version` was asked for.

use super::OutputFormat;

/// `version [--client] [-o json|yaml] [--ome-namespace NS]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct VersionRequest {
    /// Only the client line; nothing is read.
    pub(crate) client_only: bool,
    /// Text (`Table`), JSON or YAML.
    pub(crate) output: OutputFormat,
    /// Where the `ome-controller-manager` Deployment is (a DNS-1123 label).
    pub(crate) ome_namespace: String,
}
