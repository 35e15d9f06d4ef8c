//! SIGINT and SIGTERM against the real API server. The first signal cancels: `context canceled`
//! (`Canceled` for `wait`), exit 1, nothing on stdout. For `scale` what decides is whether the
//! PATCH was handed to a connection: a signal while the PATCH's connection is still being made
//! sends nothing (exit 1); once the PATCH has left, the outcome is unknown (exit 4), whether or
//! not the server got it. Output a stalled reader blocks (a full FIFO, a paused pager) does not
//! hold the command: the first signal still ends it within a second. A second signal stops the
//! process at once: 130 after SIGINT, 143 after SIGTERM, with one line naming the guarded write.

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

/// Whether `pid` catches SIGINT and SIGTERM yet (its `SigCgt` mask): a signal sent earlier
/// would meet the default action, not the plugin.
fn catches_signals(pid: u32) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << (2 - 1)) != 0 && mask & (1 << (15 - 1)) != 0)
}

/// Whether a thread of `pid` is blocked opening a FIFO that has no writer yet (the kernel's
/// `wait_for_partner`).
fn blocked_opening_a_fifo(pid: u32) -> bool {
    a_thread_waits_in(pid, |w| w == "wait_for_partner")
}

/// Whether a thread of `pid` sleeps writing to a full pipe: `pipe_write`, `anon_pipe_write`
/// in newer kernels, `pipe_wait` or `pipe_wait_writable` in older ones.
fn blocked_writing_a_pipe(pid: u32) -> bool {
    a_thread_waits_in(pid, |w| {
        w.ends_with("pipe_write") || w.starts_with("pipe_wait")
    })
}

/// Whether a thread of `pid` sleeps in a kernel function (its `wchan`) that `in_function` accepts.
fn a_thread_waits_in(pid: u32, in_function: impl Fn(&str) -> bool) -> bool {
    wchans(pid).iter().any(|w| in_function(w))
}

/// The kernel function each thread of `pid` sleeps in (its `wchan`).
fn wchans(pid: u32) -> Vec<String> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    tasks
        .flatten()
        .filter_map(|task| std::fs::read_to_string(task.path().join("wchan")).ok())
        .collect()
}

/// A FIFO whose read end is open (so a writer's open succeeds) and never read: what a stalled
/// pager or `> fifo` with a reader that stopped reading is to the plugin.
struct StalledFifo {
    _dir: tempfile::TempDir,
    path: std::path::PathBuf,
    reader: std::fs::File,
}

impl StalledFifo {
    fn new() -> StalledFifo {
        use rustix::fs::{CWD, Mode, OFlags};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("fifo");
        rustix::fs::mkfifoat(CWD, &path, Mode::from_raw_mode(0o600)).unwrap();
        let reader = rustix::fs::open(&path, OFlags::RDONLY | OFlags::NONBLOCK, Mode::empty())
            .unwrap()
            .into();
        StalledFifo {
            _dir: dir,
            path,
            reader,
        }
    }

    /// The write end, for a child's stdout (or stderr).
    fn writer(&self) -> std::fs::File {
        std::fs::OpenOptions::new()
            .write(true)
            .open(&self.path)
            .unwrap()
    }

    /// Bytes written and not read.
    fn pending(&self) -> u64 {
        rustix::io::ioctl_fionread(&self.reader).unwrap()
    }
}

/// Polls (bounded: 30 s) until the plugin `pid` has filled `fifo` and blocks writing to it.
/// A full pipe holds less than 64 KiB when writes do not share pages (16 writes of 3752 bytes
/// fill it at 60032), so "full" is the writer asleep in the kernel's pipe write, not a count.
async fn until_stalled(fifo: &StalledFifo, pid: u32) {
    let mut last = u64::MAX;
    for _ in 0..600 {
        let now = fifo.pending();
        if now >= 32 << 10 && now == last && blocked_writing_a_pipe(pid) {
            return;
        }
        last = now;
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!(
        "the plugin never blocked on the FIFO ({last} bytes pending; its threads wait in {:?})",
        wchans(pid)
    );
}

/// Sends `signal` and waits for the exit: the exit status and how long it took.
async fn signal_and_wait(
    child: &mut tokio::process::Child,
    signal: &str,
) -> (Option<i32>, Duration) {
    let sent = std::time::Instant::now();
    kill(child.id().unwrap(), signal);
    let status = tokio::time::timeout(Duration::from_secs(30), child.wait())
        .await
        .expect("the plugin ends after the signal")
        .unwrap();
    (status.code(), sent.elapsed())
}

async fn stderr_of(child: &mut tokio::process::Child) -> String {
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        pipe.read_to_string(&mut stderr).await.unwrap();
    }
    stderr
}

