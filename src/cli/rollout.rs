//! Argument parsing for `rollout status` (read-commands.md §5.1): output format, then the
//! service name. No I/O; the namespace is checked once the kubeconfig is loaded.

use crate::cli::args::RolloutStatusArgs;
use crate::errors::{CliError, RolloutStatusError};
use crate::ome::request::RolloutStatusRequest;

pub(crate) fn parse(args: &RolloutStatusArgs) -> Result<RolloutStatusRequest, CliError> {
    let (name, output) = args.parse::<RolloutStatusError>()?;
    Ok(RolloutStatusRequest { name, output })
}
