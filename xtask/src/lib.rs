//! Release and generated-file tasks for kubectl-ome (`cargo xtask …`, see DEVELOPERS.md).
//!
//! * `generate`: the man pages and completion scripts, derived from the clap definition.
//! * `archive`: the reproducible `kubectl-ome_<version>_<os>_<arch>.tar.gz` (`.zip` on Windows).
//! * `platform`, `provision`: which triple each platform is built from, and the cross tools.
//! * `manifest`: the krew manifest rendered from its template, and krew's rules for it.
//! * `release`: builds the release binary and ties the three together.
//! * `smoke`: runs each built binary here (natively, under qemu-aarch64 or wine).

pub mod archive;
pub mod generate;
pub mod manifest;
pub mod platform;
pub mod provision;
pub mod release;
pub mod smoke;

use std::path::{Path, PathBuf};

/// The repository root (the xtask crate lives one level below it).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// The plugin's version as its clap definition reports it (kubectl-ome's crate version), e.g.
/// `0.1.0`.
pub fn version() -> String {
    kubectl_ome::app::command()
        .get_version()
        .unwrap_or_default()
        .to_string()
}
