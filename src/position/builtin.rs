//! The built-in suites: the files under `positions/`, embedded in the binary by the build
//! script, named `SUITE` or `SUITE:SELECTION` (`ffo:40..59`, `ffo:41`, `ataxx:end`), so that
//! they load from any directory.

use crate::error::PositionError;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/builtin_positions.rs"));
}

/// A named built-in suite: a folder of `positions/`.
pub struct Suite {
    pub name: &'static str,
    folder: &'static str,
    pub about: &'static str,
}

pub const SUITES: &[Suite] = &[
    Suite {
        name: "ffo",
        folder: "reversi/ffo",
        about: "Reversi: the FFO endgame problems 1..79 with their proven scores (ffo:40..59, ffo:41, ffo:1,5,9)",
    },
    Suite {
        name: "fforum",
        folder: "reversi/obf",
        about: "Reversi: the same problems as four Edax obf lists (fforum:40-59)",
    },
    Suite {
        name: "ataxx",
        folder: "ataxx",
        about: "Ataxx: start, openings and middle games (ataxx:start); ataxx:end the 20 proven endgames",
    },
    Suite {
        name: "connect4",
        folder: "connect4",
        about: "Connect 4: proven positions in Pons' six classes (connect4:end-easy ... connect4:begin-hard)",
    },
    Suite {
        name: "chess",
        folder: "chess",
        about: "Chess: chess:bratko-kopec, chess:mates (in 2 and 3, proven), chess:middlegames, chess:perft (the wiki's counts), chess:profile24",
    },
];

/// An embedded file: its path under `positions/` and its text.
pub struct File {
    pub path: &'static str,
    pub text: &'static str,
}

/// The files a built-in suite name selects, in natural order; `None` when `spec` does not
/// name a built-in suite.
pub fn resolve(spec: &str) -> Option<Result<Vec<File>, PositionError>> {
    let (name, selection) = match spec.split_once(':') {
        Some((n, s)) => (n, Some(s)),
        None => (spec, None),
    };
    let suite = SUITES.iter().find(|s| s.name == name)?;
    Some(
        select(suite, selection).map_err(|message| PositionError::Builtin {
            spec: spec.to_string(),
            message,
        }),
    )
}

/// The files directly inside `folder`.
fn files_in(folder: &str) -> Vec<File> {
    let mut files: Vec<File> = embedded::FILES
        .iter()
        .filter(|(path, _)| {
            path.strip_prefix(folder)
                .and_then(|rest| rest.strip_prefix('/'))
                .is_some_and(|rest| !rest.contains('/'))
        })
        .map(|&(path, text)| File { path, text })
        .collect();
    files.sort_by(|a, b| super::natural::natural_cmp(a.path, b.path));
    files
}

fn stem(path: &str) -> &str {
    let file = path.rsplit('/').next().unwrap_or(path);
    file.rsplit_once('.').map_or(file, |(s, _)| s)
}

/// The last run of digits in a file's stem (`end07` -> 7).
fn number_of(path: &str) -> Option<u32> {
    let stem = stem(path);
    let end = stem.rfind(|c: char| c.is_ascii_digit())? + 1;
    let start = stem[..end]
        .rfind(|c: char| !c.is_ascii_digit())
        .map_or(0, |i| i + 1);
    stem[start..end].parse().ok()
}

fn select(suite: &Suite, selection: Option<&str>) -> Result<Vec<File>, String> {
    let all = files_in(suite.folder);
    let Some(selection) = selection.map(str::trim).filter(|s| !s.is_empty()) else {
        return Ok(all);
    };
    let sub = files_in(&format!("{}/{selection}", suite.folder));
    if !sub.is_empty() {
        return Ok(sub);
    }
    let numbered: Vec<u32> = all.iter().filter_map(|f| number_of(f.path)).collect();
    let is_numbers = selection
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ',' | '.' | ' '));
    if is_numbers && numbered.len() == all.len() {
        let (low, high) = (
            numbered.iter().min().copied().unwrap_or(0),
            numbered.iter().max().copied().unwrap_or(0),
        );
        let bad = |part: &str| {
            format!("bad selection '{part}', expected numbers {low}..{high}: N, FROM..TO or a list N,M,...")
        };
        let mut picked = Vec::new();
        for part in selection.split(',').map(str::trim) {
            let (from, to) = match part.split_once("..") {
                Some((a, b)) => (a.trim().parse::<u32>(), b.trim().parse::<u32>()),
                None => (part.parse(), part.parse()),
            };
            let (Ok(from), Ok(to)) = (from, to) else {
                return Err(bad(part));
            };
            if from > to || from < low || to > high {
                return Err(bad(part));
            }
            picked.extend(
                all.iter()
                    .filter(|f| number_of(f.path).is_some_and(|n| (from..=to).contains(&n)))
                    .map(|f| File {
                        path: f.path,
                        text: f.text,
                    }),
            );
        }
        return Ok(picked);
    }
    let named: Vec<File> = all
        .into_iter()
        .filter(|f| {
            let stem = stem(f.path);
            stem == selection
                || stem
                    .strip_suffix(selection)
                    .is_some_and(|rest| rest.ends_with('-'))
        })
        .collect();
    if named.is_empty() {
        let choices: Vec<&str> = files_in(suite.folder)
            .iter()
            .map(|f| stem(f.path))
            .collect();
        return Err(format!(
            "no position '{selection}' in the built-in suite {}: expected one of {}",
            suite.name,
            choices.join(", ")
        ));
    }
    Ok(named)
}
