//! The proxy's faults and the foreign-CA server, seen by a plain kube client: each misbehaves
//! the way its name says, and the ones that forward reach the real server.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use std::time::{Duration, Instant};

use kube::api::{Api, DynamicObject, Patch, PatchParams};
use ome_testenv::crds::ir_resource;
use ome_testenv::{
    ChatFixture, FAULT_SENTINEL, Fault, ForeignCaServer, Hook, Proxy, ProxyOptions, TestCluster,
    shared,
};
use serde_json::{Value, json};

fn cluster() -> &'static TestCluster {
    shared().expect("shared test cluster")
}

async fn chat(prefix: &str) -> String {
    let c = cluster();
    let ns = c.namespace(prefix).await.unwrap();
    ChatFixture::new()
        .create(&c.admin().await.unwrap(), &ns)
        .await
        .unwrap();
    ns
}

fn isvc_path(ns: &str) -> String {
    format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferenceservices/chat")
}

/// A client through the proxy that, like the plugin, never retries by itself (so each fault
/// is seen once).
async fn no_retry_client(proxy: &Proxy, user: &str) -> kube::Client {
    let kubeconfig =
        kube::config::Kubeconfig::read_from(proxy.kubeconfig_via_proxy(user).unwrap()).unwrap();
    let mut config = kube::Config::from_custom_kubeconfig(kubeconfig, &Default::default())
        .await
        .unwrap();
    config.default_retry = false;
    kube::Client::try_from(config).unwrap()
}

/// GET `path` as raw text: (status, headers, body) or the transport error.
async fn raw_get(
    client: &kube::Client,
    path: &str,
) -> Result<(u16, http::HeaderMap, Vec<u8>), kube::Error> {
    use http_body_util::BodyExt;
    let req = http::Request::get(path)
        .body(kube::client::Body::empty())
        .unwrap();
    let response = client.send(req).await?;
    let (parts, body) = response.into_parts();
    let bytes = body
        .collect()
        .await
        .map_err(|e| kube::Error::Service(Box::new(e)))?
        .to_bytes();
    Ok((parts.status.as_u16(), parts.headers, bytes.to_vec()))
}

/// Whether an io error of this kind is anywhere in the error's source chain.
fn has_io_kind(error: &(dyn std::error::Error + 'static), kind: std::io::ErrorKind) -> bool {
    let mut next = Some(error);
    while let Some(e) = next {
        if e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == kind)
        {
            return true;
        }
        next = e.source();
    }
    false
}

#[tokio::test]
async fn answers_without_forwarding() {
    let ns = chat("fault-answers").await;
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    let path = isvc_path(&ns);
    proxy.add_hook(Hook::new("GET", &path).fault(Fault::Status {
        code: 429,
        retry_after: Some(2),
    }));
    proxy.add_hook(Hook::new("GET", &path).fault(Fault::Status {
        code: 503,
        retry_after: None,
    }));
    proxy.add_hook(Hook::new("GET", &path).fault(Fault::Redirect(307)));
    proxy.add_hook(Hook::new("GET", &path).fault(Fault::ResetBeforeForward));
    let client = no_retry_client(&proxy, "reader").await;

    let (code, headers, body) = raw_get(&client, &path).await.unwrap();
    assert_eq!(code, 429);
    assert_eq!(headers["retry-after"], "2");
    let status: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(status["details"]["retryAfterSeconds"], 2);
    assert!(status["message"].as_str().unwrap().contains(FAULT_SENTINEL));

    let (code, headers, _) = raw_get(&client, &path).await.unwrap();
    assert_eq!(code, 503);
    assert!(headers.get("retry-after").is_none());

    // The redirect points at the real server, so a client that followed it would succeed.
    let (code, headers, _) = raw_get(&client, &path).await.unwrap();
    assert_eq!(code, 307);
    assert_eq!(
        headers["location"].to_str().unwrap(),
        format!("{}{path}", cluster().url())
    );

    let reset = raw_get(&client, &path).await.unwrap_err();
    assert!(
        has_io_kind(&reset, std::io::ErrorKind::ConnectionReset),
        "a TCP reset: {reset:?}"
    );
    // None of these reached the server.
    let log = proxy.requests();
    assert_eq!(log.len(), 4);
    assert!(log[3].cut);
    cluster().audit().sync().await.unwrap();
    let served = cluster().audit().requests_by(&ns, "reader").unwrap();
    assert!(served.is_empty(), "{served:?}");
}

#[tokio::test]
async fn spoils_the_servers_answer() {
    let ns = chat("fault-spoils").await;
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    let path = isvc_path(&ns);
    let held = Duration::from_millis(600);
    proxy.add_hook(Hook::new("GET", &path).fault(Fault::DelayResponse(held)));
    proxy.add_hook(Hook::new("GET", &path).fault(Fault::TruncatedBody));
    proxy.add_hook(Hook::new("GET", &path).fault(Fault::OversizeBody(2 << 20)));
    proxy.add_hook(Hook::new("GET", &path).fault(Fault::InvalidJson));
    let client = no_retry_client(&proxy, "reader").await;

    let started = Instant::now();
    let (code, _, body) = raw_get(&client, &path).await.unwrap();
    assert!(started.elapsed() >= held);
    assert_eq!(code, 200);
    let isvc: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(isvc["metadata"]["name"], "chat");

    let truncated = raw_get(&client, &path).await;
    assert!(truncated.is_err(), "{:?}", truncated.map(|r| r.0));

    let (code, _, body) = raw_get(&client, &path).await.unwrap();
    assert_eq!(code, 200);
    assert!(body.len() > 2 << 20);
    let padded: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(padded["metadata"]["name"], "chat");

    let (code, _, body) = raw_get(&client, &path).await.unwrap();
    assert_eq!(code, 200);
    assert!(serde_json::from_slice::<Value>(&body).is_err());

    // Each was served by the real server.
    cluster().audit().sync().await.unwrap();
    let served = cluster().audit().requests_by(&ns, "reader").unwrap();
    assert_eq!(served.len(), 4, "{served:?}");
}

#[tokio::test]
async fn a_reset_after_forwarding_leaves_the_write_stored() {
    let ns = chat("fault-reset-write").await;
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    let path = format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas/chat-engine/scale");
    proxy.add_hook(Hook::new("PATCH", &path).fault(Fault::ResetAfterForward));
    let api: Api<DynamicObject> =
        Api::namespaced_with(no_retry_client(&proxy, "scaler").await, &ns, &ir_resource());
    let err = api
        .patch_scale(
            "chat-engine",
            &PatchParams::default(),
            &Patch::Merge(json!({"spec": {"replicas": 3}})),
        )
        .await
        .unwrap_err();
    assert!(
        has_io_kind(&err, std::io::ErrorKind::ConnectionReset),
        "{err:?}"
    );
    let admin: Api<DynamicObject> =
        Api::namespaced_with(cluster().admin().await.unwrap(), &ns, &ir_resource());
    let stored = admin.get("chat-engine").await.unwrap();
    assert_eq!(stored.data["spec"]["replicas"], 3);
}

#[tokio::test]
async fn a_server_certificate_from_another_ca_is_refused_before_any_request() {
    let server = ForeignCaServer::start().unwrap();
    let kubeconfig = server.kubeconfig(cluster(), "reader").unwrap();
    let client = ome_testenv::client_from_kubeconfig(&kubeconfig)
        .await
        .unwrap();
    let err = raw_get(&client, "/api").await.unwrap_err();
    assert!(!matches!(err, kube::Error::Api(_)), "{err:?}");
    assert_eq!(server.handshakes(), 0);
    assert_eq!(server.requests(), 0);
}
