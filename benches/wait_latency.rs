//! Benchmark (not a test): how soon `kubectl ome wait` exits after the status that satisfies
//! its predicate is written, for the watch design next to the polling design, against the
//! local API server.
//!
//! Each trial creates the guide's `chat` service in a fresh namespace, prepares it so that one
//! status write will satisfy the predicate, and starts two `wait` processes side by side:
//!   * watch: the plugin as shipped, through proxy W;
//!   * poll: the same binary as a user who may get and list but not watch (real RBAC), through
//!     proxy P: its watch is refused (403) and it polls every 5 s, which is the polling
//!     design. Its refused watch attempts are not counted.
//!
//! Once both wait (W saw both watches open, P saw the refused watch), the bench sleeps a random
//! 1–20 s, then runs the controller stand-in's status update (a GET of the object and the
//! status write; latency is measured from the start of that update, so it slightly overstates)
//! and measures until each process has exited. Requests are counted from the proxies' logs.
//! A second phase waits 60 s for a predicate that never holds and counts requests per minute
//! in steady state.
//!
//! A third phase measures the watch design on services nobody wrote for a while (issue 30):
//! each trial's namespace is prepared first, then the service and its engine InferenceReplica
//! are aged out of the API server's watch cache (other objects of the same resources are
//! written until a watch from each object's own resourceVersion is answered 410 Gone, about
//! 80 s), and only then is the wait started and the status written. Its rows (`aged`) sit
//! beside the fresh ones (`watch`), with the requests per wait and the waits that fell back to
//! polling.
//!
//! Run: `cargo bench --bench wait_latency` (optional env: `WAIT_BENCH_TRIALS` (20),
//! `WAIT_BENCH_MIN_DELAY_MS` (1000), `WAIT_BENCH_MAX_DELAY_MS` (20000), `WAIT_BENCH_IDLE_SECS`
//! (60), `WAIT_BENCH_SEED`, `WAIT_BENCH_SEQUENTIAL=1` to run the predicates one after another,
//! `WAIT_BENCH_AGED_TRIALS` (as many as the fresh trials)).

use anyhow::{Context, Result, bail, ensure};
use k8s_openapi::api::rbac::v1::{ClusterRole, ClusterRoleBinding};
use kube::api::{Api, PostParams};
use ome_testenv::crds::{ir_resource, isvc_resource};
use ome_testenv::wait::poll_until;
use ome_testenv::watch_cache::{Target, age_out};
use ome_testenv::{
    ChatFixture, Controller, Proxy, ProxyOptions, RequestRecord, TestCluster, shared,
};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The user of the polling design: may get and list the OME objects, not watch them.
const POLL_USER: &str = "nobody";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Predicate {
    Current,
    Ready,
    Migration,
}

impl Predicate {
    fn name(self) -> &'static str {
        match self {
            Predicate::Current => "replicas=current",
            Predicate::Ready => "replicas=ready",
            Predicate::Migration => "migration=terminal",
        }
    }
}

/// One design's result in one trial.
#[derive(Debug, Clone, Copy)]
struct Sample {
    /// From the start of the status update to the process's exit.
    latency: Duration,
    requests: usize,
    /// From the process's start to its exit.
    waited: Duration,
    /// The report said `pollingFallback: true`.
    fallback: bool,
}

/// A namespace prepared so that `trigger` makes the predicate true.
struct Prepared {
    ns: String,
    args: Vec<String>,
    migration: Option<String>,
}

struct Bench {
    cluster: &'static TestCluster,
    controller: Controller,
    watch: (Proxy, PathBuf),
    poll: (Proxy, PathBuf),
    rng: Mutex<u64>,
    delays: (u64, u64),
}

impl Bench {
    /// A uniform random delay in the configured range (xorshift64).
    fn delay(&self) -> Duration {
        let mut state = self.rng.lock().map(|s| *s).unwrap_or(1);
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        if let Ok(mut s) = self.rng.lock() {
            *s = state;
        }
        let (min, max) = self.delays;
        Duration::from_millis(min + state % (max - min + 1))
    }

