//! Runs each freshly built release binary where this machine can: natively, a linux/arm64
//! binary under `qemu-aarch64` (Debian `qemu-user`), a windows/amd64 `.exe` under wine (Debian
//! `wine64`). `version --client` and `--help` must exit 0 with the output this source gives,
//! the same for every binary. A platform no runner here can start (or whose runner is not
//! installed) is skipped with the reason printed.

use crate::platform::Platform;
use anyhow::{Context, Result, bail};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A first wine start creates its prefix (tens of seconds on a loaded machine).
const RUN_LIMIT: Duration = Duration::from_secs(300);

/// What starts a binary of another platform here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Runner {
    /// The binary runs directly.
    Native,
    /// An emulator or compatibility layer: the program, with the binary as its argument.
    Through(PathBuf),
}

/// The runner for `platform` on a `host` platform, or why there is none. `find` looks a
/// program up (on PATH, or at a fixed path).
pub fn runner_for(
    platform: &Platform,
    host: &Platform,
    find: impl Fn(&str) -> Option<PathBuf>,
) -> std::result::Result<Runner, String> {
    if platform == host {
        return Ok(Runner::Native);
    }
    let candidates: &[&str] = match (host.os.as_str(), host.arch.as_str()) {
        ("linux", "amd64") => match (platform.os.as_str(), platform.arch.as_str()) {
            ("linux", "arm64") => &["qemu-aarch64", "qemu-aarch64-static"],
            // Debian's wine64 package installs its loader outside PATH unless `wine` is
            // installed too.
            ("windows", "amd64") => &["wine64", "wine", "/usr/lib/wine/wine64"],
            _ => return Err(format!("nothing on {host} runs {platform} binaries")),
        },
        _ => {
            return Err(format!(
                "no runner for {platform} binaries on {host} is known"
            ));
        }
    };
    candidates
        .iter()
        .find_map(|name| find(name))
        .map(Runner::Through)
        .ok_or_else(|| format!("none of {} is installed", candidates.join(", ")))
}

/// `name` on PATH, or the file `name` when it is a path.
pub fn find_program(name: &str) -> Option<PathBuf> {
    if name.contains('/') {
        return Some(PathBuf::from(name)).filter(|p| p.is_file());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// Rust's standard library (1.78 and later) takes its random numbers from `ProcessPrng` in
/// `bcryptprimitives.dll`, which every supported Windows has but wine before 9.0 (Debian
/// bookworm's 8.0) lacks, so no Rust program starts there. For the check only, a stand-in
/// built with zig answers from `RtlGenRandom` (advapi32's `SystemFunction036`); it is placed
/// beside a copy of the `.exe` (the first place Windows looks), never in the archive.
const PROCESS_PRNG_SHIM: &str = r#"#include <windows.h>
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG n = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, n)) return FALSE;
        data += n;
        length -= n;
    }
    return TRUE;
}
"#;

/// Copies `binary` into `dir` beside the `bcryptprimitives.dll` stand-in (built with `zig` on
/// first use) and creates the wine prefix, whose first start prints to stderr. Returns the
/// copy to run.
pub fn stage_for_wine(binary: &Path, dir: &Path, zig: &Path, wine: &Path) -> Result<PathBuf> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let dll = dir.join("bcryptprimitives.dll");
    if !dll.is_file() {
        let source = dir.join("bcryptprimitives.c");
        std::fs::write(&source, PROCESS_PRNG_SHIM)?;
        let mut cc = Command::new(zig);
        cc.args([
            "cc",
            "-target",
            "x86_64-windows-gnu",
            "-shared",
            "-O2",
            "-o",
        ])
        .arg(&dll)
        .arg(&source)
        .arg("-ladvapi32");
        let (status, _, stderr) = run_bounded(&mut cc, RUN_LIMIT, "zig cc bcryptprimitives.dll")?;
        if !status.success() {
            bail!(
                "zig cc bcryptprimitives.dll failed: {}",
                String::from_utf8_lossy(&stderr)
            );
        }
    }
    let copy = dir.join(binary.file_name().unwrap_or_default());
    std::fs::copy(binary, &copy).with_context(|| format!("copying {}", binary.display()))?;
    let mut boot = Command::new(wine);
    boot.args(["wineboot", "--init"]);
    with_wine_env(&mut boot, &dir.join("prefix"));
    run_bounded(&mut boot, RUN_LIMIT, "wineboot --init")?;
    Ok(copy)
}

