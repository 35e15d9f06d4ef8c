//! Failures of writing a rendered report or result.

use std::fmt;

/// A report could not be serialised as JSON or YAML.
#[derive(Debug)]
pub(crate) enum RenderError {
    /// JSON serialisation failed.
    Json(serde_json::Error),
    /// YAML serialisation failed.
    Yaml(serde_saphyr::SerializeError),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::Json(e) => e.fmt(f),
            RenderError::Yaml(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RenderError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RenderError::Json(e) => Some(e),
            RenderError::Yaml(e) => Some(e),
        }
    }
}

/// Rendering a report or writing it to its stream failed.
#[derive(Debug)]
pub(crate) enum OutputError {
    /// The report could not be rendered.
    Render(RenderError),
    /// The stream refused the text.
    Write(std::io::Error),
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutputError::Render(e) => e.fmt(f),
            OutputError::Write(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for OutputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            OutputError::Render(e) => Some(e),
            OutputError::Write(e) => Some(e),
        }
    }
}

impl From<RenderError> for OutputError {
    fn from(e: RenderError) -> Self {
        OutputError::Render(e)
    }
}

impl From<std::io::Error> for OutputError {
    fn from(e: std::io::Error) -> Self {
        OutputError::Write(e)
    }
}
