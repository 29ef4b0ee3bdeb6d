//! The search state: a band mask per digit and band, and the operations
//! every other part builds on (placing a digit, restricting a mask, reading
//! a cell).

use crate::solve::kernels::Kernels;
#[cfg(test)]
use crate::solve::kernels::Portable;
use crate::solve::tables::{PEERS, ROWS_AND_BOXES_OF_TRIADS};
use crate::Grid;

/// The whole search state: 136 bytes, copied at each guess.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct State {
    pub(super) cands: [u32; 27],
    pub(super) unsolved: [u32; 3],
    /// Cells with exactly two candidates, per band, as of the last naked
    /// singles pass (that is, of the propagated state).
    pub(super) pairs: [u32; 3],
    /// Digit-bands (bit `band * 9 + digit`) that lost cells since their band
    /// step last ran: the work list of the propagation.
    pub(super) pending: u32,
}

/// Where digit `digit` (0-based) of band `band` sits in `State::cands`: the
/// nine digits of a band are neighbours, so that clearing a placed cell from
/// all of them is one vector operation.
#[inline(always)]
pub(super) const fn at(digit: usize, band: usize) -> usize {
    band * 9 + digit
}

/// The bits of one row of a band mask.
pub(super) const ROW: u32 = 0x1FF;

/// Each row of a band mask, lowest bit: subtracting it from a mask whose
/// three rows are all non-empty borrows within each row only.
pub(super) const ROW_LOW_BITS: u32 = 0x40201;

/// Each triad of a band mask, lowest bit (bit `3 * k`).
pub(super) const TRIAD_LOW_BITS: u32 = 0x124_9249;

/// Each triad's lowest bit to the triad's three bits: by shifts, which
/// vector code does faster than the multiply by 7 it stands for.
#[inline(always)]
pub(super) fn spread_triad(bits: u32) -> u32 {
    bits | bits << 1 | bits << 2
}

/// A full adder on 27 lanes: the sum and carry bits of `a + b + c`.
#[inline(always)]
pub(super) fn full_adder(a: u32, b: u32, c: u32) -> (u32, u32) {
    let half = a ^ b;
    (half ^ c, (a & b) | (half & c))
}

/// The propagation found a cell or house with no way left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Contradiction;

impl State {
    /// The state of `grid` with its givens placed, or `Contradiction` when two
    /// givens share a house; not yet propagated.
    #[cfg(test)]
    pub(crate) fn from_grid(grid: &Grid) -> Result<State, Contradiction> {
        State::from_grid_with(grid, Portable)
    }

    /// The state of `grid` with its givens placed, or `Contradiction` when
    /// two givens share a house; not yet propagated; by `kernel`'s digit
    /// cells and triads. Each digit leaves the rows, columns and boxes its
    /// givens occupy, and every given's cell but its own; each mask is set
    /// once, with no loop over the givens (how many a board has, and where,
    /// is what a processor cannot predict).
    #[inline(always)]
    pub(crate) fn from_grid_with<K: Kernels>(
        grid: &Grid,
        kernel: K,
    ) -> Result<State, Contradiction> {
        const BAND: u32 = (1 << 27) - 1;
        let digit_cells = kernel.digit_cells(grid.values());
        let mut given = [0u32; 3];
        for cells in &digit_cells {
            for (given, &cells) in given.iter_mut().zip(cells) {
                *given |= cells;
            }
        }
        let mut state = State {
            cands: [0; 27],
            unsolved: given.map(|cells| !cells & BAND),
            pairs: [0; 3],
            pending: BAND,
        };
        // Rows, columns and boxes occupied, counted per digit: each count is
        // at most the digit's givens, and all three equal them unless two
        // givens clash, so one sum over the board tells.
        let mut houses = 0u32;
        for (digit, cells) in digit_cells.iter().enumerate() {
            let all = cells[0] | cells[1] | cells[2];
            let columns = (all | all >> 9 | all >> 18) & ROW;
            houses += columns.count_ones();
            let column_cells = columns * ROW_LOW_BITS;
            for (band, &cells) in cells.iter().enumerate() {
                let rows_and_boxes = ROWS_AND_BOXES_OF_TRIADS[kernel.triads(cells) as usize];
                houses += rows_and_boxes >> 27;
                state.cands[at(digit, band)] =
                    !(rows_and_boxes | column_cells | given[band]) & BAND | cells;
            }
        }
        let givens: u32 = given.iter().map(|cells| cells.count_ones()).sum();
        if houses != 3 * givens {
            return Err(Contradiction);
        }
        Ok(state)
    }

