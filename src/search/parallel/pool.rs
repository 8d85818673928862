//! The helper threads of parallel searches, started once and kept: a search on N threads
//! hands its N − 1 helpers' work to threads waiting here, and starts one only when none is
//! waiting. Before, every search started its helpers anew, each with a 512 MiB stack
//! reserved and freed: a few tens of microseconds of the kernel's a search, which a suite
//! of quick solves (Connect 4's lines) paid thousands of times.
//!
//! The threads live as long as the process and wait, without spinning, between searches.
//! A helper's panic is caught on its thread and raised again in the search that waits for
//! it, as a scoped thread's would be.

use std::collections::VecDeque;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::{Condvar, Mutex, MutexGuard, OnceLock};

/// A helper thread's stack (reserved, not committed, until used): room for solving's deep
/// lines, as the main solving thread has (`measure::on_deep_stack`).
const HELPER_STACK: usize = 512 << 20;

type Job = Box<dyn FnOnce() + Send>;

/// The jobs waiting for a thread, and the threads waiting for a job.
#[derive(Default)]
struct Queue {
    jobs: VecDeque<Job>,
    idle: usize,
}

#[derive(Default)]
struct Pool {
    queue: Mutex<Queue>,
    ready: Condvar,
}

static POOL: OnceLock<Pool> = OnceLock::new();

/// Threads the pool has started in this process.
static STARTED: AtomicU64 = AtomicU64::new(0);

/// How many helper threads this process has started (the pool's size).
pub fn threads_started() -> u64 {
    STARTED.load(Ordering::Relaxed)
}

fn pool() -> &'static Pool {
    POOL.get_or_init(Pool::default)
}

impl Pool {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Queues `job` for a waiting thread, or starts one when every thread is busy.
    fn submit(&'static self, job: Job) {
        let mut queue = self.lock();
        queue.jobs.push_back(job);
        if queue.idle >= queue.jobs.len() {
            self.ready.notify_one();
            return;
        }
        drop(queue);
        std::thread::Builder::new()
            .name("helper".into())
            .stack_size(HELPER_STACK)
            .spawn(move || self.serve())
            .expect("cannot start a helper thread");
        STARTED.fetch_add(1, Ordering::Relaxed);
    }

    /// A pool thread's life: the jobs, one after another, waiting between them.
    fn serve(&self) {
        loop {
            let job = {
                let mut queue = self.lock();
                loop {
                    if let Some(job) = queue.jobs.pop_front() {
                        break job;
                    }
                    queue.idle += 1;
                    queue = self.ready.wait(queue).unwrap_or_else(|e| e.into_inner());
                    queue.idle -= 1;
                }
            };
            job();
        }
    }
}

/// A search's helpers `H` (searchers) not yet started, with the position `G` and depth they
/// search and the evaluation weights they read.
pub struct Waiting<H, G> {
    /// The main thread's nodes before they start.
    pub(crate) after: u32,
    pub(crate) helpers: Vec<H>,
    pub(crate) pos: G,
    pub(crate) depth: u32,
    pub(crate) weights: crate::game::EvalWeights,
}

/// A helper's work under way, to be waited for.
pub struct Pending<T>(Receiver<std::thread::Result<T>>);

impl<T> Pending<T> {
    /// The work's result once it is done (its panic raised again here).
    pub fn join(self) -> T {
        match self.0.recv() {
            Ok(Ok(value)) => value,
            Ok(Err(panic)) => resume_unwind(panic),
            Err(_) => panic!("a helper thread ended without its result"),
        }
    }
}

/// Runs `work` on a pool thread.
pub fn run<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Pending<T> {
    let (done, result) = sync_channel(1);
    pool().submit(Box::new(move || {
        let _ = done.send(catch_unwind(AssertUnwindSafe(work)));
    }));
    Pending(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_are_kept_for_the_next_jobs_and_a_panic_reaches_the_waiter() {
        let first: Vec<Pending<u64>> = (0..3u64).map(|i| run(move || i * 2)).collect();
        let values: Vec<u64> = first.into_iter().map(Pending::join).collect();
        assert_eq!(values, [0, 2, 4]);
        // Other tests may use the pool at the same time: at most their threads and ours.
        let started = threads_started();
        for round in 0..50u64 {
            assert_eq!(run(move || round + 1).join(), round + 1);
        }
        // One job at a time finds a waiting thread: none started for it (unless other
        // tests' searches hold every thread at that moment).
        assert!(threads_started() - started < 50, "a thread a job");
        let panicked = std::panic::catch_unwind(|| run(|| -> u64 { panic!("boom") }).join());
        assert!(panicked.is_err());
        // The thread that panicked is still serving.
        assert_eq!(run(|| 7).join(), 7);
    }
}
