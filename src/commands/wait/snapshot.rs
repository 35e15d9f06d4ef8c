//! What the last read of the waited-for state returned, kept so that a watch event can replace
//! the object it carries and the state be judged again exactly as after a read. The snapshot
//! also says which watches observe everything it holds.

use crate::collect::http::{MAX_BOUNDED_BODY, MAX_OBJECT_BODY};
use crate::collect::instance::drop_unread_fields;
use crate::collect::watch::{WatchRequest, WatchScope};
use crate::ome::evidence::ReplicaCollection;
use crate::ome::{Fetched, InferenceService, meta_resource_version};
use serde_json::Value;

/// The objects one acquisition read.
#[derive(Debug, Clone)]
pub(super) struct Snapshot {
    pub(super) parent: Fetched<InferenceService>,
    pub(super) replicas: Replicas,
}

/// The InferenceReplica evidence of a snapshot.
#[derive(Debug, Clone)]
pub(super) enum Replicas {
    /// The predicate reads only the service.
    NotRead,
    /// The service names no InferenceReplica yet (replicas=current): only the service is
    /// watched, and a change of the name means a new read.
    Unselected,
    /// One InferenceReplica by exact name, as stored; `None` while it does not exist.
    Named {
        name: String,
        object: Option<Box<Value>>,
    },
    /// The service's InferenceReplicas as the bounded LIST returned them.
    Listed {
        collection: ReplicaCollection,
        max_items: usize,
    },
}

/// The stream an event came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Watched {
    Service,
    Replica,
    Replicas,
}

impl Snapshot {
    /// The watches that observe everything this snapshot holds, each from a current
    /// resourceVersion (README difference k): an object read by name is watched as a streaming
    /// watch list (its state now, then its changes), never from the resourceVersion it was
    /// read at, which on a quiet object is older than the API server's watch cache (410); the
    /// LIST of InferenceReplicas from the LIST's own resourceVersion, which is current. `None`
    /// when part of it cannot be watched exactly: a LIST without the label selector, cut at
    /// its bound, or without a resourceVersion.
    pub(super) fn watches(
        &self,
        namespace: &str,
        service: &str,
    ) -> Option<Vec<(Watched, WatchRequest)>> {
        let mut plan = vec![(
            Watched::Service,
            WatchRequest::current(
                namespace,
                WatchScope::Service(service.to_string()),
                MAX_OBJECT_BODY,
            ),
        )];
        match &self.replicas {
            Replicas::NotRead | Replicas::Unselected => {}
            Replicas::Named { name, .. } => plan.push((
                Watched::Replica,
                WatchRequest::current(
                    namespace,
                    WatchScope::Replica(name.clone()),
                    MAX_BOUNDED_BODY,
                ),
            )),
            Replicas::Listed { collection, .. } => {
                if !collection.selector_used || collection.truncated {
                    return None;
                }
                let version = collection.resource_version.as_deref()?;
                plan.push((
                    Watched::Replicas,
                    WatchRequest::new(
                        namespace,
                        WatchScope::ServiceReplicas(service.to_string()),
                        version,
                        MAX_OBJECT_BODY,
                    ),
                ));
            }
        }
        Some(plan)
    }

    /// The resourceVersion of the object `watched` as this snapshot holds it (empty: none).
    pub(super) fn version_of(&self, watched: Watched) -> &str {
        match watched {
            Watched::Service => meta_resource_version(&self.parent.view.metadata),
            Watched::Replica => self
                .named()
                .and_then(|(_, object)| object)
                .map_or("", raw_resource_version),
            Watched::Replicas => "",
        }
    }

    /// The InferenceReplica watched by name, and its current object.
    pub(super) fn named(&self) -> Option<(&str, Option<&Value>)> {
        match &self.replicas {
            Replicas::Named { name, object } => Some((name.as_str(), object.as_deref())),
            _ => None,
        }
    }

    /// The named InferenceReplica changed; `None`: it was deleted.
    pub(super) fn replica_changed(&mut self, changed: Option<Value>) {
        if let Replicas::Named { object, .. } = &mut self.replicas {
            *object = changed.map(Box::new);
        }
    }

