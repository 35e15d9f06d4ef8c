//! The service shapes OME's documentation deploys (`ome_testenv::DocsShape`: an engine-only
//! OMENative service, `autoscaler.class: None`, no model, a SurgeThenDrain lifecycle, and a
//! ServingRuntime in its namespace named in each way the documentation names it), against the
//! real API server: every read command works and shows the runtime with its real kind, and
//! `scale` writes exactly once within the bounds and refuses outside them.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use ome_testenv::fixtures::{DOCS_PARENT_RUNTIME, DOCS_RUNTIME};
use ome_testenv::{AuditEvent, Controller, DocsShape};
use support::{Run, cluster, plugin_async};

struct Shape {
    shape: DocsShape,
    ns: String,
    ctl: Controller,
}

impl Shape {
    async fn new(shape: DocsShape) -> Shape {
        let c = cluster();
        let ns = c.namespace("shape").await.unwrap();
        let admin = c.admin().await.unwrap();
        shape.fixture("lab").create(&admin, &ns).await.unwrap();
        Shape {
            shape,
            ns,
            ctl: Controller::new(admin),
        }
    }

    async fn run(&self, user: &str, args: &[&str]) -> Run {
        let kubeconfig = cluster().kubeconfig(user).unwrap();
        let mut all = args.to_vec();
        all.extend(["-n", self.ns.as_str()]);
        plugin_async(Some(&kubeconfig), &all).await
    }

    /// Every write in the namespace by a user other than the harness's admin.
    async fn writes(&self) -> Vec<AuditEvent> {
        let audit = cluster().audit();
        audit.sync().await.unwrap();
        audit.writes_in(&self.ns).unwrap()
    }

    async fn replicas(&self) -> i64 {
        let ir = self.ctl.ir(&self.ns, "lab-engine").await.unwrap();
        ir["spec"]["replicas"].as_i64().unwrap()
    }
}

const BOUNDS: &str =
    "error: manual scale replicas must be positive and within verified bounds and partitions\n";

/// The runtime the shape's service runs on, as `Kind/name`, and its parent, if any.
fn runtime_of(shape: DocsShape) -> (String, Option<String>) {
    let parent = (shape == DocsShape::Inherited)
        .then(|| format!("ClusterServingRuntime/{DOCS_PARENT_RUNTIME}"));
    (format!("ServingRuntime/{DOCS_RUNTIME}"), parent)
}

fn assert_ok(run: &Run, what: &str) {
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{what}: {run:?}");
}

/// `autoscale explain -o json`'s runtime sources, `Kind/name`, the named runtime first.
fn explained_runtimes(run: &Run) -> Vec<String> {
    run.json()["sources"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["kind"].as_str().unwrap().ends_with("ServingRuntime"))
        .map(|s| {
            format!(
                "{}/{}",
                s["kind"].as_str().unwrap(),
                s["name"].as_str().unwrap()
            )
        })
        .collect()
}

