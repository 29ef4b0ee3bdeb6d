//! Searches of many boards, two advanced side by side so that the processor
//! overlaps their propagations: first solutions, counts, and the searches
//! `solve` makes for the smallest. First solutions go one at a time on CPUs
//! where stepping two costs more than it overlaps.

use super::lexmin::{first_in_order, Settlement, SmallestSearch};
use super::propagate::Rules;
use super::search::{
    keep_first, search_portable, with_native_kernels, Budget, DigitOrder, Frame, KernelTask, Next,
    Walker, ALWAYS,
};
use super::state::{Contradiction, State};
use crate::solve::kernels::{Kernels, Native};
use crate::Grid;

/// What a first-solution search found for one board: its solution (none
/// if it has none) and the guesses made, or the contradiction of its givens.
pub(crate) type FirstFound = Result<(Option<Grid>, u64), Contradiction>;

/// What the searches for a board's smallest solution found (see
/// [`smallest_searches_with`]), with the guesses of both, or the
/// contradiction of the board's givens.
pub(crate) type SmallestFound = Result<(SmallestOutcome, u64), Contradiction>;

/// What the searches for a board's smallest solution leave to do: small,
/// since a batch keeps one for each board.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum SmallestOutcome {
    /// Nothing: the smallest solution, or none.
    Settled(Option<Grid>),
    /// The walk from a solution (rare), its root and its witness: see
    /// [`Settlement::WalkFrom`].
    Walk(Box<(State, State)>),
}

/// [`SmallestOutcome`] as a lane keeps it: the solution as a state, made a
/// grid once the lanes are done, out of their loop.
enum LaneOutcome {
    Settled(Option<State>),
    Walk(Box<(State, State)>),
}

impl LaneOutcome {
    /// What is left after `search`; out of the lanes' loop, which it
    /// would crowd.
    #[inline(never)]
    fn after(search: SmallestSearch) -> LaneOutcome {
        match search.settled() {
            Settlement::Answer(found) => LaneOutcome::Settled(found),
            Settlement::WalkFrom { root, witness } => LaneOutcome::Walk(boxed((root, witness))),
        }
    }
}

/// A walk's start, out of the lanes' loop: it is rare.
#[cold]
#[inline(never)]
fn boxed(start: (State, State)) -> Box<(State, State)> {
    Box::new(start)
}

/// How many searches a bulk run takes side by side: three or four ran
/// 0.87x-0.94x two (docs/PERFORMANCE.md, "Fourteenth session").
pub(crate) const LANES: usize = 2;

/// A search one lane runs, one board at a time, stopping before each
/// propagation so that the lanes take their propagations together.
trait LaneSearch<K: Kernels> {
    /// What the search finds for a board.
    type Found;

    /// Starts on a board's root; what it found if that ended its search.
    fn start(&mut self, root: State) -> Option<Self::Found>;

    /// The rules of the coming propagation, and whether they are the
    /// thorough ones ([`Walker::rules`]).
    fn rules(&self) -> (Rules, bool);

    /// Whether the state is not yet known to be dead.
    fn alive(&self) -> bool;

    /// The state to propagate.
    fn state(&mut self) -> &mut State;

    /// Goes on from the propagation (`propagated`: it met no
    /// contradiction): what it found once the board is done.
    fn advance(&mut self, propagated: bool, thorough: bool, kernel: K) -> Option<Self::Found>;
}

/// Every lane holds a state from the start; an idle one never propagates.
const IDLE: State = State {
    cands: [0; 27],
    unsolved: [0; 3],
    pairs: [0; 3],
    pending: 0,
};

