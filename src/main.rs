//! `kubectl-ome`: the entry point. Everything lives in the library; this only picks the
//! completion entry by program name and maps the outcome to a process exit code.

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    match args.split_first() {
        Some((argv0, words)) if kubectl_ome::complete::is_entry(argv0) => {
            kubectl_ome::complete::run_entry(words).await;
            std::process::ExitCode::SUCCESS
        }
        _ => std::process::ExitCode::from(kubectl_ome::app::run(args).await as u8),
    }
}
