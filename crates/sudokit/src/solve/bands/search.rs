//! The depth-first, copy-make search: each guess pushes a copy of the state,
//! backtracking pops one; with its budget, its pulse, and its compiled
//! variants per instruction set.

use super::branch::{BIVALUE_CELLS_SCORED, PATTERN_BRANCH};
use super::lexmin::LexBound;
use super::propagate::Rules;
use super::state::{Contradiction, State};
use crate::solve::kernels::{Kernels, Native, Portable};

/// Below the root, the search leaves out hidden singles in columns (and the
/// triad rules) until it has met more dead ends than this, unless the board
/// is hard (see [`OPEN_CELLS_OF_A_HARD_BOARD`]). The column rule costs a
/// pass over the 27 masks a propagation, which on boards with many
/// solutions buys nothing: there it rarely finds a single.
const DEAD_ENDS_BEFORE_THOROUGH: u64 = 4;

/// Below the root, the search takes the first bivalue cell unscored until it
/// has met more dead ends than this. Scoring is cheap beside a propagation
/// since it looks at each cell's two digits alone, so it starts sooner than
/// the rules; on a board whose first path finds a solution (most of serg's)
/// it would buy nothing (docs/PERFORMANCE.md).
const DEAD_ENDS_BEFORE_SCORING: u64 = 1;

/// A search whose root keeps at least this many open cells once propagated
/// scores and takes every rule at every node from the start: on such boards,
/// the hard ones, both cut the tree more than they cost, while dense boards
/// that propagate far (most of serg's) would pay them for nothing
/// (docs/PERFORMANCE.md).
const OPEN_CELLS_OF_A_HARD_BOARD: u32 = 50;

/// A search whose root holds at least this many givens never scores its
/// bivalue cells. Such a board that propagation leaves open to a guess
/// mostly has many solutions (serg's benchmark: 34 or 35 givens, 40 to 49
/// cells open at the root): nearly every branch leads to one, so a branch's
/// reach buys nothing and its score costs a few percent of the search, while
/// sparser boards, 17-clue and top1465 among them, take more guesses without
/// it at every openness of the root (docs/PERFORMANCE.md).
const CLUES_OF_A_DENSE_BOARD: u32 = 30;

/// The row-major walk (`IN_ORDER`, `solve`'s probe for the smallest
/// solution) gives up at its first guess where its root keeps at least this
/// many open cells, unless the board is dense: on such boards, the sparse
/// and the hard, it seldom ends within its budget, and its guesses were
/// wasted (a tenth of `solve`'s guesses on forum-hardest-1905, a quarter on
/// top1465); dense boards, with many solutions, mostly end in it
/// (docs/PERFORMANCE.md).
const OPEN_CELLS_TO_SKIP_THE_PROBE: u32 = 40;

/// A guess to come back to: the state before it, what it branched on and the
/// alternatives not yet tried.
#[derive(Clone, Copy)]
pub(crate) struct Frame {
    pub(super) state: State,
    target: u8,
    untried: u16,
    /// Every alternative of the branch, tried or not.
    alternatives: u16,
}

/// The order in which a search tries a cell's digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DigitOrder {
    /// Ascending, for searches that see every solution or count them:
    /// there another order saves few guesses, and choosing it costs time.
    Ascending,
    /// As [`State::first_digit`] says, for searches that stop at their
    /// first solution: on hard boards they meet it after fewer guesses
    /// (docs/PERFORMANCE.md). Dense boards, whose first paths mostly hold
    /// a solution, keep the ascending order for their cells. A digit-band's
    /// two patterns go as [`State::first_pattern`] says, on every board.
    ForFirstSolution,
}

/// The search: depth-first over guesses, each frame a copy of the state.
///
/// Calls `on_solution` with each solution in the order found; it returns
/// `false` to stop. Returns the number of guesses made (a branch tried while
/// another digit was still untried at the same cell).
/// `stack` is scratch space kept by the caller so that a run over many puzzles
/// allocates once; frames on it never hold an empty `untried`.
pub(crate) fn search(
    stack: &mut Vec<Frame>,
    root: State,
    pulse: Pulse<'_>,
    on_solution: impl FnMut(&State) -> bool,
) -> u64 {
    search_without_budget(stack, root, DigitOrder::Ascending, pulse, on_solution)
}

