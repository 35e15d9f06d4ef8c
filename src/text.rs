//! Text that reaches a terminal or a report: the one sanitiser for text from the cluster (no
//! control, bidi-control, line-separator, format or filler character survives, and the length is
//! bounded) and bounding to a display width (read-commands.md §1.7). A leaf: it imports nothing
//! of this crate.

mod redact;

pub(crate) use redact::{REDACTED, redact, redact_words};
use unicode_width::UnicodeWidthChar;

/// The most characters [`sanitize`] keeps: enough for any Status message or condition message
/// the evidence rules accept (4,096 bytes, evidence-strictness.md §1.8), small enough that no
/// single value can flood a terminal or a CI log.
pub(crate) const MAX_TEXT_CHARS: usize = 4096;

/// What a value cut by a bound ends with.
const ELLIPSIS: &str = "...";

/// The one sanitiser for text read from the cluster, applied before it reaches a terminal, a
/// report or an error line: TAB/LF/CR become `\t` `\n` `\r`; every other control character
/// (C0, DEL, C1), bidi control, line or paragraph separator, format character (Cf: zero-width
/// spaces, joiners, the BOM, tag characters) and Hangul filler becomes `\uXXXX`; and the result
/// is cut to [`MAX_TEXT_CHARS`] characters (ending in `...`). The output never holds a
/// character that can move the cursor, start an escape sequence, reorder text or hide it, and
/// sanitising twice changes nothing.
pub(crate) fn sanitize(value: &str) -> String {
    sanitize_bounded(value, MAX_TEXT_CHARS)
}

/// [`sanitize`] with another character bound (`max` ≥ 3 keeps a visible `...`).
pub(crate) fn sanitize_bounded(value: &str, max: usize) -> String {
    let mut out = String::with_capacity(value.len().min(max.saturating_mul(4)));
    let mut kept = 0;
    let budget = max.saturating_sub(ELLIPSIS.len());
    // The escaped form of everything seen so far fits in `budget` until the first character
    // that does not; then the value is cut there, unless the remainder fits in `max` whole.
    for (at, c) in value.char_indices() {
        let piece = escape_char(c);
        let width = piece.as_ref().map_or(1, |p| p.chars().count());
        if kept + width > budget {
            let rest = value.get(at..).unwrap_or_default();
            if kept + escaped_len(rest) <= max {
                push_escaped(&mut out, rest);
            } else {
                out.extend(ELLIPSIS.chars().take(max));
            }
            return out;
        }
        match piece {
            Some(p) => out.push_str(&p),
            None => out.push(c),
        }
        kept += width;
    }
    out
}

/// The escape of a character that must not be shown raw, `None` for a printable one. Outside
/// the Basic Multilingual Plane (the tag characters) the escape is the UTF-16 pair, as JSON
/// writes it, so every escape is `\u` and four hex digits.
fn escape_char(c: char) -> Option<String> {
    match c {
        '\t' => Some("\\t".to_string()),
        '\n' => Some("\\n".to_string()),
        '\r' => Some("\\r".to_string()),
        c if must_escape(c) => {
            let mut units = [0u16; 2];
            Some(
                c.encode_utf16(&mut units)
                    .iter()
                    .map(|unit| format!("\\u{unit:04X}"))
                    .collect(),
            )
        }
        _ => None,
    }
}

/// Controls, bidi controls, line separators, every format character (they are invisible:
/// zero-width spaces and joiners, the BOM, the tag characters) and the Hangul fillers (they
/// render as blank space): each can hide or disguise text.
fn must_escape(c: char) -> bool {
    c.is_control()
        || is_bidi_control(c)
        || is_line_separator(c)
        || is_format(c)
        || is_hangul_filler(c)
}

fn push_escaped(out: &mut String, value: &str) {
    for c in value.chars() {
        match escape_char(c) {
            Some(p) => out.push_str(&p),
            None => out.push(c),
        }
    }
}

/// The number of characters `value` takes once escaped.
fn escaped_len(value: &str) -> usize {
    value
        .chars()
        .map(|c| escape_char(c).map_or(1, |p| p.chars().count()))
        .sum()
}

