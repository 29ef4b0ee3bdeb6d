//! The choice of branch: the bivalue cell whose weaker branch reaches
//! furthest, a digit-band with two patterns left, or of the cells with the
//! fewest candidates the one whose digits reach furthest; and taking one
//! alternative of it.

use super::state::{at, Contradiction, State, ROW, ROW_LOW_BITS};
use crate::solve::kernels::{triads_of, Kernels, Scoring, SCORED_CELLS_MAX};
use crate::solve::tables::{PATTERNS_PRESENT, PATTERN_TRIADS, PEERS, TRIAD_CELLS};

impl State {
    /// What to branch on and its alternatives, scoring the first `scored`
    /// bivalue cells; `at_top` when no guess above has an alternative left
    /// (the root, and the nodes down the path of last alternatives); only
    /// called on an unsolved state.
    #[inline(always)]
    pub(super) fn choose<K: Kernels>(&self, scored: u32, kernel: K, at_top: bool) -> (u8, u16) {
        let cell = match self.bivalue_cell(scored, kernel) {
            Some(cell) => cell,
            // The top's choice splits the whole tree: there a cell whose
            // digits reach far makes fewer guesses than a pattern (at the
            // root of most of the forum's hardest boards no cell has two
            // candidates); below it patterns cost less per guess
            // (docs/PERFORMANCE.md).
            None if at_top => self.furthest_reaching_cell(),
            None => {
                // On a sparse board a pattern guess can open a huge subtree
                // with no solution; there cells are safer.
                if self.open_cells() <= PATTERN_BRANCH_MAX_OPEN {
                    if let Some(branch) = self.two_pattern_digit_band() {
                        return branch;
                    }
                }
                self.furthest_reaching_cell()
            }
        };
        (cell as u8, self.cell_digits(cell) as u16)
    }

    /// The first open cell in row-major order and its digits.
    #[inline(always)]
    pub(super) fn first_open_branch(&self) -> (u8, u16) {
        let cell = self
            .first_open_cell()
            .expect("an unsolved state has an open cell");
        (cell as u8, self.cell_digits(cell) as u16)
    }

    /// A digit whose cells in one band still fit exactly two of the six
    /// row-and-box patterns: branching on it settles three cells' triads.
    fn two_pattern_digit_band(&self) -> Option<(u8, u16)> {
        for index in (0..9).flat_map(|digit| (0..3).map(move |band| at(digit, band))) {
            let mask = self.cands[index];
            if mask & self.unsolved[index / 9] == 0 {
                continue;
            }
            let triads = triads_of(mask);
            let patterns = PATTERNS_PRESENT[triads as usize];
            if patterns.count_ones() == 2 {
                return Some((PATTERN_BRANCH + index as u8, u16::from(patterns)));
            }
        }
        None
    }

    /// Takes alternative `choice` of the branch on `target`, among all its
    /// `alternatives` (a cell's digits, or a digit-band's patterns). On a
    /// cell the other digits leave it at once: their band steps then run in
    /// the placed digit's first sweep, instead of one sweep later, once its
    /// band step finds the cell alone in its row (a shorter chain of
    /// dependent sweeps, same fixed point).
    #[inline(always)]
    pub(super) fn take(
        &mut self,
        target: u8,
        choice: usize,
        alternatives: u16,
    ) -> Result<(), Contradiction> {
        if target < PATTERN_BRANCH {
            let cell = usize::from(target);
            let (band, bit) = (cell / 27, 1u32 << (cell % 27));
            let mut others = u32::from(alternatives) & !(1 << choice);
            while others != 0 {
                let other = others.trailing_zeros() as usize;
                others &= others - 1;
                self.restrict(at(other, band), !bit);
            }
            self.place(cell, choice)
        } else {
            let index = usize::from(target - PATTERN_BRANCH);
            self.restrict(index, TRIAD_CELLS[usize::from(PATTERN_TRIADS[choice])]);
            Ok(())
        }
    }

