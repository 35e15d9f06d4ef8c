//! Benchmark (not a test): the guide's scale (engine 2 → 3) against the local API server
//! through the test proxy with an added per-request latency. Reports requests, sequential
//! stages and wall time for
//!   * the plugin (`kubectl-ome scale`, end to end, a separate process),
//!   * the same staged reads and PATCH in-process (`collect::scale` + `act::scale`),
//!   * the same reads and PATCH one request at a time, in-process,
//!   * `kubectl scale --resource-version=RV --replicas=3` (the pinned kubectl of the test
//!     server binary), a separate process,
//!   * the plugin again while a pinned canary run (engine + decoder) is open and completed, so
//!     it proves the decoder sibling (conformance.md §2.6: its reads join stages 2 and 3),
//!   * the plugin on OME's minimal InferenceService, which names only its model: the model
//!     GETs and the candidate LISTs join stage 2, a new snapshot stage 3
//!     (runtime-selection.md §5.1).
//!
//! The stage counts are measured (waves of overlapping requests at the proxy), so they show the
//! plugin's real plan: 4 without a run, and §2.6's plan during one.
//!
//! Run: `cargo bench --bench scale_stages` (optional env: `SCALE_BENCH_LATENCY_MS`,
//! `SCALE_BENCH_ROUNDS`).

use kubectl_ome::collect::http::{ApiRequest, get_object, paths, send};
use kubectl_ome::connect::RequestTimeout;
use ome_testenv::binary::apiserver_binary;
use ome_testenv::fixtures::{CHAT_MODEL, CHAT_RUNTIME};
use ome_testenv::objects::resource_version;
use ome_testenv::pinned::{completed_canary, target_id};
use ome_testenv::selection::{Runtime, create_runtimes};
use ome_testenv::{ChatFixture, Component, Controller, Proxy, ProxyOptions, TestCluster, shared};
use serde_json::json;
use std::time::{Duration, Instant};

/// Turns the plugin's read errors into benchmark errors.
trait Api<T> {
    fn api(self) -> anyhow::Result<T>;
}

impl<T> Api<T> for Result<T, kubectl_ome::collect::http::ApiError> {
    fn api(self) -> anyhow::Result<T> {
        self.map_err(|e| anyhow::anyhow!("{e:?}"))
    }
}

/// A model read: found, or a named 404 (the guide's model is a ClusterBaseModel, so the
/// namespaced BaseModel read is a 404).
fn model_read(
    read: Result<serde_json::Value, kubectl_ome::collect::http::ApiError>,
) -> anyhow::Result<()> {
    match read {
        Ok(_) | Err(kubectl_ome::collect::http::ApiError::NotFound { named: true, .. }) => Ok(()),
        Err(e) => Err(anyhow::anyhow!("{e:?}")),
    }
}

struct Sample {
    requests: usize,
    stages: usize,
    wall: Duration,
}

fn median(mut samples: Vec<Sample>) -> Sample {
    samples.sort_by_key(|s| s.wall);
    let mid = samples.len() / 2;
    samples.swap_remove(mid)
}

async fn fresh(cluster: &TestCluster) -> anyhow::Result<(String, Controller)> {
    let ns = cluster.namespace("scale-bench").await?;
    let admin = cluster.admin().await?;
    ChatFixture::new().create(&admin, &ns).await?;
    Ok((ns, Controller::new(admin)))
}

fn measure(proxy: &Proxy, started: Instant) -> Sample {
    let wall = started.elapsed();
    Sample {
        requests: proxy.requests().len(),
        stages: proxy.stages(),
        wall,
    }
}

/// The chat example's IR revisions (the fixture's), which the pinned run targets.
const ENGINE_REVISION: &str = "7f9c4d2b";
const DECODER_REVISION: &str = "3b1e9a60";

/// A fresh example with an open, completed pinned canary run over engine and decoder (the V2
/// plan, digest `rp1:3b53f9962fd8`), as the conformance tests build it.
async fn fresh_pinned(cluster: &TestCluster) -> anyhow::Result<String> {
    let (ns, ctl) = fresh(cluster).await?;
    let members = [("engine", ENGINE_REVISION), ("decoder", DECODER_REVISION)];
    let status = json!({
        "status": completed_canary(&members, &target_id(&members), ENGINE_REVISION)
    });
    ctl.patch_isvc_status(&ns, "chat", status).await?;
    Ok(ns)
}

