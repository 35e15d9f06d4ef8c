//! Parse: the local argument gate of `scale` (scale.md §1.3). Every bad argument gives the one
//! `ErrArguments` message, before any kubeconfig is read; the bad value is never echoed.

use crate::cli::args::ScaleArgs;
use crate::connect::ConnectionFlags;
use crate::errors::ScaleError;
use crate::ome::Component;
use crate::ome::names::{is_dns1123_label, is_dns1123_subdomain, is_safe_scalar};
use crate::ome::request::{DryRun, OutputFormat, REQUEST_CAP, ScaleRequest};

/// Runs the local gate. No I/O.
pub(crate) fn parse(args: &ScaleArgs, conn: &ConnectionFlags) -> Result<ScaleRequest, ScaleError> {
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
    // Go syntax only (kubectl's bare seconds are refused); unset or 0 means the cap.
    let request_timeout = match conn.request_timeout() {
        Ok(flag) if flag.go_syntax => flag.limit.map_or(REQUEST_CAP, |d| d.min(REQUEST_CAP)),
        _ => return Err(bad),
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

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
