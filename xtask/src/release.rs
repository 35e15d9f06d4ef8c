//! `cargo xtask release`: build the release binary per target (installing what a cross build
//! needs, see `provision`), pack each archive, write its `.sha256`, and render the krew
//! manifest with the real digests into the output directory.

use crate::archive;
use crate::generate;
use crate::manifest::{self, BuiltArchive};
use crate::platform::{CROSS_TARGETS, MACOS_TARGETS, Platform, host_triple, release_triple};
use crate::provision::{self, Tools};
use crate::smoke;
use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The release binary must stay within 8 MB (issue 14).
pub const MAX_BINARY_BYTES: u64 = 8_000_000;

/// What `cargo xtask release` was asked for.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Rust target triples to build; empty (and no `all`, no `archives`) means the host's
    /// platform (musl on Linux).
    pub targets: Vec<String>,
    /// Build every platform this kind of host can: on Linux [`CROSS_TARGETS`], on macOS
    /// [`MACOS_TARGETS`].
    pub all: bool,
    /// Archives built elsewhere (the release workflow's other runners) to list in the
    /// manifest too, named as [`archive::archive_name`] names them.
    pub archives: Vec<PathBuf>,
    /// Pack this binary (built for the host, or for the one target given) instead of building.
    pub binary: Option<PathBuf>,
    /// Where archives and the manifest go (default `target/dist`).
    pub out_dir: Option<PathBuf>,
    /// Every template platform must have its archive (the workflow's final render): refuse a
    /// manifest with a pending platform instead of writing it.
    pub complete: bool,
}

/// What a release produced.
#[derive(Debug)]
pub struct Release {
    /// Each archive's path and what it holds.
    pub archives: Vec<(PathBuf, BuiltArchive)>,
    /// The rendered krew manifest (`ome.yaml`).
    pub manifest: PathBuf,
    /// Platforms the manifest lists with the pending digest (their archive is built elsewhere).
    pub pending: Vec<Platform>,
}

/// Packs the archives and renders the manifest for the repository at `root`.
pub fn release(root: &Path, options: &Options) -> Result<Release> {
    check_generated(root)?;
    let out_dir = options
        .out_dir
        .clone()
        .unwrap_or_else(|| target_dir(root).join("dist"));
    std::fs::create_dir_all(&out_dir).with_context(|| format!("creating {}", out_dir.display()))?;
    let version = crate::version();
    // Archives built elsewhere are checked first: nothing is built for a release whose other
    // archives did not arrive intact.
    let elsewhere = built_elsewhere(&version, &options.archives)?;
    let man_pages = generate::man_pages()?;
    let mut archives = Vec::new();
    for (platform, binary) in binaries(root, options)? {
        let path = out_dir.join(archive::archive_name(&version, &platform));
        archive::write(
            &archive::entries(&platform, &binary, root, &man_pages)?,
            &path,
        )?;
        let built = described(&path, platform)?;
        write_sum(&path, &built.sha256)?;
        archives.push((path, built));
    }
    for (path, built) in elsewhere {
        if archives.iter().any(|(_, a)| a.platform == built.platform) {
            bail!("two archives for {}", built.platform);
        }
        archives.push((path, built));
    }
    let built: Vec<BuiltArchive> = archives.iter().map(|(_, a)| a.clone()).collect();
    let (manifest_path, pending) =
        write_manifest(root, &out_dir, &version, &built, options.complete)?;
    Ok(Release {
        archives,
        manifest: manifest_path,
        pending,
    })
}

/// The `--archive`s, each named for its platform and matching the `.sha256` written beside it
/// when it was packed: an archive changed or cut on its way between the workflow's jobs is
/// refused before the manifest lists a digest for it.
fn built_elsewhere(version: &str, paths: &[PathBuf]) -> Result<Vec<(PathBuf, BuiltArchive)>> {
    let mut archives: Vec<(PathBuf, BuiltArchive)> = Vec::new();
    for path in paths {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let Some(platform) = archive::platform_of_name(version, &name) else {
            bail!(
                "{} is not named {} for some os and arch",
                path.display(),
                archive::archive_name(version, &Platform::new("OS", "ARCH"))
            );
        };
        if archives.iter().any(|(_, a)| a.platform == platform) {
            bail!("two archives for {platform}");
        }
        let built = described(path, platform)?;
        check_sum(path, &built.sha256)?;
        archives.push((path.clone(), built));
    }
    Ok(archives)
}

