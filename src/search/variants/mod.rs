//! Search variants: a base algorithm plus enhancements, written as a spec string
//! (`alphabeta+tt+killer:2`), parsed into a [`Variant`] that prints back to its canonical
//! spec. Bases and enhancements are tables ([`BASES`], [`ENHANCEMENTS`]) that drive the
//! parser, the printer, the help texts and the checks; presets and profiles have their own
//! files.

mod arg;
mod base;
mod enhancement;
mod grammar;
mod names;
mod parallel;
mod presets;
mod profiles;
mod solvers;
mod variant;

pub use arg::Arg;
pub use base::{Base, BaseInfo, BASES};
pub use enhancement::{
    Enhancement, GameNeed, Need, DEFAULT_CHECK_WEIGHT, DEFAULT_TABLE_MIB, ENHANCEMENTS,
    MAX_KILLERS, SSO_MIN_EMPTIES,
};
pub use parallel::Parallel;
pub use presets::{Preset, PRESETS};
pub use profiles::CLASSIC_TABLE_MIB;
pub use solvers::default_solver;
pub use variant::{TableUse, Variant};

#[cfg(test)]
mod tests;
