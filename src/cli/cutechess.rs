//! cutechess-cli's and fastchess's command line for `nodeprof play`: `-engine cmd=... name=...
//! proto=... option.X=Y`, `-each tc=40/60+0.6 st=0.15 nodes=N depth=N`, `-rounds N -games 2
//! -repeat`, `-concurrency N`, `-openings file=F format=epd|pgn order=random|sequential
//! plies=N start=K`, `-srand N`, `-sprt elo0= elo1= alpha= beta= [model=]`, `-pgnout FILE`,
//! `-tournament gauntlet|roundrobin`, `-draw ...`, `-resign ...`, `-maxmoves N`, `-recover`,
//! rewritten into nodeprof's own options before clap reads them, so that one implementation
//! serves both forms. The engines become the agents, in order (cutechess's gauntlet has its
//! first engine play the others: it is put last, nodeprof's gauntlet opponent).

use std::ffi::OsString;

/// The options of the cutechess form, with a single dash.
const OPTIONS: [&str; 17] = [
    "engine",
    "each",
    "rounds",
    "games",
    "repeat",
    "concurrency",
    "openings",
    "srand",
    "sprt",
    "pgnout",
    "tournament",
    "draw",
    "resign",
    "maxmoves",
    "recover",
    "variant",
    "ratinginterval",
];

/// The agent option of an engine's limit word (`tc=`, `st=`, `depth=`, `nodes=`; none for
/// `tc=inf`); `None` for words that are not limits.
fn limit_option(key: &str, value: &str) -> Option<Result<Option<String>, String>> {
    Some(match key {
        "tc" => match value {
            "inf" | "infinite" => Ok(None),
            _ => clock_text(value).map(|c| Some(format!("clock={c}"))),
        },
        "st" => seconds_ms(value, "st").map(|ms| Some(format!("movetime={ms}ms"))),
        "depth" => Ok(Some(format!("depth={value}"))),
        "nodes" => Ok(Some(format!("nodes={value}"))),
        _ => return None,
    })
}

fn seconds_ms(value: &str, key: &str) -> Result<u64, String> {
    value
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0)
        .map(|s| (s * 1000.0).round() as u64)
        .ok_or_else(|| format!("-each/-engine {key}={value}: expected seconds above 0"))
}

/// cutechess's `[moves/]time[+increment]` in seconds (time may be `m:ss`) as nodeprof's
/// clock: `40/60000ms+600ms`.
fn clock_text(tc: &str) -> Result<String, String> {
    let (moves, rest) = match tc.split_once('/') {
        Some((m, r)) => (format!("{m}/"), r),
        None => (String::new(), tc),
    };
    let (time, inc) = rest.split_once('+').unwrap_or((rest, "0"));
    let time_s = match time.split_once(':') {
        Some((m, s)) => m
            .parse::<f64>()
            .ok()
            .zip(s.parse::<f64>().ok())
            .map(|(m, s)| m * 60.0 + s),
        None => time.parse::<f64>().ok(),
    }
    .ok_or_else(|| format!("tc={tc}: expected [moves/]seconds[+increment]"))?;
    let inc_ms = match inc.parse::<f64>() {
        Ok(s) if s >= 0.0 => (s * 1000.0).round() as u64,
        _ => return Err(format!("tc={tc}: the increment must be seconds, 0 or more")),
    };
    let base_ms = (time_s * 1000.0).round() as u64;
    if base_ms == 0 {
        return Err(format!("tc={tc}: the time must be above 0"));
    }
    Ok(format!("{moves}{base_ms}ms+{inc_ms}ms"))
}

/// Whether `args` (the whole command line) use the cutechess form.
pub fn is_cutechess_form(args: &[OsString]) -> bool {
    args.get(1).is_some_and(|a| a == "play")
        && args.iter().skip(2).any(|a| {
            a.to_str()
                .and_then(|a| a.strip_prefix('-'))
                .is_some_and(|o| OPTIONS.contains(&o))
        })
}

/// The command line in nodeprof's own form (unchanged unless it uses the cutechess form).
pub fn translate(args: Vec<OsString>) -> Result<Vec<OsString>, String> {
    if !is_cutechess_form(&args) {
        return Ok(args);
    }
    let words: Vec<String> = args
        .iter()
        .map(|a| {
            a.to_str()
                .map(str::to_string)
                .ok_or_else(|| format!("{a:?}: not UTF-8"))
        })
        .collect::<Result<_, _>>()?;
    let mut form = Form {
        out: words[..2].to_vec(),
        ..Form::default()
    };
    let mut i = 2;
    while i < words.len() {
        let word = &words[i];
        i += 1;
        let Some(option) = word
            .strip_prefix('-')
            .filter(|o| !o.starts_with('-') && OPTIONS.contains(o))
        else {
            // nodeprof's own options (--game, -o, ...) pass through.
            form.out.push(word.clone());
            continue;
        };
        let mut values = Vec::new();
        while i < words.len() && !words[i].starts_with('-') {
            values.push(words[i].clone());
            i += 1;
        }
        form.option(option, values)?;
    }
    form.finish()
}

