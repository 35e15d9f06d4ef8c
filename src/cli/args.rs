//! The clap definition of every command. Values that the spec validates with fixed messages are
//! taken as strings here and checked by each command's request parser, so clap never decides
//! an error message on its own.

use super::help::*;
use super::help_sections::*;
use super::runtime::{RUNTIME_EFFECTIVE_EXAMPLES, RUNTIME_EFFECTIVE_LONG_ABOUT, RUNTIME_EXAMPLES};
use super::runtime_explain::{
    EXIT_RUNTIME_EXPLAIN, RUNTIME_EXPLAIN_COLUMNS, RUNTIME_EXPLAIN_EXAMPLES,
    RUNTIME_EXPLAIN_LONG_ABOUT,
};
use crate::errors::{CliError, CommonError, ReadPreamble};
use crate::ome::request::OutputFormat;
use clap::{Args, Parser, Subcommand};
use std::marker::PhantomData;

const ROOT_ABOUT: &str =
    "Inspect OME inference services (status, autoscaling, Instances, rollouts) and guard a scale";

#[derive(Debug, Parser)]
#[command(
    name = "ome",
    bin_name = "kubectl ome",
    about = ROOT_ABOUT,
    version,
    arg_required_else_help = true,
    after_help = after(&[EXIT_ALL, ROOT_EXAMPLES])
)]
pub(crate) struct Cli {
    #[command(flatten)]
    pub(crate) connection: crate::connect::ConnectionFlags,
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Administer and check the OME installation
    #[command(subcommand, arg_required_else_help = true, after_help = after(&[EXIT_ADMIN_GROUP, ADMIN_EXAMPLES]))]
    Admin(AdminCommand),
    /// Inspect autoscaling configuration and evidence
    #[command(subcommand, arg_required_else_help = true, after_help = after(&[EXIT_READ_GROUP, AUTOSCALE_EXAMPLES]))]
    Autoscale(AutoscaleCommand),
    /// Inspect controller-reported logical instances
    #[command(subcommand, arg_required_else_help = true, after_help = after(&[EXIT_INSTANCE_GROUP, INSTANCE_EXAMPLES]))]
    Instance(InstanceCommand),
    /// Inspect OMENative migrations
    #[command(subcommand, arg_required_else_help = true, after_help = after(&[EXIT_READ_GROUP, MIGRATION_EXAMPLES]))]
    Migration(MigrationCommand),
    /// Inspect InferenceService rollouts
    #[command(subcommand, arg_required_else_help = true, after_help = after(&[EXIT_ROLLOUT_GROUP, ROLLOUT_EXAMPLES]))]
    Rollout(RolloutCommand),
    /// Inspect OME runtime selection and configuration
    #[command(subcommand, arg_required_else_help = true, after_help = after(&[EXIT_READ_GROUP, RUNTIME_EXAMPLES]))]
    Runtime(RuntimeCommand),
    /// Guard a transient, positive replica request for an OMENative component (alpha)
    #[command(
        before_help = SCALE_LONG_ABOUT,
        help_template = DESCRIBED,
        override_usage = "kubectl ome scale INFERENCESERVICE --component engine|decoder|router --replicas N --override-autoscaler --yes [--dry-run none|client|server] [flags]",
        after_help = after(&[SCALE_COLUMNS, EXIT_SCALE, SCALE_EXAMPLES])
    )]
    Scale(ScaleArgs),
    /// Show the full readiness story of an InferenceService
    #[command(
        before_help = STATUS_LONG_ABOUT,
        help_template = DESCRIBED,
        override_usage = "kubectl ome status INFERENCESERVICE [-o table|wide|json|yaml] [flags]",
        after_help = after(&[STATUS_COLUMNS, EXIT_READ, STATUS_EXAMPLES])
    )]
    Status(StatusArgs),
    /// Stream logs from the pods behind an InferenceService
    #[command(
        before_help = super::logs::LOGS_LONG_ABOUT,
        help_template = DESCRIBED,
        override_usage = "kubectl ome logs INFERENCESERVICE [-c engine|decoder|router] [--instance N] [--revision R] [-f] [flags]",
        after_help = after(&[EXIT_LOGS, super::logs::LOGS_EXAMPLES])
    )]
    Logs(super::logs::LogsArgs),
    /// Print the client, OME operator and Kubernetes server versions
    #[command(after_help = after(&[EXIT_VERSION, VERSION_EXAMPLES]))]
    Version(VersionArgs),
    /// Wait for reported service, replica, or runtime-sync state
    #[command(
        override_usage = "kubectl ome wait INFERENCESERVICE --for=PREDICATE [--timeout 1m0s] [flags]",
        after_help = after(&[WAIT_COLUMNS, EXIT_WAIT, WAIT_EXAMPLES])
    )]
    Wait(WaitArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell), or install the
    /// completion entry for `kubectl ome <TAB>`
    #[command(after_help = after(&[EXIT_COMPLETION, COMPLETION_EXAMPLES]))]
    Completion(CompletionArgs),
}

