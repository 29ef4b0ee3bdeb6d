//! The answer layer: one question asked of one record, and the library's
//! outcome, with one spelling for each way a board can fail. The `sudokit`
//! command and its web server both answer through here, and with the `serde`
//! feature its `json` module gives the JSON object each prints, so that they
//! answer alike.
//!
//! ```
//! use sudokit::answer::{answer, Outcome, Question};
//! use sudokit::{Record, Solver};
//!
//! let record: Record =
//!     "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
//!         .parse()?;
//! let answered = answer(&mut Solver::new(), Question::Count { limit: 2 }, record, 0);
//! assert!(matches!(answered.outcome, Outcome::Counted { count: 1, .. }));
//! assert_eq!(answered.outcome.status_name(), "counted");
//! # Ok::<(), sudokit::ParseError>(())
//! ```

// Text and data from users reach this module: nothing here may panic on them.
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)
)]

#[cfg(feature = "serde")]
pub mod json;

use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;

use crate::logic::{Explanation, Hint, LogicSolver, Rating, RatingError, TechniqueSet};
use crate::trace::Trace;
use crate::{
    Budget, Candidates, Conflict, Exhausted, Grid, ParseError, Record, Report, SolveError, Solver,
    Transformation, Verdict,
};

/// What is asked of a record.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Question {
    /// The lexicographically smallest solution, or any solution with `first`.
    Solve {
        /// Any solution, found fastest, instead of the smallest.
        first: bool,
    },
    /// The number of solutions up to `limit`.
    Count {
        /// Counting stops here (and says it reached the limit).
        limit: u64,
    },
    /// Unique, several solutions or none, and which clues are redundant; with
    /// `rating`, also the rating of a puzzle with one solution.
    Check {
        /// Whether a puzzle with one solution is rated too.
        rating: bool,
    },
    /// The canonical form, with the automorphism count if asked.
    Canon {
        /// Whether the automorphisms are counted.
        automorphisms: bool,
    },
    /// The board under `before`, then a random symmetry drawn from `seed` and
    /// the record's number (if there is a seed), then `after`.
    Transform {
        /// Applied first.
        before: Transformation,
        /// The seed of a random symmetry per record, if any.
        seed: Option<u64>,
        /// Applied last.
        after: Transformation,
    },
    /// The lexicographically smallest solution, with the learner's search
    /// traced up to `limit` events.
    Trace {
        /// Events kept at most.
        limit: usize,
    },
    /// The next logical step (or the mistake in the solver's progress).
    Hint {
        /// Only the technique's name and where to look.
        vague: bool,
        /// The techniques the engine may use.
        techniques: TechniqueSet,
    },
    /// The whole logical path to the solution.
    Explain {
        /// The techniques the engine may use.
        techniques: TechniqueSet,
        /// Text without candidate grids (the JSON is the same).
        brief: bool,
    },
    /// The rating on Sudoku Explainer's scale.
    Rate,
}

impl Question {
    /// Whether answering searches for solutions (and so has guesses to report).
    pub fn searches(&self) -> bool {
        matches!(
            self,
            Question::Solve { .. } | Question::Count { .. } | Question::Check { .. }
        )
    }

    /// Whether the answer is one of the teaching ones (trace, hint, explain, rate).
    pub fn teaches(&self) -> bool {
        matches!(
            self,
            Question::Trace { .. }
                | Question::Hint { .. }
                | Question::Explain { .. }
                | Question::Rate
        )
    }
}

/// The generator for record number `index` (from 0, over the whole run) under
/// `seed`: ChaCha8 keyed with the seed's 8 little-endian bytes and zeros, on
/// stream `index`. A record's draw depends on nothing else, so the output is the
/// same on any machine and with any number of threads.
fn record_rng(seed: u64, index: u64) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    let mut rng = ChaCha8Rng::from_seed(key);
    rng.set_stream(index);
    rng
}

/// The library's answer for one record.
#[derive(Debug)]
#[non_exhaustive]
pub enum Outcome {
    /// A solution (the smallest, or the first found).
    Solved(Grid),
    /// The number of solutions, up to the limit.
    Counted {
        /// Solutions found, at most the limit.
        count: u64,
        /// Whether there were more than the limit.
        limit_reached: bool,
    },
    /// A check's report; it carries its own verdict, clashing givens included.
    Checked(Report),
    /// The givens obey the rules but no solution completes them.
    NoSolution,
    /// Two givens break the rules.
    Invalid(Conflict),
    /// The record could not be read.
    Unreadable(ParseError),
    /// The canonical form.
    Canonical {
        /// The minlex representative of the board's class.
        form: Grid,
        /// The number of symmetries that keep the board, if asked.
        automorphisms: Option<u64>,
    },
    /// The board transformed.
    Transformed(Grid),
    /// The learner's search, recorded.
    Traced {
        /// The events.
        trace: Trace,
        /// The smallest solution.
        solution: Grid,
    },
    /// The next step, or the solver's mistake.
    Hinted(Box<Hint>),
    /// The logical path.
    Explained(Box<Explanation>),
    /// The rating.
    Rated(Rating),
    /// A rating asked of a board with several solutions.
    NotUnique,
    /// The work budget ran out before the answer.
    OutOfBudget(Exhausted),
}

