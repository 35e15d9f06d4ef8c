//! The fault matrix's shared parts: the faults, each set up in front of the real API server
//! (the test proxy for most, a server with a foreign CA for one), the plugin run through them,
//! and what the run left behind (requests the proxy saw, writes the server audited).

pub use crate::support::cluster;
use crate::support::{Run, plugin_async};
use ome_testenv::{
    AuditEvent, ChatFixture, FAULT_SENTINEL, Fault, ForeignCaServer, Hook, Proxy, ProxyOptions,
    RequestRecord,
};
use std::path::PathBuf;
use std::time::Duration;

/// A body this large is over every read cap of the plugin (harden: 1 MiB `/scale`, 4 MiB an
/// object, 8 MiB a LIST page).
pub const OVER_CAP: usize = (16 << 20) + 1;

/// The per-request time limit set for the "answer held past the time limit" fault, and how
/// long the proxy holds the answer.
pub const SHORT_TIMEOUT: &str = "--request-timeout=1s";
pub const HELD: Duration = Duration::from_secs(3);

/// One misbehaviour of the API server, as the matrix names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trouble {
    /// 200 ms added to every request.
    Latency,
    /// The answer held past `--request-timeout` (the server executed the request).
    PastTimeout,
    /// The connection reset before the request reached the server.
    ResetBefore,
    /// The connection reset after the server executed the request.
    ResetAfter,
    /// 429 without `Retry-After`.
    Throttled,
    /// 429 with `Retry-After: 1`.
    ThrottledRetryAfter,
    /// 500, 503 or 504.
    Status(u16),
    /// Half the body, then the connection closes.
    Truncated,
    /// A valid JSON body over the size caps.
    Oversize,
    /// A 200 whose body is not JSON.
    InvalidJson,
    /// A 307 to the same path on the real server.
    Redirect,
    /// The server presents a certificate from another CA.
    ForeignCa,
}

/// Every fault of the matrix.
pub const ALL: [Trouble; 14] = [
    Trouble::Latency,
    Trouble::PastTimeout,
    Trouble::ResetBefore,
    Trouble::ResetAfter,
    Trouble::Throttled,
    Trouble::ThrottledRetryAfter,
    Trouble::Status(500),
    Trouble::Status(503),
    Trouble::Status(504),
    Trouble::Truncated,
    Trouble::Oversize,
    Trouble::InvalidJson,
    Trouble::Redirect,
    Trouble::ForeignCa,
];

impl Trouble {
    /// The proxy fault played on the target request (none for latency and the foreign CA,
    /// which apply to every request).
    pub fn fault(self) -> Option<Fault> {
        Some(match self {
            Trouble::Latency | Trouble::ForeignCa => return None,
            Trouble::PastTimeout => Fault::DelayResponse(HELD),
            Trouble::ResetBefore => Fault::ResetBeforeForward,
            Trouble::ResetAfter => Fault::ResetAfterForward,
            Trouble::Throttled => Fault::Status {
                code: 429,
                retry_after: None,
            },
            Trouble::ThrottledRetryAfter => Fault::Status {
                code: 429,
                retry_after: Some(1),
            },
            Trouble::Status(code) => Fault::Status {
                code,
                retry_after: None,
            },
            Trouble::Truncated => Fault::TruncatedBody,
            Trouble::Oversize => Fault::OversizeBody(OVER_CAP),
            Trouble::InvalidJson => Fault::InvalidJson,
            Trouble::Redirect => Fault::Redirect(307),
        })
    }

    /// Whether the real server executes the target request.
    pub fn forwards(self) -> bool {
        match self {
            Trouble::Latency => true,
            Trouble::ForeignCa => false,
            other => other.fault().is_some_and(|f| f.forwards()),
        }
    }

    /// Whether the fault ends in no usable answer (everything but latency).
    pub fn fails(self) -> bool {
        self != Trouble::Latency
    }