/// `<archive>.sha256` must be exactly what [`write_sum`] writes for the archive as it is now.
fn check_sum(path: &Path, sha256: &str) -> Result<()> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let sum_path = path.with_file_name(format!("{name}.sha256"));
    let recorded = std::fs::read_to_string(&sum_path).with_context(|| {
        format!(
            "reading {} (every --archive comes with its .sha256)",
            sum_path.display()
        )
    })?;
    if recorded != format!("{sha256}  {name}\n") {
        bail!(
            "{} does not match {}: its sha256 is {sha256}",
            path.display(),
            sum_path.display()
        );
    }
    Ok(())
}

/// A release tag must name the crate's version: `v` and the version, exactly (the workflow
/// checks the tag it was started for before it builds or publishes anything).
pub fn check_tag(tag: &str) -> Result<()> {
    let version = crate::version();
    if tag != format!("v{version}") {
        bail!(
            "tag {tag:?} does not name this version: the crate is {version}, its tag is v{version}"
        );
    }
    Ok(())
}

/// What the manifest needs of an archive: its digest and paths.
fn described(path: &Path, platform: Platform) -> Result<BuiltArchive> {
    Ok(BuiltArchive {
        platform,
        sha256: archive::sha256_file(path)?,
        entries: archive::list(path)?,
    })
}

/// `<archive>.sha256` beside the archive just added, in `sha256sum`'s format.
fn write_sum(path: &Path, sha256: &str) -> Result<()> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let sum_path = path.with_file_name(format!("{name}.sha256"));
    std::fs::write(&sum_path, format!("{sha256}  {name}\n"))
        .with_context(|| format!("writing {}", sum_path.display()))
}

/// Renders the template and refuses a manifest that krew would reject; returns where it was
/// written and its pending platforms.
fn write_manifest(
    root: &Path,
    out_dir: &Path,
    version: &str,
    built: &[BuiltArchive],
    complete: bool,
) -> Result<(PathBuf, Vec<Platform>)> {
    let template_path = root.join(manifest::TEMPLATE);
    let template = std::fs::read_to_string(&template_path)
        .with_context(|| format!("reading {}", template_path.display()))?;
    let rendered = manifest::render(&template, version, built)?;
    if complete && !rendered.pending.is_empty() {
        let names: Vec<String> = rendered.pending.iter().map(Platform::to_string).collect();
        bail!(
            "--complete: no archive for {}; the manifest was not written",
            names.join(", ")
        );
    }
    let parsed: serde_json::Value =
        serde_saphyr::from_str(&rendered.text).context("the rendered manifest is not YAML")?;
    let problems = manifest::validate(manifest::RENDERED, &parsed, built);
    if !problems.is_empty() {
        bail!(
            "the rendered manifest breaks krew's rules:\n  {}",
            problems.join("\n  ")
        );
    }
    let path = out_dir.join(manifest::RENDERED);
    std::fs::write(&path, rendered.text).with_context(|| format!("writing {}", path.display()))?;
    Ok((path, rendered.pending))
}

/// The committed man pages and completion scripts must be what the commands produce now.
fn check_generated(root: &Path) -> Result<()> {
    let expected = generate::expected()?;
    let mut stale: Vec<String> = expected
        .iter()
        .filter(|file| std::fs::read(root.join(&file.path)).ok().as_ref() != Some(&file.content))
        .map(|file| file.path.display().to_string())
        .collect();
    stale.extend(
        generate::stale_pages(root, &expected)?
            .iter()
            .map(|p| p.display().to_string()),
    );
    if !stale.is_empty() {
        bail!(
            "generated files are out of date ({}): run `cargo xtask generate` and commit",
            stale.join(", ")
        );
    }
    Ok(())
}

