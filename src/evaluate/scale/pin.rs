//! The writer contract of a pinned runtime ControllerRevision (evidence-strictness.md §2.3): the
//! revision must be one OME's controller wrote for exactly this runtime, with `data` the runtime
//! spec itself and the hash label the hash of the `data` bytes as received.
//!
//! Unconfirmed: the controller's canonical byte form. The safe choice: hash the raw `data` slice
//! (never a re-serialised value), and require compact JSON without duplicate keys and with only
//! known top-level runtime-spec keys.

use crate::evaluate::rollout::project::read::at;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use serde_json::value::RawValue;
use sha2::{Digest, Sha256};
use std::collections::HashSet;
use std::fmt;

/// The top-level keys of a ServingRuntime spec (its own fields and the inlined pod spec).
const RUNTIME_SPEC_KEYS: [&str; 22] = [
    "supportedModelFormats",
    "modelSizeRange",
    "disabled",
    "routerConfig",
    "engineConfig",
    "decoderConfig",
    "protocolVersions",
    "acceleratorRequirements",
    "scalingPolicy",
    "workers",
    "containers",
    "volumes",
    "nodeSelector",
    "affinity",
    "tolerations",
    "labels",
    "annotations",
    "imagePullSecrets",
    "schedulerName",
    "hostIPC",
    "dnsPolicy",
    "hostNetwork",
];

/// Which runtime the pin must belong to.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PinTarget<'a> {
    /// The revision name asked for (`spec.runtime.revision` or `status.pinnedRevisionName`).
    pub(crate) name: &'a str,
    pub(crate) ome_namespace: &'a str,
    pub(crate) runtime: &'a str,
    /// `ClusterServingRuntime` or `ServingRuntime`.
    pub(crate) kind: &'a str,
    /// The service's namespace for `ServingRuntime`, empty for the cluster kind.
    pub(crate) runtime_namespace: &'a str,
}

/// A verified pin: the parsed envelope and the runtime spec it carries.
#[derive(Debug, Clone)]
pub(crate) struct VerifiedPin {
    pub(crate) object: Value,
    pub(crate) spec: Value,
}

/// Why a revision is not an OME pin of this runtime (safe to print).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RevisionInconsistent;

#[derive(serde::Deserialize)]
struct RawRevision<'a> {
    #[serde(borrow, default)]
    data: Option<&'a RawValue>,
}

/// Checks the revision body as received against the writer contract.
pub(crate) fn verify(body: &[u8], target: PinTarget) -> Result<VerifiedPin, RevisionInconsistent> {
    let refuse = Err(RevisionInconsistent);
    let object: Value = serde_json::from_slice(body).map_err(|_| RevisionInconsistent)?;
    let raw: RawRevision = serde_json::from_slice(body).map_err(|_| RevisionInconsistent)?;
    let Some(data) = raw.data else {
        return refuse;
    };
    let bytes = data.get().as_bytes();
    let meta = at(&object, &["metadata"]);
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    let label = |key: &str| text(at(meta, &["labels", key]));
    let hash = label("ome.io/revision-hash");
    let expected_name = if target.kind == "ClusterServingRuntime" {
        format!("cr-{}-{hash}", target.runtime)
    } else {
        format!("r-{}-{}-{hash}", target.runtime_namespace, target.runtime)
    };
    let envelope_ok = text(at(meta, &["name"])) == target.name
        && text(at(meta, &["namespace"])) == target.ome_namespace
        && text(at(meta, &["annotations", "ome.io/created-by"])) == "ome-controller"
        && label("ome.io/runtime-of") == target.runtime
        && matches!(target.kind, "ClusterServingRuntime" | "ServingRuntime")
        && label("ome.io/runtime-of-kind") == target.kind
        && label("ome.io/runtime-of-namespace") == target.runtime_namespace
        && at(&object, &["revision"]).as_i64() == Some(1)
        && hash == sha8(bytes)
        && target.name == expected_name;
    if !envelope_ok || !data_ok(bytes) {
        return refuse;
    }
    let spec: Value = serde_json::from_slice(bytes).map_err(|_| RevisionInconsistent)?;
    if spec.get("disabled") == Some(&Value::Bool(true)) {
        return refuse;
    }
    Ok(VerifiedPin { object, spec })
}

fn sha8(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .take(4)
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// `data` is a compact JSON object without duplicate keys, whose top-level keys are runtime
/// spec fields (so a `{"spec": …}` wrapper is refused).
fn data_ok(bytes: &[u8]) -> bool {
    if !is_compact(bytes) || serde_json::from_slice::<NoDuplicates>(bytes).is_err() {
        return false;
    }
    match serde_json::from_slice::<Value>(bytes) {
        Ok(Value::Object(map)) => map.keys().all(|k| RUNTIME_SPEC_KEYS.contains(&k.as_str())),
        _ => false,
    }
}

/// No whitespace outside strings.
fn is_compact(bytes: &[u8]) -> bool {
    let mut in_string = false;
    let mut escaped = false;
    for &b in bytes {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
        } else if b == b'"' {
            in_string = true;
        } else if b.is_ascii_whitespace() {
            return false;
        }
    }
    true
}

