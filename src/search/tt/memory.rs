//! The tables' memory: anonymous mappings with huge pages, faulted in before the clock
//! starts, and a pool of dropped tables' memory for the next tables of the same size.

use super::entry::{Bucket, LAST_GENERATION};

/// The table's memory: an anonymous mapping, so a large table starts as the system's zero
/// pages (an all-zero bucket is empty) and costs nothing until touched. On Linux it asks
/// for transparent huge pages: with 4 KiB pages nearly every probe of a large table also
/// misses the TLB, and those page walks were most of the probes' cost in exact solving.
pub(super) struct Buckets {
    pub(super) map: memmap2::MmapMut,
    pub(super) len: usize,
    /// The generation of the entries in use.
    pub(super) generation: u64,
    /// The buckets written since the memory was last cleared, as the table's handles
    /// logged them (see [`Written`]).
    pub(super) written: std::sync::Mutex<Written>,
}

/// What a table's searches wrote: the buckets, while few, or that they were too many to
/// log. A table whose writes were all logged is cleared by zeroing those buckets and keeps
/// its generation; otherwise the next table on this memory takes a new generation, and a
/// full `memset` comes once the generations run out. Short searches (a Connect 4 line of
/// tens of nodes) thus clear a few cache lines, not 1/127 of the whole memory each.
#[derive(Default)]
pub(super) struct Written {
    pub(super) buckets: Vec<u32>,
    pub(super) unlogged: bool,
}

/// The most buckets a table's handle logs: while the log is shorter than 1/128 of the
/// buckets, zeroing them costs less than the generations' share of a full clear (a new
/// generation costs 1/127 of a `memset`); and at most 2^16 (a log of 256 KiB).
pub(super) fn log_limit(len: usize) -> usize {
    (len / 128).min(1 << 16)
}

/// The memory of dropped tables, kept for the next tables of the same size: a new generation
/// clears memory already in use at no cost, against the page faults that bring in fresh
/// memory (on this machine 0.3 s for 256 MiB). Each solve runs on its own thread, so the
/// pool is shared; a table shared by a parallel search's threads comes back once the last
/// of them drops it.
pub(super) static SPARE: std::sync::Mutex<Vec<Buckets>> = std::sync::Mutex::new(Vec::new());

/// The most tables kept in [`SPARE`] (enough for the parallel jobs of a sweep).
pub(super) const SPARE_TABLES: usize = 4;

impl Buckets {
    /// `len` empty buckets, every page already faulted in (so that the search's clock, which
    /// starts after this, does not pay for it): a dropped table's memory of that size (its
    /// next generation), else a new mapping. Spare memory of other sizes is given back first, so a
    /// sweep that moves on to a smaller table does not keep the larger one.
    pub(super) fn zeroed(len: usize) -> Result<Buckets, String> {
        let reused = SPARE.lock().ok().and_then(|mut spare| {
            let found = spare
                .iter()
                .position(|b| b.len == len)
                .map(|index| spare.swap_remove(index));
            if found.is_none() {
                spare.clear();
            }
            found
        });
        let mut buckets = match reused {
            Some(buckets) if !buckets.written_over() => return Ok(buckets),
            Some(mut buckets) if buckets.generation < LAST_GENERATION => {
                buckets.generation += 1;
                buckets.written = Default::default();
                return Ok(buckets);
            }
            Some(mut buckets) => {
                buckets.map.fill(0);
                buckets
            }
            None => Buckets::mapped(len)?,
        };
        buckets.generation = 1;
        buckets.written = Default::default();
        Ok(buckets)
    }

    /// Whether entries of this generation may be anywhere (writes that were not logged).
    fn written_over(&self) -> bool {
        self.written.lock().map_or(true, |w| w.unlogged)
    }

    /// Adds a handle's log of written buckets (`None`: it wrote more than it logs).
    pub(super) fn add_log(&self, log: Option<&[u32]>) {
        let Ok(mut written) = self.written.lock() else {
            return; // a poisoned log is read as unlogged (see `written_over`)
        };
        match log {
            Some(log) if !written.unlogged => written.buckets.extend_from_slice(log),
            Some(_) => {}
            None => {
                written.unlogged = true;
                written.buckets = Vec::new();
            }
        }
    }

    /// Empties the buckets the log names, when every write was logged: the memory is then
    /// as empty as a new generation's.
    pub(super) fn clear_logged(&mut self) {
        let mut logged = match self.written.get_mut() {
            Ok(written) if !written.unlogged => std::mem::take(&mut written.buckets),
            _ => return,
        };
        for &index in &logged {
            let index = index as usize;
            assert!(index < self.len);
            // SAFETY: in bounds (checked above), in the mapping that `self` owns; any bit
            // pattern is a valid bucket.
            unsafe { &*self.base().add(index) }.clear();
        }
        logged.clear();
        if let Ok(written) = self.written.get_mut() {
            written.buckets = logged;
        }
    }

