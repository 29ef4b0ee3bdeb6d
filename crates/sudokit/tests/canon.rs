//! Canonical forms and transformations checked against a plain reference that
//! tries every one of the 2 × 6⁸ cell rearrangements, and against the group's
//! own laws: equivalent boards share a form, the form is equivalent to its
//! board, a form is its own form, and different puzzles have different forms.

mod common;

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use common::{random_full_grid, random_puzzle};
use proptest::prelude::*;
use proptest::test_runner::{Config as ProptestConfig, RngSeed};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use sudokit::{automorphism_count, canonical_form, canonicalize, Grid, Records, Transformation};

/// The most symmetric complete grid: 648 automorphisms.
const MOST_SYMMETRIC: &str =
    "123456789456789123789123456231564897564897231897231564312645978645978312978312645";

fn grid(line: &str) -> Grid {
    line.parse().unwrap()
}

fn samples_folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/puzzles")
}

/// The first `per_file` puzzles of each shipped sample collection.
fn samples(per_file: usize) -> Vec<Grid> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(samples_folder())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    files
        .iter()
        .flat_map(|path| {
            Records::new(BufReader::new(File::open(path).unwrap()))
                .take(per_file)
                .map(|record| record.unwrap().grid.unwrap())
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Every band-preserving order of nine lines: 6 block orders × 6³ orders within blocks.
fn line_orders() -> Vec<[usize; 9]> {
    let perms: Vec<[usize; 3]> = vec![
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut orders = Vec::with_capacity(1296);
    for blocks in &perms {
        for a in &perms {
            for b in &perms {
                for c in &perms {
                    let within = [a, b, c];
                    orders.push(std::array::from_fn(|i| {
                        blocks[i / 3] * 3 + within[i / 3][i % 3]
                    }));
                }
            }
        }
    }
    orders
}

/// The reference: the smallest board over all 2 × 6⁸ rearrangements, each
/// relabelled by first appearance, and how many rearrangements reach it
/// (times the relabellings of the digits the board lacks).
fn brute_force(grid: &Grid) -> (Grid, u64) {
    let orders = line_orders();
    let values = grid.values();
    let mut best = [u8::MAX; 81];
    let mut reaching = 0u64;
    for transpose in [false, true] {
        for rows in &orders {
            let board: [[u8; 9]; 9] = std::array::from_fn(|r| {
                std::array::from_fn(|c| {
                    if transpose {
                        values[c * 9 + rows[r]]
                    } else {
                        values[rows[r] * 9 + c]
                    }
                })
            });
            'columns: for cols in &orders {
                let mut labels = [0u8; 10];
                let mut next = 1;
                let mut smaller = false;
                let mut candidate = [0u8; 81];
                for i in 0..81 {
                    let digit = usize::from(board[i / 9][cols[i % 9]]);
                    if digit != 0 && labels[digit] == 0 {
                        labels[digit] = next;
                        next += 1;
                    }
                    let value = labels[digit];
                    candidate[i] = value;
                    if !smaller {
                        if value > best[i] {
                            continue 'columns;
                        }
                        smaller = value < best[i];
                    }
                }
                if smaller {
                    best = candidate;
                    reaching = 1;
                } else {
                    reaching += 1;
                }
            }
        }
    }
    let used = grid
        .values()
        .iter()
        .filter(|&&v| v != 0)
        .fold(0u16, |m, &v| m | 1 << v);
    let absent: u64 = (1..=u64::from(9 - used.count_ones())).product();
    (Grid::from_values(best).unwrap(), reaching * absent)
}

fn check_against_brute_force(grid: &Grid) {
    let canonical = canonicalize(grid);
    let (form, automorphisms) = brute_force(grid);
    assert_eq!(canonical.form, form, "form of {grid}");
    assert_eq!(
        canonical.automorphisms, automorphisms,
        "automorphisms of {grid}"
    );
    assert_eq!(
        canonical.transformation.apply(grid),
        form,
        "transformation of {grid}"
    );
}

#[test]
fn agrees_with_brute_force_on_puzzles() {
    let puzzles = samples(1);
    for puzzle in &puzzles[..3] {
        check_against_brute_force(puzzle);
    }
}

#[test]
fn finds_forms_smaller_than_the_listed_ones() {
    // Two of the 17-clue puzzles as listed (lines 3769 and 4735 of the full
    // collection) read larger than their minlex form: the list's own
    // canonicaliser settled for a larger board. The reference confirms the
    // smaller one.
    for (listed, form) in [
        (
            "................12..3..4...........5....4.36.78..1.........5..4.1...3....2.....8.",
            "................12..1.34...........5...6.2..7..4.............4..2.7...8..6..1.3..",
        ),
        (
            "................12..3..4.........5.6....1...3.7..4.2.......3.8..2...6...71.......",
            "................12..1.34.........56..2...7....6....3.4...26..8....8.......4......",
        ),
    ] {
        assert_eq!(canonical_form(&grid(listed)), grid(form));
        check_against_brute_force(&grid(listed));
    }
}

#[test]
fn agrees_with_brute_force_on_complete_grids() {
    check_against_brute_force(&grid(MOST_SYMMETRIC));
    // 54 automorphisms, and 2 (a solution of the 17-clue collection).
    check_against_brute_force(&grid(
        "123456789456789123789123456234567891567891234891234567345678912678912345912345678",
    ));
    check_against_brute_force(&grid(
        "123456789456789123798132465219867354567394812834521697381975246675248931942613578",
    ));
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    check_against_brute_force(&random_full_grid(&mut rng));
    check_against_brute_force(&Transformation::random(&mut rng).apply(&random_full_grid(&mut rng)));
}

#[test]
fn agrees_with_brute_force_on_sparse_and_odd_boards() {
    let with_clues = |clues: &[(usize, u8)]| {
        let mut cells = [0u8; 81];
        for &(cell, digit) in clues {
            cells[cell] = digit;
        }
        check_against_brute_force(&Grid::from_values(cells).unwrap());
    };
    with_clues(&[(40, 5)]);
    with_clues(&[(0, 1), (40, 1)]);
    with_clues(&[(0, 1), (10, 2), (20, 1), (80, 3)]);
    // Clashing givens: the same digit twice in a row, and twice in a box.
    with_clues(&[(0, 4), (5, 4), (30, 2), (31, 7)]);
    with_clues(&[(0, 9), (10, 9), (44, 9), (45, 1), (77, 2)]);
    check_against_brute_force(&random_puzzle(5, 55));
    check_against_brute_force(&random_puzzle(6, 70));
}

#[test]
fn the_empty_board_and_the_most_symmetric_grid() {
    let empty = canonicalize(&Grid::EMPTY);
    assert_eq!(empty.form, Grid::EMPTY);
    assert_eq!(empty.automorphisms, 2 * 6u64.pow(8) * 362_880);
    assert_eq!(automorphism_count(&Grid::EMPTY), empty.automorphisms);
    let symmetric = canonicalize(&grid(MOST_SYMMETRIC));
    assert_eq!(symmetric.automorphisms, 648);
    assert_eq!(&symmetric.form.to_line()[..9], "123456789");
    assert_eq!(canonical_form(&symmetric.form), symmetric.form);
}

/// The group's laws on one board, with transformations drawn from `seed`.
fn check_invariance(board: &Grid, seed: u64) {
    let canonical = canonicalize(board);
    assert_eq!(canonical.transformation.apply(board), canonical.form);
    assert_eq!(canonical.form.clue_count(), board.clue_count());
    let again = canonicalize(&canonical.form);
    assert_eq!(
        again.form, canonical.form,
        "a form is its own form: {board}"
    );
    assert_eq!(again.automorphisms, canonical.automorphisms);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..3 {
        let shuffled = Transformation::random(&mut rng).apply(board);
        let other = canonicalize(&shuffled);
        assert_eq!(other.form, canonical.form, "{board} and {shuffled}");
        assert_eq!(other.automorphisms, canonical.automorphisms);
    }
}

#[test]
fn every_sample_puzzle_keeps_its_form_under_random_transformations() {
    for (i, puzzle) in samples(60).iter().enumerate() {
        check_invariance(puzzle, i as u64);
    }
}

#[test]
fn different_puzzles_have_different_forms() {
    // The 17-clue collection lists essentially different puzzles, and boards
    // of different collections are different puzzles too unless the same.
    let puzzles = samples(200);
    let mut forms: Vec<(Grid, Grid)> = puzzles.iter().map(|p| (canonical_form(p), *p)).collect();
    forms.sort();
    for pair in forms.windows(2) {
        if pair[0].0 == pair[1].0 {
            // Equivalent puzzles have equivalent solutions: confirm the pair is
            // truly one puzzle by a transformation found from the forms.
            let a = canonicalize(&pair[0].1).transformation;
            let b = canonicalize(&pair[1].1).transformation;
            assert_eq!(
                a.then(&b.inverse()).apply(&pair[0].1),
                pair[1].1,
                "{} and {} share a form",
                pair[0].1,
                pair[1].1
            );
        }
    }
    let seventeen: Vec<Grid> = samples(200)
        .into_iter()
        .filter(|p| p.clue_count() == 17)
        .collect();
    let mut distinct: Vec<Grid> = seventeen.iter().map(canonical_form).collect();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), seventeen.len());
}

