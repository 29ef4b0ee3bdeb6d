//! Writing boards in a [`Style`].

use super::Style;
use crate::grid::Grid;

/// The line [`Style::Drawn`] puts between bands.
const BAND_LINE: &[u8] = b"---+---+---\n";

/// Appends `grid` in `style` to `out`, ending with `'\n'`.
///
/// Blanks are written as `blank`, except in [`Style::Block`], which always
/// writes `0`. With `blank` one of `b'.'`, `b'0'` and `b'_'` the text reads
/// back as the same board and style through [`Records`](super::Records) or
/// [`str::parse`].
///
/// ```
/// use sudokit::text::{write_grid, Style};
/// use sudokit::Grid;
///
/// let grid: Grid = "123456789".repeat(9).parse()?;
/// let mut out = Vec::new();
/// write_grid(&mut out, &grid, Style::Drawn, b'.');
/// let text = String::from_utf8(out).unwrap();
/// assert_eq!(text.lines().next(), Some("123|456|789"));
/// assert_eq!(text.lines().nth(3), Some("---+---+---"));
/// assert_eq!(text.lines().count(), 11);
/// assert_eq!(text.parse::<Grid>()?, grid);
///
/// let mut out = Vec::new();
/// write_grid(&mut out, &Grid::EMPTY, Style::Block, b'.');
/// assert!(out.starts_with(b"0 0 0 0 0 0 0 0 0\n0 0 0"));
/// # Ok::<(), sudokit::text::ParseError>(())
/// ```
pub fn write_grid(out: &mut Vec<u8>, grid: &Grid, style: Style, blank: u8) {
    let blank = if style == Style::Block { b'0' } else { blank };
    let char_of = |value: u8| if value == 0 { blank } else { b'0' + value };
    let values = grid.values();
    match style {
        Style::Line => {
            out.reserve(82);
            out.extend(values.iter().map(|&v| char_of(v)));
            out.push(b'\n');
        }
        Style::Block => {
            out.reserve(9 * 18);
            for row in values.chunks_exact(9) {
                for (col, &value) in row.iter().enumerate() {
                    if col > 0 {
                        out.push(b' ');
                    }
                    out.push(char_of(value));
                }
                out.push(b'\n');
            }
        }
        Style::Digits => {
            out.reserve(9 * 10);
            for row in values.chunks_exact(9) {
                out.extend(row.iter().map(|&v| char_of(v)));
                out.push(b'\n');
            }
        }
        Style::Drawn => {
            out.reserve(11 * 12);
            for (index, row) in values.chunks_exact(9).enumerate() {
                if index == 3 || index == 6 {
                    out.extend_from_slice(BAND_LINE);
                }
                for (col, &value) in row.iter().enumerate() {
                    if col == 3 || col == 6 {
                        out.push(b'|');
                    }
                    out.push(char_of(value));
                }
                out.push(b'\n');
            }
        }
    }
}
