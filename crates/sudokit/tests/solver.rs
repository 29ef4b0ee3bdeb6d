//! The engine against the plain reference backtracker, on random boards.

mod common;

use common::{
    givens_valid, random_puzzle, random_tampered, reference_solutions, reference_solutions_within,
    shipped_samples,
};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use sudokit::{Grid, SolveError, Solver, Transformation};

const SEED_BOARD: &str = "\
0 2 0 9 0 5 0 0 0
5 9 0 0 3 0 2 0 0
7 0 0 6 0 2 0 0 5
0 0 9 3 5 0 4 6 0
0 5 4 0 0 0 7 8 0
0 8 3 0 2 7 5 0 0
8 0 0 2 0 9 0 0 4
0 0 5 0 4 0 0 2 6
0 0 0 5 0 3 0 7 0";

#[test]
fn empty_board_gives_the_row_major_first_solution() {
    let solution = Solver::new().solve(&Grid::EMPTY).unwrap();
    assert_eq!(
        &solution.to_line()[..36],
        "123456789456789123789123456214365897"
    );
    assert_eq!(solution, reference_solutions(&Grid::EMPTY, 1)[0]);
}

#[test]
fn seed_board_gives_its_solution() {
    let puzzle: Grid = SEED_BOARD.parse().unwrap();
    let solution = puzzle.solve().unwrap();
    assert_eq!(
        solution.to_line(),
        "321975648596834217748612935179358462254196783683427591817269354935741826462583179"
    );
}

#[test]
fn clashing_givens_name_both_cells() {
    let puzzle: Grid = format!("....7..7.{}", ".".repeat(72)).parse().unwrap();
    let error = puzzle.solve().unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid puzzle: r1c5 and r1c8 both hold 7"
    );
    assert!(puzzle.count_solutions(5).is_err());
}

#[test]
fn valid_givens_without_solution_say_so() {
    // Row 1 leaves only 9 for r1c9, which column 9 already holds.
    let puzzle: Grid = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63))
        .parse()
        .unwrap();
    assert_eq!(puzzle.solve(), Err(SolveError::NoSolution));
    assert_eq!(puzzle.solve_first(), Err(SolveError::NoSolution));
    assert_eq!(puzzle.count_solutions(10), Ok(0));
}

#[test]
fn enumeration_is_lexicographic_and_matches_the_reference() {
    let puzzle = random_puzzle(7, 50);
    let mine = Solver::new().solutions(&puzzle, 300).unwrap();
    assert_eq!(mine, reference_solutions(&puzzle, 300));
}

/// Hard boards in random disguise, whole or with a sixth, a third or half of
/// their clues gone: the row-major probe gives up on many, so `solve` goes
/// through its search below the first solution found, and on some of the
/// sparsest through the walk after that search gives up too. Enumeration reaches the smallest solution
/// by another road (a walk from the start), so the two must agree.
#[test]
fn lexmin_on_thinned_hard_boards_is_the_first_solution_enumerated() {
    let mut rng = ChaCha8Rng::seed_from_u64(2580);
    let mut solver = Solver::new();
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/puzzles");
    for name in [
        "puzzles2_17_clue.txt",
        "puzzles5_forum_hardest_1905_11+.txt",
        "puzzles6_forum_hardest_1106.txt",
    ] {
        let text = std::fs::read_to_string(format!("{folder}/{name}")).expect("a shipped sample");
        for (index, line) in text.lines().enumerate().step_by(2) {
            let board: Grid = line.parse().expect("a sample board");
            let mut values = *Transformation::random(&mut rng).apply(&board).values();
            let one_in = [0, 6, 3, 2][index / 2 % 4];
            for value in values.iter_mut() {
                if one_in > 0 && rng.random_range(0..one_in) == 0 {
                    *value = 0;
                }
            }
            let board = Grid::from_values(values).expect("digits");
            let first = solver.solutions(&board, 1).expect("valid givens");
            assert_eq!(solver.solve(&board).ok(), first.first().copied(), "{board}");
        }
    }
}

/// Every `step`-th shipped sample, then `extra` boards in turn: a random
/// puzzle with 40 blanks or more (up to `blank_span` more), a tampered one
/// (clashing givens, or none that a solution completes), and a sample again;
/// then the first board repeated.
fn mixed_boards(step: usize, extra: u64, blank_span: usize) -> Vec<Grid> {
    let mut boards = shipped_samples(step);
    for seed in 0..extra {
        let board = match seed % 3 {
            0 => random_puzzle(seed, 40 + (seed as usize % blank_span)),
            1 => random_tampered(seed, 50 + (seed as usize % 20), 1 + seed as usize % 3),
            _ => boards[seed as usize * 7 % boards.len()],
        };
        boards.push(board);
    }
    boards.push(boards[0]);
    boards
}

