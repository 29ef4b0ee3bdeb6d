//! Writing boards in a [`Style`].

use super::Style;
use crate::candidates::Candidates;
use crate::grid::{Cell, Digit, Grid};

/// The line [`Style::Drawn`] puts between bands.
const BAND_LINE: &[u8] = b"---+---+---\n";

/// Appends `grid` in `style` to `out`, ending with `'\n'`.
///
/// Blanks are written as `blank`, except in [`Style::Block`], which always
/// writes `0`. With `blank` one of `b'.'`, `b'0'` and `b'_'` the text reads
/// back as the same board and style through [`Records`](super::Records) or
/// [`str::parse`].
///
/// The pencil-mark styles write the board's candidates
/// ([`Candidates::from_grid`]) with [`write_marks`], `blank` standing for an
/// eliminated candidate.
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
            // Filled in a fixed array, so that it compiles to a few vector
            // steps, and appended in one copy.
            let mut line = [b'\n'; 82];
            for (byte, &value) in line.iter_mut().zip(values) {
                *byte = char_of(value);
            }
            out.extend_from_slice(&line);
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
        Style::Marks | Style::MarksGrid => {
            write_marks_with(out, &Candidates::from_grid(grid), style, blank)
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

/// Appends `marks` in `style` to `out`, ending with `'\n'`.
///
/// [`Style::Marks`] writes the 729-character line, `.` for an eliminated
/// candidate. [`Style::MarksGrid`] draws the candidate grid as HoDoKu does:
/// each column as wide as its widest cell, `.` for an empty cell without
/// candidates. Either reads back through [`Records`](super::Records) as the
/// same marks and style, with two provisos the formats impose: an empty cell
/// with one candidate left shows one digit and so reads back placed, and a
/// grid in which no cell shows two digits or more reads back as the same
/// board in [`Style::Drawn`]. The other styles write the placed digits as a
/// board ([`write_grid`]).
///
/// ```
/// use sudokit::text::{write_marks, Style};
/// use sudokit::{Candidates, Cell, Digit, Grid};
///
/// let mut marks = Candidates::from_grid(&Grid::EMPTY);
/// marks.place(Cell::new(0).unwrap(), Digit::new(1).unwrap());
/// let mut out = Vec::new();
/// write_marks(&mut out, &marks, Style::Marks);
/// assert!(out.starts_with(b"1.........23456789.23456789"));
///
/// let mut out = Vec::new();
/// write_marks(&mut out, &marks, Style::MarksGrid);
/// let text = String::from_utf8(out).unwrap();
/// let lines: Vec<&str> = text.lines().collect();
/// assert_eq!(&lines[0][..12], ".-----------");
/// assert_eq!(&lines[1][..38], "| 1         23456789   23456789  | 234");
/// assert!(lines[4].starts_with(":----"));
/// assert_eq!(lines.len(), 13);
/// assert_eq!(text.parse::<Candidates>()?, marks);
/// # Ok::<(), sudokit::text::ParseError>(())
/// ```
pub fn write_marks(out: &mut Vec<u8>, marks: &Candidates, style: Style) {
    if style.shows_marks() {
        write_marks_with(out, marks, style, b'.');
    } else {
        write_grid(out, &marks.grid(), style, style.default_blank());
    }
}

/// [`write_marks`] for a pencil-mark style, with `blank` for an eliminated
/// candidate or an empty cell without any.
fn write_marks_with(out: &mut Vec<u8>, marks: &Candidates, style: Style, blank: u8) {
    if style == Style::Marks {
        out.reserve(730);
        for cell in Cell::all() {
            let shown = marks.shown(cell);
            for digit in Digit::all() {
                out.push(if shown.contains(digit) {
                    b'0' + digit.get()
                } else {
                    blank
                });
            }
        }
        out.push(b'\n');
        return;
    }
    // HoDoKu's layout: a column is as wide as its widest cell, and each cell
    // is followed by one space more than its padding.
    let mut widths = [1usize; 9];
    for row in 0..9 {
        for (cell, width) in row_cells(row).zip(&mut widths) {
            *width = (*width).max(marks.shown(cell).len());
        }
    }
    let border = |out: &mut Vec<u8>, ends: u8, middle: u8| {
        out.push(ends);
        for (stack, stack_widths) in widths.chunks_exact(3).enumerate() {
            let width: usize = stack_widths.iter().map(|w| w + 2).sum();
            out.extend(std::iter::repeat_n(b'-', width));
            out.push(if stack == 2 { ends } else { middle });
        }
        out.push(b'\n');
    };
    for row in 0..9 {
        match row {
            0 => border(out, b'.', b'.'),
            3 | 6 => border(out, b':', b'+'),
            _ => {}
        }
        for (cell, width) in row_cells(row).zip(widths) {
            out.extend_from_slice(if cell.col() % 3 == 0 { b"| " } else { b" " });
            let shown = marks.shown(cell);
            if shown.is_empty() {
                out.push(blank);
            } else {
                out.extend(shown.iter().map(|digit| b'0' + digit.get()));
            }
            let padding = width + 1 - shown.len().max(1);
            out.extend(std::iter::repeat_n(b' ', padding));
        }
        out.extend_from_slice(b"|\n");
    }
    border(out, b'\'', b'\'');
}

/// The cells of row `row` (from 0), left to right; none past the last row.
fn row_cells(row: usize) -> impl Iterator<Item = Cell> {
    (0..9).filter_map(move |col| Cell::from_row_col(row, col))
}
