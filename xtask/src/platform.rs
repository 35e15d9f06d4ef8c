//! Rust target triples and krew's `os`/`arch` names.

use anyhow::{Context, Result, bail};

/// A platform a release archive is built for.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Platform {
    /// krew's (Go's) operating system name: `linux`, `darwin`.
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

    /// The platform of a Rust target triple such as `x86_64-unknown-linux-gnu`.
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
        } else {
            bail!("no krew operating system for target {triple}")
        };
        Ok(Platform::new(os, arch))
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
        ];
        for (triple, expected) in cases {
            assert_eq!(Platform::of_triple(triple).unwrap().to_string(), expected);
        }
        assert!(Platform::of_triple("riscv64gc-unknown-linux-gnu").is_err());
    }
}
