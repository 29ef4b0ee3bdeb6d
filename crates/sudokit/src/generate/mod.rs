//! Puzzle generation: random complete grids, and puzzles carved from them that
//! have exactly one solution, are minimal, and keep a chosen symmetry.
//!
//! ```
//! use sudokit::{Generator, Symmetry};
//!
//! let generator = Generator::new(2580).symmetry(Symmetry::Central);
//! let made = generator.generate(0);
//! assert_eq!(made.puzzle.count_solutions(2)?, 1);
//! assert!(made.solution.is_solution_of(&made.puzzle));
//! assert!(Symmetry::Central.holds_for(&made.puzzle));
//! // The same seed and index give the same puzzle, on any machine.
//! assert_eq!(generator.generate(0), made);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # How a puzzle is made
//!
//! 1. A random complete grid, filled by a randomised search and moved by a
//!    random symmetry: fast and close to uniform, which is all carving needs
//!    ([`Generator::complete_grid`] draws exactly uniform grids instead).
//! 2. The clue orbits of the symmetry (cells that are clued together, see
//!    [`Symmetry::orbits`]) are shuffled, and each in turn is blanked if the
//!    board keeps exactly one solution. One pass is enough for minimality:
//!    an orbit that could not go would not go later either, since removing
//!    more clues never takes solutions away. Runs of orbits are blanked
//!    together while that keeps one solution and split in halves when it does
//!    not, which asks the solver fewer questions than one per orbit and
//!    gives exactly the puzzle the one-by-one pass gives.
//! 3. With a clue target ([`Generator::clues`]) the pass may stop early, and a
//!    pass that ends above the target is tried again on a fresh grid.
//!
//! # Reproducibility
//!
//! Puzzle `index` of seed `seed` depends on nothing else: its random numbers
//! come from a ChaCha8 stream keyed by the seed (spread by SplitMix64) with
//! stream number `index`, and bounded numbers, shuffles and the random
//! symmetry ([`Transformation::random`](crate::Transformation::random)) are
//! derived from that stream by the crate's own rules rather than by
//! `rand`'s helpers, whose values may change between versions. So puzzles
//! can be made in any order, on any number of threads, and come out the same
//! on every machine.

mod carving;
mod filling;
mod symmetry;

use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;

use crate::{Grid, Solver};
use filling::fast_complete_grid;
use symmetry::orbit_indices;
pub use symmetry::{Symmetry, UnknownSymmetry};

/// A generated puzzle and its one solution.
///
/// ```
/// let made = sudokit::Generator::new(4).generate(0);
/// assert!(made.solution.is_solution_of(&made.puzzle));
/// assert_eq!(made.puzzle.solve()?, made.solution);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Generated {
    /// The puzzle: exactly one solution, clue pattern keeping the symmetry.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
}

/// Makes random puzzles with exactly one solution, reproducibly.
///
/// Settings are chained from [`Generator::new`]; puzzle `index` is then a pure
/// function of the settings and the index, so [`Generator::generate`] can be
/// called from many threads in any order.
///
/// ```
/// use sudokit::{Generator, Solver, Symmetry};
///
/// let generator = Generator::new(7).symmetry(Symmetry::Diagonal).clues(Some(30)).minimal(false);
/// let mut solver = Solver::new(); // one per thread: it keeps its stack
/// for index in 0..3 {
///     let made = generator.generate_with(&mut solver, index);
///     assert!(made.puzzle.clue_count() <= 30);
///     assert_eq!(solver.count_solutions(&made.puzzle, 2)?, 1);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Generator {
    seed: u64,
    symmetry: Symmetry,
    target_clues: Option<usize>,
    minimal: bool,
    attempts: u32,
    /// The symmetry's orbits as cell indices, computed once.
    orbits: Vec<Vec<u8>>,
}

/// Grids tried per puzzle by default when a clue target is not reached.
const DEFAULT_ATTEMPTS: u32 = 100;

impl Generator {
    /// A generator of minimal puzzles without symmetry or clue target, whose
    /// random numbers all come from `seed`.
    ///
    /// ```
    /// use sudokit::Generator;
    /// assert_eq!(Generator::new(9).generate(2), Generator::new(9).generate(2));
    /// assert_ne!(Generator::new(9).generate(2), Generator::new(10).generate(2));
    /// ```
    pub fn new(seed: u64) -> Generator {
        Generator {
            seed,
            symmetry: Symmetry::None,
            target_clues: None,
            minimal: true,
            attempts: DEFAULT_ATTEMPTS,
            orbits: orbit_indices(Symmetry::None),
        }
    }

    /// Keeps the clue pattern symmetric: see [`Symmetry`].
    ///
    /// ```
    /// use sudokit::{Generator, Symmetry};
    /// let made = Generator::new(1).symmetry(Symmetry::Full).generate(0);
    /// assert!(Symmetry::Full.holds_for(&made.puzzle));
    /// ```
    pub fn symmetry(mut self, symmetry: Symmetry) -> Generator {
        self.symmetry = symmetry;
        self.orbits = orbit_indices(symmetry);
        self
    }

