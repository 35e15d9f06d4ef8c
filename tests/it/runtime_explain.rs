//! `kubectl ome runtime explain (--model NAME | --isvc NAME)` (runtime-selection.md §7) against
//! the real API server: the explain-table vectors of §8 as live objects on the selection
//! server (whose cluster scope each test holds, since every ClusterServingRuntime is a
//! candidate), the budget (205 runtimes still explained, 1001 refused), the reads of §7.3 from
//! the audit log and the test proxy, and every error of §7.2 with its exit code and empty
//! stdout. No run ever writes.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support::terminal::on_terminal_async;
use crate::support::{Run, cluster, each_case, plugin, plugin_async};
use ome_testenv::crds::{cluster_serving_runtime_resource, isvc_resource};
use ome_testenv::objects::{create, merge_patch};
use ome_testenv::proxy::{Hook, Proxy, ProxyOptions, RequestRecord};
use ome_testenv::selection::{
    ClusterScope, Runtime, catalog, cluster_scope, create_model, create_runtimes,
};
use ome_testenv::{Fault, TestCluster};
use serde_json::{Value, json};
use std::path::Path;
use std::time::Duration;

/// The user every run reads as (its requests are counted while the test holds the scope).
const USER: &str = "reader";

/// One test's hold on the selection server: its cluster scope and a first namespace.
struct Scoped {
    scope: ClusterScope,
    ns: String,
    admin: kube::Client,
}

impl Scoped {
    async fn new(prefix: &str) -> Scoped {
        let scope = cluster_scope().await.unwrap();
        let ns = scope.cluster().namespace(prefix).await.unwrap();
        let admin = scope.cluster().admin().await.unwrap();
        Scoped { scope, ns, admin }
    }

    fn cluster(&self) -> &'static TestCluster {
        self.scope.cluster()
    }

    async fn namespace(&self, prefix: &str) -> String {
        self.cluster().namespace(prefix).await.unwrap()
    }

    /// `runtime explain ARGS -n NS` as [`USER`].
    async fn explain(&self, ns: &str, args: &[&str]) -> Run {
        let kubeconfig = self.cluster().kubeconfig(USER).unwrap();
        explain_with(&kubeconfig, ns, args).await
    }

    async fn clusters(&self, runtimes: &[Runtime]) {
        create_runtimes(&self.admin, None, runtimes).await.unwrap();
    }

    async fn namespaced(&self, ns: &str, runtimes: &[Runtime]) {
        create_runtimes(&self.admin, Some(ns), runtimes)
            .await
            .unwrap();
    }

    /// A BaseModel in `ns`, or a ClusterBaseModel for `None`.
    async fn model(&self, ns: Option<&str>, name: &str, spec: Value) {
        create_model(&self.admin, ns, name, spec).await.unwrap();
    }

    async fn isvc(&self, ns: &str, manifest: Value) {
        create(&self.admin, &isvc_resource(), Some(ns), manifest)
            .await
            .unwrap();
    }

    /// Every request [`USER`] made since `mark`, as `verb uri` lines, sorted; none a write.
    async fn requests_since(&self, mark: ome_testenv::audit::AuditMark) -> Vec<String> {
        requests_of(self.cluster(), mark, USER).await
    }

    async fn mark(&self) -> ome_testenv::audit::AuditMark {
        let audit = self.cluster().audit();
        audit.sync().await.unwrap();
        audit.mark().unwrap()
    }
}

async fn explain_with(kubeconfig: &Path, ns: &str, args: &[&str]) -> Run {
    let mut all = vec!["runtime", "explain"];
    all.extend_from_slice(args);
    all.extend(["-n", ns]);
    plugin_async(Some(kubeconfig), &all).await
}

/// The requests `user` made since `mark` (`verb uri`, sorted); asserts that none is a write.
async fn requests_of(
    cluster: &TestCluster,
    mark: ome_testenv::audit::AuditMark,
    user: &str,
) -> Vec<String> {
    let audit = cluster.audit();
    audit.sync().await.unwrap();
    let events: Vec<_> = audit
        .events_since(mark)
        .unwrap()
        .into_iter()
        .filter(|e| e.user.username == user)
        .collect();
    assert!(events.iter().all(|e| !e.is_write()), "{events:#?}");
    let mut lines: Vec<String> = events
        .iter()
        .map(|e| format!("{} {}", e.verb, e.request_uri))
        .collect();
    lines.sort();
    lines
}

/// What the user sees: exit code, stdout and stderr, each exactly.
fn expect(label: &str, run: &Run, code: i32, stdout: &str, stderr: &str) {
    if (run.code, run.stdout.as_str(), run.stderr.as_str()) != (code, stdout, stderr) {
        panic!(
            "{label}: exit {} (want {code})\n--- stdout\n{}--- want\n{stdout}--- stderr\n{}--- want\n{stderr}---",
            run.code, run.stdout, run.stderr
        );
    }
}

/// A table printed with nothing on stderr and exit 0.
fn expect_table(label: &str, run: &Run, table: &str) {
    expect(label, run, 0, table, "");
}

/// The rows of a printed table as `(RUNTIME, SCOPE, COMPATIBLE, PRIORITY, WEIGHT, REASON)`, a
/// wrapped cell joined again; spaces are dropped from REASON (a wrap may fall on one or not).
/// Every line is at most 80 columns wide.
fn logical_rows(table: &str) -> Vec<[String; 6]> {
    let mut lines = table.lines();
    let header = lines.next().unwrap();
    let starts: Vec<usize> = [
        "RUNTIME",
        "SCOPE",
        "COMPATIBLE",
        "PRIORITY",
        "WEIGHT",
        "REASON",
    ]
    .iter()
    .map(|h| header.find(h).unwrap())
    .collect();
    let mut rows: Vec<[String; 6]> = Vec::new();
    for line in lines {
        assert!(line.chars().count() <= 80, "{line}");
        let cell = |i: usize| {
            let end = starts.get(i + 1).copied().unwrap_or(line.len());
            line.get(starts[i].min(line.len())..end.min(line.len()))
                .unwrap_or("")
                .trim()
                .to_string()
        };
        let cells: [String; 6] = std::array::from_fn(cell);
        // COMPATIBLE (`Yes`/`No`, narrower than its header) never wraps: an empty one marks
        // the continuation of the row above.
        if cells[2].is_empty() {
            let last = rows.last_mut().unwrap();
            for (i, part) in cells.into_iter().enumerate() {
                last[i].push_str(&part);
            }
        } else {
            rows.push(cells);
        }
    }
    for row in &mut rows {
        row[5] = row[5].replace(' ', "");
    }
    rows
}

/// `(RUNTIME, SCOPE, COMPATIBLE, PRIORITY, WEIGHT, REASON)` as [`logical_rows`] returns it.
fn row(name: &str, scope: &str, yes: Option<(i64, i64)>, reason: &str) -> [String; 6] {
    let (compatible, priority, weight) = match yes {
        Some((p, w)) => ("Yes", p.to_string(), w.to_string()),
        None => ("No", "-".into(), "-".into()),
    };
    [
        name.into(),
        scope.into(),
        compatible.into(),
        priority,
        weight,
        reason.replace(' ', ""),
    ]
}

// ---------------------------------------------------------------------------------------------
// §8.1 (a): the ome-docs worked example.

fn llama_entry(format_weight: i64, framework_weight: i64, priority: i64) -> Value {
    json!({"name": "safetensors",
           "modelFormat": {"name": "safetensors", "version": "1.0.0", "operator": "Equal",
                           "weight": format_weight},
           "modelFramework": {"name": "transformers", "version": "4.45.0.dev0",
                              "operator": "Equal", "weight": framework_weight},
           "modelArchitecture": "LlamaForCausalLM", "priority": priority, "autoSelect": true})
}

fn llama(weights: (i64, i64, i64), range: Option<(&str, &str)>) -> Value {
    let mut spec = json!({"supportedModelFormats": [llama_entry(weights.0, weights.1, weights.2)]});
    if let Some((min, max)) = range {
        spec["modelSizeRange"] = json!({"min": min, "max": max});
    }
    spec
}

const WORKED_EXAMPLE: &str = "\
RUNTIME           SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
team-llama        Namespaced   Yes          1          2        -
vllm-llama        Cluster      Yes          2          6        -
srt-llama-small   Cluster      Yes          3          6        -
srt-llama-large   Cluster      Yes          3          6        -
";

const WORKED_VARIANT: &str = "\
RUNTIME           SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
team-llama        Namespaced   Yes          1          2        -
srt-llama-small   Cluster      Yes          4          8        -
vllm-llama        Cluster      Yes          2          6        -
srt-llama-large   Cluster      Yes          3          6        -
";

const WORKED_EXCLUSIONS: &str = "\
RUNTIME           SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
team-llama        Namespaced   Yes          1          2        -
srt-llama-small   Cluster      Yes          4          8        -
vllm-llama        Cluster      Yes          2          6        -
srt-llama-large   Cluster      Yes          3          6        -
srt-llama-1b      Cluster      No           -          -        model size 3.21B
                                                                is outside
                                                                supported range
                                                                [500M, 2B]
vllm-base         Cluster      No           -          -        supports the
                                                                model but has no
                                                                supportedModelFo
                                                                rmats[].
                                                                autoSelect=true
                                                                entry, so
                                                                automatic
                                                                selection skips
                                                                it (pin it
                                                                explicitly via
                                                                spec.runtime.
                                                                name instead)
