//! Argument parsing for `rollout status` (read-commands.md §5.1) and `rollout explain`
//! (rollout-explain.md §1.2): output format, then the service name. No I/O; the namespace is
//! checked once the kubeconfig is loaded.

use crate::cli::args::{RolloutExplainArgs, RolloutStatusArgs};
use crate::errors::{CliError, RolloutExplainError, RolloutStatusError};
use crate::ome::request::{RolloutExplainRequest, RolloutStatusRequest};

pub(crate) fn parse(args: &RolloutStatusArgs) -> Result<RolloutStatusRequest, CliError> {
    let (name, output) = args.parse::<RolloutStatusError>()?;
    Ok(RolloutStatusRequest { name, output })
}

pub(crate) fn parse_explain(args: &RolloutExplainArgs) -> Result<RolloutExplainRequest, CliError> {
    let (name, output) = args.parse::<RolloutExplainError>()?;
    Ok(RolloutExplainRequest { name, output })
}
