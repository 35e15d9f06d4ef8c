//! TODO(helper): `kubectl ome wait` — replaced by the command implementation.

use crate::cli::ConnectionFlags;
use crate::cli::args::WaitArgs;
use crate::errors::{CliError, CommonError};
use tokio_util::sync::CancellationToken;

pub async fn run(
    _args: WaitArgs,
    _conn: ConnectionFlags,
    _cancel: CancellationToken,
) -> Result<(), CliError> {
    Err(CommonError::Usage("not implemented yet".to_string()).into())
}
