//! Sudoku Explainer's direct techniques: a pointing, claiming, hidden pair or
//! hidden triple whose eliminations leave a hidden single, taken as one step
//! that places that digit.
//!
//! They follow SE 1.2.1 (`Locking` and `HiddenSet` in direct mode) exactly:
//! which patterns count, where the hidden single must appear, and the order
//! of the search (so that the engine takes the step SE takes). A direct step
//! places its digit; its eliminations are only those that make the single,
//! all in the single's house, so the placement clears them anyway and the
//! marks after the step are SE's: SE's direct hints place the digit and
//! leave the pattern's other eliminations for later.

use super::intersections::cells_text;
use super::subsets::and_list;
use super::{Step, Technique};
use crate::candidates::{Candidate, Candidates};
use crate::geometry::{House, HouseKind};
use crate::grid::Digit;
use crate::sets::{CellSet, DigitSet};

/// A digit of a box confined to one line of it, which goes from the rest of
/// that line, so that another box crossing the line has one place left for it.
pub(super) fn pointing(marks: &Candidates) -> Option<Step> {
    // SE's order: box and column pairs, then box and row pairs.
    direct_locking(
        marks,
        &[
            (HouseKind::Box, HouseKind::Column),
            (HouseKind::Box, HouseKind::Row),
        ],
        Technique::DirectPointing,
    )
}

/// A digit of a line confined to one box, which goes from the rest of that
/// box, so that another line (of the same kind) crossing the box has one place
/// left for it.
///
/// With hidden singles and direct pointing tried first (as SE does), a direct
/// claiming is never the first step: if row r holds the digit only in box b
/// and row r' only in b and at one cell h of box b2, the band's third box b3
/// holds it only in row r'', so it is placed there (and h is a hidden single
/// in b2), or is a single in b3, or points along r'' and leaves h alone in b2.
pub(super) fn claiming(marks: &Candidates) -> Option<Step> {
    // SE's order: column and box pairs, then row and box pairs.
    direct_locking(
        marks,
        &[
            (HouseKind::Column, HouseKind::Box),
            (HouseKind::Row, HouseKind::Box),
        ],
        Technique::DirectClaiming,
    )
}

/// `size` (2 or 3) digits of a house confined to `size` cells, which then
/// hold nothing else, so that another digit has one place left in the house.
pub(super) fn hidden(marks: &Candidates, size: usize) -> Option<Step> {
    let technique = match size {
        2 => Technique::DirectHiddenPair,
        3 => Technique::DirectHiddenTriple,
        _ => return None,
    };
    // SE's order: boxes, columns, rows; digit sets as 9-bit numbers, ascending.
    for kind in [HouseKind::Box, HouseKind::Column, HouseKind::Row] {
        for house in houses_of(kind) {
            if (house.cells() & marks.empty_cells()).len() <= size {
                continue;
            }
            let mut places = [CellSet::EMPTY; 9];
            // Only digits with 2 to `size` places can be in the set (one
            // place would be a hidden single).
            let mut fitting = 0u16;
            for (i, digit) in Digit::all().enumerate() {
                places[i] = marks.house_cells_with(house, digit);
                if (2..=size).contains(&places[i].len()) {
                    fitting |= 1 << i;
                }
            }
            if (fitting.count_ones() as usize) < size {
                continue;
            }
            // The subsets of `fitting`, ascending (SE's order of digit sets).
            let mut mask = 0u16;
            loop {
                mask = mask.wrapping_sub(fitting) & fitting;
                if mask == 0 {
                    break;
                }
                if mask.count_ones() as usize != size {
                    continue;
                }
                let cells = (0..9)
                    .filter(|i| mask >> i & 1 == 1)
                    .fold(CellSet::EMPTY, |union, i| union | places[i]);
                if cells.len() != size {
                    continue;
                }
                let single = (0..9)
                    .filter(|i| mask >> i & 1 == 0)
                    .find(|&i| places[i].len() > 1 && (places[i] - cells).len() == 1);
                if let Some(i) = single {
                    let digits = DigitSet::from_bits(mask);
                    let digit = digit_at(i)?;
                    let cell = (places[i] - cells).first()?;
                    return Some(hidden_step(
                        marks,
                        technique,
                        house,
                        digits,
                        cells,
                        places[i] & cells,
                        Candidate::new(cell, digit),
                    ));
                }
            }
        }
    }
    None
}