impl Outcome {
    /// The exit status this outcome calls for: 0 answered, 1 no solution or
    /// broken rules (for a check: anything but one solution), 2 unreadable.
    pub fn exit_status(&self) -> u8 {
        match self {
            Outcome::Solved(_)
            | Outcome::Canonical { .. }
            | Outcome::Transformed(_)
            | Outcome::Traced { .. }
            | Outcome::Hinted(_)
            | Outcome::Rated(_) => 0,
            Outcome::NotUnique => 1,
            Outcome::Explained(explanation) => u8::from(!explanation.solved),
            Outcome::Checked(report) => u8::from(!report.is_unique()),
            Outcome::Counted { count, .. } => u8::from(*count == 0),
            Outcome::NoSolution | Outcome::Invalid(_) | Outcome::OutOfBudget(_) => 1,
            Outcome::Unreadable(_) => 2,
        }
    }

    /// The status word of the answer in JSON (`solved`, `no_solution`,
    /// `invalid`, `parse_error`, ...).
    pub fn status_name(&self) -> &'static str {
        match self {
            Outcome::Solved(_) => "solved",
            Outcome::Counted { count: 0, .. } => "no_solution",
            Outcome::Counted { .. } => "counted",
            Outcome::Checked(report) => match report.verdict {
                Verdict::Unique { .. } => "unique",
                Verdict::Multiple { .. } => "multiple",
                Verdict::NoSolution => "no_solution",
                Verdict::Invalid(_) => "invalid",
            },
            Outcome::NoSolution => "no_solution",
            Outcome::Invalid(_) => "invalid",
            Outcome::Unreadable(_) => "parse_error",
            Outcome::Canonical { .. } => "canonical",
            Outcome::Transformed(_) => "transformed",
            Outcome::Traced { .. } => "solved",
            Outcome::Hinted(hint) => hint_status(hint),
            Outcome::Explained(explanation) if explanation.solved => "explained",
            Outcome::Explained(_) => "stuck",
            Outcome::Rated(_) => "rated",
            Outcome::NotUnique => "multiple",
            Outcome::OutOfBudget(_) => "out_of_budget",
        }
    }

    /// The error a failed record reports, if it failed: the one message for
    /// each way a board fails, on stderr and in JSON alike.
    pub fn error_message(&self) -> Option<String> {
        match self {
            Outcome::Counted { count: 0, .. } | Outcome::NoSolution => {
                Some(SolveError::NoSolution.to_string())
            }
            // A check's answer says it all; errors are for what failed.
            Outcome::Solved(_)
            | Outcome::Counted { .. }
            | Outcome::Checked(_)
            | Outcome::Canonical { .. }
            | Outcome::Transformed(_)
            | Outcome::Traced { .. }
            | Outcome::Hinted(_)
            | Outcome::Explained(_)
            | Outcome::Rated(_) => None,
            Outcome::NotUnique => Some(RatingError::SeveralSolutions.to_string()),
            Outcome::Invalid(conflict) => Some(SolveError::Conflict(*conflict).to_string()),
            Outcome::Unreadable(error) => Some(error.to_string()),
            Outcome::OutOfBudget(why) => Some(SolveError::OutOfBudget(*why).to_string()),
        }
    }
}

/// The status word of a hint in JSON.
pub fn hint_status(hint: &Hint) -> &'static str {
    match hint {
        Hint::Step(_) => "step",
        Hint::WrongDigit { .. } => "wrong_digit",
        Hint::LostCandidate { .. } => "lost_candidate",
        Hint::Solved => "solved",
        Hint::Stuck => "stuck",
    }
}

/// A record with its answer.
#[derive(Debug)]
pub struct Answered {
    /// The record asked about.
    pub record: Record,
    /// What the library answered.
    pub outcome: Outcome,
    /// Guesses the search made for this record.
    pub guesses: u64,
    /// The rating on Sudoku Explainer's scale, where the question shows it
    /// (a check asked with `rating`, an explanation of a unique puzzle).
    pub rating: Option<Rating>,
}

