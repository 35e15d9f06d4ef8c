//! The `read` check of a refusal whose cause is a failed required read (diagnose.md §5.1, the
//! row of `required Kubernetes API request failed; check access and connectivity`; README
//! differences i and y): `read object=<Kind>/<namespace>/<name>[/scale] cause=<cause>`, and the
//! command that helps next. The cause comes from the typed [`ApiError`] (status code, transport
//! failure kind), never from message text, and names no server text.

use super::scale_check::{CheckId, CheckValue, Evidence, Next, ScaleCheck};
use crate::ome::evidence::{ApiError, TransportFailure};

/// Why a required read failed: the closed set of the `read` row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ReadCause {
    NotFound,
    Forbidden,
    Unauthorized,
    Timeout,
    Unreachable,
    Tls,
    Proxy,
    TooLarge,
    Undecodable,
    /// Any other HTTP error status.
    Http(u16),
}

impl ReadCause {
    /// The cause of a failed read, from what the server answered or the kind of failure below
    /// HTTP.
    pub(crate) fn of(error: &ApiError) -> ReadCause {
        match error {
            ApiError::NotFound { .. } => ReadCause::NotFound,
            ApiError::Forbidden { .. } => ReadCause::Forbidden,
            ApiError::Unauthorized { .. } => ReadCause::Unauthorized,
            ApiError::Conflict { .. } => ReadCause::Http(409),
            ApiError::Status { code, .. } => ReadCause::Http(*code),
            ApiError::Transport(transport) => match transport.failure() {
                TransportFailure::Tls => ReadCause::Tls,
                TransportFailure::Proxy => ReadCause::Proxy,
                TransportFailure::ConnectTimeout => ReadCause::Timeout,
                // The credentials (a token file, an exec plugin) could not be obtained: the
                // server could not have accepted the identity either.
                TransportFailure::Credentials => ReadCause::Unauthorized,
                // A request that could not be built was never sent: nothing answered it.
                TransportFailure::Request
                | TransportFailure::Refused
                | TransportFailure::Closed
                | TransportFailure::Other => ReadCause::Unreachable,
            },
            ApiError::TimedOut => ReadCause::Timeout,
            ApiError::TooLarge => ReadCause::TooLarge,
            // A name the cluster gave that cannot become a path is evidence we cannot use.
            ApiError::Malformed | ApiError::UnsafePath => ReadCause::Undecodable,
        }
    }

    /// The cause as a check line shows it: `http=<code>` or the word.
    pub(crate) fn shown(self) -> String {
        match self {
            ReadCause::Http(code) => format!("http={code}"),
            other => other.word().to_string(),
        }
    }

    fn word(self) -> &'static str {
        match self {
            ReadCause::NotFound => "NotFound",
            ReadCause::Forbidden => "Forbidden",
            ReadCause::Unauthorized => "Unauthorized",
            ReadCause::Timeout => "Timeout",
            ReadCause::Unreachable => "Unreachable",
            ReadCause::Tls => "TLS",
            ReadCause::Proxy => "Proxy",
            ReadCause::TooLarge => "TooLarge",
            ReadCause::Undecodable => "Undecodable",
            ReadCause::Http(_) => "http",
        }
    }
}

/// The kinds of object a required read names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ReadKind {
    /// A BaseModel in a namespace.
    BaseModel,
    /// A ClusterBaseModel (named without a namespace).
    ClusterBaseModel,
    InferenceService,
    InferenceReplica,
    /// The `/scale` subresource of an InferenceReplica.
    Scale,
    /// The LIST of a service's InferenceReplicas (named by the service).
    InferenceReplicaList,
    /// The LIST of a namespace's ServingRuntimes (named by the namespace alone).
    ServingRuntimeList,
    /// The LIST of every ClusterServingRuntime (named by neither).
    ClusterServingRuntimeList,
}

/// The object a required read asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ReadObject<'a> {
    pub(crate) kind: ReadKind,
    pub(crate) namespace: &'a str,
    pub(crate) name: &'a str,
}

