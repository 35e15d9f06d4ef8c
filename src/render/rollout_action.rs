//! Rendering for `rollout pause` and `rollout resume`: the preview on stderr (unblock.md §1.7,
//! §2.4) and the generic `ActionResult` on stdout (§0.7) as table, wide, json or yaml.

use super::scale::wrap;
use super::{Table, TableStyle, Tabular};
use crate::errors::RolloutAction;
use crate::evaluate::rollout_action::{ActionPlan, GenericActionResult};
use crate::ome::pause::PauseDepth;
use crate::ome::request::DryRun;
use crate::text::{bounded, sanitize};

const HEADER: &str = "ALPHA guarded action preview (not controller convergence)";
/// Values are cut into chunks of this many bytes (§0.5).
const CHUNK: usize = 56;
const RESULT_CELL: usize = 56;
const LINE: usize = 80;

const WARNINGS: [&str; 6] = [
    "Scope: service-wide OMENative lifecycle, not a full workload freeze.",
    "true holds Update/Create/Migration; RestartPolicy repair continues.",
    "freeze also holds existing-instance repair; resume clears either depth.",
    "Canary timed gates continue aging and may advance immediately on resume.",
    "Deliberate scale-down and deletion teardown can still proceed.",
    "Parent UID/resourceVersion CAS is not a multi-object transaction.",
];
const REPLACED: &str =
    "The existing ome.io/rollout-paused value is not a pause; it will be replaced.";

/// Splits a value into pieces of at most `size` bytes (on character boundaries); an empty
/// value is `<absent>`.
pub(super) fn chunks(value: &str, size: usize) -> Vec<String> {
    if value.is_empty() {
        return vec!["<absent>".to_string()];
    }
    let mut pieces = Vec::new();
    let mut current = String::new();
    for c in sanitize(value).chars() {
        if current.len() + c.len_utf8() > size {
            pieces.push(std::mem::take(&mut current));
        }
        current.push(c);
    }
    if !current.is_empty() {
        pieces.push(current);
    }
    pieces
}

/// The preview rows, in the contract's order.
fn rows(
    plan: &ActionPlan,
    context: &str,
    ome_namespace: &str,
    dry_run: DryRun,
) -> Vec<(&'static str, String)> {
    let affected: Vec<&str> = plan.native.iter().map(|c| c.as_str()).collect();
    let mut rows = vec![
        ("Action", plan.action.as_str().to_string()),
        ("Context", context.to_string()),
        ("Workload NS", plan.target.namespace.clone()),
        ("OME NS", ome_namespace.to_string()),
        ("Target", format!("InferenceService/{}", plan.target.name)),
        ("UID", plan.target.uid.clone()),
        ("ResourceVersion", plan.target.resource_version.clone()),
        ("Dry-run", dry_run.as_str().to_string()),
        ("Affected", affected.join(", ")),
    ];
    match plan.action {
        RolloutAction::Pause => {
            let previous = plan.previous.clone().unwrap_or_default();
            rows.push(("Pause depth", previous));
            if let Some((key, value)) = &plan.set {
                rows.push(("Set annotation", (*key).to_string()));
                rows.push(("Value", value.clone()));
            }
            let records = plan.records.unwrap_or_default();
            rows.push((
                "Active records",
                format!(
                    "operations={} migrations={}",
                    records.operations, records.migrations
                ),
            ));
        }
        // release-held has a preview of its own (render::release_held).
        RolloutAction::Resume | RolloutAction::ReleaseHeld => {
            let depth = plan.depth.annotation_value().unwrap_or_default();
            rows.push(("Pause depth", depth.to_string()));
            for (key, value) in &plan.removals {
                rows.push(("Remove annotation", (*key).to_string()));
                rows.push(("Value", format!("{value:?}")));
            }
            // Nothing about active work is read (difference w).
            rows.push(("Active records", "not read".to_string()));
        }
    }
    rows
}

/// The preview written to stderr before the write.
pub(crate) fn preview(
    plan: &ActionPlan,
    context: &str,
    ome_namespace: &str,
    dry_run: DryRun,
    style: TableStyle,
) -> String {
    let mut table = Table::new(["FIELD", "VALUE"]);
    for (label, value) in rows(plan, context, ome_namespace, dry_run) {
        for (i, piece) in chunks(&value, CHUNK).into_iter().enumerate() {
            let label = if i == 0 { label } else { "(continued)" };
            table.row([label.to_string(), piece]);
        }
    }
    let columns = style.width.map_or(LINE, |w| usize::from(w).min(LINE));
    let mut out = wrap(HEADER, columns);
    out.push_str(&table.render(style));
    let replaced = plan.action == RolloutAction::Pause && plan.depth == PauseDepth::Unrecognized;
    for (i, warning) in WARNINGS.iter().enumerate() {
        // The replacement warning goes before the last line (§1.7).
        if replaced && i + 1 == WARNINGS.len() {
            out.push_str(&wrap(REPLACED, columns));
        }
        out.push_str(&wrap(warning, columns));
    }
    out
}

fn yes_no(value: bool) -> String {
    if value { "Yes" } else { "No" }.to_string()
}

/// `-o table` and `-o wide` print the same rows (§0.7).
impl Tabular for GenericActionResult {
    fn table(&self) -> Table {
        let t = &self.target;
        let rows = [
            ("action", self.action.to_string()),
            ("target", format!("{}/{}/{}", t.kind, t.namespace, t.name)),
            ("dry-run", self.dry_run.to_string()),
            ("accepted", yes_no(self.accepted)),
            ("applied", yes_no(self.applied)),
            ("request-id", "-".to_string()),
            (
                "revision-hash",
                self.revision_hash
                    .clone()
                    .unwrap_or_else(|| "-".to_string()),
            ),
            ("message", bounded(self.message, RESULT_CELL)),
            // A command to run is never shortened (difference z).
            ("follow-up", self.follow_up.clone()),
            (
                "hint",
                "Use -o json or -o yaml for full values.".to_string(),
            ),
        ];
        let mut table = Table::new(["FIELD", "VALUE"]);
        for (label, value) in rows {
            table.row([label.to_string(), value]);
        }
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_cut_into_56_byte_chunks_and_empty_is_absent() {
        let pieces = chunks(&"a".repeat(120), CHUNK);
        assert_eq!(
            pieces.iter().map(String::len).collect::<Vec<_>>(),
            vec![56, 56, 8]
        );
        assert_eq!(chunks("", CHUNK), vec!["<absent>".to_string()]);
    }
}
