//! summary.md's "Time and what it cost": per variant, every depth summed, the searches' wall
//! time beside their CPU time (user and system) and, where the kernel counted them, the
//! instructions and cycles retired per node. CPU time over wall time below 1 is a search
//! that waited for the processor (a busy machine); above 1, one that worked on several
//! threads. Instructions per node is the cost of a node that a neighbour barely moves.

use std::fmt::Write;

use super::tables::Tables;
use super::text::thousands;
use crate::store::Record;

/// One variant's searches that recorded their cost, summed.
#[derive(Default)]
struct Sums {
    searches: usize,
    nodes: u64,
    wall_ns: u64,
    user_ns: u64,
    sys_ns: u64,
    /// Nodes, instructions and cycles of the searches that counted them.
    counted_nodes: u64,
    instructions: u64,
    cycles: u64,
}

impl Sums {
    fn add(&mut self, r: &Record) {
        let (Some(user), Some(nodes), Some(wall)) = (r.cpu_user_ns, r.nodes, r.time_ns) else {
            return;
        };
        self.searches += 1;
        self.nodes += nodes;
        self.wall_ns += wall;
        self.user_ns += user;
        self.sys_ns += r.cpu_sys_ns.unwrap_or(0);
        if let (Some(i), Some(c)) = (r.instructions, r.cycles) {
            self.counted_nodes += nodes;
            self.instructions += i;
            self.cycles += c;
        }
    }

    /// The row; with `counted`, instructions and cycles per node and per cycle too.
    fn row(&self, name: &str, counted: bool) -> String {
        let ms = |ns: u64| format!("{:.1}", ns as f64 / 1e6);
        let cpu = self.user_ns + self.sys_ns;
        let share = match self.wall_ns {
            0 => "-".to_string(),
            wall => format!("{:.2}", cpu as f64 / wall as f64),
        };
        let mut row = format!(
            "| {name} | {} | {} | {} | {} | {} | {} | {share} |",
            self.searches,
            thousands(self.nodes),
            ms(self.wall_ns),
            ms(cpu),
            ms(self.user_ns),
            ms(self.sys_ns),
        );
        if counted {
            let ratio = |n: u64, d: u64, digits: usize| match d {
                0 => "NA".to_string(),
                d => format!("{:.digits$}", n as f64 / d as f64),
            };
            let _ = write!(
                row,
                " {} | {} | {} |",
                ratio(self.instructions, self.counted_nodes, 1),
                ratio(self.cycles, self.counted_nodes, 1),
                ratio(self.instructions, self.cycles, 2),
            );
        }
        row
    }
}

/// The section; nothing where no search recorded its CPU time (engines, tables written
/// before these columns).
pub fn cost_section(tables: &Tables) -> String {
    section(&tables.names, &tables.finished)
}

/// The section of the searches `finished`, a row a name of `names`, in order.
fn section(names: &[String], finished: &[Record]) -> String {
    let sums: Vec<(&String, Sums)> = names
        .iter()
        .map(|name| {
            let mut sums = Sums::default();
            for r in finished.iter().filter(|r| &r.name == name) {
                sums.add(r);
            }
            (name, sums)
        })
        .filter(|(_, sums)| sums.searches > 0)
        .collect();
    if sums.is_empty() {
        return String::new();
    }
    let mut s = String::from("\n## Time and what it cost\n\n");
    s.push_str(
        "Per variant, every depth summed (with repeats, each search's median run). `CPU`: \
         the searches' CPU time, user and system; `CPU/wall` below 1 is a search that waited \
         for the processor, above 1 one that worked on several threads. Instructions and \
         cycles retired per node (and instructions per cycle) where the kernel counted them: \
         the cost of a node that a neighbour barely moves.\n\n",
    );
    let counted = sums.iter().any(|(_, sums)| sums.counted_nodes > 0);
    s.push_str("| variant | searches | nodes | time (ms) | CPU (ms) | user (ms) | system (ms) | CPU/wall |");
    s.push_str(match counted {
        true => " instructions/node | cycles/node | IPC |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n",
        false => "\n|---|--:|--:|--:|--:|--:|--:|--:|\n",
    });
    for (name, sums) in &sums {
        let _ = writeln!(s, "{}", sums.row(name, counted));
    }
    if !counted {
        s.push_str(
            "\nInstructions and cycles: not counted where these searches ran (the kernel \
             exposed no hardware counters: a virtual machine or container without a virtual \
             PMU?).\n",
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(name: &str, nodes: u64, cost: (u64, u64, Option<(u64, u64)>)) -> Record {
        Record {
            name: name.into(),
            nodes: Some(nodes),
            time_ns: Some(2_000_000),
            cpu_user_ns: Some(cost.0),
            cpu_sys_ns: Some(cost.1),
            instructions: cost.2.map(|c| c.0),
            cycles: cost.2.map(|c| c.1),
            ..Record::default()
        }
    }

    #[test]
    fn the_costs_sum_per_variant_and_divide_by_the_counted_nodes() {
        let names = ["a".into(), "b".into(), "engine".into()];
        let finished = [
            record("a", 1000, (1_500_000, 500_000, Some((300_000, 100_000)))),
            record("a", 3000, (3_000_000, 0, Some((900_000, 200_000)))),
            record("b", 500, (1_000_000, 0, None)),
            Record {
                name: "engine".into(),
                nodes: Some(9),
                ..Record::default()
            },
        ];
        let text = section(&names, &finished);
        // a: 4,000 nodes, 4 ms wall, 5 ms CPU (4.5 user, 0.5 system), 1.2 M instructions
        // over 0.3 M cycles.
        assert!(
            text.contains("| a | 2 | 4,000 | 4.0 | 5.0 | 4.5 | 0.5 | 1.25 | 300.0 | 75.0 | 4.00 |"),
            "{text}"
        );
        assert!(
            text.contains("| b | 1 | 500 | 2.0 | 1.0 | 1.0 | 0.0 | 0.50 | NA | NA | NA |"),
            "{text}"
        );
        assert!(!text.contains("| engine |"), "{text}");
        assert!(!text.contains("not counted"), "{text}");
    }

    #[test]
    fn nothing_without_costs_and_a_note_without_counters() {
        let names = ["a".to_string()];
        let bare = Record {
            name: "a".into(),
            ..Record::default()
        };
        assert_eq!(section(&names, &[bare]), "");
        let uncounted = record("a", 10, (1, 0, None));
        let text = section(&names, &[uncounted]);
        assert!(
            text.contains("not counted where these searches ran"),
            "{text}"
        );
        assert!(
            text.contains("| a | 1 | 10 | 2.0 | 0.0 | 0.0 | 0.0 | 0.00 |\n"),
            "{text}"
        );
        assert!(!text.contains("instructions/node"), "{text}");
    }
}
