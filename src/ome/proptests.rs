//! Property tests of every parser, validator and decoder of the vocabulary: no input panics
//! (arbitrary Unicode, arbitrary bytes read lossily, and inputs shaped like the real thing),
//! and the round trips that exist hold (ColumnarV2 encode → decode, index sets, durations,
//! report timestamps).

use super::duration::{format_go_duration, parse_go_duration};
use super::instances::{DecodeError, decode, parse_index_set};
use super::names::*;
use super::replica::{INSTANCE_PHASES, ReplicaStatus};
use super::report::report_time;
use super::request::{DryRun, OutputFormat, Predicate};
use super::rollout_digest::{portable_digest, progression_document};
use super::{Component, Fetched, InferenceReplica, InferenceService, InstanceRow};
use proptest::collection::{btree_set, vec};
use proptest::prelude::*;
use proptest::sample::select;
use serde_json::{Map, Value, json};

/// Cases of the cheap string properties.
const STRING_CASES: u32 = 2048;
/// Cases of the JSON decoders and the ColumnarV2 round trip.
const DECODER_CASES: u32 = 512;

/// Every `--for` value (read-commands.md §4.2).
const PREDICATES: [&str; 12] = [
    "condition=Ready",
    "condition=Ready=True",
    "condition=Ready=False",
    "condition=Ready=Unknown",
    "rollout=stable",
    "rollout=failed",
    "rollout=rolled-back",
    "migration=terminal",
    "replicas=ready",
    "replicas=current",
    "runtime-sync=acknowledged",
    "held-revision=unheld",
];

/// Any Unicode, bytes from the wire decoded lossily, and near-misses of the real alphabet.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        vec(any::<u8>(), 0..300).prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        "[a-z0-9.\\-]{0,300}",
        "[a-zA-Z0-9.:/@+_\\- ]{0,80}",
        "[0-9a-fA-F\\-]{30,40}",
    ]
}

/// A JSON tree whose keys are the fields the decoders read, so decoding gets deep.
fn json_tree() -> impl Strategy<Value = Value> {
    let keys = select(vec![
        "metadata",
        "name",
        "namespace",
        "uid",
        "resourceVersion",
        "generation",
        "annotations",
        "labels",
        "ownerReferences",
        "spec",
        "status",
        "runtime",
        "revision",
        "autoSync",
        "components",
        "engine",
        "decoder",
        "router",
        "scaleTargetRef",
        "autoscaler",
        "class",
        "minReplicas",
        "maxReplicas",
        "conditions",
        "type",
        "reason",
        "message",
        "lastTransitionTime",
        "instanceStatuses",
        "instanceStatusEncoding",
        "instanceStatusColumns",
        "members",
        "rowOrder",
        "phases",
        "value",
        "indexes",
        "entries",
        "index",
        "incarnation",
        "phase",
        "admitted",
        "activeOrdinalOne",
        "incarnations",
        "podCounts",
        "migrations",
        "retryBlocks",
        "rollout",
        "activeRun",
    ]);
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        text().prop_map(Value::from),
        "[0-9,\\-]{0,12}".prop_map(Value::from),
        Just(json!("ColumnarV2")),
        Just(json!("Ready")),
    ];
    leaf.prop_recursive(5, 64, 8, move |inner| {
        prop_oneof![
            vec(inner.clone(), 0..8).prop_map(Value::Array),
            vec((keys.clone(), inner), 0..8).prop_map(|entries| {
                Value::Object(
                    entries
                        .into_iter()
                        .map(|(k, v)| (k.to_string(), v))
                        .collect::<Map<_, _>>(),
                )
            }),
        ]
    })
}

