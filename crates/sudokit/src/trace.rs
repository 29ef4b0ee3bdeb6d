//! The learner's search: the classic row-major backtracking of the teaching
//! exercise (Baekjoon 2580), recorded step by step so that a learner can
//! follow it: each placement, each dead end with the cell that has no digit
//! left, and each undo with the reason the cell goes back to 0.
//!
//! The search fills the empty cells in row-major order, trying 1 to 9 in each;
//! its first solution is the lexicographically smallest, the same answer as
//! [`Solver::solve`](crate::Solver::solve). It is slow on hard puzzles (that is
//! the lesson), so the trace stops after a limit of events.
//!
//! ```
//! use sudokit::trace::{trace, TraceEvent};
//! use sudokit::Grid;
//!
//! let puzzle: Grid = format!("12345678.{}", ".".repeat(72)).parse()?;
//! let traced = trace(&puzzle, 100)?;
//! assert!(matches!(traced.events[0], TraceEvent::Place { digit, .. } if digit.get() == 9));
//! assert!(traced.truncated);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// Text and data from users reach this module: nothing here may panic on them.
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)
)]

use std::fmt;

use crate::geometry::House;
use crate::grid::{Cell, Conflict, Digit, Grid};

/// One event of the traced search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TraceEvent {
    /// `digit` written into `cell`; `depth` cells are filled by the search
    /// after it (1 for the first).
    Place {
        /// The cell.
        cell: Cell,
        /// The digit, the smallest not yet tried that its houses allow.
        digit: Digit,
        /// How many cells the search has filled, this one included.
        depth: usize,
    },
    /// No digit is left to try in `cell`: each of the nine is already in its
    /// row, column or box (`blockers[d - 1]` is a cell holding `d` there), or
    /// was tried and failed further on.
    DeadEnd {
        /// The cell with no digit left.
        cell: Cell,
        /// For each digit, a peer holding it, or `None` if the digit was
        /// allowed and tried (and failed further on).
        blockers: [Option<Cell>; 9],
        /// How many cells the search has filled.
        depth: usize,
    },
    /// `cell`, which held `digit`, is set back to 0: every way on from it
    /// failed. The board must be as it was before the try, or later checks
    /// would still see a `digit` that is no longer there.
    Undo {
        /// The cell emptied.
        cell: Cell,
        /// The digit it held.
        digit: Digit,
        /// How many cells the search has filled after the undo.
        depth: usize,
    },
    /// Every cell is filled: the first solution.
    Solved,
}

impl fmt::Display for TraceEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TraceEvent::Place { cell, digit, depth } => {
                write!(f, "{:>3} place {cell}={digit}", depth)
            }
            TraceEvent::DeadEnd {
                cell,
                blockers,
                depth,
            } => {
                write!(f, "{depth:>3} dead end at {cell}: no digit left (")?;
                let mut first = true;
                for (digit, blocker) in (1..=9).zip(blockers) {
                    if !first {
                        f.write_str(", ")?;
                    }
                    first = false;
                    match blocker {
                        Some(peer) => write!(f, "{digit} in {}", shared_house(cell, peer))?,
                        None => write!(f, "{digit} failed")?,
                    }
                }
                f.write_str(")")
            }
            TraceEvent::Undo { cell, digit, depth } => write!(
                f,
                "{depth:>3} undo {cell}={digit}: back to 0, so that later checks of {}, {} \
                 and {} no longer see {} {digit}",
                House::row_of(cell),
                House::column_of(cell),
                House::box_of(cell),
                if digit.get() == 8 { "an" } else { "a" }
            ),
            TraceEvent::Solved => f.write_str("    solved"),
        }
    }
}

/// The house that `cell` and its peer `peer` share: the row, else the column, else the box.
fn shared_house(cell: Cell, peer: Cell) -> House {
    if cell.row() == peer.row() {
        House::row_of(cell)
    } else if cell.col() == peer.col() {
        House::column_of(cell)
    } else {
        House::box_of(cell)
    }
}

/// A recorded search.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Trace {
    /// The events, at most the limit asked for.
    pub events: Vec<TraceEvent>,
    /// Whether the search was stopped at the limit before it finished.
    pub truncated: bool,
    /// The solution, if the search reached it within the limit.
    pub solution: Option<Grid>,
    /// Digits placed.
    pub placements: u64,
    /// Undos made.
    pub undos: u64,
}

/// Traces the row-major backtracking search on `puzzle`, recording at most
/// `limit` events.
///
/// # Errors
///
/// The first pair of clashing givens: the exercise assumes a valid board.
pub fn trace(puzzle: &Grid, limit: usize) -> Result<Trace, Conflict> {
    if let Some(conflict) = puzzle.first_conflict() {
        return Err(conflict);
    }
    let mut search = Search {
        cells: *puzzle.values(),
        events: Vec::new(),
        limit,
        truncated: false,
        placements: 0,
        undos: 0,
    };
    let empty: Vec<Cell> = Cell::all()
        .filter(|cell| *cell.entry(&search.cells) == 0)
        .collect();
    let solved = search.fill(&empty, 0);
    let solution = solved
        .then(|| Grid::from_values(search.cells).ok())
        .flatten();
    if solved {
        search.record(TraceEvent::Solved);
    }
    Ok(Trace {
        events: search.events,
        truncated: search.truncated,
        solution,
        placements: search.placements,
        undos: search.undos,
    })
}

