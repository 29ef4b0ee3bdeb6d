//! The board itself: [`Grid`], a `Copy` value of 81 cells, and the small typed
//! values that name its parts: [`Digit`], [`Cell`] and [`Conflict`].

// Text and data from users reach this module: nothing here may panic on them.
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)
)]

use std::fmt;

/// A Sudoku digit, 1 to 9.
///
/// ```
/// use sudokit::Digit;
/// let seven = Digit::new(7).unwrap();
/// assert_eq!(seven.get(), 7);
/// assert!(Digit::new(0).is_none() && Digit::new(10).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(u8);

impl Digit {
    /// The digit `value`, or `None` unless `1 <= value <= 9`.
    pub const fn new(value: u8) -> Option<Digit> {
        if value >= 1 && value <= 9 {
            Some(Digit(value))
        } else {
            None
        }
    }

    /// The digit's value, 1 to 9.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The nine digits in ascending order.
    ///
    /// ```
    /// assert_eq!(sudokit::Digit::all().map(|d| d.get()).sum::<u8>(), 45);
    /// ```
    pub fn all() -> impl Iterator<Item = Digit> {
        (1..=9).map(Digit)
    }

    /// This digit's entry in a table of one entry per digit, 1 first.
    #[inline(always)]
    // In range: a digit is 1 to 9 (every constructor checks), so the index is 0 to 8.
    #[allow(clippy::indexing_slicing)]
    pub(crate) fn entry<T>(self, table: &[T; 9]) -> &T {
        &table[usize::from(self.0 - 1)]
    }

    /// This digit's entry in a table of one entry per digit, to change.
    #[inline(always)]
    // In range, as for `entry`.
    #[allow(clippy::indexing_slicing)]
    pub(crate) fn entry_mut<T>(self, table: &mut [T; 9]) -> &mut T {
        &mut table[usize::from(self.0 - 1)]
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One of the 81 cells, numbered 0 to 80 in row-major order.
///
/// Cells print the way Sudoku players name them, `r1c1` to `r9c9`.
///
/// ```
/// use sudokit::Cell;
/// let cell = Cell::from_row_col(2, 4).unwrap();
/// assert_eq!(cell.index(), 22);
/// assert_eq!(cell.to_string(), "r3c5");
/// assert_eq!(cell.box_index(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// The cell with row-major index `index`, or `None` unless `index < 81`.
    pub const fn new(index: usize) -> Option<Cell> {
        if index < 81 {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// The cell in row `row` and column `col`, both counted from 0.
    pub const fn from_row_col(row: usize, col: usize) -> Option<Cell> {
        if row < 9 && col < 9 {
            Some(Cell((row * 9 + col) as u8))
        } else {
            None
        }
    }

    /// The row-major index, 0 to 80.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The row, 0 to 8 (printed as `r1` to `r9`).
    pub const fn row(self) -> usize {
        self.0 as usize / 9
    }

    /// The column, 0 to 8 (printed as `c1` to `c9`).
    pub const fn col(self) -> usize {
        self.0 as usize % 9
    }

    /// The 3x3 box, 0 to 8, numbered row-major.
    pub const fn box_index(self) -> usize {
        self.row() / 3 * 3 + self.col() / 3
    }

    /// All 81 cells in row-major order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..81).map(Cell)
    }

    /// This cell's entry in a table of one entry per cell, in row-major order.
    #[inline(always)]
    // In range: a cell's index is below 81 (every constructor checks).
    #[allow(clippy::indexing_slicing)]
    pub(crate) fn entry<T>(self, table: &[T; 81]) -> &T {
        &table[self.index()]
    }

    /// This cell's entry in a table of one entry per cell, to change.
    #[inline(always)]
    // In range, as for `entry`.
    #[allow(clippy::indexing_slicing)]
    pub(crate) fn entry_mut<T>(self, table: &mut [T; 81]) -> &mut T {
        &mut table[self.index()]
    }

    /// Whether `self` and `other` are different cells that share a row, column or box.
    ///
    /// ```
    /// use sudokit::Cell;
    /// let a = Cell::from_row_col(0, 0).unwrap();
    /// assert!(a.sees(Cell::from_row_col(2, 2).unwrap()));
    /// assert!(!a.sees(Cell::from_row_col(3, 3).unwrap()));
    /// ```
    pub const fn sees(self, other: Cell) -> bool {
        self.0 != other.0
            && (self.row() == other.row()
                || self.col() == other.col()
                || self.box_index() == other.box_index())
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// Two givens that break the rules: the same digit twice in one row, column or box.
///
/// ```
/// let line = format!("....7..7.{}", ".".repeat(72));
/// let grid: sudokit::Grid = line.parse().unwrap();
/// let conflict = grid.first_conflict().unwrap();
/// assert_eq!(conflict.to_string(), "r1c5 and r1c8 both hold 7");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Conflict {
    /// The earlier of the two cells in row-major order.
    pub first: Cell,
    /// The later of the two cells.
    pub second: Cell,
    /// The digit both cells hold.
    pub digit: Digit,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} and {} both hold {}",
            self.first, self.second, self.digit
        )
    }
}

