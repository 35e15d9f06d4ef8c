//! Pods and Warning Events of OMENative Instances, built for real in the API server.
//!
//! No kubelet runs in the test cluster, so a Pod is created with the labels and the controller
//! owner reference the IR controller would give it (api-contract §2.8), and its status is then
//! written through the `status` subresource, as a kubelet would. Events are created through the
//! core `v1` Events API, so field selectors (`involvedObject.*`, `type`) work as on a cluster.

// JSON documents are read and written by key (serde_json's `Value`: a missing key reads as
// `Null`, a write inserts); the lint cannot tell that indexing from a slice's.
#![allow(clippy::indexing_slicing)]

use anyhow::{Context, Result, anyhow};
use futures::{StreamExt, TryStreamExt};
use k8s_openapi::api::core::v1::{Event, Pod};
use kube::api::{Api, DeleteParams, Patch, PatchParams, PostParams};
use serde_json::{Value, json};

use crate::util::{now_rfc3339, rfc3339_in};

/// A finalizer that keeps a deleted Pod around (with its deletionTimestamp), so "deleting"
/// Pods can be shown without a kubelet.
pub const HOLD_FINALIZER: &str = "testenv.ome.io/hold";

/// What the Pod's status says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PodState {
    /// Running, every container Ready, `ome.io/serving` True.
    Ready,
    /// Running but not Ready (for example still loading the model).
    NotReady,
    /// Pending: not scheduled (`PodScheduled=False`, reason `Unschedulable`).
    Unschedulable,
    /// Running, the container waiting in `CrashLoopBackOff` after this many restarts.
    CrashLoop(i32),
}

/// One Pod of an Instance, in the IR's namespace: `<ir>-<index>` for the single pod of a
/// `default` runner (`<ir>-<index>-<ordinal>` in its other slot) and
/// `<ir>-<index:04>-<runner>-<ordinal>` for leader and worker pods (the shapes of the spec's
/// examples; the controller's format is not a contract). Labelled
/// `ome.io/inferenceservice`, `component`, `ome.io/managed-by=OMENative`,
/// `ome.io/instance-index`, `ome.io/instance-incarnation`, `ome.io/runner`,
/// `ome.io/pod-ordinal`, `ome.io/revision-hash`, and owned (controller) by the IR.
#[derive(Debug, Clone)]
pub struct InstancePod {
    isvc: String,
    component: String,
    ir_name: String,
    ir_uid: String,
    index: i64,
    incarnation: i64,
    runner: String,
    ordinal: i64,
    revision_hash: String,
    name: Option<String>,
    owner: Option<Value>,
    state: PodState,
    node: Option<String>,
    deleting: bool,
}

impl InstancePod {
    /// A Ready Pod of Instance `index` of the IR `ir` (JSON as stored): runner `default`,
    /// ordinal 0, incarnation 1, the IR's update revision hash.
    pub fn of(ir: &Value, index: i64) -> Result<InstancePod> {
        let text = |pointer: &str| {
            ir.pointer(pointer)
                .and_then(Value::as_str)
                .map(str::to_string)
                .ok_or_else(|| anyhow!("IR has no {pointer}"))
        };
        let ir_name = text("/metadata/name")?;
        let revision = text("/status/updateRevision").unwrap_or_default();
        let revision_hash = revision
            .rsplit_once('-')
            .map(|(_, hash)| hash.to_string())
            .unwrap_or_default();
        Ok(InstancePod {
            isvc: text("/spec/parentRef/name")?,
            component: text("/spec/component")?,
            ir_uid: text("/metadata/uid")?,
            ir_name,
            index,
            incarnation: 1,
            runner: "default".into(),
            ordinal: 0,
            revision_hash,
            name: None,
            owner: None,
            state: PodState::Ready,
            node: Some(format!("gpu-node-{index}")),
            deleting: false,
        })
    }

    /// The runner (`default`, `leader`, `worker`) and the pod ordinal.
    pub fn runner(mut self, runner: &str, ordinal: i64) -> Self {
        self.runner = runner.into();
        self.ordinal = ordinal;
        self
    }

    /// The `ome.io/instance-incarnation` label.
    pub fn incarnation(mut self, incarnation: i64) -> Self {
        self.incarnation = incarnation;
        self
    }

    /// Overrides the Pod name.
    pub fn name(mut self, name: &str) -> Self {
        self.name = Some(name.into());
        self
    }

    /// Replaces the controller owner reference (a foreign owner, for identity tests).
    pub fn owner(mut self, owner_ref: Value) -> Self {
        self.owner = Some(owner_ref);
        self
    }

    /// The status to write.
    pub fn state(mut self, state: PodState) -> Self {
        if state == PodState::Unschedulable {
            self.node = None;
        }
        self.state = state;
        self
    }

