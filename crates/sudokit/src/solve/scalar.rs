//! The portable engine: candidates as band masks, propagation by lookup tables,
//! copy-make search on a fixed stack.
//!
//! # The state
//!
//! For each digit `d` (0-based) and band `b` (three rows), `cands[b * 9 + d]`
//! holds a 27-bit mask of the cells of that band where `d` may still go; bit
//! `row_in_band * 9 + col`. A placed digit keeps its own bit, so every row,
//! column and box of every digit always holds at least one bit. `unsolved[b]`
//! marks the band's cells that hold no digit yet. `pending` is the work list:
//! the digit-bands that lost cells since their band step last ran.
//!
//! # Propagation
//!
//! * the band step, per digit and band (JCZSolve's idea): a table maps the nine
//!   "triads" (mini-rows: one row of one box) that still hold the digit to the
//!   cells of those on a valid pattern (one triad per row and per box of the
//!   band), which is locked candidates, pointing and claiming, in two rounds
//!   of loads; a box left with one column claims that column in the other two
//!   bands; a row left with one cell places the digit there (box singles
//!   follow from the patterns) and clears the cell from the other digits;
//! * naked singles: a cell with one digit left, from bit-sliced counts, which
//!   also note the cells with two;
//! * hidden singles in columns, when the rules above stall.
//!
//! Placing a digit only clears it from the cell's peers; the band step then
//! finds the cell alone in its row. Masks are marked changed without branches
//! (whether a mask changes is what a processor cannot predict), and the band
//! steps run from the work list in index order.
//!
//! # Search
//!
//! [`search`] is depth-first, copy-make: it branches on the bivalue cell whose
//! weaker branch clears the most candidates (at the root and after a few dead
//! ends; elsewhere on the first bivalue cell), else on a digit whose band has
//! two patterns left, else on a cell with the fewest candidates. It is generic
//! over the [`Kernels`] of the band clear and the triads, and compiled once
//! portable and once per kernel set for CPUs with AVX2, POPCNT and BMI; it
//! picks one at run time ([`Native::detect`]).
//! [`lexicographic`] walks the cells in row-major order with ascending digits,
//! entering a branch only once [`search`] has found a solution in it, so it
//! meets solutions in lexicographic order (propagation only removes candidates
//! that no solution of the current branch uses, so it never reorders them);
//! [`smallest_solution`] does the same for the first solution only.

use super::kernels::{triads_of, Kernels, Native, Portable};
use super::tables::{
    BAND_PATTERN_CELLS, BYTE_BITS_SPREAD, COLUMN_CLAIMS_KEEP, PATTERNS_PRESENT, PATTERN_TRIADS,
    PEERS, TRIAD_CELLS,
};
use crate::Grid;

const ROW: u32 = 0x1FF;

/// Each row of a band mask, lowest bit: subtracting it from a mask whose
/// three rows are all non-empty borrows within each row only.
const ROW_LOW_BITS: u32 = 0x40201;

/// A full adder on 27 lanes: the sum and carry bits of `a + b + c`.
#[inline(always)]
fn full_adder(a: u32, b: u32, c: u32) -> (u32, u32) {
    let half = a ^ b;
    (half ^ c, (a & b) | (half & c))
}

/// The cells of a band that at least one, two and three of its nine digit
/// masks hold. A tree of full adders: about two thirds of the operations of
/// counting digit by digit, in a shorter chain.
#[inline(always)]
fn digit_counts(masks: &[u32; 9]) -> [u32; 3] {
    let (sum_a, carry_a) = full_adder(masks[0], masks[1], masks[2]);
    let (sum_b, carry_b) = full_adder(masks[3], masks[4], masks[5]);
    let (sum_c, carry_c) = full_adder(masks[6], masks[7], masks[8]);
    // The count is `ones + 2 * (carry_a + carry_b + carry_c + carry_d)`.
    let (ones, carry_d) = full_adder(sum_a, sum_b, sum_c);
    let (either_ab, either_cd) = (carry_a | carry_b, carry_c | carry_d);
    let any_carry = either_ab | either_cd;
    let two_carries = (carry_a & carry_b) | (carry_c & carry_d) | (either_ab & either_cd);
    [
        ones | any_carry,
        any_carry,
        (ones & any_carry) | two_carries,
    ]
}

/// The whole search state: 136 bytes, copied at each guess.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct State {
    cands: [u32; 27],
    unsolved: [u32; 3],
    /// Cells with exactly two candidates, per band, as of the last naked
    /// singles pass (that is, of the propagated state).
    pairs: [u32; 3],
    /// Digit-bands (bit `band * 9 + digit`) that lost cells since their band
    /// step last ran: the work list of the propagation.
    pending: u32,
}

/// Where digit `digit` (0-based) of band `band` sits in `State::cands`: the
/// nine digits of a band are neighbours, so that clearing a placed cell from
/// all of them is one vector operation.
#[inline(always)]
const fn at(digit: usize, band: usize) -> usize {
    band * 9 + digit
}

/// The propagation found a cell or house with no way left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Contradiction;