    /// Of `scored` cells with two candidates, taken from the three bands in
    /// turn (each band's in row-major order), the one whose branches reach
    /// furthest (the first such, see [`Kernels::best_bivalue`]), from the
    /// pairs the last naked singles pass noted: `choose` runs on propagated
    /// states only. Branching where both branches reach far makes far fewer
    /// guesses on hard puzzles than taking the first bivalue cell, and cells
    /// spread over the board offer better branches than the first rows'.
    #[inline(always)]
    fn bivalue_cell<K: Kernels>(&self, scored: u32, kernel: K) -> Option<usize> {
        // The board's bivalue cells as one 81-bit set, bit = cell: whether
        // there are any, and the first in row-major order, without a loop
        // over the bands.
        let all = u128::from(self.pairs[0])
            | u128::from(self.pairs[1]) << 27
            | u128::from(self.pairs[2]) << 54;
        if all == 0 {
            return None;
        }
        if scored <= 1 {
            // One cell to score: the first is the choice, unscored.
            return Some(all.trailing_zeros() as usize);
        }
        // The cells, one a byte; the bytes past the last are cell 0. Each
        // band's first cells in turn, in a fixed number of steps: a cell is
        // taken by multiplying, not by a branch on whether a band has one.
        let limit = scored.min(SCORED_CELLS_MAX);
        let mut rest = self.pairs;
        let mut cells = 0u64;
        let mut count = 0u32;
        for _ in 0..SCORED_PER_BAND_MAX {
            for (band, mask) in rest.iter_mut().enumerate() {
                let cell = band as u32 * 27 + mask.trailing_zeros();
                let take = u32::from(*mask != 0) & u32::from(count < limit);
                *mask &= mask.wrapping_sub(1);
                cells |= (u64::from(cell as u8) * u64::from(take)) << (8 * count.min(7));
                count += take;
            }
        }
        let board = Scoring {
            cands: &self.cands,
            unsolved: &self.unsolved,
            pairs: &self.pairs,
        };
        let position = kernel.best_bivalue(board, cells, count);
        Some((cells >> (8 * position) & 0xFF) as usize)
    }

    /// The first bivalue cell, as the last naked singles pass noted them,
    /// that is neither the cell `target` nor one of its peers, and its
    /// digits: a branch that taking one of `target`'s alternatives leaves as
    /// it was. None when `target` is a digit-band.
    #[inline(always)]
    pub(super) fn bivalue_cell_apart(&self, target: u8) -> Option<(u8, u16)> {
        let cell = usize::from(target);
        let peers = PEERS.get(cell)?;
        let apart = |band: usize| {
            let own = u32::from(cell / 27 == band) << (cell % 27);
            self.pairs[band] & !peers[band] & !own
        };
        let all = u128::from(apart(0)) | u128::from(apart(1)) << 27 | u128::from(apart(2)) << 54;
        if all == 0 {
            return None;
        }
        let other = all.trailing_zeros() as usize;
        Some((other as u8, self.cell_digits(other) as u16))
    }

    /// Which of `digits`, the untried of a branch on `cell` among its
    /// `alternatives`, to try first when a search wants a first solution
    /// soon, judged by each digit's places: the cells left to it in the
    /// cell's row and box, and in its column (the cell itself counted in
    /// both). Of a bivalue cell's two, the one with more places, whose
    /// placement clears more and whose branch reaches further (as scoring
    /// both branches by propagation would say, for a few counts); of more,
    /// the one with fewest, the likeliest to be the cell's. Ties go to the
    /// lower digit (docs/PERFORMANCE.md).
    #[inline(always)]
    pub(super) fn first_digit(&self, cell: usize, digits: u16, alternatives: u16) -> usize {
        let (band, bit) = (cell / 27, cell % 27);
        let (row, column) = (bit / 9, bit % 9);
        let row_or_box = ROW << (9 * row) | BOX_OF_COLUMN_0 << (column / 3 * 3);
        // Each row's lowest bit is its cell in the band's first column.
        let column_cells = ROW_LOW_BITS << column;
        let places = |digit: usize| {
            let mut count = (self.cands[at(digit, band)] & row_or_box).count_ones();
            for other in 0..3 {
                count += (self.cands[at(digit, other)] & column_cells).count_ones();
            }
            count
        };
        let wider_first = alternatives.count_ones() == 2;
        let lowest = digits.trailing_zeros() as usize;
        let mut best = (places(lowest), lowest);
        let mut rest = digits & (digits - 1);
        while rest != 0 {
            let digit = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let count = places(digit);
            if (wider_first && count > best.0) || (!wider_first && count < best.0) {
                best = (count, digit);
            }
        }
        best.1
    }

