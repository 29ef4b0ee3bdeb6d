//! `sudokit generate` and `sudokit check` as a user runs them: the same output
//! for any thread count and run, the line and JSON formats, the options, and
//! check's verdict lines and exit statuses.

mod support;

use serde_json::Value;

use support::reference::{assert_solves, clue_count, parse_line};
use support::{run, run_ok, sudokit};

/// Runs `sudokit check` on `input` and returns (stdout, stderr, exit code).
fn check(args: &[&str], input: &str) -> (String, String, i32) {
    run(&[&["check"], args].concat(), input)
}

const SEVENTEEN: &str =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";

#[test]
fn generate_is_the_same_for_any_thread_count_and_run() {
    for symmetry in ["none", "central"] {
        let args = [
            "generate",
            "-n",
            "40",
            "--seed",
            "7",
            "--symmetry",
            symmetry,
        ];
        let one = run_ok(&[&args[..], &["-j", "1"]].concat());
        let two = run_ok(&[&args[..], &["-j", "2"]].concat());
        let again = run_ok(&[&args[..], &["-j", "2"]].concat());
        assert_eq!(one, two, "{symmetry}");
        assert_eq!(two, again, "{symmetry}");
        assert_eq!(one.lines().count(), 40);
    }
    // A different seed gives different puzzles.
    let other = run_ok(&["generate", "-n", "40", "--seed", "8"]);
    let first = run_ok(&["generate", "-n", "40", "--seed", "7"]);
    assert!(other.lines().zip(first.lines()).all(|(a, b)| a != b));
}

#[test]
fn generated_puzzles_check_unique_and_minimal() {
    let puzzles = run_ok(&["generate", "-n", "20", "--seed", "3"]);
    let (out, err, code) = check(&[], &puzzles);
    assert_eq!((code, err.as_str()), (0, ""));
    for (puzzle, verdict) in puzzles.lines().zip(out.lines()) {
        let clues = clue_count(&parse_line(puzzle));
        assert_eq!(verdict, format!("unique {clues} minimal"));
    }
}

#[test]
fn with_solution_appends_the_solution_on_the_same_line() {
    let out = run_ok(&["generate", "-n", "5", "--seed", "11", "--with-solution"]);
    let plain = run_ok(&["generate", "-n", "5", "--seed", "11"]);
    for (line, puzzle) in out.lines().zip(plain.lines()) {
        let (left, solution) = line.split_once(' ').expect("puzzle and solution");
        assert_eq!(left, puzzle);
        assert_solves(&parse_line(puzzle), &parse_line(solution), line);
    }
}

#[test]
fn a_symmetric_pattern_and_a_clue_target_are_kept() {
    let out = run_ok(&["generate", "-n", "5", "--seed", "2", "--symmetry", "180"]);
    for line in out.lines() {
        let cells = parse_line(line);
        assert!(
            (0..81).all(|i| (cells[i] == 0) == (cells[80 - i] == 0)),
            "{line}"
        );
    }
    let out = run_ok(&[
        "generate",
        "-n",
        "5",
        "--seed",
        "2",
        "--clues",
        "32",
        "--no-minimal",
    ]);
    let (verdicts, _, code) = check(&[], &out);
    assert_eq!(code, 0);
    for verdict in verdicts.lines() {
        assert!(verdict.starts_with("unique 32 "), "{verdict}");
    }
}

#[test]
fn solved_prints_complete_grids_the_same_for_any_thread_count() {
    // More than one chunk of 256, so chunks are stitched in order too.
    let args = ["generate", "--solved", "-n", "300", "--seed", "4"];
    let one = run_ok(&[&args[..], &["-j", "1"]].concat());
    let two = run_ok(&[&args[..], &["-j", "2"]].concat());
    assert_eq!(one, two);
    let mut lines: Vec<&str> = one.lines().collect();
    assert_eq!(lines.len(), 300);
    for line in &lines {
        assert_solves(&[0; 81], &parse_line(line), line);
    }
    lines.sort_unstable();
    lines.dedup();
    assert_eq!(lines.len(), 300);
}

#[test]
fn json_lines_carry_seed_index_clues_and_solution() {
    let out = run_ok(&[
        "generate",
        "-n",
        "3",
        "--seed",
        "9",
        "--symmetry",
        "diagonal",
        "--format",
        "json",
        "--with-solution",
    ]);
    let lines = run_ok(&[
        "generate",
        "-n",
        "3",
        "--seed",
        "9",
        "--symmetry",
        "diagonal",
    ]);
    for ((index, json), puzzle) in out.lines().enumerate().zip(lines.lines()) {
        let object: Value = serde_json::from_str(json).unwrap();
        assert_eq!(object["seed"], 9);
        assert_eq!(object["index"], index);
        assert_eq!(object["symmetry"], "diagonal");
        assert_eq!(object["puzzle"], puzzle);
        assert_eq!(object["clues"], clue_count(&parse_line(puzzle)));
        let solution = object["solution"].as_str().unwrap();
        assert_solves(&parse_line(puzzle), &parse_line(solution), puzzle);
    }
}

