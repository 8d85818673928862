//! The one deterministic generator every seeded thing draws from (seeded trees, shuffled move
//! orders, random agents and openings, training games): splitmix64 (Steele, Lea and Flood),
//! so that a recorded seed gives the same draws on every machine.

/// The next draw of the generator whose state is `state` (advanced).
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
