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
            Some(mut buckets) if buckets.generation < LAST_GENERATION => {
                buckets.generation += 1;
                return Ok(buckets);
            }
            Some(buckets) => buckets,
            None => Buckets::mapped(len)?,
        };
        buckets.map.fill(0);
        buckets.generation = 1;
        Ok(buckets)
    }

    fn mapped(len: usize) -> Result<Buckets, String> {
        let size = std::alloc::Layout::array::<Bucket>(len)
            .map_err(|e| e.to_string())?
            .size();
        let map = memmap2::MmapMut::map_anon(size).map_err(|e| e.to_string())?;
        #[cfg(target_os = "linux")]
        // Only a hint: without huge pages the table works the same, slower.
        let _ = map.advise(memmap2::Advice::HugePage);
        Ok(Buckets {
            map,
            len,
            generation: 1,
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
