//! `logs` lines as text (after-the-write.md §1.5, §1.7): the prefix, then the line in the
//! sanitiser's log-line mode, then LF.

use crate::text::sanitize_log_line;

/// Appends each line of `lines` to `out`, each `prefix` + sanitised text + LF.
pub(crate) fn render_lines<'a>(
    prefix: &str,
    lines: impl Iterator<Item = &'a [u8]>,
    out: &mut Vec<u8>,
) {
    for line in lines {
        out.extend_from_slice(prefix.as_bytes());
        sanitize_log_line(line, out);
        out.push(b'\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_gets_the_prefix_and_one_lf() {
        let mut out = Vec::new();
        let lines: [&[u8]; 3] = [b"INFO ready", b"", b"\x1b[33mWARN\x1b[0m slow\tp99"];
        render_lines("[engine/chat-0] ", lines.into_iter(), &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "[engine/chat-0] INFO ready\n[engine/chat-0] \n[engine/chat-0] \\u001B[33mWARN\\u001B[0m slow\tp99\n"
        );
    }
}
