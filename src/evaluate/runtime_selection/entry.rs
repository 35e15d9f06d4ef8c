//! Whether a `supportedModelFormats` entry matches the model (runtime-selection.md §3.3), and
//! in words why not.

use super::spec::{Entry, Format, ModelSpec, Pipeline, PipelinePart};
use super::version::{Operator, satisfies};

/// Whether `entry` matches `model` on every field it constrains.
pub(crate) fn matches(entry: &Entry, model: &ModelSpec) -> bool {
    mismatches(entry, model).is_empty() && entry.model_format.is_some()
}

/// Why `entry` does not match `model`, in the reported order (empty when it matches, or when
/// the only failure is an entry without `modelFormat`).
pub(crate) fn mismatches(entry: &Entry, model: &ModelSpec) -> Vec<String> {
    let mut found = Vec::new();
    if let Some(problem) = pipeline_mismatch(
        entry.diffusion_pipeline.as_ref(),
        model.diffusion_pipeline.as_ref(),
    ) {
        found.push(problem);
    }
    found.extend(optional_mismatch(
        "architecture",
        model.model_architecture.as_deref(),
        entry.model_architecture.as_deref(),
    ));
    found.extend(optional_mismatch(
        "quantization",
        model.quantization.as_deref(),
        entry.quantization.as_deref(),
    ));
    if let Some(format) = &entry.model_format {
        found.extend(format_mismatch(format, model));
    }
    found.extend(framework_mismatch(
        entry.model_framework.as_ref(),
        model.model_framework.as_ref(),
    ));
    found
}

/// The parts joined for a failed format check: one per entry, `; `-separated.
pub(crate) fn parts(entries: &[Entry], model: &ModelSpec) -> String {
    entries
        .iter()
        .map(|entry| {
            let found = mismatches(entry, model);
            if found.is_empty() {
                "unknown mismatch".to_string()
            } else {
                found.join(", ")
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Architecture or quantization: both absent or both equal.
fn optional_mismatch(what: &str, model: Option<&str>, runtime: Option<&str>) -> Option<String> {
    match (model, runtime) {
        (Some(m), Some(r)) if m != r => Some(format!("{what} mismatch (model={m}, runtime={r})")),
        (None, Some(r)) => Some(format!("model has no {what} but runtime requires {r}")),
        (Some(m), None) => Some(format!(
            "model has {what} {m} but runtime has no {what} requirement"
        )),
        _ => None,
    }
}

/// Whether two versions match under an entry's operator: both absent, or both present and
/// satisfied.
pub(crate) fn versions_match(
    model: Option<&str>,
    runtime: Option<&str>,
    operator: Operator,
) -> bool {
    match (model, runtime) {
        (None, None) => true,
        (Some(m), Some(r)) => satisfies(m, r, operator),
        _ => false,
    }
}

fn version_mismatch(
    what: &str,
    model: Option<&str>,
    runtime: Option<&str>,
    operator: Operator,
) -> Option<String> {
    if versions_match(model, runtime, operator) {
        return None;
    }
    Some(match (model, runtime) {
        (Some(m), Some(r)) => format!("{what} version mismatch (model={m}, runtime={r})"),
        (None, Some(r)) => format!("model has no {what} version but runtime requires {r}"),
        _ => format!("model has {what} version but runtime has no version requirement"),
    })
}

fn format_mismatch(format: &Format, model: &ModelSpec) -> Option<String> {
    let model_name = model.format_name();
    if format.name() != model_name {
        return Some(format!(
            "format name mismatch (model={model_name}, runtime={})",
            format.name()
        ));
    }
    version_mismatch(
        "format",
        model.format_version(),
        format.version.as_deref(),
        Operator::of(format.operator.as_deref()),
    )
}

fn framework_mismatch(runtime: Option<&Format>, model: Option<&Format>) -> Option<String> {
    match (model, runtime) {
        (None, None) => None,
        (Some(m), Some(r)) if m.name() != r.name() => Some(format!(
            "framework name mismatch (model={}, runtime={})",
            m.name(),
            r.name()
        )),
        (Some(m), Some(r)) => version_mismatch(
            "framework",
            m.version.as_deref(),
            r.version.as_deref(),
            Operator::of(r.operator.as_deref()),
        ),
        (None, Some(r)) => Some(format!(
            "model has no framework but runtime requires {}",
            r.name()
        )),
        (Some(m), None) => Some(format!(
            "model has framework {} but runtime has no framework requirement",
            m.name()
        )),
    }
}

/// The first way the model's pipeline falls short of what the entry requires.
fn pipeline_mismatch(runtime: Option<&Pipeline>, model: Option<&Pipeline>) -> Option<String> {
    let runtime = runtime?;
    let Some(model) = model else {
        return Some("diffusion pipeline required by runtime but not specified in model".into());
    };
    if let Some(class) = runtime.class_name.as_deref().filter(|c| !c.is_empty())
        && model.class_name.as_deref() != Some(class)
    {
        let shown = model.class_name.as_deref().unwrap_or("<nil>");
        return Some(format!(
            "pipeline class mismatch (model={shown}, runtime={class})"
        ));
    }
    for ((name, required), (_, present)) in runtime.parts().into_iter().zip(model.parts()) {
        let Some(required) = required else { continue };
        let Some(present) = present else {
            return Some(format!(
                "component {name} required by runtime but not specified in model"
            ));
        };
        if let Some(problem) = part_mismatch(name, present, required) {
            return Some(problem);
        }
    }
    additional_mismatch(runtime, model)
}

fn additional_mismatch(runtime: &Pipeline, model: &Pipeline) -> Option<String> {
    let required = runtime.additional_components.as_ref()?;
    if required.is_empty() {
        return None;
    }
    let Some(present) = model
        .additional_components
        .as_ref()
        .filter(|p| !p.is_empty())
    else {
        return Some("diffusion pipeline missing required additional components".into());
    };
    // By ascending key (a map's order in the reference is random).
    for (key, part) in required {
        let Some(found) = present.get(key) else {
            return Some(format!("diffusion component {key} missing in model"));
        };
        if let Some(problem) = part_mismatch(key, found, part) {
            return Some(problem);
        }
    }
    None
}

/// Library and type, each compared when the entry sets it.
fn part_mismatch(name: &str, model: &PipelinePart, runtime: &PipelinePart) -> Option<String> {
    let fields = [
        ("library", &model.library, &runtime.library),
        ("type", &model.type_, &runtime.type_),
    ];
    fields.into_iter().find_map(|(field, m, r)| {
        let r = r.as_deref().filter(|r| !r.is_empty())?;
        let m = m.as_deref().unwrap_or_default();
        (m != r).then(|| format!("{name} {field} mismatch (model={m}, runtime={r})"))
    })
}
