//! Engines die with nodeprof: each is started with the kernel told to kill it when nodeprof
//! ends (Linux's parent-death signal), so that an engine busy in a search that does not read
//! its input does not outlive a `kill -9` of nodeprof. The signal is tied to the thread that
//! started the child, so every engine is started by one thread that lives as long as the
//! process ([`spawn`]); a sweep's worker thread ending does not kill the engines it started.
//!
//! Only the engine itself is tied: what it starts in turn is stopped with its process group
//! when nodeprof stops it, but not when nodeprof is killed.

use std::process::{Child, Command};
use std::sync::mpsc::{self, Sender};
use std::sync::OnceLock;

/// A command to start, and where its child goes.
type Request = (Command, Sender<std::io::Result<Child>>);

/// The starting thread's queue (None where the thread could not be made: children are then
/// started by their callers, still tied to them).
static STARTER: OnceLock<Option<Sender<Request>>> = OnceLock::new();

/// Starts `command`, tied to nodeprof's life (see the module's notes).
pub fn spawn(mut command: Command) -> std::io::Result<Child> {
    tie_to_us(&mut command);
    let starter = STARTER.get_or_init(|| {
        let (sender, requests) = mpsc::channel::<Request>();
        std::thread::Builder::new()
            .name("engine starter".into())
            .spawn(move || {
                for (mut command, answer) in requests {
                    let _ = answer.send(command.spawn());
                }
            })
            .ok()
            .map(|_| sender)
    });
    let Some(starter) = starter else {
        return command.spawn();
    };
    let (answer, child) = mpsc::channel();
    starter
        .send((command, answer))
        .map_err(|_| std::io::Error::other("the engine starter thread has ended"))?;
    child
        .recv()
        .map_err(|_| std::io::Error::other("the engine starter thread has ended"))?
}

/// Asks the kernel to kill the child when the thread starting it ends, and ends the child at
/// once if nodeprof is already gone.
#[cfg(target_os = "linux")]
fn tie_to_us(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    let parent = std::process::id();
    // SAFETY: between fork and exec the closure calls only async-signal-safe functions
    // (prctl, getppid, _exit) and allocates nothing.
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // Killed between the fork and the prctl: no signal will come.
            if u32::try_from(libc::getppid()).ok() != Some(parent) {
                libc::_exit(1);
            }
            Ok(())
        });
    }
}

#[cfg(not(target_os = "linux"))]
fn tie_to_us(_command: &mut Command) {}
