//! Argument parsing for `rollout status` (read-commands.md §5.1): output format, then the
//! service name. No I/O; the namespace is checked once the kubeconfig is loaded.

use crate::cli::OutputFormat;
use crate::cli::args::RolloutStatusArgs;
use crate::cli::validate::is_dns1123_subdomain;
use crate::errors::{CliError, CommonError, RolloutError};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RolloutStatusRequest {
    pub name: String,
    pub output: OutputFormat,
}

pub fn parse(args: &RolloutStatusArgs) -> Result<RolloutStatusRequest, CliError> {
    if args.names.len() != 1 {
        return Err(CommonError::ArgCount(args.names.len()).into());
    }
    let output = OutputFormat::parse_with_wide(&args.output)
        .ok_or_else(|| RolloutError::UnsupportedOutput(args.output.clone()))?;
    let name = args.names[0].clone();
    if !is_dns1123_subdomain(&name) {
        return Err(RolloutError::InvalidName.into());
    }
    Ok(RolloutStatusRequest { name, output })
}

/// The resolved namespace must be a DNS-1123 label.
pub fn check_namespace(namespace: &str) -> Result<(), RolloutError> {
    if crate::cli::validate::is_dns1123_label(namespace) {
        Ok(())
    } else {
        Err(RolloutError::InvalidNamespace)
    }
}
