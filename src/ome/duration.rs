//! Go-syntax durations, as the OME API and kubectl write them (`10s`, `1m0s`, `2h45m`).

/// Parses Go `time.ParseDuration` syntax: an optional sign, then one or more decimal numbers
/// with optional fraction and a unit (`ns`, `us`, `µs`, `ms`, `s`, `m`, `h`); a bare `0` is
/// the only unit-less value. Returns signed nanoseconds, computed as Go does: whole units in
/// exact integer arithmetic, a fraction in floating point truncated to the nanosecond, and
/// anything beyond Go's range (2^63 − 1 ns, 2^63 ns when negative) refused.
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
    let mut total: u128 = 0;
    while !rest.is_empty() {
        let (nanos, after) = component(rest)?;
        total = total.checked_add(nanos)?;
        rest = after;
    }
    let limit = if negative {
        1u128 << 63
    } else {
        (1u128 << 63) - 1
    };
    if total > limit {
        return None;
    }
    let total = i128::try_from(total).ok()?;
    Some(if negative { -total } else { total })
}

/// One `<number>[.<fraction>]<unit>` component: its nanoseconds and the rest of the input.
fn component(input: &str) -> Option<(u128, &str)> {
    let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
    let (whole, after) = input.split_at_checked(digits(input))?;
    let (fraction, after) = match after.strip_prefix('.') {
        Some(tail) => tail.split_at_checked(digits(tail))?,
        None => ("", after),
    };
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    let unit_len = after
        .char_indices()
        .find(|(_, c)| c.is_ascii_digit() || *c == '.')
        .map_or(after.len(), |(i, _)| i);
    let (unit, after) = after.split_at_checked(unit_len)?;
    let unit: u64 = match unit {
        "ns" => 1,
        "us" | "µs" | "μs" => 1_000,
        "ms" => 1_000_000,
        "s" => 1_000_000_000,
        "m" => 60_000_000_000,
        "h" => 3_600_000_000_000,
        _ => return None,
    };
    // More digits than fit are an overflow in Go too.
    let whole: u128 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let mut nanos = whole.checked_mul(u128::from(unit))?;
    if nanos > 1u128 << 63 {
        return None;
    }
    nanos += fraction_nanos(fraction, unit);
    Some((nanos, after))
}

/// Go's fraction: the digits that fit in an `i64`, scaled in floating point, truncated.
fn fraction_nanos(fraction: &str, unit: u64) -> u128 {
    let mut value: u64 = 0;
    let mut scale: f64 = 1.0;
    for digit in fraction.bytes() {
        let Some(next) = value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(digit - b'0')))
            .filter(|v| *v < 1 << 63)
        else {
            break;
        };
        value = next;
        scale *= 10.0;
    }
    // Go's own float64 step, truncated to whole nanoseconds: at most 3.6e12 (a fraction of an
    // hour), exact enough in f64.
    let nanos = (value as f64 * (unit as f64 / scale)) as u64;
    u128::from(nanos)
}

/// Go's `time.Duration.String`: `0s`; below a second the largest of `ns`, `µs`, `ms` with a
/// trimmed fraction; from a second `<h>h<m>m<s>s` with leading zero units left out.
pub(crate) fn format_go_duration(nanos: i64) -> String {
    let sign = if nanos < 0 { "-" } else { "" };
    let u = nanos.unsigned_abs();
    let body = if u == 0 {
        "0s".to_string()
    } else if u < 1_000 {
        format!("{u}ns")
    } else if u < 1_000_000 {
        format!("{}µs", fraction(u / 1_000, u % 1_000, 3))
    } else if u < 1_000_000_000 {
        format!("{}ms", fraction(u / 1_000_000, u % 1_000_000, 6))
    } else {
        let seconds = u / 1_000_000_000;
        let secs = fraction(seconds % 60, u % 1_000_000_000, 9);
        let (hours, minutes) = (seconds / 3600, seconds / 60 % 60);
        if hours > 0 {
            format!("{hours}h{minutes}m{secs}s")
        } else if minutes > 0 {
            format!("{minutes}m{secs}s")
        } else {
            format!("{secs}s")
        }
    };
    format!("{sign}{body}")
}

/// `whole.frac` with the fraction's `digits` digits and its trailing zeros trimmed.
fn fraction(whole: u64, frac: u64, digits: usize) -> String {
    if frac == 0 {
        return whole.to_string();
    }
    let padded = format!("{frac:0digits$}");
    format!("{whole}.{}", padded.trim_end_matches('0'))
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
        assert_eq!(parse_go_duration(".5s"), Some(500_000_000));
        assert_eq!(parse_go_duration("5.s"), Some(5_000_000_000));
        assert_eq!(parse_go_duration(".s"), None);
        assert_eq!(parse_go_duration("1.0000000005s"), Some(1_000_000_000));
        assert_eq!(parse_go_duration("2502h337ns"), Some(9_007_200_000_000_337));
        assert_eq!(
            parse_go_duration("2562047h47m16.854775807s"),
            Some(i128::from(i64::MAX))
        );
        assert_eq!(parse_go_duration("2562047h47m16.854775808s"), None);
        let canonical =
            |t: &str| format_go_duration(i64::try_from(parse_go_duration(t).unwrap()).unwrap());
        for (input, output) in [
            ("0", "0s"),
            ("60s", "1m0s"),
            ("600s", "10m0s"),
            ("90s", "1m30s"),
            ("1h", "1h0m0s"),
            ("1.5s", "1.5s"),
            ("72h3m0.5s", "72h3m0.5s"),
            ("0.5s", "500ms"),
            ("100us", "100µs"),
            ("1500ns", "1.5µs"),
            ("7ns", "7ns"),
            ("-90s", "-1m30s"),
            ("1.5h", "1h30m0s"),
        ] {
            assert_eq!(canonical(input), output, "{input}");
        }
        assert_eq!(format_go_duration(i64::MIN), "-2562047h47m16.854775808s");
        assert_eq!(
            parse_go_duration("-2562047h47m16.854775808s"),
            Some(i128::from(i64::MIN))
        );
    }
}
