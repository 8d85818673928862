//! The default exact solvers, per kind of game: what `solve`, the exact ladders and play's
//! exact adjudication use when no variant is named.

use super::variant::Variant;
use crate::game::GameKind;
use crate::search::endgame;

/// The default endgame variant: iterative deepening to half the empties, then
/// three selective passes to the end (ProbCut), each one's value the next one's first guess
/// and its moves the first tried, then MTD(f) null-window passes to the end with a large
/// table, ETC at 10+ empties, ordering by a shallow search with the evaluation at 14+
/// empties, fastest-first and parity ordering below, stability cut-offs and the last 7
/// empties by specialised code (the best combination measured on FFO 40..49; see
/// docs/search.md and docs/evaluation.md).
pub const DEFAULT_SOLVER: &str =
    "mtdf+tt:256+mobility+id+etc+probcut+parity+stab+last:7+evalsort:14";
/// For games without exact-solving hooks (specialised last empties, stability, parity).
pub const DEFAULT_GENERIC_SOLVER: &str = "mtdf+tt:256+mobility+etc";
/// For games that know immediate threats (Connect 4): the tutorial's final solver (part 12):
/// null-window bisection, safe moves only, bounds from the stones left, threats first, and
/// its direct-mapped table with lower bounds. The fastest measured on Begin-Medium: ETC saves
/// a fifth of its nodes but costs more time, and nodeprof's bucketed table is slower a node.
pub const DEFAULT_CONNECT4_SOLVER: &str =
    "bisect+ttcut:64+ttnarrow+ttpacked+ttlower+faillow+clamp+nolose+threats";

/// The default endgame variant for positions of `kind`.
pub fn default_solver(kind: GameKind) -> Variant {
    let spec = match (endgame::has_hooks(kind), endgame::has_threats(kind)) {
        (true, _) => DEFAULT_SOLVER,
        (false, true) => DEFAULT_CONNECT4_SOLVER,
        (false, false) => DEFAULT_GENERIC_SOLVER,
    };
    spec.parse().expect("the default endgame variants parse")
}