const SCALE_LONG_ABOUT: &str = "\
Guard a transient, positive replica request for one OMENative component (alpha).

scale sends one write to the selected InferenceReplica's /scale subresource, guarded by the
InferenceReplica's resourceVersion. It records transient API acceptance, not durable parent
intent and not convergence: the component's autoscaler or OME can set the count again at any
time. Every ownership class, None included, needs --override-autoscaler --yes. OMENative does
not keep zero replicas. A scale-down may drain or delete Instances, and pause does not freeze
teardown. Policies, scalers and other components are never edited.

The whole action has a 45s deadline and each request is capped at 10s. scale refuses while a
rollout run is active. The InferenceReplica and its sources are revalidated best-effort just
before the write, which is not a transaction. Credential plugins may ignore cancellation.";

#[derive(Debug, Args)]
pub(crate) struct ScaleArgs {
    /// The InferenceService
    #[arg(value_name = "INFERENCESERVICE")]
    pub(crate) names: Vec<String>,
    /// The component: engine, decoder or router
    #[arg(long, default_value = "", hide_default_value = true)]
    pub(crate) component: String,
    /// The requested Instance count (positive, base-10)
    #[arg(long)]
    pub(crate) replicas: Option<String>,
    /// Precondition: write only while the current count (the /scale spec.replicas) is this
    #[arg(long, value_name = "N")]
    pub(crate) current_replicas: Option<String>,
    /// Output format: table, wide, json or yaml
    #[arg(short = 'o', long, default_value = "table")]
    pub(crate) output: String,
    /// none; client (nothing is sent); server (checked, not stored)
    #[arg(long, default_value = "none")]
    pub(crate) dry_run: String,
    /// Accept that the count's owner may undo it (required)
    #[arg(long, num_args = 0..=1, require_equals = true, default_missing_value = "true", value_parser = clap::value_parser!(bool), default_value = "false", hide_default_value = true, hide_possible_values = true, value_name = "BOOL")]
    pub(crate) override_autoscaler: bool,
    /// Confirm the request without a prompt
    #[arg(long, num_args = 0..=1, require_equals = true, default_missing_value = "true", value_parser = clap::value_parser!(bool), default_value = "false", hide_default_value = true, hide_possible_values = true, value_name = "BOOL")]
    pub(crate) yes: bool,
    /// Namespace of OME's runtime ControllerRevisions
    #[arg(long, default_value = "ome")]
    pub(crate) ome_namespace: String,
}

#[derive(Debug, Subcommand)]
pub(crate) enum RuntimeCommand {
    /// Show effective runtime evidence for an InferenceService
    #[command(
        before_help = RUNTIME_EFFECTIVE_LONG_ABOUT,
        help_template = DESCRIBED,
        override_usage = "kubectl ome runtime effective INFERENCESERVICE [-o table|wide|json|yaml] [flags]",
        after_help = after(&[RUNTIME_EFFECTIVE_COLUMNS, EXIT_READ, RUNTIME_EFFECTIVE_EXAMPLES])
    )]
    Effective(RuntimeEffectiveArgs),
    /// Explain which serving runtimes match a model and why
    #[command(
        before_help = RUNTIME_EXPLAIN_LONG_ABOUT,
        help_template = DESCRIBED,
        override_usage = "kubectl ome runtime explain (--model NAME | --isvc NAME) [flags]",
        after_help = after(&[RUNTIME_EXPLAIN_COLUMNS, EXIT_RUNTIME_EXPLAIN, RUNTIME_EXPLAIN_EXAMPLES])
    )]
    Explain(RuntimeExplainArgs),
}

