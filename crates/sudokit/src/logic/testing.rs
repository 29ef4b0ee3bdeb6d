//! Test helpers shared by the technique families: sample puzzles, the
//! soundness check of a step against a known solution, and states where a
//! technique is the easiest that applies.

#![allow(dead_code)]

use super::{LogicSolver, Step, Technique, TechniqueSet};
use crate::candidates::{Candidate, Candidates};
use crate::grid::{Cell, Digit, Grid};
use crate::solve::Solver;

/// The sample collections shipped in `data/puzzles` (unique puzzles only).
pub(crate) const COLLECTIONS: [(&str, &str); 4] = [
    (
        "17-clue",
        include_str!("../../../../data/puzzles/puzzles2_17_clue.txt"),
    ),
    (
        "top1465",
        include_str!("../../../../data/puzzles/puzzles3_magictour_top1465.txt"),
    ),
    (
        "forum-hardest-1905",
        include_str!("../../../../data/puzzles/puzzles5_forum_hardest_1905_11+.txt"),
    ),
    (
        "forum-hardest-1106",
        include_str!("../../../../data/puzzles/puzzles6_forum_hardest_1106.txt"),
    ),
];

/// Every `every`-th puzzle of every collection, with its solution.
pub(crate) fn sample_puzzles(every: usize) -> Vec<(Grid, Grid)> {
    let mut solver = Solver::new();
    COLLECTIONS
        .iter()
        .flat_map(|(_, text)| text.lines().step_by(every))
        .filter_map(|line| line.get(..81)?.parse::<Grid>().ok())
        .map(|puzzle| {
            let solution = solver.solve(&puzzle).expect("the samples have solutions");
            (puzzle, solution)
        })
        .collect()
}

/// Panics unless `step` is sound against `solution`: every placement agrees
/// with it, no elimination removes its digit, and the step changes `marks`.
pub(crate) fn assert_sound(step: &Step, marks: &Candidates, solution: &Grid) {
    assert!(step.makes_progress(marks), "step changes nothing: {step}");
    for placement in &step.placements {
        assert_eq!(
            solution.get(placement.cell),
            Some(placement.digit),
            "{}: wrong placement {placement} in {step}\n{marks:?}",
            step.technique
        );
    }
    for elimination in &step.eliminations {
        assert_ne!(
            solution.get(elimination.cell),
            Some(elimination.digit),
            "{}: eliminates the solution's {elimination} in {step}\n{marks:?}",
            step.technique
        );
    }
    assert!(!step.text.is_empty(), "{}: no text", step.technique);
}

/// The techniques the engine would try before `technique`, and `technique` itself.
pub(crate) fn up_to(technique: Technique) -> TechniqueSet {
    let base = technique.base_difficulty();
    TechniqueSet::ALL
        .iter()
        .filter(|t| t.base_difficulty() <= base)
        .collect::<TechniqueSet>()
        .with(technique)
}

/// States from the sample puzzles (every `every`-th) where the engine,
/// limited to `allowed`, takes a step of `technique`: the marks, the step and
/// the solution. Each found step is checked sound on the way. At most `limit`.
pub(crate) fn states_using(
    technique: Technique,
    allowed: TechniqueSet,
    every: usize,
    limit: usize,
) -> Vec<(Candidates, Step, Grid)> {
    let engine = LogicSolver::new().techniques(allowed).assume_unique(true);
    let mut found = Vec::new();
    for (puzzle, solution) in sample_puzzles(every) {
        let mut marks = Candidates::from_grid(&puzzle);
        while let Some(step) = engine.next_step(&marks) {
            assert_sound(&step, &marks, &solution);
            if step.technique == technique {
                found.push((marks.clone(), step.clone(), solution));
                if found.len() >= limit {
                    return found;
                }
            }
            step.apply(&mut marks);
        }
    }
    found
}

/// Marks from a 729-character candidate string (each cell's nine digits, `.`
/// for an eliminated one): a cell showing one digit is placed.
pub(crate) fn marks_from_729(text: &str) -> Candidates {
    let bytes: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    assert_eq!(bytes.len(), 729, "729 characters expected");
    let cells = std::array::from_fn(|cell| {
        let set: crate::sets::DigitSet = bytes[cell * 9..cell * 9 + 9]
            .iter()
            .filter_map(|&b| Digit::new(b.wrapping_sub(b'0')))
            .collect();
        if set.len() == 1 {
            Ok(set.first().expect("one digit"))
        } else {
            Err(set)
        }
    });
    Candidates::from_cells(cells)
}

