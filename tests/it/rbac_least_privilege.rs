//! The Roles in `docs/rbac/` are the least that works, shown on the real API server.
//!
//! For each Role (reader, scaler) a fresh user (a ServiceAccount with its own token, bound to
//! nothing else) gets the Role's files exactly as documented, and every command of the matrix
//! below works. Then, for every single rule of the Role (every verb of every resource, in each
//! scope), another fresh user gets the Role without that one rule, and each command that needs
//! the rule fails with the message `docs/rbac/README.md` documents for it. The matrix there is
//! rendered from the rows below and compared, so the page and the test cannot drift apart; a
//! rule without a row, or a row without a rule, fails the test too.

#![cfg(test)]

use crate::docs_support;
use crate::support::cluster;
use std::collections::BTreeSet;
use std::path::PathBuf;

use docs_support::{Sandbox, ShellRun, repo_root};
use futures::StreamExt;
use k8s_openapi::api::apps::v1::{ControllerRevision, Deployment};
use kube::api::{Api, DynamicObject, PostParams};
use ome_testenv::crds::cluster_serving_runtime_resource;
use ome_testenv::fixtures::CHAT_RUNTIME;
use ome_testenv::identity::{Access, FreshUser, Grant, apply_rbac, wait_for_access};
use ome_testenv::revisions::{RevisionSource, create_revision};
use ome_testenv::selection::{Runtime, create_runtimes};
use ome_testenv::{AutoscalerClass, ChatFixture, Component, Controller};
use serde_json::{Value, json};

// ---------------------------------------------------------------------------------------------
// The Roles as documented.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Reader,
    Scaler,
    /// `rollout pause`/`resume`'s write, added to the reader's or scaler's files; proven by
    /// tests/it/rollout_actions.rs, which binds it for every write it makes.
    RolloutOperator,
}

impl Role {
    fn as_str(self) -> &'static str {
        match self {
            Role::Reader => "reader",
            Role::Scaler => "scaler",
            Role::RolloutOperator => "rollout-operator",
        }
    }
}

/// Where a documented file is applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Scope {
    /// The namespace of the InferenceServices (`kubectl apply -n NAMESPACE`).
    Service,
    /// Cluster-scoped (a ClusterRole).
    Cluster,
    /// OME's own namespace (`--ome-namespace`, default `ome`).
    Ome,
}

/// Every file of `docs/rbac/`, the Role it belongs to and where it is applied.
const FILES: &[(Role, &str, Scope)] = &[
    (Role::Reader, "reader.yaml", Scope::Service),
    (Role::Reader, "reader-cluster.yaml", Scope::Cluster),
    (Role::Reader, "reader-ome-namespace.yaml", Scope::Ome),
    (Role::Scaler, "scaler.yaml", Scope::Service),
    (Role::Scaler, "scaler-cluster.yaml", Scope::Cluster),
    (Role::Scaler, "scaler-ome-namespace.yaml", Scope::Ome),
    (
        Role::RolloutOperator,
        "rollout-operator.yaml",
        Scope::Service,
    ),
];

fn rbac_dir() -> PathBuf {
    repo_root().join("docs/rbac")
}

/// One document: its kind (`Role`/`ClusterRole`) and its rules.
fn load(file: &str) -> (String, Value) {
    let text = std::fs::read_to_string(rbac_dir().join(file)).unwrap();
    let doc: Value = serde_saphyr::from_str(&text).unwrap();
    assert_eq!(doc["apiVersion"], "rbac.authorization.k8s.io/v1", "{file}");
    assert!(
        doc["metadata"].get("namespace").is_none(),
        "{file}: no namespace (applied with -n)"
    );
    (
        doc["kind"].as_str().unwrap().to_string(),
        doc["rules"].clone(),
    )
}

/// One permission: one verb on one resource (with its subresource) of one group, in one scope.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Atom {
    scope: Scope,
    group: String,
    resource: String,
    names: Vec<String>,
    verb: String,
}

impl Atom {
    /// How the matrix names it: the verb and kubectl's `resource.group[/subresource]`.
    fn id(&self) -> String {
        let (resource, sub) = match self.resource.split_once('/') {
            Some((r, s)) => (r, format!("/{s}")),
            None => (self.resource.as_str(), String::new()),
        };
        let mut id = match self.group.as_str() {
            "" => format!("{} {resource}{sub}", self.verb),
            group => format!("{} {resource}.{group}{sub}", self.verb),
        };
        for name in &self.names {
            id.push_str(&format!(" {name}"));
        }
        if self.scope == Scope::Ome {
            id.push_str(" (OME namespace)");
        }
        id
    }

