//! A TLS-terminating HTTP/1.1 proxy in front of the test server, for tests that must delay,
//! hold or cut a request deterministically, and for benchmarks that count requests and
//! sequential stages.
//!
//! The proxy presents the server's own certificate (`serving.crt`, SAN 127.0.0.1), so clients
//! verify it with the cluster CA, and forwards each request over TLS to the real server with
//! the client's `Authorization` header. Users that authenticate with a client certificate
//! (`cert-admin`) cannot go through the proxy: use a token user.
//!
//! It runs on its own thread and tokio runtime, so it works from any test, even one that
//! blocks its own runtime while a plugin subprocess runs.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow};
use bytes::Bytes;
use futures::future::BoxFuture;
use http_body_util::{BodyExt, Full, combinators::BoxBody};
use hyper::body::Incoming;
use hyper::client::conn::http1::SendRequest;
use hyper::service::service_fn;
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;

use crate::cluster::{CLUSTER_NAME, TestCluster, client_from_kubeconfig};
use crate::faults::{self, Admission, ConnControl, ConnectionPolicy, Fault};
use crate::kubeconfig::KubeconfigBuilder;
use crate::misbehave::{Misbehaviour, respond};
use crate::util::accept_until;

pub(crate) type ProxyBody = BoxBody<Bytes, hyper::Error>;
type BeforeFn = dyn Fn(kube::Client) -> BoxFuture<'static, Result<()>> + Send + Sync;

/// Options of a [`Proxy`].
#[derive(Debug, Clone, Default)]
pub struct ProxyOptions {
    /// Added to every request before it is forwarded.
    pub latency: Duration,
}

/// What a [`Hook`] does to the request it matches.
#[derive(Clone)]
pub enum HookAction {
    /// Runs an async action (given an admin client on the proxy's runtime) and then forwards
    /// the request (if the action fails, the client gets a 500 Status naming the error). The action can modify objects (so a guarded PATCH meets a stale
    /// resourceVersion) or wait on a channel to hold the request.
    Before(Arc<BeforeFn>),
    /// Forwards the request, waits until the server has answered (so it is executed and
    /// stored), then drops the client's connection without returning the response.
    CutAfterForward,
    /// Drops the client's connection without forwarding the request.
    CutBeforeForward,
    /// Answers with this status and JSON body without forwarding.
    Respond(u16, String),
    /// Plays a server misbehaviour (see [`Fault`]).
    Fault(Fault),
    /// Forwards, streams the response (a watch) for this long, then drops the client's
    /// connection mid-stream.
    CutStreamAfter(Duration),
    /// Misbehaves instead of forwarding (see [`crate::misbehave`]).
    Misbehave(Misbehaviour),
}

impl std::fmt::Debug for HookAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HookAction::Before(_) => f.write_str("Before(..)"),
            HookAction::CutAfterForward => f.write_str("CutAfterForward"),
            HookAction::CutBeforeForward => f.write_str("CutBeforeForward"),
            HookAction::Respond(code, _) => write!(f, "Respond({code}, ..)"),
            HookAction::Fault(fault) => write!(f, "Fault({fault:?})"),
            HookAction::CutStreamAfter(d) => write!(f, "CutStreamAfter({d:?})"),
            HookAction::Misbehave(m) => write!(f, "Misbehave({m:?})"),
        }
    }
}

/// A hook matched by HTTP method and exact request path (query ignored), firing on the `nth`
/// matching request (1-based) or, with `nth: None`, on every matching request.
#[derive(Debug, Clone)]
pub struct Hook {
    /// HTTP method, e.g. `PATCH`.
    pub method: String,
    /// Path without query, e.g. `/apis/ome.io/v1beta1/namespaces/NS/inferencereplicas/chat-engine/scale`.
    pub path: String,
    /// Which matching request fires the hook (1-based); `None` = every one.
    pub nth: Option<usize>,
    /// The action.
    pub action: HookAction,
}

