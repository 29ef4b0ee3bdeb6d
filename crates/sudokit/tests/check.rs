//! `check` against the plain reference search on boards with no solution, one
//! and many, and on boards whose givens clash.

mod common;

use common::{givens_valid, random_puzzle, random_tampered, reference_solutions_within};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use sudokit::{check, check_with, Cell, Grid, Report, Solver, Verdict};

/// Nodes the plain reference search may spend on one board.
const BUDGET: u64 = 2_000_000;

/// The verdict the reference search gives, or `None` if it runs out of budget.
fn reference_verdict(grid: &Grid) -> Option<Verdict> {
    if !givens_valid(grid) {
        return Some(Verdict::Invalid(grid.first_conflict().expect("a clash")));
    }
    let found = reference_solutions_within(grid, 2, BUDGET)?;
    Some(match found.as_slice() {
        [] => Verdict::NoSolution,
        [only] => Verdict::Unique {
            solution: *only,
            redundant: reference_redundant(grid)?,
        },
        [smaller, larger] => {
            // The plain search meets solutions in lexicographic order.
            let cell = Cell::all().find(|&c| smaller.get(c) != larger.get(c))?;
            Verdict::Multiple {
                cell,
                digits: (smaller.get(cell)?, larger.get(cell)?),
            }
        }
        _ => unreachable!("at most two asked for"),
    })
}

fn reference_redundant(grid: &Grid) -> Option<Vec<Cell>> {
    let mut redundant = Vec::new();
    for cell in Cell::all().filter(|&c| grid.get(c).is_some()) {
        let mut fewer = *grid;
        fewer.set(cell, None);
        if reference_solutions_within(&fewer, 2, BUDGET)?.len() == 1 {
            redundant.push(cell);
        }
    }
    Some(redundant)
}

fn line(text: &str) -> Grid {
    text.parse().unwrap()
}

#[test]
fn a_minimal_seventeen_is_reported_minimal() {
    let puzzle =
        line(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...");
    let report = check(&puzzle);
    assert_eq!(report.to_string(), "unique 17 minimal");
    assert_eq!(report.is_minimal(), Some(true));
    let Verdict::Unique { solution, .. } = report.verdict else {
        panic!("not unique: {report}");
    };
    assert!(solution.is_solution_of(&puzzle));
}

#[test]
fn added_clues_are_reported_redundant() {
    let puzzle =
        line(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...");
    let solution = puzzle.solve().unwrap();
    let mut fuller = puzzle;
    for index in [0, 80] {
        let cell = Cell::new(index).unwrap();
        fuller.set(cell, solution.get(cell));
    }
    let report = check(&fuller);
    assert_eq!(report.clues, 19);
    assert!(
        report
            .to_string()
            .starts_with("unique 19 redundant clues: r1c1 "),
        "{report}"
    );
    assert!(report.to_string().ends_with(" r9c9"), "{report}");
    assert_eq!(report.is_minimal(), Some(false));
}

#[test]
fn a_full_grid_has_every_clue_redundant() {
    let solution = Grid::EMPTY.solve().unwrap();
    let report = check(&solution);
    let Verdict::Unique { redundant, .. } = &report.verdict else {
        panic!("{report}");
    };
    assert_eq!(redundant.len(), 81);
}

#[test]
fn several_solutions_name_the_first_difference() {
    let report = check(&Grid::EMPTY);
    assert_eq!(
        parts(report.clone()),
        reference_report(&Grid::EMPTY).unwrap()
    );
    assert_eq!(report.to_string(), "multiple 0 r8c3 can be 2 or 8");
    assert!(!report.is_unique());
    assert_eq!(report.is_minimal(), None);
}

#[test]
fn no_solution_and_clashes_are_reported() {
    let none = line(&format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63)));
    assert_eq!(check(&none).to_string(), "none 9");
    let clash = line(&format!("....7..7.{}", ".".repeat(72)));
    let report = check(&clash);
    assert_eq!(report.to_string(), "invalid 2 r1c5 and r1c8 both hold 7");
    assert_eq!(report.is_minimal(), None);
}

/// The reference's clue count and verdict (a `Report` is not built outside
/// the library: it may gain fields).
fn reference_report(grid: &Grid) -> Option<(usize, Verdict)> {
    Some((grid.clue_count(), reference_verdict(grid)?))
}

fn parts(report: Report) -> (usize, Verdict) {
    (report.clues, report.verdict)
}

proptest! {
    // A fixed seed keeps the suite deterministic; boards the plain search
    // cannot settle within its budget are skipped.
    #![proptest_config(ProptestConfig {
        cases: 120,
        rng_seed: RngSeed::Fixed(0xC0FF_EE17),
        ..ProptestConfig::default()
    })]

    #[test]
    fn check_agrees_with_the_reference(seed: u64, blanks in 35usize..62) {
        let puzzle = random_puzzle(seed, blanks);
        if let Some(expected) = reference_report(&puzzle) {
            prop_assert_eq!(parts(check(&puzzle)), expected);
        }
    }

    #[test]
    fn check_agrees_on_tampered_boards(seed: u64, blanks in 30usize..55, changes in 1usize..4) {
        let puzzle = random_tampered(seed, blanks, changes);
        let mut solver = Solver::new();
        if let Some(expected) = reference_report(&puzzle) {
            prop_assert_eq!(parts(check_with(&mut solver, &puzzle)), expected);
        }
    }
}

#[test]
fn the_random_boards_cover_every_verdict() {
    // The property tests above draw from these families; make sure each kind
    // of verdict, and redundant clues, are among them.
    let mut seen = [0usize; 5];
    for seed in 0..80u64 {
        for grid in [
            random_puzzle(seed, 35 + (seed as usize % 27)),
            random_tampered(seed, 30 + (seed as usize % 25), 1 + seed as usize % 3),
        ] {
            let Some(expected) = reference_report(&grid) else {
                continue;
            };
            assert_eq!(parts(check(&grid)), expected, "{grid}");
            seen[match &expected.1 {
                Verdict::Unique { redundant, .. } if redundant.is_empty() => 0,
                Verdict::Unique { .. } => 1,
                Verdict::Multiple { .. } => 2,
                Verdict::NoSolution => 3,
                Verdict::Invalid(_) => 4,
                _ => unreachable!("the reference gives only these verdicts"),
            }] += 1;
        }
    }
    assert!(seen[1..].iter().all(|&n| n >= 3), "{seen:?}");
}

#[test]
fn generated_puzzles_check_unique_and_minimal() {
    let generator = sudokit::Generator::new(8).symmetry(sudokit::Symmetry::None);
    let mut solver = Solver::new();
    for index in 0..5 {
        let made = generator.generate_with(&mut solver, index);
        let report = check_with(&mut solver, &made.puzzle);
        assert_eq!(report.is_minimal(), Some(true), "{report}");
        assert_eq!(
            report.verdict,
            Verdict::Unique {
                solution: made.solution,
                redundant: Vec::new()
            }
        );
    }
}
