//! Every report on a terminal of 200, 80, 60, 40 and 20 columns (read-commands.md §1.7,
//! "Terminal stdout"), run through real pseudo-terminals against the real API server: no header
//! is broken, no line is wider than the terminal, cells wrap at whitespace or after `- _ / . :`
//! before they break hard, the stacked form appears when the headers do not fit, and the same
//! command piped prints exactly what it always did (the goldens of the other test files).

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support::cluster;
use crate::{layout_checks, support};
use std::path::{Path, PathBuf};

use layout_checks::{Piped, WIDTHS, assert_layout, assert_table_on_terminal, width};
use ome_testenv::{ChatFixture, Controller};
use support::terminal::{Screen, Terminals, on_terminal, on_terminal_async};
use support::{Run, plugin_async};

fn reader() -> PathBuf {
    cluster().kubeconfig("reader").unwrap()
}

/// A fresh namespace holding the guide's `chat` example.
async fn chat(prefix: &str) -> String {
    let c = cluster();
    let ns = c.namespace(prefix).await.unwrap();
    let admin = c.admin().await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    ns
}

fn piped_ok(run: &Run) -> &str {
    assert_eq!(run.code, 0, "{run:?}");
    &run.stdout
}

/// Runs `args` piped and then on a terminal of every width; checks every screen against the piped
/// table and returns the screens by width.
async fn every_width(kubeconfig: &Path, args: &[&str]) -> Vec<(u16, Screen)> {
    every_width_checked(kubeconfig, args, assert_table_on_terminal).await
}

async fn every_width_checked(
    kubeconfig: &Path,
    args: &[&str],
    check: fn(&str, &str, u16),
) -> Vec<(u16, Screen)> {
    let piped = plugin_async(Some(kubeconfig), args).await;
    let piped = piped_ok(&piped).to_string();
    let mut screens = Vec::new();
    for columns in WIDTHS {
        let screen = on_terminal_async(kubeconfig, args, columns).await;
        assert_eq!(screen.code, 0, "{args:?} at {columns}: {screen:?}");
        check(&screen.stdout, &piped, columns);
        screens.push((columns, screen));
    }
    screens
}

fn at(screens: &[(u16, Screen)], columns: u16) -> &Screen {
    &screens.iter().find(|(w, _)| *w == columns).unwrap().1
}

const LIVE_SCALE_AT_60: &str = "\
FIELD       SERVICE    ENGINE       DECODER       ROUTER
STATE       Reported   Reported     Reported      Reported
CLASS       -          External     HPA           HPA
MANAGED-    -          external     ome           ome
BY
SPEC-       -          isvc         default       default
SOURCE
TARGET-     -          IR           IR            IR
KIND
TARGET-     -          chat-        chat-         chat-
NAME                   engine       decoder       router
TARGET-     -          Reported     Reported      Reported
EVIDENCE
CURRENT     -          -            1             1
DESIRED     -          -            1             1
REPLICA-    -          Unavailabl   Reported      Reported
EVIDENCE               e
LIVE-       -          Reported     Reported      Reported
EVIDENCE
LIVE-SPEC   -          2            1             1
LIVE-       -          2            1             1
CURRENT
LIVE-       -          Unknown      Equal         Equal
COUNT
COND-       -          Unavailabl   Reported      Reported
EVIDENCE               e
ABLE-TO-    -          -            True          True
SCALE
SCALING-    -          -            True          True
ACTIVE
";

/// The first two of the 17 stacked rows at 40 columns (the headers need 43).
const LIVE_SCALE_AT_40_START: &str = "\
FIELD:     STATE
SERVICE:   Reported
ENGINE:    Reported
DECODER:   Reported
ROUTER:    Reported

FIELD:     CLASS
SERVICE:   -
ENGINE:    External
DECODER:   HPA
ROUTER:    HPA

";

#[tokio::test]
async fn autoscale_status_on_every_width() {
    let ns = chat("tl-autoscale").await;
    let kc = reader();
    let base = ["autoscale", "status", "chat", "-n", ns.as_str()];
    let live = every_width(&kc, &[&base[..], &["--live-scale"]].concat()).await;
    assert_eq!(at(&live, 60).stdout, LIVE_SCALE_AT_60);
    let stacked = &at(&live, 40).stdout;
    assert!(stacked.starts_with(LIVE_SCALE_AT_40_START), "{stacked}");
    assert!(
        stacked.contains("\n\nFIELD:     TARGET-NAME\nSERVICE:   -\nENGINE:    chat-engine\n"),
        "{stacked}"
    );
    assert_eq!(stacked.split("\n\n").count(), 17);
    // At 20 columns a value that does not fit beside its label moves below it.
    let narrow = &at(&live, 20).stdout;
    assert!(
        narrow.contains("\n\nFIELD:\n  TARGET-EVIDENCE\nSERVICE:   -\n"),
        "{narrow}"
    );
    every_width(&kc, &base).await;
    every_width(&kc, &[&base[..], &["-o", "wide"]].concat()).await;
    every_width(&kc, &[&base[..], &["--live-scaler"]].concat()).await;
}

