//! The catalogues: violations, each breaking exactly one check of the spec (with the refusal
//! that check gives and its position in the evaluation order), and neutral changes, each
//! touching only a field the spec does not read.

use super::world::{Case, World, migration_record};
use crate::errors::ScaleError;
use crate::ome::evidence::ApiError;
use crate::ome::request::{DryRun, OutputFormat};
use ome_testenv::fixtures::{owner_ref, set_rows};
use serde_json::{Value, json};

fn not_found() -> ApiError {
    ApiError::NotFound {
        named: true,
        message: "not found".into(),
    }
}

/// A JSON object at `pointer` inside `value`, created on the way.
fn at<'a>(value: &'a mut Value, pointer: &[&str]) -> &'a mut Value {
    pointer.iter().fold(value, |v, key| {
        if !v.is_object() {
            *v = json!({});
        }
        &mut v[*key]
    })
}

fn ok_mut(value: &mut Result<Value, ApiError>) -> &mut Value {
    match value {
        Ok(v) => v,
        Err(_) => unreachable!("violations apply before reads are failed"),
    }
}

fn push_row(case: &mut Case, phase: &str, index: Option<i64>) {
    let ir = ok_mut(&mut case.ir);
    let Ok((mut rows, encoding)) = ome_testenv::controller::rows_of(ir) else {
        return;
    };
    let rev = ir["status"]["currentRevision"].clone();
    let index = index.unwrap_or_else(|| 100 + i64::try_from(rows.len()).unwrap_or(0));
    rows.push(json!({"index": index, "incarnation": 1, "phase": phase, "runningRevision": rev}));
    set_rows(&mut ir["status"], rows, encoding);
}

fn push_migration(case: &mut Case, uuid: &str, phase: &str) {
    let ir = ok_mut(&mut case.ir);
    let migrations = at(ir, &["status", "migrations"]);
    if !migrations.is_array() {
        *migrations = json!([]);
    }
    if let Some(list) = migrations.as_array_mut() {
        list.push(migration_record(uuid, phase));
    }
}

/// One check of the spec broken on purpose.
pub(super) struct Violation {
    pub(super) name: &'static str,
    /// The position of the check in the evaluation order.
    pub(super) order: u32,
    /// What it is refused with.
    pub(super) refusal: ScaleError,
    /// Violations writing the same field exclude each other.
    pub(super) slot: &'static str,
    pub(super) apply: fn(&mut Case, &World),
}

const fn v(
    name: &'static str,
    order: u32,
    refusal: ScaleError,
    slot: &'static str,
    apply: fn(&mut Case, &World),
) -> Violation {
    Violation {
        name,
        order,
        refusal,
        slot,
        apply,
    }
}

fn component_key(world: &World) -> &'static str {
    world.component.as_str()
}

