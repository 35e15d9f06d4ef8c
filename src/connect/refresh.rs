//! An exec plugin's token that expires (`expirationTimestamp`) is renewed before it does, for
//! commands that outlive it (a long `wait`): a background task runs the plugin again a minute
//! before the expiry and every request carries the current token. A token without an expiry is
//! used as is and the plugin never runs again.

use super::exec::{Credential, Plugin};
use http::HeaderValue;
use secrecy::{ExposeSecret, SecretString};
use std::sync::{Arc, RwLock};
use std::task::{Context, Poll};
use std::time::Duration;

/// How long before the expiry the plugin runs again.
const RENEW_BEFORE: Duration = Duration::from_secs(60);
/// The least time between two runs, whatever the plugin says about expiry.
const MIN_INTERVAL: Duration = Duration::from_secs(5);

/// The `Authorization` header of every request, kept current by the renewal task.
#[derive(Clone)]
pub(crate) struct Bearer {
    header: Arc<RwLock<HeaderValue>>,
    _renewal: Arc<AbortOnDrop>,
}

impl std::fmt::Debug for Bearer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bearer")
            .field("header", &super::select::REDACTED)
            .finish()
    }
}

struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl Bearer {
    /// Starts renewing `token`, which expires at `expires`.
    pub(crate) fn start(
        plugin: Plugin,
        token: &SecretString,
        expires: jiff::Timestamp,
        limit: Duration,
    ) -> Option<Bearer> {
        let header = Arc::new(RwLock::new(header_of(token)?));
        let task = tokio::spawn(renew(plugin, header.clone(), expires, limit));
        Some(Bearer {
            header,
            _renewal: Arc::new(AbortOnDrop(task)),
        })
    }
}

fn header_of(token: &SecretString) -> Option<HeaderValue> {
    let mut value = HeaderValue::from_str(&format!("Bearer {}", token.expose_secret())).ok()?;
    value.set_sensitive(true);
    Some(value)
}

/// Runs the plugin again ahead of each expiry; stops when a token has no expiry or a run fails
/// (requests then fail with the server's 401, as the old token expires).
async fn renew(
    plugin: Plugin,
    header: Arc<RwLock<HeaderValue>>,
    mut expires: jiff::Timestamp,
    limit: Duration,
) {
    loop {
        let left = expires.duration_since(jiff::Timestamp::now());
        let wait = Duration::try_from(left)
            .unwrap_or_default()
            .saturating_sub(RENEW_BEFORE)
            .max(MIN_INTERVAL);
        tokio::time::sleep(wait).await;
        let Ok(Credential::Token {
            token,
            expires: next,
        }) = plugin.run(limit).await
        else {
            return;
        };
        if let (Some(value), Ok(mut current)) = (header_of(&token), header.write()) {
            *current = value;
        }
        match next {
            Some(next) => expires = next,
            None => return,
        }
    }
}

impl<S> tower::Layer<S> for Bearer {
    type Service = WithBearer<S>;

    fn layer(&self, inner: S) -> WithBearer<S> {
        WithBearer {
            inner,
            bearer: self.clone(),
        }
    }
}

/// A service that sets the current bearer token on each request.
pub(crate) struct WithBearer<S> {
    inner: S,
    bearer: Bearer,
}

impl<S, B> tower::Service<http::Request<B>> for WithBearer<S>
where
    S: tower::Service<http::Request<B>>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: http::Request<B>) -> S::Future {
        if let Ok(header) = self.bearer.header.read() {
            request
                .headers_mut()
                .insert(http::header::AUTHORIZATION, header.clone());
        }
        self.inner.call(request)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tower::{Layer as _, Service as _};

    /// Answers each request with its Authorization header.
    struct Echo;

    impl tower::Service<http::Request<()>> for Echo {
        type Response = Option<HeaderValue>;
        type Error = std::convert::Infallible;
        type Future = std::future::Ready<Result<Option<HeaderValue>, Self::Error>>;

        fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
            Poll::Ready(Ok(()))
        }

        fn call(&mut self, request: http::Request<()>) -> Self::Future {
            std::future::ready(Ok(request
                .headers()
                .get(http::header::AUTHORIZATION)
                .cloned()))
        }
    }

    #[tokio::test]
    async fn each_request_carries_the_current_token() {
        let bearer = Bearer {
            header: Arc::new(RwLock::new(HeaderValue::from_static("Bearer one"))),
            _renewal: Arc::new(AbortOnDrop(tokio::spawn(async {}))),
        };
        let mut service = bearer.layer(Echo);
        let seen = service.call(http::Request::new(())).await.unwrap();
        assert_eq!(seen, Some(HeaderValue::from_static("Bearer one")));
        *bearer.header.write().unwrap() = HeaderValue::from_static("Bearer two");
        let seen = service.call(http::Request::new(())).await.unwrap();
        assert_eq!(seen, Some(HeaderValue::from_static("Bearer two")));
    }
}
