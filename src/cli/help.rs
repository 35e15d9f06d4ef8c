//! Help text that is not a flag's: the layout of a described command and every command's
//! `Examples:` (which run as written against the demo's `chat` service in namespace `prod`,
//! tests/it/help.rs proves it).

/// A command with a long description: the description replaces the one-line about (which the
/// parent's command list shows), then usage, flags and examples.
pub(crate) const DESCRIBED: &str = "{before-help}{usage-heading} {usage}\n\n{all-args}{after-help}";

pub(crate) const ROOT_EXAMPLES: &str = "\
Examples:
  # How each component of chat is scaled, with the live counts
  kubectl ome autoscale status chat -n prod --live-scale

  # Preview a transient scale of the engine to 3 Instances; nothing is stored
  kubectl ome scale chat -n prod --component engine --replicas 3 --override-autoscaler --yes --dry-run server

  # Help for a command
  kubectl ome help scale";

pub(crate) const AUTOSCALE_EXAMPLES: &str = "\
Examples:
  # Controller-reported autoscaling of every component of chat
  kubectl ome autoscale status chat -n prod

  # What the runtime says each component's autoscaling should be, against the report
  kubectl ome autoscale explain chat -n prod";

pub(crate) const AUTOSCALE_EXPLAIN_EXAMPLES: &str = "\
Examples:
  # Desired autoscaling of each component of chat next to what chat reports
  kubectl ome autoscale explain chat -n prod

  # As JSON, with the active runtime configuration and every issue code
  kubectl ome autoscale explain chat -n prod -o json";

pub(crate) const ADMIN_EXAMPLES: &str = "\
Examples:
  # Which OME APIs this cluster serves, and the operator's image
  kubectl ome admin doctor -n prod";

pub(crate) const DOCTOR_EXAMPLES: &str = "\
Examples:
  # APIs, the manager Deployment and the features chat uses
  kubectl ome admin doctor -n prod --isvc chat

  # Also: may I read chat and scale its engine? (SelfSubjectAccessReviews)
  kubectl ome admin doctor -n prod --isvc chat --access --component engine";

pub(crate) const STATUS_EXAMPLES: &str = "\
Examples:
  # The readiness story of chat: Ready, components and Pods, Warning events, families
  kubectl ome status chat -n prod

  # Every fact, with event messages and phase counters
  kubectl ome status chat -n prod -o wide";

pub(crate) const AUTOSCALE_STATUS_EXAMPLES: &str = "\
Examples:
  # What the controller reports
  kubectl ome autoscale status chat -n prod

  # Also the live /scale counts and the HPA or ScaledObject OME owns
  kubectl ome autoscale status chat -n prod --live-scale --live-scaler

  # As JSON, for scripts
  kubectl ome autoscale status chat -n prod -o json";

pub(crate) const INSTANCE_EXAMPLES: &str = "\
Examples:
  # The logical Instances of chat
  kubectl ome instance list chat -n prod

  # Engine Instance 0, its Pods and their Warning events
  kubectl ome instance status chat 0 --component engine -n prod";

pub(crate) const INSTANCE_STATUS_EXAMPLES: &str = "\
Examples:
  # Engine Instance 0 of chat, its Pods and their Warning events
  kubectl ome instance status chat 0 --component engine -n prod

  # One row per fact
  kubectl ome instance status chat 0 --component engine -n prod -o wide";

pub(crate) const INSTANCE_LIST_EXAMPLES: &str = "\
Examples:
  # The logical Instances of every OMENative component of chat
  kubectl ome instance list chat -n prod

  # As YAML
  kubectl ome instance list chat -n prod -o yaml";

pub(crate) const INSTANCE_RETRY_BLOCKS_EXAMPLES: &str = "\
Examples:
  # The retry blocks (held revisions) of chat's engine
  kubectl ome instance retry-blocks chat -n prod --component engine

  # With full target names and times
  kubectl ome instance retry-blocks chat -n prod --component engine -o json";

pub(crate) const INSTANCE_RELEASE_HELD_EXAMPLES: &str = "\
Examples:
  # Preview releasing chat's held engine revision (nothing is sent)
  kubectl ome instance release-held chat -n prod --component engine --revision 7f9c4d2b --dry-run client --yes

  # Release it, then wait for the controller to consume the release
  kubectl ome instance release-held chat -n prod --component engine --revision chat-engine-7f9c4d2b --yes -o json";