vllm-legacy       Cluster      No           -          -        runtime is
                                                                disabled
";

#[tokio::test]
async fn the_worked_example_ranks_as_the_docs_show_and_reads_four_objects() {
    let s = Scoped::new("rx-worked").await;
    let model = "llama-3-2-3b-instruct";
    s.model(
        Some(&s.ns),
        model,
        json!({"modelFormat": {"name": "safetensors", "version": "1.0.0"},
               "modelFramework": {"name": "transformers", "version": "4.45.0.dev0"},
               "modelArchitecture": "LlamaForCausalLM", "modelParameterSize": "3.21B"}),
    )
    .await;
    s.namespaced(&s.ns, &[Runtime::new("team-llama", llama((1, 1, 1), None))])
        .await;
    s.clusters(&[
        Runtime::new("vllm-llama", llama((2, 1, 2), None)),
        Runtime::new("srt-llama-small", llama((1, 1, 3), Some(("1B", "8B")))),
        Runtime::new("srt-llama-large", llama((1, 1, 3), Some(("1B", "70B")))),
    ])
    .await;
    let mark = s.mark().await;
    let run = s.explain(&s.ns, &["--model", model]).await;
    expect_table("worked example", &run, WORKED_EXAMPLE);
    // §7.3: the model GETs and one page of each LIST; no GET of a candidate.
    let ns = &s.ns;
    assert_eq!(
        s.requests_since(mark).await,
        [
            format!("get /apis/ome.io/v1beta1/clusterbasemodels/{model}"),
            format!("get /apis/ome.io/v1beta1/namespaces/{ns}/basemodels/{model}"),
            "list /apis/ome.io/v1beta1/clusterservingruntimes?limit=250".into(),
            format!("list /apis/ome.io/v1beta1/namespaces/{ns}/servingruntimes?limit=250"),
        ]
    );

    // srt-llama-small at priority 4 scores 8 and moves up among the cluster runtimes.
    merge_patch(
        &s.admin,
        &cluster_serving_runtime_resource(),
        None,
        "srt-llama-small",
        json!({"spec": {"supportedModelFormats": [llama_entry(1, 1, 4)]}}),
    )
    .await
    .unwrap();
    let run = s.explain(&s.ns, &["--model", model]).await;
    expect_table("priority 4", &run, WORKED_VARIANT);

    // Three more that do not qualify, each for its first failed check (ome-docs runtime.md).
    let mut base = llama((1, 1, 1), None);
    base["supportedModelFormats"][0]
        .as_object_mut()
        .unwrap()
        .remove("autoSelect");
    let mut legacy = llama((1, 1, 1), None);
    legacy["disabled"] = json!(true);
    s.clusters(&[
        Runtime::new("srt-llama-1b", llama((1, 1, 1), Some(("500M", "2B")))),
        Runtime::new("vllm-base", base),
        Runtime::new("vllm-legacy", legacy),
    ])
    .await;
    let run = s.explain(&s.ns, &["--model", model]).await;
    let rows = logical_rows(&run.stdout);
    assert_eq!(
        rows.get(4..),
        Some(
            &[
                row(
                    "srt-llama-1b",
                    "Cluster",
                    None,
                    "model size 3.21B is outside supported range [500M, 2B]"
                ),
                row(
                    "vllm-base",
                    "Cluster",
                    None,
                    "supports the model but has no supportedModelFormats[].autoSelect=true \
                     entry, so automatic selection skips it (pin it explicitly via \
                     spec.runtime.name instead)"
                ),
                row("vllm-legacy", "Cluster", None, "runtime is disabled"),
            ][..]
        )
    );
    expect_table("three No rows", &run, WORKED_EXCLUSIONS);
}

// ---------------------------------------------------------------------------------------------
// §8.1 (a′): the ome site's example.

fn site_entry(format_weight: i64, framework_weight: i64, priority: i64) -> Value {
    json!({"modelFormat": {"name": "safetensors", "weight": format_weight},
           "modelFramework": {"name": "transformers", "weight": framework_weight},
           "priority": priority, "autoSelect": true})
}

fn site_runtime(weights: (i64, i64, i64), range: Option<(&str, &str)>) -> Value {
    let mut spec = json!({"supportedModelFormats": [site_entry(weights.0, weights.1, weights.2)]});
    if let Some((min, max)) = range {
        spec["modelSizeRange"] = json!({"min": min, "max": max});
    }
    spec
}

#[tokio::test]
async fn the_site_example_puts_the_namespaced_runtime_first_and_the_closer_range_next() {
    let s = Scoped::new("rx-site").await;
    s.model(
        Some(&s.ns),
        "llama-7b",
        json!({"modelFormat": {"name": "safetensors"}, "modelFramework": {"name": "transformers"},
               "modelParameterSize": "7B"}),
    )
    .await;
    s.namespaced(
        &s.ns,
        &[Runtime::new("team-runtime", site_runtime((1, 1, 1), None))],
    )
    .await;
    s.clusters(&[
        Runtime::new(
            "srt-llama-large",
            site_runtime((10, 5, 2), Some(("1B", "70B"))),
        ),
        Runtime::new(
            "srt-llama-small",
            site_runtime((10, 5, 2), Some(("1B", "8B"))),
        ),
        Runtime::new("srt-generic", site_runtime((1, 1, 1), None)),
    ])
    .await;
    // A table that cannot be written is an error (§7.2 step 10).
    let kubeconfig = s.cluster().kubeconfig(USER).unwrap();
    let mut full = crate::support::command(Some(&kubeconfig));
    full.args([
        "runtime",
        "explain",
        "--model",
        "llama-7b",
        "-n",
        s.ns.as_str(),
    ])
    .stdout(std::fs::File::create("/dev/full").unwrap());
    let run: Run = tokio::task::spawn_blocking(move || crate::support::checked_output(&mut full))
        .await
        .unwrap()
        .into();
    expect(
        "/dev/full",
        &run,
        1,
        "",
        "error: write runtime explain report: No space left on device (os error 28)\n",
    );
    let run = s.explain(&s.ns, &["--model", "llama-7b"]).await;
    expect_table(
        "site example",
        &run,
        "\
RUNTIME           SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
team-runtime      Namespaced   Yes          1          2        -
srt-llama-small   Cluster      Yes          2          30       -
srt-llama-large   Cluster      Yes          2          30       -
srt-generic       Cluster      Yes          1          2        -
",
    );
}

// ---------------------------------------------------------------------------------------------
// §8.2: the exclusion reasons of ome-docs' troubleshooting guide, for a service.

/// E: the model's format, framework and architecture, `autoSelect: true`, priority 1.
fn qwen_entry() -> Value {
    json!({"modelFormat": {"name": "safetensors", "version": "1.0.0", "operator": "Equal",
                           "weight": 1},
           "modelFramework": {"name": "transformers", "version": "4.40.1", "operator": "Equal",
                              "weight": 1},
           "modelArchitecture": "Qwen2ForCausalLM", "priority": 1, "autoSelect": true})
}

fn qwen_runtime(edit: impl FnOnce(&mut Value)) -> Value {
    let mut spec = json!({"supportedModelFormats": [qwen_entry()],
                          "acceleratorRequirements": {"acceleratorClasses": ["nvidia-h100"]}});
    edit(&mut spec);
    spec
}

const EXCLUSIONS: &str = "\
RUNTIME        SCOPE     COMPATIBLE   PRIORITY   WEIGHT   REASON
r7-ok          Cluster   Yes          1          2        -
r1-disabled    Cluster   No           -          -        runtime is disabled
r2-no-class    Cluster   No           -          -        runtime does not
                                                          support the required
                                                          accelerator class
r3-multinode   Cluster   No           -          -        runtime engine
                                                          deployment mode
                                                          MultiNode does not
                                                          match requested engine
                                                          deployment mode
                                                          OMENative
r4-mistral     Cluster   No           -          -        model format
                                                          'mt:safetensors:1.0.0:
                                                          Qwen2ForCausalLM:
                                                          transformers:4.40.1'
                                                          not in supported
                                                          formats: architecture
                                                          mismatch
                                                          (model=Qwen2ForCausalL
                                                          M,
                                                          runtime=MistralForCaus
                                                          alLM), framework
                                                          version mismatch
                                                          (model=4.40.1,
                                                          runtime=4.36.0)
r5-small       Cluster   No           -          -        model size 7.62B is
                                                          outside supported
                                                          range [500M, 2B]
r6-no-auto     Cluster   No           -          -        supports the model but
                                                          has no
                                                          supportedModelFormats[
                                                          ].autoSelect=true
                                                          entry, so automatic
                                                          selection skips it
                                                          (pin it explicitly via
                                                          spec.runtime.name
                                                          instead)
";

