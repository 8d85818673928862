//! `nodeprof variants`: the base algorithms, the enhancements and the named presets.

use std::io::{self, Write};

use serde::{Deserialize, Serialize};

use crate::cli::VariantsArgs;
use crate::output::Output;
use crate::search::{Variant, BASES, ENHANCEMENTS, PRESETS};

/// One thing a variant spec can name: a row of `--format csv`, an element of the JSON
/// document's `rows`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// `base`, `enhancement` or `preset`.
    pub kind: String,
    pub name: String,
    /// How a spec writes it (`pvs`, `tt[:MiB]` after a `+`, `edax`).
    pub usage: String,
    /// A preset's canonical spec (null for the others).
    pub spec: Option<String>,
    pub about: String,
}

impl crate::output::Row for Entry {}

/// The JSON document's fields (schema `nodeprof-variants`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Listing {
    pub rows: Vec<Entry>,
}

/// Every base, listed enhancement and preset, in the order the text lists them.
pub fn entries() -> Vec<Entry> {
    let bases = BASES.iter().map(|base| Entry {
        kind: "base".into(),
        name: base.name.into(),
        usage: base.usage(),
        spec: None,
        about: base.about.into(),
    });
    let enhancements = ENHANCEMENTS.iter().filter(|e| e.listed).map(|e| Entry {
        kind: "enhancement".into(),
        name: e.name.into(),
        usage: e.usage(),
        spec: None,
        about: e.help.into(),
    });
    let presets = PRESETS.iter().map(|preset| Entry {
        kind: "preset".into(),
        name: preset.name.into(),
        usage: preset.name.into(),
        spec: preset.spec.parse::<Variant>().ok().map(|v| v.to_string()),
        about: preset.about.into(),
    });
    bases.chain(enhancements).chain(presets).collect()
}

/// The list as text.
pub fn print(entries: &[Entry], out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "A variant is BASE+ENHANCEMENT+ENHANCEMENT:ARG..., or a preset name (which may take more +enhancements).")?;
    for (kind, title) in [
        ("base", "Bases"),
        ("enhancement", "Enhancements"),
        ("preset", "Presets"),
    ] {
        writeln!(out, "\n{title}:")?;
        for e in entries.iter().filter(|e| e.kind == kind) {
            let usage = match kind {
                "enhancement" => format!("+{}", e.usage),
                _ => e.usage.clone(),
            };
            match &e.spec {
                Some(spec) => writeln!(out, "  {usage:<16} {spec:<24} {}", e.about)?,
                None => writeln!(out, "  {usage:<16} {}", e.about)?,
            }
        }
    }
    Ok(())
}

/// `nodeprof variants`.
pub fn command(args: VariantsArgs, out: &mut impl Write) -> io::Result<()> {
    let entries = entries();
    let mut output = Output::new(args.format.format, out);
    print(&entries, &mut output.text())?;
    for entry in &entries {
        output.row(entry)?;
    }
    output.finish("variants", ())
}
