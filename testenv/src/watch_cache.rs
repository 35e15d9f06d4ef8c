//! Objects aged out of the API server's watch cache: the normal state of a service nobody has
//! written for a while. The watch cache keeps the events of the last 75 s or so per resource
//! (it grows while its oldest event is younger than that, and evicts the oldest once it is
//! full of older ones), so an object's own resourceVersion stops being watchable only after
//! that time and enough later writes of the same resource. [`age_out`] writes other objects of
//! the same resources at a steady pace until a watch from each object's own version is answered
//! `410 Gone`, which [`expired`] checks exactly as a client meets it.

// JSON documents are read and written by key (serde_json's `Value`: a missing key reads as
// `Null`, a write inserts); the lint cannot tell that indexing from a slice's.
#![allow(clippy::indexing_slicing)]

use crate::objects;
use anyhow::{Context, Result, bail};
use futures::StreamExt;
use kube::api::{Api, ApiResource, DynamicObject, WatchEvent, WatchParams};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// One object to age: its resource, namespace, name and the resourceVersion it was last
/// written at.
#[derive(Debug, Clone)]
pub struct Target {
    /// The object's resource.
    pub resource: ApiResource,
    /// Its namespace.
    pub namespace: String,
    /// Its name.
    pub name: String,
    /// The resourceVersion it was last written at.
    pub version: String,
}

impl Target {
    /// The object `raw` of `resource`, at the version it carries.
    pub fn of(resource: ApiResource, raw: &Value) -> Target {
        Target {
            resource,
            namespace: raw["metadata"]["namespace"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
            name: raw["metadata"]["name"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
            version: objects::resource_version(raw).to_string(),
        }
    }
}

/// Whether a watch of `target` by name from its own resourceVersion is answered `410 Gone`
/// (the HTTP status or the ERROR event the watch cache sends). A watch that is accepted ends
/// after 1 s on the server.
pub async fn expired(client: &kube::Client, target: &Target) -> Result<bool> {
    let api: Api<DynamicObject> =
        Api::namespaced_with(client.clone(), &target.namespace, &target.resource);
    let params = WatchParams::default()
        .fields(&format!("metadata.name={}", target.name))
        .timeout(1);
    let stream = match api.watch(&params, &target.version).await {
        Ok(stream) => stream,
        Err(kube::Error::Api(status)) if status.code == 410 => return Ok(true),
        Err(e) => return Err(e).context("open the watch"),
    };
    let mut stream = std::pin::pin!(stream);
    let first = tokio::time::timeout(Duration::from_secs(10), stream.next())
        .await
        .context("the watch neither ended nor sent an event")?;
    Ok(match first {
        Some(Ok(WatchEvent::Error(status))) => status.code == 410,
        Some(Err(kube::Error::Api(status))) => status.code == 410,
        _ => false,
    })
}

/// Writes filler objects of the targets' resources (copies of the targets named
/// `<name>-aging-filler`, without labels, in the targets' namespaces) until every target is
/// [`expired`]; fails after `limit`. Returns how many filler writes it took.
///
/// The cache keeps at least the last 75 s of events and grows while younger events overflow it,
/// so a busy server (a whole suite writing at once) may have grown it to thousands of events.
/// For the first 80 s the fillers write about 5 times a second per resource (not to make it grow
/// further); after that no event that young is the oldest any more, so they write 10 at a time
/// to push the targets out of a grown cache soon.
pub async fn age_out(client: &kube::Client, targets: &[Target], limit: Duration) -> Result<usize> {
    let fillers = create_fillers(client, targets).await?;
    let started = Instant::now();
    let mut writes = 0usize;
    let mut sequence = 0u64;
    let mut remaining: Vec<&Target> = targets.iter().collect();
    while !remaining.is_empty() {
        if started.elapsed() > limit {
            bail!(
                "{} of {} objects still in the watch cache after {limit:?} and {writes} writes",
                remaining.len(),
                targets.len()
            );
        }
        let burst = if started.elapsed() > Duration::from_secs(80) {
            10
        } else {
            1
        };
        for _ in 0..10 {
            // Every write sets a new value: a patch that changes nothing makes no event.
            let round: Vec<_> = fillers
                .iter()
                .flat_map(|filler| (0..burst).map(move |i| (filler, i)))
                .map(|((resource, ns, name), i)| {
                    let value = format!("{sequence}-{i}");
                    let patch = json!({"metadata": {"annotations": {"ome-testenv/aging": value}}});
                    objects::merge_patch(client, resource, Some(ns), name, patch)
                })
                .collect();
            sequence += 1;
            // A loaded server may fail a write (etcd timeouts): the next one counts.
            writes += futures::future::join_all(round)
                .await
                .iter()
                .filter(|r| r.is_ok())
                .count();
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        // A check that fails is tried again next round.
        let checks = futures::future::join_all(remaining.iter().map(|t| expired(client, t)));
        let gone: Vec<bool> = checks
            .await
            .into_iter()
            .map(|r| r.unwrap_or(false))
            .collect();
        remaining = remaining
            .into_iter()
            .zip(gone)
            .filter_map(|(target, gone)| (!gone).then_some(target))
            .collect();
    }
    Ok(writes)
}

/// One filler per resource among the targets.
async fn create_fillers(
    client: &kube::Client,
    targets: &[Target],
) -> Result<Vec<(ApiResource, String, String)>> {
    let mut fillers: Vec<(ApiResource, String, String)> = Vec::new();
    for target in targets {
        if fillers
            .iter()
            .any(|(r, _, _)| r.plural == target.resource.plural)
        {
            continue;
        }
        let ns = target.namespace.as_str();
        let original = objects::get(client, &target.resource, Some(ns), &target.name).await?;
        let name = format!("{}-aging-filler", target.name);
        let copy = json!({"metadata": {"name": name}, "spec": original["spec"]});
        objects::create(client, &target.resource, Some(ns), copy).await?;
        fillers.push((target.resource.clone(), ns.to_string(), name));
    }
    Ok(fillers)
}
