//! The JSON object of an answer: what `sudokit ... --format json` prints for a
//! record, one object a line, and what `sudokit serve` answers. Every shape
//! is [`serde::Serialize`]; write it with any serde format.
//!
//! ```
//! use sudokit::answer::{answer, json, Question};
//! use sudokit::{Record, Solver};
//!
//! let record: Record =
//!     "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
//!         .parse()?;
//! let question = Question::Solve { first: false };
//! let answered = answer(&mut Solver::new(), question, record, 0);
//! let object = json::answer_json(&answered, "-", question);
//! assert!(matches!(object, json::Json::Search(_)));
//! # Ok::<(), sudokit::ParseError>(())
//! ```

use serde::Serialize;

use super::{Answered, Outcome, Question};
use crate::logic::{Explanation, Hint, Rating, Step};
use crate::trace::{Trace, TraceEvent};
use crate::{Candidate, Grid, Report, Symmetry, Verdict};

/// The JSON object of one answered record: its shape depends on the question.
#[derive(Serialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum Json<'a> {
    /// `solve`, `count` and `check`.
    Search(JsonAnswer<'a>),
    /// `canon` and `transform`.
    Symmetry(JsonSymmetry<'a>),
    /// `solve --trace`, `hint`, `explain` and `rate`.
    Teaching(Box<JsonTeaching<'a>>),
}

/// The JSON object for `answered`, read from `file` (its name in the
/// object), asked `question`.
pub fn answer_json<'a>(answered: &'a Answered, file: &'a str, question: Question) -> Json<'a> {
    if question.teaches() {
        Json::Teaching(Box::new(JsonTeaching::new(answered, file, question)))
    } else if question.searches() {
        Json::Search(JsonAnswer::new(answered, file))
    } else {
        Json::Symmetry(JsonSymmetry::new(answered, file))
    }
}

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

/// A step in JSON: technique, id, difficulty, houses, pattern, placements,
/// eliminations, chains and text.
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
    /// The JSON of `step`.
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
    /// The JSON of `hint`; a `vague` one names only the technique and where
    /// to look.
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
    /// The JSON of `explanation`.
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

/// The events of `trace` in JSON.
pub fn json_trace(trace: &Trace) -> Vec<JsonEvent> {
    trace.events.iter().map(json_event).collect()
}

fn json_event(event: &TraceEvent) -> JsonEvent {
    let mut json = JsonEvent {
        event: "solved",
        cell: None,
        digit: None,
        depth: None,
        blockers: None,
        text: event.to_string().trim().to_string(),
    };
    match *event {
        TraceEvent::Place { cell, digit, depth } | TraceEvent::Undo { cell, digit, depth } => {
            json.event = if matches!(event, TraceEvent::Place { .. }) {
                "place"
            } else {
                "undo"
            };
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
    /// The JSON of `rating`.
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

/// The answer of `solve`, `count` or `check`.
#[derive(Serialize)]
pub struct JsonAnswer<'a> {
    file: &'a str,
    line: usize,
    puzzle: Option<String>,
    status: &'a str,
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit_reached: Option<bool>,
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    clues: Option<usize>,
    /// Whether a puzzle with one solution is minimal; null for other checked boards.
    #[serde(skip_serializing_if = "Option::is_none")]
    minimal: Option<Option<bool>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    redundant: Option<Vec<String>>,
    /// Where the two smallest solutions of a board with several first differ.
    #[serde(skip_serializing_if = "Option::is_none")]
    difference: Option<JsonDifference>,
    /// The clash of an invalid checked board, `r1c5 and r1c8 both hold 7`.
    #[serde(skip_serializing_if = "Option::is_none")]
    conflict: Option<String>,
    /// The rating of a puzzle with one solution, on Sudoku Explainer's scale.
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<JsonRating>,
    guesses: u64,
}

/// Where the two smallest solutions of a board with several first differ.
#[derive(Serialize)]
pub struct JsonDifference {
    cell: String,
    digits: [u8; 2],
}

fn puzzle_line(answered: &Answered) -> Option<String> {
    answered.record.grid.as_ref().ok().map(Grid::to_line)
}

impl<'a> JsonAnswer<'a> {
    fn new(answered: &'a Answered, file: &'a str) -> JsonAnswer<'a> {
        let (count, limit_reached) = match answered.outcome {
            Outcome::Counted {
                count,
                limit_reached,
            } => (Some(count), Some(limit_reached)),
            _ => (None, None),
        };
        let report = match &answered.outcome {
            Outcome::Checked(report) => Some(report),
            _ => None,
        };
        JsonAnswer {
            file,
            line: answered.record.line,
            puzzle: puzzle_line(answered),
            status: answered.outcome.status_name(),
            solution: match &answered.outcome {
                Outcome::Solved(solution)
                | Outcome::Checked(Report {
                    verdict: Verdict::Unique { solution, .. },
                    ..
                }) => Some(solution.to_line()),
                _ => None,
            },
            count,
            limit_reached,
            error: answered.outcome.error_message(),
            clues: report.map(|report| report.clues),
            minimal: report.map(Report::is_minimal),
            redundant: report.and_then(|report| match &report.verdict {
                Verdict::Unique { redundant, .. } => {
                    Some(redundant.iter().map(ToString::to_string).collect())
                }
                _ => None,
            }),
            difference: report.and_then(|report| match report.verdict {
                Verdict::Multiple { cell, digits } => Some(JsonDifference {
                    cell: cell.to_string(),
                    digits: [digits.0.get(), digits.1.get()],
                }),
                _ => None,
            }),
            conflict: report.and_then(|report| match report.verdict {
                Verdict::Invalid(conflict) => Some(conflict.to_string()),
                _ => None,
            }),
            rating: answered.rating.as_ref().map(JsonRating::new),
            guesses: answered.guesses,
        }
    }
}

/// The answer of `canon` or `transform`.
#[derive(Serialize)]
pub struct JsonSymmetry<'a> {
    file: &'a str,
    line: usize,
    puzzle: Option<String>,
    status: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    canonical: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    automorphisms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    transformed: Option<String>,
    error: Option<String>,
}

impl<'a> JsonSymmetry<'a> {
    fn new(answered: &'a Answered, file: &'a str) -> JsonSymmetry<'a> {
        let (canonical, automorphisms, transformed) = match answered.outcome {
            Outcome::Canonical {
                form,
                automorphisms,
            } => (Some(form.to_line()), automorphisms, None),
            Outcome::Transformed(grid) => (None, None, Some(grid.to_line())),
            _ => (None, None, None),
        };
        JsonSymmetry {
            file,
            line: answered.record.line,
            puzzle: puzzle_line(answered),
            status: answered.outcome.status_name(),
            canonical,
            automorphisms,
            transformed,
            error: answered.outcome.error_message(),
        }
    }
}

/// The answer of `solve --trace`, `hint`, `explain` or `rate`.
#[derive(Serialize)]
pub struct JsonTeaching<'a> {
    file: &'a str,
    line: usize,
    puzzle: Option<String>,
    status: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    trace: Option<Vec<JsonEvent>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    truncated: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<JsonHint>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    explanation: Option<JsonExplanation>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    rating: Option<JsonRating>,
    /// An explanation's rating on Sudoku Explainer's scale.
    #[serde(rename = "rating", skip_serializing_if = "Option::is_none")]
    explained_rating: Option<JsonRating>,
    error: Option<String>,
}

