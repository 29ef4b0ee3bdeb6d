//! Propagation: band steps from the work list, naked singles, and hidden
//! singles in columns, until nothing changes or a contradiction shows.

use super::state::{
    at, full_adder, spread_triad, Contradiction, State, ROW, ROW_LOW_BITS, TRIAD_LOW_BITS,
};
use crate::solve::kernels::{Kernels, Portable};
use crate::solve::tables::{BAND_PATTERN_CELLS, COLUMN_CLAIMS_KEEP, PATTERN_TRIADS, TRIAD_CELLS};

/// The cells of a band that at least one, two and three of its nine digit
/// masks hold. A tree of full adders: fewer operations than counting digit
/// by digit, in a shorter chain.
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

/// The rows of `mask` that hold two cells or more, each as its nine bits;
/// every row of `mask` must hold one at least. Without a test per row: a
/// test and a select for each cost more instructions, which count where
/// another thread shares the core.
#[inline(always)]
fn rows_of_two_or_more(mask: u32) -> u32 {
    // With every row non-empty, the subtraction borrows within rows only: it
    // takes each row's lowest cell, and what is left is a row's second one.
    let rest = mask & mask.wrapping_sub(ROW_LOW_BITS);
    // Adding a row's nine ones carries out of it where the row holds a bit:
    // rows 0 and 2 in one sum (their carries land in row 1 and past row 2),
    // row 1 in another. Each carry, less itself shifted down a row, is its
    // row's mask.
    const ROWS_0_AND_2: u32 = ROW | ROW << 18;
    let carries = ((rest & ROWS_0_AND_2) + ROWS_0_AND_2) & (1 << 9 | 1 << 27)
        | ((rest & ROW << 9) + (ROW << 9)) & 1 << 18;
    carries - (carries >> 9)
}

/// What a propagation applies once its band steps stall.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rules {
    /// Naked singles.
    Singles,
    /// Naked singles, then hidden singles in columns.
    Columns,
    /// As `Columns`, and the triad rules (`triads.rs`) where the first round
    /// of band steps and singles finds nothing more; later rounds, which
    /// follow singles found, go without them. The rules cut the guesses on
    /// hard boards by a tenth to a quarter, but their pass over the 27 masks
    /// costs as much as a few band steps: run at every fixed point they cost
    /// more than they saved (docs/PERFORMANCE.md).
    Triads,
}

/// Sweeps of more band steps than this run every band step at once on the
/// masks as the sweep found them ([`State::whole_sweep`]).
const WHOLE_SWEEP_ABOVE: u32 = 7;

/// The six patterns a digit can take in a band (one triad in each row and
/// each box), each as the lowest cells of its three triads.
const PATTERN_LOW_CELLS: [u32; 6] = {
    let mut cells = [0u32; 6];
    let mut pattern = 0;
    while pattern < 6 {
        cells[pattern] = TRIAD_CELLS[PATTERN_TRIADS[pattern] as usize] & TRIAD_LOW_BITS;
        pattern += 1;
    }
    cells
};

/// The cells of `mask`'s triads that lie on a pattern it still holds
/// ([`BAND_PATTERN_CELLS`] of its triads), by logic on the six patterns
/// instead of a table, so that a loop over many masks compiles to vector
/// code without a load per mask.
#[inline(always)]
fn pattern_cells_by_logic(mask: u32) -> u32 {
    let any = (mask | mask >> 1 | mask >> 2) & TRIAD_LOW_BITS;
    let mut allowed = 0;
    for pattern in PATTERN_LOW_CELLS {
        allowed |= if any & pattern == pattern { pattern } else { 0 };
    }
    spread_triad(allowed)
}