/// [`search`] for a search that stops at its first solution: `on_solution`
/// is called once. Tries the digits in the order that meets a solution
/// soonest ([`DigitOrder::ForFirstSolution`]).
pub(crate) fn search_for_first(
    stack: &mut Vec<Frame>,
    root: State,
    pulse: Pulse<'_>,
    mut on_solution: impl FnMut(&State),
) -> u64 {
    search_without_budget(
        stack,
        root,
        DigitOrder::ForFirstSolution,
        pulse,
        |solution| {
            on_solution(solution);
            false
        },
    )
}

/// The search with this CPU's kernels, no budget but the pulse, trying
/// digits in `order`; returns the guesses made.
#[inline(always)]
fn search_without_budget(
    stack: &mut Vec<Frame>,
    root: State,
    order: DigitOrder,
    pulse: Pulse<'_>,
    on_solution: impl FnMut(&State) -> bool,
) -> u64 {
    search_dispatch::<false, false>(stack, root, Budget::UNLIMITED, order, pulse, on_solution).0
}

/// The first solution [`search_for_first`] meets below `root`, if any, and
/// the guesses made.
pub(crate) fn search_first(
    stack: &mut Vec<Frame>,
    root: State,
    pulse: Pulse<'_>,
) -> (Option<State>, u64) {
    let mut found = None;
    let guesses = search_for_first(stack, root, pulse, |solution| found = Some(*solution));
    (found, guesses)
}

/// A search's `on_solution` that keeps the first solution in `found` and
/// stops there.
#[inline(always)]
pub(super) fn keep_first(found: &mut Option<State>) -> impl FnMut(&State) -> bool + '_ {
    |solution| {
        *found = Some(*solution);
        false
    }
}

/// What a search asks every [`PULSE_GUESSES`] guesses: whether it may go on
/// (a caller's work budget). A search it stops gives up as if out of budget.
pub(crate) type Pulse<'a> = &'a dyn Fn() -> bool;

/// The pulse of a search nothing limits.
pub(crate) const ALWAYS: Pulse<'static> = &|| true;

/// Guesses between two pulses: rare enough to cost nothing, often enough to
/// stop soon after a budget runs out.
pub(crate) const PULSE_GUESSES: u64 = 1 << 12;

/// How far a search may go before it gives up.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    /// Guesses (branches taken while another alternative remains).
    pub(crate) guesses: u64,
    /// Dead ends (branches whose propagation failed).
    pub(crate) dead_ends: u64,
}

impl Budget {
    /// No limit at all.
    pub(crate) const UNLIMITED: Budget = Budget {
        guesses: u64::MAX,
        dead_ends: u64::MAX,
    };
}

/// Runs the search compiled for this CPU: see [`search_portable`].
#[inline(always)]
pub(super) fn search_dispatch<const IN_ORDER: bool, const BELOW_FOUND: bool>(
    stack: &mut Vec<Frame>,
    root: State,
    budget: Budget,
    order: DigitOrder,
    pulse: Pulse<'_>,
    on_solution: impl FnMut(&State) -> bool,
) -> (u64, bool) {
    // One arm per kernel type, each its own compiled search.
    #[cfg(target_arch = "x86_64")]
    macro_rules! native {
        ($kernels:expr) => {
            // SAFETY: an `Avx2`, `Avx2Pext` or `Avx512` exists only on a CPU
            // with every feature `search_with_bit_instructions` is compiled
            // for.
            unsafe {
                search_with_bit_instructions::<IN_ORDER, BELOW_FOUND, _>(
                    stack,
                    root,
                    budget,
                    order,
                    pulse,
                    on_solution,
                    $kernels,
                )
            }
        };
    }
    match Native::detect() {
        #[cfg(target_arch = "x86_64")]
        Native::Avx512(kernels) => native!(kernels),
        #[cfg(target_arch = "x86_64")]
        Native::Avx2Pext(kernels) => native!(kernels),
        #[cfg(target_arch = "x86_64")]
        Native::Avx2(kernels) => native!(kernels),
        Native::Portable => search_portable::<IN_ORDER, BELOW_FOUND, _>(
            stack,
            root,
            budget,
            order,
            pulse,
            on_solution,
            Portable,
        ),
    }
}

