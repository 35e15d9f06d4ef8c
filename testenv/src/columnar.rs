//! ColumnarV2 instance status (api-contract §2.6): encoding DenseV1 rows into
//! `status.instanceStatusColumns` with canonical index sets, and decoding them back.

use std::collections::BTreeMap;

use anyhow::{Context, Result, bail};
use serde_json::{Map, Value, json};

/// Encodes indexes as a canonical index set: ascending, disjoint, non-adjacent terms `N` or
/// `A-B` (A < B), e.g. `0-8,10-114,116`. Duplicates are ignored.
pub fn encode_index_set(indexes: &[i64]) -> String {
    let mut sorted: Vec<i64> = indexes.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    // Runs of consecutive indexes, as (start, end).
    let mut runs: Vec<(i64, i64)> = Vec::new();
    for index in sorted {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == index => *end = index,
            _ => runs.push((index, index)),
        }
    }
    let terms: Vec<String> = runs
        .into_iter()
        .map(|(start, end)| {
            if start == end {
                start.to_string()
            } else {
                format!("{start}-{end}")
            }
        })
        .collect();
    terms.join(",")
}

/// Parses an index set (accepts any well-formed list of `N` and `A-B` terms with A < B).
pub fn parse_index_set(text: &str) -> Result<Vec<i64>> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for term in text.split(',') {
        match term.split_once('-') {
            Some((a, b)) => {
                let a: i64 = a
                    .parse()
                    .with_context(|| format!("bad index term {term:?}"))?;
                let b: i64 = b
                    .parse()
                    .with_context(|| format!("bad index term {term:?}"))?;
                if a >= b {
                    bail!("bad index range {term:?}");
                }
                out.extend(a..=b);
            }
            None => out.push(
                term.parse()
                    .with_context(|| format!("bad index {term:?}"))?,
            ),
        }
    }
    Ok(out)
}

fn row_index(row: &Value) -> i64 {
    row.get("index").and_then(Value::as_i64).unwrap_or(0)
}

fn str_field<'a>(row: &'a Value, key: &str) -> &'a str {
    row.get(key).and_then(Value::as_str).unwrap_or("")
}

fn int_field(row: &Value, key: &str) -> i64 {
    row.get(key).and_then(Value::as_i64).unwrap_or(0)
}

fn string_groups(rows: &[Value], key: &str, keep_empty: bool) -> Value {
    let mut groups: BTreeMap<String, Vec<i64>> = BTreeMap::new();
    for row in rows {
        let v = str_field(row, key);
        if keep_empty || !v.is_empty() {
            groups
                .entry(v.to_string())
                .or_default()
                .push(row_index(row));
        }
    }
    // BTreeMap<String> iterates bytewise.
    Value::Array(
        groups
            .into_iter()
            .map(|(value, idx)| json!({"value": value, "indexes": encode_index_set(&idx)}))
            .collect(),
    )
}

fn int_groups(rows: &[Value], key: &str, min: i64) -> Value {
    let mut groups: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    for row in rows {
        let v = int_field(row, key);
        if v != 0 && v >= min {
            groups.entry(v).or_default().push(row_index(row));
        }
    }
    Value::Array(
        groups
            .into_iter()
            .map(|(value, idx)| json!({"value": value, "indexes": encode_index_set(&idx)}))
            .collect(),
    )
}

const ENTRY_KEYS: [&str; 5] = [
    "conditions",
    "readySince",
    "operation",
    "lastFailure",
    "announced",
];

/// Encodes DenseV1 rows (`status.instanceStatuses`) as `status.instanceStatusColumns`.
pub fn encode(rows: &[Value]) -> Value {
    let indexes: Vec<i64> = rows.iter().map(row_index).collect();
    let mut cols = Map::new();
    cols.insert("members".into(), json!(encode_index_set(&indexes)));
    if !indexes
        .iter()
        .zip(indexes.iter().skip(1))
        .all(|(a, b)| a < b)
    {
        cols.insert("rowOrder".into(), json!(indexes));
    }
    cols.insert("phases".into(), string_groups(rows, "phase", true));
    for (col, key) in [
        ("runningRevisions", "runningRevision"),
        ("targetRevisions", "targetRevision"),
    ] {
        let g = string_groups(rows, key, false);
        if g.as_array().is_some_and(|a| !a.is_empty()) {
            cols.insert(col.into(), g);
        }
    }
    for (col, key, min) in [
        ("incarnations", "incarnation", i64::MIN),
        ("podCounts", "podCount", 1),
        ("servingPodCounts", "servingPodCount", 1),
        ("availablePodCounts", "availablePodCount", 1),
    ] {
        let g = int_groups(rows, key, min);
        if g.as_array().is_some_and(|a| !a.is_empty()) {
            cols.insert(col.into(), g);
        }
    }
    let admitted: Vec<i64> = rows
        .iter()
        .filter(|r| r.get("admitted").and_then(Value::as_bool) == Some(true))
        .map(row_index)
        .collect();
    if !admitted.is_empty() {
        cols.insert("admitted".into(), json!(encode_index_set(&admitted)));
    }
    let ordinal_one: Vec<i64> = rows
        .iter()
        .filter(|r| int_field(r, "activeOrdinal") == 1)
        .map(row_index)
        .collect();
    if !ordinal_one.is_empty() {
        cols.insert(
            "activeOrdinalOne".into(),
            json!(encode_index_set(&ordinal_one)),
        );
    }
    let mut sorted: Vec<&Value> = rows.iter().collect();
    sorted.sort_by_key(|r| row_index(r));
    let entries: Vec<Value> = sorted
        .into_iter()
        .filter_map(|row| {
            let mut entry = Map::new();
            for key in ENTRY_KEYS {
                if let Some(v) = row.get(key).filter(|v| !v.is_null()) {
                    entry.insert(key.into(), v.clone());
                }
            }
            (!entry.is_empty()).then(|| {
                let mut e = Map::new();
                e.insert("index".into(), json!(row_index(row)));
                e.extend(entry);
                Value::Object(e)
            })
        })
        .collect();
    if !entries.is_empty() {
        cols.insert("entries".into(), Value::Array(entries));
    }
    Value::Object(cols)
}

