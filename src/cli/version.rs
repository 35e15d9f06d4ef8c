//! Argument parsing for `version`: `-o` is text (the default), `json` or `yaml`, and
//! `--ome-namespace` a DNS-1123 label. No I/O.

use crate::cli::args::VersionArgs;
use crate::errors::{CliError, VersionError};
use crate::ome::names::is_dns1123_label;
use crate::ome::request::{OutputFormat, VersionRequest};

pub(crate) fn parse(args: &VersionArgs) -> Result<VersionRequest, CliError> {
    let output = match args.output.as_str() {
        "" => OutputFormat::Table,
        "json" => OutputFormat::Json,
        "yaml" => OutputFormat::Yaml,
        other => return Err(VersionError::UnsupportedOutput(other.to_string()).into()),
    };
    if !is_dns1123_label(&args.ome_namespace) {
        return Err(VersionError::InvalidOmeNamespace.into());
    }
    Ok(VersionRequest {
        client_only: args.client,
        output,
        ome_namespace: args.ome_namespace.clone(),
    })
}
