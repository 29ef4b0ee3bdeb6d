//! The next step for a solver's own progress, after checking that progress
//! against the solution: a hint never reasons from a broken state.

use std::fmt;

use super::{LogicSolver, Step};
use crate::budget::Budget;
use crate::candidates::Candidates;
use crate::grid::{Cell, Digit, Grid};
use crate::solve::{SolveError, Solver};

/// What a hint says.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Hint {
    /// The easiest next step.
    Step(Step),
    /// A digit on the board differs from the solution.
    WrongDigit {
        /// The cell.
        cell: Cell,
        /// The digit placed there.
        placed: Digit,
        /// The solution's digit, when the solution is known.
        solution: Option<Digit>,
    },
    /// The pencil marks of an empty cell have lost the solution's digit.
    LostCandidate {
        /// The cell.
        cell: Cell,
        /// The solution's digit, no longer among the cell's marks.
        digit: Digit,
    },
    /// Every cell is filled, correctly.
    Solved,
    /// No allowed technique applies.
    Stuck,
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hint::Step(step) => write!(f, "{step}"),
            Hint::WrongDigit {
                cell,
                placed,
                solution: Some(digit),
            } => write!(
                f,
                "Mistake: {cell} holds {placed}, but the solution has {digit} there"
            ),
            Hint::WrongDigit {
                cell,
                placed,
                solution: None,
            } => write!(
                f,
                "Mistake: with {placed} in {cell} the board has no solution"
            ),
            Hint::LostCandidate { cell, digit } => write!(
                f,
                "Mistake: {digit} was removed from the pencil marks of {cell}, \
                 but the solution has {digit} there"
            ),
            Hint::Solved => f.write_str("Solved: every cell is filled"),
            Hint::Stuck => f.write_str("No step found with the allowed techniques"),
        }
    }
}

impl LogicSolver {
    /// The hint for a solver's progress `marks` (placed digits and pencil
    /// marks) on `puzzle`, the original givens when known (else the placed
    /// digits stand for them).
    ///
    /// The progress is checked first against the solution: a wrong digit or
    /// a lost candidate is reported, naming the cell, instead of a step. With
    /// only the marks, a placed digit whose removal makes the board solvable
    /// again is reported as the mistake.
    ///
    /// ```
    /// use sudokit::logic::{Hint, LogicSolver};
    /// use sudokit::{Candidates, Cell, Digit, Grid};
    ///
    /// let puzzle: Grid =
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    ///         .parse()?;
    /// let solution = puzzle.solve()?;
    /// let mut marks = Candidates::from_grid(&puzzle);
    /// let engine = LogicSolver::new();
    /// assert!(matches!(engine.hint(Some(&puzzle), &marks)?, Hint::Step(_)));
    ///
    /// // Remove the solution's digit from r1c2's marks: the hint says so.
    /// let cell = Cell::from_row_col(0, 1).unwrap();
    /// marks.eliminate(cell, solution.get(cell).unwrap());
    /// assert!(matches!(engine.hint(Some(&puzzle), &marks)?, Hint::LostCandidate { .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SolveError`] if the puzzle itself has clashing givens or no solution.
    pub fn hint(&self, puzzle: Option<&Grid>, marks: &Candidates) -> Result<Hint, SolveError> {
        self.hint_within(puzzle, marks, &Budget::unlimited())
    }

    /// [`LogicSolver::hint`] within `budget` (for the searches that check
    /// the solver's progress; the step itself is one).
    ///
    /// # Errors
    ///
    /// [`SolveError`] if the puzzle itself has clashing givens or no
    /// solution, or if the budget runs out.
    pub fn hint_within(
        &self,
        puzzle: Option<&Grid>,
        marks: &Candidates,
        budget: &Budget,
    ) -> Result<Hint, SolveError> {
        let placed = marks.grid();
        let clash = |conflict: crate::grid::Conflict| Hint::WrongDigit {
            cell: conflict.second,
            placed: conflict.digit,
            solution: None,
        };
        // Without the puzzle the placed digits stand for it, so they must obey the rules.
        if let (None, Some(conflict)) = (puzzle, placed.first_conflict()) {
            return Ok(clash(conflict));
        }
        let base = puzzle.copied().unwrap_or(placed);
        let mut solver = Solver::new();
        solver.set_budget(budget.without_node_limit());
        let solutions = solver.solutions(&base, 2)?;
        if let Some(why) = solver.exhausted() {
            return Err(SolveError::OutOfBudget(why));
        }
        let Some(&first) = solutions.first() else {
            return match puzzle {
                None => wrong_placed_digit(&mut solver, &base).ok_or(SolveError::NoSolution),
                Some(_) => Err(SolveError::NoSolution),
            };
        };
        let unique = solutions.len() == 1;
        if unique {
            if let Some(mistake) = mistake_against(marks, &first) {
                return Ok(mistake);
            }
        } else if let Some(conflict) = placed.first_conflict() {
            return Ok(clash(conflict));
        }
        if marks.is_solved() {
            return Ok(Hint::Solved);
        }
        Ok(self
            .assume_unique(unique)
            .next_step(marks)
            .map_or(Hint::Stuck, Hint::Step))
    }
}

/// The first placed digit or lost candidate that disagrees with `solution`.
fn mistake_against(marks: &Candidates, solution: &Grid) -> Option<Hint> {
    for cell in Cell::all() {
        let digit = solution.get(cell)?;
        match marks.value(cell) {
            Some(placed) if placed != digit => {
                return Some(Hint::WrongDigit {
                    cell,
                    placed,
                    solution: Some(digit),
                })
            }
            Some(_) => {}
            None if !marks.has(cell, digit) => return Some(Hint::LostCandidate { cell, digit }),
            None => {}
        }
    }
    None
}

/// On a board with no solution, the placed digit to blame: the first
/// (row-major) whose removal leaves exactly one solution, else the first whose
/// removal leaves any. A wrong digit among correct givens is found by the
/// first rule: without it the puzzle is whole again.
fn wrong_placed_digit(solver: &mut Solver, board: &Grid) -> Option<Hint> {
    let without = |cell: Cell| {
        let mut board = *board;
        board.set(cell, None);
        board
    };
    let placed: Vec<Cell> = Cell::all().filter(|&c| board.get(c).is_some()).collect();
    let unique = placed.iter().find_map(|&cell| {
        let solutions = solver.solutions(&without(cell), 2).ok()?;
        (solutions.len() == 1).then(|| (cell, solutions[0].get(cell)))
    });
    let (cell, solution) = unique.or_else(|| {
        placed.iter().find_map(|&cell| {
            let count = solver.count_solutions(&without(cell), 1).ok()?;
            (count > 0).then_some((cell, None))
        })
    })?;
    Some(Hint::WrongDigit {
        cell,
        placed: board.get(cell)?,
        solution,
    })
}
