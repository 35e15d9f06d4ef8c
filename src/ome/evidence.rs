//! Evidence as collected: why a read produced no usable object ([`ApiError`]) and the listed
//! InferenceReplicas of a service ([`ReplicaCollection`]). `collect` produces these, `evaluate`
//! decides what they mean, and the errors decide what of them a user is shown.

use serde_json::Value;
use std::fmt;
use std::sync::Arc;

/// Why a request did not produce a usable response. Classified by what the server said (the
/// status code and the Status fields), never by message text.
#[derive(Debug, Clone)]
pub enum ApiError {
    /// HTTP 404. `named` is false when the Status names no resource (the API itself is missing).
    NotFound {
        /// Whether the Status details name a resource.
        named: bool,
        /// The server's Status message.
        message: String,
    },
    /// HTTP 403.
    Forbidden {
        /// The server's Status message.
        message: String,
    },
    /// HTTP 401.
    Unauthorized {
        /// The server's Status message.
        message: String,
    },
    /// HTTP 409.
    Conflict {
        /// The server's Status message.
        message: String,
    },
    /// Any other HTTP error status, with the server's Status fields.
    Status {
        /// The HTTP status code.
        code: u16,
        /// The Status `reason`.
        reason: String,
        /// The Status `message` (or a fixed text naming the code when there is none).
        message: String,
        /// The Status `details`.
        details: Option<Value>,
    },
    /// The request could not be completed (connection refused or dropped, TLS failure).
    Transport(TransportError),
    /// The request's time limit expired.
    TimedOut,
    /// The body exceeded the cap.
    TooLarge,
    /// The body was not the JSON object expected.
    Malformed,
}

/// The failure below HTTP that ended a request, kept as a typed source.
#[derive(Debug, Clone)]
pub struct TransportError(Arc<dyn std::error::Error + Send + Sync>);

impl TransportError {
    /// Wraps the client's error.
    pub fn new(error: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> TransportError {
        TransportError(Arc::from(error.into()))
    }
}

impl fmt::Display for TransportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for TransportError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(self.0.as_ref())
    }
}

impl ApiError {
    /// Whether the server answered 404.
    pub fn is_not_found(&self) -> bool {
        matches!(self, ApiError::NotFound { .. })
    }

    /// Whether the server answered 403.
    pub fn is_forbidden(&self) -> bool {
        matches!(self, ApiError::Forbidden { .. })
    }

    /// A 404 that names no resource, or the generic "could not find the requested resource" of
    /// a named GET: the ome.io API itself is missing (read-commands.md §1.2).
    pub fn api_missing(&self) -> bool {
        match self {
            ApiError::NotFound { named: false, .. } => true,
            ApiError::NotFound { message, .. } => {
                message == "the server could not find the requested resource"
            }
            _ => false,
        }
    }
}

/// The text kubectl would show: the server's Status message, or the transport error.
impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::NotFound { message, .. }
            | ApiError::Forbidden { message }
            | ApiError::Unauthorized { message }
            | ApiError::Conflict { message }
            | ApiError::Status { message, .. } => f.write_str(message),
            ApiError::Transport(e) => e.fmt(f),
            ApiError::TimedOut => f.write_str("context deadline exceeded"),
            ApiError::TooLarge => f.write_str("response body exceeds the size limit"),
            ApiError::Malformed => f.write_str("response is not a valid object"),
        }
    }
}

impl std::error::Error for ApiError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ApiError::Transport(e) => Some(e),
            _ => None,
        }
    }
}

/// The listed InferenceReplicas of one service, with what went wrong while listing.
#[derive(Debug, Clone, Default)]
pub(crate) struct ReplicaCollection {
    /// Raw IR objects in list order (already filtered client-side when no selector was used).
    pub(crate) items: Vec<Value>,
    /// Whether the LIST carried `labelSelector=ome.io/inferenceservice=<name>`.
    pub(crate) selector_used: bool,
    /// More items or pages existed than the bounds allow.
    pub(crate) truncated: bool,
    /// The failure of the last page read, if any; items of earlier pages are kept.
    pub(crate) error: Option<ApiError>,
    /// LIST requests sent.
    pub(crate) pages: usize,
}
