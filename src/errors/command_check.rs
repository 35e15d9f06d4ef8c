//! What failed, named before any command's final `error:` line (README difference y): the read
//! row of diagnose.md §5.1 with the command's own prefix (`status check: read object=… cause=…`)
//! and, for a context, cluster or user the kubeconfig does not have, `<command> check:
//! kubeconfig context=<name> cause=NotFound`. Values are enums and names that pass SafeScalar;
//! server text never gets here.

use super::ConnectError;
use super::read_check::{ReadCause, ReadKind, ReadObject, read_check};
use super::scale_check::{CheckId, Evidence, ScaleCheck, next_scope};
use crate::ome::evidence::ApiError;

/// The kubeconfig entry a selection named but the kubeconfig does not have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum KubeconfigEntry {
    Context,
    Cluster,
    User,
}

impl KubeconfigEntry {
    fn key(self) -> &'static str {
        match self {
            KubeconfigEntry::Context => "context",
            KubeconfigEntry::Cluster => "cluster",
            KubeconfigEntry::User => "user",
        }
    }
}

/// The step of a command that failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum FailedStep {
    /// A required read: which object, in which namespace, and why.
    Read {
        kind: ReadKind,
        namespace: String,
        name: String,
        cause: ReadCause,
        /// `--context`, for the `next:` line.
        context: Option<String>,
    },
    /// The kubeconfig selection names an entry the kubeconfig does not have.
    Kubeconfig {
        entry: KubeconfigEntry,
        name: String,
    },
}

impl FailedStep {
    /// A failed read of `kind` `namespace/name`.
    pub(crate) fn read(
        kind: ReadKind,
        namespace: &str,
        name: &str,
        error: &ApiError,
        context: Option<&str>,
    ) -> FailedStep {
        FailedStep::Read {
            kind,
            namespace: namespace.to_string(),
            name: name.to_string(),
            cause: ReadCause::of(error),
            context: context.map(str::to_string),
        }
    }

    /// The missing kubeconfig entry a connection failure names, if that is what it is.
    pub(crate) fn of_connect(error: &ConnectError) -> Option<FailedStep> {
        let (entry, name) = match error {
            ConnectError::ContextNotFound(name) => (KubeconfigEntry::Context, name),
            ConnectError::ClusterNotFound(name) => (KubeconfigEntry::Cluster, name),
            ConnectError::UserNotFound(name) => (KubeconfigEntry::User, name),
            _ => return None,
        };
        Some(FailedStep::Kubeconfig {
            entry,
            name: name.clone(),
        })
    }

    /// The lines, each starting `<command> check: `; a `next:` line may follow a read.
    pub(crate) fn lines(&self, command: &str) -> Vec<String> {
        let prefix = format!("{command} check: ");
        match self {
            FailedStep::Read {
                kind,
                namespace,
                name,
                cause,
                context,
            } => {
                let object = ReadObject {
                    kind: *kind,
                    namespace,
                    name,
                };
                let mut check = read_check(object, *cause);
                check.scope = next_scope(namespace, context.as_deref());
                check.lines_as(&prefix)
            }
            FailedStep::Kubeconfig { entry, name } => ScaleCheck::new(
                CheckId::Kubeconfig,
                Evidence::new()
                    .name(entry.key(), name.clone())
                    .word("cause", "NotFound"),
            )
            .lines_as(&prefix),
        }
    }
}

/// The missing kubeconfig entry somewhere in an error's causes.
pub(crate) fn kubeconfig_step(error: &(dyn std::error::Error + 'static)) -> Option<FailedStep> {
    let mut cause = error.source();
    while let Some(e) = cause {
        if let Some(connect) = e.downcast_ref::<ConnectError>() {
            return FailedStep::of_connect(connect);
        }
        cause = e.source();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_kubeconfig_entry_is_named_without_its_contents() {
        let step = FailedStep::of_connect(&ConnectError::ContextNotFound("nope".into()));
        assert_eq!(
            step.map(|s| s.lines("status")).unwrap_or_default(),
            ["status check: kubeconfig context=nope cause=NotFound"]
        );
        let step = FailedStep::of_connect(&ConnectError::UserNotFound("a b".into()));
        assert_eq!(
            step.map(|s| s.lines("wait")).unwrap_or_default(),
            ["wait check: kubeconfig user=<unsafe> cause=NotFound"]
        );
        assert_eq!(FailedStep::of_connect(&ConnectError::NoContext), None);
    }

    #[test]
    fn a_failed_read_names_the_object_and_what_to_run_next() {
        let missing = ApiError::NotFound {
            named: true,
            message: "server text".into(),
        };
        let step = FailedStep::read(
            ReadKind::InferenceService,
            "prod",
            "chat",
            &missing,
            Some("kind-prod"),
        );
        assert_eq!(
            step.lines("autoscale status"),
            [
                "autoscale status check: read object=InferenceService/prod/chat cause=NotFound",
                "next: kubectl get inferenceservices.ome.io -n prod --context kind-prod",
            ]
        );
    }
}
