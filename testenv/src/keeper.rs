//! The controller's part on a kept demo cluster (`ome-demo --keep`): after the walkthrough the
//! stand-in keeps playing OME's controller for every service of the demo's namespace, so each
//! command of the user guide works there in order, clean-up included. A pass observes a changed
//! InferenceService or InferenceReplica spec (new Instances start as `Creating`, surplus ones
//! are drained), readies Instances once they have been seen for a moment, and has the demo's
//! kubelet run a Pod for every Ready Instance and delete the Pods of Instances that no longer
//! exist, so that `status` and `instance list` agree.

// JSON documents are read by key (serde_json's `Value`: a missing key reads as `Null`); the
// lint cannot tell that indexing from a slice's.
#![allow(clippy::indexing_slicing)]

use std::collections::HashMap;
use std::time::{Duration, Instant};

use anyhow::Result;
use kube::api::{Api, DynamicObject, ListParams};
use serde_json::Value;

use crate::Controller;
use crate::controller::rows_of;
use crate::crds::{ir_resource, isvc_resource};
use crate::kubelet::Kubelet;
use crate::objects::generation;
use crate::walkthrough::serving_log;

/// How often the stand-in looks at the namespace.
pub const PASS_INTERVAL: Duration = Duration::from_millis(500);
/// How long a new Instance stays `Creating` before it becomes Ready, so that a user sees it.
pub const CREATING_FOR: Duration = Duration::from_secs(2);

/// Plays the controller in `ns`, and `kubelet` for its Pods, until the future is dropped; a
/// failed pass is reported on stderr and the next one tries again (the user may be changing
/// objects meanwhile).
pub async fn keep_reconciling(controller: &Controller, kubelet: &Kubelet, ns: &str) {
    let mut keeper = Keeper::default();
    loop {
        if let Err(e) = keeper.pass(controller, kubelet, ns).await {
            eprintln!("ome-demo: controller pass failed: {e:#}");
        }
        tokio::time::sleep(PASS_INTERVAL).await;
    }
}

/// When each InferenceReplica was first seen with Instances that are not Ready.
#[derive(Default)]
struct Keeper {
    unready_since: HashMap<String, Instant>,
}

impl Keeper {
    async fn pass(&mut self, controller: &Controller, kubelet: &Kubelet, ns: &str) -> Result<()> {
        let client = controller.client().clone();
        let services: Api<DynamicObject> =
            Api::namespaced_with(client.clone(), ns, &isvc_resource());
        for isvc in services.list(&ListParams::default()).await? {
            let isvc = serde_json::to_value(isvc)?;
            if stale(&isvc) {
                controller.observe_isvc(ns, name(&isvc)).await?;
            }
        }
        let replicas: Api<DynamicObject> = Api::namespaced_with(client, ns, &ir_resource());
        for ir in replicas.list(&ListParams::default()).await? {
            let ir = serde_json::to_value(ir)?;
            let ir = self.reconcile_replica(controller, ns, &ir).await?;
            kubelet
                .run_instances(controller.client(), &ir, &serving_log)
                .await?;
        }
        Ok(())
    }

    /// Observes and readies the IR's Instances; returns the IR as it is now.
    async fn reconcile_replica(
        &mut self,
        controller: &Controller,
        ns: &str,
        ir: &Value,
    ) -> Result<Value> {
        let name = name(ir).to_string();
        let ir = if stale(ir) {
            controller.observe_replica(ns, &name).await?
        } else {
            ir.clone()
        };
        let (rows, _) = rows_of(&ir)?;
        if rows.iter().all(|r| r["phase"] == "Ready") {
            self.unready_since.remove(&name);
        } else {
            let since = *self
                .unready_since
                .entry(name.clone())
                .or_insert_with(Instant::now);
            if since.elapsed() >= CREATING_FOR {
                self.unready_since.remove(&name);
                return controller.mark_instances_ready(ns, &name).await;
            }
        }
        Ok(ir)
    }
}

/// The spec changed since the controller last observed it.
fn stale(obj: &Value) -> bool {
    obj["status"]["observedGeneration"].as_i64() != Some(generation(obj))
}

fn name(obj: &Value) -> &str {
    obj["metadata"]["name"].as_str().unwrap_or_default()
}