/// Work on states outside the search that runs with this CPU's kernels, and
/// compiled as the search is: see [`with_native_kernels`].
pub(crate) trait KernelTask {
    /// What the work gives.
    type Output;

    /// Does the work with `kernel`.
    fn run<K: Kernels>(self, kernel: K) -> Self::Output;
}

/// Runs `task` with the kernels [`Native::detect`] picks, compiled for
/// them.
#[inline(always)]
pub(crate) fn with_native_kernels<T: KernelTask>(task: T) -> T::Output {
    // One arm per kernel type, as in `search_dispatch`.
    #[cfg(target_arch = "x86_64")]
    macro_rules! native {
        ($kernels:expr) => {
            // SAFETY: an `Avx2`, `Avx2Pext` or `Avx512` exists only on a CPU
            // with every feature `run_with_bit_instructions` is compiled for.
            unsafe { run_with_bit_instructions(task, $kernels) }
        };
    }
    match Native::detect() {
        #[cfg(target_arch = "x86_64")]
        Native::Avx512(kernels) => native!(kernels),
        #[cfg(target_arch = "x86_64")]
        Native::Avx2Pext(kernels) => native!(kernels),
        #[cfg(target_arch = "x86_64")]
        Native::Avx2(kernels) => native!(kernels),
        Native::Portable => task.run(Portable),
    }
}

/// [`KernelTask::run`] compiled as [`search_with_bit_instructions`] is.
///
/// # Safety
///
/// The CPU must support the features named.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,avx2,bmi1,bmi2,lzcnt")]
unsafe fn run_with_bit_instructions<T: KernelTask, K: Kernels>(task: T, kernel: K) -> T::Output {
    task.run(kernel)
}

/// Propagates two roots at once ([`State::propagate_pair`]) with this CPU's
/// kernels.
pub(crate) fn propagate_pair(pair: [&mut State; 2]) -> [Result<(), Contradiction>; 2] {
    struct Pair<'a>([&'a mut State; 2]);
    impl KernelTask for Pair<'_> {
        type Output = [Result<(), Contradiction>; 2];
        #[inline(always)]
        fn run<K: Kernels>(self, kernel: K) -> Self::Output {
            State::propagate_pair(self.0, kernel)
        }
    }
    with_native_kernels(Pair(pair))
}

/// The state of `grid` with its givens placed ([`State::from_grid_with`]),
/// by this CPU's kernels.
pub(crate) fn state_from_grid(grid: &crate::Grid) -> Result<State, Contradiction> {
    struct Givens<'a>(&'a crate::Grid);
    impl KernelTask for Givens<'_> {
        type Output = Result<State, Contradiction>;
        #[inline(always)]
        fn run<K: Kernels>(self, kernel: K) -> Self::Output {
            State::from_grid_with(self.0, kernel)
        }
    }
    with_native_kernels(Givens(grid))
}

/// The values of `state` ([`State::grid_with`]), by this CPU's kernels.
pub(crate) fn state_to_grid(state: &State) -> crate::Grid {
    struct Values<'a>(&'a State);
    impl KernelTask for Values<'_> {
        type Output = crate::Grid;
        #[inline(always)]
        fn run<K: Kernels>(self, kernel: K) -> Self::Output {
            self.0.grid_with(kernel)
        }
    }
    with_native_kernels(Values(state))
}

