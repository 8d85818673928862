//! Durations as users write them, one parser for every option and agent setting
//! (`--time-limit`, `--movetime`, `--clock`, `@movetime=`, `@clock=`): seconds as a number
//! (`2.5`, `150`), or numbers with units summed (`150ms`, `10s`, `1m30s`, `1h 5m`). One cap,
//! a year, far beyond any search worth limiting and well inside what the system's clock
//! can add; the arithmetic is checked, so no text can overflow it.

use std::time::Duration;

/// The longest duration: a year.
pub const MAX: Duration = Duration::from_secs(365 * 24 * 3600);

/// Nanoseconds per unit, by the units' names.
const UNITS: &[(&[&str], u128)] = &[
    (&["ns", "nsec", "nanos"], 1),
    (&["us", "µs", "usec", "micros"], 1_000),
    (&["ms", "msec", "millis"], 1_000_000),
    (&["s", "sec", "secs", "second", "seconds"], 1_000_000_000),
    (&["m", "min", "mins", "minute", "minutes"], 60_000_000_000),
    (&["h", "hr", "hrs", "hour", "hours"], 3_600_000_000_000),
    (&["d", "day", "days"], 86_400_000_000_000),
    (&["w", "week", "weeks"], 604_800_000_000_000),
    // A year of 365.25 days, as humantime counts it.
    (&["y", "year", "years"], 31_557_600_000_000_000),
];

fn unit(name: &str) -> Option<u128> {
    UNITS
        .iter()
        .find(|(names, _)| names.contains(&name))
        .map(|&(_, ns)| ns)
}

/// A number of `unit` nanoseconds written as `digits[.digits]`, exactly, or none past
/// `limit` nanoseconds.
fn scaled(number: &str, unit: u128, limit: u128) -> Option<u128> {
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !digits(whole) || !digits(fraction) {
        return None;
    }
    let mut ns: u128 = 0;
    for c in whole.chars() {
        ns = ns.checked_mul(10)?.checked_add(c as u128 - '0' as u128)?;
        if ns.checked_mul(unit)? > limit {
            return None;
        }
    }
    let mut ns = ns * unit;
    // Fraction digits below a nanosecond are dropped.
    let mut place = unit;
    for c in fraction.chars() {
        place /= 10;
        ns += (c as u128 - '0' as u128) * place;
    }
    (ns <= limit).then_some(ns)
}

/// Parses `text` as a duration from zero to [`MAX`] (`allow_zero`: zero is accepted).
pub fn parse(text: &str, allow_zero: bool) -> Result<Duration, String> {
    let bad = || {
        format!(
            "bad duration '{text}': expected seconds (2.5) or numbers with units (150ms, 10s, 1m30s), {} and at most a year",
            if allow_zero { "0 or more" } else { "more than 0" }
        )
    };
    let limit = MAX.as_nanos();
    let trimmed = text.trim();
    let total = if trimmed.chars().all(|c| c.is_ascii_digit() || c == '.') {
        scaled(trimmed, unit("s").unwrap_or(1), limit).ok_or_else(bad)?
    } else {
        let mut total: u128 = 0;
        let mut rest = trimmed;
        if rest.is_empty() {
            return Err(bad());
        }
        while !rest.is_empty() {
            let number_end = rest
                .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                .unwrap_or(rest.len());
            let (number, after) = rest.split_at(number_end);
            let after = after.trim_start();
            let unit_end = after
                .find(|c: char| c.is_ascii_digit() || c == '.' || c.is_whitespace())
                .unwrap_or(after.len());
            let (name, after) = after.split_at(unit_end);
            let ns = unit(name).ok_or_else(bad)?;
            total = total
                .checked_add(scaled(number, ns, limit).ok_or_else(bad)?)
                .filter(|&t| t <= limit)
                .ok_or_else(bad)?;
            rest = after.trim_start();
        }
        total
    };
    if total == 0 && !allow_zero {
        return Err(bad());
    }
    let secs = (total / 1_000_000_000) as u64;
    Ok(Duration::new(secs, (total % 1_000_000_000) as u32))
}

/// A game clock as written: `10s`, `10s+100ms` (an increment per move), `40/1m+1s` (a period
/// of 40 moves): the moves per period, the base and the increment.
pub fn parse_clock(text: &str) -> Result<(Option<u32>, Duration, Duration), String> {
    let (moves, text) = match text.split_once('/') {
        Some((m, rest)) => (
            Some(
                m.parse::<u32>()
                    .ok()
                    .filter(|&m| m > 0)
                    .ok_or_else(|| format!("clock: '{m}/' must be a number of moves above 0"))?,
            ),
            rest,
        ),
        None => (None, text),
    };
    let (base, increment) = match text.split_once('+') {
        Some((b, i)) => (b, Some(i)),
        None => (text, None),
    };
    let base = parse(base, false).map_err(|e| format!("clock: {e}"))?;
    let increment = match increment {
        Some(i) => parse(i, true).map_err(|e| format!("clock: increment: {e}"))?,
        None => Duration::ZERO,
    };
    Ok((moves, base, increment))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_and_units_parse_alike_everywhere() {
        let ms = Duration::from_millis;
        for (text, want) in [
            ("2.5", ms(2500)),
            ("0.15", ms(150)),
            ("150", Duration::from_secs(150)),
            ("150ms", ms(150)),
            ("1m30s", Duration::from_secs(90)),
            ("1h 5m", Duration::from_secs(3900)),
            ("1.5s", ms(1500)),
            (" 10s ", Duration::from_secs(10)),
            ("250us", Duration::from_micros(250)),
            ("365d", MAX),
        ] {
            assert_eq!(parse(text, false), Ok(want), "{text}");
        }
        assert_eq!(parse("0", true), Ok(Duration::ZERO));
    }

    #[test]
    fn overflowing_or_malformed_durations_are_refused() {
        for text in [
            "18446744073709551615s 1000ms",
            "18446744073709551615",
            "500000000000y",
            "500000000000d",
            "366d",
            "1e20",
            "-1s",
            "",
            "s",
            "1..5s",
            ".",
            "10 parsecs",
            "0",
            "0ms",
            "nan",
            "inf",
        ] {
            assert!(parse(text, false).is_err(), "{text}");
        }
        let err = parse("18446744073709551615s 1000ms", false).unwrap_err();
        assert!(err.contains("at most a year"), "{err}");
    }
}
