//! The pinned run's `portableDigest` and a canary `targetID` (conformance.md §1.2–§1.3).
//!
//! The controller hashes the *typed* group: the stored JSON decoded into OME's API types and
//! re-encoded by Go's `encoding/json`. So the digest is computed here the same way: each listed
//! field is decoded with Go's rules (a value Go's decoder rejects makes the digest unverifiable)
//! and written back in the types' field order, with Go's omit rules and string escaping.

use super::duration::parse_go_duration;
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};
use std::fmt::Write as _;

/// A value the typed decode rejects: the run cannot be verified.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Undecodable;

type Encoded = Result<(), Undecodable>;

/// `rp1:` + 12 hex of SHA-256 over the group's progression document; `Ok(None)` when the
/// group has no progression block (the reference's empty digest).
pub(crate) fn portable_digest(group: &Value) -> Result<Option<String>, Undecodable> {
    Ok(progression_document(group)?.map(|d| format!("rp1:{}", short_hash(d.as_bytes()))))
}

/// `ct1:` + 12 hex of SHA-256 over `<component>=<revision>` parts, duplicates skipped, sorted
/// bytewise and joined by `;`. `None` when a member has no (or an empty) target revision.
pub(crate) fn canary_target_id<'a>(
    members: impl IntoIterator<Item = &'a str>,
    revision_of: impl Fn(&str) -> Option<&'a str>,
) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    for member in members {
        let revision = revision_of(member).filter(|r| !r.is_empty())?;
        let part = format!("{member}={revision}");
        if !parts.contains(&part) {
            parts.push(part);
        }
    }
    parts.sort_unstable();
    Some(format!("ct1:{}", short_hash(parts.join(";").as_bytes())))
}

fn short_hash(bytes: &[u8]) -> String {
    let mut hex = String::with_capacity(12);
    for byte in Sha256::digest(bytes).iter().take(6) {
        let _ = write!(hex, "{byte:02x}");
    }
    hex
}

/// `D`: `canary`, `blueGreen`, `rollingUpdate`, each only when set.
pub(crate) fn progression_document(group: &Value) -> Result<Option<String>, Undecodable> {
    let group = group.as_object().ok_or(Undecodable)?;
    let mut out = Obj::new();
    if let Some(canary) = set(group, "canary") {
        out.key("canary")?;
        encode_canary(&mut out.buf, canary)?;
    }
    if let Some(blue_green) = set(group, "blueGreen") {
        // The blue-green type has no fields the digest carries; it must still be an object.
        blue_green.as_object().ok_or(Undecodable)?;
        out.key("blueGreen")?;
        out.buf.push_str("{}");
    }
    if let Some(rolling) = set(group, "rollingUpdate") {
        out.key("rollingUpdate")?;
        let rolling = rolling.as_object().ok_or(Undecodable)?;
        let mut inner = Obj::new();
        for key in ["maxSurge", "maxUnavailable"] {
            if let Some(v) = set(rolling, key) {
                inner.key(key)?;
                int_or_string(&mut inner.buf, v)?;
            }
        }
        out.buf.push_str(&inner.finish());
    }
    if out.empty {
        return Ok(None);
    }
    Ok(Some(out.finish()))
}

/// A field present and not JSON null (Go leaves a pointer nil on null).
fn set<'a>(map: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    map.get(key).filter(|v| !v.is_null())
}

/// One JSON object being written, keys in the order they are added.
struct Obj {
    buf: String,
    empty: bool,
}

impl Obj {
    fn new() -> Self {
        Obj {
            buf: String::from("{"),
            empty: true,
        }
    }

    fn key(&mut self, key: &str) -> Encoded {
        if !self.empty {
            self.buf.push(',');
        }
        self.empty = false;
        string(&mut self.buf, key);
        self.buf.push(':');
        Ok(())
    }

    fn finish(mut self) -> String {
        self.buf.push('}');
        self.buf
    }
}

fn object(value: &Value) -> Result<&Map<String, Value>, Undecodable> {
    value.as_object().ok_or(Undecodable)
}

fn encode_canary(buf: &mut String, canary: &Value) -> Encoded {
    let canary = object(canary)?;
    let mut out = Obj::new();
    if let Some(steps) = set(canary, "steps") {
        let steps = steps.as_array().ok_or(Undecodable)?;
        if !steps.is_empty() {
            out.key("steps")?;
            list(&mut out.buf, steps, encode_step)?;
        }
    }
    if let Some(prometheus) = set(canary, "prometheus") {
        out.key("prometheus")?;
        encode_prometheus(&mut out.buf, prometheus)?;
    }
    if let Some(delay) = set(canary, "scaleDownDelaySeconds") {
        out.key("scaleDownDelaySeconds")?;
        int32(&mut out.buf, delay)?;
    }
    if let Some(timeout) = set(canary, "readyTimeout") {
        out.key("readyTimeout")?;
        duration(&mut out.buf, timeout)?;
    }
    buf.push_str(&out.finish());
    Ok(())
}

