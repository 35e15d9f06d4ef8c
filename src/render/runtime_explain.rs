//! `runtime explain` as text (runtime-selection.md §7.4): the notes for stderr, and one table
//! `RUNTIME SCOPE COMPATIBLE PRIORITY WEIGHT REASON` laid out as on a terminal of min(80, its
//! width) columns, pipe or not: every line stays within 80 columns and a long REASON wraps
//! (read-commands.md §1.7). Names and reasons pass the table's sanitiser.

use super::table::{Table, TableStyle, Tone};
use crate::evaluate::runtime_explain::{Explanation, Note, RowVerdict};
use crate::ome::reads::RuntimeKind;

/// The widest the table is ever laid out.
const MAX_WIDTH: u16 = 80;

/// The stderr lines, in order, each ending in a newline.
pub(crate) fn notes(explanation: &Explanation) -> String {
    explanation
        .notes
        .iter()
        .map(|note| format!("{}\n", note_text(*note)))
        .collect()
}

fn note_text(note: Note) -> &'static str {
    match note {
        Note::ExplicitRuntime => {
            "Note: spec.runtime is explicit; automatic selection below is hypothetical."
        }
        Note::ModelDisabled => "Note: the model is disabled; OME selects no runtime for it.",
        Note::ModelSharded => {
            "Note: the model is Sharded; OME selects no runtime for it in this release."
        }
        Note::NoCandidates => {
            "No serving runtimes found in the selected namespace or at cluster scope."
        }
    }
}

/// The table for stdout (empty when there is no candidate); `style` is stdout's, whose width
/// only ever narrows the layout below 80 columns.
pub(crate) fn table(explanation: &Explanation, style: TableStyle) -> String {
    if explanation.rows.is_empty() {
        return String::new();
    }
    let mut table = Table::new([
        "RUNTIME",
        "SCOPE",
        "COMPATIBLE",
        "PRIORITY",
        "WEIGHT",
        "REASON",
    ]);
    for row in &explanation.rows {
        let scope = match row.kind {
            RuntimeKind::Namespaced => "Namespaced",
            RuntimeKind::Cluster => "Cluster",
        };
        let plain = |text: String| (text, Tone::Plain);
        let cells = match &row.verdict {
            RowVerdict::Yes { priority, weight } => [
                plain(row.name.clone()),
                plain(scope.into()),
                ("Yes".into(), Tone::Good),
                plain(priority.to_string()),
                plain(weight.to_string()),
                plain("-".into()),
            ],
            RowVerdict::No { reason } => [
                plain(row.name.clone()),
                plain(scope.into()),
                plain("No".into()),
                plain("-".into()),
                plain("-".into()),
                plain(reason.clone()),
            ],
        };
        table.toned_row(cells.into());
    }
    let width = style.width.map_or(MAX_WIDTH, |w| w.min(MAX_WIDTH));
    table.render(TableStyle {
        color: style.color,
        width: Some(width),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::runtime_explain::Row;

    fn yes(name: &str, kind: RuntimeKind, priority: i64, weight: i64) -> Row {
        Row {
            name: name.into(),
            kind,
            verdict: RowVerdict::Yes { priority, weight },
        }
    }

    fn no(name: &str, kind: RuntimeKind, reason: &str) -> Row {
        Row {
            name: name.into(),
            kind,
            verdict: RowVerdict::No {
                reason: reason.into(),
            },
        }
    }

    fn piped(rows: Vec<Row>) -> String {
        table(
            &Explanation {
                notes: Vec::new(),
                rows,
            },
            TableStyle::default(),
        )
    }

    /// runtime-selection.md §8.1 (a), the ome-docs worked example.
    #[test]
    fn the_worked_example_golden() {
        let rows = vec![
            yes("team-llama", RuntimeKind::Namespaced, 1, 2),
            yes("vllm-llama", RuntimeKind::Cluster, 2, 6),
            yes("srt-llama-small", RuntimeKind::Cluster, 3, 6),
            yes("srt-llama-large", RuntimeKind::Cluster, 3, 6),
        ];
        assert_eq!(
            piped(rows),
            "\
RUNTIME           SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
team-llama        Namespaced   Yes          1          2        -
vllm-llama        Cluster      Yes          2          6        -
srt-llama-small   Cluster      Yes          3          6        -
srt-llama-large   Cluster      Yes          3          6        -
"
        );
    }

    /// A long reason wraps inside 80 columns, on a pipe as on a terminal of 80 or more.
    #[test]
    fn long_reasons_wrap_within_80_columns() {
        let rows = vec![
            yes("r7-ok", RuntimeKind::Cluster, 1, 2),
            no(
                "r5-small",
                RuntimeKind::Cluster,
                "model size 7.62B is outside supported range [500M, 2B]",
            ),
        ];
        let golden = "\
RUNTIME    SCOPE     COMPATIBLE   PRIORITY   WEIGHT   REASON
r7-ok      Cluster   Yes          1          2        -
r5-small   Cluster   No           -          -        model size 7.62B is
                                                      outside supported range
                                                      [500M, 2B]
";
        assert_eq!(piped(rows.clone()), golden);
        let explanation = Explanation {
            notes: Vec::new(),
            rows,
        };
        let wide = TableStyle {
            color: false,
            width: Some(200),
        };
        assert_eq!(table(&explanation, wide), golden);
        let narrow = table(
            &explanation,
            TableStyle {
                color: false,
                width: Some(60),
            },
        );
        assert!(narrow.lines().all(|l| l.chars().count() <= 60), "{narrow}");
        assert_ne!(narrow, golden);
    }

    #[test]
    fn notes_come_in_order_and_an_empty_snapshot_has_no_table() {
        let explanation = Explanation {
            notes: vec![
                Note::ExplicitRuntime,
                Note::ModelDisabled,
                Note::ModelSharded,
                Note::NoCandidates,
            ],
            rows: Vec::new(),
        };
        assert_eq!(
            notes(&explanation),
            "\
Note: spec.runtime is explicit; automatic selection below is hypothetical.
Note: the model is disabled; OME selects no runtime for it.
Note: the model is Sharded; OME selects no runtime for it in this release.
No serving runtimes found in the selected namespace or at cluster scope.
"
        );
        assert_eq!(table(&explanation, TableStyle::default()), "");
    }

    #[test]
    fn cluster_text_cannot_drive_the_terminal() {
        let shown = piped(vec![no(
            "x",
            RuntimeKind::Namespaced,
            "model format 'mt:a\u{1b}[31m' not in supported formats",
        )]);
        assert!(!shown.contains('\u{1b}'), "{shown}");
    }
}
