//! Shared helpers of the `scale` integration tests: fixtures in a fresh namespace, the plugin's
//! arguments, the expected preview and result texts, and the server-side facts (stored
//! replicas, resourceVersion, writes in the audit log).

pub use crate::support::cluster;
use crate::support::{Run, plugin_async};
use ome_testenv::objects::{generation, resource_version, uid};
use ome_testenv::{AuditEvent, ChatFixture, Controller};
use serde_json::Value;

pub const OWNERSHIP: &str =
    "manual scale is transient and requires --override-autoscaler --yes for every ownership class";
pub const WORK: &str =
    "manual scale refused: selected lifecycle, migration or rollout work is active";
pub const BOUNDS: &str =
    "manual scale replicas must be positive and within verified bounds and partitions";
pub const STALE: &str = "action refused: controller safety evidence is stale or inconsistent";
pub const PENDING: &str = "action refused: a rollout promote or rollback mailbox is present";
pub const RUNTIME: &str = "action refused: active runtime is unavailable, inconsistent or unbound";
pub const SOURCE: &str = "manual scale source evidence is unavailable or inconsistent";
pub const POLICY: &str = "manual scale requires locally verifiable autoscaling; winning policy resolution is unavailable";
pub const CHANGED: &str =
    "manual scale source changed; inspect current status and prepare a new request";
pub const EVIDENCE: &str =
    "manual scale requires complete current selected replica and Scale evidence";
pub const PRECONDITION: &str =
    "guarded scale precondition rejected; inspect current status and prepare a new request";
pub const UNKNOWN: &str = "scale request outcome unknown; inspect kubectl ome autoscale status before preparing another request";
pub const API: &str = "required Kubernetes API request failed; check access and connectivity";
pub const ARGUMENTS: &str = "invalid scale arguments; require one service, component engine|decoder|router, positive base-10 --replicas, supported output/dry-run and valid namespace/context/timeout";

/// A namespace holding `fixture`, with an admin stand-in.
pub struct Env {
    pub ns: String,
    pub admin: kube::Client,
    pub ctl: Controller,
}

impl Env {
    pub async fn new(prefix: &str, fixture: ChatFixture) -> Env {
        let c = cluster();
        let ns = c.namespace(prefix).await.expect("namespace");
        let admin = c.admin().await.expect("admin client");
        fixture.create(&admin, &ns).await.expect("fixture");
        Env {
            ctl: Controller::new(admin.clone()),
            ns,
            admin,
        }
    }

    pub async fn ir(&self, name: &str) -> Value {
        self.ctl.ir(&self.ns, name).await.expect("read IR")
    }

    pub async fn isvc(&self) -> Value {
        self.ctl.isvc(&self.ns, "chat").await.expect("read ISVC")
    }

    /// (spec.replicas, resourceVersion) of an IR as stored.
    pub async fn stored(&self, name: &str) -> (i64, String) {
        let ir = self.ir(name).await;
        (
            ir["spec"]["replicas"].as_i64().unwrap_or(-1),
            resource_version(&ir).to_string(),
        )
    }

    /// Every write in the namespace by a user other than the harness's admin.
    pub async fn writes(&self) -> Vec<AuditEvent> {
        let audit = cluster().audit();
        audit.sync().await.expect("audit sync");
        audit.writes_in(&self.ns).expect("audit writes")
    }
}

/// `scale chat -n NS --component C --replicas N` plus `extra`.
pub fn args<'a>(
    ns: &'a str,
    component: &'a str,
    replicas: &'a str,
    extra: &[&'a str],
) -> Vec<&'a str> {
    let mut args = vec![
        "scale",
        "chat",
        "-n",
        ns,
        "--component",
        component,
        "--replicas",
        replicas,
    ];
    args.extend_from_slice(extra);
    args
}

pub const CONFIRMED: [&str; 2] = ["--override-autoscaler", "--yes"];

/// A refusal: the `scale check:` lines of the failed check (if any), then one `error:` line,
/// nothing on stdout, exit 1.
pub fn assert_refused(run: &Run, message: &str) {
    assert_error(run, message, 1);
}