/// Every answer and statistic as the plain calls give them, with each
/// board's successor announced (`Solver::expect_next`), on the shipped
/// samples (sparse and dense), random boards, boards without a solution,
/// boards whose givens clash, repeats, and announcements not followed.
#[test]
fn announcing_the_next_board_changes_no_answer() {
    let mut boards = mixed_boards(3, 300, 36);
    boards.push(boards[0]);
    boards.push(boards[0]);
    let mut plain = Solver::new();
    let mut announcing = Solver::new();
    for (index, board) in boards.iter().enumerate() {
        // Now and then the board announced is not the one asked about next.
        let skip = usize::from(index % 11 == 5);
        if let Some(next) = boards.get(index + 1 + skip) {
            announcing.expect_next(next);
        }
        let (expected, got) = match index % 4 {
            0 => (
                format!("{:?}", plain.solve(board)),
                format!("{:?}", announcing.solve(board)),
            ),
            1 => (
                format!("{:?}", plain.solve_first(board)),
                format!("{:?}", announcing.solve_first(board)),
            ),
            2 => (
                format!("{:?}", plain.count_solutions(board, 2)),
                format!("{:?}", announcing.count_solutions(board, 2)),
            ),
            _ => (
                format!("{:?}", plain.solutions(board, 3)),
                format!("{:?}", announcing.solutions(board, 3)),
            ),
        };
        assert_eq!(got, expected, "board {index}: {board}");
        assert_eq!(announcing.stats(), plain.stats(), "board {index}: {board}");
    }
}

/// An answer of `solve` or `solve_first`.
type Answer = Result<Grid, SolveError>;

/// One question asked of many boards: one by one, all together, and
/// announced ahead.
struct BulkQuestion<T> {
    one: fn(&mut Solver, &Grid) -> T,
    all: fn(&mut Solver, &[Grid]) -> Vec<T>,
    announce: fn(&mut Solver, &[Grid]),
}

const FIRST: BulkQuestion<Answer> = BulkQuestion {
    one: Solver::solve_first,
    all: Solver::solve_first_all,
    announce: Solver::expect_first,
};

const SMALLEST: BulkQuestion<Answer> = BulkQuestion {
    one: Solver::solve,
    all: Solver::solve_all,
    announce: Solver::expect_solve,
};

/// Counting to 3 (a count to 2 is what the other questions stop at).
const COUNT: BulkQuestion<Result<u64, sudokit::Conflict>> = BulkQuestion {
    one: |solver, board| solver.count_solutions(board, 3),
    all: |solver, boards| solver.count_all(boards, 3),
    announce: |solver, boards| solver.expect_count(boards, 3),
};

/// Every answer and statistic of `question` as its calls one by one give
/// them, with the boards searched two at a time (all at once, or announced
/// and then asked, now and then out of turn or with the other question),
/// on `boards`; and with a budget set, which leaves the calls one by one.
fn together_as_one_by_one<T: PartialEq + std::fmt::Debug, U: PartialEq + std::fmt::Debug>(
    question: &BulkQuestion<T>,
    other: &BulkQuestion<U>,
    boards: &[Grid],
) {
    let mut plain = Solver::new();
    let expected: Vec<_> = boards
        .iter()
        .map(|board| (question.one)(&mut plain, board))
        .collect();

    let mut together = Solver::new();
    assert_eq!((question.all)(&mut together, boards), expected);
    assert_eq!(together.stats(), plain.stats());

    // Announced in blocks; now and then a board is asked out of turn, or
    // the other question about the board in turn, which drops the rest of
    // its block.
    let mut announced = Solver::new();
    let mut reference = Solver::new();
    for (block, chunk) in boards.chunks(37).enumerate() {
        (question.announce)(&mut announced, chunk);
        for (index, board) in chunk.iter().enumerate() {
            if block % 4 == 3 && index == 5 {
                let out_of_turn = (question.one)(&mut announced, &boards[0]);
                assert_eq!(out_of_turn, (question.one)(&mut reference, &boards[0]));
            }
            if block % 4 == 1 && index == 9 {
                let other_question = (other.one)(&mut announced, board);
                assert_eq!(other_question, (other.one)(&mut reference, board));
            }
            let position = block * 37 + index;
            let answer = (question.one)(&mut announced, board);
            assert_eq!(answer, expected[position], "board {position}: {board}");
            let _ = (question.one)(&mut reference, board);
        }
    }
    assert_eq!(announced.stats(), reference.stats());

    // With a budget set, an announcement is ignored and the calls search
    // one by one, within it.
    let mut budgeted = Solver::new();
    budgeted.set_budget(sudokit::Budget::unlimited().nodes(1 << 20));
    (question.announce)(&mut budgeted, &boards[..40]);
    for (position, board) in boards[..40].iter().enumerate() {
        let answer = (question.one)(&mut budgeted, board);
        assert_eq!(answer, expected[position], "board {position}: {board}");
    }
    assert_eq!((question.all)(&mut budgeted, &boards[..40]), expected[..40]);
}

