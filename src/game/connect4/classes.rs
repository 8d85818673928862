//! Pascal Pons' benchmark classes of Connect 4 positions: by the stones played and the moves
//! left when both sides play perfectly. nodeprof's suites (`positions/connect4/`) are drawn
//! into the same classes.

/// The classes, file stems, and how many positions each suite holds.
pub const CLASSES: [(&str, usize); 6] = [
    ("end-easy", 100),
    ("middle-easy", 100),
    ("middle-medium", 50),
    ("begin-easy", 20),
    ("begin-medium", 20),
    ("begin-hard", 10),
];

/// Moves left to the end of the game when both sides play perfectly, from the stones played
/// and the exact score (a win with the winner's k-th stone is worth 22 - k).
pub fn moves_left(played: u32, score: i32) -> u32 {
    let end = match score.signum() {
        0 => 42,
        sign => {
            let stones = (22 - score.abs()) as u32;
            // The winner moves first when it is the side to move at an even count, or the
            // other side at an odd one.
            let winner_first = (sign > 0) == played.is_multiple_of(2);
            if winner_first {
                2 * stones - 1
            } else {
                2 * stones
            }
        }
    };
    end - played
}

/// Pons' class of a position: by stones played (more than 28: end; 15 to 28: middle; else
/// begin) and moves left (fewer than 14: easy; fewer than 28: medium; else hard).
pub fn class_of(played: u32, left: u32) -> &'static str {
    match (played, left) {
        (29.., _) => "end-easy",
        (15..=28, 0..=13) => "middle-easy",
        (15..=28, _) => "middle-medium",
        (_, 0..=13) => "begin-easy",
        (_, 14..=27) => "begin-medium",
        _ => "begin-hard",
    }
}
