//! Naked and hidden subsets: pairs, triples and quads.
//!
//! Both searches work on 9-bit masks within one house (a cell's candidates
//! as digit bits, a digit's places as position bits) and pick combinations
//! with [`pick`], which the fish searches share.

use super::{Step, Technique};
use crate::candidates::{Candidate, Candidates};
use crate::geometry::House;
use crate::sets::{CellSet, DigitSet};

/// `size` cells of a house holding only `size` digits between them: those
/// digits go from the rest of the house (and from the rest of the box or line
/// the cells also share, for a locked pair or triple).
pub(super) fn naked(marks: &Candidates, size: usize) -> Option<Step> {
    let technique = match size {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        4 => Technique::NakedQuad,
        _ => return None,
    };
    for house in House::all() {
        // Cells with one candidate are naked singles, not part of a subset.
        let mut items = [(0u8, 0u16); 9];
        let mut count = 0;
        for (position, cell) in house.cell_list().into_iter().enumerate() {
            let digits = marks.get(cell);
            if (2..=size).contains(&digits.len()) {
                items[count] = (position as u8, digits.bits());
                count += 1;
            }
        }
        let found = pick(
            &items[..count],
            size,
            &at_most(size),
            &mut |positions, digits| {
                if ones(digits) != size {
                    return None;
                }
                naked_step(
                    marks,
                    house,
                    positions,
                    DigitSet::from_bits(digits),
                    technique,
                )
            },
        );
        if found.is_some() {
            return found;
        }
    }
    None
}

