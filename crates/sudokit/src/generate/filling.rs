//! The complete grids puzzles are carved from: a randomised fill moved by a
//! random symmetry of Sudoku.

use rand::rngs::ChaCha8Rng;

use crate::random::shuffle;
use crate::{Grid, Transformation};

/// A random complete grid to carve a puzzle from, made quickly: filled by a
/// search with random digit order from three random diagonal boxes, then
/// moved by a uniformly random symmetry of Sudoku
/// ([`Transformation::random`]: relabelling the digits, permuting bands,
/// stacks, and rows and columns within them, transposing).
/// The moves make every grid exactly as likely as each of its 1.2e12
/// variants, but the search does not draw the 5.47e9 classes of equivalent
/// grids with exactly equal chances: close to uniform, not exactly, which
/// carving does not need. [`Generator::complete_grid`](super::Generator::complete_grid) is exact and slower.
pub(super) fn fast_complete_grid(rng: &mut ChaCha8Rng) -> Grid {
    let mut filler = Filler {
        values: [0; 81],
        used: [0; 27],
    };
    // The three diagonal boxes share no house: any digits go.
    for box_index in [0, 4, 8] {
        let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        shuffle(&mut digits, rng);
        let (top, left) = (box_index / 3 * 3, box_index % 3 * 3);
        for (k, digit) in digits.into_iter().enumerate() {
            filler.place((top + k / 3) * 9 + left + k % 3, digit);
        }
    }
    assert!(
        filler.fill(rng),
        "three diagonal boxes always complete to a grid"
    );
    let grid = Grid::from_values(filler.values).expect("digits are 1..=9");
    Transformation::random(rng).apply(&grid)
}

/// A randomised backtracking fill, fewest candidates first.
struct Filler {
    values: [u8; 81],
    /// Digits used per house: rows 0..9, columns 9..18, boxes 18..27 (bit d for digit d).
    used: [u16; 27],
}

const ALL_DIGITS: u16 = 0b11_1111_1110;

fn houses(cell: usize) -> [usize; 3] {
    let (row, col) = (cell / 9, cell % 9);
    [row, 9 + col, 18 + row / 3 * 3 + col / 3]
}

impl Filler {
    fn place(&mut self, cell: usize, digit: u8) {
        self.values[cell] = digit;
        for house in houses(cell) {
            self.used[house] |= 1 << digit;
        }
    }

    fn unplace(&mut self, cell: usize, digit: u8) {
        self.values[cell] = 0;
        for house in houses(cell) {
            self.used[house] &= !(1 << digit);
        }
    }

    fn candidates(&self, cell: usize) -> u16 {
        let [row, col, block] = houses(cell);
        ALL_DIGITS & !(self.used[row] | self.used[col] | self.used[block])
    }

    fn fill(&mut self, rng: &mut ChaCha8Rng) -> bool {
        let mut best: Option<(usize, u16)> = None;
        for cell in 0..81 {
            if self.values[cell] != 0 {
                continue;
            }
            let candidates = self.candidates(cell);
            if best.is_none_or(|(_, kept)| candidates.count_ones() < kept.count_ones()) {
                best = Some((cell, candidates));
                if candidates.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((cell, candidates)) = best else {
            return true;
        };
        let mut digits = [0u8; 9];
        let mut count = 0;
        for digit in 1..=9u8 {
            if candidates & (1 << digit) != 0 {
                digits[count] = digit;
                count += 1;
            }
        }
        shuffle(&mut digits[..count], rng);
        for &digit in &digits[..count] {
            self.place(cell, digit);
            if self.fill(rng) {
                return true;
            }
            self.unplace(cell, digit);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Generator;

    #[test]
    fn moved_grids_stay_valid() {
        let mut rng = Generator::new(2).rng(0);
        for _ in 0..200 {
            let grid = fast_complete_grid(&mut rng);
            assert!(grid.is_solution_of(&Grid::EMPTY), "{grid}");
        }
    }
}
