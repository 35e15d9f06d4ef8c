//! Reading a response body without ever holding more than its cap: whole bodies and the event
//! lines of a watch.

use super::{ApiError, TransportError};
use bytes::Bytes;
use http_body_util::BodyExt;
use kube::client::Body;

/// The declared body length, when the server sent one.
fn content_length(response: &http::Response<Body>) -> Option<usize> {
    response
        .headers()
        .get(http::header::CONTENT_LENGTH)?
        .to_str()
        .ok()?
        .parse()
        .ok()
}

/// Reads the body frame by frame, refusing it as soon as it passes `cap` bytes (or declares
/// more): memory never holds more than the cap, however long the server keeps sending.
pub(super) async fn read_capped(
    response: http::Response<Body>,
    cap: usize,
) -> Result<Bytes, ApiError> {
    let declared = content_length(&response);
    if declared.is_some_and(|n| n > cap) {
        return Err(ApiError::TooLarge);
    }
    let mut body = response.into_body();
    let mut buffer: Vec<u8> = Vec::with_capacity(declared.unwrap_or(16 << 10));
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|e| ApiError::Transport(TransportError::new(e)))?;
        let Ok(data) = frame.into_data() else {
            continue;
        };
        append_capped(&mut buffer, &data, cap)?;
    }
    Ok(Bytes::from(buffer))
}

/// Appends `data`, growing the buffer at most to `cap` (never the allocator's doubling past it).
fn append_capped(buffer: &mut Vec<u8>, data: &[u8], cap: usize) -> Result<(), ApiError> {
    let needed = buffer.len().saturating_add(data.len());
    if needed > cap {
        return Err(ApiError::TooLarge);
    }
    if needed > buffer.capacity() {
        let grown = buffer.capacity().saturating_mul(2).max(needed).min(cap);
        buffer.reserve_exact(grown - buffer.len());
    }
    buffer.extend_from_slice(data);
    Ok(())
}

/// What [`event_lines`] carries from one poll to the next.
struct LineState {
    body: Body,
    pending: Vec<u8>,
    /// How much of `pending` is known to hold no newline.
    scanned: usize,
    done: bool,
}

/// Splits a body into non-blank lines; a line longer than `cap` is an error that ends the
/// stream, and so is a failed read. An unfinished last line is dropped.
pub(super) fn event_lines(
    body: Body,
    cap: usize,
) -> impl futures::Stream<Item = Result<Bytes, ApiError>> {
    let state = LineState {
        body,
        pending: Vec::new(),
        scanned: 0,
        done: false,
    };
    futures::stream::unfold(state, move |mut state| async move {
        loop {
            // A line over the cap ends the stream, finished or not.
            let over_cap = match next_line(&mut state) {
                Some(line) if line.len() <= cap => return Some((Ok(line), state)),
                Some(_) => true,
                None => state.pending.len() > cap,
            };
            if over_cap {
                state.done = true;
                state.pending = Vec::new();
                return Some((Err(ApiError::TooLarge), state));
            }
            if state.done {
                return None;
            }
            match state.body.frame().await {
                None => state.done = true,
                Some(Err(e)) => {
                    state.done = true;
                    state.pending = Vec::new();
                    return Some((Err(ApiError::Transport(TransportError::new(e))), state));
                }
                Some(Ok(frame)) => {
                    if let Ok(data) = frame.into_data() {
                        state.pending.extend_from_slice(&data);
                    }
                }
            }
        }
    })
}

/// Takes the next complete non-blank line out of the pending bytes.
fn next_line(state: &mut LineState) -> Option<Bytes> {
    loop {
        let unscanned = state.pending.get(state.scanned..)?;
        let Some(offset) = unscanned.iter().position(|b| *b == b'\n') else {
            state.scanned = state.pending.len();
            return None;
        };
        let end = state.scanned + offset;
        let rest = state.pending.split_off(end + 1);
        let mut line = std::mem::replace(&mut state.pending, rest);
        state.scanned = 0;
        line.truncate(end);
        if !line.iter().all(u8::is_ascii_whitespace) {
            return Some(Bytes::from(line));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures::StreamExt;

    fn response(body: &[u8], declared: Option<usize>) -> http::Response<Body> {
        let mut response = http::Response::new(Body::from(body.to_vec()));
        if let Some(n) = declared {
            response
                .headers_mut()
                .insert(http::header::CONTENT_LENGTH, n.into());
        }
        response
    }

    #[tokio::test]
    async fn bodies_are_refused_past_the_cap() {
        let ok = read_capped(response(b"{}", Some(2)), 2).await.unwrap();
        assert_eq!(&ok[..], b"{}");
        assert!(matches!(
            read_capped(response(b"{}", None), 1).await,
            Err(ApiError::TooLarge)
        ));
        // A declared length over the cap is refused before a byte is read.
        assert!(matches!(
            read_capped(response(b"", Some(1 << 40)), 1 << 20).await,
            Err(ApiError::TooLarge)
        ));
    }

    #[test]
    fn the_buffer_never_grows_past_the_cap() {
        let mut buffer = Vec::new();
        for _ in 0..10 {
            append_capped(&mut buffer, &[b'a'; 100], 1000).unwrap();
            assert!(buffer.capacity() <= 1000);
        }
        assert!(matches!(
            append_capped(&mut buffer, b"a", 1000),
            Err(ApiError::TooLarge)
        ));
        assert_eq!(buffer.len(), 1000);
    }

    async fn lines(body: &[u8], cap: usize) -> Vec<Result<String, String>> {
        event_lines(Body::from(body.to_vec()), cap)
            .map(|line| {
                line.map(|l| String::from_utf8_lossy(&l).into_owned())
                    .map_err(|e| e.to_string())
            })
            .collect()
            .await
    }

    #[tokio::test]
    async fn watch_lines_split_skip_blanks_and_drop_an_unfinished_tail() {
        assert_eq!(
            lines(b"a\n\n  \r\nbb\r\nunfinished", 16).await,
            [Ok("a".to_string()), Ok("bb\r".to_string())]
        );
        assert_eq!(
            lines(b"ok\ntoo-long-line\nnever", 4).await,
            [
                Ok("ok".to_string()),
                Err("response body exceeds the size limit".to_string())
            ]
        );
    }
}
