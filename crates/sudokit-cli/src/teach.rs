//! Writing the teaching answers: hints, explanations and search traces, as
//! text and as JSON.

use std::io::Write;

use serde::Serialize;
use sudokit::logic::{Explanation, Hint, Rating, Step};
use sudokit::text::{self, Style};
use sudokit::trace::{Trace, TraceEvent};
use sudokit::{Candidate, Candidates};

/// A candidate in JSON: `{"cell": "r4c6", "digit": 7}`.
#[derive(Serialize)]
pub struct JsonCandidate {
    cell: String,
    digit: u8,
}

fn json_candidates(list: &[Candidate]) -> Vec<JsonCandidate> {
    list.iter()
        .map(|c| JsonCandidate {
            cell: c.cell.to_string(),
            digit: c.digit.get(),
        })
        .collect()
}

/// A step in JSON.
#[derive(Serialize)]
pub struct JsonStep {
    technique: &'static str,
    id: String,
    difficulty: f64,
    houses: Vec<String>,
    pattern: Vec<JsonCandidate>,
    placements: Vec<JsonCandidate>,
    eliminations: Vec<JsonCandidate>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    chains: Vec<String>,
    text: String,
}

impl JsonStep {
    pub fn new(step: &Step) -> JsonStep {
        JsonStep {
            technique: step.technique.name(),
            id: step.technique.id(),
            difficulty: step.difficulty.value(),
            houses: step.houses.iter().map(ToString::to_string).collect(),
            pattern: json_candidates(&step.pattern),
            placements: json_candidates(&step.placements),
            eliminations: json_candidates(&step.eliminations),
            chains: step.chains.iter().map(ToString::to_string).collect(),
            text: step.text.clone(),
        }
    }
}

/// The one-line text of a hint.
pub fn write_hint(out: &mut Vec<u8>, hint: &Hint, vague: bool) {
    let _ = match hint {
        Hint::Step(step) if vague => writeln!(out, "{}", step.vague_text()),
        other => writeln!(out, "{other}"),
    };
}

/// The status word of a hint in JSON.
pub fn hint_status(hint: &Hint) -> &'static str {
    match hint {
        Hint::Step(_) => "step",
        Hint::WrongDigit { .. } => "wrong_digit",
        Hint::LostCandidate { .. } => "lost_candidate",
        Hint::Solved => "solved",
        Hint::Stuck => "stuck",
        _ => "hint",
    }
}

/// The JSON fields of a hint beyond the common ones.
#[derive(Serialize)]
pub struct JsonHint {
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<JsonStep>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cell: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    digit: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution_digit: Option<u8>,
    text: String,
}

impl JsonHint {
    pub fn new(hint: &Hint, vague: bool) -> JsonHint {
        let mut json = JsonHint {
            step: None,
            cell: None,
            digit: None,
            solution_digit: None,
            text: hint.to_string(),
        };
        match hint {
            Hint::Step(step) => {
                if vague {
                    json.text = step.vague_text();
                } else {
                    json.step = Some(JsonStep::new(step));
                }
            }
            Hint::WrongDigit {
                cell,
                placed,
                solution,
            } => {
                json.cell = Some(cell.to_string());
                json.digit = Some(placed.get());
                json.solution_digit = solution.map(|d| d.get());
            }
            Hint::LostCandidate { cell, digit } => {
                json.cell = Some(cell.to_string());
                json.solution_digit = Some(digit.get());
            }
            _ => {}
        }
        json
    }
}

/// Steps from this difficulty on (subsets and beyond) are shown after the
/// candidate grid they read: easier ones are followed without it.
const GRID_FROM: u16 = 30;

/// The text of an explanation: each step numbered with its difficulty, the
/// candidate grid before a harder step when the marks changed since the last
/// grid (unless `brief`), and how it ended.
pub fn write_explanation(
    out: &mut Vec<u8>,
    explanation: &Explanation,
    rating: Option<&Rating>,
    brief: bool,
) {
    let mut marks = Candidates::from_grid(&explanation.puzzle);
    let is_hard = |step: &Step| step.difficulty.tenths() >= GRID_FROM;
    for (index, step) in explanation.steps.iter().enumerate() {
        // The grid shown before a run of hard steps serves the whole run:
        // each step names its own cells.
        let starts_run = index == 0 || !is_hard(&explanation.steps[index - 1]);
        if !brief && is_hard(step) && starts_run {
            out.push(b'\n');
            text::write_marks(out, &marks, Style::MarksGrid);
            out.push(b'\n');
        }
        let _ = writeln!(out, "{:>3}. [{}] {step}", index + 1, step.difficulty);
        for chain in &step.chains {
            let _ = writeln!(out, "       {chain}");
        }
        step.apply(&mut marks);
    }
    if explanation.solved {
        let _ = write!(
            out,
            "Solved in {}; hardest {}",
            steps(explanation.steps.len()),
            explanation.hardest()
        );
        let _ = match rating {
            Some(rating) => writeln!(out, "; rated {rating} on Sudoku Explainer's scale"),
            None => writeln!(out),
        };
        text::write_grid(out, &explanation.end.grid(), Style::Drawn, b'.');
    } else {
        let _ = writeln!(
            out,
            "Stuck after {}: no allowed technique applies{}",
            steps(explanation.steps.len()),
            if explanation.unique {
                ""
            } else {
                " (the puzzle has several solutions)"
            }
        );
        if let Some(next) = &explanation.next_step {
            let _ = writeln!(
                out,
                "The next step needs a technique left out, {} ({}): {next}",
                next.technique, next.difficulty
            );
        }
        if !brief {
            text::write_marks(out, &explanation.end, Style::MarksGrid);
        }
    }
}

