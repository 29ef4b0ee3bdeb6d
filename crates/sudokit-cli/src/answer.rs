//! One record in, one answer out: asking the library, then writing the answer
//! to stdout's buffer and its diagnostic to stderr's.

use std::io::Write;

use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;
use serde::Serialize;
use sudokit::logic::{Explanation, Hint, LogicSolver, Rating, RatingError, TechniqueSet};
use sudokit::trace::Trace;
use sudokit::{
    text, Candidates, Grid, Record, Report, SolveError, Solver, Style, Transformation, Verdict,
};

use crate::teach;
use crate::OutputFormat;

/// What is asked of every record.
#[derive(Clone, Copy, Debug)]
pub enum Question {
    /// The lexicographically smallest solution, or any solution with `first`.
    Solve { first: bool },
    /// The number of solutions up to `limit`.
    Count { limit: u64 },
    /// Unique, several solutions or none, and which clues are redundant; with
    /// `rating`, also the rating of a puzzle with one solution.
    Check { rating: bool },
    /// The canonical form, with the automorphism count if asked.
    Canon { automorphisms: bool },
    /// The board under `before`, then a random symmetry drawn from `seed` and
    /// the record's number (if there is a seed), then `after`.
    Transform {
        before: Transformation,
        seed: Option<u64>,
        after: Transformation,
    },
    /// The lexicographically smallest solution, with the learner's search
    /// traced up to `limit` events.
    Trace { limit: usize },
    /// The next logical step (or the mistake in the solver's progress).
    Hint {
        vague: bool,
        techniques: TechniqueSet,
    },
    /// The whole logical path to the solution.
    Explain {
        techniques: TechniqueSet,
        brief: bool,
    },
    /// The rating on Sudoku Explainer's scale.
    Rate,
}

impl Question {
    /// Whether answering searches for solutions (and so has guesses to report).
    pub fn searches(&self) -> bool {
        matches!(
            self,
            Question::Solve { .. } | Question::Count { .. } | Question::Check { .. }
        )
    }

    /// Whether the answer is one of the teaching ones (trace, hint, explain).
    pub fn teaches(&self) -> bool {
        matches!(
            self,
            Question::Trace { .. }
                | Question::Hint { .. }
                | Question::Explain { .. }
                | Question::Rate
        )
    }
}

/// The generator for record number `index` (from 0, over the whole run) under
/// `seed`: ChaCha8 keyed with the seed's 8 little-endian bytes and zeros, on
/// stream `index`. A record's draw depends on nothing else, so the output is the
/// same on any machine and with any number of threads.
fn record_rng(seed: u64, index: u64) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    let mut rng = ChaCha8Rng::from_seed(key);
    rng.set_stream(index);
    rng
}

/// The library's answer for one record.
#[derive(Debug)]
pub enum Outcome {
    Solved(Grid),
    Counted {
        count: u64,
        limit_reached: bool,
    },
    /// A check's report; it carries its own verdict, clashing givens included.
    Checked(Report),
    NoSolution,
    Invalid(sudokit::Conflict),
    Unreadable(sudokit::ParseError),
    Canonical {
        form: Grid,
        automorphisms: Option<u64>,
    },
    Transformed(Grid),
    Traced {
        trace: Trace,
        solution: Grid,
    },
    Hinted(Box<Hint>),
    Explained(Box<Explanation>),
    Rated(Rating),
    /// A rating asked of a board with several solutions.
    NotUnique,
}

impl Outcome {
    /// The exit status this outcome calls for: 0 answered, 1 no solution or
    /// broken rules (for a check: anything but one solution), 2 unreadable.
    pub fn exit_status(&self) -> u8 {
        match self {
            Outcome::Solved(_)
            | Outcome::Canonical { .. }
            | Outcome::Transformed(_)
            | Outcome::Traced { .. }
            | Outcome::Hinted(_)
            | Outcome::Rated(_) => 0,
            Outcome::NotUnique => 1,
            Outcome::Explained(explanation) => u8::from(!explanation.solved),
            Outcome::Checked(report) => u8::from(!report.is_unique()),
            Outcome::Counted { count, .. } => u8::from(*count == 0),
            Outcome::NoSolution | Outcome::Invalid(_) => 1,
            Outcome::Unreadable(_) => 2,
        }
    }

