//! `wait --for=rollout=*` inspection before the projection (evidence-strictness.md §1.8):
//! limits that end the wait with `RolloutInspectionLimit`, and records that make the evidence
//! `Invalid`. The per-string limits apply only to the fields the projection reads (difference
//! n), so an unrelated large annotation never blocks.

use crate::evaluate::condition::InspectionWarning;
use crate::evaluate::condition::record::{self as condition_record, kube_time};
use crate::evaluate::read::{self, Read};
use crate::evaluate::rollout::project::pinned::check_run;
use serde_json::Value;

/// Beyond the inspection limits, or a timestamp that cannot be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct InspectionLimit;

const INVALID_RECORD: InspectionWarning = InspectionWarning::InvalidRolloutRecord;
const INVALID_TIMESTAMP: InspectionWarning = InspectionWarning::InvalidRolloutTimestamp;
const INVALID_PINNED_RUN: InspectionWarning = InspectionWarning::InvalidPinnedRun;
const STALE_CONDITION: InspectionWarning = InspectionWarning::StaleReportedCondition;
const INVALID_CONDITION: InspectionWarning = InspectionWarning::InvalidConditionRecord;
const COMPONENTS: [&str; 3] = ["engine", "decoder", "router"];

/// The inspection's warnings: `invalid` ones make the evidence `Invalid`; `advisory` ones do
/// not.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Findings {
    pub(crate) invalid: Vec<InspectionWarning>,
    pub(crate) advisory: Vec<InspectionWarning>,
}

pub(crate) fn inspect(isvc: &Value, now: jiff::Timestamp) -> Result<Findings, InspectionLimit> {
    check_limits(isvc)?;
    let mut findings = Findings::default();
    let status = read::field(isvc, "status").unwrap_or(&Value::Null);
    let negative = |v: Option<&Value>| v.and_then(Value::as_i64).is_some_and(|n| n < 0);
    if negative(read::path(isvc, &["metadata", "generation"]))
        || negative(read::field(status, "observedGeneration"))
    {
        findings.invalid.push(INVALID_RECORD);
    }
    conditions(status, now, &mut findings)?;
    components(status, now, &mut findings)?;
    coordination(status, now, &mut findings);
    canaries(status, now, &mut findings);
    if read::path(status, &["rollout", "activeRun"]).is_some() && !run_valid(isvc, now) {
        findings.invalid.push(INVALID_PINNED_RUN);
    }
    findings.invalid.sort_unstable();
    findings.invalid.dedup();
    findings.advisory.sort_unstable();
    findings.advisory.dedup();
    Ok(findings)
}

/// conformance.md §1.1, and for `wait` neither `openedAt` nor `pinnedAt` after the clock.
fn run_valid(isvc: &Value, now: jiff::Timestamp) -> bool {
    check_run(isvc).is_ok_and(|run| run.opened_at <= now && run.pinned_at <= now)
}

fn len(value: Option<&Value>) -> usize {
    match value {
        Some(Value::Array(a)) => a.len(),
        Some(Value::Object(m)) => m.len(),
        _ => 0,
    }
}

fn check_limits(isvc: &Value) -> Result<(), InspectionLimit> {
    let over = |v: Option<&Value>, max: usize| len(v) > max;
    let meta = |k: &str| {
        read::path(isvc, &["metadata", k])
            .and_then(Value::as_str)
            .map_or(0, str::len)
    };
    let status = read::field(isvc, "status").unwrap_or(&Value::Null);
    let spec_groups = read::path(isvc, &["spec", "rollout", "groups"]);
    let pinned = read::path(status, &["rollout", "activeRun", "plan", "groups"]);
    let group_lists: Vec<&Value> = [spec_groups, pinned]
        .into_iter()
        .flatten()
        .filter_map(Value::as_array)
        .flatten()
        .map(|g| read::field(g, "group").unwrap_or(g))
        .collect();
    let group_over = group_lists.iter().any(|g| {
        let canary = read::field(g, "canary").unwrap_or(&Value::Null);
        let steps = read::field(canary, "steps");
        over(read::field(g, "components"), 3)
            || over(read::field(g, "order"), 3)
            || over(steps, 20)
            || steps
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .any(|s| over(read::path(s, &["analysis", "metrics"]), 10))
    });
    let coordination = read::path(status, &["rolloutCoordination", "groups"]);
    let coordination_over = coordination
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .any(|g| {
            over(read::field(g, "components"), 3)
                || over(read::field(g, "order"), 3)
                || over(read::field(g, "observedRatio"), 3)
        });
    let components = read::field(status, "components");
    let component_over = components
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .any(|(_, c)| {
            over(read::field(c, "traffic"), 16)
                || over(read::path(c, &["lifecycle", "conditions"]), 64)
                || over(read::path(c, &["canary", "metricResults"]), 10)
        });
    let exceeded = meta("uid") > 256
        || meta("resourceVersion") > 256
        || over(read::field(status, "conditions"), 64)
        || over(components, 3)
        || over(spec_groups, 3)
        || over(pinned, 3)
        || group_over
        || over(read::path(status, &["rollout", "groups"]), 3)
        || over(
            read::path(status, &["rollout", "lastRun", "plan", "groups"]),
            3,
        )
        || over(
            read::path(status, &["rollout", "lastRun", "targetRevisions"]),
            3,
        )
        || over(
            read::path(status, &["rollout", "activeRun", "targetRevisions"]),
            3,
        )
        || over(read::path(status, &["canary", "metricResults"]), 10)
        || over(coordination, 3)
        || coordination_over
        || component_over
        || !payload_ok(isvc);
    if exceeded {
        Err(InspectionLimit)
    } else {
        Ok(())
    }
}

