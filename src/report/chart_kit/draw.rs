//! What every chart shares: the font, the drawing trait, the named series, writing a chart
//! as SVG and PNG.

use std::path::{Path, PathBuf};
use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};

use crate::error::ReportError;

pub(super) const FONT: &str = "sans-serif";

fn register_fonts() {
    static FONTS: Once = Once::new();
    FONTS.call_once(|| {
        // The font is compiled in and valid; a failure would only lose the text.
        let _ = register_font(FONT, FontStyle::Normal, dejavu::sans::regular());
        let _ = register_font(FONT, FontStyle::Bold, dejavu::sans::bold());
    });
}

/// A named line of (x, y) points.
pub(crate) struct Series {
    pub name: String,
    pub points: Vec<(f64, f64)>,
}

fn plot_error(path: &Path, e: impl std::fmt::Display) -> ReportError {
    ReportError::Plot {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}

/// A drawing routine usable with both backends.
pub(crate) trait Draw {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String>;
}

/// Draws `chart` into `<dir>/<stem>.svg` and `<dir>/<stem>.png`.
pub(crate) fn write<D: Draw>(
    dir: &Path,
    stem: &str,
    size: (u32, u32),
    chart: &D,
) -> Result<Vec<PathBuf>, ReportError> {
    register_fonts();
    let svg = dir.join(format!("{stem}.svg"));
    let png = dir.join(format!("{stem}.png"));
    // Each drawn in memory, then written beside and renamed: a kill leaves the chart of the
    // report before or this one, never half a file.
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, size).into_drawing_area();
        root.fill(&WHITE).map_err(|e| plot_error(&svg, e))?;
        chart.draw(&root).map_err(|e| plot_error(&svg, e))?;
        root.present().map_err(|e| plot_error(&svg, e))?;
    }
    crate::store::replace(&svg, text.as_bytes())?;
    let mut rgb = vec![0u8; size.0 as usize * size.1 as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, size).into_drawing_area();
        root.fill(&WHITE).map_err(|e| plot_error(&png, e))?;
        chart.draw(&root).map_err(|e| plot_error(&png, e))?;
        root.present().map_err(|e| plot_error(&png, e))?;
    }
    let bytes = super::png::encode(size.0, size.1, &rgb).map_err(|e| plot_error(&png, e))?;
    crate::store::replace(&png, &bytes)?;
    Ok(vec![svg, png])
}

pub(crate) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The label of the band whose centre `at` is (band i spans i..i+1 of the axis): band i's
/// label when i is a multiple of `step`, else nothing (ticks between centres get none).
pub(super) fn centre_label<S: AsRef<str>>(at: f64, labels: &[S], step: usize) -> String {
    let i = (at - 0.5).round();
    let on_centre = (at - 0.5 - i).abs() < 0.01;
    match on_centre && i >= 0.0 && (i as usize) < labels.len() && (i as usize).is_multiple_of(step)
    {
        true => labels[i as usize].as_ref().to_string(),
        false => String::new(),
    }
}

/// What a chart with no point to draw shows.
pub(super) fn no_data<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>) -> Result<(), String> {
    area.draw(&Text::new("no data", (20, 20), (FONT, 20)))
        .map_err(|e| e.to_string())
}

/// The frame of a chart: its title (at `title_size`), margins (`right` on the right, for
/// labels drawn there) and label areas; the caller builds its axes on it.
pub(super) fn frame<'a, 'b, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    title: &str,
    title_size: u32,
    right: i32,
    label_width: u32,
) -> ChartBuilder<'a, 'b, DB> {
    let mut builder = ChartBuilder::on(area);
    builder
        .caption(title, (FONT, title_size))
        .margin(12)
        .margin_right(right)
        .x_label_area_size(40)
        .y_label_area_size(label_width);
    builder
}