    fn access(&self, service_ns: &str, ome_ns: &str) -> Access {
        let (resource, sub) = self
            .resource
            .split_once('/')
            .unwrap_or((&self.resource, ""));
        Access {
            verb: self.verb.clone(),
            group: self.group.clone(),
            resource: resource.to_string(),
            subresource: sub.to_string(),
            name: self.names.first().cloned().unwrap_or_default(),
            namespace: match self.scope {
                Scope::Service => Some(service_ns.to_string()),
                Scope::Ome => Some(ome_ns.to_string()),
                Scope::Cluster => None,
            },
        }
    }
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| a.iter().map(|s| s.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

/// The rules as single permissions.
fn atoms(rules: &Value, scope: Scope) -> Vec<Atom> {
    let mut out = Vec::new();
    for rule in rules.as_array().unwrap() {
        let names = strings(&rule["resourceNames"]);
        for group in strings(&rule["apiGroups"]) {
            for resource in strings(&rule["resources"]) {
                for verb in strings(&rule["verbs"]) {
                    out.push(Atom {
                        scope,
                        group: group.clone(),
                        resource: resource.clone(),
                        names: names.clone(),
                        verb,
                    });
                }
            }
        }
    }
    out
}

/// Rules granting exactly `atoms`: one rule per group, resource and names.
fn rules_of(atoms: &[&Atom]) -> Value {
    let mut rules: Vec<Value> = Vec::new();
    let mut keys: Vec<(String, String, Vec<String>)> = Vec::new();
    for atom in atoms {
        let key = (
            atom.group.clone(),
            atom.resource.clone(),
            atom.names.clone(),
        );
        match keys.iter().position(|k| *k == key) {
            Some(i) => rules[i]["verbs"]
                .as_array_mut()
                .unwrap()
                .push(json!(atom.verb)),
            None => {
                let mut rule =
                    json!({"apiGroups": [key.0], "resources": [key.1], "verbs": [atom.verb]});
                if !key.2.is_empty() {
                    rule["resourceNames"] = json!(key.2);
                }
                keys.push(key);
                rules.push(rule);
            }
        }
    }
    Value::Array(rules)
}

/// Every permission a Role grants, over all its files.
fn role_atoms(role: Role) -> Vec<Atom> {
    FILES
        .iter()
        .filter(|(r, _, _)| *r == role)
        .flat_map(|(_, file, scope)| atoms(&load(file).1, *scope))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The matrix: what each rule is for.

/// The services a row runs against (each is the guide's `chat` with one difference).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Service {
    /// `chat`: runtime a ClusterServingRuntime; engine External, decoder and router HPA.
    Chat,
    /// `keda-chat`: the decoder's autoscaler is KEDA (a ScaledObject instead of an HPA).
    Keda,
    /// `ns-chat`: its runtime is a ServingRuntime in the service's namespace.
    NamespacedRuntime,
    /// `pinned-chat`: pinned to a runtime ControllerRevision in OME's namespace.
    Pinned,
    /// The operator's `ome-controller-manager` Deployment in OME's namespace (image tag v1.2.3).
    Operator,
    /// `gpu-chat`: its engine reports the AcceleratorClass `a100` it selected.
    Accelerated,
    /// `gated-chat`: paused (`true`), its engine revision `gated-chat-engine-7f9c4d2b` Held.
    Gated,
    /// `log-chat`: one engine Pod on the test kubelet's Node, whose log is `ready`.
    Logged,
    /// `sel-chat`: OME's minimal InferenceService (it names only its model); OME selects the
    /// ServingRuntime `sel-srt` of its namespace.
    Selected,
}

/// What a command shows.
#[derive(Debug, Clone, Copy)]
enum Shows {
    /// This `error: ` line last on stderr (after `scale`'s preview) and nothing on stdout.
    Error(&'static str),
    /// This line on stdout.
    Line(&'static str),
    /// Not this line on stdout; the second text says so in the docs.
    NoLine(&'static str, &'static str),
}

#[derive(Debug, Clone, Copy)]
struct Expect {
    exit: i32,
    shows: Shows,
}

const fn error(exit: i32, message: &'static str) -> Expect {
    Expect {
        exit,
        shows: Shows::Error(message),
    }
}

const fn line(exit: i32, line: &'static str) -> Expect {
    Expect {
        exit,
        shows: Shows::Line(line),
    }
}

#[derive(Debug, Clone, Copy)]
struct Row {
    /// The rule ([`Atom::id`]).
    rule: &'static str,
    /// The Roles whose matrix has this row (the command is one of the Role's kind).
    roles: &'static [Role],
    service: Service,
    /// The shell command, as a user types it (`$NS`: the service's namespace).
    command: &'static str,
    /// With the whole Role.
    with: Expect,
    /// Without this one rule (`$NS`, `$USER`: the namespace and the user).
    without: Expect,
}

const BOTH: &[Role] = &[Role::Reader, Role::Scaler];
const SCALER: &[Role] = &[Role::Scaler];
const ROLLOUT_OPERATOR: &[Role] = &[Role::RolloutOperator];

const SCALE: &str = "kubectl ome scale chat -n $NS --component engine --replicas 3 --override-autoscaler --yes --dry-run server";
const ACCEPTED: Expect = line(0, "accepted           Yes");
const API_FAILED: Expect = error(
    1,
    "required Kubernetes API request failed; check access and connectivity",
);
/// A runtime scale cannot read is a runtime it cannot verify.
const RUNTIME_REFUSED: Expect = error(
    1,
    "action refused: active runtime is unavailable, inconsistent or unbound",
);
const LIVE_SCALE_REPORTED: Expect = line(
    0,
    "LIVE-EVIDENCE      -          Reported      Reported       Reported",
);
const LIVE_SCALE_FORBIDDEN: Expect = line(
    0,
    "LIVE-EVIDENCE      -          Forbidden     Forbidden      Forbidden",
);

const LIVE_SCALER_REPORTED: Expect = line(
    0,
    "SCALER-EVIDENCE    -          NotSelected   Reported       Reported",
);
const LIVE_SCALER_FORBIDDEN: Expect = line(
    0,
    "SCALER-EVIDENCE    -          NotSelected   Forbidden      Forbidden",
);
const GET_ISVC_FORBIDDEN: &str = r#"get InferenceService "$NS/chat": inferenceservices.ome.io "chat" is forbidden: User "$USER" cannot get resource "inferenceservices" in API group "ome.io" in the namespace "$NS""#;

const RUNTIME_EFFECTIVE_FORBIDDEN: &str = r#"get InferenceService: inferenceservices.ome.io "chat" is forbidden: User "$USER" cannot get resource "inferenceservices" in API group "ome.io" in the namespace "$NS""#;

const fn row(
    rule: &'static str,
    roles: &'static [Role],
    service: Service,
    command: &'static str,
    with: Expect,
    without: Expect,
) -> Row {
    Row {
        rule,
        roles,
        service,
        command,
        with,
        without,
    }
}

const ROWS: &[Row] = &[
    // The service itself.
    row(
        "get inferenceservices.ome.io",
        BOTH,
        Service::Chat,
        "kubectl ome autoscale status chat -n $NS",
        line(
            0,
            "STATE              Reported   Reported      Reported       Reported",
        ),
        error(1, GET_ISVC_FORBIDDEN),
    ),
    row(
        "get inferenceservices.ome.io",
        BOTH,
        Service::Chat,
        "kubectl ome instance list chat -n $NS",
        line(
            0,
            "router    0/1       Ready   1/1/1   chat...8e12   A--   OK",
        ),
        error(1, GET_ISVC_FORBIDDEN),
    ),
    row(
        "get inferenceservices.ome.io",
        BOTH,
        Service::Chat,
        "kubectl ome instance retry-blocks chat -n $NS --component engine",
        line(0, "-      EMPTY   -        -     -      NO    -"),
        error(1, GET_ISVC_FORBIDDEN),
    ),
    row(
        "get inferenceservices.ome.io",
        BOTH,
        Service::Chat,
        "kubectl ome rollout status chat -n $NS",
        line(
            0,
            "REPORTED       Succeeded           -             -             -",
        ),
        error(
            1,
            r#"inferenceservices.ome.io "chat" is forbidden: User "$USER" cannot get resource "inferenceservices" in API group "ome.io" in the namespace "$NS""#,
        ),
    ),
    row(
        "get inferenceservices.ome.io",
        BOTH,
        Service::Chat,
        "kubectl ome migration status chat -n $NS",
        line(0, "-/-            Empty/Current   -"),
        error(
            1,
            r#"collect migration status: get InferenceService: inferenceservices.ome.io "chat" is forbidden: User "$USER" cannot get resource "inferenceservices" in API group "ome.io" in the namespace "$NS""#,
        ),
    ),
    row(
        "get inferenceservices.ome.io",
        BOTH,
        Service::Chat,
        "kubectl ome wait chat -n $NS --for=condition=Ready",
        line(0, "Outcome                 Matched"),
        error(1, "AcquisitionFailed"),
    ),
    row(
        "get inferenceservices.ome.io",
        SCALER,
        Service::Chat,
        SCALE,
        ACCEPTED,
        API_FAILED,
    ),
    row(
        "list inferenceservices.ome.io",
        BOTH,
        Service::Chat,
        "kubectl __complete ome autoscale status -n $NS ''",
        line(0, "chat"),
        Expect {
            exit: 0,
            shows: Shows::NoLine("chat", "offers no service names"),
        },
    ),
    // The waits below never match: they show what the watch's answer made of the wait before
    // the deadline. 5 s, so that the 403 of a denied watch arrives in time on a loaded machine
    // (with 2 s, a fresh-clone run beside two compilers timed out first).
    row(
        "watch inferenceservices.ome.io",
        BOTH,
        Service::Chat,
        "kubectl ome wait chat -n $NS --for=condition=Ready=False --timeout=5s",
        line(2, "Polling fallback        false"),
        line(2, "Polling fallback        true"),
    ),
    // The InferenceReplicas.
    row(
        "get inferencereplicas.ome.io",
        BOTH,
        Service::Chat,
        "kubectl ome autoscale status chat -n $NS --live-scale",
        LIVE_SCALE_REPORTED,
        LIVE_SCALE_FORBIDDEN,
    ),
    row(
        "get inferencereplicas.ome.io",
        BOTH,
        Service::Chat,
        "kubectl ome autoscale status chat -n $NS --live-scaler",
        LIVE_SCALER_REPORTED,
        LIVE_SCALER_FORBIDDEN,
    ),
    row(
        "get inferencereplicas.ome.io",
        BOTH,
        Service::Chat,
        "kubectl ome wait chat -n $NS --for=replicas=current --component=engine --replicas=2",
        line(0, "Outcome                 Matched"),
        error(1, "AcquisitionFailed"),
    ),
    row(
        "get inferencereplicas.ome.io",
        SCALER,
        Service::Chat,
        SCALE,
        ACCEPTED,
        API_FAILED,
    ),
    row(
        "list inferencereplicas.ome.io",
        BOTH,
        Service::Chat,
        "kubectl ome instance list chat -n $NS",
        line(
            0,
            "engine    0/1       Ready   1/1/1   chat...4d2b   A--   OK",
        ),
        line(
            0,
            "-      -         -       -      -      ---   SOURCE-UNAVL",
        ),
    ),
    row(
        "list inferencereplicas.ome.io",
        BOTH,
        Service::Chat,
        "kubectl ome instance retry-blocks chat -n $NS --component engine",
        line(0, "-      EMPTY   -        -     -      NO    -"),
        line(0, "engine   ISSUE   -        -     -      NO    COLL_UNAV"),
    ),
    row(
        "list inferencereplicas.ome.io",
        BOTH,
        Service::Chat,
        "kubectl ome migration status chat -n $NS",
        line(0, "-/-            Empty/Current   -"),
        error(
            1,
            r#"collect migration status: list related InferenceReplicas: inferencereplicas.ome.io is forbidden: User "$USER" cannot list resource "inferencereplicas" in API group "ome.io" in the namespace "$NS""#,
        ),
    ),
    row(
        "list inferencereplicas.ome.io",
        BOTH,
        Service::Chat,
        "kubectl ome wait chat -n $NS --for=replicas=ready --component=engine --replicas=2",
        line(0, "Outcome                 Matched"),
        error(1, "AcquisitionFailed"),
    ),
    row(
        "watch inferencereplicas.ome.io",
        BOTH,
        Service::Chat,
        "kubectl ome wait chat -n $NS --for=replicas=ready --component=engine --replicas=3 --timeout=5s",
        line(2, "Polling fallback        false"),
        line(2, "Polling fallback        true"),
    ),
    row(
        "watch inferencereplicas.ome.io",
        BOTH,
        Service::Chat,
        "kubectl ome wait chat -n $NS --for=replicas=current --component=engine --replicas=3 --timeout=5s",
        line(2, "Polling fallback        false"),
        line(2, "Polling fallback        true"),
    ),
    row(
        "get inferencereplicas.ome.io/scale",
        BOTH,
        Service::Chat,
        "kubectl ome autoscale status chat -n $NS --live-scale",
        LIVE_SCALE_REPORTED,
        LIVE_SCALE_FORBIDDEN,
    ),
    row(
        "get inferencereplicas.ome.io/scale",
        SCALER,
        Service::Chat,
        SCALE,
        ACCEPTED,
        API_FAILED,
    ),
    row(
        "patch inferencereplicas.ome.io/scale",
        SCALER,
        Service::Chat,
        SCALE,
        ACCEPTED,
        error(
            1,
            "scale request outcome unknown; inspect kubectl ome autoscale status before preparing another request",
        ),
    ),
    // The Pods and events of the diagnosis commands.
    row(
        "list pods",
        BOTH,
        Service::Chat,
        "kubectl ome status chat -n $NS",
        line(0, "Pod observation Reported count=0 truncated=false"),
        line(
            0,
            "Pod observation Unavailable count=0 truncated=false Forbidden",
        ),
    ),
    row(
        "list pods",
        BOTH,
        Service::Chat,
        "kubectl ome instance status chat 0 -n $NS --component engine",
        line(0, "state Reported engine[0] evidence=Reported"),
        line(0, "issue PodsUnavailable reason=Forbidden"),
    ),
    row(
        "list pods",
        BOTH,
        Service::Logged,
        "kubectl ome logs log-chat -n $NS",
        line(0, "ready"),
        error(
            1,
            r#"discover pods: pods is forbidden: User "$USER" cannot list resource "pods" in API group "" in the namespace "$NS""#,
        ),
    ),
    // The log of each pod `logs` reads.
    row(
        "get pods/log",
        BOTH,
        Service::Logged,
        "kubectl ome logs log-chat -n $NS",
        line(0, "ready"),
        error(
            1,
            r#"streaming logs for pod log-chat-engine-0: pods "log-chat-engine-0" is forbidden: User "$USER" cannot get resource "pods/log" in API group "" in the namespace "$NS""#,
        ),
    ),
    row(
        "list events",
        BOTH,
        Service::Chat,
        "kubectl ome status chat -n $NS",
        line(0, "Event observation Reported count=0 truncated=false"),
        line(
            0,
            "Event observation Unavailable count=0 truncated=false Forbidden",
        ),
    ),
    // The autoscalers OME owns.
    row(
        "get horizontalpodautoscalers.autoscaling",
        BOTH,
        Service::Chat,
        "kubectl ome autoscale status chat -n $NS --live-scaler",
        LIVE_SCALER_REPORTED,
        LIVE_SCALER_FORBIDDEN,
    ),
    row(
        "get scaledobjects.keda.sh",
        BOTH,
        Service::Keda,
        "kubectl ome autoscale status keda-chat -n $NS --live-scaler",
        line(
            0,
            "SCALER-EVIDENCE    -         NotSelected     Reported        Reported",
        ),
        line(
            0,
            "SCALER-EVIDENCE    -         NotSelected     Forbidden       Reported",
        ),
    ),
    // The runtimes scale verifies.
    row(
        "get servingruntimes.ome.io",
        SCALER,
        Service::NamespacedRuntime,
        "kubectl ome scale ns-chat -n $NS --component engine --replicas 3 --override-autoscaler --yes --dry-run server",
        ACCEPTED,
        RUNTIME_REFUSED,
    ),
    row(
        "get servingruntimes.ome.io",
        BOTH,
        Service::NamespacedRuntime,
        "kubectl ome autoscale explain ns-chat -n $NS",
        line(0, "STATE OK OK OK"),
        error(
            1,
            "collect active runtime configuration: runtime read was forbidden",
        ),
    ),
    // The candidates of a service whose runtime OME selects.
    row(
        "list servingruntimes.ome.io",
        SCALER,
        Service::Selected,
        "kubectl ome scale sel-chat -n $NS --component engine --replicas 3 --override-autoscaler --yes --dry-run server",
        ACCEPTED,
        RUNTIME_REFUSED,
    ),
    row(
        "list servingruntimes.ome.io",
        BOTH,
        Service::Selected,
        "kubectl ome autoscale explain sel-chat -n $NS",
        line(0, "STATE OK"),
        error(
            1,
            "require active runtime configuration: active runtime configuration is unavailable",
        ),
    ),
    row(
        "list clusterservingruntimes.ome.io",
        SCALER,
        Service::Selected,
        "kubectl ome scale sel-chat -n $NS --component engine --replicas 3 --override-autoscaler --yes --dry-run server",
        ACCEPTED,
        RUNTIME_REFUSED,
    ),
    row(
        "list clusterservingruntimes.ome.io",
        BOTH,
        Service::Selected,
        "kubectl ome runtime effective sel-chat -n $NS",
        line(0, "Live STATE Available"),
        line(0, "Live REASON Forbidden"),
    ),
    // The model the service names (the guide's is a ClusterBaseModel; a BaseModel of the same
    // name in the namespace would win, so both are read).
    row(
        "get basemodels.ome.io",
        SCALER,
        Service::Chat,
        SCALE,
        ACCEPTED,
        RUNTIME_REFUSED,
    ),
    row(
        "get clusterbasemodels.ome.io",
        SCALER,
        Service::Chat,
        SCALE,
        ACCEPTED,
        RUNTIME_REFUSED,
    ),
    row(
        "get clusterservingruntimes.ome.io",
        SCALER,
        Service::Chat,
        SCALE,
        ACCEPTED,
        RUNTIME_REFUSED,
    ),
    row(
        "get clusterservingruntimes.ome.io",
        BOTH,
        Service::Chat,
        "kubectl ome autoscale explain chat -n $NS",
        line(0, "STATE OK OK OK"),
        error(
            1,
            "collect active runtime configuration: runtime read was forbidden",
        ),
    ),
    row(
        "get acceleratorclasses.ome.io",
        BOTH,
        Service::Accelerated,
        "kubectl ome status gpu-chat -n $NS",
        // The demo serves no AcceleratorClass API: the read reaches the server, which has none.
        line(0, "Accelerator engine a100 UnsupportedAPI"),
        line(0, "Accelerator engine a100 Forbidden"),
    ),
    row(
        "get controllerrevisions.apps (OME namespace)",
        BOTH,
        Service::Pinned,
        "kubectl ome autoscale explain pinned-chat -n $NS",
        line(0, "STATE OK OK OK"),
        error(
            1,
            "collect active runtime configuration: runtime read was forbidden",
        ),
    ),
    row(
        "get controllerrevisions.apps (OME namespace)",
        SCALER,
        Service::Pinned,
        "kubectl ome scale pinned-chat -n $NS --component engine --replicas 3 --override-autoscaler --yes --dry-run server",
        ACCEPTED,
        RUNTIME_REFUSED,
    ),
    // runtime effective: every runtime, model or revision read it cannot make is evidence.
    row(
        "get inferenceservices.ome.io",
        BOTH,
        Service::Chat,
        "kubectl ome runtime effective chat -n $NS",
        line(0, "Live STATE Available"),
        error(1, RUNTIME_EFFECTIVE_FORBIDDEN),
    ),
    row(
        "get clusterservingruntimes.ome.io",
        BOTH,
        Service::Chat,
        "kubectl ome runtime effective chat -n $NS",
        line(0, "Live STATE Available"),
        line(0, "Live REASON Forbidden"),
    ),
    row(
        "get servingruntimes.ome.io",
        BOTH,
        Service::NamespacedRuntime,
        "kubectl ome runtime effective ns-chat -n $NS",
        line(0, "Live STATE Available"),
        line(0, "Live REASON Forbidden"),
    ),
    row(
        "get basemodels.ome.io",
        BOTH,
        Service::Chat,
        "kubectl ome runtime effective chat -n $NS",
        line(0, "Live STATE Available"),
        line(0, "Live REASON Forbidden"),
    ),
    row(
        "get clusterbasemodels.ome.io",
        BOTH,
        Service::Chat,
        "kubectl ome runtime effective chat -n $NS",
        line(0, "Live STATE Available"),
        line(0, "Live REASON Forbidden"),
    ),
    row(
        "get controllerrevisions.apps (OME namespace)",
        BOTH,
        Service::Pinned,
        "kubectl ome runtime effective pinned-chat -n $NS",
        line(0, "Service PIN ManagedPin/Resolved"),
        line(0, "Service PIN ManagedPin/Unavailable"),
    ),
    // The operator.
    row(
        "get deployments.apps ome-controller-manager (OME namespace)",
        BOTH,
        Service::Operator,
        "kubectl ome admin doctor",
        line(0, "ManagerDeployment Available ome/ome-controller-manager"),
        line(
            0,
            "ManagerDeployment Unavailable ome/ome-controller-manager",
        ),
    ),
    row(
        "get deployments.apps ome-controller-manager (OME namespace)",
        BOTH,
        Service::Operator,
        "kubectl ome version",
        line(0, "Operator Version: v1.2.3"),
        line(
            0,
            "Operator Version: unknown (get deployments.apps ome/ome-controller-manager: Forbidden)",
        ),
    ),
    // The guarded annotation writes (docs/rbac/rollout-operator.yaml on top of the scaler's).
    row(
        "patch inferenceservices.ome.io",
        ROLLOUT_OPERATOR,
        Service::Gated,
        "kubectl ome rollout resume gated-chat -n $NS --yes --dry-run server",
        line(0, "accepted        Yes"),
        API_FAILED,
    ),
    row(
        "patch inferencereplicas.ome.io",
        ROLLOUT_OPERATOR,
        Service::Gated,
        "kubectl ome instance release-held gated-chat -n $NS --component engine --revision 7f9c4d2b --yes --dry-run server",
        line(0, "accepted        Yes"),
        API_FAILED,
    ),
];

// ---------------------------------------------------------------------------------------------
// The matrix in the docs.

const MATRIX_BEGIN: &str =
    "<!-- least-privilege matrix: generated by tests/it/rbac_least_privilege.rs -->";
const MATRIX_END: &str = "<!-- end of the least-privilege matrix -->";

fn cell(text: &str) -> String {
    text.replace('|', r"\|")
}

fn shown(expect: &Expect) -> String {
    match expect.shows {
        Shows::Error(message) => format!("exit {}, `error: {}`", expect.exit, cell(message)),
        Shows::Line(line) => format!("exit {}, shows `{}`", expect.exit, cell(line)),
        Shows::NoLine(_, prose) => format!("exit {}, {prose}", expect.exit),
    }
}

fn documented_matrix() -> String {
    let mut out =
        String::from("| Rule removed | In | Command | Without the rule |\n|---|---|---|---|\n");
    for row in ROWS {
        let roles: Vec<&str> = row.roles.iter().map(|r| r.as_str()).collect();
        out.push_str(&format!(
            "| `{}` | {} | `{}` | {} |\n",
            row.rule,
            roles.join(", "),
            cell(row.command),
            shown(&row.without)
        ));
    }
    out
}

#[test]
fn the_documented_matrix_is_the_tested_one() {
    let page = std::fs::read_to_string(rbac_dir().join("README.md")).unwrap();
    let begin = page.find(MATRIX_BEGIN).expect("the matrix's begin marker") + MATRIX_BEGIN.len();
    let end = page.find(MATRIX_END).expect("the matrix's end marker");
    let documented = page.get(begin..end).unwrap().trim();
    let expected = documented_matrix();
    assert_eq!(
        documented,
        expected.trim(),
        "docs/rbac/README.md's matrix differs; the tested one is:\n{expected}"
    );
}

#[test]
fn every_rule_has_a_row_and_every_row_a_rule() {
    let listed: BTreeSet<&str> = FILES.iter().map(|(_, f, _)| *f).collect();
    let on_disk: BTreeSet<String> = std::fs::read_dir(rbac_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".yaml"))
        .collect();
    assert_eq!(
        on_disk,
        listed.iter().map(|s| s.to_string()).collect(),
        "every file in docs/rbac is tested"
    );
    for (role, file, scope) in FILES {
        let (kind, _) = load(file);
        let expected = if *scope == Scope::Cluster {
            "ClusterRole"
        } else {
            "Role"
        };
        assert_eq!(kind, expected, "{file} ({role:?})");
    }
    for role in [Role::Reader, Role::Scaler, Role::RolloutOperator] {
        let ids: BTreeSet<String> = role_atoms(role).iter().map(Atom::id).collect();
        let rows: BTreeSet<String> = ROWS
            .iter()
            .filter(|r| r.roles.contains(&role))
            .map(|r| r.rule.to_string())
            .collect();
        assert_eq!(
            ids, rows,
            "{role:?}: the rules granted and the rules with a row"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Running the matrix.

/// The namespace OME keeps its ControllerRevisions in (`--ome-namespace` default).
const OME_NAMESPACE: &str = "ome";

async fn create_services(ns: &str, services: &BTreeSet<Service>) {
    let admin = cluster().admin().await.unwrap();
    for service in services {
        match service {
            Service::Chat => drop(ChatFixture::new().create(&admin, ns).await.unwrap()),
            Service::Keda => drop(
                ChatFixture::new()
                    .name("keda-chat")
                    .autoscaler(Component::Decoder, Some(AutoscalerClass::Keda))
                    .create(&admin, ns)
                    .await
                    .unwrap(),
            ),
            Service::NamespacedRuntime => drop(
                ChatFixture::new()
                    .name("ns-chat")
                    .namespaced_runtime()
                    .create(&admin, ns)
                    .await
                    .unwrap(),
            ),
            Service::Pinned => pin(&admin, ns).await,
            Service::Operator => operator(&admin).await,
            Service::Accelerated => accelerated(&admin, ns).await,
            Service::Gated => gated(&admin, ns).await,
            Service::Logged => logged(&admin, ns).await,
            Service::Selected => selected(&admin, ns).await,
        }
    }
}

/// `sel-chat`: OME's minimal InferenceService, and the ServingRuntime OME selects for it.
async fn selected(admin: &kube::Client, ns: &str) {
    let spec = json!({
        "supportedModelFormats": [{"modelFormat": {"name": "safetensors", "version": "1.0.0"},
                                   "modelFramework": {"name": "transformers", "version": "4.45.0"},
                                   "modelArchitecture": "LlamaForCausalLM", "autoSelect": true}],
        "engineConfig": {"annotations": {"ome.io/deploymentMode": "OMENative"}},
    });
    create_runtimes(admin, Some(ns), &[Runtime::new("sel-srt", spec)])
        .await
        .unwrap();
    ChatFixture::new()
        .name("sel-chat")
        .without(Component::Decoder)
        .without(Component::Router)
        .selecting(Some("sel-srt"))
        .create(admin, ns)
        .await
        .unwrap();
}

/// `gated-chat`: a pause to resume and a Held engine revision to release.
async fn gated(admin: &kube::Client, ns: &str) {
    ChatFixture::new()
        .name("gated-chat")
        .create(admin, ns)
        .await
        .unwrap();
    let ctl = Controller::new(admin.clone());
    ctl.annotate_isvc(ns, "gated-chat", "ome.io/rollout-paused", Some("true"))
        .await
        .unwrap();
    ctl.add_retry_block(
        ns,
        "gated-chat-engine",
        "gated-chat-engine-7f9c4d2b",
        "Held",
    )
    .await
    .unwrap();
}

/// The operator's Deployment as OME installs it (created once; the variants share it).
async fn operator(admin: &kube::Client) {
    cluster().ensure_namespace(OME_NAMESPACE).await.unwrap();
    let deployments: Api<Deployment> = Api::namespaced(admin.clone(), OME_NAMESPACE);
    let labels = json!({"control-plane": "controller-manager"});
    let deployment: Deployment = serde_json::from_value(json!({
        "metadata": {"name": "ome-controller-manager"},
        "spec": {"selector": {"matchLabels": labels}, "template": {
            "metadata": {"labels": labels},
            "spec": {"containers": [{"name": "manager", "image": "ghcr.io/moirai-internal/ome-manager:v1.2.3"}]},
        }},
    }))
    .unwrap();
    match deployments
        .create(&PostParams::default(), &deployment)
        .await
    {
        Ok(_) => {}
        Err(kube::Error::Api(status)) if status.code == 409 => {}
        Err(e) => panic!("creating the operator's Deployment: {e}"),
    }
}

/// `log-chat`: one engine Pod, on the test kubelet's Node, that logged `ready`.
async fn logged(admin: &kube::Client, ns: &str) {
    let kubelet = ome_testenv::kubelet::shared_kubelet().unwrap();
    let labels = [
        ("ome.io/inferenceservice", "log-chat"),
        ("component", "engine"),
    ];
    let pod = "log-chat-engine-0";
    kubelet
        .create_pod(admin, ns, pod, &labels, &["ome-container"])
        .await
        .unwrap();
    kubelet.log(ns, pod, "ome-container").write("ready\n");
}

/// `gpu-chat`, whose engine reports the AcceleratorClass it selected.
async fn accelerated(admin: &kube::Client, ns: &str) {
    ChatFixture::new()
        .name("gpu-chat")
        .create(admin, ns)
        .await
        .unwrap();
    Controller::new(admin.clone())
        .patch_isvc_status(
            ns,
            "gpu-chat",
            json!({"status": {"components": {"engine": {"selectedAccelerator": "a100"}}}}),
        )
        .await
        .unwrap();
}

/// `pinned-chat`, pinned (autoSync off) to a runtime ControllerRevision OME reported, written
/// as OME writes one (`ome_testenv::revisions`). The pin of the shared ClusterServingRuntime has
/// one name for every variant: the first creates it.
async fn pin(admin: &kube::Client, ns: &str) {
    ChatFixture::new()
        .name("pinned-chat")
        .create(admin, ns)
        .await
        .unwrap();
    cluster().ensure_namespace(OME_NAMESPACE).await.unwrap();
    let runtimes: Api<DynamicObject> =
        Api::all_with(admin.clone(), &cluster_serving_runtime_resource());
    let runtime = serde_json::to_value(runtimes.get(CHAT_RUNTIME).await.unwrap()).unwrap();
    let source = RevisionSource::cluster(CHAT_RUNTIME, runtime["spec"].clone());
    let name = source.name().unwrap();
    let revisions: Api<ControllerRevision> = Api::namespaced(admin.clone(), OME_NAMESPACE);
    if revisions.get_opt(&name).await.unwrap().is_none() {
        let created = create_revision(admin, OME_NAMESPACE, source.body(|_| {}).unwrap()).await;
        // Another variant may have created it meanwhile.
        if let Err(e) = created {
            assert!(revisions.get_opt(&name).await.unwrap().is_some(), "{e:#}");
        }
    }
    let ctl = Controller::new(admin.clone());
    ctl.patch_isvc(
        ns,
        "pinned-chat",
        json!({"spec": {"runtime": {"autoSync": false}}}),
    )
    .await
    .unwrap();
    ctl.observe_isvc(ns, "pinned-chat").await.unwrap();
    ctl.patch_isvc_status(
        ns,
        "pinned-chat",
        json!({"status": {"pinnedRevisionName": name}}),
    )
    .await
    .unwrap();
}

/// Checks one run against an expectation; the problem, if any.
fn judge(run: &ShellRun, expect: &Expect, ns: &str, user: &str) -> Option<String> {
    let fill = |s: &str| s.replace("$NS", ns).replace("$USER", user);
    // Column widths follow the longest field of a table: compare the words of a line.
    let words = |l: &str| l.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    let has_line = |line: &str| {
        let want = words(&fill(line));
        run.stdout.lines().any(|l| words(l) == want)
    };
    let ok = run.code == expect.exit
        && match expect.shows {
            Shows::Error(message) => {
                let last = run.stderr.strip_suffix('\n').and_then(|s| s.lines().last());
                run.stdout.is_empty() && last == Some(format!("error: {}", fill(message)).as_str())
            }
            Shows::Line(line) => has_line(line),
            // kubectl's `__complete` writes its own debug lines to stderr.
            Shows::NoLine(line, _) => !has_line(line),
        };
    (!ok).then(|| format!("expected {}; got {run:#?}", shown(expect)))
}

/// One fresh user with `role` minus `removed`, and the rows to run as that user.
struct Variant {
    role: Role,
    removed: Option<Atom>,
}

impl Variant {
    fn rows(&self) -> Vec<&'static Row> {
        ROWS.iter()
            .filter(|r| r.roles.contains(&self.role))
            .filter(|r| match &self.removed {
                Some(atom) => r.rule == atom.id(),
                None => true,
            })
            .collect()
    }

    /// The Role's files as grants, without the removed rule, under names unique to `ns`.
    fn grants(&self, ns: &str) -> Vec<Grant> {
        let mut grants = Vec::new();
        // The rollout operator's Role goes on top of the scaler's files (their reads).
        let base =
            |r: Role| r == self.role || (self.role == Role::RolloutOperator && r == Role::Scaler);
        for (role, file, scope) in FILES.iter().filter(|(r, _, _)| base(*r)) {
            let (kind, rules) = load(file);
            let all = atoms(&rules, *scope);
            let kept: Vec<&Atom> = all
                .iter()
                .filter(|a| Some(*a) != self.removed.as_ref())
                .collect();
            if kept.is_empty() {
                continue;
            }
            let role_name = format!("ome-{}", role.as_str());
            let (name, namespace) = match scope {
                Scope::Service => (role_name, Some(ns.to_string())),
                Scope::Ome => (format!("{role_name}-{ns}"), Some(OME_NAMESPACE.to_string())),
                Scope::Cluster => (format!("{role_name}-{ns}"), None),
            };
            grants.push(Grant {
                kind,
                name,
                namespace,
                rules: rules_of(&kept),
            });
        }
        grants
    }

    /// A namespace and a fresh user in it with this variant's grants, once the authorizer
    /// applies them.
    async fn user(&self) -> (String, FreshUser) {
        let c = cluster();
        let admin = c.admin().await.unwrap();
        let ns = c
            .namespace(&format!("rbac-{}", self.role.as_str()))
            .await
            .unwrap();
        let grants = self.grants(&ns);
        if grants
            .iter()
            .any(|g| g.namespace.as_deref() == Some(OME_NAMESPACE))
        {
            c.ensure_namespace(OME_NAMESPACE).await.unwrap();
        }
        let user = c.fresh_user(&ns, "ome-user").await.unwrap();
        apply_rbac(&admin, &user, &grants).await.unwrap();
        let granted: Vec<Access> = role_atoms(self.role)
            .iter()
            .filter(|a| Some(*a) != self.removed.as_ref())
            .map(|a| a.access(&ns, OME_NAMESPACE))
            .collect();
        let denied: Vec<Access> = self
            .removed
            .iter()
            .map(|a| a.access(&ns, OME_NAMESPACE))
            .collect();
        wait_for_access(&admin, &user.username(), &granted, &denied)
            .await
            .unwrap();
        (ns, user)
    }

    /// Runs the variant; the problems found.
    async fn run(&self, sandbox: &Sandbox) -> Vec<String> {
        let (ns, user) = self.user().await;
        let rows = self.rows();
        create_services(&ns, &rows.iter().map(|r| r.service).collect()).await;
        let mut problems = Vec::new();
        for row in rows {
            let run = sandbox
                .run(row.command, &user.kubeconfig, &[("NS", ns.as_str())], false)
                .await;
            let expect = if self.removed.is_some() {
                &row.without
            } else {
                &row.with
            };
            if let Some(problem) = judge(&run, expect, &ns, &user.username()) {
                let removed = self.removed.as_ref().map(Atom::id);
                problems.push(format!(
                    "{:?} without {removed:?}: {}: {problem}",
                    self.role, row.command
                ));
            }
        }
        problems
    }
}

/// The whole Role, then the Role without each of its rules in turn, four at a time.
async fn least_privilege(role: Role) {
    let sandbox = Sandbox::new();
    let mut variants = vec![Variant {
        role,
        removed: None,
    }];
    variants.extend(role_atoms(role).into_iter().map(|atom| Variant {
        role,
        removed: Some(atom),
    }));
    let problems: Vec<String> = futures::stream::iter(variants.iter())
        .map(|v| v.run(&sandbox))
        .buffer_unordered(4)
        .flat_map(futures::stream::iter)
        .collect()
        .await;
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

#[tokio::test]
async fn the_reader_role_is_the_least_that_works() {
    least_privilege(Role::Reader).await;
}

#[tokio::test]
async fn the_scaler_role_is_the_least_that_works() {
    least_privilege(Role::Scaler).await;
}

#[tokio::test]
async fn the_rollout_operator_role_is_the_least_that_works() {
    least_privilege(Role::RolloutOperator).await;
}

/// The reader Role cannot scale: it reads every piece of evidence (runtime effective needs the
/// runtime and the model too), so the request reaches the PATCH, which the server forbids (the
/// guide's message for a 403, with exit 1: nothing was stored) and the `write` check names it.
#[tokio::test]
async fn the_reader_role_cannot_scale() {
    let sandbox = Sandbox::new();
    let variant = Variant {
        role: Role::Reader,
        removed: None,
    };
    let (ns, user) = variant.user().await;
    create_services(&ns, &BTreeSet::from([Service::Chat])).await;
    let run = sandbox
        .run(SCALE, &user.kubeconfig, &[("NS", ns.as_str())], false)
        .await;
    let forbidden = error(
        1,
        "scale request outcome unknown; inspect kubectl ome autoscale status before preparing another request",
    );
    assert_eq!(judge(&run, &forbidden, &ns, &user.username()), None);
    let write = format!(
        "scale check: write object=InferenceReplica/{ns}/chat-engine/scale cause=Forbidden\n"
    );
    assert!(run.stderr.contains(&write), "{}", run.stderr);
}