impl std::error::Error for Conflict {}

/// A Sudoku board: 81 cells, each blank or holding a digit.
///
/// `Grid` is a small `Copy` value. It holds any board, including ones whose
/// givens break the rules; [`Grid::first_conflict`] finds such clashes and the
/// solver reports them.
///
/// ```
/// use sudokit::{Cell, Digit, Grid};
/// let mut grid = Grid::EMPTY;
/// grid.set(Cell::new(0).unwrap(), Digit::new(5));
/// assert_eq!(grid.clue_count(), 1);
/// assert_eq!(grid.get(Cell::new(0).unwrap()), Digit::new(5));
/// assert_eq!(&grid.to_line()[..3], "5..");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    /// 0 for a blank, 1..=9 for a digit; the invariant every constructor keeps.
    cells: [u8; 81],
}

impl Grid {
    /// The board with every cell blank.
    pub const EMPTY: Grid = Grid { cells: [0; 81] };

    /// A board from 81 values in row-major order, 0 for a blank and 1 to 9 for a digit.
    ///
    /// Returns the first offending cell if a value is above 9.
    ///
    /// ```
    /// use sudokit::Grid;
    /// let mut cells = [0u8; 81];
    /// cells[80] = 9;
    /// assert_eq!(Grid::from_values(cells).unwrap().clue_count(), 1);
    /// cells[3] = 10;
    /// assert_eq!(Grid::from_values(cells).unwrap_err().to_string(), "r1c4");
    /// ```
    pub fn from_values(cells: [u8; 81]) -> Result<Grid, Cell> {
        // The largest value first, without an early exit, so that the
        // common case compiles to vector code.
        if cells.iter().fold(0, |largest, &value| largest.max(value)) <= 9 {
            return Ok(Grid { cells });
        }
        match cells.iter().position(|&v| v > 9) {
            // A position in 81 values is a cell's index.
            Some(index) => Err(Cell(index as u8)),
            None => Ok(Grid { cells }),
        }
    }

    /// A board from 81 values in row-major order, as [`Grid::from_values`]
    /// but with a value above 9 read as a blank: for values made 0 to 9,
    /// where a check would only cost time.
    #[inline(always)]
    pub(crate) fn from_values_or_blank(mut cells: [u8; 81]) -> Grid {
        // A select rather than a branch, so that it compiles to vector code.
        for value in &mut cells {
            *value = if *value <= 9 { *value } else { 0 };
        }
        Grid { cells }
    }

    /// The 81 values in row-major order, 0 for a blank.
    pub const fn values(&self) -> &[u8; 81] {
        &self.cells
    }

