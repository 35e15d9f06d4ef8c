//! TODO(helper): `kubectl ome instance` — replaced by the command implementation.

use crate::cli::ConnectionFlags;
use crate::cli::args::InstanceListArgs;
use crate::errors::{CliError, CommonError};

pub async fn run(_args: InstanceListArgs, _conn: ConnectionFlags) -> Result<(), CliError> {
    Err(CommonError::Usage("not implemented yet".to_string()).into())
}
