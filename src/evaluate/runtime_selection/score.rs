//! The auto-select score of a runtime for a model (runtime-selection.md §3.6) and the WEIGHT
//! `runtime explain` shows for an entry (§7.4). Architecture, quantization, pipeline and size
//! take no part in the score.

use super::entry::versions_match;
use super::spec::{Entry, Format, ModelSpec};
use super::version::Operator;

/// An absent weight counts 1 (the real CRDs' default); an explicit 0 counts `zero`.
fn counted(weight: Option<i64>, zero: i64) -> i64 {
    match weight {
        None => 1,
        Some(0) => zero,
        Some(w) => w,
    }
}

fn priority(entry: &Entry) -> i64 {
    entry.priority.unwrap_or(1)
}

/// Whether a format or framework of the entry matches the model's: same name, and the
/// versions satisfy the operator when both are set.
fn same(runtime: &Format, model: &Format) -> bool {
    runtime.name() == model.name()
        && match (model.version.as_deref(), runtime.version.as_deref()) {
            (Some(_), Some(_)) => versions_match(
                model.version.as_deref(),
                runtime.version.as_deref(),
                Operator::of(runtime.operator.as_deref()),
            ),
            _ => true,
        }
}

/// One entry's score; `None` for an entry with `autoSelect: false`.
fn entry_score(entry: &Entry, model: &ModelSpec) -> Option<i64> {
    if entry.auto_select == Some(false) {
        return None;
    }
    let format = match (&entry.model_format, &model.model_format) {
        (None, _) => 0,
        (Some(runtime), Some(m)) if same(runtime, m) => counted(runtime.weight, 10),
        (Some(_), _) => return Some(0),
    };
    let framework = match (&entry.model_framework, &model.model_framework) {
        (None, None) => 0,
        (Some(runtime), Some(m)) if same(runtime, m) => counted(runtime.weight, 5),
        _ => return Some(0),
    };
    Some(
        format
            .saturating_add(framework)
            .saturating_mul(priority(entry)),
    )
}

/// The runtime's score: the best entry's, at least 0. A sharded model scores 0 everywhere (OME
/// needs a model-cache provider to place it; the CLI has none).
pub(crate) fn score(entries: &[Entry], model: &ModelSpec) -> i64 {
    if model.is_sharded() {
        return 0;
    }
    entries
        .iter()
        .filter_map(|entry| entry_score(entry, model))
        .fold(0, i64::max)
}

/// The WEIGHT of the entry that matched: its format weight and (when the framework matched)
/// its framework weight, each counted only when above 0 and as stored (absent = 1, 0 stays 0),
/// times its priority.
pub(crate) fn weight(entry: &Entry, model: &ModelSpec) -> i64 {
    let stored = |f: &Format| f.weight.unwrap_or(1).max(0);
    let format = entry.model_format.as_ref().map_or(0, stored);
    let framework = match (&entry.model_framework, &model.model_framework) {
        (Some(runtime), Some(m)) if same(runtime, m) => stored(runtime),
        _ => 0,
    };
    format
        .saturating_mul(priority(entry))
        .saturating_add(framework.saturating_mul(priority(entry)))
}

/// The PRIORITY of the entry that matched (absent = 1).
pub(crate) fn entry_priority(entry: &Entry) -> i64 {
    priority(entry)
}
