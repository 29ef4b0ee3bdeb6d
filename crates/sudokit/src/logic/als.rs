//! Almost locked sets: ALS-XZ.
//!
//! An almost locked set (ALS) is `n` cells of one house holding `n + 1`
//! digits between them (a cell with two candidates is the smallest): take
//! any one digit away and the rest are locked in its cells.

use super::intersections::cells_text;
use super::{Step, Technique};
use crate::candidates::{Candidate, Candidates};
use crate::geometry::{common_peers, House};
use crate::grid::{Cell, Digit};
use crate::sets::{CellSet, DigitSet};

/// The largest ALS searched: bigger ones are rare in human solutions and
/// would multiply the pairs to try.
const MAX_ALS_CELLS: usize = 5;

/// One almost locked set, with its cells for each digit at hand.
#[derive(Clone, Debug)]
struct Als {
    /// The house it was found in (the first, for a single cell).
    house: House,
    cells: CellSet,
    digits: DigitSet,
    /// For each digit (index `d - 1`), the set's cells that may hold it.
    by_digit: [CellSet; 9],
}

impl Als {
    fn new(marks: &Candidates, house: House, cells: CellSet, digits: DigitSet) -> Als {
        let by_digit = std::array::from_fn(|i| {
            Digit::new(i as u8 + 1).map_or(CellSet::EMPTY, |d| cells & marks.cells_with(d))
        });
        Als {
            house,
            cells,
            digits,
            by_digit,
        }
    }

    fn with(&self, digit: Digit) -> CellSet {
        self.by_digit[usize::from(digit.get() - 1)]
    }

    /// `r1c2, r1c5 (1258 in row 1)` or `r3c4 (58)`.
    fn describe(&self) -> String {
        if self.cells.len() == 1 {
            format!("{} ({})", cells_text(self.cells), self.digits)
        } else {
            format!(
                "{} ({} in {})",
                cells_text(self.cells),
                self.digits,
                self.house
            )
        }
    }
}

/// Every ALS of up to [`MAX_ALS_CELLS`] cells, each once, smallest first
/// (then in the order of the houses they were found in).
fn almost_locked_sets(marks: &Candidates) -> Vec<Als> {
    let mut found: Vec<Als> = Vec::new();
    for house in House::all() {
        let open: Vec<Cell> = (house.cells() & marks.empty_cells())
            .iter()
            .filter(|&c| marks.get(c).len() <= MAX_ALS_CELLS + 1)
            .collect();
        extend(
            marks,
            house,
            &open,
            0,
            CellSet::EMPTY,
            DigitSet::EMPTY,
            &mut found,
        );
    }
    // A stable sort keeps the house order within each size.
    found.sort_by_key(|als| als.cells.len());
    let mut seen = std::collections::HashSet::new();
    found.retain(|als| seen.insert(als.cells));
    found
}

/// Adds to `found` every ALS made of `cells` plus some of `open[from..]`.
fn extend(
    marks: &Candidates,
    house: House,
    open: &[Cell],
    from: usize,
    cells: CellSet,
    digits: DigitSet,
    found: &mut Vec<Als>,
) {
    for (i, &cell) in open.iter().enumerate().skip(from) {
        let cells = cells.with(cell);
        let digits = digits | marks.get(cell);
        // Digits only grow as cells join: past the largest ALS's count, stop.
        if digits.len() > MAX_ALS_CELLS + 1 {
            continue;
        }
        if digits.len() == cells.len() + 1 {
            found.push(Als::new(marks, house, cells, digits));
        }
        if cells.len() < MAX_ALS_CELLS {
            extend(marks, house, open, i + 1, cells, digits, found);
        }
    }
}

/// The digits common to `a` and `b` whose every place in `a` sees every
/// place in `b`: at most one of the two sets can hold such a digit.
fn restricted_commons(a: &Als, b: &Als) -> DigitSet {
    (a.digits & b.digits)
        .iter()
        .filter(|&x| {
            let (in_a, in_b) = (a.with(x), b.with(x));
            in_b.is_subset(common_peers(in_a))
        })
        .collect()
}

