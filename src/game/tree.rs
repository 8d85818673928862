//! The uniform tree: a synthetic game for testing search algorithms against theory.
//!
//! Every node has `width` children down to `depth` plies; the leaves carry values seen from
//! the root player, who maximises. Written `tree:W:D:VALUES`, where VALUES is a string of
//! digits (one leaf each, `31415926`), a comma-separated list (`3,-1,4`), `seed=N` (values
//! drawn from -50..=50 by a seeded generator), or `ordered` (a tree in which the first child
//! of every node is its best move, strictly).

use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use arrayvec::ArrayVec;

use super::notation::Notation;
use super::rules::{fmix64, Game, GameMove, MoveError, Side};
use crate::random::splitmix64;

/// Widest tree: the move list's capacity.
pub const MAX_WIDTH: u32 = 64;
/// Most leaves a tree may have.
pub const MAX_LEAVES: u64 = 1 << 24;

/// The shape and leaf values of a uniform tree.
#[derive(Debug, PartialEq, Eq)]
pub struct TreeSpec {
    pub width: u32,
    pub depth: u32,
    /// Leaf values from the root player's point of view, leaves in left-to-right order.
    pub values: Vec<i32>,
    /// How the tree was written (its canonical text).
    text: String,
}

/// Leaf values are kept far inside the search's infinity (`INF`, 10^9), so that negating and
/// widening windows around them never overflows or meets it.
pub const MAX_LEAF_VALUE: i32 = 1_000_000;

impl TreeSpec {
    /// Parses `tree:W:D:VALUES` (see the module documentation).
    pub fn parse(text: &str) -> Result<TreeSpec, String> {
        let text = text.trim();
        let fields: Vec<&str> = text.splitn(4, ':').collect();
        let [tag, width, depth, values] = fields[..] else {
            return Err(format!(
                "bad tree '{text}', expected tree:WIDTH:DEPTH:VALUES (digits, a list, seed=N or ordered)"
            ));
        };
        if tag != "tree" {
            return Err(format!(
                "bad tree '{text}', expected it to start with 'tree:'"
            ));
        }
        let width: u32 = width
            .parse()
            .ok()
            .filter(|w| (1..=MAX_WIDTH).contains(w))
            .ok_or_else(|| format!("bad tree width '{width}', expected 1 to {MAX_WIDTH}"))?;
        let depth: u32 = depth
            .parse()
            .ok()
            .filter(|&d| d <= 32)
            .ok_or_else(|| format!("bad tree depth '{depth}', expected 0 to 32"))?;
        let leaves = (width as u64)
            .checked_pow(depth)
            .filter(|&n| n <= MAX_LEAVES)
            .ok_or_else(|| {
                format!("tree {width}^{depth} has too many leaves (at most {MAX_LEAVES})")
            })? as usize;
        let values = if let Some(seed) = values.strip_prefix("seed=") {
            let mut state: u64 = seed
                .parse()
                .map_err(|_| format!("bad tree seed '{seed}', expected a whole number"))?;
            (0..leaves)
                .map(|_| (splitmix64(&mut state) % 101) as i32 - 50)
                .collect()
        } else if values == "ordered" {
            ordered_values(width, depth)
        } else if values.contains(',') || values.starts_with('-') {
            values
                .split(',')
                .map(|v| {
                    v.trim()
                        .parse::<i32>()
                        .ok()
                        .filter(|v| (-MAX_LEAF_VALUE..=MAX_LEAF_VALUE).contains(v))
                        .ok_or_else(|| {
                            format!(
                                "bad tree leaf value '{}', expected a whole number from -{MAX_LEAF_VALUE} to {MAX_LEAF_VALUE} (the scores the search supports)",
                                v.trim()
                            )
                        })
                })
                .collect::<Result<Vec<_>, _>>()?
        } else {
            values
                .chars()
                .map(|c| {
                    c.to_digit(10)
                        .map(|d| d as i32)
                        .ok_or_else(|| format!("bad tree leaf digit '{c}'"))
                })
                .collect::<Result<Vec<_>, _>>()?
        };
        if values.len() != leaves {
            return Err(format!(
                "tree {width}^{depth} needs {leaves} leaf values, found {}",
                values.len()
            ));
        }
        Ok(TreeSpec {
            width,
            depth,
            values,
            text: text.to_string(),
        })
    }

    /// The root of the tree. The spec lives as long as the program (trees are small and few).
    pub fn root(self) -> UniformTree {
        UniformTree {
            spec: Box::leak(Box::new(self)),
            index: 0,
            ply: 0,
        }
    }
}

