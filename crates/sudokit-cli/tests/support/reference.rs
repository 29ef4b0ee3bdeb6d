//! The reference the tests check answers with, written apart from the
//! library's solver so that a bug there cannot hide here: boards as 81
//! values, a checker of solutions, and a plain backtracking search.

/// A board: 81 values in row-major order, 0 for a blank.
pub type Board = [u8; 81];

/// Reads a one-line board with `.`, `0` or `_` blanks.
pub fn parse_line(text: &str) -> Board {
    let bytes = text.as_bytes();
    assert_eq!(bytes.len(), 81, "not an 81-cell line: {text:?}");
    let mut board = [0; 81];
    for (value, &byte) in board.iter_mut().zip(bytes) {
        *value = match byte {
            b'1'..=b'9' => byte - b'0',
            b'.' | b'0' | b'_' => 0,
            _ => panic!("not a cell: {:?} in {text:?}", byte as char),
        };
    }
    board
}

/// The digits of an answer in any style (`|`, `-`, `+`, spaces and newlines ignored).
pub fn digits_of(text: &str) -> Board {
    let values: Vec<u8> = text
        .bytes()
        .filter(u8::is_ascii_digit)
        .map(|b| b - b'0')
        .collect();
    values
        .try_into()
        .unwrap_or_else(|v: Vec<u8>| panic!("{} digits, not 81, in {text:?}", v.len()))
}

pub fn to_line(board: &Board, blank: char) -> String {
    board
        .iter()
        .map(|&v| if v == 0 { blank } else { char::from(b'0' + v) })
        .collect()
}

pub fn clue_count(board: &Board) -> usize {
    board.iter().filter(|&&value| value != 0).count()
}

fn box_of(cell: usize) -> usize {
    cell / 27 * 3 + cell % 9 / 3
}

/// Checks that `solution` is a full valid grid keeping every given of `puzzle`.
pub fn assert_solves(puzzle: &Board, solution: &Board, context: &str) {
    for cell in 0..81 {
        if puzzle[cell] != 0 {
            assert_eq!(
                solution[cell],
                puzzle[cell],
                "{context}: given r{}c{} changed",
                cell / 9 + 1,
                cell % 9 + 1
            );
        }
    }
    let mut rows = [0u16; 9];
    let mut cols = [0u16; 9];
    let mut boxes = [0u16; 9];
    for (cell, &value) in solution.iter().enumerate() {
        assert!(
            (1..=9).contains(&value),
            "{context}: cell {cell} is {value}"
        );
        rows[cell / 9] |= 1 << value;
        cols[cell % 9] |= 1 << value;
        boxes[box_of(cell)] |= 1 << value;
    }
    for unit in 0..9 {
        assert_eq!(
            rows[unit],
            0x3FE,
            "{context}: row {} repeats a digit",
            unit + 1
        );
        assert_eq!(
            cols[unit],
            0x3FE,
            "{context}: column {} repeats a digit",
            unit + 1
        );
        assert_eq!(
            boxes[unit],
            0x3FE,
            "{context}: box {} repeats a digit",
            unit + 1
        );
    }
}

/// Plain depth-first search, digits in ascending order. Looking for the
/// first solution it takes the cells in row-major order, so that solution is
/// the lexicographically smallest; counting, it takes the blank with the
/// fewest candidates, which changes only the order solutions are met in and
/// takes the hardest shipped puzzles from most of a minute to milliseconds.
pub struct Search {
    board: Board,
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

impl Search {
    /// `None` if two givens clash.
    pub fn new(puzzle: &Board) -> Option<Search> {
        let mut search = Search {
            board: [0; 81],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
        };
        for (cell, &value) in puzzle.iter().enumerate() {
            if value != 0 {
                if search.candidates(cell) & (1 << value) == 0 {
                    return None;
                }
                search.place(cell, value);
            }
        }
        Some(search)
    }

    fn candidates(&self, cell: usize) -> u16 {
        !(self.rows[cell / 9] | self.cols[cell % 9] | self.boxes[box_of(cell)]) & 0x3FE
    }

    fn place(&mut self, cell: usize, value: u8) {
        self.board[cell] = value;
        self.rows[cell / 9] |= 1 << value;
        self.cols[cell % 9] |= 1 << value;
        self.boxes[box_of(cell)] |= 1 << value;
    }

    fn remove(&mut self, cell: usize) {
        let bit = !(1u16 << self.board[cell]);
        self.board[cell] = 0;
        self.rows[cell / 9] &= bit;
        self.cols[cell % 9] &= bit;
        self.boxes[box_of(cell)] &= bit;
    }

    fn next_blank(&self, from: usize) -> Option<usize> {
        (from..81).find(|&cell| self.board[cell] == 0)
    }

    /// The blank with the fewest candidates, the first of them in row-major order.
    fn most_constrained_blank(&self) -> Option<usize> {
        (0..81)
            .filter(|&cell| self.board[cell] == 0)
            .min_by_key(|&cell| self.candidates(cell).count_ones())
    }

    /// Fills the board with its first solution in row-major digit order.
    fn first(&mut self, from: usize) -> bool {
        let Some(cell) = self.next_blank(from) else {
            return true;
        };
        let candidates = self.candidates(cell);
        for value in 1..=9u8 {
            if candidates & (1 << value) != 0 {
                self.place(cell, value);
                if self.first(cell + 1) {
                    return true;
                }
                self.remove(cell);
            }
        }
        false
    }

    /// Adds the solutions reachable from here to `found`, stopping at
    /// `limit`, and keeps the first one met in `kept`.
    fn count(&mut self, limit: u64, found: &mut u64, kept: &mut Option<Board>) {
        let Some(cell) = self.most_constrained_blank() else {
            *found += 1;
            kept.get_or_insert(self.board);
            return;
        };
        let candidates = self.candidates(cell);
        for value in 1..=9u8 {
            if *found >= limit {
                return;
            }
            if candidates & (1 << value) != 0 {
                self.place(cell, value);
                self.count(limit, found, kept);
                self.remove(cell);
            }
        }
    }
}

/// The lexicographically smallest solution, by the reference search. Meant
/// for boards with several solutions: on a hard puzzle with one, the
/// row-major search may take most of a minute (see [`unique_solution`]).
pub fn lexmin_solution(puzzle: &Board) -> Option<Board> {
    let mut search = Search::new(puzzle)?;
    search.first(0).then_some(search.board)
}

/// The number of solutions up to `limit`, by the reference search (0 if givens clash).
pub fn count_solutions(puzzle: &Board, limit: u64) -> u64 {
    let Some(mut search) = Search::new(puzzle) else {
        return 0;
    };
    let mut found = 0;
    search.count(limit, &mut found, &mut None);
    found
}

/// The solution of a puzzle with exactly one, by the reference search;
/// `None` if it has none or several.
pub fn unique_solution(puzzle: &Board) -> Option<Board> {
    let mut search = Search::new(puzzle)?;
    let (mut found, mut kept) = (0, None);
    search.count(2, &mut found, &mut kept);
    kept.filter(|_| found == 1)
}
