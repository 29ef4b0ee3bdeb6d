//! The lexicographic order: the smallest solution and the solutions in
//! order, with [`search`](super::search::search) deciding each step, and the bound that lets a
//! search skip states whose solutions are all greater than one found.

use super::search::{search_dispatch, search_first, Budget, DigitOrder, Frame, Pulse};
use super::state::{at, State};

/// The first solution of `root` in lexicographic order, found by branching
/// on the first open cell in row-major order with ascending digits, or `None`
/// if it has none; once it has spent `budget` (a row-major search can take
/// exponential time refuting an early digit) it gives up with `Err` holding
/// `root` propagated, so that the search taking over does not propagate it
/// again. It gives up at its first guess, whatever `budget`, where the
/// propagated root keeps many open cells on a board that is not dense
/// (`OPEN_CELLS_TO_SKIP_THE_PROBE` in `search.rs`). Returns the guesses made
/// too.
pub(crate) fn first_in_order(
    stack: &mut Vec<Frame>,
    root: State,
    budget: Budget,
    pulse: Pulse<'_>,
) -> (Result<Option<State>, State>, u64) {
    let mut found = None;
    let (guesses, finished) = search_dispatch::<true, false>(
        stack,
        root,
        budget,
        DigitOrder::Ascending,
        pulse,
        |solution| {
            found = Some(*solution);
            false
        },
    );
    let outcome = if finished || found.is_some() {
        Ok(found)
    } else {
        // The search gave up at a guess, so the bottom frame holds the root
        // as propagated before its first guess.
        Err(stack.first().map_or(root, |frame| frame.state))
    };
    (outcome, guesses)
}

/// How the searches for the smallest solution of a board ended: as
/// [`smallest_search`] makes them: the row-major probe ([`first_in_order`])
/// and, where it gives up, the search below the solutions found
/// ([`search_below_found`]).
// Made once a board and settled at once, never kept in bulk (the lanes keep
// what is left, which is small), so its size costs nothing a box would save.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SmallestSearch {
    /// The probe ended: the smallest solution, or none.
    InOrder(Option<State>),
    /// The probe gave up; the search below started from `root` (the probe's
    /// root as propagated) and met `found` (each smaller than the one
    /// before), stopping at the second; `finished` if it searched its tree
    /// to the end or stopped at the second, not at its budget.
    BelowFound {
        root: State,
        found: [Option<State>; 2],
        finished: bool,
    },
}

/// What is left of the search for a smallest solution once
/// [`smallest_search`] is done.
pub(crate) enum Settlement {
    /// Nothing: the smallest solution, or none.
    Answer(Option<State>),
    /// The walk ([`smallest_solution`]) from `witness`, the smallest
    /// solution found below `root` (a second one met, or the search below
    /// gave up past the first).
    WalkFrom { root: State, witness: State },
}

impl SmallestSearch {
    /// What is left to do after these searches.
    pub(crate) fn settled(self) -> Settlement {
        match self {
            SmallestSearch::InOrder(found) => Settlement::Answer(found),
            SmallestSearch::BelowFound {
                found: [Some(only), None],
                finished: true,
                ..
            } => Settlement::Answer(Some(only)),
            SmallestSearch::BelowFound {
                root,
                found: [Some(first), second],
                ..
            } => Settlement::WalkFrom {
                root,
                witness: second.unwrap_or(first),
            },
            // Before its first solution the search has no budget.
            SmallestSearch::BelowFound { .. } => Settlement::Answer(None),
        }
    }
}

/// The searches for the smallest solution of `root`: the row-major probe
/// within `probe_budget` and, where it gives up, the search below the
/// solutions found from the root it propagated, `below_budget` guesses past
/// each, until a second; with the guesses of both. What is left (a walk from
/// a second solution, [`smallest_solution`]) is the caller's.
pub(crate) fn smallest_search(
    stack: &mut Vec<Frame>,
    root: State,
    probe_budget: Budget,
    below_budget: u64,
    pulse: Pulse<'_>,
) -> (SmallestSearch, u64) {
    let (in_order, guesses) = first_in_order(stack, root, probe_budget, pulse);
    let root = match in_order {
        Ok(found) => return (SmallestSearch::InOrder(found), guesses),
        Err(propagated) => propagated,
    };
    // Each solution the search meets is smaller than the one before.
    let mut found: [Option<State>; 2] = [None, None];
    let mut count = 0;
    let (more, finished) = search_below_found(stack, root, below_budget, pulse, |solution| {
        found[count] = Some(*solution);
        count += 1;
        count < 2
    });
    let search = SmallestSearch::BelowFound {
        root,
        found,
        finished,
    };
    (search, guesses + more)
}