/// Runs `lanes` over the boards whose roots are `roots` (`None`: givens in
/// contradiction, not searched): their propagations are taken together, one
/// band step of each in turn ([`State::propagate_lanes`]), so that the
/// processor overlaps their chains of dependent loads, which one board
/// alone leaves idle. When one search ends, its lane takes the next board.
/// Returns what each board's search found, in order.
#[inline(always)]
fn run_lanes<K: Kernels, S: LaneSearch<K>, const N: usize>(
    roots: &[Option<State>],
    mut lanes: [S; N],
    kernel: K,
) -> Vec<Option<S::Found>> {
    let mut found: Vec<Option<S::Found>> = Vec::with_capacity(roots.len());
    found.resize_with(roots.len(), || None);
    let mut boards = roots
        .iter()
        .enumerate()
        .filter_map(|(board, root)| Some((board, (*root)?)));
    let mut busy = [None; N];
    loop {
        for (lane, busy) in lanes.iter_mut().zip(&mut busy) {
            while busy.is_none() {
                let Some((board, root)) = boards.next() else {
                    break;
                };
                match lane.start(root) {
                    Some(outcome) => found[board] = Some(outcome),
                    None => *busy = Some(board),
                }
            }
        }
        if busy.iter().all(Option::is_none) {
            return found;
        }
        let planned = lanes.each_ref().map(LaneSearch::rules);
        let mut running = [false; N];
        for lane in 0..N {
            running[lane] = busy[lane].is_some() && lanes[lane].alive();
        }
        let results = State::propagate_lanes(
            lanes.each_mut().map(LaneSearch::state),
            kernel,
            planned.map(|(rules, _)| rules),
            running,
        );
        for lane in 0..N {
            let Some(board) = busy[lane] else {
                continue;
            };
            let propagated = running[lane] && results[lane].is_ok();
            if let Some(outcome) = lanes[lane].advance(propagated, planned[lane].1, kernel) {
                found[board] = Some(outcome);
                busy[lane] = None;
            }
        }
    }
}

/// The roots of `puzzles`, their givens placed (`None` where they clash).
/// A loop, not an iterator's `collect`: the compiler may leave that out of
/// line, outside the instruction set the kernels need, and the kernels
/// with it.
#[inline(always)]
fn roots_of<K: Kernels>(puzzles: &[Grid], kernel: K) -> Vec<Option<State>> {
    let mut roots = Vec::with_capacity(puzzles.len());
    for puzzle in puzzles {
        roots.push(State::from_grid_with(puzzle, kernel).ok());
    }
    roots
}

/// A search in a lane that stops at its `limit`-th solution: a first
/// solution ([`super::search::search_first`], limit 1) or a count.
struct LimitedLane<'a> {
    walker: Walker<'a, false, false>,
    limit: u64,
    count: u64,
}

impl<K: Kernels> LaneSearch<K> for LimitedLane<'_> {
    /// The solution it stopped at (none if it ran to its end), the
    /// solutions counted, and the guesses made.
    type Found = (Option<State>, u64, u64);

    #[inline(always)]
    fn start(&mut self, root: State) -> Option<Self::Found> {
        self.walker.restart(root);
        self.count = 0;
        None
    }

    #[inline(always)]
    fn rules(&self) -> (Rules, bool) {
        self.walker.rules()
    }

    #[inline(always)]
    fn alive(&self) -> bool {
        self.walker.alive
    }

    #[inline(always)]
    fn state(&mut self) -> &mut State {
        &mut self.walker.state
    }

    #[inline(always)]
    fn advance(&mut self, propagated: bool, thorough: bool, kernel: K) -> Option<Self::Found> {
        let walker = &mut self.walker;
        let mut next = walker.advance(propagated, thorough, ALWAYS, kernel);
        if next == Next::Solved {
            self.count += 1;
            if self.count >= self.limit {
                return Some((Some(walker.state), self.count, walker.guesses));
            }
            next = walker.backtrack(ALWAYS);
        }
        match next {
            Next::Ended { .. } => Some((None, self.count, walker.guesses)),
            _ => None,
        }
    }
}

