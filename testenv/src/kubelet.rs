//! A kubelet's container-log endpoint for the real API server's `pods/log` subresource.
//!
//! No kubelet runs in the test environment, and the API server answers `pods/log` only by
//! proxying to the kubelet of the Pod's Node. [`Kubelet`] is that kubelet for the logs alone: a
//! TLS server on loopback (the cluster's serving certificate; the API server runs without
//! `--kubelet-certificate-authority`, so it does not verify it) serving
//! `GET /containerLogs/<ns>/<pod>/<container>` with the query keys the kubelet reads
//! (`follow`, `tailLines`, `sinceSeconds`, `limitBytes`), and a Node whose status names it
//! (`InternalIP 127.0.0.1`, `daemonEndpoints.kubeletEndpoint.port`).
//!
//! sigs.k8s.io/kwok serves the same endpoint, but from CRI log files read through a runtime
//! stub whose `ContainerStatus` always answers `Unavailable`, which the CRI log reader takes for
//! "still running": a followed stream there never ends, neither when its container stops nor
//! when its Pod is deleted, and `logs --follow` must be shown to end when its streams end.
//!
//! A test writes a container's log through a [`LogHandle`]: lines (optionally dated in the
//! past, for `sinceSeconds`), a failure the kubelet would answer instead, an end (what the
//! kubelet does when the container stops or its Pod is deleted), or a generated body of any
//! size that is never held in memory.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, SystemTime};

use anyhow::{Context, Result, anyhow};
use bytes::Bytes;
use futures::StreamExt;
use http_body_util::{BodyExt, Full, StreamBody, combinators::BoxBody};
use hyper::body::{Frame, Incoming};
use hyper::service::service_fn;
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;
use k8s_openapi::api::core::v1::{Node, Pod};
use kube::api::{Api, Patch, PatchParams, PostParams};
use serde_json::json;
use tokio::net::TcpListener;
use tokio::sync::{oneshot, watch};

use crate::cluster::TestCluster;
use crate::misbehave::serving_tls;
use crate::util::{accept_until, short_id};

type LogBody = BoxBody<Bytes, Infallible>;
type Key = (String, String, String);

/// One stored write: when it was written and its bytes.
#[derive(Clone)]
struct Chunk {
    at: SystemTime,
    bytes: Bytes,
}

#[derive(Default)]
struct LogState {
    chunks: Vec<Chunk>,
    ended: bool,
    failure: Option<(u16, String)>,
    generated: Option<(Bytes, u64)>,
}

/// One container's log.
struct LogEntry {
    state: Mutex<LogState>,
    /// Bumped on every change, so followers wake up.
    version: watch::Sender<u64>,
    /// Followed streams open now.
    followers: AtomicUsize,
}

/// Counts a followed stream while it is open.
struct Following(Arc<LogEntry>);

impl Drop for Following {
    fn drop(&mut self) {
        self.0.followers.fetch_sub(1, Ordering::SeqCst);
    }
}

impl LogEntry {
    fn change(&self, f: impl FnOnce(&mut LogState)) {
        if let Ok(mut state) = self.state.lock() {
            f(&mut state);
        }
        self.version.send_modify(|v| *v += 1);
    }
}

/// Writes one container's log (see the module documentation).
#[derive(Clone)]
pub struct LogHandle(Arc<LogEntry>);

impl LogHandle {
    /// Appends `bytes` (written now).
    pub fn write(&self, bytes: impl Into<Bytes>) -> &Self {
        self.write_aged(Duration::ZERO, bytes)
    }

    /// Appends `bytes` as written `age` ago.
    pub fn write_aged(&self, age: Duration, bytes: impl Into<Bytes>) -> &Self {
        let at = SystemTime::now() - age;
        let bytes = bytes.into();
        self.0.change(|s| s.chunks.push(Chunk { at, bytes }));
        self
    }

    /// Ends the log: a followed stream ends once it has sent everything (the container stopped
    /// or its Pod was deleted).
    pub fn end(&self) {
        self.0.change(|s| s.ended = true);
    }

    /// Every request is answered with `code` and `message` as its body, as the kubelet does for
    /// a container that cannot be read (the API server makes the text its Status message).
    pub fn fail(&self, code: u16, message: &str) {
        let message = message.to_string();
        self.0.change(|s| s.failure = Some((code, message)));
    }