    /// The digit in `cell`, or `None` for a blank.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(*cell.entry(&self.cells))
    }

    /// Puts `digit` in `cell`, or blanks it with `None`.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        *cell.entry_mut(&mut self.cells) = digit.map_or(0, Digit::get);
    }

    /// How many cells hold a digit.
    pub fn clue_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell holds a digit (rules not checked).
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The first pair of cells, in row-major order of the later cell, that hold
    /// the same digit in one house; `None` if the givens obey the rules.
    pub fn first_conflict(&self) -> Option<Conflict> {
        // One pass with a seen-mask per house finds the later cell; only then
        // look back for its partner.
        let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
        for later in Cell::all() {
            let Some(digit) = self.get(later) else {
                continue;
            };
            let bit = 1u16 << digit.get();
            // Rows, columns and boxes are numbered 0 to 8: always there.
            let (Some(row), Some(col), Some(boxed)) = (
                rows.get_mut(later.row()),
                cols.get_mut(later.col()),
                boxes.get_mut(later.box_index()),
            ) else {
                continue;
            };
            let houses = [row, col, boxed];
            if houses.iter().any(|seen| **seen & bit != 0) {
                // A house that saw the digit holds it in an earlier cell.
                let partner = Cell::all()
                    .take_while(|&earlier| earlier < later)
                    .find(|&earlier| earlier.sees(later) && self.get(earlier) == Some(digit));
                if let Some(earlier) = partner {
                    return Some(Conflict {
                        first: earlier,
                        second: later,
                        digit,
                    });
                }
            }
            for seen in houses {
                *seen |= bit;
            }
        }
        None
    }

    /// Whether `self` is a full board that obeys the rules and keeps every given of `puzzle`.
    ///
    /// ```
    /// use sudokit::Grid;
    /// let puzzle = Grid::EMPTY;
    /// let solution = puzzle.solve().unwrap();
    /// assert!(solution.is_solution_of(&puzzle));
    /// assert!(!puzzle.is_solution_of(&puzzle));
    /// ```
    pub fn is_solution_of(&self, puzzle: &Grid) -> bool {
        self.is_full()
            && self.first_conflict().is_none()
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&given, &value)| given == 0 || given == value)
    }

    /// The board as one 81-character line, `.` for a blank.
    pub fn to_line(&self) -> String {
        self.cells
            .iter()
            .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
            .collect()
    }
}

impl Default for Grid {
    fn default() -> Self {
        Grid::EMPTY
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

/// Prints the board as one 81-character line with `.` for blanks; the
/// [`text`](crate::text) module writes the other styles.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Grid {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_line())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Grid {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_name_rows_columns_and_boxes() {
        let cell = Cell::new(80).unwrap();
        assert_eq!((cell.row(), cell.col(), cell.box_index()), (8, 8, 8));
        assert_eq!(cell.to_string(), "r9c9");
        assert!(Cell::new(81).is_none());
        let peers = Cell::all().filter(|&other| cell.sees(other)).count();
        assert_eq!(peers, 20);
    }

    #[test]
    fn first_conflict_finds_row_column_and_box_clashes() {
        let mut cells = [0u8; 81];
        cells[4] = 7;
        cells[7] = 7;
        let grid = Grid::from_values(cells).unwrap();
        assert_eq!(
            grid.first_conflict().unwrap().to_string(),
            "r1c5 and r1c8 both hold 7"
        );
        let mut cells = [0u8; 81];
        cells[0] = 3;
        cells[20] = 3;
        let grid = Grid::from_values(cells).unwrap();
        assert_eq!(
            grid.first_conflict().unwrap().to_string(),
            "r1c1 and r3c3 both hold 3"
        );
        assert!(Grid::EMPTY.first_conflict().is_none());
    }

    #[test]
    fn values_above_nine_read_as_blanks_where_asked() {
        let mut cells = [0u8; 81];
        cells[0] = 9;
        cells[1] = 10;
        cells[80] = 255;
        let grid = Grid::from_values_or_blank(cells);
        assert_eq!(grid.get(Cell::new(0).unwrap()), Digit::new(9));
        assert_eq!(grid.clue_count(), 1);
        assert_eq!(Grid::from_values(cells), Err(Cell::new(1).unwrap()));
    }
}
