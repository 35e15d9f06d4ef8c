//! JSON and YAML renderings. JSON keeps the documented key order (struct order); YAML is made
//! from the JSON value with every map's keys sorted, as the reference does.

use crate::errors::RenderError;
use serde::Serialize;
use serde_json::Value;

/// Pretty JSON, 2-space indent, trailing newline.
pub(crate) fn to_json<T: Serialize>(value: &T) -> Result<String, RenderError> {
    let mut text = serde_json::to_string_pretty(value).map_err(RenderError::Json)?;
    text.push('\n');
    Ok(text)
}

/// YAML with sorted keys, via the JSON form.
pub(crate) fn to_yaml<T: Serialize>(value: &T) -> Result<String, RenderError> {
    let json = serde_json::to_value(value).map_err(RenderError::Json)?;
    let mut text = serde_saphyr::to_string(&sorted(json)).map_err(RenderError::Yaml)?;
    if !text.ends_with('\n') {
        text.push('\n');
    }
    Ok(text)
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
