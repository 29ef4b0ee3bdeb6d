//! Every sample collection shipped in `data/puzzles`, solved and checked.
//!
//! The unique collections must give their one solution under every question;
//! the serg benchmark (every puzzle with two or more solutions) must give the
//! same lexicographically smallest solution as the plain reference search.

mod common;

use std::path::PathBuf;

use sudokit::{Grid, Records, Solver};

fn collection(name: &str) -> Vec<Grid> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/puzzles")
        .join(name);
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let grids: Vec<Grid> = Records::new(std::io::BufReader::new(file))
        .map(|record| record.unwrap().grid.unwrap())
        .collect();
    assert!(grids.len() >= 300, "{name}: only {} puzzles", grids.len());
    grids
}

fn check_unique_collection(name: &str) {
    let mut solver = Solver::new();
    for (index, puzzle) in collection(name).iter().enumerate() {
        let line = index + 1;
        let solution = solver.solve(puzzle).unwrap();
        assert!(solution.is_solution_of(puzzle), "{name}:{line}");
        assert_eq!(solver.solve_first(puzzle), Ok(solution), "{name}:{line}");
        assert_eq!(solver.count_solutions(puzzle, 2), Ok(1), "{name}:{line}");
    }
}

#[test]
fn seventeen_clue_sample() {
    check_unique_collection("puzzles2_17_clue.txt");
}

#[test]
fn magictour_top1465_sample() {
    check_unique_collection("puzzles3_magictour_top1465.txt");
}

#[test]
fn forum_hardest_1905_sample() {
    check_unique_collection("puzzles5_forum_hardest_1905_11+.txt");
}

#[test]
fn forum_hardest_1106() {
    check_unique_collection("puzzles6_forum_hardest_1106.txt");
}

#[test]
fn serg_benchmark_sample_gives_the_reference_lexmin() {
    let mut solver = Solver::new();
    for (index, puzzle) in collection("puzzles7_serg_benchmark.txt").iter().enumerate() {
        let line = index + 1;
        let expected = common::reference_solutions(puzzle, 2);
        assert_eq!(expected.len(), 2, "serg:{line} has several solutions");
        assert_eq!(solver.solve(puzzle), Ok(expected[0]), "serg:{line}");
        assert_eq!(solver.count_solutions(puzzle, 2), Ok(2), "serg:{line}");
        let first = solver.solve_first(puzzle).unwrap();
        assert!(first.is_solution_of(puzzle), "serg:{line}");
    }
}
