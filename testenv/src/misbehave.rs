//! Servers that misbehave on purpose, for the tests that prove every read is bounded in size and
//! time: a body that never ends, a Content-Length far over any cap, a request never answered,
//! headers followed by silence, and a Status whose message carries terminal control sequences.
//!
//! [`MisbehavingServer`] answers *every* request that way (TLS with the test cluster's serving
//! certificate, so a kubeconfig with the cluster CA verifies it); the [`crate::Proxy`] applies
//! one [`Misbehaviour`] to chosen requests with [`crate::Hook::misbehave`].

use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use anyhow::{Context, Result};
use bytes::Bytes;
use http_body_util::{BodyExt, Full, StreamBody, combinators::BoxBody};
use hyper::body::{Frame, Incoming};
use hyper::service::service_fn;
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio::net::TcpListener;
use tokio::sync::oneshot;

use crate::cluster::{CLUSTER_NAME, TestCluster};
use crate::kubeconfig::KubeconfigBuilder;
use crate::util::accept_until;

/// The body type both servers answer with.
pub type MisbehaviourBody = BoxBody<Bytes, hyper::Error>;

/// Size of one chunk of an endless body.
const CHUNK: usize = 64 << 10;

/// How a request is (not) answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Misbehaviour {
    /// `200`, `application/json`, chunked: the start of an object, then `a` without end, as
    /// fast as the client reads.
    EndlessBody,
    /// Like [`Misbehaviour::EndlessBody`] but declaring `Content-Length: 1 TiB`.
    HugeDeclaredBody,
    /// `200` and the start of a watch stream, then one event line that never ends.
    EndlessLine,
    /// The request is read and never answered; the connection stays open.
    NeverAnswer,
    /// `200` headers, then no body byte and no end.
    SilentBody,
    /// This status code with a Status whose `message` is exactly this text.
    StatusMessage(u16, String),
}

