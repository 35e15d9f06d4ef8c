//! The preview of `instance release-held` on stderr (unblock.md §3.6): one table headed
//! `HELD RELEASE PREVIEW` / `VALUE`, values in 54-byte chunks. The ActionResult is the generic
//! one of `render::rollout_action`.

use super::rollout_action::chunks;
use super::{Table, TableStyle};
use crate::evaluate::release_held::HeldPlan;
use crate::ome::pause::PauseDepth;
use crate::ome::request::DryRun;

/// Values are cut into chunks of this many bytes (§0.5).
const CHUNK: usize = 54;

/// The last five rows are never chunked (§3.6).
const FIXED_TAIL: [(&str, &str); 5] = [
    (
        "Scope",
        "One IR release request; no spec/status/scale mutation",
    ),
    (
        "Acceptance",
        "Not release, retry, garbage collection or availability",
    ),
    (
        "Race",
        "IR CAS is not a parent/runtime/membership transaction",
    ),
    (
        "Actor limits",
        "Consumption has no durable request-correlated receipt",
    ),
    (
        "Actor retention",
        "Historical retry records may be retention-pruned",
    ),
];

fn pause(depth: PauseDepth) -> &'static str {
    match depth {
        PauseDepth::None => "none",
        PauseDepth::Paused => "true",
        PauseDepth::Freeze => "freeze",
        PauseDepth::Unrecognized => "unrecognized (not paused)",
    }
}

/// The rows of the §3.9 example, in its order.
fn rows(
    plan: &HeldPlan,
    context: &str,
    ome_namespace: &str,
    dry_run: DryRun,
) -> Vec<(&'static str, String)> {
    let ir = &plan.plan.target;
    let service = &plan.service;
    let (component, revision, hash) = plan
        .plan
        .held
        .as_ref()
        .map(|h| (h.component.as_str(), h.revision.clone(), h.hash.clone()))
        .unwrap_or_default();
    vec![
        ("Action", "Alpha instance release-held".to_string()),
        ("Context", context.to_string()),
        ("Workload NS", ir.namespace.clone()),
        ("OME NS", ome_namespace.to_string()),
        ("Parent", format!("InferenceService/{}", service.name)),
        ("Parent UID", service.uid.clone()),
        ("Parent RV", service.resource_version.clone()),
        ("Parent generation", service.generation.to_string()),
        (
            "Global parent status",
            format!(
                "{} advisory Unverifiable; not acknowledgement",
                plan.service_observed
            ),
        ),
        ("Component", component.to_string()),
        ("Target", format!("InferenceReplica/{}", ir.name)),
        ("IR UID", ir.uid.clone()),
        ("IR RV", ir.resource_version.clone()),
        ("IR generation", ir.generation.to_string()),
        ("Native observed", plan.native_observed.to_string()),
        ("Parent stamp", plan.parent_stamp.clone()),
        ("Revision", revision.clone()),
        ("Hash", hash),
        ("State", plan.state.clone()),
        ("Attempts", plan.attempts.to_string()),
        ("Dry-run", dry_run.as_str().to_string()),
        ("Pause depth", pause(plan.pause).to_string()),
        (
            "Membership",
            format!("{} IRs / {} pages", plan.members, plan.pages),
        ),
        ("Test UID", ir.uid.clone()),
        ("Test RV", ir.resource_version.clone()),
        ("Add annotation", "ome.io/release-held-revision".to_string()),
        ("Exact value", revision),
        (
            "Controller stamp",
            "existing controller-write=true preserved".to_string(),
        ),
        (
            "Pause effect",
            "Mailbox may be consumed; release does not resume work".to_string(),
        ),
        (
            "Held check",
            "Actor initial snapshot; fresh removal does not recheck".to_string(),
        ),
        (
            "Consumption",
            "Fresh delete is not handled value/UID compare-and-delete".to_string(),
        ),
        (
            "Later observation",
            "Both absent on original UID is consistent, not attribution".to_string(),
        ),
    ]
}

/// The preview written to stderr before the refresh and the write.
pub(crate) fn preview(
    plan: &HeldPlan,
    context: &str,
    ome_namespace: &str,
    dry_run: DryRun,
    style: TableStyle,
) -> String {
    let mut table = Table::new(["HELD RELEASE PREVIEW", "VALUE"]);
    for (label, value) in rows(plan, context, ome_namespace, dry_run) {
        for (i, piece) in chunks(&value, CHUNK).into_iter().enumerate() {
            let label = if i == 0 { label } else { "(continued)" };
            table.row([label.to_string(), piece]);
        }
    }
    for (label, value) in FIXED_TAIL {
        table.row([label.to_string(), value.to_string()]);
    }
    table.render(style)
}
