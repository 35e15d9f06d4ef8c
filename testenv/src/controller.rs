//! Controller stand-ins: each helper changes one piece of evidence the way the OME controller or
//! an autoscaler would, as the `admin` user (merge patches, `/status` and `/scale` writes).
//!
//! There is no real controller in the test cluster: nothing happens unless a test calls these.

// JSON documents are read and written by key (serde_json's `Value`: a missing key reads as
// `Null`, a write inserts); the lint cannot tell that indexing from a slice's.
#![allow(clippy::indexing_slicing)]

use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use k8s_openapi::api::autoscaling::v1::Scale;
use kube::api::{Api, DynamicObject, Patch, PatchParams};
use serde_json::{Value, json};

use crate::columnar;
use crate::crds::{ir_resource, isvc_resource};
use crate::fixtures::{Component, Encoding, owner_ref, row_counts, set_rows};
use crate::objects::{self, generation, get, merge_patch, merge_patch_status};
use crate::util::{now_rfc3339, rfc3339_in, uuid_like};
use crate::wait::poll_until;

/// The controller/autoscaler stand-in. Build it with an admin client.
#[derive(Clone)]
pub struct Controller {
    client: kube::Client,
}

impl std::fmt::Debug for Controller {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Controller")
    }
}

/// The DenseV1 rows of an IR (decoding ColumnarV2 when needed) and its current encoding.
pub fn rows_of(ir: &Value) -> Result<(Vec<Value>, Encoding)> {
    let status = &ir["status"];
    if status["instanceStatusEncoding"] == "ColumnarV2" {
        let rows = columnar::decode(&status["instanceStatusColumns"])?;
        Ok((rows, Encoding::ColumnarV2))
    } else {
        let rows = status["instanceStatuses"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        Ok((rows, Encoding::DenseV1))
    }
}

fn default_step(op_type: &str) -> &'static str {
    match op_type {
        "Create" => "CreatePods",
        "Update" => "WaitReady",
        "Restart" => "Recreate",
        "Migrate" => "DrainOld",
        "Delete" => "DeletePods",
        _ => "WaitReady",
    }
}

/// An in-flight InstanceOperation of `op_type` (Create/Update/Restart/Migrate/Delete).
pub fn operation(op_type: &str, index: i64, target_revision: &str) -> Value {
    let mut op = json!({
        "id": format!("{}-{index:04}", op_type.to_ascii_lowercase()),
        "type": op_type,
        "step": default_step(op_type),
        "startedAt": rfc3339_in(-60),
        "lastProgressAt": now_rfc3339(),
        "deadline": rfc3339_in(600),
        "targetRevision": target_revision,
    });
    match op_type {
        "Update" => op["strategy"] = json!("SurgeThenDrain"),
        "Migrate" => {
            op["requestUUID"] = json!(uuid_like());
            op["fromNode"] = json!("gpu-node-a");
        }
        _ => {}
    }
    op
}

fn is_terminal_migration(phase: &str) -> bool {
    matches!(phase, "Completed" | "Failed" | "Relocated")
}

impl Controller {
    /// A stand-in writing with `client` (use an admin client).
    pub fn new(client: kube::Client) -> Self {
        Controller { client }
    }

    /// A stand-in with a fresh admin client of `cluster`.
    pub async fn for_cluster(cluster: &crate::TestCluster) -> Result<Self> {
        Ok(Controller::new(cluster.admin().await?))
    }

    /// The client it writes with.
    pub fn client(&self) -> &kube::Client {
        &self.client
    }

    /// GET an InferenceReplica.
    pub async fn ir(&self, ns: &str, ir: &str) -> Result<Value> {
        get(&self.client, &ir_resource(), Some(ns), ir).await
    }

    /// GET an InferenceService.
    pub async fn isvc(&self, ns: &str, isvc: &str) -> Result<Value> {
        get(&self.client, &isvc_resource(), Some(ns), isvc).await
    }

    /// Merge patch on an InferenceService (spec or metadata).
    pub async fn patch_isvc(&self, ns: &str, isvc: &str, patch: Value) -> Result<Value> {
        merge_patch(&self.client, &isvc_resource(), Some(ns), isvc, patch).await
    }

