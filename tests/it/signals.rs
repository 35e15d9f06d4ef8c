//! SIGINT and SIGTERM against the real API server. The first signal cancels: `context canceled`
//! (`Canceled` for `wait`), exit 1, nothing on stdout. For `scale` what decides is whether the
//! PATCH was handed to a connection: a signal while the PATCH's connection is still being made
//! sends nothing (exit 1); once the PATCH has left, the outcome is unknown (exit 4), whether or
//! not the server got it. A second signal stops the process at once: 130 after SIGINT, 143
//! after SIGTERM, with one line saying so.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{faults_support, scale_support, support};
use faults_support::{Target, audited_patches, reads_before_patch};
use ome_testenv::{ChatFixture, Fault, Hook, Proxy, ProxyOptions};
use scale_support::{CONFIRMED, Env, UNKNOWN, args, assert_after_preview, chat, cluster};
use std::process::Stdio;
use std::time::Duration;
use tokio::io::AsyncReadExt;

const SIGNALS: [(&str, &str); 2] = [("INT", "SIGINT"), ("TERM", "SIGTERM")];

fn kill(pid: u32, signal: &str) {
    let status = std::process::Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

/// Polls (bounded: 20 s) until `ready` holds.
async fn until(what: &str, ready: impl Fn() -> bool) {
    for _ in 0..400 {
        if ready() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("timed out waiting for {what}");
}

#[tokio::test]
async fn a_signal_while_the_patch_has_no_connection_sends_nothing() {
    let reads = reads_before_patch().await;
    for (signal, name) in SIGNALS {
        let env = Env::new("signal-unsent", chat()).await;
        let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
        // Every request needs its own connection, and the PATCH's is never answered: the
        // command is in its write step, and the PATCH cannot be handed to a connection.
        proxy.one_request_per_connection();
        proxy.hold_connections_from(reads + 1);
        let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
        let child = support::spawn(&kubeconfig, &args(&env.ns, "engine", "3", &CONFIRMED));
        until("the PATCH's connection", || proxy.held_connections() >= 1).await;
        let seen = proxy.requests();
        assert_eq!(seen.len(), reads, "{seen:#?}");
        assert!(seen.iter().all(|r| r.method == "GET" && r.end.is_some()));
        kill(child.pid(), signal);
        let run = child.finish().await;
        assert_after_preview(&run, "context canceled", 1);
        assert!(
            !proxy.requests().iter().any(|r| r.method == "PATCH"),
            "{name}"
        );
        assert!(
            audited_patches(&env.ns, "scaler").await.is_empty(),
            "{name}"
        );
        assert_eq!(env.stored("chat-engine").await.0, 2, "{name}");
    }
}

#[tokio::test]
async fn a_signal_once_the_patch_left_leaves_the_outcome_unknown() {
    // Held before the server saw it, or after the server stored it: the client cannot tell.
    for (fault, stored) in [
        (Fault::Delay(Duration::from_secs(30)), 2),
        (Fault::DelayResponse(Duration::from_secs(30)), 3),
    ] {
        for (signal, name) in SIGNALS {
            let env = Env::new("signal-sent", chat()).await;
            let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
            let patch = Target::scale_patch(&env.ns);
            proxy.add_hook(Hook::new(patch.method, &patch.path).fault(fault.clone()));
            let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
            let child = support::spawn(&kubeconfig, &args(&env.ns, "engine", "3", &CONFIRMED));
            until("the PATCH at the proxy", || {
                proxy.requests().iter().any(|r| r.method == "PATCH")
            })
            .await;
            if stored == 3 {
                // The server has stored it; only the answer is held.
                until("the PATCH stored", || {
                    proxy
                        .requests()
                        .iter()
                        .any(|r| r.method == "PATCH" && r.status == Some(200))
                })
                .await;
            }
            kill(child.pid(), signal);
            let run = child.finish().await;
            assert_after_preview(&run, UNKNOWN, 4);
            assert_eq!(
                env.stored("chat-engine").await.0,
                stored,
                "{name} {fault:?}"
            );
            let sent = proxy
                .requests()
                .iter()
                .filter(|r| r.method == "PATCH")
                .count();
            assert_eq!(sent, 1, "never retried");
        }
    }
}

#[tokio::test]
async fn the_first_signal_cancels_every_read_command() {
    let c = cluster();
    let ns = c.namespace("signal-reads").await.unwrap();
    ChatFixture::new()
        .create(&c.admin().await.unwrap(), &ns)
        .await
        .unwrap();
    let commands: [(&[&str], &str); 5] = [
        (&["autoscale", "status", "chat"], "context canceled"),
        (&["instance", "list", "chat"], "context canceled"),
        (&["rollout", "status", "chat"], "context canceled"),
        (&["migration", "status", "chat"], "context canceled"),
        (&["wait", "chat", "--for=condition=Ready"], "Canceled"),
    ];
    for (command, message) in commands {
        for (signal, name) in SIGNALS {
            let proxy = Proxy::start(c, ProxyOptions::default()).unwrap();
            let isvc = Target::isvc(&ns);
            // The service GET reaches the server; its answer is held.
            proxy.add_hook(
                Hook::new(isvc.method, &isvc.path)
                    .fault(Fault::DelayResponse(Duration::from_secs(30))),
            );
            let kubeconfig = proxy.kubeconfig_via_proxy("reader").unwrap();
            let mut all = command.to_vec();
            all.extend(["-n", &ns]);
            let child = support::spawn(&kubeconfig, &all);
            until("the service GET", || {
                proxy.requests().iter().any(|r| r.path() == isvc.path)
            })
            .await;
            kill(child.pid(), signal);
            let run = child.finish().await;
            assert_eq!(
                (run.code, run.stdout.as_str(), run.stderr.as_str()),
                (1, "", format!("error: {message}\n").as_str()),
                "{name} {command:?}"
            );
        }
    }
}

/// A second signal while the command cannot react to the first (here: blocked writing a large
/// report to a pipe nobody reads, as behind a stalled pager) stops the process at once.
#[tokio::test]
async fn a_second_signal_stops_at_once_with_128_plus_the_signal() {
    let c = cluster();
    let ns = c.namespace("signal-twice").await.unwrap();
    ChatFixture::large_engine(900)
        .create(&c.admin().await.unwrap(), &ns)
        .await
        .unwrap();
    let kubeconfig = c.kubeconfig("reader").unwrap();
    for (first, second, code) in [
        ("INT", "INT", 130),
        ("TERM", "TERM", 143),
        ("INT", "TERM", 143),
    ] {
        let mut command = support::command(Some(&kubeconfig));
        command
            .args(["instance", "list", "chat", "-n", &ns, "-o", "json"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = tokio::process::Command::from(command)
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let pid = child.id().unwrap();
        let mut stdout = child.stdout.take().unwrap();
        // The report has started; the rest (far over a pipe's 64 KiB) blocks the writer.
        let mut first_byte = [0u8; 1];
        tokio::time::timeout(Duration::from_secs(30), stdout.read_exact(&mut first_byte))
            .await
            .expect("the report starts within 30 s")
            .unwrap();
        assert_eq!(&first_byte, b"{");
        kill(pid, first);
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(
            child.try_wait().unwrap().is_none(),
            "the first signal only cancels"
        );
        kill(pid, second);
        let status = tokio::time::timeout(Duration::from_secs(10), child.wait())
            .await
            .expect("the second signal stops it at once")
            .unwrap();
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .await
            .unwrap();
        support::assert_nothing_leaked("", &stderr);
        assert_eq!(
            (status.code(), stderr.as_str()),
            (Some(code), "error: stopped by a second signal\n"),
            "{first} then {second}"
        );
    }
}
