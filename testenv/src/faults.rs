//! Misbehaviours of an API server, played by the test [`Proxy`](crate::Proxy) for one hooked
//! request ([`Hook::fault`](crate::Hook::fault)), and a TLS server whose certificate comes from
//! another CA ([`ForeignCaServer`]).
//!
//! A fault either answers without forwarding (the real server never sees the request) or
//! forwards first and then spoils the answer (the real server executed it, the client cannot
//! tell). Which one a fault is matters for writes: [`Fault::forwards`].

// JSON documents are read and written by key (serde_json's `Value`: a missing key reads as
// `Null`, a write inserts); the lint cannot tell that indexing from a slice's.
#![allow(clippy::indexing_slicing)]

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context, Result};
use bytes::Bytes;
use futures::StreamExt as _;
use http_body_util::{StreamBody, combinators::BoxBody};
use hyper::Response;
use hyper::body::Frame;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpListener;
use tokio::sync::oneshot;

use crate::cluster::{CLUSTER_NAME, TestCluster};
use crate::proxy::{Proxy, ProxyBody, full};
use crate::util::accept_until;

/// The text every fault puts where a server writes its own words (a Status `message`, a
/// padding field), so a test can prove it never reaches the user.
pub const FAULT_SENTINEL: &str = "ome-testenv-fault-sentinel-7f3a";

/// What the proxy does to the request a fault hook matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// Waits this long, then forwards (added latency on one request).
    Delay(Duration),
    /// Forwards, lets the server answer, then holds the answer this long before returning it
    /// (a response delayed past the client's time limit; the server executed the request).
    DelayResponse(Duration),
    /// Resets the TCP connection (RST) once the request has arrived, without forwarding it.
    ResetBeforeForward,
    /// Forwards, waits for the server's answer (so a write is stored), then resets the TCP
    /// connection (RST) instead of answering.
    ResetAfterForward,
    /// Answers this HTTP status with a `Status` body, without forwarding; `retry_after` adds a
    /// `Retry-After` header (seconds) and `details.retryAfterSeconds`.
    Status {
        /// The HTTP status code, e.g. 429, 500, 503, 504.
        code: u16,
        /// Seconds for `Retry-After`, if any.
        retry_after: Option<u32>,
    },
    /// Forwards, then sends the server's status and headers with the full `Content-Length` but
    /// only the first half of the body, and closes the connection.
    TruncatedBody,
    /// Forwards, then returns the server's answer with a padding field that makes the body at
    /// least this many bytes (still a valid JSON object).
    OversizeBody(usize),
    /// Forwards, then answers 200 with a body that is not JSON.
    InvalidJson,
    /// Answers a redirect (301, 302, 303, 307, 308) to the same path on the real server, without
    /// forwarding: a client that follows it gets the real answer.
    Redirect(u16),
}

impl Fault {
    /// Whether the real server receives (and executes) the request.
    pub fn forwards(&self) -> bool {
        matches!(
            self,
            Fault::Delay(_)
                | Fault::DelayResponse(_)
                | Fault::ResetAfterForward
                | Fault::TruncatedBody
                | Fault::OversizeBody(_)
                | Fault::InvalidJson
        )
    }

    /// A short name for test messages and tables.
    pub fn name(&self) -> String {
        match self {
            Fault::Delay(d) => format!("delay {}ms", d.as_millis()),
            Fault::DelayResponse(d) => format!("response held {}ms", d.as_millis()),
            Fault::ResetBeforeForward => "reset before forwarding".into(),
            Fault::ResetAfterForward => "reset after forwarding".into(),
            Fault::Status {
                code,
                retry_after: Some(s),
            } => format!("{code} Retry-After {s}"),
            Fault::Status { code, .. } => format!("{code}"),
            Fault::TruncatedBody => "truncated body".into(),
            Fault::OversizeBody(n) => format!("body of {n} bytes"),
            Fault::InvalidJson => "invalid JSON".into(),
            Fault::Redirect(code) => format!("redirect {code}"),
        }
    }
}

