//! Reading a table back from a terminal screen, as a user would, and checking it against
//! read-commands.md §1.7 ("Terminal stdout") and the same table piped.

/// The widths every report is checked at.
pub const WIDTHS: [u16; 5] = [200, 80, 60, 40, 20];

/// Display width as a terminal counts it.
pub fn width(line: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(line)
}

/// The text between display columns `from` and `to` of a line.
fn between(line: &str, from: usize, to: usize) -> String {
    let mut at = 0;
    let mut out = String::new();
    for c in line.chars() {
        if at >= from && at < to {
            out.push(c);
        }
        at += unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
    }
    out
}

/// Where each column starts: the display column of each word of a header line.
fn column_starts(header: &str) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut at = 0;
    let mut previous = ' ';
    for c in header.chars() {
        if c != ' ' && previous == ' ' {
            starts.push(at);
        }
        previous = c;
        at += unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
    }
    starts
}

/// Cuts a line into the cells that start at `starts`, trailing spaces dropped.
fn cut(line: &str, starts: &[usize]) -> Vec<String> {
    starts
        .iter()
        .enumerate()
        .map(|(n, start)| {
            let end = starts.get(n + 1).copied().unwrap_or(usize::MAX);
            between(line, *start, end).trim_end().to_string()
        })
        .collect()
}

/// Text without its whitespace: a cell wrapped at whitespace loses the whitespace at the break.
fn squashed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// A table as a pipe shows it (tabwriter-aligned), split back into headers and cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piped {
    pub headers: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// Where each column starts on the pipe.
    pub starts: Vec<usize>,
    /// Cells `(first cell of the row, column)` whose value may differ between two runs (a
    /// measured time); on a terminal they only have to be a number.
    pub varying: Vec<(String, usize)>,
}

impl Piped {
    /// Parses an aligned table: every column starts where its header starts (no header holds a
    /// space).
    pub fn parse(text: &str) -> Piped {
        let mut lines = text.lines();
        let header = lines.next().expect("a header line");
        let starts = column_starts(header);
        Piped {
            headers: cut(header, &starts),
            rows: lines.map(|l| cut(l, &starts)).collect(),
            starts,
            varying: Vec::new(),
        }
    }

    /// The same table, where the value in `column` of the row starting with `row` varies.
    pub fn varying(mut self, row: &str, column: usize) -> Piped {
        self.varying.push((row.to_string(), column));
        self
    }

    /// Whether the header widths plus 3-space gutters fit `columns`.
    pub fn headers_fit(&self, columns: usize) -> bool {
        let total: usize = self.headers.iter().map(|h| width(h)).sum::<usize>()
            + 3 * self.headers.len().saturating_sub(1);
        total <= columns
    }

    /// The width of the table on a pipe.
    fn natural_width(&self) -> usize {
        let last = self.headers.len() - 1;
        let last_width = std::iter::once(&self.headers)
            .chain(&self.rows)
            .map(|r| width(&r[last]))
            .max()
            .unwrap_or(0);
        self.starts[last] + last_width
    }

    /// Whether `shown` (read back from the screen, whitespace dropped) is the cell of `row`.
    fn shows(&self, row: usize, column: usize, shown: &str) -> bool {
        let cells = &self.rows[row];
        let varies = self
            .varying
            .iter()
            .any(|(first, c)| *first == cells[0] && *c == column);
        if varies {
            !shown.is_empty() && shown.chars().all(|c| c.is_ascii_digit())
        } else {
            shown == squashed(&cells[column])
        }
    }
}

/// Checks one table as a terminal `columns` wide shows it, given the same table piped: a table
/// whose natural width fits is exactly the piped table; otherwise see [`assert_layout`].
pub fn assert_table_on_terminal(shown: &str, piped: &str, columns: u16) {
    if piped.lines().all(|l| width(l) <= usize::from(columns)) {
        assert_eq!(shown, piped, "the table fits {columns} columns");
    }
    assert_layout(shown, &Piped::parse(piped), columns);
}

