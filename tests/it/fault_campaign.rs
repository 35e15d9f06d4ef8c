//! A seeded fault campaign for `scale`, beyond the matrix's example runs: many confirmed scales
//! (real and `--dry-run server`) against the real API server through the test proxy, each with
//! a random fault of the matrix on a random one of its requests, while an autoscaler stand-in
//! keeps writing the same InferenceReplica's `/scale` (and a controller stand-in reconciles its
//! status). Every invocation's exit code is then held against what the server stored:
//!
//! - exit 0: exactly one PATCH reached the server and was accepted; a real scale's requested
//!   count was stored, a server dry run stored nothing;
//! - exit 3: one PATCH reached the server and was rejected (409); nothing stored;
//! - exit 1: no PATCH reached the server;
//! - exit 4: at most one PATCH, stored or not (what the server says decides which);
//! - never two PATCHes; and each IR's final count is the last stored `/scale` write in audit
//!   order.
//!
//! Each invocation requests a count no other write to its IR uses (the autoscaler writes from
//! a disjoint range), so a watch of the IR shows exactly which requested counts were stored.
//!
//! The plan (faults, their requests, modes, counts, the autoscaler's values and pauses) is a
//! function of the seed, printed first; `FAULT_CAMPAIGN_SEED=<n>` replays it (timing between
//! the autoscaler and the scales is the machine's). `cargo test` runs a short campaign with a
//! fixed seed; the full one (≥ 300 invocations, a fresh seed unless given) runs with
//! `--ignored` or `FAULT_CAMPAIGN=full`.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{faults_support, scale_support, support};
use faults_support::{ALL, Trouble, cluster, reads_before_patch};
use futures::StreamExt;
use kube::api::{Api, DynamicObject, WatchEvent, WatchParams};
use ome_testenv::crds::ir_resource;
use ome_testenv::{
    AuditEvent, ChatFixture, Component, Controller, ForeignCaServer, Hook, Proxy, ProxyOptions,
};
use scale_support::{CONFIRMED, args};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const IR: &str = "chat-engine";
const SCALER: &str = "scaler";
/// The fixed seed of the short campaign `cargo test` runs.
const SHORT_SEED: u64 = 0x0e27_5eed;

/// splitmix64: small, fast and the same everywhere, so a seed is a plan.
#[derive(Debug, Clone)]
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// One planned `scale` invocation.
#[derive(Debug, Clone)]
struct Planned {
    lane: usize,
    index: usize,
    trouble: Trouble,
    /// The request (1-based, in the order the proxy receives them) the fault hits.
    nth: usize,
    dry_run: &'static str,
    requested: i64,
}

/// What one invocation did, as the client and the server saw it.
#[derive(Debug)]
struct Outcome {
    plan: Planned,
    code: i32,
    stderr_tail: String,
    /// PATCHes the proxy received.
    sent: usize,
    /// The invocation's PATCHes the server audited: (auditID, HTTP code, dry run).
    audited: Vec<(String, i32, bool)>,
}

struct Config {
    seed: u64,
    lanes: usize,
    per_lane: usize,
}

fn config(full: bool) -> Config {
    let seed = std::env::var("FAULT_CAMPAIGN_SEED")
        .ok()
        .map(|s| s.parse().expect("FAULT_CAMPAIGN_SEED is a number"));
    if full {
        Config {
            seed: seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap()
                    .as_nanos() as u64
            }),
            lanes: 10,
            per_lane: 32,
        }
    } else {
        Config {
            seed: seed.unwrap_or(SHORT_SEED),
            lanes: 6,
            per_lane: 9,
        }
    }
}

/// Each lane's invocations: a fault, its request (of `requests`, the last being the PATCH),
/// the mode and a count of its own (1..=n; the autoscaler writes n+1..=2n).
fn plan(config: &Config, requests: usize) -> Vec<Vec<Planned>> {
    let mut rng = Rng(config.seed);
    (0..config.lanes)
        .map(|lane| {
            let mut counts: Vec<i64> = (1..=config.per_lane as i64).collect();
            rng.shuffle(&mut counts);
            counts
                .into_iter()
                .enumerate()
                .map(|(index, requested)| Planned {
                    lane,
                    index,
                    trouble: ALL[rng.below(ALL.len())],
                    // The PATCH (the last request) gets two chances in five, the rest spread
                    // over every request: a write's outcomes are what the campaign is about.
                    nth: if rng.below(5) < 2 {
                        requests
                    } else {
                        1 + rng.below(requests)
                    },
                    dry_run: if rng.below(3) == 0 { "server" } else { "none" },
                    requested,
                })
                .collect()
        })
        .collect()
}