/// For each digit-band, the same digit's other two bands.
static OTHER_BANDS: [[u8; 2]; 27] = {
    let mut table = [[0u8; 2]; 27];
    let mut index = 0;
    while index < 27 {
        let (band, digit) = (index / 9, index % 9);
        table[index] = [
            at(digit, (band + 1) % 3) as u8,
            at(digit, (band + 2) % 3) as u8,
        ];
        index += 1;
    }
    table
};

impl State {
    /// The state of `grid` with its givens placed, or `Contradiction` when two
    /// givens share a house; not yet propagated.
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
        let mut own = [0u32; 27];
        for (band, &cells) in given_cells.iter().enumerate() {
            let mut bits = cells;
            while bits != 0 {
                let bit = bits & bits.wrapping_neg();
                let cell = band * 27 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let digit = usize::from(values[cell]) - 1;
                state.place_given(cell, band, digit)?;
                own[at(digit, band)] |= bit;
            }
        }
        // Each given's cell leaves the other digits and the open cells at
        // once, so that the first propagation need not find it again.
        for (band, &cells) in given_cells.iter().enumerate() {
            for digit in 0..9 {
                let index = at(digit, band);
                state.cands[index] &= !(cells & !own[index]);
            }
            state.unsolved[band] &= !cells;
        }
        Ok(state)
    }

    /// Places a given: clears `digit` from `cell`'s peers (the cell lies in
    /// `band`, passed to spare a division), or finds the digit already gone
    /// from the cell (two givens clash). Every mask is on the work list
    /// already: no marks needed.
    #[inline(always)]
    fn place_given(&mut self, cell: usize, band: usize, digit: usize) -> Result<(), Contradiction> {
        if self.cands[at(digit, band)] & 1 << (cell - band * 27) == 0 {
            return Err(Contradiction);
        }
        for (band, &peer_mask) in PEERS[cell].iter().enumerate() {
            self.cands[at(digit, band)] &= !peer_mask;
        }
        Ok(())
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
    fn restrict(&mut self, index: usize, keep: u32) {
        self.pending |= self.restrict_quietly(index, keep);
    }

    /// [`State::restrict`] that returns its work-list mark instead.
    #[inline(always)]
    fn restrict_quietly(&mut self, index: usize, keep: u32) -> u32 {
        let old = self.cands[index];
        let new = old & keep;
        self.cands[index] = new;
        u32::from(new != old) << index
    }

    /// Clears `cells` from every digit of `band`; returns the work-list marks
    /// of the masks that lost cells.
    #[inline(always)]
    fn clear_from_band<K: Kernels>(&mut self, band: usize, cells: u32, kernel: K) -> u32 {
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

    /// Applies every rule until nothing changes: band steps on changed
    /// digit-bands (cheap, and most of the work), naked singles when they
    /// stall, hidden singles in columns last.
    #[inline(always)]
    pub(crate) fn propagate(&mut self) -> Result<(), Contradiction> {
        self.propagate_with(Portable)
    }

    /// [`State::propagate`] with `kernel`'s band clear and mini-row scan.
    #[inline(always)]
    pub(crate) fn propagate_with<K: Kernels>(&mut self, kernel: K) -> Result<(), Contradiction> {
        loop {
            // Sweeps in index order over the work list as it stood when the
            // sweep began: the next index never waits for the current step,
            // so the processor overlaps the steps' chains of table loads.
            // The work list lives in a register meanwhile: as a field it
            // would chain every mark through memory.
            let mut pending = std::mem::take(&mut self.pending);
            while pending != 0 {
                let mut sweep = std::mem::take(&mut pending);
                while sweep != 0 {
                    let index = sweep.trailing_zeros() as usize;
                    sweep &= sweep - 1;
                    self.band_step(index, &mut pending, kernel)?;
                }
            }
            if self.is_solved() {
                return Ok(());
            }
            if self.naked_singles()? {
                continue;
            }
            self.column_singles()?;
            if self.pending == 0 {
                return Ok(());
            }
        }
    }

    /// One digit in one band: locked candidates along rows (a table maps the
    /// triads that hold the digit to those on a valid pattern: one triad per
    /// row and per box), a box confined to one column claims it in the other
    /// bands, and a row left with one cell places the digit there.
    #[inline(always)]
    fn band_step<K: Kernels>(
        &mut self,
        index: usize,
        pending: &mut u32,
        kernel: K,
    ) -> Result<(), Contradiction> {
        let mask = self.cands[index];
        let allowed = BAND_PATTERN_CELLS[kernel.triads(mask) as usize];
        if allowed == 0 {
            return Err(Contradiction);
        }
        let shrunk = mask & allowed;
        let columns = (shrunk | shrunk >> 9 | shrunk >> 18) & ROW;
        let keep = COLUMN_CLAIMS_KEEP[columns as usize];
        let [first, second] = OTHER_BANDS[index];
        *pending |= self.restrict_quietly(usize::from(first), keep)
            | self.restrict_quietly(usize::from(second), keep);
        // Every row keeps a cell after the shrink, so the subtraction stays
        // within rows; a row it empties held one cell.
        let rest = shrunk & shrunk.wrapping_sub(ROW_LOW_BITS);
        let single_rows = (u32::from(rest & ROW == 0) * ROW)
            | (u32::from(rest >> 9 & ROW == 0) * (ROW << 9))
            | (u32::from(rest >> 18 == 0) * (ROW << 18));
        let band = index / 9;
        let solved = shrunk & single_rows & self.unsolved[band];
        if solved != 0 {
            self.unsolved[band] &= !solved;
            // The vector load reads the band's masks: storing this mask
            // only afterwards spares it a store it could not forward.
            *pending |= self.clear_from_band(band, solved, kernel);
        }
        // The step has seen this mask as it now is, even if an earlier step
        // of the sweep marked it: running it again would find nothing (the
        // pattern shrink keeps its own result).
        *pending &= !(1 << index);
        self.cands[index] = shrunk;
        Ok(())
    }

    /// Hidden singles in columns, all digits at once: a column where a digit
    /// has one cell left gets it. (Locked candidates along columns come from
    /// the band steps' column claims.) Written over arrays of the nine digits
    /// so that it compiles to vector code.
    #[inline(always)]
    fn column_singles(&mut self) -> Result<(), Contradiction> {
        // Fold the nine rows of each digit into "seen once" and "seen twice
        // or more", and the open cells' rows into "open": a column whose one
        // cell holds the digit already is no news.
        let (mut once, mut twice, mut open) = ([0u32; 9], [0u32; 9], [0u32; 9]);
        for band in 0..3 {
            let masks: &[u32; 9] = self.cands[band * 9..band * 9 + 9]
                .try_into()
                .expect("nine digits");
            let unsolved = self.unsolved[band];
            for digit in 0..9 {
                let mask = masks[digit];
                for row in [mask & ROW, mask >> 9 & ROW, mask >> 18] {
                    twice[digit] |= once[digit] & row;
                    once[digit] |= row;
                }
                let free = mask & unsolved;
                open[digit] |= (free | free >> 9 | free >> 18) & ROW;
            }
        }
        let mut missing = 0u32;
        let mut with_singles = 0u32;
        let mut singles = [0u32; 9];
        for digit in 0..9 {
            missing |= once[digit] ^ ROW;
            singles[digit] = once[digit] & !twice[digit] & open[digit];
            with_singles |= u32::from(singles[digit] != 0) << digit;
        }
        if missing != 0 {
            return Err(Contradiction);
        }
        while with_singles != 0 {
            let digit = with_singles.trailing_zeros() as usize;
            with_singles &= with_singles - 1;
            let cells = singles[digit] * ROW_LOW_BITS;
            for band in 0..3 {
                let mut found = self.cands[at(digit, band)] & cells & self.unsolved[band];
                while found != 0 {
                    let bit = found.trailing_zeros() as usize;
                    self.place(band * 27 + bit, digit)?;
                    found &= found - 1;
                }
            }
        }
        Ok(())
    }

    /// Cells with one candidate left; true if it placed any. Notes the cells
    /// with two candidates on the way, for [`State::choose`].
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        let mut placed = false;
        for band in 0..3 {
            let masks: &[u32; 9] = self.cands[band * 9..band * 9 + 9]
                .try_into()
                .expect("nine digits");
            let [once, twice, thrice] = digit_counts(masks);
            let open = self.unsolved[band];
            if open & !once != 0 {
                return Err(Contradiction);
            }
            self.pairs[band] = twice & !thrice & open;
            let mut singles = open & !twice;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                let cell = band * 27 + bit.trailing_zeros() as usize;
                let digits = self.cell_digits(cell);
                // A cell may have lost its last digit to an earlier placement.
                if digits == 0 {
                    return Err(Contradiction);
                }
                self.place(cell, digits.trailing_zeros() as usize)?;
                singles &= singles - 1;
                placed = true;
            }
        }
        Ok(placed)
    }

    /// The 0-based digits still possible in `cell`, as a 9-bit mask.
    #[inline(always)]
    fn cell_digits(&self, cell: usize) -> u32 {
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

    /// What to branch on and its alternatives, scoring the first `scored`
    /// bivalue cells; only called on an unsolved state.
    #[inline(always)]
    fn choose(&self, scored: u32) -> (u8, u16) {
        let cell = match self.bivalue_cell(scored) {
            Some(cell) => cell,
            None => {
                // On a sparse board a pattern guess can open a huge subtree
                // with no solution; there cells are safer.
                let open: u32 = self.unsolved.iter().map(|m| m.count_ones()).sum();
                if open <= PATTERN_BRANCH_MAX_OPEN {
                    if let Some(branch) = self.two_pattern_digit_band() {
                        return branch;
                    }
                }
                self.fewest_candidates_cell()
            }
        };
        (cell as u8, self.cell_digits(cell) as u16)
    }

    /// The first open cell in row-major order and its digits.
    #[inline(always)]
    fn first_open_branch(&self) -> (u8, u16) {
        let cell = self
            .first_open_cell()
            .expect("an unsolved state has an open cell");
        (cell as u8, self.cell_digits(cell) as u16)
    }

    /// The first cell in row-major order that holds no digit yet.
    fn first_open_cell(&self) -> Option<usize> {
        let band = (0..3).find(|&b| self.unsolved[b] != 0)?;
        Some(band * 27 + self.unsolved[band].trailing_zeros() as usize)
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

    /// Takes alternative `choice` of the branch on `target`.
    #[inline(always)]
    fn take(&mut self, target: u8, choice: usize) -> Result<(), Contradiction> {
        if target < PATTERN_BRANCH {
            self.place(usize::from(target), choice)
        } else {
            let index = usize::from(target - PATTERN_BRANCH);
            self.restrict(index, TRIAD_CELLS[usize::from(PATTERN_TRIADS[choice])]);
            Ok(())
        }
    }

    /// Of the first `scored` cells with two candidates in row-major order,
    /// the one whose weaker branch reaches furthest (the first such), from the
    /// pairs the last naked singles pass noted: `choose` runs on propagated
    /// states only.
    #[inline(always)]
    fn bivalue_cell(&self, scored: u32) -> Option<usize> {
        if scored <= 1 {
            // One cell to score: the first is the choice, unscored.
            let band = (0..3).find(|&band| self.pairs[band] != 0)?;
            return Some(band * 27 + self.pairs[band].trailing_zeros() as usize);
        }
        let mut best: Option<(u32, usize)> = None;
        let mut budget = scored;
        for band in 0..3 {
            let mut pairs = self.pairs[band];
            while pairs != 0 && budget != 0 {
                budget -= 1;
                let cell = band * 27 + pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let score = self.weaker_branch_reach(cell);
                if best.is_none_or(|(top, _)| score > top) {
                    best = Some((score, cell));
                }
            }
        }
        best.map(|(_, cell)| cell)
    }

    /// For a bivalue cell, how many candidates the weaker of its two
    /// branches removes at once: the open peers that hold its digit. The
    /// search branches where both branches reach far, which cuts the
    /// guesses on hard puzzles by about a third against taking the first
    /// bivalue cell (126 to 88 per puzzle on forum-hardest-1905, count-2).
    #[inline(always)]
    fn weaker_branch_reach(&self, cell: usize) -> u32 {
        let peers = &PEERS[cell];
        let mut digits = self.cell_digits(cell);
        let mut weaker = u32::MAX;
        while digits != 0 {
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            // Two bands in one word: one population count fewer.
            let low = u64::from(self.cands[at(digit, 0)] & peers[0] & self.unsolved[0])
                | u64::from(self.cands[at(digit, 1)] & peers[1] & self.unsolved[1]) << 27;
            let high = self.cands[at(digit, 2)] & peers[2] & self.unsolved[2];
            weaker = weaker.min(low.count_ones() + high.count_ones());
        }
        weaker
    }

    /// A cell with the fewest candidates; called when none has two, so rarely
    /// that a plain scan does.
    fn fewest_candidates_cell(&self) -> usize {
        let mut best = (u32::MAX, 0);
        for band in 0..3 {
            let mut open = self.unsolved[band];
            while open != 0 {
                let cell = band * 27 + open.trailing_zeros() as usize;
                let count = self.cell_digits(cell).count_ones();
                if count < best.0 {
                    best = (count, cell);
                }
                open &= open - 1;
            }
        }
        best.1
    }
}

/// Branch targets from this value up are digit-bands (`band * 9 + digit`)
/// whose alternatives are patterns; below it, cells whose alternatives are digits.
const PATTERN_BRANCH: u8 = 81;

/// How many bivalue cells, in row-major order, `choose` scores when it scores.
const BIVALUE_CELLS_SCORED: u32 = 8;

/// Below the root, the search takes the first bivalue cell until it has met
/// more dead ends than this: scoring cells costs about 640 instructions a
/// choice, which on boards with many solutions buys nothing (count-2 on serg:
/// 7.02 guesses a puzzle scored, 6.70 mostly unscored, 15% fewer instructions).
const DEAD_ENDS_BEFORE_SCORING: u64 = 4;

/// Pattern branching only pays on boards with at most this many open cells.
const PATTERN_BRANCH_MAX_OPEN: u32 = 62;

/// A guess to come back to: the state before it, what it branched on and the
/// alternatives not yet tried.
#[derive(Clone, Copy)]
pub(crate) struct Frame {
    state: State,
    target: u8,
    untried: u16,
}

/// The search: depth-first over guesses, each frame a copy of the state.
///
/// Calls `on_solution` with each solution in the order found; it returns
/// `false` to stop. Returns the number of guesses made (a branch tried while
/// another digit was still untried at the same cell).
/// `stack` is scratch space kept by the caller so that a run over many puzzles
/// allocates once; frames on it never hold an empty `untried`.
pub(crate) fn search(
    stack: &mut Vec<Frame>,
    root: State,
    pulse: Pulse<'_>,
    on_solution: impl FnMut(&State) -> bool,
) -> u64 {
    search_dispatch::<false, false>(stack, root, Budget::UNLIMITED, pulse, on_solution).0
}

/// What a search asks every [`PULSE_GUESSES`] guesses: whether it may go on
/// (a caller's work budget). A search it stops gives up as if out of budget.
pub(crate) type Pulse<'a> = &'a dyn Fn() -> bool;

/// The pulse of a search nothing limits.
pub(crate) const ALWAYS: Pulse<'static> = &|| true;

/// Guesses between two pulses: rare enough to cost nothing, often enough to
/// stop within a few milliseconds.
pub(crate) const PULSE_GUESSES: u64 = 1 << 12;

/// How far a search may go before it gives up.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    /// Guesses (branches taken while another alternative remains).
    pub(crate) guesses: u64,
    /// Dead ends (branches whose propagation failed).
    pub(crate) dead_ends: u64,
}

