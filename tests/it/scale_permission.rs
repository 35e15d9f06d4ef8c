//! A missing `patch inferencereplicas/scale` permission is named (issue 31, website.md §6): a
//! 403 on the PATCH, real or server dry run, is named on the `write` check line and points to
//! `admin doctor --access`; the error stays the guide's ("You also see this error when you lack
//! permission to patch inferencereplicas/scale, and then nothing changed"), exit 4. A client dry
//! run's result says permission was not checked. Against the real API server with the testenv
//! `reader` identity. A 401 or 404 exits 1 (`refused_writes.rs`).

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::scale_support::{CONFIRMED, Env, UNKNOWN, args, chat, cluster};
use crate::support::plugin_async;

#[tokio::test]
async fn a_forbidden_patch_names_the_write_and_the_access_check() {
    let env = Env::new("perm-forbidden", chat()).await;
    let reader = cluster().kubeconfig("reader").unwrap();
    let ns = env.ns.as_str();
    for (dry_run, context) in [("none", None), ("server", None), ("server", Some("reader"))] {
        let mut extra = CONFIRMED.to_vec();
        extra.extend(["--dry-run", dry_run]);
        if let Some(context) = context {
            extra.extend(["--context", context]);
        }
        let run = plugin_async(Some(&reader), &args(ns, "engine", "3", &extra)).await;
        // The guide's message; nothing was stored, so exit 1 (difference ad).
        assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{run:?}");
        let scope = context.map_or(String::new(), |c| format!(" --context {c}"));
        let tail = format!(
            "scale check: write object=InferenceReplica/{ns}/chat-engine/scale cause=Forbidden\n\
             next: kubectl ome admin doctor --access -n {ns}{scope}\nerror: {UNKNOWN}\n"
        );
        assert!(run.stderr.ends_with(&tail), "{dry_run}: {}", run.stderr);
    }
    // Nothing was stored: the server refused each of the three PATCHes.
    assert_eq!(env.stored("chat-engine").await.0, 2);
    let writes = env.writes().await;
    assert_eq!(writes.len(), 3, "{writes:?}");
    for write in &writes {
        assert_eq!(write.verb, "patch");
        assert_eq!(write.response_status.as_ref().map(|s| s.code), Some(403));
    }
}

#[tokio::test]
async fn a_client_dry_run_says_permission_was_not_checked() {
    let env = Env::new("perm-client", chat()).await;
    let reader = cluster().kubeconfig("reader").unwrap();
    let mut extra = CONFIRMED.to_vec();
    extra.extend(["--dry-run", "client"]);
    let run = plugin_async(Some(&reader), &args(&env.ns, "engine", "3", &extra)).await;
    assert_eq!(run.code, 0, "{run:?}");
    let row = "permission         not checked (--dry-run server checks it)\n";
    assert!(run.stdout.contains(row), "{}", run.stdout);
    assert!(env.writes().await.is_empty());
}
