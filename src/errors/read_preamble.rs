//! The steps every read command takes before and after its reads: `-o`, the service name, the
//! kubeconfig, the namespaces and the client, then the report's write. One set of variants; the
//! contracts word them differently per command, so each command names its [`Wording`] (data)
//! and its error enum embeds [`ReadPreamble`] as one variant.

use super::read_check::ReadKind;
use super::{ConnectError, FailedStep, OutputError, ShownApiError};
use crate::ome::binding::BindingProblem;
use crate::ome::evidence::ApiError;
use crate::ome::names::{
    NameProblem, Problems, check_namespace, dns1123_label_problems, dns1123_subdomain_problems,
};
use std::fmt;

/// A read command's failure in one of the shared steps (exit 1).
#[derive(Debug)]
pub(crate) enum ReadPreamble {
    /// `-o` is not one of the command's formats; the value as the command checked it.
    UnsupportedOutput(String),
    /// The service name is not a DNS-1123 subdomain.
    InvalidName {
        /// The name as typed.
        name: String,
        /// What is wrong with it.
        problems: Vec<NameProblem>,
    },
    /// The kubeconfig could not be loaded or the namespace resolved.
    ResolveNamespace(ConnectError),
    /// The resolved workload namespace is empty or not a DNS-1123 label.
    InvalidNamespace {
        /// The namespace resolved.
        namespace: String,
        /// What is wrong with it.
        problems: Vec<NameProblem>,
    },
    /// `--ome-namespace` is empty.
    EmptyOmeNamespace,
    /// `--ome-namespace` is not a DNS-1123 label; the value is the user's own input.
    InvalidOmeNamespace {
        /// The value as typed.
        value: String,
        /// What is wrong with it.
        problems: Vec<NameProblem>,
    },
    /// The client could not be built.
    CreateClient(ConnectError),
    /// The report could not be rendered or written.
    Write(OutputError),
}

