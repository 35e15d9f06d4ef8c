//! Evidence as collected: why a read produced no usable object ([`ApiError`]) and the listed
//! InferenceReplicas of a service ([`ReplicaCollection`]). `collect` produces these, `evaluate`
//! decides what they mean, and the errors decide what of them a user is shown.

use crate::text::sanitize;
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
    /// A name read from the cluster would have become part of the request path without being a
    /// valid Kubernetes name: the request was refused before it was sent.
    UnsafePath,
}

/// The failure below HTTP that ended a request: what kind of failure it was (shown, in our
/// words) and the client's error (kept only as the typed source, never shown: its text can
/// carry addresses, proxy URLs or an exec plugin's command line).
#[derive(Clone)]
pub struct TransportError {
    failure: TransportFailure,
    source: Arc<dyn std::error::Error + Send + Sync>,
}

/// The kinds of failure below HTTP a user can act on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TransportFailure {
    /// The request could not be built; nothing was sent.
    Request,
    /// The client credentials (token file, exec plugin) could not be obtained.
    Credentials,
    /// The server refused the connection.
    Refused,
    /// Connecting took longer than the client's connect limit.
    ConnectTimeout,
    /// The TLS handshake failed (certificate, protocol).
    Tls,
    /// The connection closed before the response was complete.
    Closed,
    /// Any other failure of the connection.
    Other,
    /// The connection through the configured proxy could not be made (see
    /// [`ApiError::through_proxy`]).
    Proxy,
}

/// The failure's kind only: the client's error may name a proxy URL, a token file or an exec
/// plugin's output, so it is never printed.
impl std::fmt::Debug for TransportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TransportError")
            .field("failure", &self.failure)
            .field("source", &"<redacted>")
            .finish()
    }
}

impl TransportError {
    /// Wraps the client's error, classifying it by its type and its I/O error kinds (never by
    /// its text).
    pub fn new(error: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> TransportError {
        let source: Arc<dyn std::error::Error + Send + Sync> = Arc::from(error.into());
        TransportError {
            failure: classify_transport(source.as_ref()),
            source,
        }
    }

    /// What kind of failure this was.
    pub fn failure(&self) -> TransportFailure {
        self.failure
    }

    /// The same failure on a connection made through a proxy: one that could not be opened
    /// (refused, timed out, or failed before any answer) failed at the proxy, the only peer the
    /// client connects to. TLS and a connection closed mid-answer stay what they are.
    fn through_proxy(mut self) -> TransportError {
        if matches!(
            self.failure,
            TransportFailure::Refused | TransportFailure::ConnectTimeout | TransportFailure::Other
        ) {
            self.failure = TransportFailure::Proxy;
        }
        self
    }

    /// Whether another attempt may succeed: a refused, timed-out or dropped connection may
    /// pass; a request that cannot be built, credentials that cannot be obtained or a server
    /// TLS does not trust will not.
    pub fn is_transient(&self) -> bool {
        !matches!(
            self.failure,
            TransportFailure::Request | TransportFailure::Credentials | TransportFailure::Tls
        )
    }
}

/// Walks the source chain: kube's own variants first, then the first I/O error kind.
fn classify_transport(error: &(dyn std::error::Error + 'static)) -> TransportFailure {
    let mut current = Some(error);
    while let Some(e) = current {
        if let Some(kube_error) = e.downcast_ref::<kube::Error>() {
            match kube_error {
                kube::Error::Auth(_) => return TransportFailure::Credentials,
                kube::Error::HttpError(_) | kube::Error::BuildRequest(_) => {
                    return TransportFailure::Request;
                }
                kube::Error::RustlsTls(_) => return TransportFailure::Tls,
                _ => {}
            }
        }
        if e.is::<http::Error>() {
            return TransportFailure::Request;
        }
        // A body cut short of its declared length (hyper reports no I/O error for it).
        if e.downcast_ref::<hyper::Error>()
            .is_some_and(hyper::Error::is_incomplete_message)
        {
            return TransportFailure::Closed;
        }
        let mut next = e.source();
        if let Some(io) = e.downcast_ref::<std::io::Error>() {
            use std::io::ErrorKind;
            match io.kind() {
                ErrorKind::ConnectionRefused => return TransportFailure::Refused,
                ErrorKind::TimedOut => return TransportFailure::ConnectTimeout,
                ErrorKind::ConnectionReset
                | ErrorKind::ConnectionAborted
                | ErrorKind::BrokenPipe
                | ErrorKind::UnexpectedEof => return TransportFailure::Closed,
                // rustls reports handshake and certificate failures as invalid data.
                ErrorKind::InvalidData => return TransportFailure::Tls,
                // An I/O error's own source skips the error it wraps: look at that one.
                _ => {
                    if let Some(inner) = io.get_ref() {
                        next = Some(inner);
                    }
                }
            }
        }
        current = next;
    }
    TransportFailure::Other
}

/// Our words for the failure; the client's text is never shown.
impl fmt::Display for TransportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.failure {
            TransportFailure::Request => "the request could not be built",
            TransportFailure::Credentials => "the client credentials could not be obtained",
            TransportFailure::Refused => "the connection to the API server was refused",
            TransportFailure::ConnectTimeout => "connecting to the API server timed out",
            TransportFailure::Tls => "the TLS handshake with the API server failed",
            TransportFailure::Closed => {
                "the connection to the API server closed before the response was complete"
            }
            TransportFailure::Other => "the connection to the API server failed",
            TransportFailure::Proxy => "the connection through the proxy failed",
        })
    }
}

