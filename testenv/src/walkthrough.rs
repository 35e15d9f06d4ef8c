//! The demo walkthrough: the user guide's "Request a transient scale" run for real against the
//! example, with the OME controller's part played by the stand-in between the user's commands.

/// The service next to `chat` shaped like OME's documentation examples
/// ([`crate::DocsShape::BareName`]).
pub const DOCS_SERVICE: &str = "http-lab";

/// The service created from OME's minimal example: it names only its model, and OME selects
/// its runtime ([`SELECTED_RUNTIME`]).
pub const MINIMAL_SERVICE: &str = "llama-chat";
/// The ClusterServingRuntime OME selects for [`MINIMAL_SERVICE`]'s model.
pub const SELECTED_RUNTIME: &str = "srt-llama-auto";

/// What the stand-in controller does between two user commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ControllerAction {
    /// The IR controller observes the latest spec of `chat-<component>` (new Instances start in
    /// phase Creating; removed ones are drained).
    ObserveReplica(&'static str),
    /// Every Instance of the InferenceReplica becomes Ready.
    MarkReady(&'static str),
    /// The scheduler cannot place the Pod of Instance `index` of `chat-<component>`: the Pod
    /// stays Pending with a `FailedScheduling` Warning event.
    PendingPod(&'static str, i64),
    /// An update of `chat-<component>` starts: its `status.updateRevision` becomes
    /// [`UPDATE_REVISION`] (work that `rollout pause` can hold).
    StartUpdate(&'static str),
    /// The controller projects the `ome.io/rollout-paused` value `chat` carries onto every
    /// InferenceReplica (`spec.paused`, `spec.pauseMode`).
    ProjectPause,
    /// An update of `chat-<component>` failed three times: the controller holds the revision
    /// [`HELD_REVISION`] (a Held retry block and the rollout hold gate `Held`).
    HoldRevision(&'static str),
    /// After the resume, the held revision is released: projections, retry blocks and rollout
    /// holds are cleared, and the update of [`StartUpdate`](ControllerAction::StartUpdate) is
    /// rolled back.
    ResumeAndRelease,
    /// Every Ready Instance of the namespace runs its Pod on a Node whose kubelet (the test
    /// kubelet, `crate::kubelet`) serves [`SERVING_LOG`] as the container's log. The walkthrough
    /// plays this after every other controller action too, so that the Pods `status` counts
    /// always agree with the Instances `instance list` shows.
    RunPods,
}

/// What each serving Pod of the walkthrough has logged (`<index>` is the Instance's index).
pub const SERVING_LOG: &[&str] = &[
    "INFO loading model weights from /mnt/models (shard <index>)",
    "INFO server listening on 0.0.0.0:8080",
    "INFO decode batch=32 throughput=1840 tok/s",
];

/// [`SERVING_LOG`] of Instance `index`, one line each.
pub fn serving_log(index: i64) -> String {
    SERVING_LOG
        .iter()
        .map(|line| format!("{}\n", line.replace("<index>", &index.to_string())))
        .collect()
}

/// The revision the walkthrough's controller holds.
pub const HELD_REVISION: &str = "chat-engine-6c4f8b1d";
/// The revision of the decoder update that the walkthrough pauses.
pub const UPDATE_REVISION: &str = "chat-decoder-5e8a2c71";

/// One step of the walkthrough.
#[derive(Debug, Clone)]
pub enum Step {
    /// `kubectl ome <args>`, after a note printed as `# ...`.
    Plugin {
        /// What the step shows.
        note: &'static str,
        /// The arguments after `kubectl ome`.
        args: Vec<&'static str>,
    },
    /// The stand-in controller acts (printed as `# controller: ...`).
    Controller {
        /// What the controller does.
        note: &'static str,
        /// The stand-in action.
        action: ControllerAction,
    },
}

fn plugin(note: &'static str, args: &'static str) -> Step {
    Step::Plugin {
        note,
        args: args.split(' ').collect(),
    }
}

fn controller(note: &'static str, action: ControllerAction) -> Step {
    Step::Controller { note, action }
}

/// The steps, in order. They run as the `scaler` user (read access plus patch on
/// `inferencereplicas/scale`, and in `prod` the Role of `docs/rbac/rollout-operator.yaml`)
/// against namespace `prod` holding the guide's `chat` example.
pub fn steps() -> Vec<Step> {
    use ControllerAction::*;
    vec![
        controller(
            "every Ready Instance runs its Pod on a node (a simulated kubelet runs it and serves its logs); from now on each Instance the controller reports Ready runs one",
            RunPods,
        ),
        plugin(
            "The versions of the plugin, the OME operator and the API server",
            "version",
        ),
        plugin(
            "Step 1: preview with a client dry run (every check, nothing sent)",
            "scale chat -n prod --component engine --replicas 3 --override-autoscaler --yes --dry-run client",
        ),
        plugin(
            "A server dry run: the API server checks the request, including the permission to patch inferencereplicas/scale, and stores nothing",
            "scale chat -n prod --component engine --replicas 3 --override-autoscaler --yes --dry-run server",
        ),
        plugin(
            "Step 2: submit the request",
            "scale chat -n prod --component engine --replicas 3 --override-autoscaler --yes",
        ),
        plugin(
            "Step 3: check the outcome; right after the request LIVE-EVIDENCE can show Stale",
            "autoscale status chat -n prod --live-scale",
        ),
        controller(
            "the InferenceReplica controller observes the new count and creates Instance 2",
            ObserveReplica("engine"),
        ),
        plugin(
            "LIVE-SPEC now shows the count you asked for",
            "autoscale status chat -n prod --live-scale",
        ),
        plugin(
            "A third engine Instance appears (Creating)",
            "instance list chat -n prod",
        ),
        controller(
            "no GPU node is free yet: the Pod of engine Instance 2 stays Pending",
            PendingPod("engine", 2),
        ),
        plugin(
            "Another scale while Instance 2 is being created is refused; the `scale check:` lines name the Instance, and `next:` the command that shows it",
            "scale chat -n prod --component engine --replicas 4 --override-autoscaler --yes",
        ),
        plugin(
            "That Instance: its Pod is Pending, and its Warning event says why",
            "instance status chat 2 --component engine -n prod",
        ),
        plugin(
            "In a script: wait until the engine asks for and reports 3 Instances",
            "wait chat -n prod --for=replicas=current --component=engine --replicas=3 --timeout=30s",
        ),
        controller("the new Instance becomes Ready", MarkReady("engine")),
        plugin(
            "The decoder and the router keep one Instance each",
            "instance list chat -n prod",
        ),
        plugin(
            "Nothing blocks another scale: PHASE is Stable or Unknown",
            "rollout status chat -n prod",
        ),
        plugin(
            "No migration is in progress",
            "migration status chat -n prod",
        ),
        plugin(
            "The readiness story of the service: components, Pods, recent Warning events, families",
            "status chat -n prod",
        ),
        plugin(
            "Why each component's autoscaling is what it is, next to what the service reports",
            "autoscale explain chat -n prod",
        ),
        plugin(
            "Next to chat, a service shaped like OME's documentation examples: engine only, autoscaler class None, no model, and a ServingRuntime of its namespace named without a kind, found as OME's controller finds it (after the ClusterServingRuntime lookup answers 404)",
            "status http-lab -n prod",
        ),
        plugin(
            "Its runtime with its real kind, and the autoscaling it resolves to",
            "autoscale explain http-lab -n prod -o yaml",
        ),
        plugin(
            "The runtime the controller renders it from: found in the namespace, not pinned, so the live runtime is the active one",
            "runtime effective http-lab -n prod",
        ),
        plugin(
            "A server dry run of a scale of that service, guarded by the count it has now",
            "scale http-lab -n prod --component engine --replicas 3 --current-replicas 2 --override-autoscaler --yes --dry-run server",
        ),
        plugin(
            "A service created from OME's minimal example names only its model, and OME selects its runtime: runtime explain ranks the candidates the way OME does (the first row is OME's pick) and says why the others are out",
            "runtime explain --isvc llama-chat -n prod",
        ),
        plugin(
            "Scale it: the preview names the runtime selected the way OME selects it, and the model",
            "scale llama-chat -n prod --component engine --replicas 3 --override-autoscaler --yes --dry-run server",
        ),
        plugin(
            "Submit it: the runtime and the model are checked again just before the write",
            "scale llama-chat -n prod --component engine --replicas 3 --override-autoscaler --yes",
        ),
        plugin(
            "Why the autoscaling of that service is what it is: the selected runtime's own spec",
            "autoscale explain llama-chat -n prod -o yaml",
        ),
        plugin(
            "Does this cluster have OME's APIs, and may this identity scale the engine?",
            "admin doctor -n prod --isvc chat --access --component engine",
        ),
        controller(
            "a decoder update starts (revision chat-decoder-5e8a2c71): work that a pause can hold (rollout pause refuses a service with nothing to hold)",
            StartUpdate("decoder"),
        ),
        plugin(
            "rollout pause holds it: every check, the preview, then one guarded write of ome.io/rollout-paused: true (the demo's scaler is bound to docs/rbac/rollout-operator.yaml)",
            "rollout pause chat -n prod --yes",
        ),
        controller(
            "the controller projects the pause onto every InferenceReplica",
            ProjectPause,
        ),
        plugin(
            "rollout explain says what holds the rollout: the pause (HOLD GlobalPause, declared by ome.io/rollout-paused), beside the plan and each component's observed progress; rollout status points here while anything holds",
            "rollout explain chat -n prod",
        ),
        plugin(
            "scale is never refused for a pause (a scale-down still drains), but the preview and the result say that added Instances wait for the resume",
            "scale chat -n prod --component engine --replicas 2 --override-autoscaler --yes --dry-run server",
        ),
        plugin(
            "autoscale status shows the pause next to the counts: DESIRED can rise while CURRENT waits",
            "autoscale status chat -n prod --live-scale",
        ),
        controller(
            "an engine update failed three times: the controller holds revision chat-engine-6c4f8b1d",
            HoldRevision("engine"),
        ),
        plugin(
            "instance list shows the rollout hold, the Held block and the pause",
            "instance list chat -n prod",
        ),
        plugin(
            "The held revision, its attempts and whether release-held may submit it",
            "instance retry-blocks chat -n prod --component engine",
        ),
        plugin(
            "release-held checks every InferenceReplica and previews the one guarded write it would send (client dry run: nothing is sent)",
            "instance release-held chat -n prod --component engine --revision 6c4f8b1d --yes --dry-run client",
        ),
        plugin(
            "rollout resume recognises the pause: the preview, then one guarded write removing ome.io/rollout-paused",
            "rollout resume chat -n prod --yes",
        ),
        controller(
            "the controller projects the resume and clears the held revision (the stand-in for a release), and the decoder update is rolled back",
            ResumeAndRelease,
        ),
        plugin(
            "Clean up: scale the engine back to 2",
            "scale chat -n prod --component engine --replicas 2 --override-autoscaler --yes",
        ),
        controller(
            "the controller drains and deletes one engine Instance",
            ObserveReplica("engine"),
        ),
        plugin(
            "The engine is back to 2 Instances",
            "wait chat -n prod --for=replicas=current --component=engine --replicas=2 --timeout=30s",
        ),
        plugin(
            "The engine's last log lines, one prefix per Pod (read through the API server's pods/log)",
            "logs chat -n prod --component engine --tail=3",
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(steps: &[Step], wanted: impl Fn(&Step) -> bool) -> usize {
        steps
            .iter()
            .position(wanted)
            .expect("the step is in the walkthrough")
    }

    /// `rollout explain` runs while the decoder update is paused: after the pause is projected
    /// and before the resume.
    #[test]
    fn rollout_explain_shows_the_paused_decoder_update() {
        let steps = steps();
        let is_plugin = |args: &'static str| move |s: &Step| matches!(s, Step::Plugin { args: a, .. } if a.join(" ") == args);
        let update = position(&steps, |s| {
            matches!(
                s,
                Step::Controller {
                    action: ControllerAction::StartUpdate("decoder"),
                    ..
                }
            )
        });
        let pause = position(&steps, is_plugin("rollout pause chat -n prod --yes"));
        let projected = position(&steps, |s| {
            matches!(
                s,
                Step::Controller {
                    action: ControllerAction::ProjectPause,
                    ..
                }
            )
        });
        let explain = position(&steps, is_plugin("rollout explain chat -n prod"));
        let resume = position(&steps, is_plugin("rollout resume chat -n prod --yes"));
        assert!(update < pause && pause < projected && projected < explain && explain < resume);
    }
}
