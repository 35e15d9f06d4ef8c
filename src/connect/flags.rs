//! kubectl's connection flags, as the command line gives them, and the one parse of
//! `--request-timeout`.

use crate::errors::InvalidRequestTimeout;
use crate::ome::duration::parse_go_duration;
use clap::Args;
use std::path::PathBuf;
use std::time::Duration;

/// kubectl's connection flags, which never reach a plugin through kubectl itself.
#[derive(Debug, Clone, Default, PartialEq, Eq, Args)]
pub struct ConnectionFlags {
    /// Path to the kubeconfig file to use (otherwise $KUBECONFIG, then ~/.kube/config)
    #[arg(long, global = true, value_name = "PATH")]
    pub kubeconfig: Option<PathBuf>,
    /// The name of the kubeconfig context to use
    #[arg(long, global = true, value_name = "NAME")]
    pub context: Option<String>,
    /// The name of the kubeconfig cluster to use
    #[arg(long, global = true, value_name = "NAME")]
    pub cluster: Option<String>,
    /// The name of the kubeconfig user to use
    #[arg(long, global = true, value_name = "NAME")]
    pub user: Option<String>,
    /// The namespace scope for this request (otherwise the context's namespace, then default)
    #[arg(short = 'n', long, global = true, value_name = "NAMESPACE")]
    pub namespace: Option<String>,
    /// Time to wait for a single server request (e.g. 10s, 1m; 0 means no timeout)
    #[arg(long, global = true, value_name = "DURATION")]
    pub request_timeout: Option<String>,
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
/// no timeout. Negative values are rejected.
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
