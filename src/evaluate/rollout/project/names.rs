//! Revision-name formats (evidence-strictness.md §1.2): the per-revision Service names in
//! `status.components.<c>`, the component revisions of a lifecycle and the bare hashes of a
//! canary. Each read returns the 8-hex hash only when the name has exactly the form OME writes.

use sha2::{Digest, Sha256};

/// Kubernetes' limit for a Service name.
const SERVICE_NAME_MAX: usize = 63;
/// Bytes kept from the end of a truncated name.
const TRUNCATED_TAIL: usize = 54;

/// True for exactly 8 lowercase hexadecimal characters.
pub(crate) fn is_hash(text: &str) -> bool {
    text.len() == 8
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// `T(s)`: `s` if it fits in 63 bytes, else `<p>-<last 54 bytes of s>` with `p` the first 8 hex
/// of SHA-256(s), a leading digit replaced by `a`.
pub(crate) fn truncate_service_name(name: &str) -> String {
    if name.len() <= SERVICE_NAME_MAX {
        return name.to_string();
    }
    let digest = Sha256::digest(name.as_bytes());
    let mut prefix: String = digest.iter().take(4).map(|b| format!("{b:02x}")).collect();
    if prefix.starts_with(|c: char| c.is_ascii_digit()) {
        prefix.replace_range(0..1, "a");
    }
    let tail = name
        .get(name.len().saturating_sub(TRUNCATED_TAIL)..)
        .unwrap_or(name);
    format!("{prefix}-{tail}")
}

/// The last 8 bytes of `name`, when they are a hash.
fn trailing_hash(name: &str) -> Option<&str> {
    name.get(name.len().checked_sub(8)?..)
        .filter(|h| is_hash(h))
}

/// The hash of a per-revision Service name `T(<isvc>-<component>-rev-<h>)`.
pub(crate) fn service_revision_hash(name: &str, isvc: &str, component: &str) -> Option<String> {
    let hash = trailing_hash(name)?;
    (truncate_service_name(&format!("{isvc}-{component}-rev-{hash}")) == name)
        .then(|| hash.to_string())
}

/// The hash of a component revision `<isvc>-<component>-<h>` (lifecycle revisions).
pub(crate) fn component_revision_hash(name: &str, isvc: &str, component: &str) -> Option<String> {
    let hash = name
        .strip_prefix(isvc)?
        .strip_prefix('-')?
        .strip_prefix(component)?
        .strip_prefix('-')?;
    is_hash(hash).then(|| hash.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn service_names_exactly() {
        assert_eq!(
            service_revision_hash("chat-engine-rev-7f9c4d2b", "chat", "engine").as_deref(),
            Some("7f9c4d2b")
        );
        for bad in [
            "chat-decoder-rev-7f9c4d2b",
            "chat-engine-rev-7F9C4D2B",
            "chat-engine-rev-7f9c4d2",
            "other-engine-rev-7f9c4d2b",
            "chat-engine-7f9c4d2b",
            "xchat-engine-rev-7f9c4d2b",
            "",
        ] {
            assert_eq!(service_revision_hash(bad, "chat", "engine"), None, "{bad}");
        }
    }

    #[test]
    fn long_names_are_truncated_to_63_bytes() {
        let isvc = format!("chat-{}", "x".repeat(45));
        let full = format!("{isvc}-engine-rev-1a2b3c4d");
        assert_eq!(full.len(), 70);
        let short = truncate_service_name(&full);
        assert_eq!(short.len(), 63);
        assert!(short.ends_with(full.get(full.len() - 54..).unwrap()));
        assert!(!short.starts_with(|c: char| c.is_ascii_digit()));
        assert_eq!(
            service_revision_hash(&short, &isvc, "engine").as_deref(),
            Some("1a2b3c4d")
        );
        // The untruncated form is not a name OME writes.
        assert_eq!(service_revision_hash(&full, &isvc, "engine"), None);
        // A name of exactly 63 bytes stays as it is.
        let isvc63 = "a".repeat(63 - "-engine-rev-1a2b3c4d".len());
        let exact = format!("{isvc63}-engine-rev-1a2b3c4d");
        assert_eq!(truncate_service_name(&exact), exact);
    }

    #[test]
    fn component_revisions() {
        assert_eq!(
            component_revision_hash("chat-engine-7f9c4d2b", "chat", "engine").as_deref(),
            Some("7f9c4d2b")
        );
        for bad in [
            "chat-engine-zzzzzzzz",
            "chat-decoder-7f9c4d2b",
            "chat-engine-rev-7f9c4d2b",
        ] {
            assert_eq!(
                component_revision_hash(bad, "chat", "engine"),
                None,
                "{bad}"
            );
        }
        assert!(is_hash("0a1b2c3d") && !is_hash("0A1B2C3D") && !is_hash("0a1b2c3"));
    }
}