/// `runtime explain`: a model or a service, nothing else (runtime-selection.md §7.1).
#[derive(Debug, Args)]
pub(crate) struct RuntimeExplainArgs {
    /// Not accepted: explain takes no positional arguments
    #[arg(hide = true)]
    pub(crate) names: Vec<String>,
    /// A BaseModel in the namespace, else the ClusterBaseModel of that name
    #[arg(long, value_name = "NAME")]
    pub(crate) model: Option<String>,
    /// An InferenceService: its model, accelerator classes and deployment modes
    #[arg(long, value_name = "NAME")]
    pub(crate) isvc: Option<String>,
}

/// `runtime effective`: the service, `-o` with a wide table, and the OME namespace.
pub(crate) type RuntimeEffectiveArgs = RuntimeServiceArgs<WithWide>;

#[derive(Debug, Subcommand)]
pub(crate) enum AutoscaleCommand {
    /// Show controller-reported autoscaling status
    #[command(
        before_help = AUTOSCALE_LONG_ABOUT,
        help_template = DESCRIBED,
        override_usage = "kubectl ome autoscale status INFERENCESERVICE [--live-scale] [--live-scaler] [flags]",
        after_help = after(&[AUTOSCALE_STATUS_COLUMNS, EXIT_READ, AUTOSCALE_STATUS_EXAMPLES])
    )]
    Status(AutoscaleStatusArgs),
    /// Explain effective and reported autoscaling
    #[command(
        before_help = EXPLAIN_LONG_ABOUT,
        help_template = DESCRIBED,
        override_usage = "kubectl ome autoscale explain INFERENCESERVICE [-o table|json|yaml] [flags]",
        after_help = after(&[AUTOSCALE_EXPLAIN_COLUMNS, EXIT_READ, AUTOSCALE_EXPLAIN_EXAMPLES])
    )]
    Explain(AutoscaleExplainArgs),
}

const EXPLAIN_LONG_ABOUT: &str = "\
Explain effective and reported autoscaling.

Resolves, from the InferenceService and its active runtime configuration (the live runtime and
its inherit-from parents, or the pinned ControllerRevision), what each component's
autoscaling should be: class, owner, spec source, bounds, scale-to-zero and scale target. Then
compares it with what the parent reports when its status is current. HPA, KEDA, InferenceReplica
and AutoscalerPolicy objects are never read. A mismatch is a diagnosis and exits 0.";

/// `autoscale explain`: the service, `-o` without a wide table, and the OME namespace.
pub(crate) type AutoscaleExplainArgs = RuntimeServiceArgs<Base>;

const AUTOSCALE_LONG_ABOUT: &str = "\
Show controller-reported autoscaling status for each component of an InferenceService.

By default only the InferenceService is read. --live-scale also reads each component's
InferenceReplica and its /scale; --live-scaler reads the HPA or KEDA ScaledObject that OME
owns for the component.

ISSUES aliases: UnknownComp, NoAutoscaler, NoTarget, BadClass, BadManager, OwnerMismatch,
BadSpecSource, UnexpectedEv, ReplicaAmbig, BadReplica, BadTarget, BadCondition, CondConflict,
BadPolicy, PolicyClash. Unknown codes render as X# followed by a 10-hex-digit digest.";

#[derive(Debug, Args)]
pub(crate) struct AutoscaleStatusArgs {
    #[command(flatten)]
    pub(crate) service: ServiceArgs<WithWide>,
    /// Also read the selected InferenceReplica and its /scale
    #[arg(long)]
    pub(crate) live_scale: bool,
    /// Also read the OME-managed HPA or KEDA ScaledObject
    #[arg(long)]
    pub(crate) live_scaler: bool,
}

