//! The evidence line of a `scale` refusal (diagnose.md §5.1, README difference i): before the
//! unchanged `error:` line, at most 6 stderr lines `scale check: <check-id> key=value …` name
//! the failed check and its evidence.
//!
//! Keys are fixed words; values are typed, so only safe values can be printed: enums and
//! counts from our own code, and names, resourceVersions and times read from the cluster,
//! which print only when they pass SafeScalar (else `<unsafe>`). Server text and raw input
//! never get here. Each line holds its whole evidence, however long (README difference ae):
//! a script reads `cause=` on the line that names the object.

use crate::ome::names::is_safe_scalar;

/// The most lines a refusal writes before its `error:` line (the `next:` line included).
pub(crate) const MAX_LINES: usize = 6;
const PREFIX: &str = "scale check: ";
const UNSAFE: &str = "<unsafe>";

/// A value on a check line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum CheckValue {
    /// A word of our own vocabulary (an enum value, a field path, a label key we know).
    Word(&'static str),
    /// A count or generation.
    Int(i64),
    Bool(bool),
    /// A name or resourceVersion read from the cluster: shown only when it passes SafeScalar.
    Name(String),
    /// A time read from the cluster: shown (re-formatted, UTC) only when it parses as RFC 3339.
    Time(String),
    /// Words of our own vocabulary joined by commas (`native=engine,decoder`).
    Words(Vec<&'static str>),
    /// An object `<Kind>/<namespace>/<name><suffix>`: shown when the namespace and the name
    /// each pass SafeScalar (the whole path may be longer than one scalar).
    Object {
        kind: &'static str,
        namespace: String,
        name: String,
        suffix: &'static str,
    },
}

impl CheckValue {
    fn render(&self) -> String {
        match self {
            CheckValue::Word(word) => (*word).to_string(),
            CheckValue::Int(n) => n.to_string(),
            CheckValue::Bool(b) => b.to_string(),
            CheckValue::Name(name) if is_safe_scalar(name) => name.clone(),
            CheckValue::Name(_) => UNSAFE.to_string(),
            CheckValue::Words(words) => words.join(","),
            CheckValue::Object {
                kind,
                namespace,
                name,
                suffix,
            } if [namespace, name]
                .iter()
                .all(|part| part.is_empty() || is_safe_scalar(part)) =>
            {
                // A list names its namespace alone (or, cluster-wide, neither).
                let mut path = (*kind).to_string();
                for part in [namespace, name].into_iter().filter(|p| !p.is_empty()) {
                    path.push('/');
                    path.push_str(part);
                }
                path.push_str(suffix);
                path
            }
            CheckValue::Object { .. } => UNSAFE.to_string(),
            CheckValue::Time(text) => match text.parse::<jiff::Timestamp>() {
                Ok(time) => time.to_string(),
                Err(_) => UNSAFE.to_string(),
            },
        }
    }
}

/// `key=value` (a `Word` value may itself be `Cause=<value>`-shaped, as the contract writes
/// `cause=RolloutPhase=<p>`: see [`Evidence::cause_with`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Field {
    pub(crate) key: &'static str,
    pub(crate) value: CheckValue,
}

/// One line of evidence.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Evidence(pub Vec<Field>);

impl Evidence {
    pub(crate) fn new() -> Evidence {
        Evidence(Vec::new())
    }

    pub(crate) fn word(mut self, key: &'static str, value: &'static str) -> Evidence {
        self.0.push(Field {
            key,
            value: CheckValue::Word(value),
        });
        self
    }

    pub(crate) fn words(mut self, key: &'static str, value: Vec<&'static str>) -> Evidence {
        self.0.push(Field {
            key,
            value: CheckValue::Words(value),
        });
        self
    }

    pub(crate) fn int(mut self, key: &'static str, value: i64) -> Evidence {
        self.0.push(Field {
            key,
            value: CheckValue::Int(value),
        });
        self
    }

    pub(crate) fn bool(mut self, key: &'static str, value: bool) -> Evidence {
        self.0.push(Field {
            key,
            value: CheckValue::Bool(value),
        });
        self
    }

