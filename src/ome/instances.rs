//! Instance rows of an InferenceReplica, decoded from either encoding (api-contract.md §2.5,
//! §2.6): DenseV1 (`status.instanceStatuses`) or ColumnarV2 (`status.instanceStatusColumns`).
//! Both decode to the same logical rows, so nothing downstream knows which one was stored.

use super::Condition;
use super::closed_set;
use super::replica::{INSTANCE_PHASES, ReplicaStatus};
use serde::Deserialize;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

closed_set! {
    /// How an IR stores its Instance rows.
    pub(crate) enum InstanceEncoding {
        DenseV1 => "DenseV1",
        ColumnarV2 => "ColumnarV2",
    }
}

/// One logical Instance.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InstanceRow {
    pub(crate) index: i64,
    #[serde(default)]
    pub(crate) incarnation: i64,
    pub(crate) phase: String,
    #[serde(default)]
    pub(crate) running_revision: String,
    #[serde(default)]
    pub(crate) target_revision: String,
    #[serde(default)]
    pub(crate) pod_count: i64,
    #[serde(default)]
    pub(crate) serving_pod_count: i64,
    #[serde(default)]
    pub(crate) available_pod_count: i64,
    #[serde(default)]
    pub(crate) admitted: bool,
    #[serde(default)]
    pub(crate) active_ordinal: i64,
    #[serde(default)]
    pub(crate) conditions: Vec<Condition>,
    #[serde(default)]
    pub(crate) ready_since: Option<String>,
    #[serde(default)]
    pub(crate) operation: Option<InstanceOperation>,
    #[serde(default)]
    pub(crate) last_failure: Option<Value>,
}

