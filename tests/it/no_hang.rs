//! Nothing keeps the process once it has its answer: a DNS lookup whose resolver never answers
//! (a VPN that is down) ends with the request's time limit, and a signal during it ends the
//! process at once; shell completion never writes to the terminal, even when an exec credential
//! plugin does.
//!
//! The silent resolver is real: the plugin runs in a private mount namespace (`unshare -m`)
//! whose `/etc/resolv.conf` names a loopback address where the test holds a UDP socket that
//! never answers, so glibc's `getaddrinfo` blocks in its own retries (30 s × 3 here).

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use serde_json::json;
use std::net::UdpSocket;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A name only the silent resolver is asked about (the `.test` domain never resolves).
const SERVER: &str = "https://api.silent-resolver.test:6443";

/// A UDP socket on port 53 of a loopback address of its own, which answers nothing, and a `resolv.conf` naming it.
struct SilentResolver {
    socket: UdpSocket,
    dir: tempfile::TempDir,
}

impl SilentResolver {
    fn start() -> SilentResolver {
        // Tests run concurrently: each takes its own address in 127.0.0.0/8.
        let socket = (0..50)
            .find_map(|_| {
                let n = rand_octets();
                UdpSocket::bind(format!("127.{}.{}.{}:53", n.0, n.1, n.2)).ok()
            })
            .expect("bind a silent resolver on a loopback address");
        let dir = tempfile::tempdir().unwrap();
        let address = socket.local_addr().unwrap().ip();
        std::fs::write(
            dir.path().join("resolv.conf"),
            format!("nameserver {address}\noptions timeout:30 attempts:3\n"),
        )
        .unwrap();
        SilentResolver { socket, dir }
    }

    fn resolv_conf(&self) -> PathBuf {
        self.dir.path().join("resolv.conf")
    }

    fn kubeconfig(&self) -> PathBuf {
        let doc = json!({
            "apiVersion": "v1", "kind": "Config", "current-context": "main",
            "clusters": [{"name": "c", "cluster": {"server": SERVER}}],
            "users": [{"name": "u", "user": {"token": "t"}}],
            "contexts": [{"name": "main", "context": {"cluster": "c", "user": "u", "namespace": "prod"}}],
        });
        let path = self.dir.path().join("kubeconfig.json");
        std::fs::write(&path, doc.to_string()).unwrap();
        path
    }

    /// The plugin with `args`, in a mount namespace where this resolver is the system's.
    fn spawn(&self, args: &[&str]) -> Child {
        self.spawn_as(support::command(None), args)
    }

    /// `base` (the plugin or its completion entry, isolated as every run) with `args`, in a
    /// mount namespace where this resolver is the system's.
    fn spawn_as(&self, base: Command, args: &[&str]) -> Child {
        Command::new("unshare")
            .args([
                "-m",
                "sh",
                "-c",
                r#"mount --bind "$0" /etc/resolv.conf && exec "$@""#,
            ])
            .arg(self.resolv_conf())
            .arg(base.get_program())
            .args(args)
            .envs(base.get_envs().filter_map(|(k, v)| Some((k, v?))))
            .env("KUBECONFIG", self.kubeconfig())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("unshare -m (needs CAP_SYS_ADMIN)")
    }
}

fn rand_octets() -> (u8, u8, u8) {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos()
        ^ std::process::id().rotate_left(16);
    let n = nanos.to_le_bytes();
    (n[0].max(1), n[1], n[2].max(2))
}

