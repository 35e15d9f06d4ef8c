//! What the plugin is trusted with and must never print: every test cluster's user tokens and
//! client key, and the sentinel strings tests plant in kubeconfigs, exec plugins and proxy URLs.
//! `tests/it/support` checks every output of every plugin run against [`known`].

use std::sync::Mutex;

/// Planted by tests wherever a secret could leak (a kubeconfig next to a syntax error, an exec
/// plugin's `env:`/arguments/stdout, a proxy password): no output may ever contain it.
pub const SENTINEL: &str = "OME-LEAK-SENTINEL";

/// One secret and what it is (for a failure message that does not repeat it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Secret {
    /// E.g. `token of user reader`.
    pub label: String,
    /// The text that must not appear.
    pub value: String,
}

static KNOWN: Mutex<Vec<Secret>> = Mutex::new(Vec::new());

/// Records a secret of a cluster started in this process.
pub fn register(label: impl Into<String>, value: impl Into<String>) {
    let value = value.into();
    // Very short strings would match by accident and protect nothing.
    if value.len() < 12 {
        return;
    }
    if let Ok(mut known) = KNOWN.lock()
        && !known.iter().any(|s| s.value == value)
    {
        known.push(Secret {
            label: label.into(),
            value,
        });
    }
}

/// Records the base64 lines of a PEM private key (any one of them would leak it).
pub fn register_key_pem(label: &str, pem: &str) {
    for line in pem.lines().filter(|l| !l.starts_with("-----")) {
        register(label, line.trim());
    }
}

/// Every secret known so far, the sentinel first.
pub fn known() -> Vec<Secret> {
    let mut all = vec![Secret {
        label: "leak sentinel".to_string(),
        value: SENTINEL.to_string(),
    }];
    if let Ok(known) = KNOWN.lock() {
        all.extend(known.iter().cloned());
    }
    all
}

/// The first secret that `text` contains, if any.
pub fn leaked_in(text: &str) -> Option<Secret> {
    known().into_iter().find(|s| text.contains(&s.value))
}