/// A fixed-seed xorshift.
pub(crate) fn random_words(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// `count` random states with a known solution: sample puzzles with some
/// of their solution placed and some of the wrong candidates removed, so
/// that every state keeps its solution (and so holds no contradiction).
pub(crate) fn random_states(count: usize, seed: u64) -> Vec<(Candidates, Grid)> {
    let puzzles = sample_puzzles(37);
    let mut next = random_words(seed);
    (0..count)
        .map(|i| {
            let (puzzle, solution) = puzzles[i % puzzles.len()];
            let mut marks = Candidates::from_grid(&puzzle);
            let place_percent = next() % 40;
            let drop_percent = next() % 80;
            for cell in Cell::all() {
                if marks.value(cell).is_none() && next() % 100 < place_percent {
                    if let Some(digit) = solution.get(cell) {
                        marks.place(cell, digit);
                    }
                }
            }
            let all: Vec<Candidate> = marks.candidates().collect();
            for candidate in all {
                if solution.get(candidate.cell) != Some(candidate.digit)
                    && next() % 100 < drop_percent
                {
                    marks.eliminate(candidate.cell, candidate.digit);
                }
            }
            (marks, solution)
        })
        .collect()
}

/// Marks with every candidate everywhere except `digit`, which is left
/// only in `keep`.
pub(crate) fn only_digit_in(digit: u8, keep: &[&str]) -> Candidates {
    let mut marks = Candidates::from_grid(&Grid::EMPTY);
    let digit = Digit::new(digit).unwrap();
    let keep: Vec<Cell> = keep.iter().map(|name| cell(name)).collect();
    for c in Cell::all() {
        if !keep.contains(&c) {
            marks.eliminate(c, digit);
        }
    }
    marks
}

/// `r4c7` as a cell.
pub(crate) fn cell(name: &str) -> Cell {
    let bytes = name.as_bytes();
    let row = usize::from(bytes[1] - b'1');
    let col = usize::from(bytes[3] - b'1');
    Cell::from_row_col(row, col).unwrap()
}

/// The eliminations as `r1c2<>5` texts.
pub(crate) fn removed(step: &Step) -> Vec<String> {
    step.eliminations
        .iter()
        .map(|e| format!("{}<>{}", e.cell, e.digit))
        .collect()
}

/// Calls `finder` with each of `techniques` alone on `count` random states
/// (seeded by `seed`): every step found must be of that technique and sound,
/// and each technique must be found at least once.
pub(crate) fn each_sound_on_random_states(
    finder: fn(&Candidates, TechniqueSet) -> Option<Step>,
    techniques: &[Technique],
    count: usize,
    seed: u64,
) {
    let mut found = vec![0usize; techniques.len()];
    for (marks, solution) in random_states(count, seed) {
        for (i, &technique) in techniques.iter().enumerate() {
            if let Some(step) = finder(&marks, TechniqueSet::EMPTY.with(technique)) {
                assert_eq!(step.technique, technique);
                assert_sound(&step, &marks, &solution);
                found[i] += 1;
            }
        }
    }
    assert!(found.iter().all(|&n| n > 0), "{techniques:?}: {found:?}");
}

/// Marks with every candidate except in the cells given, which hold
/// only the digits given (`("r1c1", "12")`).
pub(crate) fn with_cells(cells: &[(&str, &str)]) -> Candidates {
    let mut marks = Candidates::from_grid(&Grid::EMPTY);
    for &(name, digits) in cells {
        let target = cell(name);
        for digit in Digit::all() {
            if !digits.contains(char::from(b'0' + digit.get())) {
                marks.eliminate(target, digit);
            }
        }
    }
    marks
}

#[test]
fn singles_and_intersections_are_sound_on_the_samples() {
    let allowed: TechniqueSet = "singles,intersections".parse().unwrap();
    // A direct claiming never comes first: a hidden single or a direct
    // pointing always precedes it (see direct.rs), so it is left out here.
    for technique in allowed.iter().filter(|&t| t != Technique::DirectClaiming) {
        let found = states_using(technique, allowed, 7, 5);
        assert!(!found.is_empty(), "no {technique} found");
    }
}