    pub(crate) fn name(mut self, key: &'static str, value: impl Into<String>) -> Evidence {
        self.0.push(Field {
            key,
            value: CheckValue::Name(value.into()),
        });
        self
    }

    /// `object=<Kind>/<namespace>/<name><suffix>`.
    pub(crate) fn object(mut self, object: CheckValue) -> Evidence {
        self.0.push(Field {
            key: "object",
            value: object,
        });
        self
    }

    pub(crate) fn time(mut self, key: &'static str, value: impl Into<String>) -> Evidence {
        self.0.push(Field {
            key,
            value: CheckValue::Time(value.into()),
        });
        self
    }

    /// `cause=<Word>=<value>`, the contract's form for a cause that carries one value
    /// (`cause=RolloutPhase=Canarying`, `cause=http=403`).
    pub(crate) fn cause_with(mut self, cause: &'static str, value: CheckValue) -> Evidence {
        self.0.push(Field {
            key: "cause",
            value: CheckValue::Word(cause),
        });
        self.0.push(Field { key: "", value });
        self
    }

    fn tokens(&self) -> Vec<String> {
        let mut tokens: Vec<String> = Vec::new();
        for field in &self.0 {
            let value = field.value.render();
            match (field.key, tokens.last_mut()) {
                // The value of the preceding `cause=<Word>`.
                ("", Some(last)) => {
                    last.push('=');
                    last.push_str(&value);
                }
                ("", None) => tokens.push(value),
                (key, _) => tokens.push(format!("{key}={value}")),
            }
        }
        tokens
    }
}

/// The checks of the §5.1 table (plus the lifecycle and partition forms of `bounds`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CheckId {
    Arguments,
    TargetIdentity,
    TargetDeleting,
    InspectionBounds,
    PlacementOwnership,
    NativeRuntime,
    ManualScaleSource,
    AutoscalingResolution,
    SourceRevalidation,
    ReplicaBinding,
    ActiveWork,
    ControllerFreshness,
    Ownership,
    Bounds,
    Partition,
    Lifecycle,
    RolloutMailbox,
    PreviewSafety,
    /// `rollout pause`/`resume`: the pause annotation (unblock.md §1.4, §2.3).
    PauseState,
    /// `rollout pause`: no work to hold (unblock.md §1.4 row 9).
    IdleWork,
    /// `--yes` missing (difference u; `scale` requires it among its arguments).
    Confirmation,
    /// `--current-replicas` (difference t).
    CurrentReplicas,
    PatchGuard,
    Patch,
    /// A required read failed (see `read_check`).
    Read,
    /// The server refused a guarded write before storing anything (see `read_check`).
    Write,
    /// `instance release-held` (unblock.md §3.4, §3.7).
    HeldReplica,
    HeldMembership,
    HeldMailbox,
    HeldBlock,
    HeldSelection,
    HeldRefresh,
    /// The kubeconfig lacks the selected context, cluster or user (difference y).
    Kubeconfig,
    /// Automatic runtime selection (runtime-selection.md §5.5).
    RuntimeSelection,
    /// The service's `RuntimeReady` condition (runtime-selection.md §5.3).
    RuntimeReady,
    /// An IR's `serving-runtime` label against the selected runtime (§5.3).
    RuntimeLabel,
}