/// Every answer and statistic as `solve_first` gives them one by one, with
/// the boards searched two at a time (`Solver::solve_first_all`, and
/// `Solver::expect_first` followed or not): on the shipped samples, random
/// boards, boards without a solution, boards whose givens clash, repeats,
/// and an odd number of boards (one lane ends alone).
#[test]
fn first_solutions_two_at_a_time_are_the_ones_found_one_by_one() {
    together_as_one_by_one(&FIRST, &SMALLEST, &mixed_boards(2, 301, 42));
}

/// The same for counts (`Solver::count_all`, `Solver::expect_count`), with
/// a count to another limit as the other question.
#[test]
fn counts_two_at_a_time_are_the_ones_counted_one_by_one() {
    let mut boards = mixed_boards(2, 301, 42);
    boards.extend((0..40).map(|seed| random_puzzle(2000 + seed, 58 + seed as usize % 8)));
    let count_to_two: BulkQuestion<Result<u64, sudokit::Conflict>> = BulkQuestion {
        one: |solver, board| solver.count_solutions(board, 2),
        all: |solver, boards| solver.count_all(boards, 2),
        announce: |solver, boards| solver.expect_count(boards, 2),
    };
    together_as_one_by_one(&COUNT, &count_to_two, &boards);
    together_as_one_by_one(&COUNT, &FIRST, &boards);
}

/// The same for `solve` (`Solver::solve_all`, `Solver::expect_solve`),
/// with sparse boards of many solutions too, whose smallest the search
/// below a first solution finds only by a walk.
#[test]
fn smallest_solutions_two_at_a_time_are_the_ones_found_one_by_one() {
    let mut boards = mixed_boards(2, 301, 42);
    boards.extend((0..60).map(|seed| random_puzzle(1000 + seed, 58 + seed as usize % 8)));
    together_as_one_by_one(&SMALLEST, &FIRST, &boards);
}

/// `count` boards from `seed` on, for the bulk calls' property tests: one in
/// three a random puzzle with 30 blanks or more (up to `blank_span` more),
/// the others tampered (clashing givens, or none that a solution completes).
fn random_batch(seed: u64, count: usize, blank_span: usize) -> Vec<Grid> {
    (0..count as u64)
        .map(|index| {
            let seed = seed.wrapping_add(index);
            match seed % 3 {
                0 => random_puzzle(seed, 30 + (seed as usize % blank_span)),
                _ => random_tampered(seed, 30 + (seed as usize % 25), 1 + seed as usize % 2),
            }
        })
        .collect()
}

