//! What a search cost besides its wall time: the CPU time it used (user and system), and the
//! instructions and cycles it retired where the kernel exposes the processor's counters
//! (perf events; many virtual machines and containers do not).
//!
//! Wall time moves with whatever else the machine runs; CPU time much less, and instructions
//! retired hardly at all, which is why `ab` records all of them and judges on the steadier
//! ones (docs/speed.md). A [`Meter`] is started just before a search's clock and stopped
//! just after it: opening the counters is outside the clock, reading them two system calls.

use std::sync::OnceLock;

use perf_event::events::Hardware;
use perf_event::{Builder, Counter};

/// What one search cost. `user_ns + sys_ns` is its CPU time; `instructions` and `cycles`
/// are `None` where the counters are not available (see [`counters_unavailable`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cost {
    pub user_ns: u64,
    pub sys_ns: u64,
    pub instructions: Option<u64>,
    pub cycles: Option<u64>,
}

impl Cost {
    /// User and system time together.
    pub fn cpu_ns(&self) -> u64 {
        self.user_ns + self.sys_ns
    }
}

/// Whose CPU time a meter reads: the calling thread's (a search on one thread: a sweep's
/// other jobs are not in it), or the whole process's (a search with helper threads).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Thread,
    Process,
}

/// A measurement under way.
pub struct Meter {
    scope: Scope,
    cpu: CpuTimes,
    counters: Option<[Counter; 2]>,
}

impl Meter {
    /// Opens the counters (counting this thread and the threads it starts from now on) and
    /// reads the CPU clock.
    pub fn start(scope: Scope) -> Meter {
        let mut counters = open_counters();
        if let Some(pair) = &mut counters {
            if pair.iter_mut().any(|c| c.enable().is_err()) {
                counters = None;
            }
        }
        Meter {
            scope,
            cpu: CpuTimes::now(scope),
            counters,
        }
    }

    /// What was spent since [`Meter::start`].
    pub fn stop(self) -> Cost {
        let mut counts = self
            .counters
            .map(|mut pair| pair.each_mut().map(read_scaled));
        let cpu = CpuTimes::now(self.scope).since(&self.cpu);
        if counts
            .as_ref()
            .is_some_and(|c| c.iter().any(Option::is_none))
        {
            counts = None;
        }
        let [instructions, cycles] = counts.unwrap_or([None, None]);
        Cost {
            user_ns: cpu.user_ns,
            sys_ns: cpu.sys_ns,
            instructions,
            cycles,
        }
    }
}

/// A counter's value, scaled up as `perf stat` does when the kernel shared the processor's
/// counters between events (time running below time enabled); `None` if it never ran.
fn read_scaled(counter: &mut Counter) -> Option<u64> {
    counter.disable().ok()?;
    let data = counter.read_full().ok()?;
    let (enabled, running) = (data.time_enabled()?, data.time_running()?);
    match running.is_zero() {
        true => (enabled.is_zero()).then_some(data.count()),
        false if running >= enabled => Some(data.count()),
        false => Some((data.count() as f64 * enabled.as_secs_f64() / running.as_secs_f64()) as u64),
    }
}

/// Instructions and cycles retired by this thread and the threads it starts, user space
/// only (what `perf_event_paranoid` up to 2 allows an unprivileged process).
fn open_counters() -> Option<[Counter; 2]> {
    if counters_unavailable().is_some() {
        return None;
    }
    let open = |event| Builder::new(event).inherit(true).build().ok();
    Some([open(Hardware::INSTRUCTIONS)?, open(Hardware::CPU_CYCLES)?])
}

/// Why instructions and cycles cannot be counted here (`None`: they can). Asked of the
/// kernel once a process.
pub fn counters_unavailable() -> Option<&'static str> {
    static WHY: OnceLock<Option<String>> = OnceLock::new();
    WHY.get_or_init(|| {
        let probe = |event| Builder::new(event).build().map(drop);
        probe(Hardware::INSTRUCTIONS)
            .and_then(|()| probe(Hardware::CPU_CYCLES))
            .err()
            .map(|e| unavailable_reason(&e))
    })
    .as_deref()
}

/// The kernel's refusal in words a user can act on.
fn unavailable_reason(e: &std::io::Error) -> String {
    let paranoid = std::fs::read_to_string("/proc/sys/kernel/perf_event_paranoid")
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|_| "unreadable".into());
    let why = match e.raw_os_error() {
        Some(libc::ENOENT) | Some(libc::EOPNOTSUPP) | Some(libc::ENODEV) => {
            "the kernel exposes no hardware counters (a virtual machine without a virtual PMU?)"
                .to_string()
        }
        Some(libc::EACCES) | Some(libc::EPERM) => format!(
            "perf events are not allowed (kernel.perf_event_paranoid = {paranoid}; 2 or less allows a process its own counts)"
        ),
        Some(libc::ENOSYS) => "the kernel has no perf events".to_string(),
        _ => format!("perf_event_open failed: {e}"),
    };
    format!("instructions and cycles not available here: {why}")
}

/// CPU time so far, of the thread or the process.
#[derive(Clone, Copy, Debug, Default)]
struct CpuTimes {
    /// From the CPU clock, to the nanosecond.
    total_ns: u64,
    /// From `getrusage`, to the microsecond: how the total splits.
    user_us: u64,
    sys_us: u64,
}