/// The fault in front of the real server for one invocation: a proxy with the fault on its
/// `nth` request (latency on every request), or a server with a foreign CA.
struct Rig {
    kubeconfig: PathBuf,
    proxy: Option<Proxy>,
    _foreign: Option<ForeignCaServer>,
}

fn rig(plan: &Planned) -> Rig {
    if plan.trouble == Trouble::ForeignCa {
        let foreign = ForeignCaServer::start().unwrap();
        return Rig {
            kubeconfig: foreign.kubeconfig(cluster(), SCALER).unwrap(),
            proxy: None,
            _foreign: Some(foreign),
        };
    }
    let latency = if plan.trouble == Trouble::Latency {
        Duration::from_millis(200)
    } else {
        Duration::ZERO
    };
    let proxy = Proxy::start(cluster(), ProxyOptions { latency }).unwrap();
    if let Some(fault) = plan.trouble.fault() {
        proxy.add_hook(Hook::any_request().nth(plan.nth).fault(fault));
    }
    Rig {
        kubeconfig: proxy.kubeconfig_via_proxy(SCALER).unwrap(),
        proxy: Some(proxy),
        _foreign: None,
    }
}

/// `/scale` PATCHes audited in `ns` since `mark`.
async fn scale_patches_since(ns: &str, mark: ome_testenv::audit::AuditMark) -> Vec<AuditEvent> {
    let audit = cluster().audit();
    audit.sync().await.unwrap();
    audit
        .events_since(mark)
        .unwrap()
        .into_iter()
        .filter(|e| e.namespace() == ns && e.verb == "patch" && e.path().ends_with("/scale"))
        .collect()
}

