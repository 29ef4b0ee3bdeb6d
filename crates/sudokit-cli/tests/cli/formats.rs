//! `--format`: the text styles, and JSON for `solve` and `count`.

use serde_json::Value;

use crate::fixtures::*;
use crate::support::reference::{digits_of, to_line};
use crate::support::{example, read_example, stderr_of, stdout_of, sudokit, BOARD_PUZZLE_LINE};

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
