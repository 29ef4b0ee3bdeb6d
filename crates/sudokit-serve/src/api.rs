//! The JSON API: one handler per command, each answering with the object
//! the command prints with `--format json`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;
use sudokit::answer::{answer_within, json as shapes, Outcome, Question};
use sudokit::logic::{Difficulty, Level, LogicSolver, TechniqueSet};
use sudokit::{Budget, Candidates, Cell, DigitSet, Generator, Grid, Record, Solver, Symmetry};

use crate::Shared;

/// Every field any endpoint takes; each reads its own and ignores none it
/// does not know (unknown fields are refused).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Body {
    /// The board: 81 characters (`.` or `0` for a blank), or any form
    /// `sudokit` reads.
    puzzle: Option<String>,
    /// The solver's pencil marks, 729 characters (hint).
    candidates: Option<String>,
    /// The digits on the board, givens and the solver's, 81 characters (hint,
    /// with `candidates`): then a cell the marks show one digit in is a
    /// candidate left alone, not a placed digit.
    digits: Option<String>,
    /// Any solution rather than the smallest (solve).
    first: Option<bool>,
    /// Count up to this many (count; default 1,000,000, as the command).
    limit: Option<u64>,
    /// Rate a unique puzzle too (check).
    rating: Option<bool>,
    /// Count the automorphisms (canon).
    automorphisms: Option<bool>,
    /// Name only the technique and where to look (hint).
    vague: Option<bool>,
    /// The techniques allowed, as `--techniques` takes them (hint, explain).
    techniques: Option<String>,
    /// Generate: seed, puzzle number, level, rating range, symmetry, clues,
    /// and whether to show the solution.
    seed: Option<u64>,
    index: Option<u64>,
    level: Option<String>,
    range: Option<String>,
    symmetry: Option<String>,
    clues: Option<usize>,
    with_solution: Option<bool>,
}

/// An error answer: `{"error": message}` with `status`.
fn refuse(status: StatusCode, message: impl Into<String>) -> Response {
    Refusal::new(status, message).into_response()
}

/// A request turned down, before it is written out.
pub(crate) struct Refusal {
    status: StatusCode,
    message: String,
}

impl Refusal {
    fn new(status: StatusCode, message: impl Into<String>) -> Refusal {
        Refusal {
            status,
            message: message.into(),
        }
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        (self.status, axum::Json(json!({ "error": self.message }))).into_response()
    }
}

/// The body read as JSON, or the 400 that says why not.
fn read_body(bytes: &Bytes) -> Result<Body, Refusal> {
    if bytes.is_empty() {
        return Ok(Body::default());
    }
    serde_json::from_slice(bytes)
        .map_err(|error| Refusal::new(StatusCode::BAD_REQUEST, format!("malformed JSON: {error}")))
}

/// The record of the body's puzzle (and pencil marks), or the 400 naming
/// the cell and the character at fault.
fn read_record(body: &Body) -> Result<Record, Refusal> {
    let Some(puzzle) = body.puzzle.as_deref() else {
        return Err(Refusal::new(
            StatusCode::BAD_REQUEST,
            "missing field `puzzle`",
        ));
    };
    let mut record: Record = puzzle
        .parse()
        .map_err(|error| Refusal::new(StatusCode::BAD_REQUEST, format!("puzzle: {error}")))?;
    if let Some(candidates) = body.candidates.as_deref() {
        let marked: Record = candidates.parse().map_err(|error| {
            Refusal::new(StatusCode::BAD_REQUEST, format!("candidates: {error}"))
        })?;
        let Some(shown) = marked.marks else {
            return Err(Refusal::new(
                StatusCode::BAD_REQUEST,
                "candidates: expected pencil marks (729 characters)",
            ));
        };
        let marks = match body.digits.as_deref() {
            None => *shown,
            Some(digits) => {
                let placed: Grid = digits.parse().map_err(|error| {
                    Refusal::new(StatusCode::BAD_REQUEST, format!("digits: {error}"))
                })?;
                marks_on(&placed, &shown)
            }
        };
        // The givens must stand on the board, else the marks belong to another puzzle.
        if let Ok(puzzle) = &record.grid {
            if let Some(cell) = Cell::all()
                .find(|&cell| puzzle.get(cell).is_some() && puzzle.get(cell) != marks.value(cell))
            {
                return Err(Refusal::new(
                    StatusCode::BAD_REQUEST,
                    format!("candidates: {cell} does not hold the puzzle's given"),
                ));
            }
        }
        record.marks = Some(Box::new(marks));
    }
    Ok(record)
}

