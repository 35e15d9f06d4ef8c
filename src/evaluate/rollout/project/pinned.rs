//! The validity of an active rollout run (conformance.md §1.1): one pure check of
//! `status.rollout.activeRun` against the service, shared by `wait rollout=*` and `scale`.
//! The clock is the callers' (`wait` checks `openedAt` and `pinnedAt`, `scale` `pinnedAt`).

use super::{Component, Issues, spec};
use crate::evaluate::read::{self, Read};
use crate::ome::names::is_dns1123_subdomain;
use crate::ome::rollout_digest::portable_digest;
use serde_json::{Map, Value, json};

/// Which rule of §1.1 a run failed (first in rule order).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RunInvalid {
    RunId,
    Times,
    NoGroups,
    Plan,
    Provenance,
    Digest,
    Targets,
}

/// A valid run's times and targets (component, 8-hex revision), in list order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ValidRun {
    pub(crate) opened_at: jiff::Timestamp,
    pub(crate) pinned_at: jiff::Timestamp,
    pub(crate) targets: Vec<(Component, String)>,
}

const PROGRESSIONS: [&str; 3] = ["canary", "blueGreen", "rollingUpdate"];

/// §1.1 items 1–7 for the run `isvc` carries (`Err(RunInvalid::NoGroups)` without a run).
pub(crate) fn check_run(isvc: &Value) -> Result<ValidRun, RunInvalid> {
    let run = read::path(isvc, &["status", "rollout", "activeRun"]).ok_or(RunInvalid::NoGroups)?;
    let name = read::path(isvc, &["metadata", "name"])
        .and_then(Value::as_str)
        .unwrap_or_default();
    if !run_id_ok(name, read::text(run, "runID").ok().unwrap_or_default()) {
        return Err(RunInvalid::RunId);
    }
    let (opened_at, pinned_at) = times(run).ok_or(RunInvalid::Times)?;
    let entries = read::path(run, &["plan", "groups"])
        .and_then(Value::as_array)
        .filter(|g| !g.is_empty())
        .ok_or(RunInvalid::NoGroups)?;
    let groups: Vec<&Value> = entries
        .iter()
        .map(|e| read::field(e, "group").ok_or(RunInvalid::Plan))
        .collect::<Result<_, _>>()?;
    if !plan_valid(isvc, &groups) {
        return Err(RunInvalid::Plan);
    }
    for (entry, group) in entries.iter().zip(&groups) {
        provenance(entry, group)?;
    }
    let targets = targets(run, &groups).ok_or(RunInvalid::Targets)?;
    Ok(ValidRun {
        opened_at,
        pinned_at,
        targets,
    })
}

/// `<metadata.name>-` + exactly 12 lowercase hex.
fn run_id_ok(name: &str, run_id: &str) -> bool {
    let suffix = run_id
        .strip_prefix(name)
        .and_then(|rest| rest.strip_prefix('-'));
    !name.is_empty()
        && suffix.is_some_and(|s| {
            s.len() == 12
                && s.bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        })
}

/// `openedAt` and `pinnedAt` set, non-zero, `pinnedAt` ≥ `openedAt`.
fn times(run: &Value) -> Option<(jiff::Timestamp, jiff::Timestamp)> {
    let at = |key: &str| {
        let text = read::text(run, key).ok()?;
        let time: jiff::Timestamp = text.parse().ok()?;
        (!read::is_zero_time(text)).then_some(time)
    };
    let (opened, pinned) = (at("openedAt")?, at("pinnedAt")?);
    (pinned >= opened).then_some((opened, pinned))
}

/// Item 4: the live spec with its groups replaced by the pinned ones (live `groupOrdering`
/// kept) passes every spec validator, and each group has exactly one progression block.
fn plan_valid(isvc: &Value, groups: &[&Value]) -> bool {
    let one_block = groups.iter().all(|g| {
        PROGRESSIONS
            .iter()
            .filter(|k| read::field(g, k).is_some())
            .count()
            == 1
    });
    let mut spec = read::field(isvc, "spec")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let mut rollout = spec
        .get("rollout")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    rollout.insert(
        "groups".to_string(),
        Value::Array(groups.iter().map(|g| (*g).clone()).collect()),
    );
    spec.insert("rollout".to_string(), Value::Object(rollout));
    let copy = json!({ "spec": Value::Object(spec) });
    let mut issues = Issues::default();
    spec::plan(&copy, &mut issues);
    one_block && issues.0.is_empty()
}

