//! Load and contention against the real API server: 50 concurrent `scale --dry-run server` and
//! 50 concurrent `autoscale status` all succeed with the output of a lone run; 10 concurrent
//! real scales of 10 services all succeed; 10 concurrent real scales of one component to
//! different counts give exactly one success, and the IR holds the winner's count.
//!
//! The 50-way runs go through `/usr/bin/time`, and the test prints p50/p95 wall time and peak
//! RSS per invocation (`LOAD |` lines; `--nocapture` shows them). Nothing is asserted on time.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{scale_support, support};
use ome_testenv::fixtures::bulk_services;
use ome_testenv::{ChatFixture, Component, Controller};
use scale_support::{CONFIRMED, EVIDENCE, PRECONDITION, STALE, cluster};
use std::path::Path;
use support::Run;
use support::measure::{Measured, plugin_measured_async};

/// Runs `n` copies of `args` at once, each measured by `/usr/bin/time`.
async fn all_at_once(kubeconfig: &Path, args: &[String], n: usize) -> Vec<Measured> {
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let runs = (0..n).map(|_| plugin_measured_async(Some(kubeconfig), &refs));
    futures::future::join_all(runs).await
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn report(label: &str, runs: &[Measured]) {
    let mut wall: Vec<f64> = runs.iter().map(|m| m.wall.as_secs_f64()).collect();
    wall.sort_by(f64::total_cmp);
    let mut rss: Vec<f64> = runs
        .iter()
        .map(|m| m.peak_rss_kib as f64 / 1024.0)
        .collect();
    rss.sort_by(f64::total_cmp);
    println!(
        "LOAD | {label} | n={} | wall p50 {:.2}s p95 {:.2}s max {:.2}s | peak RSS p50 {:.1} MiB p95 {:.1} MiB max {:.1} MiB",
        runs.len(),
        percentile(&wall, 50.0),
        percentile(&wall, 95.0),
        wall[wall.len() - 1],
        percentile(&rss, 50.0),
        percentile(&rss, 95.0),
        rss[rss.len() - 1],
    );
}

/// `scale SERVICE --component engine --replicas N --override-autoscaler --yes` for each
/// (service, N), all at once.
async fn scales_at_once<'a>(
    kubeconfig: &Path,
    ns: &str,
    targets: impl Iterator<Item = (&'a str, &'a str)>,
) -> Vec<Run> {
    let runs = targets.map(|(service, replicas)| {
        let mut args = strings(&["scale", service, "-n", ns, "--component", "engine"]);
        args.extend(strings(&["--replicas", replicas]));
        args.extend(strings(&CONFIRMED));
        let kubeconfig = kubeconfig.to_path_buf();
        async move {
            let refs: Vec<&str> = args.iter().map(String::as_str).collect();
            support::plugin_async(Some(&kubeconfig), &refs).await
        }
    });
    futures::future::join_all(runs).await
}

fn strings(parts: &[&str]) -> Vec<String> {
    parts.iter().map(|s| s.to_string()).collect()
}

#[tokio::test]
async fn fifty_concurrent_server_dry_runs_and_status_reports() {
    let c = cluster();
    let ns = c.namespace("load-fifty").await.unwrap();
    let admin = c.admin().await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    let ctl = Controller::new(admin);
    let before = ctl.ir(&ns, "chat-engine").await.unwrap();

    let scaler = c.kubeconfig("scaler").unwrap();
    let mut scale = strings(&["scale", "chat", "-n", &ns, "--component", "engine"]);
    scale.extend(strings(&[
        "--replicas",
        "3",
        "--dry-run",
        "server",
        "-o",
        "json",
    ]));
    scale.extend(strings(&CONFIRMED));
    let runs = all_at_once(&scaler, &scale, 50).await;
    report("scale --dry-run server, 50 at once", &runs);
    for m in &runs {
        let run = &m.run;
        assert_eq!(run.code, 0, "{run:?}");
        let result: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(
            (&result["accepted"], &result["applied"], &result["dryRun"]),
            (
                &serde_json::json!(true),
                &serde_json::json!(false),
                &serde_json::json!("server")
            )
        );
        assert_eq!(
            result["target"]["resourceVersion"],
            before["metadata"]["resourceVersion"]
        );
        assert_eq!(result["scale"]["requestedReplicas"], 3);
        assert!(run.stderr.starts_with("ALPHA guarded scale preview"));
    }
    // Dry runs change nothing.
    let after = ctl.ir(&ns, "chat-engine").await.unwrap();
    assert_eq!(
        after["metadata"]["resourceVersion"],
        before["metadata"]["resourceVersion"]
    );
    let audit = c.audit();
    audit.sync().await.unwrap();
    let patches = audit.writes_by(&ns, "scaler").unwrap();
    assert_eq!(patches.len(), 50);
    assert!(patches.iter().all(|p| p.is_dry_run() && p.code() == 200));

    let reader = c.kubeconfig("reader").unwrap();
    let status = strings(&["autoscale", "status", "chat", "-n", &ns]);
    let lone =
        support::plugin_async(Some(&reader), &["autoscale", "status", "chat", "-n", &ns]).await;
    let expected = lone.ok().to_string();
    let runs = all_at_once(&reader, &status, 50).await;
    report("autoscale status, 50 at once", &runs);
    for m in &runs {
        assert_eq!(
            (m.run.code, m.run.stdout.as_str(), m.run.stderr.as_str()),
            (0, expected.as_str(), "")
        );
    }
}