    /// How many followed streams of this log are open now.
    pub fn followers(&self) -> usize {
        self.0.followers.load(Ordering::SeqCst)
    }

    /// The log is `line` repeated until `total` bytes (the last copy cut), generated as it is
    /// sent; the stream then ends, followed or not.
    pub fn generate(&self, line: impl Into<Bytes>, total: u64) {
        let line = line.into();
        self.0.change(|s| s.generated = Some((line, total)));
    }
}

/// The kubelet stand-in and its Node.
pub struct Kubelet {
    node: String,
    logs: Arc<Mutex<HashMap<Key, Arc<LogEntry>>>>,
    _shutdown: oneshot::Sender<()>,
}

impl std::fmt::Debug for Kubelet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kubelet")
            .field("node", &self.node)
            .finish_non_exhaustive()
    }
}

static SHARED: OnceLock<std::result::Result<Kubelet, String>> = OnceLock::new();

/// The process-wide kubelet of [`crate::shared`]'s cluster, started (and its Node registered) on
/// first use.
pub fn shared_kubelet() -> Result<&'static Kubelet> {
    let cluster = crate::shared()?;
    let result = SHARED.get_or_init(|| {
        let thread = std::thread::Builder::new()
            .name("ome-testenv-kubelet-start".into())
            .spawn(move || -> std::result::Result<Kubelet, String> {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .map_err(|e| format!("tokio runtime: {e}"))?;
                runtime
                    .block_on(Kubelet::start(cluster))
                    .map_err(|e| format!("{e:#}"))
            });
        match thread {
            Ok(t) => t
                .join()
                .unwrap_or_else(|_| Err("kubelet start-up thread panicked".into())),
            Err(e) => Err(format!("spawning the kubelet start-up thread: {e}")),
        }
    });
    result
        .as_ref()
        .map_err(|e| anyhow!("starting the test kubelet failed: {e}"))
}

impl Kubelet {
    /// Starts a kubelet on `127.0.0.1:<random port>` (its own thread and runtime, living as long
    /// as this value) and registers a Node of a unique name that points at it.
    pub async fn start(cluster: &TestCluster) -> Result<Kubelet> {
        let tls = serving_tls(cluster)?;
        let listener = std::net::TcpListener::bind("127.0.0.1:0").context("binding a port")?;
        listener.set_nonblocking(true)?;
        let port = listener.local_addr()?.port();
        let logs: Arc<Mutex<HashMap<Key, Arc<LogEntry>>>> = Arc::default();
        let served = logs.clone();
        let (shutdown, stop) = oneshot::channel();
        std::thread::Builder::new()
            .name("ome-testenv-kubelet".into())
            .spawn(move || {
                let Ok(runtime) = tokio::runtime::Builder::new_multi_thread()
                    .worker_threads(2)
                    .enable_all()
                    .build()
                else {
                    return;
                };
                runtime.block_on(async move {
                    if let Ok(listener) = TcpListener::from_std(listener) {
                        serve(listener, tls, served, stop).await;
                    }
                });
                runtime.shutdown_timeout(Duration::from_secs(1));
            })
            .context("spawning the kubelet")?;
        let node = format!("ome-testenv-kubelet-{}", short_id());
        register_node(&cluster.admin().await?, &node, port).await?;
        Ok(Kubelet {
            node,
            logs,
            _shutdown: shutdown,
        })
    }

    /// The name of the Node this kubelet serves.
    pub fn node(&self) -> &str {
        &self.node
    }

    /// The log of `container` in Pod `ns/pod` (created empty on first use).
    pub fn log(&self, ns: &str, pod: &str, container: &str) -> LogHandle {
        let key = (ns.to_string(), pod.to_string(), container.to_string());
        let mut logs = self.logs.lock().unwrap_or_else(|e| e.into_inner());
        let entry = logs.entry(key).or_insert_with(|| {
            Arc::new(LogEntry {
                state: Mutex::new(LogState::default()),
                version: watch::channel(0).0,
                followers: AtomicUsize::new(0),
            })
        });
        LogHandle(entry.clone())
    }

