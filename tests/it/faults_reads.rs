//! The fault matrix for the read-only reports (`autoscale status` with and without `--live-*`,
//! `instance list`, `rollout status`, `migration status`) through the test proxy in front of
//! the real API server. A fault on the InferenceService GET ends the command with its fixed
//! message and exit 1, nothing on stdout; added latency changes nothing. A fault on a read the
//! spec turns into evidence (the live `/scale` read, `instance list`'s IR LIST) still prints the
//! report, exit 0, with that evidence marked unavailable; `migration status`'s LIST is fatal.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{faults_support, support};
use faults_support::*;
use ome_testenv::{ChatFixture, FAULT_SENTINEL};
use serde_json::{Value, json};
use support::{Run, plugin_async};

/// A namespace with the guide's `chat`, and the report of a run without any fault.
async fn setup(prefix: &str, args: impl Fn(&str) -> Vec<String>) -> (String, String) {
    let c = cluster();
    let ns = c.namespace(prefix).await.unwrap();
    ChatFixture::new()
        .create(&c.admin().await.unwrap(), &ns)
        .await
        .unwrap();
    let args = args(&ns);
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let clean = plugin_async(Some(&c.kubeconfig("reader").unwrap()), &refs).await;
    let stdout = clean.ok().to_string();
    (ns, stdout)
}

/// Runs `args` under every fault on `target`: latency gives the clean report, every other
/// fault `error: <prefix><cause>` with exit 1 and nothing on stdout.
async fn fatal_read(command: &str, args: &[String], target: &Target, prefix: &str, clean: &str) {
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let refs = &refs;
    support::each_fault(
        (ALL).into_iter().map(|c| (c.name(), c)),
        |_, trouble| async move {
            let rig = Rig::new(trouble, "reader", target, false);
            let run = rig.run(trouble, refs).await;
            print_row(trouble, command, &run, None);
            if trouble.fails() {
                // Every fatal read here is the service's GET.
                let object = target
                    .path
                    .trim_start_matches("/apis/ome.io/v1beta1/namespaces/")
                    .replace("/inferenceservices/", "/");
                let line = read_line(command, &format!("InferenceService/{object}"), trouble);
                assert_eq!(
                    (run.code, run.stdout.as_str(), run.stderr.as_str()),
                    (
                        1,
                        "",
                        format!("{line}error: {prefix}{}\n", cause(trouble)).as_str()
                    ),
                    "{} {command}",
                    trouble.name()
                );
            } else {
                assert_eq!(
                    (run.code, run.stdout.as_str(), run.stderr.as_str()),
                    (0, clean, "")
                );
            }
            rig.assert_foreign_untouched();
        },
    )
    .await;
}

fn args(parts: &[&str], ns: &str) -> Vec<String> {
    let mut all: Vec<String> = parts.iter().map(|s| s.to_string()).collect();
    all.extend(["-n".to_string(), ns.to_string()]);
    all
}

#[tokio::test]
async fn autoscale_status_under_faults() {
    let cmd = |ns: &str| args(&["autoscale", "status", "chat"], ns);
    let (ns, clean) = setup("faults-autoscale", cmd).await;
    let prefix = format!("get InferenceService \"{ns}/chat\": ");
    fatal_read(
        "autoscale status",
        &cmd(&ns),
        &Target::isvc(&ns),
        &prefix,
        &clean,
    )
    .await;
}

/// The report without its clock, for comparing two runs.
fn without_clock(stdout: &str) -> Value {
    let mut value: Value = serde_json::from_str(stdout).unwrap();
    value["collectedAt"] = json!("<now>");
    for source in value["sources"].as_array_mut().unwrap() {
        source["collectedAt"] = json!("<now>");
    }
    value
}

fn live_scale_evidence(report: &Value, component: &str) -> String {
    report["content"]["components"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["type"] == component)
        .map(|c| c["liveScale"]["evidence"].as_str().unwrap().to_string())
        .unwrap()
}

