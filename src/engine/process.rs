//! One engine process: started with its arguments as a list (no shell), in its own folder
//! when asked; its output read line by line on a thread, so that every wait has a deadline
//! and none spins (`recv_timeout` sleeps until a line or the deadline); killed and reaped on
//! every path, `Drop` included, so that a long sweep leaves no zombies.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::error::EngineError;

/// How long the handshake, `isready` and the like may take (an engine's `timeout=` shortens
/// it, see [`Process::set_control_wait`]).
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(30);

/// The last lines of the engine's standard error kept for messages.
const STDERR_TAIL: usize = 5;

/// How an engine is started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launch {
    /// The engine's name, for messages.
    pub name: String,
    pub command: String,
    pub args: Vec<String>,
    /// Its working directory (else ours).
    pub dir: Option<PathBuf>,
}

/// The most distinct warnings an engine gets.
pub const MAX_WARNINGS: usize = 32;

/// A running engine.
pub struct Process {
    launch: Launch,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// Says when the engine's standard error has closed (all of it read).
    stderr_done: Receiver<()>,
    /// How long an answer to a control command (handshake, `isready`, `ping`) may take.
    control_wait: Duration,
    /// The warnings already given about what the engine sent (each is given once).
    warned: std::collections::HashSet<String>,
}

impl Process {
    /// Starts the engine, in a process group of its own, so that stopping it stops whatever
    /// it started too (a wrapper script that does not `exec`, say).
    pub fn start(launch: &Launch) -> Result<Process, EngineError> {
        let program = find_program(&launch.command).ok_or_else(|| EngineError::Start {
            engine: launch.name.clone(),
            command: launch.command.clone(),
            source: std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("not found on PATH nor in {}", PROGRAM_FOLDERS.join(" or ")),
            ),
        })?;
        let mut command = Command::new(program);
        command
            .args(&launch.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        if let Some(dir) = &launch.dir {
            if !dir.is_dir() {
                return Err(EngineError::Spec {
                    spec: format!("dir={}", dir.display()),
                    message: format!("engine {}: its folder is not there", launch.name),
                });
            }
            command.current_dir(dir);
        }
        let mut child = super::spawn::spawn(command).map_err(|source| EngineError::Start {
            engine: launch.name.clone(),
            command: launch.command.clone(),
            source,
        })?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr_pipe = child.stderr.take().expect("stderr is piped");
        let (sender, lines) = mpsc::channel();
        // The reader ends when the engine closes its output (it exited or was killed).
        std::thread::Builder::new()
            .name(format!("{} stdout", launch.name))
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                while let Some(line) = read_bounded_line(&mut reader, MAX_LINE) {
                    if sender.send(line).is_err() {
                        break;
                    }
                }
            })
            .map_err(|source| EngineError::Io {
                engine: launch.name.clone(),
                source,
            })?;
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr);
        let (stderr_closed, stderr_done) = mpsc::channel();
        std::thread::Builder::new()
            .name(format!("{} stderr", launch.name))
            .spawn(move || {
                let mut reader = BufReader::new(stderr_pipe);
                while let Some(line) = read_bounded_line(&mut reader, MAX_LINE) {
                    let mut tail = tail.lock().unwrap_or_else(|e| e.into_inner());
                    if tail.len() == STDERR_TAIL {
                        tail.pop_front();
                    }
                    tail.push_back(line);
                }
                let _ = stderr_closed.send(());
            })
            .map_err(|source| EngineError::Io {
                engine: launch.name.clone(),
                source,
            })?;
        Ok(Process {
            launch: launch.clone(),
            stdin: child.stdin.take(),
            child,
            lines,
            stderr,
            stderr_done,
            control_wait: HANDSHAKE_TIMEOUT,
            warned: Default::default(),
        })
    }

    /// Waits at most `wait` for answers to control commands (the engine's `timeout=`, when it
    /// is shorter than [`HANDSHAKE_TIMEOUT`]).
    pub fn set_control_wait(&mut self, wait: Duration) {
        self.control_wait = wait.min(HANDSHAKE_TIMEOUT);
    }

    /// The deadline of an answer to a control command sent now.
    pub fn control_deadline(&self) -> Instant {
        Instant::now() + self.control_wait
    }

    pub fn name(&self) -> &str {
        &self.launch.name
    }

    /// Says on standard error what the engine sent that was dropped, once for each distinct
    /// message (at most [`MAX_WARNINGS`] in all).
    pub fn warn_once(&mut self, message: &str) {
        if self.warned.len() < MAX_WARNINGS && self.warned.insert(message.to_string()) {
            eprintln!("nodeprof: warning: engine {}: {message}", self.launch.name);
        }
    }

    /// Sends one line. A closed pipe means the engine is gone: the error says how it ended.
    /// A line break inside `line` would make it two commands (an option value that injects
    /// one): such a line is refused, not sent.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        if line.contains(['\n', '\r']) {
            return Err(EngineError::Refused {
                engine: self.launch.name.clone(),
                message: format!(
                    "nodeprof will not send {line:?}: a line break in it would start another command"
                ),
            });
        }
        let written = match self.stdin.as_mut() {
            Some(stdin) => stdin
                .write_all(line.as_bytes())
                .and_then(|_| stdin.write_all(b"\n"))
                .and_then(|_| stdin.flush()),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        };
        written.map_err(|_| self.gone(&format!("while sent '{line}'")))
    }

    /// The next line, waiting until `deadline` at most; `waiting_for` says what for, in
    /// errors.
    pub fn read_line(
        &mut self,
        deadline: Instant,
        waiting_for: &str,
    ) -> Result<String, EngineError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout {
                engine: self.launch.name.clone(),
                waiting_for: waiting_for.to_string(),
                // Whole milliseconds, rounded up: the wait as it was given (1s, not 999.99ms).
                after: Duration::from_millis(wait.as_nanos().div_ceil(1_000_000) as u64),
            }),
            Err(RecvTimeoutError::Disconnected) => {
                Err(self.gone(&format!("while nodeprof waited for {waiting_for}")))
            }
        }
    }

    /// The error for an engine that has gone: its exit status (after a short wait for it)
    /// and the last lines of its standard error.
    fn gone(&mut self, when: &str) -> EngineError {
        let status = self.wait_exit(Duration::from_millis(500));
        if status.is_some() {
            // Its last words may still be in the pipe: read them before quoting them.
            let _ = self.stderr_done.recv_timeout(Duration::from_millis(500));
        }
        let stderr = self.stderr_tail();
        EngineError::Exited {
            engine: self.launch.name.clone(),
            when: when.to_string(),
            status: status.map_or(
                "it is still running but closed its output".into(),
                describe_status,
            ),
            stderr: match stderr.is_empty() {
                true => String::new(),
                false => format!("; its last words on stderr: {}", stderr.join(" | ")),
            },
        }
    }

    fn stderr_tail(&self) -> Vec<String> {
        self.stderr
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .cloned()
            .collect()
    }

    /// Waits up to `limit` for the engine to exit (sleeping, in steps that grow).
    fn wait_exit(&mut self, limit: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + limit;
        let mut step = Duration::from_millis(1);
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(step);
            step = (step * 2).min(Duration::from_millis(50));
        }
    }

    /// Ends the engine: `quit_line` sent (if any), a grace period for it to leave, then
    /// killed; reaped in every case.
    pub fn stop(&mut self, quit_line: Option<&str>, grace: Duration) {
        if let Some(quit) = quit_line {
            let _ = self.send(quit);
        }
        self.stdin = None;
        if self.wait_exit(grace).is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        self.kill_group();
    }

    /// Kills what is left of the engine's process group (what it started and left behind).
    fn kill_group(&self) {
        #[cfg(unix)]
        if let Ok(group) = libc::pid_t::try_from(self.child.id()) {
            // SAFETY: killpg has no memory effects; the group is the one the child was
            // started in (`process_group(0)`: its id is the child's pid), and the child is
            // reaped only after this call or just before it, so its pid is not yet reused by
            // another group of ours.
            unsafe {
                libc::killpg(group, libc::SIGKILL);
            }
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.stdin = None;
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        self.kill_group();
    }
}