impl<'a> JsonTeaching<'a> {
    fn new(answered: &'a Answered, file: &'a str, question: Question) -> JsonTeaching<'a> {
        let mut json = JsonTeaching {
            file,
            line: answered.record.line,
            puzzle: puzzle_line(answered),
            status: answered.outcome.status_name(),
            solution: None,
            trace: None,
            truncated: None,
            hint: None,
            explanation: None,
            rating: None,
            explained_rating: None,
            error: answered.outcome.error_message(),
        };
        match &answered.outcome {
            Outcome::Traced { trace, solution } => {
                json.solution = Some(solution.to_line());
                json.trace = Some(json_trace(trace));
                json.truncated = Some(trace.truncated);
            }
            Outcome::Hinted(hint) => {
                let vague = matches!(question, Question::Hint { vague: true, .. });
                json.hint = Some(JsonHint::new(hint, vague));
            }
            Outcome::Explained(explanation) => {
                json.explanation = Some(JsonExplanation::new(explanation));
                json.explained_rating = answered.rating.as_ref().map(JsonRating::new);
            }
            Outcome::Rated(rating) => json.rating = Some(JsonRating::new(rating)),
            _ => {}
        }
        json
    }
}

/// One puzzle of `generate --format json`: seed, index, symmetry, clues,
/// puzzle, and the solution, rating and candidates tried where asked.
#[derive(Serialize)]
pub struct JsonGenerated {
    seed: u64,
    index: u64,
    symmetry: &'static str,
    clues: usize,
    puzzle: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<JsonRating>,
    /// With a level or a rating range: candidates made and rated to find this puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    tries: Option<u64>,
}

impl JsonGenerated {
    /// Puzzle number `index` of `seed`, made with `symmetry`; its `solution`
    /// if it is to be shown, and its rating with the candidates tried when
    /// one was asked for.
    pub fn new(
        seed: u64,
        index: u64,
        symmetry: Symmetry,
        puzzle: &Grid,
        solution: Option<&Grid>,
        rated: Option<(&Rating, u64)>,
    ) -> JsonGenerated {
        JsonGenerated {
            seed,
            index,
            symmetry: symmetry.name(),
            clues: puzzle.clue_count(),
            puzzle: puzzle.to_line(),
            solution: solution.map(Grid::to_line),
            rating: rated.map(|(rating, _)| JsonRating::new(rating)),
            tries: rated.map(|(_, tries)| tries),
        }
    }
}
