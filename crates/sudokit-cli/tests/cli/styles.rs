//! Every input style, each answered in its own style.

use crate::fixtures::*;
use crate::support::{example, read_example, sudokit, BOARD_PUZZLE_LINE};

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