    fn status_name(&self) -> &'static str {
        match self {
            Outcome::Solved(_) => "solved",
            Outcome::Counted { count: 0, .. } => "no_solution",
            Outcome::Counted { .. } => "counted",
            Outcome::Checked(report) => match report.verdict {
                Verdict::Unique { .. } => "unique",
                Verdict::Multiple { .. } => "multiple",
                Verdict::NoSolution => "no_solution",
                Verdict::Invalid(_) => "invalid",
                _ => "checked",
            },
            Outcome::NoSolution => "no_solution",
            Outcome::Invalid(_) => "invalid",
            Outcome::Unreadable(_) => "parse_error",
            Outcome::Canonical { .. } => "canonical",
            Outcome::Transformed(_) => "transformed",
            Outcome::Traced { .. } => "solved",
            Outcome::Hinted(hint) => teach::hint_status(hint),
            Outcome::Explained(explanation) if explanation.solved => "explained",
            Outcome::Explained(_) => "stuck",
            Outcome::Rated(_) => "rated",
            Outcome::NotUnique => "multiple",
        }
    }

    fn error_message(&self) -> Option<String> {
        match self {
            Outcome::Counted { count: 0, .. } | Outcome::NoSolution => {
                Some(SolveError::NoSolution.to_string())
            }
            // A check's line on stdout says it all; stderr stays for unreadable input.
            Outcome::Solved(_)
            | Outcome::Counted { .. }
            | Outcome::Checked(_)
            | Outcome::Canonical { .. }
            | Outcome::Transformed(_)
            | Outcome::Traced { .. }
            | Outcome::Hinted(_)
            | Outcome::Explained(_)
            | Outcome::Rated(_) => None,
            Outcome::NotUnique => Some(RatingError::SeveralSolutions.to_string()),
            Outcome::Invalid(conflict) => Some(SolveError::Conflict(*conflict).to_string()),
            Outcome::Unreadable(error) => Some(error.to_string()),
        }
    }
}

/// A record with its answer, ready to print.
pub struct Answered {
    pub record: Record,
    pub outcome: Outcome,
    /// Guesses the search made for this record.
    pub guesses: u64,
    /// The rating on Sudoku Explainer's scale, where the question shows it.
    pub rating: Option<Rating>,
}

/// Asks `question` of `record`, the run's record number `index` (from 0), with `solver`.
pub fn answer(solver: &mut Solver, question: Question, record: Record, index: u64) -> Answered {
    let guesses_before = solver.stats().guesses;
    let outcome = match &record.grid {
        Err(error) => Outcome::Unreadable(error.clone()),
        Ok(puzzle) => match question {
            Question::Solve { first } => {
                let result = if first {
                    solver.solve_first(puzzle)
                } else {
                    solver.solve(puzzle)
                };
                match result {
                    Ok(solution) => Outcome::Solved(solution),
                    Err(SolveError::Conflict(conflict)) => Outcome::Invalid(conflict),
                    Err(_) => Outcome::NoSolution,
                }
            }
            // One solution past the limit tells "exactly the limit" from "more".
            Question::Count { limit } => {
                match solver.count_solutions(puzzle, limit.saturating_add(1)) {
                    Ok(count) => Outcome::Counted {
                        count: count.min(limit),
                        limit_reached: count > limit,
                    },
                    Err(conflict) => Outcome::Invalid(conflict),
                }
            }
            Question::Check { .. } => Outcome::Checked(sudokit::check_with(solver, puzzle)),
            // Symmetries ask nothing of the rules: clashing givens have a form too.
            Question::Canon { automorphisms } => {
                let canonical = sudokit::canonicalize(puzzle);
                Outcome::Canonical {
                    form: canonical.form,
                    automorphisms: automorphisms.then_some(canonical.automorphisms),
                }
            }
            Question::Transform {
                before,
                seed,
                after,
            } => {
                let random = seed.map_or_else(Transformation::identity, |seed| {
                    Transformation::random(&mut record_rng(seed, index))
                });
                Outcome::Transformed(before.then(&random).then(&after).apply(puzzle))
            }
            Question::Trace { limit } => match solver.solve(puzzle) {
                Ok(solution) => match sudokit::trace::trace(puzzle, limit) {
                    Ok(trace) => Outcome::Traced { trace, solution },
                    Err(conflict) => Outcome::Invalid(conflict),
                },
                Err(SolveError::Conflict(conflict)) => Outcome::Invalid(conflict),
                Err(_) => Outcome::NoSolution,
            },
            Question::Hint { techniques, .. } => {
                let engine = LogicSolver::new().techniques(techniques);
                let marks = record
                    .marks
                    .as_deref()
                    .cloned()
                    .unwrap_or_else(|| Candidates::from_grid(puzzle));
                let known_puzzle = record.marks.is_none().then_some(puzzle);
                match engine.hint(known_puzzle, &marks) {
                    Ok(hint) => Outcome::Hinted(Box::new(hint)),
                    Err(SolveError::Conflict(conflict)) => Outcome::Invalid(conflict),
                    Err(_) => Outcome::NoSolution,
                }
            }
            Question::Rate => match LogicSolver::sudoku_explainer().rate(puzzle) {
                Ok(rating) => Outcome::Rated(rating),
                Err(RatingError::Unsolvable(SolveError::Conflict(conflict))) => {
                    Outcome::Invalid(conflict)
                }
                Err(RatingError::SeveralSolutions) => Outcome::NotUnique,
                Err(_) => Outcome::NoSolution,
            },
            Question::Explain { techniques, .. } => {
                match LogicSolver::new().techniques(techniques).explain(puzzle) {
                    Ok(explanation) => Outcome::Explained(Box::new(explanation)),
                    Err(SolveError::Conflict(conflict)) => Outcome::Invalid(conflict),
                    Err(_) => Outcome::NoSolution,
                }
            }
        },
    };
    let shows_rating = match (&question, &outcome) {
        (Question::Check { rating: true }, Outcome::Checked(report)) => report.is_unique(),
        (Question::Explain { .. }, Outcome::Explained(explanation)) => explanation.unique,
        _ => false,
    };
    let rating = match (&record.grid, shows_rating) {
        (Ok(puzzle), true) => LogicSolver::sudoku_explainer().rate(puzzle).ok(),
        _ => None,
    };
    Answered {
        record,
        outcome,
        guesses: solver.stats().guesses - guesses_before,
        rating,
    }
}

