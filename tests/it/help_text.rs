//! What `--help` tells a script writer and a newcomer (issue 31): the exit codes each command
//! can return, what each table's columns mean (every column the command prints against the
//! demo's `chat` is explained), usage lines and man page synopses that say one required
//! service, while a wrong count keeps the contract's own message.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use ome_testenv::ChatFixture;
use support::{cluster, plugin, plugin_async};

fn help(path: &[&str]) -> String {
    let args: Vec<&str> = path.iter().copied().chain(["--help"]).collect();
    plugin(None, &args).ok().to_string()
}

/// The codes listed under `Exit codes` (each line `  N  meaning`), checked to come before the
/// examples.
fn exit_codes(help: &str) -> Vec<u8> {
    let start = help.find("\nExit codes").expect("an Exit codes section");
    let examples = help.rfind("\nExamples:\n").expect("Examples");
    assert!(start < examples, "the exit codes come before the examples");
    help.get(start..examples)
        .unwrap()
        .lines()
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter_map(|l| {
            l.strip_prefix("  ")?
                .split_whitespace()
                .next()?
                .parse()
                .ok()
        })
        .collect()
}

#[test]
fn every_help_lists_the_exit_codes_its_command_can_return() {
    // read-commands.md §1.2, scale.md §1.4, unblock.md §0.1, diagnose.md §4.2.
    let cases: [(&[&str], &[u8]); 28] = [
        (&[], &[0, 1, 2, 3, 4]),
        (&["admin"], &[0, 1, 2]),
        (&["admin", "doctor"], &[0, 1, 2]),
        (&["autoscale"], &[0, 1]),
        (&["autoscale", "status"], &[0, 1]),
        (&["autoscale", "explain"], &[0, 1]),
        (&["instance"], &[0, 1, 3, 4]),
        (&["instance", "list"], &[0, 1]),
        (&["instance", "status"], &[0, 1]),
        (&["instance", "retry-blocks"], &[0, 1]),
        (&["instance", "release-held"], &[0, 1, 3, 4]),
        (&["logs"], &[0, 1]),
        (&["migration"], &[0, 1]),
        (&["migration", "status"], &[0, 1]),
        (&["rollout"], &[0, 1, 3, 4]),
        (&["rollout", "status"], &[0, 1]),
        (&["rollout", "explain"], &[0, 1]),
        (&["rollout", "pause"], &[0, 1, 3, 4]),
        (&["rollout", "resume"], &[0, 1, 3, 4]),
        (&["runtime"], &[0, 1]),
        (&["runtime", "effective"], &[0, 1]),
        (&["runtime", "explain"], &[0, 1]),
        (&["scale"], &[0, 1, 3, 4]),
        (&["status"], &[0, 1]),
        (&["version"], &[0, 1]),
        (&["wait"], &[0, 1, 2]),
        (&["completion"], &[0, 1]),
        (&["completion", "install"], &[0, 1]),
    ];
    // Every command is in the table: a new one cannot ship without its exit codes.
    let mut listed: Vec<Vec<String>> = cases
        .iter()
        .map(|(path, _)| path.iter().map(|p| p.to_string()).collect())
        .collect();
    let mut all = super::help::command_paths();
    listed.sort();
    all.sort();
    assert_eq!(listed, all);
    for (path, codes) in cases {
        assert_eq!(exit_codes(&help(path)), codes, "{path:?}");
    }
    // What a CI script reads first: wait's 2 is "not met", 1 an error.
    let wait = help(&["wait"]);
    assert!(wait.contains("  2  the report is written and the predicate was not met"));
    assert!(help(&["scale"]).contains("  4  outcome unknown"));
}

/// The legend of a help: the names its `Columns:`/`Rows` section explains (the first word of
/// each entry, split at `,`; `X-*` stands for every name that starts `X-`).
fn legend(help: &str) -> Vec<String> {
    let start = help
        .find("\nColumns:\n")
        .or_else(|| help.find("\nRows"))
        .expect("a Columns or Rows section");
    let section = help.get(start + 1..).unwrap();
    let body: Vec<&str> = section
        .lines()
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect();
    let mut names = Vec::new();
    for line in body {
        let Some(entry) = line.strip_prefix("  ") else {
            continue;
        };
        if entry.starts_with(' ') {
            continue;
        }
        // "CURRENT, DESIRED  the counts" and "STRATEGY, PHASE, STEP, ...: each component's".
        let head = entry.split("  ").next().unwrap().split(':').next().unwrap();
        names.extend(head.split(", ").map(|n| n.trim().to_string()));
    }
    names
}