impl Budget {
    /// No limit at all.
    pub(crate) const UNLIMITED: Budget = Budget {
        guesses: u64::MAX,
        dead_ends: u64::MAX,
    };
}

/// The first solution of `root` in lexicographic order, found by branching
/// on the first open cell in row-major order with ascending digits, or `None`
/// if it has none; once it has spent `budget` (a row-major search can take
/// exponential time refuting an early digit) it gives up with `Err` holding
/// `root` propagated, so that the search taking over does not propagate it
/// again. Returns the guesses made too.
pub(crate) fn first_in_order(
    stack: &mut Vec<Frame>,
    root: State,
    budget: Budget,
    pulse: Pulse<'_>,
) -> (Result<Option<State>, State>, u64) {
    let mut found = None;
    let (guesses, finished) =
        search_dispatch::<true, false>(stack, root, budget, pulse, |solution| {
            found = Some(*solution);
            false
        });
    let outcome = if finished || found.is_some() {
        Ok(found)
    } else {
        // The search gave up at a guess, so the bottom frame holds the root
        // as propagated before its first guess.
        Err(stack.first().map_or(root, |frame| frame.state))
    };
    (outcome, guesses)
}

/// Runs the search compiled for this CPU: see [`search_portable`].
#[inline(always)]
fn search_dispatch<const IN_ORDER: bool, const BELOW_FOUND: bool>(
    stack: &mut Vec<Frame>,
    root: State,
    budget: Budget,
    pulse: Pulse<'_>,
    on_solution: impl FnMut(&State) -> bool,
) -> (u64, bool) {
    match Native::detect() {
        // SAFETY: an `Avx2` or `Avx2Pext` exists only on a CPU with every
        // feature `search_with_bit_instructions` is compiled for.
        #[cfg(target_arch = "x86_64")]
        Native::Avx2Pext(kernels) => unsafe {
            search_with_bit_instructions::<IN_ORDER, BELOW_FOUND, _>(
                stack,
                root,
                budget,
                pulse,
                on_solution,
                kernels,
            )
        },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Native::Avx2(kernels) => unsafe {
            search_with_bit_instructions::<IN_ORDER, BELOW_FOUND, _>(
                stack,
                root,
                budget,
                pulse,
                on_solution,
                kernels,
            )
        },
        Native::Portable => search_portable::<IN_ORDER, BELOW_FOUND, _>(
            stack,
            root,
            budget,
            pulse,
            on_solution,
            Portable,
        ),
    }
}

