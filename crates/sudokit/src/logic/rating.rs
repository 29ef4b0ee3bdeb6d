//! Difficulty ratings on Sudoku Explainer's scale: ER, EP and ED, and a
//! level name.

use std::fmt;
use std::str::FromStr;

use super::{Difficulty, LogicSolver, Step, Technique, TechniqueSet};
use crate::budget::{Budget, Exhausted};
use crate::generate::{Generated, Generator};
use crate::grid::Grid;
use crate::solve::SolveError;

/// A puzzle's level, after Sudoku Explainer's generator bands of ER.
///
/// ```
/// use sudokit::logic::{Difficulty, Level};
/// assert_eq!(Level::of(Difficulty::from_tenths(12)), Level::Easy);
/// assert_eq!(Level::of(Difficulty::from_tenths(71)), Level::Diabolical);
/// assert_eq!("fiendish".parse::<Level>().unwrap().range(), (26, 60));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Level {
    /// ER 1.0 to 1.2: full houses and hidden singles in boxes.
    Easy,
    /// ER 1.3 to 1.5: hidden singles in rows and columns.
    Medium,
    /// ER 1.6 to 2.5: direct techniques and naked singles.
    Hard,
    /// ER 2.6 to 6.0: locked candidates, subsets, fish, wings, uniqueness.
    Fiendish,
    /// ER 6.1 and up: chains and forcing chains.
    Diabolical,
}

impl Level {
    /// The five levels, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Fiendish,
        Level::Diabolical,
    ];

    /// The level of a puzzle whose ER is `er`.
    pub fn of(er: Difficulty) -> Level {
        Level::ALL
            .into_iter()
            .find(|level| er.tenths() <= level.range().1)
            .unwrap_or(Level::Diabolical)
    }

    /// The band of ER in tenths, both ends included (the last open above).
    pub const fn range(self) -> (u16, u16) {
        match self {
            Level::Easy => (0, 12),
            Level::Medium => (13, 15),
            Level::Hard => (16, 25),
            Level::Fiendish => (26, 60),
            Level::Diabolical => (61, u16::MAX),
        }
    }

    /// The level's name, lower case.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Fiendish => "fiendish",
            Level::Diabolical => "diabolical",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level {:?} (easy, medium, hard, fiendish or diabolical)",
            self.0
        )
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(text: &str) -> Result<Level, UnknownLevel> {
        let wanted = text.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|level| level.name() == wanted)
            .ok_or_else(|| UnknownLevel(text.to_string()))
    }
}

/// A puzzle's rating as Sudoku Explainer gives it, `ER/EP/ED`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Rating {
    /// The hardest step of the whole solution: the rating.
    pub er: Difficulty,
    /// The hardest step up to and including the first that places a digit ("pearl").
    pub ep: Difficulty,
    /// The first step's difficulty ("diamond").
    pub ed: Difficulty,
    /// The technique of the (first) hardest step, if there was a step.
    pub hardest: Option<Technique>,
    /// The level of the ER.
    pub level: Level,
}

impl Rating {
    /// The rating of a solution path.
    pub fn of_steps(steps: &[Step]) -> Rating {
        let mut er = Difficulty::default();
        let mut hardest = None;
        for step in steps {
            if step.difficulty > er {
                er = step.difficulty;
                hardest = Some(step.technique);
            }
        }
        let first_placement = steps
            .iter()
            .position(|step| !step.placements.is_empty())
            .map_or(steps.len(), |index| index + 1);
        let ep = steps[..first_placement]
            .iter()
            .map(|step| step.difficulty)
            .max()
            .unwrap_or_default();
        let ed = steps
            .first()
            .map(|step| step.difficulty)
            .unwrap_or_default();
        Rating {
            er,
            ep,
            ed,
            hardest,
            level: Level::of(er),
        }
    }
}

impl fmt::Display for Rating {
    /// `7.1/2.6/1.2 diabolical`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/{} {}", self.er, self.ep, self.ed, self.level)
    }
}

/// Why a board has no rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RatingError {
    /// Clashing givens or no solution.
    Unsolvable(SolveError),
    /// Several solutions: a rating assumes exactly one.
    SeveralSolutions,
}

impl fmt::Display for RatingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatingError::Unsolvable(error) => write!(f, "{error}"),
            RatingError::SeveralSolutions => f.write_str("several solutions: no rating"),
        }
    }
}

impl std::error::Error for RatingError {}

impl From<SolveError> for RatingError {
    fn from(error: SolveError) -> RatingError {
        RatingError::Unsolvable(error)
    }
}

impl TechniqueSet {
    /// The techniques Sudoku Explainer knows, the ones its ratings rest on.
    pub fn sudoku_explainer() -> TechniqueSet {
        TechniqueSet::group("se").unwrap_or(TechniqueSet::ALL)
    }
}