proptest! {
    #![proptest_config(property_config!(STRING_CASES))]

    /// Names: no input panics, and the validators agree with each other.
    #[test]
    fn name_validators_agree(value in text()) {
        let label = is_dns1123_label(&value);
        let subdomain = is_dns1123_subdomain(&value);
        prop_assert!(!label || value.is_empty() || subdomain);
        prop_assert_eq!(dns1123_subdomain_problems(&value).is_empty(), subdomain);
        prop_assert_eq!(dns1123_label_problems(&value).is_empty(), label && !value.is_empty());
        prop_assert_eq!(check_namespace(&value).is_ok(), label && !value.is_empty());
        let _ = Problems(&dns1123_label_problems(&value)).to_string();
        let _ = is_label_value(&value);
        if is_safe_uid(&value) {
            prop_assert!(value.len() <= 128);
        }
        if is_safe_scalar(&value) {
            prop_assert!(!value.is_empty() && value.len() <= 256);
        }
        if is_canonical_uuid(&value) {
            prop_assert_eq!(value.len(), 36);
            prop_assert!(matches!(uuid_version(&value), Some(b'1'..=b'8')));
        }
    }

    /// Durations: no input panics; a sign mirrors the value.
    #[test]
    fn go_durations_never_panic(value in prop_oneof![text(), "[+\\-]?[0-9.]{0,8}(ns|us|µs|ms|s|m|h|x)?([0-9.]{0,4}(ns|us|ms|s|m|h)){0,4}"]) {
        if let Some(nanos) = parse_go_duration(&value)
            && !value.starts_with(['-', '+'])
        {
            prop_assert_eq!(parse_go_duration(&format!("-{value}")), Some(-nanos));
            prop_assert_eq!(parse_go_duration(&format!("+{value}")), Some(nanos));
        }
    }

    /// Durations: whole-unit components written in Go syntax parse to their sum.
    #[test]
    fn go_durations_round_trip(h in 0i128..10_000, m in 0i128..60, s in 0i128..60, ms in 0i128..1000, us in 0i128..1000, ns in 0i128..1000) {
        let text = format!("{h}h{m}m{s}s{ms}ms{us}us{ns}ns");
        let expected = ((((h * 60 + m) * 60 + s) * 1000 + ms) * 1000 + us) * 1000 + ns;
        prop_assert_eq!(parse_go_duration(&text), Some(expected));
    }

    /// Predicates, output formats, dry-run modes and components: exact values only (a
    /// condition predicate's type and status in any case).
    #[test]
    fn closed_values_parse_exactly(value in text()) {
        for predicate in PREDICATES {
            prop_assert!(Predicate::parse(predicate).is_some());
        }
        // Exact, but for the condition's type and status, which kubectl compares in any case.
        if Predicate::parse(&value).is_some() {
            let condition = value.starts_with("condition=");
            prop_assert!(
                PREDICATES.iter().any(|p| *p == value || (condition && p.eq_ignore_ascii_case(&value))),
                "{value:?}"
            );
        }
        if let Some(format) = OutputFormat::parse_with_wide(&value) {
            prop_assert!(["", "table", "wide", "json", "yaml"].contains(&value.as_str()));
            prop_assert_eq!(OutputFormat::parse_base(&value).is_none(), format == OutputFormat::Wide);
        }
        if let Some(mode) = DryRun::parse(&value) {
            prop_assert_eq!(mode.as_str(), value.as_str());
        }
        if let Some(component) = Component::parse(&value) {
            prop_assert_eq!(component.as_str(), value.as_str());
        }
        prop_assert!(Component::rank(&value) <= 3);
    }

    /// A condition predicate's type and status parse the same in any case.
    #[test]
    fn condition_predicates_ignore_case(upper in proptest::collection::vec(proptest::bool::ANY, 13), which in 0usize..4) {
        let exact = ["Ready", "Ready=True", "Ready=False", "Ready=Unknown"][which];
        let mixed: String = exact
            .chars()
            .zip(upper)
            .map(|(c, up)| if up { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() })
            .collect();
        let parsed = Predicate::parse(&format!("condition={mixed}"));
        prop_assert!(parsed.is_some());
        prop_assert_eq!(parsed, Predicate::parse(&format!("condition={exact}")));
    }

    /// Index sets: no input panics; what parses is ascending, unique and within the bound.
    #[test]
    fn index_sets_never_panic(value in prop_oneof![text(), "[0-9]{1,11}(-[0-9]{1,11})?(,[0-9]{1,11}(-[0-9]{1,11})?){0,6}"], max in 0usize..5000) {
        match parse_index_set(&value, max) {
            Ok(indexes) => {
                prop_assert!(indexes.len() <= max);
                prop_assert!(indexes.windows(2).all(|w| w[0] < w[1]));
            }
            Err(DecodeError::TooMany | DecodeError::Malformed(_)) => {}
        }
    }

    /// Index sets: the canonical encoding of any set parses back to it.
    #[test]
    fn index_sets_round_trip(members in btree_set(0i64..5000, 1..200)) {
        let members: Vec<i64> = members.into_iter().collect();
        let text = ome_testenv::columnar::encode_index_set(&members);
        prop_assert_eq!(parse_index_set(&text, members.len()), Ok(members.clone()));
        if members.len() > 1 {
            prop_assert_eq!(parse_index_set(&text, members.len() - 1), Err(DecodeError::TooMany));
        }
    }

    /// Timestamps: any text parses or not without panicking; report times round-trip whole.
    #[test]
    fn timestamps_round_trip(value in prop_oneof![text(), "[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,12})?(Z|[+\\-][0-9]{2}:[0-9]{2})?"], seconds in -377_705_116_800i64..=253_402_207_200) {
        let _ = value.parse::<jiff::Timestamp>();
        let Ok(time) = jiff::Timestamp::from_second(seconds) else {
            return Err(TestCaseError::fail("a second in jiff's range"));
        };
        let shown = report_time(time);
        prop_assert_eq!(shown.parse::<jiff::Timestamp>().ok(), Some(time));
    }
}

