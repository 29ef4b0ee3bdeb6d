//! Pencil marks: [`Candidates`] holds, for every cell, either its placed
//! digit or the digits it may still hold, kept at once per cell and per digit
//! so that each technique reads the view it needs. [`Candidate`] names one
//! digit in one cell.

// Text and data from users reach this module: nothing here may panic on them.
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)
)]

use std::fmt;

use crate::geometry::House;
use crate::grid::{Cell, Conflict, Digit, Grid};
use crate::sets::{CellSet, DigitSet};

/// One digit in one cell: a pencil mark, a placement or an elimination.
/// Prints as `r4c6=7`.
///
/// ```
/// use sudokit::{Candidate, Cell, Digit};
/// let c = Candidate::new(Cell::from_row_col(3, 5).unwrap(), Digit::new(7).unwrap());
/// assert_eq!(c.to_string(), "r4c6=7");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Candidate {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
}

impl Candidate {
    /// `digit` in `cell`.
    pub const fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate { cell, digit }
    }

    /// The candidate's number, `cell * 9 + digit - 1` (0 to 728), for tables
    /// indexed by candidate.
    pub const fn index(self) -> usize {
        self.cell.index() * 9 + self.digit.get() as usize - 1
    }

    /// The candidate numbered `index` (see [`Candidate::index`]), or `None`
    /// unless `index < 729`.
    pub const fn from_index(index: usize) -> Option<Candidate> {
        match (Cell::new(index / 9), Digit::new((index % 9) as u8 + 1)) {
            (Some(cell), Some(digit)) => Some(Candidate { cell, digit }),
            _ => None,
        }
    }
}

impl fmt::Display for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.cell, self.digit)
    }
}

/// Why a state of pencil marks cannot lead to a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Contradiction {
    /// Two placed digits clash.
    Clash(Conflict),
    /// An empty cell has no candidate left.
    NoCandidate(Cell),
    /// A digit has no place left in a house that lacks it.
    NoPlace(House, Digit),
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contradiction::Clash(conflict) => write!(f, "{conflict}"),
            Contradiction::NoCandidate(cell) => write!(f, "{cell} has no candidate left"),
            Contradiction::NoPlace(house, digit) => {
                write!(f, "{digit} has no place left in {house}")
            }
        }
    }
}

/// The pencil marks of a board: each cell's placed digit, or the set of
/// digits it may still hold.
///
/// A placed cell has no candidates of its own. Placing a digit removes it from
/// the candidates of the cell's peers; eliminating a candidate never places
/// anything by itself (that is a technique's job).
///
/// ```
/// use sudokit::{Candidates, Cell, Digit, Grid};
/// let grid: Grid = format!("12345678{}", ".".repeat(73)).parse()?;
/// let mut marks = Candidates::from_grid(&grid);
/// let last = Cell::from_row_col(0, 8).unwrap();
/// assert_eq!(marks.get(last).to_string(), "9");
/// marks.place(last, Digit::new(9).unwrap());
/// assert_eq!(marks.value(last), Digit::new(9));
/// assert!(!marks.has(Cell::from_row_col(5, 8).unwrap(), Digit::new(9).unwrap()));
/// assert_eq!(marks.grid().clue_count(), 9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Candidates {
    /// Placed digits, 0 for an empty cell.
    values: [u8; 81],
    /// Each empty cell's candidates; empty for a placed cell.
    cells: [DigitSet; 81],
    /// For each digit, the empty cells that may hold it.
    digits: [CellSet; 9],
}

impl Candidates {
    /// The pencil marks of `grid` with every candidate that no placed peer
    /// rules out (what "auto candidates" fills in).
    pub fn from_grid(grid: &Grid) -> Candidates {
        let values = *grid.values();
        let mut marks = Candidates {
            values,
            cells: [DigitSet::EMPTY; 81],
            digits: [CellSet::EMPTY; 9],
        };
        for cell in Cell::all() {
            if *cell.entry(&values) != 0 {
                continue;
            }
            let mut set = DigitSet::ALL;
            for peer in cell.peers() {
                if let Some(digit) = Digit::new(*peer.entry(&values)) {
                    set.remove(digit);
                }
            }
            marks.set_candidates(cell, set);
        }
        marks
    }

    /// Pencil marks as given, cell by cell: a placed digit for some cells and a
    /// candidate set for the others (an empty set for a cell with none left).
    /// Nothing is removed or added: marks that break the rules stay as they are.
    pub fn from_cells(cells: [Result<Digit, DigitSet>; 81]) -> Candidates {
        let mut marks = Candidates {
            values: [0; 81],
            cells: [DigitSet::EMPTY; 81],
            digits: [CellSet::EMPTY; 9],
        };
        for (cell, entry) in Cell::all().zip(cells) {
            match entry {
                Ok(digit) => *cell.entry_mut(&mut marks.values) = digit.get(),
                Err(set) => marks.set_candidates(cell, set),
            }
        }
        marks
    }

    fn set_candidates(&mut self, cell: Cell, set: DigitSet) {
        *cell.entry_mut(&mut self.cells) = set;
        for (digit, list) in Digit::all().zip(&mut self.digits) {
            if set.contains(digit) {
                list.insert(cell);
            } else {
                list.remove(cell);
            }
        }
    }