/// The candidates of `digit` outside `outside` seeing every cell of `places`.
fn seeing_all(marks: &Candidates, digit: Digit, places: CellSet, outside: CellSet) -> CellSet {
    common_peers(places) & (marks.cells_with(digit) - outside)
}

/// Two almost locked sets joined by a restricted common digit `x`: one of
/// them lacks `x` and is then locked, so each other common digit `z` sits in
/// one of the two, and cells seeing all their `z`s lose it. With two
/// restricted common digits both sets are locked: every digit of each goes
/// from the cells seeing all its places in the set.
pub(super) fn als_xz(marks: &Candidates) -> Option<Step> {
    let sets = almost_locked_sets(marks);
    // Pairs by their total size, the smallest (the easiest to see) first.
    let mut by_size: Vec<Vec<usize>> = vec![Vec::new(); MAX_ALS_CELLS + 1];
    for (i, als) in sets.iter().enumerate() {
        by_size[als.cells.len()].push(i);
    }
    for total in 2..=2 * MAX_ALS_CELLS {
        for small in 1..=total / 2 {
            let large = total - small;
            if large > MAX_ALS_CELLS {
                continue;
            }
            for &i in &by_size[small] {
                for &j in &by_size[large] {
                    if small == large && j <= i {
                        continue;
                    }
                    if let Some(step) = linked_pair(marks, &sets[i], &sets[j]) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// The ALS-XZ step of `a` and `b`, if they are disjoint, linked and remove
/// something.
fn linked_pair(marks: &Candidates, a: &Als, b: &Als) -> Option<Step> {
    if a.cells.intersects(b.cells) || (a.digits & b.digits).len() < 2 {
        return None;
    }
    let links = restricted_commons(a, b);
    if links.is_empty() {
        return None;
    }
    let both = a.cells | b.cells;
    let mut removed: Vec<Candidate> = Vec::new();
    let doubly = links.len() >= 2;
    if doubly {
        // Take two links: each set misses one of them and holds all its
        // other digits.
        let pair: DigitSet = links.iter().take(2).collect();
        for digit in Digit::all() {
            let mut targets = CellSet::EMPTY;
            if pair.contains(digit) {
                targets |= seeing_all(marks, digit, a.with(digit) | b.with(digit), both);
            } else {
                for set in [a, b] {
                    if set.digits.contains(digit) {
                        targets |= seeing_all(marks, digit, set.with(digit), both);
                    }
                }
            }
            removed.extend(targets.iter().map(|c| Candidate::new(c, digit)));
        }
    } else {
        for digit in (a.digits & b.digits) - links {
            let targets = seeing_all(marks, digit, a.with(digit) | b.with(digit), both);
            removed.extend(targets.iter().map(|c| Candidate::new(c, digit)));
        }
    }
    if removed.is_empty() {
        return None;
    }
    removed.sort_by_key(|c| (c.cell, c.digit));
    let mut step = Step::new(Technique::AlsXz);
    step.houses = if a.house == b.house {
        vec![a.house]
    } else {
        vec![a.house, b.house]
    };
    step.digits = a.digits & b.digits;
    step.pattern = both
        .iter()
        .flat_map(|cell| {
            let digits = marks.get(cell);
            digits.iter().map(move |d| Candidate::new(cell, d))
        })
        .collect();
    step.eliminations = removed;
    let link_text: Vec<String> = links.iter().take(2).map(|d| d.to_string()).collect();
    let consequence = if doubly {
        "so both are locked".to_string()
    } else {
        let others: DigitSet = (a.digits & b.digits) - links;
        let names: Vec<String> = others.iter().map(|d| d.to_string()).collect();
        if names.len() == 1 {
            format!("so one of them holds {}", names[0])
        } else {
            format!("so each of {} is in one of them", names.join(" and "))
        }
    };
    step.text = format!(
        "ALS-XZ: the almost locked sets {} and {} share {} only where every place in one sees every place in the other, \
         {consequence}: {}",
        a.describe(),
        b.describe(),
        link_text.join(" and "),
        step.conclusion()
    );
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::logic::testing::{assert_sound, states_using, up_to};
    use crate::logic::testing::{random_states, removed, with_cells};

    #[test]
    fn singly_linked_sets_remove_the_other_common_digit() {
        // Sets: r1c4 (56), and r1c1, r2c3 (156 in box 1). 6 links them: in
        // the box only at r1c1, which sees r1c4. 5 is then in r1c4 or r2c3.
        let marks = with_cells(&[("r1c1", "16"), ("r1c4", "56"), ("r2c3", "15")]);
        let step = als_xz(&marks).unwrap();
        assert_eq!(step.technique, Technique::AlsXz);
        assert_eq!(
            step.text,
            "ALS-XZ: the almost locked sets r1c4 (56) and r1c1, r2c3 (156 in box 1) share 6 only where \
             every place in one sees every place in the other, so one of them holds 5: \
             r1c2<>5, r1c3<>5, r2c4<>5, r2c5<>5, r2c6<>5"
        );
        assert_eq!(step.pattern.len(), 6);
    }

    #[test]
    fn doubly_linked_sets_are_both_locked() {
        // r1c2 and r3c3 both hold only 3 and 4 in box 1: each digit links
        // them, and both leave the rest of box 1 (r1c1 loses its 4 too).
        let marks = with_cells(&[
            ("r1c1", "14"),
            ("r1c2", "34"),
            ("r3c3", "34"),
            ("r1c8", "12"),
        ]);
        let step = als_xz(&marks).unwrap();
        assert!(step.text.starts_with(
            "ALS-XZ: the almost locked sets r1c2 (34) and r3c3 (34) share 3 and 4 only where \
             every place in one sees every place in the other, so both are locked: r1c1<>4, r1c3<>3"
        ));
        let mut expected = vec!["r1c1<>4".to_string()];
        for c in ["r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2"] {
            expected.push(format!("{c}<>3"));
            expected.push(format!("{c}<>4"));
        }
        assert_eq!(removed(&step), expected);
    }

    #[test]
    fn larger_sets_and_their_own_digits() {
        // A = r5c1, r5c2, r5c3 (1234 in row 5), B = r8c1 (14): 1 and 4 are
        // in both; 1 in A only at r5c1, which sees r8c1 (column 1). Smaller
        // pairs of sets here share one digit only.
        let marks = with_cells(&[
            ("r5c1", "12"),
            ("r5c2", "23"),
            ("r5c3", "34"),
            ("r8c1", "14"),
        ]);
        let step = als_xz(&marks).unwrap();
        // 4 is in r5c3 or r8c1: the cells seeing both are column 1 in box 4
        // and column 3 in box 7 (r5c1 too, but it is in A).
        assert_eq!(
            removed(&step),
            ["r4c1<>4", "r6c1<>4", "r7c3<>4", "r8c3<>4", "r9c3<>4"]
        );
        assert!(step.text.contains("r5c1, r5c2, r5c3 (1234 in row 5)"));
        assert!(step.text.contains("share 1 only where"));
        assert!(step.text.contains("so one of them holds 4"));
    }

    #[test]
    fn als_xz_on_the_samples() {
        let found = states_using(Technique::AlsXz, up_to(Technique::AlsXz), 6, 4);
        assert!(!found.is_empty(), "no ALS-XZ found");
    }

    #[test]
    fn als_xz_is_sound_on_random_states() {
        let mut count = 0;
        for (marks, solution) in random_states(300, 0x5EED_0003) {
            if let Some(step) = als_xz(&marks) {
                assert_sound(&step, &marks, &solution);
                count += 1;
            }
        }
        assert!(count > 0);
    }
}