fn explained(legend: &[String], name: &str) -> bool {
    legend.iter().any(|entry| match entry.strip_suffix('*') {
        Some(prefix) => name.starts_with(prefix),
        None => entry == name,
    })
}

/// The header names of a column table (its first line).
fn header(table: &str) -> Vec<String> {
    table
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// The row names of a FIELD table (the first word of each line after the header).
fn row_names(table: &str) -> Vec<String> {
    let mut names: Vec<String> = table
        .lines()
        .skip(1)
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect();
    names.dedup();
    names
}

#[tokio::test]
async fn every_column_a_table_prints_is_explained_in_its_help() {
    let c = cluster();
    let admin = c.admin().await.unwrap();
    let ns = c.namespace("help-legend").await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    let kubeconfig = c.kubeconfig("scaler").unwrap();
    let run = |args: Vec<&'static str>| {
        let ns = ns.clone();
        let kubeconfig = kubeconfig.clone();
        async move {
            let mut all: Vec<&str> = args.clone();
            all.extend(["-n", &ns]);
            let out = plugin_async(Some(&kubeconfig), &all).await;
            assert_eq!(out.code, 0, "{args:?}: {out:?}");
            out.stdout
        }
    };
    // Column tables: every header is explained.
    let columns: [(&[&str], Vec<&str>); 2] = [
        (&["instance", "list"], vec!["instance", "list", "chat"]),
        (
            &["migration", "status"],
            vec!["migration", "status", "chat"],
        ),
    ];
    // runtime explain: every header of its table (the service names its runtime: a note on
    // stderr, the table on stdout).
    let columns = columns.into_iter().chain([(
        &["runtime", "explain"][..],
        vec!["runtime", "explain", "--isvc", "chat"],
    )]);
    for (path, args) in columns {
        let legend = legend(&help(path));
        for name in header(&run(args).await) {
            assert!(explained(&legend, &name), "{path:?}: {name} in {legend:?}");
        }
    }
    // Row tables (one column per component): every row name is explained.
    let rows: [(&[&str], Vec<&str>); 3] = [
        (
            &["autoscale", "status"],
            vec![
                "autoscale",
                "status",
                "chat",
                "--live-scale",
                "--live-scaler",
            ],
        ),
        (
            &["autoscale", "explain"],
            vec!["autoscale", "explain", "chat"],
        ),
        (&["rollout", "status"], vec!["rollout", "status", "chat"]),
    ];
    for (path, args) in rows {
        let legend = legend(&help(path));
        for name in row_names(&run(args).await) {
            assert!(explained(&legend, &name), "{path:?}: {name} in {legend:?}");
        }
    }
    // rollout explain: every VIEW and ITEM it prints (an ITEM's first word: `GROUP 0`).
    let explain = run(vec!["rollout", "explain", "chat"]).await;
    let explain_legend = legend(&help(&["rollout", "explain"]));
    for line in explain.lines().skip(1) {
        let (view, rest) = line.split_at(12.min(line.len()));
        for name in view
            .split_whitespace()
            .chain(rest.split_whitespace().take(1))
        {
            if name.contains('=') {
                continue;
            }
            assert!(
                explained(&explain_legend, name),
                "rollout explain: {name} in {explain_legend:?}"
            );
        }
    }
    // The doctor's columns.
    let doctor = run(vec!["admin", "doctor", "--isvc", "chat"]).await;
    let legend = legend(&help(&["admin", "doctor"]));
    for name in header(&doctor) {
        assert!(explained(&legend, &name), "doctor: {name} in {legend:?}");
    }
    // runtime effective: every SCOPE and FIELD it prints.
    let runtime = run(vec!["runtime", "effective", "chat"]).await;
    let legend = self::legend(&help(&["runtime", "effective"]));
    for line in runtime.lines().skip(1) {
        for name in line.split_whitespace().take(2) {
            assert!(
                explained(&legend, name),
                "runtime effective: {name} in {legend:?}"
            );
        }
    }
    // FIELD/VALUE tables say what their rows are.
    for path in [
        &["status"][..],
        &["instance", "status"],
        &["wait"],
        &["scale"],
        &["rollout", "pause"],
        &["rollout", "resume"],
        &["instance", "release-held"],
    ] {
        assert!(
            help(path).contains("\nRows: FIELD names one fact"),
            "{path:?}"
        );
    }
}