/// Leaf values such that at every node the first child is strictly the best for the side
/// to move, so alpha-beta meets the minimal tree.
fn ordered_values(width: u32, depth: u32) -> Vec<i32> {
    fn assign(values: &mut Vec<i32>, width: u32, plies_left: u32, ply: u32, value: i32) {
        if plies_left == 0 {
            // `value` is for the side to move at this leaf; store it for the root player.
            values.push(if ply.is_multiple_of(2) { value } else { -value });
            return;
        }
        for child in 0..width as i32 {
            // The child's value for its mover; the parent gets its negation, best at child 0.
            assign(values, width, plies_left - 1, ply + 1, -value + child);
        }
    }
    let mut values = Vec::new();
    assign(&mut values, width, depth, 0, 0);
    values
}

/// A node of a uniform tree: which node of its level, at which ply.
#[derive(Clone, Copy)]
pub struct UniformTree {
    spec: &'static TreeSpec,
    index: u64,
    ply: u32,
}

impl PartialEq for UniformTree {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.spec, other.spec) && self.index == other.index && self.ply == other.ply
    }
}
impl Eq for UniformTree {}

impl Hash for UniformTree {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.spec as *const TreeSpec as usize, self.index, self.ply).hash(state);
    }
}

impl fmt::Debug for UniformTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "UniformTree({self})")
    }
}

impl fmt::Display for UniformTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.spec.text)?;
        if self.ply > 0 {
            write!(f, " @ ply {} node {}", self.ply, self.index)?;
        }
        Ok(())
    }
}

impl UniformTree {
    pub fn spec(&self) -> &'static TreeSpec {
        self.spec
    }
}

/// A move in a uniform tree: the child's number, 0 first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TreeMove(u8);

impl GameMove for TreeMove {
    /// Never generated: a uniform tree has no passes.
    const PASS: TreeMove = TreeMove(u8::MAX);

    fn to_code(self) -> u16 {
        self.0 as u16
    }

    fn from_code(code: u16) -> Self {
        TreeMove(code as u8)
    }

    fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for TreeMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for TreeMove {
    type Err = MoveError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.trim()
            .parse::<u8>()
            .ok()
            .filter(|&c| (c as u32) < MAX_WIDTH)
            .map(TreeMove)
            .ok_or_else(|| MoveError::syntax(s.trim(), "a tree move (a child number)"))
    }
}

impl Game for UniformTree {
    /// One random move: a tree may be shallow.
    const OPENING_PLIES: u32 = 1;
    type Move = TreeMove;
    type Moves = ArrayVec<TreeMove, { MAX_WIDTH as usize }>;

    const NAME: &'static str = "tree";
    const MOVE_INDEXES: usize = MAX_WIDTH as usize + 1;
    /// Leaf values are the scores themselves.
    const WIN_BONUS: i32 = 0;
    const FINISHED_GAME_PERFT: u64 = 1;

    /// The smallest tree: `tree:1:0:0`.
    fn start() -> Self {
        TreeSpec::parse("tree:1:0:0").expect("valid tree").root()
    }

    fn side_to_move(&self) -> Side {
        if self.ply.is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }

    fn generate_moves(&self) -> Self::Moves {
        if self.is_over() {
            return ArrayVec::new();
        }
        (0..self.spec.width).map(|c| TreeMove(c as u8)).collect()
    }

    fn count_moves(&self) -> u64 {
        if self.is_over() {
            0
        } else {
            self.spec.width as u64
        }
    }

    fn play(&self, mv: TreeMove) -> Self {
        UniformTree {
            spec: self.spec,
            index: self.index * self.spec.width as u64 + mv.0 as u64,
            ply: self.ply + 1,
        }
    }

    fn is_over(&self) -> bool {
        self.ply >= self.spec.depth
    }

    /// The leaf's value for the side to move (0 before the leaves).
    fn final_margin(&self) -> i32 {
        if !self.is_over() {
            return 0;
        }
        let value = self.spec.values[self.index as usize];
        if self.ply.is_multiple_of(2) {
            value
        } else {
            -value
        }
    }

    /// No heuristic: inner nodes at the horizon are worth 0.
    fn material(&self) -> i32 {
        0
    }

    /// Plies left to the leaves.
    fn empties(&self) -> u32 {
        self.spec.depth.saturating_sub(self.ply)
    }

    fn plies_left_at_most(&self) -> Option<u32> {
        Some(self.empties())
    }

    fn key(&self) -> u64 {
        fmix64(self.index.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (self.ply as u64) << 58)
    }

    fn is_legal(&self, mv: TreeMove) -> bool {
        !self.is_over() && (mv.0 as u32) < self.spec.width
    }
}

impl Notation for UniformTree {
    const TITLE: &'static str = "uniform tree";
    const TEXT_FORM: &'static str = "a uniform tree";

    fn looks_like(text: &str) -> bool {
        text.starts_with("tree:")
    }

