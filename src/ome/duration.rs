//! Go-syntax durations, as the OME API and kubectl write them (`10s`, `1m0s`, `2h45m`).

use std::time::Duration;

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
