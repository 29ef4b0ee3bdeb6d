//! The removal pass that carves a puzzle from a complete grid: orbits
//! blanked while the board keeps one solution, in runs split in halves.

use rand::rngs::ChaCha8Rng;

use super::Generator;
use crate::random::shuffle;
use crate::{Grid, Solver};

impl Generator {
    /// One removal pass over the orbits in random order.
    pub(super) fn carve(&self, solver: &mut Solver, solution: &Grid, rng: &mut ChaCha8Rng) -> Grid {
        let mut order: Vec<usize> = (0..self.orbits.len()).collect();
        shuffle(&mut order, rng);
        let stop_at = if self.minimal {
            None
        } else {
            self.target_clues
        };
        let mut carver = Carver {
            solver,
            orbits: &self.orbits,
            values: *solution.values(),
            clues: 81,
        };
        carver.run(&order, stop_at);
        Grid::from_values(carver.values).expect("values come from a grid")
    }
}

/// The removal pass: blanks orbits while the board keeps one solution.
struct Carver<'a> {
    solver: &'a mut Solver,
    orbits: &'a [Vec<u8>],
    /// The board so far, with exactly one solution.
    values: [u8; 81],
    clues: usize,
}

/// The longest run of orbits tried together.
const MAX_BATCH: usize = 16;

impl Carver<'_> {
    /// Tries the orbits of `order` in turn, stopping once at most `stop_at`
    /// clues are left.
    ///
    /// Runs of orbits are tried together: a run that keeps one solution is
    /// what trying its orbits one by one would have blanked. Failures grow
    /// likelier as clues go (minimal puzzles end near 24 clues), so runs are
    /// long while many clues are left and single orbits near the end.
    fn run(&mut self, order: &[usize], stop_at: Option<usize>) {
        let mut next = 0;
        while next < order.len() && stop_at.is_none_or(|target| self.clues > target) {
            // Measured on random grids: about one orbit per three clues above 27,
            // counted in clues, is where the fewest instructions go.
            let batch =
                (self.clues.saturating_sub(27) * self.orbits.len() / (3 * 81)).clamp(1, MAX_BATCH);
            // A run must not go past the target: the one-by-one pass would
            // have stopped at its last orbit.
            let mut end = next;
            let mut clues_left = self.clues;
            while end < order.len()
                && end - next < batch
                && stop_at.is_none_or(|target| clues_left > target)
            {
                clues_left -= self.orbits[order[end]].len();
                end += 1;
            }
            self.try_run(&order[next..end], false);
            next = end;
        }
    }

    /// Blanks the orbits of `run` that the one-by-one pass would blank and
    /// returns whether that was all of them. `known_to_fail` says that
    /// blanking the whole run is already known to lose uniqueness.
    fn try_run(&mut self, run: &[usize], known_to_fail: bool) -> bool {
        let before = self.values;
        if !known_to_fail {
            for &orbit in run {
                self.blank(orbit);
            }
            if self.unique() {
                self.clues -= run.iter().map(|&o| self.orbits[o].len()).sum::<usize>();
                return true;
            }
            self.values = before;
        }
        if run.len() == 1 {
            return false;
        }
        let (head, tail) = run.split_at(run.len() / 2);
        // If the whole head goes, head and tail together failed, so the whole
        // tail cannot go: no need to ask.
        let head_all = self.try_run(head, false);
        self.try_run(tail, head_all);
        false
    }

    fn blank(&mut self, orbit: usize) {
        for &cell in &self.orbits[orbit] {
            self.values[cell as usize] = 0;
        }
    }

    fn unique(&mut self) -> bool {
        let board = Grid::from_values(self.values).expect("values come from a grid");
        self.solver.count_solutions(&board, 2) == Ok(1)
    }
}