pub(crate) const MIGRATION_EXAMPLES: &str = "\
Examples:
  # Migration records of chat
  kubectl ome migration status chat -n prod";

pub(crate) const MIGRATION_STATUS_EXAMPLES: &str = "\
Examples:
  # Migration records of every component of chat
  kubectl ome migration status chat -n prod

  # Only the engine's
  kubectl ome migration status chat -n prod --component engine";

pub(crate) const ROLLOUT_EXAMPLES: &str = "\
Examples:
  # Rollout progress of chat
  kubectl ome rollout status chat -n prod

  # Why chat's rollout holds: the plan as declared, resolved and pinned, and what holds it
  kubectl ome rollout explain chat -n prod

  # Hold chat's rollout, then let it continue
  kubectl ome rollout pause chat -n prod --yes
  kubectl ome rollout resume chat -n prod --yes";

pub(crate) const ROLLOUT_PAUSE_EXAMPLES: &str = "\
Examples:
  # Preview the pause without sending anything
  kubectl ome rollout pause chat -n prod --dry-run client

  # Pause chat's rollout
  kubectl ome rollout pause chat -n prod --yes";

pub(crate) const ROLLOUT_RESUME_EXAMPLES: &str = "\
Examples:
  # Resume chat's rollout
  kubectl ome rollout resume chat -n prod --yes

  # Resume and drop a pending promote or rollback request
  kubectl ome rollout resume chat -n prod --discard-pending-actions --yes";

pub(crate) const ROLLOUT_STATUS_EXAMPLES: &str = "\
Examples:
  # Rollout phase of each component and rollout group
  kubectl ome rollout status chat -n prod

  # With revisions and traffic
  kubectl ome rollout status chat -n prod -o wide";

pub(crate) const ROLLOUT_EXPLAIN_EXAMPLES: &str = "\
Examples:
  # The plan as declared, as it resolves and as it runs, and what holds it
  kubectl ome rollout explain chat -n prod

  # One row per view, group and step
  kubectl ome rollout explain chat -n prod -o wide

  # The RolloutExplainReport, e.g. its holds
  kubectl ome rollout explain chat -n prod -o json";

pub(crate) const SCALE_EXAMPLES: &str = "\
Examples:
  # Check everything and let the API server validate the write, without storing it
  kubectl ome scale chat -n prod --component engine --replicas 3 --override-autoscaler --yes --dry-run server

  # Ask for 3 engine Instances (transient: the autoscaler or OME may change the count again)
  kubectl ome scale chat -n prod --component engine --replicas 3 --override-autoscaler --yes";

pub(crate) const VERSION_EXAMPLES: &str = "\
Examples:
  # Client, OME operator and Kubernetes server versions
  kubectl ome version

  # Only this plugin's version; nothing is read from the cluster
  kubectl ome version --client

  # With the operator in another namespace
  kubectl ome version --ome-namespace ome-system";

pub(crate) const WAIT_EXAMPLES: &str = "\
Examples:
  # Until chat reports Ready (at most 1 minute, the default)
  kubectl ome wait chat -n prod --for=condition=Ready

  # Until the engine asks for and has exactly 2 Instances
  kubectl ome wait chat -n prod --for=replicas=current --component engine --replicas 2 --timeout 5m";

pub(crate) const COMPLETION_EXAMPLES: &str = "\
Examples:
  # Completion for the current bash session (kubectl >= 1.26 also completes `kubectl ome`)
  source <(kubectl ome completion bash)

  # Install it for zsh (add ~/.zsh/completions to fpath in ~/.zshrc)
  mkdir -p ~/.zsh/completions && kubectl ome completion zsh > ~/.zsh/completions/_kubectl-ome";

pub(crate) const COMPLETION_INSTALL_LONG_ABOUT: &str = "\
Install the completion entry for `kubectl ome <TAB>`.

Creates the relative link kubectl_complete-ome -> kubectl-ome in the directory of the
kubectl-ome found on PATH (krew's bin directory for krew users). kubectl 1.26 or later runs it
to complete `kubectl ome <TAB>`. Running it again changes nothing.";

pub(crate) const COMPLETION_INSTALL_EXAMPLES: &str = "\
Examples:
  # Set up `kubectl ome <TAB>` (kubectl >= 1.26) next to the kubectl-ome on PATH
  kubectl ome completion install";
