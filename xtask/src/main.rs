//! `cargo xtask release | generate`: see the library and DEVELOPERS.md.

use anyhow::Result;
use clap::{Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "cargo xtask",
    about = "Release and generated-file tasks for kubectl-ome"
)]
struct Args {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Build the release binary, pack kubectl-ome_<version>_<os>_<arch>.tar.gz (.zip on
    /// Windows) with its .sha256, and render the krew manifest (ome.yaml) with the real digests
    Release {
        /// Rust target triple to build (repeatable; default: the host's platform, musl on Linux)
        #[arg(long = "target", value_name = "TRIPLE")]
        targets: Vec<String>,
        /// Build every platform this host can (Linux: linux and windows, amd64 and arm64;
        /// macOS: darwin amd64 and arm64), installing the Rust targets, zig and cargo-zigbuild
        /// a cross build needs
        #[arg(long)]
        all: bool,
        /// An archive built elsewhere (the workflow's other runners) to list in the manifest
        /// too (repeatable)
        #[arg(long = "archive", value_name = "PATH")]
        archives: Vec<PathBuf>,
        /// Pack this prebuilt binary instead of building one
        #[arg(long, value_name = "PATH")]
        binary: Option<PathBuf>,
        /// Output directory (default: target/dist)
        #[arg(long, value_name = "DIR")]
        out_dir: Option<PathBuf>,
        /// Refuse unless every platform of the template has its archive (the release
        /// workflow's final render); without it, a platform built elsewhere is listed with a
        /// pending digest krew refuses to install
        #[arg(long)]
        complete: bool,
    },
    /// Rewrite the man pages (man/man1) and completion scripts (completions/) from the clap
    /// definition
    Generate,
    /// Refuse unless TAG is v<version> of the crate (the release workflow's first check)
    CheckTag {
        /// The git tag a release is made from, e.g. v0.1.0
        tag: String,
    },
}

fn main() -> Result<()> {
    let root = xtask::repo_root();
    match Args::parse().task {
        Task::Release {
            targets,
            all,
            archives,
            binary,
            out_dir,
            complete,
        } => {
            let options = xtask::release::Options {
                targets,
                all,
                archives,
                binary,
                out_dir,
                complete,
            };
            let release = xtask::release::release(&root, &options)?;
            for (path, archive) in &release.archives {
                println!("{}  {}", archive.sha256, path.display());
            }
            println!("{}", release.manifest.display());
            for platform in &release.pending {
                eprintln!(
                    "pending: {platform} (no archive in this run; its sha256 in the manifest is all zeros)"
                );
            }
        }
        Task::CheckTag { tag } => {
            xtask::release::check_tag(&tag)?;
            println!("{tag} is the crate's version");
        }
        Task::Generate => {
            for path in xtask::generate::write(&root)? {
                println!("{}", path.display());
            }
        }
    }
    Ok(())
}
