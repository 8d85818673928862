//! How busy the machine was while timing: the load average before and after, the share of
//! the CPUs that other processes used meanwhile (from `/proc/stat`, less what nodeprof and its
//! workers used), and the CPU frequency governor where the kernel shows it. Where `/proc` is
//! not there (not Linux), each is unknown.

use serde::{Deserialize, Serialize};
use std::time::Instant;

/// Other processes using more than this share of the CPUs make the machine busy (a warning).
pub const BUSY_SHARE: f64 = 0.10;

/// The machine's load over a timing, as `meta.json` and the reports record it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MachineLoad {
    /// Logical CPUs.
    pub cpus: usize,
    /// The one-minute load average before and after.
    pub load_before: Option<f64>,
    pub load_after: Option<f64>,
    /// The share of all the CPUs' time that other processes used while timing (0..1).
    pub others_share: Option<f64>,
    /// `scaling_governor` of the first CPU (`performance`, `powersave`, ...).
    pub governor: Option<String>,
    pub seconds: f64,
}

impl MachineLoad {
    /// The idle cores left by the other processes (to the nearest), where known.
    pub fn idle_cores(&self) -> Option<usize> {
        self.others_share
            .map(|share| ((1.0 - share) * self.cpus as f64).round().max(0.0) as usize)
    }

    /// One sentence of what the machine was like while `doing` (`timing`, `searching`).
    pub fn describe(&self, doing: &str) -> String {
        let known = |v: Option<f64>| v.map_or("unknown".into(), |l| format!("{l:.2}"));
        format!(
            "The machine while {doing} ({:.1} s): {} CPUs, load average {} before and {} after, other processes' share of the CPUs {}, CPU frequency governor {}.",
            self.seconds,
            self.cpus,
            known(self.load_before),
            known(self.load_after),
            self.others_share
                .map_or("unknown".into(), |s| format!("{:.0}%", s * 100.0)),
            self.governor.as_deref().unwrap_or("not shown by the kernel"),
        )
    }

    /// Where a search ran on more threads than the other processes left cores idle: what
    /// that means for its times (hyperfine's kind of warning).
    pub fn threads_warning(&self, threads: u32) -> Option<String> {
        let idle = self.idle_cores()?;
        (threads as usize > idle && threads > 1).then(|| {
            format!(
                "searches ran on {threads} threads while other processes left {idle} of the {} CPUs idle: their times, and the speedups from them, understate what {threads} free cores give.",
                self.cpus
            )
        })
    }

    /// hyperfine's kind of warning, when the other processes were busy: what they used, and
    /// what it means for the times.
    pub fn warning(&self) -> Option<String> {
        let share = self.others_share?;
        (share > BUSY_SHARE).then(|| {
            format!(
                "the machine was busy while timing: other processes used {:.0}% of its {} CPUs (load average {} before, {} after). Absolute times are inflated.",
                share * 100.0,
                self.cpus,
                self.load_before.map_or("?".into(), |l| format!("{l:.2}")),
                self.load_after.map_or("?".into(), |l| format!("{l:.2}")),
            )
        })
    }
}

/// A measurement of the load under way.
pub struct LoadProbe {
    started: Instant,
    load: Option<f64>,
    stat: Option<CpuTicks>,
}

/// All CPUs' busy and total time so far, in clock ticks.
#[derive(Clone, Copy, Debug)]
struct CpuTicks {
    busy: u64,
    total: u64,
}

/// The clock ticks a second `/proc/stat` counts in.
fn ticks_per_second() -> f64 {
    // SAFETY: sysconf has no memory effects.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if hz > 0 {
        hz as f64
    } else {
        100.0
    }
}

fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

fn cpu_ticks() -> Option<CpuTicks> {
    parse_cpu_line(std::fs::read_to_string("/proc/stat").ok()?.lines().next()?)
}

/// `/proc/stat`'s first line: `cpu user nice system idle iowait irq softirq steal ...`.
fn parse_cpu_line(line: &str) -> Option<CpuTicks> {
    let mut words = line.split_whitespace();
    (words.next()? == "cpu").then_some(())?;
    let ticks: Vec<u64> = words
        .take(8)
        .map(|w| w.parse().ok())
        .collect::<Option<_>>()?;
    let [user, nice, system, idle, iowait, irq, softirq, steal] = ticks[..] else {
        return None;
    };
    let busy = user + nice + system + irq + softirq + steal;
    Some(CpuTicks {
        busy,
        total: busy + idle + iowait,
    })
}

