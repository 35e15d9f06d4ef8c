//! The guide's `chat` example (api-contract §9) as fixtures: a ClusterServingRuntime, the
//! ClusterBaseModel the service names, the InferenceService and its three InferenceReplicas with
//! controller-consistent status, plus the HPA/ScaledObject OME would own. Every stamp (generation, uid, parent-generation,
//! observedGeneration) is read back from the server, so the objects are consistent.
//!
//! The default fixture is idle (all Instances Ready, no operations), so a scale is allowed.

// JSON documents are read and written by key (serde_json's `Value`: a missing key reads as
// `Null`, a write inserts); the lint cannot tell that indexing from a slice's.
#![allow(clippy::indexing_slicing)]

use std::collections::BTreeMap;

use anyhow::{Context, Result, anyhow};
use futures::{StreamExt, TryStreamExt};
use k8s_openapi::api::autoscaling::v2::HorizontalPodAutoscaler;
use kube::api::{Api, Patch, PatchParams, PostParams};
use serde_json::{Value, json};

use crate::crds::{
    base_model_resource, cluster_base_model_resource, cluster_serving_runtime_resource,
    ir_resource, isvc_resource, scaled_object_resource, serving_runtime_resource,
};
use crate::objects::{self, create, create_if_absent, generation, get, merge_patch_status, uid};
use crate::util::{hash8, now_rfc3339};

/// The runtime of the guide's example.
pub const CHAT_RUNTIME: &str = "srt-llama-3-2-1b-instruct-pd";
/// The model of the guide's example.
pub const CHAT_MODEL: &str = "llama-3-2-1b-instruct";

/// An OMENative component.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Component {
    /// `engine`
    Engine,
    /// `decoder`
    Decoder,
    /// `router`
    Router,
}

impl Component {
    /// All components in canonical order.
    pub const ALL: [Component; 3] = [Component::Engine, Component::Decoder, Component::Router];

    /// `engine`, `decoder` or `router`.
    pub fn as_str(self) -> &'static str {
        match self {
            Component::Engine => "engine",
            Component::Decoder => "decoder",
            Component::Router => "router",
        }
    }

    /// Parses `engine|decoder|router`.
    pub fn parse(s: &str) -> Result<Component> {
        match s {
            "engine" => Ok(Component::Engine),
            "decoder" => Ok(Component::Decoder),
            "router" => Ok(Component::Router),
            _ => Err(anyhow!("unknown component {s:?}")),
        }
    }

    fn title(self) -> &'static str {
        match self {
            Component::Engine => "Engine",
            Component::Decoder => "Decoder",
            Component::Router => "Router",
        }
    }
}

/// `ComponentAutoscaler.class`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AutoscalerClass {
    /// `HPA` (managedBy `ome`)
    Hpa,
    /// `KEDA` (managedBy `ome`)
    Keda,
    /// `External` (managedBy `external`)
    External,
    /// `None` (managedBy `none`)
    None,
}

impl AutoscalerClass {
    /// The CRD value.
    pub fn as_str(self) -> &'static str {
        match self {
            AutoscalerClass::Hpa => "HPA",
            AutoscalerClass::Keda => "KEDA",
            AutoscalerClass::External => "External",
            AutoscalerClass::None => "None",
        }
    }

    /// The `managedBy` value OME reports for the class.
    pub fn managed_by(self) -> &'static str {
        match self {
            AutoscalerClass::Hpa | AutoscalerClass::Keda => "ome",
            AutoscalerClass::External => "external",
            AutoscalerClass::None => "none",
        }
    }

    /// The inline block the fixture writes for this class (KEDA gets one CPU trigger).
    pub fn block(self) -> Value {
        match self {
            AutoscalerClass::Keda => json!({"class": "KEDA", "keda": {"triggers": [
                {"type": "cpu", "metricType": "Utilization", "metadata": {"value": "80"}}
            ]}}),
            other => json!({"class": other.as_str()}),
        }
    }
}

/// Instance status encoding of the fixture's IRs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// `status.instanceStatuses` rows.
    DenseV1,
    /// `status.instanceStatusColumns` (api-contract §2.6).
    ColumnarV2,
}

/// Where the runtime lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuntimeKind {
    /// A ClusterServingRuntime (created if absent; shared by all tests: do not modify it).
    Cluster,
    /// A ServingRuntime in the fixture's namespace (safe to modify in a test).
    Namespaced,
}

/// How `spec.runtime` names a ServingRuntime of the namespace (OME's documentation uses all
/// three; the API server stores the kind `ClusterServingRuntime` for a bare name, and OME's
/// controller then finds the ServingRuntime after the cluster-scoped 404).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuntimeRef {
    /// `kind: ServingRuntime`, `apiGroup: ome.io`.
    KindAndGroup,
    /// `kind: ServingRuntime`, no group.
    KindOnly,
    /// The name alone.
    BareName,
}

/// Which model the service names in `spec.model`, and where it lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelFixture {
    /// A ClusterBaseModel of this name (created if absent and shared by all tests: do not
    /// modify the guide's `llama-3-2-1b-instruct`; use a name of your own to change one).
    Cluster(String),
    /// A BaseModel `llama-3-2-1b-instruct` in the fixture's namespace (safe to modify).
    Namespaced,
    /// `spec.model.name` names a model that is not created (neither kind exists).
    Missing(String),
    /// No `spec.model` at all.
    Absent,
}

