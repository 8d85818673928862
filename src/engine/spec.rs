//! An external engine as users name it, in the form fastchess and cutechess-cli take:
//! `name=sf cmd=stockfish proto=uci option.Hash=16 option.Threads=1`, with `args=` (split as
//! a shell would), `dir=`, and nodeprof's own keys (`ladder=`, `newgame=`, `timeout=`); an
//! engines file holds one such line per engine, and `conf=NAME` picks one of its lines.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::process::Launch;
use super::registry::Protocol;
use crate::error::EngineError;

/// How a depth ladder (depths 1..D of one position) is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ladder {
    /// One `go depth D`; depth d's row is the engine's report of iteration d (its nodes
    /// counted from the `go`, so earlier iterations included, and its table warm from them).
    Iterations,
    /// A fresh search per depth, with a new game (a cleared table) before each.
    Fresh,
}

/// When the engine is told a new game starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewGame {
    /// Before every position: positions are independent (the default).
    Each,
    /// Once, before the first position: the table is kept across positions, as engines'
    /// `bench` commands run (the sweep then runs the engine's cases in order, one at a time).
    Once,
}

/// An engine as the user defined it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    pub launch: Launch,
    pub protocol: Protocol,
    /// `option.NAME=VALUE`, sent in order after the handshake.
    pub options: Vec<(String, String)>,
    pub ladder: Ladder,
    pub new_game: NewGame,
    /// The longest nodeprof waits for one search's answer before it stops the engine and
    /// records the case as an error (a hung engine).
    pub timeout: Duration,
    /// The spec as given, for meta.json.
    pub text: String,
}

/// How long a search may run without an answer when `timeout=` is not given.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(600);
pub use super::process::HANDSHAKE_TIMEOUT;

/// The threads `options` set an engine to search with: the last `Threads` option (as UCI
/// names it; any case), else one (the engines' own default).
pub fn threads_option(options: &[(String, String)]) -> u32 {
    options
        .iter()
        .rev()
        .find(|(name, _)| name.eq_ignore_ascii_case("threads"))
        .and_then(|(_, value)| value.trim().parse().ok())
        .unwrap_or(1)
}

impl EngineSpec {
    pub fn name(&self) -> &str {
        &self.launch.name
    }

    /// The threads the engine is set to search with (see [`threads_option`]).
    pub fn threads(&self) -> u32 {
        threads_option(&self.options)
    }

    /// What its started processes are kept under between uses: its name, and its threads
    /// past one (the same engine on other threads is another process).
    pub fn pool_key(&self) -> String {
        self.name().to_string() + &crate::search::threads_suffix(self.threads())
    }

    /// The engine set to search on `threads` threads (`option.Threads`, as UCI, UAI and UGI
    /// engines name it), for a sweep's threads dimension; an engine whose own options set
    /// its threads is refused (the sweep's `-t` says them).
    pub fn on_threads(&self, threads: u32) -> Result<EngineSpec, EngineError> {
        if self
            .options
            .iter()
            .any(|(o, _)| o.eq_ignore_ascii_case("threads"))
        {
            return Err(EngineError::Spec {
                spec: self.text.clone(),
                message:
                    "its option.Threads and the sweep's -t both set its threads: leave one out"
                        .into(),
            });
        }
        let mut spec = self.clone();
        spec.options.push(("Threads".into(), threads.to_string()));
        Ok(spec)
    }

    /// Parses the `key=value` words of one engine. `file`: the engines file (for `conf=`).
    pub fn parse(words: &[String], file: Option<&[EngineSpec]>) -> Result<EngineSpec, EngineError> {
        let text = words.join(" ");
        let bad = |message: String| EngineError::Spec {
            spec: text.clone(),
            message,
        };
        let base = conf_of(words, file).map_err(bad)?;
        let mut draft = Draft::from(base.as_ref());
        for word in words {
            let Some((key, value)) = word.split_once('=') else {
                return Err(bad(format!(
                    "'{word}' is not key=value (keys: {KEYS}); positions go before --engine, or after --"
                )));
            };
            draft.set(key, value).map_err(bad)?;
        }
        draft.finish(base.as_ref(), text.clone()).map_err(bad)
    }

