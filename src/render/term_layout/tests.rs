use super::*;
use crate::render::{Table, TableStyle};
use proptest::prelude::*;

fn plain(headers: &[&str], rows: &[Vec<&str>], width: usize) -> String {
    lay_out(headers, rows, width, |_, _, text| text.to_string())
}

const INSTANCE_HEADERS: [&str; 7] = [
    "COMP", "IDX/INC", "PHASE", "PODS", "REVS", "AOF", "EVIDENCE",
];

fn instance_rows() -> Vec<Vec<&'static str>> {
    vec![
        vec![
            "engine",
            "0/1",
            "Ready",
            "1/1/1",
            "chat...4d2b",
            "A--",
            "STALE:2/3",
        ],
        vec![
            "decoder",
            "0/1",
            "Ready",
            "1/1/1",
            "chat...9a60",
            "A--",
            "OK",
        ],
    ]
}

#[test]
fn a_table_that_fits_is_aligned_exactly_as_on_a_pipe() {
    let rows = instance_rows();
    let mut table = Table::new(INSTANCE_HEADERS);
    for row in &rows {
        table.row(row.iter().copied());
    }
    let piped = table.render(TableStyle::default());
    let natural_width = piped.lines().map(display_width).max().unwrap();
    assert_eq!(plain(&INSTANCE_HEADERS, &rows, natural_width), piped);
    assert_eq!(plain(&INSTANCE_HEADERS, &rows, 200), piped);
}

#[test]
fn an_identifier_wraps_after_its_dash() {
    assert_eq!(wrap("chat-engine", 7), ["chat-", "engine"]);
    assert_eq!(wrap("chat-engine", 6), ["chat-", "engine"]);
    assert_eq!(wrap("a/b.c:d_e", 4), ["a/b.", "c:d_", "e"]);
    // A boundary alone is no place to break: `/Terminal` stays whole.
    assert_eq!(
        wrap("Relocated/Terminal/Current", 9),
        ["Relocated", "/Terminal", "/Current"]
    );
    assert_eq!(wrap("?/Invalid/Current", 9), ["?/", "Invalid/", "Current"]);
}

#[test]
fn whitespace_is_preferred_to_an_identifier_boundary_and_dropped() {
    assert_eq!(
        wrap("scale-down blocked-by", 16),
        ["scale-down", "blocked-by"]
    );
    assert_eq!(wrap("a  b", 2), ["a", "b"]);
    assert_eq!(wrap("abcde fgh", 5), ["abcde", "fgh"]);
}

#[test]
fn a_word_without_boundaries_breaks_hard() {
    assert_eq!(wrap("Reported", 3), ["Rep", "ort", "ed"]);
    assert_eq!(wrap("", 3), [""]);
}

#[test]
fn wide_characters_and_emoji_take_two_columns_and_are_never_split() {
    assert_eq!(display_width("漢字-🚀"), 7);
    assert_eq!(display_width("👨\u{200d}👩\u{200d}👧"), 2);
    assert_eq!(wrap("漢字漢", 3), ["漢", "字", "漢"]);
    assert_eq!(wrap("🇺🇸🇺🇸", 3), ["🇺🇸", "🇺🇸"]);
    assert_eq!(wrap("e\u{301}e\u{301}", 1), ["e\u{301}", "e\u{301}"]);
}

#[test]
fn columns_start_at_their_header_width_and_grow_round_robin() {
    let rows = vec![vec!["aaaaaaaa", "bbbbbbbb", "cccccccc"]];
    // Headers need 1 + 2 + 3 + two gutters = 12; the 3 spare columns go one to each column.
    assert_eq!(
        plain(&["A", "BB", "CCC"], &rows, 15),
        "A    BB    CCC\n\
         aa   bbb   cccc\n\
         aa   bbb   cccc\n\
         aa   bb\n\
         aa\n"
    );
}

#[test]
fn a_column_stops_growing_once_its_content_fits() {
    let rows = vec![vec!["x", "chat-engine-decoder"]];
    // FIELD keeps 5 columns; VALUE gets all the rest.
    assert_eq!(
        plain(&["FIELD", "VALUE"], &rows, 20),
        "FIELD   VALUE\nx       chat-engine-\n        decoder\n"
    );
}

