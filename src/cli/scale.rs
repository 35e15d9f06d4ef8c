//! Parse: the local argument gate of `scale` (scale.md §1.3). Every bad argument gives the one
//! `ErrArguments` message, before any kubeconfig is read; the bad value is never echoed.

use crate::cli::args::ScaleArgs;
use crate::connect::ConnectionFlags;
use crate::errors::scale_check::{CheckId, Evidence, ScaleCheck};
use crate::errors::{Refusal, ScaleError};
use crate::ome::Component;
use crate::ome::names::{is_dns1123_label, is_dns1123_subdomain, is_safe_scalar};
use crate::ome::request::{DryRun, OutputFormat, REQUEST_CAP, ScaleRequest};

/// The argument rule a command line broke (diagnose.md §5.1 `arguments rule=`); the value
/// itself is never shown.
pub(crate) fn arguments(rule: &'static str) -> Refusal {
    ScaleError::Arguments.because(ScaleCheck::new(
        CheckId::Arguments,
        Evidence::new().word("rule", rule),
    ))
}

/// Runs the local gate. No I/O.
pub(crate) fn parse(args: &ScaleArgs, conn: &ConnectionFlags) -> Result<ScaleRequest, Refusal> {
    let [name] = args.names.as_slice() else {
        return Err(arguments("name"));
    };
    if !is_dns1123_subdomain(name) {
        return Err(arguments("name"));
    }
    let component = Component::parse(&args.component).ok_or_else(|| arguments("component"))?;
    let replicas = parse_replicas(args.replicas.as_deref()).map_err(arguments)?;
    // The same rule as --replicas (difference t); the rule broken is not shown apart.
    let current_replicas = match args.current_replicas.as_deref() {
        None => None,
        Some(text) => Some(parse_replicas(Some(text)).map_err(|_| arguments("current-replicas"))?),
    };
    if args.override_autoscaler && !args.yes {
        return Err(arguments("override-needs-yes"));
    }
    let dry_run = DryRun::parse(&args.dry_run).ok_or_else(|| arguments("dry-run"))?;
    if !is_dns1123_label(&args.ome_namespace) {
        return Err(arguments("ome-namespace"));
    }
    if let Some(ns) = &conn.namespace
        && !is_dns1123_label(ns)
    {
        return Err(arguments("namespace"));
    }
    if let Some(context) = &conn.context
        && !is_safe_scalar(context)
    {
        return Err(arguments("context"));
    }
    // Go syntax only (kubectl's bare seconds are refused); unset or 0 means the cap.
    let request_timeout = match conn.request_timeout() {
        Ok(flag) if flag.go_syntax => flag.limit.map_or(REQUEST_CAP, |d| d.min(REQUEST_CAP)),
        _ => return Err(arguments("request-timeout")),
    };
    let output = OutputFormat::parse_with_wide(&args.output).ok_or_else(|| arguments("output"))?;
    Ok(ScaleRequest {
        name: name.clone(),
        component,
        replicas,
        current_replicas,
        override_autoscaler: args.override_autoscaler,
        yes: args.yes,
        dry_run,
        output,
        ome_namespace: args.ome_namespace.clone(),
        request_timeout,
    })
}

/// All ASCII digits (leading zeros allowed), base-10 int32, at least 1; else the rule broken.
fn parse_replicas(value: Option<&str>) -> Result<i32, &'static str> {
    let text = value.filter(|v| !v.is_empty()).ok_or("replicas-missing")?;
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err("replicas-digits");
    }
    text.parse::<i32>()
        .ok()
        .filter(|n| *n >= 1)
        .ok_or("replicas-range")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn args(names: &[&str], component: &str, replicas: Option<&str>) -> ScaleArgs {
        ScaleArgs {
            names: names.iter().map(|s| s.to_string()).collect(),
            component: component.into(),
            replicas: replicas.map(String::from),
            current_replicas: None,
            output: "table".into(),
            dry_run: "none".into(),
            override_autoscaler: true,
            yes: true,
            ome_namespace: "ome".into(),
        }
    }

    #[test]
    fn replicas_are_all_digit_positive_int32() {
        assert_eq!(parse_replicas(Some("03")), Ok(3));
        assert_eq!(parse_replicas(Some("2147483647")), Ok(i32::MAX));
        for (bad, rule) in [
            ("", "replicas-missing"),
            ("0", "replicas-range"),
            ("+3", "replicas-digits"),
            (" 3", "replicas-digits"),
            ("-1", "replicas-digits"),
            ("1.5", "replicas-digits"),
            ("1e2", "replicas-digits"),
            ("0x10", "replicas-digits"),
            ("2147483648", "replicas-range"),
        ] {
            assert_eq!(parse_replicas(Some(bad)), Err(rule), "{bad}");
        }
        assert_eq!(parse_replicas(None), Err("replicas-missing"));
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
            Err(arguments("override-needs-yes"))
        );
        a.override_autoscaler = false;
        assert!(parse(&a, &ConnectionFlags::default()).is_ok());
        for (conn, rule) in [
            (
                ConnectionFlags {
                    request_timeout: Some("10".into()),
                    ..Default::default()
                },
                "request-timeout",
            ),
            (
                ConnectionFlags {
                    namespace: Some("Prod".into()),
                    ..Default::default()
                },
                "namespace",
            ),
            (
                ConnectionFlags {
                    context: Some("user:pw@host".into()),
                    ..Default::default()
                },
                "context",
            ),
        ] {
            let refused = parse(&a, &conn).unwrap_err();
            assert_eq!(refused.error, ScaleError::Arguments);
            assert_eq!(
                refused.check.unwrap().lines(),
                [format!("scale check: arguments rule={rule}")]
            );
        }
    }
}
