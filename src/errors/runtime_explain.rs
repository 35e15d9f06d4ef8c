//! `kubectl ome runtime explain` errors (runtime-selection.md §7.2), in the order they are
//! checked. Every one exits 1 with nothing on stdout; a failed read of the service, the model
//! or a candidate LIST is named first on a `runtime explain check: read …` line (README
//! difference y).

use super::read_check::ReadKind;
use super::read_preamble::{PLAIN, ReadPreamble, Wording};
use super::{ConnectError, FailedStep, OutputError, ShownApiError};
use crate::ome::evidence::ApiError;
use std::fmt;

/// `runtime explain`'s words for the shared steps: the namespace's resolution error as it is,
/// an invalid namespace without echo.
const WORDING: Wording = Wording {
    resolve: None,
    write: "write runtime explain report",
    ..PLAIN
};

/// A read whose failure ends the command: what it asked for and why it failed.
#[derive(Debug)]
pub(crate) struct FailedRead {
    pub(crate) kind: ReadKind,
    /// The namespace of the command (the `next:` lines name it even for a cluster-scoped read).
    pub(crate) namespace: String,
    /// The object's name (empty for a LIST).
    pub(crate) name: String,
    pub(crate) cause: Box<ApiError>,
}

impl FailedRead {
    /// The failed read of `kind` `namespace/name`.
    pub(crate) fn new(kind: ReadKind, namespace: &str, name: &str, cause: ApiError) -> FailedRead {
        FailedRead {
            kind,
            namespace: namespace.to_string(),
            name: name.to_string(),
            cause: Box::new(cause),
        }
    }
}

/// Why the candidate snapshot cannot be used (runtime-selection.md §2.4, last column).
#[derive(Debug)]
pub(crate) enum SnapshotError {
    /// A LIST failed.
    Failed(FailedRead),
    /// More than 1000 candidates, or pages left unread.
    Truncated,
    /// The pages of a kind contradict themselves.
    Inconsistent,
    /// A list or candidate of another kind or scope, or a name that is not one.
    Identity,
    /// A name twice in one kind.
    Duplicate,
}

/// A `runtime explain` failure (exit 1).
#[derive(Debug)]
pub(crate) enum RuntimeExplainError {
    /// A positional argument: Cobra's words for a command that takes none.
    Positional(String),
    /// Neither or both of `--model` and `--isvc`.
    ExactlyOne,
    /// `--model` is not a DNS-1123 subdomain (never echoed).
    InvalidModel,
    /// `--isvc` is not a DNS-1123 subdomain (never echoed).
    InvalidService,
    /// The kubeconfig, the namespace, the client, or the write of the table or a note.
    Read(ReadPreamble),
    /// The GET of the service or the model failed, or returned no object of its kind.
    Get(FailedRead),
    /// The returned service has another name.
    ServiceName,
    /// The returned service is in another namespace.
    ServiceNamespace,
    /// The returned service has no UID.
    ServiceUid,
    /// The service names no model (its name).
    NoModel(String),
    /// The service's `spec.model.name` cannot become a request path (its name).
    InvalidServiceModel(String),
    /// The model's `spec.modelFormat.name` is empty.
    NoFormat,
    Snapshot(SnapshotError),
}

impl RuntimeExplainError {
    /// The `runtime explain check: read …` step of a failed read (`context` is `--context`,
    /// for the `next:` line).
    pub(crate) fn failed_step(&self, context: Option<&str>) -> Option<FailedStep> {
        let read = match self {
            RuntimeExplainError::Get(read)
            | RuntimeExplainError::Snapshot(SnapshotError::Failed(read)) => read,
            _ => return None,
        };
        Some(FailedStep::read(
            read.kind,
            &read.namespace,
            &read.name,
            &read.cause,
            context,
        ))
    }
}