/// A solution `found`, as a bound on the search for a smaller one: whether a
/// state can still hold a solution smaller than `found` in row-major order.
pub(super) struct LexBound {
    /// Per digit-band, the cells where `found` holds the digit.
    found: [u32; 27],
    /// Per digit-band, the cells where `found` holds a greater digit.
    greater: [u32; 27],
}

impl LexBound {
    pub(super) fn new(found: &State) -> LexBound {
        let mut greater = [0u32; 27];
        for band in 0..3 {
            let mut above = 0;
            for digit in (0..9).rev() {
                greater[at(digit, band)] = above;
                above |= found.cands[at(digit, band)];
            }
        }
        LexBound {
            found: found.cands,
            greater,
        }
    }

    /// True when every solution of `state` is greater than `found` (or is
    /// `found`): at the first cell in row-major order that either lacks
    /// `found`'s digit or offers a smaller one, it lacks it and offers none
    /// smaller.
    #[inline(always)]
    pub(super) fn excludes(&self, state: &State) -> bool {
        for band in 0..3 {
            let (mut keeps, mut smaller) = (0u32, 0u32);
            for digit in 0..9 {
                let mask = state.cands[at(digit, band)];
                keeps |= mask & self.found[at(digit, band)];
                smaller |= mask & self.greater[at(digit, band)];
            }
            let decisive = (!keeps & ((1 << 27) - 1)) | smaller;
            if decisive != 0 {
                return decisive & decisive.wrapping_neg() & smaller == 0;
            }
        }
        true
    }
}

/// Like [`search`](super::search::search), but once a solution is found it skips every state whose
/// solutions are all greater, so that each later solution is smaller than the
/// one before. A unique board costs what [`search`](super::search::search) proving uniqueness costs,
/// less the subtrees skipped.
///
/// The skipping is weak on sparse boards (a state is kept while an early open
/// cell offers a smaller digit, with or without a solution behind it), so
/// the search can take exponential time between solutions there: it gives up
/// once it has made `budget` guesses since the last solution. Returns the
/// guesses, and whether it ran to its end or to a stop asked by
/// `on_solution`.
pub(crate) fn search_below_found(
    stack: &mut Vec<Frame>,
    root: State,
    budget: u64,
    pulse: Pulse<'_>,
    on_solution: impl FnMut(&State) -> bool,
) -> (u64, bool) {
    let budget = Budget {
        guesses: budget,
        dead_ends: u64::MAX,
    };
    search_dispatch::<false, true>(
        stack,
        root,
        budget,
        DigitOrder::Ascending,
        pulse,
        on_solution,
    )
}

/// A cell of the row-major walk: the state before it and the digits not yet tried.
#[derive(Clone, Copy)]
pub(crate) struct Step {
    state: State,
    cell: u8,
    untried: u16,
}