impl Hook {
    /// A hook on the first `method path` request that forwards it unchanged; set the action with
    /// one of the builder methods.
    pub fn new(method: &str, path: &str) -> Self {
        Hook {
            method: method.to_ascii_uppercase(),
            path: path.to_string(),
            nth: Some(1),
            action: HookAction::Before(Arc::new(|_| Box::pin(async { Ok(()) }))),
        }
    }

    /// A hook on the first request of any method and path (with [`Hook::nth`]: the `n`th
    /// request the proxy receives, whatever it is).
    pub fn any_request() -> Self {
        Hook::new(ANY, ANY)
    }

    /// Fires on the `n`th matching request (1-based).
    pub fn nth(mut self, n: usize) -> Self {
        self.nth = Some(n);
        self
    }

    /// Fires on every matching request.
    pub fn every(mut self) -> Self {
        self.nth = None;
        self
    }

    /// Runs `f(admin_client)` before forwarding.
    pub fn before<F, Fut>(mut self, f: F) -> Self
    where
        F: Fn(kube::Client) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = Result<()>> + Send + 'static,
    {
        self.action = HookAction::Before(Arc::new(move |c| Box::pin(f(c))));
        self
    }

    /// Forwards, then cuts the connection without answering.
    pub fn cut_after_forward(mut self) -> Self {
        self.action = HookAction::CutAfterForward;
        self
    }

    /// Cuts the connection without forwarding.
    pub fn cut_before_forward(mut self) -> Self {
        self.action = HookAction::CutBeforeForward;
        self
    }

    /// Forwards, lets the (watch) response stream for `after`, then drops the connection.
    pub fn cut_stream_after(mut self, after: Duration) -> Self {
        self.action = HookAction::CutStreamAfter(after);
        self
    }

    /// Answers `code` with `body` without forwarding.
    pub fn respond(mut self, code: u16, body: &str) -> Self {
        self.action = HookAction::Respond(code, body.to_string());
        self
    }

    /// Plays `fault` on the matching request.
    pub fn fault(mut self, fault: Fault) -> Self {
        self.action = HookAction::Fault(fault);
        self
    }

    /// Misbehaves (endless body, no answer, ...) without forwarding.
    pub fn misbehave(mut self, misbehaviour: Misbehaviour) -> Self {
        self.action = HookAction::Misbehave(misbehaviour);
        self
    }
}

/// The method and path of a hook that matches every request.
const ANY: &str = "*";

/// One request that went through the proxy.
#[derive(Debug, Clone)]
pub struct RequestRecord {
    /// HTTP method.
    pub method: String,
    /// Path and query.
    pub uri: String,
    /// When the proxy received the request head.
    pub start: Instant,
    /// When the response was complete (or the connection was cut); `None` while in flight or
    /// for a streaming (watch) response.
    pub end: Option<Instant>,
    /// Upstream status code, if a response came back.
    pub status: Option<u16>,
    /// True when a hook cut the connection.
    pub cut: bool,
    /// The request's `Accept-Encoding` header.
    pub accept_encoding: Option<String>,
    /// The response's `Content-Encoding` header (complete, non-watch responses).
    pub content_encoding: Option<String>,
}

impl RequestRecord {
    /// The path without the query string.
    pub fn path(&self) -> &str {
        self.uri.split('?').next().unwrap_or("")
    }
}

struct HookState {
    hook: Hook,
    seen: usize,
}

struct Shared {
    upstream: SocketAddr,
    admin_kubeconfig: PathBuf,
    latency: Mutex<Duration>,
    hooks: Mutex<Vec<HookState>>,
    log: Mutex<Vec<RequestRecord>>,
    server_config: Arc<rustls::ServerConfig>,
    client_config: Arc<rustls::ClientConfig>,
    admin: tokio::sync::OnceCell<kube::Client>,
    pub(crate) connections: ConnectionPolicy,
}

/// A running proxy; stops when dropped.
pub struct Proxy {
    url: String,
    shared: Arc<Shared>,
    base: KubeconfigBuilder,
    scratch: PathBuf,
    shutdown: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl std::fmt::Debug for Proxy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Proxy")
            .field("url", &self.url)
            .finish_non_exhaustive()
    }
}

