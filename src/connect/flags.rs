//! kubectl's connection flags, as the command line gives them, and the one parse of
//! `--request-timeout`.

use crate::errors::InvalidRequestTimeout;
use crate::ome::duration::parse_go_duration;
use clap::{Args, FromArgMatches};
use std::path::PathBuf;
use std::time::Duration;

/// kubectl's generic connection flags, which kubectl never passes to a plugin, with kubectl's
/// meaning. Global: accepted before or after the command.
#[derive(Clone, Default, PartialEq, Eq, Args)]
#[command(next_help_heading = "Connection flags (as in kubectl)")]
pub struct ConnectionFlags {
    /// Kubeconfig file (else $KUBECONFIG, ~/.kube/config)
    #[arg(long, global = true, value_name = "PATH")]
    pub kubeconfig: Option<PathBuf>,
    /// The kubeconfig context to use
    #[arg(long, global = true, value_name = "NAME")]
    pub context: Option<String>,
    /// The kubeconfig cluster to use
    #[arg(long, global = true, value_name = "NAME")]
    pub cluster: Option<String>,
    /// The kubeconfig user to use
    #[arg(long, global = true, value_name = "NAME")]
    pub user: Option<String>,
    /// Namespace (else the context's, else default)
    #[arg(short = 'n', long, global = true, value_name = "NAMESPACE")]
    pub namespace: Option<String>,
    /// Limit of one request (10s, 1m, seconds); 0 or unset: 30s, or the command's lower cap (scale: 10s)
    #[arg(long, global = true, value_name = "DURATION")]
    pub request_timeout: Option<String>,
    /// The API server's address (https://host:port)
    #[arg(short = 's', long, global = true, value_name = "URL")]
    pub server: Option<String>,
    /// Bearer token for the API server
    #[arg(long, global = true, value_name = "TOKEN")]
    pub token: Option<String>,
    /// PEM file of the CA of the server's certificate
    #[arg(long, global = true, value_name = "PATH")]
    pub certificate_authority: Option<PathBuf>,
    /// PEM file of a TLS client certificate
    #[arg(long, global = true, value_name = "PATH")]
    pub client_certificate: Option<PathBuf>,
    /// PEM file of the client certificate's key
    #[arg(long, global = true, value_name = "PATH")]
    pub client_key: Option<PathBuf>,
    /// Do not verify the server's certificate (insecure)
    #[arg(long, global = true, num_args = 0..=1, require_equals = true, default_missing_value = "true", value_parser = clap::value_parser!(bool), default_value = "false", hide_default_value = true, hide_possible_values = true, value_name = "BOOL")]
    pub insecure_skip_tls_verify: bool,
    /// Verify the server's certificate for this name
    #[arg(long, global = true, value_name = "NAME")]
    pub tls_server_name: Option<String>,
    /// User to impersonate
    #[arg(long = "as", global = true, value_name = "USER")]
    pub as_user: Option<String>,
    /// Group to impersonate (repeatable)
    #[arg(long = "as-group", global = true, value_name = "GROUP")]
    pub as_group: Vec<String>,
    /// UID to impersonate
    #[arg(long = "as-uid", global = true, value_name = "UID")]
    pub as_uid: Option<String>,
    /// Accepted as in kubectl; the plugin caches nothing
    #[arg(long, global = true, value_name = "PATH")]
    pub cache_dir: Option<PathBuf>,
    /// Do not ask for compressed responses
    #[arg(long, global = true, num_args = 0..=1, require_equals = true, default_missing_value = "true", value_parser = clap::value_parser!(bool), default_value = "false", hide_default_value = true, hide_possible_values = true, value_name = "BOOL")]
    pub disable_compression: bool,
}

/// The flags without the token's value, so a debug print can never show it.
impl std::fmt::Debug for ConnectionFlags {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ConnectionFlags")
            .field("kubeconfig", &self.kubeconfig)
            .field("context", &self.context)
            .field("cluster", &self.cluster)
            .field("user", &self.user)
            .field("namespace", &self.namespace)
            .field("request_timeout", &self.request_timeout)
            .field("server", &self.server)
            .field("token", &self.token.as_ref().map(|_| "<redacted>"))
            .field("certificate_authority", &self.certificate_authority)
            .field("client_certificate", &self.client_certificate)
            .field("client_key", &self.client_key)
            .field("insecure_skip_tls_verify", &self.insecure_skip_tls_verify)
            .field("tls_server_name", &self.tls_server_name)
            .field("as_user", &self.as_user)
            .field("as_group", &self.as_group)
            .field("as_uid", &self.as_uid)
            .field("cache_dir", &self.cache_dir)
            .field("disable_compression", &self.disable_compression)
            .finish()
    }
}