/// Item 5: no `group.policyRef`, the digest recomputed, and the source's provenance rules.
fn provenance(entry: &Value, group: &Value) -> Result<(), RunInvalid> {
    if read::field(group, "policyRef").is_some() {
        return Err(RunInvalid::Provenance);
    }
    let recorded = read::text(entry, "portableDigest").ok();
    match portable_digest(group) {
        Ok(Some(digest)) if recorded == Some(digest.as_str()) => {}
        _ => return Err(RunInvalid::Digest),
    }
    let generation = match read::int(entry, "policyGeneration") {
        Read::Unset => 0,
        Read::Ok(n) => n,
        Read::Bad => return Err(RunInvalid::Provenance),
    };
    let policy_ref = read::field(entry, "policyRef");
    let ok = match read::text(entry, "source").ok() {
        Some("Inline") => policy_ref.is_none() && generation == 0,
        Some("Policy") => policy_ref
            .and_then(Value::as_object)
            .is_some_and(|r| policy_source_ok(r, generation, group)),
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(RunInvalid::Provenance)
    }
}

fn policy_source_ok(policy_ref: &Map<String, Value>, generation: i64, group: &Value) -> bool {
    let text = |k: &str| match policy_ref.get(k) {
        None | Some(Value::Null) => Some(""),
        Some(Value::String(s)) => Some(s.as_str()),
        Some(_) => None,
    };
    let (Some(name), Some(kind), Some(progression)) =
        (text("name"), text("kind"), text("progression"))
    else {
        return false;
    };
    let group_kind = PROGRESSIONS
        .iter()
        .find(|k| read::field(group, k).is_some())
        .copied()
        .unwrap_or_default();
    let kind_ok = match generation {
        0 => kind.is_empty() && progression.is_empty(),
        g if g > 0 => matches!(kind, "" | "RolloutPolicy") && progression == group_kind,
        _ => false,
    };
    is_dns1123_subdomain(name) && kind_ok && policy_body_ok(group)
}

/// The RolloutPolicy body rules (Unconfirmed in detail; documented): percent-only canary
/// capacities and a Prometheus source that names only its provider.
pub(crate) fn policy_body_ok(group: &Value) -> bool {
    let Some(canary) = read::field(group, "canary") else {
        return true;
    };
    let steps = read::array(canary, "steps").ok().unwrap_or(&[]);
    let percent_only = steps.iter().all(|s| {
        read::text(s, "capacity")
            .ok()
            .is_some_and(|c| c.ends_with('%'))
    });
    let provider_only = read::field(canary, "prometheus").is_none_or(|p| {
        ["serverAddress", "authRef", "headers"]
            .iter()
            .all(|k| read::field(p, k).is_none())
    });
    percent_only && provider_only
}

