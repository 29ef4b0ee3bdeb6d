//! The search engine: one core that answers every question about a board.
//!
//! * [`Solver::solve`]: the lexicographically smallest solution, which is the
//!   one a row-major backtracking search trying 1..9 in order finds first. A
//!   board with one solution costs less than proving uniqueness: once the fast
//!   search has a solution it skips every subtree whose solutions are all
//!   greater. Only boards where it then meets a smaller one pay for a second,
//!   row-major walk whose every step is decided by the fast search.
//! * [`Solver::solve_first`]: any solution, as fast as possible.
//! * [`Solver::count_solutions`]: the number of solutions, up to a limit.
//! * [`Solver::for_each_solution`] and [`Solver::solutions`]: the solutions
//!   themselves, in lexicographic order, up to a limit.
//!
//! All of them run the same search (the band engine, `bands`: band masks,
//! singles and locked candidates by table, copy-make guessing) and differ only
//! in the order they walk and when they stop.

mod bands;
mod kernels;
mod tables;

use std::cell::Cell;
use std::collections::VecDeque;
use std::fmt;

use crate::budget::{Budget as WorkBudget, Exhausted};
use crate::{Conflict, Grid};
use bands::{
    counts, first_solutions, lexicographic, propagate_pair, search, search_for_first,
    smallest_search, smallest_searches, smallest_solution, state_from_grid, state_to_grid, Budget,
    Frame, Pulse, Settlement, SmallestOutcome, SmallestSearch, State, Step, ALWAYS, LANES,
    PAIRED_CLUES_MAX, PULSE_GUESSES,
};

/// What `solve` lets a row-major search spend on the smallest solution before
/// the fast search and the witness walk take over (they have no heavy tails).
/// Boards with several solutions mostly end within it, far sooner than the
/// fast search and the walk; on a unique board that runs over, the guesses
/// are wasted. A small budget pays on the forum-hardest and 17-clue
/// collections and costs top1465 and serg's some time, which stay faster
/// than counting to two. Where the root is left open and the board is not
/// dense, the search spends none of it (`first_in_order`).
const IN_ORDER_BUDGET: Budget = Budget {
    guesses: 10,
    dead_ends: u64::MAX,
};

/// Guesses `solve`'s search for a smaller solution may make after each one it
/// finds before the witness walk takes over. On random symmetries of the hard
/// unique collections none needs this many, and few need a third of it; a
/// sparse board with many solutions can need exponentially many.
const BELOW_FOUND_BUDGET: u64 = 1000;

/// Boards the lanes search in one batch ([`Solver::solve_all`],
/// [`Solver::solve_first_all`] and the announcements): enough that a lane
/// seldom waits for the other to end a batch, few enough that the batch's
/// roots and answers stay in the core's first-level cache
/// (docs/PERFORMANCE.md).
const ANSWERED_TOGETHER: usize = 64;

/// Why a board has no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// Two givens break the rules.
    Conflict(Conflict),
    /// The givens obey the rules but no solution completes them.
    NoSolution,
    /// The work budget ran out before the answer (see [`crate::Budget`]).
    OutOfBudget(Exhausted),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Conflict(conflict) => write!(f, "invalid puzzle: {conflict}"),
            SolveError::NoSolution => f.write_str("no solution"),
            SolveError::OutOfBudget(why) => write!(f, "work budget exceeded: {why}"),
        }
    }
}

impl std::error::Error for SolveError {}

impl From<Conflict> for SolveError {
    fn from(conflict: Conflict) -> Self {
        SolveError::Conflict(conflict)
    }
}

/// What the searches of a [`Solver`] have done so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchStats {
    /// Boards asked about.
    pub puzzles: u64,
    /// Branches taken while another digit was still untried at the same cell.
    pub guesses: u64,
    /// Boards answered by propagation alone, without a guess.
    pub solved_without_guess: u64,
}