/// The guide's model: an enabled `safetensors` Llama that the runtime's
/// `supportedModelFormats` lists (not sharded).
pub fn model_manifest(name: &str) -> Value {
    json!({
        "metadata": {"name": name},
        "spec": {
            "vendor": "meta",
            "displayName": "meta.llama-3.2-1b-instruct",
            "version": "1.0.0",
            "disabled": false,
            "modelFormat": {"name": "safetensors", "version": "1.0.0"},
            "modelFramework": {"name": "transformers", "version": "4.45.0"},
            "modelArchitecture": "LlamaForCausalLM",
            "modelParameterSize": "1.24B",
            "modelCapabilities": ["TEXT_GENERATION"],
            "storage": {"storageUri": "hf://meta-llama/Llama-3.2-1B-Instruct",
                        "path": "/raid/models/meta/llama-3-2-1b-instruct"},
        },
    })
}

/// Per-component settings of a [`ChatFixture`].
#[derive(Clone, Debug)]
pub struct ComponentFixture {
    /// Inline `spec.<c>.autoscaler` class; `None` means no block (resolves to the default HPA).
    pub autoscaler: Option<AutoscalerClass>,
    /// `spec.<c>.minReplicas`.
    pub min_replicas: Option<i64>,
    /// `spec.<c>.maxReplicas`.
    pub max_replicas: Option<i64>,
    /// Number of Ready Instances (= IR `spec.replicas`).
    pub instances: u32,
    /// `spec.<c>.lifecycle`, also the IR's effective `spec.lifecycle` (its `minReadySeconds`
    /// copied to the IR's `spec.minReadySeconds`, as OME's projector does).
    pub lifecycle: Option<Value>,
}

/// Builder for the `chat` example (defaults follow the guide: engine External 2..4 with
/// 2 Instances, decoder and router 1/1 with the default HPA, DenseV1, ClusterServingRuntime,
/// OME-owned HPAs for decoder and router).
#[derive(Clone, Debug)]
pub struct ChatFixture {
    name: String,
    runtime: String,
    runtime_kind: RuntimeKind,
    runtime_ref: RuntimeRef,
    /// The ClusterServingRuntime the namespaced runtime inherits from (`ome.io/inherit-from`).
    runtime_parent: Option<String>,
    model: ModelFixture,
    components: BTreeMap<Component, ComponentFixture>,
    encoding: Encoding,
    create_scalers: bool,
    /// OME selects the runtime (OME's minimal InferenceService): no `spec.runtime`, no
    /// `spec.deploymentMode`, no runtime created; the IR's `serving-runtime` label is
    /// `runtime_label`.
    selected: bool,
    runtime_label: Option<String>,
}

impl Default for ChatFixture {
    fn default() -> Self {
        Self::new()
    }
}

impl ChatFixture {
    /// The guide's example.
    pub fn new() -> Self {
        let mut components = BTreeMap::new();
        components.insert(
            Component::Engine,
            ComponentFixture {
                autoscaler: Some(AutoscalerClass::External),
                min_replicas: Some(2),
                max_replicas: Some(4),
                instances: 2,
                lifecycle: None,
            },
        );
        for c in [Component::Decoder, Component::Router] {
            components.insert(
                c,
                ComponentFixture {
                    autoscaler: None,
                    min_replicas: Some(1),
                    max_replicas: Some(1),
                    instances: 1,
                    lifecycle: None,
                },
            );
        }
        ChatFixture {
            name: "chat".into(),
            runtime: CHAT_RUNTIME.into(),
            runtime_kind: RuntimeKind::Cluster,
            runtime_ref: RuntimeRef::KindOnly,
            runtime_parent: None,
            selected: false,
            runtime_label: Some(CHAT_RUNTIME.into()),
            model: ModelFixture::Cluster(CHAT_MODEL.into()),
            components,
            encoding: Encoding::DenseV1,
            create_scalers: true,
        }
    }

    /// Names the InferenceService (IRs become `<name>-<component>`).
    pub fn name(mut self, name: &str) -> Self {
        self.name = name.into();
        self
    }

    /// Uses another runtime name.
    pub fn runtime(mut self, name: &str) -> Self {
        self.runtime = name.into();
        self.runtime_label = Some(name.into());
        self
    }

    /// OME's minimal InferenceService (runtime-selection.md §1): names its model and no
    /// runtime, leaves the deployment mode to the runtime OME selects, and creates no runtime
    /// (the test creates the candidates). Its IRs carry `serving-runtime: <label>` (none for
    /// `None`), what OME's controller records of its choice.
    pub fn selecting(mut self, label: Option<&str>) -> Self {
        self.selected = true;
        self.runtime_label = label.map(str::to_string);
        self
    }

    /// Uses a ServingRuntime in the namespace instead of the shared ClusterServingRuntime.
    pub fn namespaced_runtime(mut self) -> Self {
        self.runtime_kind = RuntimeKind::Namespaced;
        self
    }

