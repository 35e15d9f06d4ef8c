//! Why the connection could not be set up: the kubeconfig, the connection flags, the TLS and
//! credential material, a proxy, an exec credential plugin or the client.
//!
//! Display is the one place that decides what of these is shown, and it shows only our own
//! words: file paths, line and column numbers, names the user typed or chose, exit statuses.
//! Never a file's content, a parser's or kube's message, a plugin's command line, environment or
//! output, a proxy URL or a token (issue 10).

use crate::text::bounded;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::ExitStatus;
use std::time::Duration;

/// The longest name (context, cluster, user, plugin) echoed in a message.
const MAX_SHOWN_NAME: usize = 253;

/// `--request-timeout` is neither whole seconds nor a non-negative Go duration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidRequestTimeout {
    /// The value as typed (the user's own input, echoed like kubectl does).
    pub(crate) value: String,
}

/// A failure of the connection preamble, with its typed cause.
#[derive(Debug)]
pub enum ConnectError {
    /// `--request-timeout` is not a duration (kubectl semantics).
    InvalidRequestTimeout(InvalidRequestTimeout),
    /// A kubeconfig file could not be read or parsed.
    Kubeconfig(KubeconfigFileError),
    /// No kubeconfig, no `--server` and not running in a cluster.
    NoConfiguration,
    /// `--context` (or the current-context) names a context the kubeconfig does not have.
    ContextNotFound(String),
    /// `--cluster` names a cluster the kubeconfig does not have.
    ClusterNotFound(String),
    /// `--user` names a user the kubeconfig does not have.
    UserNotFound(String),
    /// No context is selected and no `--server` is given.
    NoContext,
    /// The selected cluster has no server address.
    NoServer {
        /// The cluster the context names.
        cluster: String,
    },
    /// The server address is not a URL.
    InvalidServer,
    /// insecure-skip-tls-verify together with a certificate authority.
    InsecureWithCa,
    /// `--as-group`/`--as-uid` (or the kubeconfig's) without a user to impersonate.
    ImpersonationWithoutUser,
    /// A certificate, key or token file (or inline data) is unusable.
    Material(Box<MaterialError>),
    /// A client certificate without a key, or a key without a certificate.
    HalfIdentity {
        /// What is missing.
        missing: Material,
    },
    /// A proxy URL is unusable.
    Proxy {
        /// Where it came from.
        source: ProxySource,
        /// What is wrong with it.
        problem: ProxyProblem,
    },
    /// The kubeconfig user's `auth-provider` cannot be used (kubectl's rule: only `oidc`).
    AuthProvider {
        /// The user's name in the kubeconfig.
        user: String,
        /// Why it cannot be used.
        problem: AuthProviderProblem,
    },
    /// The exec credential plugin failed.
    Exec(Box<ExecError>),
    /// kube could not build the client from the configuration.
    Client {
        /// What kind of setting was refused.
        problem: ClientProblem,
        /// kube's error, kept as the cause and never shown (not even by `Debug`).
        cause: Redacted<Box<kube::Error>>,
    },
}

impl ConnectError {
    /// Whether the failure belongs to client construction (`create OME client: …`) rather than
    /// to the kubeconfig and namespace resolution (`resolve namespace: …`).
    pub fn in_client_setup(&self) -> bool {
        matches!(
            self,
            ConnectError::InvalidRequestTimeout(_)
                | ConnectError::AuthProvider { .. }
                | ConnectError::Exec(_)
                | ConnectError::Client { .. }
        )
    }

    /// The error `client` makes of a client-construction failure, or the one `resolve` makes
    /// of a kubeconfig or namespace failure.
    pub(crate) fn route<T>(
        self,
        client: impl FnOnce(Self) -> T,
        resolve: impl FnOnce(Self) -> T,
    ) -> T {
        if self.in_client_setup() {
            client(self)
        } else {
            resolve(self)
        }
    }
}

