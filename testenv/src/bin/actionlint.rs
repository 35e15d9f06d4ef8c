//! `cargo run -p ome-testenv --bin actionlint -- [ARGS]`: runs actionlint (built from its
//! pinned Go module on first use) with ARGS, and exits as it does.

use std::process::ExitCode;

fn main() -> ExitCode {
    let binary = match ome_testenv::actionlint::actionlint_binary() {
        Ok(binary) => binary,
        Err(e) => {
            eprintln!("actionlint: building it failed: {e:#}");
            return ExitCode::FAILURE;
        }
    };
    match std::process::Command::new(binary)
        .args(std::env::args_os().skip(1))
        .status()
    {
        Ok(status) if status.success() => ExitCode::SUCCESS,
        Ok(status) => ExitCode::from(u8::try_from(status.code().unwrap_or(1)).unwrap_or(1)),
        Err(e) => {
            eprintln!("actionlint: running it failed: {e}");
            ExitCode::FAILURE
        }
    }
}
