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

/// A running engine.
pub struct Process {
    launch: Launch,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// Says when the engine's standard error has closed (all of it read).
    stderr_done: Receiver<()>,
}

impl Process {
    /// Starts the engine.
    pub fn start(launch: &Launch) -> Result<Process, EngineError> {
        let mut command = Command::new(&launch.command);
        command
            .args(&launch.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = &launch.dir {
            command.current_dir(dir);
        }
        let mut child = command.spawn().map_err(|source| EngineError::Start {
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
                let mut bytes = Vec::new();
                loop {
                    bytes.clear();
                    match reader.read_until(b'\n', &mut bytes) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&bytes);
                            let line = line.trim_end_matches(['\n', '\r']).to_string();
                            if sender.send(line).is_err() {
                                break;
                            }
                        }
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
                for line in BufReader::new(stderr_pipe).lines() {
                    let Ok(line) = line else { break };
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
        })
    }

    pub fn name(&self) -> &str {
        &self.launch.name
    }

    /// Sends one line. A closed pipe means the engine is gone: the error says how it ended.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
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
                after: wait,
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
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.stdin = None;
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
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