/// CPU time spent, split into user and system time.
struct Spent {
    user_ns: u64,
    sys_ns: u64,
}

impl CpuTimes {
    fn now(scope: Scope) -> CpuTimes {
        let (clock, who) = match scope {
            Scope::Thread => (libc::CLOCK_THREAD_CPUTIME_ID, libc::RUSAGE_THREAD),
            Scope::Process => (libc::CLOCK_PROCESS_CPUTIME_ID, libc::RUSAGE_SELF),
        };
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: both calls write only the structures passed, which live on this stack.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let (clock_ok, usage_ok) = unsafe {
            (
                libc::clock_gettime(clock, &mut ts) == 0,
                libc::getrusage(who, &mut usage) == 0,
            )
        };
        let us = |t: libc::timeval| t.tv_sec as u64 * 1_000_000 + t.tv_usec as u64;
        CpuTimes {
            total_ns: match clock_ok {
                true => ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64,
                false => 0,
            },
            user_us: if usage_ok { us(usage.ru_utime) } else { 0 },
            sys_us: if usage_ok { us(usage.ru_stime) } else { 0 },
        }
    }

    /// The time spent since `earlier`: the CPU clock's total, split as `getrusage`'s user and
    /// system times split (all user where they moved less than a microsecond).
    fn since(&self, earlier: &CpuTimes) -> Spent {
        let total = self.total_ns.saturating_sub(earlier.total_ns);
        let user = self.user_us.saturating_sub(earlier.user_us);
        let sys = self.sys_us.saturating_sub(earlier.sys_us);
        let sys_ns = match user + sys {
            0 => 0,
            all => (total as u128 * sys as u128 / all as u128) as u64,
        };
        Spent {
            user_ns: total - sys_ns,
            sys_ns,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// Work the optimiser cannot remove, for about `wall`.
    fn spin(wall: Duration) -> u64 {
        let started = Instant::now();
        let mut x = 1u64;
        while started.elapsed() < wall {
            for _ in 0..10_000 {
                x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
            }
        }
        x
    }

    #[test]
    fn a_busy_thread_spends_cpu_time_and_a_sleeping_one_none() {
        let meter = Meter::start(Scope::Thread);
        spin(Duration::from_millis(30));
        let busy = meter.stop();
        // CPU time is at most the wall time spent (and more than nothing, however loaded
        // the machine: the thread ran to read the clock 30 ms on).
        assert!(
            busy.cpu_ns() > 0 && busy.cpu_ns() < 5_000_000_000,
            "{busy:?}"
        );
        let meter = Meter::start(Scope::Thread);
        std::thread::sleep(Duration::from_millis(30));
        let asleep = meter.stop();
        assert!(asleep.cpu_ns() < 30_000_000, "{asleep:?}");
    }

    #[test]
    fn a_process_meter_counts_the_threads_it_starts() {
        let meter = Meter::start(Scope::Process);
        let thread = Meter::start(Scope::Thread);
        std::thread::scope(|s| {
            s.spawn(|| spin(Duration::from_millis(40)));
        });
        let (process, own) = (meter.stop(), thread.stop());
        // The helper's CPU time is the process's and not this thread's, which waited.
        assert!(process.cpu_ns() > own.cpu_ns(), "{process:?} {own:?}");
    }

    #[test]
    fn counters_are_counted_or_said_to_be_missing() {
        let meter = Meter::start(Scope::Thread);
        spin(Duration::from_millis(20));
        let cost = meter.stop();
        match counters_unavailable() {
            Some(why) => {
                assert!(why.starts_with("instructions and cycles not available here: "));
                assert_eq!((cost.instructions, cost.cycles), (None, None));
            }
            // 20 ms of a loop retire millions of instructions.
            None => assert!(cost.instructions.unwrap() > 1_000_000, "{cost:?}"),
        }
    }

    #[test]
    fn a_software_counter_reads_through_the_same_path() {
        // The task clock (a software event, in every kernel with perf events) checks the
        // opening, enabling and scaled reading that the hardware counters use.
        let built = Builder::new(perf_event::events::Software::TASK_CLOCK)
            .inherit(true)
            .build();
        let Ok(mut clock) = built else {
            eprintln!("skipped: perf events are not allowed here ({built:?})");
            return;
        };
        clock.enable().unwrap();
        spin(Duration::from_millis(20));
        let ns = read_scaled(&mut clock).unwrap();
        assert!(ns > 1_000_000 && ns < 5_000_000_000, "{ns}");
    }

    #[test]
    fn the_split_follows_getrusage_and_keeps_the_clocks_total() {
        let earlier = CpuTimes::default();
        let later = CpuTimes {
            total_ns: 1_000_000,
            user_us: 750,
            sys_us: 250,
        };
        let spent = later.since(&earlier);
        assert_eq!((spent.user_ns, spent.sys_ns), (750_000, 250_000));
        let unmoved = CpuTimes {
            total_ns: 900,
            ..CpuTimes::default()
        };
        let spent = unmoved.since(&earlier);
        assert_eq!((spent.user_ns, spent.sys_ns), (900, 0));
    }
}