fn flag_command() -> clap::Command {
    ConnectionFlags::augment_args(clap::Command::new("kubectl-ome").no_binary_name(true))
}

/// The connection flag spelled `--name` or `-x`, if it is one.
fn find_flag(command: &clap::Command, spelled: &str) -> Option<clap::Arg> {
    command
        .get_arguments()
        .find(|arg| {
            arg.get_long()
                .is_some_and(|l| spelled.strip_prefix("--") == Some(l))
                || arg
                    .get_short()
                    .is_some_and(|s| spelled.strip_prefix('-') == Some(s.encode_utf8(&mut [0; 4])))
        })
        .cloned()
}

/// Whether `spelled` (`--token`, `-s`, …) is a connection flag.
pub fn is_connection_flag(spelled: &str) -> bool {
    find_flag(&flag_command(), spelled).is_some()
}

/// Whether `spelled` is a connection flag that takes a separate value, so a scan of the command
/// line for the subcommand can skip that value. Bool flags take a value only as `--flag=value`.
pub fn takes_value(spelled: &str) -> bool {
    find_flag(&flag_command(), spelled)
        .is_some_and(|arg| arg.get_num_args().is_none_or(|n| n.min_values() > 0))
}

/// The connection flags among `words` (`--flag=value`, `--flag value`, `-n value`, bare bool
/// flags), parsed as the command line would; other words must have been left out.
pub fn from_words(words: &[String]) -> ConnectionFlags {
    flag_command()
        .try_get_matches_from(words)
        .ok()
        .and_then(|matches| ConnectionFlags::from_arg_matches(&matches).ok())
        .unwrap_or_default()
}

impl ConnectionFlags {
    /// Parses `--request-timeout` with kubectl's rules; unset means no limit.
    pub fn request_timeout(&self) -> Result<RequestTimeoutFlag, InvalidRequestTimeout> {
        match self.request_timeout.as_deref() {
            None => Ok(RequestTimeoutFlag {
                limit: None,
                go_syntax: true,
            }),
            Some(text) => parse_request_timeout(text).ok_or_else(|| InvalidRequestTimeout {
                value: text.to_string(),
            }),
        }
    }
}

/// A parsed `--request-timeout`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequestTimeoutFlag {
    /// The limit of one request; `None` for `0` (no limit) or an unset flag.
    pub limit: Option<Duration>,
    /// Whether the value is Go duration syntax (`10s`, `1m`, a bare `0`), which `scale` requires,
    /// rather than kubectl's bare whole seconds (`10`).
    pub go_syntax: bool,
}

/// kubectl's `--request-timeout`: a bare integer means seconds, otherwise Go syntax; `0` means
/// no limit of its own, so the default applies (`collect::http::DEFAULT_TIME_LIMIT`, or the
/// command's lower cap). Negative values are rejected.
fn parse_request_timeout(input: &str) -> Option<RequestTimeoutFlag> {
    let go = parse_go_duration(input);
    let nanos = if !input.is_empty() && input.bytes().all(|c| c.is_ascii_digit()) {
        i128::from(input.parse::<u32>().ok()?) * 1_000_000_000
    } else {
        go?
    };
    let limit = match nanos {
        n if n < 0 => return None,
        0 => None,
        n => Some(Duration::from_nanos(u64::try_from(n).ok()?)),
    };
    Some(RequestTimeoutFlag {
        limit,
        go_syntax: go.is_some(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limit(text: &str) -> Option<Option<Duration>> {
        parse_request_timeout(text).map(|t| t.limit)
    }

    #[test]
    fn kubectl_timeouts() {
        assert_eq!(limit("0"), Some(None));
        assert_eq!(limit("10"), Some(Some(Duration::from_secs(10))));
        assert_eq!(limit("2m"), Some(Some(Duration::from_secs(120))));
        assert_eq!(limit("-1s"), None);
        assert_eq!(limit("soon"), None);
    }

    #[test]
    fn go_syntax_is_told_apart_from_bare_seconds() {
        let go = |text: &str| parse_request_timeout(text).map(|t| t.go_syntax);
        assert_eq!(go("0"), Some(true));
        assert_eq!(go("500ms"), Some(true));
        assert_eq!(go("10"), Some(false));
        assert_eq!(go("00"), Some(false));
    }
}
