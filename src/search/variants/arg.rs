//! A numeric `:ARG` of a base or an enhancement: its range (its default is the owner's constant).

/// An argument's description.
#[derive(Clone, Copy, Debug)]
pub struct Arg {
    /// How help texts write it (`MiB` in `tt[:MiB]`).
    pub placeholder: &'static str,
    /// What it is, in error messages (`table size (MiB)`).
    pub what: &'static str,
    pub min: i64,
    pub max: i64,
}

impl Arg {
    /// The value of `text`, checked against the range.
    pub fn parse(&self, text: &str) -> Result<i64, String> {
        text.parse::<i64>()
            .ok()
            .filter(|v| (self.min..=self.max).contains(v))
            .ok_or_else(|| {
                format!(
                    "bad {} '{text}', expected {} to {}",
                    self.what, self.min, self.max
                )
            })
    }
}

/// `name` or `name[:PLACEHOLDER]`.
pub fn usage(name: &str, arg: Option<&Arg>) -> String {
    match arg {
        Some(a) => format!("{name}[:{}]", a.placeholder),
        None => name.to_string(),
    }
}
