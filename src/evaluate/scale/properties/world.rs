//! Valid worlds: the generated evidence of one `scale` (service, replica with its Instance rows
//! in either encoding, `/scale`, runtime, request) that passes every check by construction.

use super::super::prepare::{Evidence, Plan, check_service, prepare};
use crate::errors::ScaleError;
use crate::ome::Component;
use crate::ome::evidence::ApiError;
use crate::ome::reads::{ChainRead, RuntimeReads, RuntimeScope, head_scopes};
use crate::ome::request::{DryRun, OutputFormat, ScaleRequest};
use ome_testenv::fixtures::{
    ir_status, lifecycle_mirror, owner_ref, ready_row, revision, service_revision, set_rows,
};
use ome_testenv::{AutoscalerClass, Encoding};
use proptest::prelude::*;
use serde_json::{Value, json};
use std::time::Duration;

/// The evaluation clock: after every generated timestamp.
fn now() -> jiff::Timestamp {
    "2030-01-01T00:00:00Z"
        .parse()
        .unwrap_or(jiff::Timestamp::UNIX_EPOCH)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    Hpa,
    Keda,
    External,
    Unmanaged,
}

impl Class {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Class::Hpa => "HPA",
            Class::Keda => "KEDA",
            Class::External => "External",
            Class::Unmanaged => "None",
        }
    }

    pub(crate) fn managed_by(self) -> &'static str {
        match self {
            Class::Hpa | Class::Keda => "ome",
            Class::External => "external",
            Class::Unmanaged => "none",
        }
    }

    pub(crate) fn other(self) -> Class {
        match self {
            Class::Hpa => Class::External,
            _ => Class::Hpa,
        }
    }
}

/// Where the resolved autoscaler block comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BlockAt {
    Isvc,
    Runtime,
    /// No block anywhere: the default HPA.
    Default,
}

/// One valid world.
#[derive(Debug, Clone)]
pub(crate) struct World {
    pub(crate) name: String,
    pub(crate) namespace: String,
    pub(crate) component: Component,
    /// Other components of the service (with their own IRs, not read).
    pub(crate) others: Vec<Component>,
    pub(crate) class: Class,
    pub(crate) block_at: BlockAt,
    pub(crate) bounds_at_runtime: bool,
    pub(crate) min: Option<i64>,
    pub(crate) max: Option<i64>,
    pub(crate) pick: u32,
    pub(crate) isvc_generation: i64,
    pub(crate) ir_generation: i64,
    pub(crate) runtime_generation: i64,
    pub(crate) prior: i64,
    /// (Ready, incarnation) per Instance, indexes 0..n.
    pub(crate) rows: Vec<(bool, i64)>,
    pub(crate) encoding: Encoding,
    pub(crate) namespaced_runtime: bool,
    pub(crate) uids: [String; 3],
    pub(crate) rvs: [String; 3],
    /// Fraction of the request (0..=100 %) held by `spec.pacing.partition`, if set.
    pub(crate) partition: Option<u8>,
    /// Terminal migration records (`Completed` or `Failed`).
    pub(crate) finished_migrations: Vec<bool>,
    pub(crate) dry_run: DryRun,
}

impl World {
    pub(crate) fn bounds(&self) -> (i64, i64) {
        let min = self.min.filter(|m| *m > 0).unwrap_or(1);
        (min, self.max.unwrap_or(0).max(min))
    }

    pub(crate) fn requested(&self) -> i32 {
        let (min, max) = self.bounds();
        let span = u32::try_from(max - min + 1).unwrap_or(1);
        i32::try_from(min + i64::from(self.pick % span)).unwrap_or(1)
    }

    /// The inline block of the class as the fixtures write it (KEDA with its trigger).
    pub(crate) fn block(&self) -> Value {
        let class = match self.class {
            Class::Hpa => AutoscalerClass::Hpa,
            Class::Keda => AutoscalerClass::Keda,
            Class::External => AutoscalerClass::External,
            Class::Unmanaged => AutoscalerClass::None,
        };
        class.block()
    }

    pub(crate) fn spec_source(&self) -> &'static str {
        match self.block_at {
            BlockAt::Isvc => "isvc",
            BlockAt::Runtime => "runtime",
            BlockAt::Default => "default",
        }
    }

    pub(crate) fn ir_name(&self) -> String {
        format!("{}-{}", self.name, self.component.as_str())
    }

    pub(crate) fn runtime_name(&self) -> &'static str {
        "srt-generated"
    }
}

