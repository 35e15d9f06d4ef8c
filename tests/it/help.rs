//! Help that reads like kubectl's: `kubectl ome help [COMMAND…]`, a group command without a
//! subcommand prints its help, the command's own flags come first and the connection flags
//! under their own heading, every help ends with `Examples:` — and every example runs as
//! written against the demo's `chat` service (here in a fresh namespace per example instead of
//! `prod`). `-V/--version` exists only at the top.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use ome_testenv::{ChatFixture, shared};
use support::{Run, plugin};

const CONNECTION_HEADING: &str = "Connection flags (as in kubectl):";

/// kubectl's 18 generic connection flags.
const CONNECTION_FLAGS: [&str; 18] = [
    "--kubeconfig",
    "--context",
    "--cluster",
    "--user",
    "--namespace",
    "--request-timeout",
    "--server",
    "--token",
    "--certificate-authority",
    "--client-certificate",
    "--client-key",
    "--insecure-skip-tls-verify",
    "--tls-server-name",
    "--as",
    "--as-group",
    "--as-uid",
    "--cache-dir",
    "--disable-compression",
];

/// The subcommands a help lists under `Commands:`, without `help`.
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// Every command path, the root first.
pub(crate) fn command_paths() -> Vec<Vec<String>> {
    let mut paths = vec![Vec::new()];
    let mut next = 0;
    while next < paths.len() {
        let path = paths[next].clone();
        next += 1;
        let args: Vec<&str> = path.iter().map(String::as_str).chain(["--help"]).collect();
        for sub in subcommands(plugin(None, &args).ok()) {
            let mut child = path.clone();
            child.push(sub);
            paths.push(child);
        }
    }
    paths
}

fn help_of(path: &[String]) -> String {
    let args: Vec<&str> = path.iter().map(String::as_str).chain(["--help"]).collect();
    plugin(None, &args).ok().to_string()
}

/// The example command lines of a help (comments and blank lines left out).
fn examples(help: &str) -> Vec<String> {
    let (_, section) = help
        .rsplit_once("\nExamples:\n")
        .expect("an Examples: section");
    section
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_command_has_help_with_its_flags_then_the_connection_flags_then_examples() {
    let paths = command_paths();
    assert_eq!(paths.len(), 28, "{paths:?}");
    for path in &paths {
        let help = help_of(path);
        let options = help.find("\nOptions:\n").expect("Options");
        let connection = help.find(CONNECTION_HEADING).expect("connection heading");
        let examples_at = help.rfind("\nExamples:\n").expect("Examples");
        assert!(options < connection && connection < examples_at, "{path:?}");
        let connection_section = help.get(connection..examples_at).unwrap();
        for flag in CONNECTION_FLAGS {
            assert!(
                connection_section.contains(&format!("{flag} "))
                    || connection_section.contains(&format!("{flag}[")),
                "{path:?} lacks {flag}"
            );
        }
        assert!(!examples(&help).is_empty(), "{path:?}");
        assert!(help.ends_with('\n'));
        // `kubectl ome help PATH` is the same text.
        let via_help: Vec<&str> = ["help"]
            .into_iter()
            .chain(path.iter().map(String::as_str))
            .collect();
        assert_eq!(plugin(None, &via_help).ok(), help, "help {path:?}");
        // -V/--version only at the top.
        if !path.is_empty() {
            let args: Vec<&str> = path
                .iter()
                .map(String::as_str)
                .chain(["--version"])
                .collect();
            assert_eq!(plugin(None, &args).code, 1, "{path:?} --version");
        }
    }
}

#[test]
fn a_group_without_a_subcommand_and_the_bare_root_print_their_help() {
    for group in ["admin", "autoscale", "instance", "migration", "rollout"] {
        assert_eq!(
            plugin(None, &[group]).ok(),
            help_of(&[group.to_string()]),
            "{group}"
        );
    }
    assert_eq!(plugin(None, &[]).ok(), help_of(&[]));
}

#[test]
fn version_flag_only_at_the_top() {
    assert_eq!(
        plugin(None, &["--version"]).ok(),
        format!("ome {}\n", env!("CARGO_PKG_VERSION"))
    );
    let run = plugin(None, &["autoscale", "status", "chat", "-V"]);
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (1, "error: unknown flag: -V\n")
    );
}

#[tokio::test]
async fn every_example_runs_as_written_against_the_demo() {
    let cluster = shared().unwrap();
    let admin = cluster.admin().await.unwrap();
    // `admin doctor` counts the model CRDs among the APIs an OME install must serve.
    ome_testenv::operator::ensure_model_crds(&admin)
        .await
        .unwrap();
    let kubeconfig = cluster.kubeconfig("scaler").unwrap();
    let mut all: Vec<String> = command_paths()
        .iter()
        .flat_map(|p| examples(&help_of(p)))
        .collect();
    all.dedup();
    assert!(all.len() >= 20, "{all:?}");
    let admin = &admin;
    let kubeconfig = &kubeconfig;
    let cases = all.into_iter().map(|c| (format!("{c:?}"), c));
    support::each_case(cases, |_, example| async move {
        let ns = cluster.namespace("example").await.unwrap();
        ChatFixture::new().create(admin, &ns).await.unwrap();
        let script = example.replace(" -n prod", &format!(" -n {ns}"));
        // A home of its own, and kubectl-ome on PATH as an installed plugin is.
        let home = tempfile::tempdir().unwrap();
        let bin = home.path().join("bin");
        std::fs::create_dir(&bin).unwrap();
        std::os::unix::fs::symlink(support::binary(), bin.join("kubectl-ome")).unwrap();
        let path = format!(
            "{}:{}",
            bin.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let mut command = support::shell(Some(kubeconfig), &script);
        command.env("HOME", home.path()).env("PATH", path);
        let run: Run = tokio::task::spawn_blocking(move || support::checked_output(&mut command))
            .await
            .unwrap()
            .into();
        // No kubelet runs the demo's Pods, so it has none for `logs` to read.
        if example.starts_with("kubectl ome logs") {
            assert_eq!(run.code, 1, "{example}: {run:?}");
            let none = "error: no pods found for InferenceService \"chat\"";
            assert!(run.stderr.starts_with(none), "{example}: {run:?}");
            return;
        }
        // The demo's chat has no rollout work to hold and no pause, and its user may not
        // patch InferenceServices: the guarded rollout actions run every check and refuse.
        let refusal = if example.contains("rollout pause") {
            Some(
                "error: action refused: no applicable active rollout or lifecycle work was observed\n",
            )
        } else if example.contains("rollout resume") {
            Some("error: action refused: service has no recognized pause\n")
        } else if example.contains("release-held") {
            // Nothing is held on the demo's chat.
            Some("error: action refused: no exact current valid Held retry block is releasable\n")
        } else {
            None
        };
        match refusal {
            Some(line) => {
                assert_eq!(run.code, 1, "{example}: {run:?}");
                assert!(run.stderr.ends_with(line), "{example}: {run:?}");
            }
            None => assert_eq!(run.code, 0, "{example}: {run:?}"),
        }
    })
    .await;
}

#[test]
fn the_command_reference_lists_every_connection_flag() {
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/commands.md")).unwrap();
    for flag in CONNECTION_FLAGS {
        assert!(
            docs.contains(&format!("`{flag}")),
            "docs/commands.md lacks {flag}"
        );
    }
    assert!(!docs.contains("always verified"));
}