    /// Uses a ServingRuntime in the namespace, named in `spec.runtime` as `reference` says.
    pub fn namespaced_runtime_as(mut self, reference: RuntimeRef) -> Self {
        self.runtime_kind = RuntimeKind::Namespaced;
        self.runtime_ref = reference;
        self
    }

    /// The namespaced runtime inherits from the ClusterServingRuntime `parent` (created if
    /// absent with the guide's runtime spec, shared by all tests: do not modify it); the child
    /// declares only the engine.
    pub fn inherits_from(mut self, parent: &str) -> Self {
        self.runtime_parent = Some(parent.into());
        self
    }

    /// Sets the lifecycle of a component (the ISVC's block and the IR's effective copy).
    pub fn lifecycle(mut self, c: Component, lifecycle: Value) -> Self {
        if let Some(f) = self.components.get_mut(&c) {
            f.lifecycle = Some(lifecycle);
        }
        self
    }

    /// Names the model (see [`ModelFixture`]; the default is the guide's ClusterBaseModel).
    pub fn model(mut self, model: ModelFixture) -> Self {
        self.model = model;
        self
    }

    /// Sets the inline autoscaler class of a component (`None`: no block, default HPA).
    pub fn autoscaler(mut self, c: Component, class: Option<AutoscalerClass>) -> Self {
        if let Some(f) = self.components.get_mut(&c) {
            f.autoscaler = class;
        }
        self
    }

    /// Sets `minReplicas`/`maxReplicas` of a component (`None` leaves the field unset).
    pub fn bounds(mut self, c: Component, min: Option<i64>, max: Option<i64>) -> Self {
        if let Some(f) = self.components.get_mut(&c) {
            f.min_replicas = min;
            f.max_replicas = max;
        }
        self
    }

    /// Sets the number of Ready Instances of a component (IR `spec.replicas`).
    pub fn instances(mut self, c: Component, n: u32) -> Self {
        if let Some(f) = self.components.get_mut(&c) {
            f.instances = n;
        }
        self
    }

    /// Sets the instance status encoding of every IR.
    pub fn encoding(mut self, encoding: Encoding) -> Self {
        self.encoding = encoding;
        self
    }

    /// Leaves out a component entirely (no spec block, no IR, no status entry).
    pub fn without(mut self, c: Component) -> Self {
        self.components.remove(&c);
        self
    }

    /// Does not create the HPAs/ScaledObjects OME would own.
    pub fn without_scalers(mut self) -> Self {
        self.create_scalers = false;
        self
    }

    /// A fixture with one engine of `n` Instances (bounds 1..n) and no decoder or router,
    /// for scale tests with large instance lists.
    pub fn large_engine(n: u32) -> Self {
        ChatFixture::new()
            .without(Component::Decoder)
            .without(Component::Router)
            .bounds(Component::Engine, Some(1), Some(i64::from(n.max(1))))
            .instances(Component::Engine, n)
    }

    /// The runtime reference written into `spec.runtime`.
    fn runtime_ref(&self) -> Value {
        match self.runtime_kind {
            RuntimeKind::Cluster => json!({"name": self.runtime}),
            RuntimeKind::Namespaced => match self.runtime_ref {
                RuntimeRef::KindAndGroup => {
                    json!({"name": self.runtime, "kind": "ServingRuntime", "apiGroup": "ome.io"})
                }
                RuntimeRef::KindOnly => json!({"name": self.runtime, "kind": "ServingRuntime"}),
                RuntimeRef::BareName => json!({"name": self.runtime}),
            },
        }
    }

    /// Creates every object in `ns` as the given (admin) client and returns them as stored (the
    /// last write's response of each object: no read-back). Writes that do not depend on each
    /// other go out together.
    pub async fn create(&self, client: &kube::Client, ns: &str) -> Result<ChatObjects> {
        let (runtime, model) = futures::join!(
            async {
                if self.selected {
                    return Ok(());
                }
                self.ensure_runtime(client, ns).await
            },
            self.ensure_model(client, ns)
        );
        runtime?;
        model?;
        let isvc = create(client, &isvc_resource(), Some(ns), self.isvc_manifest())
            .await
            .context("creating the InferenceService")?;
        let isvc_gen = generation(&isvc);
        let isvc_uid = uid(&isvc).to_string();
        let irs = futures::future::try_join_all(self.components.iter().map(|(&c, f)| {
            let isvc_uid = &isvc_uid;
            async move {
                let ir = self.create_ir(client, ns, c, f, isvc_gen, isvc_uid).await?;
                self.create_scaler(client, ns, c, f, uid(&ir)).await?;
                Ok::<_, anyhow::Error>((c, ir))
            }
        }))
        .await?
        .into_iter()
        .collect();
        let status = self.isvc_status(isvc_gen);
        let isvc = merge_patch_status(
            client,
            &isvc_resource(),
            Some(ns),
            &self.name,
            json!({"status": status}),
        )
        .await
        .context("writing InferenceService status")?;
        Ok(ChatObjects {
            namespace: ns.into(),
            name: self.name.clone(),
            isvc,
            irs,
        })
    }

