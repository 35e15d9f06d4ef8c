//! The line that names a refused flag and the rule it broke (README difference y: every
//! command names what failed): `wait check: flags flag=--timeout rule=duration-needs-unit`
//! before the contract's unchanged `error: InvalidWaitFlags` (or `status flags are invalid`,
//! `invalid doctor flags; use --help`). The value is never shown; a flag name the command does
//! not define is shown only when it is flag-shaped and not credential-shaped.

use super::CliError;
use std::fmt;

/// What a flag broke.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FlagRule {
    /// The command has no such flag.
    UnknownFlag,
    /// The flag needs a value and got none.
    ValueRequired,
    /// A bare number where a duration needs its unit (`30s`, `2m`, `1h`).
    DurationNeedsUnit,
    /// Not a Go duration (`300ms`, `1.5h`, `2h45m`).
    GoDuration,
    /// `--request-timeout`: whole seconds or a duration with a unit.
    RequestTimeout,
    /// Not a base-10 integer.
    Integer,
    /// Not `true` or `false`.
    Bool,
    /// Given more than once, or otherwise not accepted as written.
    Invalid,
}

impl FlagRule {
    /// The rule, with an example of a valid value where one helps.
    fn as_str(self) -> &'static str {
        match self {
            FlagRule::UnknownFlag => "unknown-flag",
            FlagRule::ValueRequired => "value-required",
            FlagRule::DurationNeedsUnit => "duration-needs-unit example=30s",
            FlagRule::GoDuration => "go-duration example=1m30s",
            FlagRule::RequestTimeout => "seconds-or-duration example=10s",
            FlagRule::Integer => "integer",
            FlagRule::Bool => "true-or-false",
            FlagRule::Invalid => "invalid",
        }
    }
}

/// The refused flag and its rule, for the command named by `command` (`wait`, `status`, …).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FlagCheck {
    pub(crate) command: &'static str,
    /// The flag as the command defines it (`--timeout`), or as typed when it defines none.
    pub(crate) flag: String,
    pub(crate) rule: FlagRule,
}

impl FlagCheck {
    /// The check line.
    pub(crate) fn line(&self) -> String {
        format!(
            "{} check: flags flag={} rule={}",
            self.command,
            shown_flag(&self.flag),
            self.rule.as_str()
        )
    }
}

/// A flag name as typed is input: shown only when it looks like a flag (`-A`,
/// `--all-namespaces`) and holds nothing credential-shaped.
fn shown_flag(flag: &str) -> &str {
    let name = flag.strip_prefix("--").or_else(|| flag.strip_prefix('-'));
    let shaped = name.is_some_and(|n| {
        (1..=40).contains(&n.len())
            && n.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !n.starts_with('-')
    });
    if shaped && crate::text::redact(flag) == flag {
        flag
    } else {
        "<unsafe>"
    }
}

/// A command's own flag error, with the check line that names the flag.
#[derive(Debug)]
pub(crate) struct FlagRefusal {
    pub(crate) check: FlagCheck,
    /// The contract's error, printed unchanged as the last line.
    pub(crate) error: CliError,
}

impl fmt::Display for FlagRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_only_flag_shaped_names() {
        let line = |flag: &str| {
            FlagCheck {
                command: "status",
                flag: flag.to_string(),
                rule: FlagRule::UnknownFlag,
            }
            .line()
        };
        assert_eq!(line("-A"), "status check: flags flag=-A rule=unknown-flag");
        assert_eq!(
            line("--all-namespaces"),
            "status check: flags flag=--all-namespaces rule=unknown-flag"
        );
        for unsafe_name in ["--x\u{1b}[31m", "---a", "--", "--token=abc", "x", "--a b"] {
            assert_eq!(
                line(unsafe_name),
                "status check: flags flag=<unsafe> rule=unknown-flag",
                "{unsafe_name:?}"
            );
        }
    }
}