/// A reusable solver: keeps its search stack between boards and counts what it did.
///
/// ```
/// use sudokit::{Grid, Solver};
/// let mut solver = Solver::new();
/// let empty = Grid::EMPTY;
/// let first_row = &solver.solve(&empty)?.to_line()[..18];
/// assert_eq!(first_row, "123456789456789123");
/// assert_eq!(solver.count_solutions(&empty, 1000)?, 1000);
/// assert_eq!(solver.stats().puzzles, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct Solver {
    stack: Vec<Frame>,
    /// The lanes' stacks, for boards searched side by side.
    lane_stacks: [Vec<Frame>; LANES],
    walk: Vec<Step>,
    stats: SearchStats,
    budget: WorkBudget,
    exhausted: Option<Exhausted>,
    /// The board [`Solver::expect_next`] announced, until the next board
    /// asked about.
    next: Option<Grid>,
    /// A board's root, propagated ahead of its call, with the board.
    prepared: Option<(Grid, State)>,
    /// Answers found ahead of their calls ([`Solver::expect_solve`],
    /// [`Solver::expect_first`]), in the order announced.
    ahead: VecDeque<AnswerAhead>,
    /// Whether the last board asked about had so few clues that boards are
    /// propagated in pairs (see `PAIRED_CLUES_MAX`): a file's boards tend to
    /// be alike, and on dense ones even announcing the next costs time.
    sparse: bool,
}

/// The call an answer found ahead is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Asked {
    /// [`Solver::solve`].
    Smallest,
    /// [`Solver::solve_first`].
    First,
    /// [`Solver::count_solutions`] with this limit (at least 1).
    Count(u64),
}

/// An answer found ahead of its call.
enum Answer {
    Grid(Result<Grid, SolveError>),
    Count(Result<u64, Conflict>),
}

impl Answer {
    /// The answer of [`Solver::solve`] or [`Solver::solve_first`].
    fn grid(self) -> Result<Grid, SolveError> {
        match self {
            Answer::Grid(answer) => answer,
            Answer::Count(_) => unreachable!("a count is announced for counting calls only"),
        }
    }

    /// The answer of [`Solver::count_solutions`].
    fn count(self) -> Result<u64, Conflict> {
        match self {
            Answer::Count(answer) => answer,
            Answer::Grid(_) => unreachable!("a grid is announced for solving calls only"),
        }
    }
}

/// An answer found ahead of its call, with what the call counts.
struct AnswerAhead {
    board: Grid,
    asked: Asked,
    answer: Answer,
    /// The guesses of its search, none where the givens alone answer.
    guesses: Option<u64>,
    /// The guesses of a walk after the search (`solve` only).
    walk_guesses: u64,
}

