//! JSON and YAML renderings. JSON keeps the documented key order (struct order); YAML is made
//! from the JSON value with every map's keys sorted, as the reference does. Both go through
//! the JSON value first, where every string (and key) passes the one sanitiser: a report
//! carries cluster text escaped and bounded, and stays valid JSON and YAML.

use crate::errors::RenderError;
use crate::text::{redact, sanitize};
use serde::Serialize;
use serde_json::Value;

/// Pretty JSON, 2-space indent, trailing newline.
pub(crate) fn to_json<T: Serialize>(value: &T) -> Result<String, RenderError> {
    let json = serde_json::to_value(value).map_err(RenderError::Json)?;
    let mut text = serde_json::to_string_pretty(&sanitized(json)).map_err(RenderError::Json)?;
    text.push('\n');
    Ok(text)
}

/// YAML with sorted keys, via the JSON form.
pub(crate) fn to_yaml<T: Serialize>(value: &T) -> Result<String, RenderError> {
    let json = serde_json::to_value(value).map_err(RenderError::Json)?;
    let mut text = serde_saphyr::to_string(&sorted(sanitized(json))).map_err(RenderError::Yaml)?;
    if !text.ends_with('\n') {
        text.push('\n');
    }
    Ok(text)
}

/// Every string and key, redacted when credential shaped (difference v) and sanitised
/// (text::sanitize); numbers, booleans and structure unchanged.
fn sanitized(value: Value) -> Value {
    match value {
        Value::String(text) => Value::String(sanitize(redact(&text))),
        Value::Array(items) => Value::Array(items.into_iter().map(sanitized).collect()),
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(key, value)| (sanitize(redact(&key)), sanitized(value)))
                .collect(),
        ),
        other => other,
    }
}

fn sorted(value: Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<(String, Value)> = map.into_iter().collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(entries.into_iter().map(|(k, v)| (k, sorted(v))).collect())
        }
        Value::Array(items) => Value::Array(items.into_iter().map(sorted).collect()),
        other => other,
    }
}
