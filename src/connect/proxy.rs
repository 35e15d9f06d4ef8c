//! The proxy between the plugin and the API server, chosen as kubectl chooses it: the cluster's
//! `proxy-url` for every request; otherwise `HTTPS_PROXY` (for an https server) or
//! `HTTP_PROXY` (http), upper case first, unless `NO_PROXY` matches the server or the server is
//! `localhost` or a loopback address (Go's rules, which kubectl follows). kube's `http-proxy`
//! and `socks5` features carry the requests; the `NO_PROXY` match is hyper-util's.
//!
//! A proxy URL may carry a password: no message ever shows it, only where it came from.

use crate::errors::{ConnectError, ProxyProblem, ProxySource};
use hyper_util::client::proxy::matcher::Matcher;
use std::net::IpAddr;

/// The proxy for `server`, if any. `cluster` names the kubeconfig cluster for messages.
pub(crate) fn choose(
    server: &http::Uri,
    cluster: &str,
    proxy_url: Option<&str>,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<Option<http::Uri>, ConnectError> {
    if let Some(url) = proxy_url.filter(|u| !u.is_empty()) {
        return parse(url, ProxySource::Cluster(cluster.to_string())).map(Some);
    }
    if is_loopback(server) {
        return Ok(None);
    }
    let https = server.scheme_str() == Some("https");
    let names: [&'static str; 2] = if https {
        ["HTTPS_PROXY", "https_proxy"]
    } else {
        ["HTTP_PROXY", "http_proxy"]
    };
    // Under CGI, HTTP_PROXY may come from a request header: Go ignores it, so do we.
    if !https && env("REQUEST_METHOD").is_some() {
        return Ok(None);
    }
    let Some((name, value)) = names
        .iter()
        .find_map(|name| env(name).filter(|v| !v.is_empty()).map(|v| (*name, v)))
    else {
        return Ok(None);
    };
    let proxy = parse(&value, ProxySource::Environment(name))?;
    let no_proxy = env("NO_PROXY")
        .filter(|v| !v.is_empty())
        .or_else(|| env("no_proxy"))
        .unwrap_or_default();
    let matcher = Matcher::builder()
        .http(proxy.to_string())
        .https(proxy.to_string())
        .no(no_proxy)
        .build();
    Ok(matcher.intercept(server).is_some().then_some(proxy))
}

/// A proxy URL as kube needs it: scheme http, https or socks5 (`socks5h` is the same for kube,
/// which lets the proxy resolve names); no scheme means http, as in Go.
fn parse(value: &str, source: ProxySource) -> Result<http::Uri, ConnectError> {
    let fail = |problem| ConnectError::Proxy {
        source: source.clone(),
        problem,
    };
    let value = value.trim();
    let with_scheme = if value.contains("://") {
        value.to_string()
    } else {
        format!("http://{value}")
    };
    let uri: http::Uri = with_scheme
        .parse()
        .map_err(|_| fail(ProxyProblem::Invalid))?;
    if uri.host().is_none_or(str::is_empty) {
        return Err(fail(ProxyProblem::Invalid));
    }
    let has_user = uri.authority().is_some_and(|a| a.as_str().contains('@'));
    match uri.scheme_str() {
        Some("socks5" | "socks5h") if has_user => Err(fail(ProxyProblem::Socks5Credentials)),
        Some("http" | "https" | "socks5") => Ok(uri),
        Some("socks5h") => {
            let mut parts = uri.into_parts();
            parts.scheme = "socks5".parse().ok();
            http::Uri::from_parts(parts).map_err(|_| fail(ProxyProblem::Invalid))
        }
        _ => Err(fail(ProxyProblem::UnsupportedScheme)),
    }
}

/// Go never sends requests to `localhost` or a loopback address through an environment proxy.
fn is_loopback(server: &http::Uri) -> bool {
    let Some(host) = server.host() else {
        return false;
    };
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    bare.eq_ignore_ascii_case("localhost")
        || bare.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn pick(server: &str, proxy_url: Option<&str>, vars: &[(&str, &str)]) -> Option<String> {
        let vars: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let env = move |name: &str| vars.get(name).cloned();
        choose(&server.parse().unwrap(), "c", proxy_url, &env)
            .unwrap()
            .map(|u| u.to_string())
    }

    #[test]
    fn the_clusters_proxy_url_applies_to_every_server() {
        assert_eq!(
            pick(
                "https://127.0.0.1:6443",
                Some("socks5://p:1080"),
                &[("NO_PROXY", "*")]
            ),
            Some("socks5://p:1080/".to_string())
        );
    }

    #[test]
    fn environment_proxies_follow_the_servers_scheme_and_no_proxy() {
        let env = [
            ("HTTPS_PROXY", "proxy.corp:3128"),
            ("HTTP_PROXY", "http://plain:80"),
        ];
        assert_eq!(
            pick("https://api.example.com", None, &env),
            Some("http://proxy.corp:3128/".to_string())
        );
        assert_eq!(
            pick("http://api.example.com", None, &env),
            Some("http://plain:80/".to_string())
        );
        let with_no = [
            ("https_proxy", "http://p:1"),
            ("no_proxy", ".example.com,10.0.0.0/8"),
        ];
        assert_eq!(pick("https://api.example.com", None, &with_no), None);
        assert_eq!(pick("https://10.1.2.3:6443", None, &with_no), None);
        assert!(pick("https://api.example.org", None, &with_no).is_some());
        assert_eq!(
            pick(
                "https://x.example.org",
                None,
                &[("HTTPS_PROXY", "http://p:1"), ("NO_PROXY", "*")]
            ),
            None
        );
    }

    #[test]
    fn loopback_servers_never_use_an_environment_proxy() {
        let env = [("HTTPS_PROXY", "http://p:1")];
        assert_eq!(pick("https://127.0.0.1:6443", None, &env), None);
        assert_eq!(pick("https://localhost:6443", None, &env), None);
        assert_eq!(pick("https://[::1]:6443", None, &env), None);
    }

    #[test]
    fn a_bad_proxy_is_named_by_its_source_never_shown() {
        let env = |name: &str| (name == "HTTPS_PROXY").then(|| "ftp://u:s3cr3t@p:1".to_string());
        let err = choose(&"https://api.example.com".parse().unwrap(), "c", None, &env)
            .err()
            .unwrap();
        assert_eq!(
            err.to_string(),
            "the HTTPS_PROXY environment variable uses an unsupported scheme (supported: http, https, socks5)"
        );
        let err = choose(
            &"https://a".parse().unwrap(),
            "prod",
            Some("http://u:s3cr3t@"),
            &|_| None,
        )
        .err()
        .unwrap();
        assert_eq!(
            err.to_string(),
            "the proxy-url of cluster \"prod\" is not a valid proxy URL"
        );
    }
}