    fn mapped(len: usize) -> Result<Buckets, String> {
        let size = std::alloc::Layout::array::<Bucket>(len)
            .map_err(|e| e.to_string())?
            .size();
        let mut map = memmap2::MmapMut::map_anon(size).map_err(|e| e.to_string())?;
        #[cfg(target_os = "linux")]
        // Only a hint: without huge pages the table works the same, slower.
        let _ = map.advise(memmap2::Advice::HugePage);
        // A write a page faults the memory in (the system gives it zeroed): no need to
        // write every byte.
        for page in map.chunks_mut(4096) {
            // SAFETY: a byte of the mapping; volatile so that the write of a zero to what
            // reads as zero is not left out.
            unsafe { std::ptr::write_volatile(page.as_mut_ptr(), 0) };
        }
        Ok(Buckets {
            map,
            len,
            generation: 1,
            written: Default::default(),
        })
    }

    /// The first bucket (the mapping is page-aligned, and each bucket a run of atomics:
    /// shared references to them may be held by any number of threads).
    pub(super) fn base(&self) -> *const Bucket {
        self.map.as_ptr() as *const Bucket
    }
}

/// The largest table size (MiB, a power of two) within this machine's memory, or the
/// container's (its cgroup's memory limit) where that is less; `None` where the memory
/// cannot be read (the mapping then says whether a size can be had).
pub fn largest_table_mib() -> Option<u32> {
    // Read once a process: every search checks its table against it.
    static LARGEST: std::sync::OnceLock<Option<u32>> = std::sync::OnceLock::new();
    *LARGEST.get_or_init(read_largest_table_mib)
}

fn read_largest_table_mib() -> Option<u32> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kib: u64 = text
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    let cgroup = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let limit = cgroup_limit(&cgroup, |path| std::fs::read_to_string(path).ok());
    let mib = largest_power_of_two_mib((kib << 10).min(limit.unwrap_or(u64::MAX)));
    Some(mib)
}

/// The largest power of two MiB within `bytes` (at least 1).
fn largest_power_of_two_mib(bytes: u64) -> u32 {
    let mib = (bytes >> 20).clamp(1, 1 << 31) as u32;
    1 << (u32::BITS - 1 - mib.leading_zeros())
}

/// The memory limit (bytes) of this process's cgroup, given `/proc/self/cgroup`'s text and
/// a reader of files: cgroup v2's `memory.max` of its own group and of the root, or v1's
/// `memory.limit_in_bytes`; the least of those set (`max` is no limit).
fn cgroup_limit(cgroup: &str, read: impl Fn(&str) -> Option<String>) -> Option<u64> {
    let mut files = Vec::new();
    if let Some(own) = cgroup.lines().find_map(|l| l.strip_prefix("0::")) {
        let own = own.trim().trim_end_matches('/');
        files.push(format!("/sys/fs/cgroup{own}/memory.max"));
    }
    files.push("/sys/fs/cgroup/memory.max".into());
    let v1 = cgroup.lines().find_map(|l| {
        let (_, rest) = l.split_once(':')?;
        let (controllers, path) = rest.split_once(':')?;
        controllers
            .split(',')
            .any(|c| c == "memory")
            .then_some(path)
    });
    if let Some(own) = v1 {
        let own = own.trim().trim_end_matches('/');
        files.push(format!("/sys/fs/cgroup/memory{own}/memory.limit_in_bytes"));
    }
    files.push("/sys/fs/cgroup/memory/memory.limit_in_bytes".into());
    files
        .iter()
        .filter_map(|f| read(f))
        .filter_map(|text| text.trim().parse::<u64>().ok())
        .min()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_containers_memory_limit_bounds_the_table() {
        let files = |path: &str| match path {
            "/sys/fs/cgroup/job/memory.max" => Some("1073741824\n".to_string()),
            "/sys/fs/cgroup/memory.max" => Some("max\n".to_string()),
            _ => None,
        };
        let limit = cgroup_limit("0::/job\n", files);
        assert_eq!(limit, Some(1 << 30));
        // 1 GiB of container on a 24 GiB machine: tt:1024 at most.
        let machine = 24u64 << 30;
        assert_eq!(largest_power_of_two_mib(machine.min(limit.unwrap())), 1024);
        assert_eq!(largest_power_of_two_mib(machine), 16384);
        // No limit set (v2's `max`), or cgroup v1's huge number for none.
        assert_eq!(cgroup_limit("0::/\n", |_| Some("max".into())), None);
        let v1 = |p: &str| {
            p.ends_with("limit_in_bytes")
                .then(|| "9223372036854771712".into())
        };
        assert_eq!(cgroup_limit("", v1), Some(9223372036854771712));
        assert_eq!(
            largest_power_of_two_mib(machine.min(9223372036854771712)),
            16384
        );
    }
}