    /// The Node the Pod runs on (by default `gpu-node-<index>`, which has no kubelet).
    pub fn node(mut self, node: &str) -> Self {
        self.node = Some(node.into());
        self
    }

    /// Deletes the Pod after creating it; a finalizer keeps it, with its deletionTimestamp.
    pub fn deleting(mut self) -> Self {
        self.deleting = true;
        self
    }

    /// The Pod name.
    pub fn pod_name(&self) -> String {
        if let Some(name) = &self.name {
            return name.clone();
        }
        match (self.runner.as_str(), self.ordinal) {
            ("default", 0) => format!("{}-{}", self.ir_name, self.index),
            ("default", ordinal) => format!("{}-{}-{ordinal}", self.ir_name, self.index),
            (runner, ordinal) => format!("{}-{:04}-{runner}-{ordinal}", self.ir_name, self.index),
        }
    }

    fn manifest(&self) -> Value {
        let owner = self.owner.clone().unwrap_or_else(|| {
            json!({"apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica",
                   "name": self.ir_name, "uid": self.ir_uid,
                   "controller": true, "blockOwnerDeletion": true})
        });
        let mut metadata = json!({
            "name": self.pod_name(),
            "labels": {
                "ome.io/inferenceservice": self.isvc,
                "component": self.component,
                "ome.io/managed-by": "OMENative",
                "ome.io/instance-index": self.index.to_string(),
                "ome.io/instance-incarnation": self.incarnation.to_string(),
                "ome.io/runner": self.runner,
                "ome.io/pod-ordinal": self.ordinal.to_string(),
                "ome.io/revision-hash": self.revision_hash,
            },
            "ownerReferences": [owner],
        });
        if self.deleting {
            metadata["finalizers"] = json!([HOLD_FINALIZER]);
        }
        let mut spec =
            json!({"containers": [{"name": "ome-container", "image": "lmsysorg/sglang:latest"}]});
        if let Some(node) = &self.node {
            spec["nodeName"] = json!(node);
        }
        json!({"apiVersion": "v1", "kind": "Pod", "metadata": metadata, "spec": spec})
    }

    fn status(&self) -> Value {
        let now = now_rfc3339();
        let started = rfc3339_in(-300);
        let condition = |type_: &str, status: bool| {
            json!({"type": type_, "status": if status { "True" } else { "False" },
                   "lastTransitionTime": now})
        };
        let container = |ready: bool, restarts: i32, state: Value| {
            json!([{"name": "ome-container", "image": "lmsysorg/sglang:latest",
                    "imageID": "", "ready": ready, "restartCount": restarts, "started": ready,
                    "state": state}])
        };
        let running = json!({"running": {"startedAt": started}});
        match &self.state {
            PodState::Ready | PodState::NotReady => {
                let ready = self.state == PodState::Ready;
                json!({"phase": "Running", "startTime": started, "conditions": [
                    condition("PodScheduled", true), condition("Initialized", true),
                    condition("ContainersReady", ready), condition("Ready", ready),
                    condition("ome.io/serving", ready)],
                    "containerStatuses": container(ready, 0, running)})
            }
            PodState::Unschedulable => json!({"phase": "Pending", "conditions": [{
                "type": "PodScheduled", "status": "False", "reason": "Unschedulable",
                "message": "0/3 nodes are available: 3 Insufficient nvidia.com/gpu.",
                "lastTransitionTime": now}]}),
            PodState::CrashLoop(restarts) => {
                let waiting = json!({"waiting": {"reason": "CrashLoopBackOff",
                    "message": "back-off 5m0s restarting failed container"}});
                json!({"phase": "Running", "startTime": started, "conditions": [
                    condition("PodScheduled", true), condition("Initialized", true),
                    condition("ContainersReady", false), condition("Ready", false),
                    condition("ome.io/serving", false)],
                    "containerStatuses": container(false, *restarts, waiting)})
            }
        }
    }

    /// Creates the Pod, writes its status and, with [`InstancePod::deleting`], deletes it
    /// (the finalizer keeps it). Returns the Pod as stored.
    pub async fn create(&self, client: &kube::Client, ns: &str) -> Result<Value> {
        let api: Api<Pod> = Api::namespaced(client.clone(), ns);
        let name = self.pod_name();
        let pod: Pod = serde_json::from_value(self.manifest()).context("decoding Pod")?;
        api.create(&PostParams::default(), &pod)
            .await
            .with_context(|| format!("creating Pod {name}"))?;
        let stored = api
            .patch_status(
                &name,
                &PatchParams::default(),
                &Patch::Merge(json!({"status": self.status()})),
            )
            .await
            .with_context(|| format!("writing Pod {name} status"))?;
        let stored = if self.deleting {
            api.delete(&name, &DeleteParams::default())
                .await
                .with_context(|| format!("deleting Pod {name}"))?;
            api.get(&name).await.context("reading deleted Pod")?
        } else {
            stored
        };
        serde_json::to_value(stored).context("encoding Pod")
    }
}

