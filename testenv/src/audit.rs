//! Reading the server's audit log (`DIR/audit.log`, JSON lines, Metadata level, every request).
//!
//! Events are written asynchronously relative to the client seeing its response: call
//! [`Audit::sync`] before asserting, so every request that completed earlier is in the log.

use std::fs::{self, File};
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result};
use k8s_openapi::api::core::v1::ConfigMap;
use kube::api::Api;
use serde::Deserialize;

use crate::cluster::TestCluster;
use crate::wait::poll_until;

/// Verbs that change state.
pub const WRITE_VERBS: [&str; 5] = ["create", "update", "patch", "delete", "deletecollection"];

/// One audit event (the fields the tests use).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AuditEvent {
    /// The request's audit id.
    #[serde(rename = "auditID", default)]
    pub audit_id: String,
    /// `ResponseComplete`, `ResponseStarted` (watches) or `Panic`.
    #[serde(default)]
    pub stage: String,
    /// Kubernetes verb: get, list, watch, create, update, patch, delete, ...
    #[serde(default)]
    pub verb: String,
    /// Path and query as sent, e.g. `/apis/ome.io/v1beta1/namespaces/x/inferencereplicas/a/scale?dryRun=All`.
    #[serde(rename = "requestURI", default)]
    pub request_uri: String,
    /// The authenticated user.
    #[serde(default)]
    pub user: AuditUser,
    /// The user the request impersonated (`--as`, `--as-group`, `--as-uid`), if any.
    #[serde(default)]
    pub impersonated_user: Option<AuditUser>,
    /// The request's `User-Agent` header.
    #[serde(default)]
    pub user_agent: String,
    /// The object addressed, if any.
    #[serde(default)]
    pub object_ref: Option<ObjectRef>,
    /// The response status.
    #[serde(default)]
    pub response_status: Option<ResponseStatus>,
}

/// `user` of an audit event.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct AuditUser {
    /// User name (`admin`, `reader`, `scaler`, `cert-admin`, ...).
    #[serde(default)]
    pub username: String,
    /// Groups.
    #[serde(default)]
    pub groups: Vec<String>,
    /// UID (for an impersonated user, the `--as-uid` value).
    #[serde(default)]
    pub uid: String,
}

/// `objectRef` of an audit event.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectRef {
    /// Plural resource, e.g. `inferencereplicas`.
    #[serde(default)]
    pub resource: String,
    /// Subresource, e.g. `scale` or `status`.
    #[serde(default)]
    pub subresource: String,
    /// Namespace.
    #[serde(default)]
    pub namespace: String,
    /// Object name.
    #[serde(default)]
    pub name: String,
    /// API group.
    #[serde(default)]
    pub api_group: String,
}

/// `responseStatus` of an audit event.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ResponseStatus {
    /// HTTP status code.
    #[serde(default)]
    pub code: i32,
}

impl AuditEvent {
    /// True for create/update/patch/delete/deletecollection.
    pub fn is_write(&self) -> bool {
        WRITE_VERBS.contains(&self.verb.as_str())
    }

    /// True when the request asked for a server-side dry run (`dryRun=All`).
    pub fn is_dry_run(&self) -> bool {
        self.request_uri.contains("dryRun=All")
    }

    /// The HTTP status code (0 when absent).
    pub fn code(&self) -> i32 {
        self.response_status.as_ref().map_or(0, |s| s.code)
    }

    /// The namespace of the addressed object ("" when cluster-scoped or absent).
    pub fn namespace(&self) -> &str {
        self.object_ref
            .as_ref()
            .map_or("", |o| o.namespace.as_str())
    }

    /// `resource` or `resource/subresource` of the addressed object.
    pub fn resource(&self) -> String {
        match &self.object_ref {
            Some(o) if o.subresource.is_empty() => o.resource.clone(),
            Some(o) => format!("{}/{}", o.resource, o.subresource),
            None => String::new(),
        }
    }

    /// The addressed object's name ("" for lists).
    pub fn name(&self) -> &str {
        self.object_ref.as_ref().map_or("", |o| o.name.as_str())
    }

    /// The request path without the query string.
    pub fn path(&self) -> &str {
        self.request_uri.split('?').next().unwrap_or("")
    }
}

/// A position in the audit log (see [`Audit::mark`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AuditMark(u64);

/// The audit log of one [`TestCluster`].
#[derive(Debug, Clone, Copy)]
pub struct Audit<'a> {
    cluster: &'a TestCluster,
}

impl<'a> Audit<'a> {
    pub(crate) fn new(cluster: &'a TestCluster) -> Self {
        Self { cluster }
    }

    /// Events whose line starts at or after byte `offset`. The log is parsed once, incrementally
    /// (it grows to tens of MB over a suite run, and every assertion reads it).
    fn read_from(
        &self,
        offset: u64,
        keep: impl Fn(&AuditEvent) -> bool,
    ) -> Result<Vec<AuditEvent>> {
        let path = self.cluster.dir().join("audit.log");
        let mut index = self
            .cluster
            .audit_index
            .lock()
            .map_err(|_| anyhow::anyhow!("audit index lock poisoned"))?;
        index.refresh(&path)?;
        Ok(index.since(offset).filter(|e| keep(e)).cloned().collect())
    }

