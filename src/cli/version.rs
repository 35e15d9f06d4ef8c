//! Argument parsing for `version`: `--ome-namespace` a DNS-1123 label. No I/O. `version`
//! takes no `-o` (website.md §2): clap reports it as an unknown flag.

use crate::cli::args::VersionArgs;
use crate::errors::{CliError, VersionError};
use crate::ome::names::is_dns1123_label;
use crate::ome::request::VersionRequest;

pub(crate) fn parse(args: &VersionArgs) -> Result<VersionRequest, CliError> {
    if !is_dns1123_label(&args.ome_namespace) {
        return Err(VersionError::InvalidOmeNamespace.into());
    }
    Ok(VersionRequest {
        client_only: args.client,
        ome_namespace: args.ome_namespace.clone(),
    })
}