/// `logs -f > fifo` whose reader stopped reading (issue 42): the plugin blocks writing, and
/// the first SIGTERM or SIGINT ends it within a second with the command's cancellation error,
/// exit 1, also when stderr is the same stalled FIFO (`2>&1`).
#[tokio::test]
async fn the_first_signal_ends_logs_blocked_on_a_stalled_reader() {
    let c = cluster();
    let ns = c.namespace("signal-logs").await.unwrap();
    let kubelet = ome_testenv::kubelet::shared_kubelet().unwrap();
    let labels = [("ome.io/inferenceservice", "chat"), ("component", "engine")];
    kubelet
        .create_pod(
            &c.admin().await.unwrap(),
            &ns,
            "chat-engine-0",
            &labels,
            &["ome-container"],
        )
        .await
        .unwrap();
    // Far more than the FIFO holds, made as it is sent.
    kubelet
        .log(&ns, "chat-engine-0", "ome-container")
        .generate(format!("{:0>127}\n", "INFO token"), 1 << 40);
    let kubeconfig = c.kubeconfig("reader").unwrap();
    for (signal, same_stderr) in [("TERM", false), ("INT", false), ("TERM", true)] {
        let fifo = StalledFifo::new();
        let mut command = support::command(Some(&kubeconfig));
        command
            .args(["logs", "chat", "-n", &ns, "-f"])
            .stdout(fifo.writer());
        if same_stderr {
            command.stderr(fifo.writer());
        } else {
            command.stderr(Stdio::piped());
        }
        let mut child = tokio::process::Command::from(command)
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        until_stalled(&fifo, child.id().unwrap()).await;
        let (code, took) = signal_and_wait(&mut child, signal).await;
        let what = format!("SIG{signal}, stderr to the FIFO too: {same_stderr}");
        eprintln!("logs -f on a stalled FIFO, {what}: ended {took:?} after the signal");
        assert!(took < Duration::from_secs(1), "{what}: {took:?}");
        assert_eq!(code, Some(1), "{what}");
        if !same_stderr {
            assert_eq!(
                stderr_of(&mut child).await,
                "error: context canceled\n",
                "{what}"
            );
        }
    }
}

/// A report too large for the pipe it is written to, whose reader stopped reading: the first
/// signal ends the command at once, as it does while the command reads.
#[tokio::test]
async fn the_first_signal_ends_a_report_blocked_on_a_stalled_reader() {
    let c = cluster();
    let ns = c.namespace("signal-report").await.unwrap();
    ChatFixture::large_engine(900)
        .create(&c.admin().await.unwrap(), &ns)
        .await
        .unwrap();
    let kubeconfig = c.kubeconfig("reader").unwrap();
    for (signal, _) in SIGNALS {
        let fifo = StalledFifo::new();
        let mut command = support::command(Some(&kubeconfig));
        command
            .args(["instance", "list", "chat", "-n", &ns, "-o", "json"])
            .stdout(fifo.writer())
            .stderr(Stdio::piped());
        let mut child = tokio::process::Command::from(command)
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        until_stalled(&fifo, child.id().unwrap()).await;
        let (code, took) = signal_and_wait(&mut child, signal).await;
        assert!(took < Duration::from_secs(1), "SIG{signal}: {took:?}");
        let stderr = stderr_of(&mut child).await;
        assert_eq!(
            (code, stderr.as_str()),
            (Some(1), "error: context canceled\n"),
            "SIG{signal}"
        );
    }
}

/// A second signal while the command cannot react to the first stops it at once: 130 after
/// SIGINT, 143 after SIGTERM, with one line naming the guarded write the command makes and
/// that it was not sent (issue 42). What holds the command here: its kubeconfig is a FIFO no
/// one writes (a process substitution whose writer hangs), read before anything else.
#[tokio::test]
async fn a_second_signal_stops_at_once_naming_the_guarded_write() {
    let commands: [(&[&str], &str); 5] = [
        (
            &[
                "scale",
                "chat",
                "--component",
                "engine",
                "--replicas",
                "3",
                "--override-autoscaler",
                "--yes",
            ],
            "; no scale request was sent",
        ),
        (
            &["rollout", "pause", "chat", "--yes"],
            "; no rollout pause request was sent",
        ),
        (
            &["rollout", "resume", "chat", "--yes"],
            "; no rollout resume request was sent",
        ),
        (
            &[
                "instance",
                "release-held",
                "chat",
                "--component",
                "engine",
                "--revision",
                "0a1b2c3d",
                "--yes",
            ],
            "; no held-release request was sent",
        ),
        (&["instance", "list", "chat", "-o", "json"], ""),
    ];
    let pairs = [
        ("INT", "INT", 130),
        ("TERM", "TERM", 143),
        ("INT", "TERM", 143),
    ];
    for (index, (command, said)) in commands.into_iter().enumerate() {
        let (first, second, code) = pairs[index % pairs.len()];
        let kubeconfig = StalledFifo::new();
        let mut args = command.to_vec();
        args.extend(["-n", "prod"]);
        let child = support::spawn(&kubeconfig.path, &args);
        let pid = child.pid();
        until("the signal handlers", || catches_signals(pid)).await;
        // Earlier, the first signal would end the command before its kubeconfig is read.
        until("the kubeconfig read", || blocked_opening_a_fifo(pid)).await;
        kill(pid, first);
        // The first is handled (it only cancels: the read holds the command) before the second.
        tokio::time::sleep(Duration::from_millis(300)).await;
        kill(pid, second);
        let started = std::time::Instant::now();
        let run = child.finish().await;
        assert!(started.elapsed() < Duration::from_secs(5), "{command:?}");
        support::assert_nothing_leaked("", &run.stderr);
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (
                code,
                "",
                format!("error: stopped by a second signal{said}\n").as_str()
            ),
            "{command:?}: {first} then {second}"
        );
    }
}
