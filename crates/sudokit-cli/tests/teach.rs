//! `hint`, `explain` and `solve --trace` as a user runs them: the seed's
//! example board, pencil marks with mistakes, JSON that replays to the
//! solution, technique limits, and the trace's lesson about undoing.

mod support;

use serde_json::Value;
use sudokit::{Candidates, Cell, Digit, Grid};

use support::reference::{parse_line, unique_solution, Board};
use support::{example, run, sudokit};

/// A top1465 puzzle that needs more than singles (locked candidates).
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// A top1465 puzzle that needs subsets or fish (difficulty 3.0 and more).
const HARDER: &str =
    "5..7..6....38...........2..62.4............917............35.8.4.....1......9....";

fn cell(name: &str) -> Cell {
    let bytes = name.as_bytes();
    Cell::from_row_col(usize::from(bytes[1] - b'1'), usize::from(bytes[3] - b'1')).unwrap()
}

/// The only solution of `puzzle`, by the reference search.
fn solution_of(puzzle: &str) -> Board {
    unique_solution(&parse_line(puzzle)).unwrap_or_else(|| panic!("{puzzle} has one solution"))
}

/// Replays a JSON explanation's steps from its puzzle; returns the final board.
fn replay(json: &Value) -> Board {
    let puzzle: Grid = json["puzzle"].as_str().unwrap().parse().unwrap();
    let mut marks = Candidates::from_grid(&puzzle);
    for step in json["steps"].as_array().unwrap() {
        for p in step["placements"].as_array().unwrap() {
            let digit = Digit::new(p["digit"].as_u64().unwrap() as u8).unwrap();
            marks.place(cell(p["cell"].as_str().unwrap()), digit);
        }
        for e in step["eliminations"].as_array().unwrap() {
            let digit = Digit::new(e["digit"].as_u64().unwrap() as u8).unwrap();
            marks.eliminate(cell(e["cell"].as_str().unwrap()), digit);
        }
        assert!(step["difficulty"].as_f64().unwrap() >= 1.0);
        assert!(!step["text"].as_str().unwrap().is_empty());
    }
    parse_line(&marks.grid().to_line())
}

#[test]
fn hint_names_the_technique_the_house_and_the_cell() {
    let (out, _, code) = run(&["hint", &example("board.txt")], "");
    assert_eq!(code, 0);
    assert!(
        out.starts_with("Hidden single: in ") || out.starts_with("Full house: "),
        "{out}"
    );
    assert!(
        out.contains(" r") && out.trim_end().lines().count() == 1,
        "{out}"
    );

    let (vague, _, _) = run(&["hint", "--vague", &example("board.txt")], "");
    assert!(vague.starts_with("Look for a "), "{vague}");
    assert!(!vague.contains(" r1c") && !vague.contains("r2c"), "{vague}");
}

#[test]
fn hint_json_is_the_step() {
    let (out, _, code) = run(&["hint", "--format", "json"], &format!("{HARD}\n"));
    assert_eq!(code, 0);
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["status"], "step");
    let step = &json["hint"]["step"];
    assert!(step["technique"].is_string() && step["difficulty"].is_f64());
    assert!(
        !step["placements"].as_array().unwrap().is_empty()
            || !step["eliminations"].as_array().unwrap().is_empty()
    );
}

#[test]
fn hint_on_pencil_marks_that_lost_the_solution_digit_says_so() {
    let puzzle: Grid = HARD.parse().unwrap();
    let solution = solution_of(HARD);
    let mut marks = Candidates::from_grid(&puzzle);
    let r1c2 = Cell::from_row_col(0, 1).unwrap();
    let digit = Digit::new(solution[1]).unwrap();
    marks.eliminate(r1c2, digit);
    let (out, _, _) = run(&["hint"], &format!("{}\n", marks.to_string_729()));
    assert_eq!(
        out.trim_end(),
        format!(
            "Mistake: {digit} was removed from the pencil marks of r1c2, but the solution has {digit} there"
        )
    );

    // A wrong digit placed: named, with the cell.
    let mut placed = Candidates::from_grid(&puzzle);
    let wrong = placed.get(r1c2).iter().find(|&d| d != digit).unwrap();
    placed.place(r1c2, wrong);
    let (out, _, _) = run(
        &["hint", "--format", "json"],
        &format!("{}\n", placed.to_string_729()),
    );
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["status"], "wrong_digit", "{out}");
    assert_eq!(json["hint"]["cell"], "r1c2");
}

