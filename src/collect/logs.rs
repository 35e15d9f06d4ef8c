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
use http_body_util::BodyExt;
use kube::client::Body;
use serde_json::Value;
use std::ops::Range;
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
/// of [`LogLines`] (the one exemption from the caps of `collect/http.rs`, §1.4).
pub(crate) async fn open_log(
    client: &kube::Client,
    path: String,
    timeout: RequestTimeout,
) -> Result<LogLines, ApiError> {
    let request = ApiRequest::get(path, timeout.capped(REQUEST_LIMIT)).bounded(MAX_BOUNDED_BODY);
    let body = open_stream(client, request).await?;
    Ok(LogLines::new(body))
}

/// Complete lines out of one read: `data` holds them, each range one line without its LF (and
/// without a CR before it).
#[derive(Debug, Default)]
pub(crate) struct LineBatch {
    data: Vec<u8>,
    lines: Vec<Range<usize>>,
}

impl LineBatch {
    /// The lines, in order.
    pub(crate) fn lines(&self) -> impl Iterator<Item = &[u8]> {
        self.lines
            .iter()
            .map(|r| self.data.get(r.clone()).unwrap_or_default())
    }
}

/// Why a log body could not be read to its end.
#[derive(Debug)]
pub(crate) enum LineError {
    /// A line of [`MAX_LOG_LINE`] bytes or more.
    TooLong,
    /// The body failed.
    Read(Box<ApiError>),
}

/// A log body split at LF ([`Splitter`]).
pub(crate) struct LogLines {
    body: Body,
    splitter: Splitter,
    done: bool,
}

impl LogLines {
    fn new(body: Body) -> LogLines {
        LogLines {
            body,
            splitter: Splitter::default(),
            done: false,
        }
    }

    /// The lines completed by the next read; `None` once the body has ended and everything was
    /// handed out (a last line without LF is handed out as a line).
    pub(crate) async fn next_batch(&mut self) -> Option<Result<LineBatch, LineError>> {
        loop {
            if self.done {
                return None;
            }
            let Some(frame) = self.body.frame().await else {
                self.done = true;
                return self.splitter.finish().map(Ok);
            };
            let data = match frame {
                Ok(frame) => match frame.into_data() {
                    Ok(data) => data,
                    Err(_) => continue,
                },
                Err(e) => {
                    self.done = true;
                    let cause = ApiError::Transport(TransportError::new(e));
                    return Some(Err(LineError::Read(Box::new(cause))));
                }
            };
            match self.splitter.push(&data) {
                Ok(Some(batch)) => return Some(Ok(batch)),
                Ok(None) => {}
                Err(TooLong) => {
                    self.done = true;
                    self.splitter = Splitter::default();
                    return Some(Err(LineError::TooLong));
                }
            }
        }
    }
}

/// A line reached [`MAX_LOG_LINE`] bytes.
#[derive(Debug, PartialEq, Eq)]
struct TooLong;

/// Splits bytes at LF, holding at most one unfinished line (under [`MAX_LOG_LINE`]) between
/// reads; each byte is scanned once.
#[derive(Debug, Default)]
struct Splitter {
    pending: Vec<u8>,
}

impl Splitter {
    /// Appends a read; the complete lines it finishes, if any.
    fn push(&mut self, data: &[u8]) -> Result<Option<LineBatch>, TooLong> {
        let scanned = self.pending.len();
        self.pending.extend_from_slice(data);
        let mut lines = Vec::new();
        let mut start = 0;
        let mut at = scanned;
        while let Some(offset) = self
            .pending
            .get(at..)
            .and_then(|rest| rest.iter().position(|b| *b == b'\n'))
        {
            let end = at + offset;
            if end - start >= MAX_LOG_LINE {
                return Err(TooLong);
            }
            lines.push(start..without_cr(&self.pending, start, end));
            start = end + 1;
            at = start;
        }
        if self.pending.len() - start >= MAX_LOG_LINE {
            return Err(TooLong);
        }
        if lines.is_empty() {
            return Ok(None);
        }
        let rest = self.pending.split_off(start);
        let data = std::mem::replace(&mut self.pending, rest);
        Ok(Some(LineBatch { data, lines }))
    }

    /// The last line, when the body ended without LF.
    fn finish(&mut self) -> Option<LineBatch> {
        let last = std::mem::take(&mut self.pending);
        if last.is_empty() {
            return None;
        }
        let end = without_cr(&last, 0, last.len());
        Some(LineBatch {
            data: last,
            lines: std::iter::once(0..end).collect(),
        })
    }
}

/// Where a line `start..end` ends once a CR right before its LF (or the body's end) is dropped.
fn without_cr(data: &[u8], start: usize, end: usize) -> usize {
    if end > start && data.get(end - 1) == Some(&b'\r') {
        end - 1
    } else {
        end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn batches(frames: &[&[u8]]) -> Vec<Result<Vec<String>, TooLong>> {
        let text = |b: LineBatch| -> Vec<String> {
            b.lines()
                .map(|l| String::from_utf8_lossy(l).into_owned())
                .collect()
        };
        let mut splitter = Splitter::default();
        let mut out = Vec::new();
        for frame in frames {
            match splitter.push(frame) {
                Ok(Some(batch)) => out.push(Ok(text(batch))),
                Ok(None) => {}
                Err(e) => {
                    out.push(Err(e));
                    return out;
                }
            }
        }
        out.extend(splitter.finish().map(|b| Ok(text(b))));
        out
    }

    #[test]
    fn lines_are_split_at_lf_with_cr_dropped_and_empty_lines_kept() {
        assert_eq!(
            batches(&[b"a\r\nb", b"c\n\n", b"d\r"]),
            vec![
                Ok(vec!["a".to_string()]),
                Ok(vec!["bc".to_string(), String::new()]),
                Ok(vec!["d".to_string()])
            ]
        );
        assert_eq!(batches(&[b"x\ry\n"]), vec![Ok(vec!["x\ry".to_string()])]);
    }

    #[test]
    fn a_line_at_the_bound_fails_without_holding_more() {
        let big = vec![b'a'; MAX_LOG_LINE - 1];
        assert_eq!(batches(&[&big, b"\n"]).len(), 1);
        let over = vec![b'a'; MAX_LOG_LINE];
        assert_eq!(
            batches(&[&over[..10], &over[10..], b"\n"]),
            vec![Err(TooLong)]
        );
    }
}
