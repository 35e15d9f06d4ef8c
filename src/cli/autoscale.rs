//! Argument parsing for `autoscale status` (read-commands.md §2.2 steps 1–3) and `autoscale
//! explain` (diagnose.md §2.2 steps 1–3). No I/O.

use crate::cli::args::{AutoscaleExplainArgs, AutoscaleStatusArgs};
use crate::errors::{AutoscaleExplainError, AutoscaleStatusError, CliError};
use crate::ome::request::{AutoscaleExplainRequest, AutoscaleStatusRequest, LiveFlags};

/// Argument count, then `-o`, then the service name.
pub(crate) fn parse(args: &AutoscaleStatusArgs) -> Result<AutoscaleStatusRequest, CliError> {
    let (name, output) = args.service.parse::<AutoscaleStatusError>()?;
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
    let (name, output) = args.service.parse::<AutoscaleExplainError>()?;
    Ok(AutoscaleExplainRequest {
        name,
        output,
        ome_namespace: args.ome_namespace.clone(),
    })
}
