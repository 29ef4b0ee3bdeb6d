//! A plain reference solver, deliberately naive, that the engine is checked against,
//! and random boards to check it on.

#![allow(dead_code)]

use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use sudokit::Grid;

/// Row-major backtracking, trying 1..9 in order; calls `visit` on each solution
/// until it returns false. Returns false if stopped, or once `budget` nodes
/// are spent. `used` holds, per row, column and box (0..9, 9..18, 18..27), the
/// digits already there.
fn backtrack(
    cells: &mut [u8; 81],
    used: &mut [u16; 27],
    from: usize,
    budget: &mut u64,
    visit: &mut dyn FnMut(&[u8; 81]) -> bool,
) -> bool {
    let Some(cell) = (from..81).find(|&i| cells[i] == 0) else {
        return visit(cells);
    };
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let houses = houses(cell);
    for digit in 1..=9u8 {
        let bit = 1 << digit;
        if houses.iter().all(|&h| used[h] & bit == 0) {
            cells[cell] = digit;
            houses.iter().for_each(|&h| used[h] |= bit);
            let go_on = backtrack(cells, used, cell + 1, budget, visit);
            houses.iter().for_each(|&h| used[h] &= !bit);
            cells[cell] = 0;
            if !go_on {
                return false;
            }
        }
    }
    true
}

fn houses(cell: usize) -> [usize; 3] {
    let (row, col) = (cell / 9, cell % 9);
    [row, 9 + col, 18 + row / 3 * 3 + col / 3]
}

fn allowed(cells: &[u8; 81], cell: usize, digit: u8) -> bool {
    let (row, col) = (cell / 9, cell % 9);
    (0..81).all(|other| {
        let (r, c) = (other / 9, other % 9);
        let peer = r == row || c == col || (r / 3 == row / 3 && c / 3 == col / 3);
        other == cell || !peer || cells[other] != digit
    })
}

/// Whether the givens obey the rules.
pub fn givens_valid(grid: &Grid) -> bool {
    let cells = grid.values();
    (0..81).all(|i| cells[i] == 0 || allowed(cells, i, cells[i]))
}

/// The first `limit` solutions in the order the plain search finds them.
pub fn reference_solutions(grid: &Grid, limit: usize) -> Vec<Grid> {
    reference_solutions_within(grid, limit, u64::MAX).expect("no budget")
}

/// As [`reference_solutions`], or `None` if the plain search needs more than
/// `budget` nodes (it is exponential on some sparse boards).
pub fn reference_solutions_within(grid: &Grid, limit: usize, budget: u64) -> Option<Vec<Grid>> {
    let mut found = Vec::new();
    if limit == 0 || !givens_valid(grid) {
        return Some(found);
    }
    let mut cells = *grid.values();
    let mut used = [0u16; 27];
    for (cell, &digit) in cells.iter().enumerate() {
        houses(cell).iter().for_each(|&h| used[h] |= 1 << digit);
    }
    let mut budget = budget;
    backtrack(&mut cells, &mut used, 0, &mut budget, &mut |solution| {
        found.push(Grid::from_values(*solution).unwrap());
        found.len() < limit
    });
    (budget > 0 || found.len() == limit).then_some(found)
}

/// A uniformly shuffled complete grid: random digit order at every cell.
pub fn random_full_grid(rng: &mut ChaCha8Rng) -> Grid {
    let mut cells = [0u8; 81];
    fn fill(cells: &mut [u8; 81], cell: usize, rng: &mut ChaCha8Rng) -> bool {
        if cell == 81 {
            return true;
        }
        let mut digits: Vec<u8> = (1..=9).collect();
        digits.shuffle(rng);
        for digit in digits {
            if allowed(cells, cell, digit) {
                cells[cell] = digit;
                if fill(cells, cell + 1, rng) {
                    return true;
                }
                cells[cell] = 0;
            }
        }
        false
    }
    assert!(fill(&mut cells, 0, rng));
    Grid::from_values(cells).unwrap()
}

/// A board from a random full grid with `blanks` random cells blanked.
pub fn random_puzzle(seed: u64, blanks: usize) -> Grid {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let full = random_full_grid(&mut rng);
    let mut cells = *full.values();
    let mut order: Vec<usize> = (0..81).collect();
    order.shuffle(&mut rng);
    for &cell in &order[..blanks] {
        cells[cell] = 0;
    }
    Grid::from_values(cells).unwrap()
}

/// A board from a random puzzle with `blanks` blanks whose `changes` random
/// cells were then overwritten with random digits: mostly boards with clashing
/// givens or no solution, constrained enough for the plain search to be quick.
pub fn random_tampered(seed: u64, blanks: usize, changes: usize) -> Grid {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED);
    let mut cells = *random_puzzle(seed, blanks).values();
    for _ in 0..changes {
        cells[rng.random_range(0..81)] = rng.random_range(0..=9);
    }
    Grid::from_values(cells).unwrap()
}

/// Every `step`-th board of each shipped sample collection (`data/puzzles`),
/// the files in name order.
pub fn shipped_samples(step: usize) -> Vec<Grid> {
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/puzzles");
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .expect("the shipped samples")
        .map(|entry| entry.expect("a readable folder").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    files.sort();
    files
        .iter()
        .flat_map(|path| {
            let text = std::fs::read_to_string(path).expect("a shipped sample");
            text.lines()
                .step_by(step)
                .filter_map(|line| line.parse::<Grid>().ok())
                .collect::<Vec<_>>()
        })
        .collect()
}