/// Asks `question` of `record`, record number `index` (from 0) of its run,
/// with `solver`.
pub fn answer(solver: &mut Solver, question: Question, record: Record, index: u64) -> Answered {
    answer_within(solver, question, record, index, &Budget::unlimited())
}

/// [`answer`] within `budget`: work that runs out answers
/// [`Outcome::OutOfBudget`], never a partial answer.
///
/// ```
/// use sudokit::answer::{answer_within, Outcome, Question};
/// use sudokit::{Budget, Exhausted, Record, Solver};
///
/// let empty: Record = ".".repeat(81).parse()?;
/// let budget = Budget::unlimited().nodes(10_000);
/// let answered = answer_within(&mut Solver::new(), Question::Count { limit: u64::MAX - 1 }, empty, 0, &budget);
/// assert!(matches!(answered.outcome, Outcome::OutOfBudget(Exhausted::NodeLimit)));
/// assert_eq!(answered.outcome.status_name(), "out_of_budget");
/// # Ok::<(), sudokit::ParseError>(())
/// ```
pub fn answer_within(
    solver: &mut Solver,
    question: Question,
    record: Record,
    index: u64,
    budget: &Budget,
) -> Answered {
    let guesses_before = solver.stats().guesses;
    solver.set_budget(budget.clone());
    let mut outcome = match &record.grid {
        Err(error) => Outcome::Unreadable(error.clone()),
        Ok(puzzle) => ask(solver, question, &record, puzzle, index, budget),
    };
    // A search that ran out may have answered from what it had: say so instead.
    if let Some(why) = solver.exhausted() {
        outcome = Outcome::OutOfBudget(why);
    }
    solver.set_budget(Budget::unlimited());
    let shows_rating = match (&question, &outcome) {
        (Question::Check { rating: true }, Outcome::Checked(report)) => report.is_unique(),
        (Question::Explain { .. }, Outcome::Explained(explanation)) => explanation.unique,
        _ => false,
    };
    let mut rating = None;
    if let (Ok(puzzle), true) = (&record.grid, shows_rating) {
        match LogicSolver::sudoku_explainer().rate_within(puzzle, budget) {
            Ok(rated) => rating = Some(rated),
            Err(RatingError::Unsolvable(SolveError::OutOfBudget(why))) => {
                outcome = Outcome::OutOfBudget(why);
            }
            Err(_) => {}
        }
    }
    Answered {
        record,
        outcome,
        guesses: solver.stats().guesses - guesses_before,
        rating,
    }
}

/// The outcome of [`Question::Solve`] for a readable board, from the
/// solver's answer: the solution, or why there is none. [`answer`] asks it
/// so; a caller that solves the board itself (a bulk run writing solutions
/// straight from the solver) gets the same outcome from it.
///
/// ```
/// use sudokit::answer::{solve_outcome, Outcome};
/// use sudokit::{Grid, Solver};
///
/// let empty: Grid = ".".repeat(81).parse()?;
/// assert!(matches!(solve_outcome(Solver::new().solve(&empty)), Outcome::Solved(_)));
/// let clash: Grid = format!("11{}", ".".repeat(79)).parse()?;
/// assert!(matches!(solve_outcome(Solver::new().solve(&clash)), Outcome::Invalid(_)));
/// # Ok::<(), sudokit::ParseError>(())
/// ```
pub fn solve_outcome(answer: Result<Grid, SolveError>) -> Outcome {
    answer.map_or_else(unsolvable, Outcome::Solved)
}

/// The outcome for a board the solver found no answer to.
fn unsolvable(error: SolveError) -> Outcome {
    match error {
        SolveError::Conflict(conflict) => Outcome::Invalid(conflict),
        SolveError::OutOfBudget(why) => Outcome::OutOfBudget(why),
        SolveError::NoSolution => Outcome::NoSolution,
    }
}

