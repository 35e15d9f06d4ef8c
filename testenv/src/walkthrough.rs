//! The demo walkthrough: a list of `kubectl ome ...` invocations run against the example.
//! Extend [`steps`] to show more commands.

/// One step of the walkthrough.
#[derive(Debug, Clone)]
pub struct Step {
    /// A sentence printed before the command (as `# ...`).
    pub note: &'static str,
    /// The plugin's arguments (after `kubectl ome`).
    pub args: Vec<&'static str>,
}

impl Step {
    fn new(note: &'static str, args: &[&'static str]) -> Self {
        Step {
            note,
            args: args.to_vec(),
        }
    }
}

/// The steps, in order. They run with `KUBECONFIG` pointing at the admin kubeconfig, against
/// namespace `prod` holding the guide's `chat` example.
pub fn steps() -> Vec<Step> {
    vec![
        Step::new("The plugin's version", &["version"]),
        Step::new(
            "Preview a transient scale of the engine (client dry run)",
            &[
                "scale",
                "chat",
                "-n",
                "prod",
                "--component",
                "engine",
                "--replicas",
                "3",
                "--override-autoscaler",
                "--yes",
                "--dry-run",
                "client",
            ],
        ),
    ]
}
