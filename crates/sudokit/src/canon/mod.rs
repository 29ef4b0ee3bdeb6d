//! Canonical forms: one representative for each class of boards that the
//! [`Transformation`]s of Sudoku make of each other.
//!
//! The canonical form of a board is its *minlex* form: of all the boards the
//! group makes of it (transposition, band, row, stack and column permutations,
//! digit relabellings), the smallest when each is read as its 81 cells in
//! row-major order, a blank counting as 0, smaller than every digit. So the
//! form of a puzzle starts with as many blanks as any rearrangement allows,
//! and its digits are relabelled in order of first appearance: the first
//! digit read is 1, the next new one 2, and so on. The same rule serves
//! complete grids (whose forms start `123456789`) and boards whose givens
//! clash: no rule of the game is checked.
//!
//! Two boards are equivalent exactly when their forms are equal.
//!
//! ```
//! use sudokit::{canonical_form, Grid, Transformation};
//!
//! let puzzle: Grid = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........".parse()?;
//! let form = canonical_form(&puzzle);
//! assert_eq!(form.to_line(), "........1.....2.3...4.5........6.7...3.....2..8...9......9.1.8...7......5.6...4..");
//! let shuffled = Transformation::swap_stacks(0, 2)?.then(&Transformation::rotate(1)).apply(&puzzle);
//! assert_eq!(canonical_form(&shuffled), form);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # How it is found
//!
//! The form is built one output row at a time, keeping every partial
//! transformation whose rows so far read the smallest prefix (so ties, the
//! automorphisms, are all kept and counted). While each row chosen brings
//! only new digits, its string depends only on where its clues fall, so the
//! column orders still open are kept as classes (stacks whose order is open,
//! columns within a stack whose order is open) and refined by pushing clues
//! right; no column order is enumerated. After that, column orders are
//! enumerated stack by stack and cut off as soon as a lower bound on the row
//! already exceeds the best row found.
//!
//! A complete grid that keeps the rules skips the first three rows of that
//! search: every first row reads `123456789`, and the box rule forces the
//! column order of every transformation whose top band can still be the
//! smallest from the transposition, the band, its row order and the first
//! stack's column order, so the top band is found among at most 648
//! transformations, and the other rows are searched as above.

mod columns;
mod expansion;
mod search;
mod top_band;

use crate::grid::Grid;
use crate::transform::Transformation;
use search::{Boards, Search};

/// A board's canonical form with what it took to get there.
///
/// ```
/// use sudokit::{canonicalize, Grid};
/// // The most symmetric of all complete grids.
/// let grid: Grid = "123456789456789123789123456231564897564897231897231564312645978645978312978312645".parse()?;
/// let canonical = canonicalize(&grid);
/// assert_eq!(canonical.transformation.apply(&grid), canonical.form);
/// assert_eq!(&canonical.form.to_line()[..9], "123456789");
/// assert_eq!(canonical.automorphisms, 648);
/// # Ok::<(), sudokit::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Canonical {
    /// The minlex form ([`canonical_form`]).
    pub form: Grid,
    /// How many elements of the group, relabellings included, map the board
    /// to itself ([`automorphism_count`]).
    pub automorphisms: u64,
    /// One transformation that maps the board to its form.
    pub transformation: Transformation,
}

/// The canonical (minlex) form of `grid`: the same for every board equivalent
/// to it and different for every other. See the [module docs](self) for the
/// ordering.
///
/// ```
/// use sudokit::{canonical_form, Grid};
/// let one_clue: Grid = format!("{}7", ".".repeat(80)).parse().unwrap();
/// // A lone clue goes to the last cell and becomes a 1.
/// assert_eq!(canonical_form(&one_clue).to_line(), format!("{}1", ".".repeat(80)));
/// ```
pub fn canonical_form(grid: &Grid) -> Grid {
    canonicalize(grid).form
}

/// How many of the group's 2 × 6⁸ × 9! elements (cell rearrangements with
/// relabellings) map `grid` to itself: 1 for most puzzles.
///
/// A relabelling of digits the board does not hold counts as a different
/// element, so a board that uses only `k` of the nine digits has a multiple of
/// (9 − `k`)! automorphisms; the empty board has all 1,218,998,108,160.
///
/// ```
/// use sudokit::{automorphism_count, Grid};
/// let puzzle: Grid = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........".parse().unwrap();
/// assert_eq!(automorphism_count(&puzzle), 1);
/// assert_eq!(automorphism_count(&Grid::EMPTY), 2 * 6u64.pow(8) * 362_880);
/// ```
pub fn automorphism_count(grid: &Grid) -> u64 {
    canonicalize(grid).automorphisms
}