/// Calls `on_solution` with the solutions of `root` in lexicographic order
/// until it returns `false`; returns the guesses made.
///
/// The walk fixes cells in row-major order, digits ascending, as a plain
/// backtracking search would, but it enters a branch only once the fast
/// [`search`](super::search::search) has found a solution there. A plain row-major search can spend
/// exponential time refuting a wrong early digit on a sparse board; here every
/// refutation gets the fast search's branching, and no branch is ever entered
/// in vain. A solution found (the `witness`) extends every
/// state on the walk, so its own digit needs no search.
pub(crate) fn lexicographic(
    stack: &mut Vec<Frame>,
    walk: &mut Vec<Step>,
    root: State,
    pulse: Pulse<'_>,
    mut on_solution: impl FnMut(&State) -> bool,
) -> u64 {
    walk.clear();
    let mut state = root;
    if state.propagate().is_err() {
        return 0;
    }
    let (mut witness, mut guesses) = search_first(stack, state, pulse);
    if witness.is_none() {
        return guesses;
    }
    let mut trials = 0u64;
    loop {
        match state.first_open_cell() {
            None => {
                if !on_solution(&state) {
                    return guesses;
                }
            }
            Some(cell) => walk.push(Step {
                state,
                cell: cell as u8,
                untried: state.cell_digits(cell) as u16,
            }),
        }
        // The next digit, in order, whose branch holds a solution.
        loop {
            let Some(step) = walk.last_mut() else {
                return guesses;
            };
            if step.untried == 0 {
                walk.pop();
                continue;
            }
            let digit = step.untried.trailing_zeros() as usize;
            step.untried &= step.untried - 1;
            let cell = usize::from(step.cell);
            let mut trial = step.state;
            if trial.place(cell, digit).is_err() || trial.propagate().is_err() {
                continue;
            }
            let known = witness.is_some_and(|w| w.digit_at(cell) == digit);
            if !known {
                // Many short searches never reach a pulse of their own.
                trials += 1;
                if trials.is_multiple_of(64) && !pulse() {
                    return guesses;
                }
                let (found, more) = search_first(stack, trial, pulse);
                guesses += 1 + more;
                if found.is_none() {
                    continue;
                }
                witness = found;
            }
            state = trial;
            break;
        }
    }
}

/// The lexicographically smallest solution of `root`, given one solution of
/// it (`witness`); returns it with the guesses made.
///
/// Cells are settled in row-major order. Where the smallest candidate left is
/// the witness's digit, that digit is the answer's: placed at once, without
/// propagating, as long as that holds. Where a smaller candidate remains
/// after propagation, the fast [`search`](super::search::search) decides it: a solution found there
/// becomes the new witness, else the candidate goes. The witness always
/// extends the state, so no step can fail.
pub(crate) fn smallest_solution(
    stack: &mut Vec<Frame>,
    root: State,
    mut witness: State,
    pulse: Pulse<'_>,
) -> (State, u64) {
    let mut guesses = 0u64;
    let mut state = root;
    let mut cursor = 0usize;
    loop {
        // Place the witness's digits while they are the smallest candidates.
        let mut undecided = None;
        while cursor < 81 {
            let band = cursor / 27;
            let bit = 1u32 << (cursor % 27);
            if state.unsolved[band] & bit != 0 {
                let digits = state.cell_digits(cursor);
                let smallest = digits.trailing_zeros() as usize;
                let wanted = witness.digit_at(cursor);
                if smallest != wanted {
                    undecided = Some((cursor, smallest));
                    break;
                }
                state
                    .place(cursor, wanted)
                    .expect("the witness extends the state");
            }
            cursor += 1;
        }
        state.propagate().expect("the witness extends the state");
        let Some((cell, digit)) = undecided else {
            return (state, guesses);
        };
        if state.cell_digits(cell).trailing_zeros() as usize != digit {
            // Propagation removed the smaller candidate: look again.
            continue;
        }
        let mut trial = state;
        if !pulse() {
            // Stopped: the witness is a solution, not surely the smallest;
            // the caller, whose pulse said stop, reports that instead.
            return (witness, guesses);
        }
        let mut found = None;
        if trial.place(cell, digit).is_ok() {
            let more;
            (found, more) = search_first(stack, trial, pulse);
            guesses += 1 + more;
        }
        match found {
            Some(better) => witness = better,
            None => state.remove_candidate(cell, digit),
        }
    }
}

impl State {
    /// Takes `digit` (0-based) out of `cell`'s candidates.
    fn remove_candidate(&mut self, cell: usize, digit: usize) {
        self.restrict(at(digit, cell / 27), !(1 << (cell % 27)));
    }

    /// The 0-based digit placed in `cell` of a solved state.
    fn digit_at(&self, cell: usize) -> usize {
        self.cell_digits(cell).trailing_zeros() as usize
    }
}
