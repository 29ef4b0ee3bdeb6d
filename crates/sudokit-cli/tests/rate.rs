//! `rate`, `generate --level`/`--rating` and the rating in `check` and
//! `explain`, as a user runs them.

mod support;

use serde_json::Value;

use support::reference::{count_solutions, parse_line};
use support::{repo_path, run, BOARD_PUZZLE_LINE as BOARD};

#[test]
fn rate_prints_er_ep_ed_and_the_level() {
    let (out, _, code) = run(&["rate"], &format!("{BOARD}\n"));
    assert_eq!((out.as_str(), code), ("1.2/1.2/1.2 easy\n", 0));

    let (out, _, _) = run(&["rate", "--format", "json"], &format!("{BOARD}\n"));
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["status"], "rated");
    assert_eq!(
        (json["er"].as_f64(), json["level"].as_str()),
        (Some(1.2), Some("easy"))
    );
    assert_eq!(json["technique"], "hidden single");
}

#[test]
fn rate_refuses_boards_without_exactly_one_solution() {
    let (out, err, code) = run(&["rate"], &format!("{}\n", ".".repeat(81)));
    assert_eq!((out.as_str(), code), ("", 1));
    assert!(err.contains("several solutions: no rating"), "{err}");
}

#[test]
fn ratings_are_the_same_under_symmetries_and_threads() {
    let puzzles =
        std::fs::read_to_string(repo_path("data/puzzles/puzzles3_magictour_top1465.txt")).unwrap();
    let sample: String = puzzles.lines().take(12).map(|l| format!("{l}\n")).collect();
    let (plain, _, _) = run(&["rate", "-j1"], &sample);
    let (threads, _, _) = run(&["rate", "-j2"], &sample);
    assert_eq!(plain, threads);
    // Like Sudoku Explainer's, the path among equally easy steps follows the
    // order of the cells, so a symmetry may move a chain rating by a tenth or two.
    let (turned, _, _) = run(&["transform", "--seed", "3"], &sample);
    let (rated, _, _) = run(&["rate"], &turned);
    let er = |line: &str| line.split('/').next().unwrap().parse::<f64>().unwrap();
    let mut same = 0;
    for (a, b) in plain.lines().zip(rated.lines()) {
        assert!((er(a) - er(b)).abs() <= 0.21, "{a} against {b}");
        same += usize::from(a == b);
    }
    assert!(same >= 10, "{plain}\n{rated}");
}

#[test]
fn generate_makes_puzzles_of_the_level_asked_for() {
    for level in ["easy", "fiendish", "diabolical"] {
        let args = [
            "generate", "--seed", "11", "-n", "3", "--level", level, "--format", "json",
        ];
        let (out, err, code) = run(&[&args[..], &["-j1"]].concat(), "");
        assert_eq!(code, 0, "{err}");
        assert!(err.contains("candidates made and rated"), "{err}");
        let (again, _, _) = run(&[&args[..], &["-j2"]].concat(), "");
        assert_eq!(out, again, "the same puzzles for any thread count");
        for line in out.lines() {
            let json: Value = serde_json::from_str(line).unwrap();
            assert_eq!(json["rating"]["level"], level);
            assert!(json["tries"].as_u64().unwrap() >= 1);
            let puzzle = json["puzzle"].as_str().unwrap();
            assert_eq!(count_solutions(&parse_line(puzzle), 2), 1, "{puzzle}");
            let (rated, _, _) = run(&["rate"], &format!("{puzzle}\n"));
            assert!(rated.trim_end().ends_with(level), "{rated}");
        }
    }
}

#[test]
fn generate_keeps_to_a_rating_range() {
    let (out, err, code) = run(
        &[
            "generate", "--seed", "2", "-n", "2", "--rating", "7.0..8.0", "--format", "json",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    for line in out.lines() {
        let json: Value = serde_json::from_str(line).unwrap();
        let er = json["rating"]["er"].as_f64().unwrap();
        assert!((7.0..=8.0).contains(&er), "{er}");
    }
    let (_, err, code) = run(&["generate", "--rating", "8..7"], "");
    assert_eq!(code, 2);
    assert!(err.contains("lower end is above the upper"), "{err}");
    let (_, err, code) = run(&["generate", "--level", "impossible"], "");
    assert_eq!(code, 2);
    assert!(err.contains("unknown level"), "{err}");
}

#[test]
fn check_and_explain_carry_the_rating() {
    let (out, _, _) = run(&["check", "--format", "json"], &format!("{BOARD}\n"));
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["rating"]["er"].as_f64(), Some(1.2));
    let (out, _, _) = run(&["explain", "--format", "json"], &format!("{BOARD}\n"));
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["rating"]["level"], "easy");
    let (out, _, _) = run(&["explain", "--brief"], &format!("{BOARD}\n"));
    assert!(
        out.contains("rated 1.2/1.2/1.2 easy on Sudoku Explainer's scale"),
        "{out}"
    );
}
