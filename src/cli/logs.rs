//! `kubectl ome logs`: its flags and their local validation, in the contract's order
//! (after-the-write.md §1.1–§1.2). No I/O.

use crate::errors::{CliError, CommonError, LogsError};
use crate::ome::Component;
use crate::ome::duration::parse_go_duration;
use crate::ome::names::{dns1123_label_problems, dns1123_subdomain_problems};
use crate::ome::request::logs::LogsRequest;
use clap::Args;

pub(crate) const LOGS_LONG_ABOUT: &str = "\
Stream logs from the pods behind an InferenceService.

Pods are selected by the service's labels (narrowed by --component, --instance and --revision)
and read in name order, one container each: --container, else ome-container when the pod has
it, else the pod's only container. With more than one pod every line starts with
[<component>/<pod>]. --tail, --since and --limit-bytes apply per pod. With --follow the streams
stay open until each one ends (its container stops or its pod is deleted) or Ctrl-C; pods that
appear later are not picked up. Log lines are workload output: control characters, escape
sequences and bidi controls are shown escaped (\\u001B), tabs stay raw.";

pub(crate) const LOGS_EXAMPLES: &str = "\
Examples:
  # The last 100 lines of every engine pod of chat, at most 64 KiB per pod
  kubectl ome logs chat -n prod --component engine --tail=100 --limit-bytes=65536

  # Follow the pods of engine Instance 0
  kubectl ome logs chat -n prod -c engine --instance 0 -f";

/// `kubectl ome logs INFERENCESERVICE`.
#[derive(Debug, Args)]
pub(crate) struct LogsArgs {
    /// The InferenceService
    #[arg(value_name = "INFERENCESERVICE")]
    pub(crate) names: Vec<String>,
    /// The component: engine, decoder or router (not a container)
    #[arg(
        short = 'c',
        long,
        default_value = "",
        hide_default_value = true,
        allow_hyphen_values = true
    )]
    pub(crate) component: String,
    /// An OMENative Instance index; requires --component or a full --revision
    #[arg(long, allow_negative_numbers = true, value_name = "INDEX")]
    pub(crate) instance: Option<i64>,
    /// A revision: 8 lowercase hex characters, or <inferenceservice>-<component>-<hash>
    #[arg(
        long,
        default_value = "",
        hide_default_value = true,
        allow_hyphen_values = true
    )]
    pub(crate) revision: String,
    /// The container to read in every selected pod
    #[arg(long, allow_hyphen_values = true)]
    pub(crate) container: Option<String>,
    /// Keep the streams open and print new lines
    #[arg(short = 'f', long, num_args = 0..=1, require_equals = true, default_missing_value = "true", value_parser = clap::value_parser!(bool), default_value = "false", hide_default_value = true, hide_possible_values = true, value_name = "BOOL")]
    pub(crate) follow: bool,
    /// Lines per pod; a negative value means all, 0 prints no history
    #[arg(long, default_value = "-1", allow_negative_numbers = true)]
    pub(crate) tail: i64,
    /// Only lines newer than this duration (e.g. 10s, 5m); 0 means no bound
    #[arg(long, default_value = "0s", allow_hyphen_values = true)]
    pub(crate) since: String,
    /// With --follow, the most concurrent log streams
    #[arg(long, default_value = "5", allow_negative_numbers = true)]
    pub(crate) max_log_requests: i64,
    /// Bytes per pod, one-shot reads only; 0 means no limit
    #[arg(long, default_value = "0", allow_negative_numbers = true)]
    pub(crate) limit_bytes: i64,
}

/// Validates `args` in the contract's order into a request.
pub(crate) fn parse(args: &LogsArgs) -> Result<LogsRequest, CliError> {
    // A bad --since is a flag parse error, reported before the argument count.
    let since = parse_go_duration(&args.since).ok_or_else(|| CommonError::InvalidFlagValue {
        flag: "--since".into(),
        value: args.since.clone(),
    })?;
    let [name] = args.names.as_slice() else {
        return Err(CommonError::ArgCount(args.names.len()).into());
    };
    if let Some(problem) = dns1123_subdomain_problems(name).first() {
        return Err(LogsError::InvalidName {
            name: name.clone(),
            problem: *problem,
        }
        .into());
    }
    let component = match args.component.as_str() {
        "" => None,
        c => Some(Component::parse(c).ok_or_else(|| LogsError::InvalidComponent(c.into()))?),
    };
    if args
        .instance
        .is_some_and(|i| !(0..=i64::from(i32::MAX)).contains(&i))
    {
        return Err(LogsError::InstanceRange.into());
    }
    if args.max_log_requests <= 0 {
        return Err(LogsError::MaxLogRequests.into());
    }
    if args.limit_bytes < 0 {
        return Err(LogsError::LimitBytesNegative.into());
    }
    if args.limit_bytes > 0 && args.follow {
        return Err(LogsError::LimitBytesWithFollow.into());
    }
    let (component, revision_hash) = revision(args, name, component)?;
    if let Some(container) = &args.container
        && let Some(problem) = dns1123_label_problems(container).first()
    {
        return Err(LogsError::InvalidContainer {
            name: container.clone(),
            problem: *problem,
        }
        .into());
    }
    Ok(LogsRequest {
        name: name.clone(),
        component,
        instance: args.instance,
        revision_hash,
        container: args.container.clone(),
        follow: args.follow,
        tail_lines: (args.tail >= 0).then_some(args.tail),
        since_seconds: since_seconds(since),
        max_log_requests: args.max_log_requests,
        limit_bytes: (args.limit_bytes > 0).then_some(args.limit_bytes),
    })
}