/// Waits (at most `bound`) for the child to exit; its exit code, stdout and stderr.
fn finish_within(mut child: Child, bound: Duration) -> (Duration, i32, String, String) {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let output = child.wait_with_output().unwrap();
            let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
            let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
            support::assert_nothing_leaked(&stdout, &stderr);
            return (
                started.elapsed(),
                status.code().unwrap_or(-1),
                stdout,
                stderr,
            );
        }
        if started.elapsed() > bound {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running after {bound:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn kill(pid: u32, signal: &str) {
    let status = Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

impl SilentResolver {
    /// Waits (bounded) until the resolver has been asked: the lookup is under way. The
    /// question is read and never answered.
    fn until_asked(&self) {
        self.socket.set_nonblocking(true).unwrap();
        let started = Instant::now();
        let mut question = [0u8; 512];
        while self.socket.recv_from(&mut question).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "the lookup never started"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

#[test]
fn a_lookup_that_never_answers_ends_with_the_request_timeout() {
    let resolver = SilentResolver::start();
    let child = resolver.spawn(&["autoscale", "status", "chat", "--request-timeout=2s"]);
    let (took, code, stdout, stderr) = finish_within(child, Duration::from_secs(30));
    assert_eq!(
        (code, stdout.as_str(), stderr.as_str()),
        (
            1,
            "",
            "autoscale status check: read object=InferenceService/prod/chat cause=Timeout\n\
             error: get InferenceService \"prod/chat\": context deadline exceeded\n"
        )
    );
    assert!(took < Duration::from_secs(3), "{took:?}");
}

#[test]
fn a_signal_during_the_lookup_ends_the_process_at_once() {
    let resolver = SilentResolver::start();
    let child = resolver.spawn(&["autoscale", "status", "chat"]);
    resolver.until_asked();
    kill(child.id(), "INT");
    let (took, code, stdout, stderr) = finish_within(child, Duration::from_secs(30));
    assert_eq!(
        (code, stdout.as_str(), stderr.as_str()),
        (1, "", "error: context canceled\n")
    );
    assert!(took < Duration::from_secs(1), "{took:?}");
}

#[test]
fn a_second_signal_during_the_lookup_exits_130_at_once() {
    let resolver = SilentResolver::start();
    // `scale` waits for nothing after the first signal either; the pair arrives together, as a
    // user's double Ctrl-C does.
    let child = resolver.spawn(&["instance", "list", "chat"]);
    resolver.until_asked();
    kill(child.id(), "INT");
    kill(child.id(), "INT");
    let (took, code, stdout, stderr) = finish_within(child, Duration::from_secs(30));
    assert!(took < Duration::from_secs(1), "{took:?}");
    assert_eq!(stdout, "");
    assert!(
        [
            (1, "error: context canceled\n"),
            (130, "error: stopped by a second signal\n")
        ]
        .contains(&(code, stderr.as_str())),
        "{code} {stderr}"
    );
}

#[test]
fn completion_answers_within_its_limit_and_exits() {
    let resolver = SilentResolver::start();
    let child = resolver.spawn_as(
        support::completion_command(None),
        &["rollout", "status", ""],
    );
    let (took, code, stdout, stderr) = finish_within(child, Duration::from_secs(30));
    assert_eq!((code, stdout.as_str(), stderr.as_str()), (0, ":4\n", ""));
    assert!(took < Duration::from_secs(3), "{took:?}");
}

/// A kubeconfig whose exec plugin talks on stderr (a login helper's progress lines) and then
/// prints a token; the server is a closed port.
fn chatty_kubeconfig(dir: &Path) -> PathBuf {
    let script = dir.join("chatty-login");
    std::fs::write(
        &script,
        "#!/bin/sh\necho 'Opening your browser to log in...' >&2\nhead -c 200000 /dev/zero | tr '\\0' x >&2\necho >&2\n\
         echo '{\"kind\":\"ExecCredential\",\"apiVersion\":\"client.authentication.k8s.io/v1\",\"status\":{\"token\":\"t\"}}'\n",
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o700)).unwrap();
    let doc = json!({
        "apiVersion": "v1", "kind": "Config", "current-context": "main",
        "clusters": [{"name": "c", "cluster": {"server": "https://127.0.0.1:9"}}],
        "users": [{"name": "u", "user": {"exec": {
            "apiVersion": "client.authentication.k8s.io/v1", "command": script}}}],
        "contexts": [{"name": "main", "context": {"cluster": "c", "user": "u"}}],
    });
    let path = dir.join("kubeconfig.json");
    std::fs::write(&path, doc.to_string()).unwrap();
    path
}

#[test]
fn completion_drops_a_chatty_exec_plugins_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let kubeconfig = chatty_kubeconfig(dir.path());
    let output = support::checked_output(
        support::completion_command(Some(&kubeconfig)).args(["rollout", "status", ""]),
    );
    assert_eq!(String::from_utf8_lossy(&output.stdout), ":4\n");
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn interactive_commands_pass_the_exec_plugins_stderr_through() {
    let dir = tempfile::tempdir().unwrap();
    let kubeconfig = chatty_kubeconfig(dir.path());
    let run = support::plugin(Some(&kubeconfig), &["rollout", "status", "chat"]);
    assert_eq!((run.code, run.stdout.as_str()), (1, ""));
    assert!(
        run.stderr
            .starts_with("Opening your browser to log in...\nxxxxxxxx"),
        "{}",
        run.stderr.chars().take(100).collect::<String>()
    );
    assert!(
        run.stderr.ends_with("\n") && run.stderr.lines().last().unwrap().starts_with("error: ")
    );
}
