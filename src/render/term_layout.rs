//! The terminal layout of a table (read-commands.md §1.7, "Terminal stdout").
//!
//! Cells are sanitised, then measured in display columns (grapheme clusters; East-Asian wide and
//! emoji count 2). A table whose natural width fits is aligned exactly as on a pipe. Otherwise each
//! column starts at its header width (so no header is ever broken) and the columns grow
//! round-robin, one display column at a time, until the terminal width is used; cells wrap at
//! whitespace, else after an identifier boundary (`- _ / . :`), else hard. When even the headers
//! do not fit, every row is shown stacked as `HEADER: value` lines.
//!
//! Pure: text and a width in, text out. Colour is applied by the caller's `paint` to each visible
//! fragment after it has been measured, so coloured tables stay aligned.

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

use crate::text::sanitize;

/// Spaces between two columns (the goldens' tabwriter padding).
pub(crate) const GUTTER: usize = 3;
/// Extra spaces after the longest `HEADER:` label in the stacked form.
const LABEL_GAP: usize = 3;
/// Indent of a stacked value that moved below its label.
const VALUE_INDENT: usize = 2;
/// Characters after which an identifier may wrap.
const IDENTIFIER_BOUNDARIES: [char; 5] = ['-', '_', '/', '.', ':'];

/// Lays out a table for a terminal `width` display columns wide. Returns the text, every line
/// ending in `\n` and none carrying trailing padding. `paint(row, column, fragment)` styles one
/// visible fragment of a data cell; what it adds is not measured. Headers are never painted.
pub(crate) fn lay_out<P>(headers: &[&str], rows: &[Vec<&str>], width: usize, paint: P) -> String
where
    P: Fn(usize, usize, &str) -> String,
{
    let grid = Grid::new(headers, rows);
    match column_widths(&grid, width) {
        Some(widths) => columns(&grid, &widths, &paint),
        None => stacked(&grid, width, &paint),
    }
}

