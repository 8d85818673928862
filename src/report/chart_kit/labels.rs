//! Text on a chart: tick labels, short numbers, widths, and legends drawn by hand.

use plotters::coord::combinators::{BindKeyPoints, LogCoord, WithKeyPoints};
use plotters::coord::Shift;
use plotters::prelude::*;

use super::draw::FONT;
use super::style::{marker, Style};

/// The ticks of a log axis over `lo..hi`: (labelled, grid lines only). Over more than three
/// decades the powers of ten are labelled, over more than half a decade 1, 2 and 5 times
/// them, so that labels never run together ("900k1M"); the other whole multiples get a grid
/// line. The lowest decade is labelled too: where more than a third of a decade lies under
/// the first label, the lowest 1-2-5 tick there (at least a factor 2.5 under it) gets one.
/// Under half a decade: evenly spaced round values, all labelled.
pub(super) fn log_ticks(lo: f64, hi: f64) -> (Vec<f64>, Vec<f64>) {
    if !(lo > 0.0 && hi > lo && lo.is_finite() && hi.is_finite()) {
        return (Vec::new(), Vec::new());
    }
    let decades = (hi / lo).log10();
    if decades <= 0.5 {
        return (round_ticks(lo, hi), Vec::new());
    }
    let labelled = |m: u32| match decades {
        d if d > 3.0 => m == 1,
        _ => matches!(m, 1 | 2 | 5),
    };
    let (mut bold, mut light) = (Vec::new(), Vec::new());
    for e in lo.log10().floor() as i32..=hi.log10().ceil() as i32 {
        for m in 1..=9u32 {
            let v = m as f64 * 10f64.powi(e);
            if v < lo || v > hi {
                continue;
            }
            match labelled(m) {
                true => bold.push(v),
                false => light.push(v),
            }
        }
    }
    let first = bold.first().copied().unwrap_or(hi);
    if (first / lo).log10() > 1.0 / 3.0 {
        let mantissa = |v: f64| (v / 10f64.powi(v.log10().floor() as i32)).round() as u32;
        if let Some(at) = light
            .iter()
            .position(|&v| matches!(mantissa(v), 1 | 2 | 5) && first / v >= 2.5)
            .or_else(|| light.iter().position(|&v| first / v >= 2.5))
        {
            bold.insert(0, light.remove(at));
        }
    }
    (bold, light)
}

/// Round values spaced 1, 2 or 5 times a power of ten apart, at most six of them in `lo..hi`.
fn round_ticks(lo: f64, hi: f64) -> Vec<f64> {
    let raw = (hi - lo) / 5.0;
    let power = 10f64.powi(raw.log10().floor() as i32);
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|k| k * power)
        .find(|step| (hi - lo) / step <= 6.0)
        .unwrap_or(10.0 * power);
    let first = (lo / step).ceil() as i64;
    let last = (hi / step).floor() as i64;
    (first..=last).map(|k| k as f64 * step).collect()
}

/// A log coordinate over `lo..hi` with [`log_ticks`]'s ticks.
pub(super) fn log_coord(lo: f64, hi: f64) -> WithKeyPoints<LogCoord<f64>> {
    let (bold, light) = log_ticks(lo, hi);
    (lo..hi)
        .log_scale()
        .with_key_points(bold)
        .with_light_points(light)
}

/// Tick labels for a log axis (its ticks are [`log_ticks`]'s, every labelled one named).
pub(super) fn log_label(v: &f64) -> String {
    short_number(*v)
}

