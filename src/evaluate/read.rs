//! Strict reads of the stored InferenceService JSON. A field is *unset* when it is absent or
//! JSON null; any other value must have the expected JSON type, or the read says so (`Bad`),
//! so that a wrong type is evidence of malformed status rather than a silent default.

use serde_json::{Map, Value};

/// One field as read.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Read<T> {
    Unset,
    Ok(T),
    Bad,
}

impl<T> Read<T> {
    pub(crate) fn ok(self) -> Option<T> {
        match self {
            Read::Ok(v) => Some(v),
            _ => None,
        }
    }

    pub(crate) fn is_bad(&self) -> bool {
        matches!(self, Read::Bad)
    }

    pub(crate) fn is_set(&self) -> bool {
        !matches!(self, Read::Unset)
    }
}

/// The field's value when it is set (present and not null).
pub(crate) fn field<'a>(value: &'a Value, key: &str) -> Option<&'a Value> {
    value.get(key).filter(|v| !v.is_null())
}

/// The value at `keys` below `value`, JSON null when any level is missing (never panics).
pub(crate) fn at<'a>(value: &'a Value, keys: &[&str]) -> &'a Value {
    keys.iter()
        .try_fold(value, |v, k| v.get(*k))
        .unwrap_or(&Value::Null)
}

/// A nested field by keys, each level set.
pub(crate) fn path<'a>(value: &'a Value, keys: &[&str]) -> Option<&'a Value> {
    keys.iter().try_fold(value, |v, k| field(v, k))
}

pub(crate) fn text<'a>(value: &'a Value, key: &str) -> Read<&'a str> {
    match field(value, key) {
        None => Read::Unset,
        Some(Value::String(s)) => Read::Ok(s.as_str()),
        Some(_) => Read::Bad,
    }
}

/// A string field, `""` when unset; `None` when set to another type.
pub(crate) fn text_or_empty<'a>(value: &'a Value, key: &str) -> Option<&'a str> {
    match text(value, key) {
        Read::Unset => Some(""),
        Read::Ok(s) => Some(s),
        Read::Bad => None,
    }
}

/// A JSON integer (no fraction).
pub(crate) fn int(value: &Value, key: &str) -> Read<i64> {
    match field(value, key) {
        None => Read::Unset,
        Some(v) => v.as_i64().map_or(Read::Bad, Read::Ok),
    }
}

pub(crate) fn boolean(value: &Value, key: &str) -> Read<bool> {
    match field(value, key) {
        None => Read::Unset,
        Some(Value::Bool(b)) => Read::Ok(*b),
        Some(_) => Read::Bad,
    }
}

pub(crate) fn array<'a>(value: &'a Value, key: &str) -> Read<&'a [Value]> {
    match field(value, key) {
        None => Read::Unset,
        Some(Value::Array(a)) => Read::Ok(a.as_slice()),
        Some(_) => Read::Bad,
    }
}

pub(crate) fn object<'a>(value: &'a Value, key: &str) -> Read<&'a Map<String, Value>> {
    match field(value, key) {
        None => Read::Unset,
        Some(Value::Object(m)) => Read::Ok(m),
        Some(_) => Read::Bad,
    }
}

/// A list of strings; `None` when set to anything else.
pub(crate) fn strings<'a>(value: &'a Value, key: &str) -> Option<Vec<&'a str>> {
    match array(value, key) {
        Read::Unset => Some(Vec::new()),
        Read::Ok(items) => items.iter().map(Value::as_str).collect(),
        Read::Bad => None,
    }
}

/// True for an RFC 3339 timestamp at the zero time (`0001-01-01T00:00:00Z`), the way an unset
/// Go `metav1.Time` is written.
pub(crate) fn is_zero_time(text: &str) -> bool {
    text.parse::<jiff::Timestamp>()
        .is_ok_and(|t| t.as_second() == ZERO_TIME_SECONDS)
}

/// Seconds of `0001-01-01T00:00:00Z` since the Unix epoch.
const ZERO_TIME_SECONDS: i64 = -62_135_596_800;

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn unset_ok_and_bad() {
        let v = json!({"a": "x", "b": null, "c": 3, "d": 1.5, "e": [1], "f": true});
        assert_eq!(text(&v, "a"), Read::Ok("x"));
        assert_eq!(text(&v, "b"), Read::Unset);
        assert_eq!(text(&v, "z"), Read::Unset);
        assert_eq!(text(&v, "c"), Read::Bad);
        assert_eq!(int(&v, "c"), Read::Ok(3));
        assert_eq!(int(&v, "d"), Read::Bad);
        assert_eq!(strings(&v, "e"), None);
        assert_eq!(strings(&v, "z"), Some(vec![]));
        assert_eq!(boolean(&v, "f"), Read::Ok(true));
        assert!(is_zero_time("0001-01-01T00:00:00Z"));
        assert!(!is_zero_time("2026-01-01T00:00:00Z"));
    }
}