impl fmt::Display for ConnectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConnectError::InvalidRequestTimeout(InvalidRequestTimeout { value }) => write!(
                f,
                "invalid argument \"{}\" for \"--request-timeout\" flag: expected a duration such as 10s or 1m, or whole seconds",
                shown(value)
            ),
            ConnectError::Kubeconfig(e) => e.fmt(f),
            ConnectError::NoConfiguration => f.write_str(
                "invalid configuration: no configuration has been provided, try setting KUBECONFIG",
            ),
            ConnectError::ContextNotFound(name) => {
                write!(f, "context \"{}\" does not exist in the kubeconfig", shown(name))
            }
            ConnectError::ClusterNotFound(name) => {
                write!(f, "cluster \"{}\" does not exist in the kubeconfig", shown(name))
            }
            ConnectError::UserNotFound(name) => {
                write!(f, "user \"{}\" does not exist in the kubeconfig", shown(name))
            }
            ConnectError::NoContext => f.write_str(
                "the kubeconfig selects no context: set current-context, or use --context or --server",
            ),
            ConnectError::NoServer { cluster } => write!(
                f,
                "cluster \"{}\" has no server address: fix the kubeconfig or use --server",
                shown(cluster)
            ),
            ConnectError::InvalidServer => {
                f.write_str("the server address is not a valid URL (expected https://host:port)")
            }
            ConnectError::InsecureWithCa => f.write_str(
                "insecure-skip-tls-verify cannot be used together with a certificate authority: use one of them",
            ),
            ConnectError::ImpersonationWithoutUser => {
                f.write_str("--as-group and --as-uid need --as, the user to impersonate")
            }
            ConnectError::Material(e) => e.fmt(f),
            ConnectError::HalfIdentity { missing } => write!(
                f,
                "a client {} needs a client {} as well",
                missing.partner().noun(),
                missing.noun()
            ),
            ConnectError::Proxy { source, problem } => write!(f, "{source} {problem}"),
            ConnectError::AuthProvider { user, problem } => {
                write!(f, "user \"{}\" in the kubeconfig {problem}", shown(user))
            }
            ConnectError::Exec(e) => e.fmt(f),
            ConnectError::Client { problem, .. } => problem.fmt(f),
        }
    }
}

impl std::error::Error for ConnectError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ConnectError::Kubeconfig(e) => Some(e),
            ConnectError::Material(e) => Some(e.as_ref()),
            ConnectError::Exec(e) => Some(e.as_ref()),
            ConnectError::Client { cause, .. } => Some(cause.0.as_ref()),
            _ => None,
        }
    }
}

/// A cause that may hold a credential (kube's errors carry exec output, token file paths and
/// proxy URLs): kept for `source()`, printed by `Debug` as `<redacted>`.
pub struct Redacted<T>(pub(crate) T);

impl<T> fmt::Debug for Redacted<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

/// A name the user typed or chose, safe for a terminal and bounded.
fn shown(name: &str) -> String {
    bounded(name, MAX_SHOWN_NAME)
}

fn shown_path(path: &Path) -> String {
    bounded(&path.display().to_string(), 4096)
}

/// One kubeconfig file's problem.
#[derive(Debug)]
pub struct KubeconfigFileError {
    /// The file.
    pub(crate) path: PathBuf,
    /// What is wrong with it.
    pub(crate) problem: KubeconfigProblem,
}

/// What is wrong with a kubeconfig file.
#[derive(Debug)]
pub(crate) enum KubeconfigProblem {
    /// Reading the file failed.
    Unreadable(std::io::Error),
    /// The YAML does not parse; 1-based position when known.
    InvalidYaml(Option<Position>),
    /// The YAML parses but a field has the wrong shape for a kubeconfig.
    NotKubeconfig(Option<Position>),
    /// Its `kind` or `apiVersion` differs from a file before it in `KUBECONFIG`.
    Conflicting,
}

/// A 1-based line and column in a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Position {
    /// Line, from 1.
    pub line: u64,
    /// Column, from 1.
    pub column: u64,
}