/// [`search_portable`] compiled for CPUs with POPCNT, AVX2, BMI1, BMI2 and LZCNT:
/// the same code, so the same answers and guesses (tested against it).
///
/// # Safety
///
/// The CPU must support those five features.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,avx2,bmi1,bmi2,lzcnt")]
pub(crate) unsafe fn search_with_bit_instructions<
    const IN_ORDER: bool,
    const BELOW_FOUND: bool,
    K: Kernels,
>(
    stack: &mut Vec<Frame>,
    root: State,
    budget: Budget,
    pulse: Pulse<'_>,
    on_solution: impl FnMut(&State) -> bool,
    kernel: K,
) -> (u64, bool) {
    search_portable::<IN_ORDER, BELOW_FOUND, _>(stack, root, budget, pulse, on_solution, kernel)
}

/// The search for any CPU; inlined into each instruction-set variant.
/// Branches as [`State::choose`] says, or on the first open cell in row-major
/// order with `IN_ORDER`; with `BELOW_FOUND`, skips every state whose
/// solutions are all greater than the last solution found (see
/// [`LexBound`]). Gives up once it has spent `budget`. Returns the guesses
/// and whether the tree was searched to its end or to a stop asked by
/// `on_solution`.
#[inline(always)]
pub(crate) fn search_portable<const IN_ORDER: bool, const BELOW_FOUND: bool, K: Kernels>(
    stack: &mut Vec<Frame>,
    root: State,
    budget: Budget,
    pulse: Pulse<'_>,
    mut on_solution: impl FnMut(&State) -> bool,
    kernel: K,
) -> (u64, bool) {
    stack.clear();
    let mut guesses = 0u64;
    let mut state = root;
    // One call site for the propagation, which is inlined.
    let mut alive = true;
    let mut dead_ends = 0u64;
    let mut bound: Option<LexBound> = None;
    // Below a solution found, the budget counts from that solution. The
    // pulse shares the one comparison per guess with the budget: the search
    // stops at `guess_limit`, the nearer of the two, and asks the pulse
    // there whether it was only the pulse's turn.
    let mut budget_limit = if BELOW_FOUND {
        u64::MAX
    } else {
        budget.guesses
    };
    let mut guess_limit = budget_limit.min(PULSE_GUESSES);
    loop {
        alive = alive && state.propagate_with(kernel).is_ok();
        if !alive {
            dead_ends += 1;
            if dead_ends > budget.dead_ends {
                return (guesses, false);
            }
        }
        if BELOW_FOUND && alive {
            if let Some(bound) = &bound {
                alive = !bound.excludes(&state);
            }
        }
        if alive {
            if state.is_solved() {
                if BELOW_FOUND {
                    bound = Some(LexBound::new(&state));
                    budget_limit = guesses.saturating_add(budget.guesses);
                    guess_limit = budget_limit.min(guesses + PULSE_GUESSES);
                }
                if !on_solution(&state) {
                    return (guesses, true);
                }
            } else {
                let (target, untried) = if IN_ORDER {
                    state.first_open_branch()
                } else {
                    // Scoring pays where the tree is big: at the root, and
                    // once the board has shown it fights back. Boards with
                    // many solutions (serg) or few guesses skip its cost.
                    let scored = if stack.is_empty() || dead_ends > DEAD_ENDS_BEFORE_SCORING {
                        BIVALUE_CELLS_SCORED
                    } else {
                        1
                    };
                    state.choose(scored)
                };
                // Take the first alternative in place; the frame keeps the
                // state for the others (copying it back would cost a copy
                // per guess).
                let choice = untried.trailing_zeros() as usize;
                let others = untried & (untried - 1);
                if others != 0 {
                    stack.push(Frame {
                        state,
                        target,
                        untried: others,
                    });
                    guesses += 1;
                    if guesses > guess_limit {
                        if guesses > budget_limit || !pulse() {
                            return (guesses, false);
                        }
                        guess_limit = budget_limit.min(guesses + PULSE_GUESSES);
                    }
                }
                alive = state.take(target, choice).is_ok();
                continue;
            }
        }
        // Take the next untried branch, backtracking as needed.
        let Some(frame) = stack.last_mut() else {
            return (guesses, true);
        };
        let choice = frame.untried.trailing_zeros() as usize;
        frame.untried &= frame.untried - 1;
        let target = frame.target;
        if frame.untried == 0 {
            state = frame.state;
            stack.pop();
        } else {
            state = frame.state;
            guesses += 1;
            if guesses > guess_limit {
                if guesses > budget_limit || !pulse() {
                    return (guesses, false);
                }
                guess_limit = budget_limit.min(guesses + PULSE_GUESSES);
            }
        }
        alive = state.take(target, choice).is_ok();
    }
}

