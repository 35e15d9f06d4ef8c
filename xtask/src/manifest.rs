//! The krew manifest: rendered from `krew-manifest.yaml` (the template) with the real digests of the
//! archives built, and checked against krew's rules (those of `krew install --manifest` and of
//! krew's index validator, `validate-krew-manifest`).

use crate::platform::{KREW_PLATFORMS, Platform};
use anyhow::{Context, Result, bail};
use serde_json::Value;
use std::collections::BTreeMap;

/// The template, relative to the repository root.
pub const TEMPLATE: &str = "krew-manifest.yaml";
/// The rendered manifest's file name: krew's index requires `<plugin name>.yaml`.
pub const RENDERED: &str = "ome.yaml";
/// The manifest API version krew v0.4 reads.
pub const API_VERSION: &str = "krew.googlecontainertools.github.com/v1alpha2";

const VERSION_MARK: &str = "{{version}}";
const SHA256_MARK: &str = "{{sha256}}";

/// One archive that was built: its platform, the digest and the paths it holds.
#[derive(Debug, Clone)]
pub struct BuiltArchive {
    /// What it was built for.
    pub platform: Platform,
    /// Lowercase hex SHA-256 of the archive file.
    pub sha256: String,
    /// Its paths (directories end with `/`).
    pub entries: Vec<String>,
}

/// The digest a platform gets when its archive is built elsewhere (darwin, by the release
/// workflow): valid in form, so the manifest lists all six platforms and passes krew's
/// validator, but no archive has it, so `krew install` on that platform refuses (checksum
/// mismatch) until the workflow's render, which has every archive, replaces it.
pub const PENDING_SHA256: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// A rendered manifest and the platforms in it whose archive was not built here.
#[derive(Debug)]
pub struct Rendered {
    /// The YAML text, with a header naming the pending platforms.
    pub text: String,
    /// Platforms listed with [`PENDING_SHA256`], in template order.
    pub pending: Vec<Platform>,
}

/// Renders the template: `{{version}}` becomes `version`, each platform of `built` gets its
/// digest, and every other template platform is listed as pending ([`PENDING_SHA256`]).
pub fn render(template: &str, version: &str, built: &[BuiltArchive]) -> Result<Rendered> {
    let mut manifest: Value =
        serde_saphyr::from_str(template).context("the manifest template is not YAML")?;
    substitute(&mut manifest, VERSION_MARK, version);
    let platforms = manifest
        .pointer_mut("/spec/platforms")
        .and_then(Value::as_array_mut)
        .context("the template has no spec.platforms list")?;
    let mut pending = Vec::new();
    for platform in platforms.iter_mut() {
        let Some(target) = platform_of(platform) else {
            bail!("a template platform does not select exactly one os and arch");
        };
        match built.iter().find(|b| b.platform == target) {
            Some(archive) => substitute(platform, SHA256_MARK, &archive.sha256),
            None => {
                substitute(platform, SHA256_MARK, PENDING_SHA256);
                pending.push(target);
            }
        }
    }
    for archive in built {
        if !platforms
            .iter()
            .any(|p| platform_of(p).as_ref() == Some(&archive.platform))
        {
            bail!("the template has no platform {}", archive.platform);
        }
    }
    let yaml = serde_saphyr::to_string(&manifest).context("writing the manifest")?;
    let mut header = format!("# Rendered by `cargo xtask release` from {TEMPLATE}; do not edit.\n");
    if !pending.is_empty() {
        let names: Vec<String> = pending.iter().map(Platform::to_string).collect();
        header.push_str(&format!(
            "# Pending: {}.\n\
             # No archive of theirs was in this run (darwin is built only by\n\
             # .github/workflows/release.yml), so their sha256 is all zeros, which no archive\n\
             # has: krew refuses to install them from this file. Publish the workflow's ome.yaml,\n\
             # which has every archive's digest.\n",
            names.join(", ")
        ));
    }
    Ok(Rendered {
        text: format!("{header}{yaml}"),
        pending,
    })
}