/// How a command reports an invalid value (the contract's words).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Invalid {
    /// A fixed sentence: the value is not echoed.
    Fixed(&'static str),
    /// `<what> "<value>" is invalid: <problems>`.
    Echoed(&'static str),
    /// `invalid <what> "<value>": <problems>`.
    EchoedAfter(&'static str),
    /// `<empty>` for an empty value, otherwise `invalid <what>: <problems>` (no echo).
    Problems {
        /// The sentence for an empty value.
        empty: &'static str,
        /// What the value is.
        what: &'static str,
    },
}

impl Invalid {
    fn write(
        self,
        f: &mut fmt::Formatter<'_>,
        value: &str,
        problems: &[NameProblem],
    ) -> fmt::Result {
        match self {
            Invalid::Fixed(text) => f.write_str(text),
            Invalid::Echoed(what) => {
                write!(f, "{what} \"{value}\" is invalid: {}", Problems(problems))
            }
            Invalid::EchoedAfter(what) => {
                write!(f, "invalid {what} \"{value}\": {}", Problems(problems))
            }
            Invalid::Problems { empty, .. } if value.is_empty() => f.write_str(empty),
            Invalid::Problems { what, .. } => write!(f, "invalid {what}: {}", Problems(problems)),
        }
    }
}

/// A command's wording of the shared steps.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Wording {
    /// The formats `unsupported output format` lists, e.g. `table, json, yaml`.
    pub(crate) formats: &'static str,
    /// An invalid service name.
    pub(crate) name: Invalid,
    /// The prefix of a kubeconfig failure; `None` shows the failure as it is.
    pub(crate) resolve: Option<&'static str>,
    /// An invalid workload namespace.
    pub(crate) namespace: Invalid,
    /// The prefix of a client failure.
    pub(crate) client: &'static str,
    /// The prefix of a failed render or write.
    pub(crate) write: &'static str,
}

/// The most common wording (read-commands.md §3.2, §6.1; diagnose.md §1.2; after-the-write.md
/// §2.2): fixed sentences that echo nothing; each command names its formats and its write.
pub(crate) const PLAIN: Wording = Wording {
    formats: "table, json, yaml",
    name: Invalid::Fixed("inference service name is invalid"),
    resolve: Some("resolve namespace"),
    namespace: Invalid::Fixed("namespace is invalid"),
    client: "create OME client",
    write: "",
};

/// The wording of the commands that also read OME's runtime configuration (diagnose.md §2.2,
/// after-the-write.md §3.2): the name and the workload namespace are echoed with their problems.
pub(crate) const WORKLOAD: Wording = Wording {
    formats: "table, json, yaml",
    name: Invalid::Echoed("InferenceService name"),
    resolve: Some("resolve workload namespace"),
    namespace: Invalid::Echoed("workload namespace"),
    client: "construct OME client",
    write: "",
};

/// How `--ome-namespace` is reported wherever it is checked.
const OME_NAMESPACE: Invalid = Invalid::Echoed("OME namespace");

impl ReadPreamble {
    /// The service name, unless it is not a DNS-1123 subdomain.
    pub(crate) fn check_name(name: &str) -> Result<(), ReadPreamble> {
        let problems = dns1123_subdomain_problems(name);
        if problems.is_empty() {
            return Ok(());
        }
        Err(ReadPreamble::InvalidName {
            name: name.to_string(),
            problems,
        })
    }

    /// The resolved workload namespace, unless it is empty or not a DNS-1123 label.
    pub(crate) fn check_namespace(namespace: &str) -> Result<(), ReadPreamble> {
        check_namespace(namespace).map_err(|_| ReadPreamble::InvalidNamespace {
            namespace: namespace.to_string(),
            problems: dns1123_label_problems(namespace),
        })
    }

    /// `--ome-namespace`, unless it is empty or not a DNS-1123 label.
    pub(crate) fn check_ome_namespace(value: &str) -> Result<(), ReadPreamble> {
        if value.is_empty() {
            return Err(ReadPreamble::EmptyOmeNamespace);
        }
        check_namespace(value).map_err(|_| ReadPreamble::InvalidOmeNamespace {
            value: value.to_string(),
            problems: dns1123_label_problems(value),
        })
    }

    /// The namespaces of the commands that read OME's runtime configuration (diagnose.md §2.2
    /// step 4): an empty OME namespace first, then the workload namespace, then the OME
    /// namespace's syntax.
    pub(crate) fn check_namespaces(workload: &str, ome: &str) -> Result<(), ReadPreamble> {
        if ome.is_empty() {
            return Err(ReadPreamble::EmptyOmeNamespace);
        }
        ReadPreamble::check_namespace(workload)?;
        ReadPreamble::check_ome_namespace(ome)
    }

    /// Writes the message in the command's `wording`.
    pub(crate) fn show(&self, wording: &Wording, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadPreamble::UnsupportedOutput(v) => write!(
                f,
                "unsupported output format \"{v}\" (supported: {})",
                wording.formats
            ),
            ReadPreamble::InvalidName { name, problems } => wording.name.write(f, name, problems),
            ReadPreamble::ResolveNamespace(e) => match wording.resolve {
                Some(prefix) => write!(f, "{prefix}: {e}"),
                None => fmt::Display::fmt(e, f),
            },
            ReadPreamble::InvalidNamespace {
                namespace,
                problems,
            } => wording.namespace.write(f, namespace, problems),
            ReadPreamble::EmptyOmeNamespace => f.write_str("OME namespace must not be empty"),
            ReadPreamble::InvalidOmeNamespace { value, problems } => {
                OME_NAMESPACE.write(f, value, problems)
            }
            ReadPreamble::CreateClient(e) => write!(f, "{}: {e}", wording.client),
            ReadPreamble::Write(e) => write!(f, "{}: {e}", wording.write),
        }
    }

    /// The cause, for the embedding error's `source()`.
    pub(crate) fn cause(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadPreamble::ResolveNamespace(e) | ReadPreamble::CreateClient(e) => Some(e),
            ReadPreamble::Write(e) => Some(e),
            _ => None,
        }
    }
}

/// A kubeconfig or namespace failure, or a client that cannot be built.
impl From<ConnectError> for ReadPreamble {
    fn from(e: ConnectError) -> Self {
        e.route(ReadPreamble::CreateClient, ReadPreamble::ResolveNamespace)
    }
}

impl From<OutputError> for ReadPreamble {
    fn from(e: OutputError) -> Self {
        ReadPreamble::Write(e)
    }
}

/// A failed GET of the InferenceService the command was asked about.
#[derive(Debug)]
pub(crate) struct ServiceGet {
    /// The namespace read.
    pub(crate) namespace: String,
    /// The service read.
    pub(crate) name: String,
    /// Why the read failed.
    pub(crate) cause: Box<ApiError>,
}

impl ServiceGet {
    /// The failed GET of `namespace/name`.
    pub(crate) fn new(namespace: &str, name: &str, cause: ApiError) -> ServiceGet {
        ServiceGet {
            namespace: namespace.to_string(),
            name: name.to_string(),
            cause: Box::new(cause),
        }
    }

    /// The `<command> check:` lines naming the read (difference y): which read failed and
    /// why, then the command that helps next (`context` is `--context`). No server text.
    pub(crate) fn check_lines(&self, command: &str, context: Option<&str>) -> Vec<String> {
        FailedStep::read(
            ReadKind::InferenceService,
            &self.namespace,
            &self.name,
            &self.cause,
            context,
        )
        .lines(command)
    }

    /// Whether the read ran out of time.
    pub(crate) fn timed_out(&self) -> bool {
        matches!(*self.cause, ApiError::TimedOut)
    }
}

