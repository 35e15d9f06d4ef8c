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
        assert_eq!(
            parse_go_duration("-2562047h47m16.854775808s"),
            Some(i128::from(i64::MIN))
        );
    }
}
