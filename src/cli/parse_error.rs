//! Turns clap's parse errors into the command's own fixed error: `scale`, `wait`, `status` and
//! `admin doctor` replace every flag error with one closed message; the other commands use
//! Cobra's wording.

use crate::errors::{
    ActionError, ActionRefusal, AdminDoctorError, CliError, CommonError, FlagCheck, FlagRefusal,
    FlagRule, RolloutAction, StatusError, WaitError,
};
use clap::error::{ContextKind, ContextValue, ErrorKind};

/// The subcommand a command line is aimed at, found without a full parse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    Scale,
    Wait,
    Status,
    Doctor,
    /// `rollout pause` / `rollout resume`.
    RolloutAction(RolloutAction),
    Other,
}

/// Finds the first word that names a subcommand, skipping flags and the values of the
/// connection flags that take one.
pub(crate) fn target_of(args: &[String]) -> Target {
    let mut skip_next = false;
    let mut admin = false;
    let mut rollout = false;
    let mut instance = false;
    for arg in args.iter().skip(1) {
        if skip_next {
            skip_next = false;
            continue;
        }
        if arg.starts_with('-') {
            skip_next = crate::connect::takes_value(arg);
            continue;
        }
        if rollout {
            return match arg.as_str() {
                "pause" => Target::RolloutAction(RolloutAction::Pause),
                "resume" => Target::RolloutAction(RolloutAction::Resume),
                _ => Target::Other,
            };
        }
        if instance {
            return if arg == "release-held" {
                Target::RolloutAction(RolloutAction::ReleaseHeld)
            } else {
                Target::Other
            };
        }
        if admin {
            return if arg == "doctor" {
                Target::Doctor
            } else {
                Target::Other
            };
        }
        match arg.as_str() {
            "scale" => return Target::Scale,
            "wait" => return Target::Wait,
            "status" => return Target::Status,
            "admin" => admin = true,
            "rollout" => rollout = true,
            "instance" => instance = true,
            _ => return Target::Other,
        }
    }
    Target::Other
}

pub(crate) fn map_clap_error(err: clap::Error, target: Target) -> CliError {
    match target {
        Target::Scale => CliError::Scale(crate::cli::scale::arguments("flags")),
        Target::Wait => naming_the_flag("wait", &err, WaitError::InvalidWaitFlags.into()),
        Target::Status => naming_the_flag("status", &err, StatusError::InvalidFlags.into()),
        Target::Doctor => {
            naming_the_flag("admin doctor", &err, AdminDoctorError::InvalidFlags.into())
        }
        Target::RolloutAction(action) => ActionRefusal {
            action,
            failure: crate::cli::rollout_action::arguments(
                match action {
                    RolloutAction::ReleaseHeld => ActionError::HeldFlags,
                    _ => ActionError::Flags,
                },
                "flags",
            ),
        }
        .into(),
        Target::Other => cobra_style(err).into(),
    }
}

/// The contract's fixed flag error, after a line naming the flag and the rule it broke.
fn naming_the_flag(command: &'static str, err: &clap::Error, error: CliError) -> CliError {
    let rule = match err.kind() {
        ErrorKind::UnknownArgument => FlagRule::UnknownFlag,
        ErrorKind::InvalidValue
            if context_string(err, ContextKind::InvalidValue).as_deref() == Some("") =>
        {
            FlagRule::ValueRequired
        }
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => value_rule(err),
        ErrorKind::NoEquals => FlagRule::ValueRequired,
        _ => FlagRule::Invalid,
    };
    let check = FlagCheck {
        command,
        flag: flag_name(err),
        rule,
    };
    FlagRefusal { check, error }.into()
}

/// The rule of a value clap refused, by the flag's parser: an integer (`--replicas`), or true
/// or false (the connection flags that take one).
fn value_rule(err: &clap::Error) -> FlagRule {
    let valid = err.get(ContextKind::ValidValue);
    if matches!(valid, Some(ContextValue::Strings(v)) if v.iter().any(|s| s == "true")) {
        return FlagRule::Bool;
    }
    let integer = std::error::Error::source(err)
        .is_some_and(|cause| cause.downcast_ref::<std::num::ParseIntError>().is_some());
    if integer {
        FlagRule::Integer
    } else {
        FlagRule::Invalid
    }
}

fn context_string(err: &clap::Error, kind: ContextKind) -> Option<String> {
    match err.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(v)) => v.first().cloned(),
        _ => None,
    }
}

fn flag_name(err: &clap::Error) -> String {
    let raw = context_string(err, ContextKind::InvalidArg).unwrap_or_default();
    // clap renders "--output <OUTPUT>"; Cobra names just the flag.
    raw.split([' ', '=', '['])
        .next()
        .unwrap_or_default()
        .to_string()
}

fn cobra_style(err: clap::Error) -> CommonError {
    match err.kind() {
        ErrorKind::UnknownArgument => CommonError::UnknownFlag(flag_name(&err)),
        ErrorKind::InvalidSubcommand => CommonError::UnknownCommand(
            context_string(&err, ContextKind::InvalidSubcommand).unwrap_or_default(),
        ),
        ErrorKind::InvalidValue
            if context_string(&err, ContextKind::InvalidValue).as_deref() == Some("") =>
        {
            CommonError::FlagNeedsArgument(flag_name(&err))
        }
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => CommonError::InvalidFlagValue {
            flag: flag_name(&err),
            value: context_string(&err, ContextKind::InvalidValue).unwrap_or_default(),
        },
        _ => CommonError::Usage(Box::new(err)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn finds_the_subcommand_past_connection_flags() {
        assert_eq!(
            target_of(&words("kubectl-ome -n scale wait x")),
            Target::Wait
        );
        assert_eq!(
            target_of(&words("kubectl-ome --context c scale chat")),
            Target::Scale
        );
        assert_eq!(
            target_of(&words("kubectl-ome autoscale status chat")),
            Target::Other
        );
        assert_eq!(
            target_of(&words(
                "kubectl-ome --token scale -s wait --as-group x scale c"
            )),
            Target::Scale
        );
        assert_eq!(
            target_of(&words("kubectl-ome --insecure-skip-tls-verify wait c")),
            Target::Wait
        );
        assert_eq!(
            target_of(&words("kubectl-ome -n x status chat")),
            Target::Status
        );
        assert_eq!(
            target_of(&words("kubectl-ome admin --context c doctor --bogus")),
            Target::Doctor
        );
        assert_eq!(target_of(&words("kubectl-ome admin bogus")), Target::Other);
    }
}
