//! The sections of a play report that read every agent's games: how the games ended,
//! the agents' ratings, and each agent's searches and time.

use std::fmt::Write as _;

use super::text::thousands;
use crate::store::games::{GameRow, MoveRow};

/// The chooser and the limit of an agent as written: `alphabeta+tt` and `depth=3`.
pub(super) fn split_agent(agent: &str) -> (&str, &str) {
    agent.split_once('@').unwrap_or((agent, "-"))
}

/// The index of `item` in `list`, added at the end if it is not there (first-seen order).
pub(super) fn ordered_insert(list: &mut Vec<String>, item: &str) -> usize {
    match list.iter().position(|x| x == item) {
        Some(i) => i,
        None => {
            list.push(item.to_string());
            list.len() - 1
        }
    }
}

/// How the games ended: by the rules, by adjudication (by kind), by each fault, with who
/// lost the faulted games.
pub(super) fn terminations_section(md: &mut String, games: &[GameRow]) {
    md.push_str(
        "\n## How games ended\n\n| termination | games | share | lost by |\n|---|---:|---:|---|\n",
    );
    for t in crate::game::Termination::ALL {
        let ended: Vec<&GameRow> = games.iter().filter(|g| g.termination == t.name()).collect();
        if ended.is_empty() {
            continue;
        }
        let mut losers: Vec<(String, usize)> = Vec::new();
        if t.is_fault() {
            for g in &ended {
                let loser = match g.winner.as_str() {
                    "agent1" => &g.agent2,
                    _ => &g.agent1,
                };
                match losers.iter_mut().find(|(l, _)| l == loser) {
                    Some((_, n)) => *n += 1,
                    None => losers.push((loser.clone(), 1)),
                }
            }
        }
        let lost: Vec<String> = losers.iter().map(|(l, n)| format!("`{l}` {n}")).collect();
        let _ = writeln!(
            md,
            "| {} | {} | {:.1} % | {} |",
            t.name(),
            ended.len(),
            100.0 * ended.len() as f64 / games.len() as f64,
            if lost.is_empty() {
                "–".into()
            } else {
                lost.join(", ")
            }
        );
    }
}

/// Maximum-likelihood ratings of every agent, when more than two played.
pub(super) fn ratings_section(md: &mut String, games: &[&GameRow]) {
    let mut players: Vec<String> = Vec::new();
    let mut results = Vec::new();
    for g in games {
        let a = ordered_insert(&mut players, &g.agent1);
        let b = ordered_insert(&mut players, &g.agent2);
        results.push((a, b, g.score, 1.0));
    }
    if players.len() < 3 {
        return;
    }
    let mut table = crate::stats::ratings(&players, &results);
    // A perfect score (all won or all lost) has no finite maximum-likelihood rating: the
    // table would show the prior's numbers, not the games'.
    let perfect: Vec<String> = table
        .iter()
        .filter(|r| r.points == 0.0 || r.points == r.games)
        .map(|r| format!("`{}`", r.player))
        .collect();
    if !perfect.is_empty() {
        let _ = writeln!(
            md,
            "\n## Ratings\n\nNot rated: {} scored 0 % or 100 %, and a perfect score has no finite maximum-likelihood rating.",
            perfect.join(", ")
        );
        return;
    }
    table.sort_by(|x, y| y.elo.total_cmp(&x.elo));
    md.push_str("\n## Ratings\n\nMaximum-likelihood Elo (Bradley–Terry, draws as half points) relative to the agents' mean, with 95% intervals.\n\n| rank | agent | Elo | games | score |\n|---:|---|---:|---:|---:|\n");
    for (rank, r) in table.iter().enumerate() {
        let _ = writeln!(
            md,
            "| {} | `{}` | {} ± {:.0} | {} | {:.1} % |",
            rank + 1,
            r.player,
            crate::stats::elo::elo_text(r.elo, 0),
            r.error,
            r.games,
            100.0 * r.points / r.games.max(1.0)
        );
    }
}

/// The Agents table's columns.
pub(super) const AGENT_COLUMNS: [&str; 9] = [
    "agent",
    "moves",
    "mean depth",
    "mean seldepth",
    "nodes/move",
    "nodes/s",
    "ms/move",
    "max ms",
    "time used",
];

