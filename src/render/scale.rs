//! Rendering for `scale`: the preview on stderr (scale.md §3) and the `ActionResult` on stdout
//! (§4.3) as table, wide, json or yaml.

use super::{Table, TableStyle, Tabular, term_layout};
use crate::evaluate::scale::{ActionResult, Plan};
use crate::ome::pause::PauseDepth;
use crate::ome::request::DryRun;
use crate::text::{bounded, sanitize};

const PREVIEW_HEADER: &str = "ALPHA guarded scale preview (not controller convergence)";
const PREVIEW_CHUNK: usize = 54;
const RESULT_CELL: usize = 56;
const LINE: usize = 80;

fn owner_warning(class: &str) -> &'static str {
    match class {
        "HPA" => "OME's HPA can overwrite the request immediately.",
        "KEDA" => "KEDA or its generated HPA can overwrite the request immediately.",
        "External" => {
            "The operator-owned scaler is not observed and can overwrite the request immediately."
        }
        "None" => {
            "The ISVC projector restores ISVC/runtime-derived desired replicas on reconciliation."
        }
        _ => "Verified ownership is required.",
    }
}

/// Greedy word wrap at `columns`: words joined by single spaces (80 columns on a pipe, never
/// wider than the terminal on one).
pub(crate) fn wrap(text: &str, columns: usize) -> String {
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if words.is_empty() {
        return String::new();
    }
    let mut out = String::new();
    for line in term_layout::wrap(&words, columns) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The width the preview's prose wraps at.
fn prose_columns(style: TableStyle) -> usize {
    style.width.map_or(LINE, |w| usize::from(w).min(LINE))
}

/// Splits a value into pieces of at most 54 bytes (on character boundaries).
fn chunks(value: &str) -> Vec<String> {
    let clean = sanitize(value);
    let mut pieces = Vec::new();
    let mut current = String::new();
    for c in clean.chars() {
        if current.len() + c.len_utf8() > PREVIEW_CHUNK {
            pieces.push(std::mem::take(&mut current));
        }
        current.push(c);
    }
    if !current.is_empty() || pieces.is_empty() {
        pieces.push(current);
    }
    pieces
}

/// The preview written to stderr before the revalidation and the write.
pub(crate) fn preview(
    plan: &Plan,
    context: &str,
    ome_namespace: &str,
    dry_run: DryRun,
    style: TableStyle,
) -> String {
    let pause = PauseDepth::of_service(&plan.isvc_view);
    // The pinned siblings of an active run, in the result's source order (conformance.md §2.5).
    let mut siblings: Vec<String> = plan
        .siblings
        .iter()
        .map(|s| format!("{}/{}", s.namespace, s.name))
        .collect();
    siblings.sort_unstable();
    let mut rows = preview_rows(plan, context, ome_namespace, dry_run);
    rows.extend(preview_pause_row(pause));
    rows.push(("parent freshness", "Unverifiable (advisory)".to_string()));
    for sibling in &siblings {
        rows.push(("pinned sibling proof", sibling.clone()));
    }
    rows.push(("IR proofs revalidated", (1 + siblings.len()).to_string()));
    let mut table = Table::new(["FIELD", "VALUE"]);
    for (label, value) in rows {
        for (i, piece) in chunks(&value).into_iter().enumerate() {
            table.row([if i == 0 { label } else { "" }.to_string(), piece]);
        }
    }
    let mut out = wrap(PREVIEW_HEADER, prose_columns(style));
    out.push_str(&table.render(style));
    for warning in preview_warnings(plan, pause, !siblings.is_empty()) {
        out.push_str(&wrap(&warning, prose_columns(style)));
    }
    out
}

/// The preview's rows up to the lifecycle row: the context, the identities and the change.
fn preview_rows(
    plan: &Plan,
    context: &str,
    ome_namespace: &str,
    dry_run: DryRun,
) -> Vec<(&'static str, String)> {
    let ir = &plan.ir;
    let r = &plan.resolution;
    let mut rows = vec![
        ("context", context.to_string()),
        ("workload namespace", ir.namespace.clone()),
        ("OME namespace", ome_namespace.to_string()),
        ("parent", plan.isvc.name.clone()),
        ("parent UID", plan.isvc.uid.clone()),
        ("parent generation", plan.isvc.generation.to_string()),
        ("IR", ir.name.clone()),
        ("IR UID", ir.uid.clone()),
        ("IR RV", ir.resource_version.clone()),
        ("IR generation", ir.generation.to_string()),
        ("parent stamp", ir.parent_stamp.to_string()),
        ("component", plan.component.as_str().to_string()),
        (
            "/scale spec.replicas",
            format!("{} -> {}", ir.prior_replicas, plan.requested),
        ),
        ("bounds", format!("{}..{}", r.min, r.max)),
        (
            "verified ownership",
            format!("{} / {}", r.class, r.managed_by),
        ),
        ("verified source", r.spec_source.to_string()),
    ];
    if let Some(selection) = &plan.selection {
        let (runtime, model) = (&selection.runtime, &selection.model);
        rows.push(("runtime", selected_runtime(&runtime.kind, &runtime.name)));
        rows.push((
            "model",
            model_reference(&model.kind, &model.namespace, &model.name),
        ));
    }
    rows.extend([
        ("override / transient", "true / true".to_string()),
        ("dry-run", dry_run.as_str().to_string()),
        (
            "reported Instances",
            instances_text(ir.replicas, ir.ready, ir.serving, ir.available),
        ),
        (
            "lifecycle / canary",
            "No observed selected active work".to_string(),
        ),
    ]);
    rows
}

/// `<Kind>/<name> (selected)`.
fn selected_runtime(kind: &str, name: &str) -> String {
    format!("{kind}/{name} (selected)")
}

/// `BaseModel/<ns>/<name>` or `ClusterBaseModel/<name>`.
fn model_reference(kind: &str, namespace: &str, name: &str) -> String {
    if namespace.is_empty() {
        format!("{kind}/{name}")
    } else {
        format!("{kind}/{namespace}/{name}")
    }
}

/// The warnings under the preview's table.
fn preview_warnings(plan: &Plan, pause: PauseDepth, pinned_siblings: bool) -> Vec<String> {
    let mut warnings = vec![
        "This is a transient /scale request, not a change to parent replica intent.".to_string(),
        owner_warning(&plan.resolution.class).to_string(),
        "Scale-down may drain/delete logical Instances; pause does not freeze teardown."
            .to_string(),
    ];
    if let Some(value) = pause.annotation_value() {
        warnings.push(format!(
            "The service is paused ({value}): added Instances wait for resume; scale-down still drains."
        ));
    }
    if plan.selection.is_some() {
        warnings.push(
            "The runtime was auto-selected the way OME selects it; OME records no choice."
                .to_string(),
        );
    }
    warnings.push("IR UID/resourceVersion CAS is not a multi-object transaction.".to_string());
    if pinned_siblings {
        warnings.push(
            "Pinned target proofs require conditional exact sibling IR reads and best-effort revalidation."
                .to_string(),
        );
    }
    warnings
}

/// The preview's `pause` row (after-the-write.md §4.3), only for a set annotation.
fn preview_pause_row(pause: PauseDepth) -> Option<(&'static str, String)> {
    let value = match pause {
        PauseDepth::None => return None,
        PauseDepth::Paused => "paused",
        PauseDepth::Freeze => "freeze",
        PauseDepth::Unrecognized => "unrecognized (not paused)",
    };
    Some(("pause", value.to_string()))
}

fn instances_text(replicas: i64, ready: i64, serving: i64, available: i64) -> String {
    format!("{replicas} total; {ready} ready; {serving} serving; {available} available")
}

fn yes_no(value: bool) -> String {
    if value { "Yes" } else { "No" }.to_string()
}

/// The result's table forms; JSON and YAML are the `ActionResult` itself.
impl Tabular for ActionResult {
    fn table(&self) -> Table {
        result_table(self, false)
    }

    fn wide(&self) -> Table {
        result_table(self, true)
    }
}

fn result_table(result: &ActionResult, wide: bool) -> Table {
    let mut rows = result_rows(result, wide);
    if wide {
        rows.extend(wide_rows(result));
    }
    let mut table = Table::new(["FIELD", "VALUE"]);
    for (label, value) in rows {
        // A command to run is never shortened (difference z).
        let value = if label == "follow-up" {
            value
        } else {
            bounded(&value, RESULT_CELL)
        };
        table.row([label.to_string(), value]);
    }
    table
}

/// The rows of the narrow result table (`wide`: with the selection's model and label).
fn result_rows(result: &ActionResult, wide: bool) -> Vec<(&'static str, String)> {
    let s = &result.details.scale;
    let t = &result.target;
    let mut rows: Vec<(&str, String)> = vec![
        ("action", result.action.to_string()),
        ("target", format!("{}/{}/{}", t.kind, t.namespace, t.name)),
        ("component", s.component.to_string()),
        ("field", "/scale spec.replicas".to_string()),
        (
            "replicas",
            format!("{} -> {}", s.prior_replicas, s.requested_replicas),
        ),
        ("bounds", format!("{}..{}", s.min_replicas, s.max_replicas)),
        ("class / owner", format!("{} / {}", s.class, s.managed_by)),
        ("source", s.spec_source.to_string()),
    ];
    if let Some(selection) = &s.runtime_selection {
        let (runtime, model) = (&selection.runtime, &selection.model);
        rows.push(("runtime", selected_runtime(&runtime.kind, &runtime.name)));
        if wide {
            rows.push((
                "model",
                model_reference(&model.kind, &model.namespace, &model.name),
            ));
            rows.push(("runtime label", selection.label_evidence.to_string()));
        }
    }
    rows.extend([
        ("override", yes_no(s.override_)),
        ("transient", yes_no(s.transient)),
        ("dry-run", result.dry_run.to_string()),
        ("accepted", yes_no(result.accepted)),
        ("applied", yes_no(result.applied)),
    ]);
    // Nothing was sent, so nothing checked the identity's right to patch `/scale`.
    if result.dry_run == "client" {
        rows.push((
            "permission",
            "not checked (--dry-run server checks it)".to_string(),
        ));
    }
    let i = &s.instances;
    rows.extend([
        (
            "instances",
            instances_text(i.replicas, i.ready, i.serving, i.available),
        ),
        ("parent freshness", s.parent_freshness.to_string()),
    ]);
    if let Some(pause) = s.pause {
        rows.push(("pause", pause.to_string()));
    }
    rows.extend([
        ("message", result.message.to_string()),
        ("follow-up", result.follow_up.clone()),
        (
            "hint",
            "Use -o json or -o yaml for full values.".to_string(),
        ),
    ]);
    rows
}

/// The rows `-o wide` adds: identities, sources, issues and warnings.
fn wide_rows(result: &ActionResult) -> Vec<(&'static str, String)> {
    let s = &result.details.scale;
    let t = &result.target;
    let mut rows = vec![
        ("IR UID", t.uid.clone()),
        ("IR RV", t.resource_version.clone()),
        ("IR generation", s.replica_generation.to_string()),
        ("parent stamp", s.parent_generation_stamp.to_string()),
        (
            "parent",
            format!("InferenceService/{}/{}", s.parent.namespace, s.parent.name),
        ),
        ("parent UID", s.parent.uid.clone()),
    ];
    for source in s.sources.iter().flatten() {
        let identity = if source.namespace.is_empty() {
            format!("{}/{}", source.kind, source.name)
        } else {
            format!("{}/{}/{}", source.kind, source.namespace, source.name)
        };
        rows.push(("source identity", identity));
        rows.push(("source UID", source.uid.clone()));
        rows.push(("source generation", source.generation.to_string()));
    }
    rows.extend(
        s.issues
            .iter()
            .flatten()
            .map(|issue| ("issue", issue.to_string())),
    );
    rows.extend(s.warnings.iter().map(|w| ("warning", w.to_string())));
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_greedily_at_80_columns() {
        let text =
            "The operator-owned scaler is not observed and can overwrite the request immediately.";
        let wrapped = wrap(text, 80);
        assert!(wrapped.lines().all(|l| l.len() <= 80));
        assert_eq!(
            wrapped,
            "The operator-owned scaler is not observed and can overwrite the request\nimmediately.\n"
        );
    }

    #[test]
    fn chunks_values_at_54_bytes() {
        let value = "a".repeat(120);
        let pieces = chunks(&value);
        assert_eq!(
            pieces.iter().map(String::len).collect::<Vec<_>>(),
            vec![54, 54, 12]
        );
        assert_eq!(chunks(""), vec![String::new()]);
    }
}
