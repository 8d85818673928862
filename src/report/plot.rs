//! Charts with plotters, each written as SVG and PNG. Text is drawn with DejaVu Sans embedded
//! in the binary, so no system font is needed.

use std::path::{Path, PathBuf};
use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};

use super::tables::{depth_key, Tables};
use super::Metric;
use crate::error::ReportError;

const FONT: &str = "sans-serif";

/// Tableau 10: distinct and readable on white.
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
    RGBColor(0x79, 0x70, 0x6e),
];

fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

fn register_fonts() {
    static FONTS: Once = Once::new();
    FONTS.call_once(|| {
        // The font is compiled in and valid; a failure would only lose the text.
        let _ = register_font(FONT, FontStyle::Normal, dejavu::sans::regular());
        let _ = register_font(FONT, FontStyle::Bold, dejavu::sans::bold());
    });
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
trait Draw {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String>;
}

/// Draws `chart` into `<dir>/<stem>.svg` and `<dir>/<stem>.png`.
fn write<D: Draw>(
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

impl Draw for LineChart {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let Some(((x0, x1), (y0, y1))) = bounds(&self.series, self.log_y) else {
            return area
                .draw(&Text::new("no data", (20, 20), (FONT, 20)))
                .map_err(|e| e.to_string());
        };
        let mut builder = ChartBuilder::on(area);
        builder
            .caption(&self.title, (FONT, self.title_size))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(70);
        let x_ticks = if self.integer_x {
            ((x1 - x0).round() as usize + 1).min(20)
        } else {
            8
        };
        macro_rules! finish {
            ($chart:expr) => {{
                let mut chart = $chart;
                chart
                    .configure_mesh()
                    .x_desc(&self.x_label)
                    .y_desc(&self.y_label)
                    .x_labels(x_ticks)
                    .x_label_formatter(&|x| {
                        if self.integer_x {
                            format!("{x:.0}")
                        } else {
                            short_number(*x)
                        }
                    })
                    .y_label_formatter(&|y| short_number(*y))
                    .label_style((FONT, 14))
                    .axis_desc_style((FONT, 16))
                    .light_line_style(RGBColor(235, 235, 235))
                    .draw()
                    .map_err(|e| e.to_string())?;
                for (i, s) in self.series.iter().enumerate() {
                    let c = colour(i);
                    let points: Vec<(f64, f64)> = s
                        .points
                        .iter()
                        .copied()
                        .filter(|(_, y)| !self.log_y || *y > 0.0)
                        .collect();
                    let drawn = chart
                        .draw_series(LineSeries::new(points.clone(), c.stroke_width(2)))
                        .map_err(|e| e.to_string())?;
                    if self.legend {
                        drawn.label(&s.name).legend(move |(x, y)| {
                            PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(3))
                        });
                    }
                    chart
                        .draw_series(points.iter().map(|&p| Circle::new(p, 3, c.filled())))
                        .map_err(|e| e.to_string())?;
                }
                if self.legend {
                    chart
                        .configure_series_labels()
                        .position(if self.log_y {
                            // Counts grow with depth: the upper left is free.
                            SeriesLabelPosition::UpperLeft
                        } else {
                            SeriesLabelPosition::LowerRight
                        })
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
struct Panels {
    title: String,
    panels: Vec<LineChart>,
    legend: Vec<String>,
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
        let mut x = 12;
        for (i, name) in self.legend.iter().enumerate() {
            let c = colour(i);
            legend_area
                .draw(&PathElement::new(
                    vec![(x, 16), (x + 18, 16)],
                    c.stroke_width(3),
                ))
                .map_err(|e| e.to_string())?;
            legend_area
                .draw(&Text::new(name.as_str(), (x + 24, 8), (FONT, 14)))
                .map_err(|e| e.to_string())?;
            x += 34 + 8 * name.len() as i32;
        }
        Ok(())
    }
}

/// Horizontal bars on a log scale, one a label.
struct Bars {
    title: String,
    x_label: String,
    bars: Vec<(String, f64)>,
}

impl Draw for Bars {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let values: Vec<f64> = self.bars.iter().map(|b| b.1).filter(|v| *v > 0.0).collect();
        let (lo, hi) = values
            .iter()
            .fold((f64::MAX, f64::MIN), |(a, b), &v| (a.min(v), b.max(v)));
        if values.is_empty() {
            return Ok(());
        }
        let n = self.bars.len();
        let mut chart = ChartBuilder::on(area)
            .caption(&self.title, (FONT, 22))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(150)
            .build_cartesian_2d((lo / 2.0..hi * 3.0).log_scale(), 0f64..n as f64)
            .map_err(|e| e.to_string())?;
        let labels: Vec<String> = self.bars.iter().map(|b| b.0.clone()).collect();
        chart
            .configure_mesh()
            .disable_y_mesh()
            .x_desc(&self.x_label)
            .y_labels(n * 2 + 1)
            .y_label_formatter(&|y| {
                let i = (n as f64 - y - 0.5).round();
                let on_centre = ((n as f64 - y) - 0.5 - i).abs() < 0.01;
                if on_centre && i >= 0.0 && (i as usize) < n {
                    labels[i as usize].clone()
                } else {
                    String::new()
                }
            })
            .x_label_formatter(&|x| format!("{}%", short_number(*x)))
            .label_style((FONT, 14))
            .axis_desc_style((FONT, 16))
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(|e| e.to_string())?;
        for (i, (_, v)) in self.bars.iter().enumerate() {
            if *v <= 0.0 {
                continue;
            }
            let top = n as f64 - i as f64 - 0.15;
            let bottom = n as f64 - i as f64 - 0.85;
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(lo / 2.0, bottom), (*v, top)],
                    colour(i).filled(),
                )))
                .map_err(|e| e.to_string())?;
            chart
                .draw_series(std::iter::once(Text::new(
                    format!("{v:.2}%"),
                    (*v * 1.08, (top + bottom) / 2.0 + 0.15),
                    (FONT, 13),
                )))
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

/// Scatter of points in colours by group, log-log.
struct Scatter {
    title: String,
    x_label: String,
    y_label: String,
    groups: Vec<Series>,
}

impl Draw for Scatter {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let all: Vec<(f64, f64)> = self
            .groups
            .iter()
            .flat_map(|g| g.points.iter().copied())
            .filter(|(x, y)| *x > 0.0 && *y > 0.0)
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
        let mut chart = ChartBuilder::on(area)
            .caption(&self.title, (FONT, 22))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(70)
            .build_cartesian_2d(
                (x0 / 1.5..x1 * 1.5).log_scale(),
                (y0 / 1.5..y1 * 1.5).log_scale(),
            )
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .x_label_formatter(&|x| short_number(*x))
            .y_label_formatter(&|y| short_number(*y))
            .label_style((FONT, 14))
            .axis_desc_style((FONT, 16))
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(|e| e.to_string())?;
        for (i, g) in self.groups.iter().enumerate() {
            let c = colour(i);
            chart
                .draw_series(
                    g.points
                        .iter()
                        .filter(|(x, y)| *x > 0.0 && *y > 0.0)
                        .map(|&p| Circle::new(p, 3, c.mix(0.75).filled())),
                )
                .map_err(|e| e.to_string())?
                .label(&g.name)
                .legend(move |(x, y)| Circle::new((x + 8, y), 4, c.filled()));
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.85))
            .border_style(RGBColor(200, 200, 200))
            .label_font((FONT, 14))
            .draw()
            .map_err(|e| e.to_string())
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Depths that are numbers, as x values.
fn numeric_depth(depth: &str) -> Option<f64> {
    (depth_key(depth) != u64::MAX).then(|| depth_key(depth) as f64)
}

/// `metric` summed over the suite against depth, one line a variant.
pub fn metric_by_depth(
    tables: &Tables,
    metric: Metric,
    dir: &Path,
    stem: &str,
) -> Result<Vec<PathBuf>, ReportError> {
    let grid = &tables
        .by_depth
        .iter()
        .find(|(m, _)| *m == metric)
        .expect("every metric has a table")
        .1;
    let series = grid
        .rows
        .iter()
        .zip(&grid.cells)
        .map(|(name, row)| Series {
            name: name.clone(),
            points: grid
                .cols
                .iter()
                .zip(row)
                .filter_map(|(d, v)| Some((numeric_depth(d)?, (*v)?)))
                .collect(),
        })
        .collect();
    let chart = LineChart {
        title: format!(
            "{} by depth, summed over {} positions",
            capitalised(metric.title()),
            tables.positions.len()
        ),
        x_label: "depth".into(),
        y_label: format!(
            "{}{}",
            metric.title(),
            if metric.log_scale() {
                " (log scale)"
            } else {
                ""
            }
        ),
        series,
        log_y: metric.log_scale(),
        integer_x: true,
        legend: true,
        title_size: 22,
    };
    write(dir, stem, (960, 640), &chart)
}

/// One series a variant: the points `point` makes of its finished searches.
fn series_per_variant(
    tables: &Tables,
    point: impl Fn(&crate::sweep::record::Record) -> Option<(f64, f64)>,
) -> Vec<Series> {
    tables
        .names
        .iter()
        .map(|name| Series {
            name: name.clone(),
            points: tables
                .finished
                .iter()
                .filter(|r| &r.name == name)
                .filter_map(&point)
                .collect(),
        })
        .collect()
}

/// Nodes against depth per position, small multiples.
pub fn nodes_per_position(tables: &Tables, dir: &Path) -> Result<Vec<PathBuf>, ReportError> {
    let panels = tables
        .positions
        .iter()
        .map(|position| LineChart {
            title: position.clone(),
            x_label: String::new(),
            y_label: String::new(),
            series: series_per_variant(tables, |r| {
                if &r.position != position {
                    return None;
                }
                Some((numeric_depth(&r.depth)?, Metric::Nodes.of(r)?))
            }),
            log_y: true,
            integer_x: true,
            legend: false,
            title_size: 15,
        })
        .collect::<Vec<_>>();
    let rows = panels.len().div_ceil(5).max(1) as u32;
    let chart = Panels {
        title: "Nodes (leaf + interior) by depth, per position (log scale)".into(),
        panels,
        legend: tables.names.clone(),
    };
    write(
        dir,
        "nodes_by_depth_per_position",
        (1500, 80 + 260 * rows),
        &chart,
    )
}

/// Exact sweeps: nodes of each variant on each position (x: the position's place in the
/// suite), one line a variant.
pub fn nodes_by_position(tables: &Tables, dir: &Path) -> Result<Vec<PathBuf>, ReportError> {
    let place = |position: &str| {
        tables
            .positions
            .iter()
            .position(|p| p == position)
            .map(|i| i as f64 + 1.0)
    };
    let chart = LineChart {
        title: format!(
            "Nodes per position, solved to the end ({} to {}, log scale)",
            tables.positions.first().map_or("", String::as_str),
            tables.positions.last().map_or("", String::as_str)
        ),
        x_label: "position (in suite order)".into(),
        y_label: "nodes (leaf + interior)".into(),
        series: series_per_variant(tables, |r| {
            Some((place(&r.position)?, Metric::Nodes.of(r)?))
        }),
        log_y: true,
        integer_x: true,
        legend: true,
        title_size: 22,
    };
    write(dir, "nodes_by_position", (1200, 720), &chart)
}

/// Leaves of each variant relative to the baseline's at the deepest common depth.
pub fn leaves_vs_baseline(
    tables: &Tables,
    baseline: &str,
    dir: &Path,
) -> Result<Vec<PathBuf>, ReportError> {
    let Some(depth) = tables.depths.iter().rev().find(|d| {
        tables
            .totals
            .iter()
            .any(|t| &t.depth == *d && t.name == baseline && t.missing == 0)
    }) else {
        return Ok(Vec::new());
    };
    let base = tables
        .totals
        .iter()
        .find(|t| &t.depth == depth && t.name == baseline)
        .map_or(0, |t| t.leaf);
    let bars = tables
        .totals
        .iter()
        .filter(|t| &t.depth == depth && base > 0)
        .map(|t| (t.name.clone(), 100.0 * t.leaf as f64 / base as f64))
        .collect();
    let chart = Bars {
        title: format!("Leaves relative to {baseline} at depth {depth} (log scale)"),
        x_label: format!("leaves, % of {baseline}"),
        bars,
    };
    write(
        dir,
        "leaves_vs_baseline",
        (960, 120 + 44 * tables.names.len() as u32),
        &chart,
    )
}

/// `metric` of every finished search against its nodes, coloured by variant (log-log), into
/// `<dir>/<stem>.svg` and `.png`.
pub fn metric_vs_nodes(
    tables: &Tables,
    metric: Metric,
    dir: &Path,
    stem: &str,
) -> Result<Vec<PathBuf>, ReportError> {
    let groups = series_per_variant(tables, |r| Some((Metric::Nodes.of(r)?, metric.of(r)?)));
    let chart = Scatter {
        title: format!(
            "{} against nodes, every search (log-log)",
            capitalised(metric.title())
        ),
        x_label: "nodes (leaf + interior)".into(),
        y_label: metric.title().into(),
        groups,
    };
    write(dir, stem, (960, 640), &chart)
}