fn provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

impl Proxy {
    /// Starts a proxy for `cluster` on `127.0.0.1:<random port>`.
    pub fn start(cluster: &TestCluster, options: ProxyOptions) -> Result<Proxy> {
        let dir = cluster.dir();
        let certs: Vec<CertificateDer<'static>> =
            CertificateDer::pem_file_iter(dir.join("serving.crt"))
                .context("reading serving.crt")?
                .collect::<std::result::Result<_, _>>()
                .context("parsing serving.crt")?;
        let key =
            PrivateKeyDer::from_pem_file(dir.join("serving.key")).context("reading serving.key")?;
        let mut server_config = rustls::ServerConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()?
            .with_no_client_auth()
            .with_single_cert(certs, key)
            .context("proxy TLS config")?;
        server_config.alpn_protocols = vec![b"http/1.1".to_vec()];
        let mut roots = rustls::RootCertStore::empty();
        for ca in CertificateDer::pem_slice_iter(cluster.ca_pem()) {
            roots.add(ca.context("parsing ca.crt")?)?;
        }
        let mut client_config = rustls::ClientConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()?
            .with_root_certificates(roots)
            .with_no_client_auth();
        client_config.alpn_protocols = vec![b"http/1.1".to_vec()];
        let upstream: SocketAddr = cluster
            .url()
            .trim_start_matches("https://")
            .parse()
            .context("parsing the server address")?;

        let listener = std::net::TcpListener::bind("127.0.0.1:0").context("binding proxy port")?;
        listener.set_nonblocking(true)?;
        let addr = listener.local_addr()?;
        let shared = Arc::new(Shared {
            upstream,
            admin_kubeconfig: cluster.kubeconfig("admin")?,
            latency: Mutex::new(options.latency),
            hooks: Mutex::new(Vec::new()),
            log: Mutex::new(Vec::new()),
            server_config: Arc::new(server_config),
            client_config: Arc::new(client_config),
            admin: tokio::sync::OnceCell::new(),
            connections: ConnectionPolicy::default(),
        });
        let (tx, rx) = oneshot::channel();
        let (ready_tx, ready_rx) = std::sync::mpsc::channel::<Result<()>>();
        let thread_shared = shared.clone();
        let thread = std::thread::Builder::new()
            .name("ome-testenv-proxy".into())
            .spawn(move || {
                let runtime = match tokio::runtime::Builder::new_multi_thread()
                    .worker_threads(2)
                    .enable_all()
                    .build()
                {
                    Ok(rt) => rt,
                    Err(e) => {
                        let _ = ready_tx.send(Err(anyhow!("proxy runtime: {e}")));
                        return;
                    }
                };
                runtime.block_on(async move {
                    let listener = match TcpListener::from_std(listener) {
                        Ok(l) => l,
                        Err(e) => {
                            let _ = ready_tx.send(Err(anyhow!("proxy listener: {e}")));
                            return;
                        }
                    };
                    let _ = ready_tx.send(Ok(()));
                    accept_loop(listener, thread_shared, rx).await;
                });
                runtime.shutdown_timeout(Duration::from_secs(1));
            })
            .context("spawning proxy thread")?;
        ready_rx
            .recv_timeout(Duration::from_secs(10))
            .map_err(|e| anyhow!("proxy did not start: {e}"))??;
        let url = format!("https://{addr}");
        Ok(Proxy {
            base: cluster.base_kubeconfig_at(&url)?,
            url,
            shared,
            scratch: cluster.scratch_path("proxy"),
            shutdown: Some(tx),
            thread: Some(thread),
        })
    }

    /// How this proxy treats client connections (see [`ConnectionPolicy`]).
    pub(crate) fn connections(&self) -> &ConnectionPolicy {
        &self.shared.connections
    }

