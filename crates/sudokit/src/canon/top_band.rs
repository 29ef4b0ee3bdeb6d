//! The shortcut for complete grids that keep the rules: the first three rows
//! of the form are found among at most 648 transformations, read whole.

use super::search::{Boards, Explicit, Level, Search};
use crate::geometry::ORDERS_OF_THREE;

impl Boards {
    /// Whether the board is a complete grid that keeps the rules: every row,
    /// column and box holds each digit once.
    pub(super) fn is_solution(&self) -> bool {
        const ALL: u16 = 0b11_1111_1110;
        let lines_full = self.digits.iter().flatten().all(|&digits| digits == ALL)
            && self.distinct.iter().flatten().all(|&distinct| distinct);
        lines_full
            && (0..9).all(|b| {
                let (top, left) = (b / 3 * 3, b % 3 * 3);
                let digits = (0..9).fold(0u16, |digits, i| {
                    digits | 1 << self.cells[0][top + i / 3][left + i % 3]
                });
                digits == ALL
            })
    }
}

impl Search {
    /// A search whose first three rows are settled: the smallest top band of
    /// a complete grid that keeps the rules, with every transformation that
    /// reads it as an explicit candidate.
    ///
    /// The first row reads `123456789` whichever row and column order are
    /// chosen, so each choice of transposition, band and row order (36) and of
    /// the first stack and its column order (18) is a candidate, and the
    /// second row's cells read the output positions of their digits' columns
    /// in the first row, plus one. A cell of the second row's first box holds
    /// a digit from another stack of the first row (the box rule), so the
    /// smallest label it can get is 4: that digit's column must come first in
    /// the second output stack. Of the box's three digits two share a stack in
    /// the first row, so some column order of the first stack puts 5 second:
    /// the form's second row starts `45`, and in every candidate that reads it
    /// the second stack and its column order are forced. The last stack's
    /// three digits then lie in the second row's first six cells, which read
    /// smallest when they get 7, 8 and 9 in order: that forces the last
    /// stack's column order too. So at most 648 transformations are read.
    pub(super) fn from_top_band(boards: Boards) -> Search {
        let mut best = [u8::MAX; 18];
        let mut explicits = Vec::new();
        for (board, cells) in boards.cells.iter().enumerate() {
            for band in 0..3u8 {
                for order in ORDERS_OF_THREE {
                    let rows = order.map(|i| band * 3 + i);
                    let [first, second, third] = rows.map(|r| &cells[usize::from(r)]);
                    let mut col_of = [0u8; 10];
                    for (col, &digit) in first.iter().enumerate() {
                        col_of[usize::from(digit)] = col as u8;
                    }
                    // The first row's column holding each cell's digit, for
                    // the second and third rows.
                    let partner = second.map(|digit| col_of[usize::from(digit)]);
                    let partner3 = third.map(|digit| col_of[usize::from(digit)]);
                    for stack in 0..3u8 {
                        for within in ORDERS_OF_THREE {
                            let cols = within.map(|w| stack * 3 + w);
                            let (a, b) =
                                (partner[usize::from(cols[0])], partner[usize::from(cols[1])]);
                            if a / 3 != b / 3 {
                                continue;
                            }
                            let second_stack = a / 3;
                            let last_stack = 3 - stack - second_stack;
                            let mut cols = [
                                cols[0],
                                cols[1],
                                cols[2],
                                a,
                                b,
                                second_stack * 3 + 3 - a % 3 - b % 3,
                                0,
                                0,
                                0,
                            ];
                            // The last stack's columns in the order the second
                            // row's first six cells name them.
                            let mut placed = 6;
                            for c in 0..6 {
                                let partner = partner[usize::from(cols[c])];
                                if partner / 3 == last_stack {
                                    cols[placed] = partner;
                                    placed += 1;
                                }
                            }
                            debug_assert_eq!(placed, 9);
                            let mut position = [0u8; 9];
                            for (out, &col) in cols.iter().enumerate() {
                                position[usize::from(col)] = out as u8 + 1;
                            }
                            let mut band_rows = [0u8; 18];
                            for (c, &col) in cols.iter().enumerate() {
                                band_rows[c] = position[usize::from(partner[usize::from(col)])];
                            }
                            if band_rows[..9] > best[..9] {
                                continue;
                            }
                            for (c, &col) in cols.iter().enumerate() {
                                band_rows[9 + c] =
                                    position[usize::from(partner3[usize::from(col)])];
                            }
                            match band_rows.cmp(&best) {
                                std::cmp::Ordering::Greater => continue,
                                std::cmp::Ordering::Less => {
                                    best = band_rows;
                                    explicits.clear();
                                }
                                std::cmp::Ordering::Equal => {}
                            }
                            let mut labels = [0u8; 10];
                            for (&digit, &col) in first.iter().zip(&position) {
                                labels[usize::from(digit)] = col;
                            }
                            let mut explicit_rows = [0u8; 9];
                            explicit_rows[..3].copy_from_slice(&rows);
                            explicits.push(Explicit {
                                board: board as u8,
                                rows: explicit_rows,
                                used: rows.iter().fold(0, |used, &r| used | 1 << r),
                                cols,
                                labels,
                                next_label: 10,
                            });
                        }
                    }
                }
            }
        }
        let mut form = [0u8; 81];
        for (value, label) in form[..9].iter_mut().zip(1..) {
            *value = label;
        }
        form[9..27].copy_from_slice(&best);
        let mut current = Level::new();
        current.explicits = explicits;
        Search {
            boards,
            form,
            current,
            next: Level::new(),
        }
    }
}
