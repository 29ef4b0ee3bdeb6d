//! Wings: XY-wing, XYZ-wing, W-wing.
//!
//! Each shows that one of a few cells holds a digit `z` whatever the others
//! hold: every cell seeing all of them loses `z`.

use super::{Step, Technique, TechniqueSet};
use crate::candidates::{Candidate, Candidates};
use crate::geometry::{common_peers, House};
use crate::grid::{Cell, Digit};
use crate::sets::CellSet;

/// The easiest allowed wing: XY-wing (4.2), then XYZ-wing and W-wing (4.4).
pub(super) fn find(marks: &Candidates, allowed: TechniqueSet) -> Option<Step> {
    super::first_allowed(
        marks,
        allowed,
        &[
            (Technique::XyWing, xy_wing),
            (Technique::XyzWing, xyz_wing),
            (Technique::WWing, w_wing),
        ],
    )
}

/// The first house `a` and `b` share (they see each other).
fn shared_house(a: Cell, b: Cell) -> Option<House> {
    House::of(a)
        .into_iter()
        .find(|house| house.cells().contains(b))
}

/// The cells seeing every cell of `cells` that still hold `digit`.
fn seeing_all(marks: &Candidates, digit: Digit, cells: CellSet) -> CellSet {
    common_peers(cells) & marks.cells_with(digit)
}

/// Every candidate of `cells`.
fn all_candidates(marks: &Candidates, cells: &[Cell]) -> Vec<Candidate> {
    cells
        .iter()
        .flat_map(|&cell| marks.get(cell).iter().map(move |d| Candidate::new(cell, d)))
        .collect()
}

/// A wing's step: the pivot, its pincers and the digit `z` they remove.
fn wing_step(
    technique: Technique,
    marks: &Candidates,
    pivot: Cell,
    pincers: [Cell; 2],
    digit: Digit,
    removed: CellSet,
) -> Step {
    let mut step = Step::new(technique);
    step.houses = pincers
        .iter()
        .filter_map(|&pincer| shared_house(pivot, pincer))
        .collect();
    step.digits = marks.get(pivot) | marks.get(pincers[0]) | marks.get(pincers[1]);
    step.pattern = all_candidates(marks, &[pivot, pincers[0], pincers[1]]);
    step.eliminations = removed.iter().map(|c| Candidate::new(c, digit)).collect();
    step
}

/// Pivot `xy` with pincers `xz` and `yz` it sees: the pivot's digit puts
/// `z` in one pincer, so cells seeing both pincers lose `z`.
fn xy_wing(marks: &Candidates) -> Option<Step> {
    let bivalue = marks.bivalue_cells();
    for pivot in bivalue {
        let pair = marks.get(pivot);
        // Pincers: bivalue peers sharing exactly one digit with the pivot.
        let pincers: Vec<Cell> = (pivot.peers() & bivalue)
            .iter()
            .filter(|&c| (marks.get(c) & pair).len() == 1)
            .collect();
        for (i, &first) in pincers.iter().enumerate() {
            for &second in &pincers[i + 1..] {
                let (a, b) = (marks.get(first), marks.get(second));
                let z = (a & b) - pair;
                // Different pincers each sharing one pivot digit cover `xyz`
                // only when they share `z` and take different pivot digits.
                if a == b || z.len() != 1 || (a | b | pair).len() != 3 {
                    continue;
                }
                let digit = z.first()?;
                let removed = seeing_all(marks, digit, CellSet::from_cells([first, second]));
                if removed.is_empty() {
                    continue;
                }
                let mut step = wing_step(
                    Technique::XyWing,
                    marks,
                    pivot,
                    [first, second],
                    digit,
                    removed,
                );
                step.text = format!(
                    "XY-wing: pivot {pivot} ({pair}) with pincers {first} ({a}) and {second} ({b}): \
                     whichever digit the pivot takes, a pincer holds {digit}, so {}",
                    step.conclusion()
                );
                return Some(step);
            }
        }
    }
    None
}

/// Pivot `xyz` with pincers `xz` and `yz` it sees: one of the three holds
/// `z`, so cells seeing all three lose it.
fn xyz_wing(marks: &Candidates) -> Option<Step> {
    let bivalue = marks.bivalue_cells();
    for pivot in marks.empty_cells() {
        let triple = marks.get(pivot);
        if triple.len() != 3 {
            continue;
        }
        let pincers: Vec<Cell> = (pivot.peers() & bivalue)
            .iter()
            .filter(|&c| marks.get(c).is_subset(triple))
            .collect();
        for (i, &first) in pincers.iter().enumerate() {
            for &second in &pincers[i + 1..] {
                let (a, b) = (marks.get(first), marks.get(second));
                let z = a & b;
                if z.len() != 1 {
                    continue;
                }
                let digit = z.first()?;
                let removed = seeing_all(marks, digit, CellSet::from_cells([pivot, first, second]));
                if removed.is_empty() {
                    continue;
                }
                let mut step = wing_step(
                    Technique::XyzWing,
                    marks,
                    pivot,
                    [first, second],
                    digit,
                    removed,
                );
                step.text = format!(
                    "XYZ-wing: pivot {pivot} ({triple}) with pincers {first} ({a}) and {second} ({b}): \
                     one of the three holds {digit}, so {}",
                    step.conclusion()
                );
                return Some(step);
            }
        }
    }
    None
}

