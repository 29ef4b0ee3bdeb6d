//! `--stats`: one summary line on stderr, and nothing there without it.

use crate::support::{example, read_example, stderr_of, stdout_of, sudokit};

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