fn substitute(value: &mut Value, mark: &str, with: &str) {
    match value {
        Value::String(text) if text.contains(mark) => *text = text.replace(mark, with),
        Value::Array(items) => items.iter_mut().for_each(|v| substitute(v, mark, with)),
        Value::Object(map) => map.values_mut().for_each(|v| substitute(v, mark, with)),
        _ => {}
    }
}

/// The `os`/`arch` a template platform names in its `matchLabels`.
pub fn platform_of(platform: &Value) -> Option<Platform> {
    let labels = platform.pointer("/selector/matchLabels")?;
    Some(Platform::new(
        labels.get("os")?.as_str()?,
        labels.get("arch")?.as_str()?,
    ))
}

/// Everything wrong with a manifest by krew's rules; empty when it is valid. `file_name` is
/// the manifest's file name; `archives` are the archives it installs, by platform (a platform
/// without one is checked structurally only).
pub fn validate(file_name: &str, manifest: &Value, archives: &[BuiltArchive]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut fail = |text: String| problems.push(text);
    if manifest["apiVersion"] != API_VERSION {
        fail(format!("apiVersion must be {API_VERSION}"));
    }
    if manifest["kind"] != "Plugin" {
        fail("kind must be Plugin".to_string());
    }
    let name = manifest.pointer("/metadata/name").and_then(Value::as_str);
    match name {
        Some(name) if is_safe_plugin_name(name) => {
            if file_name != format!("{name}.yaml") {
                fail(format!(
                    "the file must be named {name}.yaml, not {file_name}"
                ));
            }
        }
        _ => fail("metadata.name must match ^[\\w-]+$ and not be a reserved name".to_string()),
    }
    let spec = &manifest["spec"];
    match spec["version"].as_str() {
        Some(v) if is_v_semver(v) => {}
        _ => fail("spec.version must be a semantic version with a leading v".to_string()),
    }
    match spec["shortDescription"].as_str() {
        Some(s) if !s.is_empty() && !s.contains(['\r', '\n']) => {}
        _ => fail("spec.shortDescription must be one non-empty line".to_string()),
    }
    let platforms = spec["platforms"].as_array().cloned().unwrap_or_default();
    if platforms.is_empty() {
        fail("spec.platforms must not be empty".to_string());
    }
    for (i, platform) in platforms.iter().enumerate() {
        for problem in platform_problems(platform, archives) {
            fail(format!("spec.platforms[{i}]: {problem}"));
        }
    }
    for problem in selection_problems(&platforms) {
        fail(problem);
    }
    problems
}

fn platform_problems(platform: &Value, archives: &[BuiltArchive]) -> Vec<String> {
    let mut problems = Vec::new();
    if platform["uri"].as_str().is_none_or(str::is_empty) {
        problems.push("uri must be set".to_string());
    }
    let sha256 = platform["sha256"].as_str().unwrap_or_default();
    if !is_sha256(sha256) {
        problems.push("sha256 must be 64 lowercase hex digits".to_string());
    }
    let bin = platform["bin"].as_str().unwrap_or_default();
    if bin.is_empty() {
        problems.push("bin must be set".to_string());
    }
    problems.extend(selector_problems(&platform["selector"]));
    let files = match &platform["files"] {
        Value::Null => Vec::new(),
        Value::Array(files) if !files.is_empty() => files.clone(),
        _ => {
            problems.push("files must be absent or a non-empty list".to_string());
            Vec::new()
        }
    };
    for file in &files {
        if file["from"].as_str().is_none_or(str::is_empty)
            || file["to"].as_str().is_none_or(str::is_empty)
        {
            problems.push("every files entry needs from and to".to_string());
        }
    }
    let archive =
        platform_of(platform).and_then(|target| archives.iter().find(|a| a.platform == target));
    if let Some(archive) = archive {
        problems.extend(install_problems(&files, bin, sha256, archive));
    }
    problems
}

