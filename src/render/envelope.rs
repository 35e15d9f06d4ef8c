//! The `cli.ome.io/v1alpha1` report envelope shared by the read commands (read-commands.md §1.6).

use serde::Serialize;

pub const API_VERSION: &str = "cli.ome.io/v1alpha1";

#[derive(Debug, Clone, Serialize)]
pub struct ReportMetadata {
    pub namespace: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Warning {
    pub code: String,
}

/// A report: envelope keys in the documented order, with command-specific sources and content.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report<S: Serialize, C: Serialize> {
    pub api_version: &'static str,
    pub kind: &'static str,
    pub metadata: ReportMetadata,
    pub collected_at: String,
    pub sources: Vec<S>,
    pub content: C,
    pub warnings: Vec<Warning>,
}

impl<S: Serialize, C: Serialize> Report<S, C> {
    pub fn new(
        kind: &'static str,
        namespace: &str,
        name: &str,
        collected_at: String,
        content: C,
    ) -> Self {
        Report {
            api_version: API_VERSION,
            kind,
            metadata: ReportMetadata {
                namespace: namespace.to_string(),
                name: name.to_string(),
            },
            collected_at,
            sources: Vec::new(),
            content,
            warnings: Vec::new(),
        }
    }

    /// Sets the warnings, sorted and de-duplicated.
    pub fn with_warnings<I: IntoIterator<Item = &'static str>>(mut self, codes: I) -> Self {
        let mut warnings: Vec<Warning> = codes
            .into_iter()
            .map(|c| Warning {
                code: c.to_string(),
            })
            .collect();
        warnings.sort();
        warnings.dedup();
        self.warnings = warnings;
        self
    }
}

/// A report timestamp: RFC 3339 UTC with whole seconds (`2026-08-31T18:30:00Z`).
pub fn report_time(now: jiff::Timestamp) -> String {
    let whole = jiff::Timestamp::from_second(now.as_second()).unwrap_or(now);
    whole.to_string()
}
