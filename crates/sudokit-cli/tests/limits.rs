//! The commands that can run long either finish or stop at a limit that
//! they report: counting an empty board, asking for 17-clue puzzles, rating
//! and explaining the hardest puzzles (nested forcing chains).

mod support;

use std::time::{Duration, Instant};

use serde_json::Value;
use support::run;

/// One of the forum's hardest (rated 11.1 by Sudoku Explainer's rules): its
/// explanation needs nested forcing chains.
const HARDEST: &str =
    "98.76.5..75..8..6...6......5.......4..794..5.......3..2..........965..8......41..";

fn clues(puzzle: &str) -> usize {
    puzzle.bytes().filter(u8::is_ascii_digit).count()
}

#[test]
fn counting_an_empty_board_stops_at_the_limit_and_says_so() {
    let empty = ".".repeat(81);
    let (out, err, code) = run(&["count"], &empty);
    assert_eq!((out.as_str(), code), ("1000000\n", 0));
    assert_eq!(
        err,
        "sudokit: 1 of 1 counts stopped at the limit of 1000000 (--limit): there are more solutions\n"
    );

    let (out, err, code) = run(&["count", "--limit", "5"], &format!("{empty}\n{HARDEST}\n"));
    assert_eq!((out.as_str(), code), ("5\n1\n", 0));
    assert!(
        err.contains("1 of 2 counts stopped at the limit of 5"),
        "{err}"
    );

    // JSON says it per record, so the summary line is not needed there.
    let (out, err, _) = run(&["count", "--limit", "5", "--format", "json"], &empty);
    let json: Value = serde_json::from_str(out.trim()).expect("JSON");
    assert_eq!(
        (json["count"].as_u64(), json["limit_reached"].as_bool()),
        (Some(5), Some(true))
    );
    assert_eq!(err, "");

    // A count that ends exactly at the limit did not stop there: nothing to report.
    let (out, err, _) = run(&["count", "--limit", "1"], HARDEST);
    assert_eq!((out.as_str(), err.as_str()), ("1\n", ""));
}

#[test]
fn seventeen_clues_out_of_reach_gives_the_fewest_found_and_says_so() {
    let (out, err, code) = run(
        &[
            "generate",
            "--clues",
            "17",
            "--attempts",
            "5",
            "--seed",
            "1",
            "-n",
            "2",
        ],
        "",
    );
    assert_eq!(code, 0);
    let puzzles: Vec<&str> = out.lines().collect();
    assert_eq!(puzzles.len(), 2);
    let fewest = puzzles.iter().map(|p| clues(p)).min().expect("two puzzles");
    assert!(fewest > 17, "{out}");
    assert_eq!(
        err,
        format!(
            "sudokit: 2 of 2 puzzles kept more than 17 clues (the fewest {fewest}): \
             no grid tried gave 17 or fewer (more grids: --attempts)\n"
        )
    );

    // A target that is reached needs no report.
    let (out, err, _) = run(&["generate", "--clues", "30", "--seed", "1"], "");
    assert!(clues(out.trim()) <= 30, "{out}");
    assert_eq!(err, "");
}

#[test]
fn the_hardest_puzzles_are_rated_and_explained_to_the_end() {
    let started = Instant::now();
    let (out, err, code) = run(&["rate"], HARDEST);
    let took = started.elapsed();
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        ("11.1/11.1/10.9 diabolical\n", "", 0)
    );
    // Generous: the rating takes well under a second in a release build.
    assert!(took < Duration::from_secs(60), "rate took {took:?}");

    let (out, _, code) = run(&["explain", "--format", "json"], HARDEST);
    assert_eq!(code, 0);
    let json: Value = serde_json::from_str(out.trim()).expect("JSON");
    assert_eq!(json["status"], "explained");
    assert_eq!(json["solved"], true);
    let steps = json["steps"].as_array().expect("steps");
    assert!(
        steps
            .iter()
            .any(|step| step["id"] == "nested-forcing-chain"),
        "no nested chain among {} steps",
        steps.len()
    );
}

/// Ctrl-C stops a long `generate` after the puzzle each thread is on: whole
/// lines on stdout, in order, a note of how many on stderr, exit status 130.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_generate_with_whole_lines() {
    use support::{interrupt_after, Interrupted};

    let args = [
        "generate",
        "--level",
        "diabolical",
        "--seed",
        "5",
        "-n",
        "100000",
        "-j2",
    ];
    let interrupted = interrupt_after(args, Duration::from_millis(1500));
    interrupted.assert_stopped_on_a_whole_line();
    let Interrupted { stdout, stderr, .. } = interrupted;
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines.len() < 100_000, "it stopped early");
    assert!(lines.iter().all(|line| line.len() == 81), "whole puzzles");
    assert!(
        stderr.contains(&format!("interrupted after {} puzzles", lines.len())),
        "{stderr}"
    );
    // The same puzzles as an uninterrupted run: nothing out of order.
    if !lines.is_empty() {
        let count = lines.len().to_string();
        let (again, _, _) = run(
            &args[..5]
                .iter()
                .copied()
                .chain(["-n", &count])
                .collect::<Vec<_>>(),
            "",
        );
        assert_eq!(again, stdout);
    }
}