fn governor() -> Option<String> {
    let text =
        std::fs::read_to_string("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor").ok()?;
    Some(text.trim().to_string()).filter(|g| !g.is_empty())
}

impl LoadProbe {
    pub fn start() -> LoadProbe {
        LoadProbe {
            started: Instant::now(),
            load: load_average(),
            stat: cpu_ticks(),
        }
    }

    /// The load since [`LoadProbe::start`], `own_cpu_ns` being the CPU time nodeprof and its
    /// workers used meanwhile (left out of the others' share).
    pub fn finish(&self, own_cpu_ns: u64) -> MachineLoad {
        let others = match (self.stat, cpu_ticks()) {
            (Some(before), Some(after)) if after.total > before.total => {
                let own = own_cpu_ns as f64 / 1e9 * ticks_per_second();
                let busy = (after.busy - before.busy) as f64 - own;
                Some((busy / (after.total - before.total) as f64).clamp(0.0, 1.0))
            }
            _ => None,
        };
        MachineLoad {
            cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
            load_before: self.load,
            load_after: load_average(),
            others_share: others,
            governor: governor(),
            seconds: self.started.elapsed().as_secs_f64(),
        }
    }
}

/// This process's CPU time so far (all its threads), for [`LoadProbe::finish`].
pub fn own_cpu_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes only `ts`, on this stack.
    match unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) } {
        0 => ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64,
        _ => 0,
    }
}

/// [`own_cpu_ns`] and the CPU time of the child processes that have ended and been waited
/// for (engines stopped at a sweep's end): what a sweep used, for the others' share.
pub fn own_and_children_cpu_ns() -> u64 {
    // SAFETY: an all-zero rusage is a valid value; getrusage writes only `usage`.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let children = match unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) } {
        0 => [usage.ru_utime, usage.ru_stime]
            .iter()
            .map(|t| t.tv_sec as u64 * 1_000_000_000 + t.tv_usec as u64 * 1000)
            .sum(),
        _ => 0,
    };
    own_cpu_ns() + children
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proc_stat_busy_and_total_ticks() {
        let t = parse_cpu_line("cpu  100 5 20 800 10 1 2 3 0 0").unwrap();
        assert_eq!((t.busy, t.total), (131, 941));
        assert!(parse_cpu_line("cpu0 1 2 3 4 5 6 7 8").is_none());
        assert!(parse_cpu_line("cpu 1 2 x").is_none());
    }

    #[test]
    fn a_busy_machine_is_warned_of_and_a_quiet_one_not() {
        let quiet = MachineLoad {
            cpus: 2,
            others_share: Some(0.02),
            ..MachineLoad::default()
        };
        assert_eq!(quiet.warning(), None);
        assert_eq!(quiet.idle_cores(), Some(2));
        assert_eq!(quiet.threads_warning(2), None);
        let busy = MachineLoad {
            others_share: Some(0.5),
            load_before: Some(1.5),
            ..quiet
        };
        let warning = busy.warning().unwrap();
        assert!(
            warning.contains(
                "other processes used 50% of its 2 CPUs (load average 1.50 before, ? after)"
            ),
            "{warning}"
        );
        assert_eq!(busy.idle_cores(), Some(1));
        assert_eq!(busy.threads_warning(1), None);
        let threads = busy.threads_warning(2).unwrap();
        assert!(
            threads.starts_with(
                "searches ran on 2 threads while other processes left 1 of the 2 CPUs idle"
            ),
            "{threads}"
        );
        assert_eq!(
            MachineLoad {
                others_share: Some(0.9),
                ..busy
            }
            .idle_cores(),
            Some(0)
        );
    }

    #[test]
    fn a_probe_reads_this_machine() {
        let probe = LoadProbe::start();
        let load = probe.finish(own_cpu_ns());
        assert!(load.cpus >= 1);
        if std::path::Path::new("/proc/stat").exists() {
            assert!(load.load_before.is_some());
        }
    }
}
