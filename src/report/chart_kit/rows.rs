//! Charts of labelled rows on a log axis: ratios to a baseline, grouped means, distributions.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::draw::{centre_label, frame, no_data, Draw, FONT};
use super::labels::{legend_row, log_coord, log_label, short_number, widest};
use super::style::{marker, styles, Style, PALETTE};

/// A light line across each of `n` rows from `x0` to `x1`, to read a dot's row by: on a log
/// axis a stem has no zero to grow from.
fn row_guides(n: usize, x0: f64, x1: f64) -> impl Iterator<Item = PathElement<(f64, f64)>> {
    (0..n).map(move |i| {
        let y = n as f64 - i as f64 - 0.5;
        PathElement::new(
            vec![(x0, y), (x1, y)],
            RGBColor(225, 225, 225).stroke_width(1),
        )
    })
}

/// Ratios as a dot plot on a log axis: one row a label, the value printed beside its dot, a
/// line at 100% (a log axis has no zero for bars to start from).
pub(crate) struct DotPlot {
    pub title: String,
    pub x_label: String,
    /// Label and percentage of the baseline.
    pub dots: Vec<(String, f64)>,
}

impl Draw for DotPlot {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let values: Vec<f64> = self.dots.iter().map(|b| b.1).filter(|v| *v > 0.0).collect();
        if values.is_empty() {
            return Ok(());
        }
        let (lo, hi) = values
            .iter()
            .fold((100f64, 100f64), |(a, b), &v| (a.min(v), b.max(v)));
        let n = self.dots.len();
        let labels: Vec<&str> = self.dots.iter().map(|b| b.0.as_str()).collect();
        // Every label whole: the label area is the longest label's width.
        let label_width = widest(area, &labels, 14) + 16;
        let (x0, x1) = (lo / 1.6, hi * 2.2);
        let styles = styles(&labels);
        let mut chart = rows_chart!(
            area,
            &self.title,
            label_width,
            (x0..x1),
            n,
            &self.x_label,
            &labels,
            &|x: &f64| format!("{}%", log_label(x))
        );
        chart
            .draw_series(row_guides(n, x0, x1))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(100.0, 0.0), (100.0, n as f64)],
                RGBColor(120, 120, 120).stroke_width(1),
            )))
            .map_err(|e| e.to_string())?;
        for (i, (_, v)) in self.dots.iter().enumerate() {
            if *v <= 0.0 {
                continue;
            }
            let y = n as f64 - i as f64 - 0.5;
            let c = styles[i].colour;
            chart
                .draw_series(std::iter::once(Circle::new((*v, y), 6, c.filled())))
                .map_err(|e| e.to_string())?;
            let text = match *v >= 10.0 {
                true => format!("{v:.1}%"),
                false => format!("{v:.2}%"),
            };
            chart
                .draw_series(std::iter::once(
                    EmptyElement::at((*v, y)) + Text::new(text, (12, -8), (FONT, 14)),
                ))
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

/// Values of labelled rows on a log axis, one dot a group in each row (a colour and marker a
/// group, listed in a legend): the benchmark tables' means, a row a variant, a group a suite.
pub(crate) struct GroupedDots {
    pub title: String,
    pub x_label: String,
    pub rows: Vec<String>,
    /// Each group's name and its value in each row (None: no value).
    pub groups: Vec<(String, Vec<Option<f64>>)>,
}

impl Draw for GroupedDots {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let values: Vec<f64> = self
            .groups
            .iter()
            .flat_map(|(_, v)| v.iter().flatten().copied())
            .filter(|v| *v > 0.0)
            .collect();
        if values.is_empty() {
            return Ok(());
        }
        let (lo, hi) = values
            .iter()
            .fold((f64::MAX, f64::MIN), |(a, b), &v| (a.min(v), b.max(v)));
        let (x0, x1) = (lo / 1.6, hi * 1.6);
        let n = self.rows.len();
        let labels: Vec<&str> = self.rows.iter().map(String::as_str).collect();
        let names: Vec<&str> = self.groups.iter().map(|(name, _)| name.as_str()).collect();
        let styles = match names.len() {
            1 => vec![Style {
                colour: PALETTE[0],
                shape: 0,
                dashed: false,
            }],
            _ => styles(&names),
        };
        // Several groups: their legend in a strip under the title, clear of the data. One
        // group needs none (the caller names it in the title) and has its values printed.
        let (legend_area, body) = match self.groups.len() > 1 {
            true => {
                let (top, body) = area.split_vertically(70);
                (Some(top), body)
            }
            false => (None, area.clone()),
        };
        let label_width = widest(&body, &labels, 14) + 16;
        let title = match legend_area {
            Some(_) => "",
            None => self.title.as_str(),
        };
        let mut chart = rows_chart!(
            &body,
            title,
            label_width,
            (x0..x1),
            n,
            &self.x_label,
            &labels,
            &log_label
        );
        chart
            .draw_series(row_guides(n, x0, x1))
            .map_err(|e| e.to_string())?;
        for row in 0..n {
            let y = n as f64 - row as f64 - 0.5;
            for (g, (_, values)) in self.groups.iter().enumerate() {
                if let Some(v) = values.get(row).copied().flatten().filter(|v| *v > 0.0) {
                    chart
                        .draw_series(std::iter::once(marker(styles[g], (v, y))))
                        .map_err(|e| e.to_string())?;
                    if self.groups.len() == 1 {
                        chart
                            .draw_series(std::iter::once(
                                EmptyElement::at((v, y))
                                    + Text::new(short_number(v), (9, -8), (FONT, 13)),
                            ))
                            .map_err(|e| e.to_string())?;
                    }
                }
            }
        }
        if let Some(top) = legend_area {
            top.draw(&Text::new(self.title.as_str(), (12, 8), (FONT, 22)))
                .map_err(|e| e.to_string())?;
            let entries: Vec<(Style, &str)> = styles.iter().copied().zip(names).collect();
            legend_row(&top, (label_width as i32 + 12, 52), &entries, false)?;
        }
        Ok(())
    }
}