/// Item 7: exactly one target per plan component, no other, each revision 8 lowercase hex.
fn targets(run: &Value, groups: &[&Value]) -> Option<Vec<(Component, String)>> {
    let mut planned: Vec<Component> = Vec::new();
    for group in groups {
        for name in read::strings(group, "components")? {
            planned.push(Component::parse(name)?);
        }
    }
    let list = read::array(run, "targetRevisions").ok()?;
    let mut out: Vec<(Component, String)> = Vec::new();
    for entry in list {
        let component = Component::parse(read::text(entry, "component").ok()?)?;
        let revision = read::text(entry, "revision").ok()?;
        let hex = revision.len() == 8
            && revision
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        if !hex || !planned.contains(&component) || out.iter().any(|(c, _)| *c == component) {
            return None;
        }
        out.push((component, revision.to_string()));
    }
    (out.len() == planned.len()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The replayed canary fixture: engine+decoder, V2 plan, targets bbbbbbbb.
    fn canary_isvc() -> Value {
        json!({
            "metadata": {"name": "chat", "namespace": "prod"},
            "spec": {"deploymentMode": "OMENative", "engine": {}, "decoder": {},
                     "rollout": {"groups": [{"components": ["engine", "decoder"], "blueGreen": {}}]}},
            "status": {"rollout": {"activeRun": {
                "runID": "chat-0123456789ab",
                "openedAt": "2026-11-30T11:00:00Z", "pinnedAt": "2026-11-30T11:00:01Z",
                "plan": {"groups": [{"source": "Inline", "portableDigest": "rp1:3b53f9962fd8",
                    "group": {"components": ["engine", "decoder"], "canary": {"steps": [
                        {"capacity": "50%", "traffic": 50}, {"capacity": "100%", "traffic": 100}]}}}]},
                "targetRevisions": [{"component": "engine", "revision": "bbbbbbbb"},
                                    {"component": "decoder", "revision": "bbbbbbbb"}]}}}
        })
    }

    fn with(pointer: &str, value: Value) -> Value {
        let mut isvc = canary_isvc();
        let (parent, key) = pointer.rsplit_once('/').unwrap();
        match isvc.pointer_mut(parent).unwrap() {
            Value::Array(items) => items[key.parse::<usize>().unwrap()] = value,
            other => other[key] = value,
        }
        isvc
    }

    #[test]
    fn the_replayed_canary_run_is_valid() {
        let run = check_run(&canary_isvc()).unwrap();
        assert_eq!(
            run.targets,
            [
                (Component::Engine, "bbbbbbbb".to_string()),
                (Component::Decoder, "bbbbbbbb".to_string())
            ]
        );
    }

    #[test]
    fn each_rule_invalidates_the_run() {
        let run = "/status/rollout/activeRun";
        let entry = "/status/rollout/activeRun/plan/groups/0";
        let cases = [
            (
                format!("{run}/runID"),
                json!("chat-0123456789AB"),
                RunInvalid::RunId,
            ),
            (
                format!("{run}/runID"),
                json!("other-0123456789ab"),
                RunInvalid::RunId,
            ),
            (
                format!("{run}/pinnedAt"),
                json!("2026-11-30T10:00:00Z"),
                RunInvalid::Times,
            ),
            (
                format!("{run}/openedAt"),
                json!("0001-01-01T00:00:00Z"),
                RunInvalid::Times,
            ),
            (
                format!("{run}/plan/groups"),
                json!([]),
                RunInvalid::NoGroups,
            ),
            (
                format!("{entry}/portableDigest"),
                json!("other"),
                RunInvalid::Digest,
            ),
            (
                format!("{entry}/group/canary/steps/0/traffic"),
                json!(60),
                RunInvalid::Digest,
            ),
            (
                format!("{entry}/source"),
                json!("Unknown"),
                RunInvalid::Provenance,
            ),
            (
                format!("{entry}/policyGeneration"),
                json!(1),
                RunInvalid::Provenance,
            ),
            (
                format!("{entry}/group/order"),
                json!(["engine"]),
                RunInvalid::Plan,
            ),
            (
                format!("{run}/targetRevisions/1/revision"),
                json!("BBBBBBBB"),
                RunInvalid::Targets,
            ),
            (
                format!("{run}/targetRevisions/1/component"),
                json!("engine"),
                RunInvalid::Targets,
            ),
        ];
        for (pointer, value, expected) in cases {
            assert_eq!(
                check_run(&with(&pointer, value)),
                Err(expected),
                "{pointer}"
            );
        }
        let mut extra = canary_isvc();
        extra["status"]["rollout"]["activeRun"]["targetRevisions"]
            .as_array_mut()
            .unwrap()
            .push(json!({"component": "router", "revision": "bbbbbbbb"}));
        assert_eq!(check_run(&extra), Err(RunInvalid::Targets));
    }

    #[test]
    fn ordering_uses_the_live_group_ordering() {
        let two = json!([
            {"source": "Inline", "portableDigest": "rp1:726bfa235743",
             "group": {"components": ["engine"], "canary": {"steps": [{"capacity": "100%", "traffic": 100}]}}},
            {"source": "Inline", "portableDigest": "rp1:726bfa235743",
             "group": {"components": ["router"], "canary": {"steps": [{"capacity": "100%", "traffic": 100}]}}}]);
        let mut isvc = with("/status/rollout/activeRun/plan/groups", two);
        isvc["spec"] = json!({"deploymentMode": "OMENative", "engine": {}, "router": {},
                              "rollout": {"groupOrdering": "Concurrent"}});
        isvc["status"]["rollout"]["activeRun"]["targetRevisions"] = json!([
            {"component": "engine", "revision": "bbbbbbbb"}, {"component": "router", "revision": "aaaaaaaa"}]);
        assert!(check_run(&isvc).is_ok());
        isvc["spec"]["rollout"] = json!({});
        assert_eq!(check_run(&isvc), Err(RunInvalid::Plan));
    }

    #[test]
    fn a_policy_source_needs_its_reference_rules() {
        let entry = json!({"source": "Policy", "policyGeneration": 2, "portableDigest": "rp1:3b53f9962fd8",
            "policyRef": {"name": "fast", "kind": "RolloutPolicy", "progression": "canary"},
            "group": {"components": ["engine", "decoder"], "canary": {"steps": [
                {"capacity": "50%", "traffic": 50}, {"capacity": "100%", "traffic": 100}]}}});
        let isvc = with("/status/rollout/activeRun/plan/groups/0", entry.clone());
        assert!(check_run(&isvc).is_ok());
        for (key, value) in [
            ("policyGeneration", json!(0)),
            (
                "policyRef",
                json!({"name": "Fast_", "progression": "canary"}),
            ),
            (
                "policyRef",
                json!({"name": "fast", "progression": "blueGreen"}),
            ),
            ("policyGeneration", json!(-1)),
        ] {
            let mut bad = entry.clone();
            bad[key] = value;
            let isvc = with("/status/rollout/activeRun/plan/groups/0", bad);
            assert_eq!(check_run(&isvc), Err(RunInvalid::Provenance), "{key}");
        }
    }
}
