//! The shared table renderer (read-commands.md §1.7). Piped output is plain and aligned like
//! Go's tabwriter (3-space gutters, last column unpadded, no trailing spaces). On a terminal,
//! comfy-table fits the table to the terminal width, and cells may carry colour.

use comfy_table::{CellAlignment, ContentArrangement, presets};
use owo_colors::OwoColorize;

/// A semantic colour for a cell; only shown on a terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Tone {
    #[default]
    Plain,
    Good,
    Warn,
    Bad,
}

/// How the table is going to be shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct TableStyle {
    /// Colour the cells (only on a terminal, and never with NO_COLOR).
    pub(crate) color: bool,
    /// Fit to this many terminal columns; `None` for pipes and files.
    pub(crate) width: Option<u16>,
}

impl TableStyle {
    /// The style for stdout: colour and width only when stdout is a terminal.
    pub(crate) fn for_stdout() -> TableStyle {
        Self::for_stream(std::io::IsTerminal::is_terminal(&std::io::stdout()))
    }

    /// The style for stderr.
    pub(crate) fn for_stderr() -> TableStyle {
        Self::for_stream(std::io::IsTerminal::is_terminal(&std::io::stderr()))
    }

    fn for_stream(is_terminal: bool) -> TableStyle {
        if !is_terminal {
            return TableStyle::default();
        }
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        // A fresh pty can report width 0: treat that as unknown rather than wrap to nothing.
        let width = comfy_table::Table::new().width().filter(|w| *w > 0);
        TableStyle {
            color: !no_color,
            width,
        }
    }
}

#[derive(Debug, Clone, Default)]
pub(crate) struct Table {
    headers: Vec<String>,
    rows: Vec<Vec<(String, Tone)>>,
}

impl Table {
    pub(crate) fn new<I: IntoIterator<Item = S>, S: Into<String>>(headers: I) -> Table {
        Table {
            headers: headers.into_iter().map(Into::into).collect(),
            rows: Vec::new(),
        }
    }

    /// Adds a row of plain cells.
    pub(crate) fn row<I: IntoIterator<Item = S>, S: Into<String>>(&mut self, cells: I) {
        self.rows
            .push(cells.into_iter().map(|c| (c.into(), Tone::Plain)).collect());
    }

    /// Adds a row whose cells carry a tone.
    pub(crate) fn toned_row(&mut self, cells: Vec<(String, Tone)>) {
        self.rows.push(cells);
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    pub(crate) fn render(&self, style: TableStyle) -> String {
        let mut table = comfy_table::Table::new();
        table.load_style(presets::NOTHING);
        let header_cells: Vec<comfy_table::Cell> =
            self.headers.iter().map(comfy_table::Cell::new).collect();
        table.set_header(header_cells);
        for row in &self.rows {
            table.add_row(row.iter().map(|(text, tone)| {
                let shown = if style.color {
                    paint(text, *tone)
                } else {
                    text.clone()
                };
                comfy_table::Cell::new(shown).set_alignment(CellAlignment::Left)
            }));
        }
        let last = self.headers.len().saturating_sub(1);
        for (index, column) in table.column_iter_mut().enumerate() {
            column.set_padding((0, if index == last { 0 } else { 3 }));
        }
        match style.width {
            Some(width) => {
                table.set_content_arrangement(ContentArrangement::Dynamic);
                table.set_width(width);
            }
            None => {
                table.set_content_arrangement(ContentArrangement::Disabled);
                table.force_no_tty();
            }
        }
        let mut out = String::new();
        for line in table.lines() {
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

fn paint(text: &str, tone: Tone) -> String {
    match tone {
        Tone::Plain => text.to_string(),
        Tone::Good => text.green().to_string(),
        Tone::Warn => text.yellow().to_string(),
        Tone::Bad => text.red().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piped_tables_align_like_tabwriter() {
        let mut t = Table::new(["FIELD", "SERVICE", "ENGINE"]);
        t.row(["STATE", "Reported", "Reported"]);
        t.row(["CLASS", "-", "HPA"]);
        assert_eq!(
            t.render(TableStyle::default()),
            "FIELD   SERVICE    ENGINE\nSTATE   Reported   Reported\nCLASS   -          HPA\n"
        );
    }

    #[test]
    fn empty_last_cells_leave_no_trailing_spaces() {
        let mut t = Table::new(["FIELD", "VALUE"]);
        t.row(["Status encoding", ""]);
        assert_eq!(
            t.render(TableStyle::default()),
            "FIELD             VALUE\nStatus encoding\n"
        );
    }
}
