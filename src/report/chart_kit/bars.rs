//! Grouped bars over categories.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::draw::{centre_label, frame, no_data, Draw, FONT};
use super::labels::short_number;
use super::style::styles;

/// Grouped bars: a bar per series in each category (histograms side by side).
pub(crate) struct Bars {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub categories: Vec<String>,
    /// Each series' name and its value in each category.
    pub series: Vec<(String, Vec<f64>)>,
}

impl Draw for Bars {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let n = self.categories.len();
        let top = self
            .series
            .iter()
            .flat_map(|(_, v)| v.iter().copied())
            .fold(0f64, f64::max);
        if n == 0 || top <= 0.0 {
            return no_data(area);
        }
        let mut chart = frame(area, &self.title, 22, 24, 70)
            .build_cartesian_2d(0f64..n as f64, 0f64..top * 1.12)
            .map_err(|e| e.to_string())?;
        let categories = &self.categories;
        // At most about 25 labels: every k-th category beyond that.
        let step = n.div_ceil(25);
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .x_labels(n * 2 + 1)
            .x_label_formatter(&|x: &f64| centre_label(*x, categories, step))
            .y_label_formatter(&|y| short_number(*y))
            .label_style((FONT, 14))
            .axis_desc_style((FONT, 16))
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(|e| e.to_string())?;
        let width = 0.8 / self.series.len() as f64;
        let styles = styles(&self.series.iter().map(|(name, _)| name).collect::<Vec<_>>());
        for (s, (name, values)) in self.series.iter().enumerate() {
            let c = styles[s].colour;
            chart
                .draw_series(values.iter().enumerate().map(|(i, &v)| {
                    let x = i as f64 + 0.1 + s as f64 * width;
                    Rectangle::new([(x, 0.0), (x + width * 0.92, v)], c.filled())
                }))
                .map_err(|e| e.to_string())?
                .label(name)
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], c.filled()));
        }
        legend!(chart, SeriesLabelPosition::UpperRight)
    }
}