    /// The placed digits as a board.
    pub fn grid(&self) -> Grid {
        Grid::from_values(self.values).unwrap_or(Grid::EMPTY)
    }

    /// The digit placed in `cell`, if any.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        Digit::new(*cell.entry(&self.values))
    }

    /// The candidates of `cell`: empty for a placed cell.
    pub fn get(&self, cell: Cell) -> DigitSet {
        *cell.entry(&self.cells)
    }

    /// Whether `digit` is a candidate of (empty) `cell`.
    pub fn has(&self, cell: Cell, digit: Digit) -> bool {
        cell.entry(&self.cells).contains(digit)
    }

    /// The empty cells that may hold `digit`.
    pub fn cells_with(&self, digit: Digit) -> CellSet {
        *digit.entry(&self.digits)
    }

    /// The cells of `house` that may hold `digit`.
    pub fn house_cells_with(&self, house: House, digit: Digit) -> CellSet {
        self.cells_with(digit) & house.cells()
    }

    /// The empty cells.
    pub fn empty_cells(&self) -> CellSet {
        Cell::all()
            .filter(|cell| *cell.entry(&self.values) == 0)
            .collect()
    }

    /// The empty cells with exactly two candidates.
    pub fn bivalue_cells(&self) -> CellSet {
        Cell::all()
            .filter(|cell| cell.entry(&self.cells).len() == 2)
            .collect()
    }

    /// Whether `digit` is placed somewhere in `house`.
    pub fn is_placed_in(&self, house: House, digit: Digit) -> bool {
        house
            .cell_list()
            .iter()
            .any(|cell| *cell.entry(&self.values) == digit.get())
    }

    /// How many candidates remain on the board.
    pub fn candidate_count(&self) -> usize {
        self.cells.iter().map(|set| set.len()).sum()
    }

    /// Every candidate on the board, cell by cell.
    pub fn candidates(&self) -> impl Iterator<Item = Candidate> + '_ {
        Cell::all().flat_map(move |cell| {
            self.get(cell)
                .iter()
                .map(move |digit| Candidate::new(cell, digit))
        })
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Places `digit` in `cell`: the cell loses its candidates and its peers
    /// lose `digit`.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        *cell.entry_mut(&mut self.values) = digit.get();
        self.set_candidates(cell, DigitSet::EMPTY);
        let list = digit.entry_mut(&mut self.digits);
        let peers = cell.peers() & *list;
        *list -= peers;
        for peer in peers {
            peer.entry_mut(&mut self.cells).remove(digit);
        }
    }

    /// Removes `digit` from the candidates of `cell`; whether it was there.
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) -> bool {
        let had = self.has(cell, digit);
        cell.entry_mut(&mut self.cells).remove(digit);
        digit.entry_mut(&mut self.digits).remove(cell);
        had
    }

    /// The first reason, if any, why no solution can follow from these marks:
    /// clashing placed digits, an empty cell without candidates, or a digit with
    /// no place left in a house that lacks it.
    ///
    /// ```
    /// use sudokit::{Candidates, Cell, Digit, Grid};
    /// let mut marks = Candidates::from_grid(&Grid::EMPTY);
    /// assert_eq!(marks.contradiction(), None);
    /// let cell = Cell::new(0).unwrap();
    /// for digit in Digit::all() {
    ///     marks.eliminate(cell, digit);
    /// }
    /// assert_eq!(marks.contradiction().unwrap().to_string(), "r1c1 has no candidate left");
    /// ```
    pub fn contradiction(&self) -> Option<Contradiction> {
        if let Some(conflict) = self.grid().first_conflict() {
            return Some(Contradiction::Clash(conflict));
        }
        if let Some(cell) =
            Cell::all().find(|c| *c.entry(&self.values) == 0 && self.get(*c).is_empty())
        {
            return Some(Contradiction::NoCandidate(cell));
        }
        for house in House::all() {
            for digit in Digit::all() {
                if self.house_cells_with(house, digit).is_empty()
                    && !self.is_placed_in(house, digit)
                {
                    return Some(Contradiction::NoPlace(house, digit));
                }
            }
        }
        None
    }

    /// The marks as 729 characters: for each cell in row-major order, the
    /// digits 1 to 9 each as itself when it is a candidate (or the placed
    /// digit) and `.` otherwise.
    ///
    /// ```
    /// let marks = sudokit::Candidates::from_grid(&sudokit::Grid::EMPTY);
    /// assert_eq!(marks.to_string_729(), "123456789".repeat(81));
    /// ```
    pub fn to_string_729(&self) -> String {
        let mut text = String::with_capacity(729);
        for cell in Cell::all() {
            let shown = self.shown(cell);
            for digit in Digit::all() {
                text.push(if shown.contains(digit) {
                    char::from(b'0' + digit.get())
                } else {
                    '.'
                });
            }
        }
        text
    }

    /// What a cell shows in a candidate grid: its placed digit, or its candidates.
    pub fn shown(&self, cell: Cell) -> DigitSet {
        match self.value(cell) {
            Some(digit) => DigitSet::single(digit),
            None => self.get(cell),
        }
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Candidates({})", self.to_string_729())
    }
}