#[tokio::test]
async fn every_exclusion_reason_of_the_troubleshooting_guide() {
    let s = Scoped::new("rx-qwen").await;
    s.model(
        None,
        "qwen2-5-7b",
        json!({"modelFormat": {"name": "safetensors", "version": "1.0.0"},
               "modelFramework": {"name": "transformers", "version": "4.40.1"},
               "modelArchitecture": "Qwen2ForCausalLM", "modelParameterSize": "7.62B"}),
    )
    .await;
    s.isvc(
        &s.ns,
        json!({"metadata": {"name": "qwen2-5-7b"},
               "spec": {"model": {"name": "qwen2-5-7b"},
                        "acceleratorSelector": {"acceleratorClass": "nvidia-h100"},
                        "engine": {"annotations": {"ome.io/deploymentMode": "OMENative"}}}}),
    )
    .await;
    s.clusters(&[
        Runtime::new("r7-ok", qwen_runtime(|_| {})),
        Runtime::new(
            "r1-disabled",
            qwen_runtime(|s| {
                s["disabled"] = json!(true);
                s.as_object_mut().unwrap().remove("acceleratorRequirements");
            }),
        ),
        Runtime::new(
            "r2-no-class",
            qwen_runtime(|s| {
                s.as_object_mut().unwrap().remove("acceleratorRequirements");
            }),
        ),
        Runtime::new(
            "r3-multinode",
            qwen_runtime(|s| {
                s["engineConfig"] = json!({"annotations": {"ome.io/deploymentMode": "MultiNode"}});
            }),
        ),
        Runtime::new(
            "r4-mistral",
            qwen_runtime(|s| {
                let entry = &mut s["supportedModelFormats"][0];
                entry["modelArchitecture"] = json!("MistralForCausalLM");
                entry["modelFramework"]["version"] = json!("4.36.0");
            }),
        ),
        Runtime::new(
            "r5-small",
            qwen_runtime(|s| s["modelSizeRange"] = json!({"min": "500M", "max": "2B"})),
        ),
        Runtime::new(
            "r6-no-auto",
            qwen_runtime(|s| s["supportedModelFormats"][0]["autoSelect"] = json!(false)),
        ),
    ])
    .await;
    let mark = s.mark().await;
    let run = s.explain(&s.ns, &["--isvc", "qwen2-5-7b"]).await;
    let no = |name: &str, reason: &str| row(name, "Cluster", None, reason);
    assert_eq!(
        logical_rows(&run.stdout),
        [
            row("r7-ok", "Cluster", Some((1, 2)), "-"),
            no("r1-disabled", "runtime is disabled"),
            no(
                "r2-no-class",
                "runtime does not support the required accelerator class"
            ),
            no(
                "r3-multinode",
                "runtime engine deployment mode MultiNode does not match requested engine \
                 deployment mode OMENative"
            ),
            no(
                "r4-mistral",
                "model format 'mt:safetensors:1.0.0:Qwen2ForCausalLM:transformers:4.40.1' not \
                 in supported formats: architecture mismatch (model=Qwen2ForCausalLM, \
                 runtime=MistralForCausalLM), framework version mismatch (model=4.40.1, \
                 runtime=4.36.0)"
            ),
            no(
                "r5-small",
                "model size 7.62B is outside supported range [500M, 2B]"
            ),
            no(
                "r6-no-auto",
                "supports the model but has no supportedModelFormats[].autoSelect=true entry, \
                 so automatic selection skips it (pin it explicitly via spec.runtime.name \
                 instead)"
            ),
        ]
    );
    expect_table("troubleshooting guide", &run, EXCLUSIONS);
    // The service, the model and one page of each LIST; no GET of a candidate.
    let ns = &s.ns;
    assert_eq!(
        s.requests_since(mark).await,
        [
            "get /apis/ome.io/v1beta1/clusterbasemodels/qwen2-5-7b".to_string(),
            format!("get /apis/ome.io/v1beta1/namespaces/{ns}/basemodels/qwen2-5-7b"),
            format!("get /apis/ome.io/v1beta1/namespaces/{ns}/inferenceservices/qwen2-5-7b"),
            "list /apis/ome.io/v1beta1/clusterservingruntimes?limit=250".into(),
            format!("list /apis/ome.io/v1beta1/namespaces/{ns}/servingruntimes?limit=250"),
        ]
    );
    // On a terminal: laid out for min(80, its width) columns, as in the pipe.
    let kubeconfig = s.cluster().kubeconfig(USER).unwrap();
    let args = [
        "runtime",
        "explain",
        "--isvc",
        "qwen2-5-7b",
        "-n",
        s.ns.as_str(),
    ];
    let wide = on_terminal_async(&kubeconfig, &args, 200).await;
    assert_eq!((wide.code, wide.stdout.as_str()), (0, EXCLUSIONS));
    let narrow = on_terminal_async(&kubeconfig, &args, 60).await;
    assert_eq!(narrow.code, 0);
    assert!(
        narrow.stdout.lines().all(|l| l.chars().count() <= 60),
        "{}",
        narrow.stdout
    );
    assert_eq!(logical_rows(&narrow.stdout), logical_rows(EXCLUSIONS));
}

// ---------------------------------------------------------------------------------------------
// §8.3 and §8.4: the reference cases, each vector in a namespace of its own.

/// An entry of format `format` (weight), priority, and `autoSelect` (`None`: unset).
fn entry(format: &str, weight: i64, priority: i64, auto: Option<bool>) -> Value {
    let mut e = json!({"modelFormat": {"name": format, "weight": weight}, "priority": priority});
    if let Some(auto) = auto {
        e["autoSelect"] = json!(auto);
    }
    e
}

fn spec(entries: Vec<Value>, range: Option<(&str, &str)>, classes: Option<&[&str]>) -> Value {
    let mut spec = json!({"supportedModelFormats": entries});
    if let Some((min, max)) = range {
        spec["modelSizeRange"] = json!({"min": min, "max": max});
    }
    if let Some(classes) = classes {
        spec["acceleratorRequirements"] = json!({"acceleratorClasses": classes});
    }
    spec
}

fn sized(format: &str, size: &str) -> Value {
    json!({"modelFormat": {"name": format}, "modelParameterSize": size})
}

/// One run and what it prints; `{ns}` in stderr stands for the vector's namespace.
struct Expected {
    args: Vec<&'static str>,
    code: i32,
    stdout: &'static str,
    stderr: &'static str,
}