impl Solver {
    /// A solver with an empty stack and zeroed statistics.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// The variant of the engine this CPU runs, chosen once per process from
    /// CPUID: `"portable"`, `"avx2"`, `"avx2+pext"` (AVX2 with a fast
    /// `pext`) or `"avx512"` (that, with AVX-512 F, VL and VPOPCNTDQ). Every
    /// variant gives the same answers with the same guesses; the name is for
    /// benchmarks, which should say what they measured. The environment
    /// variable `SUDOKIT_ENGINE`, set to one of these names, picks a variant
    /// this CPU runs other than the best, for timing each on one machine; a
    /// name the CPU cannot run is ignored.
    ///
    /// ```
    /// let engine = sudokit::Solver::engine();
    /// assert!(["portable", "avx2", "avx2+pext", "avx512"].contains(&engine));
    /// ```
    pub fn engine() -> &'static str {
        kernels::Native::detect().name()
    }

    /// Whether [`Solver::solve_first_all`] (and [`Solver::expect_first`])
    /// searches two boards in step on this CPU, or one at a time where that
    /// was measured faster (AMD's Zen cores up to the fourth); chosen once
    /// per process with [`Solver::engine`], and set by the environment
    /// variable `SUDOKIT_FIRST_LANES` to `1` or `2`. Either way gives the
    /// same answers with the same guesses; like the engine's name, this is
    /// for benchmarks to report.
    ///
    /// ```
    /// let in_step = sudokit::Solver::first_solutions_in_step();
    /// match std::env::var("SUDOKIT_FIRST_LANES").as_deref() {
    ///     Ok("1") => assert!(!in_step),
    ///     Ok("2") => assert!(in_step),
    ///     _ => {}
    /// }
    /// ```
    pub fn first_solutions_in_step() -> bool {
        kernels::Native::first_searches_in_step()
    }

    /// Announces the board the solver will be asked about after its next
    /// call (in a bulk run, the record after the one about to be answered),
    /// so that it can start on both together: the next call that solves,
    /// counts or enumerates a board other than `next` propagates both
    /// boards' givens at once (on a processor that runs instructions out of
    /// order, faster than one after the other) and keeps `next`'s for its own
    /// call. Only sparse boards (at most 21 clues, where propagation is most
    /// of the work) are paired; after a denser board the announcement is
    /// ignored. A bulk run announces each board's successor; a board
    /// announced and not asked about costs its propagation and nothing else.
    /// Answers, guesses and statistics are the same either way.
    ///
    /// ```
    /// use sudokit::{Grid, Solver};
    /// let boards: Vec<Grid> = [
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ///     "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    /// ]
    /// .iter()
    /// .map(|line| line.parse())
    /// .collect::<Result<_, _>>()?;
    /// let mut solver = Solver::new();
    /// let mut solutions = Vec::new();
    /// for (index, board) in boards.iter().enumerate() {
    ///     if let Some(next) = boards.get(index + 1) {
    ///         solver.expect_next(next);
    ///     }
    ///     solutions.push(solver.solve(board)?);
    /// }
    /// assert_eq!(solutions[1], boards[1].solve()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn expect_next(&mut self, next: &Grid) {
        if self.sparse {
            self.next = Some(*next);
        }
    }

    /// What this solver has done so far.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Sets the work each later call may do (checked as it starts and every
    /// few thousand guesses; the node limit counts the guesses of one call). A call that runs out returns
    /// [`SolveError::OutOfBudget`] where it returns a [`SolveError`]; the
    /// counting and enumerating calls return what they found so far, so
    /// check [`Solver::exhausted`] after them.
    pub fn set_budget(&mut self, budget: WorkBudget) {
        self.budget = budget;
    }

    /// Why the last call stopped short, if its budget ran out.
    pub fn exhausted(&self) -> Option<Exhausted> {
        self.exhausted
    }

    /// Runs `work` with the pulse of this solver's budget, noting why it
    /// stopped if it ran out.
    fn budgeted<R>(&mut self, work: impl FnOnce(&mut Solver, Pulse<'_>) -> R) -> R {
        self.exhausted = None;
        if self.budget.is_unlimited() {
            return work(self, ALWAYS);
        }
        let budget = std::mem::take(&mut self.budget);
        let pulses = Cell::new(0u64);
        // Checked on entry too: work made of many short searches (carving a
        // puzzle) may never reach a pulse inside one.
        let stopped = Cell::new(budget.check(0).err());
        let pulse = || {
            if stopped.get().is_some() {
                return false;
            }
            pulses.set(pulses.get() + 1);
            match budget.check(pulses.get() * PULSE_GUESSES) {
                Ok(()) => true,
                Err(why) => {
                    stopped.set(Some(why));
                    false
                }
            }
        };
        let result = work(self, &pulse);
        self.budget = budget;
        self.exhausted = stopped.get();
        result
    }

    /// The lexicographically smallest solution of `puzzle`.
    ///
    /// ```
    /// use sudokit::{Grid, SolveError, Solver};
    /// let mut solver = Solver::new();
    /// let clash: Grid = format!("55{}", ".".repeat(79)).parse()?;
    /// assert_eq!(
    ///     solver.solve(&clash).unwrap_err().to_string(),
    ///     "invalid puzzle: r1c1 and r1c2 both hold 5"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&mut self, puzzle: &Grid) -> Result<Grid, SolveError> {
        if let Some(answer) = self.answer_ahead(puzzle, Asked::Smallest) {
            return answer.grid();
        }
        let root = self.root(puzzle)?;
        let result = self.budgeted(|solver, pulse| solver.smallest(root, pulse));
        match self.exhausted {
            Some(why) => Err(SolveError::OutOfBudget(why)),
            None => result,
        }
    }

    /// The smallest solution below `root`, the givens placed.
    fn smallest(&mut self, root: State, pulse: Pulse<'_>) -> Result<Grid, SolveError> {
        // The smallest solution is the first a row-major search meets, and
        // with full propagation that search is short on most boards; on the
        // others it can take exponential time, so it gets a budget.
        let (search, guesses) = smallest_search(
            &mut self.stack,
            root,
            IN_ORDER_BUDGET,
            BELOW_FOUND_BUDGET,
            pulse,
        );
        self.record(guesses);
        let (answer, walk_guesses) = self.settle_smallest(search, pulse);
        self.stats.guesses += walk_guesses;
        answer
    }

    /// The smallest solution from the outcome of `solve`'s searches, with
    /// the guesses of the walk it may take.
    fn settle_smallest(
        &mut self,
        search: SmallestSearch,
        pulse: Pulse<'_>,
    ) -> (Result<Grid, SolveError>, u64) {
        match search.settled() {
            Settlement::Answer(found) => (
                found
                    .as_ref()
                    .map(state_to_grid)
                    .ok_or(SolveError::NoSolution),
                0,
            ),
            Settlement::WalkFrom { root, witness } => self.walk_to_smallest(root, witness, pulse),
        }
    }

    /// The smallest solution below `root` by the row-major walk from
    /// `witness` (a second, smaller solution met, or the search gave up
    /// below the first), with the walk's guesses.
    fn walk_to_smallest(
        &mut self,
        root: State,
        witness: State,
        pulse: Pulse<'_>,
    ) -> (Result<Grid, SolveError>, u64) {
        let (smallest, guesses) = smallest_solution(&mut self.stack, root, witness, pulse);
        (Ok(state_to_grid(&smallest)), guesses)
    }

    /// Some solution of `puzzle`, whichever the search meets first.
    pub fn solve_first(&mut self, puzzle: &Grid) -> Result<Grid, SolveError> {
        if let Some(answer) = self.answer_ahead(puzzle, Asked::First) {
            return answer.grid();
        }
        let root = self.root(puzzle)?;
        // The fast search alone: a row-major probe first (as `solve` makes)
        // helps only boards with many solutions, and costs the others more
        // (measured on random symmetries of the collections).
        // The solution is read where the search meets it: a state carried
        // out of the search is copied on the way, at every board.
        let mut found = None;
        let guesses = self.budgeted(|solver, pulse| {
            search_for_first(&mut solver.stack, root, pulse, |solution| {
                found = Some(state_to_grid(solution));
            })
        });
        self.record(guesses);
        match (found, self.exhausted) {
            (Some(solution), _) => Ok(solution),
            (None, Some(why)) => Err(SolveError::OutOfBudget(why)),
            (None, None) => Err(SolveError::NoSolution),
        }
    }

    /// The first solutions of `puzzles` in order, as [`Solver::solve_first`]
    /// finds them one by one, found two at a time: each step of one search
    /// is taken beside a step of the other, so that the processor overlaps
    /// their propagations (faster on boards that need many guesses; the
    /// same answers and guesses). On CPUs where that does not pay (AMD's
    /// Zen cores up to the fourth), the boards are searched one at a time,
    /// the roots of sparse boards propagated in pairs; the environment
    /// variable `SUDOKIT_FIRST_LANES`, `1` or `2`, sets either way, for
    /// timing both on one machine. Without a budget only: with one set, the
    /// boards are searched one by one.
    ///
    /// ```
    /// use sudokit::{Grid, Solver};
    /// let boards: Vec<Grid> = [
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ///     "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    ///     "11...............................................................................",
    /// ]
    /// .iter()
    /// .map(|line| line.parse())
    /// .collect::<Result<_, _>>()?;
    /// let mut solver = Solver::new();
    /// let answers = solver.solve_first_all(&boards);
    /// assert_eq!(answers[0], Solver::new().solve_first(&boards[0]));
    /// assert_eq!(answers[1].as_ref().ok(), boards[1].solve().as_ref().ok());
    /// assert!(answers[2].is_err(), "two 1s in the first row");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_first_all(&mut self, puzzles: &[Grid]) -> Vec<Result<Grid, SolveError>> {
        if !self.budget.is_unlimited() {
            return puzzles
                .iter()
                .map(|puzzle| self.solve_first(puzzle))
                .collect();
        }
        self.answer_all(puzzles, Asked::First)
            .into_iter()
            .map(Answer::grid)
            .collect()
    }

    /// The smallest solutions of `puzzles` in order, as [`Solver::solve`]
    /// finds them one by one, found two at a time as
    /// [`Solver::solve_first_all`] finds first solutions (the same answers
    /// and guesses). Without a budget only: with one set, the boards are
    /// searched one by one.
    ///
    /// ```
    /// use sudokit::{Grid, Solver};
    /// let boards: Vec<Grid> = [
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ///     ".................................................................................",
    ///     "11...............................................................................",
    /// ]
    /// .iter()
    /// .map(|line| line.parse())
    /// .collect::<Result<_, _>>()?;
    /// let mut solver = Solver::new();
    /// let answers = solver.solve_all(&boards);
    /// assert_eq!(answers[0], boards[0].solve());
    /// assert!(answers[1].as_ref().is_ok_and(|grid| grid.to_line().starts_with("123456789456")));
    /// assert!(answers[2].is_err(), "two 1s in the first row");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_all(&mut self, puzzles: &[Grid]) -> Vec<Result<Grid, SolveError>> {
        if !self.budget.is_unlimited() {
            return puzzles.iter().map(|puzzle| self.solve(puzzle)).collect();
        }
        self.answer_all(puzzles, Asked::Smallest)
            .into_iter()
            .map(Answer::grid)
            .collect()
    }

    /// The solutions of each of `puzzles` counted up to `limit`, as
    /// [`Solver::count_solutions`] counts them one by one, counted two at
    /// a time as [`Solver::solve_first_all`] finds first solutions (the
    /// same counts and guesses). Without a budget only: with one set, the
    /// boards are counted one by one.
    ///
    /// ```
    /// use sudokit::{Grid, Solver};
    /// let boards: Vec<Grid> = [
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ///     ".................................................................................",
    ///     "11...............................................................................",
    /// ]
    /// .iter()
    /// .map(|line| line.parse())
    /// .collect::<Result<_, _>>()?;
    /// let counts = Solver::new().count_all(&boards, 2);
    /// assert_eq!(counts[0], Ok(1), "a proper puzzle");
    /// assert_eq!(counts[1], Ok(2), "the empty board, counted to its limit");
    /// assert!(counts[2].is_err(), "two 1s in the first row");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_all(&mut self, puzzles: &[Grid], limit: u64) -> Vec<Result<u64, Conflict>> {
        if !self.budget.is_unlimited() || limit == 0 {
            return puzzles
                .iter()
                .map(|puzzle| self.count_solutions(puzzle, limit))
                .collect();
        }
        self.answer_all(puzzles, Asked::Count(limit))
            .into_iter()
            .map(Answer::count)
            .collect()
    }

    /// The answers to `asked` about `puzzles`, without a budget.
    fn answer_all(&mut self, puzzles: &[Grid], asked: Asked) -> Vec<Answer> {
        self.exhausted = None;
        self.answer_ahead_of_time(puzzles, asked);
        let mut answers = Vec::with_capacity(puzzles.len());
        while let Some(ahead) = self.ahead.pop_front() {
            answers.push(self.count_answer(ahead));
        }
        answers
    }

    /// Announces the boards the next calls of [`Solver::solve_first`] will
    /// ask about, in this order, and finds their answers now, as
    /// [`Solver::solve_first_all`] does: each of those calls then returns
    /// its board's answer (and counts its guesses) at once. A call about
    /// another board, a call of [`Solver::solve`] instead, or a budget set
    /// drops the rest of the announcement and searches as usual; with a
    /// budget set already, the announcement is ignored. A bulk run announces each chunk of
    /// records it answers with `--first`.
    pub fn expect_first(&mut self, puzzles: &[Grid]) {
        self.announce(puzzles, Asked::First);
    }

    /// Announces the boards the next calls of [`Solver::solve`] will ask
    /// about, as [`Solver::expect_first`] does for [`Solver::solve_first`]:
    /// their smallest solutions are found now, as [`Solver::solve_all`]
    /// finds them. A bulk run announces each chunk of records it solves.
    ///
    /// ```
    /// use sudokit::{Grid, Solver};
    /// let boards: Vec<Grid> = [
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ///     "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    /// ]
    /// .iter()
    /// .map(|line| line.parse())
    /// .collect::<Result<_, _>>()?;
    /// let mut solver = Solver::new();
    /// solver.expect_solve(&boards);
    /// for board in &boards {
    ///     assert_eq!(solver.solve(board), board.solve());
    /// }
    /// assert_eq!(solver.stats().puzzles, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expect_solve(&mut self, puzzles: &[Grid]) {
        self.announce(puzzles, Asked::Smallest);
    }

    /// Announces the boards the next calls of [`Solver::count_solutions`]
    /// will ask about, all with this `limit`, as [`Solver::expect_first`]
    /// does for [`Solver::solve_first`]: their solutions are counted now,
    /// as [`Solver::count_all`] counts them; a call with another limit
    /// drops the announcement. A bulk run announces each chunk of records it
    /// counts.
    ///
    /// ```
    /// use sudokit::{Grid, Solver};
    /// let boards: Vec<Grid> = [
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ///     "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    /// ]
    /// .iter()
    /// .map(|line| line.parse())
    /// .collect::<Result<_, _>>()?;
    /// let mut solver = Solver::new();
    /// solver.expect_count(&boards, 2);
    /// for board in &boards {
    ///     assert_eq!(solver.count_solutions(board, 2)?, 1);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expect_count(&mut self, puzzles: &[Grid], limit: u64) {
        if limit == 0 {
            self.ahead.clear();
            return;
        }
        self.announce(puzzles, Asked::Count(limit));
    }

    /// Finds the answers to `asked` about `puzzles` now, for the calls to
    /// come; a budget set drops them instead.
    fn announce(&mut self, puzzles: &[Grid], asked: Asked) {
        if !self.budget.is_unlimited() {
            self.ahead.clear();
            return;
        }
        self.answer_ahead_of_time(puzzles, asked);
    }

    /// The answer announced for this call, if the next one is `puzzle`'s
    /// for the same question and no budget is set; else the announcement
    /// is dropped.
    fn answer_ahead(&mut self, puzzle: &Grid, asked: Asked) -> Option<Answer> {
        let ahead = self.ahead.pop_front()?;
        if ahead.board == *puzzle && ahead.asked == asked && self.budget.is_unlimited() {
            return Some(self.count_answer(ahead));
        }
        // Asked about another board: the announcement no longer holds.
        self.ahead.clear();
        None
    }

    /// Counts an answer found ahead as its call would have, and returns it.
    fn count_answer(&mut self, ahead: AnswerAhead) -> Answer {
        self.exhausted = None;
        self.stats.puzzles += 1;
        if let Some(guesses) = ahead.guesses {
            self.record(guesses);
        }
        self.stats.guesses += ahead.walk_guesses;
        ahead.answer
    }

    /// Finds the answers to `asked` about `puzzles`, searched two at a time,
    /// and keeps them in place of any announced before, with what their
    /// calls count; the statistics are left to the calls.
    fn answer_ahead_of_time(&mut self, puzzles: &[Grid], asked: Asked) {
        // A root propagated ahead, or an announced successor, belongs to
        // calls one by one.
        self.next = None;
        self.prepared = None;
        self.ahead.clear();
        // A block at a time, so that the lanes' boards stay in the core's cache.
        for block in puzzles.chunks(ANSWERED_TOGETHER) {
            match asked {
                Asked::Smallest => self.smallest_ahead(block),
                Asked::First => {
                    let found = first_solutions(block, self.lane_stacks.each_mut());
                    self.ahead
                        .extend(block.iter().zip(found).map(|(puzzle, found)| {
                            let (answer, guesses) = match found {
                                Ok((Some(solution), guesses)) => (Ok(solution), Some(guesses)),
                                Ok((None, guesses)) => (Err(SolveError::NoSolution), Some(guesses)),
                                Err(_) => (Err(Self::givens_error(puzzle)), None),
                            };
                            AnswerAhead {
                                board: *puzzle,
                                asked,
                                answer: Answer::Grid(answer),
                                guesses,
                                walk_guesses: 0,
                            }
                        }));
                }
                Asked::Count(limit) => {
                    let found = counts(block, self.lane_stacks.each_mut(), limit);
                    self.ahead
                        .extend(block.iter().zip(found).map(|(puzzle, found)| {
                            // Givens in contradiction: an error if two clash,
                            // else no solution, as `counting_root` says.
                            let (answer, guesses) = match found {
                                Ok((count, guesses)) => (Ok(count), Some(guesses)),
                                Err(_) => match Self::givens_error(puzzle) {
                                    SolveError::Conflict(conflict) => (Err(conflict), None),
                                    _ => (Ok(0), None),
                                },
                            };
                            AnswerAhead {
                                board: *puzzle,
                                asked,
                                answer: Answer::Count(answer),
                                guesses,
                                walk_guesses: 0,
                            }
                        }));
                }
            }
        }
    }

    /// [`Solver::answer_ahead_of_time`] for `solve`, one block.
    fn smallest_ahead(&mut self, block: &[Grid]) {
        let found = smallest_searches(
            block,
            self.lane_stacks.each_mut(),
            IN_ORDER_BUDGET,
            BELOW_FOUND_BUDGET,
        );
        for (puzzle, found) in block.iter().zip(found) {
            let (answer, guesses, walk_guesses) = match found {
                Ok((SmallestOutcome::Settled(found), guesses)) => {
                    (found.ok_or(SolveError::NoSolution), Some(guesses), 0)
                }
                Ok((SmallestOutcome::Walk(start), guesses)) => {
                    let (root, witness) = *start;
                    let (answer, walk_guesses) = self.walk_to_smallest(root, witness, ALWAYS);
                    (answer, Some(guesses), walk_guesses)
                }
                Err(_) => (Err(Self::givens_error(puzzle)), None, 0),
            };
            self.ahead.push_back(AnswerAhead {
                board: *puzzle,
                asked: Asked::Smallest,
                answer: Answer::Grid(answer),
                guesses,
                walk_guesses,
            });
        }
    }

    /// The number of solutions of `puzzle`, counting no further than `limit`.
    ///
    /// A board with no solution counts 0; a board whose givens clash is an error.
    pub fn count_solutions(&mut self, puzzle: &Grid, limit: u64) -> Result<u64, Conflict> {
        // No count to 0 is announced, so such a call drops an announcement.
        if let Some(answer) = self.answer_ahead(puzzle, Asked::Count(limit)) {
            return answer.count();
        }
        Ok(match self.counting_root(puzzle)? {
            Some(root) => self.run(root, limit, |_| {}),
            None => 0,
        })
    }

    /// Calls `visit` with each solution of `puzzle` in lexicographic order, at most
    /// `limit` of them, and returns how many it visited.
    pub fn for_each_solution(
        &mut self,
        puzzle: &Grid,
        limit: u64,
        mut visit: impl FnMut(Grid),
    ) -> Result<u64, Conflict> {
        let mut found = 0;
        if let (Some(root), true) = (self.counting_root(puzzle)?, limit > 0) {
            let guesses = self.budgeted(|solver, pulse| {
                lexicographic(
                    &mut solver.stack,
                    &mut solver.walk,
                    root,
                    pulse,
                    |solution| {
                        visit(state_to_grid(solution));
                        found += 1;
                        found < limit
                    },
                )
            });
            self.record(guesses);
        }
        Ok(found)
    }

    /// The first `limit` solutions of `puzzle` in lexicographic order.
    ///
    /// ```
    /// use sudokit::{Grid, Solver};
    /// let solutions = Solver::new().solutions(&Grid::EMPTY, 3)?;
    /// assert_eq!(solutions.len(), 3);
    /// assert!(solutions.windows(2).all(|pair| pair[0] < pair[1]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions(&mut self, puzzle: &Grid, limit: u64) -> Result<Vec<Grid>, Conflict> {
        let mut found = Vec::new();
        self.for_each_solution(puzzle, limit, |solution| found.push(solution))?;
        Ok(found)
    }

    /// The state with the givens placed, or why there is none.
    fn root(&mut self, puzzle: &Grid) -> Result<State, SolveError> {
        self.exhausted = None;
        self.stats.puzzles += 1;
        // Out of line: the code for announced boards, written here, slowed
        // every call without one (docs/PERFORMANCE.md).
        if self.prepared.is_some() || self.next.is_some() {
            return self.announced_root(puzzle);
        }
        let root = Self::givens(puzzle)?;
        self.sparse = root.clue_count() <= PAIRED_CLUES_MAX;
        Ok(root)
    }

    /// [`Solver::root`] once a board was announced: the root prepared for
    /// `puzzle`, or `puzzle`'s propagated together with the next board's.
    #[inline(never)]
    fn announced_root(&mut self, puzzle: &Grid) -> Result<State, SolveError> {
        if let Some((board, _)) = &self.prepared {
            if board == puzzle {
                let (_, root) = self.prepared.take().expect("just matched");
                return Ok(root);
            }
        }
        let mut root = Self::givens(puzzle)?;
        let next = self.next.take();
        self.sparse = root.clue_count() <= PAIRED_CLUES_MAX;
        if !self.sparse {
            return Ok(root);
        }
        let Some(next) = next.filter(|next| next != puzzle) else {
            return Ok(root);
        };
        // Both boards sparse: the search tells a dense board by its givens,
        // which a root propagated ahead no longer shows.
        let Some(mut ahead) = state_from_grid(&next)
            .ok()
            .filter(|ahead| ahead.clue_count() <= PAIRED_CLUES_MAX)
        else {
            return Ok(root);
        };
        let [own, theirs] = propagate_pair([&mut root, &mut ahead]);
        self.prepared = Some((next, ahead.propagated_ahead(theirs)));
        Ok(root.propagated_ahead(own))
    }

    /// The state of `puzzle`'s givens, not yet propagated, or why there is
    /// none.
    #[inline(always)]
    fn givens(puzzle: &Grid) -> Result<State, SolveError> {
        state_from_grid(puzzle).map_err(|_| Self::givens_error(puzzle))
    }

    /// Why `puzzle`'s givens, found in contradiction, allow no solution.
    fn givens_error(puzzle: &Grid) -> SolveError {
        match puzzle.first_conflict() {
            Some(conflict) => SolveError::Conflict(conflict),
            None => SolveError::NoSolution,
        }
    }

    /// The root for questions that count: `None` when propagation already
    /// shows there is no solution, an error only when givens clash.
    fn counting_root(&mut self, puzzle: &Grid) -> Result<Option<State>, Conflict> {
        match self.root(puzzle) {
            Ok(root) => Ok(Some(root)),
            Err(SolveError::Conflict(conflict)) => Err(conflict),
            Err(_) => Ok(None),
        }
    }

    /// Runs one search, stopping after `limit` solutions; returns how many it found.
    fn run(&mut self, root: State, limit: u64, mut visit: impl FnMut(&State)) -> u64 {
        let mut found = 0;
        if limit == 0 {
            return 0;
        }
        let guesses = self.budgeted(|solver, pulse| {
            search(&mut solver.stack, root, pulse, |state| {
                visit(state);
                found += 1;
                found < limit
            })
        });
        self.record(guesses);
        found
    }

    fn record(&mut self, guesses: u64) {
        self.stats.guesses += guesses;
        if guesses == 0 {
            self.stats.solved_without_guess += 1;
        }
    }
}

impl Grid {
    /// The lexicographically smallest solution: see [`Solver::solve`].
    pub fn solve(&self) -> Result<Grid, SolveError> {
        Solver::new().solve(self)
    }

    /// Some solution, found as fast as possible: see [`Solver::solve_first`].
    pub fn solve_first(&self) -> Result<Grid, SolveError> {
        Solver::new().solve_first(self)
    }

    /// The number of solutions up to `limit`: see [`Solver::count_solutions`].
    pub fn count_solutions(&self, limit: u64) -> Result<u64, Conflict> {
        Solver::new().count_solutions(self, limit)
    }
}