#[derive(Debug, Subcommand)]
pub(crate) enum InstanceCommand {
    /// List controller-reported logical instances
    #[command(
        before_help = INSTANCE_LONG_ABOUT,
        help_template = DESCRIBED,
        override_usage = "kubectl ome instance list INFERENCESERVICE [flags]",
        after_help = after(&[INSTANCE_LIST_COLUMNS, EXIT_READ, INSTANCE_LIST_EXAMPLES])
    )]
    List(InstanceListArgs),
    /// Show one logical instance and bounded live evidence
    #[command(
        before_help = INSTANCE_STATUS_LONG_ABOUT,
        help_template = DESCRIBED,
        override_usage = "kubectl ome instance status INFERENCESERVICE INDEX --component engine|decoder|router [flags]",
        after_help = after(&[INSTANCE_STATUS_COLUMNS, EXIT_READ, INSTANCE_STATUS_EXAMPLES])
    )]
    Status(InstanceStatusArgs),
    /// Show controller-reported retry authority
    #[command(
        name = "retry-blocks",
        before_help = INSTANCE_RETRY_BLOCKS_LONG_ABOUT,
        help_template = DESCRIBED,
        override_usage = "kubectl ome instance retry-blocks INFERENCESERVICE --component engine|decoder|router [flags]",
        after_help = after(&[EXIT_READ, INSTANCE_RETRY_BLOCKS_EXAMPLES])
    )]
    RetryBlocks(InstanceRetryBlocksArgs),
    /// Alpha: request release of one exact Held revision
    #[command(
        name = "release-held",
        before_help = RELEASE_HELD_LONG_ABOUT,
        help_template = DESCRIBED,
        override_usage = "kubectl ome instance release-held INFERENCESERVICE --component engine|decoder|router --revision REVISION --yes [--dry-run none|client|server] [flags]",
        after_help = after(&[RELEASE_HELD_COLUMNS, EXIT_RELEASE_HELD, INSTANCE_RELEASE_HELD_EXAMPLES])
    )]
    ReleaseHeld(InstanceReleaseHeldArgs),
}

const RELEASE_HELD_LONG_ABOUT: &str = "\
Alpha: request release of one exact Held revision.

release-held sets ome.io/release-held-revision on the component's InferenceReplica to the full
target revision of one Held retry block, in one write guarded by the InferenceReplica's
resourceVersion. --revision is the full name (<service>-<component>-<8 hex>) or its 8 hex.
The controller then removes that block and the rollout retries the revision with fresh
attempts. Every listed InferenceReplica must be current; a present mailbox, an invalid block or a
block that is not Held is refused. After the preview every read is repeated: any change refuses
with exit 3 and nothing is sent.

--yes is required: without it the checks run, the preview is printed and nothing is sent.
Acceptance is not release, retry or availability; release does not resume a paused service.
Later absence of block and mailbox is consistent with release, not proof: follow with
kubectl ome wait --for=held-revision=unheld. The whole action has a 45s deadline and each
request is capped at 10s; credential plugins may ignore cancellation.";

#[derive(Debug, Args)]
pub(crate) struct InstanceReleaseHeldArgs {
    /// The InferenceService
    #[arg(value_name = "INFERENCESERVICE")]
    pub(crate) names: Vec<String>,
    /// The component: engine, decoder or router (required)
    #[arg(long, default_value = "", hide_default_value = true)]
    pub(crate) component: String,
    /// The Held revision: its full name or its 8 hex (required)
    #[arg(long, default_value = "", hide_default_value = true)]
    pub(crate) revision: String,
    #[command(flatten)]
    pub(crate) action: GuardedActionFlags,
}

const INSTANCE_RETRY_BLOCKS_LONG_ABOUT: &str = "\
Show the retry blocks (held revisions) the controller reports for one component's
InferenceReplica. Nothing is patched or released.