proptest! {
    // A fixed seed keeps the suite deterministic; the plain reference is
    // exponential on some sparse boards, so those get a node budget.
    #![proptest_config(ProptestConfig {
        cases: 200,
        rng_seed: RngSeed::Fixed(0x5D0C_2580),
        ..ProptestConfig::default()
    })]

    #[test]
    fn lexmin_equals_the_reference_on_boards_with_many_solutions(seed: u64, blanks in 40usize..61) {
        let puzzle = random_puzzle(seed, blanks);
        let expected = reference_solutions(&puzzle, 1)[0];
        prop_assert_eq!(puzzle.solve().unwrap(), expected);
    }

    #[test]
    fn lexmin_on_sparse_boards_is_the_smallest_solution(seed: u64, blanks in 61usize..82) {
        let puzzle = random_puzzle(seed, blanks.min(81));
        let smallest = puzzle.solve().unwrap();
        prop_assert!(smallest.is_solution_of(&puzzle));
        prop_assert!(smallest <= puzzle.solve_first().unwrap());
        if let Some(expected) = reference_solutions_within(&puzzle, 1, 2_000_000) {
            prop_assert_eq!(smallest, expected[0]);
        }
    }

    #[test]
    fn enumeration_on_sparse_boards_is_ordered_and_starts_at_the_smallest(seed: u64, blanks in 55usize..82) {
        let puzzle = random_puzzle(seed, blanks.min(81));
        let solutions = Solver::new().solutions(&puzzle, 20).unwrap();
        prop_assert_eq!(solutions.len() as u64, puzzle.count_solutions(20).unwrap());
        prop_assert_eq!(solutions[0], puzzle.solve().unwrap());
        prop_assert!(solutions.windows(2).all(|pair| pair[0] < pair[1]));
        prop_assert!(solutions.iter().all(|s| s.is_solution_of(&puzzle)));
    }

    #[test]
    fn counts_equal_the_reference(seed: u64, blanks in 30usize..58, limit in 1u64..300) {
        let puzzle = random_puzzle(seed, blanks);
        let expected = reference_solutions(&puzzle, limit as usize).len() as u64;
        prop_assert_eq!(puzzle.count_solutions(limit).unwrap(), expected);
    }

    #[test]
    fn first_solution_is_valid(seed: u64, blanks in 30usize..81) {
        let puzzle = random_puzzle(seed, blanks);
        let solution = puzzle.solve_first().unwrap();
        prop_assert!(solution.is_solution_of(&puzzle));
    }

    #[test]
    fn first_solutions_two_at_a_time_agree_with_the_reference(seed: u64, count in 1usize..8) {
        // Each board unique or not, solvable or not: the reference says
        // which, and a solution found must complete its board.
        let boards = random_batch(seed, count, 30);
        let answers = Solver::new().solve_first_all(&boards);
        for (board, answer) in boards.iter().zip(answers) {
            if !givens_valid(board) {
                prop_assert!(matches!(answer, Err(SolveError::Conflict(_))));
                continue;
            }
            match reference_solutions(board, 2).as_slice() {
                [] => prop_assert_eq!(answer, Err(SolveError::NoSolution)),
                [only] => prop_assert_eq!(answer, Ok(*only)),
                _ => prop_assert!(answer.unwrap().is_solution_of(board)),
            }
        }
    }

    #[test]
    fn counts_two_at_a_time_agree_with_the_reference(seed: u64, count in 1usize..8, limit in 1u64..40) {
        let boards = random_batch(seed, count, 28);
        let counts = Solver::new().count_all(&boards, limit);
        for (board, counted) in boards.iter().zip(counts) {
            if !givens_valid(board) {
                prop_assert!(counted.is_err());
                continue;
            }
            let expected = reference_solutions(board, limit as usize).len() as u64;
            prop_assert_eq!(counted, Ok(expected));
        }
    }

    #[test]
    fn smallest_solutions_two_at_a_time_agree_with_the_reference(seed: u64, count in 1usize..8) {
        // Unique or not, solvable or not, sparse or dense.
        let boards = random_batch(seed, count, 35);
        let answers = Solver::new().solve_all(&boards);
        for (board, answer) in boards.iter().zip(answers) {
            if !givens_valid(board) {
                prop_assert!(matches!(answer, Err(SolveError::Conflict(_))));
                continue;
            }
            match reference_solutions(board, 1).first() {
                Some(&smallest) => prop_assert_eq!(answer, Ok(smallest)),
                None => prop_assert_eq!(answer, Err(SolveError::NoSolution)),
            }
        }
    }

    #[test]
    fn tampered_boards_agree_with_the_reference(seed: u64, blanks in 30usize..60, changes in 1usize..4) {
        let puzzle = random_tampered(seed, blanks, changes);
        if !givens_valid(&puzzle) {
            let is_conflict = matches!(puzzle.solve(), Err(SolveError::Conflict(_)));
            prop_assert!(is_conflict);
            prop_assert!(puzzle.first_conflict().is_some());
        } else {
            prop_assert!(puzzle.first_conflict().is_none());
            let expected = reference_solutions(&puzzle, 1);
            match expected.first() {
                Some(&smallest) => prop_assert_eq!(puzzle.solve().unwrap(), smallest),
                None => prop_assert_eq!(puzzle.solve(), Err(SolveError::NoSolution)),
            }
        }
    }
}
