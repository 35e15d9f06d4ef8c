//! `instance status` shows each Warning event's message next to its reason (issue 31): a
//! Pending Pod's FailedScheduling says which resource is missing. Against the real API server:
//! a real Pod of the Instance, real Events; the message is sanitised and cut at 200 characters.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support::{cluster, plugin_async};
use ome_testenv::pods::{EventFixture, InstancePod, PodState, failed_scheduling};
use ome_testenv::{ChatFixture, Controller};

#[tokio::test]
async fn a_pending_pods_warning_shows_why_it_cannot_be_scheduled() {
    let c = cluster();
    let admin = c.admin().await.unwrap();
    let ns = c.namespace("is-msg").await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    let ctl = Controller::new(admin.clone());
    ctl.set_instance_phase(&ns, "chat-engine", 1, "Creating", Some("Create"))
        .await
        .unwrap();
    let ir = ctl.ir(&ns, "chat-engine").await.unwrap();
    let pod = InstancePod::of(&ir, 1)
        .unwrap()
        .state(PodState::Unschedulable)
        .create(&admin, &ns)
        .await
        .unwrap();
    failed_scheduling()
        .create(&admin, &ns, &pod, "sched")
        .await
        .unwrap();
    // A hostile message: an escape sequence, a bidi override and 300 more characters.
    let hostile = format!("\u{1b}[31mred\u{202e}{}", "x".repeat(300));
    EventFixture::warning("Noisy", &hostile, 1)
        .create(&admin, &ns, &pod, "noisy")
        .await
        .unwrap();
    let kubeconfig = c.kubeconfig("reader").unwrap();
    let args = [
        "instance",
        "status",
        "chat",
        "1",
        "--component",
        "engine",
        "-n",
        &ns,
    ];

    let run = plugin_async(Some(&kubeconfig), &args).await;
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    let events: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("event"))
        .collect();
    assert_eq!(
        events,
        [
            "event        Pod/chat-engine-1 reason=FailedScheduling count=2",
            "event msg    0/3 nodes are available: 3 Insufficient nvidia.com/gpu.",
            "event        Pod/chat-engine-1 reason=Noisy count=1",
            "event msg    \\u001B[31mred\\u202Exxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...",
        ],
        "{}",
        run.stdout
    );

    // JSON: the message sanitised and bounded to 200 characters.
    let mut json_args = args.to_vec();
    json_args.extend(["-o", "json"]);
    let json = plugin_async(Some(&kubeconfig), &json_args).await.json();
    let messages: Vec<&str> = json["content"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["message"].as_str().unwrap())
        .collect();
    let bounded = format!("\\u001B[31mred\\u202E{}...", "x".repeat(178));
    assert_eq!(bounded.chars().count(), 200);
    assert_eq!(
        messages,
        [
            "0/3 nodes are available: 3 Insufficient nvidia.com/gpu.",
            bounded.as_str()
        ]
    );
}
