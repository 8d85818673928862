//! The trace against the search that wrote it: node for node, the analysis of a traced
//! search gives the in-process counters' node types, cut-offs and table use, and the same
//! minimal tree; and bad traces get an error naming their line.

use std::io::Write;
use std::sync::{Arc, Mutex};

use super::analyse::{analyse, Search, Settings};
use super::format::{Depth, MAGIC, VERSION};
use crate::game::GameKind;
use crate::measure::minimal::minimal_tree_of;
use crate::position::{load, Case};
use crate::search::{search_traced, SearchConfig, Variant, END};
use crate::with_position;

/// A trace written to memory (the search's span tests write one too).
#[derive(Clone, Default)]
pub(crate) struct Memory(pub(crate) Arc<Mutex<Vec<u8>>>);

impl Write for Memory {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

const CAP: u64 = 2_000_000;

fn settings() -> Settings {
    Settings {
        game: None,
        minimal_cap: CAP,
    }
}

/// Traces `case` searched to `depth` by `spec`, analyses the trace and checks it against the
/// search's counters and the case's minimal tree. Returns the analysis.
fn agrees(case: &Case, spec: &str, depth: u32) -> Search {
    let variant: Variant = spec.parse().unwrap();
    let kind = case.position.kind();
    let config = SearchConfig {
        eval: kind.default_eval(),
        ..SearchConfig::new(variant)
    };
    let memory = Memory::default();
    let position = with_position!(&case.position, p => p.to_string());
    write!(
        memory.clone(),
        "{MAGIC} {VERSION}\nsearch {}\ngame {kind}\nposition {position}\nvariant {spec}\neval {}\n",
        case.name,
        config.eval.name()
    )
    .unwrap();
    let counters = with_position!(&case.position, p => {
        search_traced(p, depth, &config, Box::new(memory.clone())).map(|o| o.counters)
    })
    .unwrap();
    let text = memory.0.lock().unwrap().clone();
    let searches = analyse(text.as_slice(), settings(), |_| {}).unwrap();
    assert_eq!(searches.len(), 1, "{}: one search", case.name);
    let search = searches.into_iter().next().unwrap();
    let t = &search.tally;
    let c = &counters;
    let at = format!("{} {spec} depth {depth}", case.name);
    assert_eq!(t.nodes, c.leaf + c.interior, "{at}: nodes");
    assert_eq!(
        (t.leaves, t.interior),
        (c.leaf, c.interior),
        "{at}: leaves, interior"
    );
    assert_eq!(
        (t.pv, t.cut, t.all),
        (c.exact_node, c.fail_high, c.fail_low),
        "{at}: node types"
    );
    assert_eq!(
        (
            t.beta_cut,
            t.cut_by[0],
            t.cut_by[1],
            t.cut_by[2],
            t.cut_index_sq
        ),
        (
            c.beta_cut,
            c.first_cut,
            c.second_cut,
            c.third_cut,
            c.cut_index_sq
        ),
        "{at}: cut-offs"
    );
    assert_eq!(
        (t.probes, t.hits, t.table_cuts),
        (c.tt_probe, c.tt_hit, c.tt_cut),
        "{at}: table"
    );
    assert_eq!(t.passes, c.pass, "{at}: root passes");
    let minimal = minimal_tree_of(&case.position, depth, &config, CAP).unwrap();
    assert_eq!(search.minimal, minimal, "{at}: minimal tree");
    let expected = match depth {
        END => Depth::End,
        d => Depth::Plies(d),
    };
    assert_eq!(t.depth, Some(expected));
    search
}

#[test]
fn a_trace_of_ffo_40_to_44_gives_the_searchs_own_counts_and_minimal_tree() {
    let cases = load(&["ffo:40..44".to_string()], None).unwrap();
    assert_eq!(cases.len(), 5);
    let mut with_minimal = 0;
    for case in &cases {
        for spec in [
            "alphabeta",
            "alphabeta+tt+killer+history+id",
            "pvs+tt+id+asp:4",
            "mtdf+tt+id",
            "alphabeta+tt+etc+mobility+failhard",
        ] {
            let search = agrees(case, spec, 5);
            with_minimal += search.minimal.is_some() as usize;
        }
    }
    assert!(with_minimal >= 20, "minimal trees found: {with_minimal}");
}

#[test]
fn a_trace_of_connect4_end_easy_gives_the_searchs_own_counts() {
    let cases = load(&["connect4:end-easy".to_string()], None).unwrap();
    let mut with_minimal = 0;
    for case in cases.iter().take(25) {
        for (spec, depth) in [
            ("alphabeta", 8),
            ("alphabeta+tt+winfirst", END),
            ("pvs+tt+id+threats", 10),
            ("bisect+tt+winfirst+clamp+nolose", END),
        ] {
            let search = agrees(case, spec, depth);
            with_minimal += search.minimal.is_some() as usize;
        }
    }
    assert!(with_minimal >= 25, "minimal trees found: {with_minimal}");
}

fn error_of(trace: &str) -> String {
    analyse(trace.as_bytes(), settings(), |_| {})
        .map(|_| ())
        .unwrap_err()
        .to_string()
}

#[test]
fn bad_traces_get_their_line_and_why() {
    let head = "nodeprof-trace 1\ngame connect4\n";
    let cases = [
        ("", "line 1: an empty file"),
        ("nodeprof-trace 7\n", "line 1: a trace of a version"),
        ("hello\n", "line 1: 'hello' is not a trace's first line"),
        // Cut short inside a node.
        ("( - -inf inf 2\n( 4 -inf inf 1\n) 3\n", "line 5: the trace ends inside 1 open nodes"),
        // A move Connect 4 has not (column 9) and a move into a full column.
        ("( - -inf inf 1\n( 9 -inf inf 0\n", "line 4: move '9'"),
        ("( - -inf inf 1\n) 0\n( - -inf inf 7\n( 4 -inf inf 6\n( 4 -inf inf 5\n( 4 -inf inf 4\n( 4 -inf inf 3\n( 4 -inf inf 2\n( 4 -inf inf 1\n( 4 -inf inf 0\n", "line 12: move '4'"),
        // Windows: empty, and wider than the parent's.
        ("( - 3 3 1\n", "line 3: an empty window (3, 3)"),
        ("( - -5 5 2\n( 4 -6 5 1\n", "line 4: the window (-6, 5) is not inside the parent's, negated: (-5, 5)"),
        // A cut-off below beta, an exit with no node open, a flag unknown.
        ("( - -5 5 2\n( 4 -5 5 1\n) 0\n) 2 c1\n", "line 6: a cut-off with the value 2 below beta 5"),
        (") 3\n", "line 3: a node's exit with no node open"),
        ("( - -5 5 2\n) 3 z\n", "line 4: unknown flag 'z'"),
        ("( - -5 5 x\n", "line 3: depth 'x'"),
        ("( - -5 5 1\n) 3 h2 p1\n", "line 4: 2 table hits in 1 probes"),
        ("search one\n( - -5 5 1\n) 3\nposition xyz\n", "line 6: position 'xyz' is not a connect4 position"),
    ];
    for (body, expected) in cases {
        let trace = match body.starts_with("nodeprof-trace") || body.is_empty() || body == "hello\n"
        {
            true => body.to_string(),
            false => format!("{head}{body}"),
        };
        let error = error_of(&trace);
        assert!(error.starts_with(expected), "{body:?}: {error}");
    }
    // A trace of another game than the one asked for.
    let other = Settings {
        game: Some(GameKind::Reversi),
        minimal_cap: 0,
    };
    let error = analyse(
        format!("{head}( - -inf inf 1\n) 0\n").as_bytes(),
        other,
        |_| {},
    )
    .map(|_| ())
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 2: the trace is of connect4, not reversi"
    );
}

#[test]
fn an_engines_trace_without_flags_reads_leaves_by_their_place() {
    // A depth-2 search of a game nodeprof does not know: two children, the second's own
    // child cuts it off.
    let trace = "nodeprof-trace 1\ngame tictactoe\nsearch root\n( - -inf inf 2\n( a -inf inf 1\n( b -inf inf 0\n) 1\n) -1\n( c -inf -1 1\n( d 1 inf 0\n) 0\n) 0 c1\n) 1\n";
    let searches = analyse(trace.as_bytes(), settings(), |_| {}).unwrap();
    let t = &searches[0].tally;
    assert_eq!((t.nodes, t.leaves, t.interior), (5, 2, 3));
    assert_eq!((t.pv, t.cut, t.all), (2, 1, 0));
    assert_eq!((t.beta_cut, t.cut_by[0], t.max_ply), (1, 1, 2));
    assert!(searches[0].minimal.is_none());
}
