//! A small chart kit on plotters, knowing nothing of nodeprof's tables: line charts (alone or
//! as small multiples), dot plots, distributions, scatter plots with spread bars, bars and
//! bands, one file each, written as SVG and PNG. A series' colour, marker and dash come from
//! its name (`style`). Text is drawn with DejaVu Sans embedded in the binary, so no system
//! font is needed.

/// The mesh every chart draws: axis titles, tick labels (`x_format`, `y_format`), a light
/// grid.
macro_rules! mesh {
    ($chart:expr, $x_desc:expr, $y_desc:expr, $x_format:expr, $y_format:expr) => {
        $chart
            .configure_mesh()
            .x_desc($x_desc)
            .y_desc($y_desc)
            .x_label_formatter($x_format)
            .y_label_formatter($y_format)
            .label_style((FONT, 14))
            .axis_desc_style((FONT, 16))
            .light_line_style(RGBColor(235, 235, 235))
    };
}

/// A chart of `n` labelled rows (`labels`, the first at the top) against a log x axis over
/// `range`, its mesh drawn: the dot plots' frame. Returns from the drawing function on error.
macro_rules! rows_chart {
    ($area:expr, $title:expr, $label_width:expr, $range:expr, $n:expr, $x_desc:expr, $labels:expr, $x_format:expr) => {{
        let (n, labels): (usize, &[&str]) = ($n, $labels);
        let mut chart = frame($area, $title, 22, 24, $label_width)
            .build_cartesian_2d(log_coord($range.start, $range.end), 0f64..n as f64)
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .x_desc($x_desc)
            .y_labels(n * 2 + 1)
            .y_label_formatter(&|y| centre_label(n as f64 - y, labels, 1))
            .x_label_formatter($x_format)
            .label_style((FONT, 14))
            .axis_desc_style((FONT, 16))
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(|e| e.to_string())?;
        chart
    }};
}

/// The legend every chart draws: a white box with a grey border at `$position`.
macro_rules! legend {
    ($chart:expr, $position:expr) => {
        $chart
            .configure_series_labels()
            .position($position)
            .background_style(WHITE.mix(0.85))
            .border_style(RGBColor(200, 200, 200))
            .label_font((FONT, 14))
            .draw()
            .map_err(|e| e.to_string())
    };
}

mod bands;
mod bars;
mod draw;
mod labels;
mod line;
mod png;
mod rows;
mod scatter;
mod style;

pub(super) use bands::Bands;
pub(super) use bars::Bars;
pub(super) use draw::{capitalised, write, Series};
pub(super) use line::{LineChart, Panels};
pub(super) use rows::{DotPlot, GroupedDots, Strips};
pub(super) use scatter::Scatter;
#[cfg(test)]
pub(crate) use style::styles;
