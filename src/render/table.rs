//! The shared table renderer (read-commands.md §1.7). Piped output is plain and aligned like
//! Go's tabwriter (3-space gutters, last column unpadded, no trailing spaces). On a terminal the
//! table is laid out for the terminal's width (`term_layout`), and cells may carry colour.

use comfy_table::{CellAlignment, ContentArrangement, presets};
use owo_colors::OwoColorize;

use super::term_layout;

/// A semantic colour for a cell; only shown on a terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tone {
    #[default]
    Plain,
    Good,
    Warn,
    Bad,
    Dim,
}

/// How the table is going to be shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TableStyle {
    /// Colour the cells (only on a terminal, and never with NO_COLOR).
    pub color: bool,
    /// Fit to this many terminal columns; `None` for pipes and files.
    pub width: Option<u16>,
}

impl TableStyle {
    /// The style for stdout: colour and width only when stdout is a terminal.
    pub fn for_stdout() -> TableStyle {
        Self::for_stream(std::io::stdout())
    }

    /// The style for stderr.
    pub fn for_stderr() -> TableStyle {
        Self::for_stream(std::io::stderr())
    }

    fn for_stream<S: std::io::IsTerminal + std::os::fd::AsFd>(stream: S) -> TableStyle {
        if !stream.is_terminal() {
            return TableStyle::default();
        }
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        TableStyle {
            color: !no_color,
            width: terminal_columns(stream),
        }
    }
}

/// The width of the terminal `stream` writes to (not of the controlling terminal, which may be
/// another one). A fresh pty can report width 0: that is unknown rather than wrap to nothing.
fn terminal_columns(stream: impl std::os::fd::AsFd) -> Option<u16> {
    let size = rustix::termios::tcgetwinsize(stream).ok()?;
    Some(size.ws_col).filter(|w| *w > 0)
}

#[derive(Debug, Clone, Default)]
pub struct Table {
    headers: Vec<String>,
    rows: Vec<Vec<(String, Tone)>>,
}

impl Table {
    pub fn new<I: IntoIterator<Item = S>, S: Into<String>>(headers: I) -> Table {
        Table {
            headers: headers.into_iter().map(Into::into).collect(),
            rows: Vec::new(),
        }
    }

    /// Adds a row of plain cells.
    pub fn row<I: IntoIterator<Item = S>, S: Into<String>>(&mut self, cells: I) {
        self.rows
            .push(cells.into_iter().map(|c| (c.into(), Tone::Plain)).collect());
    }

    /// Adds a row whose cells carry a tone.
    pub fn toned_row(&mut self, cells: Vec<(String, Tone)>) {
        self.rows.push(cells);
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    pub fn render(&self, style: TableStyle) -> String {
        match (style.width, style.color) {
            (Some(width), color) => self.render_for_terminal(usize::from(width), color),
            // A terminal of unknown width: the natural layout, still coloured.
            (None, true) => self.render_for_terminal(usize::MAX, true),
            (None, false) => self.render_aligned(),
        }
    }

    /// The §1.7 terminal layout; colour is painted on each measured fragment.
    fn render_for_terminal(&self, width: usize, color: bool) -> String {
        let headers: Vec<&str> = self.headers.iter().map(String::as_str).collect();
        let rows: Vec<Vec<&str>> = self
            .rows
            .iter()
            .map(|row| row.iter().map(|(text, _)| text.as_str()).collect())
            .collect();
        term_layout::lay_out(&headers, &rows, width, |row, column, text| {
            let tone = self
                .rows
                .get(row)
                .and_then(|r| r.get(column))
                .map_or(Tone::Plain, |(_, tone)| *tone);
            if color {
                paint(text, tone)
            } else {
                text.to_string()
            }
        })
    }

    /// Pipes and files: plain, aligned like Go's tabwriter.
    fn render_aligned(&self) -> String {
        let mut table = comfy_table::Table::new();
        table.load_style(presets::NOTHING);
        table.set_header(self.headers.iter().map(comfy_table::Cell::new));
        for row in &self.rows {
            table.add_row(
                row.iter().map(|(text, _)| {
                    comfy_table::Cell::new(text).set_alignment(CellAlignment::Left)
                }),
            );
        }
        let last = self.headers.len().saturating_sub(1);
        for (index, column) in table.column_iter_mut().enumerate() {
            column.set_padding((0, if index == last { 0 } else { 3 }));
        }
        table.set_content_arrangement(ContentArrangement::Disabled);
        table.force_no_tty();
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
        Tone::Dim => text.dimmed().to_string(),
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
