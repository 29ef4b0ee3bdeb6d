//! Checking a puzzle as a setter would: does it have exactly one solution,
//! and is every clue needed?
//!
//! ```
//! use sudokit::{check, Verdict};
//!
//! let puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
//! let report = check(&puzzle.parse()?);
//! assert_eq!(report.to_string(), "unique 18 minimal");
//! assert!(matches!(report.verdict, Verdict::Unique { .. }));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// Text and data from users reach this module: nothing here may panic on them.
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)
)]

use std::fmt;

use crate::{Cell, Conflict, Digit, Grid, Solver};

/// What [`check()`] found about a board.
///
/// Its [`Display`](fmt::Display) is one line that starts with the verdict's
/// name and the clue count, made to be read and grepped:
///
/// | verdict | line |
/// |---|---|
/// | one solution, every clue needed | `unique 24 minimal` |
/// | one solution, some clues removable | `unique 26 redundant clues: r2c3 r7c7` |
/// | several solutions | `multiple 17 r4c7 can be 2 or 6` |
/// | no solution | `none 30` |
/// | givens clash | `invalid 2 r1c5 and r1c8 both hold 7` |
///
/// ```
/// use sudokit::{check, Grid};
/// let solution = Grid::EMPTY.solve()?;
/// let mut puzzle = solution;
/// puzzle.set(sudokit::Cell::new(0).unwrap(), None);
/// let report = check(&puzzle);
/// assert_eq!(report.clues, 80);
/// assert!(report.to_string().starts_with("unique 80 redundant clues: r1c2 r1c3 "));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Report {
    /// How many cells hold a given.
    pub clues: usize,
    /// Whether the board has one solution, several, none, or breaks the rules.
    pub verdict: Verdict,
}

/// The verdict of a [`Report`].
///
/// Minimality is only asked of boards with one solution: on a board with
/// several solutions every clue could go without losing a solution it already
/// lacks, and on a board with none the question has no meaning.
///
/// ```
/// use sudokit::{check, Grid, Verdict};
/// let report = check(&Grid::EMPTY);
/// let Verdict::Multiple { cell, digits } = report.verdict else { unreachable!() };
/// assert_eq!((cell.to_string(), digits.0.get(), digits.1.get()), ("r8c3".to_string(), 2, 8));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Verdict {
    /// Exactly one solution.
    Unique {
        /// The solution.
        solution: Grid,
        /// The clues that can each be blanked alone, keeping one solution, in
        /// row-major order; empty when the puzzle is minimal. Blanking two of
        /// them together may lose uniqueness.
        redundant: Vec<Cell>,
    },
    /// Two solutions or more. The two lexicographically smallest solutions
    /// first differ in `cell`, holding `digits.0` in the smaller one and
    /// `digits.1` in the other.
    Multiple {
        /// The first cell, in row-major order, where the two differ.
        cell: Cell,
        /// The smaller solution's digit there, then the other's.
        digits: (Digit, Digit),
    },
    /// The givens obey the rules but nothing completes them.
    NoSolution,
    /// Two givens break the rules.
    Invalid(Conflict),
}

impl Verdict {
    /// The verdict's first word on the report line: `unique`, `multiple`,
    /// `none` or `invalid`.
    ///
    /// ```
    /// assert_eq!(sudokit::Verdict::NoSolution.name(), "none");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Unique { .. } => "unique",
            Verdict::Multiple { .. } => "multiple",
            Verdict::NoSolution => "none",
            Verdict::Invalid(_) => "invalid",
        }
    }
}

impl Report {
    /// Whether the board has exactly one solution.
    ///
    /// ```
    /// assert!(!sudokit::check(&sudokit::Grid::EMPTY).is_unique());
    /// ```
    pub fn is_unique(&self) -> bool {
        matches!(self.verdict, Verdict::Unique { .. })
    }

    /// For a board with one solution, whether it is minimal (no clue can be
    /// blanked alone keeping one solution); `None` for any other board.
    ///
    /// ```
    /// use sudokit::{check, Grid, Solver};
    /// let solution = Solver::new().solve(&Grid::EMPTY)?;
    /// assert_eq!(check(&solution).is_minimal(), Some(false));
    /// assert_eq!(check(&Grid::EMPTY).is_minimal(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_minimal(&self) -> Option<bool> {
        match &self.verdict {
            Verdict::Unique { redundant, .. } => Some(redundant.is_empty()),
            _ => None,
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.verdict.name(), self.clues)?;
        match &self.verdict {
            Verdict::Unique { redundant, .. } if redundant.is_empty() => f.write_str(" minimal"),
            Verdict::Unique { redundant, .. } => {
                f.write_str(" redundant clues:")?;
                redundant.iter().try_for_each(|cell| write!(f, " {cell}"))
            }
            Verdict::Multiple { cell, digits } => {
                write!(f, " {cell} can be {} or {}", digits.0, digits.1)
            }
            Verdict::NoSolution => Ok(()),
            Verdict::Invalid(conflict) => write!(f, " {conflict}"),
        }
    }
}