/// The marks of a board whose digits are `placed`: each empty cell keeps
/// the digits `shown` gives it (one digit shown is a candidate there, not a
/// placement).
fn marks_on(placed: &Grid, shown: &Candidates) -> Candidates {
    let mut marks = Candidates::from_grid(placed);
    for cell in Cell::all().filter(|&cell| placed.get(cell).is_none()) {
        let kept = match shown.value(cell) {
            Some(digit) => DigitSet::EMPTY.with(digit),
            None => shown.get(cell),
        };
        for digit in marks.get(cell) - kept {
            marks.eliminate(cell, digit);
        }
    }
    marks
}

fn techniques(body: &Body) -> Result<TechniqueSet, Refusal> {
    match body.techniques.as_deref() {
        None => Ok(TechniqueSet::ALL),
        Some(text) => text
            .parse()
            .map_err(|error| Refusal::new(StatusCode::BAD_REQUEST, format!("techniques: {error}"))),
    }
}

/// Answers `question` about the body's record within the work budget, off
/// the async threads, holding one of the slots.
async fn ask(
    shared: Shared,
    bytes: Bytes,
    question: fn(&Body) -> Result<Question, Refusal>,
) -> Response {
    let body = match read_body(&bytes) {
        Ok(body) => body,
        Err(refusal) => return refusal.into_response(),
    };
    let (record, question) =
        match read_record(&body).and_then(|record| Ok((record, question(&body)?))) {
            Ok(pair) => pair,
            Err(refusal) => return refusal.into_response(),
        };
    let done = budgeted(&shared, move |budget| {
        let answered = answer_within(&mut Solver::new(), question, record, 0, budget);
        let text = serde_json::to_vec(&shapes::answer_json(&answered, "request", question));
        (answered.outcome, text)
    });
    match done.await {
        Ok((Outcome::OutOfBudget(reason), _)) => refuse(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("work budget exceeded: {reason}"),
        ),
        Ok((_, Ok(text))) => json_response(text),
        Ok((_, Err(error))) => refuse(StatusCode::INTERNAL_SERVER_ERROR, error.to_string()),
        Err(refusal) => refusal.into_response(),
    }
}

/// Runs `work` with a budget of the request's work limit, off the async
/// threads, holding one of the slots: a 503 when none is free, a 422 if the
/// work outlives its budget by a second (the budget itself normally stops
/// it first; the timer only backs it up), a 500 if it panicked (in a build
/// that unwinds; the release build aborts).
async fn budgeted<T: Send + 'static>(
    shared: &Shared,
    work: impl FnOnce(&Budget) -> T + Send + 'static,
) -> Result<T, Refusal> {
    let Ok(slot) = Arc::clone(&shared.slots).try_acquire_owned() else {
        return Err(Refusal::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "too many requests at once; try again",
        ));
    };
    let cancel = Arc::new(AtomicBool::new(false));
    let budget = Budget::unlimited()
        .time_limit(shared.limits.work)
        .cancel_flag(Arc::clone(&cancel));
    let running = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        work(&budget)
    });
    let backstop = shared.limits.work + std::time::Duration::from_secs(1);
    match tokio::time::timeout(backstop, running).await {
        Ok(Ok(done)) => Ok(done),
        Ok(Err(error)) => Err(Refusal::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            error.to_string(),
        )),
        Err(_) => {
            cancel.store(true, Ordering::Relaxed);
            Err(Refusal::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "work budget exceeded: time limit reached",
            ))
        }
    }
}

fn json_response(text: Vec<u8>) -> Response {
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        text,
    )
        .into_response()
}

pub(crate) async fn solve(State(shared): State<Shared>, bytes: Bytes) -> Response {
    ask(shared, bytes, |body| {
        Ok(Question::Solve {
            first: body.first.unwrap_or(false),
        })
    })
    .await
}

pub(crate) async fn count(State(shared): State<Shared>, bytes: Bytes) -> Response {
    ask(shared, bytes, |body| {
        Ok(Question::Count {
            limit: body.limit.unwrap_or(1_000_000),
        })
    })
    .await
}

pub(crate) async fn check(State(shared): State<Shared>, bytes: Bytes) -> Response {
    ask(shared, bytes, |body| {
        Ok(Question::Check {
            rating: body.rating.unwrap_or(false),
        })
    })
    .await
}

pub(crate) async fn hint(State(shared): State<Shared>, bytes: Bytes) -> Response {
    ask(shared, bytes, |body| {
        Ok(Question::Hint {
            vague: body.vague.unwrap_or(false),
            techniques: techniques(body)?,
        })
    })
    .await
}

pub(crate) async fn explain(State(shared): State<Shared>, bytes: Bytes) -> Response {
    ask(shared, bytes, |body| {
        Ok(Question::Explain {
            techniques: techniques(body)?,
            brief: true,
        })
    })
    .await
}

pub(crate) async fn rate(State(shared): State<Shared>, bytes: Bytes) -> Response {
    ask(shared, bytes, |_| Ok(Question::Rate)).await
}