#[test]
fn no_header_is_broken_when_the_headers_fit() {
    let rows = instance_rows();
    // 35 header columns + 6 gutters of 3 = 53: every column keeps exactly its header width.
    assert_eq!(
        plain(&INSTANCE_HEADERS, &rows, 53),
        "COMP   IDX/INC   PHASE   PODS   REVS   AOF   EVIDENCE\n\
         engi   0/1       Ready   1/1/   chat   A--   STALE:2/\n\
         ne                       1      ...          3\n\
         \x20                               4d2b\n\
         deco   0/1       Ready   1/1/   chat   A--   OK\n\
         der                      1      ...\n\
         \x20                               9a60\n"
    );
}

#[test]
fn the_stacked_form_when_the_headers_do_not_fit() {
    let rows = instance_rows();
    assert_eq!(
        plain(&INSTANCE_HEADERS, &rows, 52),
        "COMP:       engine\n\
         IDX/INC:    0/1\n\
         PHASE:      Ready\n\
         PODS:       1/1/1\n\
         REVS:       chat...4d2b\n\
         AOF:        A--\n\
         EVIDENCE:   STALE:2/3\n\
         \n\
         COMP:       decoder\n\
         IDX/INC:    0/1\n\
         PHASE:      Ready\n\
         PODS:       1/1/1\n\
         REVS:       chat...9a60\n\
         AOF:        A--\n\
         EVIDENCE:   OK\n"
    );
}

#[test]
fn a_long_stacked_value_moves_below_its_label() {
    let rows = vec![vec!["chat-engine-primary", "-"]];
    assert_eq!(
        plain(&["TARGET-NAME", "TARGET-EVIDENCE"], &rows, 20),
        "TARGET-NAME:\n  chat-engine-\n  primary\nTARGET-EVIDENCE:   -\n"
    );
}

#[test]
fn only_a_label_wider_than_the_terminal_is_wrapped() {
    let rows = vec![vec!["x"]];
    assert_eq!(
        plain(&["TARGET-EVIDENCE"], &rows, 10),
        "TARGET-\nEVIDENCE:\n  x\n"
    );
}

#[test]
fn cells_are_sanitised_before_they_are_measured() {
    let rows = vec![vec!["a\tb\nc\u{202e}"]];
    assert_eq!(plain(&["V"], &rows, 80), "V\na\\tb\\nc\\u202E\n");
}

#[test]
fn colour_is_painted_on_measured_fragments_so_columns_stay_aligned() {
    let rows = vec![vec!["chat-engine", "Ready"]];
    let painted = lay_out(&["NAME", "PHASE"], &rows, 14, |_, column, text| {
        if column == 0 {
            format!("<{text}>")
        } else {
            text.to_string()
        }
    });
    assert_eq!(painted, "NAME     PHASE\n<chat->    Ready\n<engine>\n");
}

#[test]
fn an_empty_table_is_its_header_line() {
    assert_eq!(plain(&["A", "B"], &[], 80), "A   B\n");
    assert_eq!(plain(&["LONG-HEADER", "B"], &[], 5), "");
}

/// Any text, control characters and all Unicode planes included.
fn any_text(max: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(any::<char>(), 0..max).prop_map(|c| c.into_iter().collect())
}

/// Text as the reports hold it: identifiers, words and wide characters.
fn report_text(max: usize) -> impl Strategy<Value = String> {
    proptest::string::string_regex(&format!("[a-zA-Z0-9 ./:_漢🚀-]{{0,{max}}}")).unwrap()
}

fn table_of(
    headers: BoxedStrategy<String>,
    cells: BoxedStrategy<String>,
) -> impl Strategy<Value = (Vec<String>, Vec<Vec<String>>)> {
    (1usize..7).prop_flat_map(move |count| {
        (
            proptest::collection::vec(headers.clone(), count),
            proptest::collection::vec(proptest::collection::vec(cells.clone(), count), 0..5),
        )
    })
}

fn refs(rows: &[Vec<String>]) -> Vec<Vec<&str>> {
    rows.iter()
        .map(|r| r.iter().map(String::as_str).collect())
        .collect()
}

fn widest_glyph(texts: &[&str]) -> usize {
    texts
        .iter()
        .map(|t| widest_grapheme(&sanitize(t)))
        .max()
        .unwrap_or(0)
}

