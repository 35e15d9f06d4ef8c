//! Argument parsing for `autoscale status` (read-commands.md §2.2 steps 1–3). No I/O.

use crate::cli::OutputFormat;
use crate::cli::args::AutoscaleStatusArgs;
use crate::cli::validate::{dns1123_label_problems, dns1123_subdomain_problems};
use crate::errors::{AutoscaleError, CliError, CommonError};
use crate::evaluate::autoscale::LiveFlags;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AutoscaleStatusRequest {
    pub name: String,
    pub output: OutputFormat,
    pub live: LiveFlags,
}

pub fn parse(args: &AutoscaleStatusArgs) -> Result<AutoscaleStatusRequest, CliError> {
    if args.names.len() != 1 {
        return Err(CommonError::ArgCount(args.names.len()).into());
    }
    let output = OutputFormat::parse_with_wide(&args.output)
        .ok_or_else(|| AutoscaleError::UnsupportedOutput(args.output.clone()))?;
    let name = args.names[0].clone();
    let problems = dns1123_subdomain_problems(&name);
    if !problems.is_empty() {
        return Err(AutoscaleError::InvalidName { name, problems }.into());
    }
    Ok(AutoscaleStatusRequest {
        name,
        output,
        live: LiveFlags {
            live_scale: args.live_scale,
            live_scaler: args.live_scaler,
        },
    })
}

/// The resolved namespace must be a non-empty DNS-1123 label.
pub fn check_namespace(namespace: &str) -> Result<(), AutoscaleError> {
    if namespace.is_empty() {
        return Err(AutoscaleError::EmptyNamespace);
    }
    let problems = dns1123_label_problems(namespace);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(AutoscaleError::InvalidNamespace(problems))
    }
}
