//! A/B timing of two builds of the sudokit library in one process, for
//! `scripts/ab.py` (which builds it; it is not part of the workspace).
//!
//! `ab ENGINE SECONDS FILE...` with ENGINE one of `first`, `count2`, `lexmin`
//! (both builds answer the same question) or `QUESTION:PEER` with PEER one of
//! `crate-first`, `crate-count2` (the base build against the `sudoku` crate,
//! which takes the new side's place).
//!
//! A file's puzzles are cut into chunks of about 3 ms; rounds alternate the
//! two sides chunk by chunk, and each chunk keeps its fastest time per side.
//! The sums of those minima are compared: a burst of noise from a shared
//! machine spoils single chunks of one side, not whole passes.

use std::time::Instant;

/// Answers every puzzle of `grids` with `lib`'s `solver`, or with the peer;
/// returns the seconds taken. Every answer must be found.
macro_rules! pass {
    ($lib:ident, $grids:expr, $engine:expr, $solver:expr) => {{
        let start = Instant::now();
        let mut answered = 0usize;
        for grid in $grids.iter() {
            let ok = match $engine {
                "first" => $solver.solve_first(grid).is_ok(),
                "count2" => $solver.count_solutions(grid, 2).is_ok_and(|n| n >= 1),
                "lexmin" => $solver.solve(grid).is_ok(),
                "crate-first" => sudoku::Sudoku::from_bytes(*grid.values())
                    .expect("values 0..=9")
                    .some_solution()
                    .is_some(),
                "crate-count2" => {
                    sudoku::Sudoku::from_bytes(*grid.values())
                        .expect("values 0..=9")
                        .solutions_count_up_to(2)
                        >= 1
                }
                other => panic!("unknown engine {other}"),
            };
            answered += usize::from(ok);
        }
        assert_eq!(answered, $grids.len(), "every puzzle has a solution");
        start.elapsed().as_secs_f64()
    }};
}

/// One puzzle line's cells: digits as values, anything else blank.
fn cells(line: &str) -> [u8; 81] {
    let mut values = [0u8; 81];
    for (value, byte) in values.iter_mut().zip(line.bytes()) {
        *value = if byte.is_ascii_digit() { byte - b'0' } else { 0 };
    }
    values
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: ab ENGINE[:PEER] SECONDS FILE...");
        std::process::exit(2);
    }
    let (engine, other) = args[0].split_once(':').unwrap_or((&args[0], &args[0]));
    let seconds: f64 = args[1].parse().expect("SECONDS is a number");
    println!("| file | puzzles | base {engine} /s | new {other} /s | new / base | rounds |");
    println!("|---|---:|---:|---:|---:|---:|");
    for file in &args[2..] {
        let text = std::fs::read_to_string(file).expect("a readable file");
        let raw: Vec<[u8; 81]> = text
            .lines()
            .filter(|line| line.len() >= 81)
            .map(cells)
            .collect();
        let base: Vec<sudokit_base::Grid> = raw
            .iter()
            .map(|v| sudokit_base::Grid::from_values(*v).expect("values 0..=9"))
            .collect();
        let new: Vec<sudokit_new::Grid> = raw
            .iter()
            .map(|v| sudokit_new::Grid::from_values(*v).expect("values 0..=9"))
            .collect();
        let mut base_solver = sudokit_base::Solver::new();
        let mut new_solver = sudokit_new::Solver::new();
        let whole = pass!(sudokit_base, base, engine, base_solver);
        let size = raw.len().div_ceil(((whole / 0.003).ceil() as usize).max(1));
        let base_chunks: Vec<&[sudokit_base::Grid]> = base.chunks(size).collect();
        let new_chunks: Vec<&[sudokit_new::Grid]> = new.chunks(size).collect();
        let mut base_best = vec![f64::MAX; base_chunks.len()];
        let mut new_best = vec![f64::MAX; new_chunks.len()];
        let begin = Instant::now();
        let mut rounds = 0;
        while begin.elapsed().as_secs_f64() < seconds || rounds < 5 {
            for chunk in 0..base_chunks.len() {
                // Alternate which side goes first, so neither always warms the cache.
                let mut base_pass = || pass!(sudokit_base, base_chunks[chunk], engine, base_solver);
                let mut new_pass = || pass!(sudokit_new, new_chunks[chunk], other, new_solver);
                let (b, n) = if rounds % 2 == 0 {
                    let b = base_pass();
                    (b, new_pass())
                } else {
                    let n = new_pass();
                    (base_pass(), n)
                };
                base_best[chunk] = base_best[chunk].min(b);
                new_best[chunk] = new_best[chunk].min(n);
            }
            rounds += 1;
        }
        let (base_time, new_time): (f64, f64) = (base_best.iter().sum(), new_best.iter().sum());
        let count = raw.len() as f64;
        println!(
            "| {} | {} | {:.0} | {:.0} | {:.3} | {rounds} |",
            std::path::Path::new(file)
                .file_name()
                .map_or(file.clone(), |name| name.to_string_lossy().into_owned()),
            raw.len(),
            count / base_time,
            count / new_time,
            base_time / new_time,
        );
    }
}