impl CheckId {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            CheckId::Arguments => "arguments",
            CheckId::TargetIdentity => "target-identity",
            CheckId::TargetDeleting => "target-deleting",
            CheckId::InspectionBounds => "inspection-bounds",
            CheckId::PlacementOwnership => "placement-ownership",
            CheckId::NativeRuntime => "native-runtime",
            CheckId::ManualScaleSource => "manual-scale-source",
            CheckId::AutoscalingResolution => "autoscaling-resolution",
            CheckId::SourceRevalidation => "source-revalidation",
            CheckId::ReplicaBinding => "replica-binding",
            CheckId::ActiveWork => "active-work",
            CheckId::ControllerFreshness => "controller-freshness",
            CheckId::Ownership => "ownership",
            CheckId::Bounds => "bounds",
            CheckId::Partition => "partition",
            CheckId::Lifecycle => "lifecycle",
            CheckId::RolloutMailbox => "rollout-mailbox",
            CheckId::PreviewSafety => "preview-safety",
            CheckId::PauseState => "pause-state",
            CheckId::IdleWork => "idle-work",
            CheckId::Confirmation => "confirmation",
            CheckId::CurrentReplicas => "current-replicas",
            CheckId::PatchGuard => "patch-guard",
            CheckId::Patch => "patch",
            CheckId::Read => "read",
            CheckId::Write => "write",
            CheckId::HeldReplica => "held-replica",
            CheckId::HeldMembership => "held-membership",
            CheckId::HeldMailbox => "held-mailbox",
            CheckId::HeldBlock => "held-block",
            CheckId::HeldSelection => "held-selection",
            CheckId::HeldRefresh => "held-refresh",
            CheckId::Kubeconfig => "kubeconfig",
            CheckId::RuntimeSelection => "runtime-selection",
            CheckId::RuntimeReady => "runtime-ready",
            CheckId::RuntimeLabel => "runtime-label",
        }
    }
}

/// The command a user runs next to see the evidence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Next {
    /// `kubectl ome instance status <svc> <i> --component <c>`
    Instance {
        service: String,
        index: i64,
        component: &'static str,
    },
    /// `kubectl ome autoscale status <svc> --live-scale`
    Autoscale { service: String },
    /// `kubectl ome rollout status <svc>`
    Rollout { service: String },
    /// `kubectl ome rollout explain <svc>`: why a rollout holds (rollout-explain.md §4)
    RolloutExplain { service: String },
    /// `kubectl ome instance retry-blocks <svc> --component <c>`
    RetryBlocks {
        service: String,
        component: &'static str,
    },
    /// `kubectl ome admin doctor --access`
    Access,
    /// `kubectl get inferenceservices.ome.io`
    Services,
    /// `kubectl ome runtime explain --isvc <svc>`
    RuntimeExplain { service: String },
}

impl Next {
    /// The line, or nothing when the service name is not safe to print. It ends with `scope`
    /// (the namespace the command ran in, and the context given), so that it shows the same
    /// service from any context (difference s).
    pub(crate) fn line(&self, scope: &str) -> Option<String> {
        let (service, command) = match self {
            Next::Instance {
                service,
                index,
                component,
            } => (
                Some(service),
                format!("kubectl ome instance status {service} {index} --component {component}"),
            ),
            Next::Autoscale { service } => (
                Some(service),
                format!("kubectl ome autoscale status {service} --live-scale"),
            ),
            Next::Rollout { service } => (
                Some(service),
                format!("kubectl ome rollout status {service}"),
            ),
            Next::RolloutExplain { service } => (
                Some(service),
                format!("kubectl ome rollout explain {service}"),
            ),
            Next::RetryBlocks { service, component } => (
                Some(service),
                format!("kubectl ome instance retry-blocks {service} --component {component}"),
            ),
            Next::Access => (None, "kubectl ome admin doctor --access".to_string()),
            Next::Services => (None, "kubectl get inferenceservices.ome.io".to_string()),
            Next::RuntimeExplain { service } => (
                Some(service),
                format!("kubectl ome runtime explain --isvc {service}"),
            ),
        };
        if service.is_some_and(|s| !is_safe_scalar(s)) {
            return None;
        }
        Some(format!("next: {command}{scope}"))
    }
}

/// ` -n <namespace>`, then ` --context <name>` when the user gave one: the end of a `next:`
/// command (difference s). A value that is not a safe scalar is left out.
pub(crate) fn next_scope(namespace: &str, context: Option<&str>) -> String {
    let mut scope = String::new();
    if is_safe_scalar(namespace) {
        scope.push_str(&format!(" -n {namespace}"));
    }
    if let Some(context) = context.filter(|c| is_safe_scalar(c)) {
        scope.push_str(&format!(" --context {context}"));
    }
    scope
}

