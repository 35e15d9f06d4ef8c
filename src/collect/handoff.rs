//! Whether a request has been handed to a connection: from that moment its bytes may reach the
//! server, so a write interrupted afterwards has an unknown outcome, and one interrupted before
//! it was never sent. The HTTP client itself records the moment (hyper-util's connection
//! capture, set just before it passes the request to the connection), so the answer never
//! depends on a flag of ours set ahead of the send.

use hyper_util::client::legacy::connect::{CaptureConnection, capture_connection};
use std::sync::{Arc, Mutex};

/// Observes one request's handoff; clones observe the same request.
#[derive(Clone, Default)]
pub struct Handoff(Arc<Mutex<Option<CaptureConnection>>>);

impl std::fmt::Debug for Handoff {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Handoff").field(&self.happened()).finish()
    }
}

impl Handoff {
    /// Observes `request` (replacing any request observed before).
    pub fn attach<B>(&self, request: &mut http::Request<B>) {
        let capture = capture_connection(request);
        if let Ok(mut slot) = self.0.lock() {
            *slot = Some(capture);
        }
    }

    /// Whether the observed request was handed to a connection. A request dropped before this
    /// is true was never written, and can no longer be.
    pub fn happened(&self) -> bool {
        self.0.lock().is_ok_and(|slot| {
            slot.as_ref()
                .is_some_and(|capture| capture.connection_metadata().is_some())
        })
    }
}
