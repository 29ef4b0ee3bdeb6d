//! The boards the tests feed in and the answers they expect, each checked
//! against the reference search by [`expected_answers_are_right`], and the
//! helpers that make and read inputs and outputs of many records.

use std::path::PathBuf;

use serde_json::Value;

use crate::support::reference::{
    assert_solves, count_solutions, digits_of, lexmin_solution, parse_line, to_line,
    unique_solution, Board,
};
use crate::support::{read_example, repo_path, BOARD_PUZZLE_LINE};

/// The solution of `examples/board.txt`, in the style of that file.
pub const BOARD_SOLUTION_BLOCK: &str = "\
3 2 1 9 7 5 6 4 8
5 9 6 8 3 4 2 1 7
7 4 8 6 1 2 9 3 5
1 7 9 3 5 8 4 6 2
2 5 4 1 9 6 7 8 3
6 8 3 4 2 7 5 9 1
8 1 7 2 6 9 3 5 4
9 3 5 7 4 1 8 2 6
4 6 2 5 8 3 1 7 9
";

/// The same solution as one line.
pub const BOARD_SOLUTION_LINE: &str =
    "321975648596834217748612935179358462254196783683427591817269354935741826462583179";

/// The same solution as nine rows of digits.
pub const BOARD_SOLUTION_DIGITS: &str = "\
321975648
596834217
748612935
179358462
254196783
683427591
817269354
935741826
462583179
";

/// The same solution drawn as in Simple Sudoku `.ss` files.
pub const BOARD_SOLUTION_DRAWN: &str = "\
321|975|648
596|834|217
748|612|935
---+---+---
179|358|462
254|196|783
683|427|591
---+---+---
817|269|354
935|741|826
462|583|179
";

/// The lexicographically smallest full grid: the answer for an all-blank board.
pub const EMPTY_LEXMIN_ROWS: [&str; 9] = [
    "123456789",
    "456789123",
    "789123456",
    "214365897",
    "365897214",
    "897214365",
    "531642978",
    "642978531",
    "978531642",
];

/// A serg benchmark puzzle with 872 solutions (also in `examples/puzzles.txt`).
pub const SERG: &str =
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532";

/// A puzzle with exactly one solution (magictour top1465 #1).
pub const UNIQUE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

/// The solution of [`UNIQUE`] (checked where it is used).
pub const UNIQUE_SOLUTION: &str =
    "468931527751624839392578461134756298289413675675289314846192753513867942927345186";

/// The answers for `examples/puzzles.txt`: three unique puzzles, then [`SERG`]'s
/// smallest solution (checked by [`puzzles_txt_solutions`]).
pub const PUZZLES_TXT_SOLUTIONS: [&str; 4] = [
    UNIQUE_SOLUTION,
    "953168742862734951417952836746893125281645397395271468138529674574386219629417583",
    "621943758783615492594728361142879635357461289869532174238197546916354827475286913",
    "812345679395167824476289351153426798689571243724893165238754916561932487947618532",
];

/// `examples/board.txt` with r1c1 set to 1: no two givens clash, yet there is
/// no solution (the only solution of the original has 3 there).
pub const NO_SOLUTION_BLOCK: &str = "\
1 2 0 9 0 5 0 0 0
5 9 0 0 3 0 2 0 0
7 0 0 6 0 2 0 0 5
0 0 9 3 5 0 4 6 0
0 5 4 0 0 0 7 8 0
0 8 3 0 2 7 5 0 0
8 0 0 2 0 9 0 0 4
0 0 5 0 4 0 0 2 6
0 0 0 5 0 3 0 7 0
";

/// The one-line puzzles of two of the shipped sample collections (600 lines),
/// chosen because every one of them is solved quickly.
pub fn sample_puzzles() -> Vec<String> {
    let mut lines = Vec::new();
    for name in ["puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt"] {
        let path = repo_path("data/puzzles").join(name);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        lines.extend(
            text.lines()
                .filter(|line| line.len() == 81)
                .map(str::to_string),
        );
    }
    assert!(lines.len() >= 600, "only {} sample puzzles", lines.len());
    lines
}

/// `count` puzzle lines taken in turn from the samples.
pub fn bulk_lines(count: usize) -> Vec<String> {
    sample_puzzles().into_iter().cycle().take(count).collect()
}