/// The sanitiser's log-line mode (after-the-write.md §1.7), appending to `out`: invalid UTF-8
/// becomes U+FFFD first; TAB stays raw; everything [`sanitize`] escapes is escaped the same way
/// (CR as `\r`, ESC as `\u001B`); no character bound (the caller bounds the raw line).
/// `logs` renders a line in parts ([`sanitize_log_line_part`]); this is the whole line.
#[cfg(test)]
pub(crate) fn sanitize_log_line(line: &[u8], out: &mut Vec<u8>) {
    sanitize_log_line_part(line, out, usize::MAX);
}

/// [`sanitize_log_line`] in parts: appends to `out` until it has grown by `budget` bytes or
/// more (or `line` is done) and returns how many bytes of `line` it used. It stops only between
/// characters (an invalid UTF-8 sequence is one, U+FFFD), so the rest sanitised later gives
/// exactly what the whole line would. A budget of at least 1 always uses a byte or more.
pub(crate) fn sanitize_log_line_part(line: &[u8], out: &mut Vec<u8>, budget: usize) -> usize {
    let start = out.len();
    // Most log text is printable ASCII: copied as it is, up to the budget.
    let head = line.get(..budget.min(line.len())).unwrap_or_default();
    let plain = head
        .iter()
        .position(|b| !matches!(b, b' '..=b'~' | b'\t'))
        .unwrap_or(head.len());
    out.extend_from_slice(line.get(..plain).unwrap_or_default());
    let mut used = plain;
    let rest = line.get(plain..).unwrap_or_default();
    let mut buffer = [0u8; 4];
    for chunk in rest.utf8_chunks() {
        for c in chunk.valid().chars() {
            if out.len() - start >= budget {
                return used;
            }
            match escape_char(c) {
                Some(piece) if c != '\t' => out.extend_from_slice(piece.as_bytes()),
                _ => out.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes()),
            }
            used += c.len_utf8();
        }
        if !chunk.invalid().is_empty() {
            if out.len() - start >= budget {
                return used;
            }
            out.extend_from_slice('\u{FFFD}'.encode_utf8(&mut buffer).as_bytes());
            used += chunk.invalid().len();
        }
    }
    used
}

/// Escapes without bounding: the first step of the display-width bounds, which cut anyway.
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    push_escaped(&mut out, value);
    out
}

fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// U+2028 and U+2029 end a line in some terminals and log viewers.
fn is_line_separator(c: char) -> bool {
    matches!(c, '\u{2028}' | '\u{2029}')
}

/// Unicode's general category Cf (format), as of Unicode 16.0.
const FORMAT: [(char, char); 21] = [
    ('\u{00AD}', '\u{00AD}'),
    ('\u{0600}', '\u{0605}'),
    ('\u{061C}', '\u{061C}'),
    ('\u{06DD}', '\u{06DD}'),
    ('\u{070F}', '\u{070F}'),
    ('\u{0890}', '\u{0891}'),
    ('\u{08E2}', '\u{08E2}'),
    ('\u{180E}', '\u{180E}'),
    ('\u{200B}', '\u{200F}'),
    ('\u{202A}', '\u{202E}'),
    ('\u{2060}', '\u{2064}'),
    ('\u{2066}', '\u{206F}'),
    ('\u{FEFF}', '\u{FEFF}'),
    ('\u{FFF9}', '\u{FFFB}'),
    ('\u{110BD}', '\u{110BD}'),
    ('\u{110CD}', '\u{110CD}'),
    ('\u{13430}', '\u{1343F}'),
    ('\u{1BCA0}', '\u{1BCA3}'),
    ('\u{1D173}', '\u{1D17A}'),
    ('\u{E0001}', '\u{E0001}'),
    ('\u{E0020}', '\u{E007F}'),
];

fn is_format(c: char) -> bool {
    FORMAT
        .iter()
        .any(|(first, last)| (*first..=*last).contains(&c))
}

/// The Hangul choseong, jungseong, compatibility and halfwidth fillers.
fn is_hangul_filler(c: char) -> bool {
    matches!(c, '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}')
}

fn char_width(c: char) -> usize {
    c.width().unwrap_or(0)
}

/// Display width in terminal columns.
pub(crate) fn display_width(value: &str) -> usize {
    value.chars().map(char_width).sum()
}

fn take_columns(value: &str, columns: usize) -> String {
    let mut used = 0;
    value
        .chars()
        .take_while(|c| {
            used += char_width(*c);
            used <= columns
        })
        .collect()
}

