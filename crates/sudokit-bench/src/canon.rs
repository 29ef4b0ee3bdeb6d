//! `sudokit-bench --canon`: canonical forms per second, sudokit beside the
//! `sudoku` crate, one table row per collection.
//!
//! The two libraries answer different questions on a puzzle: sudokit gives the
//! minlex form of the puzzle itself; the crate's `Sudoku::canonicalized()`
//! solves the puzzle (unique solutions only), finds the minlex transformation
//! of the *solution grid* and applies it to the puzzle. So the table times
//! both on the puzzles as given and on their solution grids, where the two
//! answer the same question and must agree: the same form and the same
//! automorphism count, checked for every grid. sudokit's puzzle forms are
//! checked to be equivalent to their puzzle and to be their own form.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

use sudokit::{canonicalize, Grid, Solver};
use sudokit_bench::{from_peer, to_peer, Collection};
use sudoku::Sudoku;

use crate::{fixed, thousands, Options, Timings};

/// The timed passes, in the order they run within a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pass {
    SudokitPuzzles,
    CratePuzzles,
    SudokitGrids,
    CrateGrids,
}

const ROUND: [Pass; 4] = [
    Pass::SudokitPuzzles,
    Pass::CratePuzzles,
    Pass::SudokitGrids,
    Pass::CrateGrids,
];

/// One row of the table.
pub struct Row {
    name: String,
    puzzles: usize,
    /// Puzzles with one solution: the grids row and the crate's puzzle pass use these.
    unique: usize,
    /// Per second, by [`Pass`] in [`ROUND`] order.
    rates: [f64; 4],
    rounds: usize,
}

/// The answers of one pass, kept to compare passes and check the first.
#[derive(Clone, Default, PartialEq)]
struct Answers {
    sudokit_puzzles: Vec<Grid>,
    sudokit_grids: Vec<(Grid, u64)>,
    crate_puzzles: Vec<Option<(Sudoku, usize)>>,
    crate_grids: Vec<Option<(Sudoku, usize)>>,
}

fn run_pass(
    pass: Pass,
    puzzles: &[Grid],
    grids: &[Grid],
    peer_puzzles: &[Sudoku],
    peer_grids: &[Sudoku],
    answers: &mut Answers,
) -> Duration {
    let start = Instant::now();
    match pass {
        Pass::SudokitPuzzles => {
            answers.sudokit_puzzles = puzzles
                .iter()
                .map(|puzzle| black_box(canonicalize(black_box(puzzle)).form))
                .collect();
        }
        Pass::SudokitGrids => {
            answers.sudokit_grids = grids
                .iter()
                .map(|grid| {
                    let canonical = black_box(canonicalize(black_box(grid)));
                    (canonical.form, canonical.automorphisms)
                })
                .collect();
        }
        Pass::CratePuzzles => {
            answers.crate_puzzles = peer_puzzles
                .iter()
                .map(|puzzle| black_box(black_box(puzzle).canonicalized()))
                .collect();
        }
        Pass::CrateGrids => {
            answers.crate_grids = peer_grids
                .iter()
                .map(|grid| black_box(black_box(grid).canonicalized()))
                .collect();
        }
    }
    start.elapsed()
}

/// Checks the answers of the first round; names the first wrong one.
fn verify(
    collection: &Collection,
    puzzles: &[Grid],
    lines: &[usize],
    grids: &[Grid],
    answers: &Answers,
) -> Result<(), String> {
    let where_ = |line: usize| format!("{} line {line}", collection.path.display());
    for (i, (puzzle, form)) in puzzles.iter().zip(&answers.sudokit_puzzles).enumerate() {
        let again = canonicalize(form);
        if again.form != *form {
            return Err(format!(
                "{}: the form {form} of {puzzle} has the form {}",
                where_(collection.puzzles[i].line),
                again.form
            ));
        }
        if canonicalize(puzzle).transformation.apply(puzzle) != *form {
            return Err(format!(
                "{}: the transformation does not give the form",
                where_(collection.puzzles[i].line)
            ));
        }
    }
    for (i, grid) in grids.iter().enumerate() {
        let (form, automorphisms) = answers.sudokit_grids[i];
        let Some((peer_form, peer_automorphisms)) = answers.crate_grids[i] else {
            return Err(format!(
                "{}: the crate refused a full grid",
                where_(lines[i])
            ));
        };
        if form != from_peer(&peer_form) || automorphisms != peer_automorphisms as u64 {
            return Err(format!(
                "{}: grid {grid}: sudokit {form} ({automorphisms} automorphisms), \
                 sudoku crate {} ({peer_automorphisms})",
                where_(lines[i]),
                from_peer(&peer_form)
            ));
        }
    }
    Ok(())
}

