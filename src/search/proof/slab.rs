//! The memory of PN's graph: arrays of fixed capacity over anonymous mappings with huge
//! pages. A graph grows to what its bound allows, so a mapping of the bound costs only the
//! pages touched, and never moves: no copies as it grows, and with 2 MiB pages a fault per
//! 2 MiB instead of per 4 KiB and fewer TLB misses on its random accesses (with plain
//! vectors, a quarter of PN's time went to page faults and a tenth to copies). A dropped
//! slab's mapping is kept for the next (the next proof, PN²'s next second-level tree), as
//! the alpha-beta tables' memory is: its pages are in already.

use std::marker::PhantomData;
use std::mem::ManuallyDrop;
use std::sync::Mutex;

/// Mappings of dropped slabs, for the next slabs (PN's and PN²'s trees take four each, and
/// an index being rebuilt one more).
static SPARE: Mutex<Vec<memmap2::MmapMut>> = Mutex::new(Vec::new());
/// The most mappings kept in [`SPARE`].
const SPARE_MAPS: usize = 12;

/// A mapping of at least `bytes`: the smallest spare one that is large enough (its pages
/// as the last slab left them: `fresh` false), else a new one (zero pages).
fn take_map(bytes: usize) -> Option<(memmap2::MmapMut, bool)> {
    let spare = SPARE.lock().ok().and_then(|mut spare| {
        let fits = (0..spare.len()).filter(|&i| spare[i].len() >= bytes);
        let best = fits.min_by_key(|&i| spare[i].len())?;
        Some(spare.swap_remove(best))
    });
    if let Some(map) = spare {
        return Some((map, false));
    }
    let map = memmap2::MmapMut::map_anon(bytes).ok()?;
    #[cfg(target_os = "linux")]
    // Only a hint: without huge pages the slab works the same, slower.
    let _ = map.advise(memmap2::Advice::HugePage);
    Some((map, true))
}

/// A vector of at most `capacity` plain values, zero pages until written.
pub struct Slab<T: Copy> {
    /// Taken back into [`SPARE`] when the slab is dropped.
    map: ManuallyDrop<memmap2::MmapMut>,
    len: usize,
    capacity: usize,
    kind: PhantomData<T>,
}

impl<T: Copy> Slab<T> {
    /// An empty slab for `capacity` values (at least one); None where the system refuses the
    /// mapping.
    pub fn new(capacity: usize) -> Option<Slab<T>> {
        let capacity = capacity.max(1);
        let bytes = capacity.checked_mul(std::mem::size_of::<T>())?.max(1);
        let (map, _) = take_map(bytes)?;
        Some(Slab {
            map: ManuallyDrop::new(map),
            len: 0,
            capacity,
            kind: PhantomData,
        })
    }

    /// Appends `value`; false (nothing written) when the slab is full.
    #[inline]
    pub fn push(&mut self, value: T) -> bool {
        if self.len == self.capacity {
            return false;
        }
        // SAFETY: `len < capacity`, and the mapping holds `capacity` values of T, aligned (a
        // mapping starts on a page).
        unsafe { (self.map.as_mut_ptr() as *mut T).add(self.len).write(value) };
        self.len += 1;
        true
    }

    /// The values written.
    #[inline(always)]
    pub fn as_slice(&self) -> &[T] {
        // SAFETY: the first `len` values were written by `push`.
        unsafe { std::slice::from_raw_parts(self.map.as_ptr() as *const T, self.len) }
    }

    /// The values written, to change in place.
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        // SAFETY: as `as_slice`, borrowed mutably.
        unsafe { std::slice::from_raw_parts_mut(self.map.as_mut_ptr() as *mut T, self.len) }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// The bytes its values take.
    pub fn bytes(&self) -> usize {
        self.len * std::mem::size_of::<T>()
    }
}

impl<T: Copy, I: std::slice::SliceIndex<[T]>> std::ops::Index<I> for Slab<T> {
    type Output = I::Output;
    #[inline(always)]
    fn index(&self, index: I) -> &I::Output {
        &self.as_slice()[index]
    }
}

impl<T: Copy, I: std::slice::SliceIndex<[T]>> std::ops::IndexMut<I> for Slab<T> {
    #[inline(always)]
    fn index_mut(&mut self, index: I) -> &mut I::Output {
        &mut self.as_mut_slice()[index]
    }
}

impl Slab<u64> {
    /// A slab of `len` zeros and room for `capacity` values.
    pub fn zeroed(len: usize, capacity: usize) -> Option<Slab<u64>> {
        let capacity = capacity.max(len).max(1);
        let bytes = capacity.checked_mul(std::mem::size_of::<u64>())?;
        let (mut map, fresh) = take_map(bytes)?;
        if !fresh {
            map[..len * std::mem::size_of::<u64>()].fill(0);
        }
        Some(Slab {
            map: ManuallyDrop::new(map),
            len,
            capacity,
            kind: PhantomData,
        })
    }
}

impl<T: Copy> Drop for Slab<T> {
    fn drop(&mut self) {
        // SAFETY: `map` is not used again: the slab is being dropped.
        let map = unsafe { ManuallyDrop::take(&mut self.map) };
        if let Ok(mut spare) = SPARE.lock() {
            if spare.len() < SPARE_MAPS {
                spare.push(map);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slab_keeps_what_is_pushed_and_refuses_more_than_its_capacity() {
        let mut slab = Slab::<(u64, u32)>::new(1000).unwrap();
        for i in 0..1000u64 {
            assert!(slab.push((i * i, i as u32)));
        }
        assert!(!slab.push((0, 0)));
        slab.as_mut_slice()[7].1 = 70;
        assert_eq!(
            (slab.len(), slab.as_slice()[999], slab.as_slice()[7]),
            (1000, (998_001, 999), (49, 70))
        );
        assert_eq!(slab.bytes(), 1000 * 16);
    }
}