/// The scaler's `/scale` PATCHes audited in `ns` since `mark`, once there are at least
/// `expected` (waited for at most 15 s).
async fn scaler_patches_since(
    ns: &str,
    mark: ome_testenv::audit::AuditMark,
    expected: usize,
) -> Vec<(String, i32, bool)> {
    for _ in 0..150 {
        let audited: Vec<_> = scale_patches_since(ns, mark)
            .await
            .into_iter()
            .filter(|e| e.user.username == SCALER)
            .map(|e| (e.audit_id.clone(), e.code(), e.is_dry_run()))
            .collect();
        if audited.len() >= expected {
            return audited;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{ns}: a forwarded PATCH never reached the audit log");
}

/// One invocation through its fault.
async fn invoke(ns: &str, plan: Planned) -> Outcome {
    let rig = rig(&plan);
    let mark = cluster().audit().mark().unwrap();
    let requested = plan.requested.to_string();
    let mut extra: Vec<&str> = [&CONFIRMED[..], &["--dry-run", plan.dry_run]].concat();
    extra.extend(plan.trouble.extra_args());
    let run = support::plugin_async(
        Some(&rig.kubeconfig),
        &args(ns, "engine", &requested, &extra),
    )
    .await;
    let requests = rig.proxy.as_ref().map(Proxy::requests).unwrap_or_default();
    let sent = requests.iter().filter(|r| r.method == "PATCH").count();
    // The PATCH reached the server unless the fault hit it without forwarding. The proxy may
    // still be forwarding it (the plugin may have given up on it already), so its audit
    // record is waited for: it must not land in the next invocation's window.
    let forwarded = requests
        .iter()
        .position(|r| r.method == "PATCH")
        .is_some_and(|i| i + 1 != plan.nth || plan.trouble.forwards());
    let audited = scaler_patches_since(ns, mark, usize::from(forwarded)).await;
    Outcome {
        stderr_tail: run.stderr.lines().last().unwrap_or_default().to_string(),
        code: run.code,
        plan,
        sent,
        audited,
    }
}

/// The autoscaler stand-in: writes `/scale` with counts from `n+1..=2n` (merge patch, no
/// precondition, as an HPA does) at seeded intervals until stopped; each write is followed by
/// the controller's pass. Returns the counts it got stored, in order.
async fn autoscaler(
    admin: kube::Client,
    ns: String,
    n: i64,
    mut rng: Rng,
    stop: Arc<AtomicBool>,
) -> Vec<i64> {
    let ctl = Controller::new(admin);
    let mut stored = Vec::new();
    while !stop.load(Ordering::SeqCst) {
        let pause = Duration::from_millis(100 + rng.below(400) as u64);
        tokio::time::sleep(pause).await;
        let count = n + 1 + rng.below(n as usize) as i64;
        ctl.scale_ir_as_autoscaler(&ns, IR, count as i32)
            .await
            .unwrap();
        stored.push(count);
        reconcile(&ctl, &ns).await;
    }
    stored
}

/// The controller's pass after a `spec.replicas` change. It races the scales on purpose; a
/// conflict with another status write is simply the next pass's work.
async fn reconcile(ctl: &Controller, ns: &str) {
    if ctl.observe_replica(ns, IR).await.is_ok() {
        let _ = ctl.mark_instances_ready(ns, IR).await;
    }
}

/// Every `spec.replicas` the IR held, from a watch that starts at `rv` (restarted from the
/// last event when the server ends it), until `stop` and the IR's final resourceVersion.
async fn watch_counts(
    admin: kube::Client,
    ns: String,
    rv: String,
    stored: Arc<Mutex<BTreeSet<i64>>>,
    last_rv: Arc<Mutex<String>>,
) {
    let api: Api<DynamicObject> = Api::namespaced_with(admin, &ns, &ir_resource());
    let mut from = rv;
    loop {
        let params = WatchParams::default().fields(&format!("metadata.name={IR}"));
        let Ok(stream) = api.watch(&params, &from).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let mut stream = stream.boxed();
        while let Some(Ok(event)) = stream.next().await {
            let object = match event {
                WatchEvent::Added(o) | WatchEvent::Modified(o) => o,
                WatchEvent::Bookmark(b) => {
                    from = b.metadata.resource_version;
                    continue;
                }
                WatchEvent::Deleted(_) | WatchEvent::Error(_) => panic!("the IR watch broke"),
            };
            if let Some(n) = object.data["spec"]["replicas"].as_i64() {
                stored.lock().unwrap().insert(n);
            }
            if let Some(rv) = object.metadata.resource_version {
                from = rv.clone();
                *last_rv.lock().unwrap() = rv;
            }
        }
    }
}

/// One lane: its own namespace (and IR), autoscaler and watch; its invocations one after the
/// other. Returns the outcomes, the counts stored on the IR, and the checks of the final state.
async fn lane(plans: Vec<Planned>, seed: u64) -> (Vec<Outcome>, BTreeSet<i64>) {
    let c = cluster();
    let n = plans.len() as i64;
    let ns = c.namespace("fault-campaign").await.unwrap();
    let admin = c.admin().await.unwrap();
    // It starts at n+1, in the autoscaler's range: no scale's count is ever already there.
    ChatFixture::new()
        .bounds(Component::Engine, Some(1), Some(2 * n))
        .instances(Component::Engine, (n + 1) as u32)
        .create(&admin, &ns)
        .await
        .unwrap();
    let ctl = Controller::new(admin.clone());
    let start_rv =
        ome_testenv::objects::resource_version(&ctl.ir(&ns, IR).await.unwrap()).to_string();
    let stored = Arc::new(Mutex::new(BTreeSet::new()));
    let last_rv = Arc::new(Mutex::new(start_rv.clone()));
    let watch = tokio::spawn(watch_counts(
        admin.clone(),
        ns.clone(),
        start_rv,
        stored.clone(),
        last_rv.clone(),
    ));
    let stop = Arc::new(AtomicBool::new(false));
    let lane_rng = Rng(seed ^ (plans.first().map_or(0, |p| p.lane as u64) + 1) << 32);
    let writer = tokio::spawn(autoscaler(
        admin.clone(),
        ns.clone(),
        n,
        lane_rng,
        stop.clone(),
    ));
    let mark = c.audit().mark().unwrap();
    let mut outcomes = Vec::new();
    for plan in plans {
        // The controller catches up first, so that scales meet current evidence as often as
        // the autoscaler allows.
        reconcile(&ctl, &ns).await;
        outcomes.push(invoke(&ns, plan).await);
    }
    stop.store(true, Ordering::SeqCst);
    let written = writer.await.unwrap();
    // The final state, once the watch has seen it.
    let last = ctl.ir(&ns, IR).await.unwrap();
    let final_rv = ome_testenv::objects::resource_version(&last).to_string();
    for _ in 0..200 {
        if *last_rv.lock().unwrap() == final_rv {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        *last_rv.lock().unwrap(),
        final_rv,
        "{ns}: the watch fell behind"
    );
    watch.abort();
    let final_count = last["spec"]["replicas"].as_i64().unwrap();
    let history = stored.lock().unwrap().clone();
    check_final(&ns, mark, &outcomes, &written, n + 1, final_count).await;
    (outcomes, history)
}

/// The IR's final count is the last stored `/scale` write in audit order: a scale's requested
/// count or the autoscaler's last one.
async fn check_final(
    ns: &str,
    mark: ome_testenv::audit::AuditMark,
    outcomes: &[Outcome],
    written: &[i64],
    initial: i64,
    final_count: i64,
) {
    let stored: Vec<AuditEvent> = scale_patches_since(ns, mark)
        .await
        .into_iter()
        .filter(|e| !e.is_dry_run() && (200..300).contains(&e.code()))
        .collect();
    let expected = match stored.last() {
        None => initial,
        Some(e) if e.user.username == SCALER => outcomes
            .iter()
            .find(|o| o.audited.iter().any(|(id, ..)| *id == e.audit_id))
            .map(|o| o.plan.requested)
            .expect("a stored scale PATCH belongs to an invocation"),
        Some(_) => *written.last().expect("the autoscaler wrote"),
    };
    assert_eq!(
        final_count,
        expected,
        "{ns}: the final count is not the last stored write ({} stored writes)",
        stored.len()
    );
}

/// The invariants of one invocation; a violation names the invocation and the seed.
fn check(outcome: &Outcome, history: &BTreeSet<i64>, seed: u64) {
    let plan = &outcome.plan;
    let what = format!(
        "seed {seed}, lane {} invocation {}: {} on request {}, --dry-run {}, --replicas {} -> exit {} ({}); {} PATCH sent, audited {:?}",
        plan.lane,
        plan.index,
        plan.trouble.name(),
        plan.nth,
        plan.dry_run,
        plan.requested,
        outcome.code,
        outcome.stderr_tail,
        outcome.sent,
        outcome.audited
    );
    let real = plan.dry_run == "none";
    let stored_count = history.contains(&plan.requested);
    assert!(outcome.sent <= 1, "two PATCHes sent: {what}");
    assert!(outcome.audited.len() <= 1, "two PATCHes audited: {what}");
    let patch = outcome.audited.first();
    let accepted = patch.is_some_and(|(_, code, dry)| (200..300).contains(code) && *dry != real);
    match outcome.code {
        0 => {
            assert!(accepted, "exit 0 without one accepted PATCH: {what}");
            assert_eq!(stored_count, real, "exit 0: stored count: {what}");
        }
        3 => {
            assert!(
                patch.is_some_and(|(_, code, _)| *code == 409),
                "exit 3 without a rejected PATCH: {what}"
            );
            assert!(!stored_count, "exit 3 stored: {what}");
        }
        1 => {
            assert!(patch.is_none(), "exit 1 with a PATCH: {what}");
            assert!(!stored_count, "exit 1 stored: {what}");
        }
        4 => assert_eq!(stored_count, accepted && real, "exit 4: {what}"),
        _ => panic!("unexpected exit code: {what}"),
    }
}

async fn campaign(full: bool) {
    let config = config(full);
    let requests = reads_before_patch().await + 1;
    let plans = plan(&config, requests);
    let total: usize = plans.iter().map(Vec::len).sum();
    println!(
        "fault campaign: seed {} (replay: FAULT_CAMPAIGN_SEED={}), {total} invocations in {} lanes, faults on requests 1..={requests}",
        config.seed, config.seed, config.lanes
    );
    let started = Instant::now();
    let seed = config.seed;
    let lanes: Vec<_> = plans
        .into_iter()
        .map(|plans| tokio::spawn(lane(plans, seed)))
        .collect();
    let mut mix: BTreeMap<String, usize> = BTreeMap::new();
    let mut codes: BTreeMap<(String, i32), usize> = BTreeMap::new();
    let mut messages: BTreeMap<String, usize> = BTreeMap::new();
    for lane in lanes {
        let (outcomes, history) = lane.await.unwrap();
        for outcome in &outcomes {
            check(outcome, &history, seed);
            *mix.entry(outcome.plan.trouble.name()).or_default() += 1;
            *codes
                .entry((outcome.plan.dry_run.to_string(), outcome.code))
                .or_default() += 1;
            *messages.entry(outcome.stderr_tail.clone()).or_default() += 1;
        }
    }
    println!("fault mix: {mix:?}");
    println!("outcomes (--dry-run, exit): {codes:?}");
    println!("last stderr lines: {messages:#?}");
    println!(
        "fault campaign: seed {seed}, {total} invocations, wall {:.1}s, no invariant broken",
        started.elapsed().as_secs_f64()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_seeded_fault_campaign_keeps_every_outcome_true() {
    let full = std::env::var("FAULT_CAMPAIGN").is_ok_and(|v| v == "full");
    campaign(full).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "the full campaign (≥ 300 invocations) takes minutes"]
async fn the_full_fault_campaign_keeps_every_outcome_true() {
    campaign(true).await;
}
