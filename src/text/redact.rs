//! Redaction of credential-shaped values (conformance.md §4.1, difference v): a value shown to
//! the user becomes exactly `[REDACTED]` when its first 8192 bytes hold an API key, an access
//! key, a JWT, a bearer or `key=value` secret or a private key header. Works on bytes: every
//! shape is ASCII, and a non-ASCII character is never a letter or a digit of one.

/// What a redacted value shows.
pub(crate) const REDACTED: &str = "[REDACTED]";

/// How much of a value is searched.
const SCAN_BYTES: usize = 8192;

const KEYWORDS: [&[u8]; 8] = [
    b"token",
    b"password",
    b"secret",
    b"api_key",
    b"api-key",
    b"apikey",
    b"authorization",
    b"credential",
];

/// `value`, or [`REDACTED`] when it is credential shaped.
pub(crate) fn redact(value: &str) -> &str {
    if is_credential_shaped(value) {
        REDACTED
    } else {
        value
    }
}

/// Each word of a line (the runs between spaces, quotes, `/`, `=`, `,`, brackets) redacted on
/// its own, so that an error or check line keeps its shape and loses only the credential.
pub(crate) fn redact_words(line: &str) -> String {
    let separator = |c: char| {
        c.is_whitespace()
            || matches!(
                c,
                '"' | '\'' | '`' | '/' | '=' | ',' | '(' | ')' | '[' | ']' | '<' | '>' | '{' | '}'
            )
    };
    let mut out = String::with_capacity(line.len());
    let mut word = String::new();
    for c in line.chars() {
        if separator(c) {
            out.push_str(redact(&word));
            word.clear();
            out.push(c);
        } else {
            word.push(c);
        }
    }
    out.push_str(redact(&word));
    out
}

/// Whether any shape of §4.1 occurs in the first 8192 bytes of `value`.
pub(crate) fn is_credential_shaped(value: &str) -> bool {
    let mut end = value.len().min(SCAN_BYTES);
    while !value.is_char_boundary(end) {
        end -= 1;
    }
    let bytes = value.as_bytes().get(..end).unwrap_or_default();
    (0..bytes.len()).any(|at| shape_at(bytes, at))
}

fn shape_at(bytes: &[u8], at: usize) -> bool {
    let rest = bytes.get(at..).unwrap_or_default();
    let boundary = at == 0 || bytes.get(at - 1).is_none_or(|b| !b.is_ascii_alphanumeric());
    github(rest)
        || jwt(rest)
        || private_key(rest)
        || (boundary && (api_key(rest) || access_key(rest) || bearer(rest) || assignment(rest)))
}

/// The length of the run of bytes at the start of `bytes` that `class` accepts.
fn run(bytes: &[u8], class: impl Fn(u8) -> bool) -> usize {
    bytes.iter().take_while(|b| class(**b)).count()
}

fn alnum(b: u8) -> bool {
    b.is_ascii_alphanumeric()
}

fn url_safe(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// 1: `gh[pousr]_` + ≥ 20 alphanumerics, or `github_pat_` + ≥ 20 of `[A-Za-z0-9_]`.
fn github(rest: &[u8]) -> bool {
    if let Some(tail) = rest.strip_prefix(b"github_pat_") {
        return run(tail, |b| alnum(b) || b == b'_') >= 20;
    }
    match rest {
        [b'g', b'h', kind, b'_', tail @ ..] if b"pousr".contains(kind) => run(tail, alnum) >= 20,
        _ => false,
    }
}

/// 2: `sk-` + ≥ 20 of `[A-Za-z0-9_-]` (after a boundary).
fn api_key(rest: &[u8]) -> bool {
    rest.strip_prefix(b"sk-")
        .is_some_and(|tail| run(tail, url_safe) >= 20)
}

/// 3: `AKIA`/`ASIA` + exactly 16 of `[A-Z0-9]` (after a boundary).
fn access_key(rest: &[u8]) -> bool {
    let upper = |b: u8| b.is_ascii_uppercase() || b.is_ascii_digit();
    let tail = rest
        .strip_prefix(b"AKIA")
        .or_else(|| rest.strip_prefix(b"ASIA"));
    tail.is_some_and(|tail| run(tail, upper) == 16)
}

/// 4: `eyJ` + ≥ 3, then `.` + ≥ 6, then `.` + ≥ 6 of `[A-Za-z0-9_-]`.
fn jwt(rest: &[u8]) -> bool {
    let Some(tail) = rest.strip_prefix(b"eyJ") else {
        return false;
    };
    let first = run(tail, url_safe);
    let Some(tail) = tail.get(first..).and_then(|t| t.strip_prefix(b".")) else {
        return false;
    };
    let second = run(tail, url_safe);
    let Some(tail) = tail.get(second..).and_then(|t| t.strip_prefix(b".")) else {
        return false;
    };
    first >= 3 && second >= 6 && run(tail, url_safe) >= 6
}

fn strip_prefix_ignore_case<'a>(bytes: &'a [u8], prefix: &[u8]) -> Option<&'a [u8]> {
    let head = bytes.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| bytes.get(prefix.len()..).unwrap_or_default())
}

/// 5: `bearer` (any case) + ASCII whitespace + ≥ 4 of `[A-Za-z0-9._~+/-]`.
fn bearer(rest: &[u8]) -> bool {
    let Some(tail) = strip_prefix_ignore_case(rest, b"bearer") else {
        return false;
    };
    let space = run(tail, |b| b.is_ascii_whitespace());
    let token = |b: u8| b.is_ascii_alphanumeric() || b"._~+/-".contains(&b);
    space >= 1 && tail.get(space..).is_some_and(|t| run(t, token) >= 4)
}

