//! The krew manifest against krew's rules: apiVersion/kind, name `ome` equal to the file's,
//! `v`-prefixed semver, one-line shortDescription, non-empty platforms whose selectors use only
//! `os`/`arch`, select a platform krew runs on and never overlap, lowercase 64-hex sha256,
//! `bin` set, every `files.from` present in the archive, a license file installed. The
//! manifest the release command renders passes; each rule catches its own violation.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use serde_json::{Value, json};
use std::path::Path;
use xtask::archive::archive_name;
use xtask::manifest::{BuiltArchive, PENDING_SHA256, RENDERED, TEMPLATE, render, validate};
use xtask::platform::{KREW_PLATFORMS, Platform};
use xtask::release::{Options, release};

/// A release of a stand-in binary (the rules do not look inside it): the rendered manifest and
/// what was built.
fn rendered(out: &Path) -> (Value, Vec<BuiltArchive>) {
    let binary = out.join("stand-in");
    std::fs::write(&binary, "#!/bin/sh\n").unwrap();
    let options = Options {
        binary: Some(binary),
        out_dir: Some(out.join("dist")),
        ..Default::default()
    };
    let release = release(&xtask::repo_root(), &options).unwrap();
    let text = std::fs::read_to_string(&release.manifest).unwrap();
    let built = release.archives.into_iter().map(|(_, a)| a).collect();
    (serde_saphyr::from_str(&text).unwrap(), built)
}

