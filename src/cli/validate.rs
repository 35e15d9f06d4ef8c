//! Shape checks on user input and on identities read from the API. Pure functions, no I/O.

use std::time::Duration;

/// DNS-1123 label: 1..=63 lowercase alphanumerics or `-`, starting and ending alphanumeric.
pub fn is_dns1123_label(value: &str) -> bool {
    let bytes = value.as_bytes();
    !bytes.is_empty()
        && bytes.len() <= 63
        && bytes
            .iter()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
        && bytes[0] != b'-'
        && bytes[bytes.len() - 1] != b'-'
}

/// DNS-1123 subdomain: at most 253 characters of dot-separated DNS-1123 labels.
pub fn is_dns1123_subdomain(value: &str) -> bool {
    value.len() <= 253 && !value.is_empty() && value.split('.').all(is_dns1123_label)
}

/// Validation problems of a DNS-1123 subdomain, worded like the Kubernetes validators.
pub fn dns1123_subdomain_problems(value: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if value.len() > 253 {
        problems.push("must be no more than 253 characters".to_string());
    }
    if !value.is_empty() && value.split('.').all(is_dns1123_label) {
        return problems;
    }
    problems.push(
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"
            .to_string(),
    );
    problems
}

/// Validation problems of a DNS-1123 label, worded like the Kubernetes validators.
pub fn dns1123_label_problems(value: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if value.len() > 63 {
        problems.push("must be no more than 63 characters".to_string());
    }
    if !is_dns1123_label(&value[..value.len().min(63)]) || value.is_empty() {
        problems.push(
            "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character"
                .to_string(),
        );
    }
    problems
}

/// A Kubernetes label value: empty, or at most 63 characters of `[A-Za-z0-9._-]` starting and
/// ending alphanumeric.
pub fn is_label_value(value: &str) -> bool {
    if value.is_empty() {
        return true;
    }
    let b = value.as_bytes();
    b.len() <= 63
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
        && b[0].is_ascii_alphanumeric()
        && b[b.len() - 1].is_ascii_alphanumeric()
}

/// SafeScalar (scale.md §7.1): a short printable identity that does not look like a credential.
pub fn is_safe_scalar(value: &str) -> bool {
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
    if let Some(at) = value.rfind('@') {
        let before = &value[..at];
        let after_scheme = before.find("://").map_or(before, |i| &before[i + 3..]);
        if after_scheme.contains(':') {
            return false;
        }
    }
    true
}

fn is_token_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'-'
}