impl std::error::Error for TransportError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(self.source.as_ref())
    }
}

impl ApiError {
    /// This failure of a request sent through a proxy (the connection knows whether it uses
    /// one; the client's error does not say which hop failed).
    pub fn through_proxy(self, proxied: bool) -> ApiError {
        match self {
            ApiError::Transport(transport) if proxied => {
                ApiError::Transport(transport.through_proxy())
            }
            other => other,
        }
    }

    /// Whether the server answered 404.
    pub fn is_not_found(&self) -> bool {
        matches!(self, ApiError::NotFound { .. })
    }

    /// Whether the server answered 403.
    pub fn is_forbidden(&self) -> bool {
        matches!(self, ApiError::Forbidden { .. })
    }

    /// A failure a later read may not repeat: 429, any 5xx, a dropped or refused connection, or
    /// the request's own time limit. Everything else (403, 404, 410, an undecodable body, a
    /// server TLS does not trust …) says something about the request, the object or the
    /// configuration, so trying again would only repeat it.
    pub fn is_transient(&self) -> bool {
        match self {
            ApiError::Status { code, .. } => *code == 429 || (500..=599).contains(code),
            ApiError::Transport(e) => e.is_transient(),
            ApiError::TimedOut => true,
            _ => false,
        }
    }

    /// The delay the server asked for before the next attempt (`Retry-After`, which the API
    /// server also puts in the Status as `details.retryAfterSeconds`), when positive.
    pub fn retry_after(&self) -> Option<std::time::Duration> {
        let ApiError::Status {
            details: Some(details),
            ..
        } = self
        else {
            return None;
        };
        details
            .get("retryAfterSeconds")
            .and_then(Value::as_u64)
            .filter(|s| *s > 0)
            .map(std::time::Duration::from_secs)
    }

    /// Whether the server answered 410 Gone (a watch's resourceVersion is too old).
    pub fn is_gone(&self) -> bool {
        matches!(self, ApiError::Status { code: 410, .. })
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

/// What a user is shown of a failed read: the server's Status message as kubectl shows it, but
/// sanitised and bounded (it is cluster text); for a failure below HTTP, our words for it.
impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::NotFound { message, .. }
            | ApiError::Forbidden { message }
            | ApiError::Unauthorized { message }
            | ApiError::Conflict { message }
            | ApiError::Status { message, .. } => f.write_str(&sanitize(message)),
            ApiError::Transport(e) => e.fmt(f),
            ApiError::TimedOut => f.write_str("context deadline exceeded"),
            ApiError::TooLarge => f.write_str("response body exceeds the size limit"),
            ApiError::Malformed => f.write_str("response is not a valid object"),
            ApiError::UnsafePath => f.write_str(
                "request refused: a name read from the cluster is not a valid Kubernetes name",
            ),
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
    /// A page's `kind` or `apiVersion` was set and not `InferenceReplicaList` /
    /// `ome.io/v1beta1`.
    pub(crate) foreign_type: bool,
    /// LIST requests sent.
    pub(crate) pages: usize,
    /// `metadata.resourceVersion` of the first page: the point a watch of the same selection
    /// continues from.
    pub(crate) resource_version: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Error, ErrorKind};

    #[test]
    fn transport_failures_are_named_in_our_words() {
        let shown = |e: Error| ApiError::Transport(TransportError::new(e)).to_string();
        assert_eq!(
            shown(Error::new(
                ErrorKind::ConnectionRefused,
                "dial tcp 10.0.0.1:6443 secret"
            )),
            "the connection to the API server was refused"
        );
        assert_eq!(
            shown(Error::new(ErrorKind::UnexpectedEof, "proxy http://u:pw@p")),
            "the connection to the API server closed before the response was complete"
        );
        assert_eq!(
            shown(Error::other("AWS_SECRET_ACCESS_KEY=S3CR3T")),
            "the connection to the API server failed"
        );
        // The kind is found anywhere in the source chain.
        let nested = Error::other(Error::new(ErrorKind::InvalidData, "bad certificate"));
        assert_eq!(TransportError::new(nested).failure(), TransportFailure::Tls);
    }

    #[test]
    fn status_messages_are_shown_sanitised() {
        let error = ApiError::Status {
            code: 500,
            reason: "InternalError".into(),
            message: "boom \u{1b}]0;x\u{7}\n".into(),
            details: None,
        };
        assert_eq!(error.to_string(), "boom \\u001B]0;x\\u0007\\n");
        assert_eq!(
            ApiError::UnsafePath.to_string(),
            "request refused: a name read from the cluster is not a valid Kubernetes name"
        );
    }
}
