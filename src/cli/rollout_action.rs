//! Parse: the local argument gate of `rollout pause` and `rollout resume` (unblock.md §1.2,
//! §2.1), in the contract's order, before any kubeconfig is read; a bad value is never echoed.

use crate::cli::args::GuardedActionFlags;
use crate::connect::ConnectionFlags;
use crate::errors::scale_check::{CheckId, Evidence, ScaleCheck};
use crate::errors::{ActionError, ActionFailure};
use crate::ome::names::{is_dns1123_label, is_dns1123_subdomain, is_safe_scalar};
use crate::ome::request::{DryRun, OutputFormat, REQUEST_CAP, RolloutActionRequest};

/// The argument rule a command line broke (`arguments rule=<rule>`).
pub(crate) fn arguments(error: ActionError, rule: &'static str) -> ActionFailure {
    error.because(ScaleCheck::new(
        CheckId::Arguments,
        Evidence::new().word("rule", rule),
    ))
}

/// Explicitly set inherited flags are checked as scale's (§1.2 step 1, §3.3, Proposal); the
/// request time limit they give. `error` is the command's flag error.
pub(crate) fn inherited(
    conn: &ConnectionFlags,
    error: ActionError,
) -> Result<std::time::Duration, ActionFailure> {
    let invalid_flags = || arguments(error, "flags");
    if let Some(ns) = &conn.namespace
        && !is_dns1123_label(ns)
    {
        return Err(invalid_flags());
    }
    if let Some(context) = &conn.context
        && !is_safe_scalar(context)
    {
        return Err(invalid_flags());
    }
    match conn.request_timeout() {
        Ok(flag) if flag.go_syntax => Ok(flag.limit.map_or(REQUEST_CAP, |d| d.min(REQUEST_CAP))),
        _ => Err(invalid_flags()),
    }
}

/// Runs the local gate. No I/O. `discard` is `rollout resume --discard-pending-actions`.
pub(crate) fn parse(
    names: &[String],
    flags: &GuardedActionFlags,
    discard: bool,
    conn: &ConnectionFlags,
) -> Result<RolloutActionRequest, ActionFailure> {
    let [name] = names else {
        return Err(arguments(ActionError::ArgCount(names.len()), "args"));
    };
    // The shared output parser also takes "" as table (§1.1).
    let output = if flags.output.is_empty() {
        OutputFormat::parse_with_wide("table")
    } else {
        OutputFormat::parse_with_wide(&flags.output)
    }
    .ok_or_else(|| arguments(ActionError::Output, "output"))?;
    let dry_run =
        DryRun::parse(&flags.dry_run).ok_or_else(|| arguments(ActionError::DryRun, "dry-run"))?;
    if discard && !flags.yes {
        return Err(arguments(ActionError::DiscardNeedsYes, "discard-needs-yes"));
    }
    if !is_safe_scalar(name) || !is_dns1123_subdomain(name) {
        return Err(arguments(ActionError::Name, "name"));
    }
    if !is_dns1123_label(&flags.ome_namespace) {
        return Err(arguments(ActionError::Namespaces, "ome-namespace"));
    }
    let request_timeout = inherited(conn, ActionError::Flags)?;
    Ok(RolloutActionRequest {
        name: name.clone(),
        discard_pending: discard,
        yes: flags.yes,
        dry_run,
        output,
        ome_namespace: flags.ome_namespace.clone(),
        request_timeout,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(output: &str, dry_run: &str, yes: bool) -> GuardedActionFlags {
        GuardedActionFlags {
            yes,
            dry_run: dry_run.into(),
            output: output.into(),
            ome_namespace: "ome".into(),
        }
    }

    fn error(
        names: &[&str],
        flags: &GuardedActionFlags,
        discard: bool,
    ) -> Option<(String, Vec<String>)> {
        let names: Vec<String> = names.iter().map(|s| s.to_string()).collect();
        let failure = parse(&names, flags, discard, &ConnectionFlags::default()).err()?;
        Some(failure.shown("resume check: "))
    }

    #[test]
    fn argument_errors_come_in_the_contract_order() {
        // Two names and a bad output: the count wins.
        let (message, _) = error(&["a", "b"], &flags("bad", "bad", false), true).unwrap();
        assert_eq!(message, "accepts 1 arg(s), received 2");
        let (message, _) = error(&["a"], &flags("bad", "bad", false), true).unwrap();
        assert_eq!(message, "output must be table, wide, json or yaml");
        let (message, _) = error(&["a"], &flags("json", "bad", false), true).unwrap();
        assert_eq!(message, "dry-run must be none, client or server");
        let (message, lines) = error(&["A_B"], &flags("json", "server", false), true).unwrap();
        assert_eq!(message, "discarding pending actions requires --yes");
        assert_eq!(lines, ["resume check: arguments rule=discard-needs-yes"]);
        let (message, _) = error(&["A_B"], &flags("json", "server", true), true).unwrap();
        assert_eq!(message, "inference service name is invalid");
        assert!(error(&["chat"], &flags("", "client", true), true).is_none());
        assert!(error(&["chat"], &flags("wide", "none", false), false).is_none());
    }
}