const INSTANCES_AT_60: &str = "\
COMP      IDX/INC   PHASE   PODS    REVS      AOF   EVIDENCE
engine    0/1       Ready   1/1/1   chat...   A--   OK
                                    4d2b
engine    1/1       Ready   1/1/1   chat...   A--   OK
                                    4d2b
decoder   0/1       Ready   1/1/1   chat...   A--   OK
                                    9a60
router    0/1       Ready   1/1/1   chat...   A--   OK
                                    8e12
";

const INSTANCES_AT_40: &str = "\
COMP:       engine
IDX/INC:    0/1
PHASE:      Ready
PODS:       1/1/1
REVS:       chat...4d2b
AOF:        A--
EVIDENCE:   OK

COMP:       engine
IDX/INC:    1/1
PHASE:      Ready
PODS:       1/1/1
REVS:       chat...4d2b
AOF:        A--
EVIDENCE:   OK

COMP:       decoder
IDX/INC:    0/1
PHASE:      Ready
PODS:       1/1/1
REVS:       chat...9a60
AOF:        A--
EVIDENCE:   OK

COMP:       router
IDX/INC:    0/1
PHASE:      Ready
PODS:       1/1/1
REVS:       chat...8e12
AOF:        A--
EVIDENCE:   OK
";

#[tokio::test]
async fn instance_list_on_every_width() {
    let ns = chat("tl-instances").await;
    let screens = every_width(&reader(), &["instance", "list", "chat", "-n", &ns]).await;
    assert_eq!(at(&screens, 60).stdout, INSTANCES_AT_60);
    assert_eq!(at(&screens, 40).stdout, INSTANCES_AT_40);
}

#[tokio::test]
async fn rollout_status_on_every_width() {
    let ns = chat("tl-rollout").await;
    let kc = reader();
    let base = ["rollout", "status", "chat", "-n", ns.as_str()];
    let compact = every_width(&kc, &base).await;
    // ISSUES' `EpochUnverifiable` has no boundary to wrap at; `Independent` neither.
    assert!(at(&compact, 60).stdout.lines().count() > 11);
    every_width(&kc, &[&base[..], &["-o", "wide"]].concat()).await;
}

#[tokio::test]
async fn migration_status_on_every_width() {
    let ns = chat("tl-migration").await;
    let admin = cluster().admin().await.unwrap();
    let controller = Controller::new(admin);
    for (replica, phase) in [
        ("chat-engine", "SurgePending"),
        ("chat-decoder", "Relocated"),
        ("chat-router", "Pending"),
    ] {
        controller.add_migration(&ns, replica, phase).await.unwrap();
    }
    let screens = every_width(&reader(), &["migration", "status", "chat", "-n", &ns]).await;
    // At 60 columns STATUS gets 26: `SurgePending/Active/Current` wraps after its last slash.
    let at_60 = &at(&screens, 60).stdout;
    let lines: Vec<&str> = at_60.lines().collect();
    let surge = lines
        .iter()
        .position(|l| l.contains("   SurgePending/Active/   "))
        .unwrap_or_else(|| panic!("{at_60}"));
    assert_eq!(lines[surge + 1].trim(), "Current", "{at_60}");
}

#[tokio::test]
async fn wait_report_on_every_width() {
    let ns = chat("tl-wait").await;
    let kc = reader();
    let base = [
        "wait",
        "chat",
        "-n",
        ns.as_str(),
        "--for=replicas=current",
        "--component=engine",
        "--replicas=2",
        "--timeout=30s",
    ];
    let screens = every_width_checked(&kc, &base, assert_wait_on_terminal).await;
    let at_60 = &at(&screens, 60).stdout;
    assert!(
        at_60.contains(
            "Interpretation          Exact desired and current count at\n                        IR snapshot\n"
        ),
        "{at_60}"
    );
    every_width_checked(
        &kc,
        &[&base[..], &["-o", "wide"]].concat(),
        assert_wait_on_terminal,
    )
    .await;
}

/// The wait report measures its own run time, so the terminal run's `Elapsed milliseconds` is its
/// own number; everything else is as piped.
fn assert_wait_on_terminal(shown: &str, piped: &str, columns: u16) {
    let table = Piped::parse(piped).varying("Elapsed milliseconds", 1);
    assert_layout(shown, &table, columns);
}

