//! nodeprof's probe for Rust engines: count a search's nodes as nodeprof counts its own,
//! report them in nodeprof's counter protocol (version 1) and write search traces (version
//! 1). See docs/probe.md in nodeprof's repository.
//!
//! ```
//! use nodeprof_probe::{Counters, Trace};
//! let mut counters = Counters::default();
//! counters.interior();
//! counters.leaf();
//! counters.cut(0);
//! counters.result(5, 0, 3);
//! if let Some(line) = counters.line(1) {
//!     println!("info string {line}");
//! }
//! let mut trace = Trace::new(Vec::new(), 1_000_000_000);
//! trace.begin("connect4", "4453", "one search").unwrap();
//! trace.enter("-", -1_000_000_000, 1_000_000_000, 1).unwrap();
//! trace.exit(0, Default::default()).unwrap();
//! ```
//!
//! With the `enabled` feature off (`default-features = false`), [`Counters`] is a
//! zero-sized type whose methods do nothing, [`Counters::line`] is `None` and [`Trace`]
//! writes nothing: the engine compiles to what it was without the probe.

use std::io::{self, Write};

/// The counter protocol's version.
pub const PROTOCOL_VERSION: u32 = 1;
/// The trace format's version.
pub const TRACE_VERSION: u32 = 1;

/// The counters nodeprof reads by these names, in the order a line sends them.
pub const NAMES: [&str; 13] = [
    "leaf",
    "interior",
    "tt_probe",
    "tt_hit",
    "tt_cut",
    "beta_cut",
    "first_cut",
    "second_cut",
    "third_cut",
    "cut_index_sq",
    "fail_high",
    "fail_low",
    "exact_node",
];

/// A search's counters: plain integers (see docs/counters.md for their meanings).
#[cfg(feature = "enabled")]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    pub values: [u64; 13],
    /// The engine's own counters, `x_<name>`, in the order first set.
    pub extra: Vec<(&'static str, u64)>,
}

/// The probe switched off: nothing counted.
#[cfg(not(feature = "enabled"))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters;

#[cfg(feature = "enabled")]
impl Counters {
    #[inline(always)]
    fn add(&mut self, index: usize, n: u64) {
        self.values[index] += n;
    }

    /// Every counter back to zero, for the next search.
    pub fn reset(&mut self) {
        self.values = [0; 13];
        self.extra.clear();
    }

    /// The named counter's value (`None`: no such name).
    pub fn get(&self, name: &str) -> Option<u64> {
        NAMES
            .iter()
            .position(|n| *n == name)
            .map(|i| self.values[i])
    }

    /// Sets one of the engine's own counters (`x_<name>`).
    pub fn extra(&mut self, name: &'static str, value: u64) {
        debug_assert!(
            name.starts_with("x_"),
            "an engine's own counter is x_<name>"
        );
        match self.extra.iter_mut().find(|(n, _)| *n == name) {
            Some(kept) => kept.1 = value,
            None => self.extra.push((name, value)),
        }
    }

    /// The counters line for iteration `depth`: `nodeprof depth D leaf N ...`, to send as
    /// `info string` after the iteration's own `info depth D` line.
    pub fn line(&self, depth: u32) -> Option<String> {
        let mut line = format!("nodeprof depth {depth}");
        for (name, value) in NAMES.iter().zip(self.values) {
            line.push_str(&format!(" {name} {value}"));
        }
        for (name, value) in &self.extra {
            line.push_str(&format!(" {name} {value}"));
        }
        Some(line)
    }
}

#[cfg(not(feature = "enabled"))]
impl Counters {
    #[inline(always)]
    fn add(&mut self, _index: usize, _n: u64) {}

    pub fn reset(&mut self) {}

    pub fn get(&self, _name: &str) -> Option<u64> {
        None
    }

    #[inline(always)]
    pub fn extra(&mut self, _name: &'static str, _value: u64) {}

    pub fn line(&self, _depth: u32) -> Option<String> {
        None
    }
}

impl Counters {
    /// A leaf: the horizon, or a finished game.
    #[inline(always)]
    pub fn leaf(&mut self) {
        self.add(0, 1);
    }

    /// Every other node.
    #[inline(always)]
    pub fn interior(&mut self) {
        self.add(1, 1);
    }

    /// A table probe, whether it found the position, and whether its entry ended the node.
    #[inline(always)]
    pub fn probe(&mut self, hit: bool, cut: bool) {
        self.add(2, 1);
        self.add(3, hit as u64);
        self.add(4, cut as u64);
    }

    /// A beta cut-off by the `index`-th move tried (0: the first).
    #[inline(always)]
    pub fn cut(&mut self, index: usize) {
        let place = index as u64 + 1;
        self.add(5, 1);
        self.add(6, (index == 0) as u64);
        self.add(7, (index == 1) as u64);
        self.add(8, (index == 2) as u64);
        self.add(9, place * place);
    }

    /// A move loop ended with `value` in the window (`alpha`, `beta`) it searched with.
    #[inline(always)]
    pub fn result(&mut self, value: i64, alpha: i64, beta: i64) {
        let index = match value {
            v if v <= alpha => 11,
            v if v >= beta => 10,
            _ => 12,
        };
        self.add(index, 1);
    }
}

/// What a node did besides its value, for its exit record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Exit {
    /// The move that cut the node off, from 1 (0: none).
    pub cut: u32,
    pub probes: u64,
    pub hits: u64,
    pub table_cut: bool,
    /// A childless node that is not a leaf.
    pub interior: bool,
}

/// A value or window bound as a trace writes it: `inf` and `-inf` at or beyond ±`infinity`.
pub fn value_text(value: i64, infinity: i64) -> String {
    match value {
        v if v >= infinity => "inf".into(),
        v if v <= -infinity => "-inf".into(),
        v => v.to_string(),
    }
}

