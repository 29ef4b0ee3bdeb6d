//! Aligned pair and triple exclusion, as Sudoku Explainer defines them.
//!
//! Take two (or three) base cells and every choice of one candidate for
//! each. A choice is impossible if two base cells sharing a house get the
//! same digit, or if it takes every candidate of an excluding cell: a cell
//! seeing all the base cells, with two candidates (for a triple, two or
//! three). A candidate of a base cell that no possible choice uses is false.
//!
//! As in Sudoku Explainer, the base cells need at least two excluding cells
//! in common, and of three base cells, one with at most three candidates
//! must see another: that keeps the search small and the ratings alike.

use super::{Step, Technique};
use crate::candidates::{Candidate, Candidates};
use crate::geometry::House;
use crate::grid::{Cell, Digit};
use crate::sets::{CellSet, DigitSet};

/// Aligned exclusion over `size` (2 or 3) cells.
pub(super) fn aligned(marks: &Candidates, size: usize) -> Option<Step> {
    let technique = match size {
        2 => Technique::AlignedPairExclusion,
        3 => Technique::AlignedTripleExclusion,
        _ => return None,
    };
    let empty = marks.empty_cells();
    let small: CellSet = empty
        .iter()
        .filter(|&c| (2..=size).contains(&marks.get(c).len()))
        .collect();
    let excluders = |cell: Cell| cell.peers() & small;
    let base: Vec<Cell> = empty
        .iter()
        .filter(|&c| marks.get(c).len() >= 2 && !excluders(c).is_empty())
        .collect();
    for (i, &first) in base.iter().enumerate() {
        for (j, &second) in base.iter().enumerate().skip(i + 1) {
            let common = excluders(first) & excluders(second);
            if common.len() < 2 {
                continue;
            }
            if size == 2 {
                if let Some(step) = exclude(marks, &[first, second], common, technique) {
                    return Some(step);
                }
                continue;
            }
            for &third in &base[j + 1..] {
                let common = common & excluders(third);
                let cells = [first, second, third];
                if common.len() < 2 || !is_aligned(marks, cells, size) {
                    continue;
                }
                if let Some(step) = exclude(marks, &cells, common, technique) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Sudoku Explainer's condition on three base cells: one of them, with at
/// most `size` candidates, sees one of the other two.
fn is_aligned(marks: &Candidates, cells: [Cell; 3], size: usize) -> bool {
    cells
        .iter()
        .any(|&tail| marks.get(tail).len() <= size && cells.iter().any(|&other| other.sees(tail)))
}

/// The step for base `cells` and their common `excluders`, if some
/// candidate of a base cell is in no possible choice.
fn exclude(
    marks: &Candidates,
    cells: &[Cell],
    excluders: CellSet,
    technique: Technique,
) -> Option<Step> {
    // Fixed arrays, not vectors: this runs for every aligned pair and
    // triple at every step that reaches it.
    let count = cells.len().min(3);
    let filler = Digit::new(1)?;
    let mut options = [[filler; 9]; 3];
    let mut lengths = [0usize; 3];
    let mut full = [DigitSet::EMPTY; 3];
    for (k, &cell) in cells.iter().take(count).enumerate() {
        full[k] = marks.get(cell);
        for (slot, digit) in options[k].iter_mut().zip(full[k].iter()) {
            *slot = digit;
            lengths[k] += 1;
        }
        if lengths[k] == 0 {
            return None;
        }
    }
    let mut locks = [(Cell::MIN, DigitSet::EMPTY); 81];
    let mut lock_count = 0;
    for (slot, cell) in locks.iter_mut().zip(excluders.iter()) {
        *slot = (cell, marks.get(cell));
        lock_count += 1;
    }
    let locks = &locks[..lock_count];
    let mut sees = [[false; 3]; 3];
    for a in 0..count {
        for b in a + 1..count {
            sees[a][b] = cells[a].sees(cells[b]);
        }
    }
    let mut possible = [DigitSet::EMPTY; 3];
    let mut used = CellSet::EMPTY;
    let mut index = [0usize; 3];
    let mut choice = [filler; 3];
    loop {
        for k in 0..count {
            choice[k] = options[k][index[k]];
        }
        let repeats =
            (0..count).any(|a| (a + 1..count).any(|b| choice[a] == choice[b] && sees[a][b]));
        if !repeats {
            let digits: DigitSet = choice[..count].iter().copied().collect();
            match locks.iter().find(|(_, lock)| lock.is_subset(digits)) {
                Some(&(cell, _)) => used.insert(cell),
                None => {
                    for (set, &digit) in possible.iter_mut().zip(&choice[..count]) {
                        set.insert(digit);
                    }
                    // Every candidate possible: nothing to remove here.
                    if possible[..count] == full[..count] {
                        return None;
                    }
                }
            }
        }
        // The next choice, the first cell's digit turning fastest.
        let mut k = 0;
        loop {
            index[k] += 1;
            if index[k] < lengths[k] {
                break;
            }
            index[k] = 0;
            k += 1;
            if k == count {
                return exclusion_step(
                    marks,
                    &cells[..count],
                    &full[..count],
                    &possible[..count],
                    used,
                    technique,
                );
            }
        }
    }
}

/// The step removing from each base cell the candidates no possible choice
/// uses, resting on the excluding cells that ruled choices out (`used`).
fn exclusion_step(
    marks: &Candidates,
    cells: &[Cell],
    full: &[DigitSet],
    possible: &[DigitSet],
    used: CellSet,
    technique: Technique,
) -> Option<Step> {
    let mut step = Step::new(technique);
    for (k, &cell) in cells.iter().enumerate() {
        for digit in full[k] - possible[k] {
            step.eliminations.push(Candidate::new(cell, digit));
        }
    }
    if step.eliminations.is_empty() {
        return None;
    }
    let mut boxes: Vec<House> = cells.iter().map(|&c| House::box_of(c)).collect();
    boxes.sort();
    boxes.dedup();
    step.houses = boxes;
    step.digits = step.eliminations.iter().map(|e| e.digit).collect();
    let pattern_cells = CellSet::from_cells(cells.iter().copied()) | used;
    step.pattern = pattern_cells
        .iter()
        .flat_map(|cell| {
            let digits = marks.get(cell);
            digits.iter().map(move |d| Candidate::new(cell, d))
        })
        .collect();
    let described = |cell: Cell| format!("{cell} ({})", marks.get(cell));
    let base: Vec<String> = cells.iter().map(|&c| described(c)).collect();
    let locks: Vec<String> = used.iter().map(described).collect();
    let removed: Vec<String> = step
        .eliminations
        .iter()
        .map(|e| format!("{} in {}", e.digit, e.cell))
        .collect();
    let seeing = if cells.len() == 2 {
        "both"
    } else {
        "all three"
    };
    let (locked_by, breaks) = if used.is_empty() {
        (String::new(), "repeats a digit in a house")
    } else {
        (
            format!(", with {} seeing {seeing}", and_list(&locks)),
            "repeats a digit in a house or leaves one of those cells without a candidate",
        )
    };
    step.text = format!(
        "{}: {}{locked_by}: every choice of their digits that puts {} {breaks}, so {}",
        super::capitalized(technique.name()),
        and_list(&base),
        removed.join(" or "),
        step.conclusion()
    );
    Some(step)
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [only] => only.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::logic::testing::{assert_sound, states_using};
    use crate::logic::testing::{cell, random_states, removed, with_cells};
    use crate::logic::TechniqueSet;

    #[test]
    fn aligned_pair_with_two_excluding_cells() {
        // Base r1c1 (123) and r1c2 (123); r2c3 (12) and r3c3 (13) see both.
        // 1 in r1c1 leaves r1c2 with 2 (empties r2c3) or 3 (empties r3c3).
        let marks = with_cells(&[
            ("r1c1", "123"),
            ("r1c2", "123"),
            ("r2c3", "12"),
            ("r3c3", "13"),
        ]);
        let step = aligned(&marks, 2).unwrap();
        assert_eq!(step.technique, Technique::AlignedPairExclusion);
        assert_eq!(removed(&step), ["r1c1<>1", "r1c2<>1"]);
        assert_eq!(
            step.text,
            "Aligned pair exclusion: r1c1 (123) and r1c2 (123), with r2c3 (12) and r3c3 (13) seeing both: \
             every choice of their digits that puts 1 in r1c1 or 1 in r1c2 repeats a digit in a house \
             or leaves one of those cells without a candidate, so r1c1<>1, r1c2<>1"
        );
    }

    #[test]
    fn aligned_pair_of_cells_that_do_not_see_each_other() {
        // r1c1 (12) and r2c4 (23) share no house; r1c4 (13) and r2c2 (12)
        // see both. 1 in r1c1 empties r2c2 (with 2 in r2c4) or r1c4 (with 3).
        let marks = with_cells(&[
            ("r1c1", "12"),
            ("r2c4", "23"),
            ("r1c4", "13"),
            ("r2c2", "12"),
        ]);
        let base = [cell("r1c1"), cell("r2c4")];
        let excluders = CellSet::from_cells([cell("r1c4"), cell("r2c2")]);
        let step = exclude(&marks, &base, excluders, Technique::AlignedPairExclusion).unwrap();
        assert_eq!(removed(&step), ["r1c1<>1"]);
        // The same cells with a third excluder that rules nothing out.
        let wider = excluders.with(cell("r1c5"));
        let step = exclude(&marks, &base, wider, Technique::AlignedPairExclusion).unwrap();
        assert_eq!(removed(&step), ["r1c1<>1"]);
        assert!(!step.text.contains("r1c5"));
    }

    #[test]
    fn aligned_triple_exclusion() {
        // Base r1c1 (14), r1c2 (24), r1c3 (34) in row 1; r1c5 (124), r2c1
        // (123) and r3c3 (134) see all three. Of the choices with distinct
        // digits, 124, 123 and 143 each empty one of them: only 423 is left.
        let marks = with_cells(&[
            ("r1c1", "14"),
            ("r1c2", "24"),
            ("r1c3", "34"),
            ("r1c5", "124"),
            ("r2c1", "123"),
            ("r3c3", "134"),
        ]);
        let step = aligned(&marks, 3).unwrap();
        assert_eq!(step.technique, Technique::AlignedTripleExclusion);
        assert_eq!(removed(&step), ["r1c1<>1", "r1c2<>4", "r1c3<>4"]);
        assert_eq!(
            step.text,
            "Aligned triple exclusion: r1c1 (14), r1c2 (24) and r1c3 (34), with r1c5 (124), r2c1 (123) \
             and r3c3 (134) seeing all three: every choice of their digits that puts 1 in r1c1 or 4 in r1c2 or 4 in r1c3 repeats a digit \
             in a house or leaves one of those cells without a candidate, so r1c1<>1, r1c2<>4, r1c3<>4"
        );
        assert_eq!(step.pattern.len(), 6 + 9);
    }

    #[test]
    fn three_cells_far_apart_are_not_aligned() {
        let marks = with_cells(&[("r1c1", "14"), ("r5c5", "24"), ("r9c9", "34")]);
        let cells = [cell("r1c1"), cell("r5c5"), cell("r9c9")];
        assert!(!is_aligned(&marks, cells, 3));
        let cells = [cell("r1c1"), cell("r1c5"), cell("r9c9")];
        assert!(is_aligned(&marks, cells, 3));
    }

    #[test]
    fn aligned_exclusion_on_the_samples() {
        // ALS-XZ, the uniqueness techniques and the chains find nearly
        // everything these would, and come first: without them the
        // exclusions show.
        let basic: TechniqueSet = "singles,intersections,subsets,fish".parse().unwrap();
        let without = |technique: Technique| basic.with(technique);
        for technique in [
            Technique::AlignedPairExclusion,
            Technique::AlignedTripleExclusion,
        ] {
            let found = states_using(technique, without(technique), 5, 3);
            assert!(!found.is_empty(), "no {technique} found");
        }
    }

    #[test]
    fn aligned_exclusion_is_sound_on_random_states() {
        let mut counts = [0usize; 2];
        for (marks, solution) in random_states(300, 0x5EED_0004) {
            for (i, size) in [2, 3].into_iter().enumerate() {
                if let Some(step) = aligned(&marks, size) {
                    assert_sound(&step, &marks, &solution);
                    counts[i] += 1;
                }
            }
        }
        assert!(counts.iter().all(|&n| n > 0), "{counts:?}");
    }
}