/// Deserialises any JSON, failing on a repeated key in any object.
struct NoDuplicates;

impl<'de> Deserialize<'de> for NoDuplicates {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(NoDuplicatesVisitor)
    }
}

struct NoDuplicatesVisitor;

impl<'de> Visitor<'de> for NoDuplicatesVisitor {
    type Value = NoDuplicates;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("JSON without duplicate keys")
    }

    fn visit_bool<E>(self, _: bool) -> Result<NoDuplicates, E> {
        Ok(NoDuplicates)
    }
    fn visit_i64<E>(self, _: i64) -> Result<NoDuplicates, E> {
        Ok(NoDuplicates)
    }
    fn visit_u64<E>(self, _: u64) -> Result<NoDuplicates, E> {
        Ok(NoDuplicates)
    }
    fn visit_f64<E>(self, _: f64) -> Result<NoDuplicates, E> {
        Ok(NoDuplicates)
    }
    fn visit_str<E>(self, _: &str) -> Result<NoDuplicates, E> {
        Ok(NoDuplicates)
    }
    fn visit_unit<E>(self) -> Result<NoDuplicates, E> {
        Ok(NoDuplicates)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<NoDuplicates, A::Error> {
        while seq.next_element::<NoDuplicates>()?.is_some() {}
        Ok(NoDuplicates)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<NoDuplicates, A::Error> {
        let mut seen = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !seen.insert(key) {
                return Err(de::Error::custom("duplicate key"));
            }
            map.next_value::<NoDuplicates>()?;
        }
        Ok(NoDuplicates)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const DATA: &str = r#"{"engineConfig":{"maxReplicas":4},"disabled":false}"#;

    fn target(name: &str) -> PinTarget<'_> {
        PinTarget {
            name,
            ome_namespace: "ome",
            runtime: "srt",
            kind: "ServingRuntime",
            runtime_namespace: "prod",
        }
    }

    fn body(data: &str, edit: impl FnOnce(&mut Value)) -> (String, Vec<u8>) {
        let hash = sha8(data.as_bytes());
        let name = format!("r-prod-srt-{hash}");
        let mut envelope = json!({"apiVersion": "apps/v1", "kind": "ControllerRevision",
            "metadata": {"name": name, "namespace": "ome",
                "labels": {"ome.io/runtime-of": "srt", "ome.io/runtime-of-kind": "ServingRuntime",
                           "ome.io/runtime-of-namespace": "prod", "ome.io/revision-hash": hash},
                "annotations": {"ome.io/created-by": "ome-controller"}},
            "revision": 1});
        edit(&mut envelope);
        let mut text = serde_json::to_string(&envelope).unwrap();
        text.pop();
        text.push_str(&format!(r#","data":{data}}}"#));
        (name, text.into_bytes())
    }

    #[test]
    fn a_controller_written_pin_is_verified() {
        let (name, bytes) = body(DATA, |_| {});
        let pin = verify(&bytes, target(&name)).unwrap();
        assert_eq!(pin.spec["engineConfig"]["maxReplicas"], 4);
    }

    #[test]
    fn each_rule_refuses() {
        type Edit = Box<dyn FnOnce(&mut Value)>;
        let edits: Vec<Edit> = vec![
            Box::new(|r| r["metadata"]["annotations"] = json!({})),
            Box::new(|r| r["metadata"]["labels"]["ome.io/runtime-of"] = json!("other")),
            Box::new(|r| {
                r["metadata"]["labels"]["ome.io/runtime-of-kind"] = json!("ClusterServingRuntime")
            }),
            Box::new(|r| r["metadata"]["labels"]["ome.io/runtime-of-namespace"] = json!("team-b")),
            Box::new(|r| r["metadata"]["labels"]["ome.io/revision-hash"] = json!("00000000")),
            Box::new(|r| r["revision"] = json!(2)),
            Box::new(|r| r["metadata"]["namespace"] = json!("kube-system")),
        ];
        for edit in edits {
            let (name, bytes) = body(DATA, edit);
            assert_eq!(
                verify(&bytes, target(&name)).err(),
                Some(RevisionInconsistent)
            );
        }
        for data in [
            r#"{"spec":{"engineConfig":{}}}"#,
            r#"{"disabled":true}"#,
            r#"{"notARuntimeField":1}"#,
            r#"{"disabled":false,"disabled":false}"#,
            r#"{"disabled": false}"#,
            r#"[]"#,
        ] {
            let (name, bytes) = body(data, |_| {});
            assert_eq!(
                verify(&bytes, target(&name)).err(),
                Some(RevisionInconsistent),
                "{data}"
            );
        }
        // A name that is not the canonical one.
        let (_, bytes) = body(DATA, |r| r["metadata"]["name"] = json!("srt-abc"));
        assert!(verify(&bytes, target("srt-abc")).is_err());
    }
}