    /// `https://127.0.0.1:PORT`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Writes a kubeconfig for token user `user` whose server is this proxy.
    pub fn kubeconfig_via_proxy(&self, user: &str) -> Result<PathBuf> {
        let path = PathBuf::from(format!("{}-{user}.yaml", self.scratch.display()));
        self.base
            .clone()
            .context(user, CLUSTER_NAME, user, None)
            .current_context(user)
            .write(&path)
    }

    /// A kube client for `user` through this proxy (on the caller's runtime).
    pub async fn client_for(&self, user: &str) -> Result<kube::Client> {
        client_from_kubeconfig(&self.kubeconfig_via_proxy(user)?).await
    }

    /// Changes the added latency for later requests.
    pub fn set_latency(&self, latency: Duration) {
        if let Ok(mut l) = self.shared.latency.lock() {
            *l = latency;
        }
    }

    /// Adds a hook (hooks are checked in insertion order; the first that fires wins).
    pub fn add_hook(&self, hook: Hook) {
        if let Ok(mut hooks) = self.shared.hooks.lock() {
            hooks.push(HookState { hook, seen: 0 });
        }
    }

    /// Removes every hook.
    pub fn clear_hooks(&self) {
        if let Ok(mut hooks) = self.shared.hooks.lock() {
            hooks.clear();
        }
    }

    /// A copy of the request log.
    pub fn requests(&self) -> Vec<RequestRecord> {
        self.shared
            .log
            .lock()
            .map(|l| l.clone())
            .unwrap_or_default()
    }

    /// Clears the request log.
    pub fn clear_log(&self) {
        if let Ok(mut l) = self.shared.log.lock() {
            l.clear();
        }
    }

    /// The number of sequential stages in the log: requests are grouped into waves of
    /// overlapping `[start, end]` intervals; a request that starts after every earlier request
    /// ended opens a new wave.
    pub fn stages(&self) -> usize {
        count_stages(&self.requests())
    }
}

/// Counts waves of overlapping requests (see [`Proxy::stages`]).
pub fn count_stages(records: &[RequestRecord]) -> usize {
    let mut spans: Vec<(Instant, Instant)> = records
        .iter()
        .map(|r| (r.start, r.end.unwrap_or(r.start)))
        .collect();
    spans.sort();
    let mut stages = 0;
    let mut wave_end: Option<Instant> = None;
    for (start, end) in spans {
        match wave_end {
            Some(we) if start <= we => wave_end = Some(we.max(end)),
            _ => {
                stages += 1;
                wave_end = Some(end);
            }
        }
    }
    stages
}

