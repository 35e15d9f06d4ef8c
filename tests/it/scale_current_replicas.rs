//! `scale --current-replicas=N` (README difference t), kubectl scale's precondition, against
//! the real API server: the `/scale` count read first and the IR's count at revalidation must
//! be N, else the guarded precondition conflict (exit 3) and nothing is written.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{scale_support, support};
use ome_testenv::{Controller, Hook, Proxy, ProxyOptions};
use scale_support::*;
use support::plugin_async;

#[tokio::test]
async fn the_current_count_must_be_the_one_given() {
    let env = Env::new("scale-current", chat()).await;
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();

    // Different at the first read: refused before the preview, in every dry-run mode.
    for dry_run in ["client", "server", "none"] {
        let extra = [
            "--override-autoscaler",
            "--yes",
            "--current-replicas",
            "5",
            "--dry-run",
            dry_run,
        ];
        let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &extra)).await;
        assert_eq!((run.code, run.stdout.as_str()), (3, ""), "{run:?}");
        assert_eq!(
            run.stderr,
            format!("scale check: current-replicas expected=5 found=2\nerror: {PRECONDITION}\n")
        );
    }
    assert!(env.writes().await.is_empty());
    assert_eq!(env.stored("chat-engine").await.0, 2);

    // Equal: the write goes out (once) and is stored.
    let extra = ["--override-autoscaler", "--yes", "--current-replicas=2"];
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &extra)).await;
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(env.stored("chat-engine").await.0, 3);
    let writes = env.writes().await;
    assert_eq!(writes.len(), 1, "{writes:#?}");
    assert_eq!(writes[0].code(), 200);
}

#[tokio::test]
async fn a_count_changed_before_revalidation_is_the_precondition_conflict() {
    let env = Env::new("scale-current-race", chat()).await;
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    let ns = env.ns.clone();
    // Between the first read and revalidation (the IR's second GET), another writer sets the
    // count, as an autoscaler would.
    let ir = format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas/chat-engine");
    proxy.add_hook(Hook::new("GET", &ir).nth(2).before(move |admin| {
        let ns = ns.clone();
        async move {
            Controller::new(admin)
                .scale_ir_as_autoscaler(&ns, "chat-engine", 4)
                .await?;
            Ok(())
        }
    }));
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    let extra = [
        "--override-autoscaler",
        "--yes",
        "--current-replicas",
        "2",
        "--dry-run",
        "server",
    ];
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &extra)).await;
    assert_after_preview(&run, PRECONDITION, 3);
    assert!(
        run.stderr.ends_with(&format!(
            "\nscale check: current-replicas expected=2 found=4\nerror: {PRECONDITION}\n"
        )),
        "{run:?}"
    );
    // Only the other writer's change is stored; the plugin sent nothing.
    assert_eq!(env.stored("chat-engine").await.0, 4);
    assert!(env.writes().await.is_empty());
}

#[tokio::test]
async fn the_count_follows_the_replicas_rule() {
    let env = Env::new("scale-current-args", chat()).await;
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    for bad in ["0", "-1", "+2", "2.0", "x", ""] {
        let flag = format!("--current-replicas={bad}");
        let extra = ["--override-autoscaler", "--yes", flag.as_str()];
        let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &extra)).await;
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (
                1,
                "",
                format!("scale check: arguments rule=current-replicas\nerror: {ARGUMENTS}\n")
                    .as_str()
            ),
            "{bad}"
        );
    }
    assert!(env.writes().await.is_empty());
}