/// Times both libraries' canonical forms on one collection.
pub fn measure(collection: &Collection, options: &Options) -> Result<Row, String> {
    let puzzles: Vec<Grid> = collection.puzzles.iter().map(|p| p.grid).collect();
    // Solution grids of the puzzles with exactly one, found outside the timing.
    let mut solver = Solver::new();
    let mut grids = Vec::new();
    let mut lines = Vec::new();
    let mut unique_puzzles = Vec::new();
    for puzzle in &collection.puzzles {
        if solver.count_solutions(&puzzle.grid, 2) == Ok(1) {
            grids.push(solver.solve(&puzzle.grid).map_err(|e| e.to_string())?);
            lines.push(puzzle.line);
            unique_puzzles.push(to_peer(&puzzle.grid));
        }
    }
    let peer_grids: Vec<Sudoku> = grids.iter().map(to_peer).collect();
    let mut row = Row {
        name: collection.name.clone(),
        puzzles: puzzles.len(),
        unique: grids.len(),
        rates: [f64::NAN; 4],
        rounds: 0,
    };
    if puzzles.is_empty() {
        return Ok(row);
    }
    let budget = Duration::from_secs_f64(options.seconds);
    // Boards each pass times; a pass with none runs once and is done.
    let counts = [puzzles.len(), grids.len(), grids.len(), grids.len()];
    let done = |timing: &Timings, n: usize| n == 0 || timing.total >= budget;
    let mut timings: [Timings; 4] = Default::default();
    let mut answers = Answers::default();
    let mut reference: Option<Answers> = None;
    loop {
        // Each pass repeats only until it has had its budget: the puzzle
        // passes are many times faster than the grid passes.
        for (slot, pass) in ROUND.into_iter().enumerate() {
            if row.rounds > 0 && done(&timings[slot], counts[slot]) {
                continue;
            }
            timings[slot].record(run_pass(
                pass,
                &puzzles,
                &grids,
                &unique_puzzles,
                &peer_grids,
                &mut answers,
            ));
        }
        match &reference {
            None => {
                verify(collection, &puzzles, &lines, &grids, &answers)?;
                reference = Some(answers.clone());
            }
            Some(first) if *first != answers => {
                return Err(format!(
                    "{}: a later pass answered differently from the first",
                    collection.path.display()
                ));
            }
            Some(_) => {}
        }
        row.rounds += 1;
        if timings.iter().zip(counts).all(|(t, n)| done(t, n)) {
            break;
        }
    }
    for ((rate, timing), n) in row.rates.iter_mut().zip(&timings).zip(counts) {
        // A collection without a uniquely solvable puzzle has nothing to time on grids.
        if n > 0 {
            *rate = n as f64 / timing.pick(options.median).as_secs_f64();
        }
    }
    Ok(row)
}

/// The markdown table of the rows.
pub fn table(rows: &[Row]) -> String {
    let mut out = String::new();
    out.push_str(
        "| collection | puzzles | sudokit puzzle forms /s | sudoku crate canonicalized() on \
         puzzles /s (solves, then canonicalises the solution) | sudokit solution-grid forms /s \
         | sudoku crate solution-grid forms /s | grid ratio |\n",
    );
    out.push_str("|---|---:|---:|---:|---:|---:|---:|\n");
    for row in rows {
        let [puzzles, crate_puzzles, grids, crate_grids] = row.rates;
        let count = if row.unique == row.puzzles {
            thousands(row.puzzles as f64)
        } else {
            format!(
                "{} ({} unique)",
                thousands(row.puzzles as f64),
                thousands(row.unique as f64)
            )
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} |",
            row.name,
            count,
            thousands(puzzles),
            thousands(crate_puzzles),
            thousands(grids),
            thousands(crate_grids),
            fixed(grids / crate_grids, 2, "×"),
        );
    }
    out
}

/// The rounds the least-measured collection ran.
pub fn min_rounds(rows: &[Row]) -> usize {
    rows.iter().map(|row| row.rounds).min().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_run_checks_out() {
        let collections =
            sudokit_bench::load_folder(&sudokit_bench::sample_folder(), Some(12)).unwrap();
        let options = crate::parse_args(vec!["--seconds".into(), "0".into()]).unwrap();
        for collection in &collections {
            let row = measure(collection, &options).unwrap();
            assert_eq!(row.puzzles, 12);
            assert!(row.rates[0] > 0.0, "{}", row.name);
            let grids_timed = row.unique > 0;
            assert!(
                row.rates[1..]
                    .iter()
                    .all(|rate| (*rate > 0.0) == grids_timed),
                "{}",
                row.name
            );
        }
        assert!(table(&[]).starts_with("| collection |"));
    }

    #[test]
    fn a_collection_without_unique_puzzles_ends_its_timing() {
        // Serg's benchmark puzzles have several solutions each: nothing to time
        // on grids, which must not keep the other passes waiting for ever.
        let path = sudokit_bench::sample_folder().join("puzzles7_serg_benchmark.txt");
        let collection = sudokit_bench::load_collection(&path, Some(20)).unwrap();
        let options = crate::parse_args(vec!["--seconds".into(), "0.02".into()]).unwrap();
        let row = measure(&collection, &options).unwrap();
        assert_eq!(row.unique, 0);
        assert!(row.rates[0] > 0.0 && row.rates[1..].iter().all(|rate| rate.is_nan()));
    }
}