impl Drop for Proxy {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

async fn accept_loop(listener: TcpListener, shared: Arc<Shared>, stop: oneshot::Receiver<()>) {
    let acceptor = tokio_rustls::TlsAcceptor::from(shared.server_config.clone());
    accept_until(listener, stop, move |tcp| {
        let acceptor = acceptor.clone();
        let shared = shared.clone();
        let control = ConnControl::of(&tcp);
        async move {
            match shared.connections.admit() {
                Admission::Serve => {}
                Admission::Hold => {
                    // Keep the socket open and silent until the proxy stops.
                    let _tcp = tcp;
                    return futures::future::pending::<()>().await;
                }
                Admission::Reset => {
                    control.reset_on_close();
                    return;
                }
            }
            let keep_alive = shared.connections.keep_alive();
            let Ok(tls) = acceptor.accept(tcp).await else {
                return;
            };
            let upstream: Arc<tokio::sync::Mutex<Option<SendRequest<Full<Bytes>>>>> =
                Arc::new(tokio::sync::Mutex::new(None));
            // Notified to drop this connection in the middle of a streaming response.
            let cut = Arc::new(tokio::sync::Notify::new());
            let connection_cut = cut.clone();
            let service = service_fn(move |req| {
                let shared = shared.clone();
                let upstream = upstream.clone();
                let control = control.clone();
                let cut = cut.clone();
                async move { handle(req, shared, upstream, control, cut).await }
            });
            let serve = hyper::server::conn::http1::Builder::new()
                .keep_alive(keep_alive)
                .serve_connection(TokioIo::new(tls), service);
            tokio::select! {
                _ = serve => {}
                () = connection_cut.notified() => {}
            }
        }
    })
    .await;
}

fn matching_action(shared: &Shared, method: &str, path: &str) -> Option<HookAction> {
    let mut hooks = shared.hooks.lock().ok()?;
    for state in hooks.iter_mut() {
        let method_matches = state.hook.method == ANY || state.hook.method == method;
        if method_matches && (state.hook.path == ANY || state.hook.path == path) {
            state.seen += 1;
            if state.hook.nth.is_none_or(|n| n == state.seen) {
                return Some(state.hook.action.clone());
            }
        }
    }
    None
}

fn record(
    shared: &Shared,
    method: &str,
    uri: &str,
    start: Instant,
    accept_encoding: Option<String>,
) -> usize {
    match shared.log.lock() {
        Ok(mut log) => {
            log.push(RequestRecord {
                method: method.into(),
                uri: uri.into(),
                start,
                end: None,
                status: None,
                cut: false,
                accept_encoding,
                content_encoding: None,
            });
            log.len() - 1
        }
        Err(_) => usize::MAX,
    }
}

fn finish(shared: &Shared, id: usize, status: Option<u16>, cut: bool, end: Option<Instant>) {
    if let Ok(mut log) = shared.log.lock()
        && let Some(r) = log.get_mut(id)
    {
        r.end = end;
        r.status = status;
        r.cut = cut;
    }
}

pub(crate) fn full(body: impl Into<Bytes>) -> ProxyBody {
    Full::new(body.into())
        .map_err(|never| match never {})
        .boxed()
}

async fn handle(
    req: Request<Incoming>,
    shared: Arc<Shared>,
    upstream: Arc<tokio::sync::Mutex<Option<SendRequest<Full<Bytes>>>>>,
    control: Arc<ConnControl>,
    cut: Arc<tokio::sync::Notify>,
) -> std::result::Result<Response<ProxyBody>, anyhow::Error> {
    let start = Instant::now();
    let method = req.method().as_str().to_string();
    let uri = req
        .uri()
        .path_and_query()
        .map(|p| p.as_str().to_string())
        .unwrap_or_else(|| "/".into());
    let path = uri.split('?').next().unwrap_or("").to_string();
    let header = |headers: &http::HeaderMap, name| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    };
    let accept_encoding = header(req.headers(), http::header::ACCEPT_ENCODING);
    let id = record(&shared, &method, &uri, start, accept_encoding);
    let action = matching_action(&shared, &method, &path);
    let latency = shared.latency.lock().map(|l| *l).unwrap_or_default();
    if !latency.is_zero() {
        tokio::time::sleep(latency).await;
    }
    match &action {
        Some(HookAction::Before(f)) => {
            let admin = shared
                .admin
                .get_or_try_init(|| client_from_kubeconfig(&shared.admin_kubeconfig))
                .await?
                .clone();
            if let Err(e) = f(admin).await {
                // Make a failing action visible to the test instead of forwarding.
                finish(&shared, id, Some(500), false, Some(Instant::now()));
                let body = serde_json::json!({"kind": "Status", "apiVersion": "v1",
                    "status": "Failure", "code": 500,
                    "message": format!("ome-testenv proxy hook action failed: {e:#}")});
                return Ok(Response::builder()
                    .status(500)
                    .header("content-type", "application/json")
                    .body(full(body.to_string()))?);
            }
        }
        Some(HookAction::CutBeforeForward) => {
            finish(&shared, id, None, true, Some(Instant::now()));
            return Err(anyhow!("proxy hook: connection cut before forwarding"));
        }
        Some(HookAction::Respond(code, body)) => {
            finish(&shared, id, Some(*code), false, Some(Instant::now()));
            let resp = Response::builder()
                .status(*code)
                .header("content-type", "application/json")
                .body(full(body.clone()))?;
            return Ok(resp);
        }
        Some(HookAction::Fault(fault)) => {
            match faults::before_forward(fault, shared.upstream, &uri).await {
                faults::Before::Forward => {}
                faults::Before::Answer(resp) => {
                    finish(
                        &shared,
                        id,
                        Some(resp.status().as_u16()),
                        false,
                        Some(Instant::now()),
                    );
                    return Ok(resp);
                }
                faults::Before::Reset => {
                    control.reset_on_close();
                    finish(&shared, id, None, true, Some(Instant::now()));
                    return Err(anyhow!("proxy fault: connection reset before forwarding"));
                }
            }
        }
        Some(HookAction::Misbehave(misbehaviour)) => {
            finish(&shared, id, None, false, None);
            return respond(misbehaviour).await;
        }
        _ => {}
    }
    let (mut parts, body) = req.into_parts();
    let body = body.collect().await?.to_bytes();
    parts.uri = uri.parse()?;
    parts.headers.insert(
        http::header::HOST,
        http::HeaderValue::from_str(&shared.upstream.to_string())?,
    );
    let upstream_req = Request::from_parts(parts, Full::new(body));
    let watch = uri.contains("watch=true") || uri.contains("watch=1");
    let response = {
        let mut guard = upstream.lock().await;
        let sender = match guard.as_mut() {
            Some(s) if !s.is_closed() => s,
            _ => {
                *guard = Some(connect(&shared).await?);
                guard
                    .as_mut()
                    .ok_or_else(|| anyhow!("no upstream connection"))?
            }
        };
        sender.ready().await?;
        sender.send_request(upstream_req).await?
    };
    let status = response.status().as_u16();
    if matches!(action, Some(HookAction::CutAfterForward)) {
        // Drain the answer so the server has finished the request, then drop the connection.
        let _ = response.into_body().collect().await;
        finish(&shared, id, Some(status), true, Some(Instant::now()));
        return Err(anyhow!("proxy hook: connection cut after forwarding"));
    }
    if let Some(HookAction::Fault(fault)) = &action
        && !matches!(fault, Fault::Delay(_))
    {
        let (parts, body) = response.into_parts();
        let bytes = body.collect().await?.to_bytes();
        // The server has answered: record it now, while the fault may still hold the answer.
        finish(&shared, id, Some(status), false, None);
        return match faults::after_forward(fault, parts, bytes).await {
            faults::After::Answer(resp) => {
                finish(&shared, id, Some(status), false, Some(Instant::now()));
                Ok(resp)
            }
            faults::After::Reset => {
                control.reset_on_close();
                finish(&shared, id, Some(status), true, Some(Instant::now()));
                Err(anyhow!("proxy fault: connection reset after forwarding"))
            }
        };
    }
    if let Some(HookAction::CutStreamAfter(after)) = action {
        let (shared, after) = (shared.clone(), after);
        tokio::spawn(async move {
            tokio::time::sleep(after).await;
            finish(&shared, id, Some(status), true, Some(Instant::now()));
            cut.notify_one();
        });
    }
    if watch {
        finish(&shared, id, Some(status), false, None);
        let (parts, body) = response.into_parts();
        return Ok(Response::from_parts(parts, body.boxed()));
    }
    let (parts, body) = response.into_parts();
    let bytes = body.collect().await?.to_bytes();
    finish(&shared, id, Some(status), false, Some(Instant::now()));
    if let Ok(mut log) = shared.log.lock()
        && let Some(r) = log.get_mut(id)
    {
        r.content_encoding = header(&parts.headers, http::header::CONTENT_ENCODING);
    }
    Ok(Response::from_parts(parts, full(bytes)))
}

async fn connect(shared: &Shared) -> Result<SendRequest<Full<Bytes>>> {
    let tcp = TcpStream::connect(shared.upstream)
        .await
        .context("connecting to the server")?;
    tcp.set_nodelay(true)?;
    let connector = tokio_rustls::TlsConnector::from(shared.client_config.clone());
    let name = ServerName::IpAddress(shared.upstream.ip().into());
    let tls = connector
        .connect(name, tcp)
        .await
        .context("TLS to the server")?;
    let (sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(tls)).await?;
    tokio::spawn(async move {
        let _ = conn.await;
    });
    Ok(sender)
}
