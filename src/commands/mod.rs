//! The work behind each subcommand, writing its text output to any `Write`, so that the
//! binary stays a thin front end and the output formats can be tested.

pub mod perft;
pub mod report;
pub mod search;
pub mod show;
pub mod solve;
pub mod variants;

/// `12345678` as `12,345,678`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}
