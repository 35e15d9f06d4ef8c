//! `logs` reads (after-the-write.md §1.3–§1.5): the bounded, paged pod discovery, the log
//! requests, and the split of a log body into lines whose memory is bounded by the line bound
//! whatever the pod writes.

use super::http::{ApiRequest, MAX_BOUNDED_BODY, MAX_PAGE_BODY, open_stream, send};
use super::list::encode;
use crate::connect::RequestTimeout;
use crate::errors::LogsError;
use crate::errors::logs::MAX_LOG_LINE;
use crate::ome::evidence::{ApiError, TransportError};
use crate::ome::request::logs::LogsRequest;
use bytes::Bytes;
use http_body_util::BodyExt;
use kube::client::Body;
use serde_json::Value;
use std::time::Duration;

/// Each discovery LIST and each log request's headers wait at most this (or a shorter
/// `--request-timeout`).
pub(crate) const REQUEST_LIMIT: Duration = Duration::from_secs(10);

/// Discovery bounds (§1.3).
const PAGE_SIZE: usize = 50;
const MAX_PAGES: usize = 10;
const MAX_PODS: usize = 200;
const MAX_REQUESTS: usize = 20;
const MAX_ITEMS_IN_ALL: usize = 400;

/// LISTs the pods of `selector` in `namespace` within the bounds: at most one restart from page
/// one after an expired continuation (410).
pub(crate) async fn discover_pods(
    client: &kube::Client,
    namespace: &str,
    selector: &str,
    timeout: RequestTimeout,
) -> Result<Vec<Value>, LogsError> {
    let mut sent = 0;
    let mut seen_in_all = 0;
    let mut restarted = false;
    'attempt: loop {
        let mut pods: Vec<Value> = Vec::new();
        let mut tokens: Vec<String> = Vec::new();
        loop {
            if sent >= MAX_REQUESTS {
                return Err(LogsError::Truncated(sent));
            }
            let mut path = format!(
                "/api/v1/namespaces/{namespace}/pods?labelSelector={}&limit={PAGE_SIZE}",
                encode(selector)
            );
            if let Some(token) = tokens.last() {
                path.push_str(&format!("&continue={}", encode(token)));
            }
            sent += 1;
            let request = ApiRequest::get(path, timeout.capped(REQUEST_LIMIT));
            let page = match send(client, request.bounded(MAX_PAGE_BODY)).await {
                Ok(response) => serde_json::from_slice::<Value>(&response.body)
                    .map_err(|_| LogsError::Discover(Box::new(ApiError::Malformed)))?,
                Err(e) if e.is_gone() && !tokens.is_empty() && !restarted => {
                    restarted = true;
                    continue 'attempt;
                }
                Err(e) => return Err(LogsError::Discover(Box::new(e))),
            };
            let items = page
                .get("items")
                .and_then(Value::as_array)
                .ok_or(LogsError::Discover(Box::new(ApiError::Malformed)))?;
            seen_in_all += items.len();
            if items.len() > PAGE_SIZE
                || pods.len() + items.len() > MAX_PODS
                || seen_in_all > MAX_ITEMS_IN_ALL
            {
                return Err(LogsError::Truncated(sent));
            }
            pods.extend(items.iter().cloned());
            let next = page
                .pointer("/metadata/continue")
                .and_then(Value::as_str)
                .filter(|t| !t.is_empty());
            let Some(next) = next else {
                return Ok(pods);
            };
            if tokens.iter().any(|t| t == next) {
                return Err(LogsError::ContinueStalled);
            }
            if tokens.len() + 1 >= MAX_PAGES {
                return Err(LogsError::Truncated(sent));
            }
            tokens.push(next.to_string());
        }
    }
}

/// The log request of `container` (if any) in `pod`, with the query keys `request` sets.
pub(crate) fn log_path(
    namespace: &str,
    pod: &str,
    container: Option<&str>,
    request: &LogsRequest,
) -> String {
    let mut query: Vec<String> = Vec::new();
    if let Some(container) = container {
        query.push(format!("container={}", encode(container)));
    }
    if request.follow {
        query.push("follow=true".into());
    }
    if let Some(n) = request.tail_lines {
        query.push(format!("tailLines={n}"));
    }
    if let Some(s) = request.since_seconds {
        query.push(format!("sinceSeconds={s}"));
    }
    if let Some(n) = request.limit_bytes {
        query.push(format!("limitBytes={n}"));
    }
    let mut path = format!("/api/v1/namespaces/{namespace}/pods/{pod}/log");
    if !query.is_empty() {
        path.push('?');
        path.push_str(&query.join("&"));
    }
    path
}

/// Opens a log stream: the response headers within the request limit (10 s or a shorter
/// `--request-timeout`); the body then has no time limit and no size cap but the line bound
/// of [`Splitter`] (the one exemption from the caps of `collect/http.rs`, §1.4).
pub(crate) async fn open_log(
    client: &kube::Client,
    path: String,
    timeout: RequestTimeout,
) -> Result<LogBody, ApiError> {
    let request = ApiRequest::get(path, timeout.capped(REQUEST_LIMIT)).bounded(MAX_BOUNDED_BODY);
    let body = open_stream(client, request).await?;
    Ok(LogBody { body, done: false })
}

/// A log body, read one network frame at a time: what is held is one frame (its size is the
/// HTTP client's, never the sender's choice) and, in [`Splitter`], one unfinished line.
pub(crate) struct LogBody {
    body: Body,
    done: bool,
}

