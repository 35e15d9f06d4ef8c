//! OME's lifecycle validation (scale.md §6a, api-contract.md §2.3): one validator for every
//! LifecycleSpec the plugin relies on — the selected IR's `spec.lifecycle` (a failure is a bounds
//! refusal) and each `spec.<component>.lifecycle` of the InferenceService (a failure is stale
//! evidence, checked before the rollout projection).
//!
//! The value is read as stored JSON, not through a typed view, so that a wrong JSON type, a
//! fractional number or an out-of-range integer is a violation instead of a decode failure or a
//! silent default.

use serde_json::Value;

/// The enum values of `updateStrategy.type`.
pub(crate) const UPDATE_STRATEGY_TYPES: [&str; 4] = [
    "SurgeThenDrain",
    "RecreatePod",
    "InPlaceIfPossible",
    "InPlaceOnly",
];
const RESTART_POLICIES: [&str; 2] = ["None", "RecreateInstanceOnPodRestart"];
const READY_POLICIES: [&str; 2] = ["AllPodReady", "None"];
const MIGRATION_MODES: [&str; 3] = ["Auto", "Surge", "Never"];

/// A parsed int-or-string budget: a count of Instances or a percentage of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Budget {
    /// An integer from 0 to 2^31−1.
    Count(i32),
    /// A percentage from 0 to 100 (`"25%"`, `"+0%"`, `"-0%"`).
    Percent(u8),
}

impl Budget {
    /// True for an explicit zero in either form.
    pub(crate) fn is_zero(self) -> bool {
        matches!(self, Budget::Count(0) | Budget::Percent(0))
    }
}

/// Parses an int-or-string budget: an integer ≥ 0 within int32, or a string made of an optional
/// sign, decimal digits and `%`, with a value from 0 to 100. `None` for anything else (`"25"`,
/// `"abc%"`, `"%"`, `"1.5%"`, `"150%"`, `"-1%"`, `-1`, `1.5`, `true`, …).
pub(crate) fn parse_budget(value: &Value) -> Option<Budget> {
    match value {
        Value::Number(_) => non_negative_int32(value).map(Budget::Count),
        Value::String(text) => parse_percent(text).map(Budget::Percent),
        _ => None,
    }
}

/// `[+-]?[0-9]+%` with a value from 0 to 100 (so `-0%` is zero and `-1%` is out of range).
pub(crate) fn parse_percent(text: &str) -> Option<u8> {
    let body = text.strip_suffix('%')?;
    let (negative, digits) = match body.as_bytes().first() {
        Some(b'+') => (false, body.get(1..)?),
        Some(b'-') => (true, body.get(1..)?),
        _ => (false, body),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut magnitude: u32 = 0;
    for digit in digits.bytes() {
        magnitude = magnitude
            .checked_mul(10)?
            .checked_add(u32::from(digit - b'0'))?;
        if magnitude > 100 {
            return None;
        }
    }
    if negative && magnitude != 0 {
        return None;
    }
    u8::try_from(magnitude).ok()
}

/// A JSON integer from 0 to 2^31−1; fractions, negatives and larger values are `None`.
fn non_negative_int32(value: &Value) -> Option<i32> {
    value
        .as_i64()
        .and_then(|n| i32::try_from(n).ok())
        .filter(|n| *n >= 0)
}

/// The lifecycle field a violation is about, named by its path below `lifecycle`. Safe to print:
/// the path is fixed text, never the stored value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LifecycleField {
    /// The lifecycle itself is not an object.
    Lifecycle,
    MinReadySeconds,
    UpdateStrategy,
    UpdateStrategyType,
    RollingUpdate,
    Partition,
    MaxUnavailable,
    MaxSurge,
    /// Both budgets are an explicit zero: the rollout could never start.
    ZeroBudgets,
    InPlaceUpdateStrategy,
    GracePeriodSeconds,
    RestartPolicy,
    ReadyPolicy,
    MigrationPolicy,
    MigrationPolicyMode,
}

impl LifecycleField {
    /// The field's path in the component or replica spec (a `scale check:` value).
    pub(crate) fn path(self) -> &'static str {
        match self {
            LifecycleField::Lifecycle => "lifecycle",
            LifecycleField::MinReadySeconds => "lifecycle.minReadySeconds",
            LifecycleField::UpdateStrategy => "lifecycle.updateStrategy",
            LifecycleField::UpdateStrategyType => "lifecycle.updateStrategy.type",
            LifecycleField::RollingUpdate => "lifecycle.updateStrategy.rollingUpdate",
            LifecycleField::Partition => "lifecycle.updateStrategy.rollingUpdate.partition",
            LifecycleField::MaxUnavailable => {
                "lifecycle.updateStrategy.rollingUpdate.maxUnavailable"
            }
            LifecycleField::MaxSurge => "lifecycle.updateStrategy.rollingUpdate.maxSurge",
            LifecycleField::ZeroBudgets => "lifecycle.updateStrategy.rollingUpdate",
            LifecycleField::InPlaceUpdateStrategy => {
                "lifecycle.updateStrategy.inPlaceUpdateStrategy"
            }
            LifecycleField::GracePeriodSeconds => {
                "lifecycle.updateStrategy.inPlaceUpdateStrategy.gracePeriodSeconds"
            }
            LifecycleField::RestartPolicy => "lifecycle.restartPolicy",
            LifecycleField::ReadyPolicy => "lifecycle.readyPolicy",
            LifecycleField::MigrationPolicy => "lifecycle.migrationPolicy",
            LifecycleField::MigrationPolicyMode => "lifecycle.migrationPolicy.mode",
        }
    }
}

