//! The committed man pages (`man/man1/`) and completion scripts (`completions/`) are exactly
//! what the clap definition produces now, so they never drift from the commands and flags.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use xtask::generate::{MAN_DIR, expected, stale_pages};

#[test]
fn committed_man_pages_and_completion_scripts_are_current() {
    let root = xtask::repo_root();
    let files = expected().unwrap();
    for file in &files {
        let committed = std::fs::read(root.join(&file.path)).unwrap_or_default();
        assert!(
            committed == file.content,
            "{} is stale: run `cargo xtask generate` and commit",
            file.path.display()
        );
    }
    let stale = stale_pages(&root, &files).unwrap();
    assert!(stale.is_empty(), "no longer a command: {stale:?}");
}

#[test]
fn every_command_has_its_man_page() {
    let pages: Vec<String> = expected()
        .unwrap()
        .into_iter()
        .filter(|f| f.path.starts_with(MAN_DIR))
        .map(|f| f.path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for page in [
        "kubectl-ome.1",
        "kubectl-ome-scale.1",
        "kubectl-ome-autoscale-status.1",
        "kubectl-ome-instance-list.1",
        "kubectl-ome-rollout-status.1",
        "kubectl-ome-migration-status.1",
        "kubectl-ome-wait.1",
        "kubectl-ome-version.1",
        "kubectl-ome-completion.1",
        "kubectl-ome-completion-install.1",
    ] {
        assert!(pages.contains(&page.to_string()), "{page} in {pages:?}");
    }
    let scale = expected()
        .unwrap()
        .into_iter()
        .find(|f| f.path.ends_with("kubectl-ome-scale.1"))
        .unwrap();
    let text = String::from_utf8(scale.content).unwrap();
    assert!(text.contains("\\-\\-override\\-autoscaler"), "{text}");
}
