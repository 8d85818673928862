//! `nodeprof variants`: the base algorithms, the enhancements and the named presets.

use std::io::{self, Write};

use crate::search::{Variant, ENHANCEMENTS, PRESETS};

pub fn run(out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "A variant is BASE+ENHANCEMENT+ENHANCEMENT:ARG..., or a preset name (which may take more +enhancements).\n")?;
    writeln!(out, "Bases:")?;
    let bases = [
        (
            "negamax",
            "minimax in negamax form: the full tree to the depth",
        ),
        (
            "bnb",
            "branch-and-bound, Knuth and Moore's F1 (one bound, no deep cut-offs)",
        ),
        (
            "alphabeta",
            "nega-alpha with deep cut-offs, fail-soft (+failhard to clamp)",
        ),
        ("pvs", "principal variation search / NegaScout"),
        (
            "mtdf",
            "MTD(f): null-window searches converging on the value (needs +tt)",
        ),
        (
            "token[:B]",
            "node budget of B^depth evaluations shared out among the moves (B = 10)",
        ),
    ];
    for (name, about) in bases {
        writeln!(out, "  {name:<16} {about}")?;
    }
    writeln!(out, "\nEnhancements:")?;
    for (name, about) in ENHANCEMENTS {
        writeln!(out, "  +{name:<15} {about}")?;
    }
    writeln!(out, "\nPresets:")?;
    for preset in PRESETS {
        let spec = preset
            .spec
            .parse::<Variant>()
            .map(|v| v.to_string())
            .unwrap_or_default();
        writeln!(out, "  {:<16} {:<24} {}", preset.name, spec, preset.about)?;
    }
    Ok(())
}