/// A node's entry record, without its line end: `( MOVE ALPHA BETA DEPTH`.
pub fn enter_record(mv: &str, alpha: &str, beta: &str, depth: &str) -> String {
    format!("( {mv} {alpha} {beta} {depth}")
}

/// A node's exit record, without its line end: `) VALUE FLAGS...`.
pub fn exit_record(value: &str, exit: &Exit) -> String {
    let mut line = format!(") {value}");
    if exit.cut > 0 {
        line.push_str(&format!(" c{}", exit.cut));
    }
    if exit.probes > 0 {
        line.push_str(&format!(" p{}", exit.probes));
    }
    if exit.hits > 0 {
        line.push_str(&format!(" h{}", exit.hits));
    }
    if exit.table_cut {
        line.push_str(" t");
    }
    if exit.interior {
        line.push_str(" i");
    }
    line
}

/// A search trace written to `out`.
pub struct Trace<W: Write> {
    #[cfg_attr(not(feature = "enabled"), allow(dead_code))]
    out: W,
    infinity: i64,
    started: bool,
}

impl<W: Write> Trace<W> {
    /// A trace to `out`; values beyond ±`infinity` are written `inf` and `-inf`.
    pub fn new(out: W, infinity: i64) -> Trace<W> {
        Trace {
            out,
            infinity,
            started: false,
        }
    }

    /// The writer back.
    pub fn into_inner(self) -> W {
        self.out
    }

    #[cfg_attr(not(feature = "enabled"), allow(dead_code))]
    fn value(&self, value: i64) -> String {
        value_text(value, self.infinity)
    }
}

#[cfg(feature = "enabled")]
impl<W: Write> Trace<W> {
    /// The first line (once) and a search's header block.
    pub fn begin(&mut self, game: &str, position: &str, name: &str) -> io::Result<()> {
        if !self.started {
            writeln!(self.out, "nodeprof-trace {TRACE_VERSION}")?;
            self.started = true;
        }
        let one_line = |text: &str| text.replace(['\n', '\r'], " ");
        write!(
            self.out,
            "search {}\ngame {}\nposition {}\n",
            one_line(name),
            one_line(game),
            one_line(position)
        )
    }

    /// A node's entry: the move that led to it (`-` at the root), its window and depth.
    pub fn enter(&mut self, mv: &str, alpha: i64, beta: i64, depth: u32) -> io::Result<()> {
        let (alpha, beta) = (self.value(alpha), self.value(beta));
        let record = enter_record(mv, &alpha, &beta, &depth.to_string());
        writeln!(self.out, "{record}")
    }

    /// A node's exit: its value, and what else it did.
    pub fn exit(&mut self, value: i64, exit: Exit) -> io::Result<()> {
        let record = exit_record(&self.value(value), &exit);
        writeln!(self.out, "{record}")
    }
}

#[cfg(not(feature = "enabled"))]
impl<W: Write> Trace<W> {
    #[inline(always)]
    pub fn begin(&mut self, _game: &str, _position: &str, _name: &str) -> io::Result<()> {
        let _ = self.started;
        Ok(())
    }

    #[inline(always)]
    pub fn enter(&mut self, _mv: &str, _alpha: i64, _beta: i64, _depth: u32) -> io::Result<()> {
        Ok(())
    }

    #[inline(always)]
    pub fn exit(&mut self, _value: i64, _exit: Exit) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(all(test, feature = "enabled"))]
mod tests {
    use super::*;

    #[test]
    fn the_line_names_every_counter_and_the_extra_ones() {
        let mut c = Counters::default();
        c.interior();
        c.leaf();
        c.leaf();
        c.cut(1);
        c.result(4, 0, 3);
        c.probe(true, false);
        c.extra("x_a", 7);
        assert_eq!(
            c.line(3).unwrap(),
            "nodeprof depth 3 leaf 2 interior 1 tt_probe 1 tt_hit 1 tt_cut 0 beta_cut 1 first_cut 0 second_cut 1 third_cut 0 cut_index_sq 4 fail_high 1 fail_low 0 exact_node 0 x_a 7"
        );
        assert_eq!(c.get("second_cut"), Some(1));
        c.reset();
        assert_eq!(c.get("leaf"), Some(0));
    }

    #[test]
    fn a_trace_writes_its_records() {
        let mut t = Trace::new(Vec::new(), 100);
        t.begin("connect4", "44", "s").unwrap();
        t.enter("-", -100, 100, 2).unwrap();
        t.enter("4", -100, 100, 1).unwrap();
        t.exit(3, Exit::default()).unwrap();
        let cut = Exit {
            cut: 1,
            probes: 2,
            hits: 1,
            ..Exit::default()
        };
        t.exit(-3, cut).unwrap();
        let text = String::from_utf8(t.into_inner()).unwrap();
        assert_eq!(
            text,
            "nodeprof-trace 1\nsearch s\ngame connect4\nposition 44\n( - -inf inf 2\n( 4 -inf inf 1\n) 3\n) -3 c1 p2 h1\n"
        );
    }
}

#[cfg(all(test, not(feature = "enabled")))]
mod tests {
    use super::*;

    #[test]
    fn switched_off_the_counters_are_nothing() {
        assert_eq!(std::mem::size_of::<Counters>(), 0);
        let mut c = Counters;
        c.leaf();
        c.cut(0);
        assert_eq!(c.line(1), None);
        let mut t = Trace::new(Vec::new(), 100);
        t.enter("-", 0, 1, 1).unwrap();
        assert!(t.into_inner().is_empty());
    }
}