/// `N` lanes of searches that stop at their `limit`-th solution, trying
/// digits in `order`, one on each of `stacks`.
#[inline(always)]
fn limited_lanes<'a, const N: usize>(
    stacks: [&'a mut Vec<Frame>; N],
    limit: u64,
    order: DigitOrder,
) -> [LimitedLane<'a>; N] {
    stacks.map(|stack| LimitedLane {
        walker: Walker::new(stack, IDLE, Budget::UNLIMITED, order),
        limit,
        count: 0,
    })
}

/// The first solution of each of `puzzles`, as [`super::search::search_first`]
/// finds it, with the same guesses, found by `N` searches at a time (one
/// on each of `stacks`, see [`run_lanes`]).
#[inline(always)]
pub(crate) fn first_solutions_with<K: Kernels, const N: usize>(
    puzzles: &[Grid],
    stacks: [&mut Vec<Frame>; N],
    kernel: K,
) -> Vec<FirstFound> {
    let roots = roots_of(puzzles, kernel);
    let mut answers = Vec::with_capacity(puzzles.len());
    // A loop for the same reason as in `roots_of`.
    for found in run_lanes(
        &roots,
        limited_lanes(stacks, 1, DigitOrder::ForFirstSolution),
        kernel,
    ) {
        answers.push(match found {
            Some((solution, _, guesses)) => {
                Ok((solution.map(|state| state.grid_with(kernel)), guesses))
            }
            None => Err(Contradiction),
        });
    }
    answers
}

/// [`first_solutions_with`] one board at a time, for CPUs where searches in
/// step do not pay: only the roots of sparse boards are propagated in pairs
/// (see [`PAIRED_CLUES_MAX`]), as a bulk run's calls one by one pair them
/// (`Solver::expect_next`). The same answers and guesses.
#[inline(always)]
pub(crate) fn first_solutions_alone_with<K: Kernels>(
    puzzles: &[Grid],
    stack: &mut Vec<Frame>,
    kernel: K,
) -> Vec<FirstFound> {
    let mut roots = roots_of(puzzles, kernel);
    propagate_sparse_roots_in_pairs(&mut roots, kernel);
    let mut answers = Vec::with_capacity(puzzles.len());
    // A loop for the same reason as in `roots_of`.
    for root in roots {
        answers.push(match root {
            Some(root) => {
                let mut found = None;
                let (guesses, _) = search_portable::<false, false, K>(
                    stack,
                    root,
                    Budget::UNLIMITED,
                    DigitOrder::ForFirstSolution,
                    ALWAYS,
                    keep_first(&mut found),
                    kernel,
                );
                Ok((found.map(|state| state.grid_with(kernel)), guesses))
            }
            None => Err(Contradiction),
        });
    }
    answers
}

/// [`first_solutions_with`] with this CPU's kernels, or
/// [`first_solutions_alone_with`] where searches in step do not pay on it
/// ([`Native::first_searches_in_step`]).
pub(crate) fn first_solutions(
    puzzles: &[Grid],
    stacks: [&mut Vec<Frame>; LANES],
) -> Vec<FirstFound> {
    first_solutions_stepped_or_not(puzzles, stacks, Native::first_searches_in_step())
}

/// [`first_solutions_with`] (`in_step`) or [`first_solutions_alone_with`]
/// with this CPU's kernels.
pub(crate) fn first_solutions_stepped_or_not(
    puzzles: &[Grid],
    stacks: [&mut Vec<Frame>; LANES],
    in_step: bool,
) -> Vec<FirstFound> {
    struct Lanes<'a>(&'a [Grid], [&'a mut Vec<Frame>; LANES]);
    impl KernelTask for Lanes<'_> {
        type Output = Vec<FirstFound>;
        #[inline(always)]
        fn run<K: Kernels>(self, kernel: K) -> Self::Output {
            first_solutions_with(self.0, self.1, kernel)
        }
    }
    struct Alone<'a>(&'a [Grid], &'a mut Vec<Frame>);
    impl KernelTask for Alone<'_> {
        type Output = Vec<FirstFound>;
        #[inline(always)]
        fn run<K: Kernels>(self, kernel: K) -> Self::Output {
            first_solutions_alone_with(self.0, self.1, kernel)
        }
    }
    if in_step {
        with_native_kernels(Lanes(puzzles, stacks))
    } else {
        let [stack, _] = stacks;
        with_native_kernels(Alone(puzzles, stack))
    }
}

