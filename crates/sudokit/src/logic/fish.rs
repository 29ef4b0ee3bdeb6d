//! Fish: X-wing, swordfish, jellyfish, and their finned and sashimi forms.
//!
//! For one digit, each line (row or column) is a 9-bit mask of the cross
//! lines where the digit may go; a fish is a choice of base lines whose
//! masks together span as many cover lines (see [`super::subsets::pick`]).

use super::subsets::{and_list, at_most, bits, ones, pick};
use super::{Step, Technique, TechniqueSet};
use crate::candidates::{Candidate, Candidates};
use crate::geometry::House;
use crate::grid::{Cell, Digit};
use crate::sets::{CellSet, DigitSet};

/// Which lines are the base: rows (covered by columns) or columns (covered by rows).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Orientation {
    Rows,
    Columns,
}

impl Orientation {
    /// The cell where base line `base` crosses cover line `cover`.
    fn cell(self, base: usize, cover: usize) -> Cell {
        let (row, col) = match self {
            Orientation::Rows => (base, cover),
            Orientation::Columns => (cover, base),
        };
        Cell::from_row_col(row, col).unwrap_or(Cell::MIN)
    }

    /// Base line number `index` as a house.
    fn base_house(self, index: usize) -> House {
        let cell = self.cell(index, 0);
        match self {
            Orientation::Rows => House::row_of(cell),
            Orientation::Columns => House::column_of(cell),
        }
    }

    /// Cover line number `index` as a house.
    fn cover_house(self, index: usize) -> House {
        let cell = self.cell(0, index);
        match self {
            Orientation::Rows => House::column_of(cell),
            Orientation::Columns => House::row_of(cell),
        }
    }

    /// `rows 2 and 7` or `columns 1, 4 and 8` for the lines in `mask`.
    fn lines_text(self, mask: u16, base: bool) -> String {
        let rows = (self == Orientation::Rows) == base;
        format!(
            "{} {}",
            if rows { "rows" } else { "columns" },
            and_list(bits(mask).map(|i| i + 1))
        )
    }
}

/// The digit's candidates as line masks: for each row its columns, and for
/// each column its rows.
fn line_masks(marks: &Candidates, digit: Digit) -> [(Orientation, [u16; 9]); 2] {
    let mut rows = [0u16; 9];
    let mut columns = [0u16; 9];
    for cell in marks.cells_with(digit) {
        rows[cell.row()] |= 1 << cell.col();
        columns[cell.col()] |= 1 << cell.row();
    }
    [(Orientation::Rows, rows), (Orientation::Columns, columns)]
}

/// The lines of `masks` with between `fewest` and `most` candidates, as
/// `(line, mask)` items for [`pick`]; how many there are.
fn eligible(masks: &[u16; 9], fewest: usize, most: usize) -> ([(u8, u16); 9], usize) {
    let mut items = [(0u8, 0u16); 9];
    let mut count = 0;
    for (line, &mask) in masks.iter().enumerate() {
        if (fewest..=most).contains(&ones(mask)) {
            items[count] = (line as u8, mask);
            count += 1;
        }
    }
    (items, count)
}

/// The cells at the crossings of the base lines `bases` and the cover
/// lines of each base's mask (restricted to `covers`).
fn crossings(
    orientation: Orientation,
    masks: &[u16; 9],
    bases: u16,
    covers: u16,
) -> impl Iterator<Item = Cell> + '_ {
    bits(bases).flat_map(move |base| {
        bits(masks[base] & covers).map(move |cover| orientation.cell(base, cover))
    })
}

/// The candidates of `digit` in `cells`, row-major.
fn candidates_in(cells: impl Iterator<Item = Cell>, digit: Digit) -> Vec<Candidate> {
    cells
        .collect::<CellSet>()
        .iter()
        .map(|cell| Candidate::new(cell, digit))
        .collect()
}

/// The technique's name at the start of a sentence: `Finned X-wing`.
fn title(technique: Technique) -> String {
    super::capitalized(technique.name()).replace("x-wing", "X-wing")
}

