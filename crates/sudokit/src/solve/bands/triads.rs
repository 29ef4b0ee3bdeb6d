//! tdoku's triad rules, over all 27 masks at once: a triad (three cells of
//! one row and one box, or of one column and one box) holds exactly three
//! digits, so three digits that are the only ones it can hold, or that each
//! must go there, take it whole. With them, the column-to-box claim that the
//! band steps, which see one band, cannot make.

use super::state::{
    full_adder, spread_triad, Contradiction, State, ROW, ROW_LOW_BITS, TRIAD_LOW_BITS,
};

/// Bit `9 * row + band` for every row and band: a row's first triad in the
/// packed horizontal form below.
const ROW_BAND_BITS: u32 = 0x7 * ROW_LOW_BITS;

/// All 27 triads of one direction, packed.
const ALL_TRIADS: u32 = (1 << 27) - 1;

/// Each bit to itself and the two bits three and six above it.
#[inline(always)]
fn spread_row(bits: u32) -> u32 {
    bits | bits << 3 | bits << 6
}

/// Each bit of the first row to its column in all three rows.
#[inline(always)]
fn spread_column(bits: u32) -> u32 {
    bits | bits << 9 | bits << 18
}

/// The lanes where at least three, and at least four, of the nine words
/// have a bit: a tree of full adders.
#[inline(always)]
fn at_least_three_and_four(words: &[u32; 9]) -> (u32, u32) {
    let (sum_a, carry_a) = full_adder(words[0], words[1], words[2]);
    let (sum_b, carry_b) = full_adder(words[3], words[4], words[5]);
    let (sum_c, carry_c) = full_adder(words[6], words[7], words[8]);
    let (ones, carry_d) = full_adder(sum_a, sum_b, sum_c);
    // The count is `ones + 2 * carries`, the carries `twos + 2 * fours`.
    let (twos_abc, fours_abc) = full_adder(carry_a, carry_b, carry_c);
    let twos = twos_abc ^ carry_d;
    let four_or_more = fours_abc | (twos_abc & carry_d);
    (four_or_more | (ones & twos), four_or_more)
}

