//! What a search's configuration must meet before it runs (the game's evaluation, the
//! variant's needs, threads and memory), and what a score proves: apart from running, so
//! that the searches which run others (`run`, the player's `timed`) share them.

use super::config::{SearchConfig, END, MAX_DEPTH};
use super::endgame::Endgame;
use super::tt;
use super::variants::{GameNeed, Variant, ENHANCEMENTS};
use crate::error::SearchError;
use crate::game::Game;

/// Checks that `config` can search positions of `G` to `depth`.
pub fn check<G: Endgame>(depth: u32, config: &SearchConfig) -> Result<(), SearchError> {
    check_eval::<G>(config)?;
    check_variant::<G>(depth, config)
}

/// Checks that a play agent of `config` can search positions of `G`: a Monte Carlo agent
/// may take its budget from the agent's limits; a proof-number agent proves to the end
/// within them.
pub fn check_agent<G: Endgame>(config: &SearchConfig) -> Result<(), SearchError> {
    let variant = &config.variant;
    if variant.base.proves() {
        return check::<G>(END, config);
    }
    if !variant.base.monte_carlo() {
        return check::<G>(1, config);
    }
    check_eval::<G>(config)?;
    check_memory(variant)?;
    super::mcts::check_rules(variant, END, config.threads, G::HAS_DRAW_RULES)
}

/// Checks that the game has `config`'s evaluation.
fn check_eval<G: Endgame>(config: &SearchConfig) -> Result<(), SearchError> {
    if !G::EVALS.contains(&config.eval) {
        let names: Vec<&str> = G::EVALS.iter().map(|e| e.name()).collect();
        return Err(SearchError::EvalNotForGame {
            eval: config.eval.name(),
            game: G::NAME,
            evals: names.join(", "),
        });
    }
    Ok(())
}

/// Checks that `config`'s variant can search positions of `G` to `depth`.
fn check_variant<G: Endgame>(depth: u32, config: &SearchConfig) -> Result<(), SearchError> {
    if depth != END && (depth == 0 || depth > MAX_DEPTH) {
        return Err(SearchError::Depth {
            depth,
            max: MAX_DEPTH,
        });
    }
    let variant = &config.variant;
    if variant.base.proves() {
        check_memory(variant)?;
        return super::proof::check(variant, depth, config.threads, G::HAS_DRAW_RULES);
    }
    if variant.base.monte_carlo() {
        check_memory(variant)?;
        return super::mcts::check(variant, depth, config.threads, G::HAS_DRAW_RULES);
    }
    check_memory(variant)?;
    let refuse = |message: String| {
        Err(SearchError::NotForSearch {
            variant: variant.to_string(),
            message,
        })
    };
    check_threads(variant, config.threads)?;
    if depth == END && !variant.is_depth_limited() {
        return refuse("token spends a node budget: it does not search to the end".into());
    }
    if let (Some(name), false) = (variant.needs_exact(), depth == END) {
        return refuse(format!(
            "+{name} works only when solving to the end of the game (depth end, `nodeprof solve`)"
        ));
    }
    for enhancement in ENHANCEMENTS.iter().filter(|e| (e.on)(variant)) {
        if let Some(need) = enhancement.game_needs {
            if let Some(message) = game_refusal::<G>(need, variant) {
                return refuse(message);
            }
        }
    }
    Ok(())
}

/// Why games of `G` cannot give what an enhancement needs, if they cannot.
fn game_refusal<G: Endgame>(need: GameNeed, variant: &Variant) -> Option<String> {
    let lacks = |has: bool, what: &str| {
        (!has).then(|| format!("{variant} needs {what}, which {} is not", G::NAME))
    };
    match need {
        GameNeed::SmallSolver => {
            let asked = variant.last.unwrap_or(0);
            (asked > G::SMALL_SOLVER_EMPTIES).then(|| match G::SMALL_SOLVER_EMPTIES {
                0 => format!(
                    "+last needs a specialised endgame solver, which {} lacks",
                    G::NAME
                ),
                n => format!("+last takes at most {n} empties for {}", G::NAME),
            })
        }
        GameNeed::Stability => (!G::HAS_STABILITY)
            .then(|| format!("+stab needs stable pieces, which {} lacks", G::NAME)),
        GameNeed::Parity => (!G::HAS_PARITY)
            .then(|| format!("+parity needs regions of empties, which {} lacks", G::NAME)),
        GameNeed::Threats => lacks(
            G::HAS_THREATS,
            "a game that knows immediate threats (Connect 4)",
        ),
        GameNeed::Captures => lacks(G::HAS_CAPTURES, "a game with captures (chess)"),
        GameNeed::DrawRules => lacks(
            G::HAS_DRAW_RULES,
            "a game drawn by repetition or by rule (chess)",
        ),
        GameNeed::NullMove => lacks(G::HAS_NULL_MOVE, "a game with a null move (chess)"),
        GameNeed::Checks => lacks(G::HAS_CHECKS, "a game with checks (chess)"),
    }
}

/// Checks that the variant can search on `threads` threads: more than one need a window to
/// split (YBWC) or a table to share (Lazy SMP).
pub fn check_threads(variant: &Variant, threads: u32) -> Result<(), SearchError> {
    if threads > 1 && !variant.base.windowed() && variant.table.is_none() {
        return Err(SearchError::NotForSearch {
            variant: variant.to_string(),
            message: format!(
                "{threads} threads need a windowed search to split (YBWC: alphabeta, pvs, mtdf, bisect) or a table to share (Lazy SMP: +smp with +tt)"
            ),
        });
    }
    Ok(())
}

/// Checks that the variant's table fits this machine's memory (before any search, so that
/// a sweep stops at once instead of failing each case).
pub fn check_memory(variant: &Variant) -> Result<(), SearchError> {
    let Some(table) = variant.table else {
        return Ok(());
    };
    match tt::largest_table_mib() {
        Some(largest) if table.mib > largest => Err(SearchError::Table {
            mib: table.mib,
            message: format!(
                "this machine (or its container's memory limit) has less memory; the largest table that fits is tt:{largest}"
            ),
        }),
        _ => Ok(()),
    }
}

/// The final margin a score proves, if it is a game result rather than a heuristic value.
pub fn game_result<G: Game>(score: i32) -> Option<i32> {
    if G::WINS_BY_DISTANCE {
        // Won or lost in some plies: by the game's margin of one.
        return super::mate_distance::is_decided::<G>(score).then(|| score.signum());
    }
    if G::WIN_BONUS > 0 && score.abs() > G::WIN_BONUS {
        Some(score - score.signum() * G::WIN_BONUS)
    } else {
        None
    }
}