/// A cutechess command line as read so far: nodeprof's words, the engines' words, `-each`'s,
/// the rounds and games, the tournament.
#[derive(Default)]
struct Form {
    out: Vec<String>,
    engines: Vec<Vec<String>>,
    each: Vec<String>,
    rounds: Option<u64>,
    games: Option<u64>,
    tournament: Option<String>,
}

impl Form {
    /// One cutechess option and its values.
    fn option(&mut self, option: &str, values: Vec<String>) -> Result<(), String> {
        let one = |values: &[String]| -> Result<String, String> {
            match values {
                [v] => Ok(v.clone()),
                _ => Err(format!("-{option}: expected one value, got {values:?}")),
            }
        };
        let out = &mut self.out;
        match option {
            "engine" => self.engines.push(values),
            "each" => self.each.extend(values),
            "rounds" => self.rounds = Some(number(option, &one(&values)?)?),
            "games" => self.games = Some(number(option, &one(&values)?)?),
            "repeat" | "recover" => {}
            "concurrency" => out.extend(["-j".into(), one(&values)?]),
            "srand" => out.extend(["--seed".into(), one(&values)?]),
            "maxmoves" => out.extend(["--maxmoves".into(), one(&values)?]),
            "tournament" => self.tournament = Some(one(&values)?),
            "sprt" => out.extend(["--sprt".into(), values.join(",")]),
            "draw" => out.extend(["--draw".into(), values.join(",")]),
            "resign" => out.extend(["--resign".into(), values.join(",")]),
            "pgnout" => {
                for v in &values {
                    match v.split_once('=') {
                        None if v == "min" || v == "fi" => {}
                        None => out.extend(["--pgnout".into(), v.clone()]),
                        Some(("file", f)) => out.extend(["--pgnout".into(), f.to_string()]),
                        Some(("nodes", "true")) => out.push("--comment-nodes".into()),
                        Some(_) => {}
                    }
                }
            }
            "openings" => openings(&values, out)?,
            "variant" => match one(&values)?.as_str() {
                "standard" => {}
                other => return Err(format!("-variant {other}: nodeprof plays its own games (--game); chess variants are not among them")),
            },
            _ => {}
        }
        Ok(())
    }

    /// nodeprof's command line: the agents first (positional), then the options, then each
    /// engine's words behind its `--engine`.
    fn finish(mut self) -> Result<Vec<OsString>, String> {
        if self.engines.len() < 2 {
            return Err("the cutechess form needs two -engine at least".into());
        }
        let mut agents = Vec::new();
        let mut definitions = Vec::new();
        for words in &self.engines {
            let (agent, definition) = engine(words, &self.each)?;
            agents.push(agent);
            definitions.push(definition);
        }
        match self.tournament.as_deref() {
            None | Some("round-robin") | Some("roundrobin") => {
                if agents.len() > 2 {
                    self.out
                        .extend(["--tournament".into(), "roundrobin".into()]);
                }
            }
            Some("gauntlet") => {
                agents.rotate_left(1);
                self.out.extend(["--tournament".into(), "gauntlet".into()]);
            }
            Some(other) => {
                return Err(format!(
                    "-tournament {other}: expected gauntlet or round-robin"
                ))
            }
        }
        // fastchess's and cutechess's timemargin (milliseconds), one for the match here.
        if let Some(ms) = self
            .each
            .iter()
            .chain(self.engines.iter().flatten())
            .find_map(|w| w.strip_prefix("timemargin="))
        {
            let ms: u64 = ms
                .parse()
                .map_err(|_| format!("timemargin={ms}: expected milliseconds"))?;
            self.out.extend(["--timemargin".into(), format!("{ms}ms")]);
        }
        let total = self.rounds.unwrap_or(1) * self.games.unwrap_or(1);
        self.out.extend(["-n".into(), total.to_string()]);
        let mut result: Vec<String> = self.out[..2].to_vec();
        result.extend(agents);
        result.extend(self.out[2..].iter().cloned());
        for definition in definitions {
            result.push("--engine".into());
            result.extend(definition);
        }
        Ok(result.into_iter().map(OsString::from).collect())
    }
}

fn number(option: &str, value: &str) -> Result<u64, String> {
    value
        .parse::<u64>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("-{option}: expected a whole number above 0, got '{value}'"))
}