/// OME's minimal InferenceService (engine only, no runtime named) whose runtime OME selects:
/// a ServingRuntime of its namespace that serves the guide's model natively.
async fn fresh_selected(cluster: &TestCluster) -> anyhow::Result<String> {
    let ns = cluster.namespace("scale-bench-sel").await?;
    let admin = cluster.admin().await?;
    let spec = json!({
        "supportedModelFormats": [{"modelFormat": {"name": "safetensors", "version": "1.0.0"},
                                   "modelFramework": {"name": "transformers", "version": "4.45.0"},
                                   "modelArchitecture": "LlamaForCausalLM", "autoSelect": true}],
        "engineConfig": {"annotations": {"ome.io/deploymentMode": "OMENative"}},
    });
    create_runtimes(&admin, Some(&ns), &[Runtime::new("srt-selected", spec)]).await?;
    ChatFixture::new()
        .without(Component::Decoder)
        .without(Component::Router)
        .selecting(Some("srt-selected"))
        .create(&admin, &ns)
        .await?;
    Ok(ns)
}

/// The plugin, end to end.
async fn plugin_run(proxy: &Proxy, ns: &str) -> anyhow::Result<Sample> {
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler")?;
    proxy.clear_log();
    let started = Instant::now();
    let ns = ns.to_string();
    let output = tokio::task::spawn_blocking(move || {
        std::process::Command::new(env!("CARGO_BIN_EXE_kubectl-ome"))
            .args([
                "scale",
                "chat",
                "-n",
                &ns,
                "--component",
                "engine",
                "--replicas",
                "3",
                "--override-autoscaler",
                "--yes",
                "-o",
                "json",
            ])
            .env("KUBECONFIG", &kubeconfig)
            .env("NO_COLOR", "1")
            .output()
    })
    .await??;
    let sample = measure(proxy, started);
    anyhow::ensure!(output.status.success(), "plugin failed: {output:?}");
    Ok(sample)
}

fn get(path: String) -> ApiRequest {
    ApiRequest::get(path, RequestTimeout(Some(Duration::from_secs(10))))
}

fn patch(ns: &str, rv: &str) -> ApiRequest {
    ApiRequest {
        method: http::Method::PATCH,
        path: paths::inference_replica_scale(ns, "chat-engine"),
        content_type: Some("application/merge-patch+json"),
        body: json!({"metadata": {"resourceVersion": rv}, "spec": {"replicas": 3}})
            .to_string()
            .into_bytes(),
        timeout: RequestTimeout(Some(Duration::from_secs(10))),
        max_body: Some(1 << 20),
        handoff: None,
    }
}

/// The plugin's requests, staged as it stages them, in-process.
async fn staged_run(proxy: &Proxy, ns: &str) -> anyhow::Result<Sample> {
    let client = proxy.client_for("scaler").await?;
    proxy.clear_log();
    let started = Instant::now();
    let isvc = get_object(&client, get(paths::inference_service(ns, "chat")));
    let ir = get_object(&client, get(paths::inference_replica(ns, "chat-engine")));
    let scale = send(
        &client,
        get(paths::inference_replica_scale(ns, "chat-engine")),
    );
    let (isvc, ir, scale) = futures::join!(isvc, ir, scale);
    let (_, ir, _) = (isvc.api()?, ir.api()?, scale.api()?);
    // Stage 2: the runtime (and, speculatively, the ServingRuntime of that name the lookup
    // falls back to after a 404: difference p) and the model gate's two reads
    // (evidence-strictness.md §2.1).
    let (runtime, _fallback, namespaced, cluster_model) = futures::join!(
        get_object(&client, get(paths::cluster_serving_runtime(CHAT_RUNTIME))),
        get_object(&client, get(paths::serving_runtime(ns, CHAT_RUNTIME))),
        get_object(&client, get(paths::base_model(ns, CHAT_MODEL))),
        get_object(&client, get(paths::cluster_base_model(CHAT_MODEL))),
    );
    runtime.api()?;
    model_read(namespaced)?;
    model_read(cluster_model)?;
    let (a, b, c) = futures::join!(
        get_object(&client, get(paths::inference_service(ns, "chat"))),
        get_object(&client, get(paths::cluster_serving_runtime(CHAT_RUNTIME))),
        get_object(&client, get(paths::inference_replica(ns, "chat-engine"))),
    );
    let (_, _, _) = (a.api()?, b.api()?, c.api()?);
    send(&client, patch(ns, resource_version(&ir)))
        .await
        .api()?;
    Ok(measure(proxy, started))
}