/// `get InferenceService "<ns>/<name>": <friendly API error>`.
impl fmt::Display for ServiceGet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "get InferenceService \"{}/{}\": {}",
            self.namespace,
            self.name,
            ShownApiError(&self.cause)
        )
    }
}

impl std::error::Error for ServiceGet {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(self.cause.as_ref())
    }
}

/// Why the returned service is not the one requested, in the read commands' words (the
/// contract names an unsafe UID only where the command checks one).
pub(crate) fn returned_service(problem: BindingProblem) -> &'static str {
    match problem {
        BindingProblem::NameMismatch => "returned inference service name does not match request",
        BindingProblem::NamespaceMismatch => {
            "returned inference service namespace does not match request"
        }
        BindingProblem::MissingUid => "returned inference service has no UID",
        BindingProblem::UnsafeUid => "returned inference service has an unsafe UID",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::errors::{
        AutoscaleExplainError, AutoscaleStatusError, CliError, InstanceListError,
        InstanceStatusError, MigrationStatusError, RetryBlocksError, RolloutStatusError,
        RuntimeEffectiveError,
    };

    /// Each command's message of `make()`, in the order of [`commands`].
    fn shown(make: impl Fn() -> ReadPreamble) -> Vec<String> {
        let errors: [CliError; 8] = [
            AutoscaleStatusError::from(make()).into(),
            AutoscaleExplainError::from(make()).into(),
            InstanceListError::from(make()).into(),
            InstanceStatusError::from(make()).into(),
            RetryBlocksError::from(make()).into(),
            MigrationStatusError::from(make()).into(),
            RolloutStatusError::from(make()).into(),
            RuntimeEffectiveError::from(make()).into(),
        ];
        errors.iter().map(ToString::to_string).collect()
    }

    const SUBDOMAIN: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
    const LABEL: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";

    #[test]
    fn each_command_words_the_shared_steps_as_its_contract_does() {
        let output =
            |formats: &str| format!("unsupported output format \"xml\" (supported: {formats})");
        let (base, wide) = (
            output("table, json, yaml"),
            output("table, wide, json, yaml"),
        );
        assert_eq!(
            shown(|| ReadPreamble::UnsupportedOutput("xml".into())),
            [&wide, &base, &base, &base, &base, &base, &wide, &wide].map(String::as_str)
        );
        let plain = "inference service name is invalid".to_string();
        let name = || ReadPreamble::check_name("Bad_Name").unwrap_err();
        assert_eq!(
            shown(name),
            [
                format!("invalid InferenceService name \"Bad_Name\": {SUBDOMAIN}"),
                format!("InferenceService name \"Bad_Name\" is invalid: {SUBDOMAIN}"),
                plain.clone(),
                plain.clone(),
                plain.clone(),
                plain.clone(),
                plain,
                format!("InferenceService name \"Bad_Name\" is invalid: {SUBDOMAIN}"),
            ]
        );
        let plain = "namespace is invalid".to_string();
        let workload = |ns: &str| format!("workload namespace \"{ns}\" is invalid: {LABEL}");
        for (namespace, resolved) in [
            ("", "resolved namespace must not be empty".to_string()),
            ("Bad", format!("invalid resolved namespace: {LABEL}")),
        ] {
            let invalid = || ReadPreamble::check_namespace(namespace).unwrap_err();
            assert_eq!(
                shown(invalid),
                [
                    resolved,
                    workload(namespace),
                    plain.clone(),
                    plain.clone(),
                    plain.clone(),
                    plain.clone(),
                    plain.clone(),
                    workload(namespace),
                ]
            );
        }
    }

    #[test]
    fn namespaces_are_checked_in_the_contract_order_and_writes_name_the_report() {
        let message = |workload: &str, ome: &str| {
            let error = ReadPreamble::check_namespaces(workload, ome).unwrap_err();
            AutoscaleExplainError::from(error).to_string()
        };
        assert_eq!(message("Bad", ""), "OME namespace must not be empty");
        assert_eq!(
            message("Bad", "Ome"),
            format!("workload namespace \"Bad\" is invalid: {LABEL}")
        );
        assert_eq!(
            message("prod", "Ome"),
            format!("OME namespace \"Ome\" is invalid: {LABEL}")
        );
        assert!(ReadPreamble::check_namespaces("prod", "ome").is_ok());
        let write = || OutputError::Write(std::io::Error::other("closed")).into();
        assert_eq!(
            shown(write),
            [
                "write autoscale status: closed",
                "write autoscale explain report: closed",
                "write instance list: closed",
                "write instance status: closed",
                "write instance retry blocks: closed",
                "write migration status: closed",
                "write rollout status: closed",
                "write effective runtime report: closed",
            ]
        );
        let error = RolloutStatusError::from(write());
        let source = std::error::Error::source(&error).map(ToString::to_string);
        assert_eq!(source.as_deref(), Some("closed"));
    }
}