/// The response (or the never-ending wait for one) of `misbehaviour`.
pub async fn respond(misbehaviour: &Misbehaviour) -> Result<Response<MisbehaviourBody>> {
    let builder = Response::builder().header("content-type", "application/json");
    let response = match misbehaviour {
        Misbehaviour::EndlessBody => builder.status(200).body(endless(
            br#"{"apiVersion":"ome.io/v1beta1","kind":"InferenceService","metadata":{"name":""#,
        ))?,
        Misbehaviour::HugeDeclaredBody => builder
            .status(200)
            .header("content-length", (1u64 << 40).to_string())
            .body(endless(br#"{"metadata":{"name":""#))?,
        Misbehaviour::EndlessLine => builder.status(200).body(endless(
            br#"{"type":"MODIFIED","object":{"metadata":{"name":""#,
        ))?,
        Misbehaviour::NeverAnswer => return futures::future::pending().await,
        Misbehaviour::SilentBody => {
            let silent = futures::stream::pending::<Result<Frame<Bytes>, Infallible>>();
            builder.status(200).body(boxed(StreamBody::new(silent)))?
        }
        Misbehaviour::StatusMessage(code, message) => {
            let status = serde_json::json!({"kind": "Status", "apiVersion": "v1",
                "status": "Failure", "code": code, "reason": "InternalError",
                "message": message});
            builder
                .status(*code)
                .body(boxed(Full::new(Bytes::from(status.to_string()))))?
        }
    };
    Ok(response)
}

fn boxed<B>(body: B) -> MisbehaviourBody
where
    B: hyper::body::Body<Data = Bytes, Error = Infallible> + Send + Sync + 'static,
{
    body.map_err(|never| match never {}).boxed()
}

/// `prefix`, then chunks of `a` forever.
fn endless(prefix: &'static [u8]) -> MisbehaviourBody {
    let chunk = Bytes::from(vec![b'a'; CHUNK]);
    let head = futures::stream::once(async move { Ok(Frame::data(Bytes::from_static(prefix))) });
    let tail = futures::stream::repeat_with(move || Ok(Frame::data(chunk.clone())));
    boxed(StreamBody::new(futures::StreamExt::chain(head, tail)))
}

/// TLS with the cluster's own serving certificate (SAN 127.0.0.1).
pub(crate) fn serving_tls(cluster: &TestCluster) -> Result<Arc<rustls::ServerConfig>> {
    let dir = cluster.dir();
    let certs: Vec<CertificateDer<'static>> =
        CertificateDer::pem_file_iter(dir.join("serving.crt"))
            .context("reading serving.crt")?
            .collect::<std::result::Result<_, _>>()
            .context("parsing serving.crt")?;
    let key =
        PrivateKeyDer::from_pem_file(dir.join("serving.key")).context("reading serving.key")?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()?
        .with_no_client_auth()
        .with_single_cert(certs, key)
        .context("misbehaving server TLS config")?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}

/// A TLS server on `127.0.0.1:<port>` that answers every request with one [`Misbehaviour`].
/// Runs on its own thread and runtime; stops (dropping every held connection) when dropped.
pub struct MisbehavingServer {
    url: String,
    base: KubeconfigBuilder,
    scratch: std::path::PathBuf,
    requests: Arc<AtomicUsize>,
    shutdown: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl MisbehavingServer {
    /// Starts a server for `cluster`'s CA and users.
    pub fn start(cluster: &TestCluster, misbehaviour: Misbehaviour) -> Result<MisbehavingServer> {
        let tls = serving_tls(cluster)?;
        let listener = std::net::TcpListener::bind("127.0.0.1:0").context("binding a port")?;
        listener.set_nonblocking(true)?;
        let url = format!("https://{}", listener.local_addr()?);
        let requests = Arc::new(AtomicUsize::new(0));
        let counter = requests.clone();
        let (shutdown, stop) = oneshot::channel();
        let thread = std::thread::Builder::new()
            .name("ome-testenv-misbehave".into())
            .spawn(move || {
                let Ok(runtime) = tokio::runtime::Builder::new_multi_thread()
                    .worker_threads(1)
                    .enable_all()
                    .build()
                else {
                    return;
                };
                runtime.block_on(async move {
                    if let Ok(listener) = TcpListener::from_std(listener) {
                        serve(listener, tls, Arc::new(misbehaviour), counter, stop).await;
                    }
                });
                runtime.shutdown_timeout(Duration::from_secs(1));
            })
            .context("spawning the misbehaving server")?;
        Ok(MisbehavingServer {
            base: cluster.base_kubeconfig_at(&url)?,
            scratch: cluster.scratch_path("misbehave"),
            url,
            requests,
            shutdown: Some(shutdown),
            thread: Some(thread),
        })
    }

    /// `https://127.0.0.1:PORT`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// A kubeconfig for token user `user` whose server is this one.
    pub fn kubeconfig(&self, user: &str) -> Result<std::path::PathBuf> {
        let path = std::path::PathBuf::from(format!("{}-{user}.yaml", self.scratch.display()));
        self.base
            .clone()
            .context(user, CLUSTER_NAME, user, None)
            .current_context(user)
            .write(&path)
    }

    /// Requests received so far.
    pub fn requests(&self) -> usize {
        self.requests.load(Ordering::SeqCst)
    }
}

impl Drop for MisbehavingServer {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

async fn serve(
    listener: TcpListener,
    tls: Arc<rustls::ServerConfig>,
    misbehaviour: Arc<Misbehaviour>,
    requests: Arc<AtomicUsize>,
    stop: oneshot::Receiver<()>,
) {
    let acceptor = tokio_rustls::TlsAcceptor::from(tls);
    accept_until(listener, stop, move |tcp| {
        let (acceptor, misbehaviour, requests) =
            (acceptor.clone(), misbehaviour.clone(), requests.clone());
        async move {
            let Ok(tls) = acceptor.accept(tcp).await else {
                return;
            };
            let service = service_fn(move |_request: Request<Incoming>| {
                let (misbehaviour, requests) = (misbehaviour.clone(), requests.clone());
                async move {
                    requests.fetch_add(1, Ordering::SeqCst);
                    respond(&misbehaviour).await
                }
            });
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(tls), service)
                .await;
        }
    })
    .await;
}
