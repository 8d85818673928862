//! Text on a chart: tick labels, short numbers, widths, and legends drawn by hand.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::draw::FONT;
use super::style::{marker, Style};

/// Tick labels for a log axis over `lo..hi`: powers of ten over more than three decades,
/// 1, 2 and 5 times them over more than half a decade, every tick below that; the other
/// ticks keep their grid line but no label, so labels never run together ("900k1M").
pub(super) fn log_label(lo: f64, hi: f64) -> impl Fn(&f64) -> String {
    let decades = (hi / lo).log10();
    move |v: &f64| {
        if *v <= 0.0 {
            return String::new();
        }
        let mut m = v / 10f64.powi(v.log10().floor() as i32);
        if m >= 9.999 {
            m /= 10.0;
        }
        let near = |k: f64| (m - k).abs() < 1e-3;
        let keep = match decades {
            d if d > 3.0 => near(1.0),
            d if d > 0.5 => near(1.0) || near(2.0) || near(5.0),
            _ => true,
        };
        match keep {
            true => short_number(*v),
            false => String::new(),
        }
    }
}

/// Tick labels for an axis over `lo..hi`: [`log_label`]'s on a log axis, short numbers else.
pub(super) fn axis_label(log: bool, lo: f64, hi: f64) -> impl Fn(&f64) -> String {
    let on_log = log_label(lo, hi);
    move |v: &f64| match log {
        true => on_log(v),
        false => short_number(*v),
    }
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
        format!("{v:.3}")
    }
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
        let labelled = |lo: f64, hi: f64, ticks: &[f64]| -> Vec<String> {
            let label = log_label(lo, hi);
            ticks.iter().map(label).filter(|l| !l.is_empty()).collect()
        };
        // Seven decades: powers of ten only.
        let ticks: Vec<f64> = (0..7)
            .flat_map(|e| (1..10).map(move |m| m as f64 * 10f64.powi(e)))
            .collect();
        assert_eq!(
            labelled(1.0, 1e7, &ticks),
            ["1", "10", "100", "1000", "10k", "100k", "1M"]
        );
        // Two decades (the FFO suite chart's "900k1M"): 1, 2 and 5.
        let ticks: Vec<f64> = (1..10)
            .flat_map(|m| [m as f64 * 1e5, m as f64 * 1e6])
            .collect();
        let mut got = labelled(4e4, 4e6, &ticks);
        got.sort();
        assert_eq!(got, ["100k", "1M", "200k", "2M", "500k", "5M"]);
        // Under half a decade every tick keeps its label.
        assert_eq!(labelled(1e5, 2e5, &[1.2e5, 1.4e5]), ["120k", "140k"]);
    }
}