/// The longest line kept from an engine; the rest of a longer one is read and dropped, so
/// that an engine printing without line breaks cannot fill the memory.
pub const MAX_LINE: usize = 1 << 20;

/// The next line of `reader` without its line end, cut to `limit` bytes (the rest of it
/// read and dropped); `None` at the end of the output or on an error.
fn read_bounded_line(reader: &mut impl BufRead, limit: usize) -> Option<String> {
    let mut bytes = Vec::new();
    let mut any = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok([]) => break,
            Ok(chunk) => chunk,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        any = true;
        let end = chunk.iter().position(|&b| b == b'\n');
        let take = end.unwrap_or(chunk.len());
        let room = limit.saturating_sub(bytes.len());
        bytes.extend_from_slice(&chunk[..take.min(room)]);
        reader.consume(end.map_or(take, |e| e + 1));
        if end.is_some() {
            break;
        }
    }
    if !any {
        return None;
    }
    let line = String::from_utf8_lossy(&bytes);
    Some(line.trim_end_matches(['\n', '\r']).to_string())
}

/// Where Debian and other distributions put games' programs, which are not on a user's
/// PATH by default: a bare engine name is looked for there after PATH.
pub const PROGRAM_FOLDERS: [&str; 2] = ["/usr/games", "/usr/local/games"];

/// The program a `cmd=` names: a path as it is; a bare name from PATH, then from
/// [`PROGRAM_FOLDERS`].
pub fn find_program(command: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    find_program_in(command, &path, &PROGRAM_FOLDERS)
}