/// A positive duration in whole seconds, truncated, and at least 1 (the API server refuses 0).
fn since_seconds(nanos: i128) -> Option<i64> {
    (nanos > 0).then(|| {
        i64::try_from(nanos / 1_000_000_000)
            .unwrap_or(i64::MAX)
            .max(1)
    })
}

fn is_hash(value: &str) -> bool {
    value.len() == 8
        && value
            .bytes()
            .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The revision rules (§1.2 step 8): the component and hash they give.
fn revision(
    args: &LogsArgs,
    name: &str,
    component: Option<Component>,
) -> Result<(Option<Component>, Option<String>), LogsError> {
    let value = args.revision.as_str();
    if value.is_empty() {
        if args.instance.is_some() && component.is_none() {
            return Err(LogsError::InstanceRequiresComponent);
        }
        return Ok((component, None));
    }
    if is_hash(value) {
        if component.is_none() {
            return Err(LogsError::HashRequiresComponent);
        }
        return Ok((component, Some(value.to_string())));
    }
    let (named, hash) =
        split_revision(value).ok_or_else(|| LogsError::InvalidRevision(value.into()))?;
    let (prefix, revision_component) = named;
    if prefix != name {
        return Err(LogsError::RevisionService {
            revision: value.into(),
            name: name.into(),
        });
    }
    if let Some(c) = component
        && c != revision_component
    {
        return Err(LogsError::RevisionComponent {
            revision: revision_component,
            component: c,
        });
    }
    Ok((Some(revision_component), Some(hash.to_string())))
}

/// `<prefix>-<component>-<hash>`, the prefix taking as much as it can.
fn split_revision(value: &str) -> Option<((&str, Component), &str)> {
    let (rest, hash) = value.rsplit_once('-')?;
    let (prefix, component) = rest.rsplit_once('-')?;
    let component = Component::parse(component)?;
    (is_hash(hash) && !prefix.is_empty()).then_some(((prefix, component), hash))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(extra: &[&str]) -> LogsArgs {
        let mut words = vec!["logs"];
        words.extend_from_slice(extra);
        let mut command = clap::Command::new("logs");
        command = <LogsArgs as clap::Args>::augment_args(command);
        let matches = command.try_get_matches_from(words).unwrap();
        <LogsArgs as clap::FromArgMatches>::from_arg_matches(&matches).unwrap()
    }

    fn message(extra: &[&str]) -> String {
        parse(&args(extra))
            .map(|_| String::new())
            .unwrap_or_else(|e| e.to_string())
    }

    #[test]
    fn errors_in_the_contracts_order() {
        assert_eq!(
            message(&["--since", "x"]),
            "invalid argument \"x\" for \"--since\" flag"
        );
        assert_eq!(message(&[]), "accepts 1 arg(s), received 0");
        assert_eq!(
            message(&["Chat", "-c", "gpu"]),
            "invalid InferenceService name \"Chat\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"
        );
        assert_eq!(
            message(&["chat", "-c", "gpu", "--instance", "-1"]),
            "invalid component \"gpu\" (valid: engine, decoder, router)"
        );
        assert_eq!(
            message(&[
                "chat",
                "--instance",
                "2147483648",
                "--max-log-requests",
                "0"
            ]),
            "--instance must be between 0 and 2147483647"
        );
        assert_eq!(
            message(&["chat", "--max-log-requests", "0", "--limit-bytes", "-1"]),
            "--max-log-requests must be greater than 0"
        );
        assert_eq!(
            message(&["chat", "--limit-bytes", "-1", "-f"]),
            "--limit-bytes must be greater than or equal to 0"
        );
        assert_eq!(
            message(&["chat", "--limit-bytes", "1", "-f", "--instance", "0"]),
            "--limit-bytes cannot be used with --follow"
        );
        assert_eq!(
            message(&["chat", "--instance", "0"]),
            "--instance requires --component"
        );
        assert_eq!(
            message(&["chat", "--revision", "0a1b2c3d"]),
            "hash-only --revision requires --component"
        );
        assert_eq!(
            message(&["chat", "--revision", "0A1B2C3D"]),
            "invalid revision \"0A1B2C3D\" (expected 8 lowercase hexadecimal characters or <inferenceservice>-<component>-<hash>)"
        );
        assert_eq!(
            message(&["chat", "--revision", "other-engine-0a1b2c3d"]),
            "revision \"other-engine-0a1b2c3d\" does not belong to InferenceService \"chat\""
        );
        assert_eq!(
            message(&["chat", "-c", "router", "--revision", "chat-engine-0a1b2c3d"]),
            "revision component \"engine\" does not match --component \"router\""
        );
        assert_eq!(
            message(&["chat", "--container", "Bad"]),
            "invalid container name \"Bad\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character"
        );
    }

    #[test]
    fn a_full_revision_sets_the_component_and_the_selector() {
        let request = parse(&args(&[
            "my-chat",
            "--revision",
            "my-chat-decoder-0a1b2c3d",
            "--instance",
            "7",
            "--since",
            "1500ms",
            "--tail",
            "3",
        ]))
        .unwrap();
        assert_eq!(request.component, Some(Component::Decoder));
        assert_eq!(
            request.selector_text(),
            "component=decoder,ome.io/inferenceservice=my-chat,ome.io/instance-index=7,ome.io/managed-by=OMENative,ome.io/revision-hash=0a1b2c3d"
        );
        assert_eq!(
            (request.since_seconds, request.tail_lines),
            (Some(1), Some(3))
        );
        let plain = parse(&args(&["chat", "--since", "200ms", "--tail", "-5"])).unwrap();
        assert_eq!((plain.since_seconds, plain.tail_lines), (Some(1), None));
        assert_eq!(plain.selector_text(), "ome.io/inferenceservice=chat");
        let none = parse(&args(&["chat", "--since", "-1m"])).unwrap();
        assert_eq!(none.since_seconds, None);
    }
}
