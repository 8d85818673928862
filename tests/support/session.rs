//! `nodeprof engine` driven through its standard input, as a client would.

use std::process::Command;

/// Runs `nodeprof engine ARGS` with `input` on its standard input (written, then closed
/// unless `keep_open`), and returns its output once it exits, or fails after `limit`.
#[allow(dead_code)]
pub fn engine_session(args: &[&str], input: &[u8], keep_open: bool, limit: u64) -> String {
    use std::io::{Read, Write};
    let mut child = Command::new(env!("CARGO_BIN_EXE_nodeprof"))
        .arg("engine")
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input).unwrap();
    let _held = match keep_open {
        true => Some(stdin),
        false => {
            drop(stdin);
            None
        }
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(limit);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("nodeprof engine {args:?} was still running after {limit} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    out
}

/// Runs `nodeprof engine ARGS`, writes `first`, waits (at most `limit` seconds) for an output
/// line starting with `answer`, then writes `then` and closes the input: the output once it
/// exits. Fails if the answer or the exit does not come in time.
#[allow(dead_code)]
pub fn converse(args: &[&str], first: &[u8], answer: &str, then: &[u8], limit: u64) -> String {
    use std::io::{BufRead, Write};
    let mut child = Command::new(env!("CARGO_BIN_EXE_nodeprof"))
        .arg("engine")
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let (sender, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in stdout.lines().map_while(Result::ok) {
            let _ = sender.send(line);
        }
    });
    stdin.write_all(first).unwrap();
    stdin.flush().unwrap();
    let wait = std::time::Duration::from_secs(limit);
    let mut out = Vec::new();
    loop {
        let Ok(line) = lines.recv_timeout(wait) else {
            let _ = child.kill();
            let _ = child.wait();
            panic!("no line starting with '{answer}' within {limit} s: {out:?}");
        };
        out.push(line);
        if out.last().unwrap().starts_with(answer) {
            break;
        }
    }
    stdin.write_all(then).unwrap();
    drop(stdin);
    let deadline = std::time::Instant::now() + wait;
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("nodeprof engine {args:?} was still running {limit} s after its input ended");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    out.extend(lines.iter());
    out.join("\n")
}
