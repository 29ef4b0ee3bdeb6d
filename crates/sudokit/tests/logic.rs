//! The logic engine replayed against known solutions: every step of every
//! explanation on samples of every collection (under random symmetries) must
//! be sound and the path must end at the solution; hints must name the
//! mistakes in a solver's progress; the learner's trace must find the same
//! answer as the plain reference search.

mod common;

use std::path::PathBuf;

use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;
use sudokit::logic::{Hint, LogicSolver, Step, TechniqueSet};
use sudokit::trace::{trace, TraceEvent};
use sudokit::{Candidates, Cell, Grid, Records, Solver, Transformation};

fn collection(name: &str) -> Vec<Grid> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/puzzles")
        .join(name);
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Records::new(std::io::BufReader::new(file))
        .map(|record| record.unwrap().grid.unwrap())
        .collect()
}

/// Panics unless `step` agrees with `solution` and changes `marks`.
fn assert_sound(step: &Step, marks: &Candidates, solution: &Grid, context: &str) {
    assert!(step.makes_progress(marks), "{context}: idle step {step}");
    for p in &step.placements {
        assert_eq!(solution.get(p.cell), Some(p.digit), "{context}: {step}");
    }
    for e in &step.eliminations {
        assert_ne!(solution.get(e.cell), Some(e.digit), "{context}: {step}");
    }
}

/// Explains every `every`-th puzzle of `name` under a random symmetry and
/// replays each step against the solution.
fn replay_collection(name: &str, every: usize, seed: u64) -> usize {
    let engine = LogicSolver::new();
    let mut solver = Solver::new();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0;
    for (index, puzzle) in collection(name).iter().enumerate().step_by(every) {
        let puzzle = Transformation::random(&mut rng).apply(puzzle);
        let context = format!("{name}:{} as {puzzle}", index + 1);
        let solution = solver.solve(&puzzle).unwrap();
        let explanation = engine.explain(&puzzle).unwrap();
        assert!(explanation.unique, "{context}");
        let mut marks = Candidates::from_grid(&puzzle);
        for step in &explanation.steps {
            assert_sound(step, &marks, &solution, &context);
            assert!(!step.text.is_empty(), "{context}: {:?}", step.technique);
            step.apply(&mut marks);
            assert!(marks.contradiction().is_none(), "{context}: after {step}");
        }
        assert!(
            explanation.solved,
            "{context}: stuck\n{:?}",
            explanation.end
        );
        assert_eq!(marks.grid(), solution, "{context}");
        steps += explanation.steps.len();
    }
    steps
}

#[test]
fn explanations_of_17_clue_puzzles_are_sound_and_complete() {
    assert!(replay_collection("puzzles2_17_clue.txt", 10, 17) > 0);
}

#[test]
fn explanations_of_top1465_are_sound_and_complete() {
    assert!(replay_collection("puzzles3_magictour_top1465.txt", 10, 1465) > 0);
}

#[test]
fn explanations_of_forum_hardest_are_sound_and_complete() {
    assert!(replay_collection("puzzles6_forum_hardest_1106.txt", 25, 1106) > 0);
    assert!(replay_collection("puzzles5_forum_hardest_1905_11+.txt", 25, 1905) > 0);
}

#[test]
fn limited_techniques_stop_and_say_so() {
    let puzzle = collection("puzzles6_forum_hardest_1106.txt")[0];
    let singles: TechniqueSet = "singles".parse().unwrap();
    let explanation = LogicSolver::new()
        .techniques(singles)
        .explain(&puzzle)
        .unwrap();
    assert!(!explanation.solved);
    assert!(explanation
        .steps
        .iter()
        .all(|step| singles.contains(step.technique)));
    assert!(LogicSolver::new()
        .techniques(singles)
        .next_step(&explanation.end)
        .is_none());
    // It says what the full engine would do there.
    let next = explanation.next_step.unwrap();
    assert!(!singles.contains(next.technique));
    let solution = puzzle.solve().unwrap();
    assert_sound(&next, &explanation.end, &solution, "next step");
}

