//! Commands a user is told to run are complete and never shortened (README difference z): the
//! `follow-up` of scale's result and the detail rows of `status` carry `-n <namespace>` and the
//! context given, are printed whole on a pipe, in `-o wide` on a 250-column terminal and on a
//! narrow one (wrapped at spaces), and run as printed. Against the real API server.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::scale_support::{CONFIRMED, Env, args, chat, cluster};
use crate::support::plugin_async;
use crate::support::terminal::on_terminal_async;
use std::path::Path;

/// The value of the row `label` in a FIELD/VALUE table, its wrapped continuation lines (blank
/// label column) joined with spaces, as a user pastes it.
fn row_value(table: &str, label: &str) -> String {
    let mut lines = table.lines();
    let first = lines
        .find(|l| {
            l.strip_prefix(label)
                .is_some_and(|rest| rest.starts_with("  "))
        })
        .unwrap_or_else(|| panic!("no {label:?} row in:\n{table}"));
    let rest = first.strip_prefix(label).unwrap();
    let column = first.len() - rest.trim_start().len();
    let mut value = first.get(column..).unwrap().trim_end().to_string();
    for line in lines {
        let (head, tail) = line.split_at_checked(column).unwrap_or((line, ""));
        if tail.is_empty() || !head.trim().is_empty() {
            break;
        }
        value.push(' ');
        value.push_str(tail.trim_end());
    }
    value
}

/// Runs a printed `kubectl ome …` command as printed; returns its exit code.
async fn run_printed(kubeconfig: &Path, command: &str) -> i32 {
    let words: Vec<&str> = command
        .strip_prefix("kubectl ome ")
        .unwrap_or_else(|| panic!("not a kubectl ome command: {command:?}"))
        .split(' ')
        .collect();
    let run = plugin_async(Some(kubeconfig), &words).await;
    assert_eq!(run.stderr, "", "{command}");
    run.code
}

#[tokio::test]
async fn scales_follow_up_is_whole_in_every_layout_and_runs_as_printed() {
    let env = Env::new("next-follow", chat()).await;
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    let ns = env.ns.as_str();
    let mut extra = CONFIRMED.to_vec();
    extra.extend(["--dry-run", "client", "--context", "scaler"]);
    let base = args(ns, "engine", "3", &extra);
    let expected = format!("kubectl ome autoscale status chat -n {ns} --context=scaler");

    let piped = plugin_async(Some(&kubeconfig), &base).await;
    assert_eq!(piped.code, 0, "{piped:?}");
    let mut shown = vec![row_value(&piped.stdout, "follow-up")];
    for (output, columns) in [("wide", 250), ("table", 250), ("table", 60), ("wide", 60)] {
        let args: Vec<&str> = base.iter().copied().chain(["-o", output]).collect();
        let screen = on_terminal_async(&kubeconfig, &args, columns).await;
        assert_eq!(screen.code, 0, "{screen:?}");
        shown.push(row_value(&screen.stdout, "follow-up"));
    }
    for follow_up in &shown {
        assert_eq!(follow_up, &expected);
    }
    assert_eq!(run_printed(&kubeconfig, &expected).await, 0);
    // The JSON result carries the same command.
    let mut json_args = base.clone();
    json_args.extend(["-o", "json"]);
    let run = plugin_async(Some(&kubeconfig), &json_args).await;
    assert_eq!(run.code, 0, "{run:?}");
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["followUp"], expected.as_str());
    assert!(env.writes().await.is_empty());
}

#[tokio::test]
async fn status_detail_rows_name_the_namespace_and_context_and_run_as_printed() {
    let env = Env::new("next-status", chat()).await;
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    let ns = env.ns.as_str();
    let base = ["status", "chat", "-n", ns, "--context", "reader"];
    let piped = plugin_async(Some(&kubeconfig), &base).await;
    assert_eq!(piped.code, 0, "{piped:?}");
    let narrow = on_terminal_async(&kubeconfig, &base, 60).await;
    assert_eq!(narrow.code, 0, "{narrow:?}");
    let wide_args: Vec<&str> = base.iter().copied().chain(["-o", "wide"]).collect();
    let wide = on_terminal_async(&kubeconfig, &wide_args, 250).await;
    assert_eq!(wide.code, 0, "{wide:?}");
    for (label, command) in [
        ("Rollout detail", "rollout status"),
        ("Autoscale detail", "autoscale status"),
        ("Runtime detail", "runtime effective"),
    ] {
        let expected = format!("kubectl ome {command} chat -n {ns} --context reader");
        for table in [&piped.stdout, &narrow.stdout, &wide.stdout] {
            assert_eq!(row_value(table, label), expected, "{label}");
        }
        assert_eq!(run_printed(&kubeconfig, &expected).await, 0, "{expected}");
    }
}
