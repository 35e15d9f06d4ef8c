//! The fault matrix for the diagnosis commands (`autoscale explain`, `instance status`,
//! `status`, `admin doctor --isvc`) and `instance retry-blocks` through the test proxy in front
//! of the real API server. A
//! fault on the InferenceService GET ends each command with exit 1, nothing on stdout, and its
//! contract's message (diagnose.md §1.2, §2.2, §3.2, §4.2): `autoscale explain` and `instance
//! status` name the read and its cause, `status` and `admin doctor` keep their fixed messages
//! (never server text); added latency changes nothing.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{faults_support, support};
use faults_support::*;
use ome_testenv::ChatFixture;
use support::plugin_async;

/// What a command prints on stderr for a fault on its InferenceService GET in `ns`.
type Expected = fn(trouble: Trouble, ns: &str) -> String;

/// The read named with its cause, as `autoscale status` does (read-commands.md §1.2).
fn names_the_read(trouble: Trouble, ns: &str) -> String {
    match trouble {
        Trouble::PastTimeout => "error: context deadline exceeded\n".into(),
        _ => format!(
            "error: get InferenceService \"{ns}/chat\": {}\n",
            cause(trouble)
        ),
    }
}

/// The check line naming the failed read of the service and its cause (difference y, never
/// server text); none for the command's own deadline.
fn read_line(command: &str, trouble: Trouble, ns: &str) -> String {
    let cause = match trouble {
        Trouble::PastTimeout => "Timeout".to_string(),
        Trouble::Throttled | Trouble::ThrottledRetryAfter => "http=429".to_string(),
        Trouble::Status(code) => format!("http={code}"),
        Trouble::Redirect => "http=307".to_string(),
        Trouble::ResetBefore | Trouble::ResetAfter | Trouble::Truncated => "Unreachable".into(),
        Trouble::ForeignCa => "TLS".into(),
        Trouble::Oversize => "TooLarge".into(),
        Trouble::InvalidJson => "Undecodable".into(),
        Trouble::Latency => String::new(),
    };
    format!("{command} check: read object=InferenceService/{ns}/chat cause={cause}\n")
}

/// `instance retry-blocks` names the failed read on a check line, its deadline too.
fn retry_blocks_message(trouble: Trouble, ns: &str) -> String {
    let line = read_line("instance retry-blocks", trouble, ns);
    format!("{line}{}", names_the_read(trouble, ns))
}

fn explain_message(trouble: Trouble, ns: &str) -> String {
    checked(
        "autoscale explain",
        trouble,
        ns,
        names_the_read(trouble, ns),
    )
}

fn instance_status_message(trouble: Trouble, ns: &str) -> String {
    checked("instance status", trouble, ns, names_the_read(trouble, ns))
}

/// `error`, after the read's check line unless the command's deadline ended it.
fn checked(command: &str, trouble: Trouble, ns: &str, error: String) -> String {
    match trouble {
        Trouble::PastTimeout => error,
        _ => format!("{}{error}", read_line(command, trouble, ns)),
    }
}

fn status_message(trouble: Trouble, ns: &str) -> String {
    let error = match trouble {
        Trouble::PastTimeout => "error: status read was cancelled or timed out\n",
        _ => "error: status InferenceService could not be read\n",
    };
    checked("status", trouble, ns, error.into())
}

fn doctor_message(trouble: Trouble, ns: &str) -> String {
    let error = match trouble {
        Trouble::PastTimeout => "error: doctor canceled or timed out\n",
        _ => "error: doctor collection failed\n",
    };
    checked("admin doctor", trouble, ns, error.into())
}

/// Runs `args -n <ns>` on the guide's `chat` under every fault on its InferenceService GET.
async fn under_faults(command: &str, args: &[&str], expected: Expected) {
    let c = cluster();
    let ns = c.namespace("faults-diagnose").await.unwrap();
    let admin = c.admin().await.unwrap();
    // `admin doctor` counts the model CRDs among the APIs an OME install serves.
    ome_testenv::operator::ensure_model_crds(&admin)
        .await
        .unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["-n", &ns]);
    let clean = plugin_async(Some(&c.kubeconfig("reader").unwrap()), &all).await;
    let header = clean.ok().lines().next().unwrap_or_default().to_string();
    let (ns, all, header) = (&ns, &all, &header);
    support::each_fault(ALL.map(|t| (t.name(), t)), |_, trouble| async move {
        let rig = Rig::new(trouble, "reader", &Target::isvc(ns), false);
        let run = rig.run(trouble, all).await;
        print_row(trouble, command, &run, None);
        let what = format!("{} on {command}", trouble.name());
        if trouble.fails() {
            assert_eq!(
                (run.code, run.stdout.as_str(), run.stderr.as_str()),
                (1, "", expected(trouble, ns).as_str()),
                "{what}"
            );
        } else {
            // The report's times move; its layout does not.
            assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{what}");
            assert_eq!(run.stdout.lines().next(), Some(header.as_str()), "{what}");
        }
        rig.assert_foreign_untouched();
    })
    .await;
}

#[tokio::test]
async fn autoscale_explain_under_faults() {
    let args = ["autoscale", "explain", "chat"];
    under_faults("autoscale explain", &args, explain_message).await;
}

#[tokio::test]
async fn instance_status_under_faults() {
    let args = ["instance", "status", "chat", "0", "--component", "engine"];
    under_faults("instance status", &args, instance_status_message).await;
}

#[tokio::test]
async fn instance_retry_blocks_under_faults() {
    let args = ["instance", "retry-blocks", "chat", "--component", "engine"];
    under_faults("instance retry-blocks", &args, retry_blocks_message).await;
}

#[tokio::test]
async fn status_under_faults() {
    under_faults("status", &["status", "chat"], status_message).await;
}

#[tokio::test]
async fn admin_doctor_under_faults() {
    let args = ["admin", "doctor", "--isvc", "chat"];
    under_faults("admin doctor --isvc", &args, doctor_message).await;
}
