//! The writer contract of a pinned runtime ControllerRevision (evidence-strictness.md §2.3): the
//! revision must be one OME's controller wrote for exactly this runtime, with `data` the runtime
//! spec itself and the hash label the hash of the `data` bytes as received.
//!
//! Unconfirmed: the controller's canonical byte form. The safe choice: hash the raw `data` slice
//! (never a re-serialised value), and require compact JSON without duplicate keys and with only
//! known top-level runtime-spec keys.

use crate::evaluate::read::at;
use crate::ome::closed_set;
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

closed_set! {
    /// One writer-contract rule a revision breaks (after-the-write.md §3.4's issue codes).
    pub(crate) enum WriterProblem {
        IdentityMismatch => "RevisionIdentityMismatch",
        NotOmeManaged => "RevisionNotOMEManaged",
        SourceMismatch => "RevisionSourceMismatch",
        HashInvalid => "RevisionHashInvalid",
        HashMismatch => "RevisionHashMismatch",
        NameMismatch => "RevisionNameMismatch",
        OrdinalUnexpected => "RevisionOrdinalUnexpected",
        PayloadNonCanonical => "RevisionPayloadNonCanonical",
        DataObjectPresent => "RevisionDataObjectPresent",
        PayloadMalformed => "RevisionPayloadMalformed",
    }
}

/// A revision body checked rule by rule: what `runtime effective` reports.
#[derive(Debug, Clone)]
pub(crate) struct Inspection {
    /// The parsed envelope (`Null` when the body is not JSON).
    pub(crate) object: Value,
    /// `data` as a runtime spec, when it is a JSON object.
    pub(crate) spec: Option<Value>,
    /// The raw `data` bytes (empty when absent).
    pub(crate) data: Vec<u8>,
    /// `ome.io/revision-hash` when it is the hash of `data`.
    pub(crate) hash: Option<String>,
    /// `ome.io/runtime-of` names the runtime.
    pub(crate) runtime_matches: bool,
    /// Every rule broken, in rule order.
    pub(crate) problems: Vec<WriterProblem>,
}

/// Checks every rule of the writer contract on the revision body as received.
pub(crate) fn inspect(body: &[u8], target: PinTarget) -> Inspection {
    let object: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let data = serde_json::from_slice::<RawRevision>(body)
        .ok()
        .and_then(|raw| raw.data)
        .map(|d| d.get().as_bytes().to_vec())
        .unwrap_or_default();
    let meta = at(&object, &["metadata"]);
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    let label = |key: &str| text(at(meta, &["labels", key]));
    let hash = label("ome.io/revision-hash");
    let expected_name = if target.kind == "ClusterServingRuntime" {
        format!("cr-{}-{hash}", target.runtime)
    } else {
        format!("r-{}-{}-{hash}", target.runtime_namespace, target.runtime)
    };
    let runtime_matches = label("ome.io/runtime-of") == target.runtime;
    let hash_valid =
        hash.len() == 8 && hash.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    let hash_matches = hash_valid && !data.is_empty() && hash == sha8(&data);
    let rules = [
        (
            text(at(meta, &["name"])) == target.name
                && text(at(meta, &["namespace"])) == target.ome_namespace,
            WriterProblem::IdentityMismatch,
        ),
        (
            text(at(meta, &["annotations", "ome.io/created-by"])) == "ome-controller",
            WriterProblem::NotOmeManaged,
        ),
        (
            runtime_matches
                && matches!(target.kind, "ClusterServingRuntime" | "ServingRuntime")
                && label("ome.io/runtime-of-kind") == target.kind
                && label("ome.io/runtime-of-namespace") == target.runtime_namespace,
            WriterProblem::SourceMismatch,
        ),
        (hash_valid, WriterProblem::HashInvalid),
        (!hash_valid || hash_matches, WriterProblem::HashMismatch),
        (target.name == expected_name, WriterProblem::NameMismatch),
        (
            at(&object, &["revision"]).as_i64() == Some(1),
            WriterProblem::OrdinalUnexpected,
        ),
    ];
    let mut problems: Vec<WriterProblem> = rules
        .into_iter()
        .filter(|(ok, _)| !ok)
        .map(|(_, problem)| problem)
        .collect();
    let spec = data_problem(&data).map_or_else(
        || serde_json::from_slice::<Value>(&data).ok(),
        |problem| {
            problems.push(problem);
            None
        },
    );
    if spec.is_some()
        && (!is_compact(&data) || serde_json::from_slice::<NoDuplicates>(&data).is_err())
    {
        problems.push(WriterProblem::PayloadNonCanonical);
    }
    Inspection {
        object,
        spec,
        hash: hash_matches.then_some(hash),
        data,
        runtime_matches,
        problems,
    }
}

/// Why `data` is not a runtime spec: absent or not an object, a `spec` wrapper, or a key that
/// is not a runtime-spec field.
fn data_problem(data: &[u8]) -> Option<WriterProblem> {
    match serde_json::from_slice::<Value>(data) {
        Ok(Value::Object(map)) if map.contains_key("spec") => {
            Some(WriterProblem::DataObjectPresent)
        }
        Ok(Value::Object(map)) if map.keys().all(|k| RUNTIME_SPEC_KEYS.contains(&k.as_str())) => {
            None
        }
        _ => Some(WriterProblem::PayloadMalformed),
    }
}

/// Checks the revision body as received against the writer contract: every rule holds and the
/// spec is not disabled.
pub(crate) fn verify(body: &[u8], target: PinTarget) -> Result<VerifiedPin, RevisionInconsistent> {
    let inspection = inspect(body, target);
    match inspection.spec {
        Some(spec)
            if inspection.problems.is_empty()
                && spec.get("disabled") != Some(&Value::Bool(true)) =>
        {
            Ok(VerifiedPin {
                object: inspection.object,
                spec,
            })
        }
        _ => Err(RevisionInconsistent),
    }
}

fn sha8(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .take(4)
        .map(|b| format!("{b:02x}"))
        .collect()
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