    async fn prepare(&self, predicate: Predicate, never: bool) -> Result<Prepared> {
        let ns = self.cluster.namespace("wait-bench").await?;
        let admin = self.cluster.admin().await?;
        ChatFixture::new().create(&admin, &ns).await?;
        let c = &self.controller;
        let mut migration = None;
        let target = if never { "5" } else { "3" };
        let mut args: Vec<String> = vec!["wait".into(), "chat".into(), "-n".into(), ns.clone()];
        match predicate {
            Predicate::Current => {
                c.scale_ir_as_autoscaler(&ns, "chat-engine", 3).await?;
                args.extend([
                    "--for=replicas=current".into(),
                    "--component=engine".into(),
                    format!("--replicas={target}"),
                ]);
            }
            Predicate::Ready => {
                c.scale_ir_as_autoscaler(&ns, "chat-engine", 3).await?;
                c.observe_replica(&ns, "chat-engine").await?;
                args.extend([
                    "--for=replicas=ready".into(),
                    "--component=engine".into(),
                    format!("--replicas={target}"),
                ]);
            }
            Predicate::Migration => {
                let id = c.add_migration(&ns, "chat-engine", "Draining").await?;
                args.extend([
                    "--for=migration=terminal".into(),
                    format!("--request-id={id}"),
                ]);
                migration = Some(id);
            }
        }
        let timeout = if never { idle_secs() } else { 60 };
        args.extend([format!("--timeout={timeout}s"), "-o".into(), "json".into()]);
        Ok(Prepared {
            ns,
            args,
            migration,
        })
    }

    /// The one status update that makes the predicate true.
    async fn trigger(&self, predicate: Predicate, prepared: &Prepared) -> Result<()> {
        let (c, ns) = (&self.controller, prepared.ns.as_str());
        match predicate {
            Predicate::Current => {
                c.observe_replica(ns, "chat-engine").await?;
            }
            Predicate::Ready => {
                c.mark_instances_ready(ns, "chat-engine").await?;
            }
            Predicate::Migration => {
                let id = prepared.migration.as_deref().unwrap_or_default();
                complete_migration(c, ns, id).await?;
            }
        }
        Ok(())
    }

    async fn trial(&self, predicate: Predicate) -> Result<(Sample, Sample)> {
        let prepared = self.prepare(predicate, false).await?;
        let ns = prepared.ns.clone();
        let watch = Waiting::start(&self.watch.1, &prepared.args)?;
        let poll = Waiting::start(&self.poll.1, &prepared.args)?;
        self.until_waiting(&ns).await?;
        tokio::time::sleep(self.delay()).await;
        let written = Instant::now();
        self.trigger(predicate, &prepared).await?;
        let (watched, polled) = futures::join!(watch.finish(), poll.finish());
        let (watched, polled) = (watched?, polled?);
        check(&watched.report, "Watch", false)?;
        check(&polled.report, "Poll", true)?;
        Ok((
            sample(&watched, written, requests(&self.watch.0, &ns, false)),
            sample(&polled, written, requests(&self.poll.0, &ns, true)),
        ))
    }

    /// Prepares one namespace per trial, then ages every prepared service and engine
    /// InferenceReplica out of the watch cache.
    async fn prepare_aged(&self, predicate: Predicate, n: u64) -> Result<Vec<Prepared>> {
        let mut prepared = Vec::new();
        for _ in 0..n {
            prepared.push(self.prepare(predicate, false).await?);
        }
        Ok(prepared)
    }

    async fn age(&self, prepared: &[&Prepared]) -> Result<()> {
        let c = &self.controller;
        let mut targets = Vec::new();
        for p in prepared {
            targets.push(Target::of(isvc_resource(), &c.isvc(&p.ns, "chat").await?));
            targets.push(Target::of(
                ir_resource(),
                &c.ir(&p.ns, "chat-engine").await?,
            ));
        }
        let started = Instant::now();
        let writes = age_out(c.client(), &targets, Duration::from_secs(600)).await?;
        eprintln!(
            "aged {} objects out of the watch cache: {writes} filler writes, {} s",
            targets.len(),
            started.elapsed().as_secs()
        );
        Ok(())
    }

    /// One wait of the watch design on an aged namespace; a fallback is recorded, not fatal.
    async fn aged_trial(&self, predicate: Predicate, prepared: &Prepared) -> Result<Sample> {
        let ns = prepared.ns.as_str();
        let watch = Waiting::start(&self.watch.1, &prepared.args)?;
        poll_until(
            Duration::from_secs(30),
            Duration::from_millis(10),
            || async { Ok(self.watching(ns).then_some(())) },
        )
        .await
        .context("waiting for the wait to watch")?;
        tokio::time::sleep(self.delay()).await;
        let written = Instant::now();
        self.trigger(predicate, prepared).await?;
        let watched = watch.finish().await?;
        let outcome = watched.report.pointer("/content/outcome");
        ensure!(outcome == Some(&json!("Matched")), "aged wait: {outcome:?}");
        Ok(sample(
            &watched,
            written,
            requests(&self.watch.0, ns, false),
        ))
    }

