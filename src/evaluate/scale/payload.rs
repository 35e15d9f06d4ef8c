//! The generic payload bound (scale.md §2.4): depth ≤ 32, nodes ≤ 32768, string and key bytes
//! ≤ 1 MiB, maps and lists ≤ 32768 entries.

use serde_json::Value;

const MAX_DEPTH: usize = 32;
const MAX_NODES: usize = 32768;
const MAX_BYTES: usize = 1 << 20;

/// True when `value` stays within the generic payload bound.
pub(crate) fn within_bounds(value: &Value) -> bool {
    let mut nodes = 0usize;
    let mut bytes = 0usize;
    walk(value, 1, &mut nodes, &mut bytes)
}

fn walk(value: &Value, depth: usize, nodes: &mut usize, bytes: &mut usize) -> bool {
    *nodes += 1;
    if depth > MAX_DEPTH || *nodes > MAX_NODES || *bytes > MAX_BYTES {
        return false;
    }
    match value {
        Value::String(s) => {
            *bytes += s.len();
            *bytes <= MAX_BYTES
        }
        Value::Array(items) => {
            items.len() <= MAX_NODES && items.iter().all(|v| walk(v, depth + 1, nodes, bytes))
        }
        Value::Object(map) => {
            map.len() <= MAX_NODES
                && map.iter().all(|(k, v)| {
                    *bytes += k.len();
                    walk(v, depth + 1, nodes, bytes)
                })
        }
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn depth_and_size_limits() {
        assert!(within_bounds(&json!({"a": [1, 2, {"b": "c"}]})));
        let mut deep = json!(1);
        for _ in 0..40 {
            deep = json!([deep]);
        }
        assert!(!within_bounds(&deep));
        assert!(!within_bounds(&json!("x".repeat(MAX_BYTES + 1))));
    }
}
