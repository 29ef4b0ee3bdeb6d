//! Bulk files: every record answered in its place, in input order, on any
//! number of threads, whatever fails among them.

use crate::fixtures::*;
use crate::support::reference::{assert_solves, count_solutions, parse_line};
use crate::support::{repo_path, stderr_of, stdout_of, sudokit};

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