fn list(buf: &mut String, items: &[Value], each: fn(&mut String, &Value) -> Encoded) -> Encoded {
    buf.push('[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            buf.push(',');
        }
        each(buf, item)?;
    }
    buf.push(']');
    Ok(())
}

/// A list element null decodes to the zero value of its struct.
fn struct_or_null(value: &Value) -> Result<Map<String, Value>, Undecodable> {
    match value {
        Value::Null => Ok(Map::new()),
        Value::Object(m) => Ok(m.clone()),
        _ => Err(Undecodable),
    }
}

fn encode_step(buf: &mut String, step: &Value) -> Encoded {
    let step = struct_or_null(step)?;
    let mut out = Obj::new();
    out.key("capacity")?;
    match step.get("capacity") {
        None | Some(Value::Null) => out.buf.push('0'),
        Some(v) => int_or_string(&mut out.buf, v)?,
    }
    out.key("traffic")?;
    int32_or_zero(&mut out.buf, step.get("traffic"))?;
    if let Some(pause) = set(&step, "pause") {
        out.key("pause")?;
        let pause = object(pause)?;
        let mut inner = Obj::new();
        if let Some(d) = set(pause, "duration") {
            inner.key("duration")?;
            duration(&mut inner.buf, d)?;
        }
        out.buf.push_str(&inner.finish());
    }
    if let Some(analysis) = set(&step, "analysis") {
        out.key("analysis")?;
        encode_analysis(&mut out.buf, analysis)?;
    }
    buf.push_str(&out.finish());
    Ok(())
}

fn encode_analysis(buf: &mut String, analysis: &Value) -> Encoded {
    let analysis = object(analysis)?;
    let mut out = Obj::new();
    out.key("interval")?;
    match analysis.get("interval") {
        None => out.buf.push_str("\"0s\""),
        // metav1.Duration parses "" on null, which Go's grammar rejects.
        Some(v) => duration(&mut out.buf, v)?,
    }
    if let Some(delay) = set(analysis, "initialDelay") {
        out.key("initialDelay")?;
        duration(&mut out.buf, delay)?;
    }
    out.key("failureLimit")?;
    int32_or_zero(&mut out.buf, analysis.get("failureLimit"))?;
    let on_inconclusive = plain_string(analysis.get("onInconclusive"))?;
    if !on_inconclusive.is_empty() {
        out.key("onInconclusive")?;
        string(&mut out.buf, on_inconclusive);
    }
    out.key("metrics")?;
    match analysis.get("metrics") {
        None | Some(Value::Null) => out.buf.push_str("null"),
        Some(Value::Array(metrics)) => list(&mut out.buf, metrics, encode_metric)?,
        Some(_) => return Err(Undecodable),
    }
    buf.push_str(&out.finish());
    Ok(())
}

fn encode_metric(buf: &mut String, metric: &Value) -> Encoded {
    let metric = struct_or_null(metric)?;
    let mut out = Obj::new();
    for key in ["name", "query", "operator", "threshold"] {
        out.key(key)?;
        string(&mut out.buf, plain_string(metric.get(key))?);
    }
    buf.push_str(&out.finish());
    Ok(())
}

fn encode_prometheus(buf: &mut String, prometheus: &Value) -> Encoded {
    let prometheus = object(prometheus)?;
    let mut out = Obj::new();
    if let Some(provider) = set(prometheus, "providerRef") {
        let provider = object(provider)?;
        out.key("providerRef")?;
        let mut inner = Obj::new();
        inner.key("name")?;
        string(&mut inner.buf, plain_string(provider.get("name"))?);
        out.buf.push_str(&inner.finish());
    }
    let address = plain_string(prometheus.get("serverAddress"))?;
    if !address.is_empty() {
        out.key("serverAddress")?;
        string(&mut out.buf, address);
    }
    if let Some(auth) = set(prometheus, "authRef") {
        out.key("authRef")?;
        encode_auth_ref(&mut out.buf, auth)?;
    }
    if let Some(headers) = set(prometheus, "headers") {
        let headers = object(headers)?;
        if !headers.is_empty() {
            out.key("headers")?;
            encode_string_map(&mut out.buf, headers)?;
        }
    }
    buf.push_str(&out.finish());
    Ok(())
}

