//! What `kubectl ome version` was asked for.

/// `version [--client] [--ome-namespace NS]` (no `-o`: website.md §2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct VersionRequest {
    /// Only the client line; nothing is read.
    pub(crate) client_only: bool,
    /// Where the `ome-controller-manager` Deployment is (a DNS-1123 label).
    pub(crate) ome_namespace: String,
}
