//! Writing one answer: its text (or JSON object) to stdout's buffer and its
//! diagnostic to stderr's. The questions, outcomes and JSON shapes are the
//! library's ([`sudokit::answer`]), shared with `sudokit serve`.

use std::io::Write;

use sudokit::answer::json;
pub use sudokit::answer::{answer, Answered, Outcome, Question};
use sudokit::{text, Style};

use crate::teach;
use crate::OutputFormat;

/// The style an answer is written in: the one asked for, else the record's
/// own (`record_style`), but one line for a canonical form (forms are
/// identifiers, one a line).
pub fn style_for(outcome: &Outcome, record_style: Style, format: Option<OutputFormat>) -> Style {
    if format.is_none() && matches!(outcome, Outcome::Canonical { .. }) {
        Style::Line
    } else {
        style_asked(record_style, format)
    }
}

/// The style of any answer but a canonical form: the one asked for, else the
/// record's own.
pub fn style_asked(record_style: Style, format: Option<OutputFormat>) -> Style {
    match format {
        Some(OutputFormat::Line) => Style::Line,
        Some(OutputFormat::Block) => Style::Block,
        Some(OutputFormat::Digits) => Style::Digits,
        Some(OutputFormat::Drawn) => Style::Drawn,
        Some(OutputFormat::Json) | None => record_style,
    }
}

/// Whether an answer takes several lines (and so is set apart by blank
/// lines), for a record written in `record_style`.
pub fn is_multiline(outcome: &Outcome, record_style: Style, format: Option<OutputFormat>) -> bool {
    matches!(
        outcome,
        Outcome::Solved(_) | Outcome::Canonical { .. } | Outcome::Transformed(_)
    ) && board_is_multiline(style_for(outcome, record_style, format), format)
        || matches!(outcome, Outcome::Traced { .. } | Outcome::Explained(_))
            && format != Some(OutputFormat::Json)
}

/// Whether a board written in `style` (a solution, a form, a transformed
/// board) takes several lines.
pub fn board_is_multiline(style: Style, format: Option<OutputFormat>) -> bool {
    !style.is_one_line() && format != Some(OutputFormat::Json)
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
        let object = json::answer_json(answered, file, question);
        serde_json::to_writer(&mut *out, &object).expect("a Vec accepts any JSON");
        out.push(b'\n');
        return;
    }
    let style = style_for(&answered.outcome, answered.record.style, format);
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
