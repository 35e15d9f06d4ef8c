//! Benchmark (not a test): `instance list` of a 1,000-Instance engine (the report's row budget,
//! so every row is rendered; the benchmark checks that it is) against the local API server, as a
//! table and as YAML, for one or more plugin binaries. It compares release
//! profiles (opt-level 3/2/s/z): the runs of the binaries are interleaved so a busy machine
//! slows them alike, and each line reports the median and the fastest wall time.
//!
//! Run: `cargo bench --bench large_list` (this run's binary), or with
//! `LARGE_LIST_BINS=/path/a:/path/b` to compare builds; `LARGE_LIST_ROUNDS` (default 15),
//! `LARGE_LIST_INSTANCES` (default 1000; above 1,000 the
//! report is truncated to `ROWS-LIMIT` and only the read and decoding are timed), `LARGE_LIST_HYPERFINE=1` (run the commands through
//! hyperfine instead, for CPU times too).

use ome_testenv::{ChatFixture, shared};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// `instance list`'s row budget: the most rows a report renders.
const ROW_BUDGET: u32 = 1000;

/// Within the budget every Instance is a row of the table; above it the report is truncated.
fn check_rows(stdout: &str, instances: u32) -> anyhow::Result<()> {
    let engine_rows = stdout.lines().filter(|l| l.starts_with("engine ")).count();
    let truncated = stdout.contains("ROWS-LIMIT");
    if instances <= ROW_BUDGET {
        anyhow::ensure!(
            !truncated && engine_rows == instances as usize,
            "expected {instances} engine rows, the table shows {engine_rows} (truncated: {truncated})"
        );
    } else {
        anyhow::ensure!(
            truncated,
            "{instances} Instances are over the budget, yet no ROWS-LIMIT"
        );
    }
    Ok(())
}

fn env_number(name: &str, default: u32) -> anyhow::Result<u32> {
    match std::env::var(name) {
        Ok(value) => Ok(value.parse()?),
        Err(_) => Ok(default),
    }
}

/// One run of `binary instance list chat -n ns [-o yaml]`: wall time and stdout size.
fn run(
    binary: &PathBuf,
    kubeconfig: &PathBuf,
    ns: &str,
    yaml: bool,
) -> anyhow::Result<(Duration, String)> {
    let mut command = Command::new(binary);
    command
        .args(["instance", "list", "chat", "-n", ns])
        .env("KUBECONFIG", kubeconfig)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null());
    if yaml {
        command.args(["-o", "yaml"]);
    }
    let started = Instant::now();
    let output = command.output()?;
    let wall = started.elapsed();
    if !output.status.success() {
        anyhow::bail!(
            "{}: {}",
            binary.display(),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let stdout = String::from_utf8(output.stdout)?;
    if std::env::var_os("LARGE_LIST_SHOW").is_some() {
        println!("{stdout}");
    }
    Ok((wall, stdout))
}

fn summary(mut walls: Vec<Duration>) -> String {
    walls.sort();
    let median = walls.get(walls.len() / 2).copied().unwrap_or_default();
    let fastest = walls.first().copied().unwrap_or_default();
    format!(
        "median {:>7.1} ms  fastest {:>7.1} ms",
        median.as_secs_f64() * 1e3,
        fastest.as_secs_f64() * 1e3
    )
}

/// The same commands through hyperfine (which also reports user and system CPU time, steadier
/// than wall time on a busy machine): `LARGE_LIST_HYPERFINE=1`, hyperfine on PATH.
fn hyperfine(
    binaries: &[PathBuf],
    kubeconfig: &PathBuf,
    ns: &str,
    rounds: u32,
) -> anyhow::Result<()> {
    let mut command = Command::new("hyperfine");
    command
        .args(["-N", "--warmup", "2", "--runs", &rounds.to_string()])
        .env("KUBECONFIG", kubeconfig)
        .env("NO_COLOR", "1");
    for output in ["table", "yaml"] {
        for binary in binaries {
            command.arg(format!(
                "{} instance list chat -n {ns} -o {output}",
                binary.display()
            ));
        }
    }
    let status = command.status()?;
    anyhow::ensure!(status.success(), "hyperfine failed: {status}");
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let binaries: Vec<PathBuf> = match std::env::var_os("LARGE_LIST_BINS") {
        Some(list) => std::env::split_paths(&list).collect(),
        None => vec![PathBuf::from(env!("CARGO_BIN_EXE_kubectl-ome"))],
    };
    let rounds = env_number("LARGE_LIST_ROUNDS", 15)?;
    let instances = env_number("LARGE_LIST_INSTANCES", ROW_BUDGET)?;
    let cluster = shared()?;
    let ns = cluster.namespace("large-list").await?;
    let admin = cluster.admin().await?;
    ChatFixture::large_engine(instances)
        .create(&admin, &ns)
        .await?;
    let kubeconfig = cluster.kubeconfig("reader")?;
    if std::env::var_os("LARGE_LIST_HYPERFINE").is_some() {
        return hyperfine(&binaries, &kubeconfig, &ns, rounds);
    }
    let ns_for_runs = ns.clone();
    let results = tokio::task::spawn_blocking(move || -> anyhow::Result<Vec<_>> {
        let mut walls = vec![(Vec::new(), Vec::new()); binaries.len()];
        let mut sizes = vec![(0, 0); binaries.len()];
        // One warm-up round, then the measured ones, binaries interleaved.
        for round in 0..=rounds {
            for ((binary, wall), size) in binaries.iter().zip(&mut walls).zip(&mut sizes) {
                let (table, table_out) = run(binary, &kubeconfig, &ns_for_runs, false)?;
                let (yaml, yaml_out) = run(binary, &kubeconfig, &ns_for_runs, true)?;
                if round == 0 {
                    check_rows(&table_out, instances)?;
                }
                let (table_bytes, yaml_bytes) = (table_out.len(), yaml_out.len());
                if round > 0 {
                    wall.0.push(table);
                    wall.1.push(yaml);
                }
                *size = (table_bytes, yaml_bytes);
            }
        }
        Ok(binaries.into_iter().zip(walls).zip(sizes).collect())
    })
    .await??;
    println!("instance list of {instances} Instances, {rounds} rounds each");
    for ((binary, (table, yaml)), (table_bytes, yaml_bytes)) in results {
        println!("{}", binary.display());
        println!("  table: {}  ({table_bytes} bytes)", summary(table));
        println!("  yaml:  {}  ({yaml_bytes} bytes)", summary(yaml));
    }
    Ok(())
}
