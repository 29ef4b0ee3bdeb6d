//! Human-style solving: techniques that work on [`Candidates`] and give
//! [`Step`]s, from full houses to nested forcing chains, with Sudoku
//! Explainer's difficulty for each.
//!
//! [`LogicSolver`] tries the techniques from easiest to hardest and returns
//! the first step it finds; [`LogicSolver::explain`] repeats that from a
//! puzzle to its solution. Every puzzle with one solution is solved: when
//! nothing simpler applies, forcing chains (nested as deep as needed) do.
//!
//! ```
//! use sudokit::logic::{LogicSolver, Technique};
//! use sudokit::{Candidates, Grid};
//!
//! let puzzle: Grid =
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!         .parse()?;
//! let solver = LogicSolver::new();
//! let first = solver.next_step(&Candidates::from_grid(&puzzle)).unwrap();
//! assert!(first.difficulty <= Technique::NakedSingle.base_difficulty());
//!
//! let explanation = solver.explain(&puzzle)?;
//! assert!(explanation.solved);
//! assert_eq!(explanation.end.grid(), puzzle.solve()?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod als;
mod chains;
mod direct;
mod exclusion;
mod fish;
mod forcing;
mod hint;
mod intersections;
mod rating;
mod single_digit;
mod singles;
mod step;
mod subsets;
mod technique;
#[cfg(test)]
mod testing;
mod uniqueness;
mod wings;

pub use hint::Hint;
pub use rating::{Level, RatedPuzzle, Rating, RatingError, UnknownLevel, RATED_ATTEMPTS};
pub use step::{capitalized, Chain, ChainNode, Step};
pub use technique::{chain_length_bonus, Difficulty, Technique, TechniqueSet, UnknownTechnique};

use crate::budget::{Budget, Exhausted};
use crate::candidates::Candidates;
use crate::grid::Grid;
use crate::solve::{SolveError, Solver};

/// A technique family's search: the easiest step it finds among the allowed
/// techniques, on marks that hold no contradiction.
type Finder = fn(&Candidates, TechniqueSet) -> Option<Step>;

/// The searches in the order they are tried, each with the techniques it may
/// return; ordered by base difficulty on Sudoku Explainer's scale.
const ORDER: &[(&[Technique], Finder)] = {
    use Technique::*;
    &[
        (&[FullHouse], |c, _| singles::full_house(c)),
        (&[HiddenSingleBox], |c, _| singles::hidden_single(c, true)),
        (&[HiddenSingleLine], |c, _| singles::hidden_single(c, false)),
        // Sudoku Explainer's direct techniques, where SE tries them: among
        // the singles, each placing the digit its pattern leaves alone.
        (&[DirectPointing], |c, _| direct::pointing(c)),
        (&[DirectClaiming], |c, _| direct::claiming(c)),
        (&[DirectHiddenPair], |c, _| direct::hidden(c, 2)),
        (&[NakedSingle], |c, _| singles::naked_single(c)),
        (&[DirectHiddenTriple], |c, _| direct::hidden(c, 3)),
        (&[Pointing], |c, _| intersections::pointing(c)),
        (&[Claiming], |c, _| intersections::claiming(c)),
        (&[NakedPair], |c, _| subsets::naked(c, 2)),
        (&[XWing], |c, _| fish::basic(c, 2)),
        (&[HiddenPair], |c, _| subsets::hidden(c, 2)),
        // Every skyscraper and kite is also a finned X-wing: the simpler
        // picture comes first.
        (
            &[Skyscraper, TwoStringKite, EmptyRectangle],
            single_digit::find,
        ),
        (&[FinnedXWing, SashimiXWing], |c, a| fish::finned(c, 2, a)),
        (&[NakedTriple], |c, _| subsets::naked(c, 3)),
        (&[Swordfish], |c, _| fish::basic(c, 3)),
        (&[HiddenTriple], |c, _| subsets::hidden(c, 3)),
        (&[FinnedSwordfish, SashimiSwordfish], |c, a| {
            fish::finned(c, 3, a)
        }),
        (&[XyWing, XyzWing, WWing], wings::find),
        (
            &[
                UniqueRectangleType1,
                UniqueRectangleType2,
                UniqueRectangleType3,
                UniqueRectangleType4,
                UniqueLoopType1,
                UniqueLoopType2,
                UniqueLoopType3,
                UniqueLoopType4,
            ],
            uniqueness::unique_rectangles,
        ),
        (&[NakedQuad], |c, _| subsets::naked(c, 4)),
        (&[Jellyfish], |c, _| fish::basic(c, 4)),
        (&[HiddenQuad], |c, _| subsets::hidden(c, 4)),
        (&[FinnedJellyfish, SashimiJellyfish], |c, a| {
            fish::finned(c, 4, a)
        }),
        (&[AlsXz], |c, _| als::als_xz(c)),
        (&[BugType1, BugType2, BugType3, BugType4], uniqueness::bug),
        (&[AlignedPairExclusion], |c, _| exclusion::aligned(c, 2)),
        (
            &[XCycle, XChain, YCycle, YChain, XyCycle, XyChain, Aic],
            chains::find,
        ),
        (&[AlignedTripleExclusion], |c, _| exclusion::aligned(c, 3)),
        (
            &[
                NishioForcingChain,
                CellForcingChain,
                UnitForcingChain,
                DynamicForcingChain,
                DynamicForcingChainPlus,
                NestedForcingChain,
            ],
            forcing::find,
        ),
    ]
};

