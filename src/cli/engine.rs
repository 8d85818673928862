//! The options that bring external engines in (`--engine`, `--engines`).

use std::path::PathBuf;

/// External engines, profiled beside (or instead of) nodeprof's variants: each `--engine`
/// occurrence is one engine, its words kept together (clap's derive flattens a repeated
/// multi-word option into one list, so this group is declared by hand).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineArgs {
    /// The words of each `--engine`.
    pub engines: Vec<Vec<String>>,
    pub engines_file: Option<PathBuf>,
}

const ENGINE_HELP: &str = "An external engine, as fastchess and cutechess take it: name=sf cmd=stockfish proto=uci option.Hash=16 option.Threads=1 (also args=, dir=, ladder=iterations|fresh, newgame=each|once, timeout=DURATION, conf=NAME); repeat for several. Its words run to the next option: put the positions first";
const ENGINES_HELP: &str = "A file of engines, one a line in --engine's form (`#` comments); every engine in it is run unless --engine conf=NAME picks some";

impl clap::FromArgMatches for EngineArgs {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let engines = match matches.get_occurrences::<String>("engine") {
            Some(occurrences) => occurrences.map(|words| words.cloned().collect()).collect(),
            None => Vec::new(),
        };
        Ok(EngineArgs {
            engines,
            engines_file: matches.get_one::<PathBuf>("engines").cloned(),
        })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = EngineArgs::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Args for EngineArgs {
    fn augment_args(command: clap::Command) -> clap::Command {
        command
            .arg(
                clap::Arg::new("engine")
                    .long("engine")
                    .value_name("KEY=VALUE")
                    .num_args(1..)
                    .action(clap::ArgAction::Append)
                    .help(ENGINE_HELP),
            )
            .arg(
                clap::Arg::new("engines")
                    .long("engines")
                    .value_name("FILE")
                    .value_parser(clap::value_parser!(PathBuf))
                    .help(ENGINES_HELP),
            )
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        EngineArgs::augment_args(command)
    }
}