    /// The HPA or ScaledObject OME creates for component `c`, when the fixture has scalers.
    async fn create_scaler(
        &self,
        client: &kube::Client,
        ns: &str,
        c: Component,
        f: &ComponentFixture,
        ir_uid: &str,
    ) -> Result<()> {
        if !self.create_scalers {
            return Ok(());
        }
        let (min, max) = f.hpa_bounds();
        match f.autoscaler {
            None | Some(AutoscalerClass::Hpa) => {
                create_hpa(client, ns, &self.name, c, min, max, Some(ir_uid)).await?;
            }
            Some(AutoscalerClass::Keda) => {
                create_scaled_object(client, ns, &self.name, c, min, max, Some(ir_uid)).await?;
            }
            _ => {}
        }
        Ok(())
    }

    async fn ensure_runtime(&self, client: &kube::Client, ns: &str) -> Result<()> {
        let runner = |image: &str| {
            json!({"name": "ome-container", "image": image,
                   "resources": {"limits": {"nvidia.com/gpu": "1"}}})
        };
        let spec = json!({
            "disabled": false,
            "supportedModelFormats": [{"name": "safetensors", "modelFormat": {"name": "safetensors"},
                                       "modelArchitecture": "LlamaForCausalLM", "autoSelect": false}],
            "protocolVersions": ["openAI"],
            "engineConfig": {"runner": runner("lmsysorg/sglang:latest")},
            "decoderConfig": {"runner": runner("lmsysorg/sglang:latest")},
            "routerConfig": {"runner": {"name": "ome-container", "image": "lmsysorg/sglang-router:latest"}},
        });
        let mut manifest = json!({"metadata": {"name": self.runtime}, "spec": spec});
        if let Some(parent) = &self.runtime_parent {
            let base = json!({"metadata": {"name": parent}, "spec": manifest["spec"].clone()});
            create_if_absent(client, &cluster_serving_runtime_resource(), None, base)
                .await
                .context("creating the parent runtime")?;
            manifest = json!({
                "metadata": {"name": self.runtime,
                             "annotations": {"ome.io/inherit-from": parent}},
                "spec": {"engineConfig": {"runner": runner("lmsysorg/sglang:latest")}},
            });
        }
        match self.runtime_kind {
            RuntimeKind::Cluster => {
                create_if_absent(client, &cluster_serving_runtime_resource(), None, manifest).await
            }
            RuntimeKind::Namespaced => {
                create_if_absent(client, &serving_runtime_resource(), Some(ns), manifest).await
            }
        }
        .context("creating the serving runtime")
    }

    async fn ensure_model(&self, client: &kube::Client, ns: &str) -> Result<()> {
        match &self.model {
            ModelFixture::Cluster(name) => {
                create_if_absent(
                    client,
                    &cluster_base_model_resource(),
                    None,
                    model_manifest(name),
                )
                .await
            }
            ModelFixture::Namespaced => {
                create_if_absent(
                    client,
                    &base_model_resource(),
                    Some(ns),
                    model_manifest(CHAT_MODEL),
                )
                .await
            }
            ModelFixture::Missing(_) | ModelFixture::Absent => Ok(()),
        }
        .context("creating the base model")
    }

    /// `spec.model`, or `None` without one.
    fn model_ref(&self) -> Option<Value> {
        match &self.model {
            ModelFixture::Cluster(name) | ModelFixture::Missing(name) => {
                Some(json!({"name": name}))
            }
            ModelFixture::Namespaced => Some(json!({"name": CHAT_MODEL, "kind": "BaseModel"})),
            ModelFixture::Absent => None,
        }
    }

    fn isvc_manifest(&self) -> Value {
        let mut spec = if self.selected {
            json!({})
        } else {
            json!({"deploymentMode": "OMENative", "runtime": self.runtime_ref()})
        };
        if let Some(model) = self.model_ref() {
            spec["model"] = model;
        }
        for (c, f) in &self.components {
            let mut block = json!({});
            if let Some(min) = f.min_replicas {
                block["minReplicas"] = json!(min);
            }
            if let Some(max) = f.max_replicas {
                block["maxReplicas"] = json!(max);
            }
            if let Some(class) = f.autoscaler {
                block["autoscaler"] = class.block();
            }
            if let Some(lifecycle) = &f.lifecycle {
                block["lifecycle"] = lifecycle.clone();
            }
            spec[c.as_str()] = block;
        }
        json!({"metadata": {"name": self.name}, "spec": spec})
    }