COMP is the component; STATE is BACKOFF, HELD, RUNNING (RetryInProgress) or INVALID, and ISSUE
for an evidence problem; TARGET is the blocked revision (a long name keeps its first 5
characters and gets # and 8 hex of its SHA-256; -o json has the full name); ATT is the attempts
started (99+ above 99); NEXT is the next retry (UTC); REL is YES when the block is Held, every
check passed and the evidence is current. REASON is the controller's reason, or the issue's
alias: COLL_UNAV, COLL_TRUNC, ID_REJECT, NO_COMPONENT, DUP_COMP, BLOCK_TRUNC, PARENT_MISS,
PARENT_BAD, PARENT_STALE, PARENT_AHEAD, STATUS_UNOBS, OBSGEN_BAD, STATUS_STALE, TARGET_BAD,
STATE_BAD, ATT_BAD, TIME_BAD, DUP_TARGET.";

#[derive(Debug, Args)]
pub(crate) struct InstanceRetryBlocksArgs {
    /// The component: engine, decoder or router (required)
    #[arg(long, default_value = "", hide_default_value = true)]
    pub(crate) component: String,
    // After `--component`: the help lists the options in this order.
    #[command(flatten)]
    pub(crate) service: ServiceArgs<Base>,
}

const INSTANCE_STATUS_LONG_ABOUT: &str = "\
Show one logical Instance as the InferenceReplica reports it, with its Pods and their Warning
events.

A Pod is shown only when its labels name this Instance and its one controller owner is this
InferenceReplica; at most 16 Pods and 100 events are shown, each event's message sanitised and
cut at 200 characters.";

#[derive(Debug, Args)]
pub(crate) struct InstanceStatusArgs {
    /// The InferenceService and the Instance index
    #[arg(value_name = "INFERENCESERVICE INDEX", allow_negative_numbers = true)]
    pub(crate) names: Vec<String>,
    /// The component: engine, decoder or router (required)
    #[arg(long, default_value = "", hide_default_value = true)]
    pub(crate) component: String,
    /// Output format: table, wide, json or yaml
    #[arg(short = 'o', long, default_value = "table")]
    pub(crate) output: String,
    /// The namespace where OME keeps runtime ControllerRevisions
    #[arg(long, default_value = "ome")]
    pub(crate) ome_namespace: String,
}

const INSTANCE_LONG_ABOUT: &str = "\
List the controller-reported logical Instances of every OMENative component.

PODS is serving/available/total pods. AOF shows A when the Instance is admitted, O when an
operation is present and F when a last failure is recorded. Pods are not read, and the API's
readyPodCount is deliberately ignored.";

/// `instance list`: the service and `-o` without a wide table.
pub(crate) type InstanceListArgs = ServiceArgs<Base>;

#[derive(Debug, Subcommand)]
pub(crate) enum RolloutCommand {
    /// Show rollout progress for an InferenceService
    #[command(
        override_usage = "kubectl ome rollout status INFERENCESERVICE [flags]",
        after_help = after(&[ROLLOUT_STATUS_COLUMNS, EXIT_READ, ROLLOUT_STATUS_EXAMPLES])
    )]
    Status(RolloutStatusArgs),
    /// Explain rollout intent, effective plan, and observed progress
    #[command(
        before_help = ROLLOUT_EXPLAIN_LONG_ABOUT,
        help_template = DESCRIBED,
        override_usage = "kubectl ome rollout explain INFERENCESERVICE [-o table|wide|json|yaml] [flags]",
        after_help = after(&[ROLLOUT_EXPLAIN_COLUMNS, EXIT_READ, ROLLOUT_EXPLAIN_EXAMPLES])
    )]
    Explain(RolloutExplainArgs),
    /// Alpha: guarded service-wide rollout pause
    #[command(
        before_help = PAUSE_LONG_ABOUT,
        help_template = DESCRIBED,
        override_usage = "kubectl ome rollout pause INFERENCESERVICE --yes [--dry-run none|client|server] [flags]",
        after_help = after(&[ROLLOUT_ACTION_COLUMNS, EXIT_ROLLOUT_ACTION, ROLLOUT_PAUSE_EXAMPLES])
    )]
    Pause(RolloutPauseArgs),
    /// Alpha: guarded service-wide rollout resume
    #[command(
        before_help = RESUME_LONG_ABOUT,
        help_template = DESCRIBED,
        override_usage = "kubectl ome rollout resume INFERENCESERVICE --yes [--discard-pending-actions] [--dry-run none|client|server] [flags]",
        after_help = after(&[ROLLOUT_ACTION_COLUMNS, EXIT_ROLLOUT_ACTION, ROLLOUT_RESUME_EXAMPLES])
    )]
    Resume(RolloutResumeArgs),
}

const ROLLOUT_EXPLAIN_LONG_ABOUT: &str = "\
Explain rollout intent, effective plan, and observed progress.

explain shows the rollout plan three ways: as declared in the spec, as it resolves now (with
the controller's RolloutPolicy resolution) and as it takes effect (the pinned plan of an active
run, else the live one), next to the progress rollout status shows and what holds the rollout:
a service-wide pause, a plan the controller parked, a canary held before its first step, a
group paused at a gate. It answers a scale refused with cause=RolloutPhase or RolloutGroupPhase.
It reads the InferenceService only (no RolloutPolicy), so a policy's steps are shown only when
the run pinned them. It never writes.";

const PAUSE_LONG_ABOUT: &str = "\
Alpha: guarded service-wide rollout pause.

