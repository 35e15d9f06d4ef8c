//! `cargo xtask release`: build the release binary per target, pack each archive, write its
//! `.sha256`, and render the krew manifest with the real digests into the output directory.

use crate::archive;
use crate::generate;
use crate::manifest::{self, BuiltArchive};
use crate::platform::{Platform, host_triple};
use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The release binary must stay within 8 MB (issue 14).
pub const MAX_BINARY_BYTES: u64 = 8_000_000;

/// What `cargo xtask release` was asked for.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Rust target triples to build; empty means the host.
    pub targets: Vec<String>,
    /// Pack this binary (built for the host, or for the one target given) instead of building.
    pub binary: Option<PathBuf>,
    /// Where archives and the manifest go (default `target/dist`).
    pub out_dir: Option<PathBuf>,
}

/// What a release produced.
#[derive(Debug)]
pub struct Release {
    /// Each archive's path and what it holds.
    pub archives: Vec<(PathBuf, BuiltArchive)>,
    /// The rendered krew manifest (`ome.yaml`).
    pub manifest: PathBuf,
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
    let man_pages = generate::man_pages()?;
    let mut archives = Vec::new();
    for (platform, binary) in binaries(root, options)? {
        let path = out_dir.join(archive::archive_name(&version, &platform));
        archive::write(&archive::entries(&binary, root, &man_pages)?, &path)?;
        let sha256 = archive::sha256_file(&path)?;
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let sum_path = out_dir.join(format!("{name}.sha256"));
        std::fs::write(&sum_path, format!("{sha256}  {name}\n"))
            .with_context(|| format!("writing {}", sum_path.display()))?;
        let entries = archive::list(&path)?;
        archives.push((
            path,
            BuiltArchive {
                platform,
                sha256,
                entries,
            },
        ));
    }
    let built: Vec<BuiltArchive> = archives.iter().map(|(_, a)| a.clone()).collect();
    let manifest_path = write_manifest(root, &out_dir, &version, &built)?;
    Ok(Release {
        archives,
        manifest: manifest_path,
    })
}

/// Renders the template and refuses a manifest that krew would reject.
fn write_manifest(
    root: &Path,
    out_dir: &Path,
    version: &str,
    built: &[BuiltArchive],
) -> Result<PathBuf> {
    let template_path = root.join(manifest::TEMPLATE);
    let template = std::fs::read_to_string(&template_path)
        .with_context(|| format!("reading {}", template_path.display()))?;
    let text = manifest::render(&template, version, built)?;
    let parsed: serde_json::Value =
        serde_saphyr::from_str(&text).context("the rendered manifest is not YAML")?;
    let problems = manifest::validate(manifest::RENDERED, &parsed, built);
    if !problems.is_empty() {
        bail!(
            "the rendered manifest breaks krew's rules:\n  {}",
            problems.join("\n  ")
        );
    }
    let path = out_dir.join(manifest::RENDERED);
    std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    Ok(path)
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
        return Ok(vec![(Platform::of_triple(triple)?, binary.clone())]);
    }
    let targets: Vec<Option<&str>> = if options.targets.is_empty() {
        vec![None]
    } else {
        options.targets.iter().map(|t| Some(t.as_str())).collect()
    };
    let mut binaries = Vec::new();
    for target in targets {
        let platform = Platform::of_triple(target.unwrap_or(&host))?;
        let binary = build(root, target)?;
        let size = std::fs::metadata(&binary)?.len();
        eprintln!("built {} for {platform}: {size} bytes", binary.display());
        if size > MAX_BINARY_BYTES {
            bail!(
                "{} is {size} bytes, over the {MAX_BINARY_BYTES}-byte limit",
                binary.display()
            );
        }
        binaries.push((platform, binary));
    }
    Ok(binaries)
}

/// `cargo build --release` of the plugin binary (for `target`, or the host).
fn build(root: &Path, target: Option<&str>) -> Result<PathBuf> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command.current_dir(root).args([
        "build",
        "--release",
        "--locked",
        "--package",
        "kubectl-ome",
        "--bin",
        archive::BINARY,
    ]);
    if let Some(target) = target {
        command.args(["--target", target]);
    }
    let status = command.status().context("running cargo build")?;
    if !status.success() {
        bail!("cargo build --release failed ({status})");
    }
    let mut dir = target_dir(root);
    if let Some(target) = target {
        dir.push(target);
    }
    Ok(dir.join("release").join(archive::BINARY))
}

fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"))
}