/// What `krew install` would find wrong with the archive: the digest, missing `from` paths,
/// no `bin` and no license among the installed files.
fn install_problems(
    files: &[Value],
    bin: &str,
    sha256: &str,
    archive: &BuiltArchive,
) -> Vec<String> {
    let mut problems = Vec::new();
    if sha256 != archive.sha256 {
        problems.push(format!(
            "sha256 is not the digest of the {} archive",
            archive.platform
        ));
    }
    let installed = installed_files(files, &archive.entries, &mut problems);
    if !installed.iter().any(|path| path == bin) {
        problems.push(format!("bin {bin} is not among the installed files"));
    }
    let license = installed.iter().any(|path| {
        let base = path.rsplit('/').next().unwrap_or_default().to_lowercase();
        LICENSE_FILES.contains(&base.as_str())
    });
    if !license {
        problems.push("no license file is installed".to_string());
    }
    problems
}

/// The base names krew's validator accepts as a license (compared in lowercase).
const LICENSE_FILES: [&str; 8] = [
    "license",
    "license.txt",
    "license.md",
    "licenses",
    "licenses.txt",
    "licenses.md",
    "copying",
    "copying.txt",
];

/// The regular files the `files` operations install (paths relative to the install directory),
/// noting each `from` that is not in the archive. Without `files`, krew installs everything.
/// `from` is taken literally (our template uses no globs).
fn installed_files(files: &[Value], entries: &[String], problems: &mut Vec<String>) -> Vec<String> {
    let regular: Vec<&String> = entries.iter().filter(|e| !e.ends_with('/')).collect();
    if files.is_empty() {
        return regular.into_iter().cloned().collect();
    }
    let mut installed = Vec::new();
    for file in files {
        let from = file["from"]
            .as_str()
            .unwrap_or_default()
            .trim_end_matches('/');
        let to = file["to"]
            .as_str()
            .unwrap_or_default()
            .trim_end_matches('/');
        if from.contains(['*', '?', '[']) {
            problems.push(format!(
                "files.from {from} is a glob; the template uses literal paths"
            ));
            continue;
        }
        let base_dir = from.rsplit_once('/').map_or("", |(dir, _)| dir);
        let matched: Vec<&&String> = regular
            .iter()
            .filter(|e| e.as_str() == from || e.starts_with(&format!("{from}/")))
            .collect();
        if matched.is_empty() {
            problems.push(format!("files.from {from} is not in the archive"));
        }
        for entry in matched {
            let relative = entry
                .strip_prefix(base_dir)
                .unwrap_or(entry)
                .trim_start_matches('/');
            installed.push(if to == "." {
                relative.to_string()
            } else {
                format!("{to}/{relative}")
            });
        }
    }
    installed
}

fn selector_problems(selector: &Value) -> Vec<String> {
    let Some(selector) = selector.as_object() else {
        return vec!["selector must be set".to_string()];
    };
    let labels = selector.get("matchLabels");
    let expressions = selector.get("matchExpressions");
    let mut problems = Vec::new();
    let label_keys: Vec<String> = labels
        .and_then(Value::as_object)
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_default();
    let expression_keys: Vec<String> = expressions
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|e| e["key"].as_str().map(str::to_string))
        .collect();
    if label_keys.is_empty() && expression_keys.is_empty() {
        problems.push("selector must not be empty".to_string());
    }
    if labels.is_some() && label_keys.is_empty() {
        problems.push("matchLabels is present but empty".to_string());
    }
    if expressions.is_some() && expression_keys.is_empty() {
        problems.push("matchExpressions is present but empty".to_string());
    }
    for key in label_keys.iter().chain(&expression_keys) {
        if key != "os" && key != "arch" {
            problems.push(format!(
                "selector key {key} is not supported (only os and arch)"
            ));
        }
    }
    problems
}

