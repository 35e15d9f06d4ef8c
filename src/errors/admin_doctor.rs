//! `kubectl ome admin doctor` errors (diagnose.md §4.2, §5.2): fixed messages that never echo
//! input. Everything exits 1 except the two verdicts written after the report.

use super::{ConnectError, ExitCode, OutputError};
use crate::ome::evidence::ApiError;
use std::fmt;

/// An `admin doctor` failure.
#[derive(Debug)]
pub(crate) enum AdminDoctorError {
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

impl AdminDoctorError {
    /// Exit 2 for the verdicts written after the report, else 1.
    pub(crate) fn exit_code(&self) -> ExitCode {
        match self {
            AdminDoctorError::RequiredApiViolations | AdminDoctorError::AccessViolations(_) => {
                ExitCode::AssertionUnmet
            }
            _ => ExitCode::GeneralError,
        }
    }
}

impl fmt::Display for AdminDoctorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AdminDoctorError::InvalidFlags => "invalid doctor flags; use --help",
            AdminDoctorError::Positional => "doctor accepts no positional arguments",
            AdminDoctorError::UnsupportedOutput => {
                "doctor output must be table, wide, json or yaml"
            }
            AdminDoctorError::InvalidService => "doctor InferenceService name is invalid",
            AdminDoctorError::ComponentWithoutAccess => {
                "doctor --component requires --access and --isvc"
            }
            AdminDoctorError::InvalidComponent => {
                "doctor component must be engine, decoder or router"
            }
            AdminDoctorError::InvalidNamespaces => "doctor namespaces are invalid",
            AdminDoctorError::InvalidWorkloadNamespace => "doctor workload namespace is invalid",
            AdminDoctorError::InvalidRequestTimeout => "doctor request timeout is invalid",
            AdminDoctorError::CanceledOrTimedOut => "doctor canceled or timed out",
            AdminDoctorError::WorkloadNamespaceUnavailable => {
                "doctor workload namespace is unavailable"
            }
            AdminDoctorError::ContextUnavailable => "doctor selected context is unavailable",
            AdminDoctorError::RestConfigurationUnavailable(_) => {
                "doctor REST configuration is unavailable"
            }
            AdminDoctorError::ClientsUnavailable(_) => "doctor API clients are unavailable",
            AdminDoctorError::CollectionFailed(_) => "doctor collection failed",
            AdminDoctorError::Write(_) => "write doctor report failed",
            AdminDoctorError::RequiredApiViolations => "doctor found required API violations",
            AdminDoctorError::AccessViolations(_) => "doctor found access violations",
        })
    }
}

impl std::error::Error for AdminDoctorError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AdminDoctorError::RestConfigurationUnavailable(e)
            | AdminDoctorError::ClientsUnavailable(e) => Some(e),
            AdminDoctorError::CollectionFailed(Some(e)) => Some(e.as_ref()),
            AdminDoctorError::Write(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ConnectError> for AdminDoctorError {
    fn from(e: ConnectError) -> Self {
        e.route(
            AdminDoctorError::ClientsUnavailable,
            AdminDoctorError::RestConfigurationUnavailable,
        )
    }
}