#[tokio::test]
async fn wait_progress_stays_on_one_line_of_a_narrow_terminal() {
    let ns = chat("tl-progress").await;
    let kc = reader();
    let args: Vec<String> = [
        "wait",
        "chat",
        "-n",
        &ns,
        "--for=replicas=current",
        "--component=engine",
        "--replicas=3",
        "--timeout=2s",
    ]
    .iter()
    .map(|a| a.to_string())
    .collect();
    let screen = tokio::task::spawn_blocking(move || {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        on_terminal(&kc, &args, 40, Terminals::Shared, &[])
    })
    .await
    .unwrap();
    assert_eq!(screen.code, 2, "{screen:?}");
    // Each progress line is rewritten after `CR, erase line`; one that wrapped would leave its
    // first rows behind.
    let report_at = screen.stdout.find("FIELD").unwrap();
    let (progress, report) = screen.stdout.split_at(report_at);
    let lines: Vec<&str> = progress
        .split("\r\u{1b}[2K")
        .filter(|l| !l.is_empty())
        .collect();
    assert!(!lines.is_empty(), "{progress:?}");
    for line in lines {
        assert!(line.starts_with("Waiting for Rep"), "{line:?}");
        assert!(width(line) < 40, "{line:?}");
    }
    assert!(report.lines().all(|l| width(l) <= 40), "{report}");
}

/// Splits the preview into the prose before its table, the table, and the warnings after it.
fn preview_parts(preview: &str) -> (String, String, String) {
    let table = preview.find("\nFIELD").map_or(0, |at| at + 1);
    let warnings = preview
        .find("\nThis is a")
        .map(|at| at + 1)
        .unwrap_or_else(|| panic!("no warnings in {preview}"));
    let (before, rest) = preview.split_at(warnings);
    let (title, table) = before.split_at(table);
    (title.to_string(), table.to_string(), rest.to_string())
}

/// The preview on a terminal: the table laid out for the terminal, the prose around it wrapped
/// at the terminal width (or 80 columns, whichever is less) with the same words.
fn assert_preview_on_terminal(shown: &str, piped: &str, columns: u16) {
    if columns >= 80 {
        assert_eq!(shown, piped);
    }
    let (title, table, warnings) = preview_parts(shown);
    let (piped_title, piped_table, piped_warnings) = preview_parts(piped);
    for line in title.lines().chain(warnings.lines()) {
        assert!(width(line) <= usize::from(columns), "{line:?}\n{shown}");
    }
    let words =
        |text: &str| -> Vec<String> { text.split_whitespace().map(str::to_string).collect() };
    assert_eq!(words(&title), words(&piped_title), "{shown}");
    assert_eq!(words(&warnings), words(&piped_warnings), "{shown}");
    assert_layout(&table, &Piped::parse(&piped_table), columns);
}

#[tokio::test]
async fn scale_preview_and_result_on_every_width() {
    let ns = chat("tl-scale").await;
    let kc = cluster().kubeconfig("scaler").unwrap();
    for output in [&[][..], &["-o", "wide"][..]] {
        let args = [
            &[
                "scale",
                "chat",
                "-n",
                ns.as_str(),
                "--component",
                "engine",
                "--replicas",
                "3",
                "--override-autoscaler",
                "--yes",
                "--dry-run",
                "client",
            ][..],
            output,
        ]
        .concat();
        let piped = plugin_async(Some(&kc), &args).await;
        assert_eq!(piped.code, 0, "{piped:?}");
        for columns in WIDTHS {
            let screen = on_terminal_async(&kc, &args, columns).await;
            assert_eq!(screen.code, 0, "{screen:?}");
            assert_preview_on_terminal(&screen.stderr, &piped.stderr, columns);
            assert_table_on_terminal(&screen.stdout, &piped.stdout, columns);
        }
    }
}

/// Drops ANSI SGR sequences (`ESC [ ... m`).
fn without_colour(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[tokio::test]
async fn colour_on_a_narrow_terminal_keeps_the_columns_aligned() {
    let ns = chat("tl-colour").await;
    let kc = reader();
    let args = ["instance", "list", "chat", "-n", ns.as_str()];
    let coloured = tokio::task::spawn_blocking({
        let kc = kc.clone();
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        move || {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            on_terminal(&kc, &args, 60, Terminals::Separate, &[("NO_COLOR", "")])
        }
    })
    .await
    .unwrap();
    assert_eq!(coloured.code, 0, "{coloured:?}");
    assert!(coloured.stdout.contains('\u{1b}'), "{:?}", coloured.stdout);
    assert_eq!(without_colour(&coloured.stdout), INSTANCES_AT_60);
}
