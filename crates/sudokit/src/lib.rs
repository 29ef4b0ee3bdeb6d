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

//! It explains, as a teacher would: [`Candidates`] are the pencil marks
//! (each cell's [`DigitSet`], each digit's [`CellSet`], the 27 [`House`]s), and
//! [`LogicSolver`] finds the next [`Step`] in human techniques, from hidden
//! singles to nested forcing chains, each with its difficulty on Sudoku
//! Explainer's scale, the candidates it rests on, and what it places and
//! eliminates; [`LogicSolver::explain`] walks to the solution and
//! [`LogicSolver::hint`] first checks a solver's own progress.
//! [`trace::trace`] records the classic row-major backtracking search for a
//! learner.
//!
//! ```
//! use sudokit::logic::{Hint, LogicSolver, Technique};
//! use sudokit::{Candidates, Grid, House};
//!
//! let puzzle: Grid =
//!     ".2.9.5...59..3.2..7..6.2..5..935.46..54...78..83.275..8..2.9..4..5.4..26...5.3.7."
//!         .parse()?;
//! let marks = Candidates::from_grid(&puzzle);
//! let step = LogicSolver::new().next_step(&marks).unwrap();
//! assert_eq!(step.technique, Technique::HiddenSingleBox);
//! assert_eq!(step.houses, [House::boxed(2).unwrap()]);
//! assert_eq!(step.to_string(), "Hidden single: in box 3, only r1c7 can hold 6");
//!
//! let explanation = LogicSolver::new().explain(&puzzle)?;
//! assert!(explanation.solved);
//! assert_eq!(explanation.hardest().to_string(), "1.2");
//! assert!(matches!(LogicSolver::new().hint(Some(&puzzle), &marks)?, Hint::Step(_)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

/// The README's Rust snippets, run as doctests (with the `serde` feature,
/// which one of them uses: `cargo test --workspace` turns it on).
#[cfg(all(doctest, feature = "serde"))]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeSnippets;

pub mod answer;
pub mod budget;
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

pub use budget::{Budget, Exhausted};
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
