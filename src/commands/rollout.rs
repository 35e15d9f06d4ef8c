//! TODO(helper): `kubectl ome rollout` — replaced by the command implementation.

use crate::cli::ConnectionFlags;
use crate::cli::args::RolloutStatusArgs;
use crate::errors::{CliError, CommonError};

pub async fn run(_args: RolloutStatusArgs, _conn: ConnectionFlags) -> Result<(), CliError> {
    Err(CommonError::Usage("not implemented yet".to_string()).into())
}