fn take_last_columns(value: &str, columns: usize) -> String {
    let mut used = 0;
    let mut tail: Vec<char> = value
        .chars()
        .rev()
        .take_while(|c| {
            used += char_width(*c);
            used <= columns
        })
        .collect();
    tail.reverse();
    tail.into_iter().collect()
}

/// `Bounded(value, N)`: sanitised; if wider than N columns, the first N−3 columns and `...`.
pub(crate) fn bounded(value: &str, max: usize) -> String {
    let clean = escape(value);
    if display_width(&clean) <= max {
        return clean;
    }
    if max <= 3 {
        return ELLIPSIS.chars().take(max).collect();
    }
    format!("{}{ELLIPSIS}", take_columns(&clean, max - 3))
}

/// `BoundedMiddle(value, N)`: the first ⌈(N−3)/2⌉ and last ⌊(N−3)/2⌋ columns around `...`.
pub(crate) fn bounded_middle(value: &str, max: usize) -> String {
    let clean = escape(value);
    if display_width(&clean) <= max {
        return clean;
    }
    if max <= 3 {
        return ELLIPSIS.chars().take(max).collect();
    }
    let keep = max - 3;
    let head = keep.div_ceil(2);
    format!(
        "{}{ELLIPSIS}{}",
        take_columns(&clean, head),
        take_last_columns(&clean, keep - head)
    )
}