fn encode_auth_ref(buf: &mut String, auth: &Value) -> Encoded {
    let auth = object(auth)?;
    let mut out = Obj::new();
    let name = plain_string(auth.get("name"))?;
    if !name.is_empty() {
        out.key("name")?;
        string(&mut out.buf, name);
    }
    out.key("key")?;
    string(&mut out.buf, plain_string(auth.get("key"))?);
    if let Some(optional) = set(auth, "optional") {
        out.key("optional")?;
        out.buf.push_str(if optional.as_bool().ok_or(Undecodable)? {
            "true"
        } else {
            "false"
        });
    }
    buf.push_str(&out.finish());
    Ok(())
}

/// A `map[string]string`, keys sorted by raw bytes as Go writes maps.
fn encode_string_map(buf: &mut String, map: &Map<String, Value>) -> Encoded {
    let mut entries: Vec<(&String, &str)> = Vec::with_capacity(map.len());
    for (k, v) in map {
        entries.push((k, plain_string(Some(v))?));
    }
    entries.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    let mut out = Obj::new();
    for (k, v) in entries {
        out.key(k)?;
        string(&mut out.buf, v);
    }
    buf.push_str(&out.finish());
    Ok(())
}

/// A Go `string`: absent or null is `""`; any other JSON type is rejected.
fn plain_string(value: Option<&Value>) -> Result<&str, Undecodable> {
    match value {
        None | Some(Value::Null) => Ok(""),
        Some(Value::String(s)) => Ok(s),
        Some(_) => Err(Undecodable),
    }
}

/// A Go `int32`: an integer literal in range (no fraction, no exponent).
fn int32_value(value: &Value) -> Result<i32, Undecodable> {
    let n = value.as_i64().ok_or(Undecodable)?;
    i32::try_from(n).map_err(|_| Undecodable)
}

fn int32(buf: &mut String, value: &Value) -> Encoded {
    let _ = write!(buf, "{}", int32_value(value)?);
    Ok(())
}

fn int32_or_zero(buf: &mut String, value: Option<&Value>) -> Encoded {
    match value {
        None | Some(Value::Null) => {
            buf.push('0');
            Ok(())
        }
        Some(v) => int32(buf, v),
    }
}

/// Kubernetes' IntOrString: a string stays a string, a number must be an `int32`.
fn int_or_string(buf: &mut String, value: &Value) -> Encoded {
    match value {
        Value::String(s) => {
            string(buf, s);
            Ok(())
        }
        Value::Number(_) => int32(buf, value),
        _ => Err(Undecodable),
    }
}

/// A metav1.Duration: a string in Go's grammar, written canonically.
fn duration(buf: &mut String, value: &Value) -> Encoded {
    let text = match value {
        Value::String(s) => s.as_str(),
        Value::Null => "",
        _ => return Err(Undecodable),
    };
    let nanos = parse_go_duration(text).ok_or(Undecodable)?;
    let nanos = i64::try_from(nanos).map_err(|_| Undecodable)?;
    string(buf, &crate::ome::duration::format_go_duration(nanos));
    Ok(())
}

