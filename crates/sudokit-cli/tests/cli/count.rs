//! `count`: one count per record, exact up to `--limit`, and its statuses.

use crate::fixtures::*;
use crate::support::reference::{count_solutions, digits_of, parse_line, to_line};
use crate::support::{example, stderr_of, stdout_of, sudokit};

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
        .stderr(
            "sudokit: 2 of 2 counts stopped at the limit of 1000 (--limit): there are more solutions\n",
        );
    sudokit()
        .args(["count", "--limit", "5", &example("empty.txt")])
        .assert()
        .code(0)
        .stdout("5\n")
        .stderr("sudokit: 1 of 1 counts stopped at the limit of 5 (--limit): there are more solutions\n");
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
