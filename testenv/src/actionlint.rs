//! actionlint, the GitHub Actions workflow linter, built from its Go module (pinned in
//! `actionlint/go.mod`) into the same cache as the API server, for `.ci/run` to lint
//! `.github/workflows/` (`cargo run -p ome-testenv --bin actionlint -- FILES`).

use crate::binary::{GoBuild, cached_go_binary, source_hash};
use anyhow::Result;
use std::ffi::OsString;
use std::path::PathBuf;

/// The actionlint release the module pins.
pub const ACTIONLINT_VERSION: &str = "v1.7.12";

/// The `actionlint` binary (built on first use; well under a minute).
pub fn actionlint_binary() -> Result<PathBuf> {
    let module = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("actionlint");
    let hash = source_hash(&module)?;
    let package = "github.com/rhysd/actionlint/cmd/actionlint";
    cached_go_binary(&GoBuild {
        label: format!("actionlint {ACTIONLINT_VERSION}"),
        key: format!(
            "actionlint-{ACTIONLINT_VERSION}-{}",
            hash.get(..12).unwrap_or(&hash)
        ),
        name: "actionlint".to_string(),
        args: Box::new(move |out| {
            let flags = ["build", "-trimpath", "-ldflags", "-s -w", "-o"].map(OsString::from);
            let target = [out.as_os_str().to_owned(), OsString::from(package)];
            flags.into_iter().chain(target).collect()
        }),
        dir: module,
        env: vec![("CGO_ENABLED".into(), "0".into())],
    })
}