/// The first direct pointing or claiming over `pairs` of house kinds (where
/// the digit is confined, and the house it is confined to), in SE's order:
/// pairs, first houses, second houses, digits, then the houses of the first
/// kind where the single appears.
fn direct_locking(
    marks: &Candidates,
    pairs: &[(HouseKind, HouseKind)],
    technique: Technique,
) -> Option<Step> {
    for &(source_kind, target_kind) in pairs {
        for source in houses_of(source_kind) {
            for target in houses_of(target_kind) {
                let crossing = source.cells() & target.cells();
                if crossing.is_empty() {
                    continue;
                }
                for digit in Digit::all() {
                    let places = marks.house_cells_with(source, digit);
                    if places.len() < 2 || !places.is_subset(crossing) {
                        continue;
                    }
                    for third in houses_of(source_kind) {
                        if third == source || !third.cells().intersects(target.cells()) {
                            continue;
                        }
                        let third_places = marks.house_cells_with(third, digit);
                        let left = third_places - target.cells();
                        if third_places.len() < 2 || left.len() != 1 {
                            continue;
                        }
                        let cell = left.first()?;
                        let removed = third_places & target.cells();
                        return Some(locking_step(
                            technique,
                            digit,
                            [source, target, third],
                            places,
                            removed,
                            Candidate::new(cell, digit),
                        ));
                    }
                }
            }
        }
    }
    None
}

/// The step of a direct pointing or claiming: `digit` in `source` only in
/// `places` (within `target`), so it goes from `removed` (the part of `target`
/// in `third`), which leaves `single` the only place for it in `third`.
fn locking_step(
    technique: Technique,
    digit: Digit,
    [source, target, third]: [House; 3],
    places: CellSet,
    removed: CellSet,
    single: Candidate,
) -> Step {
    let mut step = Step::new(technique);
    step.houses = vec![source, target, third];
    step.digits = DigitSet::single(digit);
    step.pattern = places.iter().map(|c| Candidate::new(c, digit)).collect();
    step.pattern.push(single);
    step.placements.push(single);
    step.eliminations = removed.iter().map(|c| Candidate::new(c, digit)).collect();
    step.text = format!(
        "{}: in {source}, {digit} can only be in {target} ({}), so it goes from {}; \
         then in {third}, only {} can hold {digit}",
        super::capitalized(technique.name()),
        cells_text(places),
        cells_text(removed),
        single.cell
    );
    step
}

/// The step of a direct hidden pair or triple: `digits` in `house` only in
/// `cells`, which so lose the single's digit from `removed`, leaving `single`
/// its only place in `house`.
fn hidden_step(
    marks: &Candidates,
    technique: Technique,
    house: House,
    digits: DigitSet,
    cells: CellSet,
    removed: CellSet,
    single: Candidate,
) -> Step {
    let digit = single.digit;
    let mut step = Step::new(technique);
    step.houses.push(house);
    step.digits = digits.with(digit);
    step.pattern = cells
        .iter()
        .flat_map(|cell| {
            (marks.get(cell) & digits)
                .iter()
                .map(move |d| Candidate::new(cell, d))
        })
        .collect();
    step.pattern.push(single);
    step.placements.push(single);
    step.eliminations = removed.iter().map(|c| Candidate::new(c, digit)).collect();
    step.text = format!(
        "{}: in {house}, {} can only be in {}, so {} cannot hold {digit}; \
         then in {house}, only {} can hold {digit}",
        super::capitalized(technique.name()),
        and_list(digits.iter()),
        and_list(cells.iter()),
        and_list(removed.iter()),
        single.cell
    );
    step
}

/// The nine houses of `kind`, in order.
fn houses_of(kind: HouseKind) -> impl Iterator<Item = House> {
    let first = match kind {
        HouseKind::Row => 0,
        HouseKind::Column => 9,
        HouseKind::Box => 18,
    };
    (first..first + 9).filter_map(House::new)
}

