//! The kept demo cluster (`ome-demo --keep`) reacts: after the walkthrough, the user guide's
//! steps work on it in order, clean-up included, each with the guide's exit code, because the
//! stand-in goes on playing the controller (`ome_testenv::keeper`). The cluster is the demo's
//! own (a server of its own, set up by the same code as `ome-demo`); only the plugin build is
//! left out, the tests' plugin binary stands in for it.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support::{self, Run, plugin_async};
use ome_testenv::{Controller, TestCluster, demo, keeper};
use std::path::Path;
use std::time::{Duration, Instant};

const SCALE_UP: &str =
    "scale chat -n prod --component engine --replicas 3 --override-autoscaler --yes";
const SCALE_BACK: &str =
    "scale chat -n prod --component engine --replicas 2 --override-autoscaler --yes";

async fn run(kubeconfig: &Path, command: &str) -> Run {
    let args: Vec<&str> = command.split(' ').collect();
    plugin_async(Some(kubeconfig), &args).await
}

/// Runs `command` until its stdout contains `wanted` (at most 30 s), as a user rereads a report.
async fn until_shown(kubeconfig: &Path, command: &str, wanted: &str) -> Run {
    let began = Instant::now();
    loop {
        let run = run(kubeconfig, command).await;
        if run.code == 0 && run.stdout.contains(wanted) || began.elapsed() > Duration::from_secs(30)
        {
            return run;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

fn engine_phases(instance_list: &str) -> Vec<String> {
    instance_list
        .lines()
        .filter(|l| l.starts_with("engine "))
        .filter_map(|l| l.split_whitespace().nth(2))
        .map(String::from)
        .collect()
}

fn engine_row(status: &str) -> &str {
    status
        .lines()
        .find(|l| l.starts_with("engine "))
        .unwrap_or_default()
}

#[tokio::test]
async fn the_guide_works_in_order_on_the_kept_demo_cluster() {
    let cluster = TestCluster::start().await.unwrap();
    demo::prepare(&cluster).await.unwrap();
    let walked = demo::walk_through(&cluster, support::binary())
        .await
        .unwrap();
    let controller = Controller::new(cluster.admin().await.unwrap());
    let keeping = keeper::keep_reconciling(&controller, walked.kubelet(), demo::NAMESPACE);
    let kubeconfig = cluster.kubeconfig("scaler").unwrap();
    let kc = kubeconfig.as_path();
    let guide = async {
        // Step 1: the preview; nothing is sent.
        let dry = run(kc, &format!("{SCALE_UP} --dry-run client")).await;
        assert_eq!(dry.code, 0, "{dry:?}");
        assert!(
            dry.stderr.contains("/scale spec.replicas    2 -> 3"),
            "{dry:?}"
        );
        // Step 2: the request is stored.
        let up = run(kc, SCALE_UP).await;
        assert_eq!(up.code, 0, "{up:?}");
        assert!(
            up.stdout.contains("InferenceReplica/prod/chat-engine"),
            "{up:?}"
        );
        // Step 3: the outcome, then the third Instance until it is Ready.
        let status = run(kc, "autoscale status chat -n prod --live-scale").await;
        assert_eq!(status.code, 0, "{status:?}");
        let list = until_shown(kc, "instance list chat -n prod", "engine   2").await;
        assert_eq!(list.code, 0, "{list:?}");
        let wait = run(
            kc,
            "wait chat -n prod --for=replicas=current --component=engine --replicas=3 --timeout=30s",
        )
        .await;
        assert_eq!(wait.code, 0, "{wait:?}");
        let began = Instant::now();
        let mut list = run(kc, "instance list chat -n prod").await;
        while engine_phases(&list.stdout) != ["Ready"; 3]
            && began.elapsed() < Duration::from_secs(30)
        {
            tokio::time::sleep(Duration::from_millis(500)).await;
            list = run(kc, "instance list chat -n prod").await;
        }
        assert_eq!(engine_phases(&list.stdout), ["Ready"; 3], "{list:?}");
        // `status` agrees: the kubelet runs a Ready Pod for every Ready Instance.
        let status = until_shown(kc, "status chat -n prod", "Ready pods=3/3").await;
        assert_eq!(
            engine_row(&status.stdout),
            "engine               True / Valid; Ready pods=3/3 restarts=0",
            "{status:?}"
        );
        // Clean up: back to 2, and OME drains one Instance.
        let back = run(kc, SCALE_BACK).await;
        assert_eq!(back.code, 0, "{back:?}");
        let wait = run(
            kc,
            "wait chat -n prod --for=replicas=current --component=engine --replicas=2 --timeout=30s",
        )
        .await;
        assert_eq!(wait.code, 0, "{wait:?}");
        // The drained Instance's Pod is gone too.
        let status = until_shown(kc, "status chat -n prod", "Ready pods=2/2").await;
        assert_eq!(
            engine_row(&status.stdout),
            "engine               True / Valid; Ready pods=2/2 restarts=0",
            "{status:?}"
        );
    };
    tokio::select! {
        () = keeping => unreachable!("the keeper plays until it is dropped"),
        () = guide => {}
    }
}
