//! Writing the teaching answers as text: hints, explanations and search
//! traces (their JSON comes from the library's answer layer).

use std::io::Write;

use sudokit::logic::{Explanation, Hint, Rating, Step};
use sudokit::text::{self, Style};
use sudokit::trace::Trace;
use sudokit::Candidates;

/// The one-line text of a hint.
pub fn write_hint(out: &mut Vec<u8>, hint: &Hint, vague: bool) {
    let _ = match hint {
        Hint::Step(step) if vague => writeln!(out, "{}", step.vague_text()),
        other => writeln!(out, "{other}"),
    };
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
