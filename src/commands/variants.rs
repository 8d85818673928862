//! `nodeprof variants`: the base algorithms, the enhancements and the named presets.

use std::io::{self, Write};

use crate::search::{Variant, BASES, ENHANCEMENTS, PRESETS};

pub fn run(out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "A variant is BASE+ENHANCEMENT+ENHANCEMENT:ARG..., or a preset name (which may take more +enhancements).\n")?;
    writeln!(out, "Bases:")?;
    for base in BASES {
        writeln!(out, "  {:<16} {}", base.usage(), base.about)?;
    }
    writeln!(out, "\nEnhancements:")?;
    for enhancement in ENHANCEMENTS.iter().filter(|e| e.listed) {
        writeln!(out, "  +{:<15} {}", enhancement.usage(), enhancement.help)?;
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