/// The payload walk over the fields the projection reads.
fn payload_ok(isvc: &Value) -> bool {
    let mut walk = Walk::default();
    let read_parts: Vec<&Value> = [
        read::path(isvc, &["metadata", "name"]),
        read::path(isvc, &["metadata", "namespace"]),
        read::path(isvc, &["spec", "deploymentMode"]),
        read::path(isvc, &["spec", "rollout"]),
        read::path(isvc, &["status", "conditions"]),
        read::path(isvc, &["status", "components"]),
        read::path(isvc, &["status", "rollout"]),
        read::path(isvc, &["status", "rolloutCoordination"]),
        read::path(isvc, &["status", "canary"]),
    ]
    .into_iter()
    .flatten()
    .chain(
        COMPONENTS
            .iter()
            .filter_map(|c| read::path(isvc, &["spec", c, "lifecycle"])),
    )
    .collect();
    read_parts.iter().all(|v| walk.visit("", v, 0))
}

#[derive(Default)]
struct Walk {
    nodes: usize,
    string_bytes: usize,
}

impl Walk {
    fn visit(&mut self, key: &str, value: &Value, depth: usize) -> bool {
        self.nodes += 1;
        if self.nodes > 65_536 || depth > 64 {
            return false;
        }
        match value {
            Value::String(s) => {
                self.string_bytes += s.len();
                let max = if matches!(key, "name" | "namespace")
                    || key.contains("Revision")
                    || key.contains("Digest")
                {
                    253
                } else if matches!(
                    key,
                    "capacity" | "observedSurge" | "maxSurge" | "maxUnavailable"
                ) {
                    64
                } else {
                    4096
                };
                s.len() <= max && self.string_bytes <= 2 * 1024 * 1024
            }
            Value::Array(items) => {
                items.len() <= 2048 && items.iter().all(|v| self.visit(key, v, depth + 1))
            }
            Value::Object(map) => {
                map.len() <= 256
                    && map.iter().all(|(k, v)| {
                        self.string_bytes += k.len();
                        self.visit(k, v, depth + 1)
                    })
            }
            _ => true,
        }
    }
}

/// Every service condition, and the single-instance condition types.
fn conditions(
    status: &Value,
    now: jiff::Timestamp,
    findings: &mut Findings,
) -> Result<(), InspectionLimit> {
    let list = read::array(status, "conditions").ok().unwrap_or(&[]);
    let mut ready: Vec<(&str, &str)> = Vec::new();
    let mut singles: Vec<&str> = Vec::new();
    for condition in list {
        match condition_record::inspect(condition, now) {
            Err(_) => return Err(InspectionLimit),
            Ok(Some(code)) => findings.invalid.push(code),
            Ok(None) => {}
        }
        let kind = read::text(condition, "type").ok().unwrap_or_default();
        if kind == "Ready" {
            let status = read::text(condition, "status").ok().unwrap_or_default();
            let severity = read::text(condition, "severity").ok().unwrap_or_default();
            ready.push((status, severity));
        }
        if matches!(
            kind,
            "RolloutPlanReady" | "RolloutPlanDrift" | "RolloutCoordinationReady"
        ) {
            if singles.contains(&kind) {
                findings.invalid.push(INVALID_CONDITION);
            }
            singles.push(kind);
        }
    }
    if ready
        .first()
        .is_some_and(|first| ready.iter().any(|r| r != first))
    {
        findings
            .invalid
            .push(InspectionWarning::ConflictingReadyConditions);
    }
    Ok(())
}