impl fmt::Display for KubeconfigFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "kubeconfig {}: ", shown_path(&self.path))?;
        let at = |f: &mut fmt::Formatter<'_>, position: &Option<Position>| match position {
            Some(p) => write!(f, "line {} column {}: ", p.line, p.column),
            None => Ok(()),
        };
        match &self.problem {
            KubeconfigProblem::Unreadable(e) => f.write_str(io_problem(e)),
            KubeconfigProblem::InvalidYaml(position) => {
                at(f, position)?;
                f.write_str("invalid YAML")
            }
            KubeconfigProblem::NotKubeconfig(position) => {
                at(f, position)?;
                f.write_str("not a valid kubeconfig (a field has the wrong type or value)")
            }
            KubeconfigProblem::Conflicting => {
                f.write_str("its kind or apiVersion differs from an earlier file in KUBECONFIG")
            }
        }
    }
}

impl std::error::Error for KubeconfigFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.problem {
            KubeconfigProblem::Unreadable(e) => Some(e),
            _ => None,
        }
    }
}

/// Our words for a failed read of a file.
fn io_problem(e: &std::io::Error) -> &'static str {
    match e.kind() {
        std::io::ErrorKind::NotFound => "file not found",
        std::io::ErrorKind::PermissionDenied => "permission denied",
        std::io::ErrorKind::InvalidData => "not UTF-8 text",
        std::io::ErrorKind::IsADirectory => "is a directory",
        _ => "cannot be read",
    }
}

/// The credential and TLS material a kubeconfig or the flags point to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Material {
    /// The cluster's certificate authority.
    CertificateAuthority,
    /// The user's client certificate.
    ClientCertificate,
    /// The user's client key.
    ClientKey,
    /// The user's token file.
    TokenFile,
}

impl Material {
    fn noun(self) -> &'static str {
        match self {
            Material::CertificateAuthority => "certificate authority",
            Material::ClientCertificate => "certificate",
            Material::ClientKey => "key",
            Material::TokenFile => "token file",
        }
    }

    fn partner(self) -> Material {
        match self {
            Material::ClientCertificate => Material::ClientKey,
            Material::ClientKey => Material::ClientCertificate,
            other => other,
        }
    }

    fn title(self) -> &'static str {
        match self {
            Material::CertificateAuthority => "certificate authority",
            Material::ClientCertificate => "client certificate",
            Material::ClientKey => "client key",
            Material::TokenFile => "token file",
        }
    }
}

/// Where a piece of material came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum MaterialOrigin {
    /// A file (from a flag or the kubeconfig).
    File(PathBuf),
    /// Inline `*-data` of a kubeconfig cluster.
    ClusterData(String),
    /// Inline `*-data` of a kubeconfig user.
    UserData(String),
}

/// What is wrong with a piece of material.
#[derive(Debug)]
pub(crate) enum MaterialProblem {
    /// The file could not be read.
    Unreadable(std::io::Error),
    /// The inline data is not base64.
    NotBase64,
    /// No PEM block of the expected kind.
    NoPem,
    /// A token that cannot be sent as an HTTP header.
    NotHeaderText,
}

/// A certificate, key or token that cannot be used.
#[derive(Debug)]
pub struct MaterialError {
    /// Which one.
    pub(crate) material: Material,
    /// From where.
    pub(crate) origin: MaterialOrigin,
    /// What is wrong.
    pub(crate) problem: MaterialProblem,
}

impl fmt::Display for MaterialError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = self.material.title();
        match &self.origin {
            MaterialOrigin::File(path) => write!(f, "{what} {}: ", shown_path(path))?,
            MaterialOrigin::ClusterData(name) => {
                write!(f, "{what} data of cluster \"{}\": ", shown(name))?;
            }
            MaterialOrigin::UserData(name) => {
                write!(f, "{what} data of user \"{}\": ", shown(name))?;
            }
        }
        f.write_str(match &self.problem {
            MaterialProblem::Unreadable(e) => io_problem(e),
            MaterialProblem::NotBase64 => "not valid base64",
            MaterialProblem::NoPem => match self.material {
                Material::ClientKey => "no PEM private key in it",
                _ => "no PEM certificate in it",
            },
            MaterialProblem::NotHeaderText => "not usable as an HTTP header",
        })
    }
}

impl std::error::Error for MaterialError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.problem {
            MaterialProblem::Unreadable(e) => Some(e),
            _ => None,
        }
    }
}

