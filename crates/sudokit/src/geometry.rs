//! The board's fixed shape: the 27 [`House`]s (rows, columns and boxes), the
//! cells of each, each cell's 20 peers, and the orders of three lines that
//! the board's symmetries permute. Everything here is a table computed at
//! compile time.

use std::fmt;

use crate::grid::Cell;
use crate::sets::CellSet;

/// The six orders of three items (also the six patterns of a digit in a band).
pub(crate) const ORDERS_OF_THREE: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// What kind of house a [`House`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HouseKind {
    /// A row, printed `row 1` to `row 9`.
    Row,
    /// A column, printed `column 1` to `column 9`.
    Column,
    /// A 3x3 box, printed `box 1` to `box 9` (numbered left to right, top to bottom).
    Box,
}

impl HouseKind {
    /// The word a house of this kind is named with: `row`, `column` or `box`.
    pub const fn name(self) -> &'static str {
        match self {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
        }
    }
}

/// One of the 27 houses (also called units or regions): nine cells that must
/// hold the nine digits once each.
///
/// Houses are numbered 0 to 26: rows 0-8, columns 9-17, boxes 18-26.
///
/// ```
/// use sudokit::{Cell, House, HouseKind};
/// let cell = Cell::from_row_col(3, 5).unwrap();
/// let b = House::box_of(cell);
/// assert_eq!(b.to_string(), "box 5");
/// assert_eq!(b.kind(), HouseKind::Box);
/// assert!(b.cells().contains(cell));
/// assert_eq!(House::all().count(), 27);
/// assert_eq!(House::column(2).unwrap().cell_at(4).to_string(), "r5c3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct House(u8);

/// The cells of each house, in reading order.
static HOUSE_CELLS: [[u8; 9]; 27] = house_cells();
/// The cells of each house as a set.
static HOUSE_SETS: [CellSet; 27] = house_sets();
/// Each cell's peers: the 20 other cells of its row, column and box.
static PEERS: [CellSet; 81] = peer_sets();