/// The style an answer is written in: the one asked for, else the record's
/// own, but one line for a canonical form (forms are identifiers, one a line).
fn style_for(answered: &Answered, format: Option<OutputFormat>) -> Style {
    match format {
        None if matches!(answered.outcome, Outcome::Canonical { .. }) => Style::Line,
        Some(OutputFormat::Line) => Style::Line,
        Some(OutputFormat::Block) => Style::Block,
        Some(OutputFormat::Digits) => Style::Digits,
        Some(OutputFormat::Drawn) => Style::Drawn,
        Some(OutputFormat::Json) | None => answered.record.style,
    }
}

/// Whether answers in this style take several lines (and so are separated by a blank line).
pub fn is_multiline(answered: &Answered, format: Option<OutputFormat>) -> bool {
    matches!(
        answered.outcome,
        Outcome::Solved(_) | Outcome::Canonical { .. } | Outcome::Transformed(_)
    ) && !style_for(answered, format).is_one_line()
        && format != Some(OutputFormat::Json)
        || matches!(
            answered.outcome,
            Outcome::Traced { .. } | Outcome::Explained(_)
        ) && format != Some(OutputFormat::Json)
}

/// Writes the answer's text for stdout: the board, the count, or nothing for a
/// failed record (the caller decides whether its empty line is printed).
pub fn write_answer(
    out: &mut Vec<u8>,
    answered: &Answered,
    file: &str,
    format: Option<OutputFormat>,
    question: Question,
) {
    if format == Some(OutputFormat::Json) {
        if question.teaches() {
            write_teaching_json(out, answered, file, question);
        } else if question.searches() {
            write_json(out, answered, file);
        } else {
            write_symmetry_json(out, answered, file);
        }
        return;
    }
    let style = style_for(answered, format);
    match answered.outcome {
        Outcome::Solved(grid) | Outcome::Transformed(grid) => {
            text::write_grid(out, &grid, style, answered.record.blank)
        }
        Outcome::Canonical {
            form,
            automorphisms,
        } => {
            text::write_grid(out, &form, style, answered.record.blank);
            if let Some(count) = automorphisms {
                // On the form's line for a line, on a line of its own after a board.
                if style == Style::Line && out.last() == Some(&b'\n') {
                    out.pop();
                    out.push(b' ');
                }
                let _ = writeln!(out, "{count}");
            }
        }
        Outcome::Counted { count, .. } => {
            let _ = writeln!(out, "{count}");
        }
        Outcome::Checked(ref report) => {
            let _ = writeln!(out, "{report}");
        }
        Outcome::Traced {
            ref trace,
            solution,
        } => {
            teach::write_trace(out, trace);
            text::write_grid(out, &solution, style, answered.record.blank);
        }
        Outcome::Hinted(ref hint) => {
            let vague = matches!(question, Question::Hint { vague: true, .. });
            teach::write_hint(out, hint, vague);
        }
        Outcome::Explained(ref explanation) => {
            let brief = matches!(question, Question::Explain { brief: true, .. });
            teach::write_explanation(out, explanation, answered.rating.as_ref(), brief);
        }
        Outcome::Rated(rating) => {
            let _ = writeln!(out, "{rating}");
        }
        _ => out.push(b'\n'),
    }
}