    /// Aims at `Some(n)` clues or fewer; `None` (the default) has no target.
    ///
    /// With [`minimal`](Generator::minimal) (the default) the puzzle is a
    /// minimal one with at most `n` clues: the removal pass runs to the end,
    /// and a pass that ends above `n` is tried again on a fresh grid, up to
    /// [`attempts`](Generator::attempts) grids in all; if none gets there the
    /// puzzle is the minimal one with the fewest clues met. Asking for few
    /// clues therefore costs time: without symmetry most passes end between 22
    /// and 27 clues.
    ///
    /// Without `minimal` the pass stops as soon as at most `n` clues are left:
    /// exactly `n` without symmetry, up to an orbit's size less than `n` with
    /// one; such a puzzle usually has clues to spare.
    ///
    /// ```
    /// use sudokit::Generator;
    /// let easy = Generator::new(1).clues(Some(36)).minimal(false).generate(0);
    /// assert_eq!(easy.puzzle.clue_count(), 36);
    /// ```
    pub fn clues(mut self, target: Option<usize>) -> Generator {
        self.target_clues = target;
        self
    }

    /// Whether every puzzle must be minimal (the default): no clue orbit (no
    /// clue, without symmetry) can be blanked while keeping one solution.
    /// Only makes a difference with a [`clues`](Generator::clues) target.
    ///
    /// ```
    /// use sudokit::{check, Generator};
    /// let spare = Generator::new(1).clues(Some(40)).minimal(false).generate(0);
    /// assert_eq!(check(&spare.puzzle).is_minimal(), Some(false));
    /// let tight = Generator::new(1).clues(Some(40)).generate(0);
    /// assert_eq!(check(&tight.puzzle).is_minimal(), Some(true));
    /// ```
    pub fn minimal(mut self, minimal: bool) -> Generator {
        self.minimal = minimal;
        self
    }

    /// The most grids tried for one puzzle when a clue target is not reached
    /// (default 100, at least 1).
    ///
    /// ```
    /// use sudokit::Generator;
    /// // 18 clues is rarely reached: three grids tried, the fewest clues kept.
    /// let made = Generator::new(1).clues(Some(18)).attempts(3).generate(0);
    /// assert!(made.puzzle.clue_count() >= 18);
    /// ```
    pub fn attempts(mut self, attempts: u32) -> Generator {
        self.attempts = attempts.max(1);
        self
    }

    /// Puzzle number `index`, with a solver of its own.
    ///
    /// ```
    /// let made = sudokit::Generator::new(5).generate(1_000_000);
    /// assert_eq!(made.puzzle.count_solutions(2)?, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generate(&self, index: u64) -> Generated {
        self.generate_with(&mut Solver::new(), index)
    }

    /// Puzzle number `index`, asking `solver` the uniqueness questions. The
    /// answer depends only on the settings and `index`.
    ///
    /// ```
    /// use sudokit::{Generator, Solver};
    /// let generator = Generator::new(5);
    /// let mut solver = Solver::new();
    /// assert_eq!(generator.generate_with(&mut solver, 3), generator.generate(3));
    /// ```
    pub fn generate_with(&self, solver: &mut Solver, index: u64) -> Generated {
        let mut rng = self.rng(index);
        let mut best: Option<Generated> = None;
        for _ in 0..self.attempts {
            let solution = fast_complete_grid(&mut rng);
            let puzzle = self.carve(solver, &solution, &mut rng);
            let clues = puzzle.clue_count();
            if best.is_none_or(|kept| clues < kept.puzzle.clue_count()) {
                best = Some(Generated { puzzle, solution });
            }
            if self.target_clues.is_none_or(|target| clues <= target) {
                break;
            }
        }
        best.expect("at least one attempt is made")
    }

    /// A random complete grid, number `index`, drawn with exactly the same
    /// probability for each of the 6,670,903,752,021,072,936,960 Sudoku grids.
    ///
    /// The top band is drawn uniformly, the middle band's column sets
    /// uniformly among those it allows, and the draw is kept with probability
    /// proportional to the number of ways to arrange the middle and bottom
    /// bands on those sets, counted exactly; one draw in about 75 is kept.
    /// Puzzles do not need this: [`Generator::generate`] carves them from
    /// faster, nearly uniform grids, so this is not the grid puzzle `index`
    /// is carved from.
    ///
    /// ```
    /// use sudokit::{Generator, Grid};
    /// let grid = Generator::new(3).complete_grid(0);
    /// assert!(grid.is_solution_of(&Grid::EMPTY));
    /// // The same seed and index give the same grid, on any machine.
    /// assert_eq!(Generator::new(3).complete_grid(0), grid);
    /// assert_ne!(Generator::new(3).complete_grid(1), grid);
    /// ```
    pub fn complete_grid(&self, index: u64) -> Grid {
        crate::uniform::uniform_complete_grid(&mut self.rng(index))
    }

    /// The random stream of puzzle `index`: ChaCha8 keyed by the seed, stream `index`.
    fn rng(&self, index: u64) -> ChaCha8Rng {
        let mut state = self.seed;
        let mut key = [0u8; 32];
        for chunk in key.chunks_exact_mut(8) {
            chunk.copy_from_slice(&split_mix64(&mut state).to_le_bytes());
        }
        let mut rng = ChaCha8Rng::from_seed(key);
        rng.set_stream(index);
        rng
    }
}

/// SplitMix64: spreads a 64-bit seed over a ChaCha key.
fn split_mix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::below;
    use rand::Rng;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Generator::new(1).rng(0);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[below(&mut rng, 7) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }

    #[test]
    fn streams_differ_by_index_and_seed() {
        let word = |seed, index| Generator::new(seed).rng(index).next_u64();
        assert_eq!(word(5, 9), word(5, 9));
        assert_ne!(word(5, 9), word(5, 10));
        assert_ne!(word(5, 9), word(6, 9));
    }
}
