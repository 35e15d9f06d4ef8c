//! Strict decoding of an `autoscaling/v1` Scale body (scale.md §5.3), used for the stage-1 GET
//! of `/scale` and for the PATCH response: one JSON object, no duplicate or case-variant keys at
//! the top level and in `metadata`/`spec`/`status`, explicit non-null int32 replicas ≥ 0.

use serde::Deserialize;
use serde::de::{self, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

/// A JSON value whose objects keep every entry, duplicates included.
#[derive(Debug, Clone)]
enum Node {
    Object(Vec<(String, Node)>),
    Other(Value),
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Node, D::Error> {
        deserializer.deserialize_any(NodeVisitor)
    }
}

struct NodeVisitor;

impl<'de> Visitor<'de> for NodeVisitor {
    type Value = Node;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Node, E> {
        Ok(Node::Other(Value::Bool(v)))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Node, E> {
        Ok(Node::Other(Value::from(v)))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Node, E> {
        Ok(Node::Other(Value::from(v)))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Node, E> {
        Ok(Node::Other(Value::from(v)))
    }
    fn visit_str<E>(self, v: &str) -> Result<Node, E> {
        Ok(Node::Other(Value::String(v.to_string())))
    }
    fn visit_unit<E>(self) -> Result<Node, E> {
        Ok(Node::Other(Value::Null))
    }
    fn visit_none<E>(self) -> Result<Node, E> {
        Ok(Node::Other(Value::Null))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
        // Lists are never inspected for duplicates; keep them as plain values.
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Value>()? {
            items.push(item);
        }
        Ok(Node::Other(Value::Array(items)))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
        let mut entries = Vec::new();
        while let Some((key, value)) = map.next_entry::<String, Node>()? {
            entries.push((key, value));
        }
        Ok(Node::Object(entries))
    }
}

/// The fields of a Scale the plugin binds to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ScaleView {
    pub(crate) api_version: String,
    pub(crate) kind: String,
    pub(crate) name: String,
    pub(crate) namespace: String,
    pub(crate) uid: String,
    pub(crate) resource_version: String,
    pub(crate) spec_replicas: i32,
    pub(crate) status_replicas: i32,
}

/// Why a body is not an acceptable Scale; never shown to the user.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Malformed;

/// The entries of an object after checking that none is duplicated or a case-variant of a
/// canonical key.
fn unique_entries<'a>(
    node: &'a Node,
    canonical: &[&str],
) -> Result<&'a [(String, Node)], Malformed> {
    let Node::Object(entries) = node else {
        return Err(Malformed);
    };
    let mut seen = std::collections::BTreeSet::new();
    for (key, _) in entries {
        if !seen.insert(key.as_str()) {
            return Err(Malformed);
        }
        let variant = canonical
            .iter()
            .any(|c| c.eq_ignore_ascii_case(key) && c != key);
        if variant {
            return Err(Malformed);
        }
    }
    Ok(entries)
}

fn field<'a>(entries: &'a [(String, Node)], key: &str) -> Option<&'a Node> {
    entries.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

fn text(entries: &[(String, Node)], key: &str) -> Result<String, Malformed> {
    match field(entries, key) {
        None | Some(Node::Other(Value::Null)) => Ok(String::new()),
        Some(Node::Other(Value::String(s))) => Ok(s.clone()),
        _ => Err(Malformed),
    }
}

/// An explicit, non-null int32 ≥ 0 under `replicas`.
fn replicas(node: Option<&Node>, canonical: &[&str]) -> Result<i32, Malformed> {
    let entries = unique_entries(node.ok_or(Malformed)?, canonical)?;
    match field(entries, "replicas") {
        Some(Node::Other(Value::Number(n))) => n
            .as_i64()
            .and_then(|v| i32::try_from(v).ok())
            .filter(|v| *v >= 0)
            .ok_or(Malformed),
        _ => Err(Malformed),
    }
}

/// Decodes a Scale strictly.
pub(crate) fn decode(body: &[u8]) -> Result<ScaleView, Malformed> {
    let root: Node = serde_json::from_slice(body).map_err(|_| Malformed)?;
    let top = unique_entries(&root, &["apiVersion", "kind", "metadata", "spec", "status"])?;
    let id = identity_of(top)?;
    Ok(ScaleView {
        api_version: id.api_version,
        kind: id.kind,
        name: id.name,
        namespace: id.namespace,
        uid: id.uid,
        resource_version: id.resource_version,
        spec_replicas: replicas(field(top, "spec"), &["replicas"])?,
        status_replicas: replicas(field(top, "status"), &["replicas", "selector"])?,
    })
}

/// The identity of a PATCH response (unblock.md §0.6): one JSON object, no duplicate or
/// case-variant keys among `apiVersion`, `kind`, `metadata` and `metadata`'s identity keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ObjectIdentity {
    pub(crate) api_version: String,
    pub(crate) kind: String,
    pub(crate) name: String,
    pub(crate) namespace: String,
    pub(crate) uid: String,
    pub(crate) resource_version: String,
}

/// Decodes an object's identity strictly (the rest of the object is not inspected).
pub(crate) fn decode_identity(body: &[u8]) -> Result<ObjectIdentity, Malformed> {
    let root: Node = serde_json::from_slice(body).map_err(|_| Malformed)?;
    let top = unique_entries(&root, &["apiVersion", "kind", "metadata"])?;
    identity_of(top)
}

fn identity_of(top: &[(String, Node)]) -> Result<ObjectIdentity, Malformed> {
    let metadata = unique_entries(
        field(top, "metadata").ok_or(Malformed)?,
        &["name", "namespace", "uid", "resourceVersion"],
    )?;
    Ok(ObjectIdentity {
        api_version: text(top, "apiVersion")?,
        kind: text(top, "kind")?,
        name: text(metadata, "name")?,
        namespace: text(metadata, "namespace")?,
        uid: text(metadata, "uid")?,
        resource_version: text(metadata, "resourceVersion")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"{"apiVersion":"autoscaling/v1","kind":"Scale","metadata":{"name":"chat-engine","namespace":"prod","uid":"u","resourceVersion":"7"},"spec":{"replicas":3},"status":{"replicas":2,"selector":"a=b"}}"#;

    #[test]
    fn accepts_a_scale() {
        let view = decode(GOOD.as_bytes()).unwrap();
        assert_eq!(view.spec_replicas, 3);
        assert_eq!(view.status_replicas, 2);
        assert_eq!(view.resource_version, "7");
    }

    #[test]
    fn refuses_ambiguous_or_incomplete_bodies() {
        let cases = [
            GOOD.replace(r#""uid":"u""#, r#""uid":"u","UID":"v""#),
            GOOD.replace(r#""name":"chat-engine""#, r#""name":"a","name":"b""#),
            GOOD.replace(r#""spec":{"replicas":3}"#, r#""spec":{"replicas":null}"#),
            GOOD.replace(r#""spec":{"replicas":3}"#, r#""spec":{}"#),
            GOOD.replace(r#","status":{"replicas":2,"selector":"a=b"}"#, ""),
            GOOD.replace(r#""replicas":2"#, r#""replicas":-1"#),
            GOOD.replace(r#""replicas":3"#, r#""replicas":3,"Replicas":4"#),
            format!("{GOOD} {{}}"),
            GOOD.replace(r#""kind":"Scale""#, r#""kind":"Scale","Kind":"Scale""#),
        ];
        for case in cases {
            assert_eq!(decode(case.as_bytes()), Err(Malformed), "{case}");
        }
    }
}
