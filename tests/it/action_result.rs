//! The ActionResult schema that docs/scale.md gives scripts (every field, its type, when it is
//! present) is the one `scale -o json` prints against the real API server, for each dry-run
//! mode, and an empty `issues` is `[]`, as in every other report.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support::{cluster, plugin_async};
use ome_testenv::ChatFixture;
use serde_json::Value;
use std::collections::BTreeMap;

/// One documented field: its JSON type and when it is present.
#[derive(Debug, Clone)]
struct Documented {
    kind: String,
    present: String,
}

/// The schema table of docs/scale.md: `| `a`, `b` | type | present | meaning |` rows.
fn documented() -> BTreeMap<String, Documented> {
    let page =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/scale.md")).unwrap();
    let section = page
        .split("## The ActionResult fields scripts read\n")
        .nth(1)
        .expect("the ActionResult section")
        .split("\n## ")
        .next()
        .unwrap();
    let mut fields = BTreeMap::new();
    for line in section.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.split(" | ").collect();
        let names = cells[0].trim_start_matches("| ");
        for name in names.split(", ") {
            fields.insert(
                name.trim_matches('`').to_string(),
                Documented {
                    kind: cells[1].to_string(),
                    present: cells[2].to_string(),
                },
            );
        }
    }
    fields
}

/// Every field of `value` as a documented path (`scale.sources[].kind`), with its JSON type.
fn paths(prefix: &str, value: &Value, out: &mut Vec<(String, &'static str)>) {
    let kind = match value {
        Value::String(_) => "string",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "integer",
        Value::Array(items) => {
            let strings = !items.is_empty() && items.iter().all(Value::is_string);
            for item in items.iter().filter(|i| i.is_object()) {
                paths(&format!("{prefix}[]"), item, out);
            }
            if strings { "array of strings" } else { "array" }
        }
        Value::Object(map) => {
            for (key, inner) in map {
                let path = if prefix.is_empty() {
                    key.clone()
                } else {
                    format!("{prefix}.{key}")
                };
                paths(&path, inner, out);
            }
            "object"
        }
        Value::Null => "null",
    };
    // The items of a list are documented by their fields (`scale.sources[].kind`).
    if !prefix.is_empty() && !prefix.ends_with("[]") {
        out.push((prefix.to_string(), kind));
    }
}

#[tokio::test]
async fn every_field_of_the_printed_result_is_documented_with_its_type() {
    let c = cluster();
    let admin = c.admin().await.unwrap();
    let ns = c.namespace("action-result").await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    let kubeconfig = c.kubeconfig("scaler").unwrap();
    let schema = documented();
    assert!(schema.len() > 40, "{schema:?}");
    // The write last: it changes the count the dry runs read.
    for dry_run in ["client", "server", "none"] {
        let run = plugin_async(
            Some(&kubeconfig),
            &[
                "scale",
                "chat",
                "-n",
                &ns,
                "--component",
                "engine",
                "--replicas",
                "3",
                "--override-autoscaler",
                "--yes",
                "--dry-run",
                dry_run,
                "-o",
                "json",
            ],
        )
        .await;
        assert_eq!(run.code, 0, "{dry_run}: {run:?}");
        // The preview goes to stderr; the result alone to stdout.
        assert!(
            run.stderr.starts_with("ALPHA guarded scale preview"),
            "{run:?}"
        );
        let result: Value = serde_json::from_str(&run.stdout).unwrap();
        // `null` when there are none (website.md §3).
        assert_eq!(result["scale"]["issues"], Value::Null, "{dry_run}");
        assert_eq!(result["scale"]["priorReplicas"], 2, "{dry_run}");
        assert_eq!(result["target"]["name"], "chat-engine", "{dry_run}");
        assert_eq!(result["accepted"], dry_run != "client", "{dry_run}");
        assert_eq!(result["applied"], dry_run == "none", "{dry_run}");
        let mut printed = Vec::new();
        paths("", &result, &mut printed);
        for (path, kind) in &printed {
            let doc = schema
                .get(path)
                .unwrap_or_else(|| panic!("{dry_run}: {path} is not documented"));
            // An empty list is an array of anything; `null` where the page says `… or null`.
            let same = doc.kind == *kind
                || (*kind == "array" && doc.kind.starts_with("array"))
                || (*kind == "null" && doc.kind.ends_with(" or null"));
            assert!(same, "{dry_run}: {path} is {kind}, documented {}", doc.kind);
        }
        for (path, doc) in &schema {
            if doc.present == "always" {
                assert!(
                    printed.iter().any(|(p, _)| p == path),
                    "{dry_run}: {path} is documented as always present"
                );
            }
            if doc.present == "never" {
                assert!(!printed.iter().any(|(p, _)| p == path), "{dry_run}: {path}");
            }
        }
    }
}
