//! How a pattern instance's index is read straight from the bitboards: the instance's
//! squares extracted as bits (BMI2's `pext`), and a table from those bits to base 3.

use super::INSTANCES;

/// How one instance's index is read: its squares as a mask, where its ternary table starts
/// in the ternary tables, and where its pattern's weights start in a phase's table (after
/// the constant).
#[derive(Clone, Copy, Default)]
pub(super) struct Reader {
    pub mask: u64,
    pub ternary: u32,
    pub weights: u32,
}

/// Each instance's reader and the readers' ternary tables. An instance's squares in square
/// order are the bits `extract` packs; the table turns such a packed subset into the sum of
/// 3^(size - 1 - k) over its squares' digit positions k, so that an instance's index is
/// `t[extract(p)] + 2 t[extract(o)]`.
pub(super) fn readers<'a>(
    instances: impl Iterator<Item = (&'a [u8], usize)>,
) -> ([Reader; INSTANCES], Vec<u16>) {
    let mut readers = [Reader::default(); INSTANCES];
    let mut ternary = Vec::new();
    for (reader, (squares, weights)) in readers.iter_mut().zip(instances) {
        let size = squares.len();
        let mut ascending = squares.to_vec();
        ascending.sort_unstable();
        let pow = |sq: u8| {
            let k = squares.iter().position(|&s| s == sq).unwrap();
            3u16.pow((size - 1 - k) as u32)
        };
        *reader = Reader {
            mask: squares.iter().fold(0, |m, &sq| m | 1 << sq),
            ternary: ternary.len() as u32,
            weights: weights as u32,
        };
        for subset in 0..1usize << size {
            let digits = ascending
                .iter()
                .enumerate()
                .filter(|(j, _)| subset >> j & 1 == 1);
            ternary.push(digits.map(|(_, &sq)| pow(sq)).sum());
        }
    }
    (readers, ternary)
}