pause sets ome.io/rollout-paused to true on the InferenceService, in one write guarded by the
service's resourceVersion. It requests the true depth only: it never requests freeze and never
downgrades an existing freeze (an existing pause is refused). true holds Update, Create and
Migration work; RestartPolicy repair, timed canary gates, deliberate scale-down and deletion
teardown keep moving. pause refuses when no rollout or lifecycle work is observed, when a
promote or rollback mailbox is present and when controller evidence is stale.

--yes is required: without it the checks run, the preview is printed and nothing is sent.
--dry-run client sends nothing; --dry-run server asks the API server to check the write without
storing it. The whole action has a 45s deadline and each request is capped at 10s; credential
plugins may ignore cancellation. At most 2 pages and 32 InferenceReplicas are inspected.";

const RESUME_LONG_ABOUT: &str = "\
Alpha: guarded service-wide rollout resume.

resume removes ome.io/rollout-paused (true or freeze) from the InferenceService, in one write
guarded by the service's resourceVersion. Held work restarts and timed canary gates, which kept
aging, may advance at once. A value that is not a recognized pause is refused (remove it with
kubectl annotate). A pending promote or rollback mailbox is refused unless
--discard-pending-actions removes it in the same guarded write; a discarded request must be
sent again if still wanted.

--yes is required: without it the checks run, the preview is printed and nothing is sent.
--dry-run client sends nothing; --dry-run server asks the API server to check the write without
storing it. The whole action has a 45s deadline and each request is capped at 10s; credential
plugins may ignore cancellation.";

#[derive(Debug, Args)]
pub(crate) struct RolloutPauseArgs {
    /// The InferenceService
    #[arg(value_name = "INFERENCESERVICE")]
    pub(crate) names: Vec<String>,
    #[command(flatten)]
    pub(crate) action: GuardedActionFlags,
}

#[derive(Debug, Args)]
pub(crate) struct RolloutResumeArgs {
    /// The InferenceService
    #[arg(value_name = "INFERENCESERVICE")]
    pub(crate) names: Vec<String>,
    /// Remove a present promote or rollback mailbox in the same write (requires --yes)
    #[arg(long, num_args = 0..=1, require_equals = true, default_missing_value = "true", value_parser = clap::value_parser!(bool), default_value = "false", hide_default_value = true, hide_possible_values = true, value_name = "BOOL")]
    pub(crate) discard_pending_actions: bool,
    #[command(flatten)]
    pub(crate) action: GuardedActionFlags,
}

/// The flags every guarded action shares.
#[derive(Debug, Args)]
pub(crate) struct GuardedActionFlags {
    /// Confirm the request without a prompt (required)
    #[arg(long, num_args = 0..=1, require_equals = true, default_missing_value = "true", value_parser = clap::value_parser!(bool), default_value = "false", hide_default_value = true, hide_possible_values = true, value_name = "BOOL")]
    pub(crate) yes: bool,
    /// none; client (nothing is sent); server (checked, not stored)
    #[arg(long, default_value = "none")]
    pub(crate) dry_run: String,
    /// Output format: table, wide, json or yaml
    #[arg(short = 'o', long, default_value = "table")]
    pub(crate) output: String,
    /// Namespace of OME's runtime ControllerRevisions
    #[arg(long, default_value = "ome")]
    pub(crate) ome_namespace: String,
}

/// `rollout status`: the service and `-o` with a wide table.
pub(crate) type RolloutStatusArgs = ServiceArgs<WithWide>;

/// `rollout explain`: the service and `-o` with a wide table.
pub(crate) type RolloutExplainArgs = ServiceArgs<WithWide>;

#[derive(Debug, Subcommand)]
pub(crate) enum MigrationCommand {
    /// Show live InferenceReplica migration status
    #[command(
        override_usage = "kubectl ome migration status INFERENCESERVICE [--component C] [flags]",
        after_help = after(&[MIGRATION_STATUS_COLUMNS, EXIT_READ, MIGRATION_STATUS_EXAMPLES])
    )]
    Status(MigrationStatusArgs),
}

#[derive(Debug, Args)]
pub(crate) struct MigrationStatusArgs {
    /// Only this component: engine, decoder or router
    #[arg(long)]
    pub(crate) component: Option<String>,
    // After `--component`: the help lists the options in this order.
    #[command(flatten)]
    pub(crate) service: ServiceArgs<Base>,
}