/// One DenseV1 row as the controller writes it (zero values omitted), from generated parts.
fn dense_row(index: i64, parts: (usize, i64, Option<String>, [i64; 3], bool, bool)) -> Value {
    // The CRD's phases: ColumnarV2 accepts only these (evidence-strictness.md §3.6).
    let (phase, incarnation, revision, pods, admitted, ordinal_one) = parts;
    let mut row = json!({"index": index,
                         "phase": INSTANCE_PHASES.get(phase % 8).copied().unwrap_or("Ready")});
    let mut set = |key: &str, value: Value| {
        if let Some(map) = row.as_object_mut() {
            map.insert(key.into(), value);
        }
    };
    if incarnation != 0 {
        set("incarnation", json!(incarnation));
    }
    if let Some(revision) = revision {
        set("runningRevision", json!(revision));
        set("targetRevision", json!(revision));
    }
    for (key, count) in ["podCount", "servingPodCount", "availablePodCount"]
        .into_iter()
        .zip(pods)
    {
        if count != 0 {
            set(key, json!(count));
        }
    }
    if admitted {
        set("admitted", json!(true));
        set("readySince", json!("2026-08-31T18:20:00Z"));
    }
    if ordinal_one {
        set("activeOrdinal", json!(1));
    }
    row
}

fn rows_of(status: Value) -> Result<Vec<InstanceRow>, DecodeError> {
    let status: ReplicaStatus =
        serde_json::from_value(status).map_err(|_| DecodeError::Malformed("test"))?;
    decode(&status, 2048).map(|d| d.rows)
}

proptest! {
    #![proptest_config(property_config!(DECODER_CASES))]

    /// ColumnarV2: any DenseV1 rows, encoded as columns, decode to exactly the rows DenseV1
    /// decodes to, in the same (possibly non-ascending) order.
    #[test]
    fn columnar_round_trip(
        indexes in btree_set(0i64..4096, 1..64),
        parts in vec((0usize..8, -3i64..4, proptest::option::of("[a-z0-9\\-]{1,20}"), [0i64..4, 0i64..4, 0i64..4], any::<bool>(), any::<bool>()), 64),
        shuffle in any::<proptest::sample::Index>(),
    ) {
        let mut rows: Vec<Value> = indexes
            .iter()
            .zip(parts)
            .map(|(index, parts)| dense_row(*index, parts))
            .collect();
        let turn = shuffle.index(rows.len());
        rows.rotate_left(turn);
        let dense = rows_of(json!({"instanceStatuses": rows}));
        let columns = ome_testenv::columnar::encode(&rows);
        let columnar = rows_of(json!({"instanceStatusEncoding": "ColumnarV2",
                                      "instanceStatusColumns": columns}));
        prop_assert!(dense.is_ok(), "{:?}", dense);
        prop_assert_eq!(&columnar, &dense);
        let order: Vec<i64> = dense.unwrap_or_default().iter().map(|r| r.index).collect();
        let expected: Vec<i64> = rows.iter().filter_map(|r| r["index"].as_i64()).collect();
        prop_assert_eq!(order, expected);
    }

    /// The object views and the instance decoder: any JSON decodes or is refused, never panics.
    #[test]
    fn decoders_never_panic(tree in json_tree()) {
        let _ = Fetched::<InferenceService>::from_raw(tree.clone());
        let _ = Fetched::<InferenceReplica>::from_raw(tree.clone());
        if let Ok(status) = serde_json::from_value::<ReplicaStatus>(tree.clone()) {
            let _ = decode(&status, 64);
        }
        let columnar = json!({"instanceStatusEncoding": "ColumnarV2", "instanceStatusColumns": tree});
        let _ = rows_of(columnar);
        let _ = portable_digest(&tree);
        let _ = portable_digest(&json!({"canary": tree.clone(), "rollingUpdate": tree}));
    }

    /// The digest document is compact JSON that decodes again, and it depends only on the
    /// fields it carries: unknown keys and the stored key order never change it.
    #[test]
    fn digest_ignores_unknown_keys_and_key_order(
        steps in vec((0i32..=100, select(vec!["25%", "100%", "1"]), proptest::option::of(0i64..100_000)), 1..5),
        extra in "[a-zA-Z]{1,8}",
    ) {
        let stored: Vec<Value> = steps.iter().map(|(traffic, capacity, pause)| {
            let mut step = json!({"traffic": traffic, "capacity": capacity});
            if let Some(ms) = pause {
                step["pause"] = json!({"duration": format!("{ms}ms")});
            }
            step
        }).collect();
        let group = json!({"components": ["engine"], "canary": {"steps": stored}});
        let document = progression_document(&group);
        prop_assert!(matches!(&document, Ok(Some(d)) if serde_json::from_str::<Value>(d).is_ok()));
        let mut reordered = Map::new();
        let mut noisy = group.clone();
        noisy["canary"][format!("x{extra}")] = json!(1);
        noisy[format!("x{extra}")] = json!({"canary": 1});
        for key in ["canary", "components", &format!("x{extra}")] {
            if let Some(v) = noisy.get(key) {
                reordered.insert(key.to_string(), v.clone());
            }
        }
        prop_assert_eq!(portable_digest(&Value::Object(reordered)), portable_digest(&group));
    }

    /// Go's duration text round-trips through the canonical form.
    #[test]
    fn canonical_durations_parse_back(nanos in any::<i64>()) {
        let text = format_go_duration(nanos);
        prop_assert_eq!(parse_go_duration(&text), Some(i128::from(nanos)));
    }
}