impl State {
    /// The triad rules, once over the board; only on a state at its band
    /// steps' fixed point (every row and box of every digit-band then holds
    /// a cell, which the single-bit tests below rely on). Marks what they
    /// change on the work list.
    ///
    /// Horizontal triads are packed one a bit, `9 * row + 3 * box + band`;
    /// vertical ones `9 * band + column`. Per digit: the triads that hold it,
    /// and those it must take (its row's only triad in the band; its
    /// column's only band, which covers its box's only column: the band
    /// steps have claimed that column from the other bands). A triad that
    /// three digits alone can hold keeps them from its row and box (or
    /// column and box); one that three digits must take keeps every other
    /// digit out.
    #[inline(always)]
    pub(super) fn triad_rules(&mut self) -> Result<(), Contradiction> {
        let mut holds_h = [0u32; 9];
        let mut takes_h = [0u32; 9];
        let mut holds_v = [0u32; 9];
        for band in 0..3 {
            for digit in 0..9 {
                let mask = self.cands[band * 9 + digit];
                let triads = (mask | mask >> 1 | mask >> 2) & TRIAD_LOW_BITS;
                // Every row holds a triad: subtracting each row's low bit
                // borrows within the row and drops its lowest triad.
                let rest = triads & triads.wrapping_sub(ROW_LOW_BITS);
                let rows_with_more = (rest | rest >> 3 | rest >> 6) & ROW_LOW_BITS;
                let single_rows = spread_row(rows_with_more ^ ROW_LOW_BITS);
                holds_h[digit] |= triads << band;
                takes_h[digit] |= (triads & single_rows) << band;
                let columns = (mask | mask >> 9 | mask >> 18) & ROW;
                holds_v[digit] |= columns << (9 * band);
            }
        }
        // A column whose digit lies in one band only.
        let mut takes_v = [0u32; 9];
        for (takes, held) in takes_v.iter_mut().zip(holds_v) {
            let (top, middle, bottom) = (held & ROW, held >> 9 & ROW, held >> 18);
            *takes = (top & !(middle | bottom))
                | (middle & !(top | bottom)) << 9
                | (bottom & !(top | middle)) << 18;
        }
        let (held_h_three, held_h_four) = at_least_three_and_four(&holds_h);
        let (held_v_three, held_v_four) = at_least_three_and_four(&holds_v);
        let (taken_h_three, taken_h_four) = at_least_three_and_four(&takes_h);
        let (taken_v_three, taken_v_four) = at_least_three_and_four(&takes_v);
        if held_h_three & held_v_three != ALL_TRIADS || taken_h_four | taken_v_four != 0 {
            return Err(Contradiction);
        }
        let naked_h = held_h_three & !held_h_four;
        let naked_v = held_v_three & !held_v_four;
        let mut keep = [[0u32; 9]; 3];
        for digit in 0..9 {
            // Horizontal: the rest of the row and the box of each naked
            // triad of the digit, and each hidden triad it need not take.
            let naked = holds_h[digit] & naked_h;
            let rows = spread_row((naked | naked >> 3 | naked >> 6) & ROW_BAND_BITS);
            let boxes = spread_column((naked | naked >> 9 | naked >> 18) & ROW);
            let out_h = ((rows | boxes) & !naked) | (taken_h_three & !takes_h[digit]);
            // Vertical: the rest of the column and of the box of each naked
            // triad, the box's other columns where the column lies in one
            // band, and each hidden triad the digit need not take.
            let naked = holds_v[digit] & naked_v;
            let columns = spread_column((naked | naked >> 9 | naked >> 18) & ROW);
            let claimed = naked | takes_v[digit];
            let boxes = spread_triad((claimed | claimed >> 1 | claimed >> 2) & TRIAD_LOW_BITS);
            let out_v = (columns & !naked) | (boxes & !claimed) | (taken_v_three & !takes_v[digit]);
            for (band, keep) in keep.iter_mut().enumerate() {
                let cells_h = spread_triad(out_h >> band & TRIAD_LOW_BITS);
                let cells_v = spread_column(out_v >> (9 * band) & ROW);
                keep[digit] = !(cells_h | cells_v);
            }
        }
        // Band by band, as the band steps' clear reads and writes the masks:
        // a vector load across two bands would wait for stores it cannot
        // forward.
        let mut changed = 0u32;
        for (band, keep) in keep.iter().enumerate() {
            for (digit, &keep) in keep.iter().enumerate() {
                changed |= self.restrict_quietly(band * 9 + digit, keep);
            }
        }
        self.pending |= changed;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::bands::propagate::Rules;
    use crate::solve::kernels::tests::random_words;
    use crate::solve::kernels::Portable;
    use crate::Grid;

    /// The rules as a person states them, triad by triad: the reference.
    fn triad_rules_plainly(state: &mut State) -> Result<(), Contradiction> {
        let digits_where = |state: &State, band: usize, cells: u32| {
            (0..9)
                .filter(|&digit| state.cands[band * 9 + digit] & cells != 0)
                .collect::<Vec<_>>()
        };
        let mut removals: Vec<(usize, u32)> = Vec::new();
        for band in 0..3 {
            for row in 0..3 {
                for column_box in 0..3 {
                    let cells = 7u32 << (row * 9 + column_box * 3);
                    let row_cells = ROW << (row * 9);
                    let box_cells = (7u32 << (column_box * 3)) * ROW_LOW_BITS;
                    let held = digits_where(state, band, cells);
                    let taken: Vec<usize> = held
                        .iter()
                        .copied()
                        .filter(|&digit| {
                            let mask = state.cands[band * 9 + digit];
                            mask & row_cells & !cells == 0 || mask & box_cells & !cells == 0
                        })
                        .collect();
                    if held.len() < 3 || taken.len() > 3 {
                        return Err(Contradiction);
                    }
                    if held.len() == 3 {
                        for &digit in &held {
                            removals.push((band * 9 + digit, (row_cells | box_cells) & !cells));
                        }
                    }
                    if taken.len() == 3 {
                        for digit in (0..9).filter(|digit| !taken.contains(digit)) {
                            removals.push((band * 9 + digit, cells));
                        }
                    }
                }
            }
        }
        for column in 0..9 {
            let cells = (1u32 << column) * ROW_LOW_BITS;
            let box_cells = (7u32 << (column / 3 * 3)) * ROW_LOW_BITS;
            for band in 0..3 {
                let held = digits_where(state, band, cells);
                let mut taken = Vec::new();
                for &digit in &held {
                    let elsewhere = (state.cands[(band + 1) % 3 * 9 + digit]
                        | state.cands[(band + 2) % 3 * 9 + digit])
                        & cells;
                    if elsewhere == 0 {
                        taken.push(digit);
                        removals.push((band * 9 + digit, box_cells & !cells));
                    } else if state.cands[band * 9 + digit] & box_cells & !cells == 0 {
                        taken.push(digit);
                    }
                }
                if held.len() < 3 || taken.len() > 3 {
                    return Err(Contradiction);
                }
                if held.len() == 3 {
                    for &digit in &held {
                        removals.push(((band + 1) % 3 * 9 + digit, cells));
                        removals.push(((band + 2) % 3 * 9 + digit, cells));
                        removals.push((band * 9 + digit, box_cells & !cells));
                    }
                }
                if taken.len() == 3 {
                    for digit in (0..9).filter(|digit| !taken.contains(digit)) {
                        removals.push((band * 9 + digit, cells));
                    }
                }
            }
        }
        for (index, cells) in removals {
            state.restrict(index, !cells);
        }
        Ok(())
    }

    #[test]
    fn the_packed_rules_match_the_plain_ones_on_propagated_boards() {
        let text = [
            include_str!("../../../../../data/puzzles/puzzles5_forum_hardest_1905_11+.txt"),
            include_str!("../../../../../data/puzzles/puzzles2_17_clue.txt"),
        ];
        let puzzles: Vec<Grid> = text
            .iter()
            .flat_map(|text| text.lines().take(100))
            .filter_map(|line| line.parse().ok())
            .collect();
        assert!(puzzles.len() >= 150);
        let mut next = random_words(0x5DEE_CE66_D1CE_4E5B);
        let (mut compared, mut changed, mut contradictions) = (0, 0, 0);
        for puzzle in &puzzles {
            let Ok(mut state) = State::from_grid(puzzle) else {
                continue;
            };
            // A walk of random placements, each propagated without the triad
            // rules (so that they have something to find), until it fails.
            while state.propagate_with(Portable, Rules::Singles).is_ok() && !state.is_solved() {
                let (mut packed, mut plain) = (state, state);
                let results = (packed.triad_rules(), triad_rules_plainly(&mut plain));
                assert_eq!(results.0, results.1, "{:?}", state.to_grid());
                if results.0.is_ok() {
                    assert_eq!(packed, plain, "{:?}", state.to_grid());
                    changed += usize::from(packed != state);
                } else {
                    contradictions += 1;
                }
                compared += 1;
                let open: Vec<usize> = (0..81)
                    .filter(|&cell| state.unsolved[cell / 27] >> (cell % 27) & 1 == 1)
                    .collect();
                let cell = open[next() as usize % open.len()];
                let digits = state.cell_digits(cell);
                let choice = (0..9)
                    .filter(|&digit| digits >> digit & 1 == 1)
                    .nth(next() as usize % digits.count_ones() as usize)
                    .expect("an open cell of a propagated state holds a digit");
                if state.take(cell as u8, choice, digits as u16).is_err() {
                    break;
                }
            }
        }
        // The comparison saw the rules at work, and their contradictions.
        assert!(
            compared > 200 && changed > 20 && contradictions > 0,
            "{compared} {changed} {contradictions}"
        );
    }
}
