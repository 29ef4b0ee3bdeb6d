//! The engine: candidates as band masks, propagation by lookup tables,
//! copy-make search on a fixed stack. It is the only one: generic over the
//! [`Kernels`](super::kernels::Kernels) of two propagation steps and the
//! scoring of bivalue cells, and compiled once portable and once per kernel
//! set for CPUs with AVX2 (and AVX-512).
//!
//! * [`state`]: the band-mask [`State`] and its basic operations;
//! * [`propagate`]: the band step, naked singles and hidden singles in columns;
//! * [`branch`]: what a guess branches on;
//! * [`search`](mod@search): the depth-first copy-make
//!   [`search`](fn@search), its budget and pulse;
//! * [`lexmin`]: the walks that meet solutions in lexicographic order.
//!
//! # The state
//!
//! For each digit `d` (0-based) and band `b` (three rows), `cands[b * 9 + d]`
//! holds a 27-bit mask of the cells of that band where `d` may still go; bit
//! `row_in_band * 9 + col`. A placed digit keeps its own bit, so every row,
//! column and box of every digit always holds at least one bit. `unsolved[b]`
//! marks the band's cells that hold no digit yet. `pending` is the work list:
//! the digit-bands that lost cells since their band step last ran.
//!
//! # Propagation
//!
//! * the band step, per digit and band (JCZSolve's idea): a table maps the nine
//!   "triads" (mini-rows: one row of one box) that still hold the digit to the
//!   cells of those on a valid pattern (one triad per row and per box of the
//!   band), which is locked candidates, pointing and claiming, in two rounds
//!   of loads; a box left with one column claims that column in the other two
//!   bands; a row left with one cell places the digit there (box singles
//!   follow from the patterns) and clears the cell from the other digits;
//! * naked singles: a cell with one digit left, from bit-sliced counts, which
//!   also note the cells with two;
//! * hidden singles in columns, when the rules above stall (below the root,
//!   only once the search has met a few dead ends: see
//!   [`search`](fn@search)).
//!
//! Placing a digit only clears it from the cell's peers; the band step then
//! finds the cell alone in its row (a guess also clears the cell's other
//! digits itself, so that their steps join the first sweep). The band steps
//! run from the work list in sweeps: in index order, or, when a sweep is
//! long, each step in another band and for another digit than the one
//! before, so that the steps do not wait for each other's stores; in a
//! short sweep of one board the next step's mask is read before the step
//! writes, and used as read unless the step changed it. Masks are
//! marked changed without branches (whether a mask changes is what a
//! processor cannot predict); for the same reason a band step clears the
//! cells it placed from the band's other digits whether or not it placed
//! any, and the naked singles of all three bands are found before any is
//! placed, then placed in one loop.
//!
//! [`State::propagate_pair`] propagates two boards at once, their band steps
//! taken in turn: one board's chain of dependent steps leaves the processor
//! idle, two fill it. [`Solver::expect_next`](crate::Solver::expect_next)
//! uses it for the roots of sparse boards in bulk runs.
//!
//! # Search
//!
//! [`search`](fn@search) is depth-first, copy-make: it branches on the
//! bivalue cell whose weaker branch clears the most candidates (at the root
//! and after a few dead ends; elsewhere on the first bivalue cell), else on a
//! digit whose band has two patterns left, else on a cell with the fewest
//! candidates. It is generic over the [`Kernels`](super::kernels::Kernels) of
//! the band clear, the triads and the scoring, and compiled once portable and
//! once per kernel set for CPUs with AVX2, POPCNT and BMI (the AVX-512 scoring
//! is a call from there); it picks one at run time
//! ([`Native::detect`](super::kernels::Native::detect)).
//! [`lexicographic`] walks the cells in row-major order with ascending digits,
//! entering a branch only once [`search`](fn@search) has found a solution in
//! it, so it meets solutions in lexicographic order (propagation only removes candidates
//! that no solution of the current branch uses, so it never reorders them);
//! [`smallest_solution`] does the same for the first solution only.

mod branch;
mod lanes;
mod lexmin;
mod propagate;
mod search;
mod state;
#[cfg(test)]
mod tests;
mod triads;

pub(crate) use lanes::{
    counts, first_solutions, smallest_searches, SmallestOutcome, LANES, PAIRED_CLUES_MAX,
};
pub(crate) use lexmin::{
    lexicographic, smallest_search, smallest_solution, Settlement, SmallestSearch, Step,
};
pub(crate) use search::{
    propagate_pair, search, search_for_first, state_from_grid, state_to_grid, Budget, Frame, Pulse,
    ALWAYS, PULSE_GUESSES,
};
pub(crate) use state::State;