fn find_program_in(command: &str, path: &std::ffi::OsStr, extra: &[&str]) -> Option<PathBuf> {
    if command.contains('/') {
        return Some(PathBuf::from(command));
    }
    std::env::split_paths(path)
        .chain(extra.iter().map(PathBuf::from))
        .map(|dir| dir.join(command))
        .find(|p| is_executable(p))
}

fn is_executable(path: &std::path::Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        path.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    path.is_file()
}

fn describe_status(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("it was killed by signal {signal}");
        }
    }
    match status.code() {
        Some(code) => format!("it exited with status {code}"),
        None => "it exited".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_name_is_found_on_path_then_where_games_live() {
        let dir = tempfile::tempdir().unwrap();
        let games = tempfile::tempdir().unwrap();
        let program = games.path().join("engine");
        std::fs::write(&program, "#!/bin/sh\n").unwrap();
        let extra = [games.path().to_str().unwrap()];
        let path = std::env::join_paths([dir.path()]).unwrap();
        // Not executable: not a program.
        assert_eq!(find_program_in("engine", &path, &extra), None);
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
        assert_eq!(
            find_program_in("engine", &path, &extra),
            Some(program.clone())
        );
        // PATH first.
        let first = dir.path().join("engine");
        std::fs::copy(&program, &first).unwrap();
        assert_eq!(find_program_in("engine", &path, &extra), Some(first));
        assert_eq!(
            find_program_in("./x/engine", &path, &extra),
            Some("./x/engine".into())
        );
        assert_eq!(find_program_in("missing", &path, &extra), None);
    }

    #[test]
    fn lines_are_cut_at_the_limit_and_the_rest_dropped() {
        let mut text = vec![b'x'; 100_000];
        text.extend_from_slice(b"\r\nnext\nlast");
        let mut reader = std::io::BufReader::with_capacity(64, &text[..]);
        assert_eq!(
            read_bounded_line(&mut reader, 1000).unwrap(),
            "x".repeat(1000)
        );
        assert_eq!(read_bounded_line(&mut reader, 1000).unwrap(), "next");
        assert_eq!(read_bounded_line(&mut reader, 1000).unwrap(), "last");
        assert_eq!(read_bounded_line(&mut reader, 1000), None);
        let short = b"ab\r\n";
        let mut reader = std::io::BufReader::new(&short[..]);
        assert_eq!(read_bounded_line(&mut reader, 1000).unwrap(), "ab");
    }

    #[test]
    fn stopping_an_engine_stops_what_it_started() {
        // A wrapper that does not `exec`: the real engine (here a sleep) is its child.
        let dir = tempfile::tempdir().unwrap();
        let pid_file = dir.path().join("pid");
        let script = format!("sleep 1000 & echo $! > '{}'; wait", pid_file.display());
        let launch = Launch {
            name: "wrapper".into(),
            command: "sh".into(),
            args: vec!["-c".into(), script],
            dir: None,
        };
        let mut process = Process::start(&launch).unwrap();
        let deadline = Instant::now() + Duration::from_secs(20);
        let pid = loop {
            if let Some(pid) = std::fs::read_to_string(&pid_file)
                .ok()
                .and_then(|t| t.trim().parse::<i32>().ok())
            {
                break pid;
            }
            assert!(
                Instant::now() < deadline,
                "the wrapper never started its child"
            );
            std::thread::sleep(Duration::from_millis(10));
        };
        process.stop(None, Duration::from_millis(50));
        // Killed, then reaped by init (or a subreaper): gone from the process table soon.
        let alive = || {
            std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
                !s.rsplit(')')
                    .next()
                    .unwrap_or("")
                    .trim_start()
                    .starts_with('Z')
            })
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        while alive() {
            assert!(
                Instant::now() < deadline,
                "the engine's child {pid} outlived it"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    #[test]
    fn a_line_break_in_a_command_is_refused_and_a_missing_folder_named() {
        let launch = Launch {
            name: "cat".into(),
            command: "cat".into(),
            args: vec![],
            dir: None,
        };
        let mut process = Process::start(&launch).unwrap();
        let error = process
            .send("setoption name Hash value 1\nquit")
            .unwrap_err();
        assert!(matches!(error, EngineError::Refused { .. }), "{error}");
        process.send("isready").unwrap();
        let line = process
            .read_line(Instant::now() + Duration::from_secs(20), "the echo")
            .unwrap();
        assert_eq!(line, "isready");
        let away = Launch {
            dir: Some("/nonexistent/folder".into()),
            ..launch
        };
        let error = Process::start(&away).err().unwrap().to_string();
        assert!(error.contains("dir=/nonexistent/folder"), "{error}");
        assert!(error.contains("folder is not there"), "{error}");
    }
}
