//! The manager image and the version comparison (diagnose.md §4.4 "Manager image",
//! "version"). The operator's running version is never verifiable from an image tag, so skew
//! stays `Unverifiable`; the tag comparison is computed, and is not compatibility. It compares
//! the operator's tag with the OME release whose contracts this plugin follows, not with the
//! plugin's own version, which is numbered on its own (website.md §2).

use super::report::Version;
use crate::ome::manager::{self, CONTRACT_RELEASE, ManagerImage as Read};
use serde_json::Value;

/// What the manager Deployment says about the operator's image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ManagerImage {
    pub(crate) state: &'static str,
    /// `vX.Y.Z` when the tag is a stable version.
    pub(crate) candidate: Option<String>,
    /// More containers than are inspected.
    pub(crate) truncated: bool,
}

impl ManagerImage {
    pub(crate) fn unavailable() -> ManagerImage {
        ManagerImage {
            state: "Unavailable",
            candidate: None,
            truncated: false,
        }
    }
}

/// The `manager` container's image of the Deployment, in the doctor's states.
pub(crate) fn manager_image(deployment: &Value) -> ManagerImage {
    let state = |state: &'static str| ManagerImage {
        state,
        candidate: None,
        truncated: false,
    };
    match manager::manager_image(deployment) {
        Read::TooManyContainers => ManagerImage {
            truncated: true,
            ..ManagerImage::unavailable()
        },
        Read::TooLong => ManagerImage::unavailable(),
        Read::NoManagerContainer => state("NoManagerContainer"),
        Read::AmbiguousManagerContainer => state("AmbiguousManagerContainer"),
        Read::Malformed => state("Malformed"),
        Read::DigestOnly => state("DigestOnly"),
        Read::Untagged => state("UnversionedImage"),
        Read::InvalidTag => state("NonCanonicalTag"),
        Read::Tagged(tag) => match stable_version(&tag) {
            Some(candidate) => ManagerImage {
                state: "SelectedStableTag",
                candidate: Some(candidate),
                truncated: false,
            },
            None => state("NonCanonicalTag"),
        },
    }
}

/// `v?X.Y.Z` with decimal parts → `vX.Y.Z` (numbers without leading zeros).
pub(crate) fn stable_version(text: &str) -> Option<String> {
    let parts = parse(text)?;
    Some(format!("v{}.{}.{}", parts[0], parts[1], parts[2]))
}

fn parse(text: &str) -> Option<[u64; 3]> {
    let bare = text.strip_prefix('v').unwrap_or(text);
    let mut out = [0u64; 3];
    let mut count = 0;
    for (slot, part) in out.iter_mut().zip(bare.split('.')) {
        if part.is_empty() || part.len() > 9 || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        *slot = part.parse().ok()?;
        count += 1;
    }
    (count == 3 && bare.split('.').count() == 3).then_some(out)
}

/// The `version` block for this build and the manager image.
pub(crate) fn version(build_version: &str, image: &ManagerImage) -> Version {
    let client = stable_version(build_version);
    let comparison = match (
        parse(CONTRACT_RELEASE),
        image.candidate.as_deref().and_then(parse),
    ) {
        (Some(a), Some(b)) if a[0] != b[0] => "MajorMismatch",
        (Some(a), Some(b)) if a[1].abs_diff(b[1]) > 1 => "OutsideOneMinor",
        (Some(_), Some(_)) => "WithinOneMinor",
        _ => "Unknown",
    };
    Version {
        client_version_state: if client.is_some() {
            "CanonicalCandidate"
        } else {
            "Unknown"
        },
        client_version: client.unwrap_or_else(|| "unknown".to_string()),
        manager_image_state: image.state,
        manager_image_candidate: image.candidate.clone(),
        image_tag_comparison: comparison,
        operator_version_state: "Unverifiable",
        skew_state: "Unverifiable",
        comparison_evidence: "Computed",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn deployment(containers: Value) -> Value {
        json!({"spec": {"template": {"spec": {"containers": containers}}}})
    }

    fn state_of(image: &str) -> (&'static str, Option<String>) {
        let m = manager_image(&deployment(json!([{"name": "manager", "image": image}])));
        (m.state, m.candidate)
    }

    #[test]
    fn image_states() {
        assert_eq!(
            state_of("ghcr.io/ome/manager:v1.2.3"),
            ("SelectedStableTag", Some("v1.2.3".into()))
        );
        assert_eq!(
            state_of("localhost:5000/manager:1.3.0"),
            ("SelectedStableTag", Some("v1.3.0".into()))
        );
        assert_eq!(state_of("localhost:5000/manager").0, "UnversionedImage");
        assert_eq!(state_of("ghcr.io/ome/manager:main").0, "NonCanonicalTag");
        assert_eq!(
            state_of("ghcr.io/ome/manager:v1.2.3-rc.1").0,
            "NonCanonicalTag"
        );
        assert_eq!(state_of("ghcr.io/ome/manager@sha256:ab").0, "DigestOnly");
        assert_eq!(state_of(" ").0, "Malformed");
        assert_eq!(state_of("https://x/y:v1.0.0").0, "Malformed");
        assert_eq!(state_of(&"a".repeat(2049)).0, "Unavailable");
        let none = manager_image(&deployment(json!([{"name": "sidecar", "image": "x"}])));
        assert_eq!(none.state, "NoManagerContainer");
        let two = manager_image(&deployment(
            json!([{"name": "manager", "image": "x"}, {"name": "manager", "image": "y"}]),
        ));
        assert_eq!(two.state, "AmbiguousManagerContainer");
        let many: Vec<Value> = (0..33).map(|i| json!({"name": format!("c{i}")})).collect();
        let over = manager_image(&deployment(Value::Array(many)));
        assert_eq!((over.state, over.truncated), ("Unavailable", true));
    }

    #[test]
    fn tag_comparison() {
        let image = |v: &str| ManagerImage {
            state: "SelectedStableTag",
            candidate: Some(v.into()),
            truncated: false,
        };
        // Against OME v1.3, whatever the plugin's own version.
        for build in ["0.1.0", "1.2.0", "2.0.0"] {
            let comparison = |tag: &str| version(build, &image(tag)).image_tag_comparison;
            assert_eq!(comparison("v1.2.3"), "WithinOneMinor");
            assert_eq!(comparison("v1.3.0"), "WithinOneMinor");
            assert_eq!(comparison("v1.4.0"), "WithinOneMinor");
            assert_eq!(comparison("v1.5.0"), "OutsideOneMinor");
            assert_eq!(comparison("v1.1.9"), "OutsideOneMinor");
            assert_eq!(comparison("v2.3.0"), "MajorMismatch");
            assert_eq!(comparison("v0.3.0"), "MajorMismatch");
        }
        let v = version("1.2.0", &ManagerImage::unavailable());
        assert_eq!(v.image_tag_comparison, "Unknown");
        assert_eq!(v.client_version, "v1.2.0");
        assert_eq!(v.client_version_state, "CanonicalCandidate");
        assert_eq!(
            version("dev", &ManagerImage::unavailable()).client_version_state,
            "Unknown"
        );
    }
}
