//! The README's two commands share one build: every crate the demo compiles
//! (`cargo run -p ome-testenv --bin ome-demo`) has the features the workspace's test build gives
//! it, so `cargo test --workspace` afterwards reuses it instead of recompiling ring, rustls and
//! kube-client (about a minute on two cores).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// `package version -> features` as `cargo tree` resolves them for `args`.
fn features(args: &[&str]) -> BTreeMap<String, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let out = Command::new(env!("CARGO"))
        .current_dir(&root)
        .args(["tree", "--offline", "--prefix", "none", "-f", "{p}|{f}"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter_map(|l| l.split_once('|'))
        .map(|(p, f)| {
            (
                p.replace(" (proc-macro)", ""),
                f.trim_end_matches(" (*)").to_string(),
            )
        })
        .collect()
}

#[test]
fn the_demo_builds_every_crate_with_the_test_builds_features() {
    let demo = features(&["-p", "ome-testenv", "-e", "normal,build"]);
    let tests = features(&["--workspace", "-e", "normal,build,dev"]);
    let differ: Vec<String> = demo
        .iter()
        .filter(|(p, f)| tests.get(*p).is_some_and(|t| t != *f))
        .map(|(p, f)| format!("{p}: demo [{f}], tests [{}]", tests[p]))
        .collect();
    assert!(
        differ.is_empty(),
        "ask for these features in testenv/Cargo.toml's alignment block:\n{}",
        differ.join("\n")
    );
}
