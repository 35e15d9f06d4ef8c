//! What a cross build needs, installed on first use by `cargo xtask release`: the Rust
//! standard library of each target (`rustup target add`) and, for targets whose C code (ring)
//! and linking need another C toolchain, zig from PyPI (`ziglang`, installed with pip into the
//! target directory, pinned by version and by the hash of each host's wheel) driven by
//! `cargo-zigbuild` from crates.io (`cargo install --locked` into the same place). Nothing is
//! installed system-wide.

use anyhow::{Context, Result, bail};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The zig release (PyPI `ziglang`) cargo-zigbuild is used with.
pub const ZIG_VERSION: &str = "0.15.2";
/// The cargo-zigbuild release (crates.io).
pub const CARGO_ZIGBUILD_VERSION: &str = "0.24.1";

/// The sha256 of the ziglang 0.15.2 wheel of each host a release is built on (PyPI's digests,
/// checked against the downloaded files): pip installs with `--require-hashes`, so a wheel
/// with any other content is refused.
pub const ZIG_WHEEL_SHA256: [(&str, &str); 6] = [
    (
        "manylinux_2_12_x86_64",
        "806316453d1ede7174ed3fefb8e5348154629089c3bb5fe812dfd0e172fac130",
    ),
    (
        "manylinux_2_17_aarch64",
        "edc0aa60ec964a4cf462d40f68d7de242ddf37fd9a80f2afaee6397059463230",
    ),
    (
        "macosx_12_0_x86_64",
        "47af4f85e3e59bd672126cc026d3a01b516cad24b9a9ea075abfe8532f4c6bc1",
    ),
    (
        "macosx_12_0_arm64",
        "acae2a9ce67ed249ad68d42c21bc73b5f9d51a33ba5ea42f609f78683e8d9bb7",
    ),
    (
        "win_amd64",
        "ca80dc9c70dbdfdd9ee51d000de3501a95d33d9782ab9ab9b56f700484ebcd83",
    ),
    (
        "win_arm64",
        "a81ebfc61e1b7aa43a33add23f93b98954d757434f894eb21bd40b176b6688aa",
    ),
];

/// The pip requirement that pins zig by version and by the hash of each host's wheel.
pub fn zig_requirement() -> String {
    let mut line = format!("ziglang=={ZIG_VERSION}");
    for (_, sha256) in ZIG_WHEEL_SHA256 {
        line.push_str(&format!(" --hash=sha256:{sha256}"));
    }
    line.push('\n');
    line
}

/// Whether `triple` is built with zig from a `host` machine: the musl targets (no musl C
/// compiler on a glibc system) and the Windows GNU targets (no MinGW), unless it is the host.
pub fn needs_zig(triple: &str, host: &str) -> bool {
    triple != host && (triple.contains("-linux-musl") || triple.contains("-windows-gnu"))
}

/// The cross-build tools, installed under `<target dir>/release-tools`.
pub struct Tools {
    dir: PathBuf,
}

impl Tools {
    /// The tools kept below `target_dir`.
    pub fn new(target_dir: &Path) -> Tools {
        Tools {
            dir: target_dir.join("release-tools"),
        }
    }

    /// The directory holding the `zig` executable of the `ziglang` package.
    pub fn zig_dir(&self) -> PathBuf {
        self.dir.join(format!("zig-{ZIG_VERSION}")).join("ziglang")
    }

    /// The `cargo-zigbuild` executable.
    pub fn cargo_zigbuild(&self) -> PathBuf {
        self.dir
            .join(format!("cargo-zigbuild-{CARGO_ZIGBUILD_VERSION}"))
            .join("bin")
            .join(format!("cargo-zigbuild{}", std::env::consts::EXE_SUFFIX))
    }