/// Writes `lines` to `name` in a new temporary directory.
pub fn write_lines(dir: &tempfile::TempDir, name: &str, lines: &[String]) -> PathBuf {
    let path = dir.path().join(name);
    let mut text = lines.join("\n");
    text.push('\n');
    std::fs::write(&path, text).expect("the temporary file is written");
    path
}

pub fn to_block(board: &Board) -> String {
    let mut text = String::new();
    for row in board.chunks_exact(9) {
        let cells: Vec<String> = row.iter().map(u8::to_string).collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text
}

pub fn to_digit_rows(board: &Board, blank: char) -> String {
    let line = to_line(board, blank);
    let mut text = String::new();
    for row in 0..9 {
        text.push_str(&line[row * 9..row * 9 + 9]);
        text.push('\n');
    }
    text
}

pub fn to_drawn(board: &Board, blank: char) -> String {
    let line = to_line(board, blank);
    let mut text = String::new();
    for row in 0..9 {
        if row == 3 || row == 6 {
            text.push_str("---+---+---\n");
        }
        let cells = &line[row * 9..row * 9 + 9];
        text.push_str(&format!(
            "{}|{}|{}\n",
            &cells[..3],
            &cells[3..6],
            &cells[6..]
        ));
    }
    text
}

/// The solution of `examples/board.txt` with its first `rows` rows blanked.
pub fn board_with_blank_rows(rows: usize) -> Board {
    let mut board = parse_line(BOARD_SOLUTION_LINE);
    board[..rows * 9].fill(0);
    board
}

pub fn empty_lexmin() -> Board {
    parse_line(&EMPTY_LEXMIN_ROWS.concat())
}

/// The puzzles of `examples/puzzles.txt`, without their comments.
pub fn puzzles_txt() -> Vec<String> {
    read_example("puzzles.txt")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| line[..81].to_string())
        .collect()
}

/// [`PUZZLES_TXT_SOLUTIONS`], checked: each solves its puzzle, the first
/// three are their puzzles' only solutions, and the last is the smallest of
/// its puzzle's several.
pub fn puzzles_txt_solutions() -> [&'static str; 4] {
    let puzzles = puzzles_txt();
    assert_eq!(puzzles.len(), 4);
    for (puzzle, solution) in puzzles.iter().zip(PUZZLES_TXT_SOLUTIONS) {
        assert_solves(&parse_line(puzzle), &parse_line(solution), puzzle);
    }
    for (puzzle, solution) in puzzles.iter().zip(PUZZLES_TXT_SOLUTIONS).take(3) {
        assert_eq!(
            unique_solution(&parse_line(puzzle)).map(|s| to_line(&s, '.')),
            Some(solution.to_string()),
            "{puzzle}"
        );
    }
    assert_eq!(puzzles[0], UNIQUE);
    assert_eq!(puzzles[3], SERG);
    assert_eq!(
        lexmin_solution(&parse_line(SERG)).map(|s| to_line(&s, '.')),
        Some(PUZZLES_TXT_SOLUTIONS[3].to_string())
    );
    PUZZLES_TXT_SOLUTIONS
}

#[test]
fn expected_answers_are_right() {
    // Guards the expected answers the other tests compare with.
    assert_solves(
        &parse_line(BOARD_PUZZLE_LINE),
        &parse_line(BOARD_SOLUTION_LINE),
        "board.txt",
    );
    assert_eq!(count_solutions(&parse_line(BOARD_PUZZLE_LINE), 2), 1);
    for text in [
        BOARD_SOLUTION_BLOCK,
        BOARD_SOLUTION_DIGITS,
        BOARD_SOLUTION_DRAWN,
    ] {
        assert_eq!(digits_of(text), parse_line(BOARD_SOLUTION_LINE));
    }
    assert_eq!(
        digits_of(&read_example("board.txt")),
        parse_line(BOARD_PUZZLE_LINE)
    );
    assert_eq!(lexmin_solution(&[0; 81]), Some(empty_lexmin()));
    puzzles_txt_solutions();
}

/// Parses every line of stdout as one JSON object.
pub fn json_lines(stdout: &str) -> Vec<serde_json::Map<String, Value>> {
    stdout
        .lines()
        .map(|line| match serde_json::from_str(line) {
            Ok(Value::Object(object)) => object,
            other => panic!("not a JSON object: {line:?} ({other:?})"),
        })
        .collect()
}
