//! The shipped example boards, on stdin and as files, and `--help`.

use predicates::prelude::*;

use crate::fixtures::*;
use crate::support::reference::lexmin_solution;
use crate::support::{example, read_example, sudokit};

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
