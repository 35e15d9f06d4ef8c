//! Reads for `runtime effective` (after-the-write.md §3.3) after the service: the runtime and
//! its parents with the model under one shared deadline, and concurrently each exact
//! ControllerRevision under its own limit. Every read is one shot and each object is read once;
//! a failure is evidence, never an error.

use super::http::paths;
use super::scale::{get_source_bytes, read_chain, read_models};
use super::selection::snapshot;
use crate::connect::RequestTimeout;
use crate::ome::evidence::ApiError;
use crate::ome::reads::{EffectivePlan, EffectiveReads, LiveReads};
use std::time::Duration;

/// The live reads (runtime, parents, model) share this deadline.
pub(crate) const LIVE_DEADLINE: Duration = Duration::from_secs(10);

/// Reads what `plan` names; the revisions go out with the live reads. A shorter
/// `--request-timeout` (`limit`) shortens the live deadline and each revision's limit.
pub(crate) async fn collect(
    client: &kube::Client,
    plan: &EffectivePlan,
    ome_namespace: &str,
    limit: RequestTimeout,
) -> EffectiveReads {
    let deadline = limit.capped(LIVE_DEADLINE).0.unwrap_or(LIVE_DEADLINE);
    let live = async {
        let chain = async {
            match &plan.runtime {
                Some((scopes, name)) => read_chain(client, scopes.clone(), name.clone()).await,
                None => (Vec::new(), false),
            }
        };
        let model = async {
            match &plan.model {
                Some(name) => Some(read_models(client, &plan.service_namespace, name).await),
                None => None,
            }
        };
        let snapshot = async {
            match plan.snapshot {
                true => Some(snapshot(client, &plan.service_namespace).await),
                false => None,
            }
        };
        let ((chain, chain_broken), model, snapshot) = futures::join!(chain, model, snapshot);
        LiveReads {
            chain,
            chain_broken,
            model,
            snapshot,
        }
    };
    let revisions = futures::future::join_all(plan.revisions.iter().map(|name| async move {
        let read = get_source_bytes(client, paths::controller_revision(ome_namespace, name));
        let read = tokio::time::timeout(deadline, read)
            .await
            .unwrap_or(Err(ApiError::TimedOut));
        (name.clone(), read)
    }));
    let (live, revisions) = futures::join!(tokio::time::timeout(deadline, live), revisions);
    EffectiveReads {
        live: live.ok(),
        revisions,
    }
}