#[test]
fn hints_name_lost_candidates_and_wrong_digits() {
    let engine = LogicSolver::new();
    for puzzle in collection("puzzles3_magictour_top1465.txt")
        .iter()
        .step_by(30)
    {
        let solution = puzzle.solve().unwrap();
        let marks = Candidates::from_grid(puzzle);
        let Hint::Step(step) = engine.hint(Some(puzzle), &marks).unwrap() else {
            panic!("no step for {puzzle}");
        };
        assert_sound(&step, &marks, &solution, "hint");

        // The solution's digit removed from an empty cell's marks.
        let cell = Cell::all().find(|&c| puzzle.get(c).is_none()).unwrap();
        let digit = solution.get(cell).unwrap();
        let mut lost = marks.clone();
        lost.eliminate(cell, digit);
        assert_eq!(
            engine.hint(Some(puzzle), &lost).unwrap(),
            Hint::LostCandidate { cell, digit }
        );

        // A wrong digit placed where the marks allowed another.
        let wrong = marks.get(cell).iter().find(|&d| d != digit).unwrap();
        let mut misplaced = marks.clone();
        misplaced.place(cell, wrong);
        assert_eq!(
            engine.hint(Some(puzzle), &misplaced).unwrap(),
            Hint::WrongDigit {
                cell,
                placed: wrong,
                solution: Some(digit)
            }
        );
        // Without the puzzle, only the marks: the blamed digit is one whose
        // removal leaves one solution, the wrong one itself when that is so.
        if let Hint::WrongDigit { cell: found, .. } = engine.hint(None, &misplaced).unwrap() {
            let mut without = misplaced.grid();
            without.set(found, None);
            assert!(found == cell || without.count_solutions(2) == Ok(1));
        }
    }
}

#[test]
fn a_solved_board_needs_no_hint() {
    let solution = Grid::EMPTY.solve().unwrap();
    let marks = Candidates::from_grid(&solution);
    assert_eq!(LogicSolver::new().hint(None, &marks).unwrap(), Hint::Solved);
}

#[test]
fn the_trace_of_the_seed_example_ends_at_the_lexmin_solution() {
    let puzzle: Grid = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/board.txt"),
    )
    .unwrap()
    .parse()
    .unwrap();
    let traced = trace(&puzzle, usize::MAX).unwrap();
    assert_eq!(traced.solution, Some(puzzle.solve().unwrap()));
    assert_eq!(traced.events.last(), Some(&TraceEvent::Solved));
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 200,
        rng_seed: RngSeed::Fixed(0x7ACE),
        ..ProptestConfig::default()
    })]

    /// The traced search is the plain row-major search: same first solution,
    /// or none, as the reference, whenever it finishes within its limit.
    #[test]
    fn the_trace_agrees_with_the_reference(seed: u64, blanks in 20usize..50) {
        let puzzle = common::random_tampered(seed, blanks, (seed % 3) as usize);
        let Ok(traced) = trace(&puzzle, 200_000) else {
            prop_assert!(!common::givens_valid(&puzzle));
            return Ok(());
        };
        if !traced.truncated {
            let expected = common::reference_solutions(&puzzle, 1).first().copied();
            prop_assert_eq!(traced.solution, expected);
        }
    }

    /// Every step the engine takes on random unique puzzles is sound.
    #[test]
    fn steps_on_random_puzzles_are_sound(seed: u64) {
        let made = sudokit::Generator::new(seed).generate(0);
        let solution = made.puzzle.solve().unwrap();
        let explanation = LogicSolver::new().explain(&made.puzzle).unwrap();
        let mut marks = Candidates::from_grid(&made.puzzle);
        for step in &explanation.steps {
            assert_sound(step, &marks, &solution, "random");
            step.apply(&mut marks);
        }
        prop_assert!(explanation.solved);
        prop_assert_eq!(marks.grid(), solution);
    }
}
