//! Errors: on a single board, empty stdout and `<stdin>:LINE:` on stderr;
//! in files, their path; missing files and bad usage.

use predicates::prelude::*;

use crate::fixtures::*;
use crate::support::reference::{count_solutions, digits_of, to_line, Search};
use crate::support::{example, read_example, stderr_of, stdout_of, sudokit};

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