    /// Creates Pod `name` in `ns` on this kubelet's Node with these labels and containers
    /// (the first one `ome-container` unless named otherwise), Running.
    pub async fn create_pod(
        &self,
        client: &kube::Client,
        ns: &str,
        name: &str,
        labels: &[(&str, &str)],
        containers: &[&str],
    ) -> Result<Pod> {
        let labels: serde_json::Map<String, serde_json::Value> = labels
            .iter()
            .map(|(k, v)| ((*k).to_string(), json!(v)))
            .collect();
        let containers: Vec<_> = containers
            .iter()
            .map(|c| json!({"name": c, "image": "ome/serving:test"}))
            .collect();
        let pod: Pod = serde_json::from_value(json!({
            "apiVersion": "v1", "kind": "Pod",
            "metadata": {"name": name, "namespace": ns, "labels": labels},
            "spec": {"nodeName": self.node, "containers": containers},
        }))?;
        let api: Api<Pod> = Api::namespaced(client.clone(), ns);
        api.create(&PostParams::default(), &pod)
            .await
            .with_context(|| format!("creating Pod {ns}/{name}"))
    }
}

/// Registers the Node and writes its status as a kubelet does: where its endpoint is.
async fn register_node(client: &kube::Client, name: &str, port: u16) -> Result<()> {
    let api: Api<Node> = Api::all(client.clone());
    let node: Node = serde_json::from_value(json!({
        "apiVersion": "v1", "kind": "Node",
        "metadata": {"name": name, "labels": {"kubernetes.io/hostname": name}},
    }))?;
    api.create(&PostParams::default(), &node)
        .await
        .with_context(|| format!("creating Node {name}"))?;
    let status = json!({"status": {
        "addresses": [{"type": "InternalIP", "address": "127.0.0.1"}],
        "daemonEndpoints": {"kubeletEndpoint": {"Port": port}},
    }});
    api.patch_status(name, &PatchParams::default(), &Patch::Merge(&status))
        .await
        .with_context(|| format!("writing the status of Node {name}"))?;
    Ok(())
}

async fn serve(
    listener: TcpListener,
    tls: Arc<rustls::ServerConfig>,
    logs: Arc<Mutex<HashMap<Key, Arc<LogEntry>>>>,
    stop: oneshot::Receiver<()>,
) {
    let acceptor = tokio_rustls::TlsAcceptor::from(tls);
    accept_until(listener, stop, move |tcp| {
        let (acceptor, logs) = (acceptor.clone(), logs.clone());
        async move {
            let Ok(tls) = acceptor.accept(tcp).await else {
                return;
            };
            let service = service_fn(move |request: Request<Incoming>| {
                let logs = logs.clone();
                async move { Ok::<_, Infallible>(answer(&logs, &request)) }
            });
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(tls), service)
                .await;
        }
    })
    .await;
}

/// The query keys the kubelet reads.
#[derive(Debug, Default, Clone, Copy)]
struct LogQuery {
    follow: bool,
    tail_lines: Option<u64>,
    since_seconds: Option<u64>,
    limit_bytes: Option<u64>,
}

impl LogQuery {
    fn parse(query: &str) -> LogQuery {
        let mut parsed = LogQuery::default();
        for (key, value) in query.split('&').filter_map(|p| p.split_once('=')) {
            match key {
                "follow" => parsed.follow = value == "true",
                "tailLines" => parsed.tail_lines = value.parse().ok(),
                "sinceSeconds" => parsed.since_seconds = value.parse().ok(),
                "limitBytes" => parsed.limit_bytes = value.parse().ok(),
                _ => {}
            }
        }
        parsed
    }
}

fn text(code: u16, body: String) -> Response<LogBody> {
    let mut response = Response::new(Full::new(Bytes::from(body)).boxed());
    *response.status_mut() = http::StatusCode::from_u16(code).unwrap_or_default();
    response
}

fn answer(
    logs: &Mutex<HashMap<Key, Arc<LogEntry>>>,
    request: &Request<Incoming>,
) -> Response<LogBody> {
    let path = request.uri().path();
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let ["containerLogs", ns, pod, container] = parts.as_slice() else {
        return text(404, format!("404 page not found: {path}"));
    };
    let key = (
        (*ns).to_string(),
        (*pod).to_string(),
        (*container).to_string(),
    );
    let entry = logs.lock().ok().and_then(|l| l.get(&key).cloned());
    let Some(entry) = entry else {
        return text(
            404,
            format!("container {container} is not known for pod {ns}/{pod}"),
        );
    };
    let query = LogQuery::parse(request.uri().query().unwrap_or_default());
    let (failure, generated) = match entry.state.lock() {
        Ok(s) => (s.failure.clone(), s.generated.clone()),
        Err(_) => (None, None),
    };
    if let Some((code, message)) = failure {
        return text(code, message);
    }
    let mut response = match generated {
        Some((line, total)) => Response::new(generate(line, total)),
        None => Response::new(stored(entry, query)),
    };
    response
        .headers_mut()
        .insert("content-type", http::HeaderValue::from_static("text/plain"));
    response
}

