use super::*;
use crate::game::tree::TreeSpec;
use crate::random::splitmix64;
use crate::search::SearchConfig;

fn config(spec: &str) -> SearchConfig {
    SearchConfig::new(spec.parse().expect("a variant"))
}

/// Knuth and Moore's count of a uniform tree's minimal tree at depth `d`.
fn knuth_moore(w: u64, d: u32) -> u64 {
    w.pow(d.div_ceil(2)) + w.pow(d / 2) - 1
}

#[test]
fn equals_knuth_and_moore_on_uniform_trees_of_widths_2_to_6_and_depths_1_to_8() {
    for w in 2..=6u64 {
        for d in 1..=8u32 {
            for values in [format!("seed={}", w * 10 + d as u64), "ordered".into()] {
                let root = TreeSpec::parse(&format!("tree:{w}:{d}:{values}"))
                    .unwrap()
                    .root();
                let tree = minimal_tree(&root, d, &config("alphabeta"), u64::MAX)
                    .unwrap()
                    .expect("no cap");
                assert_eq!(tree.leaves, knuth_moore(w, d), "{w}^{d} {values}");
                // Each level of the minimal tree is the minimal tree of that depth.
                let nodes: u64 = (0..=d).map(|p| knuth_moore(w, p)).sum();
                assert_eq!(tree.nodes, nodes, "{w}^{d} {values}");
                assert_eq!(tree.full_tree, (0..=d).map(|p| w.pow(p)).sum::<u64>());
            }
        }
    }
}

#[test]
fn a_full_tree_over_the_cap_gives_none() {
    let root = TreeSpec::parse("tree:3:4:seed=1").unwrap().root();
    // 1 + 3 + 9 + 27 + 81 = 121 nodes.
    let cfg = config("alphabeta");
    assert!(minimal_tree(&root, 4, &cfg, 120).unwrap().is_none());
    assert!(minimal_tree(&root, 4, &cfg, 121).unwrap().is_some());
}

/// An explicit game tree: a leaf's value for its side to move, or children (one child: a
/// pass).
#[derive(Clone, Debug)]
enum Tree {
    Leaf(i32),
    Node(Vec<Tree>),
}

impl Tree {
    fn value(&self) -> i32 {
        match self {
            Tree::Leaf(v) => *v,
            Tree::Node(children) => children.iter().map(|c| -c.value()).max().unwrap(),
        }
    }

    /// The proofs by the module's dynamic programme.
    fn proofs(&self, bound: i32) -> Proofs {
        match self {
            Tree::Leaf(v) => Proofs::leaf(*v, bound),
            Tree::Node(children) => {
                let below: Vec<Proofs> = children.iter().map(|c| c.proofs(-bound)).collect();
                Proofs::node(&below, bound)
            }
        }
    }

    /// A random tree: up to `depth` plies, 0 to 3 children a node below the root (0: the game
    /// ended there), values from -2 to 2 (many ties).
    fn random(state: &mut u64, depth: u32, root: bool) -> Tree {
        let r = splitmix64(state);
        if depth == 0 {
            return Tree::Leaf((r % 5) as i32 - 2);
        }
        let width = match root {
            true => 2 + r % 2,
            false => r % 4,
        };
        if width == 0 {
            return Tree::Leaf(((r >> 8) % 5) as i32 - 2);
        }
        Tree::Node(
            (0..width)
                .map(|_| Tree::random(state, depth - 1, false))
                .collect(),
        )
    }

    /// How many partial trees containing this node there are.
    fn partial_trees(&self) -> u64 {
        match self {
            Tree::Leaf(_) => 1,
            Tree::Node(children) => children
                .iter()
                .map(|c| 1 + c.partial_trees())
                .fold(1u64, |p, n| p.saturating_mul(n)),
        }
    }
}

const INF: i64 = i64::MAX / 4;

/// Every partial tree containing `tree`'s root (each node in or out, its parent in): what
/// it proves of the root's value (an interval, for the side to move there) and what it
/// visits (leaves of the game among the nodes, nodes).
fn every_partial_tree(tree: &Tree) -> Vec<((i64, i64), Cost)> {
    match tree {
        Tree::Leaf(v) => vec![((*v as i64, *v as i64), ONE_LEAF)],
        Tree::Node(children) => {
            // Start with no child in: nothing is known.
            let mut partial: Vec<((i64, i64), bool, Cost)> = vec![((-INF, -INF), false, ONE_NODE)];
            for child in children {
                let options = every_partial_tree(child);
                let mut next = Vec::new();
                for &((lo, hi), missing, cost) in &partial {
                    // The child left out: it could be anything.
                    next.push(((lo, hi), true, cost));
                    for &((clo, chi), ccost) in &options {
                        next.push(((lo.max(-chi), hi.max(-clo)), missing, cost.plus(ccost)));
                    }
                }
                partial = next;
            }
            partial
                .into_iter()
                .map(|((lo, hi), missing, cost)| ((lo, if missing { INF } else { hi }), cost))
                .collect()
        }
    }
}

