// The checks behind the fuzz targets, in one file that both the fuzz targets
// (fuzz/fuzz_targets/*.rs) and the stable corpus replay
// (crates/sudokit/tests/fuzz_corpus.rs) `include!`, so that a crash found by
// the fuzzer and saved under fuzz/regressions/ fails `cargo test` on stable.
//
// Each check takes any bytes, panics on a broken property and returns quietly
// otherwise (including on inputs it rejects as too costly). Only the sudokit
// crate, its `rand` dependency (for `Transformation::random`) and std are used.

use rand::SeedableRng;
use sudokit::logic::LogicSolver;
use sudokit::text::{write_grid, write_marks, Records, Style};
use sudokit::{canonical_form, Candidates, Cell, Grid, Record, Solver, Transformation};

/// Every record of `data`, read from a byte slice (which cannot fail to read).
fn read_all(data: &[u8]) -> Vec<Record> {
    Records::new(data)
        .map(|record| record.expect("reading from a byte slice cannot fail"))
        .collect()
}

/// The one record `text` holds, which `text` was written to hold.
fn read_one(text: &[u8]) -> Record {
    let mut records = read_all(text);
    assert_eq!(
        records.len(),
        1,
        "written text reads as {} records:\n{}",
        records.len(),
        String::from_utf8_lossy(text)
    );
    records.pop().expect("one record")
}

/// Any bytes through `Records`: no panic, and every record read without error
/// reads back the same when written in its own style.
pub fn read_records(data: &[u8]) {
    // `str::parse` goes through the same reader; it must not panic either.
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = text.parse::<Grid>();
        let _ = text.parse::<Candidates>();
    }
    for record in read_all(data) {
        let Ok(grid) = record.grid else { continue };
        match &record.marks {
            None => {
                assert!(
                    !record.style.shows_marks(),
                    "board record in {:?}",
                    record.style
                );
                let mut out = Vec::new();
                write_grid(&mut out, &grid, record.style, record.blank);
                let again = read_one(&out);
                let text = String::from_utf8_lossy(&out);
                assert_eq!(again.grid.as_ref(), Ok(&grid), "grid changed:\n{text}");
                assert_eq!(again.style, record.style, "style changed:\n{text}");
                assert!(again.marks.is_none(), "board read back as marks:\n{text}");
            }
            Some(marks) => {
                assert!(record.style.shows_marks(), "marks in {:?}", record.style);
                assert_eq!(
                    marks.grid(),
                    grid,
                    "a marks record's grid is its placed digits"
                );
                // The 729-character line always reads back as the same marks.
                let line = marks.to_string_729();
                let again = read_one(line.as_bytes());
                assert_eq!(again.style, Style::Marks, "729 line:\n{line}");
                assert_eq!(
                    again.marks.as_deref(),
                    Some(&**marks),
                    "marks changed:\n{line}"
                );
                // So does the record's own style, but for the proviso
                // `write_marks` states: a candidate grid in which no cell
                // shows two digits reads as a drawn board.
                let mut out = Vec::new();
                write_marks(&mut out, marks, record.style);
                let again = read_one(&out);
                let text = String::from_utf8_lossy(&out);
                let multi = Cell::all().any(|cell| marks.shown(cell).len() >= 2);
                if record.style == Style::MarksGrid && !multi {
                    assert_eq!(again.style, Style::Drawn, "style changed:\n{text}");
                } else {
                    assert_eq!(again.style, record.style, "style changed:\n{text}");
                    assert_eq!(
                        again.marks.as_deref(),
                        Some(&**marks),
                        "marks changed:\n{text}"
                    );
                }
                assert_eq!(again.grid.as_ref(), Ok(&grid), "grid changed:\n{text}");
            }
        }
    }
}

/// A board from the first 81 bytes: `1`-`9` is a digit, any other byte (and
/// any byte past the end) a blank, so that a puzzle line is itself an input.
fn board_from_bytes(data: &[u8]) -> Grid {
    let mut values = [0u8; 81];
    for (value, &byte) in values.iter_mut().zip(data) {
        if (b'1'..=b'9').contains(&byte) {
            *value = byte - b'0';
        }
    }
    Grid::from_values(values).expect("values are 0..=9")
}