#[test]
fn automorphisms_of_puzzles_cut_symmetrically_from_a_symmetric_grid() {
    let symmetric = grid(MOST_SYMMETRIC);
    let to_form = canonicalize(&symmetric).transformation;
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    let mut counts = Vec::new();
    for round in 0..6 {
        // Some symmetry of the grid: there to its form, back to a shuffled
        // copy through the copy's own form, and back again.
        let shuffle = Transformation::random(&mut rng);
        let copy = shuffle.apply(&symmetric);
        let symmetry = to_form
            .then(&canonicalize(&copy).transformation.inverse())
            .then(&shuffle.inverse());
        assert_eq!(symmetry.apply(&symmetric), symmetric);
        // Givens closed under that symmetry: a puzzle it maps to itself.
        let mut cells = [0u8; 81];
        for _ in 0..3 + round {
            let cell = rng.random_range(0..81usize);
            cells[cell] = symmetric.values()[cell];
        }
        loop {
            let puzzle = Grid::from_values(cells).unwrap();
            let image = symmetry.apply(&puzzle);
            if image == puzzle {
                break;
            }
            for (cell, &value) in image.values().iter().enumerate() {
                if value != 0 {
                    cells[cell] = value;
                }
            }
        }
        let puzzle = Grid::from_values(cells).unwrap();
        let (form, automorphisms) = brute_force(&puzzle);
        let canonical = canonicalize(&puzzle);
        assert_eq!(canonical.form, form);
        assert_eq!(canonical.automorphisms, automorphisms, "{puzzle}");
        counts.push(automorphisms);
    }
    assert!(counts.iter().any(|&n| n > 1), "{counts:?}");
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 300,
        rng_seed: RngSeed::Fixed(0xCA70_2580),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_puzzles_keep_their_form(seed in any::<u64>(), blanks in 0usize..=81) {
        check_invariance(&random_puzzle(seed, blanks), seed);
    }

    #[test]
    fn transformed_copies_of_random_grids_share_the_form(seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        check_invariance(&random_full_grid(&mut rng), seed);
    }
}

proptest! {
    // The reference takes a good fraction of a second on sparse boards.
    #![proptest_config(ProptestConfig {
        cases: 40,
        rng_seed: RngSeed::Fixed(0xB2D7_2580),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_puzzles_agree_with_brute_force(seed in any::<u64>(), blanks in 20usize..=79) {
        check_against_brute_force(&random_puzzle(seed, blanks));
    }
}
