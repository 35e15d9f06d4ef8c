//! Names and identities: the shape checks on names given by the user and on names and
//! identities read from the API server. Pure functions, no I/O.

use std::fmt;

/// DNS-1123 label: 1..=63 lowercase alphanumerics or `-`, starting and ending alphanumeric.
pub(crate) fn is_dns1123_label(value: &str) -> bool {
    let bytes = value.as_bytes();
    bytes.len() <= 63
        && bytes
            .iter()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
        && bytes.first().is_some_and(|b| *b != b'-')
        && bytes.last().is_some_and(|b| *b != b'-')
}

/// DNS-1123 subdomain as Kubernetes checks it: at most 253 characters of dot-separated
/// segments of lowercase alphanumerics or `-`, each starting and ending alphanumeric. Only the
/// whole name is length-limited (a segment may exceed 63, e.g. OME's
/// `r-<namespace>-<runtime>-<hash>` ControllerRevision names).
pub(crate) fn is_dns1123_subdomain(value: &str) -> bool {
    value.len() <= 253 && !value.is_empty() && value.split('.').all(is_subdomain_segment)
}

fn is_subdomain_segment(segment: &str) -> bool {
    let bytes = segment.as_bytes();
    bytes
        .iter()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
        && bytes.first().is_some_and(|b| *b != b'-')
        && bytes.last().is_some_and(|b| *b != b'-')
}

/// One way a name fails its DNS-1123 rule, worded like the Kubernetes validators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NameProblem {
    /// Longer than the rule allows.
    TooLong {
        /// The maximum length in characters.
        max: usize,
    },
    /// Not a lowercase RFC 1123 subdomain.
    NotSubdomain,
    /// Not a lowercase RFC 1123 label.
    NotLabel,
}

impl fmt::Display for NameProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameProblem::TooLong { max } => write!(f, "must be no more than {max} characters"),
            NameProblem::NotSubdomain => f.write_str(
                "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
            ),
            NameProblem::NotLabel => f.write_str(
                "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
            ),
        }
    }
}

/// Writes problems joined by `; `, as the validators' messages are joined.
pub(crate) struct Problems<'a>(pub &'a [NameProblem]);

impl fmt::Display for Problems<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, problem) in self.0.iter().enumerate() {
            if index > 0 {
                f.write_str("; ")?;
            }
            problem.fmt(f)?;
        }
        Ok(())
    }
}

/// Validation problems of a DNS-1123 subdomain; empty when the value is one.
pub(crate) fn dns1123_subdomain_problems(value: &str) -> Vec<NameProblem> {
    let mut problems = Vec::new();
    if value.len() > 253 {
        problems.push(NameProblem::TooLong { max: 253 });
    }
    if value.is_empty() || !value.split('.').all(is_subdomain_segment) {
        problems.push(NameProblem::NotSubdomain);
    }
    problems
}

/// Validation problems of a DNS-1123 label; empty when the value is one. Like the Kubernetes
/// validator, an over-long value is checked for its characters on its first 63 bytes only.
pub(crate) fn dns1123_label_problems(value: &str) -> Vec<NameProblem> {
    let mut problems = Vec::new();
    if value.len() > 63 {
        problems.push(NameProblem::TooLong { max: 63 });
    }
    let head = value.get(..value.len().min(63));
    if value.is_empty() || !head.is_some_and(is_dns1123_label) {
        problems.push(NameProblem::NotLabel);
    }
    problems
}

/// Why a resolved namespace cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum NamespaceProblem {
    /// The namespace is empty.
    Empty,
    /// The namespace is not a DNS-1123 label.
    Invalid(Vec<NameProblem>),
}

/// The one check of a resolved namespace: a non-empty DNS-1123 label.
pub(crate) fn check_namespace(namespace: &str) -> Result<(), NamespaceProblem> {
    if namespace.is_empty() {
        return Err(NamespaceProblem::Empty);
    }
    let problems = dns1123_label_problems(namespace);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(NamespaceProblem::Invalid(problems))
    }
}

/// A Kubernetes label value: empty, or at most 63 characters of `[A-Za-z0-9._-]` starting and
/// ending alphanumeric.
pub(crate) fn is_label_value(value: &str) -> bool {
    if value.is_empty() {
        return true;
    }
    let b = value.as_bytes();
    b.len() <= 63
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
        && b.first().is_some_and(u8::is_ascii_alphanumeric)
        && b.last().is_some_and(u8::is_ascii_alphanumeric)
}

/// SafeScalar (scale.md §7.1): a short printable identity that does not look like a credential.
pub(crate) fn is_safe_scalar(value: &str) -> bool {
    let b = value.as_bytes();
    if b.is_empty() || b.len() > 256 {
        return false;
    }
    if !b.iter().all(|c| {
        c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b':' | b'/' | b'@' | b'+' | b'-')
    }) {
        return false;
    }
    if looks_like_api_key(b) || looks_like_jwt(value) {
        return false;
    }
    // `user:password@host`, with or without a scheme.
    if let Some((before, _)) = value.rsplit_once('@') {
        let after_scheme = before.split_once("://").map_or(before, |(_, rest)| rest);
        if after_scheme.contains(':') {
            return false;
        }
    }
    true
}