    /// The current end of the log: pass it to [`Audit::events_since`] to see only later events.
    /// Call [`Audit::sync`] first so that earlier requests are not counted as later ones.
    pub fn mark(&self) -> Result<AuditMark> {
        let path = self.cluster.dir().join("audit.log");
        Ok(AuditMark(fs::metadata(&path).map(|m| m.len()).unwrap_or(0)))
    }

    /// Every completed request since `mark`.
    pub fn events_since(&self, mark: AuditMark) -> Result<Vec<AuditEvent>> {
        self.read_from(mark.0, |_| true)
    }

    /// Every completed request (stage `ResponseComplete` or `Panic`) in the log.
    pub fn events(&self) -> Result<Vec<AuditEvent>> {
        self.read_from(0, |_| true)
    }

    /// Every completed request addressed to namespace `ns`.
    pub fn requests_in(&self, ns: &str) -> Result<Vec<AuditEvent>> {
        self.read_from(0, |e| e.namespace() == ns)
    }

    /// Every completed request in `ns` made by `user`.
    pub fn requests_by(&self, ns: &str, user: &str) -> Result<Vec<AuditEvent>> {
        Ok(self
            .requests_in(ns)?
            .into_iter()
            .filter(|e| e.user.username == user)
            .collect())
    }

    /// Writes (any outcome, dry runs included) in `ns` by `user`.
    pub fn writes_by(&self, ns: &str, user: &str) -> Result<Vec<AuditEvent>> {
        Ok(self
            .requests_by(ns, user)?
            .into_iter()
            .filter(AuditEvent::is_write)
            .collect())
    }

    /// Writes in `ns` by anyone except the harness's own `admin` user (fixtures and controller
    /// stand-ins write as `admin`).
    pub fn writes_in(&self, ns: &str) -> Result<Vec<AuditEvent>> {
        Ok(self
            .requests_in(ns)?
            .into_iter()
            .filter(|e| e.is_write() && e.user.username != "admin")
            .collect())
    }

    /// Writes in `ns` by `user` that were not dry runs and that the server accepted (2xx).
    pub fn stored_writes_by(&self, ns: &str, user: &str) -> Result<Vec<AuditEvent>> {
        Ok(self
            .writes_by(ns, user)?
            .into_iter()
            .filter(|e| !e.is_dry_run() && (200..300).contains(&e.code()))
            .collect())
    }

    /// Waits (at most 10 s) until a marker request issued now appears in the log; afterwards
    /// every request that completed before this call is in the log.
    pub async fn sync(&self) -> Result<()> {
        let client = self.cluster.admin().await?;
        let marker = format!("audit-sync-{}", crate::util::short_id());
        let api: Api<ConfigMap> = Api::namespaced(client, "default");
        let mark = self.mark()?;
        // The marker object does not exist: the GET is answered 404 and audited.
        let _ = api.get_opt(&marker).await.context("audit marker request")?;
        poll_until(Duration::from_secs(10), Duration::from_millis(20), || {
            let found = self
                .events_since(mark)
                .map(|events| events.iter().any(|e| e.name() == marker));
            async move { Ok(found?.then_some(())) }
        })
        .await
        .context("waiting for the audit marker")
    }
}

/// The parsed prefix of one audit log: complete lines up to `offset`, each event with the byte
/// offset its line starts at (marks are byte offsets).
#[derive(Debug, Default)]
pub(crate) struct AuditIndex {
    offset: u64,
    events: Vec<(u64, AuditEvent)>,
}

impl AuditIndex {
    /// Parses the lines completed since the last refresh. A line still being written has no
    /// newline yet: it stays unread until a later refresh.
    fn refresh(&mut self, path: &Path) -> Result<()> {
        let mut file = match File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(e).with_context(|| format!("opening {}", path.display())),
        };
        file.seek(SeekFrom::Start(self.offset))
            .with_context(|| format!("seeking {}", path.display()))?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)
            .with_context(|| format!("reading {}", path.display()))?;
        let complete = bytes.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
        let mut start = self.offset;
        for line in bytes
            .get(..complete)
            .unwrap_or_default()
            .split_inclusive(|b| *b == b'\n')
        {
            let event = serde_json::from_slice::<AuditEvent>(line).ok();
            if let Some(e) = event.filter(|e| e.stage == "ResponseComplete" || e.stage == "Panic") {
                self.events.push((start, e));
            }
            start += line.len() as u64;
        }
        self.offset = start;
        Ok(())
    }

    fn since(&self, offset: u64) -> impl Iterator<Item = &AuditEvent> {
        let first = self.events.partition_point(|(at, _)| *at < offset);
        self.events.iter().skip(first).map(|(_, e)| e)
    }
}
