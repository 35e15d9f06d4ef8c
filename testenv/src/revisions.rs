//! Runtime ControllerRevisions in the OME namespace, written the way OME's controller writes a
//! pin (evidence-strictness.md §2.3): `data` is the runtime spec itself as compact JSON, the
//! `ome.io/revision-hash` label is the first 8 hex of SHA-256 of exactly those bytes, the name is
//! `cr-<runtime>-<hash>` (ClusterServingRuntime) or `r-<namespace>-<runtime>-<hash>`
//! (ServingRuntime), `revision: 1`, the `ome.io/runtime-of*` labels and the
//! `ome.io/created-by: ome-controller` annotation.
//!
//! The request body is sent as bytes, so the `data` bytes the server stores are the bytes hashed
//! here; [`served_data_bytes`] reads them back as served.

use anyhow::{Context, Result, bail};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// What a pin is made from.
#[derive(Debug, Clone)]
pub struct RevisionSource {
    /// `ClusterServingRuntime` or `ServingRuntime`.
    pub kind: String,
    /// The runtime's namespace (empty for the cluster kind).
    pub namespace: String,
    /// The runtime's name.
    pub runtime: String,
    /// The runtime spec (becomes `data`).
    pub data: Value,
}

impl RevisionSource {
    /// A pin of the ClusterServingRuntime `runtime` with spec `data`.
    pub fn cluster(runtime: &str, data: Value) -> Self {
        RevisionSource {
            kind: "ClusterServingRuntime".into(),
            namespace: String::new(),
            runtime: runtime.into(),
            data,
        }
    }

    /// A pin of the ServingRuntime `namespace/runtime` with spec `data`.
    pub fn namespaced(namespace: &str, runtime: &str, data: Value) -> Self {
        RevisionSource {
            kind: "ServingRuntime".into(),
            namespace: namespace.into(),
            runtime: runtime.into(),
            data,
        }
    }

    /// The compact JSON bytes of `data` (key order as given).
    pub fn data_bytes(&self) -> Result<Vec<u8>> {
        serde_json::to_vec(&self.data).context("encoding revision data")
    }

    /// The first 8 hex characters of SHA-256 of the data bytes.
    pub fn hash(&self) -> Result<String> {
        Ok(hex8(&self.data_bytes()?))
    }

    /// `cr-<runtime>-<hash>` or `r-<namespace>-<runtime>-<hash>`.
    pub fn name(&self) -> Result<String> {
        let hash = self.hash()?;
        Ok(if self.namespace.is_empty() {
            format!("cr-{}-{hash}", self.runtime)
        } else {
            format!("r-{}-{}-{hash}", self.namespace, self.runtime)
        })
    }

    /// The ControllerRevision as OME writes it, as JSON bytes (`data` spliced in verbatim).
    /// `edit` may change the envelope (labels, annotations, name, revision) to break one rule.
    pub fn body(&self, edit: impl FnOnce(&mut Value)) -> Result<Vec<u8>> {
        let hash = self.hash()?;
        let mut envelope = json!({
            "apiVersion": "apps/v1",
            "kind": "ControllerRevision",
            "metadata": {
                "name": self.name()?,
                "labels": {
                    "ome.io/runtime-of": self.runtime,
                    "ome.io/runtime-of-kind": self.kind,
                    "ome.io/runtime-of-namespace": self.namespace,
                    "ome.io/revision-hash": hash,
                },
                "annotations": {"ome.io/created-by": "ome-controller"},
            },
            "revision": 1,
        });
        edit(&mut envelope);
        let mut body = serde_json::to_vec(&envelope).context("encoding revision")?;
        // Replace the closing brace with `,"data":<bytes>}` so the data bytes are exact.
        if body.pop() != Some(b'}') {
            bail!("revision envelope is not an object");
        }
        body.extend_from_slice(b",\"data\":");
        body.extend_from_slice(&self.data_bytes()?);
        body.push(b'}');
        Ok(body)
    }
}

fn hex8(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .take(4)
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn path(ome_namespace: &str, name: &str) -> String {
    format!("/apis/apps/v1/namespaces/{ome_namespace}/controllerrevisions/{name}")
}

/// Creates the pin in `ome_namespace` (which must exist) from `body` (see
/// [`RevisionSource::body`]). Returns the stored object.
pub async fn create_revision(
    client: &kube::Client,
    ome_namespace: &str,
    body: Vec<u8>,
) -> Result<Value> {
    let request = http::Request::post(format!(
        "/apis/apps/v1/namespaces/{ome_namespace}/controllerrevisions"
    ))
    .header("content-type", "application/json")
    .body(body)
    .context("building the ControllerRevision request")?;
    let text = client
        .request_text(request)
        .await
        .context("creating the ControllerRevision")?;
    serde_json::from_str(&text).context("decoding the created ControllerRevision")
}

/// The `data` bytes exactly as the server serves them (from a raw GET).
pub async fn served_data_bytes(
    client: &kube::Client,
    ome_namespace: &str,
    name: &str,
) -> Result<Vec<u8>> {
    let request = http::Request::get(path(ome_namespace, name))
        .body(Vec::new())
        .context("building the ControllerRevision GET")?;
    let text = client
        .request_text(request)
        .await
        .context("reading the ControllerRevision")?;
    #[derive(serde::Deserialize)]
    struct Raw<'a> {
        #[serde(borrow)]
        data: &'a serde_json::value::RawValue,
    }
    let raw: Raw = serde_json::from_str(&text).context("decoding the served ControllerRevision")?;
    Ok(raw.data.get().as_bytes().to_vec())
}