/// A solution `found`, as a bound on the search for a smaller one: whether a
/// state can still hold a solution smaller than `found` in row-major order.
struct LexBound {
    /// Per digit-band, the cells where `found` holds the digit.
    found: [u32; 27],
    /// Per digit-band, the cells where `found` holds a greater digit.
    greater: [u32; 27],
}

impl LexBound {
    fn new(found: &State) -> LexBound {
        let mut greater = [0u32; 27];
        for band in 0..3 {
            let mut above = 0;
            for digit in (0..9).rev() {
                greater[at(digit, band)] = above;
                above |= found.cands[at(digit, band)];
            }
        }
        LexBound {
            found: found.cands,
            greater,
        }
    }

    /// True when every solution of `state` is greater than `found` (or is
    /// `found`): at the first cell in row-major order that either lacks
    /// `found`'s digit or offers a smaller one, it lacks it and offers none
    /// smaller.
    #[inline(always)]
    fn excludes(&self, state: &State) -> bool {
        for band in 0..3 {
            let (mut keeps, mut smaller) = (0u32, 0u32);
            for digit in 0..9 {
                let mask = state.cands[at(digit, band)];
                keeps |= mask & self.found[at(digit, band)];
                smaller |= mask & self.greater[at(digit, band)];
            }
            let decisive = (!keeps & ((1 << 27) - 1)) | smaller;
            if decisive != 0 {
                return decisive & decisive.wrapping_neg() & smaller == 0;
            }
        }
        true
    }
}

