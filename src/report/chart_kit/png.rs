//! Charts as small PNGs: the drawn pixels written with a palette of their 256 most frequent
//! colours (a chart's background, grid, text and series colours are among them, exactly),
//! every other colour (the edges antialiasing blends) mapped to its nearest palette colour,
//! at the best compression. A chart of this kit so comes out at about a third to a fifth of
//! its size as true colour, looking the same.

use std::collections::HashMap;

/// The most colours a palette holds.
const PALETTE: usize = 256;

/// `rgb` (`width` x `height` pixels, three bytes each) as an indexed PNG file's bytes.
pub(super) fn encode(width: u32, height: u32, rgb: &[u8]) -> Result<Vec<u8>, String> {
    let pixels: Vec<[u8; 3]> = rgb.chunks_exact(3).map(|p| [p[0], p[1], p[2]]).collect();
    let palette = palette_of(&pixels);
    let mut index: HashMap<[u8; 3], u8> = palette
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, i as u8))
        .collect();
    let indices: Vec<u8> = pixels
        .iter()
        .map(|c| *index.entry(*c).or_insert_with(|| nearest(&palette, *c)))
        .collect();
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, width, height);
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(palette.concat());
        encoder.set_compression(png::Compression::Best);
        encoder.set_filter(png::FilterType::NoFilter);
        let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
        writer
            .write_image_data(&indices)
            .map_err(|e| e.to_string())?;
    }
    Ok(bytes)
}

/// The most frequent colours, most frequent first (ties in colour order: the same image
/// always gives the same palette).
fn palette_of(pixels: &[[u8; 3]]) -> Vec<[u8; 3]> {
    let mut counts: HashMap<[u8; 3], u64> = HashMap::new();
    for p in pixels {
        *counts.entry(*p).or_default() += 1;
    }
    let mut colours: Vec<([u8; 3], u64)> = counts.into_iter().collect();
    colours.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    colours.truncate(PALETTE);
    colours.into_iter().map(|(c, _)| c).collect()
}

/// The index of the palette colour nearest `colour` (squared distance, weighted as the eye
/// weighs red, green and blue; the first of equals).
fn nearest(palette: &[[u8; 3]], colour: [u8; 3]) -> u8 {
    let distance = |p: &[u8; 3]| -> u32 {
        let d = |i: usize| (i32::from(p[i]) - i32::from(colour[i])).unsigned_abs();
        2 * d(0) * d(0) + 4 * d(1) * d(1) + 3 * d(2) * d(2)
    };
    let mut best = 0;
    for (i, p) in palette.iter().enumerate() {
        if distance(p) < distance(&palette[best]) {
            best = i;
        }
    }
    best as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes an indexed PNG back to its RGB pixels.
    fn decode(bytes: &[u8]) -> (u32, u32, Vec<[u8; 3]>) {
        let mut decoder = png::Decoder::new(bytes);
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        let pixels = buf[..info.buffer_size()]
            .chunks_exact(3)
            .map(|p| [p[0], p[1], p[2]])
            .collect();
        (info.width, info.height, pixels)
    }

    #[test]
    fn few_colours_come_back_exactly() {
        let colours = [[255, 255, 255], [31, 119, 180], [0, 0, 0], [235, 235, 235]];
        let rgb: Vec<u8> = (0..40 * 30).flat_map(|i| colours[i % 4]).collect();
        let (w, h, pixels) = decode(&encode(40, 30, &rgb).unwrap());
        assert_eq!((w, h), (40, 30));
        let back: Vec<u8> = pixels.concat();
        assert_eq!(back, rgb);
    }

    #[test]
    fn rare_colours_go_to_their_nearest_frequent_one() {
        // 300 distinct colours: the 256 most frequent (each twice) are kept, the 44 seen
        // once become their nearest.
        let mut rgb = Vec::new();
        for i in 0..300u32 {
            let c = [(i % 256) as u8, (i / 256) as u8 * 100, 7];
            let times = if i < 256 { 2 } else { 1 };
            for _ in 0..times {
                rgb.extend(c);
            }
        }
        let n = (rgb.len() / 3) as u32;
        let (_, _, pixels) = decode(&encode(n, 1, &rgb).unwrap());
        assert_eq!(pixels[0], [0, 0, 7]);
        assert_eq!(pixels[511], [255, 0, 7]);
        // Colour 256 is [0, 100, 7]: of the kept [k, 0, 7], k = 0 is nearest.
        assert_eq!(pixels[512], [0, 0, 7]);
        let distinct: std::collections::HashSet<[u8; 3]> = pixels.iter().copied().collect();
        assert_eq!(distinct.len(), 256);
    }
}
