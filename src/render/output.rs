//! The one output path of every report: a report in the chosen format, as text. Tables go
//! through [`Tabular`] and [`Table::render`], JSON and YAML through serde.

use super::structured::{to_json, to_yaml};
use super::table::{Table, TableStyle};
use crate::errors::RenderError;
use crate::ome::request::OutputFormat;
use serde::Serialize;

/// A report that has a table form. `wide` is the `-o wide` form; commands without one never
/// ask for it (their parsers refuse `wide`), and it defaults to the compact table.
pub(crate) trait Tabular {
    /// The compact table (`-o table`, the default).
    fn table(&self) -> Table;

    /// The wide table (`-o wide`).
    fn wide(&self) -> Table {
        self.table()
    }
}

/// Renders `report` in `format`; tables use `style`.
pub(crate) fn render<R: Tabular + Serialize>(
    report: &R,
    format: OutputFormat,
    style: TableStyle,
) -> Result<String, RenderError> {
    match format {
        OutputFormat::Table => Ok(report.table().render(style)),
        OutputFormat::Wide => Ok(report.wide().render(style)),
        OutputFormat::Json => to_json(report),
        OutputFormat::Yaml => to_yaml(report),
    }
}
