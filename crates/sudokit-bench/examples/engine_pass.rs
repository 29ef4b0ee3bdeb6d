//! One untimed pass of one engine over a file, for instruction counting:
//! `valgrind --tool=callgrind target/release/examples/engine_pass ENGINE FILE`
//! with ENGINE one of `sudokit-first`, `sudokit-count2`, `sudokit-lexmin`,
//! `crate-first`, `crate-count2`, or `parse` (loading the file only, the
//! share of the others' time that is not solving). Prints the number of
//! puzzles solved, so that the work cannot be optimised away, and sudokit's
//! guesses per puzzle on stderr.

use std::env;
use std::process::ExitCode;

use sudokit::Solver;
use sudokit_bench::{load_collection, to_peer};

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let [engine, file] = args.as_slice() else {
        eprintln!("usage: engine_pass ENGINE FILE");
        return ExitCode::from(2);
    };
    let collection = match load_collection(file.as_ref(), None) {
        Ok(collection) => collection,
        Err(error) => {
            eprintln!("engine_pass: {error}");
            return ExitCode::from(2);
        }
    };
    let mut solver = Solver::new();
    let mut answered = 0usize;
    for puzzle in &collection.puzzles {
        let ok = match engine.as_str() {
            "sudokit-first" => solver.solve_first(&puzzle.grid).is_ok(),
            "sudokit-count2" => solver
                .count_solutions(&puzzle.grid, 2)
                .is_ok_and(|n| n >= 1),
            "sudokit-lexmin" => solver.solve(&puzzle.grid).is_ok(),
            "parse" => true,
            "crate-first" => to_peer(&puzzle.grid).some_solution().is_some(),
            "crate-count2" => to_peer(&puzzle.grid).solutions_count_up_to(2) >= 1,
            other => {
                eprintln!("engine_pass: unknown engine {other}");
                return ExitCode::from(2);
            }
        };
        answered += usize::from(ok);
    }
    println!("{answered}");
    let stats = solver.stats();
    if stats.puzzles > 0 {
        eprintln!(
            "{:.2} guesses per puzzle, {:.1}% without a guess",
            stats.guesses as f64 / stats.puzzles as f64,
            100.0 * stats.solved_without_guess as f64 / stats.puzzles as f64
        );
    }
    ExitCode::SUCCESS
}
