//! Packaging files agree with the crate: the krew manifest's version and binaries.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

#[test]
fn krew_manifest_matches_the_crate() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/krew-manifest.yaml"))
        .unwrap();
    let manifest: serde_json::Value = serde_saphyr::from_str(&text).unwrap();
    assert_eq!(manifest["kind"], "Plugin");
    assert_eq!(
        manifest["metadata"]["name"], "ome",
        "installed as `kubectl ome`"
    );
    let version = format!("v{}", env!("CARGO_PKG_VERSION"));
    assert_eq!(manifest["spec"]["version"], version.as_str());
    let platforms = manifest["spec"]["platforms"].as_array().unwrap();
    assert!(!platforms.is_empty());
    for platform in platforms {
        assert_eq!(platform["bin"], "kubectl-ome");
        assert!(platform["uri"].as_str().unwrap().contains(&version));
        let files: Vec<&str> = platform["files"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["from"].as_str().unwrap())
            .collect();
        assert!(
            files.contains(&"kubectl_complete-ome"),
            "the completion entry ships too"
        );
    }
}
