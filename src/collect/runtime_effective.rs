//! Reads for `runtime effective` (after-the-write.md §3.3) after the service: the runtime and
//! its parents with the model under one shared deadline, and concurrently each exact
//! ControllerRevision under its own limit. Every read is one shot and each object is read once;
//! a failure is evidence, never an error.

use super::http::paths;
use super::scale::{get_source_bytes, read_chain, read_models};
use crate::ome::reads::{EffectivePlan, EffectiveReads, LiveReads};
use std::time::Duration;

/// The live reads (runtime, parents, model) share this deadline.
pub(crate) const LIVE_DEADLINE: Duration = Duration::from_secs(10);

/// Reads what `plan` names; the revisions go out with the live reads.
pub(crate) async fn collect(
    client: &kube::Client,
    plan: &EffectivePlan,
    ome_namespace: &str,
) -> EffectiveReads {
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
        let ((chain, chain_broken), model) = futures::join!(chain, model);
        LiveReads {
            chain,
            chain_broken,
            model,
        }
    };
    let revisions = futures::future::join_all(plan.revisions.iter().map(|name| async move {
        let read = get_source_bytes(client, paths::controller_revision(ome_namespace, name)).await;
        (name.clone(), read)
    }));
    let (live, revisions) = futures::join!(tokio::time::timeout(LIVE_DEADLINE, live), revisions);
    EffectiveReads {
        live: live.ok(),
        revisions,
    }
}