    /// Merge patch on an InferenceService's `/status` (pass `{"status": {...}}`).
    pub async fn patch_isvc_status(&self, ns: &str, isvc: &str, patch: Value) -> Result<Value> {
        merge_patch_status(&self.client, &isvc_resource(), Some(ns), isvc, patch).await
    }

    /// Merge patch on an InferenceReplica (spec or metadata).
    pub async fn patch_ir(&self, ns: &str, ir: &str, patch: Value) -> Result<Value> {
        merge_patch(&self.client, &ir_resource(), Some(ns), ir, patch).await
    }

    /// Merge patch on an InferenceReplica's spec or metadata, then `status.observedGeneration`
    /// set to the new generation, as the controller does once it has seen the change.
    /// Returns the object after both writes.
    pub async fn patch_ir_observed(&self, ns: &str, ir: &str, patch: Value) -> Result<Value> {
        let updated = self.patch_ir(ns, ir, patch).await?;
        let generation = updated["metadata"]["generation"]
            .as_i64()
            .unwrap_or_default();
        self.set_ir_observed_generation(ns, ir, generation).await
    }

    /// Merge patch on an InferenceReplica's `/status` (pass `{"status": {...}}`), e.g. to store
    /// deliberately malformed evidence.
    pub async fn patch_ir_status(&self, ns: &str, ir: &str, patch: Value) -> Result<Value> {
        merge_patch_status(&self.client, &ir_resource(), Some(ns), ir, patch).await
    }

