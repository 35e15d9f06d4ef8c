//! Flag errors that say which flag and why (issue 31, README difference y): before the
//! contract's unchanged last line (`InvalidWaitFlags`, `status flags are invalid`, `invalid
//! doctor flags; use --help`), one line names the flag and the rule, never the value; and
//! `--for=condition=` compares the condition's type and status in any case, as kubectl does.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use ome_testenv::ChatFixture;
use support::{cluster, plugin_async};

#[tokio::test]
async fn a_refused_flag_is_named_with_its_rule_and_nothing_is_read() {
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            // kubectl refuses a bare number too: "missing unit in duration".
            vec!["wait", "chat", "--for=condition=Ready", "--timeout", "30"],
            "wait check: flags flag=--timeout rule=duration-needs-unit example=30s\nInvalidWaitFlags",
        ),
        (
            vec!["wait", "chat", "--for=condition=Ready", "--timeout=soon"],
            "wait check: flags flag=--timeout rule=go-duration example=1m30s\nInvalidWaitFlags",
        ),
        (
            vec!["wait", "chat", "--for"],
            "wait check: flags flag=--for rule=value-required\nInvalidWaitFlags",
        ),
        (
            vec![
                "wait",
                "chat",
                "--for=condition=Ready",
                "--insecure-skip-tls-verify=maybe",
            ],
            "wait check: flags flag=--insecure-skip-tls-verify rule=true-or-false\nInvalidWaitFlags",
        ),
        (
            vec!["status", "chat", "-A"],
            "status check: flags flag=-A rule=unknown-flag\nstatus flags are invalid",
        ),
        (
            vec!["status", "chat", "--all-namespaces"],
            "status check: flags flag=--all-namespaces rule=unknown-flag\nstatus flags are invalid",
        ),
        (
            // A flag name that is not flag-shaped is input, and is not shown.
            vec!["status", "chat", "--x\u{1b}[2J"],
            "status check: flags flag=<unsafe> rule=unknown-flag\nstatus flags are invalid",
        ),
        (
            vec!["admin", "doctor", "-A"],
            "admin doctor check: flags flag=-A rule=unknown-flag\ninvalid doctor flags; use --help",
        ),
    ];
    support::assert_rejected_without_requests(cluster(), "reader", &cases).await;
}

#[tokio::test]
async fn condition_predicates_match_in_any_case_as_in_kubectl() {
    let c = cluster();
    let admin = c.admin().await.unwrap();
    let ns = c.namespace("for-case").await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    let kubeconfig = c.kubeconfig("reader").unwrap();
    for predicate in [
        "condition=ready",
        "condition=READY=true",
        "condition=Ready=TRUE",
    ] {
        let run = plugin_async(
            Some(&kubeconfig),
            &[
                "wait",
                "chat",
                "-n",
                &ns,
                &format!("--for={predicate}"),
                "-o",
                "json",
            ],
        )
        .await;
        assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{predicate}");
        let report = run.json();
        assert_eq!(report["content"]["requested"], "Ready=True", "{predicate}");
        assert_eq!(report["content"]["outcome"], "Matched", "{predicate}");
    }
    // kubectl's keyword itself is exact, and so are the plugin's own predicates.
    for predicate in ["Condition=Ready", "condition=Readiness", "rollout=Stable"] {
        let run = plugin_async(
            Some(&kubeconfig),
            &["wait", "chat", "-n", &ns, &format!("--for={predicate}")],
        )
        .await;
        assert_eq!(run.code, 1, "{predicate}");
        assert!(
            run.stderr.starts_with("error: InvalidWaitPredicate: "),
            "{predicate}: {}",
            run.stderr
        );
    }
}