    async fn create_ir(
        &self,
        client: &kube::Client,
        ns: &str,
        c: Component,
        f: &ComponentFixture,
        isvc_gen: i64,
        isvc_uid: &str,
    ) -> Result<Value> {
        let ir_name = ir_name(&self.name, c);
        let mut manifest = json!({
            "metadata": {
                "name": ir_name,
                "labels": ir_labels(&self.name, c, self.runtime_label.as_deref()),
                "annotations": {
                    "ome.io/controller-write": "true",
                    "ome.io/parent-generation": isvc_gen.to_string(),
                },
                "ownerReferences": [owner_ref(&self.name, isvc_uid)],
            },
            "spec": {
                "parentRef": {"name": self.name},
                "component": c.as_str(),
                "replicas": f.instances,
                "autoscaler": f.autoscaler.unwrap_or(AutoscalerClass::Hpa).block(),
                "runners": [{"name": "default", "size": 1, "template": {
                    "metadata": {"labels": {
                        "ome.io/inferenceservice": self.name, "component": c.as_str(),
                        "ome.io/managed-by": "OMENative", "ome.io/runner": "default",
                    }},
                    "spec": {"containers": [{"name": "ome-container", "image": image(c)}]},
                }}],
            },
        });
        if let Some(lifecycle) = &f.lifecycle {
            manifest["spec"]["lifecycle"] = lifecycle.clone();
            if let Some(seconds) = lifecycle.get("minReadySeconds") {
                manifest["spec"]["minReadySeconds"] = seconds.clone();
            }
        }
        let ir = create(client, &ir_resource(), Some(ns), manifest)
            .await
            .with_context(|| format!("creating InferenceReplica {ir_name}"))?;
        let rev = revision(&self.name, c);
        let now = now_rfc3339();
        let rows: Vec<Value> = (0..f.instances)
            .map(|i| ready_row(i64::from(i), &rev, &now))
            .collect();
        let mut status = ir_status(&self.name, c, generation(&ir), &rows);
        set_rows(&mut status, rows, self.encoding);
        merge_patch_status(
            client,
            &ir_resource(),
            Some(ns),
            &ir_name,
            json!({"status": status}),
        )
        .await
        .with_context(|| format!("writing InferenceReplica {ir_name} status"))
    }

    fn isvc_status(&self, isvc_gen: i64) -> Value {
        let now = now_rfc3339();
        let cond = |t: &str| json!({"type": t, "status": "True", "lastTransitionTime": now});
        let mut conditions = vec![];
        for c in self.components.keys() {
            conditions.push(cond(&format!("{}Ready", c.title())));
        }
        conditions.extend(["IngressReady", "Ready", "RuntimeReady"].map(cond));
        conditions.sort_by(|a, b| a["type"].as_str().cmp(&b["type"].as_str()));
        let mut components = serde_json::Map::new();
        for (&c, f) in &self.components {
            let n = i64::from(f.instances);
            let autoscaler = match f.autoscaler {
                None => hpa_status_block("default", n),
                Some(AutoscalerClass::Hpa) => hpa_status_block("isvc", n),
                Some(AutoscalerClass::Keda) => json!({"class": "KEDA", "managedBy": "ome",
                    "specSource": "isvc", "currentReplicas": n, "desiredReplicas": n}),
                Some(class) => json!({"class": class.as_str(), "managedBy": class.managed_by(),
                    "specSource": "isvc"}),
            };
            let svc_rev = service_revision(&self.name, c);
            components.insert(
                c.as_str().into(),
                json!({
                    "latestReadyRevision": svc_rev,
                    "latestRolledoutRevision": svc_rev,
                    "traffic": [{"revisionName": svc_rev, "percent": 100, "latestRevision": true}],
                    "lifecycle": lifecycle_mirror(&self.name, c, isvc_gen, n, n),
                    "autoscaler": autoscaler,
                    "scaleTargetRef": {"apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica",
                                       "name": ir_name(&self.name, c)},
                }),
            );
        }
        json!({
            "observedGeneration": isvc_gen,
            "url": format!("http://{}.example.com", self.name),
            "address": {"url": format!("http://{}.svc.cluster.local", self.name)},
            "conditions": conditions,
            "components": components,
        })
    }
}

/// The service shapes OME's documentation deploys (OMENative examples): an engine-only service
/// with `autoscaler.class: None`, no model, a `SurgeThenDrain` lifecycle and a ServingRuntime
/// `http-echo` in its namespace, named or found as each variant says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DocsShape {
    /// (1) `kind: ServingRuntime`, `apiGroup: ome.io`.
    KindAndGroup,
    /// (2) `kind: ServingRuntime`, no group.
    KindOnly,
    /// (3) The name alone (stored as `kind: ClusterServingRuntime`; the controller falls back).
    BareName,
    /// (4) The ServingRuntime inherits from the ClusterServingRuntime [`DOCS_PARENT_RUNTIME`].
    Inherited,
    /// (5) `minReplicas = maxReplicas` (2), named by bare name.
    FixedCount,
}

/// The runtime of the documentation shapes (a ServingRuntime in the service's namespace).
pub const DOCS_RUNTIME: &str = "http-echo";
/// The ClusterServingRuntime [`DocsShape::Inherited`]'s runtime inherits from.
pub const DOCS_PARENT_RUNTIME: &str = "http-echo-base";

impl DocsShape {
    /// Every shape.
    pub const ALL: [DocsShape; 5] = [
        DocsShape::KindAndGroup,
        DocsShape::KindOnly,
        DocsShape::BareName,
        DocsShape::Inherited,
        DocsShape::FixedCount,
    ];

    /// The lifecycle every shape declares for its engine.
    pub fn lifecycle() -> Value {
        json!({"minReadySeconds": 5, "instanceReadyTimeout": "2m",
               "updateStrategy": {"type": "SurgeThenDrain",
                                  "rollingUpdate": {"maxSurge": 1, "maxUnavailable": 0}}})
    }

