//! A failed read of the service a command was asked about, named before the command's `error:`
//! line (README difference y): `<command> check: read object=InferenceService/<ns>/<name>
//! cause=<cause>` and what to run next.

use crate::connect::ConnectionFlags;
use crate::errors::read_check::ReadKind;
use crate::errors::{CliError, FailedStep};
use crate::ome::evidence::ApiError;

/// `error`, after the line naming the failed read of the InferenceService `namespace/name`.
pub(crate) fn service_read_failed(
    error: impl Into<CliError>,
    namespace: &str,
    name: &str,
    cause: &ApiError,
    flags: &ConnectionFlags,
) -> CliError {
    let step = FailedStep::read(
        ReadKind::InferenceService,
        namespace,
        name,
        cause,
        flags.context.as_deref(),
    );
    error.into().failed_at(step)
}
