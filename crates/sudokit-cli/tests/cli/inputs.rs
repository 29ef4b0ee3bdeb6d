//! Several inputs in one run, stdin among them: answers in order, each
//! error and JSON record naming its file.

use crate::fixtures::*;
use crate::support::reference::{assert_solves, parse_line};
use crate::support::{example, stderr_of, stdout_of, sudokit};

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