/// Whether `value` is free of everything [`sanitize`] escapes (the property every rendered
/// line has, apart from the line's own `\n`).
#[cfg(test)]
pub(crate) fn is_clean(value: &str) -> bool {
    value.chars().all(|c| escape_char(c).is_none())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn log_lines_keep_tabs_and_escape_the_rest() {
        let line = |raw: &[u8]| {
            let mut out = Vec::new();
            sanitize_log_line(raw, &mut out);
            String::from_utf8(out).unwrap()
        };
        assert_eq!(line(b"plain\ttab"), "plain\ttab");
        assert_eq!(
            line(b"\x1b[33mWARN\x1b[0m a\rb \x7f"),
            "\\u001B[33mWARN\\u001B[0m a\\rb \\u007F"
        );
        assert_eq!(line(b"bad \xff utf8"), "bad \u{FFFD} utf8");
        assert_eq!(
            line("rtl \u{202E} \u{2028} \u{85}".as_bytes()),
            "rtl \\u202E \\u2028 \\u0085"
        );
    }

    proptest! {
        #![proptest_config(property_config!(512))]

        /// A line sanitised in parts of any budget is the line sanitised whole, and each part
        /// stops as soon as it has its budget.
        #[test]
        fn a_log_line_in_parts_is_the_line_whole(
            parts in proptest::collection::vec(
                prop_oneof![Just(b"a\tb".to_vec()), Just("\u{1b}[1m\u{200b}\u{e0041}é".as_bytes().to_vec()),
                    Just(vec![0xe2, 0x82]), Just(vec![0xff]), Just(vec![b'x'; 40])],
                0..30,
            ),
            budget in 1usize..64,
        ) {
            let line: Vec<u8> = parts.concat();
            let mut whole = Vec::new();
            sanitize_log_line(&line, &mut whole);
            let (mut pieces, mut at) = (Vec::new(), 0);
            while at < line.len() {
                let mut out = Vec::new();
                let used = sanitize_log_line_part(&line[at..], &mut out, budget);
                prop_assert!(used > 0);
                // The last character may pass the budget by its escape (at most 12 bytes).
                prop_assert!(out.len() < budget + 12);
                pieces.extend(out);
                at += used;
            }
            prop_assert_eq!(pieces, whole);
        }
    }

    #[test]
    fn bounds() {
        assert_eq!(bounded_middle("chat-engine-a", 11), "chat...ne-a");
        assert_eq!(bounded("abcdefghij", 8), "abcde...");
        assert_eq!(bounded("short", 8), "short");
        assert_eq!(bounded("abcdef", 2), "..");
        assert_eq!(sanitize("a\tb\u{202E}"), "a\\tb\\u202E");
    }

    #[test]
    fn terminal_sequences_are_escaped() {
        assert_eq!(
            sanitize("boom \u{1b}]0;pwned\u{7}\u{1b}[2J\u{9b}31m\u{2028}"),
            "boom \\u001B]0;pwned\\u0007\\u001B[2J\\u009B31m\\u2028"
        );
        assert_eq!(sanitize("line\r\nnext"), "line\\r\\nnext");
    }

    #[test]
    fn invisible_format_characters_and_fillers_are_escaped() {
        assert_eq!(
            sanitize("a\u{200B}b\u{2060}c\u{FEFF}d\u{3164}e\u{00AD}f"),
            "a\\u200Bb\\u2060c\\uFEFFd\\u3164e\\u00ADf"
        );
        assert_eq!(
            sanitize("\u{115F}\u{1160}\u{FFA0}\u{200D}"),
            "\\u115F\\u1160\\uFFA0\\u200D"
        );
        // Tag characters (outside the BMP) as their UTF-16 pair: `\u` and four hex digits.
        assert_eq!(
            sanitize("ok\u{E0001}\u{E0041}\u{E007F}"),
            "ok\\uDB40\\uDC01\\uDB40\\uDC41\\uDB40\\uDC7F"
        );
        let mut out = Vec::new();
        sanitize_log_line("user\u{200B}admin\u{E0069}".as_bytes(), &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "user\\u200Badmin\\uDB40\\uDC69"
        );
        assert_eq!(bounded("a\u{2063}b", 20), "a\\u2063b");
        // Visible text around them is untouched, and so are non-ASCII letters.
        assert_eq!(sanitize("café 한국어 ✓"), "café 한국어 ✓");
    }

    #[test]
    fn long_text_is_cut_with_an_ellipsis() {
        let long = "x".repeat(MAX_TEXT_CHARS + 1);
        let shown = sanitize(&long);
        assert_eq!(shown.chars().count(), MAX_TEXT_CHARS);
        assert!(shown.ends_with("xx..."));
        let exact = "y".repeat(MAX_TEXT_CHARS);
        assert_eq!(sanitize(&exact), exact);
        assert_eq!(sanitize_bounded("\u{1b}\u{1b}", 8), "...");
        assert_eq!(sanitize_bounded("ab\u{1b}", 8), "ab\\u001B");
        assert_eq!(sanitize_bounded("abcdef", 2), "..");
    }

    proptest! {
        #![proptest_config(property_config!(2048))]

        /// Any text comes out clean, bounded, and unchanged by a second pass.
        #[test]
        fn sanitized_text_is_clean_bounded_and_stable(value in any::<String>(), max in 0usize..64) {
            let once = sanitize_bounded(&value, max);
            prop_assert!(is_clean(&once));
            prop_assert!(once.chars().count() <= max);
            prop_assert_eq!(sanitize_bounded(&once, max), once.clone());
            let full = sanitize(&value);
            prop_assert!(is_clean(&full));
            prop_assert!(full.chars().count() <= MAX_TEXT_CHARS);
        }

        /// Clean text within the bound passes unchanged.
        #[test]
        fn clean_text_passes_unchanged(value in "[^\\p{Cc}\\p{Cf}\u{2028}\u{2029}\u{115F}\u{1160}\u{3164}\u{FFA0}]{0,80}") {
            prop_assert_eq!(sanitize(&value), value);
        }

        /// Every format character (Cf, as the regex crate's Unicode tables know it) is
        /// escaped, in names and in log lines alike.
        #[test]
        fn every_format_character_is_escaped(value in "\\p{Cf}", before in "[a-z]{0,3}") {
            let text = format!("{before}{value}");
            prop_assert!(!sanitize(&text).contains(value.as_str()));
            prop_assert!(is_clean(&sanitize(&text)));
            let mut out = Vec::new();
            sanitize_log_line(text.as_bytes(), &mut out);
            prop_assert!(!String::from_utf8(out).unwrap().contains(value.as_str()));
        }

        /// Bytes from the wire (decoded lossily, as a body would be) never survive raw.
        #[test]
        fn lossy_bytes_are_clean(bytes in proptest::collection::vec(any::<u8>(), 0..256), width in 0usize..40) {
            let value = String::from_utf8_lossy(&bytes);
            prop_assert!(is_clean(&sanitize(&value)));
            for cell in [bounded(&value, width), bounded_middle(&value, width)] {
                prop_assert!(is_clean(&cell));
                prop_assert!(display_width(&cell) <= width);
            }
        }
    }
}
