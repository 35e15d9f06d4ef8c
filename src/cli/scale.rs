//! Parse: the local argument gate of `scale` (scale.md §1.3). Every bad argument gives the one
//! `ErrArguments` message, before any kubeconfig is read; the bad value is never echoed.

use crate::cli::args::ScaleArgs;
use crate::cli::validate::{
    is_dns1123_label, is_dns1123_subdomain, is_safe_scalar, parse_go_duration,
};
use crate::cli::{Component, ConnectionFlags, OutputFormat};
use crate::errors::ScaleError;
use std::time::Duration;

/// The per-request cap of every `scale` request (scale.md §2.2).
pub const REQUEST_CAP: Duration = Duration::from_secs(10);

/// `--dry-run`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DryRun {
    None,
    Client,
    Server,
}

impl DryRun {
    fn parse(value: &str) -> Option<DryRun> {
        match value {
            "none" => Some(DryRun::None),
            "client" => Some(DryRun::Client),
            "server" => Some(DryRun::Server),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            DryRun::None => "none",
            DryRun::Client => "client",
            DryRun::Server => "server",
        }
    }
}

/// A validated `scale` request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScaleRequest {
    pub name: String,
    pub component: Component,
    pub replicas: i32,
    pub override_autoscaler: bool,
    pub yes: bool,
    pub dry_run: DryRun,
    pub output: OutputFormat,
    pub ome_namespace: String,
    /// The limit of each stage-1/IR/PATCH request: min(--request-timeout, 10 s), with an unset
    /// or non-positive value meaning 10 s.
    pub request_timeout: Duration,
}

/// Runs the local gate. No I/O.
pub fn parse(args: &ScaleArgs, conn: &ConnectionFlags) -> Result<ScaleRequest, ScaleError> {
    let bad = ScaleError::Arguments;
    let [name] = args.names.as_slice() else {
        return Err(bad);
    };
    if !is_dns1123_subdomain(name) {
        return Err(bad);
    }
    let component = Component::parse(&args.component).ok_or(bad)?;
    let replicas = parse_replicas(args.replicas.as_deref()).ok_or(bad)?;
    if args.override_autoscaler && !args.yes {
        return Err(bad);
    }
    let dry_run = DryRun::parse(&args.dry_run).ok_or(bad)?;
    if !is_dns1123_label(&args.ome_namespace) {
        return Err(bad);
    }
    if let Some(ns) = &conn.namespace
        && !is_dns1123_label(ns)
    {
        return Err(bad);
    }
    if let Some(context) = &conn.context
        && !is_safe_scalar(context)
    {
        return Err(bad);
    }
    let request_timeout = match &conn.request_timeout {
        None => REQUEST_CAP,
        Some(text) => match parse_go_duration(text) {
            Some(nanos) if nanos < 0 => return Err(bad),
            Some(nanos) => effective_timeout(nanos),
            None => return Err(bad),
        },
    };
    let output = OutputFormat::parse_with_wide(&args.output).ok_or(bad)?;
    Ok(ScaleRequest {
        name: name.clone(),
        component,
        replicas,
        override_autoscaler: args.override_autoscaler,
        yes: args.yes,
        dry_run,
        output,
        ome_namespace: args.ome_namespace.clone(),
        request_timeout,
    })
}

/// All ASCII digits (leading zeros allowed), base-10 int32, at least 1.
fn parse_replicas(value: Option<&str>) -> Option<i32> {
    let text = value.filter(|v| !v.is_empty())?;
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<i32>().ok().filter(|n| *n >= 1)
}

fn effective_timeout(nanos: i128) -> Duration {
    match u64::try_from(nanos) {
        Ok(n) if n > 0 => Duration::from_nanos(n).min(REQUEST_CAP),
        _ => REQUEST_CAP,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(names: &[&str], component: &str, replicas: Option<&str>) -> ScaleArgs {
        ScaleArgs {
            names: names.iter().map(|s| s.to_string()).collect(),
            component: component.into(),
            replicas: replicas.map(String::from),
            output: "table".into(),
            dry_run: "none".into(),
            override_autoscaler: true,
            yes: true,
            ome_namespace: "ome".into(),
        }
    }

    #[test]
    fn replicas_are_all_digit_positive_int32() {
        assert_eq!(parse_replicas(Some("03")), Some(3));
        assert_eq!(parse_replicas(Some("2147483647")), Some(i32::MAX));
        for bad in [
            "",
            "0",
            "+3",
            " 3",
            "-1",
            "1.5",
            "1e2",
            "0x10",
            "2147483648",
        ] {
            assert_eq!(parse_replicas(Some(bad)), None, "{bad}");
        }
        assert_eq!(parse_replicas(None), None);
    }

    #[test]
    fn gate_accepts_the_guide_command_and_caps_timeouts() {
        let conn = ConnectionFlags {
            request_timeout: Some("500ms".into()),
            ..Default::default()
        };
        let req = parse(&args(&["chat"], "engine", Some("3")), &conn).unwrap();
        assert_eq!(req.replicas, 3);
        assert_eq!(req.request_timeout, Duration::from_millis(500));
        for (text, expected) in [("0", REQUEST_CAP), ("2m", REQUEST_CAP)] {
            let conn = ConnectionFlags {
                request_timeout: Some(text.into()),
                ..Default::default()
            };
            let req = parse(&args(&["chat"], "engine", Some("3")), &conn).unwrap();
            assert_eq!(req.request_timeout, expected);
        }
    }

    #[test]
    fn gate_rejects_override_without_yes_and_bad_connection_flags() {
        let mut a = args(&["chat"], "engine", Some("3"));
        a.yes = false;
        assert_eq!(
            parse(&a, &ConnectionFlags::default()),
            Err(ScaleError::Arguments)
        );
        a.override_autoscaler = false;
        assert!(parse(&a, &ConnectionFlags::default()).is_ok());
        for conn in [
            ConnectionFlags {
                request_timeout: Some("10".into()),
                ..Default::default()
            },
            ConnectionFlags {
                namespace: Some("Prod".into()),
                ..Default::default()
            },
            ConnectionFlags {
                context: Some("user:pw@host".into()),
                ..Default::default()
            },
        ] {
            assert_eq!(parse(&a, &conn), Err(ScaleError::Arguments));
        }
    }
}