#[tokio::test]
async fn autoscale_status_live_under_faults() {
    let cmd = |ns: &str| {
        let mut a = args(&["autoscale", "status", "chat"], ns);
        a.extend(["--live-scale", "--live-scaler", "-o", "json"].map(String::from));
        a
    };
    let (ns, clean) = setup("faults-autoscale-live", cmd).await;
    let refs_owned = cmd(&ns);
    let refs: Vec<&str> = refs_owned.iter().map(String::as_str).collect();
    let prefix = format!("get InferenceService \"{ns}/chat\": ");
    let clean_report = without_clock(&clean);

    // The parent GET is fatal.
    let refs = &refs;
    let ns = &ns;
    let prefix = &prefix;
    support::each_fault(
        (ALL.into_iter().filter(|t| t.fails())).map(|c| (c.name(), c)),
        |_, trouble| async move {
            let rig = Rig::new(trouble, "reader", &Target::isvc(ns), false);
            let run = rig.run(trouble, refs).await;
            print_row(
                trouble,
                "autoscale status --live-* (service GET)",
                &run,
                None,
            );
            let object = format!("InferenceService/{ns}/chat");
            let line = read_line("autoscale status", &object, trouble);
            assert_eq!(
                (run.code, run.stdout.as_str(), run.stderr.as_str()),
                (
                    1,
                    "",
                    format!("{line}error: {prefix}{}\n", cause(trouble)).as_str()
                ),
                "{}",
                trouble.name()
            );
        },
    )
    .await;

    // A live read becomes evidence: the engine's count comparison is unavailable, the rest of
    // the report is what a clean run shows.
    let clean_report = &clean_report;
    support::each_fault(
        (ALL.into_iter().filter(|t| *t != Trouble::ForeignCa)).map(|c| (c.name(), c)),
        |_, trouble| async move {
            let rig = Rig::new(trouble, "reader", &Target::scale_get(ns), false);
            let run = rig.run(trouble, refs).await;
            print_row(
                trouble,
                "autoscale status --live-* (/scale GET)",
                &run,
                None,
            );
            assert_eq!(
                (run.code, run.stderr.as_str()),
                (0, ""),
                "{}",
                trouble.name()
            );
            let report = without_clock(&run.stdout);
            if !trouble.fails() {
                assert_eq!(&report, clean_report);
                return;
            }
            assert_eq!(
                live_scale_evidence(&report, "engine"),
                "Unavailable",
                "{}",
                trouble.name()
            );
            assert!(!run.stdout.contains(FAULT_SENTINEL));
            for other in ["decoder", "router"] {
                assert_eq!(live_scale_evidence(&report, other), "Reported");
            }
            assert_eq!(
                report["content"]["summary"],
                clean_report["content"]["summary"]
            );
        },
    )
    .await;
}

#[tokio::test]
async fn instance_list_under_faults() {
    let cmd = |ns: &str| args(&["instance", "list", "chat"], ns);
    let (ns, clean) = setup("faults-instance", cmd).await;
    let prefix = format!("get InferenceService \"{ns}/chat\": ");
    fatal_read(
        "instance list",
        &cmd(&ns),
        &Target::isvc(&ns),
        &prefix,
        &clean,
    )
    .await;

    // The IR LIST is evidence (read-commands.md §3.2): the report says the source is
    // unavailable.
    let unavailable = "\
COMP   IDX/INC   PHASE   PODS   REVS   AOF   EVIDENCE
-      -         -       -      -      ---   SOURCE-UNAVL
";
    let refs_owned = cmd(&ns);
    let refs: Vec<&str> = refs_owned.iter().map(String::as_str).collect();
    let refs = &refs;
    let ns = &ns;
    let clean = &clean;
    let unavailable = &unavailable;
    support::each_fault(
        (ALL.into_iter().filter(|t| *t != Trouble::ForeignCa)).map(|c| (c.name(), c)),
        |_, trouble| async move {
            let rig = Rig::new(trouble, "reader", &Target::ir_list(ns), false);
            let run = rig.run(trouble, refs).await;
            print_row(trouble, "instance list (IR LIST)", &run, None);
            let expected = if trouble.fails() {
                unavailable
            } else {
                clean.as_str()
            };
            assert_eq!(
                (run.code, run.stdout.as_str(), run.stderr.as_str()),
                (0, expected, ""),
                "{}",
                trouble.name()
            );
        },
    )
    .await;
}

#[tokio::test]
async fn rollout_status_under_faults() {
    let cmd = |ns: &str| args(&["rollout", "status", "chat"], ns);
    let (ns, clean) = setup("faults-rollout", cmd).await;
    // rollout status returns the read error as it is (read-commands.md §5.1).
    fatal_read("rollout status", &cmd(&ns), &Target::isvc(&ns), "", &clean).await;
}

#[tokio::test]
async fn migration_status_under_faults() {
    let cmd = |ns: &str| args(&["migration", "status", "chat"], ns);
    let (ns, clean) = setup("faults-migration", cmd).await;
    fatal_read(
        "migration status",
        &cmd(&ns),
        &Target::isvc(&ns),
        "collect migration status: get InferenceService: ",
        &clean,
    )
    .await;
    // Unlike instance list, a failed IR LIST is fatal (read-commands.md §6.1).
    let refs_owned = cmd(&ns);
    let refs: Vec<&str> = refs_owned.iter().map(String::as_str).collect();
    let ns = &ns;
    let refs = &refs;
    let clean = &clean;
    support::each_fault(
        (ALL.into_iter().filter(|t| *t != Trouble::ForeignCa)).map(|c| (c.name(), c)),
        |_, trouble| async move {
            let rig = Rig::new(trouble, "reader", &Target::ir_list(ns), false);
            let run: Run = rig.run(trouble, refs).await;
            print_row(trouble, "migration status (IR LIST)", &run, None);
            if trouble.fails() {
                let object = format!("InferenceReplicaList/{ns}/chat");
                let message = format!(
                    "{}error: collect migration status: list related InferenceReplicas: {}\n",
                    read_line("migration status", &object, trouble),
                    cause(trouble)
                );
                assert_eq!(
                    (run.code, run.stdout.as_str(), run.stderr.as_str()),
                    (1, "", message.as_str()),
                    "{}",
                    trouble.name()
                );
            } else {
                assert_eq!((run.code, run.stdout.as_str()), (0, clean.as_str()));
            }
        },
    )
    .await;
}