/// `1 step`, `2 steps`.
fn steps(count: usize) -> String {
    if count == 1 {
        "1 step".to_string()
    } else {
        format!("{count} steps")
    }
}

/// The JSON fields of an explanation beyond the common ones.
#[derive(Serialize)]
pub struct JsonExplanation {
    solved: bool,
    unique: bool,
    hardest: f64,
    steps: Vec<JsonStep>,
    /// The pencil marks where the steps stopped, 729 characters.
    end: String,
    /// Where a limited engine stopped: the step every technique would take next.
    #[serde(skip_serializing_if = "Option::is_none")]
    next_step: Option<JsonStep>,
}

impl JsonExplanation {
    pub fn new(explanation: &Explanation) -> JsonExplanation {
        JsonExplanation {
            solved: explanation.solved,
            unique: explanation.unique,
            hardest: explanation.hardest().value(),
            steps: explanation.steps.iter().map(JsonStep::new).collect(),
            end: explanation.end.to_string_729(),
            next_step: explanation.next_step.as_ref().map(JsonStep::new),
        }
    }
}

/// The text of a trace: one event a line, a note if it was cut short.
pub fn write_trace(out: &mut Vec<u8>, trace: &Trace) {
    for event in &trace.events {
        let _ = writeln!(out, "{event}");
    }
    let _ = writeln!(
        out,
        "{} placements, {} undos{}",
        trace.placements,
        trace.undos,
        if trace.truncated {
            "; the trace stopped at its limit (--trace-limit) before the search finished"
        } else {
            ""
        }
    );
}

/// A trace event in JSON.
#[derive(Serialize)]
pub struct JsonEvent {
    event: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    cell: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    digit: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    depth: Option<usize>,
    /// For a dead end: for each digit 1..9, a peer holding it, or null if it was tried.
    #[serde(skip_serializing_if = "Option::is_none")]
    blockers: Option<Vec<Option<String>>>,
    text: String,
}

pub fn json_trace(trace: &Trace) -> Vec<JsonEvent> {
    trace
        .events
        .iter()
        .map(|event| {
            let mut json = JsonEvent {
                event: "solved",
                cell: None,
                digit: None,
                depth: None,
                blockers: None,
                text: event.to_string().trim().to_string(),
            };
            match *event {
                TraceEvent::Place { cell, digit, depth } => {
                    json.event = "place";
                    json.cell = Some(cell.to_string());
                    json.digit = Some(digit.get());
                    json.depth = Some(depth);
                }
                TraceEvent::Undo { cell, digit, depth } => {
                    json.event = "undo";
                    json.cell = Some(cell.to_string());
                    json.digit = Some(digit.get());
                    json.depth = Some(depth);
                }
                TraceEvent::DeadEnd {
                    cell,
                    blockers,
                    depth,
                } => {
                    json.event = "dead_end";
                    json.cell = Some(cell.to_string());
                    json.depth = Some(depth);
                    json.blockers = Some(
                        blockers
                            .iter()
                            .map(|b| b.map(|cell| cell.to_string()))
                            .collect(),
                    );
                }
                _ => {}
            }
            json
        })
        .collect()
}

/// A rating in JSON: `er`, `ep`, `ed` (numbers), `level` and the technique of
/// the hardest step.
#[derive(Serialize)]
pub struct JsonRating {
    er: f64,
    ep: f64,
    ed: f64,
    level: &'static str,
    technique: Option<&'static str>,
}

impl JsonRating {
    pub fn new(rating: &Rating) -> JsonRating {
        JsonRating {
            er: rating.er.value(),
            ep: rating.ep.value(),
            ed: rating.ed.value(),
            level: rating.level.name(),
            technique: rating.hardest.map(|t| t.name()),
        }
    }
}
