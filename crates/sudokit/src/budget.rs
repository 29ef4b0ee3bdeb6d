//! A work budget a caller sets on a [`Solver`](crate::Solver) or a
//! [`LogicSolver`](crate::LogicSolver): a time limit, a limit on work units
//! (the search's guesses, the logic engine's steps) and a cancel flag that
//! another thread may raise. Work that runs out stops and says so
//! ([`Exhausted`]); it never passes for an answer.
//!
//! ```
//! use std::time::Duration;
//! use sudokit::{Budget, Exhausted, Grid, Solver};
//!
//! let mut solver = Solver::new();
//! solver.set_budget(Budget::unlimited().nodes(1000));
//! // Counting every grid would take years; the budget stops it.
//! let counted = solver.count_solutions(&Grid::EMPTY, u64::MAX)?;
//! assert_eq!(solver.exhausted(), Some(Exhausted::NodeLimit));
//! assert!(counted < u64::MAX);
//! # Ok::<(), sudokit::Conflict>(())
//! ```

// Text and data from users reach this module: nothing here may panic on them.
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)
)]

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How much work a call may do. The default has no limit.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    deadline: Option<Instant>,
    nodes: Option<u64>,
    cancel: Option<Arc<AtomicBool>>,
}

/// Why work stopped before its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Exhausted {
    /// The time limit passed.
    TimeLimit,
    /// The work units ran out.
    NodeLimit,
    /// The cancel flag was raised.
    Cancelled,
}

impl fmt::Display for Exhausted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Exhausted::TimeLimit => "time limit reached",
            Exhausted::NodeLimit => "node limit reached",
            Exhausted::Cancelled => "cancelled",
        })
    }
}

impl std::error::Error for Exhausted {}

impl Budget {
    /// No limit at all.
    pub fn unlimited() -> Budget {
        Budget::default()
    }

    /// Stops the work `limit` from now; a limit past what the clock can
    /// count sets no deadline.
    pub fn time_limit(self, limit: Duration) -> Budget {
        match Instant::now().checked_add(limit) {
            Some(deadline) => self.deadline(deadline),
            // Adding would overflow (and panic): such a limit is never reached.
            None => Budget {
                deadline: None,
                ..self
            },
        }
    }

    /// Stops the work at `deadline`.
    pub fn deadline(mut self, deadline: Instant) -> Budget {
        self.deadline = Some(deadline);
        self
    }

    /// Stops the work after `units` of it: guesses for a [`Solver`](crate::Solver),
    /// steps for a [`LogicSolver`](crate::LogicSolver).
    pub fn nodes(mut self, units: u64) -> Budget {
        self.nodes = Some(units);
        self
    }

    /// Stops the work once `flag` is raised (set to `true`), say by another thread.
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Budget {
        self.cancel = Some(flag);
        self
    }

    /// Whether nothing limits the work.
    pub fn is_unlimited(&self) -> bool {
        self.deadline.is_none() && self.nodes.is_none() && self.cancel.is_none()
    }

    /// The work unit limit, if any.
    pub fn node_limit(&self) -> Option<u64> {
        self.nodes
    }

    /// The same budget without its work unit limit: for work whose units are
    /// not the caller's (the search a logic engine runs first).
    pub fn without_node_limit(&self) -> Budget {
        Budget {
            nodes: None,
            ..self.clone()
        }
    }

    /// Whether work that has done `units` may go on; if not, why.
    pub fn check(&self, units: u64) -> Result<(), Exhausted> {
        if self.nodes.is_some_and(|limit| units >= limit) {
            return Err(Exhausted::NodeLimit);
        }
        if self
            .cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            return Err(Exhausted::Cancelled);
        }
        if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Err(Exhausted::TimeLimit);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_limit_says_why_it_stopped() {
        assert_eq!(Budget::unlimited().check(u64::MAX), Ok(()));
        assert!(Budget::unlimited().is_unlimited());
        assert_eq!(Budget::unlimited().nodes(5).check(4), Ok(()));
        assert_eq!(
            Budget::unlimited().nodes(5).check(5),
            Err(Exhausted::NodeLimit)
        );
        let past = Instant::now();
        assert_eq!(
            Budget::unlimited().deadline(past).check(0),
            Err(Exhausted::TimeLimit)
        );
        let flag = Arc::new(AtomicBool::new(false));
        let budget = Budget::unlimited().cancel_flag(Arc::clone(&flag));
        assert_eq!(budget.check(0), Ok(()));
        flag.store(true, Ordering::Relaxed);
        assert_eq!(budget.check(0), Err(Exhausted::Cancelled));
        assert_eq!(Exhausted::TimeLimit.to_string(), "time limit reached");
        // A limit the clock cannot reach is none, not a panic.
        assert!(Budget::unlimited().time_limit(Duration::MAX).is_unlimited());
        assert!(!Budget::unlimited()
            .time_limit(Duration::from_secs(60))
            .is_unlimited());
    }

    #[test]
    fn a_solver_stops_on_entry_once_time_is_up_and_says_so() {
        use crate::{Grid, SolveError, Solver};
        let puzzle: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .expect("a puzzle");
        let mut solver = Solver::new();
        solver.set_budget(Budget::unlimited().deadline(Instant::now()));
        assert_eq!(
            solver.solve(&puzzle),
            Err(SolveError::OutOfBudget(Exhausted::TimeLimit))
        );
        let _ = solver.count_solutions(&puzzle, 2);
        assert_eq!(solver.exhausted(), Some(Exhausted::TimeLimit));

        let flag = Arc::new(AtomicBool::new(true));
        solver.set_budget(Budget::unlimited().cancel_flag(flag));
        let counted = solver.count_solutions(&Grid::EMPTY, u64::MAX);
        assert!(counted.is_ok_and(|count| count < 1 << 20));
        assert_eq!(solver.exhausted(), Some(Exhausted::Cancelled));
        // A solution found before the search stopped is still an answer.
        assert!(solver.solve_first(&Grid::EMPTY).is_ok());

        solver.set_budget(Budget::unlimited());
        assert!(solver.solve(&puzzle).is_ok());
        assert_eq!(solver.exhausted(), None);
    }
}