/// The in-flight destructive operation of an Instance.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InstanceOperation {
    #[serde(default)]
    pub(crate) id: String,
    #[serde(rename = "type", default)]
    pub(crate) type_: String,
    #[serde(default)]
    pub(crate) step: String,
    #[serde(default)]
    pub(crate) started_at: Option<String>,
    #[serde(default)]
    pub(crate) last_progress_at: Option<String>,
    #[serde(default)]
    pub(crate) deadline: Option<String>,
    #[serde(default)]
    pub(crate) retry_count: Option<i64>,
    #[serde(default)]
    pub(crate) target_revision: Option<String>,
    #[serde(default)]
    pub(crate) reason: Option<String>,
    #[serde(default)]
    pub(crate) waiting: Option<String>,
    #[serde(default)]
    pub(crate) strategy: Option<String>,
    #[serde(default)]
    pub(crate) surge_index: Option<i64>,
    #[serde(default)]
    pub(crate) from_node: Option<String>,
    #[serde(default)]
    pub(crate) hint_target_nodes: Vec<String>,
    #[serde(default, rename = "requestUUID")]
    pub(crate) request_uuid: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct DecodedInstances {
    pub(crate) encoding: InstanceEncoding,
    pub(crate) rows: Vec<InstanceRow>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DecodeError {
    /// More rows than the caller's cardinality limit.
    TooMany,
    /// The stored status cannot be decoded; the reason is for diagnostics only, never printed
    /// with payload text.
    Malformed(&'static str),
}

/// Decodes the Instance rows of `status`, refusing more than `max_rows`.
pub(crate) fn decode(
    status: &ReplicaStatus,
    max_rows: usize,
) -> Result<DecodedInstances, DecodeError> {
    match (
        &status.instance_status_encoding,
        &status.instance_status_columns,
    ) {
        (None, None) => decode_dense(status.instance_statuses.as_ref(), max_rows),
        (Some(encoding), Some(columns)) if encoding == "ColumnarV2" => {
            // The union (evidence-strictness.md §3.6): columns and no dense rows beside them
            // (even an empty list is refused).
            if status.instance_statuses.is_some() {
                return Err(DecodeError::Malformed(
                    "columnar status also carries dense rows",
                ));
            }
            decode_columnar(columns, max_rows)
        }
        (Some(_), Some(_)) => Err(DecodeError::Malformed("unknown instance status encoding")),
        (Some(_), None) => Err(DecodeError::Malformed("encoding without columns")),
        (None, Some(_)) => Err(DecodeError::Malformed("columns without encoding")),
    }
}

fn decode_dense(rows: Option<&Value>, max_rows: usize) -> Result<DecodedInstances, DecodeError> {
    let items = match rows {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items.clone(),
        Some(_) => return Err(DecodeError::Malformed("instanceStatuses is not a list")),
    };
    if items.len() > max_rows {
        return Err(DecodeError::TooMany);
    }
    let rows = items
        .into_iter()
        .map(|item| {
            serde_json::from_value::<InstanceRow>(item)
                .map_err(|_| DecodeError::Malformed("dense row"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(DecodedInstances {
        encoding: InstanceEncoding::DenseV1,
        rows,
    })
}

/// Parses a canonical index set (`0-8,10-114,116`) into ascending indices, refusing more than
/// `max` members.
pub(crate) fn parse_index_set(text: &str, max: usize) -> Result<Vec<i64>, DecodeError> {
    const BAD: DecodeError = DecodeError::Malformed("index set");
    if text.is_empty() {
        return Err(BAD);
    }
    let number = |s: &str| -> Result<i64, DecodeError> {
        if s.is_empty()
            || (s.len() > 1 && s.starts_with('0'))
            || !s.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(BAD);
        }
        s.parse::<i32>().map(i64::from).map_err(|_| BAD)
    };
    let mut out = Vec::new();
    let mut last_end: Option<i64> = None;
    for term in text.split(',') {
        let (start, end) = match term.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (number(a)?, number(b)?);
                if a >= b {
                    return Err(BAD);
                }
                (a, b)
            }
            None => {
                let a = number(term)?;
                (a, a)
            }
        };
        // Terms are ascending, disjoint and non-adjacent.
        if last_end.is_some_and(|prev| start <= prev + 1) {
            return Err(BAD);
        }
        let count = usize::try_from(end - start + 1).map_err(|_| BAD)?;
        if out.len() + count > max {
            return Err(DecodeError::TooMany);
        }
        out.extend(start..=end);
        last_end = Some(end);
    }
    Ok(out)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Columns {
    members: String,
    #[serde(default)]
    row_order: Option<Vec<i64>>,
    phases: Vec<Group<String>>,
    // Optional columns are absent or non-empty (`[]` is not canonical).
    #[serde(default)]
    running_revisions: Option<Vec<Group<String>>>,
    #[serde(default)]
    target_revisions: Option<Vec<Group<String>>>,
    #[serde(default)]
    incarnations: Option<Vec<Group<i64>>>,
    #[serde(default)]
    pod_counts: Option<Vec<Group<i64>>>,
    #[serde(default)]
    serving_pod_counts: Option<Vec<Group<i64>>>,
    #[serde(default)]
    available_pod_counts: Option<Vec<Group<i64>>>,
    #[serde(default)]
    admitted: Option<String>,
    #[serde(default)]
    active_ordinal_one: Option<String>,
    #[serde(default)]
    entries: Option<Vec<Entry>>,
}

#[derive(Deserialize)]
struct Group<T> {
    value: T,
    indexes: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Entry {
    index: i64,
    #[serde(default)]
    conditions: Option<Vec<Condition>>,
    #[serde(default)]
    ready_since: Option<String>,
    #[serde(default)]
    operation: Option<InstanceOperation>,
    #[serde(default)]
    last_failure: Option<Value>,
}

/// Spreads each group's value over its members: at most one group per member, values valid and
/// strictly ascending, every index a member and in at most one group of the column.
fn column<T: Clone + PartialOrd>(
    groups: &[Group<T>],
    members: &BTreeSet<i64>,
    max: usize,
    valid: impl Fn(&T) -> bool,
) -> Result<BTreeMap<i64, T>, DecodeError> {
    if groups.len() > members.len() {
        return Err(DecodeError::Malformed("more groups than members"));
    }
    let mut map = BTreeMap::new();
    let mut previous: Option<&T> = None;
    for group in groups {
        if !valid(&group.value) || previous.is_some_and(|p| *p >= group.value) {
            return Err(DecodeError::Malformed("column value"));
        }
        previous = Some(&group.value);
        for index in parse_index_set(&group.indexes, max)? {
            if !members.contains(&index) || map.insert(index, group.value.clone()).is_some() {
                return Err(DecodeError::Malformed("column membership"));
            }
        }
    }
    Ok(map)
}

fn member_subset(
    text: Option<&String>,
    members: &BTreeSet<i64>,
    max: usize,
) -> Result<BTreeSet<i64>, DecodeError> {
    let Some(text) = text else {
        return Ok(BTreeSet::new());
    };
    let set: BTreeSet<i64> = parse_index_set(text, max)?.into_iter().collect();
    if set.is_subset(members) {
        Ok(set)
    } else {
        Err(DecodeError::Malformed("index set membership"))
    }
}

/// `rowOrder` when given (a permutation of the members that is not ascending: an ascending order
/// is written by omitting it), else the members in index order.
fn row_order(
    given: Option<Vec<i64>>,
    members_in_order: Vec<i64>,
    members: &BTreeSet<i64>,
) -> Result<Vec<i64>, DecodeError> {
    let Some(order) = given else {
        return Ok(members_in_order);
    };
    let as_set: BTreeSet<i64> = order.iter().copied().collect();
    if order.len() != members.len() || as_set != *members || order == members_in_order {
        return Err(DecodeError::Malformed(
            "rowOrder is not a permutation of members",
        ));
    }
    Ok(order)
}

/// The sparse per-Instance records: absent or non-empty, at most one per member, strictly
/// ascending, each with a non-empty record (conditions, readySince, operation or lastFailure;
/// `announced` alone does not count — Unconfirmed, the safe reading).
fn entries_by_index(
    entries: Option<Vec<Entry>>,
    members: &BTreeSet<i64>,
) -> Result<BTreeMap<i64, Entry>, DecodeError> {
    let Some(entries) = entries else {
        return Ok(BTreeMap::new());
    };
    if entries.is_empty() || entries.len() > members.len() {
        return Err(DecodeError::Malformed("entries"));
    }
    let mut by_index = BTreeMap::new();
    let mut previous: Option<i64> = None;
    for entry in entries {
        let has_record = entry.conditions.as_ref().is_some_and(|c| !c.is_empty())
            || entry.ready_since.is_some()
            || entry.operation.is_some()
            || entry.last_failure.as_ref().is_some_and(|f| !f.is_null());
        if !members.contains(&entry.index)
            || previous.is_some_and(|p| entry.index <= p)
            || !has_record
        {
            return Err(DecodeError::Malformed("entries"));
        }
        previous = Some(entry.index);
        by_index.insert(entry.index, entry);
    }
    Ok(by_index)
}

fn decode_columnar(raw: &Value, max_rows: usize) -> Result<DecodedInstances, DecodeError> {
    let columns: Columns =
        serde_json::from_value(raw.clone()).map_err(|_| DecodeError::Malformed("columns shape"))?;
    let member_list = parse_index_set(&columns.members, max_rows)?;
    let members: BTreeSet<i64> = member_list.iter().copied().collect();
    if columns.phases.is_empty() {
        return Err(DecodeError::Malformed("no phase groups"));
    }
    let phases = column(&columns.phases, &members, max_rows, |v| {
        INSTANCE_PHASES.contains(&v.as_str())
    })?;
    if phases.len() != members.len() {
        return Err(DecodeError::Malformed("member without phase"));
    }
    let optional = |groups: Option<&Vec<_>>| match groups {
        Some(g) if g.is_empty() => Err(DecodeError::Malformed("empty optional column")),
        _ => Ok(()),
    };
    optional(columns.running_revisions.as_ref())?;
    optional(columns.target_revisions.as_ref())?;
    let non_empty = |v: &String| !v.is_empty();
    let revisions = |g: &Option<Vec<Group<String>>>| match g {
        Some(groups) => column(groups, &members, max_rows, non_empty),
        None => Ok(BTreeMap::new()),
    };
    let running = revisions(&columns.running_revisions)?;
    let target = revisions(&columns.target_revisions)?;
    let counts = |g: &Option<Vec<Group<i64>>>, valid: fn(&i64) -> bool| match g {
        Some(groups) if groups.is_empty() => Err(DecodeError::Malformed("empty optional column")),
        Some(groups) => column(groups, &members, max_rows, valid),
        None => Ok(BTreeMap::new()),
    };
    let incarnations = counts(&columns.incarnations, |v| *v != 0)?;
    let positive: fn(&i64) -> bool = |v| *v >= 1 && *v <= i64::from(i32::MAX);
    let pods = counts(&columns.pod_counts, positive)?;
    let serving = counts(&columns.serving_pod_counts, positive)?;
    let available = counts(&columns.available_pod_counts, positive)?;
    let admitted = member_subset(columns.admitted.as_ref(), &members, max_rows)?;
    let ordinal_one = member_subset(columns.active_ordinal_one.as_ref(), &members, max_rows)?;

    let order = row_order(columns.row_order, member_list, &members)?;
    let mut entries = entries_by_index(columns.entries, &members)?;
    let rows = order
        .into_iter()
        .map(|index| {
            let entry = entries.remove(&index);
            InstanceRow {
                index,
                incarnation: incarnations.get(&index).copied().unwrap_or(0),
                phase: phases.get(&index).cloned().unwrap_or_default(),
                running_revision: running.get(&index).cloned().unwrap_or_default(),
                target_revision: target.get(&index).cloned().unwrap_or_default(),
                pod_count: pods.get(&index).copied().unwrap_or(0),
                serving_pod_count: serving.get(&index).copied().unwrap_or(0),
                available_pod_count: available.get(&index).copied().unwrap_or(0),
                admitted: admitted.contains(&index),
                active_ordinal: i64::from(ordinal_one.contains(&index)),
                conditions: entry
                    .as_ref()
                    .and_then(|e| e.conditions.clone())
                    .unwrap_or_default(),
                ready_since: entry.as_ref().and_then(|e| e.ready_since.clone()),
                operation: entry.as_ref().and_then(|e| e.operation.clone()),
                last_failure: entry.and_then(|e| e.last_failure),
            }
        })
        .collect();
    Ok(DecodedInstances {
        encoding: InstanceEncoding::ColumnarV2,
        rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn status(value: Value) -> ReplicaStatus {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn index_sets() {
        assert_eq!(
            parse_index_set("0-2,4,6-7", 100).unwrap(),
            vec![0, 1, 2, 4, 6, 7]
        );
        assert!(
            parse_index_set("0-1,2", 100).is_err(),
            "adjacent terms are not canonical"
        );
        assert!(parse_index_set("1-0", 100).is_err());
        assert!(parse_index_set("01", 100).is_err());
        assert!(parse_index_set("0,0", 100).is_err());
        assert!(parse_index_set("", 100).is_err());
        assert_eq!(parse_index_set("0-9", 5), Err(DecodeError::TooMany));
    }

    #[test]
    fn dense_and_columnar_decode_to_the_same_rows() {
        let dense = status(json!({
            "instanceStatuses": [
                {"index": 0, "incarnation": 1, "phase": "Ready", "runningRevision": "chat-engine-7f9c4d2b",
                 "podCount": 1, "servingPodCount": 1, "availablePodCount": 1, "admitted": true,
                 "readySince": "2026-09-20T08:06:20Z"},
                {"index": 1, "incarnation": 1, "phase": "Ready", "runningRevision": "chat-engine-7f9c4d2b",
                 "podCount": 1, "servingPodCount": 1, "availablePodCount": 1, "admitted": true,
                 "readySince": "2026-09-20T08:06:35Z"}
            ]
        }));
        let columnar = status(json!({
            "instanceStatusEncoding": "ColumnarV2",
            "instanceStatusColumns": {
                "members": "0-1",
                "phases": [{"value": "Ready", "indexes": "0-1"}],
                "runningRevisions": [{"value": "chat-engine-7f9c4d2b", "indexes": "0-1"}],
                "incarnations": [{"value": 1, "indexes": "0-1"}],
                "podCounts": [{"value": 1, "indexes": "0-1"}],
                "servingPodCounts": [{"value": 1, "indexes": "0-1"}],
                "availablePodCounts": [{"value": 1, "indexes": "0-1"}],
                "admitted": "0-1",
                "entries": [
                    {"index": 0, "readySince": "2026-09-20T08:06:20Z"},
                    {"index": 1, "readySince": "2026-09-20T08:06:35Z"}
                ]
            }
        }));
        let a = decode(&dense, 2048).unwrap();
        let b = decode(&columnar, 2048).unwrap();
        assert_eq!(a.encoding, InstanceEncoding::DenseV1);
        assert_eq!(b.encoding, InstanceEncoding::ColumnarV2);
        assert_eq!(a.rows, b.rows);
    }

    #[test]
    fn malformed_columns_are_errors() {
        let bad = status(json!({
            "instanceStatusEncoding": "ColumnarV2",
            "instanceStatusColumns": {"members": "0-1", "phases": [{"value": "Ready", "indexes": "0"}]}
        }));
        assert!(matches!(decode(&bad, 2048), Err(DecodeError::Malformed(_))));
        let both = status(
            json!({"instanceStatusEncoding": "ColumnarV2", "instanceStatuses": [],
            "instanceStatusColumns": {"members": "0", "phases": [{"value": "Ready", "indexes": "0"}]}}),
        );
        assert!(decode(&both, 2048).is_err());
    }

    /// evidence-strictness.md §3.6: the canonical form, one rule at a time.
    #[test]
    fn only_the_canonical_columnar_form_decodes() {
        let columns = |extra: Value| {
            let mut c = json!({"members": "0-2", "phases": [{"value": "Ready", "indexes": "0-2"}]});
            for (k, v) in extra.as_object().unwrap() {
                c[k] = v.clone();
            }
            status(json!({"instanceStatusEncoding": "ColumnarV2", "instanceStatusColumns": c}))
        };
        assert!(decode(&columns(json!({})), 2048).is_ok());
        assert!(decode(&columns(json!({"rowOrder": [2, 0, 1]})), 2048).is_ok());
        for bad in [
            json!({"rowOrder": [0, 1, 2]}),
            json!({"rowOrder": []}),
            json!({"podCounts": []}),
            json!({"runningRevisions": []}),
            json!({"entries": []}),
            json!({"entries": [{"index": 0, "conditions": []}]}),
            json!({"entries": [{"index": 0, "announced": ["x"]}]}),
            json!({"phases": [{"value": "Booting", "indexes": "0-2"}]}),
            json!({"phases": [{"value": "Ready", "indexes": "2"}, {"value": "Creating", "indexes": "0-1"}]}),
            json!({"incarnations": [{"value": 2, "indexes": "0"}, {"value": 1, "indexes": "1-2"}]}),
            json!({"incarnations": [{"value": 0, "indexes": "0-2"}]}),
            json!({"runningRevisions": [{"value": "b", "indexes": "0"}, {"value": "a", "indexes": "1"}]}),
        ] {
            assert!(decode(&columns(bad.clone()), 2048).is_err(), "{bad}");
        }
        let marker = status(json!({"instanceStatusEncoding": "ColumnarV3",
            "instanceStatusColumns": {"members": "0", "phases": [{"value": "Ready", "indexes": "0"}]}}));
        assert!(decode(&marker, 2048).is_err());
    }
}