/// The formats a read command's `-o` offers: its help line and its parser.
pub(crate) trait Formats {
    /// The `-o` help line.
    const HELP: &'static str;
    /// The format `-o` names, if the command offers it.
    fn parse(value: &str) -> Option<OutputFormat>;
}

/// `-o` table, wide, json or yaml.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct WithWide;

impl Formats for WithWide {
    const HELP: &'static str = "Output format: table, wide, json or yaml";
    fn parse(value: &str) -> Option<OutputFormat> {
        OutputFormat::parse_with_wide(value)
    }
}

/// `-o` table, json or yaml: `wide` is rejected with the base message.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Base;

impl Formats for Base {
    const HELP: &'static str = "Output format: table, json or yaml";
    fn parse(value: &str) -> Option<OutputFormat> {
        OutputFormat::parse_base(value)
    }
}

/// The service and `-o` every read command takes; `F` names the formats.
#[derive(Debug, Args)]
pub(crate) struct ServiceArgs<F: Formats> {
    /// The InferenceService
    #[arg(value_name = "INFERENCESERVICE")]
    pub(crate) names: Vec<String>,
    #[arg(short = 'o', long, default_value = "table", help = F::HELP)]
    pub(crate) output: String,
    #[arg(skip)]
    formats: PhantomData<F>,
}

impl<F: Formats> ServiceArgs<F> {
    /// Cobra's argument count, then `-o`, then the service name (read-commands.md §1.2); `E`
    /// is the command's error, which words the last two.
    pub(crate) fn parse<E>(&self) -> Result<(String, OutputFormat), CliError>
    where
        E: From<ReadPreamble>,
        CliError: From<E>,
    {
        let [name] = self.names.as_slice() else {
            return Err(CommonError::ArgCount(self.names.len()).into());
        };
        let output = F::parse(&self.output)
            .ok_or_else(|| E::from(ReadPreamble::UnsupportedOutput(self.output.clone())))?;
        ReadPreamble::check_name(name).map_err(E::from)?;
        Ok((name.clone(), output))
    }

    /// The arguments as clap would give them.
    #[cfg(test)]
    pub(crate) fn new(names: &[&str], output: &str) -> ServiceArgs<F> {
        ServiceArgs {
            names: names.iter().map(|s| s.to_string()).collect(),
            output: output.to_string(),
            formats: PhantomData,
        }
    }
}

/// [`ServiceArgs`] and the namespace of OME's runtime revisions: the commands that read the
/// runtime configuration.
#[derive(Debug, Args)]
pub(crate) struct RuntimeServiceArgs<F: Formats> {
    #[command(flatten)]
    pub(crate) service: ServiceArgs<F>,
    /// The namespace where OME keeps runtime ControllerRevisions
    #[arg(long, default_value = "ome")]
    pub(crate) ome_namespace: String,
}

#[derive(Debug, Args)]
pub(crate) struct WaitArgs {
    /// The InferenceService
    #[arg(value_name = "INFERENCESERVICE")]
    pub(crate) names: Vec<String>,
    /// The predicate, e.g. replicas=current, replicas=ready, condition=Ready, rollout=stable,
    /// migration=terminal
    #[arg(long = "for", value_name = "PREDICATE")]
    pub(crate) for_: Option<String>,
    /// How long to wait (Go duration, positive, at most 24h)
    #[arg(long, default_value = "1m0s")]
    pub(crate) timeout: String,
    /// The request ID (migration=terminal, runtime-sync=acknowledged)
    #[arg(long)]
    pub(crate) request_id: Option<String>,
    /// The component: engine, decoder or router
    #[arg(long)]
    pub(crate) component: Option<String>,
    /// The exact Instance count
    #[arg(long, value_parser = clap::value_parser!(i32))]
    pub(crate) replicas: Option<i32>,
    /// The full revision name (held-revision=unheld)
    #[arg(long)]
    pub(crate) revision: Option<String>,
    /// Bind to this exact InferenceReplica name
    #[arg(long)]
    pub(crate) ir_name: Option<String>,
    /// Bind to this exact InferenceReplica UID
    #[arg(long)]
    pub(crate) ir_uid: Option<String>,
    /// Output format: table, wide, json or yaml
    #[arg(short = 'o', long, default_value = "table")]
    pub(crate) output: String,
}

