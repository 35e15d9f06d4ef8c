//! `kubectl ome completion install`: the relative link `kubectl_complete-ome → kubectl-ome`
//! next to the `kubectl-ome` found on PATH, as a user runs it (here `kubectl-ome` on PATH is a
//! link into a store, the way krew installs it).

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use support::binary;

/// A PATH directory whose `kubectl-ome` links to the built plugin.
fn bin_dir() -> (tempfile::TempDir, PathBuf) {
    let root = tempfile::tempdir().unwrap();
    let bin = root.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    symlink(binary(), bin.join("kubectl-ome")).unwrap();
    (root, bin)
}

fn install(path: &str) -> Output {
    run_install(Command::new(binary()), path)
}

fn run_install(mut command: Command, path: &str) -> Output {
    command
        .args(["completion", "install"])
        .env("PATH", path)
        .env("HOME", "/nonexistent-home-for-tests")
        .env_remove("KUBECONFIG")
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn text(output: &Output) -> (i32, String, String) {
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn path_with(bin: &Path) -> String {
    format!("/nonexistent-dir:{}:/usr/bin:/bin", bin.display())
}

#[test]
fn install_links_the_entry_once_and_the_link_completes() {
    let (_root, bin) = bin_dir();
    let link = bin.join("kubectl_complete-ome");
    let path = path_with(&bin);

    let first = text(&install(&path));
    let created = format!("created {} -> kubectl-ome\n", link.display());
    assert_eq!(first, (0, created, String::new()));
    assert_eq!(
        std::fs::read_link(&link).unwrap(),
        Path::new("kubectl-ome"),
        "a relative link, so it follows the plugin when its directory moves"
    );

    let again = text(&install(&path));
    let present = format!("{} -> kubectl-ome is already installed\n", link.display());
    assert_eq!(again, (0, present, String::new()));

    let completion = Command::new(&link).arg("sc").output().unwrap();
    assert_eq!(
        text(&completion),
        (0, "scale\n:4\n".to_string(), String::new())
    );
}

#[test]
fn install_without_the_plugin_on_path_says_so() {
    let output = install("/nonexistent-dir:/usr/bin:/bin");
    assert_eq!(
        text(&output),
        (
            1,
            String::new(),
            "error: kubectl-ome is not on PATH: add the directory that holds kubectl-ome to PATH \
             (kubectl finds plugins there), then run `kubectl ome completion install` again\n"
                .to_string()
        )
    );
}

#[test]
fn install_into_a_directory_the_user_cannot_write_says_so_and_writes_nothing() {
    let (root, bin) = bin_dir();
    // The plugin must be runnable by the unprivileged user: a copy in a readable directory.
    let plugin = bin.join("kubectl-ome");
    std::fs::remove_file(&plugin).unwrap();
    std::fs::copy(binary(), &plugin).unwrap();
    for dir in [root.path(), bin.as_path()] {
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    }
    let link = bin.join("kubectl_complete-ome");
    let mut command = Command::new(&plugin);
    if is_root() {
        // root writes anywhere: run as `nobody`, who cannot write the directory.
        command = Command::new("setpriv");
        command
            .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(&plugin);
    }
    let output = run_install(command, &path_with(&bin));
    std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(root.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let message = format!(
        "error: cannot create {}: the directory is not writable; create the link with the \
         rights to write there: ln -s kubectl-ome {}\n",
        link.display(),
        link.display()
    );
    assert_eq!(text(&output), (1, String::new(), message));
    assert!(std::fs::symlink_metadata(&link).is_err(), "nothing written");
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout == b"0\n")
}
