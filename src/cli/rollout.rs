//! Argument parsing for `rollout status` (read-commands.md §5.1): output format, then the
//! service name. No I/O; the namespace is checked once the kubeconfig is loaded.

use crate::cli::args::RolloutStatusArgs;
use crate::errors::{CliError, RolloutError};
use crate::ome::request::RolloutStatusRequest;

pub(crate) fn parse(args: &RolloutStatusArgs) -> Result<RolloutStatusRequest, CliError> {
    let (name, output) = args.parse::<RolloutError>()?;
    Ok(RolloutStatusRequest { name, output })
}
