//! `kubectl_complete-ome`: the completion entry kubectl ≥ 1.26 runs for `kubectl ome <TAB>`.

use std::io::Write;

#[tokio::main]
async fn main() {
    let words: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let words = if words.is_empty() {
        vec![String::new()]
    } else {
        words
    };
    let text = kubectl_ome::complete::complete(&words).await;
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}