#[test]
fn the_rendered_manifest_follows_krews_rules() {
    let out = tempfile::tempdir().unwrap();
    let (manifest, built) = rendered(out.path());
    assert_eq!(validate(RENDERED, &manifest, &built), Vec::<String>::new());
    assert_eq!(manifest["metadata"]["name"], "ome");
    let version = xtask::version();
    assert_eq!(manifest["spec"]["version"], format!("v{version}"));
    let [archive] = built.as_slice() else {
        panic!("one archive");
    };
    let platforms = manifest["spec"]["platforms"].as_array().unwrap();
    assert_eq!(platforms.len(), 6, "every platform of the template");
    let platform = platform_entry(&manifest, &archive.platform);
    // The five built elsewhere carry the pending digest, and the header says so.
    let pending: Vec<&Value> = platforms
        .iter()
        .filter(|p| p["sha256"] == PENDING_SHA256)
        .collect();
    assert_eq!(pending.len(), 5);
    let text = std::fs::read_to_string(out.path().join("dist").join(RENDERED)).unwrap();
    assert!(text.contains("# Pending: "), "{text}");
    assert!(text.contains("darwin/arm64"), "{text}");
    let name = format!(
        "kubectl-ome_{version}_{}_{}.tar.gz",
        archive.platform.os, archive.platform.arch
    );
    assert!(
        platform["uri"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/v{version}/{name}"))
    );
    assert_eq!(platform["sha256"], archive.sha256.as_str());
    let sum = std::fs::read_to_string(out.path().join("dist").join(format!("{name}.sha256")));
    assert_eq!(sum.unwrap(), format!("{}  {name}\n", archive.sha256));
    for entry in [
        "kubectl-ome",
        "LICENSE",
        "README.md",
        "man/man1/kubectl-ome.1",
    ] {
        assert!(archive.entries.contains(&entry.to_string()), "{entry}");
    }
    // The man pages shipped are the real commands' pages, none for clap's `help`.
    let shipped: Vec<&String> = archive
        .entries
        .iter()
        .filter(|e| e.starts_with("man/man1/") && !e.ends_with('/'))
        .collect();
    let pages = xtask::generate::man_pages().unwrap();
    let generated: Vec<String> = pages
        .iter()
        .map(|p| p.path.to_string_lossy().into_owned())
        .collect();
    assert_eq!(shipped, generated.iter().collect::<Vec<_>>());
    assert!(!shipped.iter().any(|e| e.contains("-help")), "{shipped:?}");
}

#[test]
fn each_rule_catches_its_violation() {
    let out = tempfile::tempdir().unwrap();
    let (manifest, built) = rendered(out.path());
    type Edit = fn(&mut Value);
    let cases: [(&str, Edit, &str); 14] = [
        ("ome.yaml", |m| m["apiVersion"] = json!("v1"), "apiVersion"),
        ("ome.yaml", |m| m["kind"] = json!("Pod"), "kind"),
        (
            "ome.yaml",
            |m| m["metadata"]["name"] = json!("a/b"),
            "metadata.name",
        ),
        ("krew-manifest.yaml", |_| {}, "must be named ome.yaml"),
        (
            "ome.yaml",
            |m| m["spec"]["version"] = json!("0.1.0"),
            "spec.version",
        ),
        (
            "ome.yaml",
            |m| m["spec"]["shortDescription"] = json!("a\nb"),
            "shortDescription",
        ),
        (
            "ome.yaml",
            |m| m["spec"]["platforms"] = json!([]),
            "platforms must not be empty",
        ),
        (
            "ome.yaml",
            |m| platform(m)["selector"]["matchLabels"]["distro"] = json!("x"),
            "distro",
        ),
        (
            "ome.yaml",
            |m| platform(m)["selector"] = json!({}),
            "selector must not be empty",
        ),
        (
            "ome.yaml",
            |m| platform(m)["selector"]["matchLabels"]["os"] = json!("plan9"),
            "selects no platform",
        ),
        ("ome.yaml", overlap, "overlap"),
        ("ome.yaml", |m| upper_sha(platform(m)), "64 lowercase hex"),
        (
            "ome.yaml",
            |m| platform(m)["bin"] = json!(""),
            "bin must be set",
        ),
        (
            "ome.yaml",
            |m| platform(m)["files"][1]["from"] = json!("COPYING"),
            "COPYING is not in the archive",
        ),
    ];
    for (file, edit, expected) in cases {
        let mut broken = manifest.clone();
        edit(&mut broken);
        let problems = validate(file, &broken, &built);
        assert!(
            problems.iter().any(|p| p.contains(expected)),
            "{expected}: {problems:?}"
        );
    }
    let mut no_license = manifest.clone();
    let files = platform(&mut no_license)["files"].as_array_mut().unwrap();
    files.retain(|f| f["from"] != "LICENSE");
    assert_eq!(
        validate(RENDERED, &no_license, &built),
        ["spec.platforms[0]: no license file is installed"]
    );
}

fn platform(manifest: &mut Value) -> &mut Value {
    &mut manifest["spec"]["platforms"][0]
}

fn overlap(manifest: &mut Value) {
    let copy = manifest["spec"]["platforms"][0].clone();
    manifest["spec"]["platforms"]
        .as_array_mut()
        .unwrap()
        .push(copy);
}

fn upper_sha(platform: &mut Value) {
    let upper = platform["sha256"].as_str().unwrap().to_uppercase();
    platform["sha256"] = json!(upper);
}

/// A Windows archive is a zip holding `kubectl-ome.exe`, and the manifest installs that as
/// `bin`; archives built elsewhere join the manifest by name.
#[test]
fn windows_is_a_zip_with_an_exe_and_other_archives_join_the_manifest() {
    let out = tempfile::tempdir().unwrap();
    let binary = out.path().join("stand-in.exe");
    std::fs::write(&binary, "MZ stand-in").unwrap();
    let windows = release(
        &xtask::repo_root(),
        &Options {
            binary: Some(binary.clone()),
            targets: vec!["x86_64-pc-windows-gnu".to_string()],
            out_dir: Some(out.path().join("windows")),
            ..Default::default()
        },
    )
    .unwrap();
    let [(zip, archive)] = windows.archives.as_slice() else {
        panic!("one archive");
    };
    let version = xtask::version();
    assert_eq!(
        zip.file_name().unwrap().to_string_lossy(),
        format!("kubectl-ome_{version}_windows_amd64.zip")
    );
    assert!(archive.entries.contains(&"kubectl-ome.exe".to_string()));
    assert!(!archive.entries.contains(&"kubectl-ome".to_string()));
    assert!(std::fs::read(zip).unwrap().starts_with(b"PK\x03\x04"));
    // The same binary gives the same archive.
    let again = release(
        &xtask::repo_root(),
        &Options {
            binary: Some(binary),
            targets: vec!["x86_64-pc-windows-gnu".to_string()],
            out_dir: Some(out.path().join("again")),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(again.archives[0].1.sha256, archive.sha256);

    let (linux, built) = rendered(out.path());
    let both = release(
        &xtask::repo_root(),
        &Options {
            archives: vec![zip.clone(), linux_archive(out.path(), &built)],
            out_dir: Some(out.path().join("both")),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(both.archives.len(), 2);
    let text = std::fs::read_to_string(&both.manifest).unwrap();
    let manifest: Value = serde_saphyr::from_str(&text).unwrap();
    let built: Vec<BuiltArchive> = both.archives.into_iter().map(|(_, a)| a).collect();
    assert_eq!(validate(RENDERED, &manifest, &built), Vec::<String>::new());
    let platforms = manifest["spec"]["platforms"].as_array().unwrap();
    assert_eq!(
        platforms
            .iter()
            .filter(|p| p["sha256"] == PENDING_SHA256)
            .count(),
        4
    );
    let windows = platform_entry(&manifest, &archive.platform);
    assert_eq!(windows["bin"], "kubectl-ome.exe");
    assert_eq!(windows["sha256"], archive.sha256.as_str());
    let host = &built[1].platform;
    assert_eq!(
        platform_entry(&linux, host)["sha256"],
        platform_entry(&manifest, host)["sha256"]
    );
    assert_ne!(platform_entry(&manifest, host)["sha256"], PENDING_SHA256);
}

/// The manifest's entry for `platform`.
fn platform_entry<'a>(manifest: &'a Value, platform: &Platform) -> &'a Value {
    manifest["spec"]["platforms"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| {
            p["selector"]["matchLabels"]["os"] == platform.os.as_str()
                && p["selector"]["matchLabels"]["arch"] == platform.arch.as_str()
        })
        .unwrap_or_else(|| panic!("no entry for {platform}"))
}

/// `--complete` (the workflow's final render) refuses a manifest with a pending platform and
/// writes none; with every archive it writes one without pending digests.
#[test]
fn complete_refuses_pending_platforms() {
    let out = tempfile::tempdir().unwrap();
    let (_, built) = rendered(out.path());
    let refused = release(
        &xtask::repo_root(),
        &Options {
            archives: vec![linux_archive(out.path(), &built)],
            out_dir: Some(out.path().join("complete")),
            complete: true,
            ..Default::default()
        },
    )
    .unwrap_err();
    let message = refused.to_string();
    assert!(
        message.starts_with("--complete: no archive for "),
        "{message}"
    );
    assert!(message.contains("darwin/amd64"), "{message}");
    assert!(!out.path().join("complete").join(RENDERED).exists());
}

/// An archive built elsewhere is listed only when it matches the `.sha256` packed with it: a
/// changed archive, or one without its `.sha256`, is refused and no manifest is written.
#[test]
fn an_archive_is_listed_only_if_it_matches_its_sha256() {
    let out = tempfile::tempdir().unwrap();
    let (_, built) = rendered(out.path());
    let archive = linux_archive(out.path(), &built);
    let listed = |dir: &str| {
        release(
            &xtask::repo_root(),
            &Options {
                archives: vec![archive.clone()],
                out_dir: Some(out.path().join(dir)),
                ..Default::default()
            },
        )
    };
    assert!(listed("intact").is_ok());
    let sum = archive.with_file_name(format!(
        "{}.sha256",
        archive.file_name().unwrap().to_string_lossy()
    ));
    let bytes = std::fs::read(&archive).unwrap();
    std::fs::write(&archive, &bytes[..bytes.len() - 1]).unwrap();
    let cut = listed("cut").unwrap_err().to_string();
    assert!(
        cut.contains(" does not match ") && cut.contains(".sha256: its sha256 is "),
        "{cut}"
    );
    assert!(!out.path().join("cut").join(RENDERED).exists());
    std::fs::write(&archive, &bytes).unwrap();
    std::fs::remove_file(&sum).unwrap();
    let missing = format!("{:#}", listed("missing").unwrap_err());
    assert!(
        missing.contains("every --archive comes with its .sha256"),
        "{missing}"
    );
    assert!(!out.path().join("missing").join(RENDERED).exists());
}

/// The host archive `rendered` wrote below `out`.
fn linux_archive(out: &Path, built: &[BuiltArchive]) -> std::path::PathBuf {
    let [archive] = built else {
        panic!("one archive");
    };
    out.join("dist")
        .join(archive_name(&xtask::version(), &archive.platform))
}

/// Every platform of the template renders into a valid manifest once its archive exists, so
/// a release machine that builds them all publishes a manifest krew accepts.
#[test]
fn every_template_platform_is_valid_once_built() {
    let template = std::fs::read_to_string(xtask::repo_root().join(TEMPLATE)).unwrap();
    let parsed: Value = serde_saphyr::from_str(&template).unwrap();
    let platforms: Vec<Platform> = parsed["spec"]["platforms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| xtask::manifest::platform_of(p).unwrap())
        .collect();
    assert!(platforms.contains(&Platform::new("linux", "amd64")));
    let mut expected: Vec<Platform> = KREW_PLATFORMS
        .iter()
        .filter(|(_, arch)| ["amd64", "arm64"].contains(arch))
        .map(|(os, arch)| Platform::new(os, arch))
        .collect();
    expected.sort();
    let mut listed = platforms.clone();
    listed.sort();
    assert_eq!(
        listed, expected,
        "linux, darwin and windows on amd64 and arm64"
    );
    let built: Vec<BuiltArchive> = platforms
        .iter()
        .enumerate()
        .map(|(i, platform)| BuiltArchive {
            platform: platform.clone(),
            sha256: format!("{i:064x}"),
            entries: [
                platform.binary_name().as_str(),
                "LICENSE",
                "README.md",
                "man/",
                "man/man1/",
                "man/man1/kubectl-ome.1",
            ]
            .map(String::from)
            .to_vec(),
        })
        .collect();
    let rendered = render(&template, "9.8.7", &built).unwrap();
    assert_eq!(rendered.pending, Vec::<Platform>::new());
    assert!(!rendered.text.contains("Pending"));
    let manifest: Value = serde_saphyr::from_str(&rendered.text).unwrap();
    assert_eq!(validate(RENDERED, &manifest, &built), Vec::<String>::new());
    for (rendered, platform) in manifest["spec"]["platforms"]
        .as_array()
        .unwrap()
        .iter()
        .zip(&platforms)
    {
        let uri = rendered["uri"].as_str().unwrap();
        let name = format!("/v9.8.7/{}", archive_name("9.8.7", platform));
        assert!(uri.ends_with(&name), "{uri}");
        assert_eq!(rendered["bin"], platform.binary_name());
        assert!(KREW_PLATFORMS.contains(&(platform.os.as_str(), platform.arch.as_str())));
    }
}