    /// Writes `rows` (in `encoding`) with recomputed counts; `extra` is merged into the status
    /// patch. Then refreshes the parent's lifecycle mirror counts.
    pub async fn write_rows(
        &self,
        ns: &str,
        ir: &Value,
        rows: Vec<Value>,
        encoding: Encoding,
        extra: Value,
    ) -> Result<Value> {
        let name = ir["metadata"]["name"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let (total, ready, serving, available) = row_counts(&rows);
        let mut status = json!({
            "replicas": total, "readyReplicas": ready, "servingReplicas": serving,
            "availableReplicas": available, "updatedReplicas": total, "updatedReadyReplicas": ready,
        });
        if let (Some(s), Some(e)) = (status.as_object_mut(), extra.as_object()) {
            for (k, v) in e {
                s.insert(k.clone(), v.clone());
            }
        }
        set_rows(&mut status, rows, encoding);
        let updated = self
            .patch_ir_status(ns, &name, json!({"status": status}))
            .await?;
        self.mirror_lifecycle(ns, &updated).await?;
        Ok(updated)
    }

    /// Copies the IR's counts and revisions into the parent ISVC's
    /// `status.components.<c>.lifecycle` (no-op for an IR without parent).
    pub async fn mirror_lifecycle(&self, ns: &str, ir: &Value) -> Result<()> {
        let Some(parent) = ir["spec"]["parentRef"]["name"].as_str() else {
            return Ok(());
        };
        let c = ir["spec"]["component"].as_str().unwrap_or_default();
        let s = &ir["status"];
        let mirror = json!({
            "currentRevision": s["currentRevision"], "updateRevision": s["updateRevision"],
            "labelSelector": s["labelSelector"],
            "replicas": s["replicas"], "readyReplicas": s["readyReplicas"],
            "servingReplicas": s["servingReplicas"], "availableReplicas": s["availableReplicas"],
            "updatedReplicas": s["updatedReplicas"], "updatedReadyReplicas": s["updatedReadyReplicas"],
        });
        self.patch_isvc_status(
            ns,
            parent,
            json!({"status": {"components": {c: {"lifecycle": mirror}}}}),
        )
        .await?;
        Ok(())
    }

    /// IR controller pass after a `spec.replicas` change: `observedGeneration := generation`,
    /// new Instances appear as `Creating` rows with a `Create` operation (next free indexes),
    /// surplus rows are removed (keeping Ready rows first, then lower indexes), counts and the
    /// ISVC lifecycle mirror are updated.
    pub async fn observe_replica(&self, ns: &str, ir: &str) -> Result<Value> {
        let obj = self.ir(ns, ir).await?;
        let desired = obj["spec"]["replicas"]
            .as_i64()
            .filter(|n| *n > 0)
            .unwrap_or(1) as usize;
        let (mut rows, encoding) = rows_of(&obj)?;
        let target = obj["status"]["updateRevision"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        if desired > rows.len() {
            let mut next = rows
                .iter()
                .filter_map(|r| r["index"].as_i64())
                .max()
                .map_or(0, |m| m + 1);
            while rows.len() < desired {
                rows.push(json!({
                    "index": next, "incarnation": 1, "phase": "Creating",
                    "targetRevision": target, "podCount": 1, "admitted": true,
                    "operation": operation("Create", next, &target),
                }));
                next += 1;
            }
        } else if desired < rows.len() {
            let mut ranked: Vec<(bool, i64)> = rows
                .iter()
                .map(|r| (r["phase"] != "Ready", r["index"].as_i64().unwrap_or(0)))
                .collect();
            ranked.sort();
            let keep: Vec<i64> = ranked.into_iter().take(desired).map(|(_, i)| i).collect();
            rows.retain(|r| keep.contains(&r["index"].as_i64().unwrap_or(0)));
        }
        let extra = json!({"observedGeneration": generation(&obj)});
        self.write_rows(ns, &obj, rows, encoding, extra).await
    }

    /// Every Instance becomes Ready on the update revision (operations cleared), counts and the
    /// mirror follow; `currentRevision := updateRevision`.
    pub async fn mark_instances_ready(&self, ns: &str, ir: &str) -> Result<Value> {
        let obj = self.ir(ns, ir).await?;
        let (rows, encoding) = rows_of(&obj)?;
        let rev = obj["status"]["updateRevision"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let now = now_rfc3339();
        let rows = rows
            .into_iter()
            .map(|mut r| {
                let was_ready = r["phase"] == "Ready";
                if let Some(m) = r.as_object_mut() {
                    m.remove("operation");
                    m.remove("targetRevision");
                    m.insert("phase".into(), json!("Ready"));
                    m.insert("runningRevision".into(), json!(rev));
                    for k in ["podCount", "servingPodCount", "availablePodCount"] {
                        m.insert(k.into(), json!(1));
                    }
                    m.insert("admitted".into(), json!(true));
                    if m.get("incarnation").and_then(Value::as_i64).unwrap_or(0) < 1 {
                        m.insert("incarnation".into(), json!(1));
                    }
                    if !was_ready {
                        m.insert("readySince".into(), json!(now));
                    }
                }
                r
            })
            .collect();
        self.write_rows(ns, &obj, rows, encoding, json!({"currentRevision": rev}))
            .await
    }

    /// Sets the phase of the Instance `index`; `with_operation: Some(type)` attaches an in-flight
    /// operation of that type (Create/Update/Restart/Migrate/Delete), `None` removes any.
    /// The phase is stored verbatim, so unknown phases can be tested.
    pub async fn set_instance_phase(
        &self,
        ns: &str,
        ir: &str,
        index: i64,
        phase: &str,
        with_operation: Option<&str>,
    ) -> Result<Value> {
        let obj = self.ir(ns, ir).await?;
        let (mut rows, encoding) = rows_of(&obj)?;
        let target = obj["status"]["updateRevision"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let row = rows
            .iter_mut()
            .find(|r| r["index"].as_i64() == Some(index))
            .ok_or_else(|| anyhow!("{ir} has no Instance {index}"))?;
        let m = row
            .as_object_mut()
            .ok_or_else(|| anyhow!("malformed row"))?;
        m.insert("phase".into(), json!(phase));
        match with_operation {
            Some(t) => {
                m.insert("operation".into(), operation(t, index, &target));
            }
            None => {
                m.remove("operation");
            }
        }
        self.write_rows(ns, &obj, rows, encoding, json!({})).await
    }

    /// Appends a migration record in `phase` (stored verbatim, e.g. the legacy `Pending`) for
    /// the first Instance; returns its `requestUUID`. The record is shaped as the controller
    /// writes it (evidence-strictness.md §2.6): a manual surge (attempt 0) whose surge Instance
    /// and allocation time appear from `SurgePending` on, or for `Relocated` an automatic
    /// relocation (attempt 1, `succeeded: true`); terminal phases carry `completedAt`.
    pub async fn add_migration(&self, ns: &str, ir: &str, phase: &str) -> Result<String> {
        let obj = self.ir(ns, ir).await?;
        let (rows, _) = rows_of(&obj)?;
        let source = rows.first().and_then(|r| r["index"].as_i64()).unwrap_or(0);
        let surge = rows
            .iter()
            .filter_map(|r| r["index"].as_i64())
            .max()
            .map_or(1, |m| m + 1);
        let uuid = uuid_like();
        let auto = phase == "Relocated";
        let mut record = json!({
            "requestUUID": uuid,
            "trigger": if auto { "Auto" } else { "Manual" },
            "sourceInstance": source, "phase": phase,
            "startedAt": rfc3339_in(-120), "deadline": rfc3339_in(780),
            "fromNode": "gpu-node-a", "attempt": if auto { 1 } else { 0 },
            "reason": "fragmentation",
        });
        if matches!(
            phase,
            "SurgePending" | "SurgeReady" | "Draining" | "Completed"
        ) {
            record["surgeInstance"] = json!(surge);
            record["allocatedAt"] = json!(rfc3339_in(-110));
        }
        if is_terminal_migration(phase) {
            record["completedAt"] = json!(now_rfc3339());
            if auto {
                record["succeeded"] = json!(true);
            }
        }
        let mut migrations = obj["status"]["migrations"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        migrations.push(record);
        self.patch_ir_status(ns, ir, json!({"status": {"migrations": migrations}}))
            .await?;
        Ok(uuid)
    }

    /// Appends a retry block (`state`: Backoff/Held/RetryInProgress) for `target_revision`.
    pub async fn add_retry_block(
        &self,
        ns: &str,
        ir: &str,
        target_revision: &str,
        state: &str,
    ) -> Result<Value> {
        let obj = self.ir(ns, ir).await?;
        let mut blocks = obj["status"]["retryBlocks"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let mut block = json!({"targetRevision": target_revision, "state": state, "attemptsStarted": 3,
            "firstFailureAt": rfc3339_in(-3600), "lastFailureAt": rfc3339_in(-600),
            "reason": "container-restart"});
        if state == "Backoff" {
            block["nextRetryAt"] = json!(rfc3339_in(300));
        }
        blocks.push(block);
        self.patch_ir_status(ns, ir, json!({"status": {"retryBlocks": blocks}}))
            .await
    }

    /// Sets (or with `None` removes) `status.components.<c>.rolloutPhase`.
    pub async fn set_rollout_phase(
        &self,
        ns: &str,
        isvc: &str,
        c: Component,
        phase: Option<&str>,
    ) -> Result<Value> {
        self.patch_isvc_status(
            ns,
            isvc,
            json!({"status": {"components": {c.as_str(): {"rolloutPhase": phase}}}}),
        )
        .await
    }

    /// Sets (`Some(run_id)`) or clears (`None`) `status.rollout.activeRun`.
    pub async fn set_active_run(
        &self,
        ns: &str,
        isvc: &str,
        run_id: Option<&str>,
    ) -> Result<Value> {
        let run = match run_id {
            Some(id) => {
                let obj = self.isvc(ns, isvc).await?;
                let targets: Vec<Value> = Component::ALL
                    .iter()
                    .filter_map(|c| {
                        let l = &obj["status"]["components"][c.as_str()]["lifecycle"];
                        l.get("updateRevision").map(|r| {
                            json!({"component": c.as_str(),
                            "revision": r, "stableRevision": l["currentRevision"]})
                        })
                    })
                    .collect();
                json!({"runID": id, "openedAt": rfc3339_in(-60), "pinnedAt": rfc3339_in(-60),
                       "targetRevisions": targets,
                       "plan": {"groups": [{"source": "Inline",
                                            "group": {"components": ["engine", "decoder", "router"]}}]}})
            }
            None => Value::Null,
        };
        self.patch_isvc_status(ns, isvc, json!({"status": {"rollout": {"activeRun": run}}}))
            .await
    }

    /// Replaces `status.rolloutCoordination.groups` with one group `name` over `components` in
    /// group phase `phase`. When `name` is the index of a `spec.rollout.groups[]` entry with a
    /// `blueGreen`, `rollingUpdate` or `sequential` progression, the entry carries the matching
    /// `policy`, as OME writes it.
    pub async fn set_group_phase(
        &self,
        ns: &str,
        isvc: &str,
        name: &str,
        components: &[Component],
        phase: &str,
    ) -> Result<Value> {
        let comps: Vec<&str> = components.iter().map(|c| c.as_str()).collect();
        let obj = self.isvc(ns, isvc).await?;
        let group = name
            .parse::<usize>()
            .ok()
            .and_then(|i| obj["spec"]["rollout"]["groups"].get(i).cloned())
            .unwrap_or(Value::Null);
        let policy = [
            ("blueGreen", "BlueGreen"),
            ("rollingUpdate", "RollingUpdate"),
            ("sequential", "Sequential"),
        ]
        .iter()
        .find(|(key, _)| group.get(*key).is_some_and(|v| !v.is_null()))
        .map(|(_, policy)| *policy);
        let mut entry = json!({
            "name": name, "components": comps, "phase": phase, "lastTransitionTime": now_rfc3339(),
        });
        if let Some(policy) = policy {
            entry["policy"] = json!(policy);
        }
        self.patch_isvc_status(
            ns,
            isvc,
            json!({"status": {"rolloutCoordination": {"groups": [entry]}}}),
        )
        .await
    }

    /// Replaces `status.components.<c>.autoscaler` with `block` (e.g. to make it disagree).
    pub async fn set_autoscaler_status(
        &self,
        ns: &str,
        isvc: &str,
        c: Component,
        block: Value,
    ) -> Result<Value> {
        // Null first so that stale keys do not survive the merge.
        self.patch_isvc_status(
            ns,
            isvc,
            json!({"status": {"components": {c.as_str(): {"autoscaler": null}}}}),
        )
        .await?;
        self.patch_isvc_status(
            ns,
            isvc,
            json!({"status": {"components": {c.as_str(): {"autoscaler": block}}}}),
        )
        .await
    }

    /// Sets (`Some`) or removes (`None`) an ISVC annotation.
    pub async fn annotate_isvc(
        &self,
        ns: &str,
        isvc: &str,
        key: &str,
        value: Option<&str>,
    ) -> Result<Value> {
        self.patch_isvc(ns, isvc, json!({"metadata": {"annotations": {key: value}}}))
            .await
    }

    /// Sets (`Some`) or removes (`None`) an IR annotation.
    pub async fn annotate_ir(
        &self,
        ns: &str,
        ir: &str,
        key: &str,
        value: Option<&str>,
    ) -> Result<Value> {
        self.patch_ir(ns, ir, json!({"metadata": {"annotations": {key: value}}}))
            .await
    }

    /// Sets the `ome.io/runtime-sync` annotation and `status.lastRuntimeSyncToken` (`None`
    /// removes each). Different values mean a runtime sync is pending.
    pub async fn set_runtime_sync(
        &self,
        ns: &str,
        isvc: &str,
        annotation: Option<&str>,
        status_token: Option<&str>,
    ) -> Result<Value> {
        self.annotate_isvc(ns, isvc, "ome.io/runtime-sync", annotation)
            .await?;
        self.patch_isvc_status(
            ns,
            isvc,
            json!({"status": {"lastRuntimeSyncToken": status_token}}),
        )
        .await
    }

    /// Edits the ISVC spec (bumps `timeoutSeconds` of its first component), so its generation
    /// grows while `status.observedGeneration`, the lifecycle mirrors and the IRs'
    /// `ome.io/parent-generation` stay stale. Returns the new generation.
    pub async fn bump_isvc_generation_without_restamp(&self, ns: &str, isvc: &str) -> Result<i64> {
        let obj = self.isvc(ns, isvc).await?;
        let c = Component::ALL
            .into_iter()
            .find(|c| obj["spec"].get(c.as_str()).is_some())
            .ok_or_else(|| anyhow!("{isvc} has no component"))?;
        let timeout = obj["spec"][c.as_str()]["timeoutSeconds"]
            .as_i64()
            .unwrap_or(60)
            + 1;
        let updated = self
            .patch_isvc(
                ns,
                isvc,
                json!({"spec": {c.as_str(): {"timeoutSeconds": timeout}}}),
            )
            .await?;
        let (old, new) = (generation(&obj), generation(&updated));
        if new <= old {
            bail!("the spec edit did not bump the generation ({old} -> {new})");
        }
        Ok(new)
    }

    /// The ISVC controller catches up: `status.observedGeneration`, every lifecycle mirror's
    /// `observedGeneration` and every IR's `ome.io/parent-generation` := the ISVC generation.
    pub async fn observe_isvc(&self, ns: &str, isvc: &str) -> Result<Value> {
        let obj = self.isvc(ns, isvc).await?;
        let g = generation(&obj);
        let mut components = serde_json::Map::new();
        for c in Component::ALL {
            if obj["status"]["components"].get(c.as_str()).is_some() {
                components.insert(
                    c.as_str().into(),
                    json!({"lifecycle": {"observedGeneration": g}}),
                );
                let ir = format!("{isvc}-{}", c.as_str());
                if objects::get_opt(&self.client, &ir_resource(), Some(ns), &ir)
                    .await?
                    .is_some()
                {
                    self.annotate_ir(ns, &ir, "ome.io/parent-generation", Some(&g.to_string()))
                        .await?;
                }
            }
        }
        self.patch_isvc_status(
            ns,
            isvc,
            json!({"status": {"observedGeneration": g, "components": components}}),
        )
        .await
    }

    /// Replaces the IR's ownerReferences with one controller reference to its parent carrying
    /// `uid` (e.g. a foreign uid).
    pub async fn set_owner_uid(&self, ns: &str, ir: &str, uid: &str) -> Result<Value> {
        let obj = self.ir(ns, ir).await?;
        let parent = obj["spec"]["parentRef"]["name"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        self.patch_ir(
            ns,
            ir,
            json!({"metadata": {"ownerReferences": [owner_ref(&parent, uid)]}}),
        )
        .await
    }

    /// Sets the IR's `status.observedGeneration`.
    pub async fn set_ir_observed_generation(
        &self,
        ns: &str,
        ir: &str,
        observed: i64,
    ) -> Result<Value> {
        self.patch_ir_status(ns, ir, json!({"status": {"observedGeneration": observed}}))
            .await
    }

    /// Deletes the IR and creates it again with the same metadata, spec and status (new uid,
    /// generation 1, status re-observed). Returns the new object.
    pub async fn delete_and_recreate_ir(&self, ns: &str, ir: &str) -> Result<Value> {
        let obj = self.ir(ns, ir).await?;
        objects::delete(&self.client, &ir_resource(), Some(ns), ir).await?;
        poll_until(
            Duration::from_secs(10),
            Duration::from_millis(50),
            || async {
                Ok(objects::get_opt(&self.client, &ir_resource(), Some(ns), ir)
                    .await?
                    .is_none()
                    .then_some(()))
            },
        )
        .await
        .with_context(|| format!("waiting for {ir} to be deleted"))?;
        let m = &obj["metadata"];
        let manifest = json!({
            "metadata": {"name": ir, "labels": m["labels"], "annotations": m["annotations"],
                         "ownerReferences": m["ownerReferences"]},
            "spec": obj["spec"],
        });
        let created = objects::create(&self.client, &ir_resource(), Some(ns), manifest).await?;
        let mut status = obj["status"].clone();
        status["observedGeneration"] = json!(generation(&created));
        self.patch_ir_status(ns, ir, json!({"status": status}))
            .await
    }

    /// Re-encodes the IR's rows as ColumnarV2 (canonical index sets); `instanceStatuses` is
    /// removed.
    pub async fn write_columnar(&self, ns: &str, ir: &str) -> Result<Value> {
        self.write_encoding(ns, ir, Encoding::ColumnarV2).await
    }

    /// Re-encodes the IR's rows as DenseV1; the columnar fields are removed.
    pub async fn write_dense(&self, ns: &str, ir: &str) -> Result<Value> {
        self.write_encoding(ns, ir, Encoding::DenseV1).await
    }

    async fn write_encoding(&self, ns: &str, ir: &str, encoding: Encoding) -> Result<Value> {
        let obj = self.ir(ns, ir).await?;
        let (rows, _) = rows_of(&obj)?;
        let mut status = json!({});
        set_rows(&mut status, rows, encoding);
        self.patch_ir_status(ns, ir, json!({"status": status}))
            .await
    }

    /// Writes `spec.replicas = n` through `/scale` (a merge patch without precondition), as an
    /// HPA would. Bumps the IR generation; the status is left for [`Controller::observe_replica`].
    pub async fn scale_ir_as_autoscaler(&self, ns: &str, ir: &str, n: i32) -> Result<Scale> {
        let api: Api<DynamicObject> = Api::namespaced_with(self.client.clone(), ns, &ir_resource());
        api.patch_scale(
            ir,
            &PatchParams::default(),
            &Patch::Merge(json!({"spec": {"replicas": n}})),
        )
        .await
        .with_context(|| format!("scaling {ir} to {n}"))
    }
}