fn table_of(args: &[&'static str], stdout: &'static str) -> Expected {
    Expected {
        args: args.to_vec(),
        code: 0,
        stdout,
        stderr: "",
    }
}

/// One vector: the ServingRuntimes, BaseModels and services of its namespace, and its runs.
struct Vector {
    label: &'static str,
    runtimes: Vec<Runtime>,
    models: Vec<(&'static str, Value)>,
    services: Vec<Value>,
    runs: Vec<Expected>,
}

/// Runs every vector at once, each in its own namespace (the cluster scope is `s`'s).
async fn run_vectors(s: &Scoped, vectors: Vec<Vector>) {
    let cases = vectors.into_iter().map(|v| (v.label, v));
    each_case(cases, |label, v| async move {
        let ns = s.namespace("rx-vector").await;
        s.namespaced(&ns, &v.runtimes).await;
        for (name, model) in &v.models {
            s.model(Some(&ns), name, model.clone()).await;
        }
        for service in &v.services {
            s.isvc(&ns, service.clone()).await;
        }
        for expected in &v.runs {
            let run = s.explain(&ns, &expected.args).await;
            expect(
                &format!("{label} {:?}", expected.args),
                &run,
                expected.code,
                expected.stdout,
                &expected.stderr.replace("{ns}", &ns),
            );
        }
    })
    .await;
}

fn service(name: &str, spec: Value) -> Value {
    json!({"metadata": {"name": name}, "spec": spec})
}

const T4: &str = "nvidia-tesla-t4";

/// §8.3 #3: the accelerator classes a service names, wherever it names them.
fn accelerator_vector() -> Vector {
    let classes: &[&str] = &[T4, "nvidia-tesla-v100", "nvidia-tesla-a100"];
    let all: &[&str] = &["H100", T4, "nvidia-tesla-v100", "nvidia-tesla-a100"];
    let pytorch = |w, p| vec![entry("pytorch", w, p, Some(true))];
    let with = |spec_of: Value| {
        let mut s = json!({"model": {"name": "pytorch-7b"}});
        for (k, v) in spec_of.as_object().unwrap() {
            s[k] = v.clone();
        }
        s
    };
    let on_engine = |class: &str| json!({"acceleratorOverride": {"acceleratorClass": class}});
    let mut annotated = service("t4-annotation", with(json!({})));
    annotated["metadata"]["annotations"] = json!({"ome.io/accelerator-class": T4});
    let t4_runs = ["t4-selector", "t4-engine", "t4-decoder", "t4-annotation"]
        .map(|svc| table_of(&["--isvc", svc], AC_T4));
    Vector {
        label: "#3 accelerator classes",
        runtimes: vec![
            Runtime::new(
                "pytorch-rt",
                spec(pytorch(10, 2), Some(("1B", "10B")), Some(classes)),
            ),
            Runtime::new(
                "pytorch-rt-1",
                spec(pytorch(8, 1), Some(("1B", "8B")), Some(classes)),
            ),
            Runtime::new(
                "pytorch-rt-2",
                spec(pytorch(12, 1), Some(("50B", "100B")), None),
            ),
            Runtime::new(
                "pytorch-rt-3",
                spec(pytorch(12, 1), Some(("1B", "10B")), Some(&["H100"])),
            ),
            Runtime::new(
                "pytorch-rt-4",
                spec(pytorch(12, 1), Some(("1B", "10B")), Some(all)),
            ),
        ],
        models: vec![("pytorch-7b", sized("pytorch", "7B"))],
        services: vec![
            service("none", with(json!({}))),
            service(
                "t4-selector",
                with(json!({"acceleratorSelector": {"acceleratorClass": T4}})),
            ),
            service("t4-engine", with(json!({"engine": on_engine(T4)}))),
            service("t4-decoder", with(json!({"decoder": on_engine(T4)}))),
            annotated,
            service(
                "h100",
                with(json!({"acceleratorSelector": {"acceleratorClass": "H100"}})),
            ),
            service(
                "h100-t4",
                with(json!({"engine": on_engine("H100"), "decoder": on_engine(T4)})),
            ),
        ],
        runs: [
            table_of(&["--isvc", "none"], AC_NONE),
            table_of(&["--model", "pytorch-7b"], AC_NONE),
            table_of(&["--isvc", "h100"], AC_H100),
            table_of(&["--isvc", "h100-t4"], AC_H100_T4),
        ]
        .into_iter()
        .chain(t4_runs)
        .collect(),
    }
}

const AC_NONE: &str = "\
RUNTIME        SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
pytorch-rt     Namespaced   Yes          2          20       -
pytorch-rt-3   Namespaced   Yes          1          12       -
pytorch-rt-4   Namespaced   Yes          1          12       -
pytorch-rt-1   Namespaced   Yes          1          8        -
pytorch-rt-2   Namespaced   No           -          -        model size 7B is
                                                             outside supported
                                                             range [50B, 100B]
";
const AC_T4: &str = "\
RUNTIME        SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
pytorch-rt     Namespaced   Yes          2          20       -
pytorch-rt-4   Namespaced   Yes          1          12       -
pytorch-rt-1   Namespaced   Yes          1          8        -
pytorch-rt-2   Namespaced   No           -          -        runtime does not
                                                             support the
                                                             required
                                                             accelerator class
pytorch-rt-3   Namespaced   No           -          -        runtime does not
                                                             support the
                                                             required
                                                             accelerator class
";
const AC_H100: &str = "\
RUNTIME        SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
pytorch-rt-3   Namespaced   Yes          1          12       -
pytorch-rt-4   Namespaced   Yes          1          12       -
pytorch-rt     Namespaced   No           -          -        runtime does not
                                                             support the
                                                             required
                                                             accelerator class
pytorch-rt-1   Namespaced   No           -          -        runtime does not
                                                             support the
                                                             required
                                                             accelerator class
pytorch-rt-2   Namespaced   No           -          -        runtime does not
                                                             support the
                                                             required
                                                             accelerator class
";
const AC_H100_T4: &str = "\
RUNTIME        SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
pytorch-rt-4   Namespaced   Yes          1          12       -
pytorch-rt     Namespaced   No           -          -        runtime does not
                                                             support the
                                                             required
                                                             accelerator class
pytorch-rt-1   Namespaced   No           -          -        runtime does not
                                                             support the
                                                             required
                                                             accelerator class
pytorch-rt-2   Namespaced   No           -          -        runtime does not
                                                             support the
                                                             required
                                                             accelerator class
pytorch-rt-3   Namespaced   No           -          -        runtime does not
                                                             support the
                                                             required
                                                             accelerator class
";

/// §8.3 #4–#6: the best entry's score, a framework that differs, a model without one.
fn score_vector() -> Vector {
    let framework = |name: &str, weight: i64| json!({"name": name, "weight": weight});
    let pytorch = |w: i64, fw: Value, p: i64| {
        json!({"modelFormat": {"name": "PyTorch", "weight": w}, "modelFramework": fw,
               "priority": p, "autoSelect": true})
    };
    Vector {
        label: "#4-#6 scores",
        runtimes: vec![
            Runtime::new(
                "best-match",
                spec(
                    vec![
                        pytorch(5, framework("transformers", 8), 1),
                        pytorch(10, framework("transformers", 8), 2),
                    ],
                    None,
                    None,
                ),
            ),
            Runtime::new(
                "other-framework",
                spec(
                    vec![pytorch(8, framework("different-framework", 4), 2)],
                    None,
                    None,
                ),
            ),
            Runtime::new(
                "needs-framework",
                spec(
                    vec![json!({"modelFormat": {"name": "PyTorch"},
                                "modelFramework": {"name": "transformers"}, "autoSelect": true})],
                    None,
                    None,
                ),
            ),
        ],
        models: vec![
            (
                "pytorch-transformers",
                json!({"modelFormat": {"name": "PyTorch"},
                       "modelFramework": {"name": "transformers"}}),
            ),
            ("pytorch", json!({"modelFormat": {"name": "PyTorch"}})),
        ],
        services: Vec::new(),
        runs: vec![
            table_of(&["--model", "pytorch-transformers"], SCORES_FRAMEWORK),
            table_of(&["--model", "pytorch"], SCORES_NO_FRAMEWORK),
        ],
    }
}

const SCORES_FRAMEWORK: &str = "\
RUNTIME           SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
best-match        Namespaced   Yes          1          13       -
needs-framework   Namespaced   Yes          1          2        -
other-framework   Namespaced   No           -          -        model format
                                                                'mt:PyTorch:
                                                                transformers'
                                                                not in supported
                                                                formats:
                                                                framework name
                                                                mismatch
                                                                (model=transform
                                                                ers,
                                                                runtime=differen
                                                                t-framework)
";
const SCORES_NO_FRAMEWORK: &str = "\
RUNTIME           SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
best-match        Namespaced   No           -          -        model format
                                                                'mt:PyTorch' not
                                                                in supported
                                                                formats: model
                                                                has no framework
                                                                but runtime
                                                                requires
                                                                transformers;
                                                                model has no
                                                                framework but
                                                                runtime requires
                                                                transformers
needs-framework   Namespaced   No           -          -        model format
                                                                'mt:PyTorch' not
                                                                in supported
                                                                formats: model
                                                                has no framework
                                                                but runtime
                                                                requires
                                                                transformers
other-framework   Namespaced   No           -          -        model format
                                                                'mt:PyTorch' not
                                                                in supported
                                                                formats: model
                                                                has no framework
                                                                but runtime
                                                                requires
                                                                different-
                                                                framework
";

/// §8.3 #7 and #8 (in two namespaces), and a disabled model's note.
fn exclusion_vectors() -> [Vector; 2] {
    [
        Vector {
            label: "#7 autoSelect",
            runtimes: vec![
                Runtime::new(
                    "rt-no-auto",
                    spec(vec![entry("pytorch", 5, 1, Some(false))], None, None),
                ),
                Runtime::new(
                    "rt-auto",
                    spec(vec![entry("pytorch", 10, 1, Some(true))], None, None),
                ),
            ],
            models: vec![
                ("pytorch", json!({"modelFormat": {"name": "pytorch"}})),
                (
                    "pytorch-off",
                    json!({"modelFormat": {"name": "pytorch"}, "disabled": true}),
                ),
            ],
            services: Vec::new(),
            runs: vec![
                table_of(&["--model", "pytorch"], AUTO_SELECT),
                Expected {
                    args: vec!["--model", "pytorch-off"],
                    code: 0,
                    stdout: AUTO_SELECT,
                    stderr: "Note: the model is disabled; OME selects no runtime for it.\n",
                },
            ],
        },
        Vector {
            label: "#8 no runtime found",
            runtimes: vec![
                Runtime::new(
                    "rt-wrong-format",
                    spec(vec![entry("onnx", 1, 1, Some(true))], None, None),
                ),
                Runtime::new(
                    "rt-size-too-small",
                    spec(
                        vec![entry("pytorch", 1, 1, Some(true))],
                        Some(("1B", "10B")),
                        None,
                    ),
                ),
            ],
            models: vec![("pytorch-70b", sized("pytorch", "70B"))],
            services: Vec::new(),
            runs: vec![table_of(&["--model", "pytorch-70b"], NONE_FOUND)],
        },
    ]
}

const AUTO_SELECT: &str = "\
RUNTIME      SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
rt-auto      Namespaced   Yes          1          10       -
rt-no-auto   Namespaced   No           -          -        supports the model
                                                           but has no
                                                           supportedModelFormats
                                                           [].autoSelect=true
                                                           entry, so automatic
                                                           selection skips it
                                                           (pin it explicitly
                                                           via spec.runtime.name
                                                           instead)
";
const NONE_FOUND: &str = "\
RUNTIME            SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
rt-size-too-       Namespaced   No           -          -        model size 70B
small                                                            is outside
                                                                 supported range
                                                                 [1B, 10B]
rt-wrong-format    Namespaced   No           -          -        model format
                                                                 'mt:pytorch'
                                                                 not in
                                                                 supported
                                                                 formats: format
                                                                 name mismatch
                                                                 (model=pytorch,
                                                                 runtime=onnx)
";

/// §8.3 #13: a service that names its runtime, one that names no model, a model that is
/// nowhere; and a namespace without any runtime.
fn service_vectors() -> [Vector; 2] {
    [
        Vector {
            label: "#13 services",
            runtimes: vec![Runtime::new(
                "srt-named",
                spec(vec![entry("safetensors", 1, 1, Some(true))], None, None),
            )],
            models: vec![("m", json!({"modelFormat": {"name": "safetensors"}}))],
            services: vec![
                service(
                    "named",
                    json!({"model": {"name": "m"}, "runtime": {"name": "srt-named"}}),
                ),
                service("no-model", json!({"runtime": {"name": "srt-named"}})),
            ],
            runs: vec![
                Expected {
                    args: vec!["--isvc", "named"],
                    code: 0,
                    stdout: "\
RUNTIME     SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
srt-named   Namespaced   Yes          1          1        -
",
                    stderr: "Note: spec.runtime is explicit; automatic selection below is \
                             hypothetical.\n",
                },
                Expected {
                    args: vec!["--isvc", "no-model"],
                    code: 1,
                    stdout: "",
                    stderr: "error: InferenceService \"no-model\" has no spec.model; pass \
                             --model instead\n",
                },
                Expected {
                    args: vec!["--model", "missing"],
                    code: 1,
                    stdout: "",
                    stderr: "runtime explain check: read object=ClusterBaseModel/missing \
                             cause=NotFound\nerror: clusterbasemodels.ome.io \"missing\" not \
                             found\n",
                },
                Expected {
                    args: vec!["--isvc", "missing"],
                    code: 1,
                    stdout: "",
                    stderr: "runtime explain check: read object=InferenceService/{ns}/missing \
                             cause=NotFound\nnext: kubectl get inferenceservices.ome.io -n \
                             {ns}\nerror: inferenceservices.ome.io \"missing\" not found\n",
                },
            ],
        },
        Vector {
            label: "no runtime at all",
            runtimes: Vec::new(),
            models: vec![("m", json!({"modelFormat": {"name": "safetensors"}}))],
            services: Vec::new(),
            runs: vec![Expected {
                args: vec!["--model", "m"],
                code: 0,
                stdout: "",
                stderr: "No serving runtimes found in the selected namespace or at cluster \
                         scope.\n",
            }],
        },
    ]
}

/// §8.3 #14: inheritance is never resolved, so a missing parent or a loop changes nothing.
fn inheritance_vector() -> Vector {
    let qualifying = || spec(vec![entry("safetensors", 1, 1, Some(true))], None, None);
    Vector {
        label: "#14 unused inheritance",
        runtimes: vec![
            Runtime::new("child", qualifying()).inherits("private-missing-parent"),
            Runtime::new("a", qualifying()).inherits("b"),
            Runtime::new("b", qualifying()).inherits("a"),
        ],
        models: vec![("m", json!({"modelFormat": {"name": "safetensors"}}))],
        services: Vec::new(),
        runs: vec![table_of(
            &["--model", "m"],
            "\
RUNTIME   SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
a         Namespaced   Yes          1          1        -
b         Namespaced   Yes          1          1        -
child     Namespaced   Yes          1          1        -
",
        )],
    }
}

/// §8.3 #15: one `pytorch 1.0.0` entry (1B–13B) and a runtime without entries, against six
/// models.
fn matcher_vector() -> Vector {
    let versioned = |format: &str, version: &str, size: Option<&str>| {
        let mut m = json!({"modelFormat": {"name": format, "version": version}});
        if let Some(size) = size {
            m["modelParameterSize"] = json!(size);
        }
        m
    };
    Vector {
        label: "#15 matcher",
        runtimes: vec![
            Runtime::new(
                "rt",
                spec(
                    vec![
                        json!({"modelFormat": {"name": "pytorch", "version": "1.0.0"},
                                "autoSelect": true}),
                    ],
                    Some(("1B", "13B")),
                    None,
                ),
            ),
            Runtime::new("rt-empty", json!({})),
        ],
        models: vec![
            ("m-7b", versioned("pytorch", "1.0.0", Some("7B"))),
            ("m-tensorflow", versioned("tensorflow", "2.0.0", None)),
            ("m-70b", versioned("pytorch", "1.0.0", Some("70B"))),
            ("m-1b", versioned("pytorch", "1.0.0", Some("1B"))),
            ("m-13b", versioned("pytorch", "1.0.0", Some("13B"))),
            ("m-bare", json!({"modelFormat": {"name": "pytorch"}})),
        ],
        services: Vec::new(),
        runs: vec![
            table_of(&["--model", "m-7b"], MATCH_YES),
            table_of(&["--model", "m-tensorflow"], MATCH_TENSORFLOW),
            table_of(&["--model", "m-70b"], MATCH_70B),
            table_of(&["--model", "m-1b"], MATCH_YES),
            table_of(&["--model", "m-13b"], MATCH_YES),
            table_of(&["--model", "m-bare"], MATCH_BARE),
        ],
    }
}

const MATCH_YES: &str = "\
RUNTIME    SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
rt         Namespaced   Yes          1          1        -
rt-empty   Namespaced   No           -          -        model format
                                                         'mt:pytorch:1.0.0' not
                                                         in supported formats:
                                                         no supported formats
                                                         defined
";
const MATCH_TENSORFLOW: &str = "\
RUNTIME    SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
rt         Namespaced   No           -          -        model format
                                                         'mt:tensorflow:2.0.0'
                                                         not in supported
                                                         formats: format name
                                                         mismatch
                                                         (model=tensorflow,
                                                         runtime=pytorch)
rt-empty   Namespaced   No           -          -        model format
                                                         'mt:tensorflow:2.0.0'
                                                         not in supported
                                                         formats: no supported
                                                         formats defined
";
const MATCH_70B: &str = "\
RUNTIME    SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
rt         Namespaced   No           -          -        model size 70B is
                                                         outside supported range
                                                         [1B, 13B]
rt-empty   Namespaced   No           -          -        model format
                                                         'mt:pytorch:1.0.0' not
                                                         in supported formats:
                                                         no supported formats
                                                         defined
";
const MATCH_BARE: &str = "\
RUNTIME    SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
rt         Namespaced   No           -          -        model format
                                                         'mt:pytorch' not in
                                                         supported formats:
                                                         model has no format
                                                         version but runtime
                                                         requires 1.0.0
rt-empty   Namespaced   No           -          -        model format
                                                         'mt:pytorch' not in
                                                         supported formats: no
                                                         supported formats
                                                         defined
";

/// §8.4 #3: weights absent count 1 in WEIGHT and in the score; weights 0 show as 0 in WEIGHT
/// and count 10 and 5 in the score, so that runtime ranks first.
fn weight_vector() -> Vector {
    let entry = |weights: Option<i64>| {
        let mut e = json!({"modelFormat": {"name": "safetensors"},
                           "modelFramework": {"name": "transformers"},
                           "priority": 3, "autoSelect": true});
        if let Some(w) = weights {
            e["modelFormat"]["weight"] = json!(w);
            e["modelFramework"]["weight"] = json!(w);
        }
        e
    };
    Vector {
        label: "§8.4 #3 weights",
        runtimes: vec![
            Runtime::new("w-absent", spec(vec![entry(None)], None, None)),
            Runtime::new("w-zero", spec(vec![entry(Some(0))], None, None)),
        ],
        models: vec![(
            "m",
            json!({"modelFormat": {"name": "safetensors"},
                   "modelFramework": {"name": "transformers"}}),
        )],
        services: Vec::new(),
        runs: vec![table_of(
            &["--model", "m"],
            "\
RUNTIME    SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
w-zero     Namespaced   Yes          3          0        -
w-absent   Namespaced   Yes          3          6        -
",
        )],
    }
}

#[tokio::test]
async fn the_reference_cases_without_cluster_runtimes() {
    let s = Scoped::new("rx-ref").await;
    let mark = s.mark().await;
    let mut vectors = vec![
        accelerator_vector(),
        score_vector(),
        inheritance_vector(),
        matcher_vector(),
        weight_vector(),
    ];
    vectors.extend(exclusion_vectors());
    vectors.extend(service_vectors());
    run_vectors(&s, vectors).await;
    // Reads only (the helper fails on any write).
    assert!(!s.requests_since(mark).await.is_empty());
}

/// §8.3 #1 and #2: the reference selector's catalog against five models.
#[tokio::test]
async fn the_reference_catalog_for_five_models() {
    let s = Scoped::new("rx-catalog").await;
    let pytorch = |w, p, auto| entry("pytorch", w, p, Some(auto));
    let mut disabled = spec(vec![pytorch(10, 1, true)], None, None);
    disabled["disabled"] = json!(true);
    s.namespaced(
        &s.ns,
        &[
            Runtime::new(
                "pytorch-rt",
                spec(vec![pytorch(10, 2, true)], Some(("1B", "10B")), None),
            ),
            Runtime::new(
                "onnx-rt",
                spec(
                    vec![entry("onnx", 8, 1, Some(true))],
                    Some(("10B", "20B")),
                    None,
                ),
            ),
            Runtime::new(
                "tensorflow-rt",
                spec(
                    vec![entry("tensorflow", 12, 1, Some(true))],
                    Some(("50B", "100B")),
                    None,
                ),
            ),
            Runtime::new(
                "multi-format-rt",
                spec(
                    vec![pytorch(5, 1, true), entry("onnx", 5, 1, Some(true))],
                    Some(("1B", "20B")),
                    None,
                ),
            ),
            Runtime::new("disabled-rt", disabled),
            Runtime::new(
                "no-autoselect-rt",
                spec(vec![pytorch(20, 1, false)], None, None),
            ),
        ],
    )
    .await;
    s.clusters(&[Runtime::new(
        "cluster-pytorch-rt",
        spec(vec![pytorch(7, 1, true)], Some(("5B", "15B")), None),
    )])
    .await;
    for (name, model) in [
        ("pytorch-7b", sized("pytorch", "7B")),
        ("onnx-13b", sized("onnx", "13B")),
        ("tensorflow-70b", sized("tensorflow", "70B")),
        (
            "unknown",
            json!({"modelFormat": {"name": "unknown-format"}}),
        ),
        ("pytorch-200b", sized("pytorch", "200B")),
    ] {
        s.model(Some(&s.ns), name, model).await;
    }
    for (model, table) in [
        ("pytorch-7b", CATALOG_PYTORCH),
        ("onnx-13b", CATALOG_ONNX),
        ("tensorflow-70b", CATALOG_TENSORFLOW),
        ("unknown", CATALOG_UNKNOWN),
        ("pytorch-200b", CATALOG_TOO_LARGE),
    ] {
        let run = s.explain(&s.ns, &["--model", model]).await;
        expect_table(model, &run, table);
    }
}

const CATALOG_PYTORCH: &str = "\
RUNTIME            SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
pytorch-rt         Namespaced   Yes          2          20       -
multi-format-rt    Namespaced   Yes          1          5        -
cluster-pytorch-   Cluster      Yes          1          7        -
rt
disabled-rt        Namespaced   No           -          -        runtime is
                                                                 disabled
no-autoselect-rt   Namespaced   No           -          -        supports the
                                                                 model but has
                                                                 no
                                                                 supportedModelF
                                                                 ormats[].
                                                                 autoSelect=true
                                                                 entry, so
                                                                 automatic
                                                                 selection skips
                                                                 it (pin it
                                                                 explicitly via
                                                                 spec.runtime.
                                                                 name instead)
onnx-rt            Namespaced   No           -          -        model format
                                                                 'mt:pytorch'
                                                                 not in
                                                                 supported
                                                                 formats: format
                                                                 name mismatch
                                                                 (model=pytorch,
                                                                 runtime=onnx)
tensorflow-rt      Namespaced   No           -          -        model format
                                                                 'mt:pytorch'
                                                                 not in
                                                                 supported
                                                                 formats: format
                                                                 name mismatch
                                                                 (model=pytorch,
                                                                 runtime=tensorf
                                                                 low)
";
const CATALOG_ONNX: &str = "\
RUNTIME            SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
onnx-rt            Namespaced   Yes          1          8        -
multi-format-rt    Namespaced   Yes          1          5        -
disabled-rt        Namespaced   No           -          -        runtime is
                                                                 disabled
no-autoselect-rt   Namespaced   No           -          -        model format
                                                                 'mt:onnx' not
                                                                 in supported
                                                                 formats: format
                                                                 name mismatch
                                                                 (model=onnx,
                                                                 runtime=pytorch
                                                                 )
pytorch-rt         Namespaced   No           -          -        model format
                                                                 'mt:onnx' not
                                                                 in supported
                                                                 formats: format
                                                                 name mismatch
                                                                 (model=onnx,
                                                                 runtime=pytorch
                                                                 )
tensorflow-rt      Namespaced   No           -          -        model format
                                                                 'mt:onnx' not
                                                                 in supported
                                                                 formats: format
                                                                 name mismatch
                                                                 (model=onnx,
                                                                 runtime=tensorf
                                                                 low)
cluster-pytorch-   Cluster      No           -          -        model format
rt                                                               'mt:onnx' not
                                                                 in supported
                                                                 formats: format
                                                                 name mismatch
                                                                 (model=onnx,
                                                                 runtime=pytorch
                                                                 )
";
const CATALOG_TENSORFLOW: &str = "\
RUNTIME            SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
tensorflow-rt      Namespaced   Yes          1          12       -
disabled-rt        Namespaced   No           -          -        runtime is
                                                                 disabled
multi-format-rt    Namespaced   No           -          -        model format
                                                                 'mt:tensorflow'
                                                                 not in
                                                                 supported
                                                                 formats: format
                                                                 name mismatch
                                                                 (model=tensorfl
                                                                 ow,
                                                                 runtime=pytorch
                                                                 ); format name
                                                                 mismatch
                                                                 (model=tensorfl
                                                                 ow,
                                                                 runtime=onnx)
no-autoselect-rt   Namespaced   No           -          -        model format
                                                                 'mt:tensorflow'
                                                                 not in
                                                                 supported
                                                                 formats: format
                                                                 name mismatch
                                                                 (model=tensorfl
                                                                 ow,
                                                                 runtime=pytorch
                                                                 )
onnx-rt            Namespaced   No           -          -        model format
                                                                 'mt:tensorflow'
                                                                 not in
                                                                 supported
                                                                 formats: format
                                                                 name mismatch
                                                                 (model=tensorfl
                                                                 ow,
                                                                 runtime=onnx)
pytorch-rt         Namespaced   No           -          -        model format
                                                                 'mt:tensorflow'
                                                                 not in
                                                                 supported
                                                                 formats: format
                                                                 name mismatch
                                                                 (model=tensorfl
                                                                 ow,
                                                                 runtime=pytorch
                                                                 )
cluster-pytorch-   Cluster      No           -          -        model format
rt                                                               'mt:tensorflow'
                                                                 not in
                                                                 supported
                                                                 formats: format
                                                                 name mismatch
                                                                 (model=tensorfl
                                                                 ow,
                                                                 runtime=pytorch
                                                                 )
";
const CATALOG_UNKNOWN: &str = "\
RUNTIME            SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
disabled-rt        Namespaced   No           -          -        runtime is
                                                                 disabled
multi-format-rt    Namespaced   No           -          -        model format
                                                                 'mt:unknown-
                                                                 format' not in
                                                                 supported
                                                                 formats: format
                                                                 name mismatch
                                                                 (model=unknown-
                                                                 format,
                                                                 runtime=pytorch
                                                                 ); format name
                                                                 mismatch
                                                                 (model=unknown-
                                                                 format,
                                                                 runtime=onnx)
no-autoselect-rt   Namespaced   No           -          -        model format
                                                                 'mt:unknown-
                                                                 format' not in
                                                                 supported
                                                                 formats: format
                                                                 name mismatch
                                                                 (model=unknown-
                                                                 format,
                                                                 runtime=pytorch
                                                                 )
onnx-rt            Namespaced   No           -          -        model format
                                                                 'mt:unknown-
                                                                 format' not in
                                                                 supported
                                                                 formats: format
                                                                 name mismatch
                                                                 (model=unknown-
                                                                 format,
                                                                 runtime=onnx)
pytorch-rt         Namespaced   No           -          -        model format
                                                                 'mt:unknown-
                                                                 format' not in
                                                                 supported
                                                                 formats: format
                                                                 name mismatch
                                                                 (model=unknown-
                                                                 format,
                                                                 runtime=pytorch
                                                                 )
tensorflow-rt      Namespaced   No           -          -        model format
                                                                 'mt:unknown-
                                                                 format' not in
                                                                 supported
                                                                 formats: format
                                                                 name mismatch
                                                                 (model=unknown-
                                                                 format,
                                                                 runtime=tensorf
                                                                 low)
cluster-pytorch-   Cluster      No           -          -        model format
rt                                                               'mt:unknown-
                                                                 format' not in
                                                                 supported
                                                                 formats: format
                                                                 name mismatch
                                                                 (model=unknown-
                                                                 format,
                                                                 runtime=pytorch
                                                                 )
";
const CATALOG_TOO_LARGE: &str = "\
RUNTIME            SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
disabled-rt        Namespaced   No           -          -        runtime is
                                                                 disabled
multi-format-rt    Namespaced   No           -          -        model size 200B
                                                                 is outside
                                                                 supported range
                                                                 [1B, 20B]
no-autoselect-rt   Namespaced   No           -          -        supports the
                                                                 model but has
                                                                 no
                                                                 supportedModelF
                                                                 ormats[].
                                                                 autoSelect=true
                                                                 entry, so
                                                                 automatic
                                                                 selection skips
                                                                 it (pin it
                                                                 explicitly via
                                                                 spec.runtime.
                                                                 name instead)
onnx-rt            Namespaced   No           -          -        model format
                                                                 'mt:pytorch'
                                                                 not in
                                                                 supported
                                                                 formats: format
                                                                 name mismatch
                                                                 (model=pytorch,
                                                                 runtime=onnx)
pytorch-rt         Namespaced   No           -          -        model size 200B
                                                                 is outside
                                                                 supported range
                                                                 [1B, 10B]
tensorflow-rt      Namespaced   No           -          -        model format
                                                                 'mt:pytorch'
                                                                 not in
                                                                 supported
                                                                 formats: format
                                                                 name mismatch
                                                                 (model=pytorch,
                                                                 runtime=tensorf
                                                                 low)
cluster-pytorch-   Cluster      No           -          -        model size 200B
rt                                                               is outside
                                                                 supported range
                                                                 [5B, 15B]
";

/// §8.3 #9–#12 and §8.4 #4: which entry matches, a zero priority, a namespaced runtime
/// shadowing a cluster one of its name, the BaseModel before the ClusterBaseModel, and a
/// Sharded model.
#[tokio::test]
async fn cluster_runtimes_entries_shadowing_and_a_sharded_model() {
    let s = Scoped::new("rx-shadow").await;
    let safetensors = |p: i64, auto: bool| entry("safetensors", 1, p, Some(auto));
    s.clusters(&[
        Runtime::new(
            "shared",
            spec(vec![entry("onnx", 1, 1, Some(true))], None, None),
        ),
        Runtime::new(
            "srt-mixed",
            spec(
                vec![safetensors(1, false), entry("onnx", 1, 1, Some(true))],
                None,
                None,
            ),
        ),
        Runtime::new("srt-zero", spec(vec![safetensors(0, true)], None, None)),
        Runtime::new("srt-llama", spec(vec![safetensors(1, true)], None, None)),
    ])
    .await;
    let format = |name: &str| json!({"modelFormat": {"name": name}});
    // #11: the namespaced `shared` serves safetensors, the cluster one onnx.
    s.namespaced(
        &s.ns,
        &[Runtime::new(
            "shared",
            spec(vec![safetensors(1, true)], None, None),
        )],
    )
    .await;
    s.model(Some(&s.ns), "m", format("safetensors")).await;
    let run = s.explain(&s.ns, &["--model", "m"]).await;
    expect_table("shadowing", &run, SHADOWING);
    // #12: the BaseModel of the namespace decides, not the ClusterBaseModel of its name.
    let team = s.namespace("rx-team-a").await;
    s.model(Some(&team), "llama-70b", format("safetensors"))
        .await;
    s.model(None, "llama-70b", format("onnx")).await;
    let run = s.explain(&team, &["--model", "llama-70b"]).await;
    expect_table("BaseModel first", &run, BASE_MODEL_FIRST);
    let elsewhere = s.namespace("rx-other").await;
    let run = s.explain(&elsewhere, &["--model", "llama-70b"]).await;
    expect_table("ClusterBaseModel", &run, CLUSTER_MODEL);
    // §8.4 #4: nothing can serve a Sharded model here.
    s.model(
        None,
        "sharded-m",
        json!({"modelFormat": {"name": "safetensors"}, "distribution": "Sharded"}),
    )
    .await;
    let run = s.explain(&elsewhere, &["--model", "sharded-m"]).await;
    expect(
        "sharded",
        &run,
        0,
        SHARDED,
        "Note: the model is Sharded; OME selects no runtime for it in this release.\n",
    );
}

const SHADOWING: &str = "\
RUNTIME     SCOPE        COMPATIBLE   PRIORITY   WEIGHT   REASON
shared      Namespaced   Yes          1          1        -
srt-llama   Cluster      Yes          1          1        -
shared      Cluster      No           -          -        model format
                                                          'mt:safetensors' not
                                                          in supported formats:
                                                          format name mismatch
                                                          (model=safetensors,
                                                          runtime=onnx)
srt-mixed   Cluster      No           -          -        matching format
                                                          safetensors is not
                                                          autoSelect-enabled (a
                                                          different
                                                          supportedModelFormats
                                                          entry on this runtime
                                                          has autoSelect=true,
                                                          but not the one that
                                                          matches this model)
srt-zero    Cluster      No           -          -        auto-select score is 0
                                                          (format priority 0)
";
const BASE_MODEL_FIRST: &str = "\
RUNTIME     SCOPE     COMPATIBLE   PRIORITY   WEIGHT   REASON
srt-llama   Cluster   Yes          1          1        -
shared      Cluster   No           -          -        model format
                                                       'mt:safetensors' not in
                                                       supported formats: format
                                                       name mismatch
                                                       (model=safetensors,
                                                       runtime=onnx)
srt-mixed   Cluster   No           -          -        matching format
                                                       safetensors is not
                                                       autoSelect-enabled (a
                                                       different
                                                       supportedModelFormats
                                                       entry on this runtime has
                                                       autoSelect=true, but not
                                                       the one that matches this
                                                       model)
srt-zero    Cluster   No           -          -        auto-select score is 0
                                                       (format priority 0)
";
const CLUSTER_MODEL: &str = "\
RUNTIME     SCOPE     COMPATIBLE   PRIORITY   WEIGHT   REASON
shared      Cluster   Yes          1          1        -
srt-mixed   Cluster   Yes          1          1        -
srt-llama   Cluster   No           -          -        model format 'mt:onnx'
                                                       not in supported formats:
                                                       format name mismatch
                                                       (model=onnx,
                                                       runtime=safetensors)
srt-zero    Cluster   No           -          -        model format 'mt:onnx'
                                                       not in supported formats:
                                                       format name mismatch
                                                       (model=onnx,
                                                       runtime=safetensors)
";
const SHARDED: &str = "\
RUNTIME     SCOPE     COMPATIBLE   PRIORITY   WEIGHT   REASON
shared      Cluster   No           -          -        model format
                                                       'mt:safetensors' not in
                                                       supported formats: format
                                                       name mismatch
                                                       (model=safetensors,
                                                       runtime=onnx)
srt-llama   Cluster   No           -          -        auto-select score is 0
srt-mixed   Cluster   No           -          -        matching format
                                                       safetensors is not
                                                       autoSelect-enabled (a
                                                       different
                                                       supportedModelFormats
                                                       entry on this runtime has
                                                       autoSelect=true, but not
                                                       the one that matches this
                                                       model)
srt-zero    Cluster   No           -          -        auto-select score is 0
                                                       (format priority 0)
";

// ---------------------------------------------------------------------------------------------
// The budget (difference ai) and the reads of §7.3.

const CATALOG_REASON: &str = "model format 'mt:safetensors' not in supported formats: format \
                              name mismatch (model=safetensors, runtime=onnx)";

/// The rows of a catalog's table: `team` first, then every catalog runtime, all excluded.
fn assert_catalog_rows(stdout: &str, catalog_size: usize) {
    let rows = logical_rows(stdout);
    assert_eq!(rows.len(), catalog_size + 1);
    assert_eq!(rows[0], row("team", "Namespaced", Some((1, 1)), "-"));
    for (i, r) in rows.iter().skip(1).enumerate() {
        assert_eq!(
            *r,
            row(&format!("catalog-{i:04}"), "Cluster", None, CATALOG_REASON)
        );
    }
}

#[tokio::test]
async fn a_catalog_of_205_is_explained_without_a_get_per_runtime_and_1001_is_refused() {
    let s = Scoped::new("rx-budget").await;
    let format = json!({"modelFormat": {"name": "safetensors"}});
    s.model(Some(&s.ns), "m", format).await;
    s.namespaced(
        &s.ns,
        &[Runtime::new(
            "team",
            spec(vec![entry("safetensors", 1, 1, Some(true))], None, None),
        )],
    )
    .await;
    s.isvc(&s.ns, service("svc", json!({"model": {"name": "m"}})))
        .await;
    let all = catalog(1001);
    s.clusters(&all[..200]).await;
    let ns = &s.ns;
    let lists = [
        "list /apis/ome.io/v1beta1/clusterservingruntimes?limit=250".to_string(),
        format!("list /apis/ome.io/v1beta1/namespaces/{ns}/servingruntimes?limit=250"),
    ];
    let models = [
        "get /apis/ome.io/v1beta1/clusterbasemodels/m".to_string(),
        format!("get /apis/ome.io/v1beta1/namespaces/{ns}/basemodels/m"),
    ];
    // 200 runtimes: 2 LISTs and no GET of a runtime (the reference's request-count test).
    // Stage 1 is the model GETs, or the service GET, with both LISTs; the model GETs of
    // `--isvc` follow the service. The proxy holds each request 200 ms, so requests sent
    // together overlap whatever their connections' set-up takes.
    let options = ProxyOptions {
        latency: Duration::from_millis(200),
    };
    let proxy = Proxy::start(s.cluster(), options).unwrap();
    let via_proxy = proxy.kubeconfig_via_proxy(USER).unwrap();
    let service_get = format!("get /apis/ome.io/v1beta1/namespaces/{ns}/inferenceservices/svc");
    for (args, service) in [
        (["--model", "m"], None),
        (["--isvc", "svc"], Some(service_get)),
    ] {
        let mark = s.mark().await;
        proxy.clear_log();
        let run = explain_with(&via_proxy, ns, &args).await;
        assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{args:?}");
        assert_catalog_rows(&run.stdout, 200);
        assert_stage_one(&proxy.requests(), service.is_some());
        let mut want: Vec<String> = models.iter().chain(&lists).cloned().collect();
        want.extend(service);
        want.sort();
        assert_eq!(s.requests_since(mark).await, want, "{args:?}");
    }
    // OME's public catalog (205) is still explained.
    s.clusters(&all[200..205]).await;
    let run = s.explain(ns, &["--model", "m"]).await;
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert_catalog_rows(&run.stdout, 205);
    // 1001: the budget is exhausted after 4 pages of cluster runtimes.
    s.clusters(&all[205..]).await;
    let mark = s.mark().await;
    let run = s.explain(ns, &["--model", "m"]).await;
    expect(
        "1001",
        &run,
        1,
        "",
        "error: runtime candidate snapshot exceeds the CLI collection limit\n",
    );
    let requests = s.requests_since(mark).await;
    let count = |prefix: &str| requests.iter().filter(|r| r.starts_with(prefix)).count();
    assert_eq!(
        (
            count("list /apis/ome.io/v1beta1/clusterservingruntimes?"),
            count(&lists[1]),
            count("get "),
            requests.len()
        ),
        (4, 1, 2, 7),
        "{requests:#?}"
    );
}

/// §7.3's stage 1: both LISTs start while the first GET (the service's, or each model's) is
/// in flight; with a service, the model GETs start only after its GET ended.
fn assert_stage_one(records: &[RequestRecord], with_service: bool) {
    let is_list = |r: &&RequestRecord| r.path().ends_with("servingruntimes");
    let is_model = |r: &&RequestRecord| r.path().contains("basemodels/");
    let lists: Vec<_> = records.iter().filter(is_list).collect();
    let models: Vec<_> = records.iter().filter(is_model).collect();
    assert_eq!((lists.len(), models.len()), (2, 2), "{records:#?}");
    let first: Vec<_> = if with_service {
        let service: Vec<_> = records
            .iter()
            .filter(|r| r.path().contains("/inferenceservices/"))
            .collect();
        let ended = service[0].end.unwrap();
        assert!(models.iter().all(|m| m.start >= ended), "{records:#?}");
        service
    } else {
        models
    };
    for get in first {
        let ended = get.end.unwrap();
        assert!(lists.iter().all(|l| l.start < ended), "{records:#?}");
    }
}

// ---------------------------------------------------------------------------------------------
// §7.2: every error, in order, with exit 1 and nothing on stdout.

/// A `Status` body the proxy answers with.
fn status(code: u16, reason: &str, message: &str) -> String {
    json!({"kind": "Status", "apiVersion": "v1", "status": "Failure", "code": code,
           "reason": reason, "message": message})
    .to_string()
}

/// A list of one kind the proxy answers with.
fn runtime_list(kind: &str, version: &str, items: Value) -> String {
    json!({"kind": kind, "apiVersion": "ome.io/v1beta1",
           "metadata": {"resourceVersion": version}, "items": items})
    .to_string()
}

fn listed(name: &str, namespace: Option<&str>) -> Value {
    let mut metadata = json!({"name": name, "uid": format!("uid-{name}"),
                              "resourceVersion": "5", "generation": 1});
    if let Some(ns) = namespace {
        metadata["namespace"] = json!(ns);
    }
    json!({"metadata": metadata,
           "spec": {"supportedModelFormats": [{"modelFormat": {"name": "safetensors"},
                                                "autoSelect": true}]}})
}

/// The answers a real server cannot be made to give, played by the test proxy in front of the
/// shared server: a service that is not the one asked for, failed model and LIST reads, and
/// LISTs that contradict themselves.
#[tokio::test]
async fn failed_and_unbound_reads_name_what_failed() {
    let c = cluster();
    let admin = c.admin().await.unwrap();
    let ns = c.namespace("rx-errors").await.unwrap();
    create_model(
        &admin,
        Some(&ns),
        "m",
        json!({"modelFormat": {"name": "safetensors"}}),
    )
    .await
    .unwrap();
    create(
        &admin,
        &isvc_resource(),
        Some(&ns),
        service("chat", json!({"model": {"name": "m"}})),
    )
    .await
    .unwrap();
    let proxy = Proxy::start(c, ProxyOptions::default()).unwrap();
    let kubeconfig = proxy.kubeconfig_via_proxy(USER).unwrap();
    let isvc_path = format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferenceservices/chat");
    let model_path = format!("/apis/ome.io/v1beta1/namespaces/{ns}/basemodels/m");
    let srs = format!("/apis/ome.io/v1beta1/namespaces/{ns}/servingruntimes");
    let csrs = "/apis/ome.io/v1beta1/clusterservingruntimes".to_string();
    let answered = |name: &str, namespace: &str, uid: &str| {
        json!({"apiVersion": "ome.io/v1beta1", "kind": "InferenceService",
               "metadata": {"name": name, "namespace": namespace, "uid": uid,
                            "resourceVersion": "9"},
               "spec": {"model": {"name": "m"}}})
        .to_string()
    };
    let forbidden = status(403, "Forbidden", "forbidden: secret server text");
    let next_access = format!("next: kubectl ome admin doctor --access -n {ns}\n");
    let cases: Vec<(&str, Hook, String)> = vec![
        (
            "another name",
            Hook::new("GET", &isvc_path).respond(200, &answered("chat-2", &ns, "u")),
            "error: returned inference service name does not match request\n".into(),
        ),
        (
            "another namespace",
            Hook::new("GET", &isvc_path).respond(200, &answered("chat", "other", "u")),
            "error: returned inference service namespace does not match request\n".into(),
        ),
        (
            "no UID",
            Hook::new("GET", &isvc_path).respond(200, &answered("chat", &ns, "")),
            "error: inference service UID is required\n".into(),
        ),
        (
            "service forbidden",
            Hook::new("GET", &isvc_path).respond(403, &forbidden),
            format!(
                "runtime explain check: read object=InferenceService/{ns}/chat cause=Forbidden\n\
                 {next_access}error: forbidden: secret server text\n"
            ),
        ),
        (
            "model 500",
            Hook::new("GET", &model_path).respond(500, &status(500, "InternalError", "boom")),
            format!(
                "runtime explain check: read object=BaseModel/{ns}/m cause=http=500\nerror: boom\n"
            ),
        ),
        (
            "ServingRuntime LIST forbidden",
            Hook::new("GET", &srs).respond(403, &forbidden),
            format!(
                "runtime explain check: read object=ServingRuntimeList/{ns} cause=Forbidden\n\
                 {next_access}error: runtime candidate snapshot API request failed\n"
            ),
        ),
        (
            "ClusterServingRuntime LIST 503",
            Hook::new("GET", &csrs).fault(Fault::Status {
                code: 503,
                retry_after: None,
            }),
            "runtime explain check: read object=ClusterServingRuntimeList cause=http=503\n\
             error: runtime candidate snapshot API request failed\n"
                .into(),
        ),
        (
            "ClusterServingRuntime LIST not JSON",
            Hook::new("GET", &csrs).fault(Fault::InvalidJson),
            "runtime explain check: read object=ClusterServingRuntimeList cause=Undecodable\n\
             error: runtime candidate snapshot API request failed\n"
                .into(),
        ),
        (
            "a name twice",
            Hook::new("GET", &csrs).respond(
                200,
                &runtime_list(
                    "ClusterServingRuntimeList",
                    "5",
                    json!([listed("a", None), listed("a", None)]),
                ),
            ),
            "error: runtime API returned a duplicate candidate identity\n".into(),
        ),
        (
            "a cluster runtime in a namespace",
            Hook::new("GET", &csrs).respond(
                200,
                &runtime_list(
                    "ClusterServingRuntimeList",
                    "5",
                    json!([listed("a", Some("prod"))]),
                ),
            ),
            "error: runtime API returned a candidate with an unexpected identity\n".into(),
        ),
        (
            "a list without a version",
            Hook::new("GET", &srs).respond(
                200,
                &runtime_list("ServingRuntimeList", "", json!([listed("a", Some(&ns))])),
            ),
            "error: runtime API returned an inconsistent candidate snapshot\n".into(),
        ),
    ];
    for (label, hook, stderr) in cases {
        proxy.clear_hooks();
        proxy.add_hook(hook);
        let run = explain_with(&kubeconfig, &ns, &["--isvc", "chat"]).await;
        expect(label, &run, 1, "", &stderr);
    }
    // The same service read directly: a table, so each answer above made the difference.
    let direct = c.kubeconfig(USER).unwrap();
    let run = explain_with(&direct, &ns, &["--isvc", "chat"]).await;
    assert_eq!(run.code, 0, "{run:?}");
}

/// §7.2 steps 1–5: the command line, the namespace, the kubeconfig and the client, all before
/// any request.
#[tokio::test]
async fn arguments_namespace_and_client_errors_come_first_and_send_nothing() {
    let c = cluster();
    let ns = c.namespace("rx-args").await.unwrap();
    let n = ns.as_str();
    let cases: Vec<(Vec<&str>, String)> = vec![
        (
            vec!["runtime", "explain", "--with-effective", "--model", "m"],
            "unknown flag: --with-effective".into(),
        ),
        (
            vec!["runtime", "explain", "--model", "m", "-o", "json"],
            "unknown flag: -o".into(),
        ),
        (
            vec![
                "runtime",
                "explain",
                "--ome-namespace",
                "ome",
                "--model",
                "m",
            ],
            "unknown flag: --ome-namespace".into(),
        ),
        (
            vec!["runtime", "explain", "chat", "--model", "Bad_Name"],
            "unknown command \"chat\" for \"ome runtime explain\"".into(),
        ),
        (
            vec!["runtime", "explain", "-n", n],
            "exactly one of --model or --isvc is required".into(),
        ),
        (
            vec![
                "runtime", "explain", "--model", "m", "--isvc", "chat", "-n", n,
            ],
            "exactly one of --model or --isvc is required".into(),
        ),
        (
            vec!["runtime", "explain", "--model", "Bad_Name", "-n", "Bad NS"],
            "model name is invalid".into(),
        ),
        (
            vec!["runtime", "explain", "--isvc", "chat.", "-n", "Bad NS"],
            "inference service name is invalid".into(),
        ),
        (
            vec!["runtime", "explain", "--model", "m", "-n", "Bad_NS"],
            "namespace is invalid".into(),
        ),
        (
            vec!["runtime", "explain", "--model", "m", "--context", "nope"],
            "runtime explain check: kubeconfig context=nope cause=NotFound\n\
             context \"nope\" does not exist in the kubeconfig"
                .into(),
        ),
    ];
    crate::support::assert_rejected_without_requests(c, USER, &cases).await;
}

/// §7.2 step 5: the client's construction error as it is (an auth-provider kubectl no longer
/// has), before any request.
#[test]
fn a_client_that_cannot_be_built_is_reported_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kubeconfig.json");
    let doc = json!({
        "apiVersion": "v1", "kind": "Config", "current-context": "main",
        "clusters": [{"name": "c", "cluster": {"server": "https://127.0.0.1:9"}}],
        "users": [{"name": "u", "user": {"auth-provider": {"name": "gcp"}}}],
        "contexts": [{"name": "main", "context": {"cluster": "c", "user": "u", "namespace": "ns"}}],
    });
    std::fs::write(&path, doc.to_string()).unwrap();
    let run = plugin(Some(&path), &["runtime", "explain", "--model", "m"]);
    expect(
        "auth-provider",
        &run,
        1,
        "",
        "error: user \"u\" in the kubeconfig uses the auth-provider \"gcp\", which kubectl no \
         longer supports: use an exec credential plugin instead (for example \
         gke-gcloud-auth-plugin or kubelogin)\n",
    );
}
