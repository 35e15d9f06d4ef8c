//! Argument parsing for `autoscale status` (read-commands.md §2.2 steps 1–3) and `autoscale
//! explain` (diagnose.md §2.2 steps 1–3). No I/O.

use crate::cli::args::{AutoscaleExplainArgs, AutoscaleStatusArgs};
use crate::errors::{AutoscaleError, CliError, CommonError, ExplainError};
use crate::ome::names::dns1123_subdomain_problems;
use crate::ome::request::{
    AutoscaleExplainRequest, AutoscaleStatusRequest, LiveFlags, OutputFormat,
};

/// Argument count, then `-o`, then the service name.
pub(crate) fn parse(args: &AutoscaleStatusArgs) -> Result<AutoscaleStatusRequest, CliError> {
    let [name] = args.names.as_slice() else {
        return Err(CommonError::ArgCount(args.names.len()).into());
    };
    let output = OutputFormat::parse_with_wide(&args.output)
        .ok_or_else(|| AutoscaleError::UnsupportedOutput(args.output.clone()))?;
    let name = name.clone();
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

/// `autoscale explain`: the argument count, then `-o` (no wide table), then the name.
pub(crate) fn parse_explain(
    args: &AutoscaleExplainArgs,
) -> Result<AutoscaleExplainRequest, CliError> {
    let [name] = args.names.as_slice() else {
        return Err(CommonError::ArgCount(args.names.len()).into());
    };
    let output = OutputFormat::parse_base(&args.output)
        .ok_or_else(|| ExplainError::UnsupportedOutput(args.output.clone()))?;
    let name = name.clone();
    let problems = dns1123_subdomain_problems(&name);
    if !problems.is_empty() {
        return Err(ExplainError::InvalidName { name, problems }.into());
    }
    Ok(AutoscaleExplainRequest {
        name,
        output,
        ome_namespace: args.ome_namespace.clone(),
    })
}
