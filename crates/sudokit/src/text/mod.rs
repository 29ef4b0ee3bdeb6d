//! Reading puzzles from text and writing boards back as text.
//!
//! [`Records`] streams puzzle records out of any [`BufRead`](std::io::BufRead),
//! working on bytes so that files of millions of puzzles, invalid UTF-8 and
//! binary garbage are all handled without panics and in bounded memory. Each
//! record's layout is detected on its own, so one file may mix layouts:
//!
//! * [`Style::Line`]: one line of 81 cells, optionally followed by whitespace
//!   and a comment (`4.....8.5.3....... # hard`).
//! * [`Style::Block`]: nine lines of nine cells separated by single spaces,
//!   `0` for a blank (`0 2 0 9 0 5 0 0 0`).
//! * [`Style::Digits`]: nine lines of nine cells without spaces (`020905000`
//!   or `..3.4....`, as in `.sdk` files).
//! * [`Style::Drawn`]: nine rows drawn with `|` between boxes and separator
//!   lines such as `---+---+---` between bands (Simple Sudoku `.ss` files).
//! * [`Style::Marks`]: pencil marks as one line of 729 characters, each cell's
//!   digits 1 to 9 in their places (`1.3......`), optionally followed by
//!   whitespace and a comment.
//! * [`Style::MarksGrid`]: pencil marks drawn as a candidate grid, each cell's
//!   candidates written together (`| 1    239  2389 | 4 ...`), as Sudoku
//!   Explainer, HoDoKu and Simple Sudoku print them.
//!
//! In the board layouts a cell is `1` to `9`, or `.`, `0` or `_` for a blank.
//! In the pencil-mark layouts a cell showing one digit is placed, and a blank
//! stands for an eliminated candidate (or, alone in a drawn cell, for a cell
//! without any). Lines starting with `#` are comments; blank lines, lines made
//! only of `-`, `+`, `|`, `*` and `=`, border lines that also hold `.`, `:` or
//! `'` (as in `.-----.-----.` and `:-----+-----:`), and headers such as
//! `[Puzzle]` are skipped. A bad record comes out as a [`Record`] holding a
//! [`ParseError`] and costs only itself: reading carries on with the next
//! record.
//!
//! [`write_grid`] writes a board in any [`Style`], so an answer can be written
//! the way its puzzle was, and [`write_marks`] writes pencil marks.
//! [`Grid`](crate::grid::Grid) and [`Candidates`](crate::Candidates) implement
//! [`FromStr`](std::str::FromStr) for text holding exactly one puzzle.

// Text and data from users reach this module: nothing here may panic on them.
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)
)]

mod read;
mod write;

pub use read::{ParseError, ParseErrorKind, Record, Records, MAX_LINE_BYTES};
pub use write::{write_grid, write_marks};

/// How a record was written, so the answer can be written the same way.
///
/// ```
/// use sudokit::text::{write_grid, Style};
/// let mut out = Vec::new();
/// for style in Style::ALL {
///     write_grid(&mut out, &sudokit::Grid::EMPTY, style, style.default_blank());
/// }
/// assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 1 + 9 + 9 + 11 + 1 + 13);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Style {
    /// One line of 81 cells, e.g. `4...3...`, optionally followed by
    /// whitespace and a comment.
    #[default]
    Line,
    /// Nine lines of nine cells separated by single spaces, `0` for a blank
    /// (Baekjoon 2580): `0 2 0 9 0 5 0 0 0`.
    Block,
    /// Nine lines of nine cells without spaces (Baekjoon 2239 `020905000`, or
    /// `.sdk` files `..3.4....`).
    Digits,
    /// Nine rows with `|` between boxes and `---+---+---` lines between bands,
    /// as in Simple Sudoku `.ss` files: `..3|.4.|...`.
    Drawn,
    /// Pencil marks on one line of 729 characters: for each cell in row-major
    /// order, the digits 1 to 9 each in its place when a candidate and a blank
    /// (`.`, `0` or `_`) when eliminated, e.g. `1.3......` for a cell with
    /// candidates 1 and 3. A cell showing one digit is placed. Optionally
    /// followed by whitespace and a comment.
    Marks,
    /// Pencil marks drawn as a candidate grid: each cell's candidates written
    /// together, cells separated by spaces, `|` between stacks and border lines
    /// between bands, as HoDoKu prints them (`.---.`, `:---+---:`, `'---'`)
    /// and Sudoku Explainer and Simple Sudoku too (`+---+`, `*---*`,
    /// `|---+---|`). A cell showing one digit is placed; `.` alone is an empty
    /// cell without candidates. A grid in which no cell shows two digits or
    /// more cannot be told from a [`Style::Drawn`] board and is read as one.
    MarksGrid,
}

impl Style {
    /// The six styles, in declaration order.
    pub const ALL: [Style; 6] = [
        Style::Line,
        Style::Block,
        Style::Digits,
        Style::Drawn,
        Style::Marks,
        Style::MarksGrid,
    ];

    /// The blank character a record of this style is assumed to use when it
    /// shows no blank: `b'0'` for [`Style::Block`], `b'.'` otherwise.
    ///
    /// ```
    /// use sudokit::text::Style;
    /// assert_eq!(Style::Block.default_blank(), b'0');
    /// assert_eq!(Style::Line.default_blank(), b'.');
    /// ```
    pub const fn default_blank(self) -> u8 {
        match self {
            Style::Block => b'0',
            Style::Line | Style::Digits | Style::Drawn | Style::Marks | Style::MarksGrid => b'.',
        }
    }

    /// Whether a record of this style takes one line ([`Style::Line`] and
    /// [`Style::Marks`]).
    ///
    /// ```
    /// use sudokit::text::Style;
    /// assert!(Style::Marks.is_one_line() && !Style::MarksGrid.is_one_line());
    /// ```
    pub const fn is_one_line(self) -> bool {
        matches!(self, Style::Line | Style::Marks)
    }

    /// Whether this style writes pencil marks ([`Style::Marks`] and
    /// [`Style::MarksGrid`]) rather than a board.
    ///
    /// ```
    /// use sudokit::text::Style;
    /// assert!(Style::MarksGrid.shows_marks() && !Style::Drawn.shows_marks());
    /// ```
    pub const fn shows_marks(self) -> bool {
        matches!(self, Style::Marks | Style::MarksGrid)
    }
}

#[cfg(test)]
mod tests;
