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
        "kubectl-ome-autoscale-explain.1",
        "kubectl-ome-instance-list.1",
        "kubectl-ome-instance-status.1",
        "kubectl-ome-status.1",
        "kubectl-ome-admin-doctor.1",
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

/// Clap's automatic `help` subcommands are not commands: no `kubectl-ome-help*.1`, no
/// `kubectl-ome-*-help*.1`, and every page a SUBCOMMANDS section names exists.
#[test]
fn man_pages_are_only_for_real_commands() {
    let pages: Vec<(String, String)> = expected()
        .unwrap()
        .into_iter()
        .filter(|f| f.path.starts_with(MAN_DIR))
        .map(|f| {
            let name = f.path.file_name().unwrap().to_string_lossy().into_owned();
            (name, String::from_utf8(f.content).unwrap())
        })
        .collect();
    let names: Vec<&str> = pages.iter().map(|(name, _)| name.as_str()).collect();
    let help_pages: Vec<&&str> = names
        .iter()
        .filter(|name| {
            name.trim_end_matches(".1")
                .split('-')
                .any(|word| word == "help")
        })
        .collect();
    assert!(help_pages.is_empty(), "pages for `help`: {help_pages:?}");
    for (name, text) in &pages {
        for line in text.lines().filter(|line| line.ends_with("(1)")) {
            let page = format!("{}.1", line.trim_end_matches("(1)").replace("\\-", "-"));
            assert!(
                names.contains(&page.as_str()),
                "{name} names {page}; pages: {names:?}"
            );
        }
    }
    let root = &pages
        .iter()
        .find(|(name, _)| name == "kubectl-ome.1")
        .unwrap()
        .1;
    assert!(root.contains("kubectl\\-ome\\-scale(1)"), "{root}");
}