    /// The shape as a fixture named `name`: 2 Ready engine Instances, bounds 1..4 (2..2 for
    /// [`DocsShape::FixedCount`]).
    pub fn fixture(self, name: &str) -> ChatFixture {
        let reference = match self {
            DocsShape::KindAndGroup => RuntimeRef::KindAndGroup,
            DocsShape::KindOnly | DocsShape::Inherited => RuntimeRef::KindOnly,
            DocsShape::BareName | DocsShape::FixedCount => RuntimeRef::BareName,
        };
        let (min, max) = match self {
            DocsShape::FixedCount => (2, 2),
            _ => (1, 4),
        };
        let fixture = ChatFixture::new()
            .name(name)
            .runtime(DOCS_RUNTIME)
            .namespaced_runtime_as(reference)
            .model(ModelFixture::Absent)
            .without(Component::Decoder)
            .without(Component::Router)
            .autoscaler(Component::Engine, Some(AutoscalerClass::None))
            .bounds(Component::Engine, Some(min), Some(max))
            .instances(Component::Engine, 2)
            .lifecycle(Component::Engine, DocsShape::lifecycle());
        match self {
            DocsShape::Inherited => fixture.inherits_from(DOCS_PARENT_RUNTIME),
            _ => fixture,
        }
    }
}

impl ComponentFixture {
    /// The HPA/ScaledObject bounds OME would derive: min (default 1), max(max, min).
    fn hpa_bounds(&self) -> (i64, i64) {
        let min = self.min_replicas.filter(|m| *m > 0).unwrap_or(1);
        (min, self.max_replicas.unwrap_or(min).max(min))
    }
}

fn hpa_status_block(source: &str, n: i64) -> Value {
    let now = now_rfc3339();
    json!({"class": "HPA", "managedBy": "ome", "specSource": source,
           "currentReplicas": n, "desiredReplicas": n,
           "conditions": [
               {"type": "AbleToScale", "status": "True", "reason": "ReadyForNewScale",
                "message": "recommended size matches current size", "lastTransitionTime": now},
               {"type": "ScalingActive", "status": "True", "reason": "ValidMetricFound",
                "message": "the HPA was able to successfully calculate a replica count from cpu resource utilization",
                "lastTransitionTime": now}]})
}

fn image(c: Component) -> &'static str {
    match c {
        Component::Router => "lmsysorg/sglang-router:latest",
        _ => "lmsysorg/sglang:latest",
    }
}

/// `<isvc>-<component>`.
pub fn ir_name(isvc: &str, c: Component) -> String {
    format!("{isvc}-{}", c.as_str())
}

/// The 8-hex revision hash of a fixture IR (the spec's values for `chat`).
pub fn revision_hash(isvc: &str, c: Component) -> String {
    match (isvc, c) {
        ("chat", Component::Engine) => "7f9c4d2b".into(),
        ("chat", Component::Decoder) => "3b1e9a60".into(),
        ("chat", Component::Router) => "c4d58e12".into(),
        _ => hash8(&ir_name(isvc, c)),
    }
}

/// The ControllerRevision name `<isvc>-<component>-<hash>` of a fixture IR.
pub fn revision(isvc: &str, c: Component) -> String {
    format!("{}-{}", ir_name(isvc, c), revision_hash(isvc, c))
}

/// The per-revision Service name of a fixture IR's revision: `<isvc>-<c>-rev-<hash>`, or for a
/// name over 63 bytes OME's truncation `<p>-<last 54 bytes>` with `p` the first 8 hex of its
/// SHA-256 (a leading digit replaced by `a`), as evidence-strictness.md §1.2 describes.
pub fn service_revision(isvc: &str, c: Component) -> String {
    truncate_service_name(&format!(
        "{}-rev-{}",
        ir_name(isvc, c),
        revision_hash(isvc, c)
    ))
}

/// OME's 63-byte truncation of a per-revision Service name (evidence-strictness.md §1.2).
pub fn truncate_service_name(name: &str) -> String {
    if name.len() <= 63 {
        return name.to_string();
    }
    let mut prefix = hash8(name);
    if prefix.starts_with(|c: char| c.is_ascii_digit()) {
        prefix.replace_range(0..1, "a");
    }
    let tail = name.get(name.len() - 54..).unwrap_or(name);
    format!("{prefix}-{tail}")
}

/// `ome.io/inferenceservice=<isvc>,component=<c>,ome.io/managed-by=OMENative`.
pub fn label_selector(isvc: &str, c: Component) -> String {
    format!(
        "ome.io/inferenceservice={isvc},component={},ome.io/managed-by=OMENative",
        c.as_str()
    )
}

fn ir_labels(isvc: &str, c: Component, runtime: Option<&str>) -> Value {
    let mut labels = json!({
        "ome.io/inferenceservice": isvc,
        "component": c.as_str(),
        "ome.io/managed-by": "OMENative",
    });
    if let Some(runtime) = runtime {
        labels["serving-runtime"] = json!(runtime);
    }
    labels
}

/// The controller owner reference an IR carries to its ISVC.
pub fn owner_ref(isvc: &str, isvc_uid: &str) -> Value {
    json!({"apiVersion": "ome.io/v1beta1", "kind": "InferenceService", "name": isvc,
           "uid": isvc_uid, "controller": true, "blockOwnerDeletion": true})
}

