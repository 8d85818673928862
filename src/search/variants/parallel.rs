//! How a variant shares its work between threads (`+ybwc`, `+smp`, `+abdada`): part of its
//! spec.

/// How a search shares its work between threads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Parallel {
    /// Young brothers searched in parallel once the eldest is done (the default of the
    /// windowed searches).
    #[default]
    Ybwc,
    /// Helpers searching the same root over the shared table.
    LazySmp,
    /// Every thread searching the same root over the shared table, a node's young brothers
    /// that another thread is searching put off to the end (simplified ABDADA).
    Abdada,
}

impl Parallel {
    pub const fn name(self) -> &'static str {
        match self {
            Parallel::Ybwc => "ybwc",
            Parallel::LazySmp => "smp",
            Parallel::Abdada => "abdada",
        }
    }
}