#[tokio::test]
async fn ten_concurrent_scales_of_ten_services_all_succeed() {
    let c = cluster();
    let ns = c.namespace("load-ten").await.unwrap();
    let admin = c.admin().await.unwrap();
    let names = bulk_services(&admin, &ns, "svc", 10, &ChatFixture::new())
        .await
        .unwrap();
    let scaler = c.kubeconfig("scaler").unwrap();
    let runs = scales_at_once(&scaler, &ns, names.iter().map(|name| (name.as_str(), "3"))).await;
    let ctl = Controller::new(admin);
    for (name, run) in names.iter().zip(&runs) {
        assert_eq!(run.code, 0, "{name}: {run:?}");
        let ir = ctl.ir(&ns, &format!("{name}-engine")).await.unwrap();
        assert_eq!(ir["spec"]["replicas"], 3, "{name}");
    }
    let audit = c.audit();
    audit.sync().await.unwrap();
    assert_eq!(audit.stored_writes_by(&ns, "scaler").unwrap().len(), 10);
}

#[tokio::test]
async fn ten_concurrent_scales_of_one_component_have_one_winner() {
    let c = cluster();
    let ns = c.namespace("load-race").await.unwrap();
    let admin = c.admin().await.unwrap();
    ChatFixture::new()
        .bounds(Component::Engine, Some(1), Some(20))
        .create(&admin, &ns)
        .await
        .unwrap();
    let scaler = c.kubeconfig("scaler").unwrap();
    let counts: Vec<String> = (3..13).map(|n| n.to_string()).collect();
    let runs = scales_at_once(&scaler, &ns, counts.iter().map(|n| ("chat", n.as_str()))).await;
    let winners: Vec<&String> = counts
        .iter()
        .zip(&runs)
        .filter(|(_, run)| run.code == 0)
        .map(|(count, _)| count)
        .collect();
    assert_eq!(winners.len(), 1, "{runs:#?}");
    // Every other run lost to the guard (exit 3) or was refused on the evidence the winner's
    // write left (exit 1): the IR's status no longer observes its generation, or the write
    // landed between the IR and `/scale` reads. Never an unknown outcome.
    let refusals = [STALE, EVIDENCE];
    for run in runs.iter().filter(|r| r.code != 0) {
        let last = run.stderr.lines().last().unwrap_or_default();
        let message = last.trim_start_matches("error: ");
        let ok = (run.code == 3 && message == PRECONDITION)
            || (run.code == 1 && refusals.contains(&message));
        assert!(ok, "{run:?}");
        assert_eq!(run.stdout, "");
    }
    let ir = Controller::new(admin).ir(&ns, "chat-engine").await.unwrap();
    assert_eq!(ir["spec"]["replicas"].to_string(), *winners[0]);
    let audit = c.audit();
    audit.sync().await.unwrap();
    assert_eq!(audit.stored_writes_by(&ns, "scaler").unwrap().len(), 1);
    println!(
        "LOAD | 10 scales of one component | winner {} | exit 3: {} | exit 1: {}",
        winners[0],
        runs.iter().filter(|r| r.code == 3).count(),
        runs.iter().filter(|r| r.code == 1).count()
    );
}