/// `line` repeated up to `total` bytes, in chunks of about 64 KiB made once.
fn generate(line: Bytes, total: u64) -> LogBody {
    let per_chunk = ((64 << 10) / line.len().max(1)).max(1);
    let chunk = Bytes::from(line.repeat(per_chunk));
    let size = chunk.len() as u64;
    let stream = futures::stream::unfold(0u64, move |sent| {
        let chunk = chunk.clone();
        async move {
            if sent >= total || size == 0 {
                return None;
            }
            let n = size.min(total - sent);
            let data = chunk.slice(..usize::try_from(n).unwrap_or(0));
            Some((Ok(Frame::data(data)), sent + n))
        }
    });
    BodyExt::boxed(StreamBody::new(stream))
}

/// The stored log as the query asks: history cut to `sinceSeconds`, `tailLines` and
/// `limitBytes`; with `follow`, then every later write until the log ends.
fn stored(entry: Arc<LogEntry>, query: LogQuery) -> LogBody {
    let mut version = entry.version.subscribe();
    let (history, seen) = match entry.state.lock() {
        Ok(s) => (history(&s.chunks, query), s.chunks.len()),
        Err(_) => (Bytes::new(), 0),
    };
    version.mark_unchanged();
    let head = futures::stream::once(async move { history });
    if !query.follow {
        return BodyExt::boxed(StreamBody::new(head.map(|b| Ok(Frame::data(b)))));
    }
    entry.followers.fetch_add(1, Ordering::SeqCst);
    let following = Following(entry.clone());
    let later = futures::stream::unfold(
        (entry, version, seen, following),
        |(entry, mut version, mut seen, following)| async move {
            loop {
                let (next, ended) = match entry.state.lock() {
                    Ok(s) => (s.chunks.get(seen..).map(|c| c.to_vec()), s.ended),
                    Err(_) => (None, true),
                };
                let next = next.unwrap_or_default();
                if !next.is_empty() {
                    seen += next.len();
                    let bytes: Vec<u8> = next.iter().flat_map(|c| c.bytes.to_vec()).collect();
                    return Some((Bytes::from(bytes), (entry, version, seen, following)));
                }
                if ended || version.changed().await.is_err() {
                    return None;
                }
            }
        },
    );
    BodyExt::boxed(StreamBody::new(
        head.chain(later).map(|b| Ok(Frame::data(b))),
    ))
}

/// The history the query selects, as the kubelet cuts it.
fn history(chunks: &[Chunk], query: LogQuery) -> Bytes {
    let cutoff = query
        .since_seconds
        .map(|s| SystemTime::now() - Duration::from_secs(s));
    let mut bytes: Vec<u8> = chunks
        .iter()
        .filter(|c| cutoff.is_none_or(|cut| c.at >= cut))
        .flat_map(|c| c.bytes.to_vec())
        .collect();
    if let Some(n) = query.tail_lines {
        bytes = last_lines(&bytes, n).to_vec();
    }
    if let Some(limit) = query.limit_bytes {
        bytes.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
    }
    Bytes::from(bytes)
}

/// The last `n` lines of `bytes` (a last line without LF counts as one).
fn last_lines(bytes: &[u8], n: u64) -> &[u8] {
    if n == 0 {
        return &[];
    }
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let mut found = 0;
    for (i, b) in body.iter().enumerate().rev() {
        if *b == b'\n' {
            found += 1;
            if found == n {
                return bytes.get(i + 1..).unwrap_or_default();
            }
        }
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tail_lines_counts_from_the_end() {
        assert_eq!(last_lines(b"a\nb\nc\n", 2), b"b\nc\n");
        assert_eq!(last_lines(b"a\nb\nc", 2), b"b\nc");
        assert_eq!(last_lines(b"a\nb\n", 5), b"a\nb\n");
        assert_eq!(last_lines(b"a\nb\n", 0), b"");
    }
}
