//! The spec grammar: `BASE[:ARG]` or a preset, then `+ENHANCEMENT[:ARG]`..., parsed into a
//! [`Variant`] (checked against each enhancement's needs) that prints back canonically.

use std::fmt;
use std::str::FromStr;

use super::base::{Base, BASES};
use super::enhancement::{Enhancement, ENHANCEMENTS};
use super::presets::PRESETS;
use super::variant::Variant;
use crate::error::SpecError;

impl FromStr for Variant {
    type Err = SpecError;

    fn from_str(spec: &str) -> Result<Self, Self::Err> {
        let error = |message: String| SpecError {
            spec: spec.to_string(),
            message,
        };
        let spec_trim = spec.trim();
        if spec_trim.is_empty() {
            return Err(error("empty variant".into()));
        }
        let mut parts = spec_trim.split('+').map(str::trim);
        let head = parts.next().unwrap_or_default();
        let mut variant = parse_head(head).map_err(error)?;
        let mut seen: Vec<&str> = Vec::new();
        for part in parts {
            let (name, arg) = match part.split_once(':') {
                Some((n, a)) => (n.trim(), Some(a.trim())),
                None => (part, None),
            };
            if name.is_empty() {
                return Err(error("empty enhancement between '+' signs".into()));
            }
            if seen.contains(&name) {
                return Err(error(format!("+{name} is given twice")));
            }
            seen.push(name);
            add_enhancement(&mut variant, name, arg).map_err(error)?;
        }
        variant.check().map_err(error)?;
        Ok(variant)
    }
}

/// The names of the listed enhancements with their arguments (`tt[:MiB], ...`).
fn enhancement_list() -> String {
    ENHANCEMENTS
        .iter()
        .filter(|e| e.listed)
        .map(Enhancement::usage)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The known name nearest to a mistyped one (a typo or two away), as cargo and clap suggest.
fn nearest<'a>(name: &str, known: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    known
        .map(|k| (strsim::damerau_levenshtein(name, k), k))
        .filter(|&(d, k)| d > 0 && d <= 2 && d < k.len().max(name.len()) / 2)
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k)
}

/// The first part of a spec: a base algorithm or a preset (whose enhancements come along).
fn parse_head(head: &str) -> Result<Variant, String> {
    let (name, arg) = match head.split_once(':') {
        Some((n, a)) => (n, Some(a)),
        None => (head, None),
    };
    if let Some(base) = Base::parse(name, arg) {
        return base.map(Variant::new);
    }
    if let Some(preset) = PRESETS.iter().find(|p| p.name == name) {
        if arg.is_some() {
            return Err(format!("the preset {name} takes no ':' argument"));
        }
        return preset.spec.parse::<Variant>().map_err(|e| e.message);
    }
    let bases: Vec<&str> = BASES.iter().map(|b| b.name).collect();
    let presets: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
    if let Some(near) = nearest(name, bases.iter().chain(&presets).copied()) {
        return Err(format!(
            "unknown algorithm '{name}': did you mean '{near}'? (`nodeprof variants` lists every algorithm and enhancement)"
        ));
    }
    Err(format!(
        "unknown algorithm '{name}': expected a base ({}) or a preset ({}), then +enhancements ({}); `nodeprof variants` lists them",
        bases.join(", "),
        presets.join(", "),
        enhancement_list()
    ))
}

fn add_enhancement(variant: &mut Variant, name: &str, arg: Option<&str>) -> Result<(), String> {
    let Some(enhancement) = Enhancement::find(name) else {
        if let Some(near) = nearest(
            name,
            ENHANCEMENTS.iter().filter(|e| e.listed).map(|e| e.name),
        ) {
            return Err(format!(
                "unknown enhancement '+{name}': did you mean '+{near}'? (`nodeprof variants` lists them all)"
            ));
        }
        return Err(format!(
            "unknown enhancement '+{name}': expected one of {}",
            enhancement_list()
        ));
    };
    let value = match (&enhancement.arg, arg) {
        (None, Some(a)) => return Err(format!("+{name} takes no argument, found ':{a}'")),
        (Some(spec), Some(text)) => Some(spec.parse(text)?),
        (_, None) => None,
    };
    (enhancement.set)(variant, value)
}

impl Variant {
    /// Checks every enhancement that is on against what it needs of the base and the other
    /// enhancements, then the base's own needs.
    fn check(&self) -> Result<(), String> {
        for enhancement in ENHANCEMENTS.iter().filter(|e| (e.on)(self)) {
            for need in enhancement.needs {
                if let Some(message) = need.refusal(self, enhancement.name) {
                    return Err(message);
                }
            }
        }
        if self.base == Base::Mtdf && !self.table.is_some_and(|t| t.cuts) {
            return Err("mtdf needs a table with cut-offs: add +tt (mtdf+tt, mtdf+tt+id)".into());
        }
        Ok(())
    }

    /// The first enhancement that works only when solving to the end (`stab`, `last`, `sso`)
    /// that is on.
    pub fn needs_exact(&self) -> Option<&'static str> {
        ENHANCEMENTS
            .iter()
            .find(|e| e.exact_only && (e.on)(self))
            .map(|e| e.name)
    }
}

impl fmt::Display for Variant {
    /// The canonical spec: the base, then the enhancements in the table's order, arguments
    /// written when they are not the default (killer and asp always carry theirs).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.base.spec())?;
        for enhancement in ENHANCEMENTS {
            if let Some(text) = (enhancement.print)(self) {
                f.write_str(&text)?;
            }
        }
        Ok(())
    }
}
