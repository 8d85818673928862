//! Scatter plots with spread bars.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::draw::{frame, Draw, Series, FONT};
use super::labels::{log_coord, log_label, short_number};
use super::style::{marker, styles};

/// Scatter of points in colours by group, x on a log scale, y too unless it is a share.
pub(crate) struct Scatter {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub groups: Vec<Series>,
    /// Per group, vertical ranges (x, low, high) drawn as error bars (repeated timings).
    pub spreads: Vec<Vec<(f64, f64, f64)>>,
    pub log_y: bool,
}

impl Draw for Scatter {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let usable = |&(x, y): &(f64, f64)| x > 0.0 && (y > 0.0 || !self.log_y);
        let all: Vec<(f64, f64)> = self
            .groups
            .iter()
            .flat_map(|g| g.points.iter().copied())
            .filter(usable)
            .chain(
                self.spreads
                    .iter()
                    .flatten()
                    .flat_map(|&(x, lo, hi)| [(x, lo), (x, hi)])
                    .filter(usable),
            )
            .collect();
        if all.is_empty() {
            return Ok(());
        }
        let (x0, x1) = all
            .iter()
            .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
        let (y0, y1) = all
            .iter()
            .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
        let (x0, x1) = (x0 / 1.5, x1 * 1.5);
        let mut builder = frame(area, &self.title, 22, 12, 70);
        let styles = styles(&self.groups.iter().map(|g| &g.name).collect::<Vec<_>>());
        let y_format = |v: &f64| short_number(*v);
        macro_rules! finish {
            ($chart:expr) => {{
                let mut chart = $chart;
                mesh!(chart, &self.x_label, &self.y_label, &log_label, &y_format)
                    .draw()
                    .map_err(|e| e.to_string())?;
                for (i, g) in self.groups.iter().enumerate() {
                    let points: Vec<(f64, f64)> = g.points.iter().copied().filter(usable).collect();
                    if points.is_empty() {
                        continue; // listed only when drawn
                    }
                    let (style, c) = (styles[i], styles[i].colour);
                    if let Some(spread) = self.spreads.get(i) {
                        chart
                            .draw_series(spread.iter().filter(|s| s.1 > 0.0 || !self.log_y).map(
                                |&(x, lo, hi)| {
                                    PathElement::new(
                                        vec![(x, lo), (x, hi)],
                                        c.mix(0.6).stroke_width(1),
                                    )
                                },
                            ))
                            .map_err(|e| e.to_string())?;
                    }
                    chart
                        .draw_series(points.iter().map(|&p| marker(style, p)))
                        .map_err(|e| e.to_string())?
                        .label(&g.name)
                        .legend(move |(x, y)| marker(style, (x + 8, y)));
                }
                legend!(chart, SeriesLabelPosition::UpperLeft)
            }};
        }
        let xs = log_coord(x0, x1);
        if self.log_y {
            finish!(builder
                .build_cartesian_2d(xs, log_coord(y0 / 1.5, y1 * 1.5))
                .map_err(|e| e.to_string())?)
        } else {
            // Shares: a linear axis from 0.
            finish!(builder
                .build_cartesian_2d(xs, 0f64..(y1 * 1.05).max(1e-9))
                .map_err(|e| e.to_string())?)
        }
    }
}