    /// This state as a search's root after `propagation` took it to its
    /// fixed point (where the search's own propagation finds nothing more) or
    /// to a contradiction (a state whose first band step finds one again, so
    /// that the search sees what it would have seen).
    pub(crate) fn propagated_ahead(self, propagation: Result<(), Contradiction>) -> State {
        match propagation {
            Ok(()) => self,
            Err(Contradiction) => State {
                cands: [0; 27],
                unsolved: [(1 << 27) - 1; 3],
                pairs: [0; 3],
                pending: 1,
            },
        }
    }

    /// How many cells hold a digit: of a state just made from a board, its
    /// clues.
    pub(crate) fn clue_count(&self) -> u32 {
        81 - self.open_cells()
    }

    /// How many cells are still open.
    #[inline(always)]
    pub(crate) fn open_cells(&self) -> u32 {
        self.unsolved.iter().map(|cells| cells.count_ones()).sum()
    }

    pub(crate) fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// The board as it stands: placed digits, blanks elsewhere.
    #[cfg(test)]
    pub(crate) fn to_grid(self) -> Grid {
        self.grid_with(Portable)
    }

    /// The board as it stands, by `kernel`'s band values. Without a loop
    /// per digit: each band's values are four bit planes (the cells whose
    /// digit has bit k set), spread into bytes by [`Kernels::band_values`];
    /// every solution found passes here.
    #[inline(always)]
    pub(crate) fn grid_with<K: Kernels>(&self, kernel: K) -> Grid {
        let mut values = [0u8; 81];
        for band in 0..3 {
            let masks = &self.cands[band * 9..band * 9 + 9];
            let placed = !self.unsolved[band];
            // Digit d (0-based) is the value d + 1.
            let planes = [
                masks[0] | masks[2] | masks[4] | masks[6] | masks[8],
                masks[1] | masks[2] | masks[5] | masks[6],
                masks[3] | masks[4] | masks[5] | masks[6],
                masks[7] | masks[8],
            ]
            .map(|plane| plane & placed);
            values[band * 27..band * 27 + 27].copy_from_slice(&kernel.band_values(planes)[..27]);
        }
        Grid::from_values(values).expect("digits are 1..=9")
    }

    /// Keeps only `keep` of the mask at `index`, putting it on the work list
    /// if it lost cells. Without a branch: whether a mask loses cells is what
    /// a processor cannot predict.
    #[inline(always)]
    pub(super) fn restrict(&mut self, index: usize, keep: u32) {
        self.pending |= self.restrict_quietly(index, keep);
    }

    /// [`State::restrict`] that returns its work-list mark instead.
    #[inline(always)]
    pub(super) fn restrict_quietly(&mut self, index: usize, keep: u32) -> u32 {
        let old = self.cands[index];
        let new = old & keep;
        self.cands[index] = new;
        u32::from(new != old) << index
    }

    /// Clears `cells` from every digit of `band`; returns the work-list marks
    /// of the masks that lost cells.
    #[inline(always)]
    pub(super) fn clear_from_band<K: Kernels>(
        &mut self,
        band: usize,
        cells: u32,
        kernel: K,
    ) -> u32 {
        let masks: &mut [u32; 9] = (&mut self.cands[band * 9..band * 9 + 9])
            .try_into()
            .expect("nine digits");
        kernel.clear(masks, cells) << (band * 9)
    }

    /// Puts digit `digit` (0-based) in `cell`: removes the digit from the
    /// cell's peers. The other digits leave the cell when the digit's band
    /// step next runs and finds the cell alone in its row.
    #[inline(always)]
    pub(crate) fn place(&mut self, cell: usize, digit: usize) -> Result<(), Contradiction> {
        let band = cell / 27;
        let bit = 1u32 << (cell % 27);
        if self.cands[at(digit, band)] & bit == 0 {
            return Err(Contradiction);
        }
        let peers = &PEERS[cell];
        for (b, &peer_mask) in peers.iter().enumerate() {
            self.restrict(at(digit, b), !peer_mask);
        }
        Ok(())
    }

    /// The 0-based digits still possible in `cell`, as a 9-bit mask.
    #[inline(always)]
    pub(super) fn cell_digits(&self, cell: usize) -> u32 {
        let band = cell / 27;
        let bit = 1u32 << (cell % 27);
        let masks = &self.cands[band * 9..band * 9 + 9];
        // A loop the compiler turns into vector code.
        let mut digits = 0u32;
        for (digit, &mask) in masks.iter().enumerate() {
            digits |= u32::from(mask & bit != 0) << digit;
        }
        digits
    }

    /// The first cell in row-major order that holds no digit yet.
    pub(super) fn first_open_cell(&self) -> Option<usize> {
        let band = (0..3).find(|&b| self.unsolved[b] != 0)?;
        Some(band * 27 + self.unsolved[band].trailing_zeros() as usize)
    }
}