#[test]
fn a_fresh_seed_is_printed_and_reproduces_the_run() {
    let output = sudokit().args(["generate", "-n", "2"]).output().unwrap();
    assert!(output.status.success());
    let stderr = String::from_utf8(output.stderr).unwrap();
    let seed = stderr
        .strip_prefix("sudokit: seed ")
        .and_then(|rest| rest.strip_suffix('\n'))
        .unwrap_or_else(|| panic!("no seed line: {stderr:?}"));
    let again = run_ok(&["generate", "-n", "2", "--seed", seed]);
    assert_eq!(String::from_utf8(output.stdout).unwrap(), again);
    // With --seed nothing goes to stderr.
    sudokit()
        .args(["generate", "--seed", "1"])
        .assert()
        .success()
        .stderr("");
}

#[test]
fn generate_usage_errors_exit_2() {
    for args in [
        &["generate", "--no-minimal"][..],
        &["generate", "--symmetry", "spiral"],
        &["generate", "--solved", "--symmetry", "central"],
        &["generate", "--count", "0"],
    ] {
        sudokit().args(args).assert().code(2);
    }
}

#[test]
fn check_prints_one_verdict_line_per_record() {
    let input = [
        SEVENTEEN.to_string(),
        ".".repeat(81),
        format!("....7..7.{}", ".".repeat(72)),
        format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63)),
    ]
    .join("\n");
    let (out, err, code) = check(&[], &input);
    assert_eq!(
        out,
        "unique 17 minimal\n\
         multiple 0 r8c3 can be 2 or 8\n\
         invalid 2 r1c5 and r1c8 both hold 7\n\
         none 9\n"
    );
    assert_eq!((err.as_str(), code), ("", 1));
}

#[test]
fn check_names_redundant_clues() {
    // The 17-clue puzzle with r1c1 (9 in its solution) added.
    let fuller = format!("9{}", &SEVENTEEN[1..]);
    let (out, _, code) = check(&[], &fuller);
    assert!(out.starts_with("unique 18 redundant clues: r1c1"), "{out}");
    assert_eq!(code, 0);
}

#[test]
fn check_exit_status_follows_the_worst_record() {
    assert_eq!(check(&[], SEVENTEEN).2, 0);
    assert_eq!(check(&[], &".".repeat(81)).2, 1);
    let (out, err, code) = check(&[], &format!("{SEVENTEEN}\n{}x\n", ".".repeat(80)));
    assert_eq!(code, 2);
    assert_eq!(out, "unique 17 minimal\n\n");
    assert!(err.starts_with("<stdin>:2: "), "{err}");
}

#[test]
fn check_json_has_verdict_fields() {
    let input = [
        SEVENTEEN.to_string(),
        format!("9{}", &SEVENTEEN[1..]),
        ".".repeat(81),
        format!("....7..7.{}", ".".repeat(72)),
    ]
    .join("\n");
    let (out, _, code) = check(&["--format", "json"], &input);
    assert_eq!(code, 1);
    let objects: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects[0]["status"], "unique");
    assert_eq!(objects[0]["clues"], 17);
    assert_eq!(objects[0]["minimal"], true);
    assert_eq!(objects[0]["redundant"], Value::Array(vec![]));
    assert_solves(
        &parse_line(SEVENTEEN),
        &parse_line(objects[0]["solution"].as_str().unwrap()),
        "the 17-clue puzzle",
    );
    assert_eq!(objects[1]["minimal"], false);
    assert_eq!(objects[1]["redundant"][0], "r1c1");
    assert_eq!(objects[2]["status"], "multiple");
    assert_eq!(objects[2]["difference"]["cell"], "r8c3");
    assert_eq!(
        objects[2]["difference"]["digits"],
        serde_json::json!([2, 8])
    );
    assert_eq!(objects[2]["minimal"], Value::Null);
    assert_eq!(objects[3]["status"], "invalid");
    assert_eq!(objects[3]["conflict"], "r1c5 and r1c8 both hold 7");
}

#[test]
fn check_is_the_same_for_any_thread_count() {
    let puzzles = run_ok(&[
        "generate",
        "-n",
        "30",
        "--seed",
        "6",
        "--clues",
        "30",
        "--no-minimal",
    ]);
    let one = check(&["-j", "1"], &puzzles);
    let two = check(&["-j", "2"], &puzzles);
    assert_eq!(one, two);
    assert_eq!(one.0.lines().count(), 30);
}

#[test]
fn minimal_is_the_default_and_may_be_said() {
    let plain = sudokit()
        .args(["generate", "--count", "3", "--seed", "11"])
        .output()
        .unwrap();
    let said = sudokit()
        .args(["generate", "--count", "3", "--seed", "11", "--minimal"])
        .output()
        .unwrap();
    assert!(plain.status.success() && said.status.success());
    assert_eq!(plain.stdout, said.stdout);
    sudokit()
        .args(["generate", "--minimal", "--no-minimal", "--clues", "30"])
        .assert()
        .code(2);
}
