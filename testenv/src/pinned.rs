//! A completed pinned canary run as OME's controller reports it (conformance.md §1–§2), for
//! the tests and benches that scale or pause while a run is open.

use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};

use crate::util::rfc3339_in;

/// `ct1:` + 12 hex of SHA-256 over the sorted `<component>=<revision>` parts (conformance.md
/// §1.3).
pub fn target_id(parts: &[(&str, &str)]) -> String {
    let mut parts: Vec<String> = parts.iter().map(|(c, r)| format!("{c}={r}")).collect();
    parts.sort();
    let digest = Sha256::digest(parts.join(";").as_bytes());
    let hex: String = digest.iter().take(6).map(|b| format!("{b:02x}")).collect();
    format!("ct1:{hex}")
}

/// The service status (merge-patch content of `status`) of a completed pinned canary over
/// `members` (component, revision): the V2 inline plan (digest `rp1:3b53f9962fd8`), every
/// member `Stable`, and the top-level canary status at its last step with `canary_target_id`
/// and the `primary` revision.
pub fn completed_canary(members: &[(&str, &str)], canary_target_id: &str, primary: &str) -> Value {
    let names: Vec<&str> = members.iter().map(|(c, _)| *c).collect();
    let targets: Vec<Value> = members
        .iter()
        .map(|(c, r)| json!({"component": c, "revision": r, "stableRevision": r}))
        .collect();
    let run = json!({"runID": "chat-0123456789ab", "openedAt": rfc3339_in(-300),
        "pinnedAt": rfc3339_in(-240),
        "plan": {"groups": [{"source": "Inline", "portableDigest": "rp1:3b53f9962fd8",
            "group": {"components": names, "canary": {"steps": [
                {"capacity": "50%", "traffic": 50}, {"capacity": "100%", "traffic": 100}]}}}]},
        "targetRevisions": targets});
    let components: Map<String, Value> = names
        .iter()
        .map(|name| (name.to_string(), json!({"rolloutPhase": "Stable"})))
        .collect();
    json!({"rollout": {"activeRun": run}, "components": components,
           "canary": {"targetID": canary_target_id, "canaryRevisionHash": primary,
                      "currentStep": 2, "observedTrafficWeight": 100,
                      "stepEnteredTime": rfc3339_in(-60)}})
}
