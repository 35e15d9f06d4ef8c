//! One condition record as stored (evidence-strictness.md §3.4, also used by the rollout
//! inspection of §1.8): its size, its shape and its timestamp. Only safe codes come out.

use super::InspectionWarning;
use serde_json::Value;

/// `type` longer than this is oversized.
pub(crate) const MAX_TYPE: usize = 253;
pub(crate) const MAX_REASON: usize = 1024;
pub(crate) const MAX_MESSAGE: usize = 4096;

/// A `lastTransitionTime` that is not RFC 3339 in the form Kubernetes writes: the read of the
/// object fails (C3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BadTimestamp;

/// Parses a Kubernetes timestamp: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, with an
/// uppercase `T` and `Z`, as `metav1.Time` is written.
pub(crate) fn kube_time(text: &str) -> Result<jiff::Timestamp, BadTimestamp> {
    let bytes = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| {
        bytes
            .get(range)
            .is_some_and(|s| s.iter().all(u8::is_ascii_digit))
    };
    let shape_ok = bytes.len() >= 20
        && digits(0..4)
        && bytes.get(4) == Some(&b'-')
        && digits(5..7)
        && bytes.get(7) == Some(&b'-')
        && digits(8..10)
        && bytes.get(10) == Some(&b'T')
        && digits(11..13)
        && bytes.get(13) == Some(&b':')
        && digits(14..16)
        && bytes.get(16) == Some(&b':')
        && digits(17..19);
    let rest = text.get(19..).ok_or(BadTimestamp)?;
    let rest = match rest.strip_prefix('.') {
        Some(fraction) => {
            let n = fraction.bytes().take_while(u8::is_ascii_digit).count();
            if n == 0 {
                return Err(BadTimestamp);
            }
            fraction.get(n..).ok_or(BadTimestamp)?
        }
        None => rest,
    };
    let zone_ok = rest == "Z"
        || (rest.len() == 6
            && matches!(rest.as_bytes().first(), Some(b'+' | b'-'))
            && rest.as_bytes().get(3) == Some(&b':')
            && rest
                .bytes()
                .enumerate()
                .all(|(i, b)| matches!(i, 0 | 3) || b.is_ascii_digit()));
    if !shape_ok || !zone_ok {
        return Err(BadTimestamp);
    }
    text.parse().map_err(|_| BadTimestamp)
}

/// The zero `metav1.Time` (`0001-01-01T00:00:00Z`), written for an unset time.
pub(crate) fn is_zero(time: jiff::Timestamp) -> bool {
    time.as_second() == -62_135_596_800
}

/// The one problem of a condition record, if any, in this order: oversized
/// (`OversizedConditionRecord`), invalid (`InvalidConditionRecord`), future
/// (`FutureConditionTimestamp`). `Err` when its `lastTransitionTime` cannot be read at all.
pub(crate) fn inspect(
    condition: &Value,
    now: jiff::Timestamp,
) -> Result<Option<InspectionWarning>, BadTimestamp> {
    let text = |key: &str| condition.get(key).filter(|v| !v.is_null());
    let len = |key: &str| text(key).and_then(Value::as_str).map_or(0, str::len);
    let time = match text("lastTransitionTime") {
        None => None,
        Some(Value::String(t)) => Some(kube_time(t)?),
        Some(_) => return Err(BadTimestamp),
    };
    if len("type") > MAX_TYPE || len("reason") > MAX_REASON || len("message") > MAX_MESSAGE {
        return Ok(Some(InspectionWarning::OversizedConditionRecord));
    }
    let string_or_unset = |key: &str| text(key).is_none_or(Value::is_string);
    let kind = text("type").and_then(Value::as_str).unwrap_or_default();
    let status = text("status").and_then(Value::as_str).unwrap_or_default();
    let severity = text("severity").and_then(Value::as_str).unwrap_or_default();
    let shape_ok = !kind.is_empty()
        && matches!(status, "True" | "False" | "Unknown")
        && matches!(severity, "" | "Warning" | "Info")
        && ["type", "status", "severity", "reason", "message"]
            .iter()
            .all(|k| string_or_unset(k));
    if !shape_ok {
        return Ok(Some(InspectionWarning::InvalidConditionRecord));
    }
    if time.is_some_and(|t| !is_zero(t) && t > now) {
        return Ok(Some(InspectionWarning::FutureConditionTimestamp));
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn now() -> jiff::Timestamp {
        "2026-11-30T12:00:00Z".parse().unwrap()
    }

    #[test]
    fn kubernetes_timestamps() {
        for ok in [
            "2026-11-30T12:00:00Z",
            "2026-11-30T12:00:00.5Z",
            "2026-11-30T13:00:00+01:00",
            "0001-01-01T00:00:00Z",
        ] {
            assert!(kube_time(ok).is_ok(), "{ok}");
        }
        for bad in [
            "2026-11-30 12:00:00",
            "2026-11-30 12:00:00Z",
            "2026-11-30t12:00:00z",
            "2026-11-30T12:00:00",
            "2026-11-30T12:00Z",
            "yesterday",
            "",
            "2026-11-30T12:00:00.Z",
        ] {
            assert_eq!(kube_time(bad), Err(BadTimestamp), "{bad}");
        }
    }

    #[test]
    fn records() {
        let base = json!({"type": "Ready", "status": "True", "lastTransitionTime": "2026-11-30T11:00:00Z"});
        assert_eq!(inspect(&base, now()), Ok(None));
        let with = |k: &str, v: Value| {
            let mut c = base.clone();
            c[k] = v;
            inspect(&c, now())
        };
        assert_eq!(
            with("severity", json!("Error")),
            Ok(Some(InspectionWarning::InvalidConditionRecord))
        );
        assert_eq!(with("severity", json!("Warning")), Ok(None));
        assert_eq!(
            with("status", json!("Maybe")),
            Ok(Some(InspectionWarning::InvalidConditionRecord))
        );
        assert_eq!(
            with("type", json!("")),
            Ok(Some(InspectionWarning::InvalidConditionRecord))
        );
        assert_eq!(
            with("message", json!("m".repeat(4097))),
            Ok(Some(InspectionWarning::OversizedConditionRecord))
        );
        assert_eq!(with("message", json!("m".repeat(4096))), Ok(None));
        assert_eq!(
            with("reason", json!("r".repeat(1025))),
            Ok(Some(InspectionWarning::OversizedConditionRecord))
        );
        assert_eq!(
            with("lastTransitionTime", json!("2026-11-30T13:00:00Z")),
            Ok(Some(InspectionWarning::FutureConditionTimestamp))
        );
        assert_eq!(
            with("lastTransitionTime", json!("0001-01-01T00:00:00Z")),
            Ok(None)
        );
        assert_eq!(
            with("lastTransitionTime", json!("2026-11-30 11:00:00")),
            Err(BadTimestamp)
        );
    }
}
