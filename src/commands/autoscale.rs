//! TODO(helper): `kubectl ome autoscale` — replaced by the command implementation.

use crate::cli::ConnectionFlags;
use crate::cli::args::AutoscaleStatusArgs;
use crate::errors::{CliError, CommonError};

pub async fn run(_args: AutoscaleStatusArgs, _conn: ConnectionFlags) -> Result<(), CliError> {
    Err(CommonError::Usage("not implemented yet".to_string()).into())
}