/// Each agent's searches over its moves, a row of [`AGENT_COLUMNS`] as the table shows it
/// (none without moves).
pub(super) fn agent_rows(games: &[GameRow], moves: &[MoveRow]) -> Vec<Vec<String>> {
    let mut agents: Vec<String> = Vec::new();
    for g in games {
        ordered_insert(&mut agents, &g.agent1);
        ordered_insert(&mut agents, &g.agent2);
    }
    let mut rows = Vec::new();
    for agent in &agents {
        let mine: Vec<&MoveRow> = moves.iter().filter(|m| &m.agent == agent).collect();
        if mine.is_empty() {
            continue;
        }
        let mean_of = |values: Vec<f64>| match values.is_empty() {
            true => "NA".to_string(),
            false => format!("{:.2}", values.iter().sum::<f64>() / values.len() as f64),
        };
        let depth = mean_of(mine.iter().filter_map(|m| m.depth).map(f64::from).collect());
        let seldepth = mean_of(
            mine.iter()
                .filter_map(|m| m.seldepth)
                .map(f64::from)
                .collect(),
        );
        let counted: Vec<&&MoveRow> = mine.iter().filter(|m| m.nodes.is_some()).collect();
        let nodes: u64 = counted.iter().filter_map(|m| m.nodes).sum();
        let counted_ns: u64 = counted.iter().map(|m| m.time_ns).sum();
        let all_ns: u64 = mine.iter().map(|m| m.time_ns).sum();
        let max_ns = mine.iter().map(|m| m.time_ns).max().unwrap_or(0);
        rows.push(vec![
            agent.clone(),
            mine.len().to_string(),
            depth,
            seldepth,
            match counted.is_empty() {
                true => "NA".into(),
                false => thousands((nodes as f64 / counted.len() as f64).round() as u64),
            },
            match counted.is_empty() || counted_ns == 0 {
                true => "NA".into(),
                false => thousands((nodes as f64 * 1e9 / counted_ns as f64).round() as u64),
            },
            format!("{:.3}", all_ns as f64 / 1e6 / mine.len() as f64),
            format!("{:.1}", max_ns as f64 / 1e6),
            time_used(agent, games, moves),
        ]);
    }
    rows
}

/// The Agents section from [`agent_rows`]' rows (none without rows).
pub(super) fn agents_section(md: &mut String, rows: &[Vec<String>]) {
    if rows.is_empty() {
        return;
    }
    md.push_str("\n## Agents\n\nOver every move of each agent (engines: their last `info` before the move; NA where they say nothing). Time is nodeprof's clock, from the request to the answer; time used is over the time its clock or move time gave it (a clock's base, each period's, and the increments of every move but the last).\n\n| agent | moves | mean depth | mean seldepth | nodes/move | nodes/s | ms/move | max ms | time used |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (agent, rest) in rows.iter().filter_map(|row| row.split_first()) {
        let _ = writeln!(md, "| `{agent}` | {} |", rest.join(" | "));
    }
}

/// The share of the time it was given that `agent` used over its games: its clock (base,
/// each period's base, the increments of every move but the last) or its move time per
/// move; `–` for an agent with neither.
fn time_used(agent: &str, games: &[GameRow], moves: &[MoveRow]) -> String {
    let option = |key: &str| {
        agent.split_once('@').and_then(|(_, options)| {
            options
                .split(',')
                .find_map(|o| o.strip_prefix(key))
                .map(str::to_string)
        })
    };
    let clock = option("clock=").and_then(|c| crate::duration::parse_clock(&c).ok());
    let movetime = option("movetime=").and_then(|t| crate::duration::parse(&t, false).ok());
    if clock.is_none() && movetime.is_none() {
        return "–".into();
    }
    let (mut used_ms, mut given_ms) = (0.0, 0.0);
    for g in games {
        for (name, role, time_ms) in [
            (&g.agent1, "agent1", g.agent1_time_ms),
            (&g.agent2, "agent2", g.agent2_time_ms),
        ] {
            if name != agent {
                continue;
            }
            let n = moves
                .iter()
                .filter(|m| m.r#match == g.r#match && m.round == g.round && m.role == role)
                .count() as f64;
            if n == 0.0 {
                continue;
            }
            let given = match (clock, movetime) {
                (Some((period, base, inc)), _) => {
                    let periods = period.map_or(1.0, |p| 1.0 + ((n - 1.0) / p as f64).floor());
                    base.as_secs_f64() * 1e3 * periods + inc.as_secs_f64() * 1e3 * (n - 1.0)
                }
                (None, Some(t)) => t.as_secs_f64() * 1e3 * n,
                (None, None) => 0.0,
            };
            used_ms += time_ms;
            given_ms += given;
        }
    }
    match given_ms > 0.0 {
        true => format!("{:.1} %", 100.0 * used_ms / given_ms),
        false => "–".into(),
    }
}
