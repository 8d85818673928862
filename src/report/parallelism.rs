//! Available parallelism (`sweep --parallelism`): the work T1 and span T∞ of each case's
//! one-thread search under YBWC's rules (`search::span`), summed per variant and depth,
//! their ratio (the parallelism), and Brent's bound on the speedup at 2 to 16 threads,
//! (T1 − T∞)/P + T∞ summed over the cases searched one after another.

use std::fmt::Write;

use super::efficiency::times;
use super::tables::{depth_key, Tables};
use crate::counters::Span;
use crate::report::text::thousands;
use crate::store::Record;

/// The thread counts the section predicts a speedup at.
pub const PREDICTED_AT: [u32; 4] = [2, 4, 8, 16];

/// The case's work and span, from its row (NA without `--parallelism`).
pub fn span_of(r: &Record) -> Option<Span> {
    Some(Span {
        work: r.work?,
        span: r.span?,
    })
}

/// One variant at one depth: its one-thread cases' spans.
#[derive(Clone, Debug, PartialEq)]
pub struct Available {
    pub name: String,
    pub depth: String,
    pub spans: Vec<Span>,
}

impl Available {
    /// The cases' work and span summed (the cases searched one after another).
    pub fn total(&self) -> Span {
        self.spans.iter().fold(Span::default(), |a, s| Span {
            work: a.work + s.work,
            span: a.span + s.span,
        })
    }

    /// The cases' total work over the sum of Brent's bounds on their times at `threads`.
    pub fn predicted(&self, threads: u32) -> Option<f64> {
        let time: f64 = self.spans.iter().map(|s| s.brent_time(threads)).sum();
        (time > 0.0).then(|| self.total().work as f64 / time)
    }
}

/// The one-thread rows with a span, per variant and depth, in the tables' order.
pub fn available(tables: &Tables) -> Vec<Available> {
    let mut groups: Vec<((usize, u64), Available)> = Vec::new();
    for r in tables.finished.iter().filter(|r| r.threads == 1) {
        let Some(span) = span_of(r) else {
            continue;
        };
        let place = tables.names.iter().position(|n| *n == r.name);
        let key = (place.unwrap_or(usize::MAX), depth_key(&r.depth));
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, group)) => group.spans.push(span),
            None => groups.push((
                key,
                Available {
                    name: r.name.clone(),
                    depth: r.depth.clone(),
                    spans: vec![span],
                },
            )),
        }
    }
    groups.sort_by_key(|(k, _)| *k);
    groups.into_iter().map(|(_, g)| g).collect()
}

/// The summary's section (empty without a row with a span).
pub fn parallelism_section(tables: &Tables) -> String {
    let groups = available(tables);
    if groups.is_empty() {
        return String::new();
    }
    let mut s = String::new();
    let _ = writeln!(s, "\n## Available parallelism\n");
    let _ = writeln!(
        s,
        "What each variant's one-thread trees offer threads, counted in nodes, the same on \
         every machine (docs/parallel.md): `work` T1, every node; `span` T∞, the nodes on \
         the longest chain that must follow one another when a node's young brothers may \
         be searched side by side once its two eldest are done (YBWC's rule, with its \
         limits near the leaves); `work/span`, the most threads the trees keep busy on \
         average; `at N`, Brent's bound on the speedup at N threads, T1 over \
         (T1 − T∞)/N + T∞, each summed over the cases. It leaves out what a parallel \
         search adds (extra nodes, waiting, memory); `Scaling with threads` sets it beside \
         the measured speedup where the sweep has several thread counts.\n"
    );
    let heads: Vec<String> = PREDICTED_AT.iter().map(|p| format!("at {p}")).collect();
    let _ = writeln!(
        s,
        "| variant | depth | cases | work | span | work/span | {} |",
        heads.join(" | ")
    );
    let _ = writeln!(s, "|---|--:|--:|--:|--:|--:|{}", "--:|".repeat(heads.len()));
    for g in &groups {
        let total = g.total();
        let predicted: Vec<String> = PREDICTED_AT
            .iter()
            .map(|&p| times(g.predicted(p)))
            .collect();
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} |",
            g.name,
            g.depth,
            g.spans.len(),
            thousands(total.work),
            thousands(total.span),
            total
                .parallelism()
                .map_or("-".into(), |x| format!("{x:.1}")),
            predicted.join(" | ")
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(position: &str, threads: u32, work: u64, span: u64) -> Record {
        Record {
            position: position.into(),
            variant: "mtdf+tt".into(),
            name: "mtdf+tt".into(),
            label: format!("mtdf+tt_end@t{threads}"),
            depth: "end".into(),
            threads,
            time_ns: Some(1000),
            nodes: Some(work),
            work: Some(work),
            span: Some(span),
            ..Record::default()
        }
    }

    #[test]
    fn the_cases_spans_are_summed_and_brents_bound_taken_over_their_times() {
        let rows = vec![
            row("a", 1, 1000, 100),
            row("b", 1, 3000, 1000),
            // Another thread count's row: its span is the one thread's, not counted twice.
            row("a", 2, 1000, 100),
        ];
        let tables = super::super::tables::build(&rows).unwrap();
        let groups = available(&tables);
        assert_eq!(groups.len(), 1);
        assert_eq!(groups[0].spans.len(), 2);
        assert_eq!(
            groups[0].total(),
            Span {
                work: 4000,
                span: 1100
            }
        );
        // At 2 threads: 550 + 2000 nodes' time for 4000 nodes.
        assert_eq!(groups[0].predicted(2), Some(4000.0 / 2550.0));
        let section = parallelism_section(&tables);
        assert!(
            section.contains("| mtdf+tt | end | 2 | 4,000 | 1,100 | 3.6 | 1.57× |"),
            "{section}"
        );
    }
}
