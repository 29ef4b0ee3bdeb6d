//! The bit-board the forcing chains propagate on: for each digit, the cells
//! that may still hold it and the cells that hold it, as 81-bit masks, so
//! that singles and locked candidates are found with a few word operations.

use crate::candidates::Candidates;
use crate::grid::{Cell, Digit};

/// Every cell.
pub(super) const ALL_CELLS: u128 = (1u128 << 81) - 1;

/// The cells of each house: rows 0-8, columns 9-17, boxes 18-26.
pub(super) static HOUSES: [u128; 27] = house_masks();
/// Each cell's 20 peers.
pub(super) static PEERS: [u128; 81] = peer_masks();
/// Each cell's row, column and box.
pub(super) static CELL_HOUSES: [[u8; 3]; 81] = cell_houses();

const fn house_masks() -> [u128; 27] {
    let mut masks = [0u128; 27];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        masks[row] |= 1 << cell;
        masks[9 + col] |= 1 << cell;
        masks[18 + row / 3 * 3 + col / 3] |= 1 << cell;
        cell += 1;
    }
    masks
}

const fn cell_houses() -> [[u8; 3]; 81] {
    let mut table = [[0u8; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        table[cell] = [row as u8, 9 + col as u8, 18 + (row / 3 * 3 + col / 3) as u8];
        cell += 1;
    }
    table
}

const fn peer_masks() -> [u128; 81] {
    let houses = house_masks();
    let ids = cell_houses();
    let mut peers = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        let [r, c, b] = ids[cell];
        peers[cell] =
            (houses[r as usize] | houses[c as usize] | houses[b as usize]) & !(1u128 << cell);
        cell += 1;
    }
    peers
}

/// The candidate number of `digit` (0-based) in `cell`, as in [`crate::Candidate::index`].
pub(super) const fn cand(cell: usize, digit: usize) -> usize {
    cell * 9 + digit
}

/// The public candidate numbered `index`.
pub(super) fn candidate(index: usize) -> crate::Candidate {
    crate::Candidate::from_index(index).expect("candidate numbers are below 729")
}

/// The public cell numbered `index`.
pub(super) fn cell_of(index: usize) -> Cell {
    Cell::new(index).expect("cell numbers are below 81")
}

/// The public digit with 0-based number `digit`.
pub(super) fn digit_of(digit: usize) -> Digit {
    Digit::new(digit as u8 + 1).expect("digit numbers are below 9")
}

/// The lowest cell of a non-empty mask.
pub(super) const fn first_cell(mask: u128) -> usize {
    mask.trailing_zeros() as usize
}

/// Iterates the cells of a mask, lowest first.
pub(super) fn cells(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let cell = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(cell)
    })
}

/// Iterates the digits (0-based) of a 9-bit mask, lowest first.
pub(super) fn digits(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let digit = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(digit)
    })
}

/// Pencil marks as bit masks, digit by digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Board {
    /// For each digit, the empty cells that may hold it.
    pub cands: [u128; 9],
    /// For each digit, the cells that hold it.
    pub placed: [u128; 9],
}

impl Board {
    /// The board of `marks`.
    pub fn from_marks(marks: &Candidates) -> Board {
        let mut board = Board {
            cands: [0; 9],
            placed: [0; 9],
        };
        for digit in Digit::all() {
            let d = usize::from(digit.get() - 1);
            board.cands[d] = marks.cells_with(digit).bits();
        }
        for cell in Cell::all() {
            if let Some(digit) = marks.value(cell) {
                board.placed[usize::from(digit.get() - 1)] |= 1 << cell.index();
            }
        }
        board
    }

    /// Whether candidate number `cand` is still there.
    pub fn has(&self, cand: usize) -> bool {
        self.cands[cand % 9] >> (cand / 9) & 1 == 1
    }

    /// The digits (bit `d` for 0-based digit `d`) `cell` may hold.
    pub fn cell_digits(&self, cell: usize) -> u16 {
        let mut mask = 0;
        for (d, plane) in self.cands.iter().enumerate() {
            mask |= ((plane >> cell & 1) as u16) << d;
        }
        mask
    }

    /// The cells holding a digit.
    pub fn filled(&self) -> u128 {
        self.placed.iter().fold(0, |all, plane| all | plane)
    }

    /// The candidate numbers still there, in ascending order.
    pub fn candidate_list(&self) -> Vec<usize> {
        let mut list: Vec<usize> = (0..9)
            .flat_map(|d| cells(self.cands[d]).map(move |cell| cand(cell, d)))
            .collect();
        list.sort_unstable();
        list
    }
}