/// A steady Ready DenseV1 row.
pub fn ready_row(index: i64, revision: &str, ready_since: &str) -> Value {
    json!({"index": index, "incarnation": 1, "phase": "Ready", "runningRevision": revision,
           "podCount": 1, "servingPodCount": 1, "availablePodCount": 1, "admitted": true,
           "readySince": ready_since})
}

/// Counts derived from rows: (replicas, ready, serving, available).
pub fn row_counts(rows: &[Value]) -> (i64, i64, i64, i64) {
    let total = rows.len() as i64;
    let ready = rows.iter().filter(|r| r["phase"] == "Ready").count() as i64;
    let serving = rows
        .iter()
        .filter(|r| r["phase"] == "Ready" && r["servingPodCount"].as_i64().unwrap_or(0) > 0)
        .count() as i64;
    let available = rows
        .iter()
        .filter(|r| r["phase"] == "Ready" && r["availablePodCount"].as_i64().unwrap_or(0) > 0)
        .count() as i64;
    (total, ready, serving, available)
}

/// A full IR status for `rows` (counts, revisions, selector, conditions, traffic), without the
/// rows themselves (see [`set_rows`]).
pub fn ir_status(isvc: &str, c: Component, observed_generation: i64, rows: &[Value]) -> Value {
    let rev = revision(isvc, c);
    let (total, ready, serving, available) = row_counts(rows);
    let now = now_rfc3339();
    json!({
        "observedGeneration": observed_generation,
        "replicas": total,
        "readyReplicas": ready,
        "servingReplicas": serving,
        "availableReplicas": available,
        "updatedReplicas": total,
        "updatedReadyReplicas": ready,
        "currentRevision": rev,
        "updateRevision": rev,
        "labelSelector": label_selector(isvc, c),
        "conditions": [
            {"type": "Available", "status": if available > 0 { "True" } else { "False" },
             "reason": "MinimumInstancesAvailable",
             "message": format!("{available} of {total} Instances available"),
             "lastTransitionTime": now, "observedGeneration": observed_generation},
            {"type": "Progressing", "status": "False", "reason": "RolloutComplete",
             "message": format!("all Instances on {rev}"),
             "lastTransitionTime": now, "observedGeneration": observed_generation},
        ],
        "traffic": [{"revisionName": service_revision(isvc, c),
                     "percent": 100, "latestRevision": true}],
    })
}

/// Puts `rows` into `status` in the given encoding, nulling the other encoding's fields (so the
/// value works as a merge patch).
pub fn set_rows(status: &mut Value, rows: Vec<Value>, encoding: Encoding) {
    match encoding {
        Encoding::DenseV1 => {
            status["instanceStatuses"] = Value::Array(rows);
            status["instanceStatusEncoding"] = Value::Null;
            status["instanceStatusColumns"] = Value::Null;
        }
        Encoding::ColumnarV2 => {
            status["instanceStatusColumns"] = crate::columnar::encode(&rows);
            status["instanceStatusEncoding"] = json!("ColumnarV2");
            status["instanceStatuses"] = Value::Null;
        }
    }
}

/// The ISVC `status.components.<c>.lifecycle` mirror for an IR with `total` Instances of which
/// `ready` are Ready.
pub fn lifecycle_mirror(isvc: &str, c: Component, isvc_gen: i64, total: i64, ready: i64) -> Value {
    let rev = revision(isvc, c);
    json!({
        "observedGeneration": isvc_gen,
        "currentRevision": rev,
        "updateRevision": rev,
        "labelSelector": label_selector(isvc, c),
        "replicas": total,
        "readyReplicas": ready,
        "servingReplicas": ready,
        "availableReplicas": ready,
        "updatedReplicas": total,
        "updatedReadyReplicas": ready,
    })
}

/// Creates an `autoscaling/v2` HPA `<isvc>-<c>` targeting the IR, CPU 80%, with status
/// current = desired = min. `owner_ir_uid`: controller owner reference to the IR (OME-owned);
/// `None` makes a foreign HPA that OME does not own.
pub async fn create_hpa(
    client: &kube::Client,
    ns: &str,
    isvc: &str,
    c: Component,
    min: i64,
    max: i64,
    owner_ir_uid: Option<&str>,
) -> Result<HorizontalPodAutoscaler> {
    let name = ir_name(isvc, c);
    let mut metadata = json!({
        "name": name,
        "labels": {"ome.io/inferenceservice": isvc, "component": c.as_str()},
        "annotations": {"ome.io/autoscaler-propagated-metadata-keys": "|"},
    });
    if let Some(owner) = owner_ir_uid {
        metadata["ownerReferences"] = json!([{"apiVersion": "ome.io/v1beta1",
            "kind": "InferenceReplica", "name": name, "uid": owner, "controller": true,
            "blockOwnerDeletion": true}]);
    }
    let hpa: HorizontalPodAutoscaler = serde_json::from_value(json!({
        "metadata": metadata,
        "spec": {
            "scaleTargetRef": {"apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica", "name": name},
            "minReplicas": min,
            "maxReplicas": max,
            "metrics": [{"type": "Resource", "resource": {"name": "cpu",
                "target": {"type": "Utilization", "averageUtilization": 80}}}],
        },
    }))?;
    let api: Api<HorizontalPodAutoscaler> = Api::namespaced(client.clone(), ns);
    api.create(&PostParams::default(), &hpa)
        .await
        .with_context(|| format!("creating HPA {name}"))?;
    let now = now_rfc3339();
    let status = json!({"status": {"currentReplicas": min, "desiredReplicas": min, "conditions": [
        {"type": "AbleToScale", "status": "True", "reason": "ReadyForNewScale",
         "message": "recommended size matches current size", "lastTransitionTime": now},
        {"type": "ScalingActive", "status": "True", "reason": "ValidMetricFound",
         "message": "the HPA was able to successfully calculate a replica count from cpu resource utilization",
         "lastTransitionTime": now}]}});
    api.patch_status(&name, &PatchParams::default(), &Patch::Merge(status))
        .await
        .with_context(|| format!("writing HPA {name} status"))
}