/// The search of one technique.
type SingleFinder = fn(&Candidates) -> Option<Step>;

/// The first step found by the allowed ones of `finders`, tried in order:
/// for the families whose techniques each have a search of their own.
fn first_allowed(
    marks: &Candidates,
    allowed: TechniqueSet,
    finders: &[(Technique, SingleFinder)],
) -> Option<Step> {
    finders
        .iter()
        .filter(|(technique, _)| allowed.contains(*technique))
        .find_map(|(_, finder)| finder(marks))
}

/// The logic engine: which techniques it may use, and whether it may assume
/// the puzzle has exactly one solution (which the uniqueness techniques need).
///
/// ```
/// use sudokit::logic::{LogicSolver, TechniqueSet};
/// use sudokit::Grid;
/// let puzzle: Grid =
///     "5..7..6....38...........2..62.4............917............35.8.4.....1......9...."
///         .parse()?;
/// let singles_only = LogicSolver::new().techniques("singles".parse()?);
/// let explanation = singles_only.explain(&puzzle)?;
/// assert!(!explanation.solved);
/// assert!(LogicSolver::new().explain(&puzzle)?.solved);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct LogicSolver {
    techniques: TechniqueSet,
    assume_unique: bool,
}

impl Default for LogicSolver {
    fn default() -> LogicSolver {
        LogicSolver::new()
    }
}

/// How a logical solution ended.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Explanation {
    /// The puzzle explained.
    pub puzzle: Grid,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The marks after the last step.
    pub end: Candidates,
    /// Whether the steps reached the solution.
    pub solved: bool,
    /// Whether the puzzle has exactly one solution (so uniqueness techniques were allowed).
    pub unique: bool,
    /// Where a limited engine stopped short of the solution: the step the
    /// engine with every technique would take next (the technique left out).
    pub next_step: Option<Step>,
}

impl Explanation {
    /// The hardest step's difficulty (0.0 for a puzzle with nothing to do).
    pub fn hardest(&self) -> Difficulty {
        self.steps
            .iter()
            .map(|step| step.difficulty)
            .max()
            .unwrap_or_default()
    }
}

impl LogicSolver {
    /// The engine with every technique, not assuming uniqueness.
    pub const fn new() -> LogicSolver {
        LogicSolver {
            techniques: TechniqueSet::ALL,
            assume_unique: false,
        }
    }

    /// Only the techniques in `techniques`.
    #[must_use]
    pub const fn techniques(mut self, techniques: TechniqueSet) -> LogicSolver {
        self.techniques = techniques;
        self
    }

    /// Whether the puzzle may be assumed to have exactly one solution, which
    /// the uniqueness techniques (unique rectangles and loops, BUG) rest on.
    /// [`LogicSolver::explain`] sets it itself after counting the solutions.
    #[must_use]
    pub const fn assume_unique(mut self, unique: bool) -> LogicSolver {
        self.assume_unique = unique;
        self
    }