/// [`board_from_bytes`] keeping only the digits that clash with no digit kept
/// before them in row-major order.
fn clash_free_board(data: &[u8]) -> Grid {
    let raw = board_from_bytes(data);
    let mut grid = Grid::EMPTY;
    for cell in Cell::all() {
        let Some(digit) = raw.get(cell) else { continue };
        let clashes = Cell::all()
            .any(|peer| peer != cell && cell.sees(peer) && grid.get(peer) == Some(digit));
        if !clashes {
            grid.set(cell, Some(digit));
        }
    }
    grid
}

/// Plain row-major backtracking, trying 1 to 9 in each empty cell: solutions
/// come out in lexicographic order. Returns the first `limit` of them, or
/// `None` if the search took more than `budget` nodes (the input is skipped).
fn reference_solutions(grid: &Grid, limit: usize, budget: u64) -> Option<Vec<Grid>> {
    struct Search {
        cells: [u8; 81],
        // Digits used in each row, column and box, as bits 1..=9.
        rows: [u16; 9],
        cols: [u16; 9],
        boxes: [u16; 9],
        found: Vec<Grid>,
        limit: usize,
        nodes: u64,
        budget: u64,
    }
    impl Search {
        fn box_of(index: usize) -> usize {
            index / 27 * 3 + index % 9 / 3
        }
        /// False when the search should stop (enough solutions, or over budget).
        fn go(&mut self, from: usize) -> bool {
            self.nodes += 1;
            if self.nodes > self.budget {
                return false;
            }
            let Some(index) = (from..81).find(|&i| self.cells[i] == 0) else {
                self.found
                    .push(Grid::from_values(self.cells).expect("values are 0..=9"));
                return self.found.len() < self.limit;
            };
            let (row, col, bx) = (index / 9, index % 9, Search::box_of(index));
            let used = self.rows[row] | self.cols[col] | self.boxes[bx];
            for digit in 1..=9u8 {
                let bit = 1u16 << digit;
                if used & bit != 0 {
                    continue;
                }
                self.cells[index] = digit;
                self.rows[row] |= bit;
                self.cols[col] |= bit;
                self.boxes[bx] |= bit;
                let go_on = self.go(index + 1);
                self.rows[row] &= !bit;
                self.cols[col] &= !bit;
                self.boxes[bx] &= !bit;
                self.cells[index] = 0;
                if !go_on {
                    return false;
                }
            }
            true
        }
    }
    let mut search = Search {
        cells: *grid.values(),
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
        found: Vec::new(),
        limit,
        nodes: 0,
        budget,
    };
    for (index, &value) in grid.values().iter().enumerate() {
        if value != 0 {
            let bit = 1u16 << value;
            let (row, col, bx) = (index / 9, index % 9, Search::box_of(index));
            assert_eq!(
                (search.rows[row] | search.cols[col] | search.boxes[bx]) & bit,
                0,
                "clash-free board"
            );
            search.rows[row] |= bit;
            search.cols[col] |= bit;
            search.boxes[bx] |= bit;
        }
    }
    if limit > 0 {
        search.go(0);
    }
    (search.nodes <= search.budget).then_some(search.found)
}

/// Fewest clues a board needs for `solve_vs_reference`: emptier boards can
/// cost the reference search millions of nodes.
const MIN_CLUES: usize = 24;

/// Nodes the reference search may visit before the input is skipped.
const REFERENCE_BUDGET: u64 = 200_000;

/// The solver against [`reference_solutions`]: `solve`, `solve_first`,
/// `count_solutions` and `solutions` on a clash-free board from the bytes.
pub fn solve_vs_reference(data: &[u8]) {
    let grid = clash_free_board(data);
    if grid.clue_count() < MIN_CLUES {
        return;
    }
    // Byte 81, when there is one, picks how many solutions to ask for.
    let limit = data.get(81).map_or(3, |&byte| usize::from(byte % 5) + 1);
    let Some(expected) = reference_solutions(&grid, limit, REFERENCE_BUDGET) else {
        return;
    };
    let line = grid.to_line();
    let mut solver = Solver::new();
    match (solver.solve(&grid), expected.first()) {
        (Ok(solution), Some(smallest)) => assert_eq!(solution, *smallest, "solve of {line}"),
        (Err(error), None) => assert_eq!(error, sudokit::SolveError::NoSolution, "solve of {line}"),
        (got, want) => panic!("solve of {line}: got {got:?}, the reference {want:?}"),
    }
    match solver.solve_first(&grid) {
        Ok(solution) => {
            assert!(
                !expected.is_empty(),
                "solve_first solved {line}, which has no solution"
            );
            assert!(
                solution.is_solution_of(&grid),
                "solve_first of {line}: {solution:?}"
            );
        }
        Err(error) => assert!(expected.is_empty(), "solve_first of {line}: {error}"),
    }
    let count = solver
        .count_solutions(&grid, limit as u64)
        .expect("clash-free board");
    assert_eq!(
        count,
        expected.len() as u64,
        "count_solutions({limit}) of {line}"
    );
    let solutions = solver
        .solutions(&grid, limit as u64)
        .expect("clash-free board");
    assert_eq!(solutions, expected, "solutions({limit}) of {line}");
}