/// A second handle on one client connection's socket, so a fault can reset it (RST) rather
/// than close it politely.
#[derive(Debug)]
pub(crate) struct ConnControl(Mutex<Option<socket2::Socket>>);

impl ConnControl {
    /// Duplicates the socket of an accepted connection.
    pub(crate) fn of(tcp: &tokio::net::TcpStream) -> Arc<ConnControl> {
        let dup = socket2::SockRef::from(tcp).try_clone().ok();
        Arc::new(ConnControl(Mutex::new(dup)))
    }

    /// Makes the connection's close a reset: linger 0 on the socket, and this handle's
    /// descriptor released, so the last close (when the proxy drops the connection) sends RST.
    pub(crate) fn reset_on_close(&self) {
        if let Ok(mut dup) = self.0.lock()
            && let Some(socket) = dup.take()
        {
            let _ = socket.set_linger(Some(Duration::ZERO));
        }
    }
}

/// How the proxy treats client connections, changed while it runs: one request per connection
/// (the proxy closes each after its answer, so the client's pool cannot reuse it), and new
/// connections from the Nth on either held (accepted, never TLS-answered: the client is stuck
/// before it can hand any request to them) or reset at once.
#[derive(Debug, Default)]
pub(crate) struct ConnectionPolicy {
    one_request_each: AtomicBool,
    from: AtomicUsize,
    reset: AtomicBool,
    accepted: AtomicUsize,
    held: AtomicUsize,
}

/// What happens to an accepted client connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Admission {
    Serve,
    Hold,
    Reset,
}

impl ConnectionPolicy {
    /// Whether connections are kept alive after an answer.
    pub(crate) fn keep_alive(&self) -> bool {
        !self.one_request_each.load(Ordering::SeqCst)
    }

    /// Counts an accepted connection and decides what happens to it.
    pub(crate) fn admit(&self) -> Admission {
        let n = self.accepted.fetch_add(1, Ordering::SeqCst) + 1;
        let from = self.from.load(Ordering::SeqCst);
        if from == 0 || n < from {
            return Admission::Serve;
        }
        self.held.fetch_add(1, Ordering::SeqCst);
        if self.reset.load(Ordering::SeqCst) {
            Admission::Reset
        } else {
            Admission::Hold
        }
    }
}

impl Proxy {
    /// From now on the proxy closes every client connection after one answer.
    pub fn one_request_per_connection(&self) {
        self.connections()
            .one_request_each
            .store(true, Ordering::SeqCst);
    }

    /// Holds the `n`th accepted client connection (1-based, counting from the proxy's start)
    /// and every later one: accepted, never TLS-answered, never served.
    pub fn hold_connections_from(&self, n: usize) {
        self.connections().reset.store(false, Ordering::SeqCst);
        self.connections().from.store(n, Ordering::SeqCst);
    }

    /// Resets (RST) the `n`th accepted client connection and every later one as soon as it
    /// is accepted: the client cannot send anything on it.
    pub fn reset_connections_from(&self, n: usize) {
        self.connections().reset.store(true, Ordering::SeqCst);
        self.connections().from.store(n, Ordering::SeqCst);
    }

    /// How many client connections were held or reset.
    pub fn held_connections(&self) -> usize {
        self.connections().held.load(Ordering::SeqCst)
    }
}

/// What the proxy does next for a fault before forwarding.
pub(crate) enum Before {
    /// Forward the request (after an optional delay already served).
    Forward,
    /// Answer with this response.
    Answer(Response<ProxyBody>),
    /// Drop the connection with a reset.
    Reset,
}

/// The part of a fault played before the request is forwarded.
pub(crate) async fn before_forward(fault: &Fault, upstream: SocketAddr, uri: &str) -> Before {
    match fault {
        Fault::Delay(d) => {
            tokio::time::sleep(*d).await;
            Before::Forward
        }
        Fault::ResetBeforeForward => Before::Reset,
        Fault::Status { code, retry_after } => Before::Answer(status_answer(*code, *retry_after)),
        Fault::Redirect(code) => Before::Answer(redirect(*code, upstream, uri)),
        _ => Before::Forward,
    }
}

