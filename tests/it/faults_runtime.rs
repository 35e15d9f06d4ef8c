//! The fault matrix for `runtime effective` (after-the-write.md §3) through the test proxy in
//! front of the real API server. A fault on the InferenceService GET ends the command with exit
//! 1, nothing on stdout, a check line naming the read and its cause (never server text) and the
//! contract's `get InferenceService: <cause>`. A fault on the runtime read is evidence: exit 0,
//! the Live view `Unavailable` with its reason and no fallback to the namespaced scope (only a
//! 404 falls back). Added latency changes nothing.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{faults_support, support};
use faults_support::*;
use ome_testenv::ChatFixture;
use ome_testenv::fixtures::CHAT_RUNTIME;
use support::plugin_async;

fn check_cause(trouble: Trouble) -> String {
    match trouble {
        Trouble::PastTimeout => "Timeout".to_string(),
        Trouble::Throttled | Trouble::ThrottledRetryAfter => "http=429".to_string(),
        Trouble::Status(code) => format!("http={code}"),
        Trouble::Redirect => "http=307".to_string(),
        Trouble::ResetBefore | Trouble::ResetAfter | Trouble::Truncated => "Unreachable".into(),
        Trouble::ForeignCa => "TLS".into(),
        Trouble::Oversize => "TooLarge".into(),
        Trouble::InvalidJson => "Undecodable".into(),
        Trouble::Latency => String::new(),
    }
}

fn isvc_message(trouble: Trouble, ns: &str) -> String {
    format!(
        "runtime effective check: read object=InferenceService/{ns}/chat cause={}\n\
         error: get InferenceService: {}\n",
        check_cause(trouble),
        cause(trouble)
    )
}

async fn chat_namespace() -> String {
    let c = cluster();
    let ns = c.namespace("faults-runtime").await.unwrap();
    let admin = c.admin().await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    ns
}

#[tokio::test]
async fn runtime_effective_under_faults_on_the_service() {
    let ns = chat_namespace().await;
    let args = ["runtime", "effective", "chat", "-n", ns.as_str()];
    let clean = plugin_async(Some(&cluster().kubeconfig("reader").unwrap()), &args).await;
    let clean = clean.ok().to_string();
    let (ns, args, clean) = (&ns, &args, &clean);
    support::each_fault(ALL.map(|t| (t.name(), t)), |_, trouble| async move {
        let rig = Rig::new(trouble, "reader", &Target::isvc(ns), false);
        let run = rig.run(trouble, args).await;
        print_row(trouble, "runtime effective", &run, None);
        let what = format!("{} on runtime effective", trouble.name());
        if trouble.fails() {
            assert_eq!(
                (run.code, run.stdout.as_str(), run.stderr.as_str()),
                (1, "", isvc_message(trouble, ns).as_str()),
                "{what}"
            );
        } else {
            assert_eq!(
                (run.code, run.stdout.as_str(), run.stderr.as_str()),
                (0, clean.as_str(), ""),
                "{what}"
            );
        }
        // Nothing is ever written.
        assert_eq!(rig.sent("PATCH") + rig.sent("PUT") + rig.sent("POST"), 0);
        rig.assert_foreign_untouched();
    })
    .await;
}

/// A failed runtime read is the Live view's reason; the pin cannot be evaluated. No fault of
/// the matrix is a 403 or a 404, so each is `Unreadable`.
const LIVE_REASON: &str = "Unreadable";

#[tokio::test]
async fn runtime_effective_under_faults_on_the_runtime() {
    let ns = chat_namespace().await;
    let args = ["runtime", "effective", "chat", "-n", ns.as_str()];
    let clean = plugin_async(Some(&cluster().kubeconfig("reader").unwrap()), &args).await;
    let clean = clean.ok().to_string();
    let target = Target {
        method: "GET",
        path: format!("/apis/ome.io/v1beta1/clusterservingruntimes/{CHAT_RUNTIME}"),
        nth: 1,
    };
    let (ns, args, clean, target) = (&ns, &args, &clean, &target);
    support::each_fault(ALL.map(|t| (t.name(), t)), |_, trouble| async move {
        let rig = Rig::new(trouble, "reader", target, false);
        let run = rig.run(trouble, args).await;
        print_row(trouble, "runtime effective (runtime read)", &run, None);
        let what = format!("{} on the runtime read", trouble.name());
        match trouble {
            Trouble::Latency => assert_eq!(
                (run.code, run.stdout.as_str(), run.stderr.as_str()),
                (0, clean.as_str(), ""),
                "{what}"
            ),
            // The certificate fails every request, the service's first.
            Trouble::ForeignCa => assert_eq!(
                (run.code, run.stdout.as_str(), run.stderr.as_str()),
                (1, "", isvc_message(trouble, ns).as_str()),
                "{what}"
            ),
            _ => {
                let expected = format!(
                    "\
SCOPE     FIELD           VALUE
Live      STATE           Unavailable
Live      REASON          {reason}
Active    STATE           Unavailable
Active    REASON          {reason}
Service   PIN             AutoSync/Unavailable
Service   SYNC            Absent
Service   STATUS          Current
Service   DRIFT           NotReported
Service   LIVE-RELATION   Unknown
Service   ISSUE           InheritanceUnavailable
Service   ISSUE           LiveRuntimeUnavailable
",
                    reason = LIVE_REASON
                );
                assert_eq!(
                    (run.code, run.stdout.as_str(), run.stderr.as_str()),
                    (0, expected.as_str(), ""),
                    "{what}"
                );
            }
        }
        assert_eq!(rig.sent("PATCH") + rig.sent("PUT") + rig.sent("POST"), 0);
        rig.assert_foreign_untouched();
    })
    .await;
}
