//! Text that reaches a terminal or a report: sanitising (no control or bidi-control character
//! survives) and bounding to a display width (read-commands.md §1.7). A leaf: it imports nothing
//! of this crate.

use unicode_width::UnicodeWidthChar;

/// Replaces TAB/LF/CR with `\t` `\n` `\r` and other control or bidi-control characters with
/// `\uXXXX`, so a cell can never move the cursor or reorder text.
pub(crate) fn sanitize(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() || is_bidi_control(c) => {
                out.push_str(&format!("\\u{:04X}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out
}

fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
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
    let clean = sanitize(value);
    if display_width(&clean) <= max {
        return clean;
    }
    if max <= 3 {
        return "...".chars().take(max).collect();
    }
    format!("{}...", take_columns(&clean, max - 3))
}

/// `BoundedMiddle(value, N)`: the first ⌈(N−3)/2⌉ and last ⌊(N−3)/2⌋ columns around `...`.
pub(crate) fn bounded_middle(value: &str, max: usize) -> String {
    let clean = sanitize(value);
    if display_width(&clean) <= max {
        return clean;
    }
    if max <= 3 {
        return "...".chars().take(max).collect();
    }
    let keep = max - 3;
    let head = keep.div_ceil(2);
    format!(
        "{}...{}",
        take_columns(&clean, head),
        take_last_columns(&clean, keep - head)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds() {
        assert_eq!(bounded_middle("chat-engine-a", 11), "chat...ne-a");
        assert_eq!(bounded("abcdefghij", 8), "abcde...");
        assert_eq!(bounded("short", 8), "short");
        assert_eq!(bounded("abcdef", 2), "..");
        assert_eq!(sanitize("a\tb\u{202E}"), "a\\tb\\u202E");
    }
}