pub(super) const VIOLATIONS: &[Violation] = &[
    v(
        "service UID unsafe",
        10,
        ScaleError::UnsafeTarget,
        "isvc.uid",
        |c, _| c.isvc["metadata"]["uid"] = json!("has space"),
    ),
    v(
        "service generation 0",
        11,
        ScaleError::UnsafeTarget,
        "isvc.generation",
        |c, _| c.isvc["metadata"]["generation"] = json!(0),
    ),
    v("service deleting", 20, ScaleError::Deleting, "", |c, _| {
        c.isvc["metadata"]["deletionTimestamp"] = json!("2026-01-01T00:00:00Z")
    }),
    v("65 finalizers", 30, ScaleError::Bounds, "", |c, _| {
        c.isvc["metadata"]["finalizers"] = json!(
            (0..65)
                .map(|i| format!("example.com/f{i}"))
                .collect::<Vec<_>>()
        )
    }),
    v(
        "placement annotation",
        40,
        ScaleError::Placement,
        "",
        |c, _| {
            *at(
                &mut c.isvc,
                &["metadata", "annotations", "ome.io/accelerator-requirements"],
            ) = json!("gpu")
        },
    ),
    v(
        "no runtime name",
        50,
        ScaleError::Runtime,
        "runtime.name",
        |c, _| c.isvc["spec"]["runtime"]["name"] = json!(""),
    ),
    v(
        "runtime missing",
        60,
        ScaleError::Runtime,
        "runtime.read",
        |c, _| c.runtime = Err(not_found()),
    ),
    v("runtime disabled", 61, ScaleError::Runtime, "", |c, _| {
        if let Ok(rt) = &mut c.runtime {
            rt["spec"]["disabled"] = json!(true)
        }
    }),
    v(
        "no OMENative component",
        62,
        ScaleError::Runtime,
        "",
        |c, _| c.isvc["spec"]["deploymentMode"] = json!("RawDeployment"),
    ),
    v(
        "runtime sync pending",
        70,
        ScaleError::ManualScaleSource,
        "",
        |c, _| {
            *at(
                &mut c.isvc,
                &["metadata", "annotations", "ome.io/runtime-sync"],
            ) = json!("cli-runtime-sync-x")
        },
    ),
    v(
        "drift Unknown",
        71,
        ScaleError::ManualScaleSource,
        "",
        |c, _| {
            if let Some(list) = c.isvc["status"]["conditions"].as_array_mut() {
                list.push(json!({"type": "RuntimeDrifted", "status": "Unknown"}))
            }
        },
    ),
    v(
        "proportional scaling",
        72,
        ScaleError::ManualScaleSource,
        "",
        |c, _| c.isvc["spec"]["scalingPolicy"] = json!({"mode": "Proportional"}),
    ),
    v(
        "policy ref wins",
        73,
        ScaleError::ManualScalePolicy,
        "own.autoscaler",
        |c, w| {
            let own = &mut c.isvc["spec"][component_key(w)];
            own["autoscaler"] = Value::Null;
            own["autoscalerPolicyRef"] = json!({"name": "burst"});
        },
    ),
    v(
        "mirror class differs",
        75,
        ScaleError::ManualScaleSource,
        "mirror.class",
        |c, w| {
            c.isvc["status"]["components"][component_key(w)]["autoscaler"]["class"] =
                json!(w.class.other().name())
        },
    ),
    v(
        "held policy in the mirror",
        76,
        ScaleError::ManualScaleSource,
        "",
        |c, w| {
            c.isvc["status"]["components"][component_key(w)]["autoscaler"]["policy"] =
                json!({"name": "held"})
        },
    ),
    v(
        "runtime UID not a safe identity",
        78,
        ScaleError::ManualScaleSource,
        "runtime.uid",
        |c, _| {
            if let Ok(rt) = &mut c.runtime {
                rt["metadata"]["uid"] = json!("a/b")
            }
        },
    ),
    v(
        "published IR name differs",
        80,
        ScaleError::ScaleEvidence,
        "",
        |c, w| {
            c.isvc["status"]["components"][component_key(w)]["scaleTargetRef"]["name"] =
                json!("other-ir")
        },
    ),
    v("IR read fails", 81, ScaleError::Api, "ir.read", |c, _| {
        c.ir = Err(not_found())
    }),
    v(
        "/scale read fails",
        85,
        ScaleError::Api,
        "scale.read",
        |c, _| {
            c.scale = Err(ApiError::Status {
                code: 500,
                reason: String::new(),
                message: String::new(),
                details: None,
            })
        },
    ),
    v("/scale not JSON", 86, ScaleError::Api, "", |c, _| {
        c.scale_text = Some("{\"apiVersion\": ")
    }),
    v(
        "IR autoscaler differs",
        90,
        ScaleError::ScaleEvidence,
        "",
        |c, w| ok_mut(&mut c.ir)["spec"]["autoscaler"] = json!({"class": w.class.other().name()}),
    ),
    v("IR deleting", 100, ScaleError::Stale, "", |c, _| {
        ok_mut(&mut c.ir)["metadata"]["deletionTimestamp"] = json!("2026-01-01T00:00:00Z")
    }),
    v(
        "17 owner references",
        102,
        ScaleError::Bounds,
        "ir.owners",
        |c, _| {
            let ir = ok_mut(&mut c.ir);
            let mut owners = ir["metadata"]["ownerReferences"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            owners.extend((0..16).map(|i| json!({"apiVersion": "v1", "kind": "ConfigMap", "name": format!("cm{i}"), "uid": format!("u{i}")})));
            ir["metadata"]["ownerReferences"] = json!(owners);
        },
    ),
    v(
        "owner is another service",
        104,
        ScaleError::Stale,
        "ir.owners",
        |c, w| {
            ok_mut(&mut c.ir)["metadata"]["ownerReferences"] =
                json!([owner_ref(&w.name, "another-uid")])
        },
    ),
    v(
        "IR status not observed",
        105,
        ScaleError::Stale,
        "",
        |c, w| ok_mut(&mut c.ir)["status"]["observedGeneration"] = json!(w.ir_generation + 1),
    ),
    v("parent stamp stale", 106, ScaleError::Stale, "", |c, w| {
        ok_mut(&mut c.ir)["metadata"]["annotations"]["ome.io/parent-generation"] =
            json!((w.isvc_generation + 1).to_string())
    }),
    v(
        "revision of another IR",
        107,
        ScaleError::Stale,
        "ir.current",
        |c, _| ok_mut(&mut c.ir)["status"]["currentRevision"] = json!("other-engine-0000abcd"),
    ),
    v(
        "more ready than replicas",
        108,
        ScaleError::Stale,
        "",
        |c, _| {
            let ir = ok_mut(&mut c.ir);
            let replicas = ir["status"]["replicas"].as_i64().unwrap_or(0);
            ir["status"]["readyReplicas"] = json!(replicas + 1);
        },
    ),
    v(
        "unknown Instance phase",
        109,
        ScaleError::Stale,
        "",
        |c, _| push_row(c, "Sleeping", None),
    ),
    v(
        "duplicate Instance index",
        110,
        ScaleError::Stale,
        "",
        |c, _| {
            push_row(c, "Ready", Some(50));
            push_row(c, "Ready", Some(50));
        },
    ),
    v(
        "legacy migration phase",
        111,
        ScaleError::Stale,
        "",
        |c, _| push_migration(c, "11111111-1111-4111-8111-111111111111", "Pending"),
    ),
    v(
        "no requested Instances",
        120,
        ScaleError::ScaleEvidence,
        "replicas",
        |c, _| {
            ok_mut(&mut c.ir)["spec"]["replicas"] = json!(0);
            if let Ok(s) = &mut c.scale {
                s["spec"]["replicas"] = json!(0)
            }
        },
    ),
    v(
        "/scale resourceVersion differs",
        121,
        ScaleError::ScaleEvidence,
        "",
        |c, w| {
            if let Ok(s) = &mut c.scale {
                s["metadata"]["resourceVersion"] = json!(format!("{}0", w.rvs[1]))
            }
        },
    ),
    v(
        "/scale UID differs",
        122,
        ScaleError::ScaleEvidence,
        "",
        |c, _| {
            if let Ok(s) = &mut c.scale {
                s["metadata"]["uid"] = json!("other-uid")
            }
        },
    ),
    v(
        "/scale count differs",
        123,
        ScaleError::ScaleEvidence,
        "replicas",
        |c, w| {
            if let Ok(s) = &mut c.scale {
                s["spec"]["replicas"] = json!(w.prior + 1)
            }
        },
    ),
    v(
        "revision rollout in progress",
        130,
        ScaleError::ScaleWork,
        "ir.update",
        |c, w| {
            ok_mut(&mut c.ir)["status"]["updateRevision"] =
                json!(format!("{}-0000ffff", w.ir_name()))
        },
    ),
    v(
        "migration in progress",
        131,
        ScaleError::ScaleWork,
        "",
        |c, _| push_migration(c, "22222222-2222-4222-8222-222222222222", "Draining"),
    ),
    v(
        "Instance creating without an operation",
        132,
        ScaleError::ScaleWork,
        "",
        |c, _| push_row(c, "Creating", None),
    ),
    v(
        "rollback requested",
        133,
        ScaleError::ScaleWork,
        "",
        |c, _| {
            *at(ok_mut(&mut c.ir), &["spec", "pacing", "rollbackToRevision"]) =
                json!("chat-engine-00000001")
        },
    ),
    v(
        "no --override-autoscaler",
        150,
        ScaleError::ScaleOwnership,
        "",
        |c, _| c.request.override_autoscaler = false,
    ),
    v("no --yes", 151, ScaleError::ScaleOwnership, "", |c, _| {
        c.request.yes = false
    }),
    v(
        "above the maximum",
        160,
        ScaleError::ScaleBounds,
        "request",
        |c, w| c.request.replicas = i32::try_from(w.bounds().1 + 1).unwrap_or(i32::MAX),
    ),
    v(
        "partition above the request",
        161,
        ScaleError::ScaleBounds,
        "",
        |c, _| {
            let over = c.request.replicas.saturating_add(1);
            *at(ok_mut(&mut c.ir), &["spec", "pacing", "partition"]) = json!(over)
        },
    ),
    v(
        "unknown update strategy",
        162,
        ScaleError::ScaleBounds,
        "",
        |c, _| {
            *at(
                ok_mut(&mut c.ir),
                &["spec", "lifecycle", "updateStrategy", "type"],
            ) = json!("Yolo")
        },
    ),
    v("promote mailbox", 170, ScaleError::Pending, "", |c, _| {
        *at(
            &mut c.isvc,
            &["metadata", "annotations", "ome.io/rollout-promote"],
        ) = json!("")
    }),
    v(
        // A run that does not check out (conformance.md §2.2 step 1), before any sibling read.
        "invalid active rollout run",
        140,
        ScaleError::Stale,
        "",
        |c, w| {
            *at(&mut c.isvc, &["status", "rollout", "activeRun"]) =
                json!({"runID": format!("{}-0123456789ab", w.name)})
        },
    ),
    v(
        "runtime UID looks like a credential",
        190,
        ScaleError::UnsafeValue,
        "runtime.uid",
        |c, _| {
            if let Ok(rt) = &mut c.runtime {
                rt["metadata"]["uid"] = json!("sk-abcdefghijklmnopqrstuvwx")
            }
        },
    ),
];

/// A change to a field the spec does not read.
pub(super) struct Neutral {
    pub(super) name: &'static str,
    pub(super) apply: fn(&mut Case, &str),
}

const fn n(name: &'static str, apply: fn(&mut Case, &str)) -> Neutral {
    Neutral { name, apply }
}

pub(super) const NEUTRAL: &[Neutral] = &[
    n("service annotation", |c, v| {
        *at(
            &mut c.isvc,
            &["metadata", "annotations", "example.com/note"],
        ) = json!(v)
    }),
    n("service label", |c, v| {
        *at(&mut c.isvc, &["metadata", "labels", "example.com/team"]) = json!(v)
    }),
    n("service URL", |c, v| {
        c.isvc["status"]["url"] = json!(format!("http://{v}.example.com"))
    }),
    n("IR annotation", |c, v| {
        if let Ok(ir) = &mut c.ir {
            *at(ir, &["metadata", "annotations", "example.com/note"]) = json!(v)
        }
    }),
    n("IR label selector", |c, v| {
        if let Ok(ir) = &mut c.ir {
            ir["status"]["labelSelector"] = json!(format!("x={v}"))
        }
    }),
    n("/scale selector", |c, v| {
        if let Ok(s) = &mut c.scale {
            s["status"]["selector"] = json!(format!("x={v}"))
        }
    }),
    n("runtime protocols", |c, v| {
        if let Ok(rt) = &mut c.runtime {
            rt["spec"]["protocolVersions"] = json!([v])
        }
    }),
    n("output format", |c, _| {
        c.request.output = OutputFormat::Json
    }),
    n("dry-run mode", |c, _| c.request.dry_run = DryRun::Client),
];
