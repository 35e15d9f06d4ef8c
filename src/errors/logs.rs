//! `kubectl ome logs` errors (after-the-write.md §1.2–§1.5): all exit 1.

use super::ConnectError;
use super::read_preamble::{PLAIN, ReadPreamble};
use crate::ome::Component;
use crate::ome::evidence::ApiError;
use crate::ome::names::NameProblem;
use std::fmt;

/// The most bytes a log line may hold (without its LF).
pub(crate) const MAX_LOG_LINE: usize = 1 << 20;

/// A `logs` failure.
#[derive(Debug)]
pub(crate) enum LogsError {
    /// The service name is not a DNS-1123 subdomain.
    InvalidName {
        /// The name as given.
        name: String,
        /// Its first problem.
        problem: NameProblem,
    },
    /// `-c` is not a component; the value as given.
    InvalidComponent(String),
    /// `--instance` outside 0–2147483647.
    InstanceRange,
    /// `--max-log-requests` ≤ 0.
    MaxLogRequests,
    /// `--limit-bytes` < 0.
    LimitBytesNegative,
    /// `--limit-bytes` > 0 with `--follow`.
    LimitBytesWithFollow,
    /// `--instance` without a component.
    InstanceRequiresComponent,
    /// An 8-hex `--revision` without `-c`.
    HashRequiresComponent,
    /// `--revision` of neither form; the value as given.
    InvalidRevision(String),
    /// A full `--revision` of another service.
    RevisionService {
        /// The revision as given.
        revision: String,
        /// The service.
        name: String,
    },
    /// A full `--revision` of another component than `-c`.
    RevisionComponent {
        /// The component in the revision's name.
        revision: Component,
        /// `-c`.
        component: Component,
    },
    /// `--container` is not a DNS-1123 label.
    InvalidContainer {
        /// The name as given.
        name: String,
        /// Its first problem.
        problem: NameProblem,
    },
    /// The kubeconfig, the resolved namespace or the client (the read commands' steps).
    Read(ReadPreamble),
    /// A pod LIST failed.
    Discover(Box<ApiError>),
    /// The server sent a continue token that repeats or does not advance.
    ContinueStalled,
    /// The pod LIST hit a bound; the LIST requests sent.
    Truncated(usize),
    /// No pod matched.
    NoPods {
        /// The service.
        name: String,
        /// The namespace.
        namespace: String,
        /// The selector, as sent.
        selector: String,
    },
    /// `--follow` over more pods than `--max-log-requests`.
    TooManyStreams {
        /// Pods selected.
        streams: usize,
        /// `--max-log-requests`.
        max: i64,
    },
    /// A log request or its body failed.
    Stream {
        /// The pod.
        pod: String,
        /// What the server (or transport) said.
        cause: Box<ApiError>,
    },
    /// A log line of [`MAX_LOG_LINE`] bytes or more.
    LineTooLong {
        /// The pod.
        pod: String,
    },
    /// stdout was closed (`| head`): the command ends quietly.
    BrokenPipe,
    /// Writing to stdout failed otherwise.
    Write(std::io::Error),
}

impl LogsError {
    /// Whether the command ends without an `error:` line (a closed stdout: nobody reads it).
    pub(crate) fn is_quiet(&self) -> bool {
        matches!(self, LogsError::BrokenPipe)
    }
}

impl fmt::Display for LogsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogsError::InvalidName { name, problem } => {
                write!(f, "invalid InferenceService name \"{name}\": {problem}")
            }
            LogsError::InvalidComponent(c) => {
                write!(
                    f,
                    "invalid component \"{c}\" (valid: engine, decoder, router)"
                )
            }
            LogsError::InstanceRange => f.write_str("--instance must be between 0 and 2147483647"),
            LogsError::MaxLogRequests => f.write_str("--max-log-requests must be greater than 0"),
            LogsError::LimitBytesNegative => {
                f.write_str("--limit-bytes must be greater than or equal to 0")
            }
            LogsError::LimitBytesWithFollow => {
                f.write_str("--limit-bytes cannot be used with --follow")
            }
            LogsError::InstanceRequiresComponent => f.write_str("--instance requires --component"),
            LogsError::HashRequiresComponent => {
                f.write_str("hash-only --revision requires --component")
            }
            LogsError::InvalidRevision(v) => write!(
                f,
                "invalid revision \"{v}\" (expected 8 lowercase hexadecimal characters or <inferenceservice>-<component>-<hash>)"
            ),
            LogsError::RevisionService { revision, name } => write!(
                f,
                "revision \"{revision}\" does not belong to InferenceService \"{name}\""
            ),
            LogsError::RevisionComponent {
                revision,
                component,
            } => write!(
                f,
                "revision component \"{revision}\" does not match --component \"{component}\""
            ),
            LogsError::InvalidContainer { name, problem } => {
                write!(f, "invalid container name \"{name}\": {problem}")
            }
            LogsError::Read(e) => e.show(&PLAIN, f),
            LogsError::Discover(cause) => write!(f, "discover pods: {cause}"),
            LogsError::ContinueStalled => {
                f.write_str("discover pods: the server repeated a continue token")
            }
            LogsError::Truncated(n) => write!(
                f,
                "pod discovery was truncated after {n} requests; narrow the query with --component, --instance, or --revision"
            ),
            LogsError::NoPods {
                name,
                namespace,
                selector,
            } => write!(
                f,
                "no pods found for InferenceService \"{name}\" in namespace \"{namespace}\" (selector {selector})"
            ),
            LogsError::TooManyStreams { streams, max } => write!(
                f,
                "you are attempting to follow {streams} log streams, but maximum allowed concurrency is {max}, use --max-log-requests to increase the limit"
            ),
            LogsError::Stream { pod, cause } => {
                write!(f, "streaming logs for pod {pod}: {cause}")
            }
            LogsError::LineTooLong { pod } => write!(
                f,
                "streaming logs for pod {pod}: log line exceeds {MAX_LOG_LINE} bytes"
            ),
            LogsError::BrokenPipe => f.write_str("write output: broken pipe"),
            LogsError::Write(e) => write!(f, "write output: {e}"),
        }
    }
}

impl std::error::Error for LogsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LogsError::Read(e) => e.cause(),
            LogsError::Discover(e) | LogsError::Stream { cause: e, .. } => Some(e.as_ref()),
            LogsError::Write(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ConnectError> for LogsError {
    fn from(e: ConnectError) -> Self {
        LogsError::Read(e.into())
    }
}

impl From<ReadPreamble> for LogsError {
    fn from(e: ReadPreamble) -> Self {
        LogsError::Read(e)
    }
}
