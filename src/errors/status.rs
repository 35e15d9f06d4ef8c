//! `kubectl ome status` errors (diagnose.md §3.1): fixed messages that never echo input.

use super::{ConnectError, OutputError};
use crate::ome::evidence::ApiError;
use std::fmt;

/// A `status` failure (exit 1).
#[derive(Debug)]
pub(crate) enum StatusError {
    /// Any flag-parse error.
    InvalidFlags,
    /// Not exactly one positional argument.
    ArgCount,
    /// `-o` is not table, wide, json or yaml (case-sensitive).
    UnsupportedOutput,
    /// The service name is not a DNS-1123 subdomain.
    InvalidName,
    /// The kubeconfig could not be loaded or the client built.
    ConfigurationUnavailable(ConnectError),
    /// The resolved namespace is empty or not a DNS label.
    InvalidNamespace,
    /// `--ome-namespace` is empty or not a DNS label.
    InvalidOmeNamespace,
    /// Canceled, or the 30 s command deadline (or the GET's 10 s) expired.
    CanceledOrTimedOut,
    /// The InferenceService does not exist.
    NotFound(Box<ApiError>),
    /// The InferenceService GET failed otherwise.
    Unreadable(Box<ApiError>),
    /// The returned service does not bind to the request, or cannot be projected.
    SourceInvalid,
    /// The report could not be rendered or written.
    Write(OutputError),
}

impl fmt::Display for StatusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StatusError::InvalidFlags => "status flags are invalid",
            StatusError::ArgCount => "status requires exactly one InferenceService name",
            StatusError::UnsupportedOutput => "status output must be table, wide, json, or yaml",
            StatusError::InvalidName => "status requires a valid InferenceService name",
            StatusError::ConfigurationUnavailable(_) => "status configuration is unavailable",
            StatusError::InvalidNamespace => "status requires a valid namespace",
            StatusError::InvalidOmeNamespace => "status requires a valid OME namespace",
            StatusError::CanceledOrTimedOut => "status read was cancelled or timed out",
            StatusError::NotFound(_) => "status InferenceService was not found",
            StatusError::Unreadable(_) => "status InferenceService could not be read",
            StatusError::SourceInvalid => "status source is invalid",
            StatusError::Write(_) => "status output could not be written",
        })
    }
}

impl std::error::Error for StatusError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StatusError::ConfigurationUnavailable(e) => Some(e),
            StatusError::NotFound(e) | StatusError::Unreadable(e) => Some(e.as_ref()),
            StatusError::Write(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ConnectError> for StatusError {
    fn from(e: ConnectError) -> Self {
        StatusError::ConfigurationUnavailable(e)
    }
}
