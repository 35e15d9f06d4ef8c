//! Argument parsing for `rollout status` (read-commands.md §5.1): output format, then the
//! service name. No I/O; the namespace is checked once the kubeconfig is loaded.

use crate::cli::args::RolloutStatusArgs;
use crate::errors::{CliError, CommonError, RolloutError};
use crate::ome::names::is_dns1123_subdomain;
use crate::ome::request::{OutputFormat, RolloutStatusRequest};

pub(crate) fn parse(args: &RolloutStatusArgs) -> Result<RolloutStatusRequest, CliError> {
    let [name] = args.names.as_slice() else {
        return Err(CommonError::ArgCount(args.names.len()).into());
    };
    let output = OutputFormat::parse_with_wide(&args.output)
        .ok_or_else(|| RolloutError::UnsupportedOutput(args.output.clone()))?;
    let name = name.clone();
    if !is_dns1123_subdomain(&name) {
        return Err(RolloutError::InvalidName.into());
    }
    Ok(RolloutStatusRequest { name, output })
}
