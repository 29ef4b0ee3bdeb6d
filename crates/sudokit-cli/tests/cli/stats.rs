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
    assert!(stats.contains(", portable engine; "), "{stats}");
    // A name the CPU cannot run, or none at all, leaves the best variant.
    let (best, stats) = run("no-such-engine");
    assert!(!stats.contains("no-such-engine"), "{stats}");
    assert_eq!(best, portable);
    for engine in ["avx2", "avx2+pext", "avx512"] {
        let (answers, stats) = run(engine);
        assert_eq!(answers, portable, "{engine}");
        assert!(stats.contains(" engine; "), "{stats}");
    }
}
