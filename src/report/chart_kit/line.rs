//! Line charts, alone or as small multiples.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::draw::{frame, no_data, Draw, Series, FONT};
use super::labels::{legend_row, log_coord, short_number, spread_labels, tick_number, widest};
use super::style::{marker, styles, Style};

/// Lines of a metric against an x value, one a series, y on a log scale when asked.
pub(crate) struct LineChart {
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

/// A series to draw: its style, itself, and its points that can be drawn.
type Drawn<'a> = (Style, &'a Series, Vec<(f64, f64)>);

impl Draw for LineChart {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let Some(((mut x0, mut x1), (y0, y1))) = bounds(&self.series, self.log_y) else {
            return no_data(area);
        };
        if !self.lines {
            // Dots at the edges stay off the axes.
            (x0, x1) = (x0 - 0.5, x1 + 0.5);
        }
        let drawn = self.drawn();
        let names: Vec<&str> = drawn.iter().map(|(_, s, _)| s.name.as_str()).collect();
        // Labels at the line ends (or the legend beside dots) need room on the right: the
        // longest label's width.
        let right = match (self.legend, self.lines) {
            (true, true) => widest(area, &names, 13) as i32 + 46,
            (true, false) => widest(area, &names, 14) as i32 + 48,
            (false, _) => 12,
        };
        let mut builder = frame(area, &self.title, self.title_size, right, 70);
        let x_ticks = if self.integer_x {
            ((x1 - x0).round() as usize + 1).min(20)
        } else {
            8
        };
        let name_step = self.name_step(area, right);
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
        let y_format = |v: &f64| tick_number(*v);
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
                for (style, _, points) in &drawn {
                    let (style, c) = (*style, style.colour);
                    if self.lines {
                        let line = c.stroke_width(2);
                        // Dashed or not by name, so that lines that run together stay apart.
                        match style.dashed {
                            false => chart.draw_series(LineSeries::new(points.clone(), line)),
                            true => {
                                chart.draw_series(DashedLineSeries::new(points.clone(), 9, 5, line))
                            }
                        }
                        .map_err(|e| e.to_string())?;
                    }
                    chart
                        .draw_series(points.iter().map(|&p| marker(style, p)))
                        .map_err(|e| e.to_string())?;
                }
                if self.legend && !self.lines {
                    dot_legend(area, right, &drawn)?;
                }
                if self.legend && self.lines {
                    // The series' names at their last points, spread apart where the lines
                    // end close together, with a leader from the point to a moved label.
                    let ends: Vec<(i32, (i32, i32), Style, &str)> = drawn
                        .iter()
                        .map(|(style, s, points)| {
                            let at = chart.backend_coord(points.last().expect("not empty"));
                            (at.1, at, *style, s.name.as_str())
                        })
                        .collect();
                    end_labels(area, ends)?;
                }
                Ok(())
            }};
        }
        if self.log_y {
            finish!(builder
                .build_cartesian_2d(x0..x1, log_coord(y0, y1))
                .map_err(|e| e.to_string())?)
        } else {
            finish!(builder
                .build_cartesian_2d(x0..x1, y0..y1)
                .map_err(|e| e.to_string())?)
        }
    }
}

impl LineChart {
    /// A chart of joined lines over whole x values, linear y, with a legend: the usual
    /// against-threads or against-budget chart (`x_names` may name the x values 1, 2, ...).
    pub fn joined(
        title: String,
        (x_label, y_label): (&str, &str),
        series: Vec<Series>,
        x_names: Vec<String>,
    ) -> LineChart {
        LineChart {
            title,
            x_label: x_label.into(),
            y_label: y_label.into(),
            series,
            log_y: false,
            integer_x: true,
            legend: true,
            title_size: 22,
            lines: true,
            x_names,
        }
    }

    /// The series with a point to draw (only they are drawn, listed and labelled), each
    /// with its style and those points.
    fn drawn(&self) -> Vec<Drawn<'_>> {
        let styles = styles(&self.series.iter().map(|s| &s.name).collect::<Vec<_>>());
        self.series
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
            .collect()
    }

    /// Named x values: every k-th name is written, so that names do not run together.
    fn name_step<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>, right: i32) -> usize {
        if self.x_names.is_empty() {
            return 1;
        }
        let names: Vec<&str> = self.x_names.iter().map(String::as_str).collect();
        let width = widest(area, &names, 14);
        let room = (area.dim_in_pixel().0 as i32 - right - 100).max(1) as usize;
        (self.x_names.len() * (width as usize + 12))
            .div_ceil(room)
            .max(1)
    }
}

/// Dots of independent cases: the legend in a column right of the plot, `right` pixels
/// wide.
fn dot_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    right: i32,
    drawn: &[Drawn],
) -> Result<(), String> {
    let x = area.dim_in_pixel().0 as i32 - right + 16;
    for (k, (style, s, _)) in drawn.iter().enumerate() {
        let y = 60 + 22 * k as i32;
        area.draw(&marker(*style, (x + 6, y)))
            .map_err(|e| e.to_string())?;
        area.draw(&Text::new(s.name.as_str(), (x + 18, y - 8), (FONT, 14)))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Small multiples: one line chart a position, in a grid.
pub(crate) struct Panels {
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

/// Line-end labels (the point, its style and the series' name), spread apart where lines end
/// close together, each with a leader from its point and, as its legend, the line's dash and
/// marker before the name.
fn end_labels<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    mut ends: Vec<(i32, (i32, i32), Style, &str)>,
) -> Result<(), String> {
    ends.sort_by_key(|e| e.0);
    let mut ys: Vec<i32> = ends.iter().map(|e| e.0).collect();
    let height = area.dim_in_pixel().1 as i32;
    spread_labels(&mut ys, 16, height / 12, height - 50);
    let line = |points: Vec<(i32, i32)>, c: RGBColor, width: u32| {
        area.draw(&PathElement::new(points, c.stroke_width(width)))
            .map_err(|e| e.to_string())
    };
    for ((_, at, style, name), y) in ends.into_iter().zip(ys) {
        let (c, x) = (style.colour, at.0 + 8);
        line(vec![(at.0 + 3, at.1), (x + 4, y)], c, 1)?;
        match style.dashed {
            false => line(vec![(x + 4, y), (x + 24, y)], c, 2)?,
            true => {
                line(vec![(x + 4, y), (x + 10, y)], c, 2)?;
                line(vec![(x + 18, y), (x + 24, y)], c, 2)?;
            }
        }
        area.draw(&marker(style, (x + 14, y)))
            .map_err(|e| e.to_string())?;
        let font = (FONT, 13).into_font().color(&c.mix(1.0));
        area.draw(&Text::new(name.to_string(), (x + 29, y - 7), font))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}