/// Decodes `status.instanceStatusColumns` into DenseV1 rows (zero values omitted).
pub fn decode(columns: &Value) -> Result<Vec<Value>> {
    let members = parse_index_set(str_field(columns, "members"))?;
    let order: Vec<i64> = match columns.get("rowOrder").and_then(Value::as_array) {
        Some(order) => order.iter().filter_map(Value::as_i64).collect(),
        None => {
            let mut m = members.clone();
            m.sort_unstable();
            m
        }
    };
    let mut rows: BTreeMap<i64, Map<String, Value>> = order
        .iter()
        .map(|&i| {
            let mut row = Map::new();
            row.insert("index".into(), json!(i));
            (i, row)
        })
        .collect();
    let groups = [
        ("phases", "phase"),
        ("runningRevisions", "runningRevision"),
        ("targetRevisions", "targetRevision"),
        ("incarnations", "incarnation"),
        ("podCounts", "podCount"),
        ("servingPodCounts", "servingPodCount"),
        ("availablePodCounts", "availablePodCount"),
    ];
    for (col, key) in groups {
        for group in columns
            .get(col)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let value = group.get("value").cloned().unwrap_or(Value::Null);
            for i in parse_index_set(str_field(group, "indexes"))? {
                if let Some(row) = rows.get_mut(&i) {
                    row.insert(key.into(), value.clone());
                }
            }
        }
    }
    for i in parse_index_set(str_field(columns, "admitted"))? {
        if let Some(row) = rows.get_mut(&i) {
            row.insert("admitted".into(), json!(true));
        }
    }
    for i in parse_index_set(str_field(columns, "activeOrdinalOne"))? {
        if let Some(row) = rows.get_mut(&i) {
            row.insert("activeOrdinal".into(), json!(1));
        }
    }
    for entry in columns
        .get("entries")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        if let Some(row) = rows.get_mut(&row_index(entry)) {
            for key in ENTRY_KEYS {
                if let Some(v) = entry.get(key) {
                    row.insert(key.into(), v.clone());
                }
            }
        }
    }
    // Every entry of rowOrder is a row, a repeated index too: a duplicate written through
    // `encode` (as a test's broken evidence) survives the next decode/encode round trip.
    Ok(order
        .iter()
        .filter_map(|i| rows.get(i).cloned().map(Value::Object))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_duplicated_index_survives_a_round_trip() {
        let row =
            |index: i64, phase: &str| json!({"index": index, "incarnation": 1, "phase": phase});
        let rows = vec![row(0, "Ready"), row(50, "Ready"), row(50, "Ready")];
        let columns = encode(&rows);
        assert_eq!(columns["rowOrder"], json!([0, 50, 50]));
        let mut decoded = decode(&columns).unwrap();
        assert_eq!(decoded.len(), 3);
        decoded.push(row(102, "Creating"));
        let again = encode(&decoded);
        assert_eq!(again["rowOrder"], json!([0, 50, 50, 102]));
    }

    #[test]
    fn index_sets_are_canonical() {
        assert_eq!(encode_index_set(&[0, 1]), "0-1");
        assert_eq!(
            encode_index_set(&[116, 0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11]),
            "0-8,10-11,116"
        );
        assert_eq!(encode_index_set(&[3]), "3");
        assert_eq!(encode_index_set(&[]), "");
        assert_eq!(parse_index_set("0-2,5").unwrap(), vec![0, 1, 2, 5]);
        assert!(parse_index_set("1-0").is_err());
    }

    #[test]
    fn round_trip_matches_the_contract_example() {
        let rows = vec![
            json!({"index": 0, "incarnation": 1, "phase": "Ready", "runningRevision": "chat-engine-7f9c4d2b",
                   "podCount": 1, "servingPodCount": 1, "availablePodCount": 1, "admitted": true,
                   "readySince": "2026-09-20T08:06:20Z"}),
            json!({"index": 1, "incarnation": 1, "phase": "Ready", "runningRevision": "chat-engine-7f9c4d2b",
                   "podCount": 1, "servingPodCount": 1, "availablePodCount": 1, "admitted": true,
                   "readySince": "2026-09-20T08:06:35Z"}),
        ];
        let cols = encode(&rows);
        assert_eq!(
            cols,
            json!({
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
            })
        );
        assert_eq!(decode(&cols).unwrap(), rows);
    }
}