/// Distributions on a log axis, one row each: a dot a value (cases, such as positions), the
/// median marked and printed. Many series over many independent cases read as rows, where
/// lines over the cases would join what is not joined.
pub(crate) struct Strips {
    pub title: String,
    pub x_label: String,
    /// Each row's name and values.
    pub rows: Vec<(String, Vec<f64>)>,
}

impl Draw for Strips {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let values: Vec<f64> = self
            .rows
            .iter()
            .flat_map(|(_, v)| v.iter().copied())
            .filter(|v| *v > 0.0)
            .collect();
        if values.is_empty() {
            return no_data(area);
        }
        let (lo, hi) = values
            .iter()
            .fold((f64::MAX, f64::MIN), |(a, b), &v| (a.min(v), b.max(v)));
        let (x0, x1) = (lo / 1.6, hi * 1.6);
        let n = self.rows.len();
        let labels: Vec<&str> = self.rows.iter().map(|(name, _)| name.as_str()).collect();
        let styles = styles(&labels);
        let label_width = widest(area, &labels, 14) + 16;
        let mut chart = rows_chart!(
            area,
            &self.title,
            label_width,
            (x0..x1),
            n,
            &self.x_label,
            &labels,
            &log_label
        );
        for (row, (_, values)) in self.rows.iter().enumerate() {
            let y = n as f64 - row as f64 - 0.5;
            let c = styles[row].colour;
            let mut sorted: Vec<f64> = values.iter().copied().filter(|v| *v > 0.0).collect();
            sorted.sort_by(f64::total_cmp);
            // Dots spread a little up and down, by their place in the list, so that equal
            // values stay visible.
            chart
                .draw_series(
                    values
                        .iter()
                        .enumerate()
                        .filter(|(_, v)| **v > 0.0)
                        .map(|(k, &v)| {
                            let dy = ((k % 5) as f64 - 2.0) * 0.06;
                            Circle::new((v, y + dy), 3, c.mix(0.55).filled())
                        }),
                )
                .map_err(|e| e.to_string())?;
            if sorted.is_empty() {
                continue;
            }
            let mid = sorted.len() / 2;
            let median = match sorted.len() % 2 {
                1 => sorted[mid],
                _ => (sorted[mid - 1] + sorted[mid]) / 2.0,
            };
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(median, y - 0.3), (median, y + 0.3)],
                    BLACK.stroke_width(2),
                )))
                .map_err(|e| e.to_string())?;
            chart
                .draw_series(std::iter::once(
                    EmptyElement::at((median, y + 0.3))
                        + Text::new(short_number(median), (4, -14), (FONT, 12)),
                ))
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}