struct Search {
    cells: [u8; 81],
    events: Vec<TraceEvent>,
    limit: usize,
    truncated: bool,
    placements: u64,
    undos: u64,
}

impl Search {
    /// Records `event`; false once the limit is reached (the search then stops).
    fn record(&mut self, event: TraceEvent) -> bool {
        if self.events.len() >= self.limit {
            self.truncated = true;
            return false;
        }
        self.events.push(event);
        true
    }

    /// A peer of `cell` holding `digit`, if any.
    fn blocker(&self, cell: Cell, digit: Digit) -> Option<Cell> {
        cell.peers()
            .iter()
            .find(|peer| *peer.entry(&self.cells) == digit.get())
    }

    /// Fills `empty[at..]`; true when solved, false on failure or when stopped.
    fn fill(&mut self, empty: &[Cell], at: usize) -> bool {
        let Some(&cell) = empty.get(at) else {
            return true;
        };
        let mut blockers = [None; 9];
        for (digit, blocker) in Digit::all().zip(&mut blockers) {
            if let Some(peer) = self.blocker(cell, digit) {
                *blocker = Some(peer);
                continue;
            }
            *cell.entry_mut(&mut self.cells) = digit.get();
            self.placements += 1;
            let depth = at + 1;
            if !self.record(TraceEvent::Place { cell, digit, depth }) {
                return false;
            }
            if self.fill(empty, at + 1) {
                return true;
            }
            if self.truncated {
                return false;
            }
            // The reset is the point of the lesson: without it, the digit would
            // stay on the board and block its peers for the rest of the search.
            *cell.entry_mut(&mut self.cells) = 0;
            self.undos += 1;
            if !self.record(TraceEvent::Undo {
                cell,
                digit,
                depth: at,
            }) {
                return false;
            }
        }
        self.record(TraceEvent::DeadEnd {
            cell,
            blockers,
            depth: at,
        });
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_traced_search_finds_the_smallest_solution() {
        let puzzle: Grid = "\
0 2 0 9 0 5 0 0 0
5 9 0 0 3 0 2 0 0
7 0 0 6 0 2 0 0 5
0 0 9 3 5 0 4 6 0
0 5 4 0 0 0 7 8 0
0 8 3 0 2 7 5 0 0
8 0 0 2 0 9 0 0 4
0 0 5 0 4 0 0 2 6
0 0 0 5 0 3 0 7 0"
            .parse()
            .unwrap();
        let traced = trace(&puzzle, usize::MAX).unwrap();
        assert_eq!(traced.solution, Some(puzzle.solve().unwrap()));
        assert!(!traced.truncated);
        assert_eq!(traced.events.last(), Some(&TraceEvent::Solved));
        // Replaying the events rebuilds the solution: every undo empties a cell
        // that holds the digit it names.
        let mut cells = *puzzle.values();
        for event in &traced.events {
            match *event {
                TraceEvent::Place { cell, digit, .. } => {
                    assert_eq!(cells[cell.index()], 0);
                    cells[cell.index()] = digit.get();
                }
                TraceEvent::Undo { cell, digit, .. } => {
                    assert_eq!(cells[cell.index()], digit.get());
                    cells[cell.index()] = 0;
                }
                TraceEvent::DeadEnd { cell, blockers, .. } => {
                    assert_eq!(cells[cell.index()], 0);
                    for (digit, blocker) in (1..=9).zip(blockers) {
                        if let Some(peer) = blocker {
                            assert!(peer.sees(cell) && cells[peer.index()] == digit);
                        }
                    }
                }
                _ => {}
            }
        }
        assert_eq!(&cells, traced.solution.unwrap().values());
        assert_eq!(
            traced.placements - traced.undos,
            puzzle.values().iter().filter(|&&v| v == 0).count() as u64
        );
    }

    #[test]
    fn a_sparse_board_backtracks_and_the_limit_stops_it() {
        let puzzle: Grid = format!(
            "{}{}",
            "123456789".chars().rev().collect::<String>(),
            ".".repeat(72)
        )
        .parse()
        .unwrap();
        let traced = trace(&puzzle, 5000).unwrap();
        assert!(traced.undos > 0);
        assert!(traced
            .events
            .iter()
            .any(|e| matches!(e, TraceEvent::DeadEnd { .. })));
        let short = trace(&puzzle, 10).unwrap();
        assert!(short.truncated && short.events.len() == 10 && short.solution.is_none());
        let bad: Grid = format!("11{}", ".".repeat(79)).parse().unwrap();
        assert!(trace(&bad, 10).is_err());
    }
}