/// The diagnostic line for stderr, `FILE:LINE: message`, if the record failed.
pub fn diagnostic(answered: &Answered, file: &str) -> Option<String> {
    let message = answered.outcome.error_message()?;
    let line = match &answered.outcome {
        Outcome::Unreadable(error) => error.line,
        _ => answered.record.line,
    };
    Some(format!("{file}:{line}: {message}"))
}

#[derive(Serialize)]
struct JsonAnswer<'a> {
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
    rating: Option<teach::JsonRating>,
    guesses: u64,
}

#[derive(Serialize)]
struct JsonDifference {
    cell: String,
    digits: [u8; 2],
}

fn write_json(out: &mut Vec<u8>, answered: &Answered, file: &str) {
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
    let json = JsonAnswer {
        file,
        line: answered.record.line,
        puzzle: answered.record.grid.as_ref().ok().map(Grid::to_line),
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
        rating: answered.rating.as_ref().map(teach::JsonRating::new),
        guesses: answered.guesses,
    };
    serde_json::to_writer(&mut *out, &json).expect("a Vec accepts any JSON");
    out.push(b'\n');
}

/// A JSON line of `canon` or `transform`.
#[derive(Serialize)]
struct JsonSymmetry<'a> {
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

fn write_symmetry_json(out: &mut Vec<u8>, answered: &Answered, file: &str) {
    let (canonical, automorphisms, transformed) = match answered.outcome {
        Outcome::Canonical {
            form,
            automorphisms,
        } => (Some(form.to_line()), automorphisms, None),
        Outcome::Transformed(grid) => (None, None, Some(grid.to_line())),
        _ => (None, None, None),
    };
    let json = JsonSymmetry {
        file,
        line: answered.record.line,
        puzzle: answered.record.grid.as_ref().ok().map(Grid::to_line),
        status: answered.outcome.status_name(),
        canonical,
        automorphisms,
        transformed,
        error: answered.outcome.error_message(),
    };
    serde_json::to_writer(&mut *out, &json).expect("a Vec accepts any JSON");
    out.push(b'\n');
}

/// A JSON line of `solve --trace`, `hint` or `explain`.
#[derive(Serialize)]
struct JsonTeaching<'a> {
    file: &'a str,
    line: usize,
    puzzle: Option<String>,
    status: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    trace: Option<Vec<teach::JsonEvent>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    truncated: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<teach::JsonHint>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    explanation: Option<teach::JsonExplanation>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    rating: Option<teach::JsonRating>,
    /// An explanation's rating on Sudoku Explainer's scale.
    #[serde(rename = "rating", skip_serializing_if = "Option::is_none")]
    explained_rating: Option<teach::JsonRating>,
    error: Option<String>,
}

fn write_teaching_json(out: &mut Vec<u8>, answered: &Answered, file: &str, question: Question) {
    let mut json = JsonTeaching {
        file,
        line: answered.record.line,
        puzzle: answered.record.grid.as_ref().ok().map(Grid::to_line),
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
            json.trace = Some(teach::json_trace(trace));
            json.truncated = Some(trace.truncated);
        }
        Outcome::Hinted(hint) => {
            let vague = matches!(question, Question::Hint { vague: true, .. });
            json.hint = Some(teach::JsonHint::new(hint, vague));
        }
        Outcome::Explained(explanation) => {
            json.explanation = Some(teach::JsonExplanation::new(explanation));
            json.explained_rating = answered.rating.as_ref().map(teach::JsonRating::new);
        }
        Outcome::Rated(rating) => json.rating = Some(teach::JsonRating::new(rating)),
        _ => {}
    }
    serde_json::to_writer(&mut *out, &json).expect("a Vec accepts any JSON");
    out.push(b'\n');
}