/// Removes the hold finalizer of a Pod made with [`InstancePod::deleting`] (it then goes away).
pub async fn release_pod(client: &kube::Client, ns: &str, name: &str) -> Result<()> {
    let api: Api<Pod> = Api::namespaced(client.clone(), ns);
    api.patch(
        name,
        &PatchParams::default(),
        &Patch::Merge(json!({"metadata": {"finalizers": null}})),
    )
    .await
    .with_context(|| format!("releasing Pod {name}"))?;
    Ok(())
}

/// One Event about an object, in the legacy core form a kubelet or controller writes
/// (`count`, `firstTimestamp`, `lastTimestamp`, `source`).
#[derive(Debug, Clone)]
pub struct EventFixture {
    /// `Warning` or `Normal`.
    pub type_: String,
    /// The reason, e.g. `BackOff` or `FailedScheduling`.
    pub reason: String,
    /// The message (a kubelet's free text).
    pub message: String,
    /// `count`.
    pub count: i32,
    /// `firstTimestamp`, seconds relative to now (negative for the past).
    pub first_seen: i64,
    /// `lastTimestamp`, seconds relative to now.
    pub last_seen: i64,
}

impl EventFixture {
    /// A Warning with this reason and message, seen `count` times in the last minutes.
    pub fn warning(reason: &str, message: &str, count: i32) -> EventFixture {
        EventFixture {
            type_: "Warning".into(),
            reason: reason.into(),
            message: message.into(),
            count,
            first_seen: -600,
            last_seen: -30,
        }
    }

    /// The same as a Normal event.
    pub fn normal(reason: &str, message: &str) -> EventFixture {
        EventFixture {
            type_: "Normal".into(),
            ..EventFixture::warning(reason, message, 1)
        }
    }

    /// Sets first and last seen (seconds relative to now).
    pub fn seen(mut self, first: i64, last: i64) -> Self {
        self.first_seen = first;
        self.last_seen = last;
        self
    }

    /// Creates the event about `object` (any JSON object with apiVersion, kind and metadata)
    /// in `ns`, named `<object>.<suffix>`. Returns it as stored.
    pub async fn create(
        &self,
        client: &kube::Client,
        ns: &str,
        object: &Value,
        suffix: &str,
    ) -> Result<Value> {
        let text = |pointer: &str| {
            object
                .pointer(pointer)
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string()
        };
        let object_name = text("/metadata/name");
        let name = format!("{object_name}.{suffix}");
        let event: Event = serde_json::from_value(json!({
            "metadata": {"name": name, "namespace": ns},
            "involvedObject": {
                "apiVersion": text("/apiVersion"), "kind": text("/kind"),
                "name": object_name, "namespace": ns, "uid": text("/metadata/uid"),
            },
            "type": self.type_,
            "reason": self.reason,
            "message": self.message,
            "count": self.count,
            "firstTimestamp": rfc3339_in(self.first_seen),
            "lastTimestamp": rfc3339_in(self.last_seen),
            "source": {"component": "kubelet", "host": "gpu-node-0"},
        }))
        .context("decoding Event")?;
        let api: Api<Event> = Api::namespaced(client.clone(), ns);
        let stored = api
            .create(&PostParams::default(), &event)
            .await
            .with_context(|| format!("creating Event {name}"))?;
        serde_json::to_value(stored).context("encoding Event")
    }
}

/// Creates `n` Warning events with distinct reasons `<reason>-<i>` about `object`, eight at a
/// time. For truncation tests.
pub async fn many_warnings(
    client: &kube::Client,
    ns: &str,
    object: &Value,
    reason: &str,
    n: usize,
) -> Result<()> {
    futures::stream::iter(0..n)
        .map(|i| {
            let event = EventFixture::warning(&format!("{reason}{i:03}"), "repeated", 1);
            async move {
                event
                    .create(client, ns, object, &format!("w{i:03}"))
                    .await
                    .map(|_| ())
            }
        })
        .buffer_unordered(8)
        .try_collect::<Vec<()>>()
        .await?;
    Ok(())
}

/// The usual evidence of a failing Instance: the `BackOff` warning of a crash-looping Pod.
pub fn back_off() -> EventFixture {
    EventFixture::warning(
        "BackOff",
        "Back-off restarting failed container ome-container",
        4,
    )
}

/// The usual evidence of an unschedulable Pod.
pub fn failed_scheduling() -> EventFixture {
    EventFixture::warning(
        "FailedScheduling",
        "0/3 nodes are available: 3 Insufficient nvidia.com/gpu.",
        2,
    )
}
