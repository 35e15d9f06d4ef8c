//! Revision names → revision hashes, and per-revision traffic roles.

use super::model::{TrafficProjection, TrafficRole};
use crate::ome::isvc::TrafficTarget;

/// The hash of a revision name (`chat-engine-rev-7f9c4d2b` → `7f9c4d2b`): the segment after the
/// last `-`. `None` when the name is not a DNS-1123 subdomain or the hash segment is empty.
pub(crate) fn revision_hash(name: &str) -> Option<String> {
    if name.is_empty() || name.len() > 253 {
        return None;
    }
    let valid_chars = name
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.');
    let edges_ok = name
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphanumeric())
        && name
            .bytes()
            .last()
            .is_some_and(|b| b.is_ascii_alphanumeric());
    if !valid_chars || !edges_ok {
        return None;
    }
    let (_, hash) = name.rsplit_once('-')?;
    if hash.is_empty() || !hash.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    Some(hash.to_string())
}

/// The outcome of reading an optional revision name: absent, a hash, or an invalid name.
pub(crate) enum Revision {
    Absent,
    Hash(String),
    Invalid,
}

pub(crate) fn read_revision(name: Option<&str>) -> Revision {
    match name {
        None | Some("") => Revision::Absent,
        Some(n) => revision_hash(n).map_or(Revision::Invalid, Revision::Hash),
    }
}

/// Projects the traffic list; `Err(())` when any entry is malformed or percents do not add up
/// to 100 (the valid entries are still returned).
pub(crate) fn project_traffic(
    traffic: &[TrafficTarget],
    rolled_out: Option<&str>,
    ready: Option<&str>,
    previous: Option<&str>,
) -> (Vec<TrafficProjection>, bool) {
    let mut out = Vec::new();
    let mut valid = traffic.len() <= 8;
    let mut sum = 0i64;
    for entry in traffic {
        let hash = entry.revision_name.as_deref().and_then(revision_hash);
        let percent = entry.percent.filter(|p| (0..=100).contains(p));
        match (hash, percent) {
            (Some(hash), Some(percent)) => {
                sum += percent;
                let role = if Some(hash.as_str()) == rolled_out {
                    TrafficRole::Current
                } else if Some(hash.as_str()) == ready {
                    TrafficRole::Target
                } else if Some(hash.as_str()) == previous {
                    TrafficRole::Previous
                } else {
                    TrafficRole::Other
                };
                out.push(TrafficProjection {
                    revision_hash: hash,
                    percent,
                    role,
                });
            }
            _ => valid = false,
        }
    }
    if !traffic.is_empty() && sum != 100 {
        valid = false;
    }
    (out, valid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes() {
        assert_eq!(
            revision_hash("chat-engine-rev-7f9c4d2b").as_deref(),
            Some("7f9c4d2b")
        );
        assert_eq!(revision_hash("nohash"), None);
        assert_eq!(revision_hash("Bad-Name-1"), None);
        assert_eq!(revision_hash("x-"), None);
    }
}
