//! Parse: the local argument gate of `instance release-held` (unblock.md §3.3), in the
//! contract's order, before any kubeconfig is read; a bad value is never echoed.

use crate::cli::args::InstanceReleaseHeldArgs;
use crate::cli::rollout_action::{arguments, inherited};
use crate::connect::ConnectionFlags;
use crate::errors::{ActionError, ActionFailure};
use crate::ome::Component;
use crate::ome::names::{is_dns1123_label, is_dns1123_subdomain, is_safe_scalar};
use crate::ome::request::{DryRun, OutputFormat, ReleaseHeldRequest};

/// Runs the local gate. No I/O.
pub(crate) fn parse(
    args: &InstanceReleaseHeldArgs,
    conn: &ConnectionFlags,
) -> Result<ReleaseHeldRequest, ActionFailure> {
    let flags = &args.action;
    let [name] = args.names.as_slice() else {
        return Err(arguments(ActionError::ArgCount(args.names.len()), "args"));
    };
    // Exactly the four formats: "" is rejected here (§3.1).
    let output = OutputFormat::parse_with_wide(&flags.output)
        .filter(|_| !flags.output.is_empty())
        .ok_or_else(|| arguments(ActionError::Output, "output"))?;
    let dry_run =
        DryRun::parse(&flags.dry_run).ok_or_else(|| arguments(ActionError::DryRun, "dry-run"))?;
    let component = Component::parse(&args.component)
        .ok_or_else(|| arguments(ActionError::Component, "component"))?;
    let safe = |v: &str| is_safe_scalar(v) && is_dns1123_subdomain(v);
    if !safe(name) || !safe(&args.revision) {
        return Err(arguments(ActionError::HeldIdentity, "identity"));
    }
    if !is_safe_scalar(&flags.ome_namespace) || !is_dns1123_label(&flags.ome_namespace) {
        return Err(arguments(ActionError::HeldOmeNamespace, "ome-namespace"));
    }
    let request_timeout = inherited(conn, ActionError::HeldFlags)?;
    Ok(ReleaseHeldRequest {
        name: name.clone(),
        component,
        revision: args.revision.clone(),
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
    use crate::cli::args::GuardedActionFlags;

    fn args(
        names: &[&str],
        component: &str,
        revision: &str,
        output: &str,
    ) -> InstanceReleaseHeldArgs {
        InstanceReleaseHeldArgs {
            names: names.iter().map(|s| s.to_string()).collect(),
            component: component.into(),
            revision: revision.into(),
            action: GuardedActionFlags {
                yes: true,
                dry_run: "none".into(),
                output: output.into(),
                ome_namespace: "ome".into(),
            },
        }
    }

    fn error(a: &InstanceReleaseHeldArgs) -> Option<(String, Vec<String>)> {
        let failure = parse(a, &ConnectionFlags::default()).err()?;
        Some(failure.shown("release-held check: "))
    }

    #[test]
    fn argument_errors_come_in_the_contract_order() {
        let (message, _) = error(&args(&["a", "b"], "", "", "")).unwrap();
        assert_eq!(message, "accepts 1 arg(s), received 2");
        let (message, lines) = error(&args(&["a"], "", "", "")).unwrap();
        assert_eq!(message, "output must be table, wide, json or yaml");
        assert_eq!(lines, ["release-held check: arguments rule=output"]);
        let (message, _) = error(&args(&["a"], "", "", "json")).unwrap();
        assert_eq!(message, "component must be engine, decoder or router");
        let (message, lines) = error(&args(&["a"], "engine", "", "json")).unwrap();
        assert_eq!(
            message,
            "InferenceService and revision identities are required and must be safe"
        );
        assert_eq!(lines, ["release-held check: arguments rule=identity"]);
        // Uppercase hex is an argument error (§3.2).
        assert!(error(&args(&["chat"], "engine", "7F9C4D2B", "json")).is_some());
        let ok = parse(
            &args(&["chat"], "engine", "7f9c4d2b", "wide"),
            &ConnectionFlags::default(),
        )
        .unwrap();
        assert_eq!(ok.component, Component::Engine);
        assert_eq!(ok.revision, "7f9c4d2b");
    }
}
