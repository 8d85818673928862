//! A small chart kit on plotters, knowing nothing of nodeprof's tables: line charts (alone or
//! as small multiples), dot plots and scatter plots with spread bars, each written as SVG and
//! PNG. Series get their own colour, marker and dash. Text is drawn with DejaVu Sans embedded
//! in the binary, so no system font is needed.

use std::path::{Path, PathBuf};
use std::sync::Once;

use plotters::coord::Shift;
use plotters::element::{Drawable, PointCollection};
use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};
use plotters_backend::{BackendCoord, DrawingErrorKind};

use crate::error::ReportError;

const FONT: &str = "sans-serif";

/// Tableau 10: distinct and readable on white (one colour changed, see below).
const PALETTE: [RGBColor; 10] = [
    RGBColor(0x4e, 0x79, 0xa7),
    RGBColor(0xf2, 0x8e, 0x2b),
    RGBColor(0xe1, 0x57, 0x59),
    RGBColor(0x76, 0xb7, 0xb2),
    RGBColor(0x59, 0xa1, 0x4f),
    RGBColor(0xed, 0xc9, 0x48),
    RGBColor(0xb0, 0x7a, 0xa1),
    RGBColor(0xff, 0x9d, 0xa7),
    RGBColor(0x9c, 0x75, 0x5f),
    // Tableau's grey (0x79706e) is too close to its brown: a near-black instead.
    RGBColor(0x33, 0x33, 0x33),
];

/// How a series is drawn: its colour, marker shape (circle, triangle, square, cross) and
/// whether its line is dashed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Style {
    colour: RGBColor,
    shape: usize,
    dashed: bool,
}

impl Style {
    /// The marker: 0 circle, 1 triangle, 2 square, 3 cross.
    #[cfg(test)]
    pub(crate) fn shape(&self) -> usize {
        self.shape
    }
}

