//! The one read of `rollout status` and `rollout explain`: the connection, the stored
//! InferenceService (as raw JSON: the rollout projection reads it strictly), bound to the
//! service asked for. A failed read is named on a check line before the error.

use super::failed_read::service_read_failed;
use crate::collect::rollout::get_inference_service_raw;
use crate::connect::{self, Connection, ConnectionFlags};
use crate::errors::{CliError, ConnectError, ReadPreamble};
use crate::ome::binding::{BindingProblem, UidRule, bind};
use crate::ome::evidence::ApiError;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde_json::Value;

/// A command's error for the shared steps.
pub(crate) trait ServiceReadError:
    Sized + Into<CliError> + From<ReadPreamble> + From<ConnectError>
{
    /// The GET failed (or returned no object).
    fn get(cause: Box<ApiError>) -> Self;
    /// The returned service is not the one asked for.
    fn binding(problem: BindingProblem) -> Self;
}

/// The service as read, and where.
pub(crate) struct BoundService {
    pub(crate) conn: Connection,
    pub(crate) raw: Value,
    pub(crate) metadata: ObjectMeta,
}

/// Connects, reads the service `name` and binds it.
pub(crate) async fn read_bound_service<E: ServiceReadError>(
    flags: &ConnectionFlags,
    name: &str,
) -> Result<BoundService, CliError> {
    let (conn, client) = connect::open(flags, |c| {
        ReadPreamble::check_namespace(&c.namespace).map_err(E::from)
    })
    .await
    .map_err(Into::into)?;
    let raw = get_inference_service_raw(&client, &conn.namespace, name, conn.request_timeout)
        .await
        .map_err(|e| {
            let shown = E::get(Box::new(e.clone()));
            service_read_failed(shown, &conn.namespace, name, &e, flags)
        })?;
    let metadata: ObjectMeta = raw
        .get("metadata")
        .and_then(|m| serde_json::from_value(m.clone()).ok())
        .ok_or_else(|| E::get(Box::new(ApiError::Malformed)).into())?;
    bind(&metadata, &conn.namespace, name, UidRule::Present).map_err(|p| E::binding(p).into())?;
    Ok(BoundService {
        conn,
        raw,
        metadata,
    })
}
