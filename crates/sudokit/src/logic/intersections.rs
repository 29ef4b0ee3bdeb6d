//! Locked candidates: pointing (box to line) and claiming (line to box).

use super::{Step, Technique};
use crate::candidates::{Candidate, Candidates};
use crate::geometry::House;
use crate::grid::Digit;
use crate::sets::{CellSet, DigitSet};

/// A digit of a box confined to one row or column of it: it goes from the
/// rest of that line.
pub(super) fn pointing(marks: &Candidates) -> Option<Step> {
    for digit in Digit::all() {
        for index in 0..9 {
            let bx = House::boxed(index)?;
            let places = marks.house_cells_with(bx, digit);
            if places.len() < 2 {
                continue;
            }
            for line in lines_through(places) {
                if let Some(step) = locked(marks, digit, bx, line, places, Technique::Pointing) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// A digit of a row or column confined to one box: it goes from the rest of
/// that box.
pub(super) fn claiming(marks: &Candidates) -> Option<Step> {
    for digit in Digit::all() {
        for index in 0..18 {
            let line = House::new(index)?;
            let places = marks.house_cells_with(line, digit);
            if places.len() < 2 {
                continue;
            }
            let first = places.first()?;
            let bx = House::box_of(first);
            if !places.is_subset(bx.cells()) {
                continue;
            }
            if let Some(step) = locked(marks, digit, line, bx, places, Technique::Claiming) {
                return Some(step);
            }
        }
    }
    None
}

/// The row and the column holding all of `places`, where there is one.
fn lines_through(places: CellSet) -> Vec<House> {
    let Some(first) = places.first() else {
        return Vec::new();
    };
    [House::row_of(first), House::column_of(first)]
        .into_iter()
        .filter(|line| places.is_subset(line.cells()))
        .collect()
}

/// The step that removes `digit` from `target` outside `source`, when that
/// removes anything.
fn locked(
    marks: &Candidates,
    digit: Digit,
    source: House,
    target: House,
    places: CellSet,
    technique: Technique,
) -> Option<Step> {
    let removed = marks.house_cells_with(target, digit) - source.cells();
    if removed.is_empty() {
        return None;
    }
    let mut step = Step::new(technique);
    step.houses = vec![source, target];
    step.digits = DigitSet::single(digit);
    step.pattern = places.iter().map(|c| Candidate::new(c, digit)).collect();
    step.eliminations = removed.iter().map(|c| Candidate::new(c, digit)).collect();
    step.text = format!(
        "{}: in {source}, {digit} can only be in {target} ({}), so it goes from the rest of {target}: {}",
        super::capitalized(technique.name()),
        cells_text(places),
        step.conclusion()
    );
    Some(step)
}

/// `r1c1, r1c2`.
pub(super) fn cells_text(cells: CellSet) -> String {
    cells
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
