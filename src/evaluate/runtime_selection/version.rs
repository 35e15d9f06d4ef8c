//! Model format and framework versions (runtime-selection.md §3.4): a `major[.minor[.patch]]`
//! form with an optional `v` prefix, a pre-release, a build and a dev part; the comparison
//! rule of an entry's operator.

use std::cmp::Ordering;

/// A parsed version. Missing minor and patch read 0; the prefix and the precision take part
/// only in the ordered operators.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Version {
    prefixed: bool,
    /// How many of major, minor and patch were written (1–3).
    precision: usize,
    numbers: [u64; 3],
    pre_release: Vec<String>,
    build: Vec<String>,
    dev: Vec<String>,
}

/// The comparison an entry asks for (`modelFormat.operator`, `modelFramework.operator`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Operator {
    Equal,
    GreaterThan,
    GreaterThanOrEqual,
    /// Any other value: compared as `Equal`.
    Other,
}

impl Operator {
    /// The stored operator; absent is `Equal` (what a real API server defaults).
    pub(crate) fn of(text: Option<&str>) -> Operator {
        match text {
            None | Some("Equal") => Operator::Equal,
            Some("GreaterThan") => Operator::GreaterThan,
            Some("GreaterThanOrEqual") => Operator::GreaterThanOrEqual,
            Some(_) => Operator::Other,
        }
    }
}

/// ASCII digits without a leading zero (unless `0`), as an unsigned 64-bit number.
fn digits(text: &str) -> Option<u64> {
    let plain = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    if plain { text.parse().ok() } else { None }
}

/// `.`-separated items, each non-empty.
fn items(text: &str) -> Option<Vec<String>> {
    let items: Vec<String> = text.split('.').map(str::to_string).collect();
    if items.iter().any(String::is_empty) {
        None
    } else {
        Some(items)
    }
}

/// The optional part after the first `sep`, as items; the text before it.
fn split_part(text: &str, sep: char) -> Option<(&str, Vec<String>)> {
    match text.split_once(sep) {
        Some((rest, part)) => Some((rest, items(part)?)),
        None => Some((text, Vec::new())),
    }
}

/// Parses a version; `None` when it is not one.
pub(crate) fn parse(text: &str) -> Option<Version> {
    if text.is_empty() {
        return None;
    }
    let mut parts = text.splitn(3, '.');
    let first = parts.next()?;
    let (prefixed, major) = match first.strip_prefix('v') {
        Some(rest) => (true, rest),
        None => (false, first),
    };
    let mut version = Version {
        prefixed,
        precision: 1,
        numbers: [digits(major)?, 0, 0],
        pre_release: Vec::new(),
        build: Vec::new(),
        dev: Vec::new(),
    };
    if let Some(minor) = parts.next() {
        version.numbers[1] = digits(minor)?;
        version.precision = 2;
    }
    if let Some(patch) = parts.next() {
        let (rest, build) = split_part(patch, '+')?;
        let (rest, pre_release) = split_part(rest, '-')?;
        let (rest, dev) = split_part(rest, '.')?;
        version.numbers[2] = digits(rest)?;
        version.precision = 3;
        version.build = build;
        version.pre_release = pre_release;
        version.dev = dev;
    }
    Some(version)
}

/// Item lists compared item by item as byte strings; a list that is a prefix of the other
/// comes first.
fn compare_items(a: &[String], b: &[String]) -> Ordering {
    a.iter()
        .map(|s| s.as_bytes())
        .cmp(b.iter().map(|s| s.as_bytes()))
}

/// Numbers, then pre-release, build and dev; prefix and precision ignored.
fn compare(a: &Version, b: &Version) -> Ordering {
    a.numbers
        .cmp(&b.numbers)
        .then_with(|| compare_items(&a.pre_release, &b.pre_release))
        .then_with(|| compare_items(&a.build, &b.build))
        .then_with(|| compare_items(&a.dev, &b.dev))
}

impl Version {
    fn has_extras(&self) -> bool {
        !(self.pre_release.is_empty() && self.build.is_empty() && self.dev.is_empty())
    }
}

/// Whether the entry's version `runtime` satisfies the model's version `model` under
/// `operator` (`GreaterThan`: the runtime's version exceeds the model's).
pub(crate) fn satisfies(model: &str, runtime: &str, operator: Operator) -> bool {
    let (Some(m), Some(r)) = (parse(model), parse(runtime)) else {
        return false;
    };
    let order = compare(&r, &m);
    if operator == Operator::Equal || m.has_extras() || r.has_extras() {
        return order == Ordering::Equal;
    }
    if m.precision != r.precision || m.prefixed != r.prefixed {
        return false;
    }
    match operator {
        Operator::GreaterThan => order == Ordering::Greater,
        Operator::GreaterThanOrEqual => order != Ordering::Less,
        Operator::Equal | Operator::Other => order == Ordering::Equal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_version_cases() {
        use Operator::*;
        // (entry version, operator, model version, satisfied): runtime-selection.md §8.3 #16.
        let cases = [
            ("1.0.0", GreaterThan, "1.0.0", false),
            ("1.8.0", GreaterThan, "1.7.0", true),
            ("1.7.0", GreaterThan, "1.8.0", false),
            ("1.8.0", GreaterThanOrEqual, "1.8.0", true),
            ("1.9.0", GreaterThanOrEqual, "1.8.0", true),
            ("1.7.0", GreaterThanOrEqual, "1.8.0", false),
            ("1.8.0-dev", GreaterThan, "1.8.0-dev", true),
            ("1.8.0-dev", GreaterThan, "1.8.0-alpha", false),
            ("1", Operator::of(None), "1", true),
            ("1.0", GreaterThan, "1.0.0", false),
            ("v1.0.0", GreaterThan, "1.0.0", false),
            ("v2.0.0", Operator::of(None), "v2.0.0", true),
        ];
        for (runtime, operator, model, expected) in cases {
            assert_eq!(
                satisfies(model, runtime, operator),
                expected,
                "{runtime} {operator:?} {model}"
            );
        }
    }

    #[test]
    fn equal_ignores_prefix_and_precision() {
        assert!(satisfies("1.0.0", "1.0", Operator::Equal));
        // Another operator compares as Equal, but only in the same form.
        assert!(!satisfies("v1", "1.0.0", Operator::Other));
        assert!(satisfies("1.2.0", "1.2.0", Operator::Other));
    }

    #[test]
    fn parts_parse_as_written() {
        let v = parse("4.45.0.dev0").unwrap();
        assert_eq!(v.numbers, [4, 45, 0]);
        assert_eq!(v.dev, ["dev0"]);
        let v = parse("1.2.3-rc.1+build.7").unwrap();
        assert_eq!(v.pre_release, ["rc", "1"]);
        assert_eq!(v.build, ["build", "7"]);
        for bad in [
            "",
            "01.0",
            "1.x",
            "V1",
            "1.2.3-",
            "1.2.3+a..b",
            "1.2.",
            "-1",
            "1.2.x.4",
        ] {
            assert!(parse(bad).is_none(), "{bad}");
        }
        assert!(parse("18446744073709551616").is_none());
        assert!(!satisfies("1.0.0", "bad", Operator::Equal));
    }
}