    fn parse_text(text: &str) -> Result<UniformTree, String> {
        Ok(TreeSpec::parse(text)?.root())
    }

    /// The tree's shape and leaf values (from the root player's point of view).
    fn diagram(&self) -> String {
        let pos = self;
        let spec = pos.spec();
        let values: Vec<String> = spec.values.iter().map(|v| v.to_string()).collect();
        format!(
            "uniform tree: {} children a node, {} plies, {} leaves: {}\n",
            spec.width,
            spec.depth,
            values.len(),
            values.join(" ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::perft;

    #[test]
    fn leaf_values_beyond_the_search_range_are_refused_and_the_extremes_search_right() {
        for bad in [
            "tree:1:1:-2000000000",
            "tree:2:2:-2147483648,-2147483648,3,4",
            "tree:3:1:5,2147483647,2",
        ] {
            let err = TreeSpec::parse(bad).unwrap_err();
            assert!(
                err.contains("expected a whole number from -1000000 to 1000000"),
                "{bad}: {err}"
            );
        }
        use crate::search::{search, SearchConfig};
        let m = MAX_LEAF_VALUE;
        for text in [
            format!("tree:2:2:-{m},-{m},3,4"),
            format!("tree:3:1:5,{m},2"),
            format!("tree:2:3:{m},-{m},{m},-{m},-{m},{m},-{m},{m}"),
        ] {
            let root = TreeSpec::parse(&text).unwrap().root();
            let depth = root.spec.depth;
            let truth = search(&root, depth, &SearchConfig::new("negamax".parse().unwrap()))
                .unwrap()
                .score;
            for spec in [
                "alphabeta",
                "alphabeta+failhard",
                "pvs+tt",
                "mtdf+tt",
                "bnb",
            ] {
                let config = SearchConfig::new(spec.parse().unwrap());
                assert_eq!(
                    search(&root, depth, &config).unwrap().score,
                    truth,
                    "{text} {spec}"
                );
            }
        }
        assert_eq!(
            search(
                &TreeSpec::parse(&format!("tree:2:2:-{m},-{m},3,4"))
                    .unwrap()
                    .root(),
                2,
                &SearchConfig::new("negamax".parse().unwrap())
            )
            .unwrap()
            .score,
            3
        );
    }

    #[test]
    fn parses_the_value_forms() {
        assert_eq!(
            TreeSpec::parse("tree:2:2:3141").unwrap().values,
            [3, 1, 4, 1]
        );
        assert_eq!(
            TreeSpec::parse("tree:3:1:-5,0,12").unwrap().values,
            [-5, 0, 12]
        );
        let a = TreeSpec::parse("tree:3:4:seed=7").unwrap();
        let b = TreeSpec::parse("tree:3:4:seed=7").unwrap();
        assert_eq!(a.values, b.values);
        assert_eq!(a.values.len(), 81);
        assert!(a.values.iter().all(|v| (-50..=50).contains(v)));
        for (bad, why) in [
            ("tree:2:2:314", "needs 4 leaf values, found 3"),
            ("tree:0:2:1", "bad tree width '0'"),
            ("tree:2:x:1", "bad tree depth 'x'"),
            ("tree:2:2:31a1", "bad tree leaf digit 'a'"),
            ("tree:64:8:ordered", "too many leaves"),
            ("tree:2:2", "expected tree:WIDTH:DEPTH:VALUES"),
        ] {
            let err = TreeSpec::parse(bad).unwrap_err();
            assert!(err.contains(why), "{bad}: {err}");
        }
    }

    #[test]
    fn leaves_are_scored_for_the_side_to_move() {
        let root = TreeSpec::parse("tree:2:1:7,-3").unwrap().root();
        assert_eq!(perft(&root, 1), 2);
        let right = root.play(TreeMove(1));
        assert!(right.is_over());
        // The root player has -3 there; the side to move at the leaf (the other) has +3.
        assert_eq!(right.final_margin(), 3);
        assert_eq!(right.terminal_score(), 3);
    }

    #[test]
    fn ordered_tree_has_its_best_move_strictly_first_everywhere() {
        /// The value for the side to move, checking every inner node on the way.
        fn check(pos: &UniformTree) -> i32 {
            if pos.is_over() {
                return pos.final_margin();
            }
            let values: Vec<i32> = pos
                .generate_moves()
                .iter()
                .map(|&mv| -check(&pos.play(mv)))
                .collect();
            assert!(
                values[1..].iter().all(|&v| v < values[0]),
                "{pos}: {values:?}"
            );
            values[0]
        }
        let root = TreeSpec::parse("tree:3:4:ordered").unwrap().root();
        assert_eq!(check(&root), 0);
        assert_eq!(perft(&root, 4), 81);
    }
}
