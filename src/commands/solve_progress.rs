//! `solve`'s progress line: while a position is solved, a line on standard error (only when
//! it is a terminal) with the nodes so far, the root's passes and the time, redrawn a few
//! times a second from what the search threads publish (`search::progress`).

use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::report::text::thousands;
use crate::search::progress::{Progress, ProgressSink};
use crate::search::SearchConfig;

/// How often the line is redrawn.
const REDRAW: Duration = Duration::from_millis(250);

/// Runs `work` (the solve of the position `name` with `config`), watched by a progress line
/// when standard error is a terminal.
pub fn watched<T: Send>(
    name: &str,
    config: SearchConfig,
    work: impl FnOnce(&SearchConfig) -> T + Send,
) -> T {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    if bar.is_hidden() {
        return work(&config);
    }
    let progress = Arc::new(Progress::default());
    let config = SearchConfig {
        progress: ProgressSink(Some(progress.clone())),
        ..config
    };
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    let started = Instant::now();
    std::thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            while !bar.is_finished() {
                bar.set_message(line(name, &progress, started.elapsed(), config.threads));
                bar.tick();
                std::thread::park_timeout(REDRAW);
            }
        });
        // The line ends when the work does, by return or by panic: the watcher then leaves
        // and the scope, which waits for it, can end.
        let _ends = Ends(&bar, watcher.thread());
        work(&config)
    })
}

/// Ends the progress line when dropped, and wakes its watcher to see it.
struct Ends<'a>(&'a ProgressBar, &'a std::thread::Thread);

impl Drop for Ends<'_> {
    fn drop(&mut self) {
        self.0.finish_and_clear();
        self.1.unpark();
    }
}

/// `end45: 123,456,789 nodes, 7 passes, 12.3 s on 2 threads`.
fn line(name: &str, progress: &Progress, elapsed: Duration, threads: u32) -> String {
    let on = match threads {
        1 => String::new(),
        n => format!(" on {n} threads"),
    };
    format!(
        "{name}: {} nodes, {} passes, {:.1} s{on}",
        thousands(progress.nodes()),
        progress.passes(),
        elapsed.as_secs_f64()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_names_the_position_its_nodes_passes_and_threads() {
        let progress = Progress::default();
        assert_eq!(
            line("end45", &progress, Duration::from_millis(1500), 2),
            "end45: 0 nodes, 0 passes, 1.5 s on 2 threads"
        );
    }
}
