//! One Instance as `instance list` and `instance status` both show it: its IR, index,
//! incarnation, phase, revisions, Pod counts and admission, taken from one status row.

use crate::ome::InstanceRow;
use serde::Serialize;

/// The Pod counts a row reports.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub(crate) struct Pods {
    pub(crate) total: i64,
    pub(crate) serving: i64,
    pub(crate) available: i64,
}

/// The fields of an Instance both reports show, in their JSON key order.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Instance {
    pub(crate) inference_replica: String,
    pub(crate) index: i64,
    pub(crate) incarnation: i64,
    pub(crate) phase: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) running_revision: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) target_revision: Option<String>,
    pub(crate) pods: Pods,
    pub(crate) admitted: bool,
}

impl Instance {
    /// The row of IR `ir_name` as reported; an empty revision is absent.
    pub(crate) fn of(row: &InstanceRow, ir_name: &str) -> Instance {
        let non_empty = |s: &str| (!s.is_empty()).then(|| s.to_string());
        Instance {
            inference_replica: ir_name.to_string(),
            index: row.index,
            incarnation: row.incarnation,
            phase: row.phase.clone(),
            running_revision: non_empty(&row.running_revision),
            target_revision: non_empty(&row.target_revision),
            pods: Pods {
                total: row.pod_count,
                serving: row.serving_pod_count,
                available: row.available_pod_count,
            },
            admitted: row.admitted,
        }
    }
}