/// Component keys, lifecycle counts and lifecycle conditions.
fn components(
    status: &Value,
    now: jiff::Timestamp,
    findings: &mut Findings,
) -> Result<(), InspectionLimit> {
    let Some(map) = read::field(status, "components").and_then(Value::as_object) else {
        return Ok(());
    };
    for (key, entry) in map {
        if !COMPONENTS.contains(&key.as_str()) {
            findings.invalid.push(INVALID_RECORD);
        }
        let Some(lifecycle) = read::field(entry, "lifecycle") else {
            continue;
        };
        let observed = read::int(lifecycle, "observedGeneration").ok();
        let counts = [
            "observedGeneration",
            "replicas",
            "readyReplicas",
            "servingReplicas",
            "availableReplicas",
            "updatedReplicas",
            "updatedReadyReplicas",
            "collisionCount",
        ];
        if counts.iter().any(|k| {
            read::int(lifecycle, k).ok().is_some_and(|n| n < 0) || read::int(lifecycle, k).is_bad()
        }) {
            findings.invalid.push(INVALID_RECORD);
        }
        lifecycle_conditions(lifecycle, observed, now, findings)?;
    }
    Ok(())
}

fn lifecycle_conditions(
    lifecycle: &Value,
    observed: Option<i64>,
    now: jiff::Timestamp,
    findings: &mut Findings,
) -> Result<(), InspectionLimit> {
    let list = read::array(lifecycle, "conditions").ok().unwrap_or(&[]);
    let mut types: Vec<&str> = Vec::new();
    for condition in list {
        let kind = read::text(condition, "type").ok().unwrap_or_default();
        let generation = read::int(condition, "observedGeneration");
        let time = match read::text(condition, "lastTransitionTime") {
            Read::Ok(t) => Some(kube_time(t).map_err(|_| InspectionLimit)?),
            _ => None,
        };
        let problem = condition_record::inspect(condition, now).map_err(|_| InspectionLimit)?;
        let generation_bad = generation.is_bad()
            || generation
                .ok()
                .is_some_and(|g| g < 0 || observed.is_some_and(|o| g > o));
        let time_bad = time.is_none_or(|t| condition_record::is_zero(t) || t > now);
        if problem.is_some() || types.contains(&kind) || generation_bad || time_bad {
            findings.invalid.push(INVALID_CONDITION);
        }
        // A negative generation is an invalid record only, never also a stale one (§5c).
        if generation
            .ok()
            .zip(observed)
            .is_some_and(|(g, o)| (0..o).contains(&g))
        {
            findings.advisory.push(STALE_CONDITION);
        }
        types.push(kind);
    }
    Ok(())
}

fn timestamp_bad(value: Option<&Value>, now: jiff::Timestamp) -> bool {
    match value {
        None => false,
        Some(Value::String(t)) => match kube_time(t) {
            Ok(t) => condition_record::is_zero(t) || t > now,
            Err(_) => true,
        },
        Some(_) => true,
    }
}

fn coordination(status: &Value, now: jiff::Timestamp, findings: &mut Findings) {
    let groups = read::path(status, &["rolloutCoordination", "groups"]);
    for group in groups.and_then(Value::as_array).into_iter().flatten() {
        if timestamp_bad(read::field(group, "lastTransitionTime"), now) {
            findings.invalid.push(INVALID_TIMESTAMP);
        }
        if let Some(ratio) = read::field(group, "observedRatio") {
            let ratio_ok = ratio.as_object().is_some_and(|m| {
                m.iter().all(|(k, v)| {
                    COMPONENTS.contains(&k.as_str()) && v.as_i64().is_some_and(|n| n >= 0)
                })
            });
            if !ratio_ok {
                findings.invalid.push(INVALID_RECORD);
            }
        }
    }
}