    /// W opened its two watches in `ns`.
    fn watching(&self, ns: &str) -> bool {
        in_namespace(&self.watch.0, ns)
            .iter()
            .filter(|r| is_watch(r))
            .count()
            >= 2
    }

    /// Both processes are waiting: W opened its two watches, P was refused its watch.
    async fn until_waiting(&self, ns: &str) -> Result<()> {
        poll_until(
            Duration::from_secs(30),
            Duration::from_millis(10),
            || async {
                let watching = self.watching(ns);
                let polling = in_namespace(&self.poll.0, ns)
                    .iter()
                    .any(|r| is_watch(r) && r.status == Some(403));
                Ok((watching && polling).then_some(()))
            },
        )
        .await
        .context("waiting for both designs to start waiting")
    }

    /// Both designs wait the idle time for a predicate that never holds.
    async fn idle(&self, predicate: Predicate) -> Result<(usize, usize)> {
        let prepared = self.prepare(predicate, true).await?;
        let watch = Waiting::start(&self.watch.1, &prepared.args)?;
        let poll = Waiting::start(&self.poll.1, &prepared.args)?;
        let (watched, polled) = futures::join!(watch.finish_unmet(), poll.finish_unmet());
        watched?;
        polled?;
        Ok((
            requests(&self.watch.0, &prepared.ns, false),
            requests(&self.poll.0, &prepared.ns, true),
        ))
    }
}

/// A `wait` process running in the background.
struct Waiting {
    child: tokio::process::Child,
    started: Instant,
}

/// How a `wait` process ended.
struct Done {
    started: Instant,
    exited: Instant,
    report: Value,
}

impl Waiting {
    fn start(kubeconfig: &PathBuf, args: &[String]) -> Result<Waiting> {
        let started = Instant::now();
        let child = tokio::process::Command::new(env!("CARGO_BIN_EXE_kubectl-ome"))
            .args(args)
            .env("KUBECONFIG", kubeconfig)
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()?;
        Ok(Waiting { child, started })
    }

    async fn output(self) -> Result<(std::process::Output, Instant, Instant)> {
        let output = tokio::time::timeout(Duration::from_secs(120), self.child.wait_with_output())
            .await
            .context("wait did not exit")??;
        Ok((output, self.started, Instant::now()))
    }

    async fn finish(self) -> Result<Done> {
        let (output, started, exited) = self.output().await?;
        ensure!(output.status.success(), "wait failed: {output:?}");
        Ok(Done {
            started,
            exited,
            report: serde_json::from_slice(&output.stdout)?,
        })
    }

    async fn finish_unmet(self) -> Result<()> {
        let (output, _, _) = self.output().await?;
        ensure!(
            output.status.code() == Some(2),
            "expected unmet: {output:?}"
        );
        Ok(())
    }
}

fn sample(done: &Done, written: Instant, requests: usize) -> Sample {
    Sample {
        latency: done.exited.saturating_duration_since(written),
        requests,
        waited: done.exited.saturating_duration_since(done.started),
        fallback: done.report.pointer("/content/pollingFallback") == Some(&json!(true)),
    }
}

/// The match came the way the design says (not at the first read, which would mean the write
/// landed before the wait started).
fn check(report: &Value, method: &str, fallback: bool) -> Result<()> {
    let field = |key: &str| report.pointer(&format!("/content/{key}"));
    if field("outcome") != Some(&json!("Matched"))
        || field("sourceMethod") != Some(&json!(method))
        || field("pollingFallback") != Some(&json!(fallback))
    {
        let content = report.get("content");
        bail!("unexpected report for the {method} design: {content:?}");
    }
    Ok(())
}

fn is_watch(r: &RequestRecord) -> bool {
    r.uri.contains("watch=true")
}

fn in_namespace(proxy: &Proxy, ns: &str) -> Vec<RequestRecord> {
    let marker = format!("/namespaces/{ns}/");
    proxy
        .requests()
        .into_iter()
        .filter(|r| r.uri.contains(&marker))
        .collect()
}

/// Requests of one namespace; for the polling design without its refused watch attempts (the
/// polling design makes none).
fn requests(proxy: &Proxy, ns: &str, polling: bool) -> usize {
    in_namespace(proxy, ns)
        .iter()
        .filter(|r| !(polling && is_watch(r)))
        .count()
}