/// Like [`search`], but once a solution is found it skips every state whose
/// solutions are all greater, so that each later solution is smaller than the
/// one before. A unique board costs what [`search`] proving uniqueness costs,
/// less the subtrees skipped: 4-11% fewer guesses on random symmetries of the
/// unique collections.
///
/// The skipping is weak on sparse boards (a state is kept while an early open
/// cell offers a smaller digit, with or without a solution behind it), so
/// the search can take exponential time between solutions there: it gives up
/// once it has made `budget` guesses since the last solution. Returns the
/// guesses, and whether it ran to its end or to a stop asked by
/// `on_solution`.
pub(crate) fn search_below_found(
    stack: &mut Vec<Frame>,
    root: State,
    budget: u64,
    pulse: Pulse<'_>,
    on_solution: impl FnMut(&State) -> bool,
) -> (u64, bool) {
    let budget = Budget {
        guesses: budget,
        dead_ends: u64::MAX,
    };
    search_dispatch::<false, true>(stack, root, budget, pulse, on_solution)
}

/// A cell of the row-major walk: the state before it and the digits not yet tried.
#[derive(Clone, Copy)]
pub(crate) struct Step {
    state: State,
    cell: u8,
    untried: u16,
}

/// Calls `on_solution` with the solutions of `root` in lexicographic order
/// until it returns `false`; returns the guesses made.
///
/// The walk fixes cells in row-major order, digits ascending, as a plain
/// backtracking search would, but it enters a branch only once the fast
/// [`search`] has found a solution there. A plain row-major search can spend
/// exponential time refuting a wrong early digit on a sparse board; here every
/// refutation gets the fast search's branching, and no branch is ever entered
/// in vain. A solution found (the `witness`) extends every
/// state on the walk, so its own digit needs no search.
pub(crate) fn lexicographic(
    stack: &mut Vec<Frame>,
    walk: &mut Vec<Step>,
    root: State,
    pulse: Pulse<'_>,
    mut on_solution: impl FnMut(&State) -> bool,
) -> u64 {
    walk.clear();
    let mut state = root;
    if state.propagate().is_err() {
        return 0;
    }
    let mut witness = None;
    let mut guesses = search(stack, state, pulse, |solution| {
        witness = Some(*solution);
        false
    });
    if witness.is_none() {
        return guesses;
    }
    let mut trials = 0u64;
    loop {
        match state.first_open_cell() {
            None => {
                if !on_solution(&state) {
                    return guesses;
                }
            }
            Some(cell) => walk.push(Step {
                state,
                cell: cell as u8,
                untried: state.cell_digits(cell) as u16,
            }),
        }
        // The next digit, in order, whose branch holds a solution.
        loop {
            let Some(step) = walk.last_mut() else {
                return guesses;
            };
            if step.untried == 0 {
                walk.pop();
                continue;
            }
            let digit = step.untried.trailing_zeros() as usize;
            step.untried &= step.untried - 1;
            let cell = usize::from(step.cell);
            let mut trial = step.state;
            if trial.place(cell, digit).is_err() || trial.propagate().is_err() {
                continue;
            }
            let known = witness.is_some_and(|w| w.digit_at(cell) == digit);
            if !known {
                // Many short searches never reach a pulse of their own.
                trials += 1;
                if trials % 64 == 0 && !pulse() {
                    return guesses;
                }
                let mut found = None;
                guesses += 1 + search(stack, trial, pulse, |solution| {
                    found = Some(*solution);
                    false
                });
                if found.is_none() {
                    continue;
                }
                witness = found;
            }
            state = trial;
            break;
        }
    }
}