/// [`search_portable`] compiled for CPUs with POPCNT, AVX2, BMI1, BMI2 and LZCNT:
/// the same code, so the same answers and guesses (tested against it).
///
/// # Safety
///
/// The CPU must support those five features.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,avx2,bmi1,bmi2,lzcnt")]
pub(super) unsafe fn search_with_bit_instructions<
    const IN_ORDER: bool,
    const BELOW_FOUND: bool,
    K: Kernels,
>(
    stack: &mut Vec<Frame>,
    root: State,
    budget: Budget,
    order: DigitOrder,
    pulse: Pulse<'_>,
    on_solution: impl FnMut(&State) -> bool,
    kernel: K,
) -> (u64, bool) {
    search_portable::<IN_ORDER, BELOW_FOUND, _>(
        stack,
        root,
        budget,
        order,
        pulse,
        on_solution,
        kernel,
    )
}

/// The search for any CPU; inlined into each instruction-set variant.
/// Branches as [`State::choose`] says, or on the first open cell in row-major
/// order with `IN_ORDER`; with `BELOW_FOUND`, skips every state whose
/// solutions are all greater than the last solution found (see
/// [`LexBound`]). Gives up once it has spent `budget`. Returns the guesses
/// and whether the tree was searched to its end or to a stop asked by
/// `on_solution`.
#[inline(always)]
pub(super) fn search_portable<const IN_ORDER: bool, const BELOW_FOUND: bool, K: Kernels>(
    stack: &mut Vec<Frame>,
    root: State,
    budget: Budget,
    order: DigitOrder,
    pulse: Pulse<'_>,
    mut on_solution: impl FnMut(&State) -> bool,
    kernel: K,
) -> (u64, bool) {
    let mut walker = Walker::<IN_ORDER, BELOW_FOUND>::new(stack, root, budget, order);
    loop {
        // One call site for the propagation, which is inlined.
        let (rules, thorough) = walker.rules();
        let propagated = walker.alive && walker.state.propagate_with(kernel, rules).is_ok();
        let mut next = walker.advance(propagated, thorough, pulse, kernel);
        if next == Next::Solved {
            if !on_solution(&walker.state) {
                return (walker.guesses, true);
            }
            next = walker.backtrack(pulse);
        }
        if let Next::Ended { finished } = next {
            return (walker.guesses, finished);
        }
    }
}

/// What a [`Walker`] needs next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Next {
    /// Its state, unless it is dead already, to be propagated.
    Propagate,
    /// Its state is a solution: the caller reads it, then stops or asks
    /// for the next one ([`Walker::backtrack`]).
    Solved,
    /// The search is over: `finished` if the tree was searched to its end,
    /// not stopped by the budget.
    Ended { finished: bool },
}

/// The depth-first search between two propagations: what it knows, and
/// what it does with a propagation's outcome ([`search_portable`] runs one;
/// the lanes of [`super::lanes`] run two side by side).
pub(super) struct Walker<'a, const IN_ORDER: bool, const BELOW_FOUND: bool> {
    stack: &'a mut Vec<Frame>,
    /// The state to propagate next, or the solution just found.
    pub(super) state: State,
    /// Whether `state` is not yet known to be dead.
    pub(super) alive: bool,
    /// Branches taken while another alternative remained.
    pub(super) guesses: u64,
    dead_ends: u64,
    at_root: bool,
    hard_board: bool,
    dense_board: bool,
    bound: Option<LexBound>,
    budget: Budget,
    order: DigitOrder,
    // Below a solution found, the budget counts from that solution. The
    // pulse shares the one comparison per guess with the budget: the search
    // stops at `guess_limit`, the nearer of the two, and asks the pulse
    // there whether it was only the pulse's turn.
    budget_limit: u64,
    guess_limit: u64,
}

