//! `version`'s report: the client's build, the OME operator's version from the image tag of
//! the `manager` container of its `ome-controller-manager` Deployment, and the Kubernetes
//! server's version. What cannot be read is `unknown` with a reason in our words (never the
//! server's text); that is not an error.

use crate::errors::ConnectError;
use crate::errors::read_check::ReadCause;
use crate::ome::evidence::ApiError;
use crate::ome::manager::{MANAGER_DEPLOYMENT, ManagerImage, is_image_tag, manager_image};
use serde_json::Value;

/// The whole report: the three lines of website.md §2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct VersionReport {
    pub(crate) client_version: ClientVersion,
    pub(crate) operator_version: Option<Found>,
    pub(crate) server_version: Option<Found>,
}

/// This build.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ClientVersion {
    /// `v<semver>`.
    pub(crate) version: String,
    /// The commit it was built from, or `unknown`.
    pub(crate) commit: String,
}

/// A version that was read, or `unknown` and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Found {
    pub(crate) version: String,
    pub(crate) reason: Option<String>,
}

impl Found {
    fn known(version: String) -> Found {
        Found {
            version,
            reason: None,
        }
    }

    fn unknown(reason: impl Into<String>) -> Found {
        Found {
            version: "unknown".to_string(),
            reason: Some(reason.into()),
        }
    }
}

/// What was read for the server lines: nothing (`--client`), a connection failure, or the two
/// reads.
pub(crate) enum ServerReads<'a> {
    ClientOnly,
    NotConnected(&'a ConnectError),
    Read {
        server: &'a Result<Value, ApiError>,
        manager: &'a Result<Value, ApiError>,
        ome_namespace: &'a str,
    },
}

/// Builds the report.
pub(crate) fn report(client: ClientVersion, reads: ServerReads<'_>) -> VersionReport {
    let (operator_version, server_version) = match reads {
        ServerReads::ClientOnly => (None, None),
        ServerReads::NotConnected(error) => {
            let reason = error.to_string();
            (Some(Found::unknown(&reason)), Some(Found::unknown(reason)))
        }
        ServerReads::Read {
            server,
            manager,
            ome_namespace,
        } => (
            Some(operator_version(manager, ome_namespace)),
            Some(server_version(server)),
        ),
    };
    VersionReport {
        client_version: client,
        operator_version,
        server_version,
    }
}

fn server_version(read: &Result<Value, ApiError>) -> Found {
    match read {
        Ok(info) => match info.get("gitVersion").and_then(Value::as_str) {
            Some(v) if is_image_tag(v) => Found::known(v.to_string()),
            _ => Found::unknown("the server's /version answer has no usable gitVersion"),
        },
        Err(e) => Found::unknown(read_failure(e, "the server's /version")),
    }
}

/// The operator's version; a failed read is `get deployments.apps <ns>/<name>: <cause>` with
/// the cause word of a check line (website.md §2), never the server's text.
fn operator_version(read: &Result<Value, ApiError>, ome_namespace: &str) -> Found {
    let deployment = match read {
        Ok(deployment) => deployment,
        Err(e) => {
            return Found::unknown(format!(
                "get deployments.apps {ome_namespace}/{MANAGER_DEPLOYMENT}: {}",
                ReadCause::of(e).shown()
            ));
        }
    };
    match manager_image_tag(deployment) {
        Ok(tag) => Found::known(tag),
        Err(reason) => Found::unknown(reason),
    }
}

/// Why a read gave nothing, in our words.
fn read_failure(error: &ApiError, what: &str) -> String {
    match error {
        ApiError::Forbidden { .. } => format!("reading {what} is forbidden"),
        ApiError::Unauthorized { .. } => {
            "the server did not accept the credentials (401 Unauthorized)".to_string()
        }
        ApiError::NotFound { .. } => format!("{what} was not found"),
        ApiError::Conflict { .. } => format!("reading {what} failed with HTTP 409"),
        ApiError::Status { code, .. } => format!("reading {what} failed with HTTP {code}"),
        ApiError::Transport(_) => "the server is unreachable".to_string(),
        ApiError::TimedOut => "the server did not answer within 5s".to_string(),
        ApiError::TooLarge | ApiError::Malformed => {
            format!("{what} could not be read (unexpected response)")
        }
        ApiError::UnsafePath => format!("{what} has no valid name to read"),
    }
}

/// The tag of the image of the one container named `manager`, or why there is none.
fn manager_image_tag(deployment: &Value) -> Result<String, &'static str> {
    match manager_image(deployment) {
        ManagerImage::Tagged(tag) => Ok(tag),
        ManagerImage::TooManyContainers => Err("the Deployment has too many containers to inspect"),
        ManagerImage::NoManagerContainer => Err("the Deployment has no container named manager"),
        ManagerImage::AmbiguousManagerContainer => {
            Err("the Deployment has more than one container named manager")
        }
        ManagerImage::TooLong | ManagerImage::Malformed | ManagerImage::InvalidTag => {
            Err("the manager container's image reference is malformed")
        }
        ManagerImage::DigestOnly => {
            Err("the manager image is pinned by digest, without a version tag")
        }
        ManagerImage::Untagged => Err("the manager image has no version tag"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn deployment(containers: Value) -> Value {
        json!({"spec": {"template": {"spec": {"containers": containers}}}})
    }

    #[test]
    fn the_operator_version_is_the_manager_images_tag() {
        let d = deployment(json!([
            {"name": "kube-rbac-proxy", "image": "quay.io/brancz/kube-rbac-proxy:v0.18.0"},
            {"name": "manager", "image": "registry:5000/ome/ome-manager:v1.2.3"},
        ]));
        assert_eq!(manager_image_tag(&d), Ok("v1.2.3".to_string()));
    }

    #[test]
    fn an_unversioned_manager_image_is_unknown_with_a_reason() {
        let tag = |image: &str| {
            manager_image_tag(&deployment(json!([{"name": "manager", "image": image}])))
        };
        assert_eq!(
            tag("registry:5000/ome-manager"),
            Err("the manager image has no version tag")
        );
        assert_eq!(
            tag("ome@sha256:abcd"),
            Err("the manager image is pinned by digest, without a version tag")
        );
        assert_eq!(
            tag("ome:v1\u{1b}[2J"),
            Err("the manager container's image reference is malformed")
        );
        assert_eq!(
            manager_image_tag(&deployment(json!([{"name": "other", "image": "x:v1"}]))),
            Err("the Deployment has no container named manager")
        );
    }

    #[test]
    fn server_failures_are_told_in_our_words() {
        let secret = ApiError::Forbidden {
            message: "s3cr3t server text".to_string(),
        };
        let found = operator_version(&Err(secret), "ome");
        assert_eq!(
            found.reason.as_deref(),
            Some("get deployments.apps ome/ome-controller-manager: Forbidden")
        );
        let missing = ApiError::NotFound {
            named: true,
            message: "s3cr3t".to_string(),
        };
        assert_eq!(
            operator_version(&Err(missing), "ome-system")
                .reason
                .as_deref(),
            Some("get deployments.apps ome-system/ome-controller-manager: NotFound")
        );
    }
}