#[test]
fn equals_the_smallest_of_every_proof_tree_on_small_random_trees() {
    let mut state = 2026;
    let mut checked = 0;
    while checked < 300 {
        let tree = Tree::random(&mut state, 4, true);
        if tree.partial_trees() > 200_000 {
            continue;
        }
        let value = tree.value();
        let best = every_partial_tree(&tree)
            .into_iter()
            .filter(|&((lo, hi), _)| lo == value as i64 && hi == value as i64)
            .map(|(_, cost)| cost)
            .min()
            .expect("the whole tree proves the value");
        assert_eq!(tree.proofs(value).exact, best, "{tree:?}");
        checked += 1;
    }
}

/// The uniform tree's values with every node's children put in the order of its cheapest
/// proof: the child that proves it first. `kind`: 0 exact, 1 lower bound, 2 upper bound.
fn perfectly_ordered(tree: &Tree, bound: i32, kind: u8) -> Tree {
    let Tree::Node(children) = tree else {
        return tree.clone();
    };
    let proofs: Vec<Proofs> = children.iter().map(|c| c.proofs(-bound)).collect();
    let node = Proofs::node(&proofs, bound);
    let all_lower = proofs.iter().fold(NOTHING, |s, c| s.plus(c.lower));
    let first = match kind {
        0 => (0..children.len()).find(|&i| {
            -proofs[i].value == node.value
                && ONE_NODE.plus(all_lower.less(proofs[i].lower).plus(proofs[i].exact))
                    == node.exact
        }),
        1 => (0..children.len())
            .find(|&i| -proofs[i].value >= bound && ONE_NODE.plus(proofs[i].upper) == node.lower),
        _ => None,
    };
    let mut order: Vec<(usize, u8)> = (0..children.len()).map(|i| (i, 1)).collect();
    if let Some(first) = first {
        order.retain(|&(i, _)| i != first);
        order.insert(0, (first, if kind == 0 { 0 } else { 2 }));
    }
    Tree::Node(
        order
            .into_iter()
            .map(|(i, k)| perfectly_ordered(&children[i], -bound, k))
            .collect(),
    )
}

/// A uniform tree's explicit form, leaves scored for the side to move there.
fn explicit(values: &[i32], width: usize, depth: u32, ply: u32) -> Tree {
    if depth == 0 {
        let v = values[0];
        return Tree::Leaf(if ply.is_multiple_of(2) { v } else { -v });
    }
    let part = values.len() / width;
    Tree::Node(
        (0..width)
            .map(|i| explicit(&values[i * part..(i + 1) * part], width, depth - 1, ply + 1))
            .collect(),
    )
}

/// The leaf values of an explicit uniform tree, for the root player.
fn leaf_values(tree: &Tree, ply: u32, out: &mut Vec<String>) {
    match tree {
        Tree::Leaf(v) => out.push((if ply.is_multiple_of(2) { *v } else { -*v }).to_string()),
        Tree::Node(children) => children.iter().for_each(|c| leaf_values(c, ply + 1, out)),
    }
}

#[test]
fn alpha_beta_with_perfect_ordering_visits_exactly_the_minimal_tree() {
    for (w, d) in [(2, 5), (3, 4), (4, 5), (5, 3), (3, 7), (6, 4)] {
        for seed in 0..4 {
            // Seed 0 and 1: values -50..50; 2 and 3: digits 0..2, so ties abound.
            let spec = TreeSpec::parse(&format!("tree:{w}:{d}:seed={seed}")).unwrap();
            let values: Vec<i32> = match seed < 2 {
                true => spec.values.clone(),
                false => spec.values.iter().map(|v| v.rem_euclid(3)).collect(),
            };
            let tree = explicit(&values, w, d, 0);
            let ordered = perfectly_ordered(&tree, tree.value(), 0);
            let mut texts = Vec::new();
            leaf_values(&ordered, 0, &mut texts);
            let root = TreeSpec::parse(&format!("tree:{w}:{d}:{}", texts.join(",")))
                .unwrap()
                .root();
            let minimal = minimal_tree(&root, d, &config("alphabeta"), u64::MAX)
                .unwrap()
                .unwrap();
            assert_eq!(minimal.value, tree.value());
            for variant in ["alphabeta", "alphabeta+failhard"] {
                let visited = search(&root, d, &config(variant)).unwrap().counters;
                let at = format!("{w}^{d} seed {seed} {variant}");
                assert_eq!(visited.leaf, minimal.leaves, "{at}");
                assert_eq!(visited.nodes(), minimal.nodes, "{at}");
            }
            let lfmg = crate::search::minimal_graph::left_first_minimal_graph(
                &root,
                d,
                &config("alphabeta"),
                minimal.value,
            )
            .unwrap()
            .unwrap();
            assert_eq!(lfmg.leaf, minimal.leaves, "{w}^{d} seed {seed} graph");
            assert_eq!(lfmg.nodes(), minimal.nodes, "{w}^{d} seed {seed} graph");
        }
    }
}