impl<'a, const IN_ORDER: bool, const BELOW_FOUND: bool> Walker<'a, IN_ORDER, BELOW_FOUND> {
    /// A search of `root` within `budget`, trying digits in `order`, with
    /// `stack` as its scratch.
    #[inline(always)]
    pub(super) fn new(
        stack: &'a mut Vec<Frame>,
        root: State,
        budget: Budget,
        order: DigitOrder,
    ) -> Self {
        let mut walker = Walker {
            stack,
            state: root,
            alive: true,
            guesses: 0,
            dead_ends: 0,
            at_root: true,
            hard_board: false,
            dense_board: false,
            bound: None,
            budget,
            order,
            budget_limit: 0,
            guess_limit: 0,
        };
        walker.restart(root);
        walker
    }

    /// Starts over on `root`, keeping the stack's memory and the budget.
    #[inline(always)]
    pub(super) fn restart(&mut self, root: State) {
        self.stack.clear();
        // Judged by the givens, so only on a root that holds them alone: one
        // at its fixed point (an empty work list) was propagated ahead,
        // which `Solver` does for sparse boards only.
        self.dense_board = root.pending != 0 && root.clue_count() >= CLUES_OF_A_DENSE_BOARD;
        self.state = root;
        self.alive = true;
        self.guesses = 0;
        self.dead_ends = 0;
        self.at_root = true;
        self.hard_board = false;
        self.bound = None;
        self.budget_limit = if BELOW_FOUND {
            u64::MAX
        } else {
            self.budget.guesses
        };
        self.guess_limit = self.budget_limit.min(PULSE_GUESSES);
    }

    /// The rules of the coming propagation, and whether they are the
    /// thorough ones (see [`DEAD_ENDS_BEFORE_THOROUGH`]): the choice of
    /// branch after it scores then.
    #[inline(always)]
    pub(super) fn rules(&self) -> (Rules, bool) {
        // The dearer rules only where they pay (see
        // `DEAD_ENDS_BEFORE_THOROUGH`); the row-major walk, short by design,
        // keeps the column rule except on dense boards: there it mostly
        // meets one of their many solutions within a few guesses, and the
        // rule finds little.
        let thorough = (IN_ORDER && !self.dense_board)
            || self.stack.is_empty()
            || self.hard_board
            || self.dead_ends > DEAD_ENDS_BEFORE_THOROUGH;
        // The root keeps to the rules but the triads, so that its state does
        // not depend on how far a caller propagated it (`Solver::root`
        // propagates some roots in pairs, and `Rules::Triads` depends on the
        // first round). The row-major walk, short by design, takes them
        // only once it has met a few dead ends, as the search its scoring:
        // on boards with many solutions they would cost it a tenth.
        let rules = if !thorough {
            Rules::Singles
        } else if self.at_root || (IN_ORDER && self.dead_ends <= DEAD_ENDS_BEFORE_THOROUGH) {
            Rules::Columns
        } else {
            Rules::Triads
        };
        (rules, thorough)
    }