/// The migration record reaches its terminal phase.
async fn complete_migration(c: &Controller, ns: &str, id: &str) -> Result<()> {
    let ir = c.ir(ns, "chat-engine").await?;
    let mut records = ir
        .pointer("/status/migrations")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for r in records.iter_mut().filter_map(Value::as_object_mut) {
        if r.get("requestUUID") == Some(&json!(id)) {
            // As the controller finishes a manual surge (evidence-strictness.md §2.6): the
            // completion after the start, and `succeeded` only on automatic relocations.
            r.insert("phase".into(), json!("Completed"));
            r.insert(
                "completedAt".into(),
                json!(ome_testenv::util::now_rfc3339()),
            );
        }
    }
    c.patch_ir_status(
        ns,
        "chat-engine",
        json!({"status": {"migrations": records}}),
    )
    .await?;
    Ok(())
}

/// Lets the polling user get and list (never watch) the OME objects.
async fn grant_polling_user(cluster: &TestCluster) -> Result<()> {
    let admin = cluster.admin().await?;
    let name = "wait-bench-get-list";
    let role: ClusterRole = serde_json::from_value(json!({
        "metadata": {"name": name},
        "rules": [{"apiGroups": ["ome.io"], "resources": ["inferenceservices", "inferencereplicas"],
                   "verbs": ["get", "list"]}],
    }))?;
    let binding: ClusterRoleBinding = serde_json::from_value(json!({
        "metadata": {"name": name},
        "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": name},
        "subjects": [{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": POLL_USER}],
    }))?;
    Api::<ClusterRole>::all(admin.clone())
        .create(&PostParams::default(), &role)
        .await?;
    Api::<ClusterRoleBinding>::all(admin.clone())
        .create(&PostParams::default(), &binding)
        .await?;
    poll_until(Duration::from_secs(30), Duration::from_millis(100), || {
        let admin = admin.clone();
        async move {
            let list = ome_testenv::rbac::allowed(
                &admin,
                POLL_USER,
                "list",
                "ome.io",
                "inferencereplicas",
                "",
            )
            .await?;
            Ok(list.then_some(()))
        }
    })
    .await
}

fn env_u64(key: &str, default: u64) -> u64 {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn idle_secs() -> u64 {
    env_u64("WAIT_BENCH_IDLE_SECS", 60)
}

/// Nearest-rank percentile.
fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let rank = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len().max(1));
    sorted.get(rank - 1).copied().unwrap_or_default()
}

fn row(predicate: Predicate, design: &str, samples: &[Sample]) {
    let mut latencies: Vec<Duration> = samples.iter().map(|s| s.latency).collect();
    latencies.sort();
    let requests: usize = samples.iter().map(|s| s.requests).sum();
    let most = samples.iter().map(|s| s.requests).max().unwrap_or_default();
    let fallbacks = samples.iter().filter(|s| s.fallback).count();
    let waited: f64 = samples.iter().map(|s| s.waited.as_secs_f64()).sum();
    println!(
        "{:<20} {:<6} {:>8} {:>8} {:>8} {:>10.1} {:>8} {:>10.1} {:>9}",
        predicate.name(),
        design,
        format!("{}ms", percentile(&latencies, 0.50).as_millis()),
        format!("{}ms", percentile(&latencies, 0.95).as_millis()),
        format!(
            "{}ms",
            latencies.last().copied().unwrap_or_default().as_millis()
        ),
        requests as f64 / samples.len().max(1) as f64,
        most,
        requests as f64 * 60.0 / waited.max(f64::EPSILON),
        fallbacks,
    );
}

/// The aged phase: every namespace prepared and aged first, then the trials of each predicate
/// one after another (concurrently across predicates, like the fresh phase).
async fn aged_trials(
    bench: &Bench,
    predicates: &[Predicate; 3],
    n: u64,
) -> Result<Vec<Vec<Sample>>> {
    let n = env_u64("WAIT_BENCH_AGED_TRIALS", n);
    let prepared =
        futures::future::try_join_all(predicates.iter().map(|p| bench.prepare_aged(*p, n))).await?;
    let all: Vec<&Prepared> = prepared.iter().flatten().collect();
    bench.age(&all).await?;
    let runs = predicates
        .iter()
        .zip(&prepared)
        .map(|(p, ready)| async move {
            let mut samples = Vec::new();
            for (i, one) in ready.iter().enumerate() {
                let s = bench
                    .aged_trial(*p, one)
                    .await
                    .with_context(|| format!("{} aged trial {i}", p.name()))?;
                eprintln!(
                    "{} aged trial {}/{n}: {} ms, {} requests{}",
                    p.name(),
                    i + 1,
                    s.latency.as_millis(),
                    s.requests,
                    if s.fallback {
                        ", fell back to polling"
                    } else {
                        ""
                    }
                );
                samples.push(s);
            }
            anyhow::Ok(samples)
        });
    futures::future::try_join_all(runs).await
}