/// What the proxy does with the server's answer for a fault.
pub(crate) enum After {
    /// Return this response to the client.
    Answer(Response<ProxyBody>),
    /// Drop the connection with a reset.
    Reset,
}

/// The part of a fault played after the server answered (`status` and `body` are its answer,
/// already read in full).
pub(crate) async fn after_forward(
    fault: &Fault,
    parts: http::response::Parts,
    body: Bytes,
) -> After {
    match fault {
        Fault::DelayResponse(d) => {
            tokio::time::sleep(*d).await;
            After::Answer(Response::from_parts(parts, full(body)))
        }
        Fault::ResetAfterForward => After::Reset,
        Fault::TruncatedBody => After::Answer(truncated(parts, body)),
        Fault::OversizeBody(n) => After::Answer(oversize(parts, &body, *n)),
        Fault::InvalidJson => {
            let mut parts = parts;
            parts.status = http::StatusCode::OK;
            parts.headers.remove(http::header::CONTENT_LENGTH);
            After::Answer(Response::from_parts(
                parts,
                full(format!(
                    "{{\"kind\": \"Status\", {FAULT_SENTINEL} <not json>"
                )),
            ))
        }
        _ => After::Answer(Response::from_parts(parts, full(body))),
    }
}

fn status_reason(code: u16) -> &'static str {
    match code {
        429 => "TooManyRequests",
        503 => "ServiceUnavailable",
        504 => "Timeout",
        _ => "InternalError",
    }
}

fn status_answer(code: u16, retry_after: Option<u32>) -> Response<ProxyBody> {
    let mut status = serde_json::json!({
        "kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
        "message": format!("{FAULT_SENTINEL}: injected {code}"),
        "reason": status_reason(code), "code": code,
    });
    if let Some(seconds) = retry_after {
        status["details"] = serde_json::json!({"retryAfterSeconds": seconds});
    }
    let mut builder = Response::builder()
        .status(code)
        .header("content-type", "application/json");
    if let Some(seconds) = retry_after {
        builder = builder.header("retry-after", seconds.to_string());
    }
    builder
        .body(full(status.to_string()))
        .unwrap_or_else(|_| Response::new(full(Bytes::new())))
}

fn redirect(code: u16, upstream: SocketAddr, uri: &str) -> Response<ProxyBody> {
    Response::builder()
        .status(code)
        .header("location", format!("https://{upstream}{uri}"))
        .header("content-type", "application/json")
        .body(full("{}"))
        .unwrap_or_else(|_| Response::new(full(Bytes::new())))
}

/// The first half of `body` under the full `Content-Length`; the stream then pauses (so the
/// half is flushed) and ends early, which makes the proxy's HTTP server abort the connection.
fn truncated(mut parts: http::response::Parts, body: Bytes) -> Response<ProxyBody> {
    parts.headers.insert(
        http::header::CONTENT_LENGTH,
        http::HeaderValue::from(body.len()),
    );
    let half = body.slice(..body.len() / 2);
    let frames = futures::stream::unfold(Some(half), |state| async move {
        let half = state?;
        Some((Ok::<_, hyper::Error>(Frame::data(half)), None))
    })
    .chain(futures::stream::once(async {
        tokio::time::sleep(Duration::from_millis(100)).await;
        Ok(Frame::data(Bytes::new()))
    }));
    Response::from_parts(parts, BoxBody::new(StreamBody::new(frames)))
}

/// The server's JSON object with a padding field that brings it to at least `size` bytes.
fn oversize(mut parts: http::response::Parts, body: &[u8], size: usize) -> Response<ProxyBody> {
    let mut value: serde_json::Value =
        serde_json::from_slice(body).unwrap_or_else(|_| serde_json::json!({}));
    let filler = format!("{FAULT_SENTINEL}{}", "x".repeat(size));
    if let Some(map) = value.as_object_mut() {
        map.insert(
            "omeTestenvPadding".into(),
            serde_json::Value::String(filler),
        );
    }
    let bytes = serde_json::to_vec(&value).unwrap_or_default();
    parts.headers.remove(http::header::CONTENT_LENGTH);
    Response::from_parts(parts, full(bytes))
}

