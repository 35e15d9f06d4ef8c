//! `kubectl ome completion install`: the relative link `kubectl_complete-ome → kubectl-ome`
//! next to the `kubectl-ome` that kubectl finds on PATH. kubectl ≥ 1.26 completes
//! `kubectl ome …` by running `kubectl_complete-ome` from PATH, and krew links only the
//! manifest's `bin` onto PATH, so this one command puts the completion entry there.

use crate::cli::{COMPLETION_ENTRY, PLUGIN_NAME};
use crate::errors::CompletionError;
use std::ffi::OsStr;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

/// What `install` found or did.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Installed {
    /// The link was made now.
    Created(PathBuf),
    /// The link was already there.
    AlreadyPresent(PathBuf),
}

/// Creates the link next to the first executable `kubectl-ome` in `path_var` (PATH's value).
/// Running it again changes nothing.
pub(crate) fn install(path_var: Option<&OsStr>) -> Result<Installed, CompletionError> {
    let plugin = find_on_path(path_var).ok_or(CompletionError::PluginNotOnPath)?;
    let link = plugin.with_file_name(executable(COMPLETION_ENTRY));
    if let Some(existing) = inspect(&link, &plugin)? {
        return Ok(existing);
    }
    match make_link(&executable(PLUGIN_NAME), &link) {
        Ok(()) => Ok(Installed::Created(link)),
        // Another `install` won the race: judge what it left.
        Err(e) if e.kind() == ErrorKind::AlreadyExists => match inspect(&link, &plugin)? {
            Some(existing) => Ok(existing),
            None => Err(CompletionError::Io { link, source: e }),
        },
        Err(e)
            if matches!(
                e.kind(),
                ErrorKind::PermissionDenied | ErrorKind::ReadOnlyFilesystem
            ) =>
        {
            Err(CompletionError::NotWritable { link })
        }
        Err(source) => Err(CompletionError::Io { link, source }),
    }
}

/// `None` when nothing has the entry's name yet; `AlreadyPresent` when it is a link that leads
/// to `plugin`; an error for anything else there.
fn inspect(link: &Path, plugin: &Path) -> Result<Option<Installed>, CompletionError> {
    match std::fs::symlink_metadata(link) {
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
        Err(source) => Err(CompletionError::Io {
            link: link.to_path_buf(),
            source,
        }),
        Ok(meta) if meta.file_type().is_symlink() && leads_to(link, plugin) => {
            Ok(Some(Installed::AlreadyPresent(link.to_path_buf())))
        }
        Ok(_) => Err(CompletionError::Occupied {
            link: link.to_path_buf(),
        }),
    }
}

fn leads_to(link: &Path, plugin: &Path) -> bool {
    if std::fs::read_link(link).is_ok_and(|target| target == Path::new(&executable(PLUGIN_NAME))) {
        return true;
    }
    match (std::fs::canonicalize(link), std::fs::canonicalize(plugin)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The first PATH directory holding an executable `kubectl-ome`, as kubectl's lookup finds it.
/// Empty entries are skipped rather than read as the working directory.
fn find_on_path(path_var: Option<&OsStr>) -> Option<PathBuf> {
    std::env::split_paths(path_var?)
        .filter(|dir| !dir.as_os_str().is_empty())
        .map(|dir| dir.join(executable(PLUGIN_NAME)))
        .find(|candidate| is_executable_file(candidate))
}

/// The file name of the program `name`: Windows finds programs by their `.exe`.
fn executable(name: &str) -> String {
    format!("{name}{}", std::env::consts::EXE_SUFFIX)
}

#[cfg(unix)]
fn is_executable_file(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Windows has no execute bit: an `.exe` file is a program.
#[cfg(windows)]
fn is_executable_file(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file())
}

#[cfg(unix)]
fn make_link(target: &str, link: &Path) -> std::io::Result<()> {
    std::os::unix::fs::symlink(target, link)
}

/// A file symlink (Windows allows it to administrators and in developer mode; otherwise the
/// error says so).
#[cfg(windows)]
fn make_link(target: &str, link: &Path) -> std::io::Result<()> {
    std::os::windows::fs::symlink_file(target, link)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::{PermissionsExt, symlink};

    fn plugin_in(dir: &Path) -> PathBuf {
        let plugin = dir.join(PLUGIN_NAME);
        std::fs::write(&plugin, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&plugin, std::fs::Permissions::from_mode(0o755)).unwrap();
        plugin
    }

    fn path_of(dirs: &[&Path]) -> std::ffi::OsString {
        std::env::join_paths(dirs).unwrap()
    }

    #[test]
    fn creates_a_relative_link_once() {
        let tmp = tempfile::tempdir().unwrap();
        let empty = tempfile::tempdir().unwrap();
        plugin_in(tmp.path());
        let path = path_of(&[empty.path(), tmp.path()]);
        let link = tmp.path().join(COMPLETION_ENTRY);
        assert_eq!(
            install(Some(&path)).unwrap(),
            Installed::Created(link.clone())
        );
        assert_eq!(std::fs::read_link(&link).unwrap(), Path::new(PLUGIN_NAME));
        assert_eq!(
            install(Some(&path)).unwrap(),
            Installed::AlreadyPresent(link)
        );
    }

    #[test]
    fn an_absolute_link_to_the_plugin_counts_as_installed() {
        let tmp = tempfile::tempdir().unwrap();
        let plugin = plugin_in(tmp.path());
        let link = tmp.path().join(COMPLETION_ENTRY);
        symlink(&plugin, &link).unwrap();
        let path = path_of(&[tmp.path()]);
        assert_eq!(
            install(Some(&path)).unwrap(),
            Installed::AlreadyPresent(link)
        );
    }

    #[test]
    fn another_file_with_the_name_is_left_alone() {
        let tmp = tempfile::tempdir().unwrap();
        plugin_in(tmp.path());
        let link = tmp.path().join(COMPLETION_ENTRY);
        std::fs::write(&link, "old completion binary").unwrap();
        let err = install(Some(&path_of(&[tmp.path()]))).unwrap_err();
        assert!(matches!(err, CompletionError::Occupied { .. }), "{err:?}");
        assert_eq!(std::fs::read(&link).unwrap(), b"old completion binary");
    }

    #[test]
    fn a_plugin_that_is_not_executable_is_not_on_path() {
        let tmp = tempfile::tempdir().unwrap();
        let plugin = plugin_in(tmp.path());
        std::fs::set_permissions(&plugin, std::fs::Permissions::from_mode(0o644)).unwrap();
        let err = install(Some(&path_of(&[tmp.path()]))).unwrap_err();
        assert!(matches!(err, CompletionError::PluginNotOnPath), "{err:?}");
        assert!(install(None).is_err());
    }
}