/// What a count found for one board: its solutions up to the limit and the
/// guesses made, or the contradiction of its givens.
pub(crate) type CountFound = Result<(u64, u64), Contradiction>;

/// The solutions of each of `puzzles` counted up to `limit` (at least 1),
/// as [`super::search::search`] counts them, with the same guesses, by `N`
/// searches at a time (one on each of `stacks`, see [`run_lanes`]).
#[inline(always)]
pub(crate) fn counts_with<K: Kernels, const N: usize>(
    puzzles: &[Grid],
    stacks: [&mut Vec<Frame>; N],
    limit: u64,
    kernel: K,
) -> Vec<CountFound> {
    let roots = roots_of(puzzles, kernel);
    run_lanes(
        &roots,
        limited_lanes(stacks, limit, DigitOrder::Ascending),
        kernel,
    )
    .into_iter()
    .map(|found| {
        found
            .map(|(_, count, guesses)| (count, guesses))
            .ok_or(Contradiction)
    })
    .collect()
}

/// [`counts_with`] with this CPU's kernels.
pub(crate) fn counts(
    puzzles: &[Grid],
    stacks: [&mut Vec<Frame>; LANES],
    limit: u64,
) -> Vec<CountFound> {
    struct Lanes<'a>(&'a [Grid], [&'a mut Vec<Frame>; LANES], u64);
    impl KernelTask for Lanes<'_> {
        type Output = Vec<CountFound>;
        #[inline(always)]
        fn run<K: Kernels>(self, kernel: K) -> Self::Output {
            counts_with(self.0, self.1, self.2, kernel)
        }
    }
    with_native_kernels(Lanes(puzzles, stacks, limit))
}

/// The searches for a smallest solution in a lane: the row-major probe,
/// alone (it is short: it gives up at its first guess on the boards that
/// need many), then, where it gives up, the search below the solutions
/// found, in step with the other lanes.
struct SmallestLane<'a> {
    below: Walker<'a, false, true>,
    probe_budget: Budget,
    /// The root as the probe propagated it.
    root: State,
    probe_guesses: u64,
    found: [Option<State>; 2],
}

impl<K: Kernels> LaneSearch<K> for SmallestLane<'_> {
    type Found = (LaneOutcome, u64);

    #[inline(always)]
    fn start(&mut self, root: State) -> Option<Self::Found> {
        let (in_order, guesses) =
            first_in_order(self.below.stack(), root, self.probe_budget, ALWAYS);
        match in_order {
            Ok(found) => Some((LaneOutcome::Settled(found), guesses)),
            Err(propagated) => {
                self.below.restart(propagated);
                self.root = propagated;
                self.probe_guesses = guesses;
                self.found = [None; 2];
                None
            }
        }
    }

    #[inline(always)]
    fn rules(&self) -> (Rules, bool) {
        self.below.rules()
    }

    #[inline(always)]
    fn alive(&self) -> bool {
        self.below.alive
    }

    #[inline(always)]
    fn state(&mut self) -> &mut State {
        &mut self.below.state
    }

    #[inline(always)]
    fn advance(&mut self, propagated: bool, thorough: bool, kernel: K) -> Option<Self::Found> {
        let below = &mut self.below;
        let mut next = below.advance(propagated, thorough, ALWAYS, kernel);
        if next == Next::Solved {
            let second = self.found[0].is_some();
            self.found[usize::from(second)] = Some(below.state);
            next = if second {
                Next::Ended { finished: true }
            } else {
                below.backtrack(ALWAYS)
            };
        }
        let Next::Ended { finished } = next else {
            return None;
        };
        let search = SmallestSearch::BelowFound {
            root: self.root,
            found: self.found,
            finished,
        };
        let guesses = self.probe_guesses + below.guesses;
        Some((LaneOutcome::after(search), guesses))
    }
}