/// One engine's agent (`name@limits`) and its definition's words (cutechess's `arg=`
/// gathered into `args=`), with `-each` words where the engine gives none of its own.
fn engine(words: &[String], each: &[String]) -> Result<(String, Vec<String>), String> {
    let key = |w: &String| w.split_once('=').map_or(w.clone(), |(k, _)| k.to_string());
    let own: Vec<String> = words.iter().map(key).collect();
    let mut limits = Vec::new();
    let mut definition = Vec::new();
    let mut args = Vec::new();
    let mut name = None;
    let mut cmd = None;
    let all = words.iter().chain(
        each.iter()
            .filter(|w| !own.contains(&key(w)) || key(w) == "option"),
    );
    for word in all {
        let (k, v) = word
            .split_once('=')
            .ok_or_else(|| format!("-engine/-each: '{word}' is not key=value"))?;
        match limit_option(k, v).transpose()? {
            Some(Some(option)) => limits.push(option),
            Some(None) => {}
            None => match k {
                "arg" => args.push(v.to_string()),
                "name" => {
                    name = Some(v.to_string());
                    definition.push(word.clone());
                }
                "cmd" => {
                    cmd = Some(v.to_string());
                    definition.push(word.clone());
                }
                "timemargin" | "restart" | "ponder" | "trust" => {}
                _ => definition.push(word.clone()),
            },
        }
    }
    if !args.is_empty() {
        definition.push(format!("args={}", args.join(" ")));
    }
    let name = match (name, cmd) {
        (Some(n), _) => n,
        (None, Some(cmd)) => {
            let n = std::path::Path::new(&cmd)
                .file_name()
                .map_or(cmd.clone(), |f| f.to_string_lossy().to_string());
            definition.push(format!("name={n}"));
            n
        }
        (None, None) => return Err(format!("-engine {}: no cmd=", words.join(" "))),
    };
    if !definition.iter().any(|w| w.starts_with("proto=")) {
        definition.push("proto=uci".into());
    }
    let agent = match limits.is_empty() {
        true => name,
        false => format!("{name}@{}", limits.join(",")),
    };
    Ok((agent, definition))
}

/// `-openings file=F format=epd|pgn order=random|sequential plies=N start=K`.
fn openings(values: &[String], out: &mut Vec<String>) -> Result<(), String> {
    for v in values {
        let (k, value) = v
            .split_once('=')
            .ok_or_else(|| format!("-openings: '{v}' is not key=value"))?;
        match k {
            "file" => out.extend(["--openings".into(), value.to_string()]),
            "order" => out.extend(["--openings-order".into(), value.to_string()]),
            "start" => out.extend(["--openings-start".into(), value.to_string()]),
            "plies" => out.extend(["--openings-plies".into(), value.to_string()]),
            "format" | "policy" => {}
            _ => return Err(format!("-openings: unknown key '{k}'")),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<OsString> {
        line.split_whitespace().map(OsString::from).collect()
    }

    fn text(args: Vec<OsString>) -> String {
        args.iter()
            .map(|a| a.to_str().unwrap())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn the_cutechess_form_becomes_nodeprofs() {
        let line = "nodeprof play -engine cmd=./a name=A proto=uai -engine cmd=/x/b arg=-q arg=--fast -each tc=40/60+0.6 option.Hash=16 -rounds 5 -games 2 -repeat -concurrency 2 -srand 9 -sprt elo0=0 elo1=5 model=normalized -pgnout out.pgn -recover --game ataxx -o dir";
        assert_eq!(
            text(translate(words(line)).unwrap()),
            "nodeprof play A@clock=40/60000ms+600ms b@clock=40/60000ms+600ms -j 2 --seed 9 --sprt elo0=0,elo1=5,model=normalized --pgnout out.pgn --game ataxx -o dir -n 10 --engine cmd=./a name=A proto=uai option.Hash=16 --engine cmd=/x/b option.Hash=16 args=-q --fast name=b proto=uci"
        );
        let gauntlet = "nodeprof play -engine cmd=a st=0.15 -engine cmd=b depth=3 -engine cmd=c nodes=100 -each timemargin=50 -tournament gauntlet -draw movenumber=40 movecount=8 score=10 -openings file=o.epd format=epd order=random start=3";
        assert_eq!(
            text(translate(words(gauntlet)).unwrap()),
            "nodeprof play b@depth=3 c@nodes=100 a@movetime=150ms --draw movenumber=40,movecount=8,score=10 --openings o.epd --openings-order random --openings-start 3 --tournament gauntlet --timemargin 50ms -n 1 --engine cmd=a name=a proto=uci --engine cmd=b name=b proto=uci --engine cmd=c name=c proto=uci"
        );
        // nodeprof's own form is left alone.
        let own = words("nodeprof play a b --engine name=a cmd=x");
        assert_eq!(translate(own.clone()).unwrap(), own);
        for bad in [
            "nodeprof play -engine cmd=a",
            "nodeprof play -engine cmd=a -engine cmd=b -rounds x",
            "nodeprof play -engine cmd=a tc=fast -engine cmd=b",
            "nodeprof play -engine cmd=a -engine cmd=b -tournament knockout",
        ] {
            assert!(translate(words(bad)).is_err(), "{bad}");
        }
    }
}