/// The seven read commands: each exits 0, and those that show the runtime show its real kind
/// and name (`autoscale status`, `instance list`, `rollout status` and `migration status` do
/// not show a runtime at all).
async fn reads_work(s: &Shape) {
    let case = format!("{:?}", s.shape);
    let (runtime, parent) = runtime_of(s.shape);

    let live = s
        .run("reader", &["autoscale", "status", "lab", "--live-scale"])
        .await;
    assert_ok(&live, &case);
    let spec = live
        .stdout
        .lines()
        .find(|l| l.starts_with("LIVE-SPEC"))
        .unwrap();
    assert_eq!(
        spec.split_whitespace().collect::<Vec<_>>(),
        ["LIVE-SPEC", "-", "2", "-", "-"]
    );

    let explain = s
        .run("reader", &["autoscale", "explain", "lab", "-o", "json"])
        .await;
    assert_ok(&explain, &case);
    let mut expected = vec![runtime.clone()];
    expected.extend(parent);
    assert_eq!(explained_runtimes(&explain), expected, "{case}");
    let table = s.run("reader", &["autoscale", "explain", "lab"]).await;
    assert_ok(&table, &case);
    assert!(
        table
            .stdout
            .lines()
            .any(|l| l.split_whitespace().eq(["STATE", "OK"])),
        "{table:?}"
    );

    let list = s.run("reader", &["instance", "list", "lab"]).await;
    assert_ok(&list, &case);
    assert_eq!(
        list.stdout
            .lines()
            .filter(|l| l.starts_with("engine "))
            .count(),
        2,
        "{list:?}"
    );

    let instance = s
        .run(
            "reader",
            &[
                "instance",
                "status",
                "lab",
                "0",
                "--component",
                "engine",
                "-o",
                "json",
            ],
        )
        .await;
    assert_ok(&instance, &case);
    let deployment = &instance.json()["content"]["deployment"];
    assert_eq!(deployment["mode"], "OMENative", "{case} {instance:?}");
    assert_eq!(deployment["origin"], "LiveRuntime", "{case} {instance:?}");

    let status = s.run("reader", &["status", "lab"]).await;
    assert_ok(&status, &case);
    let active = status
        .stdout
        .lines()
        .find(|l| l.starts_with("Runtime active"))
        .unwrap();
    assert_eq!(
        active.split_whitespace().collect::<Vec<_>>(),
        [
            "Runtime",
            "active",
            runtime.as_str(),
            "LiveRuntime",
            "AutoSync"
        ],
        "{case}"
    );

    for args in [
        &["rollout", "status", "lab"][..],
        &["migration", "status", "lab"],
    ] {
        let run = s.run("reader", args).await;
        assert_ok(&run, &case);
    }
}

fn scale_args(replicas: &str, dry_run: &str) -> Vec<String> {
    [
        "scale",
        "lab",
        "--component",
        "engine",
        "--replicas",
        replicas,
        "--override-autoscaler",
        "--yes",
        "--dry-run",
        dry_run,
    ]
    .map(String::from)
    .to_vec()
}

async fn scale(s: &Shape, replicas: &str, dry_run: &str) -> Run {
    let args = scale_args(replicas, dry_run);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    s.run("scaler", &args).await
}

/// Within the bounds, `scale` writes once per run that sends (a server dry run is a write the
/// server does not store); a client dry run sends nothing.
async fn scale_writes_once(s: &Shape, replicas: &str) {
    let case = format!("{:?}", s.shape);
    let client = scale(s, replicas, "client").await;
    assert_eq!(client.code, 0, "{case} {client:?}");
    assert!(s.writes().await.is_empty(), "{case}");

    let server = scale(s, replicas, "server").await;
    assert_eq!(server.code, 0, "{case} {server:?}");
    let writes = s.writes().await;
    assert_eq!(writes.len(), 1, "{case} {writes:#?}");
    assert!(
        writes[0].is_dry_run() && writes[0].code() == 200,
        "{case} {writes:#?}"
    );
    assert_eq!(s.replicas().await, 2, "{case}");

    let real = scale(s, replicas, "none").await;
    assert_eq!(real.code, 0, "{case} {real:?}");
    let writes = s.writes().await;
    assert_eq!(writes.len(), 2, "{case} {writes:#?}");
    assert!(
        !writes[1].is_dry_run() && writes[1].code() == 200,
        "{case} {writes:#?}"
    );
    assert!(
        writes[1]
            .path()
            .ends_with("/inferencereplicas/lab-engine/scale"),
        "{writes:#?}"
    );
    assert_eq!(
        s.replicas().await,
        replicas.parse::<i64>().unwrap(),
        "{case}"
    );
}

#[tokio::test]
async fn every_documented_shape_reads_and_scales() {
    for shape in DocsShape::ALL {
        let s = Shape::new(shape).await;
        reads_work(&s).await;
        match shape {
            DocsShape::FixedCount => {
                // min = max = 2: outside the bounds refuses with the bounds error, writing
                // nothing; the one count inside them is written.
                for dry_run in ["client", "server", "none"] {
                    let run = scale(&s, "3", dry_run).await;
                    assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{run:?}");
                    assert!(run.stderr.ends_with(BOUNDS), "{run:?}");
                    assert!(
                        run.stderr
                            .contains("scale check: bounds requested=3 min=2 max=2\n"),
                        "{run:?}"
                    );
                }
                assert!(s.writes().await.is_empty());
                scale_writes_once(&s, "2").await;
            }
            _ => scale_writes_once(&s, "3").await,
        }
    }
}