/// A failed check and its evidence: the first line names it; more evidence (for example
/// further busy Instances) follows on lines of the same check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ScaleCheck {
    pub(crate) id: CheckId,
    pub(crate) evidence: Vec<Evidence>,
    /// Lines of further checks that explain this one (a selection refusal names the
    /// selection's own evidence), each after this check's lines.
    pub(crate) followers: Vec<(CheckId, Evidence)>,
    /// (Boxed, as the followers: it keeps every refusal small.)
    pub(crate) next: Option<Box<Next>>,
    /// The end of the `next:` command: [`next_scope`].
    pub(crate) scope: String,
}

impl ScaleCheck {
    pub(crate) fn new(id: CheckId, evidence: Evidence) -> ScaleCheck {
        ScaleCheck {
            id,
            evidence: vec![evidence],
            followers: Vec::new(),
            next: None,
            scope: String::new(),
        }
    }

    pub(crate) fn with_next(mut self, next: Next) -> ScaleCheck {
        self.next = Some(Box::new(next));
        self
    }

    /// A line of check `id` after this check's own lines.
    pub(crate) fn followed_by(mut self, id: CheckId, evidence: Evidence) -> ScaleCheck {
        self.followers.push((id, evidence));
        self
    }

    /// The stderr lines (without newlines): at most [`MAX_LINES`], one whole line per piece of
    /// evidence, values never shortened (difference ae), and the `next:` command last.
    pub(crate) fn lines(&self) -> Vec<String> {
        self.lines_as(PREFIX)
    }

    /// [`ScaleCheck::lines`] with another command's prefix (`pause check: `, …).
    pub(crate) fn lines_as(&self, prefix: &str) -> Vec<String> {
        let next = self.next.as_ref().and_then(|n| n.line(&self.scope));
        let budget = MAX_LINES - usize::from(next.is_some());
        let head = format!("{prefix}{}", self.id.as_str());
        let mut lines = Vec::new();
        let followers = self
            .followers
            .iter()
            .map(|(id, evidence)| (format!("{prefix}{}", id.as_str()), evidence));
        let own = self
            .evidence
            .iter()
            .map(|evidence| (head.clone(), evidence));
        for (head, evidence) in own.chain(followers).take(budget) {
            lines.push(line(&head, &evidence.tokens()));
        }
        lines.extend(next);
        lines
    }
}

