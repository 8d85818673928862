//! A command line's subcommand to the file that does its work.

use std::io::Write;

use crate::cli::Command;
use crate::error::Error;

use super::outcome::Outcome;

/// Runs `command`, its text output to `out`.
pub fn run(command: Command, out: &mut impl Write) -> Result<Outcome, Error> {
    let outcome = match command {
        Command::Perft(args) => super::perft::command(args, out)?,
        Command::Search(args) => super::search::command(args, out)?,
        Command::Solve(args) => super::solve::command(args, out)?,
        Command::Variants(args) => {
            super::variants::command(args, out)?;
            Outcome::Success
        }
        Command::Sweep(args) => super::sweep::command(args, out)?,
        Command::Report(args) => super::report::command(args, out)?,
        Command::Plot(args) => super::plot::command(args, out)?,
        Command::Compare(args) => super::compare::command(args, out)?,
        Command::Ab(args) => super::ab::command(args, out)?,
        Command::TimeWorker(args) => super::sweep::worker(args, out)?,
        Command::Play(args) => super::play::command(*args, out)?,
        Command::Bench(args) => super::bench::command(args, out)?,
        Command::Engine(args) => super::engine::command(args, out)?,
        Command::Merge(args) => super::merge::command(args, out)?,
        Command::Sprt(args) => super::sprt::command(args, out)?,
        Command::Trace(args) => super::trace::command(args, out)?,
        Command::Show(args) => super::show::command(args, out)?,
        Command::Completions(args) => super::completions::completions(args, out)?,
        Command::Man(args) => super::completions::man(args, out)?,
    };
    out.flush()?;
    Ok(outcome)
}