/// A root with at most this many clues is propagated together with
/// another ([`State::propagate_pair`]) before its search: on such boards
/// propagation is most of the work, and on denser ones the pairing costs
/// more than the overlap saves.
pub(crate) const PAIRED_CLUES_MAX: u32 = 21;

/// Propagates the roots of sparse boards (see [`PAIRED_CLUES_MAX`]) two at a
/// time, as `Solver::expect_next` pairs a board with the next: the probe,
/// which runs alone, finds them at their fixed point.
#[inline(always)]
fn propagate_sparse_roots_in_pairs<K: Kernels>(roots: &mut [Option<State>], kernel: K) {
    let mut waiting: Option<(usize, State)> = None;
    for index in 0..roots.len() {
        let Some(mut root) = roots[index].filter(|root| root.clue_count() <= PAIRED_CLUES_MAX)
        else {
            continue;
        };
        let Some((other, mut partner)) = waiting.take() else {
            waiting = Some((index, root));
            continue;
        };
        let [theirs, own] = State::propagate_pair([&mut partner, &mut root], kernel);
        roots[other] = Some(partner.propagated_ahead(theirs));
        roots[index] = Some(root.propagated_ahead(own));
    }
}

/// The searches `Solver::solve` makes for the smallest solution of each of
/// `puzzles` (the row-major probe within `probe_budget`, then the search
/// below the solutions found, `below_budget` guesses past each), with the
/// same outcomes and guesses, made by `N` lanes at a time (each on one of
/// `stacks`, see [`run_lanes`]). What is left to do (a walk from a second
/// solution) is the caller's.
#[inline(always)]
pub(crate) fn smallest_searches_with<K: Kernels, const N: usize>(
    puzzles: &[Grid],
    stacks: [&mut Vec<Frame>; N],
    probe_budget: Budget,
    below_budget: u64,
    kernel: K,
) -> Vec<SmallestFound> {
    let mut roots = roots_of(puzzles, kernel);
    propagate_sparse_roots_in_pairs(&mut roots, kernel);
    let below_budget = Budget {
        guesses: below_budget,
        dead_ends: u64::MAX,
    };
    let lanes = stacks.map(|stack| SmallestLane {
        below: Walker::new(stack, IDLE, below_budget, DigitOrder::Ascending),
        probe_budget,
        root: IDLE,
        probe_guesses: 0,
        found: [None; 2],
    });
    let mut answers = Vec::with_capacity(puzzles.len());
    // A loop for the same reason as in `roots_of`.
    for found in run_lanes(&roots, lanes, kernel) {
        answers.push(match found {
            Some((LaneOutcome::Settled(found), guesses)) => {
                let found = found.map(|state| state.grid_with(kernel));
                Ok((SmallestOutcome::Settled(found), guesses))
            }
            Some((LaneOutcome::Walk(start), guesses)) => {
                Ok((SmallestOutcome::Walk(start), guesses))
            }
            None => Err(Contradiction),
        });
    }
    answers
}

/// [`smallest_searches_with`] with this CPU's kernels.
pub(crate) fn smallest_searches(
    puzzles: &[Grid],
    stacks: [&mut Vec<Frame>; LANES],
    probe_budget: Budget,
    below_budget: u64,
) -> Vec<SmallestFound> {
    struct Lanes<'a>(&'a [Grid], [&'a mut Vec<Frame>; LANES], Budget, u64);
    impl KernelTask for Lanes<'_> {
        type Output = Vec<SmallestFound>;
        #[inline(always)]
        fn run<K: Kernels>(self, kernel: K) -> Self::Output {
            smallest_searches_with(self.0, self.1, self.2, self.3, kernel)
        }
    }
    with_native_kernels(Lanes(puzzles, stacks, probe_budget, below_budget))
}