/// Every platform must select at least one `<os,arch>` krew runs on, and no `<os,arch>` may be
/// selected by two platforms.
fn selection_problems(platforms: &[Value]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut selected_by: BTreeMap<(&str, &str), Vec<usize>> = BTreeMap::new();
    for (i, platform) in platforms.iter().enumerate() {
        let matched: Vec<(&str, &str)> = KREW_PLATFORMS
            .into_iter()
            .filter(|(os, arch)| selects(&platform["selector"], os, arch))
            .collect();
        if matched.is_empty() {
            problems.push(format!(
                "spec.platforms[{i}] selects no platform krew supports"
            ));
        }
        for pair in matched {
            selected_by.entry(pair).or_default().push(i);
        }
    }
    for ((os, arch), indexes) in selected_by {
        if indexes.len() > 1 {
            problems.push(format!(
                "spec.platforms {indexes:?} overlap: all select {os}/{arch}"
            ));
        }
    }
    problems
}

/// Label-selector semantics for the labels `os` and `arch`.
fn selects(selector: &Value, os: &str, arch: &str) -> bool {
    let value_of = |key: &str| match key {
        "os" => Some(os),
        "arch" => Some(arch),
        _ => None,
    };
    let labels_match = selector["matchLabels"]
        .as_object()
        .into_iter()
        .flatten()
        .all(|(key, want)| value_of(key).is_some_and(|v| want.as_str() == Some(v)));
    let expressions_match = selector["matchExpressions"]
        .as_array()
        .into_iter()
        .flatten()
        .all(|expr| {
            let value = expr["key"].as_str().and_then(value_of);
            let in_values = || {
                expr["values"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .any(|v| value.is_some_and(|x| v.as_str() == Some(x)))
            };
            match expr["operator"].as_str() {
                Some("In") => in_values(),
                Some("NotIn") => !in_values(),
                Some("Exists") => value.is_some(),
                Some("DoesNotExist") => value.is_none(),
                _ => false,
            }
        });
    labels_match && expressions_match
}

fn is_safe_plugin_name(name: &str) -> bool {
    const RESERVED: [&str; 22] = [
        "CON", "PRN", "AUX", "NUL", "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8",
        "COM9", "LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9",
    ];
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
        && !RESERVED.iter().any(|r| r.eq_ignore_ascii_case(name))
}

fn is_sha256(text: &str) -> bool {
    text.len() == 64
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// `v` + MAJOR.MINOR.PATCH with optional `-pre` and `+build` (numbers without leading zeros).
fn is_v_semver(text: &str) -> bool {
    let Some(rest) = text.strip_prefix('v') else {
        return false;
    };
    let (rest, build) = rest
        .split_once('+')
        .map_or((rest, None), |(a, b)| (a, Some(b)));
    let (core, pre) = rest
        .split_once('-')
        .map_or((rest, None), |(a, b)| (a, Some(b)));
    let numbers: Vec<&str> = core.split('.').collect();
    let number_ok = |n: &&str| {
        !n.is_empty()
            && n.bytes().all(|b| b.is_ascii_digit())
            && (n.len() == 1 || !n.starts_with('0'))
    };
    let ident_ok = |s: &str| {
        !s.is_empty()
            && s.split('.')
                .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
    };
    numbers.len() == 3
        && numbers.iter().all(number_ok)
        && pre.is_none_or(ident_ok)
        && build.is_none_or(ident_ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn semantic_versions_need_the_v() {
        for ok in ["v0.1.0", "v1.2.3-rc.1", "v1.0.0+abc", "v10.20.30"] {
            assert!(is_v_semver(ok), "{ok}");
        }
        for bad in [
            "0.1.0", "v1.2", "v01.2.3", "v1.2.3-", "v1.2.3.4", "vx.y.z", "",
        ] {
            assert!(!is_v_semver(bad), "{bad}");
        }
    }

    #[test]
    fn plugin_names_follow_krew() {
        assert!(is_safe_plugin_name("ome"));
        assert!(is_safe_plugin_name("view-secret"));
        assert!(!is_safe_plugin_name("a/b"));
        assert!(!is_safe_plugin_name("con"));
    }
}
