//! The `next:` line of a `scale` refusal names the namespace the scale ran in and the context
//! the user gave (README difference s), so that a copied line shows the same service.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{scale_support, support};
use scale_support::*;
use support::plugin_async;

#[tokio::test]
async fn the_next_command_names_the_namespace_and_the_context_given() {
    let env = Env::new("scale-next", chat()).await;
    env.ctl
        .set_instance_phase(&env.ns, "chat-engine", 1, "Creating", Some("Create"))
        .await
        .unwrap();
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    let ns = env.ns.as_str();
    let head = "scale check: active-work ir=chat-engine cause=Instance index=1 phase=Creating \
                op=Create/CreatePods\n";
    let next = format!("next: kubectl ome instance status chat 1 --component engine -n {ns}");
    // Without --context, the namespace only; with it, the context too.
    for (extra, suffix) in [
        (&CONFIRMED[..], String::new()),
        (
            &["--override-autoscaler", "--yes", "--context", "scaler"][..],
            " --context scaler".to_string(),
        ),
    ] {
        let run = plugin_async(Some(&kubeconfig), &args(ns, "engine", "3", extra)).await;
        assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{run:?}");
        assert_eq!(run.stderr, format!("{head}{next}{suffix}\nerror: {WORK}\n"));
    }
    assert!(env.writes().await.is_empty());
}
