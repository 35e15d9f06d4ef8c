//! Test environment for `kubectl-ome`: a real kube-apiserver (v1.37.2, embedded etcd) on
//! loopback with the OME CRDs, test users with RBAC, kubeconfigs, the guide's `chat` example as
//! fixtures, controller stand-ins that change one piece of evidence at a time, an audit-log
//! reader, and a TLS-terminating proxy that can delay, hook or cut requests.
//!
//! Start with [`shared`] in tests (one server per test binary) and give each test its own
//! namespace with [`TestCluster::namespace`]. See `testenv/README.md` for the API summary.

#![warn(missing_docs)]

pub mod actionlint;
pub mod audit;
pub mod binary;
pub mod cluster;
pub mod columnar;
pub mod controller;
pub mod crds;
pub mod demo;
pub mod faults;
pub mod fixtures;
pub mod forward;
pub mod identity;
pub mod just_created;
pub mod keeper;
pub mod krew;
pub mod kubeconfig;
pub mod kubelet;
pub mod kubelet_pods;
pub mod misbehave;
pub mod models;
pub mod objects;
pub mod operator;
pub mod pinned;
pub mod pods;
pub mod proxy;
pub mod rbac;
pub mod revisions;
pub mod secrets;
pub mod selection;
pub mod util;
pub mod wait;
pub mod walkthrough;
pub mod watch_cache;

pub use audit::{Audit, AuditEvent};
pub use cluster::{
    CERT_USER, TOKEN_USERS, TestCluster, client_from_kubeconfig, shared, shared_demo, shared_quiet,
    shared_selection,
};
pub use controller::Controller;
pub use faults::{FAULT_SENTINEL, Fault, ForeignCaServer};
pub use fixtures::{
    AutoscalerClass, ChatFixture, ChatObjects, Component, DocsShape, Encoding, ModelFixture,
    RuntimeRef,
};
pub use forward::{ForwardOptions, ForwardProxy, PROXIED_HOST, TcpForwarder, Tunnel};
pub use kubeconfig::KubeconfigBuilder;
pub use misbehave::{MisbehavingServer, Misbehaviour};
pub use proxy::{Hook, HookAction, Proxy, ProxyOptions, RequestRecord};
