//! `--stats`: one summary line on stderr, and nothing there without it.

use std::io::Write;

use crate::support::{example, read_example, repo_path, stderr_of, stdout_of, sudokit};

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

/// A few boards are answered on one thread whatever `-j` asks: a second
/// worker would cost more to start than it saves. Files of more boards, and
/// stdin (whose size is unknown), get the threads asked.
#[test]
fn a_few_boards_take_one_thread() {
    let stats_line = |args: &[&str], stdin: &str| {
        let output = sudokit().args(args).write_stdin(stdin).output().unwrap();
        assert_eq!(output.status.code(), Some(0));
        stderr_of(&output)
    };
    let board = example("board.txt");
    let one_board = stats_line(&["solve", "--stats", "-j4", &board], "");
    assert!(one_board.contains(" on 1 thread,"), "{one_board}");
    let four = stats_line(&["solve", "--stats", "-j4", &example("puzzles.txt")], "");
    assert!(four.contains(" on 1 thread,"), "{four}");
    let mut many = tempfile::NamedTempFile::new().unwrap();
    let boards = read_example("puzzles.txt");
    let boards = boards.lines().filter(|line| !line.starts_with('#'));
    for line in boards.cycle().take(32) {
        writeln!(many, "{line}").unwrap();
    }
    let path = many.path().to_str().unwrap().to_string();
    let thirty_two = stats_line(&["solve", "--stats", "-j4", &path], "");
    assert!(thirty_two.contains(" on 4 threads,"), "{thirty_two}");
    let stdin = stats_line(&["solve", "--stats", "-j4"], &read_example("board.txt"));
    assert!(stdin.contains(" on 4 threads,"), "{stdin}");
}

#[test]
fn without_stats_a_successful_run_is_silent_on_stderr() {
    sudokit()
        .args(["solve", &example("puzzles.txt")])
        .assert()
        .code(0)
        .stderr("");
}

/// `SUDOKIT_ENGINE` picks a variant the CPU runs, `--stats` names the one
/// that ran, and every variant answers alike.
#[test]
fn the_engine_variable_picks_the_variant_stats_names() {
    let run = |engine: &str| {
        let output = sudokit()
            .env("SUDOKIT_ENGINE", engine)
            .args(["count", "--limit", "2", "--stats", &example("puzzles.txt")])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        (stdout_of(&output), stderr_of(&output))
    };
    let (portable, stats) = run("portable");
    assert!(stats.contains(", portable engine, "), "{stats}");
    // A name the CPU cannot run, or none at all, leaves the best variant.
    let (best, stats) = run("no-such-engine");
    assert!(!stats.contains("no-such-engine"), "{stats}");
    assert_eq!(best, portable);
    for engine in ["avx2", "avx2+pext", "avx512"] {
        let (answers, stats) = run(engine);
        assert_eq!(answers, portable, "{engine}");
        assert!(stats.contains(" engine, "), "{stats}");
    }
}

/// `SUDOKIT_FIRST_LANES` sets whether first solutions are searched two
/// boards in step or one at a time (otherwise chosen for the CPU): the
/// answers and the guesses are the same either way, on sparse and dense
/// boards alike.
#[test]
fn first_solutions_in_step_or_one_at_a_time_answer_alike() {
    let files: Vec<String> = ["puzzles2_17_clue.txt", "puzzles7_serg_benchmark.txt"]
        .iter()
        .map(|name| repo_path("data/puzzles").join(name).display().to_string())
        .collect();
    let run = |lanes: &str| {
        let output = sudokit()
            .env("SUDOKIT_FIRST_LANES", lanes)
            .args(["solve", "--first", "--stats", "-j1", &files[0], &files[1]])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        let stats = stderr_of(&output);
        // The summary names the way taken; the guesses follow it.
        let (way, guesses) = stats.split_once(" at a time; ").expect("a summary line");
        let boards = way.rsplit(", ").next().expect("the way taken").to_string();
        (stdout_of(&output), guesses.to_string(), boards)
    };
    let (alone, alone_guesses, one) = run("1");
    assert!(alone.lines().count() >= 400, "{alone}");
    assert_eq!(one, "one board");
    let (in_step, in_step_guesses, two) = run("2");
    assert_eq!(two, "two boards");
    assert_eq!(alone, in_step);
    assert_eq!(alone_guesses, in_step_guesses);
    // Any other value leaves the CPU's choice, which answers alike.
    let (chosen, chosen_guesses, _) = run("3");
    assert_eq!((chosen, chosen_guesses), (alone, alone_guesses));
}