fn component() -> impl Strategy<Value = Component> {
    prop::sample::select(Component::ALL.to_vec())
}

fn dns_name() -> impl Strategy<Value = String> {
    "[a-z][a-z0-9]{0,8}"
}

fn uid() -> impl Strategy<Value = String> {
    "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"
}

fn resource_version() -> impl Strategy<Value = String> {
    "[1-9][0-9]{0,9}"
}

pub(crate) fn world() -> impl Strategy<Value = World> {
    let identity = (
        dns_name(),
        dns_name(),
        component(),
        prop::collection::btree_set(component(), 0..3),
        [uid(), uid(), uid()],
        [resource_version(), resource_version(), resource_version()],
    );
    let scaling = (
        prop::sample::select(vec![
            Class::Hpa,
            Class::Keda,
            Class::External,
            Class::Unmanaged,
        ]),
        prop::sample::select(vec![BlockAt::Isvc, BlockAt::Runtime, BlockAt::Default]),
        any::<bool>(),
        // OME's own bounds validation (evidence-strictness.md §2.2): a minimum of at least 1
        // (0 only for KEDA), a maximum of 0 (unset) or not below the minimum.
        prop::option::of(1i64..6),
        prop::option::of(0i64..13),
        any::<u32>(),
        prop::option::of(0u8..=100),
    );
    let state = (
        1i64..1000,
        1i64..1000,
        1i64..50,
        1i64..20,
        prop::collection::vec((any::<bool>(), 0i64..5), 0..7),
        any::<bool>(),
        any::<bool>(),
        prop::collection::vec(any::<bool>(), 0..3),
        prop::sample::select(vec![DryRun::None, DryRun::Client, DryRun::Server]),
    );
    (identity, scaling, state).prop_map(|(identity, scaling, state)| {
        let (name, namespace, component, others, uids, rvs) = identity;
        let (class, block_at, bounds_at_runtime, min, max, pick, partition) = scaling;
        let max = match (min, max) {
            (Some(min), Some(max)) if max != 0 && max < min => Some(min),
            _ => max,
        };
        let (isvc_generation, ir_generation, runtime_generation, prior, rows, columnar) =
            (state.0, state.1, state.2, state.3, state.4, state.5);
        let (namespaced_runtime, finished_migrations, dry_run) = (state.6, state.7, state.8);
        let columnar = columnar && !rows.is_empty();
        World {
            name,
            namespace,
            component,
            // A service always has an engine (evidence-strictness.md §2.7).
            others: others
                .into_iter()
                .chain((component != Component::Engine).then_some(Component::Engine))
                .filter(|c| *c != component)
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect(),
            // The default block is the HPA.
            class: if block_at == BlockAt::Default {
                Class::Hpa
            } else {
                class
            },
            block_at,
            bounds_at_runtime,
            min,
            max,
            pick,
            isvc_generation,
            ir_generation,
            runtime_generation,
            prior,
            rows,
            // ColumnarV2 has at least one member (api-contract.md §2.6).
            encoding: if columnar {
                Encoding::ColumnarV2
            } else {
                Encoding::DenseV1
            },
            namespaced_runtime,
            uids,
            rvs,
            partition,
            finished_migrations,
            dry_run,
        }
    })
}

/// The evidence of one run, as the collector would hand it over.
#[derive(Debug, Clone)]
pub(crate) struct Case {
    pub(crate) isvc: Value,
    pub(crate) ir: Result<Value, ApiError>,
    pub(crate) scale: Result<Value, ApiError>,
    /// A `/scale` body that is not JSON at all, when set.
    pub(crate) scale_text: Option<&'static str>,
    pub(crate) runtime: Result<Value, ApiError>,
    pub(crate) request: ScaleRequest,
}

fn component_spec(world: &World, own: bool) -> Value {
    let mut spec = json!({});
    if own != world.bounds_at_runtime {
        if let Some(min) = world.min {
            spec["minReplicas"] = json!(min);
        }
        if let Some(max) = world.max {
            spec["maxReplicas"] = json!(max);
        }
    }
    let block_here = match world.block_at {
        BlockAt::Isvc => own,
        BlockAt::Runtime => !own,
        BlockAt::Default => false,
    };
    if block_here {
        spec["autoscaler"] = world.block();
    }
    spec
}