/// Canary times: zero or future, or a conclusive evaluation after the last evaluation.
fn canaries(status: &Value, now: jiff::Timestamp, findings: &mut Findings) {
    let mut blocks: Vec<&Value> = read::field(status, "canary").into_iter().collect();
    if let Some(map) = read::field(status, "components").and_then(Value::as_object) {
        blocks.extend(map.values().filter_map(|c| read::field(c, "canary")));
    }
    for canary in blocks {
        let times = [
            "stepEnteredTime",
            "lastEvaluationTime",
            "lastConclusiveEvaluationTime",
        ];
        let mut bad = times
            .iter()
            .any(|k| timestamp_bad(read::field(canary, k), now));
        let results = read::array(canary, "metricResults").ok().unwrap_or(&[]);
        bad |= results
            .iter()
            .any(|r| timestamp_bad(read::field(r, "time"), now));
        let at = |k: &str| read::text(canary, k).ok().and_then(|t| kube_time(t).ok());
        if let (Some(evaluated), Some(conclusive)) =
            (at("lastEvaluationTime"), at("lastConclusiveEvaluationTime"))
        {
            bad |= conclusive > evaluated;
        }
        if bad {
            findings.invalid.push(INVALID_TIMESTAMP);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn now() -> jiff::Timestamp {
        "2026-11-30T12:00:00Z".parse().unwrap()
    }

    fn chat() -> Value {
        json!({"metadata": {"name": "chat", "uid": "u", "resourceVersion": "1", "generation": 7,
                            "annotations": {"kubectl.kubernetes.io/last-applied-configuration": "x".repeat(6000)}},
               "spec": {"engine": {}},
               "status": {"observedGeneration": 7,
                          "conditions": [{"type": "Ready", "status": "True", "lastTransitionTime": "2026-11-30T11:00:00Z"}],
                          "components": {"engine": {"lifecycle": {"observedGeneration": 7, "replicas": 2}}}}})
    }

    #[test]
    fn a_clean_service_and_a_large_unread_annotation() {
        assert_eq!(inspect(&chat(), now()), Ok(Findings::default()));
    }

    #[test]
    fn limits() {
        let mut many = chat();
        many["status"]["conditions"] = json!(
            (0..65)
                .map(|i| json!({"type": format!("T{i}"), "status": "True"}))
                .collect::<Vec<_>>()
        );
        assert_eq!(inspect(&many, now()), Err(InspectionLimit));
        let mut long = chat();
        long["status"]["components"]["engine"]["latestReadyRevision"] = json!("r".repeat(254));
        assert_eq!(inspect(&long, now()), Err(InspectionLimit));
    }

    #[test]
    fn invalid_records() {
        let cases = [
            ("/status/observedGeneration", json!(-1), INVALID_RECORD),
            (
                "/status/components/engine/lifecycle/replicas",
                json!(-1),
                INVALID_RECORD,
            ),
            (
                "/status/conditions/0/severity",
                json!("Error"),
                INVALID_CONDITION,
            ),
            (
                "/status/conditions/0/lastTransitionTime",
                json!("2026-11-30T13:00:00Z"),
                InspectionWarning::FutureConditionTimestamp,
            ),
        ];
        for (pointer, value, code) in cases {
            let mut isvc = chat();
            let mut target = &mut isvc;
            for key in pointer.split('/').skip(1) {
                target = match key.parse::<usize>() {
                    Ok(i) => &mut target[i],
                    Err(_) => &mut target[key],
                };
            }
            *target = value;
            assert!(
                inspect(&isvc, now()).unwrap().invalid.contains(&code),
                "{pointer}"
            );
        }
        let mut run = chat();
        run["status"]["rollout"] = json!({"activeRun": {"runID": "chat-0123456789ab"}});
        assert_eq!(inspect(&run, now()).unwrap().invalid, [INVALID_PINNED_RUN]);
    }

    fn pinned(pinned_at: &str) -> Value {
        let mut isvc = chat();
        isvc["spec"] = json!({"deploymentMode": "OMENative", "engine": {}});
        isvc["status"]["rollout"] = json!({"activeRun": {
            "runID": "chat-0123456789ab", "openedAt": "2026-11-30T11:00:00Z", "pinnedAt": pinned_at,
            "plan": {"groups": [{"source": "Inline", "portableDigest": "rp1:cca45ec1fb0f",
                                 "group": {"components": ["engine"], "blueGreen": {}}}]},
            "targetRevisions": [{"component": "engine", "revision": "bbbbbbbb"}]}});
        isvc
    }

    #[test]
    fn a_run_that_checks_out_is_trusted_until_it_is_dated_after_the_clock() {
        assert_eq!(
            inspect(&pinned("2026-11-30T11:30:00Z"), now()),
            Ok(Findings::default())
        );
        assert_eq!(
            inspect(&pinned("2026-11-30T12:30:00Z"), now())
                .unwrap()
                .invalid,
            [INVALID_PINNED_RUN]
        );
    }

    #[test]
    fn a_negative_condition_generation_is_invalid_and_not_also_stale() {
        let mut isvc = chat();
        isvc["status"]["components"]["engine"]["lifecycle"]["conditions"] = json!([
            {"type": "Progressing", "status": "True", "observedGeneration": -1,
             "lastTransitionTime": "2026-11-30T11:00:00Z"}]);
        let findings = inspect(&isvc, now()).unwrap();
        assert_eq!(findings.invalid, [INVALID_CONDITION]);
        assert!(findings.advisory.is_empty(), "{findings:?}");
        isvc["status"]["components"]["engine"]["lifecycle"]["conditions"][0]["observedGeneration"] =
            json!(6);
        assert_eq!(inspect(&isvc, now()).unwrap().advisory, [STALE_CONDITION]);
    }
}