/// Width of a line the way a terminal would see it: the whole line, not our per-glyph sum.
fn line_width(line: &str) -> usize {
    UnicodeWidthStr::width(line)
}

proptest! {
    #![proptest_config(property_config!(2000))]

    #[test]
    fn no_line_is_wider_than_the_terminal(
        (headers, rows) in table_of(any_text(16).boxed(), any_text(40).boxed()),
        width in 1usize..160,
    ) {
        let header_refs: Vec<&str> = headers.iter().map(String::as_str).collect();
        let row_refs = refs(&rows);
        let all: Vec<&str> = header_refs.iter().chain(row_refs.iter().flatten()).copied().collect();
        let text = plain(&header_refs, &row_refs, width);
        prop_assert!(text.is_empty() || text.ends_with('\n'));
        // A terminal narrower than one glyph cannot show it at all.
        if width >= widest_glyph(&all) {
            for line in text.lines() {
                prop_assert!(line_width(line) <= width, "{line:?} wider than {width}");
                prop_assert!(!line.ends_with(' '), "{line:?} has trailing padding");
            }
        }
    }

    #[test]
    fn report_tables_never_break_a_header_and_stack_when_headers_do_not_fit(
        (headers, rows) in table_of(
            proptest::string::string_regex("[A-Z][A-Z/-]{0,11}").unwrap().boxed(),
            report_text(30).boxed(),
        ),
        // From 4 columns on, a value below its label is indented.
        width in 4usize..120,
    ) {
        let header_refs: Vec<&str> = headers.iter().map(String::as_str).collect();
        let row_refs = refs(&rows);
        let text = plain(&header_refs, &row_refs, width);
        // Each column needs its header, and room for the widest glyph of its cells.
        let header_width: usize = headers
            .iter()
            .enumerate()
            .map(|(i, h)| {
                let column: Vec<&str> = row_refs.iter().map(|r| r[i]).collect();
                h.len().max(widest_glyph(&column))
            })
            .sum::<usize>()
            + 3 * (headers.len() - 1);
        if header_width <= width {
            let first: Vec<&str> = text.lines().next().unwrap().split_whitespace().collect();
            prop_assert_eq!(first, header_refs);
        } else if rows.is_empty() {
            prop_assert_eq!(text, "");
        } else {
            let labels: Vec<String> = headers.iter().map(|h| format!("{h}:")).collect();
            for line in text.lines().filter(|l| !l.is_empty() && !l.starts_with(' ')) {
                prop_assert!(
                    labels.iter().any(|l| line.starts_with(l.as_str()))
                        || labels.iter().any(|l| display_width(l) > width),
                    "{line:?} is neither a label line nor a value line"
                );
            }
            prop_assert_eq!(text.split("\n\n").count(), rows.len());
        }
    }

    #[test]
    fn a_table_that_fits_matches_the_piped_alignment(
        (headers, rows) in table_of(
            proptest::string::string_regex("[A-Z]{1,8}").unwrap().boxed(),
            proptest::string::string_regex("[!-~]{0,12}").unwrap().boxed(),
        ),
    ) {
        let mut table = Table::new(headers.iter().map(String::as_str));
        for row in &rows {
            table.row(row.iter().map(String::as_str));
        }
        let header_refs: Vec<&str> = headers.iter().map(String::as_str).collect();
        prop_assert_eq!(
            plain(&header_refs, &refs(&rows), 500),
            table.render(TableStyle::default())
        );
    }

    #[test]
    fn wrapping_keeps_every_visible_character_in_order(
        text in any_text(60),
        width in 1usize..30,
    ) {
        let text = sanitize(&text);
        let lines = wrap(&text, width);
        let widest = widest_grapheme(&text);
        for line in &lines {
            prop_assert!(display_width(line) <= width.max(widest), "{line:?}");
        }
        let kept: String = lines.concat().chars().filter(|c| !c.is_whitespace()).collect();
        let given: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        prop_assert_eq!(kept, given);
    }

    #[test]
    fn any_width_and_any_text_lays_out_without_panicking(
        (headers, rows) in table_of(any_text(8).boxed(), any_text(20).boxed()),
        width in 0usize..4,
    ) {
        let header_refs: Vec<&str> = headers.iter().map(String::as_str).collect();
        let _ = plain(&header_refs, &refs(&rows), width);
    }
}