pub(crate) async fn canon(State(shared): State<Shared>, bytes: Bytes) -> Response {
    ask(shared, bytes, |body| {
        Ok(Question::Canon {
            automorphisms: body.automorphisms.unwrap_or(false),
        })
    })
    .await
}

/// The rating range asked for: a level's, or `MIN..MAX`.
fn rating_range(body: &Body) -> Result<Option<(Difficulty, Difficulty)>, Refusal> {
    if let Some(level) = body.level.as_deref() {
        let level: Level = level
            .parse()
            .map_err(|error: sudokit::logic::UnknownLevel| {
                Refusal::new(StatusCode::BAD_REQUEST, format!("level: {error}"))
            })?;
        let (min, max) = level.range();
        return Ok(Some((
            Difficulty::from_tenths(min),
            Difficulty::from_tenths(max),
        )));
    }
    let Some(range) = body.range.as_deref() else {
        return Ok(None);
    };
    let tenths = |text: &str| -> Result<Difficulty, Refusal> {
        let value: f64 = text.trim().parse().map_err(|_| {
            Refusal::new(
                StatusCode::BAD_REQUEST,
                format!("range: {text:?} is not a rating such as 7.1"),
            )
        })?;
        if !(0.0..=20.0).contains(&value) {
            return Err(Refusal::new(
                StatusCode::BAD_REQUEST,
                "range: ratings run from 0 to 20",
            ));
        }
        Ok(Difficulty::from_tenths((value * 10.0).round() as u16))
    };
    let (min, max) = match range.split_once("..") {
        Some((min, max)) => (tenths(min)?, tenths(max)?),
        None => (tenths(range)?, tenths(range)?),
    };
    if min > max {
        return Err(Refusal::new(
            StatusCode::BAD_REQUEST,
            "range: the lower end is above the upper",
        ));
    }
    Ok(Some((min, max)))
}

/// A new puzzle: `{"seed", "index", "level" or "range", "symmetry", "clues",
/// "with_solution"}`, answered as one line of `generate --format json`.
pub(crate) async fn generate(State(shared): State<Shared>, bytes: Bytes) -> Response {
    let body = match read_body(&bytes) {
        Ok(body) => body,
        Err(refusal) => return refusal.into_response(),
    };
    let symmetry: Symmetry = match body.symmetry.as_deref().map(str::parse).transpose() {
        Ok(symmetry) => symmetry.unwrap_or_default(),
        Err(error) => return refuse(StatusCode::BAD_REQUEST, format!("symmetry: {error}")),
    };
    let range = match rating_range(&body) {
        Ok(range) => range,
        Err(refusal) => return refusal.into_response(),
    };
    let seed = body.seed.unwrap_or_else(fresh_seed);
    let index = body.index.unwrap_or(0);
    let generator = Generator::new(seed).symmetry(symmetry).clues(body.clues);
    let with_solution = body.with_solution.unwrap_or(false);
    let done = budgeted(&shared, move |budget| {
        let made = match range {
            None => {
                // Carving is many short searches: a budgeted solver stops
                // them, and says so.
                let mut solver = Solver::new();
                solver.set_budget(budget.clone());
                let made = generator.generate_with(&mut solver, index);
                // Any search that ran out may have misled the carving, not
                // only the last, whose outcome the solver keeps.
                match solver.exhausted().or(budget.check(0).err()) {
                    Some(why) => Err(why),
                    None => Ok(Some((made, None))),
                }
            }
            Some((min, max)) => {
                let rater = LogicSolver::sudoku_explainer();
                generator
                    .generate_rated_within(index, min, max, &rater, budget)
                    .map(|found| found.map(|found| (found.made, Some((found.rating, found.tries)))))
            }
        };
        made.map(|made| {
            made.map(|(made, rated)| {
                let object = shapes::JsonGenerated::new(
                    seed,
                    index,
                    symmetry,
                    &made.puzzle,
                    with_solution.then_some(&made.solution),
                    rated.as_ref().map(|(rating, tries)| (rating, *tries)),
                );
                serde_json::to_vec(&object)
            })
        })
    });
    match done.await {
        Ok(Ok(Some(Ok(text)))) => json_response(text),
        Ok(Ok(None)) => refuse(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "no candidate of {} had a rating in range; widen the range",
                sudokit::logic::RATED_ATTEMPTS
            ),
        ),
        Ok(Err(why)) => refuse(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("work budget exceeded: {why} before a candidate had a rating in range"),
        ),
        Ok(Ok(Some(Err(error)))) => refuse(StatusCode::INTERNAL_SERVER_ERROR, error.to_string()),
        Err(refusal) => refusal.into_response(),
    }
}

/// A seed from the clock and the process, for a request that names none.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_nanos()),
    );
    hasher.finish()
}

/// Any other path under `/api/`.
pub(crate) async fn not_found() -> Response {
    refuse(
        StatusCode::NOT_FOUND,
        "no such endpoint; see /api/openapi.json",
    )
}
