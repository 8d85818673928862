//! How each series is drawn: a colour, a marker and a dash chosen from its name.

use plotters::element::{Drawable, PointCollection};
use plotters::prelude::*;
use plotters_backend::{BackendCoord, DrawingErrorKind};

/// Tableau 10: distinct and readable on white (one colour changed, see below).
pub(super) const PALETTE: [RGBColor; 10] = [
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
    pub(super) colour: RGBColor,
    pub(super) shape: usize,
    pub(super) dashed: bool,
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

/// A series' marker at `at`: a circle, triangle, square or cross (its style's shape), so
/// that series of close colours or close values stay apart.
pub(super) struct Marker<C> {
    at: C,
    shape: usize,
    colour: RGBColor,
}

pub(super) fn marker<C>(style: Style, at: C) -> Marker<C> {
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
}