fn is_token_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'-'
}

/// `sk-` at a word start followed by at least 20 token characters.
fn looks_like_api_key(b: &[u8]) -> bool {
    (0..b.len()).any(|i| {
        let Some(after) = b.get(i..).and_then(|rest| rest.strip_prefix(b"sk-")) else {
            return false;
        };
        let at_word_start = i
            .checked_sub(1)
            .and_then(|before| b.get(before))
            .is_none_or(|c| !c.is_ascii_alphanumeric());
        at_word_start && after.iter().take_while(|c| is_token_char(**c)).count() >= 20
    })
}

fn looks_like_jwt(value: &str) -> bool {
    let parts: Vec<&str> = value.split('.').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| p.len() >= 16 && p.bytes().all(is_token_char))
}

/// A UID or resourceVersion safe to bind to: at most 128 bytes of `[A-Za-z0-9._-]`.
pub(crate) fn is_safe_uid(value: &str) -> bool {
    !value.is_empty()
        && value.len() <= 128
        && value
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-'))
}

/// A canonical lowercase UUID (8-4-4-4-12 hex) with the RFC 4122 variant and version 1..=8.
pub(crate) fn is_canonical_uuid(value: &str) -> bool {
    let b = value.as_bytes();
    if b.len() != 36 {
        return false;
    }
    for (i, c) in b.iter().enumerate() {
        let dash = matches!(i, 8 | 13 | 18 | 23);
        if dash != (*c == b'-') || !(dash || c.is_ascii_digit() || (b'a'..=b'f').contains(c)) {
            return false;
        }
    }
    uuid_version(value).is_some_and(|v| matches!(v, b'1'..=b'8'))
        && matches!(b.get(19), Some(b'8' | b'9' | b'a' | b'b'))
}

/// The version digit of a UUID-shaped value (its 15th character).
pub(crate) fn uuid_version(value: &str) -> Option<u8> {
    value.as_bytes().get(14).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dns_names() {
        assert!(is_dns1123_label("prod"));
        assert!(!is_dns1123_label("Prod"));
        assert!(!is_dns1123_label("-prod"));
        assert!(!is_dns1123_label(&"a".repeat(64)));
        assert!(is_dns1123_subdomain("chat.v1"));
        assert!(!is_dns1123_subdomain("chat..v1"));
        assert!(!is_dns1123_subdomain(""));
        // Kubernetes limits only the whole subdomain (253), not each segment.
        let long_segment = "a".repeat(64);
        assert!(is_dns1123_subdomain(&long_segment));
        assert!(dns1123_subdomain_problems(&long_segment).is_empty());
        assert!(is_dns1123_subdomain(&"a".repeat(253)));
        assert!(!is_dns1123_subdomain(&"a".repeat(254)));
        assert!(!is_dns1123_subdomain("chat-.v1"));
        assert!(!is_dns1123_subdomain("Chat"));
    }

    #[test]
    fn problems_never_slice_inside_a_character() {
        let name = format!("{}é", "a".repeat(62));
        assert_eq!(
            dns1123_label_problems(&name),
            [NameProblem::TooLong { max: 63 }, NameProblem::NotLabel]
        );
        assert_eq!(
            Problems(&dns1123_label_problems("Prod")).to_string(),
            NameProblem::NotLabel.to_string()
        );
        assert_eq!(check_namespace(""), Err(NamespaceProblem::Empty));
        assert_eq!(check_namespace("prod"), Ok(()));
    }

    #[test]
    fn safe_scalar_rules() {
        assert!(is_safe_scalar("kind-prod"));
        assert!(is_safe_scalar("user@host"));
        assert!(!is_safe_scalar("user:pw@host"));
        assert!(is_safe_scalar("https://user@host"));
        assert!(!is_safe_scalar("https://user:pw@host"));
        assert!(!is_safe_scalar("sk-abcdefghijklmnopqrstuvwxyz"));
        assert!(is_safe_scalar("ask-abcdefghijklmnopqrstuvwxyz"));
        assert!(!is_safe_scalar(
            "aaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbb.cccccccccccccccc"
        ));
        assert!(!is_safe_scalar("has space"));
        assert!(!is_safe_scalar(""));
        assert!(!is_safe_scalar(&"a".repeat(257)));
    }

    #[test]
    fn uuids() {
        assert!(is_canonical_uuid("0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0"));
        assert!(!is_canonical_uuid("0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0"));
        assert!(!is_canonical_uuid("0f1e2d3c-4b5a-0968-8776-a5b4c3d2e1f0"));
        assert!(!is_canonical_uuid("0f1e2d3c-4b5a-4968-c776-a5b4c3d2e1f0"));
    }
}
