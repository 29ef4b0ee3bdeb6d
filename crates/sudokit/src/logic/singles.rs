//! Singles: full house, hidden single, naked single.

use super::{Step, Technique};
use crate::candidates::{Candidate, Candidates};
use crate::geometry::{House, HouseKind};
use crate::sets::DigitSet;

/// The last empty cell of a house: the one digit the house lacks.
pub(super) fn full_house(marks: &Candidates) -> Option<Step> {
    let empty = marks.empty_cells();
    for house in House::all() {
        let open = house.cells() & empty;
        if open.len() != 1 {
            continue;
        }
        let cell = open.first()?;
        let digit = marks.get(cell).first()?;
        if marks.get(cell).len() != 1 {
            continue;
        }
        let mut step = Step::new(Technique::FullHouse);
        step.houses.push(house);
        step.digits = DigitSet::single(digit);
        step.placements.push(Candidate::new(cell, digit));
        step.pattern.push(Candidate::new(cell, digit));
        step.text =
            format!("Full house: {cell} is the last empty cell of {house}, so it holds {digit}");
        return Some(step);
    }
    None
}

/// The only place for a digit in a box (`boxes`), or in a row or column.
pub(super) fn hidden_single(marks: &Candidates, boxes: bool) -> Option<Step> {
    let houses = House::all().filter(|h| (h.kind() == HouseKind::Box) == boxes);
    for house in houses {
        for digit in crate::Digit::all() {
            let places = marks.house_cells_with(house, digit);
            if places.len() != 1 {
                continue;
            }
            let cell = places.first()?;
            let technique = if boxes {
                Technique::HiddenSingleBox
            } else {
                Technique::HiddenSingleLine
            };
            let mut step = Step::new(technique);
            step.houses.push(house);
            step.digits = DigitSet::single(digit);
            step.placements.push(Candidate::new(cell, digit));
            step.pattern.push(Candidate::new(cell, digit));
            step.text = format!("Hidden single: in {house}, only {cell} can hold {digit}");
            return Some(step);
        }
    }
    None
}

/// The only candidate of a cell.
pub(super) fn naked_single(marks: &Candidates) -> Option<Step> {
    let cell = marks
        .empty_cells()
        .iter()
        .find(|&cell| marks.get(cell).len() == 1)?;
    let digit = marks.get(cell).first()?;
    let mut step = Step::new(Technique::NakedSingle);
    step.houses.push(House::box_of(cell));
    step.digits = DigitSet::single(digit);
    step.placements.push(Candidate::new(cell, digit));
    step.pattern.push(Candidate::new(cell, digit));
    step.text = format!("Naked single: {digit} is the only candidate left in {cell}");
    Some(step)
}
