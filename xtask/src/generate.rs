//! Files derived from the clap definition: one man page per command (`man/man1/`) and the
//! static completion scripts (`completions/`). `cargo xtask generate` writes them; tests
//! compare the committed files with `expected()` so they never drift from the commands.

use anyhow::{Context, Result};
use clap_complete::Shell;
use std::path::{Path, PathBuf};

/// Directory of the man pages, relative to the repository root (and inside the archive).
pub const MAN_DIR: &str = "man/man1";
/// Directory of the completion scripts, relative to the repository root.
pub const COMPLETIONS_DIR: &str = "completions";

/// One generated file: its path relative to the repository root, and its content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// Relative to the repository root.
    pub path: PathBuf,
    /// The file's bytes.
    pub content: Vec<u8>,
}

/// Every generated file, as the current clap definition produces it.
pub fn expected() -> Result<Vec<Generated>> {
    let mut files = man_pages()?;
    files.extend(completion_scripts());
    Ok(files)
}

/// One page per command and subcommand: `kubectl-ome.1`, `kubectl-ome-scale.1`,
/// `kubectl-ome-autoscale-status.1`, … Clap's automatic `help` subcommands get no page (kubectl
/// has none for `help` either, and `kubectl-ome-help-scale.1` would only repeat
/// `kubectl-ome-scale.1`); disabling them here, at every level, also keeps them out of the
/// parent pages' SUBCOMMANDS lists. The binary keeps `kubectl ome help COMMAND`.
pub fn man_pages() -> Result<Vec<Generated>> {
    let version = crate::version();
    let mut root = kubectl_ome::app::command()
        .display_name("kubectl-ome")
        .disable_help_subcommand(true);
    root.build();
    let mut pages = Vec::new();
    let mut pending = vec![root];
    while let Some(command) = pending.pop() {
        pending.extend(
            command
                .get_subcommands()
                .filter(|c| !c.is_hide_set())
                .cloned(),
        );
        let man = clap_mangen::Man::new(command).source(format!("kubectl-ome {version}"));
        let mut content = Vec::new();
        man.render(&mut content).context("rendering a man page")?;
        pages.push(Generated {
            path: Path::new(MAN_DIR).join(man.get_filename()),
            content,
        });
    }
    pages.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(pages)
}

/// The scripts `kubectl-ome completion SHELL` prints.
pub fn completion_scripts() -> Vec<Generated> {
    [
        (Shell::Bash, "kubectl-ome.bash"),
        (Shell::Zsh, "kubectl-ome.zsh"),
        (Shell::Fish, "kubectl-ome.fish"),
        (Shell::PowerShell, "kubectl-ome.ps1"),
    ]
    .into_iter()
    .map(|(shell, file)| Generated {
        path: Path::new(COMPLETIONS_DIR).join(file),
        content: kubectl_ome::app::completion_script(shell).into_bytes(),
    })
    .collect()
}

/// Rewrites the generated files under `root` and removes man pages of commands that no
/// longer exist. Returns the paths written.
pub fn write(root: &Path) -> Result<Vec<PathBuf>> {
    let files = expected()?;
    let man_dir = root.join(MAN_DIR);
    std::fs::create_dir_all(&man_dir).with_context(|| format!("creating {}", man_dir.display()))?;
    for stale in stale_pages(root, &files)? {
        std::fs::remove_file(&stale).with_context(|| format!("removing {}", stale.display()))?;
    }
    let mut written = Vec::new();
    for file in files {
        let path = root.join(&file.path);
        std::fs::write(&path, &file.content)
            .with_context(|| format!("writing {}", path.display()))?;
        written.push(file.path);
    }
    Ok(written)
}

/// Committed man pages that no current command produces.
pub fn stale_pages(root: &Path, files: &[Generated]) -> Result<Vec<PathBuf>> {
    let dir = root.join(MAN_DIR);
    let mut stale = Vec::new();
    if !dir.is_dir() {
        return Ok(stale);
    }
    for entry in std::fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        let relative = Path::new(MAN_DIR).join(path.file_name().unwrap_or_default());
        if !files.iter().any(|f| f.path == relative) {
            stale.push(path);
        }
    }
    stale.sort();
    Ok(stale)
}
