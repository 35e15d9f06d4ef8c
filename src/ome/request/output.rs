//! `-o/--output` parsing (read-commands.md §1.5).

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum OutputFormat {
    Table,
    Wide,
    Json,
    Yaml,
}

impl OutputFormat {
    /// The shared parser: exactly `""` (table), `table`, `json`, `yaml`; case-sensitive.
    pub(crate) fn parse_base(value: &str) -> Option<OutputFormat> {
        match value {
            "" | "table" => Some(OutputFormat::Table),
            "json" => Some(OutputFormat::Json),
            "yaml" => Some(OutputFormat::Yaml),
            _ => None,
        }
    }

    /// The base parser plus `wide`, for commands that have a wide table.
    pub(crate) fn parse_with_wide(value: &str) -> Option<OutputFormat> {
        if value == "wide" {
            Some(OutputFormat::Wide)
        } else {
            OutputFormat::parse_base(value)
        }
    }

    pub(crate) fn is_structured(self) -> bool {
        matches!(self, OutputFormat::Json | OutputFormat::Yaml)
    }
}