/// Checks what a terminal `columns` wide shows for `table`, reading the screen back as a user
/// would:
/// - no line is wider than the terminal, none ends in padding;
/// - when the headers fit: the first line holds every header whole and in order, each column
///   starts where its header starts with at least 3 spaces before it, and the physical lines of
///   each row, cut at those columns, spell out exactly the piped cells (a table that fits is
///   aligned as on the pipe, one line per row);
/// - when they do not: the stacked form, one block per row, one `HEADER:` line per column in
///   order, values beside the label at the longest label + 3 or indented below it, spelling out
///   exactly the piped cells.
pub fn assert_layout(shown: &str, table: &Piped, columns: u16) {
    let columns = usize::from(columns);
    for line in shown.lines() {
        assert!(
            width(line) <= columns,
            "a line is wider than {columns} columns: {line:?}\n{shown}"
        );
        assert!(
            !line.ends_with(' '),
            "padding at the end of {line:?}\n{shown}"
        );
    }
    if table.headers_fit(columns) {
        assert_columns(shown, table, columns);
    } else {
        assert_stacked(shown, table);
    }
}

fn assert_columns(shown: &str, table: &Piped, columns: usize) {
    let mut lines = shown.lines();
    let header = lines.next().unwrap_or("");
    let words: Vec<&str> = header.split_whitespace().collect();
    assert_eq!(
        words, table.headers,
        "headers at {columns} columns\n{shown}"
    );
    let starts = column_starts(header);
    let fits = table.natural_width() <= columns;
    if fits {
        assert_eq!(starts, table.starts, "aligned as on the pipe\n{shown}");
    }
    let lines: Vec<&str> = lines.collect();
    for line in &lines {
        for start in starts.iter().skip(1) {
            let gutter = between(line, start - 3, *start);
            assert!(
                gutter.trim().is_empty(),
                "no gutter before column {start}: {line:?}\n{shown}"
            );
        }
    }
    let cells: Vec<Vec<String>> = lines.iter().map(|l| cut(l, &starts)).collect();
    let mut next = 0;
    for row in 0..table.rows.len() {
        // The row's physical lines: the fewest that spell out every one of its cells.
        let height = (1..=cells.len() - next)
            .find(|h| {
                (0..starts.len()).all(|c| {
                    let joined: String = cells[next..next + h]
                        .iter()
                        .map(|l| l[c].as_str())
                        .collect();
                    table.shows(row, c, &squashed(&joined))
                })
            })
            .unwrap_or_else(|| panic!("row {:?} is not on the screen\n{shown}", table.rows[row]));
        if fits {
            assert_eq!(height, 1, "a table that fits wraps nothing\n{shown}");
        }
        next += height;
    }
    assert_eq!(next, cells.len(), "lines after the last row\n{shown}");
}

fn assert_stacked(shown: &str, table: &Piped) {
    let blocks: Vec<&str> = shown.split("\n\n").collect();
    assert_eq!(
        blocks.len(),
        table.rows.len(),
        "one stacked block per row\n{shown}"
    );
    let label_width = table
        .headers
        .iter()
        .map(|h| width(h) + 1)
        .max()
        .unwrap_or(0)
        + 3;
    for (row, block) in blocks.iter().enumerate() {
        let mut labels = Vec::new();
        let mut values: Vec<String> = Vec::new();
        for line in block.lines() {
            if let Some(below) = line.strip_prefix("  ") {
                values
                    .last_mut()
                    .expect("a value after its label")
                    .push_str(below);
                continue;
            }
            let (label, beside) = line.split_once(':').expect("a HEADER: line");
            if !beside.is_empty() {
                assert_eq!(
                    width(line) - width(beside.trim_start()),
                    label_width,
                    "a value beside its label starts at the longest label + 3: {line:?}"
                );
            }
            labels.push(label.to_string());
            values.push(beside.trim().to_string());
        }
        assert_eq!(labels, table.headers, "stacked labels\n{block}");
        for (column, value) in values.iter().enumerate() {
            assert!(
                table.shows(row, column, &squashed(value)),
                "{:?} stacked as {value:?}\n{block}",
                table.rows[row][column]
            );
        }
    }
}
