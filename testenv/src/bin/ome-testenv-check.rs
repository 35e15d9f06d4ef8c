//! `cargo run -p ome-testenv --bin ome-testenv-check`: builds the API server if the cache has
//! none, starts it with the CRDs and RBAC installed, prints where and how fast, and stops it.
//! A quick way to see that a machine can run the tests; the first-run tests drive it with
//! shortened limits.

use ome_testenv::TestCluster;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    if let Some(bad) = std::env::args().nth(1) {
        eprintln!("usage: ome-testenv-check  (unknown argument {bad:?})");
        return std::process::ExitCode::from(2);
    }
    match TestCluster::start().await {
        Ok(cluster) => {
            println!(
                "kube-apiserver ready at {} in {:.1?}",
                cluster.url(),
                cluster.startup_time()
            );
            cluster.stop();
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("ome-testenv-check: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