impl fmt::Display for RuntimeExplainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            RuntimeExplainError::Positional(arg) => {
                return write!(f, "unknown command \"{arg}\" for \"ome runtime explain\"");
            }
            RuntimeExplainError::ExactlyOne => "exactly one of --model or --isvc is required",
            RuntimeExplainError::InvalidModel => "model name is invalid",
            RuntimeExplainError::InvalidService => "inference service name is invalid",
            // The client's construction error as it is.
            RuntimeExplainError::Read(ReadPreamble::CreateClient(e)) => return e.fmt(f),
            RuntimeExplainError::Read(e) => return e.show(&WORDING, f),
            RuntimeExplainError::Get(read) => return ShownApiError(&read.cause).fmt(f),
            RuntimeExplainError::ServiceName => {
                "returned inference service name does not match request"
            }
            RuntimeExplainError::ServiceNamespace => {
                "returned inference service namespace does not match request"
            }
            RuntimeExplainError::ServiceUid => "inference service UID is required",
            RuntimeExplainError::NoModel(name) => {
                return write!(
                    f,
                    "InferenceService \"{name}\" has no spec.model; pass --model instead"
                );
            }
            RuntimeExplainError::InvalidServiceModel(name) => {
                return write!(
                    f,
                    "InferenceService \"{name}\" has an invalid spec.model.name"
                );
            }
            RuntimeExplainError::NoFormat => {
                "invalid model specification: modelFormat.name: model format name is required"
            }
            RuntimeExplainError::Snapshot(e) => match e {
                SnapshotError::Failed(_) => "runtime candidate snapshot API request failed",
                SnapshotError::Truncated => {
                    "runtime candidate snapshot exceeds the CLI collection limit"
                }
                SnapshotError::Inconsistent => {
                    "runtime API returned an inconsistent candidate snapshot"
                }
                SnapshotError::Identity => {
                    "runtime API returned a candidate with an unexpected identity"
                }
                SnapshotError::Duplicate => "runtime API returned a duplicate candidate identity",
            },
        };
        f.write_str(text)
    }
}

impl std::error::Error for RuntimeExplainError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RuntimeExplainError::Read(e) => e.cause(),
            RuntimeExplainError::Get(read)
            | RuntimeExplainError::Snapshot(SnapshotError::Failed(read)) => {
                Some(read.cause.as_ref())
            }
            _ => None,
        }
    }
}

impl From<ReadPreamble> for RuntimeExplainError {
    fn from(e: ReadPreamble) -> Self {
        RuntimeExplainError::Read(e)
    }
}

impl From<ConnectError> for RuntimeExplainError {
    fn from(e: ConnectError) -> Self {
        RuntimeExplainError::Read(e.into())
    }
}

impl From<OutputError> for RuntimeExplainError {
    fn from(e: OutputError) -> Self {
        RuntimeExplainError::Read(e.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(error: &RuntimeExplainError, context: Option<&str>) -> Vec<String> {
        error
            .failed_step(context)
            .map(|s| s.lines("runtime explain"))
            .unwrap_or_default()
    }

    #[test]
    fn failed_reads_name_their_object_without_server_text() {
        let missing = ApiError::NotFound {
            named: true,
            message: "clusterbasemodels.ome.io \"missing\" not found".into(),
        };
        let error = RuntimeExplainError::Get(FailedRead::new(
            ReadKind::ClusterBaseModel,
            "prod",
            "missing",
            missing,
        ));
        assert_eq!(
            error.to_string(),
            "clusterbasemodels.ome.io \"missing\" not found"
        );
        assert_eq!(
            lines(&error, None),
            ["runtime explain check: read object=ClusterBaseModel/missing cause=NotFound"]
        );
        let forbidden = || ApiError::Forbidden {
            message: "secret server text".into(),
        };
        let list = RuntimeExplainError::Snapshot(SnapshotError::Failed(FailedRead::new(
            ReadKind::ServingRuntimeList,
            "prod",
            "",
            forbidden(),
        )));
        assert_eq!(
            list.to_string(),
            "runtime candidate snapshot API request failed"
        );
        assert_eq!(
            lines(&list, Some("kind-prod")),
            [
                "runtime explain check: read object=ServingRuntimeList/prod cause=Forbidden",
                "next: kubectl ome admin doctor --access -n prod --context kind-prod",
            ]
        );
        let base = RuntimeExplainError::Get(FailedRead::new(
            ReadKind::BaseModel,
            "prod",
            "m",
            ApiError::TimedOut,
        ));
        assert_eq!(
            lines(&base, None),
            ["runtime explain check: read object=BaseModel/prod/m cause=Timeout"]
        );
        let cluster = RuntimeExplainError::Snapshot(SnapshotError::Failed(FailedRead::new(
            ReadKind::ClusterServingRuntimeList,
            "prod",
            "",
            ApiError::Malformed,
        )));
        assert_eq!(
            lines(&cluster, None),
            ["runtime explain check: read object=ClusterServingRuntimeList cause=Undecodable"]
        );
        assert!(
            lines(
                &RuntimeExplainError::Snapshot(SnapshotError::Truncated),
                None
            )
            .is_empty()
        );
    }

    #[test]
    fn invalid_names_are_never_echoed_and_the_namespace_error_is_fixed() {
        assert_eq!(
            RuntimeExplainError::InvalidModel.to_string(),
            "model name is invalid"
        );
        let namespace = ReadPreamble::check_namespace("Bad_NS").unwrap_err();
        assert_eq!(
            RuntimeExplainError::from(namespace).to_string(),
            "namespace is invalid"
        );
        assert_eq!(
            RuntimeExplainError::Positional("chat".into()).to_string(),
            "unknown command \"chat\" for \"ome runtime explain\""
        );
    }
}
