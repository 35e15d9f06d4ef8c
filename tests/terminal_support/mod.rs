//! Running the built plugin on pseudo-terminals of a chosen size, as in an interactive shell, and
//! checking what the screen shows against read-commands.md §1.7 ("Terminal stdout").
//!
//! stdout and stderr each get their own pty (so they can be told apart) of the same width. The
//! ptys are opened here, not by an external tool, so a test can never pass by skipping them.

#![allow(dead_code)]

use std::io::Read;
use std::os::fd::OwnedFd;
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use kubectl_ome::render::term_layout;
use rustix::fs::{Mode, OFlags};
use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
use rustix::termios::{OptionalActions, OutputModes, Winsize, tcgetattr, tcsetattr, tcsetwinsize};

/// The widths every report is checked at.
pub const WIDTHS: [u16; 5] = [200, 80, 60, 40, 20];

/// How long one plugin run may take before the test fails.
const RUN_LIMIT: Duration = Duration::from_secs(60);

/// What a run showed on its two terminals, and how it exited.
#[derive(Debug)]
pub struct Screen {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// One pseudo-terminal: the side the plugin writes to, and a thread draining the other side.
struct Pty {
    terminal: OwnedFd,
    reader: JoinHandle<Vec<u8>>,
}

impl Pty {
    fn open(columns: u16) -> Pty {
        let controller = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("openpt");
        grantpt(&controller).expect("grantpt");
        unlockpt(&controller).expect("unlockpt");
        let name = ptsname(&controller, Vec::new()).expect("ptsname");
        let terminal = rustix::fs::open(
            name.as_c_str(),
            OFlags::RDWR | OFlags::NOCTTY | OFlags::CLOEXEC,
            Mode::empty(),
        )
        .expect("open the pty's terminal side");
        let size = Winsize {
            ws_row: 50,
            ws_col: columns,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        tcsetwinsize(&terminal, size).expect("set the terminal size");
        // Keep the bytes as written: no LF → CRLF translation.
        let mut modes = tcgetattr(&terminal).expect("tcgetattr");
        modes.output_modes.remove(OutputModes::OPOST);
        tcsetattr(&terminal, OptionalActions::Now, &modes).expect("tcsetattr");
        let reader = std::thread::spawn(move || {
            let mut file = std::fs::File::from(controller);
            let mut shown = Vec::new();
            // Linux reports EIO once every terminal-side descriptor is closed: that is the end.
            let _ = file.read_to_end(&mut shown);
            shown
        });
        Pty { terminal, reader }
    }

    fn stdio(&self) -> Stdio {
        Stdio::from(self.terminal.try_clone().expect("dup the pty"))
    }

    /// Everything shown, once the plugin has exited.
    fn finish(self) -> String {
        drop(self.terminal);
        let bytes = self.reader.join().expect("pty reader");
        String::from_utf8(bytes).expect("the terminal shows UTF-8")
    }
}

/// Runs `kubectl-ome args` with stdout and stderr on terminals `columns` wide, `NO_COLOR` set.
pub fn on_terminal(kubeconfig: &Path, args: &[&str], columns: u16) -> Screen {
    on_terminal_with_env(kubeconfig, args, columns, &[("NO_COLOR", "1")])
}

pub fn on_terminal_with_env(
    kubeconfig: &Path,
    args: &[&str],
    columns: u16,
    env: &[(&str, &str)],
) -> Screen {
    let stdout = Pty::open(columns);
    let stderr = Pty::open(columns);
    let mut command = Command::new(crate::support::binary());
    command
        .args(args)
        .env("KUBECONFIG", kubeconfig)
        .env("HOME", "/nonexistent-home-for-tests")
        .env_remove("NO_COLOR")
        .env_remove("COLUMNS")
        .stdin(Stdio::null())
        .stdout(stdout.stdio())
        .stderr(stderr.stdio());
    for (key, value) in env {
        command.env(key, value);
    }
    let mut child = command.spawn().expect("run kubectl-ome");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for kubectl-ome") {
            break status;
        }
        if started.elapsed() > RUN_LIMIT {
            let _ = child.kill();
            panic!("kubectl-ome {args:?} did not finish within {RUN_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    drop(command);
    Screen {
        stdout: stdout.finish(),
        stderr: stderr.finish(),
        code: status.code().unwrap_or(-1),
    }
}

pub async fn on_terminal_async(kubeconfig: &Path, args: &[&str], columns: u16) -> Screen {
    let kubeconfig = kubeconfig.to_path_buf();
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    tokio::task::spawn_blocking(move || {
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        on_terminal(&kubeconfig, &refs, columns)
    })
    .await
    .expect("join the terminal run")
}

/// Display width as a terminal counts it.
pub fn width(line: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(line)
}

/// A table as a pipe shows it (tabwriter-aligned), split back into headers and cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piped {
    pub headers: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Piped {
    /// Parses an aligned table: every column starts where its header starts.
    pub fn parse(text: &str) -> Piped {
        let mut lines = text.lines();
        let header = lines.next().expect("a header line");
        let starts: Vec<usize> = header
            .char_indices()
            .filter(|(i, c)| *c != ' ' && (*i == 0 || header.as_bytes()[i - 1] == b' '))
            .map(|(i, _)| i)
            .collect();
        assert!(header.is_ascii(), "{header:?}");
        let cut = |line: &str| -> Vec<String> {
            let chars: Vec<char> = line.chars().collect();
            starts
                .iter()
                .enumerate()
                .map(|(n, start)| {
                    let end = starts.get(n + 1).copied().unwrap_or(chars.len());
                    let cell: String = chars
                        .get(*start.min(&chars.len())..end.min(chars.len()))
                        .unwrap_or(&[])
                        .iter()
                        .collect();
                    cell.trim_end().to_string()
                })
                .collect()
        };
        Piped {
            headers: cut(header),
            rows: lines.map(cut).collect(),
        }
    }

    /// Whether the header widths plus 3-space gutters fit `columns`.
    pub fn headers_fit(&self, columns: usize) -> bool {
        let total: usize = self.headers.iter().map(|h| width(h)).sum::<usize>()
            + 3 * self.headers.len().saturating_sub(1);
        total <= columns
    }

    /// What the §1.7 layout makes of this table at `columns`.
    pub fn laid_out(&self, columns: usize) -> String {
        let headers: Vec<&str> = self.headers.iter().map(String::as_str).collect();
        let rows: Vec<Vec<&str>> = self
            .rows
            .iter()
            .map(|r| r.iter().map(String::as_str).collect())
            .collect();
        term_layout::lay_out(&headers, &rows, columns, |_, _, text| text.to_string())
    }
}

/// Checks one table as a terminal `columns` wide shows it, given the same table piped: a table
/// whose natural width fits is exactly the piped table; otherwise see [`assert_layout`].
pub fn assert_table_on_terminal(shown: &str, piped: &str, columns: u16) {
    if piped.lines().all(|l| width(l) <= usize::from(columns)) {
        assert_eq!(shown, piped, "the table fits {columns} columns");
    }
    assert_layout(shown, &Piped::parse(piped), columns);
}

/// Checks what a terminal `columns` wide shows for `table`:
/// - no line is wider than the terminal;
/// - when the headers fit, the first line holds every header whole, in order;
/// - when they do not, the stacked form: every row shows a `HEADER:` line per column, in order;
/// - and the whole screen is the §1.7 layout of the table's cells at that width.
pub fn assert_layout(shown: &str, table: &Piped, columns: u16) {
    let columns = usize::from(columns);
    for line in shown.lines() {
        assert!(
            width(line) <= columns,
            "a line is wider than {columns} columns: {line:?}\n{shown}"
        );
    }
    if table.headers_fit(columns) {
        let first: Vec<&str> = shown
            .lines()
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect();
        assert_eq!(
            first, table.headers,
            "headers at {columns} columns\n{shown}"
        );
    } else {
        let blocks: Vec<&str> = shown.split("\n\n").collect();
        assert_eq!(blocks.len(), table.rows.len(), "stacked rows\n{shown}");
        for block in blocks {
            let labels: Vec<&str> = block
                .lines()
                .filter(|l| !l.starts_with(' '))
                .map(|l| l.split(':').next().unwrap_or(""))
                .collect();
            assert_eq!(labels, table.headers, "stacked labels\n{shown}");
        }
    }
    assert_eq!(
        shown,
        table.laid_out(columns),
        "layout at {columns} columns"
    );
}