/// A TLS server on loopback whose certificate is self-signed (not from the test cluster's CA):
/// a client that verifies the server must refuse it before sending any request. It answers any
/// request that does get through with a 500 and counts it.
pub struct ForeignCaServer {
    url: String,
    handshakes: Arc<AtomicUsize>,
    requests: Arc<AtomicUsize>,
    shutdown: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl std::fmt::Debug for ForeignCaServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ForeignCaServer")
            .field("url", &self.url)
            .finish_non_exhaustive()
    }
}

impl ForeignCaServer {
    /// Starts the server on `127.0.0.1:<random port>` (its own thread and runtime).
    pub fn start() -> Result<ForeignCaServer> {
        let cert = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_string()])
            .context("generating a self-signed certificate")?;
        let der = CertificateDer::from(cert.cert.der().to_vec());
        let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(cert.signing_key.serialize_der()));
        let config = rustls::ServerConfig::builder_with_provider(Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_safe_default_protocol_versions()?
        .with_no_client_auth()
        .with_single_cert(vec![der], key)
        .context("foreign TLS config")?;
        let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
        let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
        listener.set_nonblocking(true)?;
        let url = format!("https://{}", listener.local_addr()?);
        let handshakes = Arc::new(AtomicUsize::new(0));
        let requests = Arc::new(AtomicUsize::new(0));
        let (tx, rx) = oneshot::channel();
        let (hs, rq) = (handshakes.clone(), requests.clone());
        let thread = std::thread::Builder::new()
            .name("ome-testenv-foreign-ca".into())
            .spawn(move || {
                let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                else {
                    return;
                };
                runtime.block_on(serve_foreign(listener, acceptor, hs, rq, rx));
            })?;
        Ok(ForeignCaServer {
            url,
            handshakes,
            requests,
            shutdown: Some(tx),
            thread: Some(thread),
        })
    }

    /// `https://127.0.0.1:PORT`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// TLS handshakes that completed (a verifying client completes none).
    pub fn handshakes(&self) -> usize {
        self.handshakes.load(Ordering::SeqCst)
    }

    /// Connections on which any request bytes arrived after a handshake.
    pub fn requests(&self) -> usize {
        self.requests.load(Ordering::SeqCst)
    }

    /// A kubeconfig for token user `user` of `cluster` whose server is this one (verified with
    /// the cluster's CA, which did not sign this server's certificate).
    pub fn kubeconfig(&self, cluster: &TestCluster, user: &str) -> Result<PathBuf> {
        let path = cluster.scratch_path(&format!("foreign-ca-{user}.yaml"));
        cluster
            .base_kubeconfig_at(&self.url)?
            .context(user, CLUSTER_NAME, user, None)
            .current_context(user)
            .write(&path)
    }
}

async fn serve_foreign(
    listener: std::net::TcpListener,
    acceptor: tokio_rustls::TlsAcceptor,
    handshakes: Arc<AtomicUsize>,
    requests: Arc<AtomicUsize>,
    stop: oneshot::Receiver<()>,
) {
    let Ok(listener) = TcpListener::from_std(listener) else {
        return;
    };
    accept_until(listener, stop, move |tcp| {
        let (acceptor, handshakes, requests) =
            (acceptor.clone(), handshakes.clone(), requests.clone());
        async move {
            let Ok(mut tls) = acceptor.accept(tcp).await else {
                return;
            };
            handshakes.fetch_add(1, Ordering::SeqCst);
            let mut buf = [0u8; 1024];
            if let Ok(n) = tokio::io::AsyncReadExt::read(&mut tls, &mut buf).await
                && n > 0
            {
                requests.fetch_add(1, Ordering::SeqCst);
                let _ = tls
                    .write_all(b"HTTP/1.1 500 Internal Server Error\r\ncontent-length: 0\r\n\r\n")
                    .await;
            }
        }
    })
    .await;
}

impl Drop for ForeignCaServer {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
