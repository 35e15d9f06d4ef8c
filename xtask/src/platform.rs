//! Rust target triples and krew's `os`/`arch` names, and which triple each released platform
//! is built from.

use anyhow::{Context, Result, bail};

/// A platform a release archive is built for.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Platform {
    /// krew's (Go's) operating system name: `linux`, `darwin`, `windows`.
    pub os: String,
    /// krew's (Go's) architecture name: `amd64`, `arm64`.
    pub arch: String,
}

impl Platform {
    /// `os`/`arch` in krew's names.
    pub fn new(os: &str, arch: &str) -> Platform {
        Platform {
            os: os.to_string(),
            arch: arch.to_string(),
        }
    }

    /// The platform of a Rust target triple such as `x86_64-unknown-linux-musl`.
    pub fn of_triple(triple: &str) -> Result<Platform> {
        let arch = match triple.split('-').next().unwrap_or_default() {
            "x86_64" => "amd64",
            "aarch64" => "arm64",
            other => bail!("no krew architecture for `{other}` (target {triple})"),
        };
        let os = if triple.contains("-linux-") {
            "linux"
        } else if triple.ends_with("-apple-darwin") {
            "darwin"
        } else if triple.contains("-windows-") {
            "windows"
        } else {
            bail!("no krew operating system for target {triple}")
        };
        Ok(Platform::new(os, arch))
    }

    /// Windows runs `kubectl-ome.exe`; krew's `bin` must name it so.
    pub fn is_windows(&self) -> bool {
        self.os == "windows"
    }

    /// The executable's file name on this platform.
    pub fn binary_name(&self) -> String {
        if self.is_windows() {
            format!("{}.exe", crate::archive::BINARY)
        } else {
            crate::archive::BINARY.to_string()
        }
    }

    /// `zip` for Windows (what its users and Explorer open; krew reads both kinds), else
    /// `tar.gz` (keeps the executable bit).
    pub fn archive_extension(&self) -> &'static str {
        if self.is_windows() { "zip" } else { "tar.gz" }
    }
}

impl std::fmt::Display for Platform {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.os, self.arch)
    }
}

/// The `<os,arch>` pairs krew runs on (krew's manifest validator checks selectors against
/// exactly these).
pub const KREW_PLATFORMS: [(&str, &str); 10] = [
    ("windows", "386"),
    ("windows", "amd64"),
    ("windows", "arm64"),
    ("linux", "386"),
    ("linux", "amd64"),
    ("linux", "arm"),
    ("linux", "arm64"),
    ("darwin", "386"),
    ("darwin", "amd64"),
    ("darwin", "arm64"),
];

/// What `cargo xtask release --all` builds on Linux: static musl binaries (no glibc version
/// requirement) and Windows binaries that need no MinGW DLLs, all cross-compiled with zig.
/// `gnullvm` on arm64 because Rust's `aarch64-pc-windows-gnu` does not exist.
pub const CROSS_TARGETS: [&str; 4] = [
    "x86_64-unknown-linux-musl",
    "aarch64-unknown-linux-musl",
    "x86_64-pc-windows-gnu",
    "aarch64-pc-windows-gnullvm",
];

/// The released platforms that only a macOS machine can link (Apple's SDK and Security
/// framework): the release workflow builds them on macOS runners.
pub const MACOS_TARGETS: [&str; 2] = ["x86_64-apple-darwin", "aarch64-apple-darwin"];

/// The triple a released Linux binary is built for when the host's own triple is asked for:
/// glibc builds are dynamically linked and need the build machine's glibc, so Linux always
/// ships musl.
pub fn release_triple(triple: &str) -> String {
    match triple.strip_suffix("-unknown-linux-gnu") {
        Some(arch) => format!("{arch}-unknown-linux-musl"),
        None => triple.to_string(),
    }
}

/// The host's target triple, as `rustc -vV` reports it.
pub fn host_triple() -> Result<String> {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let output = std::process::Command::new(rustc)
        .arg("-vV")
        .output()
        .context("running rustc -vV")?;
    let text = String::from_utf8_lossy(&output.stdout);
    text.lines()
        .find_map(|line| line.strip_prefix("host: "))
        .map(str::to_string)
        .context("rustc -vV printed no host line")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_triples_to_krew_names() {
        let cases = [
            ("x86_64-unknown-linux-gnu", "linux/amd64"),
            ("aarch64-unknown-linux-musl", "linux/arm64"),
            ("aarch64-apple-darwin", "darwin/arm64"),
            ("x86_64-pc-windows-gnu", "windows/amd64"),
            ("aarch64-pc-windows-gnullvm", "windows/arm64"),
            ("x86_64-pc-windows-msvc", "windows/amd64"),
        ];
        for (triple, expected) in cases {
            assert_eq!(Platform::of_triple(triple).unwrap().to_string(), expected);
        }
        assert!(Platform::of_triple("riscv64gc-unknown-linux-gnu").is_err());
    }

    #[test]
    fn windows_gets_an_exe_in_a_zip() {
        let windows = Platform::new("windows", "arm64");
        assert_eq!(windows.binary_name(), "kubectl-ome.exe");
        assert_eq!(windows.archive_extension(), "zip");
        let linux = Platform::new("linux", "arm64");
        assert_eq!(linux.binary_name(), "kubectl-ome");
        assert_eq!(linux.archive_extension(), "tar.gz");
    }

    #[test]
    fn linux_ships_musl() {
        assert_eq!(
            release_triple("x86_64-unknown-linux-gnu"),
            "x86_64-unknown-linux-musl"
        );
        assert_eq!(
            release_triple("aarch64-apple-darwin"),
            "aarch64-apple-darwin"
        );
        // Every platform released is one of krew's and is built by exactly one triple.
        let mut platforms: Vec<Platform> = CROSS_TARGETS
            .iter()
            .chain(&MACOS_TARGETS)
            .map(|t| Platform::of_triple(t).unwrap())
            .collect();
        platforms.sort();
        platforms.dedup();
        assert_eq!(platforms.len(), 6);
        for p in &platforms {
            assert!(
                KREW_PLATFORMS.contains(&(p.os.as_str(), p.arch.as_str())),
                "{p}"
            );
        }
    }
}
