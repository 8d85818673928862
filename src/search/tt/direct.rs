//! The direct-mapped table of Pascal Pons' Connect 4 tutorial: a prime number of entries, a
//! position's entry its index key modulo the prime, a new result always replacing the old.

use super::entry::ENTRIES_PER_BUCKET;

/// A fixed divisor with its reciprocal, for remainders by a multiplication (a division takes
/// tens of cycles, and every node of a direct table takes two remainders).
#[derive(Clone, Copy, Debug)]
pub(super) struct Modulus {
    divisor: u64,
    /// floor(2^64 / divisor).
    reciprocal: u64,
}

impl Modulus {
    pub(super) fn new(divisor: u64) -> Modulus {
        assert!(divisor > 1);
        Modulus {
            divisor,
            reciprocal: (u128::from(u64::MAX) + 1).div_euclid(u128::from(divisor)) as u64,
        }
    }

    /// `a % divisor`: the quotient estimate a * reciprocal / 2^64 is the quotient or one less.
    #[inline(always)]
    pub(super) fn remainder(self, a: u64) -> u64 {
        let q = ((u128::from(a) * u128::from(self.reciprocal)) >> 64) as u64;
        let r = a - q * self.divisor;
        if r >= self.divisor {
            r - self.divisor
        } else {
            r
        }
    }
}

impl Modulus {
    /// The bucket and entry of `index_key`.
    #[inline(always)]
    pub(super) fn slot(self, index_key: u64) -> (usize, usize) {
        let slot = self.remainder(index_key) as usize;
        (slot / ENTRIES_PER_BUCKET, slot % ENTRIES_PER_BUCKET)
    }
}

/// The buckets a table of `entries` entries takes: no more than its entries fill (16 bytes
/// an entry, twice the tutorial's 8: an entry keeps both bounds, the depth and a move).
pub(super) fn buckets_for(entries: u64) -> usize {
    (entries as usize).div_ceil(ENTRIES_PER_BUCKET)
}

/// The entries of the tutorial's table of `mib` MiB of 8-byte entries: the largest prime at
/// most that many (64 MiB: 8,388,593, parts 7 to 10), or with `packed` the smallest prime at
/// least that many (8,388,617, parts 11 and 12, whose entries are 5 bytes).
pub fn narrow_table_entries(mib: u32, packed: bool) -> u64 {
    // Found once a process: the trial divisions take tens of microseconds, and every
    // search of a short Connect 4 line makes a table.
    static FOUND: std::sync::Mutex<Vec<((u32, bool), u64)>> = std::sync::Mutex::new(Vec::new());
    let Ok(mut found) = FOUND.lock() else {
        return prime_entries(mib, packed);
    };
    if let Some(&(_, n)) = found.iter().find(|(k, _)| *k == (mib, packed)) {
        return n;
    }
    let n = prime_entries(mib, packed);
    found.push(((mib, packed), n));
    n
}

fn prime_entries(mib: u32, packed: bool) -> u64 {
    let mut n = ((mib as u64) << 20) / 8;
    while !is_prime(n) {
        n = if packed { n + 1 } else { n - 1 };
    }
    n
}

fn is_prime(n: u64) -> bool {
    n >= 2
        && (2..)
            .take_while(|d| d * d <= n)
            .all(|d| !n.is_multiple_of(d))
}

#[cfg(test)]
mod tests {
    use super::Modulus;

    #[test]
    fn remainders_by_multiplication_are_remainders() {
        let mut state = 7u64;
        for divisor in [2u64, 3, 8_388_593, 8_388_617, 1_000_000_007, u64::MAX / 3] {
            let m = Modulus::new(divisor);
            for a in [
                0,
                1,
                divisor - 1,
                divisor,
                divisor + 1,
                u64::MAX,
                u64::MAX - 1,
            ] {
                assert_eq!(m.remainder(a), a % divisor, "{a} % {divisor}");
            }
            for _ in 0..10_000 {
                let a = crate::random::splitmix64(&mut state);
                assert_eq!(m.remainder(a), a % divisor, "{a} % {divisor}");
            }
        }
    }
}
