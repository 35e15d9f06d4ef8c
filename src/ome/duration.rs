//! Go-syntax durations, as the OME API and kubectl write them (`10s`, `1m0s`, `2h45m`).

/// Parses Go `time.ParseDuration` syntax: an optional sign, then one or more decimal numbers
/// with optional fraction and a unit (`ns`, `us`, `µs`, `ms`, `s`, `m`, `h`); a bare `0` is
/// the only unit-less value. Returns signed nanoseconds.
pub(crate) fn parse_go_duration(input: &str) -> Option<i128> {
    let (negative, mut rest) = match (input.strip_prefix('-'), input.strip_prefix('+')) {
        (Some(rest), _) => (true, rest),
        (None, Some(rest)) => (false, rest),
        (None, None) => (false, input),
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
        let (number, after) = rest.split_at_checked(number_len)?;
        if number.is_empty() || number == "." || number.matches('.').count() > 1 {
            return None;
        }
        let unit_len = after
            .char_indices()
            .find(|(_, c)| c.is_ascii_digit() || *c == '.')
            .map_or(after.len(), |(i, _)| i);
        let (unit, after) = after.split_at_checked(unit_len)?;
        rest = after;
        let nanos_per_unit: f64 = match unit {
            "ns" => 1.0,
            "us" | "µs" | "μs" => 1e3,
            "ms" => 1e6,
            "s" => 1e9,
            "m" => 60e9,
            "h" => 3600e9,
            _ => return None,
        };
        let value: f64 = number.parse().ok()?;
        total += value * nanos_per_unit;
    }
    if total > i64::MAX as f64 {
        return None;
    }
    let nanos = total.round() as i128;
    Some(if negative { -nanos } else { nanos })
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
    }
}
