//! Command-line tests of the `sudokit` binary, as a new user would run it:
//! the shipped example boards, every input style, `--format`, `--first`,
//! lexicographically smallest answers, `count`, error messages and exit
//! statuses, bulk files, thread counts, several inputs, a broken pipe and
//! `--stats`.
//!
//! Expected answers for boards with several solutions come from a plain
//! row-major backtracker written here (see [`Search`]), independent of the
//! library's solver.

use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command as StdCommand, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

// ---------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------

/// The solution of `examples/board.txt`, in the style of that file.
const BOARD_SOLUTION_BLOCK: &str = "\
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
const BOARD_SOLUTION_LINE: &str =
    "321975648596834217748612935179358462254196783683427591817269354935741826462583179";

/// The same solution as nine rows of digits.
const BOARD_SOLUTION_DIGITS: &str = "\
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
const BOARD_SOLUTION_DRAWN: &str = "\
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

/// The puzzle of `examples/board.txt` as one line.
const BOARD_PUZZLE_LINE: &str =
    ".2.9.5...59..3.2..7..6.2..5..935.46..54...78..83.275..8..2.9..4..5.4..26...5.3.7.";

/// The lexicographically smallest full grid: the answer for an all-blank board.
const EMPTY_LEXMIN_ROWS: [&str; 9] = [
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
const SERG: &str =
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532";

/// A puzzle with exactly one solution (magictour top1465 #1).
const UNIQUE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

/// The solution of [`UNIQUE`] (checked where it is used).
const UNIQUE_SOLUTION: &str =
    "468931527751624839392578461134756298289413675675289314846192753513867942927345186";

/// The answers for `examples/puzzles.txt`: three unique puzzles, then [`SERG`]'s
/// smallest solution (checked by [`puzzles_txt_solutions`]).
const PUZZLES_TXT_SOLUTIONS: [&str; 4] = [
    UNIQUE_SOLUTION,
    "953168742862734951417952836746893125281645397395271468138529674574386219629417583",
    "621943758783615492594728361142879635357461289869532174238197546916354827475286913",
    "812345679395167824476289351153426798689571243724893165238754916561932487947618532",
];

/// `examples/board.txt` with r1c1 set to 1: no two givens clash, yet there is
/// no solution (the only solution of the original has 3 there).
const NO_SOLUTION_BLOCK: &str = "\
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

fn sudokit() -> Command {
    Command::cargo_bin("sudokit").expect("the sudokit binary is built for the tests")
}

/// A path from the workspace root.
fn repo_path(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(relative)
}

/// An example board shipped in `examples/`, as a path string for the command line.
fn example(name: &str) -> String {
    repo_path("examples")
        .join(name)
        .to_str()
        .expect("a UTF-8 path")
        .to_string()
}

fn read_example(name: &str) -> String {
    std::fs::read_to_string(example(name)).expect("the example exists")
}

/// The one-line puzzles of two of the shipped sample collections (600 lines),
/// chosen because every one of them is solved quickly.
fn sample_puzzles() -> Vec<String> {
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
fn bulk_lines(count: usize) -> Vec<String> {
    sample_puzzles().into_iter().cycle().take(count).collect()
}

/// Writes `lines` to `name` in a new temporary directory.
fn write_lines(dir: &tempfile::TempDir, name: &str, lines: &[String]) -> PathBuf {
    let path = dir.path().join(name);
    let mut text = lines.join("\n");
    text.push('\n');
    std::fs::write(&path, text).expect("the temporary file is written");
    path
}

fn stdout_of(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr_of(output: &std::process::Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

// ---------------------------------------------------------------------------
// Boards and a plain reference search
// ---------------------------------------------------------------------------

/// A board: 81 values in row-major order, 0 for a blank.
type Board = [u8; 81];

/// Reads a one-line board with `.`, `0` or `_` blanks.
fn parse_line(text: &str) -> Board {
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
fn digits_of(text: &str) -> Board {
    let values: Vec<u8> = text
        .bytes()
        .filter(u8::is_ascii_digit)
        .map(|b| b - b'0')
        .collect();
    values
        .try_into()
        .unwrap_or_else(|v: Vec<u8>| panic!("{} digits, not 81, in {text:?}", v.len()))
}

fn to_line(board: &Board, blank: char) -> String {
    board
        .iter()
        .map(|&v| if v == 0 { blank } else { char::from(b'0' + v) })
        .collect()
}

fn to_block(board: &Board) -> String {
    let mut text = String::new();
    for row in board.chunks_exact(9) {
        let cells: Vec<String> = row.iter().map(u8::to_string).collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text
}

fn to_digit_rows(board: &Board, blank: char) -> String {
    let line = to_line(board, blank);
    let mut text = String::new();
    for row in 0..9 {
        text.push_str(&line[row * 9..row * 9 + 9]);
        text.push('\n');
    }
    text
}

fn to_drawn(board: &Board, blank: char) -> String {
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

fn box_of(cell: usize) -> usize {
    cell / 27 * 3 + cell % 9 / 3
}

/// Checks that `solution` is a full valid grid keeping every given of `puzzle`.
fn assert_solves(puzzle: &Board, solution: &Board, context: &str) {
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

/// Plain depth-first search over the cells in row-major order, digits in
/// ascending order: its first solution is the lexicographically smallest.
struct Search {
    board: Board,
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

impl Search {
    /// `None` if two givens clash.
    fn new(puzzle: &Board) -> Option<Search> {
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

    /// Adds the solutions reachable from here to `found`, stopping at `limit`.
    fn count(&mut self, from: usize, limit: u64, found: &mut u64) {
        let Some(cell) = self.next_blank(from) else {
            *found += 1;
            return;
        };
        let candidates = self.candidates(cell);
        for value in 1..=9u8 {
            if *found >= limit {
                return;
            }
            if candidates & (1 << value) != 0 {
                self.place(cell, value);
                self.count(cell + 1, limit, found);
                self.remove(cell);
            }
        }
    }
}

/// The lexicographically smallest solution, by the reference search.
fn lexmin_solution(puzzle: &Board) -> Option<Board> {
    let mut search = Search::new(puzzle)?;
    search.first(0).then_some(search.board)
}

/// The number of solutions up to `limit`, by the reference search (0 if givens clash).
fn count_solutions(puzzle: &Board, limit: u64) -> u64 {
    let Some(mut search) = Search::new(puzzle) else {
        return 0;
    };
    let mut found = 0;
    search.count(0, limit, &mut found);
    found
}

/// The solution of `examples/board.txt` with its first `rows` rows blanked.
fn board_with_blank_rows(rows: usize) -> Board {
    let mut board = parse_line(BOARD_SOLUTION_LINE);
    board[..rows * 9].fill(0);
    board
}

fn empty_lexmin() -> Board {
    parse_line(&EMPTY_LEXMIN_ROWS.concat())
}

/// The puzzles of `examples/puzzles.txt`, without their comments.
fn puzzles_txt() -> Vec<String> {
    read_example("puzzles.txt")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| line[..81].to_string())
        .collect()
}

/// [`PUZZLES_TXT_SOLUTIONS`], checked: each solves its puzzle, and the one
/// for the puzzle with several solutions is the smallest. (The plain search
/// is too slow to find the others' solutions from scratch.)
fn puzzles_txt_solutions() -> [&'static str; 4] {
    let puzzles = puzzles_txt();
    assert_eq!(puzzles.len(), 4);
    for (puzzle, solution) in puzzles.iter().zip(PUZZLES_TXT_SOLUTIONS) {
        assert_solves(&parse_line(puzzle), &parse_line(solution), puzzle);
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

// ---------------------------------------------------------------------------
// The example boards
// ---------------------------------------------------------------------------

#[test]
fn board_on_stdin_prints_its_solution_in_block_style() {
    sudokit()
        .write_stdin(read_example("board.txt"))
        .assert()
        .code(0)
        .stdout(BOARD_SOLUTION_BLOCK)
        .stderr("");
}

#[test]
fn solve_subcommand_with_a_file_prints_the_same_solution() {
    sudokit()
        .args(["solve", &example("board.txt")])
        .assert()
        .code(0)
        .stdout(BOARD_SOLUTION_BLOCK)
        .stderr("");
    sudokit()
        .arg(example("board.txt"))
        .assert()
        .code(0)
        .stdout(BOARD_SOLUTION_BLOCK)
        .stderr("");
    for args in [&["solve"][..], &["solve", "-"], &["-"]] {
        sudokit()
            .args(args)
            .write_stdin(read_example("board.txt"))
            .assert()
            .code(0)
            .stdout(BOARD_SOLUTION_BLOCK)
            .stderr("");
    }
}

#[test]
fn help_and_version_exit_0() {
    for flag in ["--help", "-h", "--version", "-V"] {
        sudokit()
            .arg(flag)
            .assert()
            .code(0)
            .stdout(predicate::str::contains("sudokit"));
    }
    for subcommand in ["solve", "count"] {
        sudokit()
            .args([subcommand, "--help"])
            .assert()
            .code(0)
            .stdout(predicate::str::contains("--format"));
    }
}

#[test]
fn all_zero_board_gives_the_smallest_grid() {
    let expected: String = EMPTY_LEXMIN_ROWS
        .iter()
        .map(|row| {
            let cells: Vec<String> = row.chars().map(String::from).collect();
            cells.join(" ") + "\n"
        })
        .collect();
    assert!(expected.starts_with(
        "1 2 3 4 5 6 7 8 9\n4 5 6 7 8 9 1 2 3\n7 8 9 1 2 3 4 5 6\n2 1 4 3 6 5 8 9 7\n"
    ));
    assert_eq!(lexmin_solution(&[0; 81]), Some(empty_lexmin()));
    sudokit()
        .write_stdin(read_example("empty.txt"))
        .assert()
        .code(0)
        .stdout(expected.clone())
        .stderr("");
    sudokit()
        .args(["solve", &example("empty.txt")])
        .assert()
        .code(0)
        .stdout(expected)
        .stderr("");
}

// ---------------------------------------------------------------------------
// Input styles, each answered in its own style
// ---------------------------------------------------------------------------

#[test]
fn nine_lines_of_digits_are_answered_as_nine_lines_of_digits() {
    let input = read_example("board.txt").replace(' ', "");
    assert!(input.starts_with("020905000\n"));
    sudokit()
        .write_stdin(input)
        .assert()
        .code(0)
        .stdout(BOARD_SOLUTION_DIGITS)
        .stderr("");
}

#[test]
fn one_line_with_dot_zero_or_underscore_blanks_is_answered_as_one_line() {
    for blank in ['.', '0', '_'] {
        let input = BOARD_PUZZLE_LINE.replace('.', &blank.to_string());
        sudokit()
            .write_stdin(format!("{input}\n"))
            .assert()
            .code(0)
            .stdout(format!("{BOARD_SOLUTION_LINE}\n"))
            .stderr("");
    }
}

#[test]
fn one_line_followed_by_a_comment_is_answered_as_one_line() {
    for input in [
        format!("{BOARD_PUZZLE_LINE} a comment\n"),
        format!("{BOARD_PUZZLE_LINE}\tanother # comment 123\n"),
        format!("{BOARD_PUZZLE_LINE}   #5\n"),
    ] {
        sudokit()
            .write_stdin(input)
            .assert()
            .code(0)
            .stdout(format!("{BOARD_SOLUTION_LINE}\n"))
            .stderr("");
    }
}

#[test]
fn drawn_ss_file_is_answered_drawn() {
    sudokit()
        .args(["solve", &example("board.ss")])
        .assert()
        .code(0)
        .stdout(BOARD_SOLUTION_DRAWN)
        .stderr("");
    sudokit()
        .write_stdin(read_example("board.ss"))
        .assert()
        .code(0)
        .stdout(BOARD_SOLUTION_DRAWN)
        .stderr("");
}

#[test]
fn sdk_file_with_puzzle_header_is_answered_as_rows_of_digits() {
    sudokit()
        .args(["solve", &example("board.sdk")])
        .assert()
        .code(0)
        .stdout(BOARD_SOLUTION_DIGITS)
        .stderr("");
}

#[test]
fn comments_and_blank_lines_are_skipped() {
    let line_input = format!("# puzzles\n\n   \n{BOARD_PUZZLE_LINE}\n\n# the end\n");
    sudokit()
        .write_stdin(line_input)
        .assert()
        .code(0)
        .stdout(format!("{BOARD_SOLUTION_LINE}\n"))
        .stderr("");
    let block_input = format!(
        "# Baekjoon 2580\n\n{}\n# done\n\n",
        read_example("board.txt")
    );
    sudokit()
        .write_stdin(block_input)
        .assert()
        .code(0)
        .stdout(BOARD_SOLUTION_BLOCK)
        .stderr("");
}

#[test]
fn windows_line_endings_are_accepted() {
    let input = read_example("board.txt").replace('\n', "\r\n");
    sudokit()
        .write_stdin(input)
        .assert()
        .code(0)
        .stdout(BOARD_SOLUTION_BLOCK)
        .stderr("");
}

#[test]
fn blocks_separated_by_blank_lines_are_answered_in_order_separated_by_blank_lines() {
    let board = read_example("board.txt");
    let empty = read_example("empty.txt");
    let input = format!("{board}\n{empty}\n\n{board}");
    let expected = format!(
        "{BOARD_SOLUTION_BLOCK}\n{}\n{BOARD_SOLUTION_BLOCK}",
        to_block(&empty_lexmin())
    );
    sudokit()
        .write_stdin(input)
        .assert()
        .code(0)
        .stdout(expected)
        .stderr("");
}

#[test]
fn mixed_file_answers_each_record_in_its_own_style() {
    let input = format!(
        "{}\n{}\n{}\n# a comment\n{}\n{}",
        read_example("board.txt"),
        read_example("board.ss"),
        read_example("puzzles.txt"),
        read_example("board.sdk"),
        read_example("board.txt").replace(' ', ""),
    );
    let mut expected = format!("{BOARD_SOLUTION_BLOCK}\n{BOARD_SOLUTION_DRAWN}\n");
    for solution in puzzles_txt_solutions() {
        expected.push_str(solution);
        expected.push('\n');
    }
    expected.push_str(&format!(
        "\n{BOARD_SOLUTION_DIGITS}\n{BOARD_SOLUTION_DIGITS}"
    ));
    sudokit()
        .write_stdin(input)
        .assert()
        .code(0)
        .stdout(expected)
        .stderr("");
}

// ---------------------------------------------------------------------------
// --format
// ---------------------------------------------------------------------------

#[test]
fn format_option_overrides_the_input_style() {
    let board = example("board.txt");
    for (format, expected) in [
        ("line", format!("{BOARD_SOLUTION_LINE}\n")),
        ("block", BOARD_SOLUTION_BLOCK.to_string()),
        ("digits", BOARD_SOLUTION_DIGITS.to_string()),
        ("drawn", BOARD_SOLUTION_DRAWN.to_string()),
    ] {
        sudokit()
            .args(["solve", "--format", format, &board])
            .assert()
            .code(0)
            .stdout(expected.clone())
            .stderr("");
        sudokit()
            .args(["--format", format])
            .write_stdin(format!("{BOARD_PUZZLE_LINE}\n"))
            .assert()
            .code(0)
            .stdout(expected)
            .stderr("");
    }
}

#[test]
fn format_line_writes_one_line_per_board_of_a_block_file() {
    let board = read_example("board.txt");
    sudokit()
        .args(["--format", "line"])
        .write_stdin(format!("{board}\n{}", read_example("empty.txt")))
        .assert()
        .code(0)
        .stdout(format!(
            "{BOARD_SOLUTION_LINE}\n{}\n",
            to_line(&empty_lexmin(), '.')
        ))
        .stderr("");
}

/// Parses every line of stdout as one JSON object.
fn json_lines(stdout: &str) -> Vec<serde_json::Map<String, Value>> {
    stdout
        .lines()
        .map(|line| match serde_json::from_str(line) {
            Ok(Value::Object(object)) => object,
            other => panic!("not a JSON object: {line:?} ({other:?})"),
        })
        .collect()
}

#[test]
fn json_format_gives_one_object_per_record_with_its_status() {
    let no_solution = to_line(&digits_of(NO_SOLUTION_BLOCK), '.');
    let clash = format!("7......7.{}", &UNIQUE[9..]);
    let truncated = &UNIQUE[..80];
    let input =
        format!("{UNIQUE}\n# comment\n{no_solution}\n{clash}\n{truncated}\n{SERG} several\n");
    let output = sudokit()
        .args(["solve", "--format", "json"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "a parse error gives 2");
    let records = json_lines(&stdout_of(&output));
    assert_eq!(records.len(), 5, "one object per record: {records:?}");
    let expected = [
        (1, "solved"),
        (3, "no_solution"),
        (4, "invalid"),
        (5, "parse_error"),
        (6, "solved"),
    ];
    for (record, (line, status)) in records.iter().zip(expected) {
        for key in ["file", "line", "puzzle", "status", "error", "guesses"] {
            assert!(record.contains_key(key), "no {key:?} in {record:?}");
        }
        assert_eq!(record["file"], "<stdin>", "{record:?}");
        assert_eq!(record["line"], line, "{record:?}");
        assert_eq!(record["status"], status, "{record:?}");
        assert!(record["guesses"].is_u64(), "{record:?}");
    }
    // Solved records carry the lexicographically smallest solution, no error.
    let solutions = puzzles_txt_solutions();
    for (record, puzzle, solution) in [
        (&records[0], UNIQUE, solutions[0]),
        (&records[4], SERG, solutions[3]),
    ] {
        assert_eq!(record["puzzle"], puzzle, "{record:?}");
        assert_eq!(record["solution"], solution, "{record:?}");
        assert_eq!(record["error"], Value::Null, "{record:?}");
    }
    // Failed records carry an error and no solution.
    for record in &records[1..4] {
        assert!(
            record.get("solution").unwrap_or(&Value::Null).is_null(),
            "{record:?}"
        );
        assert!(record["error"].is_string(), "{record:?}");
    }
    assert_eq!(records[1]["error"], "no solution");
    assert_eq!(records[1]["puzzle"], no_solution.as_str());
    assert_eq!(
        records[2]["error"],
        "invalid puzzle: r1c1 and r1c8 both hold 7"
    );
    assert_eq!(records[3]["error"], "expected 81 cells, found 80");
    // Each failure is still reported on stderr.
    let stderr = stderr_of(&output);
    assert!(stderr.contains("<stdin>:3: no solution"), "{stderr}");
    assert!(stderr.contains("<stdin>:4: invalid puzzle"), "{stderr}");
    assert!(
        stderr.contains("<stdin>:5: expected 81 cells, found 80"),
        "{stderr}"
    );
}

#[test]
fn json_format_for_count_reports_count_and_limit_reached() {
    let no_solution = to_line(&digits_of(NO_SOLUTION_BLOCK), '.');
    let input = format!("{UNIQUE}\n{SERG}\n{no_solution}\n");
    let output = sudokit()
        .args(["count", "--limit", "100", "--format", "json"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "a count of 0 gives 1");
    let records = json_lines(&stdout_of(&output));
    assert_eq!(records.len(), 3, "{records:?}");
    for (record, (line, status, count, reached)) in records.iter().zip([
        (1, "counted", 1, false),
        (2, "counted", 100, true),
        (3, "no_solution", 0, false),
    ]) {
        assert_eq!(record["file"], "<stdin>", "{record:?}");
        assert_eq!(record["line"], line, "{record:?}");
        assert_eq!(record["status"], status, "{record:?}");
        assert_eq!(record["count"], count, "{record:?}");
        assert_eq!(record["limit_reached"], reached, "{record:?}");
    }
}

// ---------------------------------------------------------------------------
// --first and the lexicographically smallest solution
// ---------------------------------------------------------------------------

#[test]
fn first_prints_a_valid_solution_keeping_the_givens() {
    let boards = [
        SERG.to_string(),
        UNIQUE.to_string(),
        to_line(&[0; 81], '.'),
        to_line(&board_with_blank_rows(5), '.'),
    ];
    let output = sudokit()
        .args(["solve", "--first"])
        .write_stdin(boards.join("\n") + "\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stderr_of(&output), "");
    let stdout = stdout_of(&output);
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(answers.len(), boards.len(), "{stdout}");
    for (puzzle, answer) in boards.iter().zip(&answers) {
        assert_solves(&parse_line(puzzle), &parse_line(answer), puzzle);
    }
    // A unique puzzle has only one answer, whichever way it is searched.
    assert_eq!(answers[1], puzzles_txt_solutions()[0]);

    let output = sudokit()
        .args(["--first", &example("board.ss")])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout_of(&output), BOARD_SOLUTION_DRAWN);
}

#[test]
fn default_answer_is_the_smallest_solution_on_boards_with_many_solutions() {
    let serg: Vec<String> =
        std::fs::read_to_string(repo_path("data/puzzles/puzzles7_serg_benchmark.txt"))
            .unwrap()
            .lines()
            .filter(|line| line.len() == 81)
            .take(6)
            .map(str::to_string)
            .collect();
    let mut first_row_only = [0; 81];
    first_row_only[..9].copy_from_slice(&[9, 8, 7, 6, 5, 4, 3, 2, 1]);
    let mut diagonal = [0; 81];
    for i in 0..9 {
        diagonal[i * 10] = 9 - i as u8;
    }
    let mut boards = serg;
    boards.push(to_line(&board_with_blank_rows(4), '.'));
    boards.push(to_line(&board_with_blank_rows(5), '0'));
    boards.push(to_line(&first_row_only, '_'));
    boards.push(to_line(&diagonal, '.'));
    let expected: String = boards
        .iter()
        .map(|board| {
            let puzzle = parse_line(board);
            assert!(
                count_solutions(&puzzle, 2) == 2,
                "{board} should have several solutions"
            );
            to_line(&lexmin_solution(&puzzle).unwrap(), '.') + "\n"
        })
        .collect();
    for args in [&["solve"][..], &[], &["solve", "--threads", "1"]] {
        sudokit()
            .args(args)
            .write_stdin(boards.join("\n") + "\n")
            .assert()
            .code(0)
            .stdout(expected.clone())
            .stderr("");
    }
}

#[test]
fn all_blank_board_in_each_input_style_gives_the_smallest_grid() {
    let smallest = empty_lexmin();
    let empty = [0; 81];
    for (input, expected) in [
        (to_line(&empty, '.') + "\n", to_line(&smallest, '.') + "\n"),
        (to_line(&empty, '0') + "\n", to_line(&smallest, '.') + "\n"),
        (to_line(&empty, '_') + "\n", to_line(&smallest, '.') + "\n"),
        (to_block(&empty), to_block(&smallest)),
        (to_digit_rows(&empty, '0'), to_digit_rows(&smallest, '.')),
        (to_digit_rows(&empty, '.'), to_digit_rows(&smallest, '.')),
        (to_drawn(&empty, '.'), to_drawn(&smallest, '.')),
    ] {
        sudokit()
            .write_stdin(input)
            .assert()
            .code(0)
            .stdout(expected)
            .stderr("");
    }
}

// ---------------------------------------------------------------------------
// count
// ---------------------------------------------------------------------------

#[test]
fn count_prints_one_count_per_record() {
    assert_eq!(count_solutions(&parse_line(SERG), u64::MAX), 872);
    sudokit()
        .args(["count", &example("puzzles.txt")])
        .assert()
        .code(0)
        .stdout("1\n1\n1\n872\n")
        .stderr("");
    sudokit()
        .args(["count", &example("board.txt"), &example("board.ss")])
        .assert()
        .code(0)
        .stdout("1\n1\n")
        .stderr("");
}

#[test]
fn count_with_a_high_limit_is_exact_on_a_board_with_thousands_of_solutions() {
    let solved = parse_line(BOARD_SOLUTION_LINE);
    let mut last_rows_blank = solved;
    last_rows_blank[45..].fill(0);
    let mut first_columns_blank = solved;
    for row in first_columns_blank.chunks_exact_mut(9) {
        row[..4].fill(0);
    }
    for board in [
        board_with_blank_rows(4),
        last_rows_blank,
        first_columns_blank,
    ] {
        let expected = count_solutions(&board, u64::MAX);
        assert!(
            (1000..100_000).contains(&expected),
            "{expected} solutions: not a few thousand"
        );
        sudokit()
            .args(["count", "--limit", "100000"])
            .write_stdin(to_line(&board, '.') + "\n")
            .assert()
            .code(0)
            .stdout(format!("{expected}\n"))
            .stderr("");
    }
}

#[test]
fn count_that_reaches_the_limit_prints_the_limit() {
    let board = to_line(&board_with_blank_rows(5), '.');
    assert!(count_solutions(&parse_line(&board), 1001) > 1000);
    sudokit()
        .args(["count", "--limit", "1000"])
        .write_stdin(format!("{board}\n{}\n", to_line(&[0; 81], '.')))
        .assert()
        .code(0)
        .stdout("1000\n1000\n")
        .stderr("");
    sudokit()
        .args(["count", "--limit", "5", &example("empty.txt")])
        .assert()
        .code(0)
        .stdout("5\n")
        .stderr("");
}

#[test]
fn count_default_limit_is_at_least_a_million() {
    // The 5-row board has 644,760 solutions: more than a small default would allow.
    let board = board_with_blank_rows(5);
    sudokit()
        .arg("count")
        .write_stdin(to_line(&board, '.') + "\n")
        .assert()
        .code(0)
        .stdout("644760\n")
        .stderr("");
}

#[test]
fn count_of_zero_exits_1_and_names_the_record() {
    let no_solution = to_line(&digits_of(NO_SOLUTION_BLOCK), '.');
    sudokit()
        .arg("count")
        .write_stdin(format!("{UNIQUE}\n{no_solution}\n{SERG}\n"))
        .assert()
        .code(1)
        .stdout("1\n0\n872\n")
        .stderr("<stdin>:2: no solution\n");
    sudokit()
        .arg("count")
        .write_stdin(NO_SOLUTION_BLOCK)
        .assert()
        .code(1)
        .stdout("0\n")
        .stderr("<stdin>:1: no solution\n");
}

#[test]
fn count_of_a_clashing_puzzle_is_an_invalid_puzzle() {
    sudokit()
        .arg("count")
        .write_stdin(format!("77{}\n", ".".repeat(79)))
        .assert()
        .code(1)
        .stdout("")
        .stderr("<stdin>:1: invalid puzzle: r1c1 and r1c2 both hold 7\n");
    sudokit()
        .arg("count")
        .write_stdin(format!("{UNIQUE}\n77{}\n{UNIQUE}\n", ".".repeat(79)))
        .assert()
        .code(1)
        .stdout("1\n\n1\n")
        .stderr("<stdin>:2: invalid puzzle: r1c1 and r1c2 both hold 7\n");
}

#[test]
fn count_keeps_an_empty_line_for_an_unreadable_record() {
    sudokit()
        .arg("count")
        .write_stdin(format!("{UNIQUE}\n{}\n{SERG}\n", &UNIQUE[..80]))
        .assert()
        .code(2)
        .stdout("1\n\n872\n")
        .stderr("<stdin>:2: expected 81 cells, found 80\n");
}

/// `--limit 0` used to print 0, say "no solution" and exit 1 on a solvable board.
#[test]
fn count_with_limit_zero_does_not_claim_no_solution() {
    let output = sudokit()
        .args(["count", "--limit", "0", &example("board.txt")])
        .output()
        .unwrap();
    let stderr = stderr_of(&output);
    assert!(!stderr.contains("no solution"), "{stderr}");
    assert_ne!(output.status.code(), Some(1), "{stderr}");
    assert_ne!(stdout_of(&output), "0\n");
}

// ---------------------------------------------------------------------------
// Errors on a single board: empty stdout, `<stdin>:LINE:` on stderr
// ---------------------------------------------------------------------------

/// Runs a single board from stdin and checks it fails with `code`, prints
/// nothing on stdout, and names the problem on stderr.
fn assert_single_board_fails(input: impl Into<Vec<u8>>, code: i32, message: &str) {
    sudokit()
        .write_stdin(input)
        .assert()
        .code(code)
        .stdout("")
        .stderr(predicate::str::contains(message));
}

#[test]
fn eighty_cells_are_a_parse_error() {
    assert_single_board_fails(
        format!("{}\n", &UNIQUE[..80]),
        2,
        "<stdin>:1: expected 81 cells, found 80",
    );
}

#[test]
fn eighty_two_cells_are_a_parse_error() {
    assert_single_board_fails(
        format!("{UNIQUE}.\n"),
        2,
        "<stdin>:1: expected 81 cells, found 82",
    );
}

#[test]
fn a_letter_is_a_parse_error_naming_the_cell_and_the_character() {
    let line = format!("{}x{}", &UNIQUE[..22], &UNIQUE[23..]);
    assert_single_board_fails(format!("{line}\n"), 2, "<stdin>:1: r3c5: ");
    assert_single_board_fails(format!("{line}\n"), 2, "'x'");
    let block = read_example("board.txt").replacen("0 0 9 3", "0 0 9 a", 1);
    assert_single_board_fails(block.clone(), 2, "<stdin>:4: r4c4: ");
    assert_single_board_fails(block, 2, "'a'");
}

#[test]
fn ten_in_a_spaced_block_is_not_a_single_digit() {
    let block = read_example("board.txt").replacen("0 0 9 3", "0 0 10 3", 1);
    assert_single_board_fails(block, 2, "<stdin>:4: r4c3: \"10\" is not a single digit");
    let block = read_example("board.txt").replacen("0 2 0 9", "10 2 0 9", 1);
    assert_single_board_fails(block, 2, "<stdin>:1: r1c1: \"10\" is not a single digit");
}

#[test]
fn empty_input_is_no_puzzle_found() {
    for input in ["", "\n\n", "# only a comment\n\n"] {
        sudokit()
            .write_stdin(input)
            .assert()
            .code(2)
            .stdout("")
            .stderr(
                predicate::str::contains("<stdin>")
                    .and(predicate::str::contains("no puzzle found")),
            );
    }
}

#[test]
fn binary_garbage_is_an_unexpected_byte() {
    // One line of bytes that are neither text nor newlines.
    let garbage: Vec<u8> = (0u8..=255)
        .rev()
        .filter(|b| !b.is_ascii_whitespace())
        .collect();
    assert_single_board_fails(garbage, 2, "<stdin>:1: r1c1: unexpected byte 0xff");
    let elf = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\x01\0\0\0\x10\x6f\0\0".to_vec();
    assert_single_board_fails(elf, 2, "unexpected byte 0x");
}

#[test]
fn binary_garbage_over_several_lines_prints_only_empty_lines() {
    // A small deterministic pseudo-random byte stream, newlines included.
    let mut state = 0x2545_F491_u32;
    let garbage: Vec<u8> = (0..4096)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            (state >> 24) as u8
        })
        .collect();
    let output = sudokit().write_stdin(garbage).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stdout = stdout_of(&output);
    assert!(stdout.bytes().all(|b| b == b'\n'), "{stdout:?}");
    assert!(
        stderr_of(&output).contains("unexpected byte 0x"),
        "{}",
        stderr_of(&output)
    );
}

#[test]
fn a_duplicate_given_is_an_invalid_puzzle() {
    let line = format!("....7..7.{}", ".".repeat(72));
    assert_single_board_fails(
        format!("{line}\n"),
        1,
        "<stdin>:1: invalid puzzle: r1c5 and r1c8 both hold 7",
    );
    let block = read_example("board.txt").replacen("0 2 0 9", "9 2 0 9", 1);
    assert_single_board_fails(
        block,
        1,
        "<stdin>:1: invalid puzzle: r1c1 and r1c4 both hold 9",
    );
}

#[test]
fn a_puzzle_without_solution_says_no_solution() {
    let puzzle = digits_of(NO_SOLUTION_BLOCK);
    assert!(Search::new(&puzzle).is_some(), "no two givens clash");
    assert_eq!(count_solutions(&puzzle, 1), 0);
    assert_single_board_fails(NO_SOLUTION_BLOCK, 1, "<stdin>:1: no solution");
    assert_single_board_fails(to_line(&puzzle, '.') + "\n", 1, "<stdin>:1: no solution");
    assert_single_board_fails(
        format!("12345678.........9{}\n", ".".repeat(63)),
        1,
        "<stdin>:1: no solution",
    );
}

#[test]
fn errors_in_a_file_are_prefixed_with_its_path_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut lines = bulk_lines(20);
    lines[16].truncate(80);
    write_lines(&dir, "puzzles.txt", &lines);
    let output = sudokit()
        .current_dir(dir.path())
        .args(["solve", "puzzles.txt"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr_of(&output),
        "puzzles.txt:17: expected 81 cells, found 80\n"
    );
    let stdout = stdout_of(&output);
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(answers.len(), 20);
    assert_eq!(answers[16], "");
}

#[test]
fn a_missing_file_exits_2_and_is_named() {
    let dir = tempfile::tempdir().unwrap();
    sudokit()
        .current_dir(dir.path())
        .args(["solve", "no-such-file.txt"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("no-such-file.txt"));
    // The other inputs are still answered.
    sudokit()
        .current_dir(dir.path())
        .args(["solve", &example("board.txt"), "no-such-file.txt"])
        .assert()
        .code(2)
        .stdout(BOARD_SOLUTION_BLOCK)
        .stderr(predicate::str::contains("no-such-file.txt"));
}

#[test]
fn bad_usage_exits_2() {
    for args in [
        &["--bogus"][..],
        &["solve", "--bogus"],
        &["count", "--limit", "many"],
        &["--format", "xml"],
        &["--threads", "0"],
        &["frobnicate", "--first"],
    ] {
        sudokit()
            .args(args)
            .write_stdin(read_example("board.txt"))
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::is_empty().not());
    }
}

// ---------------------------------------------------------------------------
// Bulk files
// ---------------------------------------------------------------------------

/// Checks that `stdout` holds one line per puzzle, empty at `failed` (0-based)
/// and a valid solution elsewhere.
fn assert_bulk_answers(puzzles: &[String], stdout: &str, failed: Option<usize>) {
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(answers.len(), puzzles.len(), "one line per record");
    assert!(stdout.ends_with('\n'));
    for (index, (puzzle, answer)) in puzzles.iter().zip(&answers).enumerate() {
        if Some(index) == failed {
            assert_eq!(*answer, "", "line {} should be empty", index + 1);
        } else {
            assert_solves(
                &parse_line(puzzle),
                &parse_line(answer),
                &format!("line {}", index + 1),
            );
        }
    }
}

#[test]
fn bulk_file_with_a_truncated_line_answers_every_other_record_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let mut lines = bulk_lines(3000);
    lines[1499].truncate(80);
    write_lines(&dir, "bulk.txt", &lines);
    let output = sudokit()
        .current_dir(dir.path())
        .args(["solve", "bulk.txt"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr_of(&output),
        "bulk.txt:1500: expected 81 cells, found 80\n"
    );
    assert_bulk_answers(&lines, &stdout_of(&output), Some(1499));
}

#[test]
fn bulk_file_with_a_clashing_puzzle_answers_every_other_record_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let mut lines = bulk_lines(3000);
    lines[1499] = format!("77{}", ".".repeat(79));
    write_lines(&dir, "bulk.txt", &lines);
    let output = sudokit()
        .current_dir(dir.path())
        .args(["solve", "bulk.txt"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr_of(&output),
        "bulk.txt:1500: invalid puzzle: r1c1 and r1c2 both hold 7\n"
    );
    assert_bulk_answers(&lines, &stdout_of(&output), Some(1499));
}

#[test]
fn bulk_file_whose_first_record_fails_still_prints_its_empty_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut lines = bulk_lines(50);
    lines[0].truncate(80);
    let path = write_lines(&dir, "bulk.txt", &lines);
    let output = sudokit().arg(&path).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_bulk_answers(&lines, &stdout_of(&output), Some(0));

    // Two failures and nothing else: two empty lines.
    sudokit()
        .write_stdin(format!("{}\n77{}\n", &UNIQUE[..80], ".".repeat(79)))
        .assert()
        .code(2)
        .stdout("\n\n");
}

#[test]
fn answers_keep_input_order_with_one_or_two_threads() {
    // More than two chunks of records, so that order across chunks counts too.
    let dir = tempfile::tempdir().unwrap();
    let mut lines = bulk_lines(9000);
    lines[4100] = format!("77{}", ".".repeat(79));
    let path = write_lines(&dir, "bulk.txt", &lines);
    let mut outputs = Vec::new();
    for threads in ["1", "2"] {
        let output = sudokit()
            .args(["solve", "--threads", threads])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "--threads {threads}");
        assert_bulk_answers(&lines, &stdout_of(&output), Some(4100));
        outputs.push(output.stdout);
    }
    let output = sudokit().args(["-j", "2"]).arg(&path).output().unwrap();
    outputs.push(output.stdout);
    assert!(outputs[0] == outputs[1], "--threads 1 and 2 differ");
    assert!(outputs[0] == outputs[2], "--threads 1 and -j 2 differ");
}

#[test]
fn mixed_records_print_alike_on_one_thread_or_two() {
    // Blocks, unreadable lines and boards without a solution among many
    // chunks' worth of lines: two threads must print exactly what one does,
    // separators and diagnostics included, in every output format.
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::new();
    for (index, line) in bulk_lines(1500).iter().enumerate() {
        text.push_str(line);
        text.push('\n');
        match index % 250 {
            7 => text.push_str(&format!("\n{NO_SOLUTION_BLOCK}\n")),
            99 => text.push_str(&format!("7x{}\n", ".".repeat(79))),
            _ => {}
        }
    }
    let path = dir.path().join("mixed.txt");
    std::fs::write(&path, text).unwrap();
    for format in [None, Some("block"), Some("json")] {
        let run = |threads: &str| {
            let mut command = sudokit();
            command.args(["solve", "--threads", threads]);
            if let Some(format) = format {
                command.args(["--format", format]);
            }
            command.arg(&path).output().unwrap()
        };
        let (one, two) = (run("1"), run("2"));
        assert_eq!(one.status.code(), Some(2), "{format:?}");
        assert_eq!(two.status.code(), Some(2), "{format:?}");
        assert!(one.stdout == two.stdout, "stdout differs with {format:?}");
        assert_eq!(
            String::from_utf8_lossy(&one.stderr),
            String::from_utf8_lossy(&two.stderr),
            "{format:?}"
        );
        assert_eq!(String::from_utf8_lossy(&one.stderr).lines().count(), 12);
    }
}

#[test]
fn reports_about_inputs_keep_their_place_on_any_number_of_threads() {
    // A missing file and an empty one between files of many chunks: their
    // reports come out between the diagnostics of the files around them.
    let dir = tempfile::tempdir().unwrap();
    let mut first = bulk_lines(700).join("\n");
    first.push_str(&format!("\n7x{}\n", ".".repeat(79)));
    let first_path = dir.path().join("first.txt");
    std::fs::write(&first_path, first).unwrap();
    let empty_path = dir.path().join("empty.txt");
    std::fs::write(&empty_path, "").unwrap();
    let last_path = dir.path().join("last.txt");
    std::fs::write(&last_path, format!("8x{}\n", ".".repeat(79))).unwrap();
    let missing_path = dir.path().join("missing.txt");
    let run = |threads: &str| {
        sudokit()
            .args(["solve", "--threads", threads])
            .args([&first_path, &missing_path, &empty_path, &last_path])
            .output()
            .unwrap()
    };
    let one = run("1");
    let reports = String::from_utf8_lossy(&one.stderr).into_owned();
    let lines: Vec<&str> = reports.lines().collect();
    assert_eq!(lines.len(), 4, "{reports}");
    assert!(lines[0].contains("first.txt:701: r1c2"), "{reports}");
    assert!(lines[1].contains("cannot read") && lines[1].contains("missing.txt"));
    assert!(lines[2].contains("empty.txt: no puzzle found"), "{reports}");
    assert!(lines[3].contains("last.txt:1: r1c2"), "{reports}");
    for threads in ["2", "3"] {
        let many = run(threads);
        assert_eq!(many.status.code(), Some(2), "--threads {threads}");
        assert!(
            one.stdout == many.stdout,
            "stdout differs with --threads {threads}"
        );
        assert_eq!(
            reports,
            String::from_utf8_lossy(&many.stderr),
            "--threads {threads}"
        );
    }
}

#[test]
fn count_keeps_input_order_with_two_threads() {
    let dir = tempfile::tempdir().unwrap();
    let serg: Vec<String> =
        std::fs::read_to_string(repo_path("data/puzzles/puzzles7_serg_benchmark.txt"))
            .unwrap()
            .lines()
            .filter(|line| line.len() == 81)
            .take(20)
            .map(str::to_string)
            .collect();
    let lines: Vec<String> = serg.iter().cycle().take(400).cloned().collect();
    let path = write_lines(&dir, "serg.txt", &lines);
    let expected: String = lines
        .iter()
        .map(|line| format!("{}\n", count_solutions(&parse_line(line), u64::MAX)))
        .collect();
    for threads in ["1", "2"] {
        sudokit()
            .args(["count", "--threads", threads])
            .arg(&path)
            .assert()
            .code(0)
            .stdout(expected.clone())
            .stderr("");
    }
}

// ---------------------------------------------------------------------------
// Pipes, several inputs, --stats
// ---------------------------------------------------------------------------

/// Runs sudokit with `args` and `stdin`, reads the first line of its output,
/// then closes the pipe as `| head -1` does; returns that line, what sudokit
/// wrote on stderr and its exit status.
fn head_1(args: &[&OsStr], stdin: Stdio) -> (String, String, ExitStatus) {
    let mut child = StdCommand::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read stderr on the side, so that a chatty child cannot block on it.
    let mut child_stderr = child.stderr.take().unwrap();
    let stderr = std::thread::spawn(move || {
        let mut text = String::new();
        child_stderr.read_to_string(&mut text).map(|_| text)
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    drop(stdout);
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("sudokit {args:?} still runs a minute after its stdout closed");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    (first, stderr.join().unwrap().unwrap(), status)
}

#[test]
fn broken_pipe_ends_quietly_with_status_0() {
    let dir = tempfile::tempdir().unwrap();
    let lines = bulk_lines(20_000);
    let path = write_lines(&dir, "big.txt", &lines);
    let file = path.as_os_str();
    for (args, first_line_len) in [
        (&[OsStr::new("solve"), file][..], 82),
        (
            &[
                OsStr::new("solve"),
                OsStr::new("--threads"),
                OsStr::new("1"),
                file,
            ],
            82,
        ),
        (&[OsStr::new("--format"), OsStr::new("drawn"), file], 12),
    ] {
        let (first, stderr, status) = head_1(args, Stdio::null());
        assert_eq!(stderr, "", "{args:?}: no message on a broken pipe");
        assert_eq!(status.code(), Some(0), "{args:?}: {status:?}");
        assert_eq!(first.len(), first_line_len, "{args:?}: {first:?}");
    }
    // Reading the puzzles from stdin (`sudokit < big.txt | head -1`).
    let stdin = std::fs::File::open(&path).unwrap();
    let (first, stderr, status) = head_1(&[], Stdio::from(stdin));
    assert_eq!(stderr, "", "no message on a broken pipe");
    assert_eq!(status.code(), Some(0), "{status:?}");
    assert_solves(
        &parse_line(&lines[0]),
        &parse_line(first.trim_end()),
        "first line",
    );
}

#[test]
fn several_files_are_answered_in_order_with_dash_for_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let samples = sample_puzzles();
    let a = write_lines(&dir, "a.txt", &samples[..3]);
    let b = write_lines(&dir, "b.txt", &samples[300..302]);
    let stdin_puzzle = samples[100].clone();
    let order = [
        &samples[0],
        &samples[1],
        &samples[2],
        &stdin_puzzle,
        &samples[300],
        &samples[301],
    ];
    let output = sudokit()
        .arg("solve")
        .arg(&a)
        .arg("-")
        .arg(&b)
        .write_stdin(format!("{stdin_puzzle}\n"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stderr_of(&output), "");
    let stdout = stdout_of(&output);
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(answers.len(), order.len(), "{stdout}");
    for (puzzle, answer) in order.iter().zip(answers) {
        assert_solves(&parse_line(puzzle), &parse_line(answer), puzzle);
    }
    // The same puzzles in one input get the same answers.
    let same_in_one_input: String = order.iter().map(|p| format!("{p}\n")).collect();
    sudokit()
        .write_stdin(same_in_one_input)
        .assert()
        .code(0)
        .stdout(stdout);

    // Multi-line answers of different files are separated by a blank line.
    sudokit()
        .args(["solve", &example("board.txt"), &example("board.ss")])
        .assert()
        .code(0)
        .stdout(format!("{BOARD_SOLUTION_BLOCK}\n{BOARD_SOLUTION_DRAWN}"))
        .stderr("");
}

#[test]
fn errors_name_the_file_they_come_from() {
    let dir = tempfile::tempdir().unwrap();
    let samples = sample_puzzles();
    write_lines(&dir, "good.txt", &samples[..2]);
    write_lines(
        &dir,
        "bad.txt",
        &[samples[2].clone(), samples[3][..80].to_string()],
    );
    sudokit()
        .current_dir(dir.path())
        .args(["solve", "good.txt", "bad.txt"])
        .assert()
        .code(2)
        .stderr("bad.txt:2: expected 81 cells, found 80\n");
    sudokit()
        .current_dir(dir.path())
        .args(["solve", "-", "bad.txt"])
        .write_stdin(format!("{}\n", &UNIQUE[..79]))
        .assert()
        .code(2)
        .stderr("<stdin>:1: expected 81 cells, found 79\nbad.txt:2: expected 81 cells, found 80\n");
}

#[test]
fn a_failing_lone_board_followed_by_another_input_keeps_its_empty_line() {
    let dir = tempfile::tempdir().unwrap();
    write_lines(&dir, "bad.txt", &[UNIQUE[..80].to_string()]);
    write_lines(&dir, "good.txt", &[UNIQUE.to_string()]);
    sudokit()
        .current_dir(dir.path())
        .args(["solve", "bad.txt", "good.txt"])
        .assert()
        .code(2)
        .stdout(format!("\n{UNIQUE_SOLUTION}\n"))
        .stderr("bad.txt:1: expected 81 cells, found 80\n");
    sudokit()
        .current_dir(dir.path())
        .args(["solve", "good.txt", "bad.txt"])
        .assert()
        .code(2)
        .stdout(format!("{UNIQUE_SOLUTION}\n\n"))
        .stderr("bad.txt:1: expected 81 cells, found 80\n");
}

#[test]
fn json_names_the_file_of_each_record() {
    let dir = tempfile::tempdir().unwrap();
    write_lines(&dir, "a.txt", &[UNIQUE.to_string()]);
    let output = sudokit()
        .current_dir(dir.path())
        .args(["--format", "json", "a.txt", "-"])
        .write_stdin(format!("\n{SERG}\n"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let records = json_lines(&stdout_of(&output));
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["file"], "a.txt");
    assert_eq!(records[0]["line"], 1);
    assert_eq!(records[0]["solution"], UNIQUE_SOLUTION);
    assert_eq!(records[1]["file"], "<stdin>");
    assert_eq!(records[1]["line"], 2);
    assert_eq!(records[1]["solution"], PUZZLES_TXT_SOLUTIONS[3]);
}

#[test]
fn stats_prints_a_summary_line_on_stderr() {
    let output = sudokit()
        .args(["solve", "--stats", &example("puzzles.txt")])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout_of(&output).lines().count(), 4);
    let stderr = stderr_of(&output);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("sudokit: "), "{stderr}");
    assert!(stderr.contains("4 records"), "{stderr}");

    let output = sudokit()
        .args(["count", "--stats"])
        .write_stdin(read_example("board.txt"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout_of(&output), "1\n");
    let stderr = stderr_of(&output);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("1 record"), "{stderr}");
}

#[test]
fn without_stats_a_successful_run_is_silent_on_stderr() {
    sudokit()
        .args(["solve", &example("puzzles.txt")])
        .assert()
        .code(0)
        .stderr("");
}
