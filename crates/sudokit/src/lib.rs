//! # sudokit
//!
//! A Sudoku library: boards as small `Copy` values, every common text format
//! read and written, and one fast exact search engine that answers every
//! question about a board: its lexicographically smallest solution (the one a
//! row-major backtracking search trying 1..9 finds first), any solution, the
//! number of solutions up to a limit, and the solutions themselves. It also
//! knows Sudoku's symmetries: [`Transformation`] rearranges and relabels a
//! board into an equivalent one, and [`canonical_form`] gives the one
//! representative (minlex) of each class of equivalent boards.
//!
//! ```
//! use sudokit::Grid;
//!
//! let puzzle: Grid = "\
//! 0 2 0 9 0 5 0 0 0
//! 5 9 0 0 3 0 2 0 0
//! 7 0 0 6 0 2 0 0 5
//! 0 0 9 3 5 0 4 6 0
//! 0 5 4 0 0 0 7 8 0
//! 0 8 3 0 2 7 5 0 0
//! 8 0 0 2 0 9 0 0 4
//! 0 0 5 0 4 0 0 2 6
//! 0 0 0 5 0 3 0 7 0"
//!     .parse()?;
//! let solution = puzzle.solve()?;
//! assert_eq!(&solution.to_line()[..9], "321975648");
//! assert_eq!(puzzle.count_solutions(10)?, 1);
//!
//! let turned = sudokit::Transformation::rotate(1).apply(&puzzle);
//! assert!(sudokit::are_equivalent(&puzzle, &turned));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! It also makes puzzles and checks them as a setter would: [`Generator`]
//! carves random puzzles with exactly one solution, minimal and optionally
//! symmetric ([`Symmetry`]), reproducibly from a seed; [`check()`] tells whether
//! a puzzle has one solution, several (and where two differ) or none, and
//! which of its clues are redundant.
//!
//! ```
//! use sudokit::{check, Generator, Symmetry};
//!
//! let made = Generator::new(2024).generate(0);
//! let report = check(&made.puzzle);
//! assert_eq!(report.to_string(), format!("unique {} minimal", made.puzzle.clue_count()));
//!
//! // With a symmetry, minimal means no clue *orbit* can go: a single clue may.
//! let symmetric = Generator::new(2024).symmetry(Symmetry::Central).generate(0);
//! assert!(check(&symmetric.puzzle).is_unique());
//! assert!(Symmetry::Central.holds_for(&symmetric.puzzle));
//! ```

#![warn(missing_docs)]

pub mod candidates;
pub mod canon;
pub mod check;
pub mod generate;
pub mod geometry;
pub mod grid;
pub mod logic;
mod random;
pub mod sets;
pub mod solve;
pub mod text;
pub mod trace;
pub mod transform;
mod uniform;

pub use candidates::{Candidate, Candidates, Contradiction};
pub use canon::{are_equivalent, automorphism_count, canonical_form, canonicalize, Canonical};
pub use check::{check, check_with, Report, Verdict};
pub use generate::{Generated, Generator, Symmetry, UnknownSymmetry};
pub use geometry::{House, HouseKind};
pub use grid::{Cell, Conflict, Digit, Grid};
pub use logic::{Explanation, LogicSolver, Step, Technique};
pub use sets::{CellSet, DigitSet};
pub use solve::{SearchStats, SolveError, Solver};
pub use text::{ParseError, ParseErrorKind, Record, Records, Style};
pub use transform::{LineKind, Mirror, TransformError, Transformation};