/// 6: a secret's name (any case), optional whitespace, `:` or `=`, optional whitespace, then
/// ≥ 4 non-whitespace bytes.
fn assignment(rest: &[u8]) -> bool {
    KEYWORDS.iter().any(|keyword| {
        let Some(tail) = strip_prefix_ignore_case(rest, keyword) else {
            return false;
        };
        let tail = tail
            .get(run(tail, |b| b.is_ascii_whitespace())..)
            .unwrap_or_default();
        let Some(tail) = tail.strip_prefix(b":").or_else(|| tail.strip_prefix(b"=")) else {
            return false;
        };
        let tail = tail
            .get(run(tail, |b| b.is_ascii_whitespace())..)
            .unwrap_or_default();
        run(tail, |b| !b.is_ascii_whitespace()) >= 4
    })
}

/// 7: `-----BEGIN ` + optional `[A-Z0-9 ]+` ending in a space + `PRIVATE KEY-----`.
fn private_key(rest: &[u8]) -> bool {
    const END: &[u8] = b"PRIVATE KEY-----";
    let Some(tail) = rest.strip_prefix(b"-----BEGIN ") else {
        return false;
    };
    let Some(at) = tail.windows(END.len()).position(|w| w == END) else {
        return false;
    };
    let label = tail.get(..at).unwrap_or_default();
    label
        .iter()
        .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || *b == b' ')
        && label.last().is_none_or(|b| *b == b' ')
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_specified_examples() {
        for value in [
            "sk-proj-0123456789abcdefghijklmnopqrstuvwxyz",
            "ghp_0123456789abcdefghijklmnopqrst",
            "prefix password=hunter2",
            "github_pat_0123456789_abcdefghij",
            "id AKIAIOSFODNN7EXAMPLE",
            "eyJhbGc.eyJzdWIi.c2lnbmF0",
            "Authorization: Bearer abcd",
            "-----BEGIN RSA PRIVATE KEY-----",
            "-----BEGIN PRIVATE KEY-----",
            "chat-sk-0123456789abcdefghijklmnop",
            "token : abcd",
        ] {
            assert_eq!(redact(value), REDACTED, "{value}");
        }
        for value in [
            "TokenExpired",
            "SecretNotFound",
            "task-0123456789abcdefghijklmnopqrstuvwxyz",
            "disk-0123456789abcdefghijklmnopqrstuvwxyz",
            "contextsk-0123456789abcdefghijklmnopqrst",
            "sk-short",
            "AKIAIOSFODNN7EXAMPLE1",
            "token: abc",
            "-----BEGIN rsa PRIVATE KEY-----",
            "chat-engine",
        ] {
            assert_eq!(redact(value), value, "{value}");
        }
        let late = format!("{}sk-0123456789abcdefghijklmnop", "x ".repeat(4100));
        assert_eq!(redact(&late), late, "beyond the first 8192 bytes");
    }

    #[test]
    fn words_are_redacted_one_by_one() {
        assert_eq!(
            redact_words(r#"InferenceService "prod/sk-proj-0123456789abcdefghijklmnop" not found"#),
            r#"InferenceService "prod/[REDACTED]" not found"#
        );
        assert_eq!(
            redact_words("read object=InferenceService/prod/chat cause=NotFound"),
            "read object=InferenceService/prod/chat cause=NotFound"
        );
    }

    fn secret() -> impl Strategy<Value = String> {
        prop_oneof![
            "sk-[A-Za-z0-9_-]{20,40}",
            "gh[pousr]_[A-Za-z0-9]{20,40}",
            "github_pat_[A-Za-z0-9_]{20,40}",
            "(AKIA|ASIA)[A-Z0-9]{16}",
            "eyJ[A-Za-z0-9_-]{3,10}\\.[A-Za-z0-9_-]{6,10}\\.[A-Za-z0-9_-]{6,10}",
            "[Bb]earer[ \t][A-Za-z0-9._~+/-]{4,20}",
            "(token|PASSWORD|Secret|api_key|api-key|apikey|authorization|credential) ?[:=] ?[!-~]{4,20}",
            "-----BEGIN ([A-Z0-9 ]{0,10} )?PRIVATE KEY-----",
        ]
    }

    proptest! {
        #![proptest_config(property_config!(2048))]

        /// A credential anywhere in the first 8192 bytes, after a boundary, redacts the whole
        /// value; redaction gives exactly `[REDACTED]` and is stable.
        #[test]
        fn a_credential_after_a_boundary_redacts_the_value(
            before in "([ -~]{0,40}[^A-Za-z0-9])?",
            shape in secret(),
            after in "([^A-Za-z0-9][ -~]{0,40})?",
        ) {
            let value = format!("{before}{shape}{after}");
            prop_assert_eq!(redact(&value), REDACTED);
            prop_assert_eq!(redact(REDACTED), REDACTED);
            // A shape without separators inside is removed from a line with its word.
            let line = format!("error: \"{value}\"");
            let one_word = shape.chars().all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c));
            prop_assert!(!one_word || !redact_words(&line).contains(shape.as_str()), "{}", line);
        }

        /// DNS names without an `sk-` word of 20 or more characters are never redacted.
        #[test]
        fn ordinary_names_are_kept(name in "[a-z0-9]([a-z0-9-]{0,40}[a-z0-9])?") {
            let shaped = name.match_indices("sk-").any(|(i, _)| {
                (i == 0 || name.as_bytes()[i - 1] == b'-') && name.len() - i - 3 >= 20
            });
            if !shaped {
                prop_assert_eq!(redact(&name), name.as_str());
            }
        }
    }
}