/// The sanitised table, every row as long as the header row.
struct Grid {
    headers: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Grid {
    fn new(headers: &[&str], rows: &[Vec<&str>]) -> Grid {
        let count = rows
            .iter()
            .map(Vec::len)
            .chain(std::iter::once(headers.len()))
            .max()
            .unwrap_or(0);
        let padded = |cells: &[&str]| -> Vec<String> {
            (0..count)
                .map(|i| cells.get(i).map_or_else(String::new, |c| sanitize(c)))
                .collect()
        };
        Grid {
            headers: padded(headers),
            rows: rows.iter().map(|row| padded(row)).collect(),
        }
    }

    fn column(&self, index: usize) -> impl Iterator<Item = &str> {
        self.rows
            .iter()
            .filter_map(move |row| row.get(index).map(String::as_str))
    }
}

/// Display width of one grapheme cluster, as unicode-width measures the whole sequence (an emoji
/// ZWJ sequence or a flag is one glyph of 2 columns).
fn grapheme_width(grapheme: &str) -> usize {
    grapheme.width()
}

/// Display width of sanitised text, in terminal columns.
pub(crate) fn display_width(text: &str) -> usize {
    text.graphemes(true).map(grapheme_width).sum()
}

fn widest_grapheme(text: &str) -> usize {
    text.graphemes(true).map(grapheme_width).max().unwrap_or(0)
}

fn spaces(count: usize) -> String {
    " ".repeat(count)
}

/// The width of every column, or `None` when even the header widths do not fit (stacked form).
fn column_widths(grid: &Grid, width: usize) -> Option<Vec<usize>> {
    let gutters = GUTTER * grid.headers.len().saturating_sub(1);
    let natural: Vec<usize> = (grid.headers.iter().enumerate())
        .map(|(i, header)| {
            grid.column(i)
                .map(display_width)
                .fold(display_width(header), usize::max)
        })
        .collect();
    if natural.iter().sum::<usize>() + gutters <= width {
        return Some(natural);
    }
    // A column must hold its header whole and any single glyph of its cells.
    let minimum: Vec<usize> = (grid.headers.iter().enumerate())
        .map(|(i, header)| {
            let least = display_width(header).max(1);
            grid.column(i).map(widest_grapheme).fold(least, usize::max)
        })
        .collect();
    let spare = width.checked_sub(minimum.iter().sum::<usize>() + gutters)?;
    Some(grow_round_robin(minimum, &natural, spare))
}

/// Hands out `spare` columns one at a time, in column order, to the columns still narrower
/// than their content.
fn grow_round_robin(mut widths: Vec<usize>, natural: &[usize], mut spare: usize) -> Vec<usize> {
    while spare > 0 {
        let mut grew = false;
        for (current, wanted) in widths.iter_mut().zip(natural) {
            if spare == 0 {
                break;
            }
            if *current < *wanted {
                *current += 1;
                spare -= 1;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    widths
}

/// The aligned form: a header line, then each row on as many physical lines as its tallest cell.
fn columns<P>(grid: &Grid, widths: &[usize], paint: &P) -> String
where
    P: Fn(usize, usize, &str) -> String,
{
    let mut out = String::new();
    let header: Vec<Vec<String>> = grid.headers.iter().map(|h| vec![h.clone()]).collect();
    push_physical_lines(&mut out, &header, widths, &|_, text: &str| text.to_string());
    for (row_index, row) in grid.rows.iter().enumerate() {
        let wrapped: Vec<Vec<String>> = row
            .iter()
            .zip(widths)
            .map(|(cell, width)| wrap(cell, *width))
            .collect();
        push_physical_lines(&mut out, &wrapped, widths, &|column, text: &str| {
            paint(row_index, column, text)
        });
    }
    out
}

/// Writes one logical row whose cells are already wrapped to their column widths.
fn push_physical_lines<P>(out: &mut String, cells: &[Vec<String>], widths: &[usize], paint: &P)
where
    P: Fn(usize, &str) -> String,
{
    let height = cells.iter().map(Vec::len).max().unwrap_or(0).max(1);
    for line in 0..height {
        let fragment = |column: usize| -> &str {
            cells
                .get(column)
                .and_then(|c| c.get(line))
                .map_or("", String::as_str)
        };
        // Columns after the last non-empty fragment would only be padding.
        let shown = (0..cells.len())
            .rev()
            .find(|c| !fragment(*c).trim_end().is_empty())
            .map_or(0, |last| last + 1);
        for column in 0..shown {
            let text = fragment(column);
            if column + 1 == shown {
                out.push_str(&paint(column, text.trim_end()));
            } else {
                let width = widths.get(column).copied().unwrap_or(0);
                if !text.is_empty() {
                    out.push_str(&paint(column, text));
                }
                out.push_str(&spaces(width.saturating_sub(display_width(text)) + GUTTER));
            }
        }
        out.push('\n');
    }
}

/// The stacked form: per row one `HEADER:` line per column, a blank line between rows.
fn stacked<P>(grid: &Grid, width: usize, paint: &P) -> String
where
    P: Fn(usize, usize, &str) -> String,
{
    let labels: Vec<String> = grid.headers.iter().map(|h| format!("{h}:")).collect();
    let label_width = labels.iter().map(|l| display_width(l)).max().unwrap_or(0) + LABEL_GAP;
    let mut out = String::new();
    for (row_index, row) in grid.rows.iter().enumerate() {
        if row_index > 0 {
            out.push('\n');
        }
        for (column, (label, value)) in labels.iter().zip(row).enumerate() {
            let value = value.trim_end();
            let beside = label_width + display_width(value) <= width;
            if display_width(label) <= width {
                out.push_str(label);
                if beside && !value.is_empty() {
                    out.push_str(&spaces(label_width - display_width(label)));
                    out.push_str(&paint(row_index, column, value));
                }
                out.push('\n');
            } else {
                // Only a label wider than the whole terminal is ever wrapped.
                for fragment in wrap(label, width) {
                    out.push_str(&fragment);
                    out.push('\n');
                }
            }
            if beside || value.is_empty() {
                continue;
            }
            // Below its label a value is indented, unless the terminal is too narrow for that.
            let indent = if width >= VALUE_INDENT + widest_grapheme(value).max(1) {
                VALUE_INDENT
            } else {
                0
            };
            for fragment in wrap(value, width.saturating_sub(indent)) {
                out.push_str(&spaces(indent));
                out.push_str(&paint(row_index, column, &fragment));
                out.push('\n');
            }
        }
    }
    out
}

/// One grapheme cluster and its display width.
#[derive(Clone, Copy)]
struct Glyph<'a> {
    text: &'a str,
    width: usize,
}

impl Glyph<'_> {
    fn is_space(&self) -> bool {
        self.text.chars().all(char::is_whitespace)
    }

    fn is_identifier_boundary(&self) -> bool {
        let mut chars = self.text.chars();
        matches!((chars.next(), chars.next()), (Some(c), None) if IDENTIFIER_BOUNDARIES.contains(&c))
    }
}

fn glyph_text(glyphs: &[Glyph<'_>]) -> String {
    glyphs.iter().map(|g| g.text).collect()
}

fn glyphs_width(glyphs: &[Glyph<'_>]) -> usize {
    glyphs.iter().map(|g| g.width).sum()
}

/// Wraps text into lines of at most `width` display columns (a glyph wider than `width` still
/// takes a line of its own). Breaks prefer whitespace (which is dropped), then the position
/// after an identifier boundary, then the last glyph that fits.
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let glyphs: Vec<Glyph<'_>> = text
        .graphemes(true)
        .map(|g| Glyph {
            text: g,
            width: grapheme_width(g),
        })
        .collect();
    let mut rest: &[Glyph<'_>] = &glyphs;
    let mut lines = Vec::new();
    loop {
        if glyphs_width(rest) <= width {
            lines.push(glyph_text(rest));
            return lines;
        }
        // Whitespace where a wrapped line would start is dropped, as at a whitespace break.
        let start = trim_spaces_start(rest);
        if start.len() < rest.len() {
            rest = start;
            continue;
        }
        let (line, next) = break_line(rest, width);
        lines.push(glyph_text(line));
        if next.is_empty() {
            return lines;
        }
        rest = next;
    }
}

/// Splits `glyphs` (wider than `width`) into one line and the rest, by the preferences above.
fn break_line<'g, 'a>(glyphs: &'g [Glyph<'a>], width: usize) -> (&'g [Glyph<'a>], &'g [Glyph<'a>]) {
    let fitting = fitting_count(glyphs, width);
    if let Some(split_at) = (1..=fitting).rev().find(|i| is_space_break(glyphs, *i)) {
        let (line, rest) = split(glyphs, split_at);
        return (trim_spaces_end(line), trim_spaces_start(rest));
    }
    if let Some(split_at) = (1..=fitting)
        .rev()
        .find(|i| is_identifier_break(glyphs, *i))
    {
        return split(glyphs, split_at);
    }
    split(glyphs, fitting.max(1))
}

/// How many leading glyphs fit in `width` columns.
fn fitting_count(glyphs: &[Glyph<'_>], width: usize) -> usize {
    let mut used = 0;
    glyphs
        .iter()
        .take_while(|g| {
            used += g.width;
            used <= width
        })
        .count()
}

/// A break before glyph `at` is a whitespace break if that glyph is whitespace and something
/// other than whitespace precedes it on the line.
fn is_space_break(glyphs: &[Glyph<'_>], at: usize) -> bool {
    glyphs.get(at).is_some_and(Glyph::is_space)
        && glyphs
            .get(..at)
            .is_some_and(|line| line.iter().any(|g| !g.is_space()))
}

/// A break before glyph `at` is an identifier break if the glyph before it is a boundary that
/// does not stand alone on the line (so `/Terminal` never leaves a lone `/` behind).
fn is_identifier_break(glyphs: &[Glyph<'_>], at: usize) -> bool {
    at >= 2
        && glyphs
            .get(at - 1)
            .is_some_and(Glyph::is_identifier_boundary)
}

fn trim_spaces_end<'g, 'a>(glyphs: &'g [Glyph<'a>]) -> &'g [Glyph<'a>] {
    let keep = glyphs
        .iter()
        .rposition(|g| !g.is_space())
        .map_or(0, |i| i + 1);
    split(glyphs, keep).0
}

fn trim_spaces_start<'g, 'a>(glyphs: &'g [Glyph<'a>]) -> &'g [Glyph<'a>] {
    let skip = glyphs
        .iter()
        .position(|g| !g.is_space())
        .unwrap_or(glyphs.len());
    split(glyphs, skip).1
}

/// `split_at` that keeps everything on the left when `at` is past the end.
fn split<'g, 'a>(glyphs: &'g [Glyph<'a>], at: usize) -> (&'g [Glyph<'a>], &'g [Glyph<'a>]) {
    glyphs.split_at_checked(at).unwrap_or((glyphs, &[]))
}

#[cfg(test)]
mod tests;
