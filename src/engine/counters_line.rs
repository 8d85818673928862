//! The counter protocol, version 1 (docs/probe.md): an engine reports its counters for an
//! iteration in one line, `nodeprof depth D NAME VALUE ...`, sent as UCI's, UAI's or UGI's
//! `info string` (and as NBoard's and GTP's comments). NAME is one of nodeprof's counters
//! (`leaf`, `tt_hit`, ...; those not sent are NA) or an engine's own, `x_<name>`, kept as
//! they come. What cannot be read is reported as a warning and the rest kept; only a line
//! without its depth is dropped whole (with its warning).

pub use crate::counters::Reported;
use crate::counters::{counter_index, Counters, COUNTERS};

/// The prefix of a counters line.
pub const COUNTERS_PREFIX: &str = "nodeprof";

/// The protocol's version, which a line may name (`nodeprof version 1 depth D ...`).
pub const PROTOCOL_VERSION: u32 = 1;

/// Extra counters past this many in one line are dropped (with a warning).
pub const MAX_EXTRA: usize = 64;

/// A counters line read: the iteration's depth and counters, and what could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountersLine {
    pub depth: Option<u32>,
    pub reported: Reported,
    pub warnings: Vec<String>,
}

/// nodeprof's counters line for iteration `depth` (what `nodeprof engine` prints).
pub fn counters_string(depth: u32, counters: &Counters) -> String {
    let mut line = format!("{COUNTERS_PREFIX} depth {depth}");
    for (name, value) in counters.named() {
        line.push_str(&format!(" {name} {value}"));
    }
    line
}

/// Whether `name` is an engine's own counter's: `x_` then lower-case letters, digits and
/// underscores, at most 64 characters.
fn extra_name(name: &str) -> bool {
    name.len() <= 64
        && name.strip_prefix("x_").is_some_and(|rest| {
            !rest.is_empty()
                && rest
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        })
}

/// Reads a counters line (`None`: not one; its text begins otherwise). The largest value
/// taken is `max`.
pub fn parse_counters_line(text: &str, max: u64) -> Option<CountersLine> {
    let rest = text.strip_prefix(COUNTERS_PREFIX)?;
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let mut words = rest.split_whitespace().peekable();
    let mut line = CountersLine {
        depth: None,
        reported: Reported::default(),
        warnings: Vec::new(),
    };
    if words.peek() == Some(&"version") {
        words.next();
        let version = words.next();
        if version != Some("1") {
            line.warnings.push(format!(
                "a counters line of version {} (this nodeprof reads {PROTOCOL_VERSION}): read as {PROTOCOL_VERSION}",
                version.unwrap_or("(none)")
            ));
        }
    }
    if words.next() != Some("depth") {
        line.warnings
            .push("a counters line without 'depth D' first: dropped".into());
        return Some(line);
    }
    line.depth = words.next().and_then(|d| d.parse().ok());
    if line.depth.is_none() {
        line.warnings
            .push("a counters line without its depth: dropped".into());
        return Some(line);
    }
    while let Some(name) = words.next() {
        let value = words.next().and_then(|v| v.parse::<u64>().ok());
        take(&mut line, name, value, max);
    }
    Some(line)
}

/// Takes one `name value` pair into the line (or its warning).
fn take(line: &mut CountersLine, name: &str, value: Option<u64>, max: u64) {
    let Some(value) = value.filter(|&v| v <= max) else {
        line.warnings.push(format!(
            "counter '{name}' without a number up to {max}: dropped"
        ));
        return;
    };
    if let Some(index) = counter_index(name) {
        if line.reported.values[index].replace(value).is_some() {
            line.warnings
                .push(format!("counter '{name}' twice: the last kept"));
        }
        return;
    }
    if !extra_name(name) {
        line.warnings.push(format!(
            "unknown counter '{name}' (nodeprof's are {}..., an engine's own begin with x_): dropped",
            COUNTERS[..3].iter().map(|c| c.name).collect::<Vec<_>>().join(", ")
        ));
        return;
    }
    let extra = &mut line.reported.extra;
    let full = extra.len() >= MAX_EXTRA;
    match extra.iter_mut().find(|(n, _)| n == name) {
        Some(kept) => {
            kept.1 = value;
            line.warnings
                .push(format!("counter '{name}' twice: the last kept"));
        }
        None if full => line.warnings.push(format!(
            "more than {MAX_EXTRA} extra counters: '{name}' dropped"
        )),
        None => extra.push((name.to_string(), value)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAX: u64 = 1_000_000_000_000_000;

    #[test]
    fn counters_lines_round_trip() {
        let counters = Counters::from_values(std::array::from_fn(|i| i as u64 * 7 + 1));
        let line = parse_counters_line(&counters_string(5, &counters), MAX).unwrap();
        assert_eq!(line.depth, Some(5));
        assert_eq!(line.reported.complete(), Some(counters));
        assert!(line.warnings.is_empty());
        assert_eq!(parse_counters_line("other words", MAX), None);
        assert_eq!(parse_counters_line("nodeprofx depth 1", MAX), None);
    }

    #[test]
    fn a_partial_line_keeps_what_it_says_and_extra_counters() {
        let line = parse_counters_line(
            "nodeprof version 1 depth 7 leaf 30 interior 12 x_lmr_fail 4 beta_cut 9",
            MAX,
        )
        .unwrap();
        assert_eq!(line.depth, Some(7));
        assert!(line.warnings.is_empty(), "{:?}", line.warnings);
        let r = &line.reported;
        assert_eq!(
            (r.get("leaf"), r.get("interior"), r.get("beta_cut")),
            (Some(30), Some(12), Some(9))
        );
        assert_eq!(r.get("tt_hit"), None);
        assert_eq!(r.complete(), None);
        assert_eq!(r.extra_cell().as_deref(), Some("x_lmr_fail=4"));
    }

    #[test]
    fn what_cannot_be_read_is_a_warning_and_the_rest_is_kept() {
        let line = parse_counters_line(
            "nodeprof depth 3 leaf 5 bogus 1 interior x x_Bad 2 tt_hit 99999999999999999999 x_ok 1 leaf 6",
            MAX,
        )
        .unwrap();
        let r = &line.reported;
        assert_eq!(
            (r.get("leaf"), r.get("interior"), r.get("tt_hit")),
            (Some(6), None, None)
        );
        assert_eq!(r.extra, [("x_ok".to_string(), 1)]);
        let warnings = line.warnings.join("\n");
        for expected in [
            "unknown counter 'bogus'",
            "counter 'interior' without a number",
            "unknown counter 'x_Bad'",
            "counter 'tt_hit' without a number",
            "counter 'leaf' twice",
        ] {
            assert!(warnings.contains(expected), "{expected}: {warnings}");
        }
        let no_depth = parse_counters_line("nodeprof leaf 5", MAX).unwrap();
        assert_eq!(no_depth.depth, None);
        assert!(no_depth.warnings[0].contains("without 'depth D'"));
        let later = parse_counters_line("nodeprof version 2 depth 1 leaf 1", MAX).unwrap();
        assert_eq!(later.reported.get("leaf"), Some(1));
        assert!(later.warnings[0].contains("version 2"));
    }
}