/// An error with another exit code (and its check lines, if any).
pub fn assert_error(run: &Run, message: &str, code: i32) {
    let checks = check_lines(&run.stderr, message);
    assert!(checks.is_some(), "{run:?}");
    assert_eq!(run.stdout, "", "{run:?}");
    assert_eq!(run.code, code, "{run:?}");
}

/// A failure after the preview: stderr is the preview, then the refusal's check lines (if
/// any) and exactly `error: <message>`; stdout is empty.
pub fn assert_after_preview(run: &Run, message: &str, code: i32) {
    assert_eq!((run.code, run.stdout.as_str()), (code, ""), "{run:?}");
    assert!(
        run.stderr
            .starts_with("ALPHA guarded scale preview (not controller convergence)\n"),
        "{run:?}"
    );
    let checks = check_lines(&run.stderr, message).unwrap_or_else(|| panic!("{run:?}"));
    let tail: String = checks.iter().map(|l| format!("{l}\n")).collect();
    assert!(
        run.stderr.ends_with(&format!(
            "multi-object transaction.\n{tail}error: {message}\n"
        )),
        "{run:?}"
    );
}

/// The `scale check:`/`next:` lines that end `stderr` before its final `error: <message>`
/// line (at most 6, none shortened: difference ae); `None` when `stderr` does not end that way.
pub fn check_lines(stderr: &str, message: &str) -> Option<Vec<String>> {
    let body = stderr.strip_suffix(&format!("error: {message}\n"))?;
    let lines: Vec<String> = body.lines().map(str::to_string).collect();
    let checks: Vec<String> = lines
        .iter()
        .rev()
        .take_while(|l| l.starts_with("scale check: ") || l.starts_with("next: "))
        .cloned()
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let preview = lines.len() > checks.len();
    // No line is shortened around `...` (a validated name never holds two dots in a row).
    let bounded = checks.len() <= 6 && checks.iter().all(|l| !l.contains("..."));
    // Before the preview (a refusal of the checks), stderr is only the check lines.
    let only_checks = !preview || body.starts_with("ALPHA guarded scale preview");
    (bounded && only_checks).then_some(checks)
}

/// What the preview and result show about one scale.
pub struct Expect<'a> {
    pub context: &'a str,
    pub ns: &'a str,
    pub isvc: &'a Value,
    pub ir: &'a Value,
    pub component: &'a str,
    pub prior: i64,
    pub requested: i64,
    pub bounds: &'a str,
    pub ownership: &'a str,
    pub source: &'a str,
    pub owner_warning: &'a str,
    pub dry_run: &'a str,
    pub instances: &'a str,
}

fn pad(label: &str, width: usize) -> String {
    format!("{label:<width$}")
}

