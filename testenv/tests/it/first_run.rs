//! First-run paths of the test environment, as a fresh machine meets them: a build slower than
//! the server's start-up timeout, two processes racing for an empty cache, a failing build and a
//! build that exceeds its bound. Each case runs `ome-testenv-check` in a child process with its
//! own empty cache directory (`XDG_CACHE_HOME`), a `go` stand-in and shortened limits.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use ome_testenv::binary::{apiserver_binary, k8s_version};

const CHECK: &str = env!("CARGO_BIN_EXE_ome-testenv-check");

fn write_script(path: &Path, body: &str) {
    fs::write(path, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).unwrap();
}

/// `ome-testenv-check` with an empty cache in `xdg` and the given extra environment.
fn check_command(xdg: &Path, env: &[(&str, String)]) -> Command {
    let mut cmd = Command::new(CHECK);
    cmd.env("XDG_CACHE_HOME", xdg)
        .env_remove("OME_TESTENV_APISERVER")
        .env_remove("OME_TESTENV_GO")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd
}

/// Waits for `child` at most `limit` (killing it after that, which fails the test).
fn wait_bounded(mut child: std::process::Child, limit: Duration) -> Output {
    let began = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if began.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!(
                "ome-testenv-check still running after {limit:?}; stderr:\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn cached_binaries(xdg: &Path) -> Vec<PathBuf> {
    let root = xdg.join("kubectl-ome-testenv");
    let Ok(dirs) = fs::read_dir(&root) else {
        return Vec::new();
    };
    dirs.flatten()
        .map(|d| d.path().join("ome-testenv-apiserver"))
        .filter(|p| p.is_file())
        .collect()
}

#[test]
fn a_build_slower_than_the_start_timeout_still_starts_and_a_racing_process_waits_for_it() {
    // The real binary first: on a fresh machine this is the suite's one cold build. The
    // wrapper stands in for `go build -o OUT .` (OUT is its sixth argument): it takes longer
    // than the start-up timeout below and then leaves that binary at OUT, so a deadline that
    // included the build would have passed before the server was spawned. The timeout itself
    // is generous enough for a start-up on a busy machine.
    let real = apiserver_binary().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let xdg = tmp.path().join("cache");
    let bin = tmp.path().join("bin");
    fs::create_dir_all(&bin).unwrap();
    let count = tmp.path().join("go-invocations");
    write_script(
        &bin.join("go"),
        &format!(
            "echo \"$*\" >> '{}'\nsleep 17\ncp '{}' \"$6\"",
            count.display(),
            real.display()
        ),
    );
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let env = [
        ("PATH", path),
        ("OME_TESTENV_START_TIMEOUT_SECS", "15".to_string()),
        ("OME_TESTENV_PROGRESS_SECS", "5".to_string()),
    ];
    let first = check_command(&xdg, &env).spawn().unwrap();
    let second = check_command(&xdg, &env).spawn().unwrap();
    let outs = [
        wait_bounded(first, Duration::from_secs(300)),
        wait_bounded(second, Duration::from_secs(300)),
    ];
    for out in &outs {
        assert!(
            out.status.success(),
            "exit {:?}; stderr:\n{}",
            out.status,
            text(&out.stderr)
        );
        assert!(
            text(&out.stdout).starts_with("kube-apiserver ready at https://127.0.0.1:"),
            "{}",
            text(&out.stdout)
        );
    }
    let version = k8s_version().unwrap();
    let stderrs: Vec<String> = outs.iter().map(|o| text(&o.stderr)).collect();
    let builder = stderrs
        .iter()
        .find(|e| {
            e.contains(&format!(
                "ome-testenv: building kube-apiserver {version} with"
            ))
        })
        .expect("one process announces the build");
    assert!(
        builder.contains(&format!(
            "ome-testenv: building kube-apiserver {version}: 5s elapsed; log "
        )),
        "progress line while building:\n{builder}"
    );
    let waiter = stderrs
        .iter()
        .find(|e| {
            e.contains(&format!(
                "ome-testenv: waiting for another process that is building kube-apiserver {version}; log "
            ))
        })
        .expect("the other process waits on the lock");
    assert!(
        waiter.contains("ome-testenv: still waiting for the build of kube-apiserver"),
        "progress line while waiting:\n{waiter}"
    );
    let invocations = fs::read_to_string(&count).unwrap();
    assert_eq!(invocations.lines().count(), 1, "go ran once: {invocations}");
    assert_eq!(cached_binaries(&xdg).len(), 1);
}

#[test]
fn a_failed_build_shows_the_log_tail_and_exits_1() {
    let tmp = tempfile::tempdir().unwrap();
    let xdg = tmp.path().join("cache");
    let go = tmp.path().join("failing-go");
    write_script(
        &go,
        "echo 'go: downloading k8s.io/kubernetes v1.37.2' >&2\n\
         echo 'main.go:1:1: expected package, found sentinel-error' >&2\nexit 2",
    );
    let child = check_command(&xdg, &[("OME_TESTENV_GO", go.display().to_string())])
        .spawn()
        .unwrap();
    let out = wait_bounded(child, Duration::from_secs(60));
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(out.stdout.is_empty());
    let version = k8s_version().unwrap();
    assert!(
        stderr.contains(&format!(
            "ome-testenv-check: building kube-apiserver {version} failed (exit status: 2); last lines of "
        )),
        "{stderr}"
    );
    assert!(
        stderr.ends_with(
            "build.log:\ngo: downloading k8s.io/kubernetes v1.37.2\n\
             main.go:1:1: expected package, found sentinel-error\n"
        ),
        "{stderr}"
    );
    assert!(cached_binaries(&xdg).is_empty(), "no binary is cached");
}

#[test]
fn a_build_over_its_bound_is_stopped_and_nothing_keeps_running() {
    let tmp = tempfile::tempdir().unwrap();
    let xdg = tmp.path().join("cache");
    let go = tmp.path().join("hanging-go");
    let pid_file = tmp.path().join("go.pid");
    write_script(
        &go,
        &format!("echo $$ > '{}'\nexec sleep 600", pid_file.display()),
    );
    let began = Instant::now();
    let child = check_command(
        &xdg,
        &[
            ("OME_TESTENV_GO", go.display().to_string()),
            ("OME_TESTENV_BUILD_TIMEOUT_SECS", "2".to_string()),
        ],
    )
    .spawn()
    .unwrap();
    let out = wait_bounded(child, Duration::from_secs(60));
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(
            "did not finish within 2s (OME_TESTENV_BUILD_TIMEOUT_SECS); stopped it; last lines of "
        ),
        "{stderr}"
    );
    assert!(began.elapsed() < Duration::from_secs(30));
    let pid = fs::read_to_string(&pid_file).unwrap();
    assert!(
        !Path::new("/proc").join(pid.trim()).exists(),
        "the build process {pid} is gone"
    );
    assert!(cached_binaries(&xdg).is_empty());
}
