//! `sudokit-bench --explain`: whole logical explanations per second, steps per
//! puzzle and the share solved, beside the `sudoku` crate's strategy solver
//! (its dozen techniques), one row per collection.
//!
//! Each puzzle is explained once by each engine, alternating, and timed
//! whole. Every sudokit step is replayed against the puzzle's solution: an
//! unsound step or a path that does not end at the solution aborts the run
//! with the collection and line. The crate's solver stops where its
//! techniques run out; its row counts how often it reached the solution.
//! Each puzzle is also rated (Sudoku Explainer's techniques only, as
//! `sudokit rate` does): rated per second and the mean ER.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

use sudokit::logic::LogicSolver;
use sudokit::{Candidates, Grid, Solver};
use sudokit_bench::{to_peer, Collection};
use sudoku::strategy::{Strategy, StrategySolver};

use crate::{fixed, thousands};

/// The crate's strategies, all of those it offers, easiest first.
const CRATE_STRATEGIES: &[Strategy] = &[
    Strategy::NakedSingles,
    Strategy::HiddenSingles,
    Strategy::LockedCandidates,
    Strategy::NakedPairs,
    Strategy::XWing,
    Strategy::HiddenPairs,
    Strategy::NakedTriples,
    Strategy::Swordfish,
    Strategy::HiddenTriples,
    Strategy::XyWing,
    Strategy::XyzWing,
    Strategy::NakedQuads,
    Strategy::Jellyfish,
    Strategy::HiddenQuads,
    Strategy::MutantSwordfish,
    Strategy::MutantJellyfish,
];

/// One row of the table.
pub struct Row {
    name: String,
    puzzles: usize,
    solved: usize,
    steps: usize,
    total: Duration,
    median: Duration,
    slowest: Duration,
    crate_solved: usize,
    crate_total: Duration,
    /// Time rating (Sudoku Explainer's techniques only).
    rate_total: Duration,
    /// Sum of the ERs, in tenths.
    er_tenths: u64,
}

impl Row {
    /// Whether no puzzle of the collection had one solution.
    pub fn is_empty(&self) -> bool {
        self.puzzles == 0
    }
}

/// Explains every puzzle of `collection` with both engines and checks sudokit's paths.
pub fn measure(collection: &Collection) -> Result<Row, String> {
    let engine = LogicSolver::new();
    let mut solver = Solver::new();
    let mut times = Vec::with_capacity(collection.puzzles.len());
    let mut row = Row {
        name: collection.name.clone(),
        puzzles: 0,
        solved: 0,
        steps: 0,
        total: Duration::ZERO,
        median: Duration::ZERO,
        slowest: Duration::ZERO,
        crate_solved: 0,
        crate_total: Duration::ZERO,
        rate_total: Duration::ZERO,
        er_tenths: 0,
    };
    let rater = LogicSolver::sudoku_explainer();
    for puzzle in &collection.puzzles {
        let place = format!("{}:{}", collection.name, puzzle.line);
        let Ok(solution) = solver.solve(&puzzle.grid) else {
            continue;
        };
        if solver.count_solutions(&puzzle.grid, 2) != Ok(1) {
            continue;
        }
        let start = Instant::now();
        let explanation = engine
            .explain(black_box(&puzzle.grid))
            .map_err(|e| format!("{place}: {e}"))?;
        let elapsed = start.elapsed();
        check_path(&puzzle.grid, &solution, &explanation.steps)
            .map_err(|message| format!("{place}: {message}"))?;
        row.puzzles += 1;
        row.solved += usize::from(explanation.solved);
        row.steps += explanation.steps.len();
        row.total += elapsed;
        times.push(elapsed);

        let peer = to_peer(&puzzle.grid);
        let start = Instant::now();
        let reached = StrategySolver::from_sudoku(peer)
            .solve(CRATE_STRATEGIES)
            .is_ok();
        row.crate_total += start.elapsed();
        row.crate_solved += usize::from(reached);

        let start = Instant::now();
        let rating = rater
            .rate(black_box(&puzzle.grid))
            .map_err(|e| format!("{place}: {e}"))?;
        row.rate_total += start.elapsed();
        row.er_tenths += u64::from(rating.er.tenths());
    }
    times.sort();
    row.median = times.get(times.len() / 2).copied().unwrap_or_default();
    row.slowest = times.last().copied().unwrap_or_default();
    Ok(row)
}

/// Replays `steps` from `puzzle`: each sound, the end the solution.
fn check_path(puzzle: &Grid, solution: &Grid, steps: &[sudokit::Step]) -> Result<(), String> {
    let mut marks = Candidates::from_grid(puzzle);
    for step in steps {
        for p in &step.placements {
            if solution.get(p.cell) != Some(p.digit) {
                return Err(format!("unsound placement {p} in: {step}"));
            }
        }
        for e in &step.eliminations {
            if solution.get(e.cell) == Some(e.digit) {
                return Err(format!("unsound elimination of {e} in: {step}"));
            }
        }
        step.apply(&mut marks);
    }
    if marks.grid() != *solution {
        return Err("the path does not end at the solution".to_string());
    }
    Ok(())
}

/// The markdown table of the rows.
pub fn table(rows: &[Row]) -> String {
    let mut out = String::new();
    out.push_str(
        "| collection | puzzles | sudokit explained/s | median ms | slowest ms | steps/puzzle | \
         solved | crate strategies/s | crate solved | sudokit rated/s | mean ER |\n",
    );
    out.push_str("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for row in rows {
        let n = row.puzzles.max(1) as f64;
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {:.1}% | {} | {:.1}% | {} | {:.2} |",
            row.name,
            row.puzzles,
            thousands(n / row.total.as_secs_f64().max(1e-9)),
            fixed(row.median.as_secs_f64() * 1e3, 2, ""),
            fixed(row.slowest.as_secs_f64() * 1e3, 1, ""),
            fixed(row.steps as f64 / n, 1, ""),
            100.0 * row.solved as f64 / n,
            thousands(n / row.crate_total.as_secs_f64().max(1e-9)),
            100.0 * row.crate_solved as f64 / n,
            thousands(n / row.rate_total.as_secs_f64().max(1e-9)),
            row.er_tenths as f64 / 10.0 / n,
        );
    }
    out
}
