//! The shared table renderer (read-commands.md §1.7). Piped output is plain and aligned like
//! Go's tabwriter (3-space gutters, last column unpadded, no trailing spaces). On a terminal the
//! table is laid out for the width the writer reports (`term_layout`), and cells may carry colour.

use crate::text::{redact, sanitize};
use comfy_table::{CellAlignment, ContentArrangement, presets};
use owo_colors::OwoColorize;

use super::term_layout;

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
    /// Lay out for a terminal this many columns wide; `None` for pipes and files (and for a
    /// terminal that does not report its width).
    pub(crate) width: Option<u16>,
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

    /// Adds a row of plain cells (sanitised: no cell can drive the terminal).
    pub(crate) fn row<I: IntoIterator<Item = S>, S: Into<String>>(&mut self, cells: I) {
        self.rows.push(
            cells
                .into_iter()
                .map(|c| (sanitize(redact(&c.into())), Tone::Plain))
                .collect(),
        );
    }

    /// Adds a row whose cells carry a tone (sanitised like [`Table::row`]).
    pub(crate) fn toned_row(&mut self, cells: Vec<(String, Tone)>) {
        self.rows.push(
            cells
                .into_iter()
                .map(|(text, tone)| (sanitize(redact(&text)), tone))
                .collect(),
        );
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// One layout engine per layout: comfy-table aligns every table that fits (pipes and files
    /// always do; a terminal when its width allows), and only a table a terminal must narrow
    /// goes through §1.7's wrapping and stacking (`term_layout`).
    pub(crate) fn render(&self, style: TableStyle) -> String {
        match style.width {
            Some(width) if self.natural_width() > usize::from(width) => {
                self.render_for_terminal(usize::from(width), style.color)
            }
            _ => self.render_aligned(style.color),
        }
    }

    /// The width of the table unwrapped, in terminal columns (gutters included).
    fn natural_width(&self) -> usize {
        let columns = self.headers.len();
        let widest = |i: usize| {
            self.rows
                .iter()
                .filter_map(|row| row.get(i))
                .map(|(text, _)| term_layout::display_width(text))
                .fold(
                    term_layout::display_width(self.headers.get(i).map_or("", String::as_str)),
                    usize::max,
                )
        };
        (0..columns).map(widest).sum::<usize>() + term_layout::GUTTER * columns.saturating_sub(1)
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

    /// Aligned like Go's tabwriter; cells carry their tone's colour when `color`.
    fn render_aligned(&self, color: bool) -> String {
        let mut table = comfy_table::Table::new();
        table.load_style(presets::NOTHING);
        table.set_header(self.headers.iter().map(comfy_table::Cell::new));
        for row in &self.rows {
            table.add_row(row.iter().map(|(text, tone)| {
                let cell = comfy_table::Cell::new(text).set_alignment(CellAlignment::Left);
                match comfy_color(*tone) {
                    Some(fg) if color => cell.fg(fg),
                    _ => cell,
                }
            }));
        }
        let last = self.headers.len().saturating_sub(1);
        for (index, column) in table.column_iter_mut().enumerate() {
            column.set_padding((
                0,
                if index == last {
                    0
                } else {
                    term_layout::GUTTER as u16
                },
            ));
        }
        table.set_content_arrangement(ContentArrangement::Disabled);
        table.force_no_tty();
        if color {
            table.enforce_styling();
        }
        let mut out = String::new();
        for line in table.lines() {
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

fn comfy_color(tone: Tone) -> Option<comfy_table::Color> {
    match tone {
        Tone::Plain => None,
        Tone::Good => Some(comfy_table::Color::Green),
        Tone::Warn => Some(comfy_table::Color::Yellow),
        Tone::Bad => Some(comfy_table::Color::Red),
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