/// FNV-1a, 64 bits: a stable hash of a name (the standard library's may change).
fn name_hash(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The styles of the series `names` of one chart. A name's colour, marker and dash come from
/// its hash, so a variant looks the same in every report; where two names of one chart want
/// the same colour the later takes the next free one, and past ten names colours repeat with
/// another marker.
pub(crate) fn styles<S: AsRef<str>>(names: &[S]) -> Vec<Style> {
    let mut uses = [0usize; PALETTE.len()];
    // Per colour, the markers its names have (bit k: shape k).
    let mut shapes = [0u8; PALETTE.len()];
    names
        .iter()
        .map(|name| {
            let h = name_hash(name.as_ref());
            let wanted = (h % PALETTE.len() as u64) as usize;
            let least = *uses.iter().min().expect("a palette");
            let c = (0..PALETTE.len())
                .map(|k| (wanted + k) % PALETTE.len())
                .find(|&c| uses[c] == least)
                .expect("some colour is least used");
            let shape = (0..4)
                .map(|k| ((h >> 32) as usize + k) % 4)
                .find(|&shape| shapes[c] & 1 << shape == 0)
                .unwrap_or((h >> 32) as usize % 4);
            shapes[c] |= 1 << shape;
            uses[c] += 1;
            Style {
                colour: PALETTE[c],
                shape,
                dashed: (h >> 48) & 1 == 1,
            }
        })
        .collect()
}

fn register_fonts() {
    static FONTS: Once = Once::new();
    FONTS.call_once(|| {
        // The font is compiled in and valid; a failure would only lose the text.
        let _ = register_font(FONT, FontStyle::Normal, dejavu::sans::regular());
        let _ = register_font(FONT, FontStyle::Bold, dejavu::sans::bold());
    });
}

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
        let mut chart = ChartBuilder::on($area)
            .caption($title, (FONT, 22))
            .margin(12)
            .margin_right(24)
            .x_label_area_size(40)
            .y_label_area_size($label_width)
            .build_cartesian_2d($range.log_scale(), 0f64..n as f64)
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

/// The label of the band whose centre `at` is (band i spans i..i+1 of the axis): band i's
/// label when i is a multiple of `step`, else nothing (ticks between centres get none).
fn centre_label<S: AsRef<str>>(at: f64, labels: &[S], step: usize) -> String {
    let i = (at - 0.5).round();
    let on_centre = (at - 0.5 - i).abs() < 0.01;
    match on_centre && i >= 0.0 && (i as usize) < labels.len() && (i as usize).is_multiple_of(step)
    {
        true => labels[i as usize].as_ref().to_string(),
        false => String::new(),
    }
}

/// A named line of (x, y) points.
pub struct Series {
    pub name: String,
    pub points: Vec<(f64, f64)>,
}

fn plot_error(path: &Path, e: impl std::fmt::Display) -> ReportError {
    ReportError::Plot {
        path: path.display().to_string(),
        message: e.to_string(),
    }
}

/// A drawing routine usable with both backends.
pub(super) trait Draw {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String>;
}

/// Draws `chart` into `<dir>/<stem>.svg` and `<dir>/<stem>.png`.
pub(super) fn write<D: Draw>(
    dir: &Path,
    stem: &str,
    size: (u32, u32),
    chart: &D,
) -> Result<Vec<PathBuf>, ReportError> {
    register_fonts();
    let svg = dir.join(format!("{stem}.svg"));
    let png = dir.join(format!("{stem}.png"));
    {
        let root = SVGBackend::new(&svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(|e| plot_error(&svg, e))?;
        chart.draw(&root).map_err(|e| plot_error(&svg, e))?;
        root.present().map_err(|e| plot_error(&svg, e))?;
    }
    {
        let root = BitMapBackend::new(&png, size).into_drawing_area();
        root.fill(&WHITE).map_err(|e| plot_error(&png, e))?;
        chart.draw(&root).map_err(|e| plot_error(&png, e))?;
        root.present().map_err(|e| plot_error(&png, e))?;
    }
    Ok(vec![svg, png])
}

/// Lines of a metric against an x value, one a series, y on a log scale when asked.
pub struct LineChart {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub series: Vec<Series>,
    pub log_y: bool,
    /// Whether x takes only whole numbers (depths): ticks then fall on them.
    pub integer_x: bool,
    pub legend: bool,
    pub title_size: u32,
    /// Whether points are joined: not for independent cases (positions), drawn as dots.
    pub lines: bool,
    /// Names of the x values 1, 2, ... (the ticks' labels); empty: x's own values.
    pub x_names: Vec<String>,
}

fn bounds(series: &[Series], log_y: bool) -> Option<((f64, f64), (f64, f64))> {
    let points = series
        .iter()
        .flat_map(|s| s.points.iter())
        .filter(|(_, y)| !log_y || *y > 0.0);
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for &(x, y) in points {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if x0 > x1 {
        return None;
    }
    if x0 == x1 {
        x0 -= 0.5;
        x1 += 0.5;
    }
    if log_y {
        Some(((x0, x1), (y0 / 1.5, y1 * 1.5)))
    } else {
        let pad = ((y1 - y0) * 0.05).max(1e-9);
        Some(((x0, x1), ((y0 - pad).min(0.0), y1 + pad)))
    }
}

/// Tick labels for a log axis over `lo..hi`: powers of ten over more than three decades,
/// 1, 2 and 5 times them over more than half a decade, every tick below that; the other
/// ticks keep their grid line but no label, so labels never run together ("900k1M").
fn log_label(lo: f64, hi: f64) -> impl Fn(&f64) -> String {
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

/// Large numbers as 12k, 3.4M, 1.2G.
fn short_number(v: f64) -> String {
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

/// Series `i`'s marker at `at`: a circle, triangle, square or cross in turn, so that
/// series of close colours or close values stay apart.
struct Marker<C> {
    at: C,
    shape: usize,
    colour: RGBColor,
}

fn marker<C>(style: Style, at: C) -> Marker<C> {
    Marker {
        at,
        shape: style.shape,
        colour: style.colour,
    }
}

impl<'a, C> PointCollection<'a, C> for &'a Marker<C> {
    type Point = &'a C;
    type IntoIter = std::iter::Once<&'a C>;
    fn point_iter(self) -> std::iter::Once<&'a C> {
        std::iter::once(&self.at)
    }
}

impl<C, DB: DrawingBackend> Drawable<DB> for Marker<C> {
    fn draw<I: Iterator<Item = BackendCoord>>(
        &self,
        mut points: I,
        backend: &mut DB,
        _: (u32, u32),
    ) -> Result<(), DrawingErrorKind<DB::ErrorType>> {
        let Some((x, y)) = points.next() else {
            return Ok(());
        };
        let fill = self.colour.filled();
        match self.shape {
            0 => backend.draw_circle((x, y), 4, &fill, true),
            1 => backend.fill_polygon(vec![(x, y - 6), (x - 5, y + 4), (x + 5, y + 4)], &fill),
            2 => backend.draw_rect((x - 4, y - 4), (x + 4, y + 4), &fill, true),
            _ => {
                let stroke = self.colour.stroke_width(2);
                backend.draw_line((x - 4, y - 4), (x + 4, y + 4), &stroke)?;
                backend.draw_line((x - 4, y + 4), (x + 4, y - 4), &stroke)
            }
        }
    }
}

/// A legend in a row from `at`: each entry's marker (on a line segment when `lines`) and name.
fn legend_row<DB: DrawingBackend>(
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
fn widest<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, texts: &[&str], size: u32) -> u32 {
    let font = TextStyle::from((FONT, size).into_font());
    texts
        .iter()
        .filter_map(|t| area.estimate_text_size(t, &font).ok())
        .map(|(w, _)| w)
        .max()
        .unwrap_or(0)
}

/// Spreads label heights `ys` (sorted) at least `gap` apart, within `top..=bottom`.
fn spread_labels(ys: &mut [i32], gap: i32, top: i32, bottom: i32) {
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

/// A series to draw: its style, itself, and its points that can be drawn.
type Drawn<'a> = (Style, &'a Series, Vec<(f64, f64)>);

impl Draw for LineChart {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let Some(((mut x0, mut x1), (y0, y1))) = bounds(&self.series, self.log_y) else {
            return area
                .draw(&Text::new("no data", (20, 20), (FONT, 20)))
                .map_err(|e| e.to_string());
        };
        if !self.lines {
            // Dots at the edges stay off the axes.
            (x0, x1) = (x0 - 0.5, x1 + 0.5);
        }
        let styles = styles(&self.series.iter().map(|s| &s.name).collect::<Vec<_>>());
        // Only series with a point to draw are drawn, listed and labelled.
        let drawn: Vec<Drawn> = self
            .series
            .iter()
            .zip(&styles)
            .map(|(s, style)| {
                let points: Vec<(f64, f64)> = s
                    .points
                    .iter()
                    .copied()
                    .filter(|(_, y)| !self.log_y || *y > 0.0)
                    .collect();
                (*style, s, points)
            })
            .filter(|(_, _, points)| !points.is_empty())
            .collect();
        let names: Vec<&str> = drawn.iter().map(|(_, s, _)| s.name.as_str()).collect();
        // Labels at the line ends (or the legend beside dots) need room on the right: the
        // longest label's width.
        let right = match (self.legend, self.lines) {
            (true, true) => widest(area, &names, 13) as i32 + 24,
            (true, false) => widest(area, &names, 14) as i32 + 48,
            (false, _) => 12,
        };
        let mut builder = ChartBuilder::on(area);
        builder
            .caption(&self.title, (FONT, self.title_size))
            .margin(12)
            .margin_right(right)
            .x_label_area_size(40)
            .y_label_area_size(70);
        let x_ticks = if self.integer_x {
            ((x1 - x0).round() as usize + 1).min(20)
        } else {
            8
        };
        // Named x values: every k-th name, so that names do not run together.
        let name_step = match self.x_names.is_empty() {
            true => 1,
            false => {
                let width = widest(
                    area,
                    &self.x_names.iter().map(String::as_str).collect::<Vec<_>>(),
                    14,
                );
                let room = (area.dim_in_pixel().0 as i32 - right - 100).max(1) as usize;
                (self.x_names.len() * (width as usize + 12))
                    .div_ceil(room)
                    .max(1)
            }
        };
        let x_format = |x: &f64| {
            if !self.x_names.is_empty() {
                let i = x.round();
                match (x - i).abs() < 0.01 && i >= 1.0 && (i as usize - 1).is_multiple_of(name_step)
                {
                    true => self
                        .x_names
                        .get(i as usize - 1)
                        .cloned()
                        .unwrap_or_default(),
                    false => String::new(),
                }
            } else if self.integer_x {
                format!("{x:.0}")
            } else {
                short_number(*x)
            }
        };
        let log_y = log_label(y0, y1);
        let y_format = |y: &f64| match self.log_y {
            true => log_y(y),
            false => short_number(*y),
        };
        macro_rules! finish {
            ($chart:expr) => {{
                let mut chart = $chart;
                let x_ticks = match self.x_names.is_empty() {
                    true => x_ticks,
                    false => self.x_names.len() + 2,
                };
                mesh!(chart, &self.x_label, &self.y_label, &x_format, &y_format)
                    .x_labels(x_ticks)
                    .draw()
                    .map_err(|e| e.to_string())?;
                for (style, s, points) in &drawn {
                    let (style, c) = (*style, style.colour);
                    if self.lines {
                        let line = c.stroke_width(2);
                        // Dashed or not by name, so that lines that run together stay apart.
                        let series = match style.dashed {
                            false => chart.draw_series(LineSeries::new(points.clone(), line)),
                            true => {
                                chart.draw_series(DashedLineSeries::new(points.clone(), 9, 5, line))
                            }
                        }
                        .map_err(|e| e.to_string())?;
                        if self.legend {
                            series.label(&s.name).legend(move |(x, y)| {
                                (EmptyElement::at((x, y))
                                    + PathElement::new(vec![(0, 0), (22, 0)], c.stroke_width(2))
                                    + marker(style, (11, 0)))
                            });
                        }
                    }
                    chart
                        .draw_series(points.iter().map(|&p| marker(style, p)))
                        .map_err(|e| e.to_string())?;
                }
                if self.legend && !self.lines {
                    // Dots of independent cases: the legend in a column right of the plot.
                    let x = area.dim_in_pixel().0 as i32 - right + 16;
                    for (k, (style, s, _)) in drawn.iter().enumerate() {
                        let y = 60 + 22 * k as i32;
                        area.draw(&marker(*style, (x + 6, y)))
                            .map_err(|e| e.to_string())?;
                        area.draw(&Text::new(s.name.as_str(), (x + 18, y - 8), (FONT, 14)))
                            .map_err(|e| e.to_string())?;
                    }
                }
                if self.legend && self.lines {
                    // The series' names at their last points, spread apart where the lines
                    // end close together, with a leader from the point to a moved label.
                    let mut ends: Vec<(i32, (i32, i32), Style, &str)> = drawn
                        .iter()
                        .map(|(style, s, points)| {
                            let at = chart.backend_coord(points.last().expect("not empty"));
                            (at.1, at, *style, s.name.as_str())
                        })
                        .collect();
                    ends.sort_by_key(|e| e.0);
                    let mut ys: Vec<i32> = ends.iter().map(|e| e.0).collect();
                    let (top, bottom) = (
                        area.dim_in_pixel().1 as i32 / 12,
                        area.dim_in_pixel().1 as i32 - 50,
                    );
                    spread_labels(&mut ys, 16, top, bottom);
                    for ((_, at, style, name), y) in ends.iter().zip(ys) {
                        let c = style.colour;
                        let x = at.0 + 8;
                        area.draw(&PathElement::new(
                            vec![(at.0 + 3, at.1), (x + 4, y)],
                            c.stroke_width(1),
                        ))
                        .map_err(|e| e.to_string())?;
                        area.draw(&Text::new(
                            name.to_string(),
                            (x + 7, y - 7),
                            (FONT, 13).into_font().color(&c.mix(1.0)),
                        ))
                        .map_err(|e| e.to_string())?;
                    }
                    chart
                        .configure_series_labels()
                        .position(if self.log_y {
                            // Counts grow with depth: the upper left is free.
                            SeriesLabelPosition::UpperLeft
                        } else {
                            SeriesLabelPosition::LowerRight
                        })
                        .legend_area_size(30)
                        .background_style(WHITE.mix(0.85))
                        .border_style(RGBColor(200, 200, 200))
                        .label_font((FONT, 14))
                        .draw()
                        .map_err(|e| e.to_string())?;
                }
                Ok(())
            }};
        }
        if self.log_y {
            finish!(builder
                .build_cartesian_2d(x0..x1, (y0..y1).log_scale())
                .map_err(|e| e.to_string())?)
        } else {
            finish!(builder
                .build_cartesian_2d(x0..x1, y0..y1)
                .map_err(|e| e.to_string())?)
        }
    }
}

/// Small multiples: one line chart a position, in a grid.
pub(super) struct Panels {
    pub title: String,
    pub panels: Vec<LineChart>,
    /// The drawn series: index (for the colour and marker) and name.
    pub legend: Vec<(usize, String)>,
}

impl Draw for Panels {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let (title_area, rest) = area.split_vertically(40);
        title_area
            .draw(&Text::new(self.title.as_str(), (12, 10), (FONT, 22)))
            .map_err(|e| e.to_string())?;
        let (body, legend_area) = rest.split_vertically(rest.dim_in_pixel().1 - 36);
        let columns = 5usize.min(self.panels.len().max(1));
        let rows = self.panels.len().div_ceil(columns).max(1);
        for (panel, cell) in self.panels.iter().zip(body.split_evenly((rows, columns))) {
            panel.draw(&cell)?;
        }
        // The panels list the same series in the same order: the first one's styles are all.
        let all = self.panels.first().map_or(Vec::new(), |p| {
            styles(&p.series.iter().map(|s| &s.name).collect::<Vec<_>>())
        });
        let entries: Vec<(Style, &str)> = self
            .legend
            .iter()
            .filter_map(|(i, name)| Some((*all.get(*i)?, name.as_str())))
            .collect();
        legend_row(&legend_area, (12, 16), &entries, true)
    }
}

/// Ratios as a dot plot on a log axis: one row a label, the value printed beside its dot, a
/// line at 100% (a log axis has no zero for bars to start from).
pub(super) struct DotPlot {
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
        let log_x = log_label(x0, x1);
        let styles = styles(&labels);
        let mut chart = rows_chart!(
            area,
            &self.title,
            label_width,
            (x0..x1),
            n,
            &self.x_label,
            &labels,
            &|x: &f64| match log_x(x) {
                label if label.is_empty() => label,
                label => format!("{label}%"),
            }
        );
        // A guide across each row, not a stem: a log axis has no zero to grow from.
        chart
            .draw_series((0..n).map(|i| {
                let y = n as f64 - i as f64 - 0.5;
                PathElement::new(
                    vec![(x0, y), (x1, y)],
                    RGBColor(225, 225, 225).stroke_width(1),
                )
            }))
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

/// Scatter of points in colours by group, x on a log scale, y too unless it is a share.
pub(super) struct Scatter {
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
        let mut builder = ChartBuilder::on(area);
        builder
            .caption(&self.title, (FONT, 22))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(70);
        let styles = styles(&self.groups.iter().map(|g| &g.name).collect::<Vec<_>>());
        let log_x = log_label(x0 / 1.5, x1 * 1.5);
        let log_y = log_label(y0 / 1.5, y1 * 1.5);
        let y_format = |y: &f64| match self.log_y {
            true => log_y(y),
            false => short_number(*y),
        };
        macro_rules! finish {
            ($chart:expr) => {{
                let mut chart = $chart;
                mesh!(chart, &self.x_label, &self.y_label, &log_x, &y_format)
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
        let xs = (x0 / 1.5..x1 * 1.5).log_scale();
        if self.log_y {
            finish!(builder
                .build_cartesian_2d(xs, (y0 / 1.5..y1 * 1.5).log_scale())
                .map_err(|e| e.to_string())?)
        } else {
            // Shares: a linear axis from 0.
            finish!(builder
                .build_cartesian_2d(xs, 0f64..(y1 * 1.05).max(1e-9))
                .map_err(|e| e.to_string())?)
        }
    }
}

pub(super) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Values of labelled rows on a log axis, one dot a group in each row (a colour and marker a
/// group, listed in a legend): the benchmark tables' means, a row a variant, a group a suite.
pub(super) struct GroupedDots {
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
        let log_x = log_label(x0, x1);
        let mut chart = rows_chart!(
            &body,
            title,
            label_width,
            (x0..x1),
            n,
            &self.x_label,
            &labels,
            &log_x
        );
        for row in 0..n {
            let y = n as f64 - row as f64 - 0.5;
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(x0, y), (x1, y)],
                    RGBColor(225, 225, 225).stroke_width(1),
                )))
                .map_err(|e| e.to_string())?;
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
pub(super) struct Strips {
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
            return area
                .draw(&Text::new("no data", (20, 20), (FONT, 20)))
                .map_err(|e| e.to_string());
        }
        let (lo, hi) = values
            .iter()
            .fold((f64::MAX, f64::MIN), |(a, b), &v| (a.min(v), b.max(v)));
        let (x0, x1) = (lo / 1.6, hi * 1.6);
        let n = self.rows.len();
        let labels: Vec<&str> = self.rows.iter().map(|(name, _)| name.as_str()).collect();
        let styles = styles(&labels);
        let label_width = widest(area, &labels, 14) + 16;
        let log_x = log_label(x0, x1);
        let mut chart = rows_chart!(
            area,
            &self.title,
            label_width,
            (x0..x1),
            n,
            &self.x_label,
            &labels,
            &log_x
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

/// Grouped bars: a bar per series in each category (histograms side by side).
pub(super) struct Bars {
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
            return area
                .draw(&Text::new("no data", (20, 20), (FONT, 20)))
                .map_err(|e| e.to_string());
        }
        let mut chart = ChartBuilder::on(area)
            .caption(&self.title, (FONT, 22))
            .margin(12)
            .margin_right(24)
            .x_label_area_size(40)
            .y_label_area_size(70)
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

/// Lines of a centre value with a shaded band around each (a spread), y on a log scale.
pub(super) struct Bands {
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
            return area
                .draw(&Text::new("no data", (20, 20), (FONT, 20)))
                .map_err(|e| e.to_string());
        }
        let (x0, x1, y0, y1) = points.iter().fold(
            (f64::MAX, f64::MIN, f64::MAX, f64::MIN),
            |(a, b, c, d), &(x, y)| (a.min(x), b.max(x), c.min(y), d.max(y)),
        );
        let mut chart = ChartBuilder::on(area)
            .caption(&self.title, (FONT, 22))
            .margin(12)
            .margin_right(24)
            .x_label_area_size(40)
            .y_label_area_size(70)
            .build_cartesian_2d(x0..x1.max(x0 + 1.0), (y0 / 1.5..y1 * 1.5).log_scale())
            .map_err(|e| e.to_string())?;
        let log_y = log_label(y0 / 1.5, y1 * 1.5);
        mesh!(
            chart,
            &self.x_label,
            &self.y_label,
            &|x: &f64| format!("{x:.0}"),
            &log_y
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

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: [&str; 10] = [
        "negamax",
        "alphabeta",
        "alphabeta+tt",
        "pvs+tt+id",
        "mtdf+tt:64",
        "mtdf+tt:64+mobility",
        "bisect+tt",
        "minmax",
        "column_order",
        "lower_bound_tt_weak",
    ];

    #[test]
    fn a_name_keeps_its_style_from_chart_to_chart() {
        let all = styles(&NAMES);
        let colours: std::collections::BTreeSet<_> = all
            .iter()
            .map(|s| (s.colour.0, s.colour.1, s.colour.2))
            .collect();
        assert_eq!(colours.len(), NAMES.len(), "ten names, ten colours");
        for (i, name) in NAMES.iter().enumerate() {
            let alone = styles(&[name])[0];
            let wanted = PALETTE[(name_hash(name) % PALETTE.len() as u64) as usize];
            assert_eq!(alone.colour, wanted);
            // In a chart with other names it keeps that colour unless an earlier name has it.
            let taken = all[..i].iter().any(|other| other.colour == wanted);
            if !taken {
                assert_eq!(all[i], alone, "{name}");
            }
            // The order of the other names does not matter to it, nor do later names.
            assert_eq!(styles(&NAMES[..=i])[i], all[i]);
        }
        // Past ten names colours repeat, each time with another marker (40 styles in all).
        let many: Vec<String> = (0..40).map(|i| format!("variant{i}")).collect();
        let drawn = styles(&many);
        for (i, a) in drawn.iter().enumerate() {
            for b in &drawn[..i] {
                assert!(a.colour != b.colour || a.shape != b.shape);
            }
        }
    }

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
