//! An exec plugin's process group: the plugin starts in a group of its own, so that stopping
//! it stops what it started too (a wrapper script's children). The group is killed when the
//! plugin is stopped before it finished (time limit, a signal, the command's end), and every
//! group still running is killed when the process exits ([`kill_running`]).
//!
//! Windows has no process groups: there the plugin alone is killed when its run is dropped
//! (`kill_on_drop`), and a Ctrl+C reaches it anyway, as every process of the console.

use std::sync::Mutex;

/// The groups of plugins now running.
static RUNNING: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// A running plugin's process group (its ID is the plugin's process ID).
pub(crate) struct Running {
    id: i32,
    done: bool,
}

impl Running {
    /// Registers the group of the plugin with process ID `pid`.
    pub(crate) fn new(pid: u32) -> Running {
        let id = i32::try_from(pid).unwrap_or(0);
        if let Ok(mut running) = RUNNING.lock() {
            running.push(id);
        }
        Running { id, done: false }
    }

    /// The plugin finished by itself: its group is left alone from now on.
    pub(crate) fn finished(&mut self) {
        self.done = true;
        forget(self.id);
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if !self.done {
            kill(self.id);
            forget(self.id);
        }
    }
}

fn forget(id: i32) {
    if let Ok(mut running) = RUNNING.lock() {
        running.retain(|g| *g != id);
    }
}

#[cfg(unix)]
fn kill(id: i32) {
    use rustix::process::{Pid, Signal, kill_process_group};
    // A group that is already gone is what was wanted.
    if let Some(pid) = Pid::from_raw(id) {
        let _ = kill_process_group(pid, Signal::KILL);
    }
}

#[cfg(not(unix))]
fn kill(_id: i32) {}

/// Kills every plugin's group still running: the process is about to exit.
pub fn kill_running() {
    // A poisoned lock still holds the list.
    let running = match RUNNING.lock() {
        Ok(running) => running,
        Err(poisoned) => poisoned.into_inner(),
    };
    for id in running.iter() {
        kill(*id);
    }
}
