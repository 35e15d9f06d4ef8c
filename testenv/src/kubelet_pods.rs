//! The test kubelet runs the Pods of the Instances the stand-in controller reports Ready, so
//! that what `status` counts (Pods) agrees with what `instance list` shows (Instances): one
//! Ready Pod on the kubelet's Node per Ready Instance, serving a log through `pods/log`.

// JSON documents are read by key (serde_json's `Value`: a missing key reads as `Null`); the
// lint cannot tell that indexing from a slice's.
#![allow(clippy::indexing_slicing)]

use std::collections::BTreeSet;

use anyhow::{Context, Result};
use k8s_openapi::api::core::v1::Pod;
use kube::api::{Api, DeleteParams, ListParams};
use serde_json::Value;

use crate::controller::rows_of;
use crate::kubelet::Kubelet;
use crate::pods::InstancePod;

impl Kubelet {
    /// Plays this kubelet for the Pods of the InferenceReplica `ir` (JSON as stored): every
    /// Ready Instance runs one Ready Pod on this Node, whose container logs `log(index)`, in
    /// place of any Pod of that Instance that is not Ready here (a Pending one, say); the Pods
    /// of Instances the IR no longer has are deleted. An Instance that is not Ready keeps its
    /// Pods as they are.
    pub async fn run_instances(
        &self,
        client: &kube::Client,
        ir: &Value,
        log: &dyn Fn(i64) -> String,
    ) -> Result<()> {
        let (rows, _) = rows_of(ir)?;
        let ns = ir["metadata"]["namespace"].as_str().unwrap_or_default();
        let (Some(isvc), Some(component)) = (
            ir["spec"]["parentRef"]["name"].as_str(),
            ir["spec"]["component"].as_str(),
        ) else {
            return Ok(());
        };
        let instances: BTreeSet<i64> = rows.iter().filter_map(|r| r["index"].as_i64()).collect();
        let ready: BTreeSet<i64> = rows
            .iter()
            .filter(|r| r["phase"] == "Ready")
            .filter_map(|r| r["index"].as_i64())
            .collect();
        let pods: Api<Pod> = Api::namespaced(client.clone(), ns);
        let selector = format!("ome.io/inferenceservice={isvc},component={component}");
        let mut running = BTreeSet::new();
        for pod in pods.list(&ListParams::default().labels(&selector)).await? {
            let index = instance_index(&pod);
            let here = index.filter(|i| ready.contains(i) && self.runs(&pod));
            if let Some(index) = here {
                running.insert(index);
                continue;
            }
            let gone = index.is_none_or(|i| !instances.contains(&i));
            let replaced = index.is_some_and(|i| ready.contains(&i));
            if let Some(name) = pod.metadata.name.as_deref().filter(|_| gone || replaced) {
                // Grace period 0: no real kubelet would confirm a graceful deletion.
                pods.delete(name, &DeleteParams::default().grace_period(0))
                    .await
                    .with_context(|| format!("deleting Pod {ns}/{name}"))?;
            }
        }
        for index in ready.difference(&running) {
            let pod = InstancePod::of(ir, *index)?.node(self.node());
            pod.create(client, ns).await?;
            self.log(ns, &pod.pod_name(), "ome-container")
                .write(log(*index));
        }
        Ok(())
    }

    /// The Pod runs on this Node and is Ready.
    fn runs(&self, pod: &Pod) -> bool {
        let here = pod.spec.as_ref().and_then(|s| s.node_name.as_deref()) == Some(self.node());
        let ready = pod
            .status
            .as_ref()
            .and_then(|s| s.conditions.as_ref())
            .is_some_and(|c| c.iter().any(|c| c.type_ == "Ready" && c.status == "True"));
        here && ready && pod.metadata.deletion_timestamp.is_none()
    }
}

/// The Pod's `ome.io/instance-index` label.
fn instance_index(pod: &Pod) -> Option<i64> {
    pod.metadata
        .labels
        .as_ref()?
        .get("ome.io/instance-index")?
        .parse()
        .ok()
}