const fn house_cells() -> [[u8; 9]; 27] {
    let mut table = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            table[i][j] = (i * 9 + j) as u8;
            table[9 + i][j] = (j * 9 + i) as u8;
            table[18 + i][j] = ((i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    table
}

const fn house_sets() -> [CellSet; 27] {
    let cells = house_cells();
    let mut sets = [CellSet::EMPTY; 27];
    let mut h = 0;
    while h < 27 {
        let mut bits = 0u128;
        let mut j = 0;
        while j < 9 {
            bits |= 1u128 << cells[h][j];
            j += 1;
        }
        sets[h] = CellSet::from_bits(bits);
        h += 1;
    }
    sets
}

const fn peer_sets() -> [CellSet; 81] {
    let houses = house_sets();
    let mut peers = [CellSet::EMPTY; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        let bx = row / 3 * 3 + col / 3;
        let bits = houses[row].bits() | houses[9 + col].bits() | houses[18 + bx].bits();
        peers[cell] = CellSet::from_bits(bits & !(1u128 << cell));
        cell += 1;
    }
    peers
}

impl House {
    /// The house numbered `index` (rows 0-8, columns 9-17, boxes 18-26), or
    /// `None` unless `index < 27`.
    pub const fn new(index: usize) -> Option<House> {
        if index < 27 {
            Some(House(index as u8))
        } else {
            None
        }
    }

    /// Row `row` (0 to 8), or `None` past the last.
    pub const fn row(row: usize) -> Option<House> {
        if row < 9 {
            Some(House(row as u8))
        } else {
            None
        }
    }

    /// Column `col` (0 to 8), or `None` past the last.
    pub const fn column(col: usize) -> Option<House> {
        if col < 9 {
            Some(House(9 + col as u8))
        } else {
            None
        }
    }

    /// Box `index` (0 to 8, row-major), or `None` past the last.
    pub const fn boxed(index: usize) -> Option<House> {
        if index < 9 {
            Some(House(18 + index as u8))
        } else {
            None
        }
    }

    /// The row holding `cell`.
    pub const fn row_of(cell: Cell) -> House {
        House(cell.row() as u8)
    }

    /// The column holding `cell`.
    pub const fn column_of(cell: Cell) -> House {
        House(9 + cell.col() as u8)
    }

    /// The box holding `cell`.
    pub const fn box_of(cell: Cell) -> House {
        House(18 + cell.box_index() as u8)
    }

    /// The three houses of `cell`: its row, column and box.
    pub const fn of(cell: Cell) -> [House; 3] {
        [
            House::row_of(cell),
            House::column_of(cell),
            House::box_of(cell),
        ]
    }

    /// All 27 houses: rows, then columns, then boxes.
    pub fn all() -> impl Iterator<Item = House> + Clone {
        (0..27).map(House)
    }

    /// The house's number, 0 to 26 (rows, columns, boxes).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether it is a row, a column or a box.
    pub const fn kind(self) -> HouseKind {
        match self.0 / 9 {
            0 => HouseKind::Row,
            1 => HouseKind::Column,
            _ => HouseKind::Box,
        }
    }

    /// Its number among houses of its kind, 0 to 8 (printed from 1).
    pub const fn position(self) -> usize {
        self.0 as usize % 9
    }

    /// Its nine cells as a set.
    pub fn cells(self) -> CellSet {
        HOUSE_SETS[self.index()]
    }

    /// Its cell number `i` (0 to 8) in reading order: left to right in a row,
    /// top to bottom in a column, row by row in a box.
    ///
    /// # Panics
    ///
    /// If `i > 8`.
    pub fn cell_at(self, i: usize) -> Cell {
        Cell::new(usize::from(HOUSE_CELLS[self.index()][i])).unwrap_or(Cell::MIN)
    }

    /// Its nine cells in reading order.
    pub fn cell_list(self) -> [Cell; 9] {
        std::array::from_fn(|i| self.cell_at(i))
    }
}

impl fmt::Display for House {
    /// `row 1`, `column 9`, `box 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind().name(), self.position() + 1)
    }
}

impl Cell {
    /// The smallest cell, r1c1.
    pub const MIN: Cell = match Cell::new(0) {
        Some(cell) => cell,
        None => unreachable!(),
    };

    /// The 20 cells that share a row, column or box with this one.
    ///
    /// ```
    /// use sudokit::Cell;
    /// let cell = Cell::from_row_col(4, 4).unwrap();
    /// assert_eq!(cell.peers().len(), 20);
    /// assert!(cell.peers().iter().all(|peer| peer.sees(cell)));
    /// ```
    pub fn peers(self) -> CellSet {
        PEERS[self.index()]
    }
}

/// The cells that see every cell of `cells` (and are not among them): where a
/// digit that must sit in one of `cells` cannot be.
///
/// ```
/// use sudokit::{geometry::common_peers, Cell, CellSet};
/// let a = Cell::from_row_col(0, 0).unwrap();
/// let b = Cell::from_row_col(0, 8).unwrap();
/// assert_eq!(common_peers(CellSet::from_cells([a, b])).len(), 7);
/// ```
pub fn common_peers(cells: CellSet) -> CellSet {
    let mut seen = CellSet::ALL;
    for cell in cells {
        seen &= cell.peers();
    }
    if cells.is_empty() {
        CellSet::EMPTY
    } else {
        seen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn houses_and_peers_agree_with_cell_arithmetic() {
        for cell in Cell::all() {
            let [row, col, bx] = House::of(cell);
            assert_eq!(row.cells().len(), 9);
            assert!(row.cells().contains(cell) && col.cells().contains(cell));
            assert!(bx.cells().contains(cell));
            let union = (row.cells() | col.cells() | bx.cells()).without(cell);
            assert_eq!(union, cell.peers());
            for other in Cell::all() {
                assert_eq!(cell.peers().contains(other), cell.sees(other));
            }
        }
        for house in House::all() {
            let listed: CellSet = house.cell_list().into_iter().collect();
            assert_eq!(listed, house.cells());
        }
    }
}