/// Where a proxy URL came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProxySource {
    /// The `proxy-url` of a kubeconfig cluster.
    Cluster(String),
    /// An environment variable (`HTTPS_PROXY`, `http_proxy`, …).
    Environment(&'static str),
}

impl fmt::Display for ProxySource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProxySource::Cluster(name) => write!(f, "the proxy-url of cluster \"{}\"", shown(name)),
            ProxySource::Environment(var) => write!(f, "the {var} environment variable"),
        }
    }
}

/// What is wrong with a proxy URL (never shown: it may hold a password).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProxyProblem {
    /// Not a URL with a host.
    Invalid,
    /// Not http, https or socks5.
    UnsupportedScheme,
    /// A SOCKS5 proxy with a user and password (kube cannot authenticate to one).
    Socks5Credentials,
}

impl fmt::Display for ProxyProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ProxyProblem::Invalid => "is not a valid proxy URL",
            ProxyProblem::UnsupportedScheme => {
                "uses an unsupported scheme (supported: http, https, socks5)"
            }
            ProxyProblem::Socks5Credentials => {
                "is a SOCKS5 proxy with a user and password, which is not supported (use an http proxy)"
            }
        })
    }
}

/// Why a kubeconfig user's `auth-provider` cannot be used. kubectl (1.26 and later) knows only
/// the `oidc` provider; the `gcp` and `azure` ones were removed in favour of exec plugins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AuthProviderProblem {
    /// A provider other than `oidc`: `gcp` or `azure` (the ones kubectl removed) by name, any
    /// other as `None` (its name is kubeconfig text and is not shown).
    Unsupported(Option<&'static str>),
    /// The `oidc` provider without a stored `id-token` (this plugin never refreshes one).
    NoIdToken,
    /// The `oidc` provider's `id-token` cannot be sent as an HTTP header.
    IdTokenNotHeaderText,
    /// An `auth-provider` together with an `exec` plugin (kubectl refuses the pair).
    WithExec,
}

impl fmt::Display for AuthProviderProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AuthProviderProblem::Unsupported(known) => {
                match known {
                    Some(name) => write!(f, "uses the auth-provider \"{name}\"")?,
                    None => f.write_str("uses an auth-provider other than oidc")?,
                }
                f.write_str(", which kubectl no longer supports: use an exec credential plugin instead (for example gke-gcloud-auth-plugin or kubelogin)")
            }
            AuthProviderProblem::NoIdToken => f.write_str(
                "uses the oidc auth-provider without an id-token: log in again to store one",
            ),
            AuthProviderProblem::IdTokenNotHeaderText => {
                f.write_str("has an oidc id-token that cannot be sent as an HTTP header")
            }
            AuthProviderProblem::WithExec => f.write_str(
                "has both an auth-provider and an exec credential plugin: keep one of them",
            ),
        }
    }
}

/// An exec credential plugin's failure.
#[derive(Debug)]
pub struct ExecError {
    /// The file name of the plugin's command (never its arguments or environment).
    pub(crate) plugin: String,
    /// What went wrong.
    pub(crate) problem: ExecProblem,
}

/// What went wrong with an exec credential plugin.
#[derive(Debug)]
pub(crate) enum ExecProblem {
    /// The kubeconfig's exec block has no command.
    NoCommand,
    /// The exec block's apiVersion is not one kubectl supports.
    UnsupportedApiVersion,
    /// `interactiveMode: Always` without a terminal on stdin.
    NeedsTerminal,
    /// The command could not be started.
    Start(std::io::Error),
    /// The command did not finish within its time limit.
    TimedOut(Duration),
    /// The command exited unsuccessfully.
    Failed(ExitStatus),
    /// Its output is larger than any credential.
    OutputTooLarge,
    /// Its output is not a usable ExecCredential.
    BadOutput(BadCredential),
}