/// Two cells holding only `x` and `y` that do not see each other, and a
/// strong link on `x` whose ends see one each: if neither held `y`, both
/// would hold `x` and leave the link without it. Cells seeing both lose `y`.
fn w_wing(marks: &Candidates) -> Option<Step> {
    let bivalue: Vec<Cell> = marks.bivalue_cells().iter().collect();
    for (i, &first) in bivalue.iter().enumerate() {
        let pair = marks.get(first);
        for &second in &bivalue[i + 1..] {
            if marks.get(second) != pair || first.sees(second) {
                continue;
            }
            for linked in pair {
                let other = pair.without(linked).first()?;
                let removed = seeing_all(marks, other, CellSet::from_cells([first, second]));
                if removed.is_empty() {
                    continue;
                }
                for house in House::all() {
                    let ends = marks.house_cells_with(house, linked);
                    if ends.len() != 2 {
                        continue;
                    }
                    let mut iter = ends.iter();
                    let (e1, e2) = (iter.next()?, iter.next()?);
                    let near = if e1.sees(first) && e2.sees(second) {
                        (e1, e2)
                    } else if e2.sees(first) && e1.sees(second) {
                        (e2, e1)
                    } else {
                        continue;
                    };
                    let mut step = Step::new(Technique::WWing);
                    step.houses = vec![house];
                    step.digits = pair;
                    step.pattern = all_candidates(marks, &[first, second]);
                    step.pattern.push(Candidate::new(e1, linked));
                    step.pattern.push(Candidate::new(e2, linked));
                    step.eliminations = removed.iter().map(|c| Candidate::new(c, other)).collect();
                    step.text = format!(
                        "W-wing: {first} and {second} hold only {} and {}, and {linked} in {house} is only in {} and {}, \
                         which see them: one of the two holds {other}, so {}",
                        linked.min(other),
                        linked.max(other),
                        near.0,
                        near.1,
                        step.conclusion()
                    );
                    return Some(step);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::logic::testing::{cell, removed, with_cells};
    use crate::logic::testing::{each_sound_on_random_states, states_using, up_to};

    fn only(technique: Technique) -> TechniqueSet {
        TechniqueSet::EMPTY.with(technique)
    }

    #[test]
    fn xy_wing_removes_z_from_cells_seeing_both_pincers() {
        let marks = with_cells(&[("r2c2", "12"), ("r2c7", "13"), ("r3c1", "23")]);
        let step = find(&marks, TechniqueSet::ALL).unwrap();
        assert_eq!(step.technique, Technique::XyWing);
        // Cells seeing r2c7 and r3c1: r2c1..r2c3 (row 2 and box 1), r3c7..r3c9.
        assert_eq!(
            removed(&step),
            ["r2c1<>3", "r2c3<>3", "r3c7<>3", "r3c8<>3", "r3c9<>3"]
        );
        assert_eq!(
            step.text,
            "XY-wing: pivot r2c2 (12) with pincers r2c7 (13) and r3c1 (23): whichever digit the pivot takes, \
             a pincer holds 3, so r2c1<>3, r2c3<>3, r3c7<>3, r3c8<>3, r3c9<>3"
        );
        assert_eq!(step.pattern.len(), 6);
    }

    #[test]
    fn twin_pincers_make_no_xy_wing() {
        // Both pincers take the pivot's 9: with 7 in the pivot, nothing follows.
        let marks = with_cells(&[("r1c7", "79"), ("r1c1", "29"), ("r2c7", "29")]);
        assert!(find(&marks, only(Technique::XyWing)).is_none());
    }

    #[test]
    fn xyz_wing_removes_z_from_cells_seeing_all_three() {
        let marks = with_cells(&[("r5c5", "123"), ("r5c1", "13"), ("r4c6", "23")]);
        let step = find(&marks, only(Technique::XyzWing)).unwrap();
        assert_eq!(step.technique, Technique::XyzWing);
        // Cells seeing r5c5, r5c1 (row 5) and r4c6 (box 5): r5c4, r5c6.
        assert_eq!(removed(&step), ["r5c4<>3", "r5c6<>3"]);
        assert!(step
            .text
            .starts_with("XYZ-wing: pivot r5c5 (123) with pincers r4c6 (23) and r5c1 (13)"));
        // No XY-wing there: the pivot has three candidates.
        assert!(find(&marks, only(Technique::XyWing)).is_none());
    }

    #[test]
    fn w_wing_removes_the_other_digit() {
        // r1c1 and r9c3 hold 4 and 8; 4 in row 5 only in r5c1 and r5c3.
        let mut marks = with_cells(&[("r1c1", "48"), ("r9c3", "48")]);
        let four = Digit::new(4).unwrap();
        for c in House::row(4).unwrap().cells() {
            if c != cell("r5c1") && c != cell("r5c3") {
                marks.eliminate(c, four);
            }
        }
        let step = find(&marks, only(Technique::WWing)).unwrap();
        assert_eq!(step.technique, Technique::WWing);
        // Cells seeing r1c1 and r9c3: column 3 in box 1, column 1 in box 7.
        assert_eq!(
            removed(&step),
            ["r1c3<>8", "r2c3<>8", "r3c3<>8", "r7c1<>8", "r8c1<>8", "r9c1<>8"]
        );
        assert_eq!(
            step.text,
            "W-wing: r1c1 and r9c3 hold only 4 and 8, and 4 in row 5 is only in r5c1 and r5c3, which see them: \
             one of the two holds 8, so r1c3<>8, r2c3<>8, r3c3<>8, r7c1<>8, r8c1<>8, r9c1<>8"
        );
    }

    #[test]
    fn wings_on_the_samples() {
        for technique in [Technique::XyWing, Technique::XyzWing, Technique::WWing] {
            let found = states_using(technique, up_to(technique), 5, 4);
            assert!(!found.is_empty(), "no {technique} found");
        }
    }

    #[test]
    fn wings_are_sound_on_random_states() {
        each_sound_on_random_states(
            find,
            &[Technique::XyWing, Technique::XyzWing, Technique::WWing],
            600,
            0x5EED_0002,
        );
    }
}
