//! `status` of a service OME has just created from its minimal example, before the controller
//! writes any status (website.md §1): the rows OME's website documents, exactly, in the table
//! and the wide table, and the same state words in JSON and YAML. Against the real API server.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support::{Run, cluster, plugin_async};
use ome_testenv::just_created::create_just_created;
use serde_json::json;

async fn status(ns: &str, extra: &[&str]) -> Run {
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    let args = [&["status", "llama", "-n", ns][..], extra].concat();
    plugin_async(Some(&kubeconfig), &args).await
}

#[tokio::test]
async fn a_just_created_service_shows_the_websites_rows() {
    let c = cluster();
    let ns = c.namespace("st-new").await.unwrap();
    let admin = c.admin().await.unwrap();
    create_just_created(&admin, &ns, "llama").await.unwrap();

    // Every row, exactly: the empty cells of the reason and the runtime, the family states of
    // the closed vocabulary, no `Issue AutoscaleUnavailable`, and `runtime effective`.
    let table = status(&ns, &[]).await;
    assert_eq!((table.code, table.stderr.as_str()), (0, ""), "{table:?}");
    assert_eq!(
        table.stdout,
        format!(
            "\
FIELD                VALUE
Name                 llama
Namespace            {ns}
Ready                NotRecorded / Unavailable
Ready reason
Declared runtime
Model                llama-3-2-1b-instruct
Generation           1 observed=0; advisory Unverifiable
Pod observation      Reported count=0 truncated=false
Event observation    Reported count=0 truncated=false
engine               NotRecorded / Unavailable; Ready pods=0/0 restarts=0
Rollout              Unknown reported=Unknown
Rollout evidence     Reported / Unverifiable
Autoscaling          Unavailable / Unavailable parent status
Placement            NotConfigured / NotApplicable / NotRecorded
Traffic              Unavailable / Unavailable parent status
Runtime active       Unavailable / Unavailable AutoSelectionNotProbed
Accelerator          Unavailable / Unavailable AutoSelectionNotProbed
Full safe values     Use -o json or -o yaml
Rollout detail       kubectl ome rollout status llama -n {ns}
Autoscale detail     kubectl ome autoscale status llama -n {ns}
Placement detail     -o json: content.placement
Traffic detail       -o json: content.traffic
Runtime detail       kubectl ome runtime effective llama -n {ns}
Accelerator detail   -o json: content.accelerator
"
        )
    );

    // The wide table names the inspection `Condition inspection`.
    let wide = status(&ns, &["-o", "wide"]).await;
    let wide = wide.ok();
    for row in [
        "Ready reason\n",
        "Ready message          -\n",
        "Condition inspection   Complete 0/0\n",
        "Declared runtime\n",
        "Runtime active         Unavailable / Unavailable AutoSelectionNotProbed\n",
        "Accelerator            Unavailable / Unavailable AutoSelectionNotProbed\n",
        "Full safe values       Use -o json or -o yaml\n",
    ] {
        assert!(wide.contains(&format!("\n{row}")), "{row}\n{wide}");
    }
    assert!(!wide.contains("Ready inspection"), "{wide}");
    assert!(!wide.contains("Issue"), "{wide}");

    // JSON uses the same words.
    let json = status(&ns, &["-o", "json"]).await.json();
    let content = &json["content"];
    assert_eq!(content["rollout"]["summary"]["evidence"], "Reported");
    assert_eq!(content["rollout"]["summary"]["epoch"], "Unverifiable");
    assert_eq!(
        (
            &content["autoscale"]["summary"],
            &content["autoscale"]["evidence"]
        ),
        (&json!("Unavailable"), &json!("Unavailable"))
    );
    assert_eq!(
        content["placement"],
        json!({"state": "NotConfigured", "evidence": "NotApplicable"})
    );
    assert_eq!(
        content["traffic"],
        json!({"state": "Unavailable", "evidence": "Unavailable", "components": []})
    );
    assert_eq!(
        content["runtimeSummary"],
        json!({"state": "Unavailable", "reason": "AutoSelectionNotProbed",
               "activeState": "Unavailable", "evidence": "Unavailable"})
    );
    assert_eq!(
        content["accelerator"],
        json!({"state": "Unavailable", "reason": "AutoSelectionNotProbed",
               "evidence": "Unavailable", "components": []})
    );
    assert_eq!(content["issues"], json!([]));
    assert!(content.get("runtime").is_none());
    let yaml = status(&ns, &["-o", "yaml"]).await;
    let yaml = yaml.ok();
    assert!(
        yaml.contains(
            "  runtimeSummary:\n    activeState: Unavailable\n    evidence: Unavailable\n    \
             reason: AutoSelectionNotProbed\n    state: Unavailable\n"
        ),
        "{yaml}"
    );
    assert!(
        !yaml.contains(": NotProbed") && !yaml.contains(": NotReported"),
        "{yaml}"
    );
}