impl Expect<'_> {
    pub fn preview(&self) -> String {
        let ir_name = self.ir["metadata"]["name"].as_str().unwrap_or_default();
        let stamp = self.ir["metadata"]["annotations"]["ome.io/parent-generation"]
            .as_str()
            .unwrap_or_default();
        let rows = [
            ("context", self.context.to_string()),
            ("workload namespace", self.ns.to_string()),
            ("OME namespace", "ome".to_string()),
            ("parent", "chat".to_string()),
            ("parent UID", uid(self.isvc).to_string()),
            ("parent generation", generation(self.isvc).to_string()),
            ("IR", ir_name.to_string()),
            ("IR UID", uid(self.ir).to_string()),
            ("IR RV", resource_version(self.ir).to_string()),
            ("IR generation", generation(self.ir).to_string()),
            ("parent stamp", stamp.to_string()),
            ("component", self.component.to_string()),
            (
                "/scale spec.replicas",
                format!("{} -> {}", self.prior, self.requested),
            ),
            ("bounds", self.bounds.to_string()),
            ("verified ownership", self.ownership.to_string()),
            ("verified source", self.source.to_string()),
            ("override / transient", "true / true".to_string()),
            ("dry-run", self.dry_run.to_string()),
            ("reported Instances", self.instances.to_string()),
            (
                "lifecycle / canary",
                "No observed selected active work".to_string(),
            ),
            ("parent freshness", "Unverifiable (advisory)".to_string()),
            ("IR proofs revalidated", "1".to_string()),
        ];
        let mut out = String::from("ALPHA guarded scale preview (not controller convergence)\n");
        out.push_str(&format!("{}VALUE\n", pad("FIELD", 24)));
        for (label, value) in rows {
            out.push_str(&format!("{}{value}\n", pad(label, 24)));
        }
        out.push_str(
            "This is a transient /scale request, not a change to parent replica intent.\n",
        );
        out.push_str(self.owner_warning);
        out.push_str(
            "Scale-down may drain/delete logical Instances; pause does not freeze teardown.\n",
        );
        out.push_str("IR UID/resourceVersion CAS is not a multi-object transaction.\n");
        out
    }

    /// The non-wide result table.
    pub fn table(&self, accepted: bool, applied: bool) -> String {
        let yes = |b: bool| if b { "Yes" } else { "No" };
        let ir_name = self.ir["metadata"]["name"].as_str().unwrap_or_default();
        let message = match self.dry_run {
            "client" => "Validated locally; no scale patch sent.",
            "server" => "API dry-run accepted; no changes persisted.",
            _ => "API accepted transient scale request; convergence not...",
        };
        let follow_up = format!(
            "kubectl ome autoscale status chat -n {} --context={}",
            self.ns, self.context
        );
        // A command to run is never shortened (difference z).
        let mut rows = vec![
            ("action", "scale".to_string()),
            ("target", format!("InferenceReplica/{}/{ir_name}", self.ns)),
            ("component", self.component.to_string()),
            ("field", "/scale spec.replicas".to_string()),
            ("replicas", format!("{} -> {}", self.prior, self.requested)),
            ("bounds", self.bounds.to_string()),
            ("class / owner", self.ownership.to_string()),
            ("source", self.source.to_string()),
            ("override", "Yes".to_string()),
            ("transient", "Yes".to_string()),
            ("dry-run", self.dry_run.to_string()),
            ("accepted", yes(accepted).to_string()),
            ("applied", yes(applied).to_string()),
        ];
        if self.dry_run == "client" {
            rows.push((
                "permission",
                "not checked (--dry-run server checks it)".to_string(),
            ));
        }
        rows.extend([
            ("instances", self.instances.to_string()),
            ("parent freshness", "Unverifiable".to_string()),
            ("message", message.to_string()),
            ("follow-up", follow_up),
            (
                "hint",
                "Use -o json or -o yaml for full values.".to_string(),
            ),
        ]);
        let mut out = format!("{}VALUE\n", pad("FIELD", 19));
        for (label, value) in rows {
            out.push_str(&format!("{}{value}\n", pad(label, 19)));
        }
        out
    }
}

pub const EXTERNAL_WARNING: &str =
    "The operator-owned scaler is not observed and can overwrite the request\nimmediately.\n";

/// A fixture with the guide's defaults.
pub fn chat() -> ChatFixture {
    ChatFixture::new()
}

/// One `FIELD VALUE` line of the non-wide result table.
pub fn row(label: &str, value: &str) -> String {
    format!("\n{}{value}\n", pad(label, 19))
}

/// Runs `scale chat` as `scaler` and asserts the exact refusal, that nothing was written and
/// that the IR is unchanged on the server.
pub async fn assert_refusal(
    env: &Env,
    component: &str,
    replicas: &str,
    extra: &[&str],
    message: &str,
) {
    let ir_name = format!("chat-{component}");
    let before = env.stored(&ir_name).await;
    let kubeconfig = cluster().kubeconfig("scaler").expect("kubeconfig");
    let run = plugin_async(
        Some(&kubeconfig),
        &args(&env.ns, component, replicas, extra),
    )
    .await;
    assert_refused(&run, message);
    assert_eq!(env.stored(&ir_name).await, before);
    let writes = env.writes().await;
    assert!(writes.is_empty(), "{writes:#?}");
}

/// One `FIELD VALUE` line of the wide result table.
pub fn wide_row(label: &str, value: &str) -> String {
    format!("\n{}{value}\n", pad(label, 20))
}

/// A result cell as shown: at most 56 columns, clipped with `...`.
pub fn clip(value: &str) -> String {
    if value.chars().count() <= 56 {
        value.to_string()
    } else {
        format!("{}...", value.chars().take(53).collect::<String>())
    }
}