    /// The column name in the matrix.
    pub fn name(self) -> String {
        match self {
            Trouble::Latency => "latency 200ms".into(),
            Trouble::PastTimeout => "held past --request-timeout".into(),
            Trouble::ForeignCa => "certificate from another CA".into(),
            other => other.fault().map(|f| f.name()).unwrap_or_default(),
        }
    }

    /// Arguments the fault needs on the command line.
    pub fn extra_args(self) -> Vec<&'static str> {
        match self {
            Trouble::PastTimeout => vec![SHORT_TIMEOUT],
            _ => Vec::new(),
        }
    }
}

/// Which request a fault hits: the `nth` (1-based) `method path` request.
#[derive(Debug, Clone)]
pub struct Target {
    pub method: &'static str,
    pub path: String,
    pub nth: usize,
}

impl Target {
    pub fn isvc(ns: &str) -> Target {
        Target {
            method: "GET",
            path: format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferenceservices/chat"),
            nth: 1,
        }
    }

    /// The second read of the service: `scale`'s revalidation after the preview.
    pub fn isvc_again(ns: &str) -> Target {
        Target {
            nth: 2,
            ..Target::isvc(ns)
        }
    }

    pub fn ir_list(ns: &str) -> Target {
        Target {
            method: "GET",
            path: format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas"),
            nth: 1,
        }
    }

    pub fn scale_get(ns: &str) -> Target {
        Target {
            method: "GET",
            path: format!(
                "/apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas/chat-engine/scale"
            ),
            nth: 1,
        }
    }

    pub fn scale_patch(ns: &str) -> Target {
        Target {
            method: "PATCH",
            ..Target::scale_get(ns)
        }
    }
}

/// A fault in front of the real server, ready for one run of the plugin.
pub struct Rig {
    pub kubeconfig: PathBuf,
    pub proxy: Option<Proxy>,
    pub foreign: Option<ForeignCaServer>,
}

impl Rig {
    /// Sets `trouble` up for `user`: on every request (latency, foreign CA) or on the first
    /// request to `target` (`every` = on each one).
    pub fn new(trouble: Trouble, user: &str, target: &Target, every: bool) -> Rig {
        if trouble == Trouble::ForeignCa {
            let foreign = ForeignCaServer::start().expect("foreign-CA server");
            return Rig {
                kubeconfig: foreign.kubeconfig(cluster(), user).expect("kubeconfig"),
                proxy: None,
                foreign: Some(foreign),
            };
        }
        let latency = if trouble == Trouble::Latency {
            Duration::from_millis(200)
        } else {
            Duration::ZERO
        };
        let proxy = Proxy::start(cluster(), ProxyOptions { latency }).expect("proxy");
        if let Some(fault) = trouble.fault() {
            let hook = Hook::new(target.method, &target.path)
                .nth(target.nth)
                .fault(fault);
            proxy.add_hook(if every { hook.every() } else { hook });
        }
        Rig {
            kubeconfig: proxy.kubeconfig_via_proxy(user).expect("kubeconfig"),
            proxy: Some(proxy),
            foreign: None,
        }
    }

    /// Runs the plugin with `args` plus what the fault needs.
    pub async fn run(&self, trouble: Trouble, args: &[&str]) -> Run {
        let mut all: Vec<&str> = args.to_vec();
        all.extend(trouble.extra_args());
        plugin_async(Some(&self.kubeconfig), &all).await
    }

    /// Requests the proxy saw.
    pub fn requests(&self) -> Vec<RequestRecord> {
        self.proxy.as_ref().map(Proxy::requests).unwrap_or_default()
    }

    /// How many requests with `method` reached the proxy.
    pub fn sent(&self, method: &str) -> usize {
        self.requests()
            .iter()
            .filter(|r| r.method == method)
            .count()
    }

    /// No request got past the foreign server's TLS handshake.
    pub fn assert_foreign_untouched(&self) {
        if let Some(foreign) = &self.foreign {
            assert_eq!(foreign.handshakes(), 0);
            assert_eq!(foreign.requests(), 0);
        }
    }
}