impl LogBody {
    /// The next frame's bytes; `None` once the body has ended (or failed).
    pub(crate) async fn next_frame(&mut self) -> Option<Result<Bytes, ApiError>> {
        while !self.done {
            match self.body.frame().await {
                None => self.done = true,
                Some(Ok(frame)) => {
                    if let Ok(data) = frame.into_data() {
                        return Some(Ok(data));
                    }
                }
                Some(Err(e)) => {
                    self.done = true;
                    return Some(Err(ApiError::Transport(TransportError::new(e))));
                }
            }
        }
        None
    }
}

/// A line reached [`MAX_LOG_LINE`] bytes.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct TooLong;

/// Splits a log body at LF, one line at a time: a frame is [`fed`](Splitter::feed) and its
/// lines handed out by [`next_line`](Splitter::next_line) until none is complete. Each line is
/// a view of the frame, or of the one unfinished line (under [`MAX_LOG_LINE`]) kept between
/// frames with the first part of the next; nothing else is held, whatever the frame holds
/// (four million empty lines take no memory of their own). Each byte is scanned once.
#[derive(Debug, Default)]
pub(crate) struct Splitter {
    /// The start of a line that earlier frames did not finish.
    pending: Vec<u8>,
    /// The frame being split, and how much of it was handed out.
    frame: Bytes,
    at: usize,
    /// The line handed out last was `pending`: it is cleared on the next call.
    handed_pending: bool,
    /// The body ended: what is pending is the last line.
    ended: bool,
}

impl Splitter {
    /// The next frame; call it once [`next_line`](Splitter::next_line) has returned `None`.
    pub(crate) fn feed(&mut self, frame: Bytes) {
        self.frame = frame;
        self.at = 0;
    }

    /// The body has ended: a last line without LF is handed out as a line.
    pub(crate) fn end(&mut self) {
        self.ended = true;
    }

    /// The next complete line (without its LF, and without a CR before it); `None` when the
    /// frame holds no more (or, after [`end`](Splitter::end), the body).
    pub(crate) fn next_line(&mut self) -> Result<Option<&[u8]>, TooLong> {
        if self.handed_pending {
            self.handed_pending = false;
            self.pending.clear();
        }
        let at = self.at;
        let lf = self
            .frame
            .get(at..)
            .and_then(|rest| rest.iter().position(|b| *b == b'\n'));
        let Some(lf) = lf else {
            let rest = self.frame.get(at..).unwrap_or_default();
            if self.pending.len() + rest.len() >= MAX_LOG_LINE {
                return Err(TooLong);
            }
            self.pending.extend_from_slice(rest);
            self.frame = Bytes::new();
            self.at = 0;
            if !self.ended || self.pending.is_empty() {
                return Ok(None);
            }
            self.handed_pending = true;
            return Ok(Some(without_cr(&self.pending)));
        };
        self.at = at + lf + 1;
        if self.pending.len() + lf >= MAX_LOG_LINE {
            return Err(TooLong);
        }
        let line = self.frame.get(at..at + lf).unwrap_or_default();
        if self.pending.is_empty() {
            return Ok(Some(without_cr(line)));
        }
        self.pending.extend_from_slice(line);
        self.handed_pending = true;
        Ok(Some(without_cr(&self.pending)))
    }
}

/// `line` without a CR at its end (before its LF, or at the body's end).
fn without_cr(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines of `frames` (each whole line as text), or where the bound stopped them.
    fn lines(frames: &[&[u8]]) -> (Vec<String>, Option<TooLong>) {
        let mut splitter = Splitter::default();
        let mut out = Vec::new();
        let mut drain = |splitter: &mut Splitter| -> Result<(), TooLong> {
            while let Some(line) = splitter.next_line()? {
                out.push(String::from_utf8_lossy(line).into_owned());
            }
            Ok(())
        };
        for frame in frames {
            splitter.feed(Bytes::copy_from_slice(frame));
            if let Err(e) = drain(&mut splitter) {
                return (out, Some(e));
            }
        }
        splitter.end();
        let end = drain(&mut splitter).err();
        (out, end)
    }

    #[test]
    fn lines_are_split_at_lf_with_cr_dropped_and_empty_lines_kept() {
        assert_eq!(
            lines(&[b"a\r\nb", b"c\n\n", b"d\r"]),
            (
                vec!["a".into(), "bc".into(), String::new(), "d".into()],
                None
            )
        );
        assert_eq!(lines(&[b"x\ry\n"]), (vec!["x\ry".into()], None));
        assert_eq!(lines(&[b"", b"p", b"", b"q"]), (vec!["pq".into()], None));
        assert_eq!(lines(&[b"\n\n\n"]), (vec![String::new(); 3], None));
    }

    #[test]
    fn a_line_at_the_bound_fails_after_the_lines_before_it() {
        let big = vec![b'a'; MAX_LOG_LINE - 1];
        assert_eq!(lines(&[&big, b"\n"]).0.len(), 1);
        let over = vec![b'a'; MAX_LOG_LINE];
        assert_eq!(
            lines(&[&over[..10], &over[10..], b"\n"]),
            (vec![], Some(TooLong))
        );
        let mut frame = b"first\n".to_vec();
        frame.extend_from_slice(&over);
        frame.push(b'\n');
        assert_eq!(lines(&[&frame]), (vec!["first".into()], Some(TooLong)));
    }

    /// One frame of four million empty lines holds nothing but the frame: the lines are views.
    #[test]
    fn a_frame_of_empty_lines_is_handed_out_without_copies() {
        let frame = Bytes::from(vec![b'\n'; 4 << 20]);
        let mut splitter = Splitter::default();
        splitter.feed(frame);
        let mut count = 0;
        while let Some(line) = splitter.next_line().unwrap() {
            assert!(line.is_empty());
            count += 1;
        }
        assert_eq!((count, splitter.pending.capacity()), (4 << 20, 0));
    }
}
