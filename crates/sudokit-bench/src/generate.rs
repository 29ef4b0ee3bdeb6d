//! Generation rows: unique minimal puzzles per second, one thread, sudokit's
//! `Generator` against the `sudoku` crate's `Sudoku::generate_with_symmetry`,
//! without symmetry and with central (180°) symmetry.
//!
//! Both make a random complete grid and blank clue orbits in random order
//! while the puzzle keeps one solution, so both give minimal puzzles for their
//! symmetry. (The crate's `Sudoku::generate()` is its central-symmetry case.)
//! Passes of [`PUZZLES_PER_PASS`] puzzles alternate between the engines until
//! each has run for the time asked; every puzzle of every pass is checked
//! outside the timing: one solution by sudokit's `count_solutions`, and a
//! clue pattern that keeps the symmetry.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

use sudokit::{Generator, Grid, Solver, Symmetry};
use sudokit_bench::from_peer;
use sudoku::Sudoku;

/// Puzzles per timed pass.
pub const PUZZLES_PER_PASS: u64 = 200;

/// One row of the generation table.
pub struct GenerationRow {
    /// The symmetry asked of both engines.
    pub symmetry: Symmetry,
    /// Puzzles per second: sudokit, then the crate.
    pub rates: [f64; 2],
    /// Mean clue count: sudokit, then the crate.
    pub mean_clues: [f64; 2],
    /// sudokit's uniqueness questions per puzzle (the crate asks one per orbit).
    pub questions_per_puzzle: f64,
    /// Passes each engine ran.
    pub rounds: usize,
}

/// The `sudoku` crate's name for a symmetry.
fn peer_symmetry(symmetry: Symmetry) -> sudoku::Symmetry {
    match symmetry {
        Symmetry::Central => sudoku::Symmetry::HalfRotation,
        _ => sudoku::Symmetry::None,
    }
}

/// Checks one pass's puzzles: one solution each, clue pattern symmetric.
fn verify(
    engine: &str,
    symmetry: Symmetry,
    solver: &mut Solver,
    puzzles: &[Grid],
) -> Result<(), String> {
    for puzzle in puzzles {
        let count = solver.count_solutions(puzzle, 2).unwrap_or(0);
        if count != 1 {
            return Err(format!(
                "{engine} generated {puzzle} ({symmetry}) with {count} solutions"
            ));
        }
        if !symmetry.holds_for(puzzle) {
            return Err(format!(
                "{engine} generated {puzzle}, not {symmetry} symmetric"
            ));
        }
    }
    Ok(())
}

/// Times both engines on one symmetry, passes alternating, each for at least `seconds`.
pub fn measure(symmetry: Symmetry, seconds: f64, median: bool) -> Result<GenerationRow, String> {
    let generator = Generator::new(1).symmetry(symmetry);
    let peer = peer_symmetry(symmetry);
    let budget = Duration::from_secs_f64(seconds);
    let mut solver = Solver::new();
    let mut checker = Solver::new();
    let mut passes: [Vec<Duration>; 2] = Default::default();
    let mut clue_sums = [0usize; 2];
    let mut puzzles = Vec::with_capacity(PUZZLES_PER_PASS as usize);
    let mut questions = 0;
    let mut next_index = 0;
    let mut rounds = 0;
    loop {
        puzzles.clear();
        let asked_before = solver.stats().puzzles;
        let start = Instant::now();
        for index in next_index..next_index + PUZZLES_PER_PASS {
            puzzles.push(black_box(generator.generate_with(&mut solver, index)).puzzle);
        }
        passes[0].push(start.elapsed());
        questions += solver.stats().puzzles - asked_before;
        next_index += PUZZLES_PER_PASS;
        verify("sudokit", symmetry, &mut checker, &puzzles)?;
        clue_sums[0] += puzzles.iter().map(Grid::clue_count).sum::<usize>();

        puzzles.clear();
        let start = Instant::now();
        for _ in 0..PUZZLES_PER_PASS {
            let made = black_box(Sudoku::generate_with_symmetry(peer));
            puzzles.push(from_peer(&made));
        }
        passes[1].push(start.elapsed());
        verify("sudoku crate", symmetry, &mut checker, &puzzles)?;
        clue_sums[1] += puzzles.iter().map(Grid::clue_count).sum::<usize>();

        rounds += 1;
        if passes
            .iter()
            .all(|times| times.iter().sum::<Duration>() >= budget)
        {
            break;
        }
    }
    let made = (rounds as u64 * PUZZLES_PER_PASS) as f64;
    let rate = |times: &mut Vec<Duration>| {
        times.sort();
        let pick = if median {
            times[times.len() / 2]
        } else {
            times[0]
        };
        PUZZLES_PER_PASS as f64 / pick.as_secs_f64()
    };
    Ok(GenerationRow {
        symmetry,
        rates: [rate(&mut passes[0]), rate(&mut passes[1])],
        mean_clues: clue_sums.map(|sum| sum as f64 / made),
        questions_per_puzzle: questions as f64 / made,
        rounds,
    })
}

/// The generation table in markdown.
pub fn table(rows: &[GenerationRow]) -> String {
    let mut out = String::new();
    out.push_str(
        "| generate (unique, minimal) | sudokit /s | sudoku crate /s | ratio \
         | sudokit mean clues | crate mean clues | sudokit questions/puzzle |\n",
    );
    out.push_str("|---|---:|---:|---:|---:|---:|---:|\n");
    for row in rows {
        let [ours, peer] = row.rates;
        let _ = writeln!(
            out,
            "| {} symmetry | {:.0} | {:.0} | {:.2}× | {:.1} | {:.1} | {:.1} |",
            row.symmetry,
            ours,
            peer,
            ours / peer,
            row.mean_clues[0],
            row.mean_clues[1],
            row.questions_per_puzzle,
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_run_checks_out() {
        for symmetry in [Symmetry::None, Symmetry::Central] {
            let row = measure(symmetry, 0.0, false).unwrap();
            assert_eq!(row.rounds, 1);
            assert!(row.rates.iter().all(|rate| *rate > 0.0));
            assert!(row
                .mean_clues
                .iter()
                .all(|&clues| (17.0..40.0).contains(&clues)));
            assert!(table(&[row]).contains(&format!("| {symmetry} symmetry |")));
        }
    }

    #[test]
    fn a_puzzle_with_two_solutions_is_caught() {
        let mut solver = Solver::new();
        let error = verify("x", Symmetry::None, &mut solver, &[Grid::EMPTY]).unwrap_err();
        assert!(error.contains("2 solutions"), "{error}");
    }
}