impl ReadObject<'_> {
    fn kind_and_suffix(&self) -> (&'static str, &'static str) {
        match self.kind {
            ReadKind::BaseModel => ("BaseModel", ""),
            ReadKind::ClusterBaseModel => ("ClusterBaseModel", ""),
            ReadKind::InferenceService => ("InferenceService", ""),
            ReadKind::InferenceReplica => ("InferenceReplica", ""),
            ReadKind::Scale => ("InferenceReplica", "/scale"),
            ReadKind::InferenceReplicaList => ("InferenceReplicaList", ""),
            ReadKind::ServingRuntimeList => ("ServingRuntimeList", ""),
            ReadKind::ClusterServingRuntimeList => ("ClusterServingRuntimeList", ""),
        }
    }

    /// The object as a check value (each name checked on its own).
    pub(crate) fn value(&self) -> CheckValue {
        let (kind, suffix) = self.kind_and_suffix();
        // A cluster-scoped object names no namespace; a runtime LIST names no object.
        let namespace = match self.kind {
            ReadKind::ClusterBaseModel | ReadKind::ClusterServingRuntimeList => "",
            _ => self.namespace,
        };
        let name = match self.kind {
            ReadKind::ServingRuntimeList | ReadKind::ClusterServingRuntimeList => "",
            _ => self.name,
        };
        CheckValue::Object {
            kind,
            namespace: namespace.to_string(),
            name: name.to_string(),
            suffix,
        }
    }
}

/// `read object=… cause=…`, then for a refused identity the access check, and for a missing
/// InferenceService the list of the services in the namespace.
pub(crate) fn read_check(object: ReadObject<'_>, cause: ReadCause) -> ScaleCheck {
    let line = Evidence::new().object(object.value());
    let line = match cause {
        ReadCause::Http(code) => line.cause_with(cause.word(), CheckValue::Int(i64::from(code))),
        other => line.word("cause", other.word()),
    };
    let check = ScaleCheck::new(CheckId::Read, line);
    // The `next:` line ends with the namespace and context (`Refusal::in_namespace`).
    match (cause, object.kind) {
        (ReadCause::Forbidden | ReadCause::Unauthorized, _) => check.with_next(Next::Access),
        (ReadCause::NotFound, ReadKind::InferenceService) => check.with_next(Next::Services),
        _ => check,
    }
}

/// Why the server refused a guarded PATCH before anything could be stored (website.md §6): an
/// identity it did not accept, an authorizer's refusal or a missing target. Any other failure
/// leaves the outcome unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WriteCause {
    Unauthorized,
    Forbidden,
    NotFound,
}

impl WriteCause {
    fn word(self) -> &'static str {
        match self {
            WriteCause::Unauthorized => "Unauthorized",
            WriteCause::Forbidden => "Forbidden",
            WriteCause::NotFound => "NotFound",
        }
    }
}

