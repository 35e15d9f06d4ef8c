//! `kubectl ome admin doctor` errors (diagnose.md §4.2, §5.2): fixed messages that never echo
//! input. Everything exits 1 except the two verdicts written after the report.

use super::{ConnectError, ExitCode, OutputError};
use crate::ome::evidence::ApiError;
use std::fmt;

/// An `admin doctor` failure.
#[derive(Debug)]
pub(crate) enum DoctorError {
    /// Any flag-parse error.
    InvalidFlags,
    /// A positional argument was given.
    Positional,
    /// `-o` is not table, wide, json or yaml (exact).
    UnsupportedOutput,
    /// `--isvc` is empty or not a DNS subdomain.
    InvalidService,
    /// `--component` without `--access --isvc`.
    ComponentWithoutAccess,
    /// `--component` is not one of the three.
    InvalidComponent,
    /// `--ome-namespace` or `--alfred-namespace` is not a DNS label, or a resolved namespace
    /// is not one.
    InvalidNamespaces,
    /// An explicit `-n` is not a DNS label.
    InvalidWorkloadNamespace,
    /// An explicit `--request-timeout` does not parse or is negative.
    InvalidRequestTimeout,
    /// Canceled, or the 30 s deadline expired.
    CanceledOrTimedOut,
    /// The workload namespace resolved empty.
    WorkloadNamespaceUnavailable,
    /// No context is selected (missing or empty).
    ContextUnavailable,
    /// The kubeconfig could not be loaded.
    RestConfigurationUnavailable(ConnectError),
    /// The client could not be built.
    ClientsUnavailable(ConnectError),
    /// The selected InferenceService could not be read or does not bind to the request.
    CollectionFailed(Option<Box<ApiError>>),
    /// The report could not be rendered or written.
    Write(OutputError),
    /// The report was written; a required API is not discoverable (exit 2).
    RequiredApiViolations,
    /// The report was written; an access review was denied or not allowed (exit 2).
    AccessViolations(AccessShortfall),
}

/// The reviews `admin doctor --access` found denied or not allowed, named in `admin doctor
/// check:` lines before the final `error:` line (difference y), with the Role file of
/// `docs/rbac/` that grants them. Every value is an enum or a validated name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AccessShortfall {
    pub(crate) missing: Vec<MissingAccess>,
}

/// One review that was not allowed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MissingAccess {
    pub(crate) verb: &'static str,
    pub(crate) resource: &'static str,
    pub(crate) subresource: Option<&'static str>,
    pub(crate) namespace: String,
    pub(crate) name: Option<String>,
    pub(crate) outcome: &'static str,
}

impl AccessShortfall {
    /// `scaler.yaml` holds everything of `reader.yaml` plus the `/scale` patch, so a missing
    /// write needs the former, a missing read the latter.
    pub(crate) fn role_file(&self) -> &'static str {
        if self.missing.iter().any(|m| m.verb == "patch") {
            "docs/rbac/scaler.yaml"
        } else {
            "docs/rbac/reader.yaml"
        }
    }

    pub(crate) fn lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .missing
            .iter()
            .map(|m| {
                let resource = match m.subresource {
                    Some(sub) => format!("{}/{sub}", m.resource),
                    None => m.resource.to_string(),
                };
                let name = m.name.as_deref().unwrap_or("*");
                format!(
                    "admin doctor check: access verb={} resource={resource} namespace={} name={name} outcome={}",
                    m.verb, m.namespace, m.outcome
                )
            })
            .collect();
        lines.push(format!(
            "admin doctor check: access grant={} (docs/rbac/README.md)",
            self.role_file()
        ));
        lines
    }
}

impl DoctorError {
    /// Exit 2 for the verdicts written after the report, else 1.
    pub(crate) fn exit_code(&self) -> ExitCode {
        match self {
            DoctorError::RequiredApiViolations | DoctorError::AccessViolations(_) => {
                ExitCode::AssertionUnmet
            }
            _ => ExitCode::GeneralError,
        }
    }
}

impl fmt::Display for DoctorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DoctorError::InvalidFlags => "invalid doctor flags; use --help",
            DoctorError::Positional => "doctor accepts no positional arguments",
            DoctorError::UnsupportedOutput => "doctor output must be table, wide, json or yaml",
            DoctorError::InvalidService => "doctor InferenceService name is invalid",
            DoctorError::ComponentWithoutAccess => {
                "doctor --component requires --access and --isvc"
            }
            DoctorError::InvalidComponent => "doctor component must be engine, decoder or router",
            DoctorError::InvalidNamespaces => "doctor namespaces are invalid",
            DoctorError::InvalidWorkloadNamespace => "doctor workload namespace is invalid",
            DoctorError::InvalidRequestTimeout => "doctor request timeout is invalid",
            DoctorError::CanceledOrTimedOut => "doctor canceled or timed out",
            DoctorError::WorkloadNamespaceUnavailable => "doctor workload namespace is unavailable",
            DoctorError::ContextUnavailable => "doctor selected context is unavailable",
            DoctorError::RestConfigurationUnavailable(_) => {
                "doctor REST configuration is unavailable"
            }
            DoctorError::ClientsUnavailable(_) => "doctor API clients are unavailable",
            DoctorError::CollectionFailed(_) => "doctor collection failed",
            DoctorError::Write(_) => "write doctor report failed",
            DoctorError::RequiredApiViolations => "doctor found required API violations",
            DoctorError::AccessViolations(_) => "doctor found access violations",
        })
    }
}

impl std::error::Error for DoctorError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DoctorError::RestConfigurationUnavailable(e) | DoctorError::ClientsUnavailable(e) => {
                Some(e)
            }
            DoctorError::CollectionFailed(Some(e)) => Some(e.as_ref()),
            DoctorError::Write(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ConnectError> for DoctorError {
    fn from(e: ConnectError) -> Self {
        e.route(
            DoctorError::ClientsUnavailable,
            DoctorError::RestConfigurationUnavailable,
        )
    }
}
