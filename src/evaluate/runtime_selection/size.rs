//! Model sizes and a runtime's supported range (runtime-selection.md §3.5).

/// A size as OME reads it: a trailing `T`, `B` or `M` multiplies by 10¹², 10⁹ or 10⁶, the rest
/// is a decimal number; anything else reads 0 (`4b` is 0).
pub(crate) fn parse(text: &str) -> f64 {
    let (number, scale) = match text.char_indices().last() {
        Some((at, 'T')) => (text.get(..at), 1e12),
        Some((at, 'B')) => (text.get(..at), 1e9),
        Some((at, 'M')) => (text.get(..at), 1e6),
        _ => (Some(text), 1.0),
    };
    match number.map(str::parse::<f64>) {
        Some(Ok(value)) if value.is_finite() => value * scale,
        _ => 0.0,
    }
}

/// `modelSizeRange`, as written.
#[derive(Debug, Clone, Default, PartialEq, serde::Deserialize)]
pub(crate) struct SizeRange {
    #[serde(default)]
    pub(crate) min: Option<String>,
    #[serde(default)]
    pub(crate) max: Option<String>,
}

impl SizeRange {
    /// Whether a model of `size` is inside the range (inclusive bounds).
    pub(crate) fn contains(&self, size: f64) -> bool {
        self.min.as_deref().is_none_or(|min| size >= parse(min))
            && self.max.as_deref().is_none_or(|max| size <= parse(max))
    }

    /// `[<min>, <max>]`, an open end as `(-inf` or `inf)`, the bounds as written.
    pub(crate) fn label(&self) -> String {
        let low = self
            .min
            .as_ref()
            .map_or_else(|| "(-inf".to_string(), |m| format!("[{m}"));
        let high = self
            .max
            .as_ref()
            .map_or_else(|| "inf)".to_string(), |m| format!("{m}]"));
        format!("{low}, {high}")
    }

    /// The sum of the distances of the bounds the range sets from `size` (the ranking's
    /// tie-breaker: a tighter range ranks first).
    pub(crate) fn distance(&self, size: f64) -> f64 {
        [&self.min, &self.max]
            .into_iter()
            .flatten()
            .map(|bound| (parse(bound) - size).abs())
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(min: Option<&str>, max: Option<&str>) -> SizeRange {
        SizeRange {
            min: min.map(str::to_string),
            max: max.map(str::to_string),
        }
    }

    #[test]
    fn sizes_read_as_ome_reads_them() {
        assert_eq!(parse("3.21B"), 3.21e9);
        assert_eq!(parse("500M"), 5e8);
        assert_eq!(parse("1T"), 1e12);
        assert_eq!(parse("1500"), 1500.0);
        assert_eq!(parse("1e3"), 1000.0);
        for zero in ["4b", "", "B", "x", "inf", "NaN", "1.2.3B"] {
            assert_eq!(parse(zero), 0.0, "{zero}");
        }
    }

    /// The size table of runtime-selection.md §8.4 #1.
    #[test]
    fn the_documented_size_table() {
        let cases = [
            (range(Some("2B"), Some("4B")), "3.21B", true),
            (range(Some("2B"), Some("4B")), "4B", true),
            (range(Some("500M"), Some("2B")), "3.21B", false),
            (range(Some("1B"), Some("4B")), "1500M", true),
            (range(Some("70B"), None), "405B", true),
            (range(None, Some("13B")), "3.21B", true),
            (range(Some("2B"), Some("4b")), "3.21B", false),
        ];
        for (range, size, inside) in cases {
            assert_eq!(range.contains(parse(size)), inside, "{range:?} {size}");
        }
        assert_eq!(range(Some("2B"), Some("4b")).label(), "[2B, 4b]");
        assert_eq!(range(Some("70B"), None).label(), "[70B, inf)");
        assert_eq!(range(None, Some("13B")).label(), "(-inf, 13B]");
    }

    #[test]
    fn distance_is_the_width_of_a_range_around_the_size() {
        let size = parse("3.21B");
        assert!((range(Some("1B"), Some("8B")).distance(size) - 7e9).abs() < 1.0);
        assert_eq!(range(None, None).distance(size), 0.0);
    }
}