fn looks_like_api_key(b: &[u8]) -> bool {
    (0..b.len()).any(|i| {
        b[i..].starts_with(b"sk-")
            && (i == 0 || !b[i - 1].is_ascii_alphanumeric())
            && b[i + 3..].iter().take_while(|c| is_token_char(**c)).count() >= 20
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
pub fn is_safe_uid(value: &str) -> bool {
    !value.is_empty()
        && value.len() <= 128
        && value
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-'))
}

/// Parses Go `time.ParseDuration` syntax: an optional sign, then one or more decimal numbers
/// with optional fraction and a unit (`ns`, `us`, `µs`, `ms`, `s`, `m`, `h`); a bare `0` is
/// the only unit-less value. Returns signed nanoseconds.
pub fn parse_go_duration(input: &str) -> Option<i128> {
    let (negative, mut rest) = match input.as_bytes().first() {
        Some(b'-') => (true, &input[1..]),
        Some(b'+') => (false, &input[1..]),
        _ => (false, input),
    };
    if rest == "0" {
        return Some(0);
    }
    if rest.is_empty() {
        return None;
    }
    let mut total: f64 = 0.0;
    while !rest.is_empty() {
        let number_len = rest
            .bytes()
            .take_while(|c| c.is_ascii_digit() || *c == b'.')
            .count();
        let number = &rest[..number_len];
        if number.is_empty() || number == "." || number.matches('.').count() > 1 {
            return None;
        }
        rest = &rest[number_len..];
        let unit_len = rest
            .char_indices()
            .find(|(_, c)| c.is_ascii_digit() || *c == '.')
            .map_or(rest.len(), |(i, _)| i);
        let nanos_per_unit: f64 = match &rest[..unit_len] {
            "ns" => 1.0,
            "us" | "µs" | "μs" => 1e3,
            "ms" => 1e6,
            "s" => 1e9,
            "m" => 60e9,
            "h" => 3600e9,
            _ => return None,
        };
        rest = &rest[unit_len..];
        let value: f64 = number.parse().ok()?;
        total += value * nanos_per_unit;
    }
    if total > i64::MAX as f64 {
        return None;
    }
    let nanos = total.round() as i128;
    Some(if negative { -nanos } else { nanos })
}

/// Formats a duration in Go syntax (`1m0s`, `10s`, `1h0m0s`, `500ms`).
pub fn format_go_duration(duration: Duration) -> String {
    let total = duration.as_nanos();
    if total == 0 {
        return "0s".to_string();
    }
    if total < 1_000_000_000 {
        return if total.is_multiple_of(1_000_000) {
            format!("{}ms", total / 1_000_000)
        } else {
            format!("{total}ns")
        };
    }
    let secs = duration.as_secs();
    let (h, m, s) = (secs / 3600, (secs % 3600) / 60, secs % 60);
    let frac = duration.subsec_nanos();
    let s_text = if frac == 0 {
        format!("{s}")
    } else {
        format!("{s}.{}", format!("{frac:09}").trim_end_matches('0'))
    };
    match (h, m) {
        (0, 0) => format!("{s_text}s"),
        (0, _) => format!("{m}m{s_text}s"),
        _ => format!("{h}h{m}m{s_text}s"),
    }
}

/// kubectl's `--request-timeout`: a bare integer means seconds, otherwise Go syntax; `0` means
/// no timeout. Negative values are rejected.
pub fn parse_kubectl_timeout(input: &str) -> Option<Option<Duration>> {
    let nanos = if !input.is_empty() && input.bytes().all(|c| c.is_ascii_digit()) {
        i128::from(input.parse::<u32>().ok()?) * 1_000_000_000
    } else {
        parse_go_duration(input)?
    };
    match nanos {
        n if n < 0 => None,
        0 => Some(None),
        n => Some(Some(Duration::from_nanos(u64::try_from(n).ok()?))),
    }
}

/// A canonical lowercase UUID (8-4-4-4-12 hex) with the RFC 4122 variant and version 1..=8.
pub fn is_canonical_uuid(value: &str) -> bool {
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
    matches!(b[14], b'1'..=b'8') && matches!(b[19], b'8' | b'9' | b'a' | b'b')
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
    fn go_durations() {
        assert_eq!(parse_go_duration("0"), Some(0));
        assert_eq!(parse_go_duration("10s"), Some(10_000_000_000));
        assert_eq!(parse_go_duration("1.5h"), Some(5_400_000_000_000));
        assert_eq!(parse_go_duration("2h45m"), Some(9_900_000_000_000));
        assert_eq!(parse_go_duration("300ms"), Some(300_000_000));
        assert_eq!(parse_go_duration("-1s"), Some(-1_000_000_000));
        assert_eq!(parse_go_duration("10"), None);
        assert_eq!(parse_go_duration("1x"), None);
        assert_eq!(parse_go_duration(""), None);
        assert_eq!(parse_go_duration("s"), None);
        assert_eq!(format_go_duration(Duration::from_secs(60)), "1m0s");
        assert_eq!(format_go_duration(Duration::from_secs(10)), "10s");
        assert_eq!(format_go_duration(Duration::from_secs(3600)), "1h0m0s");
    }

    #[test]
    fn kubectl_timeouts() {
        assert_eq!(parse_kubectl_timeout("0"), Some(None));
        assert_eq!(
            parse_kubectl_timeout("10"),
            Some(Some(Duration::from_secs(10)))
        );
        assert_eq!(
            parse_kubectl_timeout("2m"),
            Some(Some(Duration::from_secs(120)))
        );
        assert_eq!(parse_kubectl_timeout("-1s"), None);
        assert_eq!(parse_kubectl_timeout("soon"), None);
    }

    #[test]
    fn uuids() {
        assert!(is_canonical_uuid("0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0"));
        assert!(!is_canonical_uuid("0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0"));
        assert!(!is_canonical_uuid("0f1e2d3c-4b5a-0968-8776-a5b4c3d2e1f0"));
        assert!(!is_canonical_uuid("0f1e2d3c-4b5a-4968-c776-a5b4c3d2e1f0"));
    }
}