impl LogicSolver {
    /// The engine limited to Sudoku Explainer's techniques, as a rater.
    pub fn sudoku_explainer() -> LogicSolver {
        LogicSolver::new().techniques(TechniqueSet::sudoku_explainer())
    }

    /// The rating of `puzzle` on Sudoku Explainer's scale, from the path this
    /// engine takes (use [`LogicSolver::sudoku_explainer`] for SE's numbers).
    ///
    /// ```
    /// use sudokit::logic::{Level, LogicSolver};
    /// use sudokit::Grid;
    /// let puzzle: Grid =
    ///     ".2.9.5...59..3.2..7..6.2..5..935.46..54...78..83.275..8..2.9..4..5.4..26...5.3.7."
    ///         .parse()?;
    /// let rating = LogicSolver::sudoku_explainer().rate(&puzzle)?;
    /// assert_eq!(rating.to_string(), "1.2/1.2/1.2 easy");
    /// assert_eq!(rating.level, Level::Easy);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`RatingError`] unless the puzzle has exactly one solution.
    pub fn rate(&self, puzzle: &Grid) -> Result<Rating, RatingError> {
        self.rate_within(puzzle, &Budget::unlimited())
    }

    /// [`LogicSolver::rate`] within `budget` (its node limit counts steps).
    ///
    /// # Errors
    ///
    /// [`RatingError`] unless the puzzle has exactly one solution, or if the
    /// budget runs out (`RatingError::Unsolvable(SolveError::OutOfBudget(_))`).
    pub fn rate_within(&self, puzzle: &Grid, budget: &Budget) -> Result<Rating, RatingError> {
        let explanation = self.explain_within(puzzle, budget)?;
        if !explanation.unique {
            return Err(RatingError::SeveralSolutions);
        }
        Ok(Rating::of_steps(&explanation.steps))
    }
}

/// Candidates tried per puzzle before a rated generation gives up on it.
pub const RATED_ATTEMPTS: u64 = 1 << 20;

/// A generated puzzle whose rating fell in the range asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RatedPuzzle {
    /// The puzzle and its solution.
    pub made: Generated,
    /// Its rating.
    pub rating: Rating,
    /// How many candidate puzzles were made and rated to find it (1 if the first fit).
    pub tries: u64,
}

impl Generator {
    /// Puzzle number `index` whose ER (rated by `rater`) lies in `min..=max`:
    /// candidate `k` of puzzle `index` is [`Generator::generate`] of index
    /// `index + k * 2^40`, so the answer depends only on the settings and
    /// `index`, never on the threads. `None` after [`RATED_ATTEMPTS`]
    /// candidates.
    ///
    /// ```
    /// use sudokit::logic::{Difficulty, LogicSolver};
    /// use sudokit::Generator;
    /// let rater = LogicSolver::sudoku_explainer();
    /// let (min, max) = (Difficulty::from_tenths(26), Difficulty::from_tenths(60));
    /// let found = Generator::new(7).generate_rated(0, min, max, &rater).unwrap();
    /// assert!(found.rating.er >= min && found.rating.er <= max);
    /// assert_eq!(rater.rate(&found.made.puzzle)?, found.rating);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generate_rated(
        &self,
        index: u64,
        min: Difficulty,
        max: Difficulty,
        rater: &LogicSolver,
    ) -> Option<RatedPuzzle> {
        match self.generate_rated_within(index, min, max, rater, &Budget::unlimited()) {
            Ok(found) => found,
            Err(_) => unreachable!("an unlimited budget never runs out"),
        }
    }

    /// [`Generator::generate_rated`] within `budget` (checked before each
    /// candidate and while rating it; its node limit counts candidates).
    ///
    /// # Errors
    ///
    /// [`Exhausted`] if the budget ran out before a candidate fitted.
    pub fn generate_rated_within(
        &self,
        index: u64,
        min: Difficulty,
        max: Difficulty,
        rater: &LogicSolver,
        budget: &Budget,
    ) -> Result<Option<RatedPuzzle>, Exhausted> {
        let mut solver = crate::solve::Solver::new();
        let rating_budget = budget.without_node_limit();
        for k in 0..RATED_ATTEMPTS {
            budget.check(k)?;
            let made = self.generate_with(&mut solver, index.wrapping_add(k << 40));
            let rating = match rater.rate_within(&made.puzzle, &rating_budget) {
                Ok(rating) => rating,
                Err(RatingError::Unsolvable(SolveError::OutOfBudget(why))) => return Err(why),
                Err(_) => continue,
            };
            if rating.er >= min && rating.er <= max {
                return Ok(Some(RatedPuzzle {
                    made,
                    rating,
                    tries: k + 1,
                }));
            }
        }
        Ok(None)
    }
}
