//! Running the plugin on pseudo-terminals of a chosen width, as in an interactive shell. The ptys
//! are opened here (not by an external tool), so a terminal test can never pass by skipping.

use std::io::Read;
use std::os::fd::OwnedFd;
use std::path::Path;
use std::process::Stdio;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rustix::fs::{Mode, OFlags};
use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
use rustix::termios::{OptionalActions, OutputModes, Winsize, tcgetattr, tcsetattr, tcsetwinsize};

/// How long one plugin run on a terminal may take before the test fails.
const RUN_LIMIT: Duration = Duration::from_secs(60);

/// What a run showed on its terminal(s), and how it exited.
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
        .expect("open the terminal side of the pty");
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

/// Which streams share a terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Terminals {
    /// stdout and stderr on terminals of their own (so they can be told apart).
    Separate,
    /// stdout and stderr interleaved on one terminal, as in a shell; all of it is in `stdout`.
    Shared,
}

/// Runs `kubectl-ome args`, isolated like [`super::command`], with stdout and stderr on
/// terminals `columns` wide; `env` is set on top (`("NO_COLOR", "")` turns colour back on).
pub fn on_terminal(
    kubeconfig: &Path,
    args: &[&str],
    columns: u16,
    terminals: Terminals,
    env: &[(&str, &str)],
) -> Screen {
    let stdout = Pty::open(columns);
    let stderr = match terminals {
        Terminals::Separate => Some(Pty::open(columns)),
        Terminals::Shared => None,
    };
    let mut command = super::command(Some(kubeconfig));
    command
        .args(args)
        .stdout(stdout.stdio())
        .stderr(stderr.as_ref().unwrap_or(&stdout).stdio());
    for (key, value) in env {
        command.env(key, value);
    }
    let mut child = command.spawn().expect("run kubectl-ome");
    drop(command);
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
    let screen = Screen {
        stdout: stdout.finish(),
        stderr: stderr.map(Pty::finish).unwrap_or_default(),
        code: status.code().unwrap_or(-1),
    };
    super::assert_nothing_leaked(&screen.stdout, &screen.stderr);
    screen
}

/// [`on_terminal`] with separate terminals and `NO_COLOR` set, for tokio tests.
pub async fn on_terminal_async(kubeconfig: &Path, args: &[&str], columns: u16) -> Screen {
    let kubeconfig = kubeconfig.to_path_buf();
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    tokio::task::spawn_blocking(move || {
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        on_terminal(&kubeconfig, &refs, columns, Terminals::Separate, &[])
    })
    .await
    .expect("join the terminal run")
}

/// Runs the plugin on one 160-column terminal, as in an interactive shell, and returns
/// everything the terminal showed (stdout and stderr interleaved).
pub async fn plugin_on_terminal(kubeconfig: &Path, args: &[&str]) -> String {
    let kubeconfig = kubeconfig.to_path_buf();
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    tokio::task::spawn_blocking(move || {
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        on_terminal(&kubeconfig, &refs, 160, Terminals::Shared, &[]).stdout
    })
    .await
    .expect("join the terminal run")
}
