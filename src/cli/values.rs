//! The values several options share: depths and durations.

use std::time::Duration;

use crate::search::{END, MAX_DEPTH};

pub fn parse_duration(text: &str) -> Result<Duration, String> {
    crate::duration::parse(text, false)
}

/// Depths FROM..=TO (`END` to `END`: to the end of the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Depths {
    pub from: u32,
    pub to: u32,
}

impl Depths {
    pub fn list(self) -> Vec<u32> {
        (self.from..=self.to).collect()
    }
}

pub fn parse_depths(text: &str) -> Result<Depths, String> {
    if text.trim() == "end" {
        return Ok(Depths { from: END, to: END });
    }
    let bad = || {
        format!("expected a depth N, a range FROM..TO with 1 <= FROM <= TO <= {MAX_DEPTH}, or end")
    };
    let number = |t: &str| t.trim().parse::<u32>().map_err(|_| bad());
    let (from, to) = match text.split_once("..") {
        Some((a, b)) => (number(a)?, number(b.trim_start_matches('='))?),
        None => {
            let d = number(text)?;
            (d, d)
        }
    };
    if from == 0 || from > to || to > MAX_DEPTH {
        return Err(bad());
    }
    Ok(Depths { from, to })
}

/// A number strictly between 0 and 1.
pub fn unit_interval(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(p) if p > 0.0 && p < 1.0 => Ok(p),
        _ => Err(format!("'{text}': expected a number above 0 and below 1")),
    }
}

/// A share of 0 or more, below 1.
pub fn share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(p) if (0.0..1.0).contains(&p) => Ok(p),
        _ => Err(format!(
            "'{text}': expected a share from 0 up to 1 (0.02 is 2%)"
        )),
    }
}