fn isvc_component_status(world: &World, c: Component, autoscaler: Value) -> Value {
    let ir = format!("{}-{}", world.name, c.as_str());
    let svc_rev = service_revision(&world.name, testenv_component(c));
    json!({
        "latestReadyRevision": svc_rev,
        "latestRolledoutRevision": svc_rev,
        "traffic": [{"revisionName": svc_rev, "percent": 100, "latestRevision": true}],
        "lifecycle": lifecycle_mirror(&world.name, testenv_component(c), world.isvc_generation, 1, 1),
        "autoscaler": autoscaler,
        "scaleTargetRef": {"apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica", "name": ir},
    })
}

fn testenv_component(c: Component) -> ome_testenv::Component {
    match c {
        Component::Engine => ome_testenv::Component::Engine,
        Component::Decoder => ome_testenv::Component::Decoder,
        Component::Router => ome_testenv::Component::Router,
    }
}

fn isvc(world: &World) -> Value {
    let mut runtime = json!({"name": world.runtime_name()});
    if world.namespaced_runtime {
        runtime["kind"] = json!("ServingRuntime");
    }
    let mut spec = json!({"deploymentMode": "OMENative", "runtime": runtime});
    spec[world.component.as_str()] = component_spec(world, true);
    let mut components = serde_json::Map::new();
    let selected = json!({"class": world.class.name(), "managedBy": world.class.managed_by(),
                          "specSource": world.spec_source()});
    components.insert(
        world.component.as_str().into(),
        isvc_component_status(world, world.component, selected),
    );
    for other in &world.others {
        spec[other.as_str()] = json!({"minReplicas": 1, "maxReplicas": 1});
        let default_hpa = json!({"class": "HPA", "managedBy": "ome", "specSource": "default"});
        components.insert(
            other.as_str().into(),
            isvc_component_status(world, *other, default_hpa),
        );
    }
    json!({
        "apiVersion": "ome.io/v1beta1", "kind": "InferenceService",
        "metadata": {"name": world.name, "namespace": world.namespace, "uid": world.uids[0],
                     "generation": world.isvc_generation, "resourceVersion": world.rvs[0]},
        "spec": spec,
        "status": {
            "observedGeneration": world.isvc_generation,
            "conditions": [{"type": "Ready", "status": "True",
                            "lastTransitionTime": "2026-01-01T00:00:00Z"}],
            "components": components,
        },
    })
}

fn row(world: &World, index: usize, ready: bool, incarnation: i64) -> Value {
    let rev = revision(&world.name, testenv_component(world.component));
    let index = i64::try_from(index).unwrap_or(0);
    let mut row = if ready {
        ready_row(index, &rev, "2026-01-01T00:00:00Z")
    } else {
        json!({"index": index, "phase": "Failed", "runningRevision": rev,
               "podCount": 0, "servingPodCount": 0, "availablePodCount": 0})
    };
    row["incarnation"] = json!(incarnation);
    row
}

/// A manual migration record of the first Instance as the controller writes it
/// (evidence-strictness.md §2.6): attempt 0, the surge Instance and its allocation time from
/// `SurgePending` on, `completedAt` once terminal.
pub(super) fn migration_record(uuid: &str, phase: &str) -> Value {
    let mut record = json!({"requestUUID": uuid, "phase": phase, "trigger": "Manual",
        "sourceInstance": 0, "fromNode": "gpu-node-a", "attempt": 0,
        "startedAt": "2026-01-01T00:00:00Z", "deadline": "2026-01-01T01:00:00Z"});
    if matches!(
        phase,
        "SurgePending" | "SurgeReady" | "Draining" | "Completed"
    ) {
        record["surgeInstance"] = json!(1000);
        record["allocatedAt"] = json!("2026-01-01T00:01:00Z");
    }
    if matches!(phase, "Completed" | "Failed") {
        record["completedAt"] = json!("2026-01-01T00:10:00Z");
    }
    record
}

