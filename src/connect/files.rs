//! Which kubeconfig files are read, as kubectl does it: `--kubeconfig`, else every file in
//! `KUBECONFIG` merged (the first file to set a value wins; missing files are skipped), else
//! `~/.kube/config`. A file that cannot be read or parsed is named with the line and column of
//! the problem, never with its content.

use crate::errors::{ConnectError, KubeconfigFileError, KubeconfigProblem, Position};
use kube::config::{Kubeconfig, KubeconfigError};
use std::path::{Path, PathBuf};

/// The kubeconfig in effect, or `None` when there is no file at all.
pub(crate) fn read_kubeconfig(flag: Option<&Path>) -> Result<Option<Kubeconfig>, ConnectError> {
    if let Some(path) = flag {
        return read_file(path).map(Some);
    }
    if let Some(value) = std::env::var_os("KUBECONFIG").filter(|v| !v.is_empty()) {
        let paths: Vec<PathBuf> = std::env::split_paths(&value)
            .filter(|p| !p.as_os_str().is_empty() && p.exists())
            .collect();
        if paths.is_empty() {
            return Ok(None);
        }
        let mut merged = Kubeconfig::default();
        for path in paths {
            let next = read_file(&path)?;
            merged = merged
                .merge(next)
                .map_err(|e| file_error(&path, problem_of(e)))?;
        }
        return Ok(Some(merged));
    }
    let Some(home) = std::env::var_os("HOME") else {
        return Ok(None);
    };
    let path = Path::new(&home).join(".kube").join("config");
    if !path.exists() {
        return Ok(None);
    }
    read_file(&path).map(Some)
}

/// One file, with relative certificate, key, token and command paths made absolute (kube does
/// it as kubectl does).
fn read_file(path: &Path) -> Result<Kubeconfig, ConnectError> {
    Kubeconfig::read_from(path).map_err(|e| file_error(path, problem_of(e)))
}

fn file_error(path: &Path, problem: KubeconfigProblem) -> ConnectError {
    ConnectError::Kubeconfig(KubeconfigFileError {
        path: path.to_path_buf(),
        problem,
    })
}

/// kube's error as our problem: only its kind and the position survive.
fn problem_of(error: KubeconfigError) -> KubeconfigProblem {
    match error {
        KubeconfigError::ReadConfig(io, _) => KubeconfigProblem::Unreadable(io),
        KubeconfigError::Parse(parse) => parse_problem(&parse),
        KubeconfigError::KindMismatch | KubeconfigError::ApiVersionMismatch => {
            KubeconfigProblem::Conflicting
        }
        _ => KubeconfigProblem::NotKubeconfig(None),
    }
}

/// A YAML syntax error, or a document of the wrong shape for a kubeconfig.
fn parse_problem(error: &serde_saphyr::Error) -> KubeconfigProblem {
    use serde_saphyr::Error as E;
    let position = error.location().and_then(|l| {
        (l.line() > 0).then(|| Position {
            line: l.line(),
            column: l.column(),
        })
    });
    match error.without_snippet() {
        E::SerdeInvalidType { .. }
        | E::SerdeInvalidValue { .. }
        | E::SerdeMissingField { .. }
        | E::SerdeUnknownField { .. }
        | E::SerdeUnknownVariant { .. }
        | E::SerdeInvalidLength { .. }
        | E::InvalidScalar { .. }
        | E::NullIntoString { .. }
        | E::Message { .. } => KubeconfigProblem::NotKubeconfig(position),
        _ => KubeconfigProblem::InvalidYaml(position),
    }
}
