//! Text that reaches a terminal or a report: the one sanitiser for text from the cluster (no
//! control, bidi-control or line-separator character survives, and the length is bounded) and
//! bounding to a display width (read-commands.md §1.7). A leaf: it imports nothing of this
//! crate.

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
/// (C0, DEL, C1), bidi control and line or paragraph separator becomes `\uXXXX`; and the result
/// is cut to [`MAX_TEXT_CHARS`] characters (ending in `...`). The output never holds a
/// character that can move the cursor, start an escape sequence or reorder text, and
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

/// The escape of a character that must not be shown raw, `None` for a printable one.
fn escape_char(c: char) -> Option<String> {
    match c {
        '\t' => Some("\\t".to_string()),
        '\n' => Some("\\n".to_string()),
        '\r' => Some("\\r".to_string()),
        c if c.is_control() || is_bidi_control(c) || is_line_separator(c) => {
            Some(format!("\\u{:04X}", u32::from(c)))
        }
        _ => None,
    }
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
pub(crate) fn sanitize_log_line(line: &[u8], out: &mut Vec<u8>) {
    // Most log lines are printable ASCII: copied as they are.
    if line.iter().all(|b| matches!(b, b' '..=b'~' | b'\t')) {
        out.extend_from_slice(line);
        return;
    }
    let mut buffer = [0u8; 4];
    for c in String::from_utf8_lossy(line).chars() {
        match escape_char(c) {
            Some(piece) if c != '\t' => out.extend_from_slice(piece.as_bytes()),
            _ => out.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes()),
        }
    }
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
        fn clean_text_passes_unchanged(value in "[^\\p{Cc}\u{2028}\u{2029}\u{200E}\u{200F}\u{202A}-\u{202E}\u{2066}-\u{2069}\u{061C}]{0,80}") {
            prop_assert_eq!(sanitize(&value), value);
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