#[test]
fn explain_json_replays_to_the_solution() {
    let (out, _, code) = run(&["explain", "--format", "json"], &format!("{HARD}\n"));
    assert_eq!(code, 0);
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["solved"], true);
    assert_eq!(replay(&json), solution_of(HARD));
}

#[test]
fn explain_in_text_numbers_the_steps_and_shows_the_grid() {
    let (out, _, code) = run(&["explain"], &format!("{HARDER}\n"));
    assert_eq!(code, 0);
    assert!(out.contains("  1. ["), "{out}");
    assert!(out.contains("Solved in "), "{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with(".---") || l.starts_with("*---")),
        "{out}"
    );
    let (brief, _, _) = run(&["explain", "--brief"], &format!("{HARDER}\n"));
    assert!(brief.len() < out.len());
}

#[test]
fn explain_with_singles_only_stops_and_says_where() {
    let (out, _, code) = run(
        &["explain", "--techniques", "singles", "--format", "json"],
        &format!("{HARD}\n"),
    );
    assert_eq!(code, 1);
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["solved"], false);
    assert_eq!(json["status"], "stuck");
    assert!(json["end"].as_str().unwrap().len() == 729);
    let (text, _, _) = run(
        &["explain", "--techniques", "singles"],
        &format!("{HARD}\n"),
    );
    assert!(text.contains("Stuck after "), "{text}");

    let output = sudokit()
        .args(["explain", "--techniques", "nonsense"])
        .write_stdin(format!("{HARD}\n"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown technique"));
}

#[test]
fn explain_runs_bulk_files_in_order() {
    let input = std::fs::read_to_string(example("puzzles.txt")).unwrap();
    let (out, _, _) = run(&["explain", "--format", "json", "-j", "2"], &input);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let puzzles: Vec<&str> = input.lines().filter(|l| l.len() >= 81).collect();
    assert_eq!(lines.len(), puzzles.len());
    for (json, line) in lines.iter().zip(&puzzles) {
        let puzzle: Grid = line[..81].parse().unwrap();
        assert_eq!(json["puzzle"].as_str().unwrap(), puzzle.to_line());
        if json["unique"] == true {
            assert_eq!(replay(json), solution_of(&line[..81]));
        }
    }
}

#[test]
fn the_trace_shows_placements_undos_and_the_solution() {
    let (out, _, code) = run(&["solve", "--trace", &example("board.txt")], "");
    assert_eq!(code, 0);
    assert!(out.contains("place r1c1=1"), "{out}");
    assert!(out.contains("undo "), "{out}");
    assert!(out.contains("back to 0"), "{out}");
    assert!(out.contains("dead end at "), "{out}");
    assert!(out.trim_end().ends_with("4 6 2 5 8 3 1 7 9"), "{out}");
}

#[test]
fn the_trace_stops_at_its_limit_and_json_lists_events() {
    let sparse = format!("{}\n", ".".repeat(81));
    let (out, _, code) = run(&["solve", "--trace", "--trace-limit", "50"], &sparse);
    assert_eq!(code, 0);
    // Fifty events (placements, undos, dead ends), the summary, the board.
    let events = out
        .lines()
        .take_while(|l| !l.contains("placements, "))
        .count();
    assert_eq!(events, 50, "{out}");
    assert!(out.contains("stopped at its limit"), "{out}");

    let (out, _, _) = run(
        &[
            "solve",
            "--trace",
            "--trace-limit",
            "30",
            "--format",
            "json",
        ],
        &sparse,
    );
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["trace"].as_array().unwrap().len(), 30);
    assert_eq!(json["trace"][0]["event"], "place");
    assert_eq!(json["trace"][0]["cell"], "r1c1");
    assert_eq!(json["truncated"], true);
    assert_eq!(
        &json["solution"].as_str().unwrap()[..18],
        "123456789456789123"
    );
}