/// A basic fish of `size` base lines: a digit's candidates in `size` rows
/// (columns) all lie in `size` columns (rows), so it goes from the rest of
/// those.
pub(super) fn basic(marks: &Candidates, size: usize) -> Option<Step> {
    let technique = match size {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        4 => Technique::Jellyfish,
        _ => return None,
    };
    for digit in Digit::all() {
        for (orientation, masks) in line_masks(marks, digit) {
            // A base line with one candidate is a hidden single.
            let (items, count) = eligible(&masks, 2, size);
            let found = pick(
                &items[..count],
                size,
                &at_most(size),
                &mut |bases, covers| {
                    if ones(covers) != size {
                        return None;
                    }
                    basic_step(orientation, digit, &masks, technique, bases, covers)
                },
            );
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// The step of the basic fish on `bases` covered by `covers`, when it
/// removes something.
fn basic_step(
    orientation: Orientation,
    digit: Digit,
    masks: &[u16; 9],
    technique: Technique,
    bases: u16,
    covers: u16,
) -> Option<Step> {
    let mut removed = crossings(orientation, masks, 0x1FF & !bases, covers).peekable();
    removed.peek()?;
    let mut step = Step::new(technique);
    step.houses = bits(bases)
        .map(|i| orientation.base_house(i))
        .chain(bits(covers).map(|i| orientation.cover_house(i)))
        .collect();
    step.digits = DigitSet::single(digit);
    step.pattern = candidates_in(crossings(orientation, masks, bases, covers), digit);
    step.eliminations = candidates_in(removed, digit);
    let cover_text = orientation.lines_text(covers, false);
    step.text = format!(
        "{}: {digit} in {} only in {cover_text}, so {digit} goes from the rest of {cover_text}: {}",
        title(technique),
        orientation.lines_text(bases, true),
        step.conclusion()
    );
    Some(step)
}

/// A finned or sashimi fish of `size` base lines, among the `allowed`
/// techniques: the base lines' candidates lie in `size` cover lines except
/// for fins all in one box, so the digit goes from the cover lines' cells in
/// that box outside the base lines (they see every fin, and either a fin
/// holds the digit or the fish without fins does). Finned steps come before
/// sashimi ones, being easier.
pub(super) fn finned(marks: &Candidates, size: usize, allowed: TechniqueSet) -> Option<Step> {
    let (finned, sashimi) = match size {
        2 => (Technique::FinnedXWing, Technique::SashimiXWing),
        3 => (Technique::FinnedSwordfish, Technique::SashimiSwordfish),
        4 => (Technique::FinnedJellyfish, Technique::SashimiJellyfish),
        _ => return None,
    };
    let want_finned = allowed.contains(finned);
    let want_sashimi = allowed.contains(sashimi);
    if !want_finned && !want_sashimi {
        return None;
    }
    let mut first_sashimi: Option<Step> = None;
    for digit in Digit::all() {
        for (orientation, masks) in line_masks(marks, digit) {
            let mut visit = |bases: u16, core: u16, fin_band: u16, fin_stack: u16| {
                for fish in finned_fish(&masks, size, bases, core, fin_band, fin_stack) {
                    let technique = if fish.sashimi { sashimi } else { finned };
                    if !allowed.contains(technique) || (fish.sashimi && first_sashimi.is_some()) {
                        continue;
                    }
                    let Some(step) = finned_step(orientation, digit, &masks, technique, fish)
                    else {
                        continue;
                    };
                    if !fish.sashimi {
                        return Some(step);
                    }
                    first_sashimi = Some(step);
                    if !want_finned {
                        return first_sashimi.take();
                    }
                }
                None
            };
            for band in 0..3 {
                let found = fish_bases(&masks, size, 0b111 << (3 * band), &mut visit);
                if found.is_some() {
                    return found;
                }
            }
        }
    }
    first_sashimi
}

/// Tries the base lines of fish with fins in a box of the lines `fin_band`:
/// `visit` gets the base lines (bits), their core (the cover lines they
/// force: all of a line outside the fin band, all but the fin stack within
/// it), the fin band and the stack of cover lines through the fin box. For
/// each count of base lines in the fin band, the other base lines (which
/// lie wholly in cover lines, like a basic fish's) are chosen once, then
/// each choice of lines in the band and of fin stack is tried with them.
fn fish_bases<T>(
    masks: &[u16; 9],
    size: usize,
    fin_band: u16,
    visit: &mut impl FnMut(u16, u16, u16, u16) -> Option<T>,
) -> Option<T> {
    // One candidate is a hidden single; fins add at most three cover lines.
    let inside = bits(fin_band)
        .filter(|&line| (2..=size + 3).contains(&ones(masks[line])))
        .fold(0u16, |set, line| set | 1 << line);
    if inside == 0 {
        return None;
    }
    let mut outside = [(0u8, 0u16); 9];
    let mut outside_count = 0;
    for (line, &mask) in masks.iter().enumerate() {
        if fin_band >> line & 1 == 0 && (2..=size).contains(&ones(mask)) {
            outside[outside_count] = (line as u8, mask);
            outside_count += 1;
        }
    }
    for in_band in 1..=ones(inside).min(size) {
        let mut with_band_lines = |others: u16, union: u16| {
            for lines in submasks(inside).filter(|&lines| ones(lines) == in_band) {
                let band_union = bits(lines).fold(0, |u, line| u | masks[line]);
                for stack in 0..3 {
                    let fin_stack = 0b111u16 << (3 * stack);
                    let core = union | (band_union & !fin_stack);
                    // Fins need candidates in the box; the core is all covered.
                    if band_union & fin_stack == 0 || ones(core) > size {
                        continue;
                    }
                    let found = visit(lines | others, core, fin_band, fin_stack);
                    if found.is_some() {
                        return found;
                    }
                }
            }
            None
        };
        let found = if in_band == size {
            with_band_lines(0, 0)
        } else {
            pick(
                &outside[..outside_count],
                size - in_band,
                &at_most(size),
                &mut with_band_lines,
            )
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

/// A finned fish's shape, as line masks.
#[derive(Clone, Copy, Debug)]
struct FinnedFish {
    bases: u16,
    covers: u16,
    /// The three base lines of the fin box's band (bits of base line numbers).
    fin_band: u16,
    /// The three cover lines through the fin box.
    fin_stack: u16,
    /// Whether some base line has one candidate left without its fins.
    sashimi: bool,
}

/// The finned fish on base lines `bases` whose core (see [`fish_bases`]) is
/// `core`, with fins in the box of `fin_band` and `fin_stack`: every choice
/// of `size` cover lines, the core and some lines of the fin stack, that
/// leaves some candidates outside them (the fins, all in that box).
fn finned_fish(
    masks: &[u16; 9],
    size: usize,
    bases: u16,
    core: u16,
    fin_band: u16,
    fin_stack: u16,
) -> impl Iterator<Item = FinnedFish> + '_ {
    let union = bits(bases).fold(0, |union, base| union | masks[base]);
    let wanted = size.checked_sub(ones(core));
    submasks(union & fin_stack & !core)
        .filter(move |&extra| Some(ones(extra)) == wanted)
        .filter_map(move |extra| {
            let covers = core | extra;
            // Without a cover line through the fin box nothing is removed.
            if covers & fin_stack == 0 {
                return None;
            }
            let mut has_fins = false;
            let mut sashimi = false;
            for base in bits(bases) {
                let inner = masks[base] & covers;
                // Every base line must reach a cover line, or it is no fish.
                if inner == 0 {
                    return None;
                }
                has_fins |= masks[base] & !covers != 0;
                sashimi |= ones(inner) <= 1;
            }
            has_fins.then_some(FinnedFish {
                bases,
                covers,
                fin_band,
                fin_stack,
                sashimi,
            })
        })
}

/// The subsets of `mask`, ascending.
fn submasks(mask: u16) -> impl Iterator<Item = u16> {
    let mut next = Some(0u16);
    std::iter::from_fn(move || {
        let current = next?;
        // The next larger submask: borrow through the bits outside `mask`.
        next = (current != mask).then(|| current.wrapping_sub(mask) & mask);
        Some(current)
    })
}

/// The step of a finned fish, when it removes something.
fn finned_step(
    orientation: Orientation,
    digit: Digit,
    masks: &[u16; 9],
    technique: Technique,
    fish: FinnedFish,
) -> Option<Step> {
    let mut removed = crossings(
        orientation,
        masks,
        fish.fin_band & !fish.bases,
        fish.covers & fish.fin_stack,
    )
    .peekable();
    removed.peek()?;
    let fins: Vec<Cell> = crossings(orientation, masks, fish.bases, 0x1FF & !fish.covers).collect();
    let fin_box = House::box_of(*fins.first()?);
    let mut step = Step::new(technique);
    step.houses = bits(fish.bases)
        .map(|i| orientation.base_house(i))
        .chain(bits(fish.covers).map(|i| orientation.cover_house(i)))
        .chain([fin_box])
        .collect();
    step.digits = DigitSet::single(digit);
    step.pattern = candidates_in(crossings(orientation, masks, fish.bases, 0x1FF), digit);
    step.eliminations = candidates_in(removed, digit);
    let fins_set: CellSet = fins.into_iter().collect();
    step.text = format!(
        "{}: {digit} in {} lies in {}, with {} at {}, so {}",
        title(technique),
        orientation.lines_text(fish.bases, true),
        orientation.lines_text(fish.covers, false),
        if fins_set.len() == 1 { "a fin" } else { "fins" },
        and_list(fins_set.iter()),
        step.conclusion()
    );
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::subsets::tests::{
        cell, choices, confine, digit, full_marks, random_states, sample_uses,
    };
    use crate::logic::testing::assert_sound;

    /// Leaves `value` in the given rows only at the given columns (1-based).
    fn rows_only(marks: &mut Candidates, value: u8, rows: &[(usize, &[usize])]) {
        for &(row, cols) in rows {
            let keep: Vec<Cell> = cols.iter().map(|&c| cell(row, c)).collect();
            confine(marks, House::row(row - 1).unwrap(), value, &keep);
        }
    }

    /// Leaves `value` in the given columns only at the given rows (1-based).
    fn columns_only(marks: &mut Candidates, value: u8, columns: &[(usize, &[usize])]) {
        for &(col, rows) in columns {
            let keep: Vec<Cell> = rows.iter().map(|&r| cell(r, col)).collect();
            confine(marks, House::column(col - 1).unwrap(), value, &keep);
        }
    }

    /// `value` removed from `cells`, row-major.
    fn removed(value: u8, cells: impl IntoIterator<Item = (usize, usize)>) -> Vec<Candidate> {
        let set: CellSet = cells.into_iter().map(|(r, c)| cell(r, c)).collect();
        set.iter()
            .map(|c| Candidate::new(c, digit(value)))
            .collect()
    }

    fn only(technique: Technique) -> TechniqueSet {
        TechniqueSet::EMPTY.with(technique)
    }

    #[test]
    fn x_wing_in_rows() {
        let mut marks = full_marks();
        rows_only(&mut marks, 4, &[(2, &[3, 8]), (7, &[3, 8])]);
        let step = basic(&marks, 2).expect("an X-wing");
        assert_eq!(step.technique, Technique::XWing);
        let others = [1, 3, 4, 5, 6, 8, 9];
        let expected = removed(4, others.iter().flat_map(|&r| [(r, 3), (r, 8)]));
        assert_eq!(step.eliminations, expected);
        assert_eq!(step.pattern.len(), 4);
        assert_eq!(
            step.houses
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            ["row 2", "row 7", "column 3", "column 8"]
        );
        assert!(step.text.starts_with(
            "X-wing: 4 in rows 2 and 7 only in columns 3 and 8, so 4 goes from the rest of columns 3 and 8: r1c3<>4, r1c8<>4, r3c3<>4"
        ));
        assert_eq!(finned(&marks, 2, TechniqueSet::ALL), None);
    }

    #[test]
    fn swordfish_in_columns_and_jellyfish_in_rows() {
        let mut marks = full_marks();
        columns_only(&mut marks, 5, &[(1, &[2, 5]), (4, &[5, 8]), (9, &[2, 8])]);
        assert_eq!(basic(&marks, 2), None);
        let step = basic(&marks, 3).expect("a swordfish");
        assert_eq!(step.technique, Technique::Swordfish);
        let others = [2, 3, 5, 6, 7, 8];
        let expected = removed(5, [2, 5, 8].iter().flat_map(|&r| others.map(|c| (r, c))));
        assert_eq!(step.eliminations, expected);
        assert!(step
            .text
            .starts_with("Swordfish: 5 in columns 1, 4 and 9 only in rows 2, 5 and 8, so"));

        let mut marks = full_marks();
        rows_only(
            &mut marks,
            9,
            &[(1, &[2, 4]), (3, &[4, 6]), (6, &[6, 8]), (8, &[8, 2])],
        );
        assert_eq!(basic(&marks, 2), None);
        assert_eq!(basic(&marks, 3), None);
        let step = basic(&marks, 4).expect("a jellyfish");
        assert_eq!(step.technique, Technique::Jellyfish);
        let others = [2, 4, 5, 7, 9];
        let expected = removed(9, others.iter().flat_map(|&r| [2, 4, 6, 8].map(|c| (r, c))));
        assert_eq!(step.eliminations, expected);
    }

    #[test]
    fn finned_and_sashimi_x_wings() {
        let mut marks = full_marks();
        rows_only(&mut marks, 4, &[(2, &[3, 8]), (7, &[3, 8, 9])]);
        assert_eq!(basic(&marks, 2), None);
        let step = finned(&marks, 2, TechniqueSet::ALL).expect("a finned X-wing");
        assert_eq!(step.technique, Technique::FinnedXWing);
        assert_eq!(step.eliminations, removed(4, [(8, 8), (9, 8)]));
        assert_eq!(step.pattern.len(), 5);
        assert_eq!(
            step.houses.last().map(ToString::to_string).as_deref(),
            Some("box 9")
        );
        assert_eq!(
            step.text,
            "Finned X-wing: 4 in rows 2 and 7 lies in columns 3 and 8, with a fin at r7c9, so r8c8<>4, r9c8<>4"
        );
        assert_eq!(finned(&marks, 2, only(Technique::SashimiXWing)), None);

        let mut marks = full_marks();
        rows_only(&mut marks, 4, &[(2, &[3, 8]), (7, &[3, 9])]);
        // The same rows also make a sashimi X-wing in columns 3 and 9 with a
        // fin at r2c8, found first (box 3 comes before box 9): keep it idle.
        let idle = finned(&marks, 2, TechniqueSet::ALL).expect("a sashimi X-wing");
        assert_eq!(idle.eliminations, removed(4, [(1, 9), (3, 9)]));
        marks.eliminate(cell(1, 9), digit(4));
        marks.eliminate(cell(3, 9), digit(4));
        assert_eq!(finned(&marks, 2, only(Technique::FinnedXWing)), None);
        let step = finned(&marks, 2, TechniqueSet::ALL).expect("a sashimi X-wing");
        assert_eq!(step.technique, Technique::SashimiXWing);
        assert_eq!(step.eliminations, removed(4, [(8, 8), (9, 8)]));
        assert_eq!(
            step.text,
            "Sashimi X-wing: 4 in rows 2 and 7 lies in columns 3 and 8, with a fin at r7c9, so r8c8<>4, r9c8<>4"
        );
    }

    #[test]
    fn finned_and_sashimi_swordfish_in_columns() {
        let mut marks = full_marks();
        columns_only(
            &mut marks,
            6,
            &[(1, &[1, 4]), (5, &[4, 7]), (8, &[1, 7, 9])],
        );
        let step = finned(&marks, 3, TechniqueSet::ALL).expect("a finned swordfish");
        assert_eq!(step.technique, Technique::FinnedSwordfish);
        assert_eq!(step.eliminations, removed(6, [(7, 7), (7, 9)]));
        assert_eq!(
            step.text,
            "Finned swordfish: 6 in columns 1, 5 and 8 lies in rows 1, 4 and 7, with a fin at r9c8, so r7c7<>6, r7c9<>6"
        );

        let mut marks = full_marks();
        columns_only(&mut marks, 6, &[(1, &[1, 4]), (5, &[4, 7]), (8, &[7, 9])]);
        assert_eq!(finned(&marks, 3, only(Technique::FinnedSwordfish)), None);
        let step = finned(&marks, 3, TechniqueSet::ALL).expect("a sashimi swordfish");
        assert_eq!(step.technique, Technique::SashimiSwordfish);
        assert_eq!(step.eliminations, removed(6, [(7, 7), (7, 9)]));
    }

    #[test]
    fn finned_and_sashimi_jellyfish() {
        let base: [(usize, &[usize]); 3] = [(1, &[1, 3]), (4, &[3, 5]), (6, &[5, 7])];
        let mut marks = full_marks();
        rows_only(&mut marks, 2, &base);
        rows_only(&mut marks, 2, &[(9, &[1, 7, 9])]);
        let step = finned(&marks, 4, TechniqueSet::ALL).expect("a finned jellyfish");
        assert_eq!(step.technique, Technique::FinnedJellyfish);
        assert_eq!(step.eliminations, removed(2, [(7, 7), (8, 7)]));
        assert!(step.text.starts_with(
            "Finned jellyfish: 2 in rows 1, 4, 6 and 9 lies in columns 1, 3, 5 and 7, with a fin at r9c9"
        ));

        let mut marks = full_marks();
        rows_only(&mut marks, 2, &base);
        rows_only(&mut marks, 2, &[(9, &[7, 8, 9])]);
        let step = finned(&marks, 4, TechniqueSet::ALL).expect("a sashimi jellyfish");
        assert_eq!(step.technique, Technique::SashimiJellyfish);
        assert_eq!(step.eliminations, removed(2, [(7, 7), (8, 7)]));
        assert!(
            step.text.contains("with fins at r9c8 and r9c9"),
            "{}",
            step.text
        );
    }

    #[test]
    fn fish_are_found_and_sound_on_the_samples() {
        use Technique::*;
        for technique in [
            XWing,
            Swordfish,
            Jellyfish,
            FinnedXWing,
            SashimiXWing,
            FinnedSwordfish,
            SashimiSwordfish,
            FinnedJellyfish,
            SashimiJellyfish,
        ] {
            assert!(sample_uses(technique) > 0, "no {technique} in the samples");
        }
    }

    /// The lines of an orientation as houses: (base, cover).
    fn line_houses(rows_base: bool, index: usize) -> (House, House) {
        let row = House::row(index).unwrap();
        let column = House::column(index).unwrap();
        if rows_base {
            (row, column)
        } else {
            (column, row)
        }
    }

    /// Whether some fish of `size` removes a candidate, straight from the
    /// definitions, on cell sets: (basic, finned, sashimi).
    fn fish_by_definition(marks: &Candidates, size: usize) -> [bool; 3] {
        let mut found = [false; 3];
        let choices: Vec<Vec<usize>> = choices(size)
            .into_iter()
            .map(|m| bits(m).collect())
            .collect();
        for value in Digit::all() {
            let all = marks.cells_with(value);
            for rows_base in [true, false] {
                for bases in &choices {
                    let lines: Vec<CellSet> = bases
                        .iter()
                        .map(|&i| line_houses(rows_base, i).0.cells() & all)
                        .collect();
                    if lines.iter().any(|l| l.len() < 2) {
                        continue;
                    }
                    let body = lines.iter().fold(CellSet::EMPTY, |a, &l| a | l);
                    for covers in &choices {
                        let cover = covers.iter().fold(CellSet::EMPTY, |a, &i| {
                            a | line_houses(rows_base, i).1.cells()
                        });
                        if covers
                            .iter()
                            .any(|&i| !line_houses(rows_base, i).1.cells().intersects(body))
                            || lines.iter().any(|l| !l.intersects(cover))
                        {
                            continue;
                        }
                        let fins = body - cover;
                        let outside = all & (cover - body);
                        if fins.is_empty() {
                            found[0] |= !outside.is_empty();
                            continue;
                        }
                        let fin_box = House::box_of(fins.first().unwrap()).cells();
                        if !fins.is_subset(fin_box) || !outside.intersects(fin_box) {
                            continue;
                        }
                        let sashimi = lines.iter().any(|&l| (l & cover).len() <= 1);
                        found[1 + usize::from(sashimi)] = true;
                    }
                }
            }
        }
        found
    }

    #[test]
    fn fish_are_sound_and_complete_on_random_states() {
        let mut counts = [[0usize; 3]; 3];
        for (marks, solution) in random_states(25, 4, 32) {
            for size in 2..=4 {
                let [basic_fish, finned_fish, sashimi_fish] = fish_by_definition(&marks, size);
                let (plain, fin, sashimi) = match size {
                    2 => (
                        Technique::XWing,
                        Technique::FinnedXWing,
                        Technique::SashimiXWing,
                    ),
                    3 => (
                        Technique::Swordfish,
                        Technique::FinnedSwordfish,
                        Technique::SashimiSwordfish,
                    ),
                    _ => (
                        Technique::Jellyfish,
                        Technique::FinnedJellyfish,
                        Technique::SashimiJellyfish,
                    ),
                };
                let steps = [
                    basic(&marks, size),
                    finned(&marks, size, only(fin)),
                    finned(&marks, size, only(sashimi)),
                ];
                for (kind, (step, exists)) in steps
                    .iter()
                    .zip([basic_fish, finned_fish, sashimi_fish])
                    .enumerate()
                {
                    assert_eq!(
                        step.is_some(),
                        exists,
                        "size {size}, kind {kind}\n{marks:?}"
                    );
                    if let Some(step) = step {
                        assert_eq!(step.technique, [plain, fin, sashimi][kind]);
                        assert_sound(step, &marks, &solution);
                        counts[size - 2][kind] += 1;
                    }
                }
                if let Some(step) = finned(&marks, size, TechniqueSet::ALL) {
                    assert_eq!(step.technique == fin, finned_fish);
                }
            }
        }
        println!("found {counts:?}");
        assert!(counts.iter().flatten().all(|&n| n > 0), "{counts:?}");
    }

    /// How long the searches take on the sample puzzles' starting marks,
    /// where most find nothing and candidates are many:
    /// `cargo test -p sudokit --lib logic::fish::tests::speed -- --ignored --nocapture`
    /// (the test profile is optimised).
    #[test]
    #[ignore]
    fn speed() {
        let states: Vec<Candidates> = crate::logic::testing::sample_puzzles(1)
            .into_iter()
            .map(|(puzzle, _)| Candidates::from_grid(&puzzle))
            .collect();
        let rounds = 20;
        let calls = rounds * states.len() as u32;
        type Search = fn(&Candidates, usize) -> Option<Step>;
        let searches: [(&str, Search); 4] = [
            ("naked", super::super::subsets::naked),
            ("hidden", super::super::subsets::hidden),
            ("basic", basic),
            ("finned", |marks, size| {
                finned(marks, size, TechniqueSet::ALL)
            }),
        ];
        for (name, search) in searches {
            for size in 2..=4 {
                let start = std::time::Instant::now();
                for _ in 0..rounds {
                    for marks in &states {
                        std::hint::black_box(search(std::hint::black_box(marks), size));
                    }
                }
                println!("{name} {size}: {:?} a call", start.elapsed() / calls);
            }
        }
    }
}