/// The outcome for a readable board.
fn ask(
    solver: &mut Solver,
    question: Question,
    record: &Record,
    puzzle: &Grid,
    index: u64,
    budget: &Budget,
) -> Outcome {
    match question {
        Question::Solve { first } => solve_outcome(if first {
            solver.solve_first(puzzle)
        } else {
            solver.solve(puzzle)
        }),
        // One solution past the limit tells "exactly the limit" from "more".
        Question::Count { limit } => {
            match solver.count_solutions(puzzle, limit.saturating_add(1)) {
                Ok(count) => Outcome::Counted {
                    count: count.min(limit),
                    limit_reached: count > limit,
                },
                Err(conflict) => Outcome::Invalid(conflict),
            }
        }
        Question::Check { .. } => Outcome::Checked(crate::check_with(solver, puzzle)),
        // Symmetries ask nothing of the rules: clashing givens have a form too.
        Question::Canon { automorphisms } => {
            let canonical = crate::canonicalize(puzzle);
            Outcome::Canonical {
                form: canonical.form,
                automorphisms: automorphisms.then_some(canonical.automorphisms),
            }
        }
        Question::Transform {
            before,
            seed,
            after,
        } => {
            let random = seed.map_or_else(Transformation::identity, |seed| {
                Transformation::random(&mut record_rng(seed, index))
            });
            Outcome::Transformed(before.then(&random).then(&after).apply(puzzle))
        }
        Question::Trace { limit } => match solver.solve(puzzle) {
            Ok(solution) => match crate::trace::trace(puzzle, limit) {
                Ok(trace) => Outcome::Traced { trace, solution },
                Err(conflict) => Outcome::Invalid(conflict),
            },
            Err(error) => unsolvable(error),
        },
        Question::Hint { techniques, .. } => {
            let engine = LogicSolver::new().techniques(techniques);
            let marks = record
                .marks
                .as_deref()
                .cloned()
                .unwrap_or_else(|| Candidates::from_grid(puzzle));
            // A board given beside the marks (not the marks' own placed
            // digits) is the puzzle they come from: the mistakes are checked
            // against its solution. Marks alone stand for their placed digits.
            let known_puzzle = match record.marks.as_deref() {
                Some(own) if own.grid() == *puzzle => None,
                _ => Some(puzzle),
            };
            match engine.hint_within(known_puzzle, &marks, budget) {
                Ok(hint) => Outcome::Hinted(Box::new(hint)),
                Err(error) => unsolvable(error),
            }
        }
        Question::Rate => match LogicSolver::sudoku_explainer().rate_within(puzzle, budget) {
            Ok(rating) => Outcome::Rated(rating),
            Err(RatingError::Unsolvable(error)) => unsolvable(error),
            Err(RatingError::SeveralSolutions) => Outcome::NotUnique,
        },
        Question::Explain { techniques, .. } => {
            match LogicSolver::new()
                .techniques(techniques)
                .explain_within(puzzle, budget)
            {
                Ok(explanation) => Outcome::Explained(Box::new(explanation)),
                Err(error) => unsolvable(error),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The record of `text`, readable or not.
    fn record(text: &str) -> Record {
        crate::text::Records::new(text.as_bytes())
            .next()
            .expect("a record")
            .expect("reading a slice cannot fail")
    }

    const PUZZLE: &str =
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";

    #[test]
    fn each_way_of_failing_has_one_spelling() {
        let mut solver = Solver::new();
        let clash = format!("11{}", &".".repeat(79));
        let answered = answer(
            &mut solver,
            Question::Solve { first: false },
            record(&clash),
            0,
        );
        assert!(matches!(answered.outcome, Outcome::Invalid(_)));
        assert_eq!(answered.outcome.status_name(), "invalid");
        assert_eq!(answered.outcome.exit_status(), 1);
        let message = answered.outcome.error_message().unwrap();
        assert!(message.starts_with("invalid puzzle: "), "{message}");

        let answered = answer(&mut solver, Question::Rate, record(&".".repeat(81)), 0);
        assert!(matches!(answered.outcome, Outcome::NotUnique));
        assert_eq!(answered.outcome.status_name(), "multiple");

        let answered = answer(&mut solver, Question::Rate, record("12x"), 0);
        assert!(matches!(answered.outcome, Outcome::Unreadable(_)));
        assert_eq!(answered.outcome.exit_status(), 2);
    }

    #[test]
    fn a_check_with_rating_carries_the_rating() {
        let mut solver = Solver::new();
        let answered = answer(
            &mut solver,
            Question::Check { rating: true },
            record(PUZZLE),
            0,
        );
        assert_eq!(answered.outcome.status_name(), "unique");
        let rating = answered.rating.expect("a unique puzzle is rated");
        assert!(rating.er.value() >= 1.0);
        let answered = answer(
            &mut solver,
            Question::Check { rating: false },
            record(PUZZLE),
            0,
        );
        assert!(answered.rating.is_none());
    }

    #[test]
    fn a_seeded_transformation_depends_on_the_record_number_only() {
        let question = Question::Transform {
            before: Transformation::identity(),
            seed: Some(7),
            after: Transformation::identity(),
        };
        let mut solver = Solver::new();
        let mut form = |index| match answer(&mut solver, question, record(PUZZLE), index).outcome {
            Outcome::Transformed(grid) => grid,
            other => panic!("{other:?}"),
        };
        let (first, again, other) = (form(3), form(3), form(4));
        assert_eq!(first, again);
        assert_ne!(first, other);
        assert!(crate::are_equivalent(&first, &other));
    }
}