fn ir(world: &World) -> Value {
    let rows: Vec<Value> = world
        .rows
        .iter()
        .enumerate()
        .map(|(i, (ready, incarnation))| row(world, i, *ready, *incarnation))
        .collect();
    let mut status = ir_status(
        &world.name,
        testenv_component(world.component),
        world.ir_generation,
        &rows,
    );
    set_rows(&mut status, rows, world.encoding);
    let migrations: Vec<Value> = world
        .finished_migrations
        .iter()
        .enumerate()
        .map(|(i, completed)| {
            let uuid = format!("00000000-0000-4000-8000-{i:012}");
            migration_record(&uuid, if *completed { "Completed" } else { "Failed" })
        })
        .collect();
    status["migrations"] = json!(migrations);
    let mut spec = json!({"parentRef": {"name": world.name}, "component": world.component.as_str(),
                          "replicas": world.prior, "autoscaler": world.block()});
    if let Some(percent) = world.partition {
        let held = i64::from(world.requested()) * i64::from(percent) / 100;
        spec["pacing"] = json!({"partition": held});
    }
    json!({
        "apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica",
        "metadata": {"name": world.ir_name(), "namespace": world.namespace, "uid": world.uids[1],
                     "generation": world.ir_generation, "resourceVersion": world.rvs[1],
                     "annotations": {"ome.io/parent-generation": world.isvc_generation.to_string()},
                     "ownerReferences": [owner_ref(&world.name, &world.uids[0])]},
        "spec": spec,
        "status": status,
    })
}

fn scale(world: &World, ir: &Value) -> Value {
    json!({"apiVersion": "autoscaling/v1", "kind": "Scale",
           "metadata": {"name": world.ir_name(), "namespace": world.namespace,
                        "uid": world.uids[1], "resourceVersion": world.rvs[1]},
           "spec": {"replicas": world.prior},
           "status": {"replicas": ir["status"]["replicas"], "selector": "a=b"}})
}

fn runtime(world: &World) -> Value {
    let kind = if world.namespaced_runtime {
        "ServingRuntime"
    } else {
        "ClusterServingRuntime"
    };
    let mut metadata = json!({"name": world.runtime_name(), "uid": world.uids[2],
                              "generation": world.runtime_generation,
                              "resourceVersion": world.rvs[2]});
    if world.namespaced_runtime {
        metadata["namespace"] = json!(world.namespace);
    }
    let mut spec = json!({"protocolVersions": ["openAI"]});
    spec[format!("{}Config", world.component.as_str())] = component_spec(world, false);
    json!({"apiVersion": "ome.io/v1beta1", "kind": kind, "metadata": metadata, "spec": spec})
}

pub(crate) fn case(world: &World) -> Case {
    let ir = ir(world);
    Case {
        isvc: isvc(world),
        scale: Ok(scale(world, &ir)),
        scale_text: None,
        ir: Ok(ir),
        runtime: Ok(runtime(world)),
        request: ScaleRequest {
            name: world.name.clone(),
            component: world.component,
            replicas: world.requested(),
            current_replicas: None,
            override_autoscaler: true,
            yes: true,
            dry_run: world.dry_run,
            output: OutputFormat::Table,
            ome_namespace: "ome".into(),
            request_timeout: Duration::from_secs(10),
        },
    }
}

/// Runs the service checks and preparation on a case, as the command does; a refusal is
/// compared by its error (the check lines are the diagnose tests' concern).
pub(crate) fn evaluate(case: &Case, namespace: &str) -> Result<Plan, ScaleError> {
    let (isvc, runtime_target) =
        check_service(Ok(case.isvc.clone()), namespace, &case.request.name)
            .map_err(|refusal| refusal.error)?;
    let scale = match (&case.scale_text, &case.scale) {
        (Some(text), _) => Ok(text.as_bytes().to_vec()),
        (None, Ok(value)) => Ok(value.to_string().into_bytes()),
        (None, Err(e)) => Err(e.clone()),
    };
    // The generated runtime lives where the service's reference looks first.
    let scope = match &runtime_target {
        crate::ome::reads::RuntimeSource::Named(target) => {
            head_scopes(target.kind, &target.service_namespace)
                .into_iter()
                .next()
                .unwrap_or_else(RuntimeScope::cluster)
        }
        crate::ome::reads::RuntimeSource::Selected(_) => RuntimeScope::cluster(),
    };
    let evidence = Evidence {
        isvc,
        runtime_target,
        runtime: RuntimeReads {
            chain: vec![ChainRead {
                scope,
                read: case.runtime.clone(),
            }],
            chain_broken: false,
            requested_revision: None,
            reported_revision: None,
            // The generated services name no model.
            model: None,
            snapshot: None,
        },
        ir: case.ir.clone(),
        scale,
        siblings: Vec::new(),
    };
    prepare(evidence, &case.request, now()).map_err(|refusal| refusal.error)
}
