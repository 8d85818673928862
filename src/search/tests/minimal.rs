//! Every depth-limited variant against the minimum of its case, over the built-in suites: no
//! search without a table proves a value with fewer leaves than the case's minimal tree, and
//! no search visits fewer nodes than its own left-first minimal graph.

use super::*;
use crate::search::minimal_graph::left_first_minimal_graph;
use crate::search::minimal_tree::minimal_tree;

/// What the checks saw: searches compared with a minimal tree, table searches that went below
/// it, searches compared with their minimal graph, and those that visited fewer nodes.
#[derive(Default, Debug)]
struct Seen {
    with_tree: u32,
    below_tree_with_table: u32,
    with_graph: u32,
    below_graph: Vec<String>,
}

fn check<G: Endgame>(cases: &[G], depths: std::ops::RangeInclusive<u32>, cap: u64) -> Seen {
    let mut seen = Seen::default();
    for pos in cases {
        for depth in depths.clone() {
            let plain = config_for::<G>("alphabeta".parse().unwrap());
            let tree = minimal_tree(pos, depth, &plain, cap).unwrap();
            for spec in VARIANTS {
                let config = config_for::<G>(spec.parse().unwrap());
                let out = search(pos, depth, &config).unwrap();
                if let Some(tree) = tree {
                    seen.with_tree += 1;
                    if config.variant.table.is_none() {
                        assert!(
                            out.counters.leaf >= tree.leaves,
                            "{pos} depth {depth} {spec}: {} leaves, minimal tree {}",
                            out.counters.leaf,
                            tree.leaves
                        );
                    } else {
                        seen.below_tree_with_table += (out.counters.leaf < tree.leaves) as u32;
                    }
                }
                let graph = left_first_minimal_graph(pos, depth, &config, out.score)
                    .unwrap()
                    .expect("a depth-limited variant has a minimal graph");
                seen.with_graph += 1;
                // Without a table or an order learned as it goes, a narrower window visits a
                // subset of the same tree.
                let v = &config.variant;
                if v.table.is_none() && v.killers.is_none() && !v.history {
                    assert!(
                        graph.nodes() <= out.counters.nodes(),
                        "{pos} depth {depth} {spec}"
                    );
                    assert!(
                        graph.leaf <= out.counters.leaf,
                        "{pos} depth {depth} {spec}"
                    );
                }
                if graph.nodes() > out.counters.nodes() {
                    seen.below_graph.push(format!(
                        "{pos} depth {depth} {spec}: {} nodes, graph {}",
                        out.counters.nodes(),
                        graph.nodes()
                    ));
                }
            }
        }
    }
    seen
}

fn suite(spec: &str, first: usize) -> Vec<AnyPosition> {
    load(&[spec.to_string()], None)
        .unwrap()
        .into_iter()
        .take(first)
        .map(|c| c.position)
        .collect()
}

#[test]
fn searches_against_the_minimal_tree_and_graph_of_their_cases_over_the_built_in_suites() {
    let reversi: Vec<Reversi> = suite("ffo:40..59", 20)
        .into_iter()
        .map(|p| match p {
            AnyPosition::Reversi(r) => r,
            _ => unreachable!(),
        })
        .collect();
    let ataxx: Vec<Ataxx> = suite("ataxx", 16)
        .into_iter()
        .filter_map(|p| match p {
            AnyPosition::Ataxx(a) => Some(a),
            _ => None,
        })
        .collect();
    let connect4: Vec<Connect4> = [
        "connect4:end-easy",
        "connect4:middle-easy",
        "connect4:begin-easy",
    ]
    .iter()
    .flat_map(|s| suite(s, 4))
    .map(|p| match p {
        AnyPosition::Connect4(c) => c,
        _ => unreachable!(),
    })
    .collect();
    let seen = [
        check(&reversi, 1..=5, 300_000),
        check(&ataxx, 1..=3, 300_000),
        check(&connect4, 1..=6, 300_000),
    ];
    for s in &seen {
        eprintln!("{s:?}");
        assert!(s.with_tree > 1000, "{s:?}");
        // Tables, killers and history may take a search below its graph; rarely.
        assert!(s.below_graph.len() * 50 < s.with_graph as usize, "{s:?}");
    }
}

/// The left-first minimal graph of exact solves: never more than a solve without a table or a
/// learned order visits, for every game, and the graph's own search proves the value.
#[test]
fn solves_against_their_left_first_minimal_graph() {
    let cases: Vec<AnyPosition> = ["ffo:1..6", "ataxx:end", "connect4:end-easy"]
        .iter()
        .flat_map(|s| suite(s, 6))
        .collect();
    for case in &cases {
        for spec in [
            "alphabeta",
            "alphabeta+mobility",
            "alphabeta+mobility+parity+last:4",
            "pvs+mobility",
            "alphabeta+winfirst+threats",
            "pvs+tt:16+mobility",
            "mtdf+tt:16+mobility+etc",
        ] {
            let config = SearchConfig::new(spec.parse().unwrap()).for_game(case.kind());
            if matches!(case, AnyPosition::Ataxx(_)) && config.variant.table.is_none() {
                continue; // Ataxx endgames take minutes without a table
            }
            if crate::measure::search_position(case, END, &config).is_err() {
                continue; // not a variant of this game (+last in Connect 4, +winfirst in Reversi)
            }
            let out = crate::measure::search_position(case, END, &config).unwrap();
            let graph = crate::measure::minimal::minimal_graph_of(case, END, &config, out.score)
                .unwrap()
                .unwrap();
            let v = &config.variant;
            if v.table.is_none() {
                assert!(graph.nodes() <= out.counters.nodes(), "{case} {spec}");
            }
            assert!(graph.nodes() > 0);
        }
    }
}