/// Large numbers as 12k, 3.4M, 1.2G.
pub(super) fn short_number(v: f64) -> String {
    let a = v.abs();
    if a >= 1e9 {
        format!("{:.3}G", v / 1e9).replace(".000", "")
    } else if a >= 1e6 {
        format!("{:.3}M", v / 1e6).replace(".000", "")
    } else if a >= 1e4 {
        format!("{:.0}k", v / 1e3)
    } else if a >= 1.0 || a == 0.0 {
        format!("{v:.0}")
    } else {
        // Three significant digits, no trailing zeros: 0.5, 0.01, 0.0002.
        let decimals = (-a.log10()).ceil() as usize + 2;
        let text = format!("{v:.decimals$}");
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// An axis tick: as [`short_number`], but a tick between whole numbers under 10,000 (a
/// narrow range: 1.2, 1.4) keeps three significant digits, so that no two ticks read alike.
pub(super) fn tick_number(v: f64) -> String {
    let a = v.abs();
    if !(1.0..1e4).contains(&a) || a == a.trunc() {
        return short_number(v);
    }
    let decimals = 2usize.saturating_sub(a.log10().floor() as usize);
    let text = format!("{v:.decimals$}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A legend in a row from `at`: each entry's marker (on a line segment when `lines`) and name.
pub(super) fn legend_row<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    at: (i32, i32),
    entries: &[(Style, &str)],
    lines: bool,
) -> Result<(), String> {
    let (mut x, y) = at;
    for &(style, name) in entries {
        let text_x = match lines {
            true => {
                area.draw(&PathElement::new(
                    vec![(x, y), (x + 22, y)],
                    style.colour.stroke_width(2),
                ))
                .map_err(|e| e.to_string())?;
                area.draw(&marker(style, (x + 11, y)))
                    .map_err(|e| e.to_string())?;
                x + 28
            }
            false => {
                area.draw(&marker(style, (x + 6, y)))
                    .map_err(|e| e.to_string())?;
                x + 16
            }
        };
        area.draw(&Text::new(name, (text_x, y - 8), (FONT, 14)))
            .map_err(|e| e.to_string())?;
        x = text_x + 20 + widest(area, &[name], 14) as i32;
    }
    Ok(())
}

/// The widest of `texts` in pixels at `size`.
pub(super) fn widest<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    texts: &[&str],
    size: u32,
) -> u32 {
    let font = TextStyle::from((FONT, size).into_font());
    texts
        .iter()
        .filter_map(|t| area.estimate_text_size(t, &font).ok())
        .map(|(w, _)| w)
        .max()
        .unwrap_or(0)
}

/// Spreads label heights `ys` (sorted) at least `gap` apart, within `top..=bottom`.
pub(super) fn spread_labels(ys: &mut [i32], gap: i32, top: i32, bottom: i32) {
    for i in 1..ys.len() {
        ys[i] = ys[i].max(ys[i - 1] + gap);
    }
    if let Some(&last) = ys.last() {
        let over = last - bottom;
        if over > 0 {
            for y in ys.iter_mut() {
                *y -= over;
            }
            for i in (0..ys.len().saturating_sub(1)).rev() {
                ys[i] = ys[i].min(ys[i + 1] - gap);
            }
        }
    }
    for y in ys.iter_mut() {
        *y = (*y).max(top);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_ticks_are_labelled_sparsely_enough_not_to_run_together() {
        let names = |ticks: Vec<f64>| -> Vec<String> { ticks.iter().map(log_label).collect() };
        // Seven decades: powers of ten only, whole multiples as grid lines.
        let (bold, light) = log_ticks(1.0, 1e7);
        assert_eq!(
            names(bold),
            ["1", "10", "100", "1000", "10k", "100k", "1M", "10M"]
        );
        assert_eq!(light.len(), 7 * 8);
        // Two decades (the FFO suite chart's "900k1M"): 1, 2 and 5.
        let (bold, _) = log_ticks(4e4, 4e6);
        assert_eq!(names(bold), ["50k", "100k", "200k", "500k", "1M", "2M"]);
        // Under half a decade: round values, all labelled.
        assert_eq!(
            names(log_ticks(1.1e5, 2e5).0),
            ["120k", "140k", "160k", "180k", "200k"]
        );
    }

    #[test]
    fn small_numbers_keep_their_significant_digits() {
        let names: Vec<String> = [0.5, 0.1, 0.01, 0.0002, 0.125, 1.0, 12_000.0]
            .into_iter()
            .map(short_number)
            .collect();
        assert_eq!(names, ["0.5", "0.1", "0.01", "0.0002", "0.125", "1", "12k"]);
    }

    #[test]
    fn the_lowest_decade_of_a_log_axis_has_a_label() {
        let names = |lo: f64, hi: f64| -> Vec<String> {
            log_ticks(lo, hi).0.iter().map(log_label).collect()
        };
        // 30k to 500k: 1, 2 and 5 label the strip under 100k too.
        assert_eq!(names(3e4, 5e5), ["50k", "100k", "200k", "500k"]);
        // Five decades from 150: powers of ten, and 200 under the first (1000).
        assert_eq!(names(150.0, 1e8)[..3], ["200", "1000", "10k"]);
        // A fifth of a decade under the first label needs none.
        assert_eq!(names(600.0, 1e8)[0], "1000");
        // No power of ten inside: 1-2-5 ticks, or round ones under half a decade.
        assert_eq!(names(2e6, 9e6), ["2M", "5M"]);
        assert_eq!(names(3.2e6, 9e6), ["4M", "5M", "6M", "7M", "8M", "9M"]);
    }
}
