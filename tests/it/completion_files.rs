//! The committed completion scripts are exactly what `kubectl-ome completion SHELL` prints, so
//! they never drift from the commands and flags.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use support::plugin;

#[test]
fn committed_completion_scripts_are_current() {
    for (shell, file) in [
        ("bash", "kubectl-ome.bash"),
        ("zsh", "kubectl-ome.zsh"),
        ("fish", "kubectl-ome.fish"),
        ("powershell", "kubectl-ome.ps1"),
    ] {
        let run = plugin(None, &["completion", shell]);
        assert_eq!(run.code, 0, "{run:?}");
        let committed =
            std::fs::read_to_string(format!("{}/completions/{file}", env!("CARGO_MANIFEST_DIR")))
                .unwrap();
        assert_eq!(
            run.stdout, committed,
            "completions/{file} is stale: run `cargo xtask generate` and commit"
        );
        assert!(run.stdout.contains("scale") && run.stdout.contains("override-autoscaler"));
    }
}

#[test]
fn plugin_completion_entry_offers_subcommands_and_values() {
    let output = support::checked_output(support::completion_command(None).args([
        "scale",
        "chat",
        "--component",
        "",
    ]));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "engine\ndecoder\nrouter\n:4\n"
    );
    let output = support::checked_output(support::completion_command(None).args(["ro"]));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "rollout\n:4\n");
}