/// The same reads and PATCH one request at a time.
async fn sequential_run(proxy: &Proxy, ns: &str) -> anyhow::Result<Sample> {
    let client = proxy.client_for("scaler").await?;
    proxy.clear_log();
    let started = Instant::now();
    get_object(&client, get(paths::inference_service(ns, "chat")))
        .await
        .api()?;
    let ir = get_object(&client, get(paths::inference_replica(ns, "chat-engine")))
        .await
        .api()?;
    send(
        &client,
        get(paths::inference_replica_scale(ns, "chat-engine")),
    )
    .await
    .api()?;
    get_object(&client, get(paths::cluster_serving_runtime(CHAT_RUNTIME)))
        .await
        .api()?;
    let _fallback = get_object(&client, get(paths::serving_runtime(ns, CHAT_RUNTIME))).await;
    model_read(get_object(&client, get(paths::base_model(ns, CHAT_MODEL))).await)?;
    model_read(get_object(&client, get(paths::cluster_base_model(CHAT_MODEL))).await)?;
    get_object(&client, get(paths::inference_service(ns, "chat")))
        .await
        .api()?;
    get_object(&client, get(paths::cluster_serving_runtime(CHAT_RUNTIME)))
        .await
        .api()?;
    get_object(&client, get(paths::inference_replica(ns, "chat-engine")))
        .await
        .api()?;
    send(&client, patch(ns, resource_version(&ir)))
        .await
        .api()?;
    Ok(measure(proxy, started))
}

/// `kubectl scale --resource-version=RV --replicas=3 inferencereplica/chat-engine`.
async fn kubectl_run(proxy: &Proxy, ns: &str, ctl: &Controller) -> anyhow::Result<Sample> {
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler")?;
    let rv = resource_version(&ctl.ir(ns, "chat-engine").await?).to_string();
    let binary = apiserver_binary()?;
    // kubectl caches discovery under HOME; a fresh HOME makes every run pay for it equally.
    let home = tempfile::tempdir()?;
    proxy.clear_log();
    let started = Instant::now();
    let ns = ns.to_string();
    let home_path = home.path().to_path_buf();
    let output = tokio::task::spawn_blocking(move || {
        std::process::Command::new(binary)
            .args([
                "kubectl",
                "scale",
                "-n",
                &ns,
                &format!("--resource-version={rv}"),
                "--replicas=3",
                "inferencereplica/chat-engine",
            ])
            .env("KUBECONFIG", &kubeconfig)
            .env("HOME", &home_path)
            .output()
    })
    .await??;
    let sample = measure(proxy, started);
    anyhow::ensure!(output.status.success(), "kubectl failed: {output:?}");
    if std::env::var_os("SCALE_BENCH_VERBOSE").is_some() {
        for r in proxy.requests() {
            println!("kubectl: {} {}", r.method, r.uri);
        }
    }
    Ok(sample)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let latency_ms: u64 = std::env::var("SCALE_BENCH_LATENCY_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    let rounds: usize = std::env::var("SCALE_BENCH_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    let cluster = shared()?;
    let proxy = Proxy::start(
        cluster,
        ProxyOptions {
            latency: Duration::from_millis(latency_ms),
        },
    )?;
    let (mut plugin, mut staged, mut sequential, mut kubectl, mut pinned, mut selected) = (
        Vec::new(),
        Vec::new(),
        Vec::new(),
        Vec::new(),
        Vec::new(),
        Vec::new(),
    );
    for _ in 0..rounds {
        let (ns, _) = fresh(cluster).await?;
        plugin.push(plugin_run(&proxy, &ns).await?);
        let (ns, _) = fresh(cluster).await?;
        staged.push(staged_run(&proxy, &ns).await?);
        let (ns, _) = fresh(cluster).await?;
        sequential.push(sequential_run(&proxy, &ns).await?);
        let (ns, ctl) = fresh(cluster).await?;
        kubectl.push(kubectl_run(&proxy, &ns, &ctl).await?);
        let ns = fresh_pinned(cluster).await?;
        pinned.push(plugin_run(&proxy, &ns).await?);
        let ns = fresh_selected(cluster).await?;
        selected.push(plugin_run(&proxy, &ns).await?);
    }
    let rows = [
        ("kubectl-ome scale (process)", plugin),
        ("staged, in-process", staged),
        ("one at a time, in-process", sequential),
        ("kubectl scale --resource-version", kubectl),
        ("kubectl-ome scale, pinned run open", pinned),
        ("kubectl-ome scale, runtime selected", selected),
    ];
    println!(
        "scale engine 2 -> 3 through the proxy, +{latency_ms} ms per request, median of {rounds}"
    );
    println!(
        "{:<34} {:>8} {:>7} {:>10}",
        "VARIANT", "REQUESTS", "STAGES", "WALL"
    );
    for (name, samples) in rows {
        let m = median(samples);
        println!(
            "{:<34} {:>8} {:>7} {:>8}ms",
            name,
            m.requests,
            m.stages,
            m.wall.as_millis()
        );
    }
    Ok(())
}
