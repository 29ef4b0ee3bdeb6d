//! The search state: a band mask per digit and band, and the operations
//! every other part builds on (placing a digit, restricting a mask, reading
//! a cell).

use crate::solve::kernels::Kernels;
use crate::solve::tables::{BAND_CELLS_OF_THREE, BYTE_BITS_SPREAD, HOUSES_OF_CELL, PEERS};
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
    #[inline(always)]
    pub(crate) fn from_grid(grid: &Grid) -> Result<State, Contradiction> {
        let mut state = State {
            cands: [(1 << 27) - 1; 27],
            unsolved: [(1 << 27) - 1; 3],
            pairs: [0; 3],
            pending: (1 << 27) - 1,
        };
        // Mark the givens eight cells at a time, then place them: which
        // cells hold a given is what a processor cannot predict, so there is
        // no branch per cell, and the placing loops end once each.
        let values = grid.values();
        let mut givens = [0u64; 2];
        for (chunk, eight) in values.chunks(8).enumerate() {
            let mut bytes = [0u8; 8];
            bytes[..eight.len()].copy_from_slice(eight);
            let word = u64::from_le_bytes(bytes);
            // Bit 0 of each byte that is not zero (values are at most 9, so
            // no byte carries into the next), gathered into bits 56..64.
            let nonzero = (word + 0x7F7F_7F7F_7F7F_7F7F) >> 7 & 0x0101_0101_0101_0101;
            let byte = nonzero.wrapping_mul(0x0102_0408_1020_4080) >> 56;
            givens[chunk / 8] |= byte << (chunk % 8 * 8);
        }
        // Band by band, so that a given's bit and band need no division.
        let band_bits = (1u64 << 27) - 1;
        let given_cells = [
            (givens[0] & band_bits) as u32,
            (givens[0] >> 27 & band_bits) as u32,
            ((givens[0] >> 54 | givens[1] << 10) & band_bits) as u32,
        ];
        // The houses each digit occupies (rows, columns, boxes: see
        // `HOUSES_OF_CELL`), and the givens' own cells; a given whose house
        // the digit already occupies clashes, tested once for all. Each mask
        // is then set once, instead of narrowed given by given through
        // memory (a chain of stores and loads per digit).
        let mut houses = [0u32; 9];
        let mut own = [0u32; 27];
        let mut clash = 0u32;
        for (band, &cells) in given_cells.iter().enumerate() {
            let mut bits = cells;
            while bits != 0 {
                let bit = bits & bits.wrapping_neg();
                let cell = band * 27 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let digit = usize::from(values[cell]) - 1;
                let occupied = HOUSES_OF_CELL[cell];
                clash |= houses[digit] & occupied;
                houses[digit] |= occupied;
                own[at(digit, band)] |= bit;
            }
        }
        if clash != 0 {
            return Err(Contradiction);
        }
        // A digit leaves the rows, columns and boxes it occupies, and every
        // given's cell but its own.
        for (band, &cells) in given_cells.iter().enumerate() {
            for (digit, &occupied) in houses.iter().enumerate() {
                let rows = BAND_CELLS_OF_THREE[0][(occupied >> (3 * band) & 7) as usize];
                let columns = (occupied >> 9 & 0x1FF) * 0x40201;
                let boxes = BAND_CELLS_OF_THREE[1][(occupied >> (18 + 3 * band) & 7) as usize];
                let index = at(digit, band);
                state.cands[index] =
                    !(rows | columns | boxes | cells) & band_bits as u32 | own[index];
            }
            state.unsolved[band] &= !cells;
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
        81 - self
            .unsolved
            .iter()
            .map(|cells| cells.count_ones())
            .sum::<u32>()
    }

    pub(crate) fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// The board as it stands: placed digits, blanks elsewhere.
    ///
    /// Without a loop per digit: each band's values are four bit planes (the
    /// cells whose digit has bit k set), spread eight cells at a time into
    /// the bytes of a word by table; every solution found passes here.
    pub(crate) fn to_grid(self) -> Grid {
        // Eight bytes are written at a time: a band's last word spills into
        // the next band, whose first word is written afterwards, and into
        // the seven bytes past the board.
        let mut bytes = [0u8; 88];
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
            for chunk in 0..4 {
                let mut word = 0u64;
                for (bit, plane) in planes.iter().enumerate() {
                    let byte = (plane >> (chunk * 8)) as u8;
                    word |= BYTE_BITS_SPREAD[usize::from(byte)] << bit;
                }
                let at = band * 27 + chunk * 8;
                bytes[at..at + 8].copy_from_slice(&word.to_le_bytes());
            }
        }
        let values: [u8; 81] = bytes[..81].try_into().expect("81 cells");
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
