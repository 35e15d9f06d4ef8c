//! The OME operator's `ome-controller-manager` Deployment, as `version` and `admin doctor` read
//! it: the image of its one container named `manager` (diagnose.md §4.4 "Manager image"). Each
//! command words the outcome its own way; the reading is written once, here.

use serde_json::Value;

/// The operator's Deployment name.
pub(crate) const MANAGER_DEPLOYMENT: &str = "ome-controller-manager";

/// The OME release whose contracts this plugin follows (the guide's, v1.3): `admin doctor`
/// compares the operator's image tag with it (website.md §2).
pub(crate) const CONTRACT_RELEASE: &str = "v1.3.0";

/// More containers than a manager Deployment has; beyond this the image is not inspected.
const MAX_CONTAINERS: usize = 32;
/// The longest image reference inspected (bytes).
const MAX_IMAGE: usize = 2048;
/// The longest image tag (the OCI distribution rule).
const MAX_TAG: usize = 128;

/// What the `manager` container's image reference says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ManagerImage {
    /// More than [`MAX_CONTAINERS`] containers: not inspected.
    TooManyContainers,
    /// No container is named `manager`.
    NoManagerContainer,
    /// More than one container is named `manager`.
    AmbiguousManagerContainer,
    /// The reference is longer than [`MAX_IMAGE`] bytes: not inspected.
    TooLong,
    /// Empty, holding whitespace, or a URL (`://`).
    Malformed,
    /// Pinned by digest (`@`).
    DigestOnly,
    /// No tag on the last path segment.
    Untagged,
    /// A tag that is not an image tag (`[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}`); never shown.
    InvalidTag,
    /// An image tag, which is also safe to print.
    Tagged(String),
}

/// Reads the image of the Deployment's one `manager` container.
pub(crate) fn manager_image(deployment: &Value) -> ManagerImage {
    let containers = deployment
        .pointer("/spec/template/spec/containers")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    if containers.len() > MAX_CONTAINERS {
        return ManagerImage::TooManyContainers;
    }
    let managers: Vec<&Value> = containers
        .iter()
        .filter(|c| c.get("name").and_then(Value::as_str) == Some("manager"))
        .collect();
    let image = match managers.as_slice() {
        [] => return ManagerImage::NoManagerContainer,
        [one] => one.get("image").and_then(Value::as_str).unwrap_or_default(),
        _ => return ManagerImage::AmbiguousManagerContainer,
    };
    if image.len() > MAX_IMAGE {
        return ManagerImage::TooLong;
    }
    if image.trim().is_empty() || image.chars().any(char::is_whitespace) || image.contains("://") {
        return ManagerImage::Malformed;
    }
    if image.contains('@') {
        return ManagerImage::DigestOnly;
    }
    let last_segment = image.rsplit('/').next().unwrap_or(image);
    match last_segment.rsplit_once(':') {
        None => ManagerImage::Untagged,
        Some((_, tag)) if is_image_tag(tag) => ManagerImage::Tagged(tag.to_string()),
        Some(_) => ManagerImage::InvalidTag,
    }
}

/// An image tag (`[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}`).
pub(crate) fn is_image_tag(tag: &str) -> bool {
    let mut chars = tag.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        && tag.len() <= MAX_TAG
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn deployment(containers: Value) -> Value {
        json!({"spec": {"template": {"spec": {"containers": containers}}}})
    }

    fn image(image: &str) -> ManagerImage {
        manager_image(&deployment(json!([
            {"name": "kube-rbac-proxy", "image": "quay.io/brancz/kube-rbac-proxy:v0.18.0"},
            {"name": "manager", "image": image},
        ])))
    }

    #[test]
    fn the_tag_of_the_one_manager_container() {
        let tagged = |t: &str| ManagerImage::Tagged(t.to_string());
        assert_eq!(
            image("registry:5000/ome/ome-manager:v1.2.3"),
            tagged("v1.2.3")
        );
        assert_eq!(image("localhost:5000/manager:1.3.0"), tagged("1.3.0"));
        assert_eq!(image("ghcr.io/ome/manager:main"), tagged("main"));
        assert_eq!(image("localhost:5000/manager"), ManagerImage::Untagged);
        assert_eq!(
            image("ghcr.io/ome/manager@sha256:ab"),
            ManagerImage::DigestOnly
        );
        assert_eq!(image("ome:v1\u{1b}[2J"), ManagerImage::InvalidTag);
        assert_eq!(
            image(&format!("ome:{}", "v".repeat(129))),
            ManagerImage::InvalidTag
        );
        for malformed in ["", " ", "ome: v1", "https://x/y:v1.0.0"] {
            assert_eq!(image(malformed), ManagerImage::Malformed, "{malformed:?}");
        }
        assert_eq!(image(&"a".repeat(2049)), ManagerImage::TooLong);
    }

    #[test]
    fn the_manager_container_must_be_one_among_few() {
        let of = |containers: Value| manager_image(&deployment(containers));
        assert_eq!(
            of(json!([{"name": "sidecar", "image": "x:v1"}])),
            ManagerImage::NoManagerContainer
        );
        assert_eq!(of(json!(null)), ManagerImage::NoManagerContainer);
        assert_eq!(
            of(json!([{"name": "manager", "image": "x"}, {"name": "manager", "image": "y"}])),
            ManagerImage::AmbiguousManagerContainer
        );
        let many: Vec<Value> = (0..33).map(|i| json!({"name": format!("c{i}")})).collect();
        assert_eq!(of(Value::Array(many)), ManagerImage::TooManyContainers);
    }
}
