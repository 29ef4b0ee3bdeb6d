//! Single-digit patterns: skyscraper, two-string kite, empty rectangle.
//!
//! Each rests on strong links of one digit (a house where it has exactly two
//! places, so one of them holds it) and shows that one of two cells must
//! hold the digit: every cell seeing both loses it.

use super::intersections::cells_text;
use super::{Step, Technique, TechniqueSet};
use crate::candidates::{Candidate, Candidates};
use crate::geometry::{common_peers, House};
use crate::grid::{Cell, Digit};
use crate::sets::{CellSet, DigitSet};

/// The easiest allowed single-digit pattern: skyscraper (3.4), then
/// two-string kite (3.4), then empty rectangle (3.5).
pub(super) fn find(marks: &Candidates, allowed: TechniqueSet) -> Option<Step> {
    super::first_allowed(
        marks,
        allowed,
        &[
            (Technique::Skyscraper, skyscraper),
            (Technique::TwoStringKite, two_string_kite),
            (Technique::EmptyRectangle, empty_rectangle),
        ],
    )
}

/// The two places of `digit` in `house`, when it has exactly two.
fn strong_link(marks: &Candidates, house: House, digit: Digit) -> Option<(Cell, Cell)> {
    let places = marks.house_cells_with(house, digit);
    if places.len() != 2 {
        return None;
    }
    let mut iter = places.iter();
    Some((iter.next()?, iter.next()?))
}

/// The strong links of `digit` in the rows (`rows`) or the columns.
fn line_links(marks: &Candidates, digit: Digit, rows: bool) -> Vec<(House, Cell, Cell)> {
    (0..9)
        .filter_map(|i| {
            let line = if rows {
                House::row(i)?
            } else {
                House::column(i)?
            };
            let (a, b) = strong_link(marks, line, digit)?;
            Some((line, a, b))
        })
        .collect()
}

/// Where a cell lies along a row (its column) or a column (its row).
fn along(cell: Cell, rows: bool) -> usize {
    if rows {
        cell.col()
    } else {
        cell.row()
    }
}

/// The cells still holding `digit` that see both `ends`, outside `pattern`.
fn seeing_both(marks: &Candidates, digit: Digit, ends: [Cell; 2], pattern: CellSet) -> CellSet {
    common_peers(CellSet::from_cells(ends)) & (marks.cells_with(digit) - pattern)
}

/// The step's common part: one digit, its pattern cells and its eliminations.
fn single_digit_step(
    technique: Technique,
    digit: Digit,
    houses: Vec<House>,
    pattern: CellSet,
    removed: CellSet,
) -> Step {
    let mut step = Step::new(technique);
    step.houses = houses;
    step.digits = DigitSet::single(digit);
    step.pattern = pattern.iter().map(|c| Candidate::new(c, digit)).collect();
    step.eliminations = removed.iter().map(|c| Candidate::new(c, digit)).collect();
    step
}