/// Why a plugin's output is not a usable credential.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BadCredential {
    /// Not a JSON (or YAML) document of the ExecCredential shape.
    NotExecCredential,
    /// Another apiVersion than the exec block asked for.
    ApiVersionMismatch,
    /// Neither a token nor a client certificate and key.
    NoCredential,
    /// `expirationTimestamp` is not an RFC 3339 time.
    BadExpiry,
    /// The token cannot be sent as an HTTP header.
    TokenNotHeaderText,
    /// The certificate or key is not PEM.
    BadCertificate,
}

impl fmt::Display for ExecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "exec credential plugin \"{}\" ", shown(&self.plugin))?;
        match &self.problem {
            ExecProblem::NoCommand => f.write_str("has no command in the kubeconfig"),
            ExecProblem::UnsupportedApiVersion => f.write_str(
                "uses an unsupported apiVersion (supported: client.authentication.k8s.io/v1 and v1beta1)",
            ),
            ExecProblem::NeedsTerminal => {
                f.write_str("needs an interactive terminal (interactiveMode: Always), but standard input is not one")
            }
            ExecProblem::Start(e) => f.write_str(match e.kind() {
                std::io::ErrorKind::NotFound => "was not found (is it installed and on PATH?)",
                std::io::ErrorKind::PermissionDenied => "is not executable",
                _ => "could not be started",
            }),
            ExecProblem::TimedOut(limit) => {
                write!(f, "did not finish within {}s", limit.as_secs())
            }
            ExecProblem::Failed(status) => match (status.code(), signal_of(status)) {
                (Some(code), _) => write!(f, "failed with exit status {code}"),
                (None, Some(signal)) => write!(f, "was killed by signal {signal}"),
                (None, None) => f.write_str("failed"),
            },
            ExecProblem::OutputTooLarge => f.write_str("wrote more output than a credential"),
            ExecProblem::BadOutput(bad) => f.write_str(match bad {
                BadCredential::NotExecCredential => "did not print an ExecCredential",
                BadCredential::ApiVersionMismatch => {
                    "printed an ExecCredential of another apiVersion than the kubeconfig asks for"
                }
                BadCredential::NoCredential => {
                    "printed an ExecCredential with neither a token nor a client certificate and key"
                }
                BadCredential::BadExpiry => {
                    "printed an ExecCredential with an invalid expirationTimestamp"
                }
                BadCredential::TokenNotHeaderText => {
                    "printed a token that cannot be sent as an HTTP header"
                }
                BadCredential::BadCertificate => {
                    "printed a client certificate or key that is not PEM"
                }
            }),
        }
    }
}

impl std::error::Error for ExecError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.problem {
            ExecProblem::Start(e) => Some(e),
            _ => None,
        }
    }
}

#[cfg(unix)]
fn signal_of(status: &ExitStatus) -> Option<i32> {
    std::os::unix::process::ExitStatusExt::signal(status)
}

#[cfg(not(unix))]
fn signal_of(_: &ExitStatus) -> Option<i32> {
    None
}

/// What kube refused while building the client.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClientProblem {
    /// The client certificate and key do not make a TLS identity.
    Identity,
    /// The certificate authority cannot be used.
    CertificateAuthority,
    /// The TLS server name is not a DNS name or IP address.
    TlsServerName,
    /// No certificate authority is configured and the system's cannot be loaded.
    NoSystemRoots,
    /// A credential or impersonation value cannot be sent as an HTTP header.
    HeaderValue,
    /// The kubeconfig's auth-provider failed.
    AuthProvider,
    /// Anything else.
    Other,
}

impl fmt::Display for ClientProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ClientProblem::Identity => {
                "the client certificate and key cannot be used for TLS (not a matching PEM pair)"
            }
            ClientProblem::CertificateAuthority => {
                "the certificate authority cannot be used for TLS"
            }
            ClientProblem::TlsServerName => "the TLS server name is not a valid DNS name or IP address",
            ClientProblem::NoSystemRoots => {
                "no certificate authority is configured and the system's trusted certificates cannot be loaded"
            }
            ClientProblem::HeaderValue => {
                "a credential or impersonation value cannot be sent as an HTTP header"
            }
            ClientProblem::AuthProvider => "the kubeconfig user's auth-provider failed",
            ClientProblem::Other => "the API client could not be set up from the configuration",
        })
    }
}
