//! Installing through krew, as a user would: the release command packs the plugin built for
//! this test run, krew (built from its Go module) installs it into a temporary KREW_ROOT from
//! the rendered manifest and that archive, and the plugin then runs through a real `kubectl`
//! on PATH: `kubectl ome version --client`, `kubectl ome completion install`, and kubectl's
//! plugin completion (`kubectl __complete ome …`) against the local API server. Uninstalling
//! leaves only the completion link behind (dangling), as the manifest's caveats say.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use ome_testenv::krew::{KrewSandbox, validator_binary};
use ome_testenv::{ChatFixture, shared};
use std::path::{Path, PathBuf};
use std::process::Output;
use support::binary;

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The candidates kubectl prints for `kubectl __complete ARGS` (Cobra's format: one per line,
/// then `:<directive>`).
fn complete(sandbox: &KrewSandbox, kubeconfig: Option<&Path>, args: &[&str]) -> Vec<String> {
    let mut words = vec!["__complete"];
    words.extend(args);
    let output = sandbox.kubectl(kubeconfig, &words).unwrap();
    stdout(&output).lines().map(str::to_string).collect()
}

/// The archive and the rendered manifest, made by the release command from this run's binary.
fn release(out_dir: &Path) -> (PathBuf, PathBuf) {
    let options = xtask::release::Options {
        binary: Some(binary().to_path_buf()),
        out_dir: Some(out_dir.to_path_buf()),
        ..Default::default()
    };
    let release = xtask::release::release(&xtask::repo_root(), &options).unwrap();
    assert_eq!(release.archives.len(), 1, "the host platform");
    (release.archives[0].0.clone(), release.manifest)
}

#[tokio::test(flavor = "multi_thread")]
async fn krew_installs_the_release_and_kubectl_runs_and_completes_it() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("krew").await.unwrap();
    let admin = cluster.admin().await.unwrap();
    for name in ["chat", "summarize"] {
        ChatFixture::new()
            .name(name)
            .without_scalers()
            .create(&admin, &ns)
            .await
            .unwrap();
    }
    let kubeconfig = cluster.kubeconfig("reader").unwrap();
    tokio::task::spawn_blocking(move || through_krew(&ns, &kubeconfig))
        .await
        .unwrap();
}

fn through_krew(ns: &str, kubeconfig: &Path) {
    let out = tempfile::tempdir().unwrap();
    let (archive, manifest) = release(out.path());
    assert_eq!(manifest.file_name().unwrap(), "ome.yaml");

    // krew's own validator agrees with the release command's checks.
    let validator = validator_binary().unwrap();
    let validated = std::process::Command::new(validator)
        .arg(format!("-manifest={}", manifest.display()))
        .arg("-skip-install")
        .output()
        .unwrap();
    assert!(
        validated.status.success(),
        "{}",
        String::from_utf8_lossy(&validated.stderr)
    );

    let sandbox = KrewSandbox::new().unwrap();
    let installed = sandbox.install(&manifest, &archive).unwrap();
    let said = String::from_utf8_lossy(&installed.stderr);
    assert!(
        said.contains("kubectl ome completion install"),
        "caveats: {said}"
    );
    let version = env!("CARGO_PKG_VERSION");
    let store = sandbox.krew_root().join(format!("store/ome/v{version}"));
    for file in [
        "kubectl-ome",
        "LICENSE",
        "README.md",
        "man/man1/kubectl-ome-scale.1",
    ] {
        assert!(store.join(file).is_file(), "{file} installed");
    }
    // Man pages only for real commands: none for clap's `help` subcommands.
    let man_pages: Vec<String> = std::fs::read_dir(store.join("man/man1"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        !man_pages.iter().any(|p| p.contains("-help")),
        "{man_pages:?}"
    );

    let client = stdout(
        &sandbox
            .kubectl(None, &["ome", "version", "--client"])
            .unwrap(),
    );
    assert!(
        client.starts_with(&format!("Client Version: v{version} (commit "))
            && client.ends_with(")\n")
            && client.lines().count() == 1,
        "{client}"
    );

    // Without the entry kubectl has nothing to complete a plugin's arguments with.
    let before = complete(&sandbox, None, &["ome", "sc"]);
    assert!(!before.contains(&"scale".to_string()), "{before:?}");

    let link = sandbox.bin_dir().join("kubectl_complete-ome");
    let created = stdout(
        &sandbox
            .kubectl(None, &["ome", "completion", "install"])
            .unwrap(),
    );
    assert_eq!(
        created,
        format!("created {} -> kubectl-ome\n", link.display())
    );

    assert_eq!(complete(&sandbox, None, &["ome", "sc"]), ["scale", ":4"]);
    assert_eq!(
        complete(&sandbox, Some(kubeconfig), &["ome", "scale", "-n", ns, ""]),
        ["chat", "summarize", ":4"]
    );

    stdout(
        &sandbox
            .kubectl(None, &["krew", "uninstall", "ome"])
            .unwrap(),
    );
    let left: Vec<PathBuf> = sandbox
        .paths()
        .unwrap()
        .into_iter()
        .filter(|path| path.to_string_lossy().contains("ome"))
        .collect();
    assert_eq!(left, [PathBuf::from("bin/kubectl_complete-ome")]);
    assert!(!link.exists(), "the link dangles once kubectl-ome is gone");
    assert!(std::fs::symlink_metadata(&link).is_ok());
}