/// The lexicographically smallest solution of `root`, given one solution of
/// it (`witness`); returns it with the guesses made.
///
/// Cells are settled in row-major order. Where the smallest candidate left is
/// the witness's digit, that digit is the answer's: placed at once, without
/// propagating, as long as that holds. Where a smaller candidate remains
/// after propagation, the fast [`search`] decides it: a solution found there
/// becomes the new witness, else the candidate goes. The witness always
/// extends the state, so no step can fail.
pub(crate) fn smallest_solution(
    stack: &mut Vec<Frame>,
    root: State,
    mut witness: State,
    pulse: Pulse<'_>,
) -> (State, u64) {
    let mut guesses = 0u64;
    let mut state = root;
    let mut cursor = 0usize;
    loop {
        // Place the witness's digits while they are the smallest candidates.
        let mut undecided = None;
        while cursor < 81 {
            let band = cursor / 27;
            let bit = 1u32 << (cursor % 27);
            if state.unsolved[band] & bit != 0 {
                let digits = state.cell_digits(cursor);
                let smallest = digits.trailing_zeros() as usize;
                let wanted = witness.digit_at(cursor);
                if smallest != wanted {
                    undecided = Some((cursor, smallest));
                    break;
                }
                state
                    .place(cursor, wanted)
                    .expect("the witness extends the state");
            }
            cursor += 1;
        }
        state.propagate().expect("the witness extends the state");
        let Some((cell, digit)) = undecided else {
            return (state, guesses);
        };
        if state.cell_digits(cell).trailing_zeros() as usize != digit {
            // Propagation removed the smaller candidate: look again.
            continue;
        }
        let mut trial = state;
        let mut found = None;
        if !pulse() {
            // Stopped: the witness is a solution, not surely the smallest;
            // the caller, whose pulse said stop, reports that instead.
            return (witness, guesses);
        }
        if trial.place(cell, digit).is_ok() {
            guesses += 1 + search(stack, trial, pulse, |solution| {
                found = Some(*solution);
                false
            });
        }
        match found {
            Some(better) => witness = better,
            None => state.remove_candidate(cell, digit),
        }
    }
}

impl State {
    /// Takes `digit` (0-based) out of `cell`'s candidates.
    fn remove_candidate(&mut self, cell: usize, digit: usize) {
        self.restrict(at(digit, cell / 27), !(1 << (cell % 27)));
    }

