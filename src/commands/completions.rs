//! `nodeprof completions SHELL` and `nodeprof man`: the shell completion script and the
//! manual page, both generated from the command line's clap schema (clap_complete and
//! clap_mangen, as cargo-installed tools ship them), so they never drift from `--help`.

use std::io::Write;

use clap::CommandFactory;

use super::outcome::Outcome;
use crate::cli::{Cli, CompletionsArgs, ManArgs};
use crate::error::Error;

/// The completion script for `args.shell`, to `out`.
pub fn completions(args: CompletionsArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let mut command = Cli::command();
    // Written to memory first: clap_complete panics on a failed write (a closed pipe), and
    // nodeprof reports it as an error instead.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "nodeprof", &mut script);
    out.write_all(&script)?;
    Ok(Outcome::Success)
}

/// The manual page, in roff, to `out`: nodeprof(1), which lists the subcommands, or a
/// subcommand's own page, nodeprof-SUBCOMMAND(1).
pub fn man(args: ManArgs, out: &mut impl Write) -> Result<Outcome, Error> {
    let command = Cli::command();
    let page = match &args.subcommand {
        None => command,
        Some(name) => {
            let sub = command.find_subcommand(name).ok_or_else(|| {
                let names: Vec<&str> = command.get_subcommands().map(|s| s.get_name()).collect();
                Error::Usage(format!(
                    "man: no subcommand '{name}' (subcommands: {})",
                    names.join(", ")
                ))
            })?;
            sub.clone()
                .version(env!("CARGO_PKG_VERSION"))
                .display_name(format!("nodeprof-{name}"))
                .bin_name(format!("nodeprof {name}"))
        }
    };
    clap_mangen::Man::new(page).render(out)?;
    Ok(Outcome::Success)
}