/// The command paths that take an InferenceService, and what their usage shows for it.
const SERVICE_COMMANDS: [(&[&str], &str); 13] = [
    (&["autoscale", "status"], "<INFERENCESERVICE>"),
    (&["autoscale", "explain"], "<INFERENCESERVICE>"),
    (&["instance", "list"], "<INFERENCESERVICE>"),
    (&["instance", "status"], "<INFERENCESERVICE> <INDEX>"),
    (&["instance", "retry-blocks"], "<INFERENCESERVICE>"),
    (&["migration", "status"], "<INFERENCESERVICE>"),
    (&["rollout", "status"], "<INFERENCESERVICE>"),
    (&["rollout", "explain"], "<INFERENCESERVICE>"),
    (&["rollout", "pause"], "<INFERENCESERVICE>"),
    (&["rollout", "resume"], "<INFERENCESERVICE>"),
    (&["scale"], "<INFERENCESERVICE>"),
    (&["status"], "<INFERENCESERVICE>"),
    (&["wait"], "<INFERENCESERVICE>"),
];

#[test]
fn usage_and_man_synopsis_say_one_required_service_and_a_wrong_count_keeps_its_message() {
    for (path, shown) in SERVICE_COMMANDS {
        let text = help(path);
        let arguments = text
            .split("\nArguments:\n")
            .nth(1)
            .unwrap_or_else(|| panic!("{path:?} has no Arguments"));
        let first = arguments.lines().next().unwrap().trim_start();
        assert!(
            first.starts_with(&format!("{shown}  ")),
            "{path:?}: {first}"
        );
        assert!(!text.contains("[INFERENCESERVICE"), "{path:?}");
        assert!(!first.contains("..."), "{path:?}");
        // The man page's synopsis.
        let page = format!(
            "{}/man/man1/kubectl-ome-{}.1",
            env!("CARGO_MANIFEST_DIR"),
            path.join("-")
        );
        let man = std::fs::read_to_string(&page).unwrap();
        let synopsis = man
            .split(".SH SYNOPSIS\n")
            .nth(1)
            .unwrap()
            .lines()
            .next()
            .unwrap();
        // clap_mangen writes a positional's value names in one <…>.
        let roff = format!("<\\fI{}\\fR>", shown.replace(['<', '>'], ""));
        assert!(
            synopsis.ends_with(&format!(" {roff} ")),
            "{page}: {synopsis}"
        );
        assert!(!synopsis.contains("[\\fIINFERENCESERVICE"), "{page}");
    }
    // Parsing is unchanged: the contract's messages, after the flag errors, without I/O.
    let runs: [(&[&str], &str); 7] = [
        (
            &["wait", "--for=condition=Ready"],
            "accepts 1 arg(s), received 0",
        ),
        (
            &["wait", "a", "b", "--for=condition=Ready"],
            "accepts 1 arg(s), received 2",
        ),
        (&["autoscale", "status"], "accepts 1 arg(s), received 0"),
        (
            &["rollout", "status", "a", "b"],
            "accepts 1 arg(s), received 2",
        ),
        (
            &["instance", "status", "chat"],
            "accepts 2 arg(s), received 1",
        ),
        (
            &["status", "a", "b"],
            "status requires exactly one InferenceService name",
        ),
        (&["wait", "--bogus"], "InvalidWaitFlags"),
    ];
    for (args, message) in runs {
        let run = plugin(None, args);
        assert_eq!(run.code, 1, "{args:?}");
        assert!(run.stdout.is_empty(), "{args:?}");
        assert!(
            run.stderr.ends_with(&format!("error: {message}\n")),
            "{args:?}: {}",
            run.stderr
        );
    }
}