/// FNV-1a over the input: a seed every byte changes.
fn seed_of(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A board from the bytes (clashes allowed) and two random transformations
/// seeded from them: the canonical form is invariant and idempotent, and a
/// transformation followed by its inverse gives the board back.
pub fn canon_invariant(data: &[u8]) {
    let grid = board_from_bytes(data);
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed_of(data));
    let first = Transformation::random(&mut rng);
    let second = Transformation::random(&mut rng);
    let line = grid.to_line();

    let moved = first.apply(&grid);
    assert_eq!(moved.clue_count(), grid.clue_count(), "{first:?} on {line}");
    assert_eq!(
        first.inverse().apply(&moved),
        grid,
        "{first:?} and back on {line}"
    );
    assert_eq!(
        first.then(&first.inverse()),
        Transformation::identity(),
        "{first:?}"
    );
    assert_eq!(
        first.then(&second).apply(&grid),
        second.apply(&moved),
        "{first:?} then {second:?} on {line}"
    );

    let canonical = canonical_form(&grid);
    assert_eq!(canonical_form(&moved), canonical, "{first:?} on {line}");
    assert_eq!(
        canonical_form(&second.apply(&moved)),
        canonical,
        "{second:?} on {line}"
    );
    assert_eq!(
        canonical_form(&canonical),
        canonical,
        "canonical form of {line}"
    );
    assert_eq!(
        canonical.clue_count(),
        grid.clue_count(),
        "canonical form of {line}"
    );
}

/// A puzzle with one solution: the first 81 bytes give a board whose
/// smallest solution is the answer, and the puzzle shows the answer in the
/// board's clue cells and in every cell whose bit is set in the bytes after
/// them (so a unique puzzle line alone is the puzzle itself). Every step of
/// `LogicSolver::explain` must agree with the answer.
pub fn logic_steps_sound(data: &[u8]) {
    let board = clash_free_board(data);
    let mask = data.get(81..).unwrap_or_default();
    let shown = |index: usize| {
        mask.get(index / 8)
            .is_some_and(|&byte| byte >> (index % 8) & 1 == 1)
    };
    let Ok(solution) = Solver::new().solve(&board) else {
        return;
    };
    let mut puzzle = Grid::EMPTY;
    for cell in Cell::all() {
        if board.get(cell).is_some() || shown(cell.index()) {
            puzzle.set(cell, solution.get(cell));
        }
    }
    if puzzle.count_solutions(2) != Ok(1) {
        return;
    }
    let line = puzzle.to_line();
    let explanation = LogicSolver::new()
        .explain(&puzzle)
        .expect("a puzzle with one solution");
    assert!(explanation.unique, "explain of {line} counts it not unique");
    let mut marks = Candidates::from_grid(&puzzle);
    for (number, step) in explanation.steps.iter().enumerate() {
        for placement in &step.placements {
            assert_eq!(
                solution.get(placement.cell),
                Some(placement.digit),
                "{line}: step {number} ({step}) places {placement}"
            );
        }
        for elimination in &step.eliminations {
            assert_ne!(
                solution.get(elimination.cell),
                Some(elimination.digit),
                "{line}: step {number} ({step}) eliminates {elimination}"
            );
        }
        assert!(
            step.makes_progress(&marks),
            "{line}: step {number} ({step}) changes nothing"
        );
        step.apply(&mut marks);
    }
    assert_eq!(marks, explanation.end, "{line}: the steps replayed");
    assert!(
        marks.contradiction().is_none(),
        "{line}: sound steps end in a contradiction"
    );
    if explanation.solved {
        assert_eq!(marks.grid(), solution, "{line}: solved to another grid");
    }
}