/// Checks `puzzle` with a solver of its own: see [`check_with`].
///
/// ```
/// let line = format!("....7..7.{}", ".".repeat(72));
/// let report = sudokit::check(&line.parse()?);
/// assert_eq!(report.to_string(), "invalid 2 r1c5 and r1c8 both hold 7");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check(puzzle: &Grid) -> Report {
    check_with(&mut Solver::new(), puzzle)
}

/// Checks `puzzle`: its number of solutions (none, one or several), where
/// two solutions differ, and for a puzzle with one solution which clues are
/// redundant. Reuse one `solver` per thread across many boards.
///
/// A puzzle with one solution costs one uniqueness question per clue.
///
/// With a budget set on `solver` ([`Solver::set_budget`]), a check that runs
/// out stops there: its report is then no verdict, and
/// [`Solver::exhausted`] says why.
///
/// ```
/// use sudokit::{check_with, Grid, Solver};
/// let mut solver = Solver::new();
/// let report = check_with(&mut solver, &Grid::EMPTY);
/// assert_eq!(report.to_string(), "multiple 0 r8c3 can be 2 or 8");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_with(solver: &mut Solver, puzzle: &Grid) -> Report {
    let clues = puzzle.clue_count();
    let verdict = match solver.count_solutions(puzzle, 2) {
        Err(conflict) => Verdict::Invalid(conflict),
        // A count cut short is no verdict: stop, so `exhausted` still says so.
        Ok(_) if solver.exhausted().is_some() => Verdict::NoSolution,
        Ok(0) => Verdict::NoSolution,
        Ok(1) => match solver.solve_first(puzzle) {
            Ok(solution) => Verdict::Unique {
                solution,
                redundant: redundant_clues(solver, puzzle),
            },
            // Only a budget that ran out loses the solution just counted.
            Err(_) => Verdict::NoSolution,
        },
        Ok(_) => first_difference(solver, puzzle).unwrap_or(Verdict::NoSolution),
    };
    Report { clues, verdict }
}

/// Where the two smallest solutions of a board with several first differ;
/// `None` only if the solver's budget ran out before it found two.
fn first_difference(solver: &mut Solver, puzzle: &Grid) -> Option<Verdict> {
    let two = solver.solutions(puzzle, 2).ok()?;
    let [smaller, larger, ..] = two.as_slice() else {
        return None;
    };
    Cell::all().find_map(|cell| match (smaller.get(cell), larger.get(cell)) {
        (Some(a), Some(b)) if a != b => Some(Verdict::Multiple {
            cell,
            digits: (a, b),
        }),
        _ => None,
    })
}

/// The clues of a puzzle with one solution that can each go alone.
fn redundant_clues(solver: &mut Solver, puzzle: &Grid) -> Vec<Cell> {
    let mut board = *puzzle;
    let mut redundant = Vec::new();
    for cell in Cell::all() {
        let Some(digit) = puzzle.get(cell) else {
            continue;
        };
        board.set(cell, None);
        let count = solver.count_solutions(&board, 2);
        if solver.exhausted().is_some() {
            // Stop with the budget's verdict in place.
            break;
        }
        if count == Ok(1) {
            redundant.push(cell);
        }
        board.set(cell, Some(digit));
    }
    redundant
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    use std::time::Instant;

    use super::*;
    use crate::{Budget, Exhausted};

    #[test]
    fn a_check_that_runs_out_stops_and_says_why() {
        let unique: Grid =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
                .parse()
                .expect("a puzzle");
        let several = Grid::EMPTY;
        let stops = [
            (
                Budget::unlimited().deadline(Instant::now()),
                Exhausted::TimeLimit,
            ),
            (
                Budget::unlimited().cancel_flag(Arc::new(AtomicBool::new(true))),
                Exhausted::Cancelled,
            ),
        ];
        for (budget, why) in stops {
            for puzzle in [unique, several] {
                let mut solver = Solver::new();
                solver.set_budget(budget.clone());
                let _ = check_with(&mut solver, &puzzle);
                assert_eq!(solver.exhausted(), Some(why));
            }
        }
        // Node limits count per call: small ones stop a check anywhere in it,
        // which must never panic, and whatever finishes is the full verdict.
        for nodes in [1, 1 << 12, 1 << 13, 1 << 16] {
            for puzzle in [unique, several] {
                let mut solver = Solver::new();
                solver.set_budget(Budget::unlimited().nodes(nodes));
                let report = check_with(&mut solver, &puzzle);
                if solver.exhausted().is_none() {
                    assert_eq!(report, check(&puzzle));
                }
            }
        }
    }
}
