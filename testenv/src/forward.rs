//! Plain forwarding in front of the test server, for the plugin's connection tests:
//!
//! * [`ForwardProxy`]: a forward proxy on `127.0.0.1` speaking HTTP `CONNECT` and SOCKS5 on the
//!   same port (told apart by the first byte). It resolves names from its own host table only,
//!   so a server addressed as e.g. `ome-apiserver.test` is reachable *only* through it: a
//!   request that works proves it went through the proxy. It can require a user and password
//!   (Basic `Proxy-Authorization`, or SOCKS5 user/password) and logs every tunnel.
//! * [`TcpForwarder`]: a byte-for-byte TCP forwarder on another loopback address, so the server
//!   is reached at an address its certificate does not name (for `--tls-server-name`).
//!
//! Both run on their own thread and runtime (like [`crate::Proxy`]) and stop on drop.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context, Result, anyhow};
use base64::Engine as _;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;

use crate::util::accept_until;

/// A name the proxy resolves itself, for tests that address the server through the proxy only.
pub const PROXIED_HOST: &str = "ome-apiserver.test";

/// How a [`ForwardProxy`] behaves.
#[derive(Debug, Clone, Default)]
pub struct ForwardOptions {
    /// Host names the proxy resolves (anything else must be an IP address).
    pub hosts: Vec<(String, SocketAddr)>,
    /// A user and password every client must present.
    pub credentials: Option<(String, String)>,
}

/// One tunnel a client asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tunnel {
    /// `CONNECT` or `SOCKS5`.
    pub protocol: &'static str,
    /// `host:port` as the client asked for it.
    pub target: String,
    /// Whether the client presented the required credentials (true when none are required).
    pub authorized: bool,
    /// Whether the tunnel to the target was opened.
    pub established: bool,
}