/// `head token token …`: one whole line (difference ae: a check line is never wrapped or
/// shortened, so a script reads `cause=` on the line that names the object).
fn line(head: &str, tokens: &[String]) -> String {
    let mut line = head.to_string();
    for token in tokens {
        line.push(' ');
        line.push_str(token);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_names_the_check_and_its_evidence() {
        let check = ScaleCheck::new(
            CheckId::Bounds,
            Evidence::new()
                .int("requested", 5)
                .int("min", 2)
                .int("max", 4),
        );
        assert_eq!(
            check.lines(),
            ["scale check: bounds requested=5 min=2 max=4"]
        );
    }

    #[test]
    fn cluster_names_print_only_when_safe() {
        let check = ScaleCheck::new(
            CheckId::ReplicaBinding,
            Evidence::new()
                .name("ir", "chat-engine")
                .word("cause", "ScaleTargetRef")
                .name("expected", "chat-engine")
                .name("reported", "x\u{1b}]0;pwned\u{7}"),
        );
        assert_eq!(
            check.lines(),
            [
                "scale check: replica-binding ir=chat-engine cause=ScaleTargetRef expected=chat-engine reported=<unsafe>"
            ]
        );
        let token = ScaleCheck::new(
            CheckId::Arguments,
            Evidence::new().name("x", "sk-abcdefghijklmnopqrstuvwxyz"),
        );
        assert_eq!(token.lines(), ["scale check: arguments x=<unsafe>"]);
    }

    #[test]
    fn causes_with_values_and_times() {
        let check = ScaleCheck::new(
            CheckId::ActiveWork,
            Evidence::new()
                .name("ir", "chat-engine")
                .cause_with("RolloutPhase", CheckValue::Name("Canarying".into())),
        );
        assert_eq!(
            check.lines(),
            ["scale check: active-work ir=chat-engine cause=RolloutPhase=Canarying"]
        );
        let deleting = ScaleCheck::new(
            CheckId::TargetDeleting,
            Evidence::new().time("deletionTimestamp", "2026-09-20T08:00:00+00:00"),
        );
        assert_eq!(
            deleting.lines(),
            ["scale check: target-deleting deletionTimestamp=2026-09-20T08:00:00Z"]
        );
        let bad_time = ScaleCheck::new(
            CheckId::TargetDeleting,
            Evidence::new().time("deletionTimestamp", "soon"),
        );
        assert_eq!(
            bad_time.lines(),
            ["scale check: target-deleting deletionTimestamp=<unsafe>"]
        );
    }

    #[test]
    fn at_most_six_whole_lines_then_next() {
        let mut check = ScaleCheck::new(
            CheckId::ActiveWork,
            Evidence::new()
                .name("ir", "chat-engine")
                .word("cause", "Instance")
                .int("index", 0)
                .word("phase", "Creating")
                .word("op", "Create/CreatePods"),
        );
        for index in 1..10 {
            check.evidence.push(
                Evidence::new()
                    .name("ir", "chat-engine")
                    .word("cause", "Instance")
                    .int("index", index)
                    .word("phase", "Creating")
                    .word("op", "-"),
            );
        }
        let check = check.with_next(Next::Instance {
            service: "chat".into(),
            index: 0,
            component: "engine",
        });
        let lines = check.lines();
        assert_eq!(lines.len(), MAX_LINES);
        assert_eq!(
            lines[0],
            "scale check: active-work ir=chat-engine cause=Instance index=0 phase=Creating op=Create/CreatePods"
        );
        assert_eq!(
            lines[4],
            "scale check: active-work ir=chat-engine cause=Instance index=4 phase=Creating op=-"
        );
        assert_eq!(
            lines[5],
            "next: kubectl ome instance status chat 0 --component engine"
        );
    }

    #[test]
    fn the_next_command_names_a_safe_namespace_only() {
        let check = ScaleCheck::new(
            CheckId::ActiveWork,
            Evidence::new().name("ir", "chat-engine"),
        )
        .with_next(Next::Rollout {
            service: "chat".into(),
        });
        let next = |namespace: &str| {
            let mut check = check.clone();
            check.scope = next_scope(namespace, None);
            check.lines().last().cloned()
        };
        assert_eq!(
            next("prod").as_deref(),
            Some("next: kubectl ome rollout status chat -n prod")
        );
        assert_eq!(
            next("a b").as_deref(),
            Some("next: kubectl ome rollout status chat")
        );
        let mut check = check.clone();
        check.scope = next_scope("prod", Some("kind-ome"));
        assert_eq!(
            check.lines().last().map(String::as_str),
            Some("next: kubectl ome rollout status chat -n prod --context kind-ome")
        );
        let explain = Next::RolloutExplain {
            service: "chat".into(),
        };
        assert_eq!(
            explain
                .line(&next_scope("prod", Some("kind-ome")))
                .as_deref(),
            Some("next: kubectl ome rollout explain chat -n prod --context kind-ome")
        );
    }

    #[test]
    fn a_long_value_is_printed_whole_on_the_line_of_its_check() {
        let namespace = format!("{}-ns", "n".repeat(60));
        let name = format!("{}-engine", "a".repeat(200));
        let object = |namespace: &str| CheckValue::Object {
            kind: "InferenceReplica",
            namespace: namespace.to_string(),
            name: name.clone(),
            suffix: "/scale",
        };
        let check = ScaleCheck::new(
            CheckId::Read,
            Evidence::new()
                .object(object(&namespace))
                .word("cause", "Forbidden"),
        );
        assert_eq!(
            check.lines(),
            [format!(
                "scale check: read object=InferenceReplica/{namespace}/{name}/scale cause=Forbidden"
            )]
        );
        let unsafe_namespace =
            ScaleCheck::new(CheckId::Read, Evidence::new().object(object("a b")));
        assert_eq!(
            unsafe_namespace.lines(),
            ["scale check: read object=<unsafe>"]
        );
    }
}
