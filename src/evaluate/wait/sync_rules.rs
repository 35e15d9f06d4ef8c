//! The placement rule shared by `runtime-sync=acknowledged` (conformance.md §3.2 step 1) and
//! `held-revision=unheld`: a placement-owned object is never read as direct evidence.

use crate::evaluate::read;
use crate::ome::keys;
use serde_json::Value;

/// Placement-owned: a marker key, the `ome.io/placement` finalizer, or placement fields.
pub(crate) fn placement_owned(object: &Value) -> bool {
    let meta = read::field(object, "metadata").unwrap_or(&Value::Null);
    let has_key = |map: &str| {
        read::field(meta, map)
            .and_then(Value::as_object)
            .is_some_and(|m| keys::PLACEMENT_KEYS.iter().any(|k| m.contains_key(*k)))
    };
    let finalizer =
        read::strings(meta, "finalizers").is_some_and(|f| f.contains(&keys::FINALIZER_PLACEMENT));
    has_key("labels")
        || has_key("annotations")
        || finalizer
        || read::path(object, &["spec", "placement"]).is_some()
        || read::path(object, &["status", "placement"]).is_some()
}
