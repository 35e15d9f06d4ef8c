//! `logs` lines as text (after-the-write.md §1.5, §1.7): the prefix, then the line in the
//! sanitiser's log-line mode, then LF, rendered in slices so that no line, however long and
//! however much its escapes grow it, is ever held rendered whole.

use crate::text::sanitize_log_line_part;

/// The most bytes one slice of output holds: what is rendered is written out at this size.
pub(crate) const SLICE: usize = 64 << 10;

/// Where a slice is handed on: below [`SLICE`] by more than a prefix (a DNS name of at most
/// 253 characters in `[<component>/<pod>] `), one escaped character and an LF.
const FILL: usize = SLICE - 1024;

/// One line being rendered: `prefix` + sanitised text + LF, appended to an output buffer part
/// by part.
pub(crate) struct LineOut<'a> {
    prefix: &'a str,
    rest: &'a [u8],
    started: bool,
}

impl<'a> LineOut<'a> {
    /// `line` (without its LF) to be rendered after `prefix`.
    pub(crate) fn new(prefix: &'a str, line: &'a [u8]) -> LineOut<'a> {
        LineOut {
            prefix,
            rest: line,
            started: false,
        }
    }

    /// Appends the next part of the line to `out`, which is full once it holds [`FILL`] bytes;
    /// `true` once the whole line (with its LF) is in `out`. When it returns `false`, `out` is
    /// full and must be written out (and cleared) before the next call. `out` never exceeds
    /// [`SLICE`] bytes if it was not full before.
    pub(crate) fn render_into(&mut self, out: &mut Vec<u8>) -> bool {
        if !self.started {
            if out.len() >= FILL {
                return false;
            }
            out.extend_from_slice(self.prefix.as_bytes());
            self.started = true;
        }
        let budget = FILL.saturating_sub(out.len());
        if budget == 0 && !self.rest.is_empty() {
            return false;
        }
        let used = sanitize_log_line_part(self.rest, out, budget);
        self.rest = self.rest.get(used..).unwrap_or_default();
        if !self.rest.is_empty() {
            return false;
        }
        out.push(b'\n');
        true
    }

    /// Whether `out` is full: write it out before rendering more.
    pub(crate) fn is_full(out: &[u8]) -> bool {
        out.len() >= FILL
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Renders `lines` after `prefix`, handing each full buffer on as one slice.
    fn slices(prefix: &str, lines: &[&[u8]]) -> Vec<Vec<u8>> {
        let (mut slices, mut out) = (Vec::new(), Vec::new());
        for line in lines {
            let mut rendering = LineOut::new(prefix, line);
            while !rendering.render_into(&mut out) {
                slices.push(std::mem::take(&mut out));
            }
            if LineOut::is_full(&out) {
                slices.push(std::mem::take(&mut out));
            }
        }
        slices.push(out);
        slices
    }

    #[test]
    fn every_line_gets_the_prefix_and_one_lf() {
        let lines: [&[u8]; 3] = [b"INFO ready", b"", b"\x1b[33mWARN\x1b[0m slow\tp99"];
        assert_eq!(
            String::from_utf8(slices("[engine/chat-0] ", &lines).concat()).unwrap(),
            "[engine/chat-0] INFO ready\n[engine/chat-0] \n[engine/chat-0] \\u001B[33mWARN\\u001B[0m slow\tp99\n"
        );
    }

    /// A line of 1 MiB of ESC (6 MiB once escaped) and many empty lines come out in slices of
    /// at most 64 KiB that together are the whole rendering.
    #[test]
    fn output_is_sliced_at_64_kib_whatever_the_lines() {
        let prefix = format!("[?/{}] ", "p".repeat(253));
        let escapes = vec![0x1b_u8; (1 << 20) - 1];
        let mut lines: Vec<&[u8]> = vec![b""; 5000];
        lines.push(&escapes);
        lines.push(b"last");
        let slices = slices(&prefix, &lines);
        assert!(slices.iter().all(|s| s.len() <= SLICE));
        assert!(slices.len() > 6 * 16, "{}", slices.len());
        let text = String::from_utf8(slices.concat()).unwrap();
        let mut expected = format!("{prefix}\n").repeat(5000);
        expected.push_str(&prefix);
        expected.push_str(&"\\u001B".repeat((1 << 20) - 1));
        expected.push('\n');
        expected.push_str(&format!("{prefix}last\n"));
        assert_eq!(text, expected);
    }
}
