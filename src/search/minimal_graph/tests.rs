use super::*;
use crate::game::TreeSpec;
use crate::search::minimal_tree::minimal_tree;
use crate::search::search;

fn config(spec: &str) -> SearchConfig {
    SearchConfig::new(spec.parse().expect("a variant"))
}

#[test]
fn equals_the_minimal_tree_on_ordered_uniform_trees() {
    for (w, d) in [(2, 8), (3, 6), (5, 4), (8, 3)] {
        let root = TreeSpec::parse(&format!("tree:{w}:{d}:ordered"))
            .unwrap()
            .root();
        let minimal = minimal_tree(&root, d, &config("alphabeta"), u64::MAX)
            .unwrap()
            .unwrap();
        for variant in ["alphabeta", "pvs", "alphabeta+id", "pvs+tt+id", "mtdf+tt"] {
            let graph = left_first_minimal_graph(&root, d, &config(variant), minimal.value)
                .unwrap()
                .unwrap();
            assert_eq!(
                (graph.leaf, graph.nodes()),
                (minimal.leaves, minimal.nodes),
                "{w}^{d} {variant}"
            );
        }
    }
}

#[test]
fn is_never_larger_than_an_open_window_search_with_the_same_order_on_random_trees() {
    for seed in 0..40 {
        let (w, d) = (2 + seed % 4, 3 + (seed % 5) as u32);
        let root = TreeSpec::parse(&format!("tree:{w}:{d}:seed={seed}"))
            .unwrap()
            .root();
        for variant in ["alphabeta", "alphabeta+failhard", "alphabeta+tt"] {
            let cfg = config(variant);
            let open = search(&root, d, &cfg).unwrap();
            let graph = left_first_minimal_graph(&root, d, &cfg, open.score)
                .unwrap()
                .unwrap();
            assert!(graph.nodes() <= open.counters.nodes(), "{root} {variant}");
            assert!(graph.leaf <= open.counters.leaf, "{root} {variant}");
        }
    }
}

#[test]
fn token_and_win_draw_loss_solves_have_none() {
    let root = TreeSpec::parse("tree:3:3:seed=5").unwrap().root();
    assert!(left_first_minimal_graph(&root, 3, &config("token"), 0)
        .unwrap()
        .is_none());
}
