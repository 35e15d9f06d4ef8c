//! TODO(helper): `kubectl ome scale` — replaced by the command implementation.

use crate::cli::ConnectionFlags;
use crate::cli::args::ScaleArgs;
use crate::errors::{CliError, CommonError};
use tokio_util::sync::CancellationToken;

pub async fn run(
    _args: ScaleArgs,
    _conn: ConnectionFlags,
    _cancel: CancellationToken,
) -> Result<(), CliError> {
    Err(CommonError::Usage("not implemented yet".to_string()).into())
}
