//! `kubectl-ome`: the entry point. Everything lives in the library; this only maps the
//! outcome to a process exit code.

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    std::process::ExitCode::from(kubectl_ome::app::run(args).await as u8)
}