/// Digit `i + 1`.
fn digit_at(i: usize) -> Option<Digit> {
    Digit::new(u8::try_from(i + 1).ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::logic::testing::{assert_sound, cell, random_states, removed, states_using, up_to};
    use crate::logic::{LogicSolver, TechniqueSet};

    /// Removes `digit` from the cells named.
    fn without(marks: &mut Candidates, digit: u8, cells: &[&str]) {
        let digit = Digit::new(digit).unwrap();
        for name in cells {
            marks.eliminate(cell(name), digit);
        }
    }

    fn full() -> Candidates {
        Candidates::from_grid(&Grid::EMPTY)
    }

    fn placed(step: &Step) -> Vec<String> {
        step.placements.iter().map(ToString::to_string).collect()
    }

    /// 3 in box 1 only in column 1; in box 4 outside column 1 only in r6c2,
    /// and in r5c3 too if `also_r5c3`.
    fn pointing_state(also_r5c3: bool) -> Candidates {
        let mut marks = full();
        without(
            &mut marks,
            3,
            &["r1c2", "r1c3", "r2c2", "r2c3", "r3c2", "r3c3"],
        );
        without(&mut marks, 3, &["r4c2", "r4c3", "r5c2", "r6c3"]);
        if !also_r5c3 {
            without(&mut marks, 3, &["r5c3"]);
        }
        marks
    }

    #[test]
    fn direct_pointing_places_the_single_it_leaves_in_another_box() {
        let marks = pointing_state(false);
        let step = pointing(&marks).unwrap();
        assert_eq!(step.technique, Technique::DirectPointing);
        assert_eq!(step.difficulty.to_string(), "1.7");
        assert_eq!(placed(&step), ["r6c2=3"]);
        assert_eq!(removed(&step), ["r4c1<>3", "r5c1<>3", "r6c1<>3"]);
        assert_eq!(
            step.text,
            "Direct pointing: in box 1, 3 can only be in column 1 (r1c1, r2c1, r3c1), \
             so it goes from r4c1, r5c1, r6c1; then in box 4, only r6c2 can hold 3"
        );
        assert_eq!(
            step.houses,
            [
                House::boxed(0).unwrap(),
                House::column(0).unwrap(),
                House::boxed(3).unwrap()
            ]
        );
        assert_eq!(step.pattern.len(), 4);
        // The engine takes it before a naked single or a plain pointing.
        assert_eq!(LogicSolver::new().next_step(&marks), Some(step));
        // Without the direct techniques, the plain pointing comes instead.
        let plain = LogicSolver::new()
            .techniques("singles,pointing,claiming".parse().unwrap())
            .next_step(&marks)
            .unwrap();
        assert_eq!(plain.technique, Technique::Pointing);
    }

    #[test]
    fn a_pointing_that_leaves_two_places_is_not_direct() {
        // Box 4 keeps 3 in r5c3 as well: two places outside column 1.
        let marks = pointing_state(true);
        assert!(pointing(&marks).is_none());
        assert!(claiming(&marks).is_none());
    }

    /// 5 in row 1 only in box 1; in row 2 only in r2c3 and r2c5.
    fn claiming_state() -> Candidates {
        let mut marks = full();
        without(
            &mut marks,
            5,
            &["r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9"],
        );
        without(
            &mut marks,
            5,
            &["r2c1", "r2c2", "r2c4", "r2c6", "r2c7", "r2c8", "r2c9"],
        );
        marks
    }

    #[test]
    fn direct_claiming_places_the_single_it_leaves_in_another_line() {
        let marks = claiming_state();
        let step = claiming(&marks).unwrap();
        assert_eq!(step.technique, Technique::DirectClaiming);
        assert_eq!(step.difficulty.to_string(), "1.9");
        assert_eq!(placed(&step), ["r2c5=5"]);
        assert_eq!(removed(&step), ["r2c3<>5"]);
        assert_eq!(
            step.text,
            "Direct claiming: in row 1, 5 can only be in box 1 (r1c1, r1c2, r1c3), \
             so it goes from r2c3; then in row 2, only r2c5 can hold 5"
        );
        // As always, a direct pointing finds the same digit first: box 3 has 5
        // only in row 3, which leaves r2c5 alone in box 2.
        let first = LogicSolver::new().next_step(&marks).unwrap();
        assert_eq!(first.technique, Technique::DirectPointing);
        assert_eq!(placed(&first), ["r2c5=5"]);
        assert!(first
            .text
            .starts_with("Direct pointing: in box 3, 5 can only be in row 3"));
    }

    /// 4 and 7 in column 3 only in r2c3 and r5c3; 9 only in r2c3 and r8c3,
    /// and in r9c3 too if `also_r9c3`.
    fn hidden_pair_state(also_r9c3: bool) -> Candidates {
        let mut marks = full();
        let others = ["r1c3", "r3c3", "r4c3", "r6c3", "r7c3", "r8c3", "r9c3"];
        without(&mut marks, 4, &others);
        without(&mut marks, 7, &others);
        without(
            &mut marks,
            9,
            &["r1c3", "r3c3", "r4c3", "r5c3", "r6c3", "r7c3"],
        );
        if !also_r9c3 {
            without(&mut marks, 9, &["r9c3"]);
        }
        marks
    }

    #[test]
    fn direct_hidden_pair_places_the_single_it_leaves() {
        let marks = hidden_pair_state(false);
        let step = hidden(&marks, 2).unwrap();
        assert_eq!(step.technique, Technique::DirectHiddenPair);
        assert_eq!(step.difficulty.to_string(), "2.0");
        assert_eq!(placed(&step), ["r8c3=9"]);
        assert_eq!(removed(&step), ["r2c3<>9"]);
        assert_eq!(
            step.text,
            "Direct hidden pair: in column 3, 4 and 7 can only be in r2c3 and r5c3, \
             so r2c3 cannot hold 9; then in column 3, only r8c3 can hold 9"
        );
        assert_eq!(
            step.digits.iter().map(Digit::get).collect::<Vec<_>>(),
            [4, 7, 9]
        );
        assert_eq!(step.pattern.len(), 5);
        assert_eq!(LogicSolver::new().next_step(&marks), Some(step));
        // A triple search does not report pairs.
        assert!(hidden(&marks, 3).is_none());
    }

    #[test]
    fn a_hidden_pair_without_a_single_is_not_direct() {
        // 9 may also be in r9c3: two places left outside the pair.
        let marks = hidden_pair_state(true);
        assert!(hidden(&marks, 2).is_none());
        // The plain hidden pair is still there.
        let plain = LogicSolver::new().next_step(&marks).unwrap();
        assert_eq!(plain.technique, Technique::HiddenPair);
    }

    #[test]
    fn direct_hidden_triple_places_the_single_it_leaves() {
        // 1, 2, 3 in row 5 only in r5c1..r5c3 (no two of them in two cells);
        // 8 in row 5 only in r5c2 and r5c9.
        let mut marks = full();
        let rest = ["r5c4", "r5c5", "r5c6", "r5c7", "r5c8", "r5c9"];
        for digit in 1..=3 {
            without(&mut marks, digit, &rest);
        }
        without(&mut marks, 1, &["r5c3"]);
        without(&mut marks, 2, &["r5c1"]);
        without(&mut marks, 3, &["r5c2"]);
        without(
            &mut marks,
            8,
            &["r5c1", "r5c3", "r5c4", "r5c5", "r5c6", "r5c7", "r5c8"],
        );
        assert!(hidden(&marks, 2).is_none());
        let step = hidden(&marks, 3).unwrap();
        assert_eq!(step.technique, Technique::DirectHiddenTriple);
        assert_eq!(step.difficulty.to_string(), "2.5");
        assert_eq!(placed(&step), ["r5c9=8"]);
        assert_eq!(removed(&step), ["r5c2<>8"]);
        assert_eq!(
            step.text,
            "Direct hidden triple: in row 5, 1, 2 and 3 can only be in r5c1, r5c2 and r5c3, \
             so r5c2 cannot hold 8; then in row 5, only r5c9 can hold 8"
        );
        assert_eq!(LogicSolver::new().next_step(&marks), Some(step));
    }

    #[test]
    fn technique_names_groups_and_order() {
        let direct: TechniqueSet = "direct".parse().unwrap();
        let all_four = [
            Technique::DirectPointing,
            Technique::DirectClaiming,
            Technique::DirectHiddenPair,
            Technique::DirectHiddenTriple,
        ];
        assert_eq!(direct.iter().collect::<Vec<_>>(), all_four);
        for technique in all_four {
            assert!(TechniqueSet::ALL.contains(technique));
            assert_eq!(technique.id().parse::<Technique>(), Ok(technique));
        }
        assert_eq!(Technique::DirectHiddenPair.id(), "direct-hidden-pair");
        let intersections: TechniqueSet = "intersections".parse().unwrap();
        assert!(intersections.contains(Technique::DirectClaiming));
        let subsets: TechniqueSet = "subsets".parse().unwrap();
        assert!(subsets.contains(Technique::DirectHiddenTriple));
        // SE's order: 1.5 hidden single, 1.7, 1.9, 2.0, 2.3 naked single, 2.5.
        let order: Vec<u16> = TechniqueSet::ALL
            .iter()
            .take(8)
            .map(|t| t.base_difficulty().tenths())
            .collect();
        assert_eq!(order, [10, 12, 15, 17, 19, 20, 23, 25]);
    }

    #[test]
    fn direct_techniques_on_the_samples() {
        for technique in [
            Technique::DirectPointing,
            Technique::DirectHiddenPair,
            Technique::DirectHiddenTriple,
        ] {
            let found = states_using(technique, up_to(technique), 3, 5);
            assert!(!found.is_empty(), "no {technique} found");
        }
        // A hidden single or a direct pointing always comes before a direct
        // claiming (see `claiming`): it shows only without direct pointing.
        let technique = Technique::DirectClaiming;
        let allowed = up_to(technique).without(Technique::DirectPointing);
        assert!(!states_using(technique, allowed, 3, 5).is_empty());
        assert!(states_using(technique, up_to(technique), 9, 1).is_empty());
    }

    /// Whether a direct pointing (`boxes_first`) or claiming is there, by
    /// making each locked elimination and looking for a new single.
    fn locking_by_definition(marks: &Candidates, boxes_first: bool) -> bool {
        let is_box = |h: House| h.kind() == HouseKind::Box;
        House::all()
            .filter(|&h| is_box(h) == boxes_first)
            .any(|source| {
                House::all()
                    .filter(|&h| is_box(h) != boxes_first && h.cells().intersects(source.cells()))
                    .any(|target| {
                        Digit::all().any(|digit| {
                            let places = marks.house_cells_with(source, digit);
                            if places.len() < 2 || !places.is_subset(target.cells()) {
                                return false;
                            }
                            let mut after = marks.clone();
                            for c in marks.house_cells_with(target, digit) - source.cells() {
                                after.eliminate(c, digit);
                            }
                            House::all()
                                .filter(|&h| h.kind() == source.kind() && h != source)
                                .any(|third| {
                                    marks.house_cells_with(third, digit).len() > 1
                                        && after.house_cells_with(third, digit).len() == 1
                                })
                        })
                    })
            })
    }

    /// Whether a direct hidden set of `size` is there, by removing the other
    /// digits from every set of cells that `size` digits are confined to.
    fn hidden_by_definition(marks: &Candidates, size: usize) -> bool {
        House::all().any(|house| {
            (0u16..1 << 9)
                .filter(|mask| mask.count_ones() as usize == size)
                .any(|mask| {
                    let digits = DigitSet::from_bits(mask);
                    let cells = digits.iter().fold(CellSet::EMPTY, |union, d| {
                        union | marks.house_cells_with(house, d)
                    });
                    if cells.len() != size
                        || digits
                            .iter()
                            .any(|d| marks.house_cells_with(house, d).len() < 2)
                    {
                        return false;
                    }
                    let mut after = marks.clone();
                    for c in cells {
                        for d in marks.get(c) {
                            if !digits.contains(d) {
                                after.eliminate(c, d);
                            }
                        }
                    }
                    Digit::all().any(|d| {
                        marks.house_cells_with(house, d).len() > 1
                            && after.house_cells_with(house, d).len() == 1
                    })
                })
        })
    }

    #[test]
    fn direct_techniques_are_sound_and_complete_on_random_states() {
        let mut counts = [0usize; 4];
        for (marks, solution) in random_states(1500, 0xD1EC_7001) {
            let found = [
                (pointing(&marks), locking_by_definition(&marks, true)),
                (claiming(&marks), locking_by_definition(&marks, false)),
                (hidden(&marks, 2), hidden_by_definition(&marks, 2)),
                (hidden(&marks, 3), hidden_by_definition(&marks, 3)),
            ];
            for (i, (step, expected)) in found.into_iter().enumerate() {
                assert_eq!(step.is_some(), expected, "{i}: {marks:?}");
                let Some(step) = step else { continue };
                assert_sound(&step, &marks, &solution);
                // The placement is a hidden single once the eliminations are made.
                let mut after = marks.clone();
                for e in &step.eliminations {
                    after.eliminate(e.cell, e.digit);
                }
                let single = step.placements[0];
                let house = *step.houses.last().unwrap();
                assert_eq!(
                    after.house_cells_with(house, single.digit),
                    CellSet::single(single.cell)
                );
                assert!(marks.house_cells_with(house, single.digit).len() > 1);
                counts[i] += 1;
            }
        }
        assert!(counts.iter().all(|&n| n > 0), "{counts:?}");
    }
}