    /// The engines of an engines file: one engine a line in the same form, `#` comments (where
    /// a word would start, as in a shell: a quoted `#` is text), a leading byte-order mark
    /// dropped. It
    /// must be a file of at most 1 MiB holding at least one engine. (Each `cmd=` is run: an
    /// engines file is a program, to be trusted as one.)
    pub fn parse_file(path: &Path) -> Result<Vec<EngineSpec>, EngineError> {
        const MAX: u64 = 1 << 20;
        let bad = |message: &str| EngineError::Spec {
            spec: path.display().to_string(),
            message: message.to_string(),
        };
        let io = |source| EngineError::Io {
            engine: path.display().to_string(),
            source,
        };
        if !std::fs::metadata(path).map_err(io)?.is_file() {
            return Err(bad(
                "not a file (an engines file is a text file, an engine a line)",
            ));
        }
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(
            &mut std::io::Read::take(std::fs::File::open(path).map_err(io)?, MAX + 1),
            &mut bytes,
        )
        .map_err(io)?;
        if bytes.len() as u64 > MAX {
            return Err(bad("larger than 1 MiB: not an engines file"));
        }
        let text =
            crate::position::decode(&bytes).map_err(|(line, message)| EngineError::Spec {
                spec: format!("{}:{line}", path.display()),
                message,
            })?;
        let mut engines: Vec<EngineSpec> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let at = |message: String| EngineError::Spec {
                spec: format!("{}:{}", path.display(), i + 1),
                message,
            };
            // As a shell reads it: `#` starts a comment only where a word would start.
            let words = shlex::split(line.trim()).ok_or_else(|| at("unbalanced quotes".into()))?;
            if words.is_empty() {
                continue;
            }
            let engine = EngineSpec::parse(&words, Some(&engines)).map_err(|e| match e {
                EngineError::Spec { message, .. } => at(message),
                other => other,
            })?;
            if engines.iter().any(|e| e.name() == engine.name()) {
                return Err(at(format!("a second engine named '{}'", engine.name())));
            }
            engines.push(engine);
        }
        if engines.is_empty() {
            return Err(bad("no engine in it (an engine a line: name=N cmd=C ...)"));
        }
        Ok(engines)
    }
}

/// The keys of an engine spec, for messages.
const KEYS: &str = "name, cmd, args, dir, proto, option.NAME, ladder, newgame, timeout, conf";

/// The engine `conf=NAME` picks from the engines file, if the words name one.
fn conf_of(words: &[String], file: Option<&[EngineSpec]>) -> Result<Option<EngineSpec>, String> {
    let Some(conf) = words.iter().find_map(|w| w.strip_prefix("conf=")) else {
        return Ok(None);
    };
    let defined = file.unwrap_or(&[]);
    let names: Vec<&str> = defined.iter().map(|e| e.name()).collect();
    match defined.iter().find(|e| e.name() == conf) {
        Some(found) => Ok(Some(found.clone())),
        None if names.is_empty() => Err(format!(
            "conf={conf} needs an engines file (--engines FILE)"
        )),
        None => Err(format!(
            "no engine named '{conf}' in the engines file (it has {})",
            names.join(", ")
        )),
    }
}

/// An engine spec as read so far: what `conf=` gave, then each key's value.
struct Draft {
    name: Option<String>,
    command: Option<String>,
    args: Vec<String>,
    dir: Option<PathBuf>,
    protocol: Option<Protocol>,
    options: Vec<(String, String)>,
    ladder: Option<Ladder>,
    new_game: NewGame,
    timeout: Duration,
}

impl Draft {
    fn from(base: Option<&EngineSpec>) -> Draft {
        Draft {
            name: None,
            command: base.map(|s| s.launch.command.clone()),
            args: base.map(|s| s.launch.args.clone()).unwrap_or_default(),
            dir: base.and_then(|s| s.launch.dir.clone()),
            protocol: base.map(|s| s.protocol),
            options: base.map(|s| s.options.clone()).unwrap_or_default(),
            ladder: base.map(|s| s.ladder),
            new_game: base.map_or(NewGame::Each, |s| s.new_game),
            timeout: base.map_or(DEFAULT_TIMEOUT, |s| s.timeout),
        }
    }