    /// Installs zig and cargo-zigbuild unless they are there already.
    pub fn ensure_zig(&self) -> Result<()> {
        let zig = self
            .zig_dir()
            .join(format!("zig{}", std::env::consts::EXE_SUFFIX));
        if !zig.is_file() {
            let into = self.dir.join(format!("zig-{ZIG_VERSION}"));
            eprintln!(
                "installing zig {ZIG_VERSION} (PyPI ziglang, hash-checked) into {}",
                into.display()
            );
            std::fs::create_dir_all(&self.dir)
                .with_context(|| format!("creating {}", self.dir.display()))?;
            let requirements = self.dir.join(format!("zig-{ZIG_VERSION}-requirements.txt"));
            std::fs::write(&requirements, zig_requirement())
                .with_context(|| format!("writing {}", requirements.display()))?;
            let mut pip = Command::new(python());
            pip.args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "--require-hashes",
                "--no-deps",
                "--only-binary=:all:",
            ])
            .arg("--target")
            .arg(&into)
            .arg("--requirement")
            .arg(&requirements);
            run(&mut pip, "pip install ziglang")?;
        }
        let zigbuild = self.cargo_zigbuild();
        if !zigbuild.is_file() {
            let root = self
                .dir
                .join(format!("cargo-zigbuild-{CARGO_ZIGBUILD_VERSION}"));
            eprintln!(
                "installing cargo-zigbuild {CARGO_ZIGBUILD_VERSION} (crates.io) into {}",
                root.display()
            );
            let mut install = Command::new(cargo());
            install
                .args([
                    "install",
                    "--locked",
                    "--quiet",
                    "cargo-zigbuild",
                    "--version",
                ])
                .arg(CARGO_ZIGBUILD_VERSION)
                .arg("--root")
                .arg(&root)
                // Its own build directory: not the release target directory it then builds in.
                .env("CARGO_TARGET_DIR", root.join("build"));
            run(&mut install, "cargo install cargo-zigbuild")?;
        }
        Ok(())
    }

    /// Where the Windows binary is run under wine (`smoke`): a copy of it, the stand-in DLL
    /// and the wine prefix (`prefix`, not the user's `~/.wine`).
    pub fn wine_dir(&self) -> PathBuf {
        self.dir.join("wine")
    }

    /// PATH with zig first, for cargo-zigbuild to find it.
    pub fn path_with_zig(&self) -> Result<OsString> {
        let mut dirs = vec![self.zig_dir()];
        if let Some(path) = std::env::var_os("PATH") {
            dirs.extend(std::env::split_paths(&path));
        }
        std::env::join_paths(dirs).context("joining PATH")
    }
}

/// `rustup target add` for each of `triples` not installed yet.
pub fn ensure_rust_targets(triples: &[String]) -> Result<()> {
    let output = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .context("running rustup target list (rustup is needed for cross builds)")?;
    if !output.status.success() {
        bail!("rustup target list --installed failed ({})", output.status);
    }
    let installed = String::from_utf8_lossy(&output.stdout);
    let missing: Vec<&String> = triples
        .iter()
        .filter(|t| !installed.lines().any(|line| line.trim() == t.as_str()))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let mut add = Command::new("rustup");
    add.args(["target", "add"]).args(&missing);
    run(&mut add, "rustup target add")
}

/// The cargo that runs this task.
pub fn cargo() -> OsString {
    std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into())
}

fn python() -> &'static str {
    if cfg!(windows) { "python" } else { "python3" }
}

fn run(command: &mut Command, what: &str) -> Result<()> {
    let status = command
        .status()
        .with_context(|| format!("running {what}"))?;
    if !status.success() {
        bail!("{what} failed ({status})");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zig_is_pinned_by_the_hash_of_every_hosts_wheel() {
        let requirement = zig_requirement();
        assert!(requirement.starts_with("ziglang==0.15.2 --hash=sha256:"));
        assert_eq!(requirement.matches(" --hash=sha256:").count(), 6);
        for (host, sha256) in ZIG_WHEEL_SHA256 {
            assert!(
                sha256.len() == 64 && sha256.bytes().all(|b| b.is_ascii_hexdigit()),
                "{host}"
            );
            assert!(requirement.contains(sha256));
        }
    }

    #[test]
    fn zig_only_where_no_native_toolchain_builds_it() {
        let host = "x86_64-unknown-linux-gnu";
        assert!(needs_zig("x86_64-unknown-linux-musl", host));
        assert!(needs_zig("aarch64-pc-windows-gnullvm", host));
        assert!(!needs_zig(host, host));
        assert!(!needs_zig("aarch64-apple-darwin", "aarch64-apple-darwin"));
        assert!(!needs_zig(
            "x86_64-pc-windows-msvc",
            "x86_64-pc-windows-msvc"
        ));
    }
}
