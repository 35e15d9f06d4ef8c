//! TODO(helper): `kubectl ome migration` — replaced by the command implementation.

use crate::cli::ConnectionFlags;
use crate::cli::args::MigrationStatusArgs;
use crate::errors::{CliError, CommonError};

pub async fn run(_args: MigrationStatusArgs, _conn: ConnectionFlags) -> Result<(), CliError> {
    Err(CommonError::Usage("not implemented yet".to_string()).into())
}