    /// One listed InferenceReplica was added, modified or (`deleted`) removed, keeping the
    /// LIST's order by name. False when the collection would exceed the LIST's bound, so only
    /// a new LIST can tell what it holds.
    pub(super) fn listed_changed(&mut self, mut raw: Value, deleted: bool) -> bool {
        let Replicas::Listed {
            collection,
            max_items,
        } = &mut self.replicas
        else {
            return true;
        };
        drop_unread_fields(&mut raw);
        let name = object_name(&raw).to_string();
        let items = &mut collection.items;
        match (items.iter().position(|i| object_name(i) == name), deleted) {
            (Some(i), true) => {
                items.remove(i);
            }
            (None, true) => {}
            (Some(i), false) => {
                if let Some(item) = items.get_mut(i) {
                    *item = raw;
                }
            }
            (None, false) => {
                if items.len() >= *max_items {
                    return false;
                }
                let at = items
                    .iter()
                    .position(|i| object_name(i) > name.as_str())
                    .unwrap_or(items.len());
                items.insert(at, raw);
            }
        }
        true
    }
}

fn raw_resource_version(raw: &Value) -> &str {
    raw.pointer("/metadata/resourceVersion")
        .and_then(Value::as_str)
        .unwrap_or_default()
}

fn object_name(raw: &Value) -> &str {
    raw.pointer("/metadata/name")
        .and_then(Value::as_str)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parent() -> Fetched<InferenceService> {
        Fetched::from_raw(json!({"metadata": {"name": "chat", "resourceVersion": "5"}})).unwrap()
    }

    fn ir(name: &str, rv: &str) -> Value {
        json!({"metadata": {"name": name, "resourceVersion": rv}})
    }

    fn listed(items: Vec<Value>, max_items: usize) -> Snapshot {
        Snapshot {
            parent: parent(),
            replicas: Replicas::Listed {
                collection: ReplicaCollection {
                    items,
                    selector_used: true,
                    resource_version: Some("9".into()),
                    ..ReplicaCollection::default()
                },
                max_items,
            },
        }
    }

    fn names(snapshot: &Snapshot) -> Vec<String> {
        match &snapshot.replicas {
            Replicas::Listed { collection, .. } => collection
                .items
                .iter()
                .map(|i| object_name(i).to_string())
                .collect(),
            _ => Vec::new(),
        }
    }

    #[test]
    fn listed_changes_keep_the_list_order_and_bound() {
        let mut s = listed(vec![ir("chat-decoder", "1"), ir("chat-router", "1")], 3);
        assert!(s.listed_changed(ir("chat-engine", "2"), false));
        assert_eq!(names(&s), ["chat-decoder", "chat-engine", "chat-router"]);
        assert!(s.listed_changed(ir("chat-engine", "3"), false));
        assert!(!s.listed_changed(ir("chat-extra", "4"), false));
        assert!(s.listed_changed(ir("chat-decoder", "5"), true));
        assert_eq!(names(&s), ["chat-engine", "chat-router"]);
        assert!(s.listed_changed(ir("chat-gone", "6"), true));
    }

    #[test]
    fn watches_cover_what_was_read_from_current_versions() {
        let s = listed(vec![], 32);
        let plan = s.watches("prod", "chat").unwrap();
        let paths: Vec<_> = plan.iter().map(|(w, r)| (*w, r.path())).collect();
        assert_eq!(paths.len(), 2);
        assert_eq!(paths[0].0, Watched::Service);
        // Never from the version the service was read at (5).
        assert!(
            paths[0]
                .1
                .ends_with("&sendInitialEvents=true&resourceVersionMatch=NotOlderThan"),
            "{paths:?}"
        );
        assert_eq!(s.version_of(Watched::Service), "5");
        assert_eq!(paths[1].0, Watched::Replicas);
        assert!(paths[1].1.ends_with("&resourceVersion=9"), "{paths:?}");

        let mut cut = listed(vec![], 32);
        if let Replicas::Listed { collection, .. } = &mut cut.replicas {
            collection.truncated = true;
        }
        assert!(cut.watches("prod", "chat").is_none());

        let named = Snapshot {
            parent: parent(),
            replicas: Replicas::Named {
                name: "chat-engine".into(),
                object: Some(Box::new(ir("chat-engine", "7"))),
            },
        };
        let plan = named.watches("prod", "chat").unwrap();
        assert!(plan[1].1.initial_events);
        assert!(!plan[1].1.path().contains("resourceVersion="));
        assert_eq!(named.version_of(Watched::Replica), "7");
    }
}