async fn trials(bench: &Bench, predicate: Predicate, n: u64) -> Result<(Vec<Sample>, Vec<Sample>)> {
    let (mut watch, mut poll) = (Vec::new(), Vec::new());
    for i in 0..n {
        let (w, p) = bench
            .trial(predicate)
            .await
            .with_context(|| format!("{} trial {i}", predicate.name()))?;
        eprintln!(
            "{} trial {}/{n}: watch {} ms, poll {} ms",
            predicate.name(),
            i + 1,
            w.latency.as_millis(),
            p.latency.as_millis()
        );
        watch.push(w);
        poll.push(p);
    }
    Ok((watch, poll))
}

#[tokio::main]
async fn main() -> Result<()> {
    let n = env_u64("WAIT_BENCH_TRIALS", 20);
    let delays = (
        env_u64("WAIT_BENCH_MIN_DELAY_MS", 1000),
        env_u64("WAIT_BENCH_MAX_DELAY_MS", 20_000),
    );
    ensure!(delays.0 <= delays.1, "empty delay range");
    let seed = env_u64(
        "WAIT_BENCH_SEED",
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)?
            .as_nanos() as u64,
    )
    .max(1);
    let cluster = shared()?;
    grant_polling_user(cluster).await?;
    let watch = Proxy::start(cluster, ProxyOptions::default())?;
    let watch_kubeconfig = watch.kubeconfig_via_proxy("reader")?;
    let poll = Proxy::start(cluster, ProxyOptions::default())?;
    let poll_kubeconfig = poll.kubeconfig_via_proxy(POLL_USER)?;
    let bench = Bench {
        cluster,
        controller: Controller::new(cluster.admin().await?),
        watch: (watch, watch_kubeconfig),
        poll: (poll, poll_kubeconfig),
        rng: Mutex::new(seed),
        delays,
    };
    let predicates = [Predicate::Current, Predicate::Ready, Predicate::Migration];
    let results = if std::env::var_os("WAIT_BENCH_SEQUENTIAL").is_some() {
        let mut results = Vec::new();
        for p in predicates {
            results.push(trials(&bench, p, n).await?);
        }
        results
    } else {
        futures::future::try_join_all(predicates.map(|p| trials(&bench, p, n))).await?
    };
    let aged = aged_trials(&bench, &predicates, n).await?;
    println!(
        "wait: status write -> process exit, {n} trials per predicate, the write at a random \
         {}-{} ms into the wait (seed {seed})",
        delays.0, delays.1
    );
    println!(
        "{:<20} {:<6} {:>8} {:>8} {:>8} {:>10} {:>8} {:>10} {:>9}",
        "PREDICATE", "DESIGN", "P50", "P95", "MAX", "REQ/TRIAL", "REQ MAX", "REQ/MIN", "FALLBACKS"
    );
    for ((predicate, (watch, poll)), aged) in predicates.iter().zip(&results).zip(&aged) {
        row(*predicate, "watch", watch);
        row(*predicate, "aged", aged);
        row(*predicate, "poll", poll);
    }
    let idle = idle_secs();
    let counts = futures::future::try_join_all(predicates.map(|p| bench.idle(p))).await?;
    println!("steady state: a wait of {idle} s whose predicate never holds");
    println!(
        "{:<20} {:>14} {:>14} {:>12} {:>12}",
        "PREDICATE", "WATCH REQUESTS", "POLL REQUESTS", "WATCH/MIN", "POLL/MIN"
    );
    for (predicate, (watch, poll)) in predicates.iter().zip(counts) {
        let per_minute = |n: usize| n as f64 * 60.0 / idle as f64;
        println!(
            "{:<20} {:>14} {:>14} {:>12.1} {:>12.1}",
            predicate.name(),
            watch,
            poll,
            per_minute(watch),
            per_minute(poll)
        );
    }
    Ok(())
}