    /// One `key=value` word (a later `option.NAME` replaces an earlier one of the name).
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "conf" => {}
            "name" => self.name = Some(value.to_string()),
            "cmd" => self.command = Some(value.to_string()),
            "args" => {
                self.args = shlex::split(value)
                    .ok_or_else(|| format!("args='{value}': unbalanced quotes"))?
            }
            "dir" => self.dir = Some(PathBuf::from(value)),
            "proto" | "protocol" => {
                self.protocol = Some(Protocol::named(value).ok_or_else(|| {
                    format!(
                        "unknown protocol '{value}', expected one of {}",
                        Protocol::names().join(", ")
                    )
                })?)
            }
            "ladder" => {
                self.ladder = Some(match value {
                    "iterations" => Ladder::Iterations,
                    "fresh" => Ladder::Fresh,
                    _ => return Err(format!("ladder={value}: expected iterations or fresh")),
                })
            }
            "newgame" => {
                self.new_game = match value {
                    "each" => NewGame::Each,
                    "once" => NewGame::Once,
                    _ => return Err(format!("newgame={value}: expected each or once")),
                }
            }
            "timeout" => {
                self.timeout = crate::duration::parse(value, false)
                    .map_err(|e| format!("timeout={value}: {e}"))?
            }
            _ => match key.strip_prefix("option.") {
                Some(option) if !option.is_empty() => {
                    self.options.retain(|(o, _)| o != option);
                    self.options.push((option.to_string(), value.to_string()));
                }
                _ => return Err(format!("unknown key '{key}' (keys: {KEYS})")),
            },
        }
        Ok(())
    }

    /// The spec: a command required, the name (given, `conf=`'s, or the program's), the
    /// protocol's ladder where none is given.
    fn finish(self, base: Option<&EngineSpec>, text: String) -> Result<EngineSpec, String> {
        let command = self
            .command
            .ok_or_else(|| "no cmd= (the engine's program)".to_string())?;
        let name = self
            .name
            .or_else(|| base.map(|s| s.name().to_string()))
            .unwrap_or_else(|| {
                Path::new(&command)
                    .file_stem()
                    .map_or(command.clone(), |s| s.to_string_lossy().into_owned())
            });
        // A name is a column's value, a match's and a table's label: one plain word.
        let plain = |c: char| c.is_alphanumeric() || "-_.+:()".contains(c);
        if name.is_empty() || !name.chars().all(plain) {
            return Err(format!(
                "name {name:?}: expected a word of letters, digits and - _ . + : ( ) \
                 (no spaces, commas or Markdown's characters)"
            ));
        }
        let protocol = self.protocol.unwrap_or_else(Protocol::default_protocol);
        let ladder = self.ladder.unwrap_or(match protocol.reports_iterations() {
            true => Ladder::Iterations,
            false => Ladder::Fresh,
        });
        if ladder == Ladder::Iterations && !protocol.reports_iterations() {
            return Err(format!(
                "ladder=iterations: {protocol} reports one total per search, not its iterations; use ladder=fresh"
            ));
        }
        Ok(EngineSpec {
            launch: Launch {
                name,
                command,
                args: self.args,
                dir: self.dir,
            },
            protocol,
            options: self.options,
            ladder,
            new_game: self.new_game,
            timeout: self.timeout,
            text,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        shlex::split(text).unwrap()
    }

    #[test]
    fn the_fastchess_form_parses() {
        let spec = EngineSpec::parse(
            &words("name=sf cmd=/usr/games/stockfish proto=UCI option.Hash=16 option.Threads=1 'args=bench 16' dir=/tmp timeout=2m"),
            None,
        )
        .unwrap();
        assert_eq!(spec.name(), "sf");
        assert_eq!(spec.launch.command, "/usr/games/stockfish");
        assert_eq!(spec.launch.args, ["bench", "16"]);
        assert_eq!(spec.launch.dir, Some(PathBuf::from("/tmp")));
        assert_eq!(spec.protocol.name(), "uci");
        assert_eq!(
            spec.options,
            [
                ("Hash".to_string(), "16".to_string()),
                ("Threads".into(), "1".into())
            ]
        );
        assert_eq!(
            (spec.ladder, spec.new_game),
            (Ladder::Iterations, NewGame::Each)
        );
        assert_eq!(spec.timeout, Duration::from_secs(120));
        // The name defaults to the program's; NBoard's ladder to a search a depth.
        let edax = EngineSpec::parse(&words("cmd=bin/edax proto=nboard"), None).unwrap();
        assert_eq!((edax.name(), edax.ladder), ("edax", Ladder::Fresh));
    }

    #[test]
    fn bad_engines_are_refused_with_what_was_expected() {
        for (text, says) in [
            ("name=x", "no cmd="),
            ("cmd=x proto=xboard", "unknown protocol 'xboard'"),
            ("cmd=x positions.epd", "'positions.epd' is not key=value"),
            ("cmd=x colour=blue", "unknown key 'colour'"),
            ("cmd=x proto=nboard ladder=iterations", "use ladder=fresh"),
            ("cmd=x timeout=soon", "timeout=soon"),
            ("cmd=x 'args=\"unclosed'", "unbalanced quotes"),
            ("cmd=x name=two,names", "no spaces, commas"),
            (
                "cmd=x 'name=two\nlines'",
                "name \"two\\nlines\": expected a word",
            ),
            ("cmd=x 'name=tab\tbed'", "no spaces, commas"),
            ("cmd=x name=a|b", "no spaces, commas"),
            ("cmd=x name=<img>", "no spaces, commas"),
            ("conf=sf", "needs an engines file"),
        ] {
            let error = EngineSpec::parse(&words(text), None)
                .unwrap_err()
                .to_string();
            assert!(error.contains(says), "{text}: {error}");
        }
    }

    #[test]
    fn an_engines_file_holds_engines_and_no_more_than_a_mebibyte() {
        let dir = tempfile::tempdir().unwrap();
        let empty = dir.path().join("empty.txt");
        std::fs::write(&empty, "# nothing\n\n").unwrap();
        let big = dir.path().join("big.txt");
        std::fs::write(&big, "#".repeat((1 << 20) + 1)).unwrap();
        for (path, says) in [
            (empty.as_path(), "no engine in it"),
            (big.as_path(), "larger than 1 MiB"),
            (Path::new("/dev/zero"), "not a file"),
            (dir.path(), "not a file"),
        ] {
            let error = EngineSpec::parse_file(path).unwrap_err().to_string();
            assert!(error.contains(says), "{}: {error}", path.display());
        }
    }

    #[test]
    fn an_engines_file_defines_engines_that_conf_picks_and_overrides() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("engines.txt");
        std::fs::write(
            &path,
            "# two engines\nname=sf cmd=stockfish option.Hash=16\n\nname=toga cmd=toga2 'option.Number of Threads=1'\n",
        )
        .unwrap();
        let engines = EngineSpec::parse_file(&path).unwrap();
        assert_eq!(engines.len(), 2);
        assert_eq!(engines[1].options[0].0, "Number of Threads");
        let picked =
            EngineSpec::parse(&words("conf=sf option.Hash=64 name=sf64"), Some(&engines)).unwrap();
        assert_eq!(
            (picked.name(), picked.launch.command.as_str()),
            ("sf64", "stockfish")
        );
        assert_eq!(picked.options, [("Hash".to_string(), "64".to_string())]);
        let missing = EngineSpec::parse(&words("conf=lc0"), Some(&engines)).unwrap_err();
        assert!(missing.to_string().contains("it has sf, toga"), "{missing}");
        std::fs::write(&path, "name=a cmd=x\nname=a cmd=y\n").unwrap();
        let twice = EngineSpec::parse_file(&path).unwrap_err().to_string();
        assert!(
            twice.contains("engines.txt:2") && twice.contains("a second engine"),
            "{twice}"
        );
    }
    #[test]
    fn an_engines_file_reads_as_a_shell_would_its_byte_order_mark_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("engines.txt");
        std::fs::write(
            &path,
            "\u{feff}name=sf cmd=stockfish 'option.Name=a # b' # the second\r\nname=x cmd=x#1\n",
        )
        .unwrap();
        let engines = EngineSpec::parse_file(&path).unwrap();
        assert_eq!(engines[0].name(), "sf");
        assert_eq!(engines[0].options, [("Name".into(), "a # b".into())]);
        assert_eq!(engines[1].launch.command, "x#1");
        std::fs::write(&path, b"name=a cmd=x\nname=b cmd=\xff\n").unwrap();
        let error = EngineSpec::parse_file(&path).unwrap_err().to_string();
        assert!(
            error.contains("engines.txt:2") && error.contains("0xFF"),
            "{error}"
        );
    }
}