/// Two parallel strong links whose one ends share a line: one of the other
/// two ends holds the digit.
fn skyscraper(marks: &Candidates) -> Option<Step> {
    for digit in Digit::all() {
        for rows in [true, false] {
            let links = line_links(marks, digit, rows);
            for (i, &(first, a1, b1)) in links.iter().enumerate() {
                for &(second, a2, b2) in &links[i + 1..] {
                    // Both ends aligned is an X-wing, not a skyscraper.
                    let same = |x: Cell, y: Cell| along(x, rows) == along(y, rows);
                    if same(a1, a2) && same(b1, b2) {
                        continue;
                    }
                    let pairs = [
                        (a1, b1, a2, b2),
                        (a1, b1, b2, a2),
                        (b1, a1, a2, b2),
                        (b1, a1, b2, a2),
                    ];
                    for (base1, top1, base2, top2) in pairs {
                        if !same(base1, base2) {
                            continue;
                        }
                        let pattern = CellSet::from_cells([a1, b1, a2, b2]);
                        let removed = seeing_both(marks, digit, [top1, top2], pattern);
                        if removed.is_empty() {
                            continue;
                        }
                        let shared = if rows {
                            House::column_of(base1)
                        } else {
                            House::row_of(base1)
                        };
                        let mut step = single_digit_step(
                            Technique::Skyscraper,
                            digit,
                            vec![first, second, shared],
                            pattern,
                            removed,
                        );
                        step.text = format!(
                            "Skyscraper: {digit} in {first} is only in {a1}, {b1} and in {second} only in {a2}, {b2}; \
                             {base1} and {base2} share {shared}, so {top1} or {top2} holds {digit}: {}",
                            step.conclusion()
                        );
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// A row strong link and a column strong link with one end of each in the
/// same box: one of the two far ends holds the digit.
fn two_string_kite(marks: &Candidates) -> Option<Step> {
    for digit in Digit::all() {
        let rows = line_links(marks, digit, true);
        let columns = line_links(marks, digit, false);
        for &(row, r1, r2) in &rows {
            for &(column, c1, c2) in &columns {
                for (row_near, row_far) in [(r1, r2), (r2, r1)] {
                    for (column_near, column_far) in [(c1, c2), (c2, c1)] {
                        let bx = House::box_of(row_near);
                        if row_near == column_near
                            || !bx.cells().contains(column_near)
                            || bx.cells().contains(row_far)
                            || bx.cells().contains(column_far)
                        {
                            continue;
                        }
                        let pattern = CellSet::from_cells([r1, r2, c1, c2]);
                        let removed = seeing_both(marks, digit, [row_far, column_far], pattern);
                        if removed.is_empty() {
                            continue;
                        }
                        let mut step = single_digit_step(
                            Technique::TwoStringKite,
                            digit,
                            vec![row, column, bx],
                            pattern,
                            removed,
                        );
                        step.text = format!(
                            "Two-string kite: {digit} in {row} is only in {r1}, {r2} and in {column} only in {c1}, {c2}; \
                             {row_near} and {column_near} share {bx}, so {row_far} or {column_far} holds {digit}: {}",
                            step.conclusion()
                        );
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// A box whose places for the digit lie on one row and one column of it (and
/// on neither alone), with a strong link outside the box one end of which is
/// on that row or column.
///
/// For a column link from `near` on the box's row to `far`: if `near` holds
/// the digit, the box's digit is on the box's column; if not, `far` holds it.
/// Either way the cell on the box's column and `far`'s row loses it (and the
/// same with rows and columns swapped).
fn empty_rectangle(marks: &Candidates) -> Option<Step> {
    for digit in Digit::all() {
        for index in 0..9 {
            let bx = House::boxed(index)?;
            let places = marks.house_cells_with(bx, digit);
            if places.len() < 2 || !spans_two_lines(places) {
                continue;
            }
            let corner = bx.cell_at(0);
            for row_index in corner.row()..corner.row() + 3 {
                for col_index in corner.col()..corner.col() + 3 {
                    let row = House::row(row_index)?;
                    let column = House::column(col_index)?;
                    if !places.is_subset(row.cells() | column.cells()) {
                        continue;
                    }
                    let found = rectangle_link(marks, digit, bx, places, row, column)
                        .or_else(|| rectangle_link(marks, digit, bx, places, column, row));
                    if found.is_some() {
                        return found;
                    }
                }
            }
        }
    }
    None
}

/// Whether `places` (in one box) lie on at least two rows and two columns.
fn spans_two_lines(places: CellSet) -> bool {
    let Some(first) = places.first() else {
        return false;
    };
    !places.is_subset(House::row_of(first).cells())
        && !places.is_subset(House::column_of(first).cells())
}

/// The empty rectangle of `bx` (whose `places` lie on `line` and `cross`)
/// with a strong link that crosses `line` outside the box: the link runs
/// along lines of `cross`'s kind; its far end's line meets `cross` at the
/// target cell.
fn rectangle_link(
    marks: &Candidates,
    digit: Digit,
    bx: House,
    places: CellSet,
    line: House,
    cross: House,
) -> Option<Step> {
    let rows = cross.kind() == crate::geometry::HouseKind::Row;
    for (link, a, b) in line_links(marks, digit, rows) {
        if link.cells().intersects(bx.cells()) {
            continue;
        }
        for (near, far) in [(a, b), (b, a)] {
            if !line.cells().contains(near) {
                continue;
            }
            // The far end's crossing with `cross` must lie outside the box.
            let far_line = if rows {
                House::column_of(far)
            } else {
                House::row_of(far)
            };
            if far_line.cells().intersects(bx.cells()) {
                continue;
            }
            let target = (far_line.cells() & cross.cells()).first()?;
            if !marks.has(target, digit) {
                continue;
            }
            let pattern = places | CellSet::from_cells([a, b]);
            let mut step = single_digit_step(
                Technique::EmptyRectangle,
                digit,
                vec![bx, link, line, cross],
                pattern,
                CellSet::single(target),
            );
            step.text = format!(
                "Empty rectangle: {digit} in {bx} is only in {line} and {cross} ({}); {link} has it only in {near}, {far}, \
                 so either {far} holds {digit} or {near} does and {bx} has it in {cross}: {}",
                cells_text(places),
                step.conclusion()
            );
            return Some(step);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::logic::testing::{
        each_sound_on_random_states, only_digit_in, removed, states_using, up_to,
    };

    fn only(technique: Technique) -> TechniqueSet {
        TechniqueSet::EMPTY.with(technique)
    }

    /// 4 in rows 1 and 5 only in columns 1 and 5 or 6.
    const SKYSCRAPER_FOURS: [&str; 8] = [
        "r1c1", "r1c5", "r5c1", "r5c6", "r2c6", "r4c5", "r8c8", "r9c9",
    ];

    #[test]
    fn skyscraper_on_rows() {
        let marks = only_digit_in(4, &SKYSCRAPER_FOURS);
        let step = find(&marks, only(Technique::Skyscraper)).unwrap();
        assert_eq!(step.technique, Technique::Skyscraper);
        assert_eq!(removed(&step), ["r2c6<>4", "r4c5<>4"]);
        assert_eq!(
            step.text,
            "Skyscraper: 4 in row 1 is only in r1c1, r1c5 and in row 5 only in r5c1, r5c6; \
             r1c1 and r5c1 share column 1, so r1c5 or r5c6 holds 4: r2c6<>4, r4c5<>4"
        );
        assert_eq!(step.pattern.len(), 4);
        assert_eq!(step.houses.len(), 3);
    }

    #[test]
    fn skyscraper_on_columns() {
        // Columns 1 and 5 share row 1; r1c9 keeps row 1 from being a link.
        let marks = only_digit_in(
            7,
            &[
                "r1c1", "r1c5", "r1c9", "r5c1", "r4c5", "r4c2", "r5c6", "r9c9",
            ],
        );
        let step = find(&marks, only(Technique::Skyscraper)).unwrap();
        assert_eq!(removed(&step), ["r4c2<>7", "r5c6<>7"]);
        assert!(step.text.contains("share row 1, so r5c1 or r4c5 holds 7"));
    }

    #[test]
    fn an_x_wing_is_no_skyscraper() {
        let marks = only_digit_in(2, &["r1c1", "r1c5", "r4c1", "r4c5", "r2c2", "r5c4"]);
        assert!(find(&marks, only(Technique::Skyscraper)).is_none());
    }

    #[test]
    fn two_string_kite_far_ends() {
        // Row 3 at c1, c7; column 2 at r2, r8; r3c1 and r2c2 share box 1.
        let marks = only_digit_in(5, &["r3c1", "r3c7", "r2c2", "r8c2", "r8c7", "r8c8", "r5c5"]);
        let step = find(&marks, only(Technique::TwoStringKite)).unwrap();
        assert_eq!(removed(&step), ["r8c7<>5"]);
        assert_eq!(
            step.text,
            "Two-string kite: 5 in row 3 is only in r3c1, r3c7 and in column 2 only in r2c2, r8c2; \
             r3c1 and r2c2 share box 1, so r3c7 or r8c2 holds 5: r8c7<>5"
        );
    }

    #[test]
    fn empty_rectangle_with_a_column_link() {
        // Box 5's 6s on row 5 and column 5; column 8 has 6 only at r5c8 and
        // r9c8: r9c5 loses 6.
        let marks = only_digit_in(
            6,
            &[
                "r4c5", "r5c4", "r5c5", "r6c5", "r5c8", "r9c8", "r9c5", "r9c1", "r1c1", "r1c5",
            ],
        );
        let step = find(&marks, only(Technique::EmptyRectangle)).unwrap();
        assert_eq!(removed(&step), ["r9c5<>6"]);
        assert_eq!(
            step.text,
            "Empty rectangle: 6 in box 5 is only in row 5 and column 5 (r4c5, r5c4, r5c5, r6c5); \
             column 8 has it only in r5c8, r9c8, so either r9c8 holds 6 or r5c8 does and box 5 has it in column 5: r9c5<>6"
        );
    }

    #[test]
    fn empty_rectangle_with_a_row_link() {
        // Box 1's 3s on row 2 and column 1 (r1c1, r2c2, r2c3 without r2c1);
        // row 7 has 3 only at r7c1 and r7c6: r2c6 loses 3.
        let marks = only_digit_in(
            3,
            &[
                "r1c1", "r2c2", "r2c3", "r7c1", "r7c6", "r2c6", "r5c6", "r5c9", "r9c9", "r9c2",
            ],
        );
        let step = find(&marks, only(Technique::EmptyRectangle)).unwrap();
        assert_eq!(removed(&step), ["r2c6<>3"]);
    }

    #[test]
    fn the_patterns_come_easiest_first() {
        let marks = only_digit_in(4, &SKYSCRAPER_FOURS);
        let all = TechniqueSet::ALL;
        assert_eq!(find(&marks, all).unwrap().technique, Technique::Skyscraper);
    }

    #[test]
    fn single_digit_patterns_on_the_samples() {
        for technique in [
            Technique::Skyscraper,
            Technique::TwoStringKite,
            Technique::EmptyRectangle,
        ] {
            let found = states_using(technique, up_to(technique), 5, 4);
            assert!(!found.is_empty(), "no {technique} found");
        }
    }

    #[test]
    fn single_digit_patterns_are_sound_on_random_states() {
        each_sound_on_random_states(
            find,
            &[
                Technique::Skyscraper,
                Technique::TwoStringKite,
                Technique::EmptyRectangle,
            ],
            600,
            0x5EED_0001,
        );
    }
}