struct Background {
    addr: SocketAddr,
    shutdown: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Background {
    /// Binds `bind`, then runs `serve(listener, stop)` on a new thread with its own runtime.
    fn start<F, Fut>(name: &str, bind: SocketAddr, serve: F) -> Result<Background>
    where
        F: FnOnce(TcpListener, oneshot::Receiver<()>) -> Fut + Send + 'static,
        Fut: std::future::Future<Output = ()>,
    {
        let listener =
            std::net::TcpListener::bind(bind).with_context(|| format!("binding {bind}"))?;
        listener.set_nonblocking(true)?;
        let addr = listener.local_addr()?;
        let (tx, rx) = oneshot::channel();
        let (ready_tx, ready_rx) = std::sync::mpsc::channel::<Result<()>>();
        let thread = std::thread::Builder::new()
            .name(name.to_string())
            .spawn(move || {
                let runtime = match tokio::runtime::Builder::new_multi_thread()
                    .worker_threads(2)
                    .enable_all()
                    .build()
                {
                    Ok(rt) => rt,
                    Err(e) => {
                        let _ = ready_tx.send(Err(anyhow!("runtime: {e}")));
                        return;
                    }
                };
                runtime.block_on(async move {
                    match TcpListener::from_std(listener) {
                        Ok(listener) => {
                            let _ = ready_tx.send(Ok(()));
                            serve(listener, rx).await;
                        }
                        Err(e) => {
                            let _ = ready_tx.send(Err(anyhow!("listener: {e}")));
                        }
                    }
                });
                runtime.shutdown_timeout(Duration::from_secs(1));
            })
            .context("spawning the forwarding thread")?;
        ready_rx
            .recv_timeout(Duration::from_secs(10))
            .map_err(|e| anyhow!("{name} did not start: {e}"))??;
        Ok(Background {
            addr,
            shutdown: Some(tx),
            thread: Some(thread),
        })
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// An HTTP `CONNECT` and SOCKS5 forward proxy (see the module docs).
pub struct ForwardProxy {
    background: Background,
    log: Arc<Mutex<Vec<Tunnel>>>,
}

struct ProxyState {
    hosts: HashMap<String, SocketAddr>,
    credentials: Option<(String, String)>,
    log: Arc<Mutex<Vec<Tunnel>>>,
}

impl ForwardProxy {
    /// Starts the proxy on `127.0.0.1:<free port>`.
    pub fn start(options: ForwardOptions) -> Result<ForwardProxy> {
        let log = Arc::new(Mutex::new(Vec::new()));
        let state = Arc::new(ProxyState {
            hosts: options.hosts.into_iter().collect(),
            credentials: options.credentials,
            log: log.clone(),
        });
        let bind: SocketAddr = ([127, 0, 0, 1], 0).into();
        let background = Background::start("ome-testenv-forward-proxy", bind, move |l, stop| {
            accept_until(l, stop, move |stream| serve_client(stream, state.clone()))
        })?;
        Ok(ForwardProxy { background, log })
    }

    /// `http://127.0.0.1:PORT` (for `proxy-url` and `HTTPS_PROXY`).
    pub fn http_url(&self) -> String {
        format!("http://{}", self.background.addr)
    }

    /// `socks5://127.0.0.1:PORT`.
    pub fn socks5_url(&self) -> String {
        format!("socks5://{}", self.background.addr)
    }

    /// `scheme://user:password@127.0.0.1:PORT`.
    pub fn url_with_credentials(&self, scheme: &str, user: &str, password: &str) -> String {
        format!("{scheme}://{user}:{password}@{}", self.background.addr)
    }

    /// Every tunnel asked for so far.
    pub fn tunnels(&self) -> Vec<Tunnel> {
        self.log.lock().map(|l| l.clone()).unwrap_or_default()
    }

    /// Forgets the tunnels seen so far.
    pub fn clear(&self) {
        if let Ok(mut log) = self.log.lock() {
            log.clear();
        }
    }
}

async fn serve_client(mut client: TcpStream, state: Arc<ProxyState>) {
    let mut first = [0u8; 1];
    if client.peek(&mut first).await.ok() != Some(1) {
        return;
    }
    let opened = if first[0] == 5 {
        socks5_handshake(&mut client, &state).await
    } else {
        connect_handshake(&mut client, &state).await
    };
    if let Some(mut upstream) = opened {
        let _ = tokio::io::copy_bidirectional(&mut client, &mut upstream).await;
    }
}

impl ProxyState {
    fn log(&self, protocol: &'static str, target: &str, authorized: bool, established: bool) {
        if let Ok(mut log) = self.log.lock() {
            log.push(Tunnel {
                protocol,
                target: target.to_string(),
                authorized,
                established,
            });
        }
    }

    fn authorized(&self, user: &str, password: &str) -> bool {
        self.credentials
            .as_ref()
            .is_none_or(|(u, p)| u == user && p == password)
    }

    /// Opens the target: a name from the host table, or an IP address.
    async fn open(&self, host: &str, port: u16) -> Option<TcpStream> {
        let addr = match self.hosts.get(host) {
            Some(addr) => *addr,
            None => SocketAddr::new(host.trim_matches(['[', ']']).parse::<IpAddr>().ok()?, port),
        };
        TcpStream::connect(addr).await.ok()
    }
}

/// `CONNECT host:port HTTP/1.1` with an optional `Proxy-Authorization: Basic …`.
async fn connect_handshake(client: &mut TcpStream, state: &ProxyState) -> Option<TcpStream> {
    let head = read_head(client).await?;
    let mut lines = head.lines();
    let mut request = lines.next()?.split_whitespace();
    let (method, target) = (request.next()?, request.next()?.to_string());
    if method != "CONNECT" {
        let _ = client
            .write_all(b"HTTP/1.1 405 Method Not Allowed\r\n\r\n")
            .await;
        return None;
    }
    let presented = lines
        .filter_map(|l| l.split_once(':'))
        .find(|(name, _)| name.trim().eq_ignore_ascii_case("proxy-authorization"))
        .and_then(|(_, value)| value.trim().strip_prefix("Basic "))
        .and_then(|b64| {
            base64::engine::general_purpose::STANDARD
                .decode(b64.trim())
                .ok()
        })
        .and_then(|raw| String::from_utf8(raw).ok());
    let authorized = match presented.as_deref().and_then(|p| p.split_once(':')) {
        Some((user, password)) => state.authorized(user, password),
        None => state.credentials.is_none(),
    };
    if !authorized {
        state.log("CONNECT", &target, false, false);
        let _ = client
            .write_all(
                b"HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n\r\n",
            )
            .await;
        return None;
    }
    let (host, port) = target.rsplit_once(':')?;
    let upstream = state.open(host, port.parse().ok()?).await;
    state.log("CONNECT", &target, true, upstream.is_some());
    let reply: &[u8] = if upstream.is_some() {
        b"HTTP/1.1 200 Connection established\r\n\r\n"
    } else {
        b"HTTP/1.1 502 Bad Gateway\r\n\r\n"
    };
    client.write_all(reply).await.ok()?;
    upstream
}

/// The request head, up to the blank line (at most 16 KiB). Clients wait for the answer before
/// sending anything else, so nothing past the head is consumed.
async fn read_head(client: &mut TcpStream) -> Option<String> {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if head.len() > 16 * 1024 || client.read(&mut byte).await.ok()? == 0 {
            return None;
        }
        head.push(byte[0]);
    }
    String::from_utf8(head).ok()
}

/// SOCKS5 (RFC 1928) `CONNECT`, with user/password authentication (RFC 1929) when required.
async fn socks5_handshake(client: &mut TcpStream, state: &ProxyState) -> Option<TcpStream> {
    let mut greeting = [0u8; 2];
    client.read_exact(&mut greeting).await.ok()?;
    let methods = read_exact_vec(client, greeting[1].into()).await?;
    let wanted = if state.credentials.is_some() { 2 } else { 0 };
    if !methods.contains(&wanted) {
        let _ = client.write_all(&[5, 0xff]).await;
        state.log("SOCKS5", "", false, false);
        return None;
    }
    client.write_all(&[5, wanted]).await.ok()?;
    let authorized = if wanted == 2 {
        let mut version = [0u8; 1];
        client.read_exact(&mut version).await.ok()?;
        let user = read_short_string(client).await?;
        let password = read_short_string(client).await?;
        let ok = state.authorized(&user, &password);
        client.write_all(&[1, u8::from(!ok)]).await.ok()?;
        ok
    } else {
        true
    };
    let mut request = [0u8; 4];
    client.read_exact(&mut request).await.ok()?;
    let host = match request[3] {
        1 => IpAddr::from(<[u8; 4]>::try_from(read_exact_vec(client, 4).await?).ok()?).to_string(),
        4 => {
            IpAddr::from(<[u8; 16]>::try_from(read_exact_vec(client, 16).await?).ok()?).to_string()
        }
        3 => read_short_string(client).await?,
        _ => return None,
    };
    let mut port = [0u8; 2];
    client.read_exact(&mut port).await.ok()?;
    let port = u16::from_be_bytes(port);
    let target = format!("{host}:{port}");
    if !authorized || request[1] != 1 {
        state.log("SOCKS5", &target, authorized, false);
        return None;
    }
    let upstream = state.open(&host, port).await;
    state.log("SOCKS5", &target, true, upstream.is_some());
    let status = if upstream.is_some() { 0 } else { 4 };
    client
        .write_all(&[5, status, 0, 1, 0, 0, 0, 0, 0, 0])
        .await
        .ok()?;
    upstream
}

async fn read_exact_vec<R: AsyncRead + Unpin>(reader: &mut R, len: usize) -> Option<Vec<u8>> {
    let mut buf = vec![0u8; len];
    reader.read_exact(&mut buf).await.ok()?;
    Some(buf)
}

async fn read_short_string<R: AsyncRead + Unpin>(reader: &mut R) -> Option<String> {
    let mut len = [0u8; 1];
    reader.read_exact(&mut len).await.ok()?;
    String::from_utf8(read_exact_vec(reader, len[0].into()).await?).ok()
}

/// A TCP forwarder from another address to the server (see the module docs).
pub struct TcpForwarder {
    background: Background,
    connections: Arc<Mutex<usize>>,
}

impl TcpForwarder {
    /// Listens on `bind_ip:<free port>` and forwards every connection to `target`.
    pub fn start(bind_ip: IpAddr, target: SocketAddr) -> Result<TcpForwarder> {
        let connections = Arc::new(Mutex::new(0));
        let counter = connections.clone();
        let background = Background::start(
            "ome-testenv-tcp-forwarder",
            SocketAddr::new(bind_ip, 0),
            move |listener, stop| {
                accept_until(listener, stop, move |mut client| {
                    if let Ok(mut n) = counter.lock() {
                        *n += 1;
                    }
                    async move {
                        if let Ok(mut upstream) = TcpStream::connect(target).await {
                            let _ = tokio::io::copy_bidirectional(&mut client, &mut upstream).await;
                        }
                    }
                })
            },
        )?;
        Ok(TcpForwarder {
            background,
            connections,
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.background.addr
    }

    /// How many connections it has forwarded.
    pub fn connections(&self) -> usize {
        self.connections.lock().map(|n| *n).unwrap_or(0)
    }
}
