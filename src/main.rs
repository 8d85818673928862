//! The `nodeprof` command: parse the arguments, run the command, report one error line.

use std::io;
use std::process::ExitCode;

use clap::Parser;

use nodeprof::cli::Cli;
use nodeprof::commands::{self, Outcome};

fn main() -> ExitCode {
    if let Some(missing) = missing_cpu_feature() {
        eprintln!(
            "nodeprof: error: this binary was built for CPUs with {missing} (x86-64-v3, see .cargo/config.toml) and this CPU lacks it: build nodeprof on this machine with RUSTFLAGS=\"-C target-cpu=x86-64-v2\""
        );
        return ExitCode::from(2);
    }
    // cutechess-cli's and fastchess's form of `play` is rewritten into nodeprof's own.
    let args = match nodeprof::cli::cutechess::translate(std::env::args_os().collect()) {
        Ok(args) => args,
        Err(message) => {
            eprintln!("nodeprof: error: {message}");
            return ExitCode::from(2);
        }
    };
    let cli = Cli::parse_from(args);
    // The command runs on a thread with a solving thread's stack: its solves start none.
    nodeprof::measure::on_deep_thread(move || run(cli))
}

/// Runs the command: its exit code, its error on one line.
fn run(cli: Cli) -> ExitCode {
    let mut out = io::BufWriter::new(io::stdout().lock());
    match commands::run(cli.command, &mut out) {
        Ok(Outcome::Success) => ExitCode::SUCCESS,
        Ok(Outcome::Failure) => ExitCode::from(1),
        Err(nodeprof::error::Error::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => {
            // Output cut short by a closed pipe (`nodeprof show ... | head`) is no error.
            ExitCode::SUCCESS
        }
        Err(err) => {
            drop(out);
            eprintln!("nodeprof: error: {}", clip(&err.to_string()));
            ExitCode::from(2)
        }
    }
}

/// A CPU feature the build assumes and this CPU lacks (one clear error, not SIGILL later).
fn missing_cpu_feature() -> Option<&'static str> {
    #[cfg(target_arch = "x86_64")]
    {
        if cfg!(target_feature = "avx2") && !std::arch::is_x86_feature_detected!("avx2") {
            return Some("AVX2");
        }
        if cfg!(target_feature = "bmi2") && !std::arch::is_x86_feature_detected!("bmi2") {
            return Some("BMI2");
        }
        if cfg!(target_feature = "lzcnt") && !std::arch::is_x86_feature_detected!("lzcnt") {
            return Some("LZCNT");
        }
    }
    None
}

/// An error line cut to a readable length: a message can quote a whole line of input, and
/// that line can be megabytes long.
fn clip(message: &str) -> String {
    const KEEP: usize = 300;
    if message.len() <= 2 * KEEP {
        return message.to_string();
    }
    let head = message.floor_char_boundary(KEEP);
    let tail = message.ceil_char_boundary(message.len() - KEEP);
    format!(
        "{} [... {} bytes cut ...] {}",
        &message[..head],
        tail - head,
        &message[tail..]
    )
}

#[cfg(test)]
mod tests {
    use super::clip;

    #[test]
    fn long_error_lines_are_cut_in_the_middle() {
        let line = format!("bad.pos:2: unexpected line '{}'", "é".repeat(50_000_000));
        let cut = clip(&line);
        assert!(cut.len() < 700, "{}", cut.len());
        assert!(cut.starts_with("bad.pos:2: unexpected line 'é"));
        assert!(cut.contains("bytes cut ...]") && cut.ends_with("é'"));
        assert_eq!(clip("short"), "short");
    }
}