/// A string as Go's `encoding/json` writes it (HTML-safe escaping, U+2028/9 escaped).
pub(crate) fn string(buf: &mut String, text: &str) {
    buf.push('"');
    for c in text.chars() {
        match c {
            '"' => buf.push_str("\\\""),
            '\\' => buf.push_str("\\\\"),
            '\u{8}' => buf.push_str("\\b"),
            '\u{c}' => buf.push_str("\\f"),
            '\n' => buf.push_str("\\n"),
            '\r' => buf.push_str("\\r"),
            '\t' => buf.push_str("\\t"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                let _ = write!(buf, "\\u{:04x}", u32::from(c));
            }
            c if u32::from(c) < 0x20 => {
                let _ = write!(buf, "\\u{:04x}", u32::from(c));
            }
            c => buf.push(c),
        }
    }
    buf.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn check(group: Value, document: &str, digest: &str) {
        assert_eq!(
            progression_document(&group).unwrap().as_deref(),
            Some(document)
        );
        assert_eq!(portable_digest(&group).unwrap().as_deref(), Some(digest));
    }

    #[test]
    fn vectors_v1_to_v12_and_e3() {
        let v1 = json!({"components": ["engine"], "canary": {"steps": [{"capacity": "100%", "traffic": 100}]}});
        check(
            v1,
            r#"{"canary":{"steps":[{"capacity":"100%","traffic":100}]}}"#,
            "rp1:726bfa235743",
        );
        check(
            json!({"components": ["engine", "decoder"], "canary": {"steps": [{"capacity": "50%", "traffic": 50}, {"capacity": "100%", "traffic": 100}]}}),
            r#"{"canary":{"steps":[{"capacity":"50%","traffic":50},{"capacity":"100%","traffic":100}]}}"#,
            "rp1:3b53f9962fd8",
        );
        check(
            json!({"components": ["engine"], "blueGreen": {}}),
            r#"{"blueGreen":{}}"#,
            "rp1:cca45ec1fb0f",
        );
        check(
            json!({"components": ["engine", "decoder"], "blueGreen": {"verifyWindow": "5m"}, "maintainRatio": {"tolerance": 10}}),
            r#"{"blueGreen":{}}"#,
            "rp1:cca45ec1fb0f",
        );
        let rolling = [
            (
                json!({"maxUnavailable": 0, "maxSurge": 1}),
                r#"{"rollingUpdate":{"maxSurge":1,"maxUnavailable":0}}"#,
                "rp1:a5f55b4d1e85",
            ),
            (
                json!({"maxSurge": "25%", "maxUnavailable": "25%"}),
                r#"{"rollingUpdate":{"maxSurge":"25%","maxUnavailable":"25%"}}"#,
                "rp1:99cdd419d0f8",
            ),
            (
                json!({"maxUnavailable": "10%"}),
                r#"{"rollingUpdate":{"maxUnavailable":"10%"}}"#,
                "rp1:127bf0c92ac9",
            ),
            (
                json!({"maxSurge": "1"}),
                r#"{"rollingUpdate":{"maxSurge":"1"}}"#,
                "rp1:2378cced4c63",
            ),
            (
                json!({"maxSurge": 1}),
                r#"{"rollingUpdate":{"maxSurge":1}}"#,
                "rp1:74e7029e7f20",
            ),
        ];
        for (body, document, digest) in rolling {
            check(
                json!({"components": ["engine"], "rollingUpdate": body}),
                document,
                digest,
            );
        }
        check(
            json!({"components": ["engine"], "canary": {"prometheus": null, "steps": [{"capacity": "100%", "traffic": 100, "pause": null, "analysis": null}]}}),
            r#"{"canary":{"steps":[{"capacity":"100%","traffic":100}]}}"#,
            "rp1:726bfa235743",
        );
        check(
            json!({"canary": {"steps": [{}]}}),
            r#"{"canary":{"steps":[{"capacity":0,"traffic":0}]}}"#,
            "rp1:0d136e7d6773",
        );
    }

    #[test]
    fn vector_v3_scrambled_multi_step_canary() {
        let stored = r#"{"components":["engine"],"canary":{"readyTimeout":"600s","scaleDownDelaySeconds":30,"steps":[{"traffic":0,"capacity":1},{"capacity":"25%","traffic":10,"pause":{}},{"capacity":"50%","traffic":50,"pause":{"duration":"90s"}},{"capacity":"100%","traffic":100,"analysis":{"metrics":[{"threshold":"0.05","operator":"LTE","query":"sum(rate(errors{code=~\"5..\"}[1m])) > 0 & x < 1","name":"error-rate"}],"failureLimit":2,"interval":"1m","onInconclusive":"Hold","initialDelay":"30s"}}]}}"#;
        let document = r#"{"canary":{"steps":[{"capacity":1,"traffic":0},{"capacity":"25%","traffic":10,"pause":{}},{"capacity":"50%","traffic":50,"pause":{"duration":"1m30s"}},{"capacity":"100%","traffic":100,"analysis":{"interval":"1m0s","initialDelay":"30s","failureLimit":2,"onInconclusive":"Hold","metrics":[{"name":"error-rate","query":"sum(rate(errors{code=~\"5..\"}[1m])) \u003e 0 \u0026 x \u003c 1","operator":"LTE","threshold":"0.05"}]}}],"scaleDownDelaySeconds":30,"readyTimeout":"10m0s"}}"#;
        assert_eq!(document.len(), 474);
        check(
            serde_json::from_str(stored).unwrap(),
            document,
            "rp1:de4b640ade1f",
        );
    }

    #[test]
    fn vector_v4_sorted_headers_and_raw_utf8() {
        let stored = r#"{"components":["router"],"canary":{"prometheus":{"headers":{"X-Scope-OrgID":"équipe-a","Accept":"application/json"},"providerRef":{"name":"prom"}},"steps":[{"capacity":2,"traffic":100}]}}"#;
        let document = r#"{"canary":{"steps":[{"capacity":2,"traffic":100}],"prometheus":{"providerRef":{"name":"prom"},"headers":{"Accept":"application/json","X-Scope-OrgID":"équipe-a"}}}}"#;
        assert_eq!(document.len(), 164);
        check(
            serde_json::from_str(stored).unwrap(),
            document,
            "rp1:d9b726a1731c",
        );
    }

    #[test]
    fn vector_e1_canonical_durations() {
        let step = |d: &str| json!({"capacity": "100%", "traffic": 100, "pause": {"duration": d}});
        let group = json!({"canary": {"readyTimeout": "1h", "steps": [step("0.5s"), step("100us"), step("1.5h"), step("0")]}});
        check(
            group,
            r#"{"canary":{"steps":[{"capacity":"100%","traffic":100,"pause":{"duration":"500ms"}},{"capacity":"100%","traffic":100,"pause":{"duration":"100µs"}},{"capacity":"100%","traffic":100,"pause":{"duration":"1h30m0s"}},{"capacity":"100%","traffic":100,"pause":{"duration":"0s"}}],"readyTimeout":"1h0m0s"}}"#,
            "rp1:6c0778b94588",
        );
    }

    #[test]
    fn vector_e2_go_string_escaping() {
        let query = "a\u{8}b\u{c}c\u{1}d\te\nf\\g/h\u{2028}i'j";
        let group = json!({"canary": {"steps": [{"capacity": "100%", "traffic": 100, "analysis": {"interval": "30s", "failureLimit": 1, "metrics": [{"name": "m", "query": query, "operator": "LT", "threshold": "1"}]}}]}});
        check(
            group,
            r#"{"canary":{"steps":[{"capacity":"100%","traffic":100,"analysis":{"interval":"30s","failureLimit":1,"metrics":[{"name":"m","query":"a\bb\fc\u0001d\te\nf\\g/h\u2028i'j","operator":"LT","threshold":"1"}]}}]}}"#,
            "rp1:6da72078cc9b",
        );
    }

    #[test]
    fn no_block_is_an_empty_digest_and_bad_values_are_undecodable() {
        assert_eq!(
            portable_digest(&json!({"components": ["engine"]})),
            Ok(None)
        );
        assert_eq!(portable_digest(&json!({"canary": null})), Ok(None));
        let bad = [
            json!({"canary": {"steps": [{"traffic": 1.5}]}}),
            json!({"canary": {"steps": [{"traffic": 1e2}]}}),
            json!({"canary": {"steps": [{"traffic": 2_147_483_648_i64}]}}),
            json!({"canary": {"steps": [{"traffic": "10"}]}}),
            json!({"canary": {"readyTimeout": "ten minutes"}}),
            json!({"canary": {"steps": [{"analysis": {"interval": null}}]}}),
            json!({"canary": {"steps": [{"analysis": {"metrics": [{"threshold": 0.5}]}}]}}),
            json!({"canary": "x"}),
            json!({"blueGreen": []}),
            json!({"rollingUpdate": {"maxSurge": true}}),
        ];
        for group in bad {
            assert_eq!(portable_digest(&group), Err(Undecodable), "{group}");
        }
    }

    #[test]
    fn canary_target_ids() {
        let targets = [
            ("engine", "bbbbbbbb"),
            ("decoder", "bbbbbbbb"),
            ("router", "aaaaaaaa"),
        ];
        let id = |members: &[&'static str], revs: &[(&'static str, &'static str)]| {
            let revs = revs.to_vec();
            canary_target_id(members.iter().copied(), move |c| {
                revs.iter().find(|(k, _)| *k == c).map(|(_, r)| *r)
            })
        };
        let t = |s: &str| Some(s.to_string());
        assert_eq!(id(&["engine", "decoder"], &targets), t("ct1:82cb29cbaea5"));
        assert_eq!(id(&["router", "engine"], &targets), t("ct1:55fa87f4734f"));
        let all_b = [
            ("engine", "bbbbbbbb"),
            ("decoder", "bbbbbbbb"),
            ("router", "bbbbbbbb"),
        ];
        assert_eq!(
            id(&["engine", "decoder", "router"], &all_b),
            t("ct1:68746e7e66d8")
        );
        assert_eq!(id(&["engine", "engine"], &targets), t("ct1:5e1c6711bd1a"));
        assert_eq!(
            id(&["router"], &[("router", "dddddddd")]),
            t("ct1:3b1af56b1324")
        );
        assert_eq!(id(&["router"], &[("router", "")]), None);
        assert_eq!(id(&["decoder"], &[("engine", "bbbbbbbb")]), None);
    }
}