    /// Goes on from the propagation of the state (`propagated`: it met no
    /// contradiction): a guess below it, or the next branch above.
    #[inline(always)]
    pub(super) fn advance<K: Kernels>(
        &mut self,
        propagated: bool,
        thorough: bool,
        pulse: Pulse<'_>,
        kernel: K,
    ) -> Next {
        let was_root = self.at_root;
        self.at_root = false;
        self.alive = propagated;
        if was_root && self.alive {
            // How hard the board is, read once.
            let open_cells = self.state.open_cells();
            self.hard_board = open_cells >= OPEN_CELLS_OF_A_HARD_BOARD;
            if IN_ORDER && !self.dense_board && open_cells >= OPEN_CELLS_TO_SKIP_THE_PROBE {
                // The row-major walk gives up at its first guess.
                (self.budget_limit, self.guess_limit) = (0, 0);
            }
        }
        if !self.alive {
            self.dead_ends += 1;
            if self.dead_ends > self.budget.dead_ends {
                return Next::Ended { finished: false };
            }
        }
        if BELOW_FOUND && self.alive {
            if let Some(bound) = &self.bound {
                self.alive = !bound.excludes(&self.state);
            }
        }
        if !self.alive {
            return self.backtrack(pulse);
        }
        if self.state.is_solved() {
            if BELOW_FOUND {
                self.bound = Some(LexBound::new(&self.state));
                self.budget_limit = self.guesses.saturating_add(self.budget.guesses);
                self.guess_limit = self.budget_limit.min(self.guesses + PULSE_GUESSES);
            }
            return Next::Solved;
        }
        let (mut target, mut untried) = if IN_ORDER {
            self.state.first_open_branch()
        } else {
            let scored =
                if !self.dense_board && (thorough || self.dead_ends > DEAD_ENDS_BEFORE_SCORING) {
                    BIVALUE_CELLS_SCORED
                } else {
                    1
                };
            self.state.choose(scored, kernel, self.stack.is_empty())
        };
        // Before its first dead end, a dense board's guess takes a second
        // bivalue cell apart from the first in the same step, so that one
        // propagation serves both: on boards with many solutions both
        // guesses are mostly right (docs/PERFORMANCE.md).
        let mut paired = !IN_ORDER && self.dense_board && self.dead_ends == 0;
        loop {
            // Take the first alternative in place; the frame keeps the state
            // for the others (copying it back would cost a copy per guess).
            let choice = self.choice(&self.state, target, untried, untried);
            let others = untried & !(1 << choice);
            if others != 0 {
                self.stack.push(Frame {
                    state: self.state,
                    target,
                    untried: others,
                    alternatives: untried,
                });
                if !self.count_guess(pulse) {
                    return Next::Ended { finished: false };
                }
            }
            self.alive = self.state.take(target, choice, untried).is_ok();
            let second = if paired && self.alive {
                self.state.bivalue_cell_apart(target)
            } else {
                None
            };
            let Some(second) = second else {
                return Next::Propagate;
            };
            (target, untried, paired) = (second.0, second.1, false);
        }
    }

    /// Its stack, for another search between its own.
    #[inline(always)]
    pub(super) fn stack(&mut self) -> &mut Vec<Frame> {
        self.stack
    }

    /// Takes the next untried branch, backtracking as needed.
    #[inline(always)]
    pub(super) fn backtrack(&mut self, pulse: Pulse<'_>) -> Next {
        let Some(frame) = self.stack.last() else {
            return Next::Ended { finished: true };
        };
        let choice = self.choice(
            &frame.state,
            frame.target,
            frame.untried,
            frame.alternatives,
        );
        let frame = self.stack.last_mut().expect("the frame just read");
        frame.untried &= !(1 << choice);
        let (target, alternatives) = (frame.target, frame.alternatives);
        self.state = frame.state;
        if frame.untried == 0 {
            self.stack.pop();
        } else if !self.count_guess(pulse) {
            return Next::Ended { finished: false };
        }
        self.alive = self.state.take(target, choice, alternatives).is_ok();
        Next::Propagate
    }

    /// Which of `untried`, the alternatives of a branch on `target` in
    /// `state` not yet taken (of all its `alternatives`), to take next: in
    /// the order for a first solution ([`DigitOrder`]) where the search
    /// wants one (a pattern's, or a cell's digits but on dense boards), else
    /// the lowest.
    #[inline(always)]
    fn choice(&self, state: &State, target: u8, untried: u16, alternatives: u16) -> usize {
        let for_first_solution =
            !IN_ORDER && !BELOW_FOUND && self.order == DigitOrder::ForFirstSolution;
        if !for_first_solution {
            untried.trailing_zeros() as usize
        } else if target >= PATTERN_BRANCH {
            state.first_pattern(target, untried)
        } else if !self.dense_board {
            state.first_digit(usize::from(target), untried, alternatives)
        } else {
            untried.trailing_zeros() as usize
        }
    }

    /// Counts a guess; false once the budget is spent or the pulse says stop.
    #[inline(always)]
    fn count_guess(&mut self, pulse: Pulse<'_>) -> bool {
        self.guesses += 1;
        if self.guesses > self.guess_limit {
            if self.guesses > self.budget_limit || !pulse() {
                return false;
            }
            self.guess_limit = self.budget_limit.min(self.guesses + PULSE_GUESSES);
        }
        true
    }
}