/// `write object=… cause=<Forbidden|Unauthorized|NotFound>` of a guarded PATCH the server
/// refused, then, for a refused identity, the access check (website.md §6).
pub(crate) fn write_check(object: ReadObject<'_>, cause: WriteCause) -> ScaleCheck {
    let line = Evidence::new()
        .object(object.value())
        .word("cause", cause.word());
    let check = ScaleCheck::new(CheckId::Write, line);
    match cause {
        WriteCause::Forbidden | WriteCause::Unauthorized => check.with_next(Next::Access),
        WriteCause::NotFound => check,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ome::evidence::TransportError;
    use std::io::{Error, ErrorKind};

    fn lines(kind: ReadKind, error: &ApiError) -> Vec<String> {
        let object = ReadObject {
            kind,
            namespace: "prod",
            name: "chat-engine",
        };
        // The scope the command adds (`Refusal::in_namespace`): what the user sees.
        let mut check = read_check(object, ReadCause::of(error));
        check.scope = crate::errors::scale_check::next_scope("prod", None);
        check.lines()
    }

    #[test]
    fn every_cause_is_named_from_the_typed_error() {
        let transport = |kind| ApiError::Transport(TransportError::new(Error::new(kind, "x")));
        let status = |code| ApiError::Status {
            code,
            reason: "InternalError".into(),
            message: "secret server text".into(),
            details: None,
        };
        let cases = [
            (ApiError::TimedOut, "Timeout"),
            (ApiError::TooLarge, "TooLarge"),
            (ApiError::Malformed, "Undecodable"),
            (transport(ErrorKind::ConnectionRefused), "Unreachable"),
            (transport(ErrorKind::TimedOut), "Timeout"),
            (transport(ErrorKind::InvalidData), "TLS"),
            (status(503), "http=503"),
            (
                ApiError::Conflict {
                    message: "x".into(),
                },
                "http=409",
            ),
        ];
        for (error, cause) in cases {
            assert_eq!(
                lines(ReadKind::InferenceReplica, &error),
                [format!(
                    "scale check: read object=InferenceReplica/prod/chat-engine cause={cause}"
                )]
            );
        }
    }

    #[test]
    fn refused_identities_and_missing_services_say_what_to_run_next() {
        let forbidden = ApiError::Forbidden {
            message: "secret".into(),
        };
        assert_eq!(
            lines(ReadKind::Scale, &forbidden),
            [
                "scale check: read object=InferenceReplica/prod/chat-engine/scale cause=Forbidden",
                "next: kubectl ome admin doctor --access -n prod",
            ]
        );
        let missing = ApiError::NotFound {
            named: true,
            message: "secret".into(),
        };
        assert_eq!(
            lines(ReadKind::InferenceService, &missing),
            [
                "scale check: read object=InferenceService/prod/chat-engine cause=NotFound",
                "next: kubectl get inferenceservices.ome.io -n prod",
            ]
        );
        // A missing replica has no list to point to.
        assert_eq!(lines(ReadKind::InferenceReplica, &missing).len(), 1);
        let object = ReadObject {
            kind: ReadKind::InferenceService,
            namespace: "prod",
            name: "chat",
        };
        let refusal = super::super::ScaleError::Api
            .because(read_check(object, ReadCause::Unauthorized))
            .in_namespace("prod", Some("kind-prod"));
        assert_eq!(
            refusal.check.map(|c| c.lines()).unwrap_or_default(),
            [
                "scale check: read object=InferenceService/prod/chat cause=Unauthorized",
                "next: kubectl ome admin doctor --access -n prod --context kind-prod",
            ]
        );
    }

    #[test]
    fn a_refused_write_is_named_with_its_object() {
        let object = ReadObject {
            kind: ReadKind::Scale,
            namespace: "prod",
            name: "chat-engine",
        };
        let mut check = write_check(object, WriteCause::Forbidden);
        check.scope = crate::errors::scale_check::next_scope("prod", Some("kind-prod"));
        assert_eq!(
            check.lines(),
            [
                "scale check: write object=InferenceReplica/prod/chat-engine/scale cause=Forbidden",
                "next: kubectl ome admin doctor --access -n prod --context kind-prod",
            ]
        );
        let check = write_check(object, WriteCause::NotFound);
        assert_eq!(
            check.lines(),
            ["scale check: write object=InferenceReplica/prod/chat-engine/scale cause=NotFound"]
        );
    }

    #[test]
    fn a_connection_through_a_proxy_fails_at_the_proxy() {
        let refused = || {
            ApiError::Transport(TransportError::new(Error::new(
                ErrorKind::ConnectionRefused,
                "x",
            )))
        };
        assert_eq!(
            ReadCause::of(&refused().through_proxy(true)),
            ReadCause::Proxy
        );
        assert_eq!(
            ReadCause::of(&refused().through_proxy(false)),
            ReadCause::Unreachable
        );
        let tls = ApiError::Transport(TransportError::new(Error::new(ErrorKind::InvalidData, "x")));
        assert_eq!(ReadCause::of(&tls.through_proxy(true)), ReadCause::Tls);
    }
}