/// `size` digits of a house confined to `size` cells: those cells hold
/// nothing else.
pub(super) fn hidden(marks: &Candidates, size: usize) -> Option<Step> {
    let technique = match size {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        4 => Technique::HiddenQuad,
        _ => return None,
    };
    for house in House::all() {
        let places = digit_places(marks, house);
        // A digit with one place is a hidden single; a placed one has none.
        let mut items = [(0u8, 0u16); 9];
        let mut count = 0;
        for (index, &mask) in places.iter().enumerate() {
            if (2..=size).contains(&ones(mask)) {
                items[count] = (index as u8, mask);
                count += 1;
            }
        }
        let found = pick(
            &items[..count],
            size,
            &at_most(size),
            &mut |digits, positions| {
                if ones(positions) != size {
                    return None;
                }
                hidden_step(marks, house, &places, digits, positions, technique)
            },
        );
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Tries every way to choose `size` of `items` (each an id below 16 and a
/// 9-bit mask), in lexicographic order, whose masks together `fit`; `visit`
/// gets the chosen ids as bits and the union of their masks. Stops at the
/// first `Some`. `fits` must fail for every superset of a union it fails
/// for: the search skips whatever would extend such a union.
pub(super) fn pick<T>(
    items: &[(u8, u16)],
    size: usize,
    fits: &impl Fn(u16) -> bool,
    visit: &mut impl FnMut(u16, u16) -> Option<T>,
) -> Option<T> {
    fn extend<T>(
        items: &[(u8, u16)],
        left: usize,
        chosen: u16,
        union: u16,
        fits: &impl Fn(u16) -> bool,
        visit: &mut impl FnMut(u16, u16) -> Option<T>,
    ) -> Option<T> {
        if left == 0 {
            return visit(chosen, union);
        }
        for (i, &(id, mask)) in items.iter().enumerate() {
            if items.len() - i < left {
                break;
            }
            let wider = union | mask;
            if !fits(wider) {
                continue;
            }
            let found = extend(
                &items[i + 1..],
                left - 1,
                chosen | 1 << id,
                wider,
                fits,
                visit,
            );
            if found.is_some() {
                return found;
            }
        }
        None
    }
    if size == 0 {
        return None;
    }
    extend(items, size, 0, 0, fits, visit)
}

/// How many bits of a 9-bit mask are set: a table, as the default x86-64
/// target has no population count instruction and the searches count a lot.
pub(super) fn ones(mask: u16) -> usize {
    const TABLE: [u8; 512] = {
        let mut table = [0u8; 512];
        let mut i = 1;
        while i < 512 {
            table[i] = table[i / 2] + (i % 2) as u8;
            i += 1;
        }
        table
    };
    usize::from(TABLE[usize::from(mask & 0x1FF)])
}

/// Whether a union of masks has at most `size` bits: a subset's or a basic
/// fish's, which can only grow past that.
pub(super) fn at_most(size: usize) -> impl Fn(u16) -> bool {
    move |union| ones(union) <= size
}

/// For each digit (index 0 for 1), its candidate places in `house` as bits
/// of positions in the house's reading order.
fn digit_places(marks: &Candidates, house: House) -> [u16; 9] {
    let mut places = [0u16; 9];
    for (position, cell) in house.cell_list().into_iter().enumerate() {
        let mut digits = marks.get(cell).bits();
        while digits != 0 {
            places[digits.trailing_zeros() as usize] |= 1 << position;
            digits &= digits - 1;
        }
    }
    places
}

/// The cells of `house` at the positions set in `positions`.
fn cells_at(house: House, positions: u16) -> CellSet {
    bits(positions).map(|p| house.cell_at(p)).collect()
}

/// The indices of the set bits of `mask`, ascending.
pub(super) fn bits(mask: u16) -> impl Iterator<Item = usize> {
    let mut left = mask;
    std::iter::from_fn(move || {
        let index = left.trailing_zeros() as usize;
        left &= left.wrapping_sub(1);
        (index < 16).then_some(index)
    })
}

/// The other house that holds all of `cells` besides `house`, when they lie
/// in one box and one line (a locked subset).
fn shared_house(house: House, cells: CellSet) -> Option<House> {
    let first = cells.first()?;
    [
        House::row_of(first),
        House::column_of(first),
        House::box_of(first),
    ]
    .into_iter()
    .find(|&other| other != house && cells.is_subset(other.cells()))
}

/// What a naked subset of `cells` holding only `digits`, found in `house`,
/// removes: those digits from the other cells of `house` and of the house
/// the cells also share, if any. Row-major, digits ascending within a cell.
fn naked_eliminations(
    marks: &Candidates,
    house: House,
    cells: CellSet,
    digits: DigitSet,
) -> (Option<House>, Vec<Candidate>) {
    let other = shared_house(house, cells);
    let mut region = house.cells();
    if let Some(other) = other {
        region |= other.cells();
    }
    let eliminations = (region - cells)
        .iter()
        .flat_map(|cell| {
            (marks.get(cell) & digits)
                .iter()
                .map(move |digit| Candidate::new(cell, digit))
        })
        .collect();
    (other, eliminations)
}

/// The step of the naked subset at `positions` of `house`, unless it
/// removes nothing or a smaller naked subset among its cells removes all it
/// does (then it is really that one).
fn naked_step(
    marks: &Candidates,
    house: House,
    positions: u16,
    digits: DigitSet,
    technique: Technique,
) -> Option<Step> {
    let cells = cells_at(house, positions);
    // Most subsets remove nothing: check cheaply before building anything.
    let mut region = house.cells();
    if let Some(other) = shared_house(house, cells) {
        region |= other.cells();
    }
    if !digits
        .iter()
        .any(|digit| (marks.cells_with(digit) & region).intersects(!cells))
    {
        return None;
    }
    let (other, eliminations) = naked_eliminations(marks, house, cells, digits);
    let smaller_does_it_all = proper_parts(positions).any(|part| {
        let part_cells = cells_at(house, part);
        let part_digits = part_cells
            .iter()
            .fold(DigitSet::EMPTY, |set, cell| set | marks.get(cell));
        part_digits.len() == part_cells.len() && {
            let (_, removed) = naked_eliminations(marks, house, part_cells, part_digits);
            eliminations.iter().all(|e| removed.contains(e))
        }
    });
    if smaller_does_it_all {
        return None;
    }
    let mut step = Step::new(technique);
    step.houses.push(house);
    step.houses.extend(other);
    step.digits = digits;
    step.pattern = marks_of(marks, cells, DigitSet::ALL);
    step.eliminations = eliminations;
    let digits_text = and_list(digits.iter());
    let where_text = match other {
        Some(other) => format!(
            "{} hold only {digits_text} and lie in both {house} and {other}, so {digits_text} go from the rest of both",
            and_list(cells.iter())
        ),
        None => format!(
            "in {house}, {} hold only {digits_text}, so {digits_text} go from the rest of {house}",
            and_list(cells.iter())
        ),
    };
    step.text = format!(
        "{}: {where_text}: {}",
        super::capitalized(technique.name()),
        step.conclusion()
    );
    Some(step)
}

/// The step of the hidden subset of `digits` (bits, digit 1 at bit 0)
/// confined to `positions` of `house`, unless it removes nothing or a
/// smaller hidden subset among its digits removes all it does.
fn hidden_step(
    marks: &Candidates,
    house: House,
    places: &[u16; 9],
    digits: u16,
    positions: u16,
    technique: Technique,
) -> Option<Step> {
    let cells = cells_at(house, positions);
    let kept = DigitSet::from_bits(digits);
    if cells.iter().all(|cell| marks.get(cell).is_subset(kept)) {
        return None;
    }
    let eliminations = marks_of(marks, cells, !kept);
    let smaller_does_it_all = proper_parts(digits).any(|part| {
        let part_positions = bits(part).fold(0, |union, digit| union | places[digit]);
        part_positions.count_ones() == part.count_ones() && {
            let removed = marks_of(
                marks,
                cells_at(house, part_positions),
                !DigitSet::from_bits(part),
            );
            eliminations.iter().all(|e| removed.contains(e))
        }
    });
    if smaller_does_it_all {
        return None;
    }
    let mut step = Step::new(technique);
    step.houses.push(house);
    step.digits = kept;
    step.pattern = marks_of(marks, cells, kept);
    step.eliminations = eliminations;
    step.text = format!(
        "{}: in {house}, {} can only be in {}, so those cells hold nothing else: {}",
        super::capitalized(technique.name()),
        and_list(kept.iter()),
        and_list(cells.iter()),
        step.conclusion()
    );
    Some(step)
}

/// The candidates among `digits` of `cells`, row-major.
fn marks_of(marks: &Candidates, cells: CellSet, digits: DigitSet) -> Vec<Candidate> {
    cells
        .iter()
        .flat_map(|cell| {
            (marks.get(cell) & digits)
                .iter()
                .map(move |digit| Candidate::new(cell, digit))
        })
        .collect()
}

/// The subsets of `mask` with at least two bits, other than `mask` itself.
fn proper_parts(mask: u16) -> impl Iterator<Item = u16> {
    // Walks the submasks downwards from just below `mask`.
    let mut next = mask.wrapping_sub(1) & mask;
    std::iter::from_fn(move || {
        while next != 0 {
            let part = next;
            next = (next - 1) & mask;
            if part.count_ones() >= 2 {
                return Some(part);
            }
        }
        None
    })
}

/// `a`, `a and b`, `a, b and c`.
pub(super) fn and_list<T: ToString>(items: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = items.into_iter().map(|item| item.to_string()).collect();
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::grid::{Cell, Digit, Grid};
    use crate::logic::testing::{assert_sound, sample_puzzles, states_using, up_to};
    use crate::random::below;
    use rand::rngs::ChaCha8Rng;
    use rand::SeedableRng;

    pub(in crate::logic) fn cell(row: usize, col: usize) -> Cell {
        Cell::from_row_col(row - 1, col - 1).expect("a cell r1c1 to r9c9")
    }

    pub(in crate::logic) fn digit(value: u8) -> Digit {
        Digit::new(value).expect("a digit 1 to 9")
    }

    /// Every candidate everywhere: the marks of the empty board.
    pub(in crate::logic) fn full_marks() -> Candidates {
        Candidates::from_grid(&Grid::EMPTY)
    }

    /// Leaves `cell` only the `digits` (given as a number, `27` for 2 and 7).
    pub(in crate::logic) fn keep(marks: &mut Candidates, cell: Cell, digits: u32) {
        let kept: DigitSet = digits
            .to_string()
            .bytes()
            .map(|b| digit(b - b'0'))
            .collect();
        for d in Digit::all() {
            if !kept.contains(d) {
                marks.eliminate(cell, d);
            }
        }
    }

    /// Removes `value` from every cell of `house` except `except`.
    pub(in crate::logic) fn confine(
        marks: &mut Candidates,
        house: House,
        value: u8,
        except: &[Cell],
    ) {
        for c in house.cells() {
            if !except.contains(&c) {
                marks.eliminate(c, digit(value));
            }
        }
    }

    /// `r3c2<>2, r3c2<>7` for the cells and digits given, row-major.
    pub(in crate::logic) fn expected(
        cells: impl IntoIterator<Item = Cell>,
        digits: u32,
    ) -> Vec<Candidate> {
        let digits: Vec<Digit> = digits
            .to_string()
            .bytes()
            .map(|b| digit(b - b'0'))
            .collect();
        let set: CellSet = cells.into_iter().collect();
        set.iter()
            .flat_map(|c| digits.iter().map(move |&d| Candidate::new(c, d)))
            .collect()
    }

    /// Random states with known solutions: sample puzzles with some of their
    /// solution placed and some wrong candidates removed (never a right one,
    /// so the marks hold no contradiction and the solution stays theirs).
    pub(in crate::logic) fn random_states(
        every: usize,
        per_puzzle: usize,
        seed: u64,
    ) -> Vec<(Candidates, Grid)> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut states = Vec::new();
        for (puzzle, solution) in sample_puzzles(every) {
            for _ in 0..per_puzzle {
                let mut marks = Candidates::from_grid(&puzzle);
                let place = below(&mut rng, 30);
                let remove = 20 + below(&mut rng, 70);
                for c in Cell::all() {
                    let Some(right) = solution.get(c) else {
                        continue;
                    };
                    if marks.value(c).is_some() {
                        continue;
                    }
                    if below(&mut rng, 100) < place {
                        marks.place(c, right);
                        continue;
                    }
                    for d in marks.get(c) {
                        if d != right && below(&mut rng, 100) < remove {
                            marks.eliminate(c, d);
                        }
                    }
                }
                assert!(marks.contradiction().is_none());
                states.push((marks, solution));
            }
        }
        states
    }

    #[test]
    fn naked_pair_in_a_row() {
        let mut marks = full_marks();
        keep(&mut marks, cell(3, 1), 27);
        keep(&mut marks, cell(3, 5), 27);
        let step = naked(&marks, 2).expect("a naked pair");
        assert_eq!(step.technique, Technique::NakedPair);
        assert_eq!(step.houses, vec![House::row(2).unwrap()]);
        let others = [2, 3, 4, 6, 7, 8, 9].map(|c| cell(3, c));
        assert_eq!(step.eliminations, expected(others, 27));
        assert_eq!(step.pattern, expected([cell(3, 1), cell(3, 5)], 27));
        assert!(
            step.text.starts_with("Naked pair: in row 3, r3c1 and r3c5 hold only 2 and 7, so 2 and 7 go from the rest of row 3: r3c2<>2, r3c2<>7, r3c3<>2"),
            "{}",
            step.text
        );
        assert_eq!(hidden(&marks, 2), None);
    }

    #[test]
    fn locked_pair_clears_its_line_and_its_box() {
        let mut marks = full_marks();
        keep(&mut marks, cell(1, 1), 27);
        keep(&mut marks, cell(1, 2), 27);
        let step = naked(&marks, 2).expect("a locked pair");
        assert_eq!(
            step.houses,
            vec![House::row(0).unwrap(), House::boxed(0).unwrap()]
        );
        let row_rest = (3..=9).map(|c| cell(1, c));
        let box_rest = [(2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)].map(|(r, c)| cell(r, c));
        assert_eq!(step.eliminations, expected(row_rest.chain(box_rest), 27));
        assert!(step.text.starts_with(
            "Naked pair: r1c1 and r1c2 hold only 2 and 7 and lie in both row 1 and box 1, so 2 and 7 go from the rest of both: r1c3<>2"
        ));
    }

    #[test]
    fn naked_triple_and_quad() {
        let mut marks = full_marks();
        keep(&mut marks, cell(5, 2), 14);
        keep(&mut marks, cell(5, 6), 49);
        keep(&mut marks, cell(5, 9), 19);
        assert_eq!(naked(&marks, 2), None);
        let step = naked(&marks, 3).expect("a naked triple");
        assert_eq!(step.technique, Technique::NakedTriple);
        assert_eq!(step.digits.to_string(), "149");
        let others = [1, 3, 4, 5, 7, 8].map(|c| cell(5, c));
        assert_eq!(step.eliminations, expected(others, 149));

        let mut marks = full_marks();
        for (row, digits) in [(1, 12), (3, 23), (6, 34), (9, 14)] {
            keep(&mut marks, cell(row, 4), digits);
        }
        assert_eq!(naked(&marks, 2), None);
        assert_eq!(naked(&marks, 3), None);
        let step = naked(&marks, 4).expect("a naked quad");
        assert_eq!(step.technique, Technique::NakedQuad);
        assert_eq!(step.houses, vec![House::column(3).unwrap()]);
        let others = [2, 4, 5, 7, 8].map(|r| cell(r, 4));
        assert_eq!(step.eliminations, expected(others, 1234));
        assert!(step.text.starts_with(
            "Naked quad: in column 4, r1c4, r3c4, r6c4 and r9c4 hold only 1, 2, 3 and 4, so"
        ));
    }

    #[test]
    fn a_triple_whose_pair_does_everything_is_left_to_the_pair() {
        let mut marks = full_marks();
        keep(&mut marks, cell(2, 1), 12);
        keep(&mut marks, cell(2, 2), 12);
        keep(&mut marks, cell(2, 3), 123);
        let box_one = House::boxed(0).unwrap();
        confine(&mut marks, House::row(1).unwrap(), 3, &[cell(2, 3)]);
        confine(&mut marks, box_one, 3, &[cell(2, 3)]);
        let pair = naked(&marks, 2).expect("the locked pair");
        assert!(pair
            .eliminations
            .contains(&Candidate::new(cell(2, 3), digit(1))));
        assert_eq!(naked(&marks, 3), None);
        // With 3 left elsewhere in the box, the triple does more than the pair.
        marks = full_marks();
        keep(&mut marks, cell(2, 1), 12);
        keep(&mut marks, cell(2, 2), 12);
        keep(&mut marks, cell(2, 3), 123);
        let triple = naked(&marks, 3).expect("the locked triple");
        assert!(triple
            .eliminations
            .contains(&Candidate::new(cell(1, 1), digit(3))));
    }

    #[test]
    fn hidden_pair_triple_and_quad() {
        let mut marks = full_marks();
        let row = House::row(2).unwrap();
        confine(&mut marks, row, 3, &[cell(3, 2), cell(3, 6)]);
        confine(&mut marks, row, 8, &[cell(3, 2), cell(3, 6)]);
        let step = hidden(&marks, 2).expect("a hidden pair");
        assert_eq!(step.technique, Technique::HiddenPair);
        assert_eq!(step.houses, vec![row]);
        assert_eq!(
            step.eliminations,
            expected([cell(3, 2), cell(3, 6)], 1245679)
        );
        assert_eq!(step.pattern, expected([cell(3, 2), cell(3, 6)], 38));
        assert!(step.text.starts_with(
            "Hidden pair: in row 3, 3 and 8 can only be in r3c2 and r3c6, so those cells hold nothing else: r3c2<>1, r3c2<>2"
        ));

        let mut marks = full_marks();
        let bx = House::boxed(4).unwrap();
        let (a, b, c) = (cell(4, 4), cell(5, 5), cell(6, 6));
        confine(&mut marks, bx, 1, &[a, b]);
        confine(&mut marks, bx, 5, &[b, c]);
        confine(&mut marks, bx, 9, &[a, c]);
        assert_eq!(hidden(&marks, 2), None);
        let step = hidden(&marks, 3).expect("a hidden triple");
        assert_eq!(step.technique, Technique::HiddenTriple);
        assert_eq!(step.houses, vec![bx]);
        assert_eq!(step.eliminations, expected([a, b, c], 234678));

        let mut marks = full_marks();
        let column = House::column(6).unwrap();
        let [r1, r2, r5, r9] = [1, 2, 5, 9].map(|r| cell(r, 7));
        confine(&mut marks, column, 2, &[r1, r2]);
        confine(&mut marks, column, 4, &[r2, r5]);
        confine(&mut marks, column, 6, &[r5, r9]);
        confine(&mut marks, column, 8, &[r9, r1]);
        assert_eq!(hidden(&marks, 2), None);
        assert_eq!(hidden(&marks, 3), None);
        let step = hidden(&marks, 4).expect("a hidden quad");
        assert_eq!(step.technique, Technique::HiddenQuad);
        assert_eq!(step.eliminations, expected([r1, r2, r5, r9], 13579));
    }

    #[test]
    fn helpers_pick_in_order_and_name_lists() {
        let items = [(0, 0b011), (1, 0b110), (2, 0b001), (3, 0b100)];
        let mut seen = Vec::new();
        let none: Option<()> = pick(&items, 2, &at_most(2), &mut |ids, union| {
            seen.push((ids, union));
            None
        });
        assert_eq!(none, None);
        assert_eq!(
            seen,
            vec![(0b0101, 0b011), (0b1010, 0b110), (0b1100, 0b101)]
        );
        let mut parts: Vec<u16> = proper_parts(0b1011).collect();
        parts.sort_unstable();
        assert_eq!(parts, vec![0b0011, 0b1001, 0b1010]);
        assert_eq!(and_list([1, 2, 3]), "1, 2 and 3");
        assert_eq!(and_list(["a"]), "a");
    }

    /// States of the sample puzzles where the engine takes a `technique`
    /// step, each step on the way checked sound: with every technique up to
    /// it, or, where those leave it too rare (quads), with singles only.
    pub(in crate::logic) fn sample_uses(technique: Technique) -> usize {
        let mut found = states_using(technique, up_to(technique), 3, 3);
        if found.is_empty() {
            let singles: crate::logic::TechniqueSet = "singles".parse().expect("a group");
            found = states_using(technique, singles.with(technique), 3, 3);
        }
        found.len()
    }

    #[test]
    fn subsets_are_found_and_sound_on_the_samples() {
        use Technique::*;
        for technique in [
            NakedPair,
            NakedTriple,
            NakedQuad,
            HiddenPair,
            HiddenTriple,
            HiddenQuad,
        ] {
            assert!(sample_uses(technique) > 0, "no {technique} in the samples");
        }
    }

    #[test]
    fn subsets_are_sound_and_complete_on_random_states() {
        let mut found = [0usize; 6];
        for (marks, solution) in random_states(12, 6, 14) {
            for size in 2..=4 {
                let steps = [naked(&marks, size), hidden(&marks, size)];
                let defined = [
                    naked_by_definition(&marks, size),
                    hidden_by_definition(&marks, size),
                ];
                for (kind, (step, (plain, any))) in steps.iter().zip(defined).enumerate() {
                    // Found only if one exists; found whenever one that is
                    // not made of smaller ones exists.
                    assert!(step.is_none() || any, "size {size} kind {kind}\n{marks:?}");
                    assert!(
                        step.is_some() || !plain,
                        "size {size} kind {kind}\n{marks:?}"
                    );
                    if let Some(step) = step {
                        assert_sound(step, &marks, &solution);
                        found[kind * 3 + size - 2] += 1;
                    }
                }
            }
        }
        assert!(found.iter().all(|&n| n > 0), "{found:?}");
    }

    /// Every way to choose `size` of `0..9`, as bits.
    pub(in crate::logic) fn choices(size: usize) -> Vec<u16> {
        (0u16..512)
            .filter(|m| m.count_ones() as usize == size)
            .collect()
    }

    /// Whether `size` cells of a house with `size` candidates between them
    /// remove something, straight from the definition on cell sets: (one
    /// that holds no smaller naked subset, any).
    fn naked_by_definition(marks: &Candidates, size: usize) -> (bool, bool) {
        let (mut plain, mut any) = (false, false);
        let union = |cells: CellSet| cells.iter().fold(DigitSet::EMPTY, |u, c| u | marks.get(c));
        for house in House::all() {
            for chosen in choices(size) {
                let cells: CellSet = bits(chosen).map(|p| house.cell_at(p)).collect();
                if cells
                    .iter()
                    .any(|c| !(2..=size).contains(&marks.get(c).len()))
                {
                    continue;
                }
                let digits = union(cells);
                if digits.len() != size {
                    continue;
                }
                let mut region = house.cells();
                for other in House::all() {
                    if cells.is_subset(other.cells()) {
                        region |= other.cells();
                    }
                }
                if !(region - cells)
                    .iter()
                    .any(|c| marks.get(c).intersects(digits))
                {
                    continue;
                }
                any = true;
                let parts = choices(2).into_iter().chain(choices(3));
                plain |= !parts
                    .filter(|&part| part & chosen == part && part != chosen)
                    .any(|part| {
                        let sub: CellSet = bits(part).map(|p| house.cell_at(p)).collect();
                        union(sub).len() == sub.len()
                    });
            }
        }
        (plain, any)
    }

    /// Whether `size` digits confined to `size` cells of a house remove
    /// something, straight from the definition: (one that holds no smaller
    /// hidden subset, any).
    fn hidden_by_definition(marks: &Candidates, size: usize) -> (bool, bool) {
        let (mut plain, mut any) = (false, false);
        for house in House::all() {
            let places = |digits: u16| {
                bits(digits).fold(CellSet::EMPTY, |u, d| {
                    u | marks.house_cells_with(house, digit(d as u8 + 1))
                })
            };
            for chosen in choices(size) {
                if bits(chosen).any(|d| !(2..=size).contains(&places(1 << d).len())) {
                    continue;
                }
                let cells = places(chosen);
                let kept = DigitSet::from_bits(chosen);
                if cells.len() != size || cells.iter().all(|c| marks.get(c).is_subset(kept)) {
                    continue;
                }
                any = true;
                let parts = choices(2).into_iter().chain(choices(3));
                plain |= !parts
                    .filter(|&part| part & chosen == part && part != chosen)
                    .any(|part| places(part).len() == part.count_ones() as usize);
            }
        }
        (plain, any)
    }
}