/// Every PATCH by `user` the server audited in `ns` (stored or not, dry runs included).
pub async fn audited_patches(ns: &str, user: &str) -> Vec<AuditEvent> {
    let audit = cluster().audit();
    audit.sync().await.expect("audit sync");
    audit
        .writes_by(ns, user)
        .expect("audit writes")
        .into_iter()
        .filter(|e| e.verb == "patch")
        .collect()
}

/// What a read command shows for the failed read, after its own prefix.
pub fn cause(trouble: Trouble) -> String {
    match trouble {
        Trouble::Latency => String::new(),
        Trouble::PastTimeout => "context deadline exceeded".into(),
        // The server's Status message is passed through (read-commands.md §1.2).
        Trouble::Throttled | Trouble::ThrottledRetryAfter => {
            format!("{FAULT_SENTINEL}: injected 429")
        }
        Trouble::Status(code) => format!("{FAULT_SENTINEL}: injected {code}"),
        Trouble::ResetBefore | Trouble::ResetAfter | Trouble::Truncated => {
            "the connection to the API server closed before the response was complete".into()
        }
        Trouble::ForeignCa => "the TLS handshake with the API server failed".into(),
        Trouble::Oversize => "response body exceeds the size limit".into(),
        Trouble::InvalidJson => "response is not a valid object".into(),
        Trouble::Redirect => "the server responded with status 307".into(),
    }
}

/// The cause a check line names for a fault (diagnose.md §5.1's read row; never server text).
pub fn check_cause(trouble: Trouble) -> String {
    match trouble {
        Trouble::Latency => String::new(),
        Trouble::PastTimeout => "Timeout".into(),
        Trouble::Throttled | Trouble::ThrottledRetryAfter => "http=429".into(),
        Trouble::Status(code) => format!("http={code}"),
        Trouble::Redirect => "http=307".into(),
        Trouble::ResetBefore | Trouble::ResetAfter | Trouble::Truncated => "Unreachable".into(),
        Trouble::ForeignCa => "TLS".into(),
        Trouble::Oversize => "TooLarge".into(),
        Trouble::InvalidJson => "Undecodable".into(),
    }
}

/// `<command> check: read object=<object> cause=<cause>` for a fault (difference y).
pub fn read_line(command: &str, object: &str, trouble: Trouble) -> String {
    format!(
        "{command} check: read object={object} cause={}\n",
        check_cause(trouble)
    )
}

/// One line of the matrix printed for the report: fault, command, exit, stderr's last line.
pub fn print_row(trouble: Trouble, command: &str, run: &Run, patches: Option<(usize, usize)>) {
    let last = run.stderr.lines().last().unwrap_or_default();
    let patches = patches
        .map(|(sent, audited)| format!(" | PATCH sent {sent}, reached server {audited}"))
        .unwrap_or_default();
    println!(
        "MATRIX | {} | {command} | exit {} | {last}{patches}",
        trouble.name(),
        run.code
    );
}

/// The requests a confirmed scale of the guide's `chat` engine makes before its PATCH (stage 1,
/// stage 2, the revalidation), counted on a `--dry-run server` run of its own namespace: the
/// read plan, not a number copied into the tests.
pub async fn reads_before_patch() -> usize {
    let c = cluster();
    let ns = c.namespace("faults-read-plan").await.unwrap();
    ChatFixture::new()
        .create(&c.admin().await.unwrap(), &ns)
        .await
        .unwrap();
    let proxy = Proxy::start(c, ProxyOptions::default()).unwrap();
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    let args = [
        "scale",
        "chat",
        "-n",
        &ns,
        "--component",
        "engine",
        "--replicas",
        "3",
        "--override-autoscaler",
        "--yes",
        "--dry-run",
        "server",
    ];
    let run = plugin_async(Some(&kubeconfig), &args).await;
    assert_eq!(run.code, 0, "{run:?}");
    let seen = proxy.requests();
    let reads = seen.iter().take_while(|r| r.method == "GET").count();
    assert_eq!(seen.get(reads).map(|r| r.method.as_str()), Some("PATCH"));
    assert_eq!(seen.len(), reads + 1, "{seen:#?}");
    reads
}
