//! Lines with a shaded band around each.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::draw::{frame, no_data, Draw, Series, FONT};
use super::labels::{log_coord, log_label};
use super::style::styles;

/// Lines of a centre value with a shaded band around each (a spread), y on a log scale.
pub(crate) struct Bands {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub series: Vec<Series>,
    /// Per series, (x, low, high) of its band.
    pub bands: Vec<Vec<(f64, f64, f64)>>,
}

impl Draw for Bands {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let points: Vec<(f64, f64)> = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().copied())
            .chain(
                self.bands
                    .iter()
                    .flatten()
                    .flat_map(|&(x, lo, hi)| [(x, lo), (x, hi)]),
            )
            .filter(|&(_, y)| y > 0.0)
            .collect();
        if points.is_empty() {
            return no_data(area);
        }
        let (x0, x1, y0, y1) = points.iter().fold(
            (f64::MAX, f64::MIN, f64::MAX, f64::MIN),
            |(a, b, c, d), &(x, y)| (a.min(x), b.max(x), c.min(y), d.max(y)),
        );
        // Room at the top for the legend (a line of 20 pixels a series), clear of the data.
        let (bottom, top) = (y0 / 1.5, y1 * 1.5);
        let plot_height = area.dim_in_pixel().1.saturating_sub(130).max(100) as f64;
        let legend = (20.0 * self.series.len() as f64 + 16.0).min(plot_height / 2.0);
        let top = bottom * (top / bottom).powf(plot_height / (plot_height - legend));
        let mut chart = frame(area, &self.title, 22, 24, 70)
            .build_cartesian_2d(x0..x1.max(x0 + 1.0), log_coord(bottom, top))
            .map_err(|e| e.to_string())?;
        mesh!(
            chart,
            &self.x_label,
            &self.y_label,
            &|x: &f64| format!("{x:.0}"),
            &log_label
        )
        .draw()
        .map_err(|e| e.to_string())?;
        let styles = styles(&self.series.iter().map(|s| &s.name).collect::<Vec<_>>());
        for (i, s) in self.series.iter().enumerate() {
            let c = styles[i].colour;
            let band: Vec<(f64, f64, f64)> = self.bands.get(i).map_or(Vec::new(), |b| {
                b.iter().copied().filter(|b| b.1 > 0.0).collect()
            });
            // One shape a run of consecutive x values: no band is drawn across a gap.
            for run in band.chunk_by(|a, b| b.0 - a.0 <= 1.0) {
                let outline: Vec<(f64, f64)> = run
                    .iter()
                    .map(|&(x, lo, _)| (x, lo))
                    .chain(run.iter().rev().map(|&(x, _, hi)| (x, hi)))
                    .collect();
                chart
                    .draw_series(std::iter::once(Polygon::new(outline, c.mix(0.22).filled())))
                    .map_err(|e| e.to_string())?;
            }
            let line: Vec<(f64, f64)> = s.points.iter().copied().filter(|p| p.1 > 0.0).collect();
            chart
                .draw_series(LineSeries::new(line, c.stroke_width(2)))
                .map_err(|e| e.to_string())?
                .label(&s.name)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 16, y)], c.stroke_width(2))
                });
        }
        legend!(chart, SeriesLabelPosition::UpperRight)
    }
}