/// The binary for each platform: the one given, or a fresh release build per target.
fn binaries(root: &Path, options: &Options) -> Result<Vec<(Platform, PathBuf)>> {
    let host = host_triple()?;
    if let Some(binary) = &options.binary {
        let triple = match options.targets.as_slice() {
            [] => host.as_str(),
            [one] => one.as_str(),
            _ => bail!("--binary packs one binary: give at most one --target"),
        };
        // Not run: a given binary may be a stand-in (the release tooling's tests pack those).
        return Ok(vec![(Platform::of_triple(triple)?, binary.clone())]);
    }
    let targets = targets_to_build(options, &host);
    let cross: Vec<String> = targets.iter().filter(|t| **t != host).cloned().collect();
    if !cross.is_empty() {
        provision::ensure_rust_targets(&cross)?;
    }
    let tools = Tools::new(&target_dir(root));
    if targets.iter().any(|t| provision::needs_zig(t, &host)) {
        tools.ensure_zig()?;
    }
    let mut binaries = Vec::new();
    for target in &targets {
        let platform = Platform::of_triple(target)?;
        let started = std::time::Instant::now();
        let binary = build(
            root,
            target,
            provision::needs_zig(target, &host).then_some(&tools),
        )?;
        let size = std::fs::metadata(&binary)?.len();
        eprintln!(
            "built {} for {platform} ({target}): {size} bytes in {} s",
            binary.display(),
            started.elapsed().as_secs()
        );
        if size > MAX_BINARY_BYTES {
            bail!(
                "{} is {size} bytes, over the {MAX_BINARY_BYTES}-byte limit",
                binary.display()
            );
        }
        binaries.push((platform, binary));
    }
    smoke_check(&binaries, &Platform::of_triple(&host)?, &tools)?;
    Ok(binaries)
}

/// Runs every built binary this machine can run (`smoke`); prints why one is not run.
fn smoke_check(binaries: &[(Platform, PathBuf)], host: &Platform, tools: &Tools) -> Result<()> {
    let mut first: Option<smoke::Printed> = None;
    for (platform, binary) in binaries {
        let runner = match smoke::runner_for(platform, host, smoke::find_program) {
            Ok(runner) => runner,
            Err(reason) => {
                eprintln!("not run: {platform} ({reason})");
                continue;
            }
        };
        let staged = match &runner {
            smoke::Runner::Through(wine) if platform.is_windows() => {
                tools.ensure_zig()?;
                smoke::stage_for_wine(
                    binary,
                    &tools.wine_dir(),
                    &tools.zig_dir().join("zig"),
                    wine,
                )?
            }
            _ => binary.clone(),
        };
        let printed = smoke::check(&staged, &runner, &tools.wine_dir().join("prefix"))?;
        if let Some(first) = &first
            && *first != printed
        {
            bail!(
                "{platform} printed {:?}, another binary {:?}",
                printed.version,
                first.version
            );
        }
        eprintln!(
            "ran {platform} ({}): version --client and --help as expected",
            match &runner {
                smoke::Runner::Native => "natively".to_string(),
                smoke::Runner::Through(program) => format!("under {}", program.display()),
            }
        );
        first.get_or_insert(printed);
    }
    Ok(())
}

/// The triples asked for: `--all`'s for this host, the `--target`s, or (with neither, and no
/// prebuilt archives) the host's platform.
fn targets_to_build(options: &Options, host: &str) -> Vec<String> {
    let mut targets: Vec<String> = options.targets.clone();
    if options.all {
        let all: &[&str] = if host.ends_with("-apple-darwin") {
            &MACOS_TARGETS
        } else {
            &CROSS_TARGETS
        };
        targets.extend(all.iter().map(|t| t.to_string()));
    }
    if targets.is_empty() && options.archives.is_empty() {
        targets.push(release_triple(host));
    }
    targets.dedup();
    targets
}

/// `cargo build --release` (or `cargo zigbuild` with `zig`) of the plugin binary for `target`.
fn build(root: &Path, target: &str, zig: Option<&Tools>) -> Result<PathBuf> {
    let mut command = match zig {
        Some(tools) => {
            let mut command = Command::new(tools.cargo_zigbuild());
            command.arg("zigbuild").env("PATH", tools.path_with_zig()?);
            command
        }
        None => {
            let mut command = Command::new(provision::cargo());
            command.arg("build");
            command
        }
    };
    command.current_dir(root).args([
        "--release",
        "--locked",
        "--package",
        "kubectl-ome",
        "--bin",
        archive::BINARY,
        "--target",
        target,
    ]);
    let status = command.status().context("running cargo build")?;
    if !status.success() {
        bail!("cargo build --release --target {target} failed ({status})");
    }
    let platform = Platform::of_triple(target)?;
    Ok(target_dir(root)
        .join(target)
        .join("release")
        .join(platform.binary_name()))
}

fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_is_v_and_the_crates_version_exactly() {
        let version = crate::version();
        assert!(check_tag(&format!("v{version}")).is_ok());
        for tag in [
            version.clone(),
            format!("v{version}-rc.1"),
            format!("v{version}.1"),
            "v9.9.9".to_string(),
            String::new(),
        ] {
            let refused = check_tag(&tag).unwrap_err().to_string();
            assert_eq!(
                refused,
                format!(
                    "tag {tag:?} does not name this version: the crate is {version}, its tag is v{version}"
                )
            );
        }
    }
}