    /// Of a digit-band's two patterns, the one that keeps fewer of the
    /// digit's cells there (the first on a tie): it leaves the other bands'
    /// cells of the digit more room, and its branch more often holds a
    /// solution (docs/PERFORMANCE.md).
    #[inline(always)]
    pub(super) fn first_pattern(&self, target: u8, patterns: u16) -> usize {
        let mask = self.cands[usize::from(target - PATTERN_BRANCH)];
        let first = patterns.trailing_zeros() as usize;
        let rest = patterns & (patterns - 1);
        if rest == 0 {
            return first;
        }
        let second = rest.trailing_zeros() as usize;
        let kept = |pattern: usize| {
            (mask & TRIAD_CELLS[usize::from(PATTERN_TRIADS[pattern])]).count_ones()
        };
        if kept(second) < kept(first) {
            second
        } else {
            first
        }
    }

    /// Of the cells with the fewest candidates, the first whose digits reach
    /// the most open peers (the candidates its branches clear, summed over
    /// its digits), as the bivalue cells are scored by their reach. Called
    /// when no cell has two candidates, so rarely that a plain scan does;
    /// inlined all the same, so that it is compiled for the search's
    /// instruction set (out of line it counted bits without `popcnt`:
    /// docs/PERFORMANCE.md).
    #[inline(always)]
    pub(super) fn furthest_reaching_cell(&self) -> usize {
        // (candidates, reach, cell) of the best so far.
        let mut best = (u32::MAX, 0, 0);
        for band in 0..3 {
            let mut open = self.unsolved[band];
            while open != 0 {
                let cell = band * 27 + open.trailing_zeros() as usize;
                open &= open - 1;
                let digits = self.cell_digits(cell);
                let count = digits.count_ones();
                if count > best.0 {
                    continue;
                }
                let reach = self.reach(cell, digits);
                if count < best.0 || reach > best.1 {
                    best = (count, reach, cell);
                }
            }
        }
        best.2
    }

    /// The open peers of `cell` that hold one of `digits`, counted once per
    /// digit: what placing each digit there would clear.
    #[inline(always)]
    fn reach(&self, cell: usize, digits: u32) -> u32 {
        let mut reach = 0;
        for (band, peers) in PEERS[cell].iter().enumerate() {
            let open_peers = peers & self.unsolved[band];
            let mut rest = digits;
            while rest != 0 {
                let digit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                reach += (self.cands[at(digit, band)] & open_peers).count_ones();
            }
        }
        reach
    }
}

/// Branch targets from this value up are digit-bands (`band * 9 + digit`)
/// whose alternatives are patterns; below it, cells whose alternatives are digits.
pub(super) const PATTERN_BRANCH: u8 = 81;

/// How many bivalue cells `choose` scores when it scores (taken from the
/// bands in turn: see `bivalue_cell`).
pub(super) const BIVALUE_CELLS_SCORED: u32 = 8;
const _: () = assert!(BIVALUE_CELLS_SCORED <= SCORED_CELLS_MAX);

/// The most bivalue cells of one band that `bivalue_cell` scores: four
/// rounds over the bands reach eight cells unless two bands are short.
const SCORED_PER_BAND_MAX: usize = 4;

/// Pattern branching only pays on boards with at most this many open cells.
const PATTERN_BRANCH_MAX_OPEN: u32 = 62;

/// The cells of a band's first box, as a band mask.
const BOX_OF_COLUMN_0: u32 = 0x1C0E07;