    /// The 0-based digit placed in `cell` of a solved state.
    fn digit_at(&self, cell: usize) -> usize {
        self.cell_digits(cell).trailing_zeros() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::super::kernels::tests::random_words;
    use super::*;

    /// The shipped samples of every collection, as boards.
    fn sample_boards() -> Vec<Grid> {
        let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/puzzles");
        let mut boards = Vec::new();
        for entry in std::fs::read_dir(folder).expect("the samples ship with the repository") {
            let path = entry.expect("a readable folder").path();
            if path.extension().is_some_and(|ext| ext == "txt") {
                let text = std::fs::read_to_string(&path).expect("a readable sample");
                boards.extend(text.lines().filter_map(|line| line.parse::<Grid>().ok()));
            }
        }
        assert!(boards.len() > 1000, "only {} sample boards", boards.len());
        boards
    }

    /// Up to three solutions in the order found, and the guesses made.
    fn run(
        engine: impl Fn(&mut Vec<Frame>, State, &mut Vec<Grid>) -> u64,
        board: &Grid,
    ) -> (Vec<Grid>, u64) {
        let mut stack = Vec::new();
        let mut found = Vec::new();
        let guesses = match State::from_grid(board) {
            Ok(root) => engine(&mut stack, root, &mut found),
            Err(Contradiction) => 0,
        };
        (found, guesses)
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_bit_instruction_searches_match_the_portable_one() {
        use super::super::kernels::{Avx2, Avx2Pext};
        let boards = sample_boards();
        let portable: Vec<_> = boards
            .iter()
            .map(|board| run_with(Portable, false, board))
            .collect();
        // Each variant this CPU can run; `Avx2Pext` only where `pext` is fast.
        if let Some(kernels) = Avx2::new() {
            assert_native_search_matches(kernels, &boards, &portable);
        }
        if let Some(kernels) = Avx2Pext::new() {
            assert_native_search_matches(kernels, &boards, &portable);
        }
    }

    /// Checks that the search compiled for the bit instructions with
    /// `kernels` finds `expected` (solutions and guesses) on each board.
    #[cfg(target_arch = "x86_64")]
    fn assert_native_search_matches<K: Kernels>(
        kernels: K,
        boards: &[Grid],
        expected: &[(Vec<Grid>, u64)],
    ) {
        for (board, expected) in boards.iter().zip(expected) {
            assert_eq!(
                &run_with(kernels, true, board),
                expected,
                "{}",
                board.to_line()
            );
        }
    }

    /// Up to three solutions and the guesses of the search with `kernels`,
    /// compiled for the bit instructions if `native`.
    #[cfg(target_arch = "x86_64")]
    fn run_with<K: Kernels>(kernels: K, native: bool, board: &Grid) -> (Vec<Grid>, u64) {
        run(
            |stack, root, found| {
                let on_solution = |solution: &State| {
                    found.push(solution.to_grid());
                    found.len() < 3
                };
                if native {
                    // SAFETY: `kernels` is a native variant, which exists
                    // only on a CPU with the features.
                    unsafe {
                        search_with_bit_instructions::<false, false, _>(
                            stack,
                            root,
                            Budget::UNLIMITED,
                            ALWAYS,
                            on_solution,
                            kernels,
                        )
                        .0
                    }
                } else {
                    search_portable::<false, false, _>(
                        stack,
                        root,
                        Budget::UNLIMITED,
                        ALWAYS,
                        on_solution,
                        kernels,
                    )
                    .0
                }
            },
            board,
        )
    }

    #[test]
    fn the_search_below_found_meets_ever_smaller_solutions_down_to_the_smallest() {
        let mut next = random_words(0x9E37_79B9_7F4A_7C15u64);
        let (mut stack, mut walk) = (Vec::new(), Vec::new());
        let (mut several, mut settled) = (0, 0);
        for (index, board) in sample_boards().iter().enumerate().step_by(4) {
            // Every other board loses about a third of its clues, so that
            // it has several solutions.
            let mut values = *board.values();
            if index % 8 == 0 {
                for value in values.iter_mut() {
                    if next() % 3 == 0 {
                        *value = 0;
                    }
                }
            }
            let board = Grid::from_values(values).expect("digits");
            let Ok(root) = State::from_grid(&board) else {
                continue;
            };
            let mut found = Vec::new();
            let (_, finished) = search_below_found(&mut stack, root, 1000, ALWAYS, |solution| {
                found.push(solution.to_grid());
                found.len() < 100
            });
            let mut smallest = None;
            lexicographic(&mut stack, &mut walk, root, ALWAYS, |solution| {
                smallest = Some(solution.to_grid());
                false
            });
            assert!(found.windows(2).all(|pair| pair[1] < pair[0]), "{board}");
            if finished && found.len() < 100 {
                assert_eq!(found.last().copied(), smallest, "{board}");
            }
            several += usize::from(found.len() > 1);
            settled += usize::from(found.len() > 1 && finished && found.len() < 100);
        }
        assert!(several > 20, "only {several} boards met a second solution");
        assert!(
            settled > 5,
            "only {settled} boards with several solutions were settled"
        );
    }

    #[test]
    fn digit_counts_match_counting_each_cell() {
        let mut next = random_words(0x2545_F491_4F6C_DD1Du64);
        for round in 0..20_000 {
            let mut masks = [0u32; 9];
            for mask in &mut masks {
                let mut bits = next() as u32;
                // Sparse and dense masks alike.
                for _ in 0..round % 5 {
                    bits &= next() as u32;
                }
                *mask = bits & ((1 << 27) - 1);
            }
            let mut expected = [0u32; 3];
            for cell in 0..27 {
                let count = masks.iter().filter(|&&mask| mask >> cell & 1 == 1).count();
                for (at_least, bits) in expected.iter_mut().enumerate() {
                    *bits |= u32::from(count > at_least) << cell;
                }
            }
            assert_eq!(digit_counts(&masks), expected, "{masks:?}");
        }
    }
}