/// A private prefix below the target directory, wine's diagnostics off, and no offer to install
/// Mono or Gecko (neither is needed by a console program).
fn with_wine_env(command: &mut Command, prefix: &Path) {
    command
        .env("WINEPREFIX", prefix)
        .env("WINEDEBUG", "-all")
        .env("WINEDLLOVERRIDES", "mscoree,mshtml=");
}

/// What a binary printed for the two commands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Printed {
    /// stdout of `version --client`.
    pub version: String,
    /// stdout of `--help`.
    pub help: String,
}

/// Runs `version --client` and `--help` of `binary` through `runner` and checks them against
/// this source: the version line of this version, and the help of the clap definition.
pub fn check(binary: &Path, runner: &Runner, wine_prefix: &Path) -> Result<Printed> {
    let version = run_ok(binary, runner, wine_prefix, &["version", "--client"])?;
    let expected = format!("Client Version: v{} (commit ", crate::version());
    if !(version.starts_with(&expected) && version.ends_with(")\n") && version.lines().count() == 1)
    {
        bail!(
            "{} version --client printed {version:?}, not one line starting {expected:?}",
            binary.display()
        );
    }
    let help = run_ok(binary, runner, wine_prefix, &["--help"])?;
    let expected_help = kubectl_ome::app::command().render_help().to_string();
    if help != expected_help {
        bail!(
            "{} --help printed something else than the clap definition's help:\n{help}",
            binary.display()
        );
    }
    Ok(Printed { version, help })
}

/// Runs `binary args…`, requiring exit 0, nothing on stderr, and UTF-8 stdout.
fn run_ok(binary: &Path, runner: &Runner, wine_prefix: &Path, args: &[&str]) -> Result<String> {
    let mut command = match runner {
        Runner::Native => Command::new(binary),
        Runner::Through(program) => {
            let mut command = Command::new(program);
            command.arg(binary);
            command
        }
    };
    command.args(args).stdin(Stdio::null());
    with_wine_env(&mut command, wine_prefix);
    let what = format!("{} {}", binary.display(), args.join(" "));
    let (status, stdout, stderr) = run_bounded(&mut command, RUN_LIMIT, &what)?;
    if !status.success() || !stderr.is_empty() {
        bail!(
            "{what} exited with {status}; stderr: {}",
            String::from_utf8_lossy(&stderr)
        );
    }
    String::from_utf8(stdout).with_context(|| format!("{what} printed invalid UTF-8"))
}

type Finished = (std::process::ExitStatus, Vec<u8>, Vec<u8>);

/// Runs `command` to its end, killing it after `limit`.
fn run_bounded(command: &mut Command, limit: Duration, what: &str) -> Result<Finished> {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("starting {what}"))?;
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            bail!("{what} did not finish within {} s", limit.as_secs());
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let join = |h: std::thread::JoinHandle<Vec<u8>>| h.join().unwrap_or_default();
    Ok((status, join(stdout), join(stderr)))
}

fn drain(stream: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut stream) = stream {
            let _ = stream.read_to_end(&mut bytes);
        }
        bytes
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn only(names: &'static [&'static str]) -> impl Fn(&str) -> Option<PathBuf> {
        move |name| names.contains(&name).then(|| PathBuf::from(name))
    }

    #[test]
    fn each_platform_gets_its_runner_or_a_reason() {
        let host = Platform::new("linux", "amd64");
        let linux_arm = Platform::new("linux", "arm64");
        let windows = Platform::new("windows", "amd64");
        let windows_arm = Platform::new("windows", "arm64");
        let all = only(&["qemu-aarch64", "/usr/lib/wine/wine64"]);
        assert_eq!(runner_for(&host, &host, &all), Ok(Runner::Native));
        assert_eq!(
            runner_for(&linux_arm, &host, &all),
            Ok(Runner::Through("qemu-aarch64".into()))
        );
        assert_eq!(
            runner_for(&windows, &host, &all),
            Ok(Runner::Through("/usr/lib/wine/wine64".into()))
        );
        assert_eq!(
            runner_for(&windows_arm, &host, &all),
            Err("nothing on linux/amd64 runs windows/arm64 binaries".to_string())
        );
        assert_eq!(
            runner_for(&windows, &host, only(&[])),
            Err("none of wine64, wine, /usr/lib/wine/wine64 is installed".to_string())
        );
    }
}