const STATUS_LONG_ABOUT: &str = "\
Show the full readiness story of an InferenceService: its Ready condition, each component's
readiness with its Pods, the recent Warning events of the service and of its unhealthy Pods,
and one line per family (rollout, autoscaling, placement, traffic, runtime, accelerators).

Reads the service, its Pods, the Warning events of the service and of at most 15 Pods, its
runtime and pin, and the AcceleratorClasses its components selected. A read that fails is
shown as evidence.";

/// `status`: the service, `-o` with a wide table, and the OME namespace.
pub(crate) type StatusArgs = RuntimeServiceArgs<WithWide>;

#[derive(Debug, Subcommand)]
pub(crate) enum AdminCommand {
    /// Inspect bounded current-context OME diagnostic evidence
    #[command(
        before_help = DOCTOR_LONG_ABOUT,
        help_template = DESCRIBED,
        override_usage = "kubectl ome admin doctor [--isvc NAME] [--access [--component C]] [-o table|wide|json|yaml] [flags]",
        after_help = after(&[DOCTOR_COLUMNS, EXIT_DOCTOR, DOCTOR_EXAMPLES])
    )]
    Doctor(DoctorArgs),
}

const DOCTOR_LONG_ABOUT: &str = "\
Inspect bounded current-context OME diagnostic evidence.

Reads the API discovery documents of the 7 group versions OME uses, the ome-controller-manager
Deployment in --ome-namespace and, with --isvc, that InferenceService: at most 9 GETs, one at a
time. Exits 2 after the report when a required API is missing.

--access also asks the API server (SelfSubjectAccessReviews, the only writes) whether the
current identity may get the InferenceService and its InferenceReplica and get and patch the
replica's /scale in the namespace; --component names the replica <isvc>-<component>. A denied
or not allowed check exits 2 after the report. Allowed does not prove that a scale succeeds.";

#[derive(Debug, Args)]
pub(crate) struct DoctorArgs {
    /// Not accepted: the doctor takes no positional arguments
    #[arg(hide = true)]
    pub(crate) names: Vec<String>,
    /// Output format: table, wide, json or yaml
    #[arg(short = 'o', long, default_value = "table")]
    pub(crate) output: String,
    /// Also read this InferenceService in the namespace
    #[arg(long)]
    pub(crate) isvc: Option<String>,
    /// Also ask whether this identity may read and scale (SelfSubjectAccessReviews)
    #[arg(long)]
    pub(crate) access: bool,
    /// With --access --isvc: the component whose InferenceReplica the reviews name
    #[arg(long)]
    pub(crate) component: Option<String>,
    /// The namespace where the OME operator runs
    #[arg(long, default_value = "ome")]
    pub(crate) ome_namespace: String,
    /// The namespace of the Alfred configuration (the OME namespace by default)
    #[arg(long)]
    pub(crate) alfred_namespace: Option<String>,
    /// The name of the Alfred ConfigMap
    #[arg(long, default_value = "alfred-config")]
    pub(crate) alfred_config_name: String,
    /// The key of the Alfred configuration in its ConfigMap
    #[arg(long, default_value = "config.yaml")]
    pub(crate) alfred_config_key: String,
}

#[derive(Debug, Args)]
pub(crate) struct VersionArgs {
    /// Only the client version (nothing is read)
    #[arg(long)]
    pub(crate) client: bool,
    /// Namespace of the ome-controller-manager
    #[arg(long, default_value = "ome")]
    pub(crate) ome_namespace: String,
}

#[derive(Debug, Args)]
#[command(
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    override_usage = "kubectl ome completion SHELL\n       kubectl ome completion install"
)]
pub(crate) struct CompletionArgs {
    /// `install` instead of a shell.
    #[command(subcommand)]
    pub(crate) action: Option<CompletionAction>,
    /// bash, zsh, fish or powershell
    #[arg(required = true)]
    pub(crate) shell: Option<clap_complete::Shell>,
}

/// What `completion` does besides printing a script.
#[derive(Debug, Subcommand)]
pub(crate) enum CompletionAction {
    /// Install the completion entry for `kubectl ome <TAB>`
    #[command(
        before_help = COMPLETION_INSTALL_LONG_ABOUT,
        help_template = DESCRIBED,
        after_help = after(&[EXIT_COMPLETION, COMPLETION_INSTALL_EXAMPLES])
    )]
    Install,
}
