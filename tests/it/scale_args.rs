//! The local argument gate: every bad argument list gives the one `ErrArguments` line, exit 1,
//! empty stdout, before any kubeconfig is read (KUBECONFIG points at a garbage file, which
//! would otherwise fail with the generic API error).

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{scale_support, support};
use scale_support::{API, ARGUMENTS, assert_refused};
use support::plugin;

fn garbage_kubeconfig() -> tempfile::TempPath {
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), "{ this is : not [ a kubeconfig").unwrap();
    file.into_temp_path()
}

const BASE: [&str; 8] = [
    "scale",
    "chat",
    "--component",
    "engine",
    "--replicas",
    "3",
    "--override-autoscaler",
    "--yes",
];

fn with(replace: &[(usize, &'static str)], extra: &[&'static str]) -> Vec<&'static str> {
    let mut args = BASE.to_vec();
    for (i, v) in replace {
        args[*i] = v;
    }
    args.extend_from_slice(extra);
    args
}

#[test]
fn every_bad_argument_list_is_the_same_local_error() {
    let kubeconfig = garbage_kubeconfig();
    let cases: Vec<Vec<&str>> = vec![
        vec!["scale", "--component", "engine", "--replicas", "3"],
        with(&[], &["other"]),
        with(&[(1, "Chat")], &[]),
        with(&[(1, "chat_1")], &[]),
        with(&[(1, "-chat")], &[]),
        with(&[(3, "Engine")], &[]),
        with(&[(3, "worker")], &[]),
        vec![
            "scale",
            "chat",
            "--replicas",
            "3",
            "--override-autoscaler",
            "--yes",
        ],
        vec![
            "scale",
            "chat",
            "--component",
            "engine",
            "--override-autoscaler",
            "--yes",
        ],
        with(&[(5, "")], &[]),
        with(&[(5, "0")], &[]),
        with(&[(5, "+3")], &[]),
        with(&[(5, " 3")], &[]),
        with(&[(5, "-1")], &[]),
        with(&[(5, "1.5")], &[]),
        with(&[(5, "1e2")], &[]),
        with(&[(5, "0x10")], &[]),
        with(&[(5, "2147483648")], &[]),
        vec![
            "scale",
            "chat",
            "--component",
            "engine",
            "--replicas",
            "3",
            "--override-autoscaler",
        ],
        with(&[], &["--dry-run", "All"]),
        with(&[], &["--dry-run"]),
        with(&[], &["--ome-namespace", "Bad@sentinel"]),
        with(&[], &["-n", "Prod"]),
        with(&[], &["-n", ""]),
        with(&[], &["--context", "user:pw@host"]),
        with(&[], &["--context", "sk-abcdefghijklmnopqrstuvwxyz"]),
        with(&[], &["--request-timeout", "10"]),
        with(&[], &["--request-timeout", "-1s"]),
        with(&[], &["--request-timeout", "soon"]),
        with(&[], &["-o", "xml"]),
        with(&[], &["-o", "JSON"]),
        with(&[], &["--force"]),
        with(&[], &["--yes=bad"]),
    ];
    for case in cases {
        let run = plugin(Some(&kubeconfig), &case);
        assert_refused(&run, ARGUMENTS);
        // One line naming the rule (never the value), then the error.
        assert_eq!(run.stderr.lines().count(), 2, "{case:?}");
        assert!(
            run.stderr.starts_with("scale check: arguments rule="),
            "{case:?}"
        );
    }
    // Control: valid arguments reach the kubeconfig, which fails to load.
    for valid in [
        with(&[(5, "03")], &["--request-timeout", "0", "-o", "wide"]),
        with(
            &[],
            &[
                "--dry-run",
                "server",
                "--request-timeout",
                "500ms",
                "-n",
                "prod",
            ],
        ),
        vec![
            "scale",
            "chat",
            "--component",
            "router",
            "--replicas",
            "2147483647",
        ],
    ] {
        let run = plugin(Some(&kubeconfig), &valid);
        assert_refused(&run, API);
    }
}

#[test]
fn help_describes_the_guarded_transient_write() {
    let run = plugin(None, &["scale", "--help"]);
    assert_eq!(run.code, 0, "{run:?}");
    for phrase in [
        "--override-autoscaler --yes",
        "45s deadline",
        "capped at 10s",
        "rollout run is active",
        "not a transaction",
        "Credential plugins may ignore cancellation",
    ] {
        assert!(run.stdout.contains(phrase), "{phrase}: {}", run.stdout);
    }
}