/// Whether one of the group's transformations maps `a` to `b`.
///
/// ```
/// use sudokit::{are_equivalent, Grid, Transformation};
/// let a: Grid = format!("12{}", ".".repeat(79)).parse().unwrap();
/// let b = Transformation::rotate(1).apply(&a);
/// assert!(are_equivalent(&a, &b));
/// assert!(!are_equivalent(&a, &Grid::EMPTY));
/// ```
pub fn are_equivalent(a: &Grid, b: &Grid) -> bool {
    a.clue_count() == b.clue_count() && canonical_form(a) == canonical_form(b)
}

/// The canonical form of `grid`, its automorphism count and a transformation
/// that maps `grid` to the form.
///
/// ```
/// use sudokit::{canonicalize, Grid};
/// let puzzle: Grid = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........".parse().unwrap();
/// let canonical = canonicalize(&puzzle);
/// assert_eq!(canonical.transformation.apply(&puzzle), canonical.form);
/// assert_eq!(canonicalize(&canonical.form).form, canonical.form);
/// ```
pub fn canonicalize(grid: &Grid) -> Canonical {
    if grid.is_full() {
        if let Some(canonical) = canonicalize_solution(grid) {
            return canonical;
        }
    }
    Search::new(grid).run::<0>()
}

/// The canonical form of a complete grid that keeps the rules, `None` for
/// any other. Kept out of line: puzzles never get past the caller's test.
#[inline(never)]
fn canonicalize_solution(grid: &Grid) -> Option<Canonical> {
    let boards = Boards::new(grid);
    boards
        .is_solution()
        .then(|| Search::from_top_band(boards).run::<3>())
}

/// `n!` for `n <= 9`.
fn factorial(n: u32) -> u64 {
    (1..=u64::from(n)).product()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Generator;
    use rand::rngs::ChaCha8Rng;
    use rand::SeedableRng;

    /// The general row-by-row search, which complete grids skip.
    fn row_by_row(grid: &Grid) -> Canonical {
        Search::new(grid).run::<0>()
    }

    fn check(grid: &Grid) {
        assert!(Boards::new(grid).is_solution(), "{grid}");
        let fast = canonicalize(grid);
        let general = row_by_row(grid);
        assert_eq!(fast.form, general.form, "form of {grid}");
        assert_eq!(
            fast.automorphisms, general.automorphisms,
            "automorphisms of {grid}"
        );
        assert_eq!(
            fast.transformation.apply(grid),
            fast.form,
            "transformation of {grid}"
        );
    }

    #[test]
    fn the_top_band_search_agrees_with_the_row_by_row_search_on_random_grids() {
        let generator = Generator::new(17);
        for index in 0..300 {
            check(&generator.complete_grid(index));
        }
    }

    #[test]
    fn the_top_band_search_agrees_with_the_row_by_row_search_on_symmetric_grids() {
        // Grids with 54, 648, 2 and 2 automorphisms (the last two from
        // solutions of the 17-clue collection), each also shuffled.
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for line in [
            "123456789456789123789123456234567891567891234891234567345678912678912345912345678",
            "132465798465798132798132465213546879546879213879213546321654987654987321987321654",
            "123456789456789123789123465238574691671892354945361872392647518517938246864215937",
            "123456789456789123798132465219867354567394812834521697381975246675248931942613578",
        ] {
            let grid: Grid = line.parse().unwrap();
            assert!(row_by_row(&grid).automorphisms > 1);
            check(&grid);
            for _ in 0..20 {
                check(&Transformation::random(&mut rng).apply(&grid));
            }
        }
    }

    #[test]
    fn boards_that_break_a_rule_take_the_row_by_row_search() {
        let mut values = *Generator::new(2).complete_grid(0).values();
        assert!(Boards::new(&Grid::from_values(values).unwrap()).is_solution());
        values.swap(0, 1);
        let broken = Grid::from_values(values).unwrap();
        assert!(!Boards::new(&broken).is_solution());
        assert_eq!(canonicalize(&broken), row_by_row(&broken));
    }
}