/// Validates one LifecycleSpec. `None` (or JSON null) passes: an unset lifecycle is inherited.
/// A field that is absent or null is unset; any other value must satisfy its rule.
pub(crate) fn validate(lifecycle: Option<&Value>) -> Result<(), LifecycleField> {
    let Some(lifecycle) = set(lifecycle) else {
        return Ok(());
    };
    if !lifecycle.is_object() {
        return Err(LifecycleField::Lifecycle);
    }
    check_int(
        lifecycle.get("minReadySeconds"),
        LifecycleField::MinReadySeconds,
    )?;
    check_enum(
        lifecycle.get("restartPolicy"),
        &RESTART_POLICIES,
        LifecycleField::RestartPolicy,
    )?;
    check_enum(
        lifecycle.get("readyPolicy"),
        &READY_POLICIES,
        LifecycleField::ReadyPolicy,
    )?;
    if let Some(migration) = set(lifecycle.get("migrationPolicy")) {
        if !migration.is_object() {
            return Err(LifecycleField::MigrationPolicy);
        }
        check_enum(
            migration.get("mode"),
            &MIGRATION_MODES,
            LifecycleField::MigrationPolicyMode,
        )?;
    }
    match set(lifecycle.get("updateStrategy")) {
        Some(strategy) => validate_strategy(strategy),
        None => Ok(()),
    }
}

fn validate_strategy(strategy: &Value) -> Result<(), LifecycleField> {
    if !strategy.is_object() {
        return Err(LifecycleField::UpdateStrategy);
    }
    check_enum(
        strategy.get("type"),
        &UPDATE_STRATEGY_TYPES,
        LifecycleField::UpdateStrategyType,
    )?;
    if let Some(in_place) = set(strategy.get("inPlaceUpdateStrategy")) {
        if !in_place.is_object() {
            return Err(LifecycleField::InPlaceUpdateStrategy);
        }
        check_int(
            in_place.get("gracePeriodSeconds"),
            LifecycleField::GracePeriodSeconds,
        )?;
    }
    match set(strategy.get("rollingUpdate")) {
        Some(rolling) => validate_rolling_update(rolling),
        None => Ok(()),
    }
}

fn validate_rolling_update(rolling: &Value) -> Result<(), LifecycleField> {
    if !rolling.is_object() {
        return Err(LifecycleField::RollingUpdate);
    }
    check_int(rolling.get("partition"), LifecycleField::Partition)?;
    let unavailable = check_budget(
        rolling.get("maxUnavailable"),
        LifecycleField::MaxUnavailable,
    )?;
    let surge = check_budget(rolling.get("maxSurge"), LifecycleField::MaxSurge)?;
    match (unavailable, surge) {
        (Some(a), Some(b)) if a.is_zero() && b.is_zero() => Err(LifecycleField::ZeroBudgets),
        _ => Ok(()),
    }
}

/// The value when it is set: absent and JSON null are unset.
fn set(value: Option<&Value>) -> Option<&Value> {
    value.filter(|v| !v.is_null())
}

fn check_int(value: Option<&Value>, field: LifecycleField) -> Result<(), LifecycleField> {
    match set(value) {
        None => Ok(()),
        Some(v) => non_negative_int32(v).map(|_| ()).ok_or(field),
    }
}

fn check_budget(
    value: Option<&Value>,
    field: LifecycleField,
) -> Result<Option<Budget>, LifecycleField> {
    match set(value) {
        None => Ok(None),
        Some(v) => parse_budget(v).map(Some).ok_or(field),
    }
}

/// An enum string: empty means unset (the API default applies); another type is a violation.
fn check_enum(
    value: Option<&Value>,
    allowed: &[&str],
    field: LifecycleField,
) -> Result<(), LifecycleField> {
    match set(value) {
        None => Ok(()),
        Some(Value::String(s)) if s.is_empty() || allowed.contains(&s.as_str()) => Ok(()),
        Some(_) => Err(field),
    }
}

#[cfg(test)]
mod tests;