/// [`COLUMN_CLAIMS_KEEP`] of `columns` by logic, for the same reason as
/// [`pattern_cells_by_logic`]; every box must hold a column at least (as a
/// valid pattern's cells do).
#[inline(always)]
fn column_claims_keep_by_logic(columns: u32) -> u32 {
    const BOX_LOW_BITS: u32 = 0b001_001_001;
    // As in `rows_of_two_or_more`: with no box empty, the subtraction
    // borrows within boxes, and what is left is a box's second column.
    let rest = columns & columns.wrapping_sub(BOX_LOW_BITS);
    let wide = (rest | rest >> 1 | rest >> 2) & BOX_LOW_BITS;
    // A box's three columns sit as a triad's three cells do.
    let claimed = columns & !spread_triad(wide);
    !(claimed | claimed << 9 | claimed << 18) & ((1 << 27) - 1)
}

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
    /// Applies the rules until nothing changes: band steps on changed
    /// digit-bands (cheap, and most of the work), naked singles when they
    /// stall, hidden singles in columns last. The triad rules are the
    /// search's (see [`Rules::Triads`]).
    #[inline(always)]
    pub(crate) fn propagate(&mut self) -> Result<(), Contradiction> {
        self.propagate_with(Portable, Rules::Columns)
    }

    /// [`State::propagate`] with `kernel`'s band clear and mini-row scan,
    /// and `rules` after the band steps.
    #[inline(always)]
    pub(crate) fn propagate_with<K: Kernels>(
        &mut self,
        kernel: K,
        mut rules: Rules,
    ) -> Result<(), Contradiction> {
        loop {
            // Sweeps over the work list as it stood when the sweep began:
            // a long one as one whole sweep, a short one in index order, so
            // that the next index never waits for the current step.
            // The work list lives in a register meanwhile: as a field it
            // would chain every mark through memory.
            let mut pending = std::mem::take(&mut self.pending);
            while pending != 0 {
                let taken = std::mem::take(&mut pending);
                if taken.count_ones() > WHOLE_SWEEP_ABOVE {
                    pending |= self.whole_sweep()?;
                } else {
                    let mut sweep = taken;
                    let mut index = sweep.trailing_zeros() as usize;
                    sweep &= sweep - 1;
                    let mut mask = self.cands[index];
                    loop {
                        // The next step's mask is read before this step
                        // writes, and used as read unless this step changed
                        // it: in index order most steps follow one of their
                        // band, and a read after the band's clear would
                        // chain the two steps through the store. (After the
                        // last step: the last mask, read for nothing.)
                        let next = (sweep.trailing_zeros() as usize).min(26);
                        let next_mask = self.cands[next];
                        let band = index / 9;
                        let (solved, keep) =
                            self.band_step_on(index, band, mask, &mut pending, kernel)?;
                        if sweep == 0 {
                            break;
                        }
                        sweep &= sweep - 1;
                        // This step cleared its placements from its band
                        // and claimed columns in its digit's later bands;
                        // only where that touched the next mask (seldom) is
                        // it read again.
                        let same_band = u32::from(next < band * 9 + 9);
                        let apart = next - index;
                        let same_digit = u32::from(apart == 9) | u32::from(apart == 18);
                        let lost = (solved & same_band.wrapping_neg())
                            | (!keep & same_digit.wrapping_neg());
                        mask = if next_mask & lost != 0 {
                            self.mask_again(next)
                        } else {
                            next_mask
                        };
                        index = next;
                    }
                }
            }
            if !self.after_sweeps(rules)? {
                return Ok(());
            }
            // The triad rules only where the first round stalls: see
            // `Rules::Triads`.
            if rules == Rules::Triads {
                rules = Rules::Columns;
            }
        }
    }

    /// Propagates two states at once (as [`State::propagate_with`] with
    /// [`Rules::Columns`]): their band steps are taken in turn, so
    /// that the processor overlaps the two chains of dependent loads, which
    /// one board alone leaves idle. Same fixed points, found sooner.
    #[inline(always)]
    pub(crate) fn propagate_pair<K: Kernels>(
        pair: [&mut State; 2],
        kernel: K,
    ) -> [Result<(), Contradiction>; 2] {
        Self::propagate_lanes(pair, kernel, [Rules::Columns; 2], [true, true])
    }

    /// [`State::propagate_with`] on `N` states at once, each with its own
    /// `rules`, their band steps taken in turn as [`State::propagate_pair`]
    /// takes them; a lane not `running` is left as it is.
    #[inline(always)]
    pub(crate) fn propagate_lanes<K: Kernels, const N: usize>(
        states: [&mut State; N],
        kernel: K,
        mut rules: [Rules; N],
        mut running: [bool; N],
    ) -> [Result<(), Contradiction>; N] {
        let mut results = [Ok(()); N];
        // Each lane runs until its fixed point or a contradiction.
        loop {
            let mut pending = [0u32; N];
            for lane in 0..N {
                pending[lane] =
                    std::mem::take(&mut states[lane].pending) * u32::from(running[lane]);
            }
            while pending.iter().fold(0, |any, &marks| any | marks) != 0 {
                let mut sweep = std::mem::replace(&mut pending, [0; N]);
                for lane in 0..N {
                    if sweep[lane].count_ones() > WHOLE_SWEEP_ABOVE {
                        sweep[lane] = 0;
                        match states[lane].whole_sweep() {
                            Ok(marks) => pending[lane] = marks,
                            Err(contradiction) => {
                                (results[lane], running[lane]) = (Err(contradiction), false);
                            }
                        }
                    }
                }
                let mut step = |lane: usize, sweep: &mut [u32; N], pending: &mut [u32; N]| {
                    let index = sweep[lane].trailing_zeros() as usize;
                    sweep[lane] &= sweep[lane] - 1;
                    if states[lane]
                        .band_step(index, &mut pending[lane], kernel)
                        .is_err()
                    {
                        (results[lane], running[lane]) = (Err(Contradiction), false);
                        (sweep[lane], pending[lane]) = (0, 0);
                    }
                };
                // Every lane a step in turn while all have steps left, without
                // a test per lane; then each lane's last steps alone.
                while sweep.iter().all(|&marks| marks != 0) {
                    for lane in 0..N {
                        step(lane, &mut sweep, &mut pending);
                    }
                }
                for lane in 0..N {
                    while sweep[lane] != 0 {
                        step(lane, &mut sweep, &mut pending);
                    }
                }
            }
            for lane in 0..N {
                if running[lane] {
                    match states[lane].after_sweeps(rules[lane]) {
                        Ok(more) => running[lane] = more,
                        Err(contradiction) => {
                            (results[lane], running[lane]) = (Err(contradiction), false);
                        }
                    }
                    // The triad rules only in the first round, as alone.
                    if rules[lane] == Rules::Triads {
                        rules[lane] = Rules::Columns;
                    }
                }
            }
            if !running.contains(&true) {
                return results;
            }
        }
    }

    /// [`State::propagate_with`] the plainest way, for tests: one band step
    /// at a time, the lowest marked first, never a whole sweep nor a mask
    /// read ahead.
    #[cfg(test)]
    pub(super) fn propagate_step_by_step<K: Kernels>(
        &mut self,
        kernel: K,
        mut rules: Rules,
    ) -> Result<(), Contradiction> {
        loop {
            while self.pending != 0 {
                let index = self.pending.trailing_zeros() as usize;
                let mut pending = self.pending;
                self.band_step(index, &mut pending, kernel)?;
                self.pending = pending;
            }
            if !self.after_sweeps(rules)? {
                return Ok(());
            }
            if rules == Rules::Triads {
                rules = Rules::Columns;
            }
        }
    }

    /// The rules after the band steps, naked singles, then as `rules` says
    /// hidden singles in columns and the triad rules: whether they left band
    /// steps to run (false at the fixed point).
    #[inline(always)]
    fn after_sweeps(&mut self, rules: Rules) -> Result<bool, Contradiction> {
        if self.is_solved() {
            return Ok(false);
        }
        if self.naked_singles()? {
            return Ok(true);
        }
        if rules == Rules::Singles {
            return Ok(false);
        }
        self.column_singles()?;
        if self.pending == 0 && rules == Rules::Triads {
            self.triad_rules()?;
        }
        Ok(self.pending != 0)
    }

    /// Every band step at once, each on the masks as they stand (the
    /// steps of a sweep taken in any order reach the same fixed point): the
    /// pattern shrinks, column claims, rows left with one cell and the
    /// band clears of all 27 digit-bands as loops over the masks, which
    /// compile to vector code. Returns the work list it leaves: the masks
    /// that lost cells to another step.
    #[inline(always)]
    fn whole_sweep(&mut self) -> Result<u32, Contradiction> {
        let masks = self.cands;
        let mut unsolved = [0u32; 27];
        for (index, lane) in unsolved.iter_mut().enumerate() {
            *lane = self.unsolved[index / 9];
        }
        let mut shrunk = [0u32; 27];
        let mut keep = [0u32; 27];
        let mut solved = [0u32; 27];
        let mut dead = 0u32;
        for index in 0..27 {
            let allowed = pattern_cells_by_logic(masks[index]);
            dead |= u32::from(allowed == 0);
            let cells = masks[index] & allowed;
            let columns = (cells | cells >> 9 | cells >> 18) & ROW;
            // A row or box of a dead mask may be empty: its keep and its
            // placements are then garbage, never used.
            keep[index] = column_claims_keep_by_logic(columns);
            solved[index] = cells & !rows_of_two_or_more(cells) & unsolved[index];
            shrunk[index] = cells;
        }
        if dead != 0 {
            return Err(Contradiction);
        }
        // Each band's placements, and the cells that two digits or more
        // placed, by the naked singles' adder tree: shorter chains than
        // folding the nine digits in turn.
        let mut placed = [0u32; 3];
        let mut clash = 0u32;
        for (band, placed) in placed.iter_mut().enumerate() {
            let digits: &[u32; 9] = solved[band * 9..band * 9 + 9]
                .try_into()
                .expect("nine digits");
            let [once, twice, _] = digit_counts(digits);
            clash |= twice;
            *placed = once;
            self.unsolved[band] &= !once;
        }
        if clash != 0 {
            return Err(Contradiction);
        }
        let mut pending = 0u32;
        for index in 0..27 {
            let claimed = keep[(index + 9) % 27] & keep[(index + 18) % 27];
            let taken = placed[index / 9] & !solved[index];
            let new = shrunk[index] & claimed & !taken;
            pending |= u32::from(new != shrunk[index]) << index;
            self.cands[index] = new;
        }
        Ok(pending)
    }

    /// The mask at `index`, read again after a step changed it: out of
    /// line, so that the sweep's test whether the step did is a branch the
    /// processor predicts (it seldom does), not a dependence on the step.
    #[cold]
    #[inline(never)]
    fn mask_again(&self, index: usize) -> u32 {
        self.cands[index]
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
        self.band_step_on(index, index / 9, self.cands[index], pending, kernel)
            .map(|_| ())
    }

    /// [`State::band_step`] on `mask`, the mask at `index` (in `band`) as it
    /// stands; returns the cells it placed and the columns it kept in the
    /// digit's other two bands.
    #[inline(always)]
    fn band_step_on<K: Kernels>(
        &mut self,
        index: usize,
        band: usize,
        mask: u32,
        pending: &mut u32,
        kernel: K,
    ) -> Result<(u32, u32), Contradiction> {
        // Triads are nine bits; saying so spares the table's bounds check.
        let allowed = BAND_PATTERN_CELLS[kernel.triads(mask) as usize & 0x1FF];
        if allowed == 0 {
            return Err(Contradiction);
        }
        let shrunk = mask & allowed;
        let columns = (shrunk | shrunk >> 9 | shrunk >> 18) & ROW;
        let keep = COLUMN_CLAIMS_KEEP[columns as usize];
        let [first, second] = OTHER_BANDS[index];
        *pending |= self.restrict_quietly(usize::from(first), keep)
            | self.restrict_quietly(usize::from(second), keep);
        // Every row keeps a cell after the shrink (a valid pattern has one
        // in each); a row left with one cell places the digit there.
        let solved = shrunk & !rows_of_two_or_more(shrunk) & self.unsolved[band];
        // Without a branch: whether a step places a digit is what a
        // processor cannot predict, and clearing no cells changes nothing.
        // The vector load reads the band's masks: storing this mask only
        // afterwards spares it a store it could not forward.
        self.unsolved[band] &= !solved;
        *pending |= self.clear_from_band(band, solved, kernel);
        // The step has seen this mask as it now is, even if an earlier step
        // of the sweep marked it: running it again would find nothing (the
        // pattern shrink keeps its own result).
        *pending &= !(1 << index);
        self.cands[index] = shrunk;
        Ok((solved, keep))
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
        // Every band's singles first, then one test for none at all: whether
        // a band has one is what a processor cannot predict. A later band's
        // singles may then hold a cell that a placement here emptied, which
        // the placement finds.
        let mut singles = [0u32; 3];
        for (band, singles) in singles.iter_mut().enumerate() {
            let masks: &[u32; 9] = self.cands[band * 9..band * 9 + 9]
                .try_into()
                .expect("nine digits");
            let [once, twice, thrice] = digit_counts(masks);
            let open = self.unsolved[band];
            if open & !once != 0 {
                return Err(Contradiction);
            }
            self.pairs[band] = twice & !thrice & open;
            *singles = open & !twice;
        }
        if singles == [0; 3] {
            return Ok(false);
        }
        // One loop over the board's singles, bit = cell.
        let mut cells =
            u128::from(singles[0]) | u128::from(singles[1]) << 27 | u128::from(singles[2]) << 54;
        while cells != 0 {
            let cell = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let digits = self.cell_digits(cell);
            // A cell may have lost its last digit to an earlier placement.
            if digits == 0 {
                return Err(Contradiction);
            }
            self.place(cell, digits.trailing_zeros() as usize)?;
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::kernels::tests::random_words;

    #[test]
    fn the_pattern_cells_by_logic_match_the_table() {
        use crate::solve::kernels::triads_of;
        // Every set of whole triads, then random masks of every density.
        for triads in 0..512 {
            let mask = TRIAD_CELLS[triads];
            assert_eq!(
                pattern_cells_by_logic(mask),
                BAND_PATTERN_CELLS[triads],
                "{triads:#o}"
            );
        }
        let mut next = random_words(0xBB67_AE85_84CA_A73B);
        for round in 0..20_000 {
            let mut mask = next() as u32 & ((1 << 27) - 1);
            for _ in 0..round % 4 {
                mask &= next() as u32;
            }
            assert_eq!(
                pattern_cells_by_logic(mask),
                BAND_PATTERN_CELLS[triads_of(mask) as usize],
                "{mask:#x}"
            );
        }
    }

    #[test]
    fn the_column_claims_by_logic_match_the_table() {
        // Every set of columns with a column in each box, as a valid
        // pattern's cells have.
        for columns in 0..512u32 {
            if (0..3).all(|stack| columns >> (3 * stack) & 7 != 0) {
                assert_eq!(
                    column_claims_keep_by_logic(columns),
                    COLUMN_CLAIMS_KEEP[columns as usize],
                    "{columns:#o}"
                );
            }
        }
    }

    #[test]
    fn rows_of_two_or_more_match_counting_each_row() {
        let mut next = random_words(0x6A09_E667_F3BC_C908);
        for round in 0..20_000 {
            let mut mask = next() as u32 & ((1 << 27) - 1);
            // Sparse masks too, where rows of one cell are common.
            for _ in 0..round % 4 {
                mask &= next() as u32;
            }
            // Each row keeps one cell at least, as the function asks.
            for row in 0..3 {
                if mask >> (9 * row) & ROW == 0 {
                    mask |= 1 << (9 * row + (next() % 9) as u32);
                }
            }
            let mut expected = 0;
            for row in 0..3 {
                if (mask >> (9 * row) & ROW).count_ones() >= 2 {
                    expected |= ROW << (9 * row);
                }
            }
            assert_eq!(rows_of_two_or_more(mask), expected, "{mask:#x}");
        }
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
