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
    /// Build the release binary, pack kubectl-ome_<version>_<os>_<arch>.tar.gz with its
    /// .sha256, and render the krew manifest (ome.yaml) with the real digests
    Release {
        /// Rust target triple to build (repeatable; default: the host)
        #[arg(long = "target", value_name = "TRIPLE")]
        targets: Vec<String>,
        /// Pack this prebuilt binary instead of building one
        #[arg(long, value_name = "PATH")]
        binary: Option<PathBuf>,
        /// Output directory (default: target/dist)
        #[arg(long, value_name = "DIR")]
        out_dir: Option<PathBuf>,
    },
    /// Rewrite the man pages (man/man1) and completion scripts (completions/) from the clap
    /// definition
    Generate,
}

fn main() -> Result<()> {
    let root = xtask::repo_root();
    match Args::parse().task {
        Task::Release {
            targets,
            binary,
            out_dir,
        } => {
            let options = xtask::release::Options {
                targets,
                binary,
                out_dir,
            };
            let release = xtask::release::release(&root, &options)?;
            for (path, archive) in &release.archives {
                println!("{}  {}", archive.sha256, path.display());
            }
            println!("{}", release.manifest.display());
        }
        Task::Generate => {
            for path in xtask::generate::write(&root)? {
                println!("{}", path.display());
            }
        }
    }
    Ok(())
}
