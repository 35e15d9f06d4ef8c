//! `kubectl-ome`: the entry point. Everything lives in the library; this only picks the
//! completion entry by program name and maps the outcome to a process exit code.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let Ok(runtime) = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    else {
        return ExitCode::FAILURE;
    };
    let code = runtime.block_on(async {
        match args.split_first() {
            Some((argv0, words)) if kubectl_ome::complete::is_entry(argv0) => {
                kubectl_ome::complete::run_entry(words).await;
                ExitCode::SUCCESS
            }
            _ => ExitCode::from(kubectl_ome::app::run(args).await as u8),
        }
    });
    // The answer is out: nothing left may hold the process. An exec plugin still running is
    // killed with its group, and the runtime is not waited for (its shutdown would wait, with
    // no limit, for a blocking task such as a DNS lookup whose resolver never answers).
    kubectl_ome::connect::stop_exec_plugins();
    runtime.shutdown_background();
    code
}