/// Creates a KEDA ScaledObject `scaledobject-<isvc>-<c>` targeting the IR, with one CPU trigger
/// and a Ready condition. `owner_ir_uid` as for [`create_hpa`].
pub async fn create_scaled_object(
    client: &kube::Client,
    ns: &str,
    isvc: &str,
    c: Component,
    min: i64,
    max: i64,
    owner_ir_uid: Option<&str>,
) -> Result<Value> {
    let target = ir_name(isvc, c);
    let tail: String = {
        let count = target.chars().count();
        target.chars().skip(count.saturating_sub(50)).collect()
    };
    let name = format!("scaledobject-{tail}");
    let mut metadata = json!({
        "name": name,
        "labels": {"ome.io/inferenceservice": isvc, "component": c.as_str()},
        "annotations": {"ome.io/autoscaler-propagated-metadata-keys": "|"},
    });
    if let Some(owner) = owner_ir_uid {
        metadata["ownerReferences"] = json!([{"apiVersion": "ome.io/v1beta1",
            "kind": "InferenceReplica", "name": target, "uid": owner, "controller": true,
            "blockOwnerDeletion": true}]);
    }
    let so = create(
        client,
        &scaled_object_resource(),
        Some(ns),
        json!({
            "metadata": metadata,
            "spec": {
                "scaleTargetRef": {"apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica", "name": target},
                "minReplicaCount": min,
                "maxReplicaCount": max,
                "triggers": AutoscalerClass::Keda.block()["keda"]["triggers"].clone(),
            },
        }),
    )
    .await?;
    let now = now_rfc3339();
    merge_patch_status(
        client,
        &scaled_object_resource(),
        Some(ns),
        &name,
        json!({"status": {
        "conditions": [{"type": "Ready", "status": "True", "reason": "ScaledObjectReady",
                        "message": "ScaledObject is defined correctly and is ready for scaling",
                        "lastTransitionTime": now}]}}),
    )
    .await
    .map(|_| so)
}

/// The objects of one fixture as stored on the server (JSON).
#[derive(Debug, Clone)]
pub struct ChatObjects {
    /// Namespace.
    pub namespace: String,
    /// InferenceService name.
    pub name: String,
    /// The InferenceService.
    pub isvc: Value,
    /// The IRs by component (only the components present).
    pub irs: BTreeMap<Component, Value>,
}

impl ChatObjects {
    /// Reads the ISVC `name` and its `<name>-<c>` IRs from `ns`.
    pub async fn read(client: &kube::Client, ns: &str, name: &str) -> Result<ChatObjects> {
        let isvc = get(client, &isvc_resource(), Some(ns), name).await?;
        let mut irs = BTreeMap::new();
        for c in Component::ALL {
            if let Some(ir) =
                objects::get_opt(client, &ir_resource(), Some(ns), &ir_name(name, c)).await?
            {
                irs.insert(c, ir);
            }
        }
        Ok(ChatObjects {
            namespace: ns.into(),
            name: name.into(),
            isvc,
            irs,
        })
    }

    /// The IR of a component.
    pub fn ir(&self, c: Component) -> Result<&Value> {
        self.irs
            .get(&c)
            .ok_or_else(|| anyhow!("fixture has no {} IR", c.as_str()))
    }

    /// The ISVC's `metadata.generation`.
    pub fn isvc_generation(&self) -> i64 {
        generation(&self.isvc)
    }

    /// The ISVC's `metadata.uid`.
    pub fn isvc_uid(&self) -> &str {
        uid(&self.isvc)
    }
}

/// Creates `n` InferenceServices `<prefix>-<i>` (each a full `chat`-shaped fixture) in `ns`,
/// eight at a time. Returns their names.
pub async fn bulk_services(
    client: &kube::Client,
    ns: &str,
    prefix: &str,
    n: usize,
    template: &ChatFixture,
) -> Result<Vec<String>> {
    let names: Vec<String> = (0..n).map(|i| format!("{prefix}-{i:04}")).collect();
    // The shared runtime and model first, so parallel creations do not race on them.
    template.ensure_runtime(client, ns).await?;
    template.ensure_model(client, ns).await?;
    futures::stream::iter(names.clone())
        .map(|name| {
            let fixture = template.clone().name(&name);
            async move { fixture.create(client, ns).await.map(|_| ()) }
        })
        .buffer_unordered(16)
        .try_collect::<Vec<()>>()
        .await?;
    Ok(names)
}