    /// The techniques the engine may use now.
    pub fn allowed(&self) -> TechniqueSet {
        if self.assume_unique {
            self.techniques
        } else {
            self.techniques
                .iter()
                .filter(|t| !t.needs_uniqueness())
                .collect()
        }
    }

    /// The easiest step for `marks`, or `None` if no allowed technique applies
    /// (or the marks hold a contradiction, which [`Candidates::contradiction`] names).
    pub fn next_step(&self, marks: &Candidates) -> Option<Step> {
        if marks.is_solved() || marks.contradiction().is_some() {
            return None;
        }
        let allowed = self.allowed();
        for (techniques, finder) in ORDER {
            if !techniques.iter().any(|&t| allowed.contains(t)) {
                continue;
            }
            if let Some(step) = finder(marks, allowed) {
                if step.makes_progress(marks) && allowed.contains(step.technique) {
                    return Some(step);
                }
            }
        }
        None
    }

    /// Steps from `marks` until they are solved, no allowed technique applies,
    /// or the marks turn out contradictory.
    pub fn steps_from(&self, marks: &Candidates) -> (Vec<Step>, Candidates) {
        match self.steps_within(marks, &Budget::unlimited()) {
            Ok(done) => done,
            Err(_) => unreachable!("an unlimited budget never runs out"),
        }
    }

    /// [`LogicSolver::steps_from`] within `budget` (checked before each step;
    /// its node limit counts steps).
    ///
    /// # Errors
    ///
    /// [`Exhausted`] if the budget ran out first.
    pub fn steps_within(
        &self,
        marks: &Candidates,
        budget: &Budget,
    ) -> Result<(Vec<Step>, Candidates), Exhausted> {
        let mut marks = marks.clone();
        let mut steps = Vec::new();
        loop {
            budget.check(steps.len() as u64)?;
            let Some(step) = self.next_step(&marks) else {
                break;
            };
            step.apply(&mut marks);
            steps.push(step);
        }
        Ok((steps, marks))
    }

    /// The whole logical path from `puzzle` to its solution. Counts the
    /// solutions first: uniqueness techniques are used only when there is
    /// exactly one.
    ///
    /// # Errors
    ///
    /// [`SolveError`] if the givens clash or no solution completes them.
    pub fn explain(&self, puzzle: &Grid) -> Result<Explanation, SolveError> {
        self.explain_within(puzzle, &Budget::unlimited())
    }

    /// [`LogicSolver::explain`] within `budget` (its node limit counts steps).
    ///
    /// ```
    /// use sudokit::logic::LogicSolver;
    /// use sudokit::{Budget, Exhausted, Grid, SolveError};
    /// let puzzle: Grid =
    ///     ".2.9.5...59..3.2..7..6.2..5..935.46..54...78..83.275..8..2.9..4..5.4..26...5.3.7."
    ///         .parse()?;
    /// let short = Budget::unlimited().nodes(3);
    /// assert_eq!(
    ///     LogicSolver::new().explain_within(&puzzle, &short),
    ///     Err(SolveError::OutOfBudget(Exhausted::NodeLimit))
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SolveError`] if the givens clash, no solution completes them or the
    /// budget runs out.
    pub fn explain_within(
        &self,
        puzzle: &Grid,
        budget: &Budget,
    ) -> Result<Explanation, SolveError> {
        let mut solver = Solver::new();
        // Counting is a search: it gets the time and the flag, not the steps.
        solver.set_budget(budget.without_node_limit());
        let count = solver.count_solutions(puzzle, 2)?;
        if let Some(why) = solver.exhausted() {
            return Err(SolveError::OutOfBudget(why));
        }
        if count == 0 {
            return Err(SolveError::NoSolution);
        }
        let engine = self.assume_unique(count == 1);
        let (steps, end) = engine
            .steps_within(&Candidates::from_grid(puzzle), budget)
            .map_err(SolveError::OutOfBudget)?;
        let solved = end.is_solved() && end.contradiction().is_none();
        let next_step = if solved || self.techniques == TechniqueSet::ALL {
            None
        } else {
            LogicSolver::new().assume_unique(count == 1).next_step(&end)
        };
        Ok(Explanation {
            puzzle: *puzzle,
            solved,
            unique: count == 1,
            steps,
            end,
            next_step,
        })
    }
}
