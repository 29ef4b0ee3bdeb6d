//! Uniqueness techniques (only for puzzles known to have one solution):
//! unique rectangles and loops, types 1 to 4, and BUG, types 1 to 4.
//!
//! Both rest on patterns that a puzzle with one solution never ends in.
//!
//! A *unique rectangle* or *unique loop* is a set of empty cells that all
//! hold two digits a and b, two of them in every house they touch (a
//! rectangle: two rows, two columns, two boxes; a loop: 6 or more cells linked
//! alternately along rows and columns). If every one of them ended with a or
//! b, swapping a and b among them would give a second solution (no given sits
//! among them, since they are all empty), so some cell with more candidates
//! (an *extra cell*) must hold one of its other digits.
//!
//! A *BUG* (bivalue universal grave) is a state where every empty cell has
//! two candidates and every digit two places in each house that lacks it. If
//! such a state has a solution, taking the other candidate of every cell gives
//! a second one; so when removing a few *extra* candidates would leave a BUG,
//! the solution uses one of them.
//!
//! Difficulties follow Sudoku Explainer: rectangles 4.5; loops 4.5 plus 0.1
//! for 6 cells, 0.2 for 8 and 0.3 for 10 or more (as `docs/LOGIC.md` gives
//! them); BUG type 1 5.6, types 2 and 4 5.7. Type 3 of both adds 0.1 for each
//! digit of its naked subset beyond the first (a pair 0.1, a triple 0.2), the
//! extra cells counting as one cell of the subset, as SE does.

use super::{capitalized, Difficulty, Step, Technique, TechniqueSet};
use crate::candidates::{Candidate, Candidates};
use crate::geometry::{common_peers, House};
use crate::grid::{Cell, Digit};
use crate::sets::{CellSet, DigitSet};

/// The longest unique loop looked for: longer ones are rare and the search
/// grows with every cell.
const MAX_LOOP_CELLS: usize = 14;

/// The most cells with more than two candidates a BUG may have: more rarely
/// lead anywhere, and the search for the extra candidates grows with them.
const MAX_BUG_CELLS: usize = 8;

/// How many choices of kept candidates the BUG search may try.
const BUG_SEARCH_BUDGET: usize = 20_000;

/// How many ways to leave a BUG are weighed (each gives its own steps).
const MAX_BUG_CHOICES: usize = 16;

/// Unique rectangle types 1 to 4.
const RECTANGLE_TYPES: [Technique; 4] = [
    Technique::UniqueRectangleType1,
    Technique::UniqueRectangleType2,
    Technique::UniqueRectangleType3,
    Technique::UniqueRectangleType4,
];

/// Unique loop types 1 to 4.
const LOOP_TYPES: [Technique; 4] = [
    Technique::UniqueLoopType1,
    Technique::UniqueLoopType2,
    Technique::UniqueLoopType3,
    Technique::UniqueLoopType4,
];

/// BUG types 1 to 4.
const BUG_TYPES: [Technique; 4] = [
    Technique::BugType1,
    Technique::BugType2,
    Technique::BugType3,
    Technique::BugType4,
];

/// The easiest allowed unique rectangle or loop.
pub(super) fn unique_rectangles(marks: &Candidates, allowed: TechniqueSet) -> Option<Step> {
    let rectangles = RECTANGLE_TYPES.iter().any(|&t| allowed.contains(t));
    let loops = LOOP_TYPES.iter().any(|&t| allowed.contains(t));
    let empty = marks.empty_cells();
    let mut best = Best::default();
    if rectangles {
        for pattern in rectangle_patterns(marks) {
            deadly_pattern_steps(marks, empty, &pattern, allowed, &mut best);
        }
    }
    if loops {
        // A loop can only win if its base difficulty does not exceed the best so far.
        let max_cells = (6..=MAX_LOOP_CELLS)
            .step_by(2)
            .filter(|&cells| {
                best.difficulty()
                    .is_none_or(|d| deadly_difficulty(cells) <= d)
            })
            .max();
        if let Some(max_cells) = max_cells {
            for pattern in loop_patterns(marks, max_cells) {
                deadly_pattern_steps(marks, empty, &pattern, allowed, &mut best);
            }
        }
    }
    best.step
}

/// The easiest allowed BUG.
pub(super) fn bug(marks: &Candidates, allowed: TechniqueSet) -> Option<Step> {
    if !BUG_TYPES.iter().any(|&t| allowed.contains(t)) {
        return None;
    }
    let empty = marks.empty_cells();
    let mut poly = Vec::new();
    for cell in empty {
        match marks.get(cell).len() {
            0 | 1 => return None,
            2 => {}
            _ => poly.push(cell),
        }
    }
    if poly.is_empty() || poly.len() > MAX_BUG_CELLS || !placed_digits_are_no_candidates(marks) {
        return None;
    }
    let poly_set = CellSet::from_cells(poly.iter().copied());
    // How often each digit is a candidate of a two-candidate cell in each house.
    let mut counts = [[0u8; 9]; 27];
    for house in House::all() {
        for digit in Digit::all() {
            let places = (marks.house_cells_with(house, digit) - poly_set).len();
            if places > 2 {
                return None;
            }
            let touched = house.cells().intersects(poly_set);
            if !touched && places == 1 {
                return None;
            }
            counts[house.index()][usize::from(digit.get() - 1)] = places as u8;
        }
    }
    let mut search = BugSearch {
        marks,
        poly: &poly,
        counts,
        kept: Vec::with_capacity(poly.len()),
        found: Vec::new(),
        budget: BUG_SEARCH_BUDGET,
    };
    search.choose(0);
    let mut best = Best::default();
    for kept in &search.found {
        let extras: Vec<DigitSet> = poly
            .iter()
            .zip(kept)
            .map(|(&cell, &keep)| marks.get(cell) - keep)
            .collect();
        bug_steps(marks, empty, allowed, &poly, &extras, &mut best);
    }
    best.step
}

/// The easiest step found so far, ranked by difficulty, then by type; the
/// first found wins ties.
#[derive(Default)]
struct Best {
    step: Option<Step>,
    rank: (Difficulty, u8),
}

impl Best {
    fn difficulty(&self) -> Option<Difficulty> {
        self.step.as_ref().map(|step| step.difficulty)
    }

    /// Keeps `step` (of type `kind`, 1 to 4) if it is easier than the best so far.
    fn offer(&mut self, step: Step, kind: u8) {
        let rank = (step.difficulty, kind);
        if self.step.is_none() || rank < self.rank {
            self.step = Some(step);
            self.rank = rank;
        }
    }
}

/// A unique rectangle or loop: empty cells that all hold the two digits,
/// two of them in every house they touch.
struct DeadlyPattern {
    /// The cells, a loop's in loop order, a rectangle's row by row.
    cells: Vec<Cell>,
    /// The same cells as a set.
    set: CellSet,
    /// The two digits.
    pair: DigitSet,
}

/// The difficulty of a unique rectangle (4 cells) or loop before type 3's
/// subset bonus.
fn deadly_difficulty(cells: usize) -> Difficulty {
    let bonus = match cells {
        0..=4 => 0,
        5..=6 => 1,
        7..=8 => 2,
        _ => 3,
    };
    Difficulty::from_tenths(45 + bonus)
}

/// Every rectangle of four empty cells in two rows, two columns and two boxes
/// that share two digits, at least one cell holding only those two (a
/// rectangle without one removes nothing: no cell sees all four extra cells).
fn rectangle_patterns(marks: &Candidates) -> Vec<DeadlyPattern> {
    let mut patterns = Vec::new();
    for top in 0..9 {
        for bottom in top + 1..9 {
            for left in 0..9 {
                for right in left + 1..9 {
                    // Two boxes: the rows share a band or the columns a stack, not both.
                    if (top / 3 == bottom / 3) == (left / 3 == right / 3) {
                        continue;
                    }
                    let cells = [(top, left), (top, right), (bottom, left), (bottom, right)]
                        .map(|(row, col)| Cell::from_row_col(row, col).unwrap_or(Cell::MIN));
                    let common = cells
                        .iter()
                        .fold(DigitSet::ALL, |acc, &cell| acc & marks.get(cell));
                    if common.len() < 2 {
                        continue;
                    }
                    let mut pairs: Vec<DigitSet> = Vec::new();
                    for &cell in &cells {
                        let own = marks.get(cell);
                        if own.len() == 2 && own.is_subset(common) && !pairs.contains(&own) {
                            pairs.push(own);
                        }
                    }
                    pairs.sort();
                    for pair in pairs {
                        patterns.push(DeadlyPattern {
                            cells: cells.to_vec(),
                            set: CellSet::from_cells(cells),
                            pair,
                        });
                    }
                }
            }
        }
    }
    patterns
}

/// Every unique loop of 6 to `max_cells` cells that could lead somewhere: at
/// most two extra cells, or extra cells that all add the same one digit.
fn loop_patterns(marks: &Candidates, max_cells: usize) -> Vec<DeadlyPattern> {
    let bivalue = marks.bivalue_cells();
    let trivalue: CellSet = marks
        .empty_cells()
        .iter()
        .filter(|&cell| marks.get(cell).len() == 3)
        .collect();
    let mut patterns = Vec::new();
    for a in Digit::all() {
        for b in Digit::all().filter(|&b| b > a) {
            let pair = DigitSet::single(a).with(b);
            let both = marks.cells_with(a) & marks.cells_with(b);
            let exact = both & bivalue;
            if exact.len() >= 4 {
                // With at most two extra cells, at least four cells hold only a and b.
                search_loops(marks, pair, both, max_cells, &mut patterns);
            } else {
                // Otherwise every extra cell adds the same digit c.
                for c in Digit::all().filter(|&c| !pair.contains(c)) {
                    let with_c = both & trivalue & marks.cells_with(c);
                    if exact.len() + with_c.len() >= 6 {
                        search_loops(marks, pair, exact | with_c, max_cells, &mut patterns);
                    }
                }
            }
        }
    }
    patterns
}

/// Adds the loops on `pair` through `cells` to `patterns`.
fn search_loops(
    marks: &Candidates,
    pair: DigitSet,
    mut cells: CellSet,
    max_cells: usize,
    patterns: &mut Vec<DeadlyPattern>,
) {
    // A loop cell has another loop cell in each of its houses.
    loop {
        let kept: CellSet = cells
            .iter()
            .filter(|&cell| {
                House::of(cell)
                    .iter()
                    .all(|house| (house.cells() & cells).len() >= 2)
            })
            .collect();
        if kept == cells {
            break;
        }
        cells = kept;
    }
    if cells.len() < 6 {
        return;
    }
    for start in cells {
        // Each loop once: from its first cell in row-major order, along its row first.
        let later = CellSet::from_bits(!0u128 << (start.index() + 1));
        let mut search = LoopSearch {
            marks,
            pair,
            cells: cells & later,
            start,
            max_cells,
            path: vec![start],
            used: CellSet::single(start),
            boxes: [0; 9],
            lone_boxes: 1,
            extra_cells: 0,
            extra_digits: DigitSet::EMPTY,
            found: Vec::new(),
        };
        search.boxes[start.box_index()] = 1;
        search.add_extra(start);
        if search.extra_allowed() {
            search.extend();
        }
        for path in search.found {
            patterns.push(DeadlyPattern {
                set: CellSet::from_cells(path.iter().copied()),
                cells: path,
                pair,
            });
        }
    }
}

/// A depth-first search for loops from one cell, alternating row and column
/// links, never putting a third cell in a house.
struct LoopSearch<'m> {
    marks: &'m Candidates,
    pair: DigitSet,
    /// Where the loop's other cells may be.
    cells: CellSet,
    start: Cell,
    max_cells: usize,
    path: Vec<Cell>,
    used: CellSet,
    /// How many path cells each box holds.
    boxes: [u8; 9],
    /// How many boxes hold exactly one path cell.
    lone_boxes: usize,
    /// Path cells with digits besides the pair, and those digits.
    extra_cells: usize,
    extra_digits: DigitSet,
    found: Vec<Vec<Cell>>,
}

impl LoopSearch<'_> {
    fn add_extra(&mut self, cell: Cell) {
        let extra = self.marks.get(cell) - self.pair;
        if !extra.is_empty() {
            self.extra_cells += 1;
            self.extra_digits |= extra;
        }
    }

    /// At most two extra cells, or any number adding the same one digit.
    fn extra_allowed(&self) -> bool {
        self.extra_cells <= 2 || self.extra_digits.len() == 1
    }

    fn extend(&mut self) {
        let Some(&last) = self.path.last() else {
            return;
        };
        let length = self.path.len();
        // Links alternate, the first along a row: an odd path goes on along a row.
        let along_row = length % 2 == 1;
        let line = if along_row {
            House::row_of(last)
        } else {
            House::column_of(last)
        };
        for next in (line.cells() & self.cells) - self.used {
            let cross = if along_row {
                House::column_of(next)
            } else {
                House::row_of(next)
            };
            let closes = along_row && cross.cells().contains(self.start);
            if !closes && cross.cells().intersects(self.used) {
                continue;
            }
            let bx = next.box_index();
            if self.boxes[bx] == 2 {
                continue;
            }
            // Room for the cells still needed to come back to the start.
            let needed = if closes {
                0
            } else if along_row {
                2
            } else {
                1
            };
            if length + 1 + needed > self.max_cells || (closes && length + 1 < 6) {
                continue;
            }
            let saved = (self.extra_cells, self.extra_digits, self.lone_boxes);
            self.add_extra(next);
            self.boxes[bx] += 1;
            if self.boxes[bx] == 1 {
                self.lone_boxes += 1;
            } else {
                self.lone_boxes -= 1;
            }
            if self.extra_allowed() {
                self.path.push(next);
                if closes {
                    if self.lone_boxes == 0 {
                        self.found.push(self.path.clone());
                    }
                } else {
                    self.used.insert(next);
                    self.extend();
                    self.used.remove(next);
                }
                self.path.pop();
            }
            self.boxes[bx] -= 1;
            (self.extra_cells, self.extra_digits, self.lone_boxes) = saved;
        }
    }
}

/// Offers `best` the allowed steps of a unique rectangle or loop.
fn deadly_pattern_steps(
    marks: &Candidates,
    empty: CellSet,
    pattern: &DeadlyPattern,
    allowed: TechniqueSet,
    best: &mut Best,
) {
    let techniques = if pattern.cells.len() == 4 {
        RECTANGLE_TYPES
    } else {
        LOOP_TYPES
    };
    let base = deadly_difficulty(pattern.cells.len());
    let extra_cells: CellSet = pattern
        .set
        .iter()
        .filter(|&cell| !(marks.get(cell) - pattern.pair).is_empty())
        .collect();
    let extra_digits = extra_cells.iter().fold(DigitSet::EMPTY, |acc, cell| {
        acc | (marks.get(cell) - pattern.pair)
    });
    let Some([a, b]) = pair_digits(pattern.pair) else {
        return;
    };
    let extra_text = cells_text(extra_cells.iter());
    let new_step = |kind: u8, difficulty: Difficulty| {
        let technique = techniques[usize::from(kind - 1)];
        let mut step = Step::new(technique);
        step.difficulty = difficulty;
        step.houses = pattern_lines(pattern.set);
        step.digits = pattern.pair;
        for &cell in &pattern.cells {
            step.pattern.push(Candidate::new(cell, a));
            step.pattern.push(Candidate::new(cell, b));
        }
        step
    };
    let intro = |technique: Technique| {
        format!(
            "{}: {} would hold only {a} and {b} and could swap them",
            capitalized(technique.name()),
            cells_text(pattern.cells.iter().copied())
        )
    };
    match extra_cells.len() {
        0 => return,
        1 if allowed.contains(techniques[0]) => {
            let cell = extra_cells.first().unwrap_or(Cell::MIN);
            let mut step = new_step(1, base);
            step.eliminations = vec![Candidate::new(cell, a), Candidate::new(cell, b)];
            step.text = format!(
                "{}, so {cell} cannot be {a} or {b}: {}",
                intro(step.technique),
                step.conclusion()
            );
            best.offer(step, 1);
            return;
        }
        _ => {}
    }
    if extra_cells.len() < 2 {
        return;
    }
    if let (Some(c), 1) = (extra_digits.first(), extra_digits.len()) {
        let targets = common_peers(extra_cells) & marks.cells_with(c);
        if allowed.contains(techniques[1]) && !targets.is_empty() {
            let mut step = new_step(2, base);
            step.digits = pattern.pair.with(c);
            step.pattern
                .extend(extra_cells.iter().map(|cell| Candidate::new(cell, c)));
            step.eliminations = targets.iter().map(|cell| Candidate::new(cell, c)).collect();
            step.text = format!(
                "{}, so one of {extra_text} holds {c}, and {c} goes from every cell that sees them all: {}",
                intro(step.technique),
                step.conclusion()
            );
            best.offer(step, 2);
        }
    }
    if extra_cells.len() != 2 {
        return;
    }
    for house in shared_houses(extra_cells) {
        if allowed.contains(techniques[3]) {
            for x in [a, b] {
                if marks.house_cells_with(house, x) != extra_cells {
                    continue;
                }
                let y = if x == a { b } else { a };
                let mut step = new_step(4, base);
                add_house(&mut step.houses, house);
                step.eliminations = extra_cells
                    .iter()
                    .map(|cell| Candidate::new(cell, y))
                    .collect();
                step.text = format!(
                    "{}, so one of {extra_text} holds another digit; {x} in {house} can only be in these two cells, so neither can be {y}: {}",
                    intro(step.technique),
                    step.conclusion()
                );
                best.offer(step, 4);
                break;
            }
        }
        if allowed.contains(techniques[2]) && extra_digits.len() >= 2 {
            if let Some(subset) = naked_subset(marks, empty, house, extra_cells, extra_digits) {
                let mut step = new_step(3, base.plus(subset.bonus()));
                add_house(&mut step.houses, house);
                step.digits = pattern.pair | subset.digits;
                subset.add_pattern(marks, &mut step.pattern, extra_cells, extra_digits);
                step.eliminations = subset.eliminations.clone();
                step.text = format!(
                    "{}, so one of {extra_text} holds {}, {}: {}",
                    intro(step.technique),
                    digits_text(extra_digits, "or"),
                    subset.text(house),
                    step.conclusion()
                );
                best.offer(step, 3);
            }
        }
    }
}

/// A naked subset made by some cells of a house with a group of other cells
/// of it (extra cells) of which one holds one of `virtual_digits`.
struct NakedSubset {
    /// The house's cells in the subset besides the extra cells.
    cells: CellSet,
    /// Its digits.
    digits: DigitSet,
    /// What it removes from the rest of the house.
    eliminations: Vec<Candidate>,
}

impl NakedSubset {
    /// 0.1 for each digit beyond the first.
    fn bonus(&self) -> u16 {
        self.digits.len() as u16 - 1
    }

    fn add_pattern(
        &self,
        marks: &Candidates,
        pattern: &mut Vec<Candidate>,
        holders: CellSet,
        virtual_digits: DigitSet,
    ) {
        for cell in holders {
            for digit in marks.get(cell) & virtual_digits {
                pattern.push(Candidate::new(cell, digit));
            }
        }
        for cell in self.cells {
            for digit in marks.get(cell) {
                pattern.push(Candidate::new(cell, digit));
            }
        }
    }

    /// `which with r4c7 makes a naked triple on 3, 5 and 8 in row 4`.
    fn text(&self, house: House) -> String {
        let name = match self.digits.len() {
            2 => "pair",
            3 => "triple",
            4 => "quad",
            5 => "quintuple",
            6 => "sextuple",
            7 => "septuple",
            _ => "set",
        };
        format!(
            "which with {} makes a naked {name} on {} in {house}",
            cells_text(self.cells.iter()),
            digits_text(self.digits, "and")
        )
    }
}

/// The smallest naked subset of `house` made by other cells with the virtual
/// cell "one of `holders` holds one of `virtual_digits`", that removes
/// something from the rest of the house.
fn naked_subset(
    marks: &Candidates,
    empty: CellSet,
    house: House,
    holders: CellSet,
    virtual_digits: DigitSet,
) -> Option<NakedSubset> {
    let others: Vec<Cell> = ((house.cells() & empty) - holders).iter().collect();
    let count = others.len();
    let smallest = virtual_digits.len().saturating_sub(1).max(1);
    // Leave at least one cell to remove digits from.
    for size in smallest..count {
        for mask in 0u32..1 << count {
            if mask.count_ones() as usize != size {
                continue;
            }
            let members = |inside: bool| {
                others
                    .iter()
                    .enumerate()
                    .filter(move |(i, _)| (mask >> i & 1 == 1) == inside)
                    .map(|(_, &cell)| cell)
            };
            let digits = members(true).fold(virtual_digits, |acc, cell| acc | marks.get(cell));
            if digits.len() != size + 1 {
                continue;
            }
            let eliminations: Vec<Candidate> = members(false)
                .flat_map(|cell| {
                    (marks.get(cell) & digits)
                        .iter()
                        .map(move |digit| Candidate::new(cell, digit))
                })
                .collect();
            if !eliminations.is_empty() {
                return Some(NakedSubset {
                    cells: members(true).collect(),
                    digits,
                    eliminations,
                });
            }
        }
    }
    None
}

/// Whether no empty cell has a candidate already placed in one of its houses
/// (the BUG argument needs every candidate of a house to be a digit it lacks).
fn placed_digits_are_no_candidates(marks: &Candidates) -> bool {
    House::all().all(|house| {
        let mut placed = DigitSet::EMPTY;
        let mut open = DigitSet::EMPTY;
        for cell in house.cell_list() {
            match marks.value(cell) {
                Some(digit) => placed.insert(digit),
                None => open |= marks.get(cell),
            }
        }
        !placed.intersects(open)
    })
}

/// The search for the two candidates each cell with more keeps in a BUG: after
/// it every digit has zero or two places in every house.
struct BugSearch<'m> {
    marks: &'m Candidates,
    /// The empty cells with more than two candidates.
    poly: &'m [Cell],
    /// How many kept candidates each digit has in each house so far.
    counts: [[u8; 9]; 27],
    /// The pair kept in each poly cell chosen so far.
    kept: Vec<DigitSet>,
    /// Every complete choice that leaves a BUG.
    found: Vec<Vec<DigitSet>>,
    budget: usize,
}

impl BugSearch<'_> {
    fn choose(&mut self, index: usize) {
        if self.budget == 0 {
            return;
        }
        self.budget -= 1;
        let Some(&cell) = self.poly.get(index) else {
            if self.is_bug() && self.found.len() < MAX_BUG_CHOICES {
                self.found.push(self.kept.clone());
            }
            return;
        };
        let houses = House::of(cell);
        let candidates: Vec<Digit> = self.marks.get(cell).iter().collect();
        for (i, &x) in candidates.iter().enumerate() {
            for &y in &candidates[i + 1..] {
                let fits = houses.iter().all(|house| {
                    let row = &self.counts[house.index()];
                    row[usize::from(x.get() - 1)] < 2 && row[usize::from(y.get() - 1)] < 2
                });
                if !fits {
                    continue;
                }
                self.count(houses, [x, y], true);
                self.kept.push(DigitSet::single(x).with(y));
                self.choose(index + 1);
                self.kept.pop();
                self.count(houses, [x, y], false);
            }
        }
    }

    fn count(&mut self, houses: [House; 3], digits: [Digit; 2], add: bool) {
        for house in houses {
            for digit in digits {
                let slot = &mut self.counts[house.index()][usize::from(digit.get() - 1)];
                if add {
                    *slot += 1;
                } else {
                    *slot -= 1;
                }
            }
        }
    }

    /// Whether every digit has zero or two places in every house the poly cells touch.
    fn is_bug(&self) -> bool {
        self.poly.iter().all(|&cell| {
            House::of(cell)
                .iter()
                .all(|house| self.counts[house.index()].iter().all(|&n| n == 0 || n == 2))
        })
    }
}

/// Offers `best` the allowed BUG steps when `extras[i]` are the extra
/// candidates of `poly[i]`.
fn bug_steps(
    marks: &Candidates,
    empty: CellSet,
    allowed: TechniqueSet,
    poly: &[Cell],
    extras: &[DigitSet],
    best: &mut Best,
) {
    let cells = CellSet::from_cells(poly.iter().copied());
    let all_extra = extras.iter().fold(DigitSet::EMPTY, |acc, &e| acc | e);
    let extra_candidates: Vec<Candidate> = poly
        .iter()
        .zip(extras)
        .flat_map(|(&cell, extra)| extra.iter().map(move |d| Candidate::new(cell, d)))
        .collect();
    // `7 in r8c3, r8c7 and r9c4`, or `4 in r1c1 and 6 in r5c6`.
    let same_extra = extras
        .first()
        .filter(|&&first| extras.iter().all(|&extra| extra == first));
    let without = if let Some(&extra) = same_extra {
        let cells: Vec<String> = poly.iter().map(|cell| cell.to_string()).collect();
        format!(
            "{} in {}",
            digits_text(extra, "and"),
            list_text(&cells, "and")
        )
    } else {
        let parts: Vec<String> = poly
            .iter()
            .zip(extras)
            .map(|(cell, extra)| format!("{} in {cell}", digits_text(*extra, "and")))
            .collect();
        list_text(&parts, "and")
    };
    let intro = |kind: u8| {
        format!(
            "BUG type {kind}: without {without} every empty cell would have two candidates and each digit two places in each house that lacks it, which a puzzle with one solution never allows"
        )
    };
    let new_step = |kind: u8| {
        let mut step = Step::new(BUG_TYPES[usize::from(kind - 1)]);
        step.digits = all_extra;
        step.pattern = extra_candidates.clone();
        step
    };
    let holders = cells_text(cells.iter());
    if let ([cell], [extra]) = (poly, extras) {
        if allowed.contains(Technique::BugType1) {
            let mut step = new_step(1);
            step.houses.push(House::box_of(*cell));
            if let (Some(digit), 1) = (extra.first(), extra.len()) {
                step.placements.push(Candidate::new(*cell, digit));
                step.text = format!(
                    "{}, so {cell} holds {digit}: {}",
                    intro(1),
                    step.conclusion()
                );
            } else {
                step.eliminations = (marks.get(*cell) - *extra)
                    .iter()
                    .map(|digit| Candidate::new(*cell, digit))
                    .collect();
                step.text = format!(
                    "{}, so {cell} holds {}: {}",
                    intro(1),
                    digits_text(*extra, "or"),
                    step.conclusion()
                );
            }
            best.offer(step, 1);
        }
        return;
    }
    if let (Some(digit), 1) = (all_extra.first(), all_extra.len()) {
        let targets = common_peers(cells) & marks.cells_with(digit);
        if allowed.contains(Technique::BugType2) && !targets.is_empty() {
            let mut step = new_step(2);
            step.eliminations = targets.iter().map(|c| Candidate::new(c, digit)).collect();
            step.text = format!(
                "{}, so one of {holders} holds {digit}, and {digit} goes from every cell that sees them all: {}",
                intro(2),
                step.conclusion()
            );
            best.offer(step, 2);
        }
    }
    for house in shared_houses(cells) {
        if let ([first, second], [first_extra, second_extra]) = (poly, extras) {
            let first_kept = marks.get(*first) - *first_extra;
            let second_kept = marks.get(*second) - *second_extra;
            // A digit both keep has no other place in the house: the cell
            // without it holds one of its extra digits.
            if let Some(shared) = (first_kept & second_kept).first() {
                if allowed.contains(Technique::BugType4) {
                    let mut step = new_step(4);
                    step.houses.push(house);
                    step.digits = all_extra.with(shared);
                    for (cell, kept) in [(*first, first_kept), (*second, second_kept)] {
                        step.pattern.push(Candidate::new(cell, shared));
                        for digit in kept.without(shared) {
                            step.eliminations.push(Candidate::new(cell, digit));
                        }
                    }
                    step.text = format!(
                        "{}, so one of {holders} holds its extra digit; {shared} in {house} can only be in these two cells, so the one without {shared} holds its extra digit: {}",
                        intro(4),
                        step.conclusion()
                    );
                    best.offer(step, 4);
                }
            }
        }
        if allowed.contains(Technique::BugType3) && all_extra.len() >= 2 {
            if let Some(subset) = naked_subset(marks, empty, house, cells, all_extra) {
                let mut step = new_step(3);
                step.difficulty = step.difficulty.plus(subset.bonus());
                step.houses.push(house);
                step.digits = subset.digits;
                step.pattern.clear();
                subset.add_pattern(marks, &mut step.pattern, cells, all_extra);
                step.eliminations = subset.eliminations.clone();
                step.text = format!(
                    "{}, so one of {holders} holds {}, {}: {}",
                    intro(3),
                    digits_text(all_extra, "or"),
                    subset.text(house),
                    step.conclusion()
                );
                best.offer(step, 3);
            }
        }
    }
}

/// The houses that hold every cell of `cells`: rows, then columns, then boxes.
fn shared_houses(cells: CellSet) -> Vec<House> {
    let Some(first) = cells.first() else {
        return Vec::new();
    };
    House::of(first)
        .into_iter()
        .filter(|house| cells.is_subset(house.cells()))
        .collect()
}

/// The rows and then the columns the cells lie in.
fn pattern_lines(cells: CellSet) -> Vec<House> {
    let mut houses: Vec<House> = cells
        .iter()
        .flat_map(|cell| [House::row_of(cell), House::column_of(cell)])
        .collect();
    houses.sort();
    houses.dedup();
    houses
}

/// Adds `house` to `houses` unless it is there.
fn add_house(houses: &mut Vec<House>, house: House) {
    if !houses.contains(&house) {
        houses.push(house);
    }
}

/// The two digits of a pair, smaller first.
fn pair_digits(pair: DigitSet) -> Option<[Digit; 2]> {
    let mut digits = pair.iter();
    Some([digits.next()?, digits.next()?])
}

/// `r1c1, r1c2, r4c2`.
fn cells_text(cells: impl IntoIterator<Item = Cell>) -> String {
    cells
        .into_iter()
        .map(|cell| cell.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `3, 5 and 8` (with `word` "and") or `5 or 8`.
fn digits_text(digits: DigitSet, word: &str) -> String {
    let parts: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
    list_text(&parts, word)
}

/// `a, b and c`.
fn list_text(parts: &[String], word: &str) -> String {
    match parts {
        [] => String::new(),
        [only] => only.clone(),
        [init @ .., last] => format!("{} {word} {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::logic::testing::{
        assert_sound, cell, random_words, sample_puzzles, states_using, up_to,
    };
    use crate::logic::LogicSolver;

    fn digits(text: &str) -> DigitSet {
        text.bytes().filter_map(|b| Digit::new(b - b'0')).collect()
    }

    /// Marks with every cell empty: `base` gives each cell's candidates,
    /// `cells` overrides some.
    fn open_marks(base: impl Fn(Cell) -> DigitSet, cells: &[(&str, &str)]) -> Candidates {
        let mut sets: [DigitSet; 81] = std::array::from_fn(|i| base(Cell::new(i).unwrap()));
        for (name, text) in cells {
            sets[cell(name).index()] = digits(text);
        }
        let marks = Candidates::from_cells(sets.map(Err));
        assert_eq!(marks.contradiction(), None);
        marks
    }

    /// Every digit everywhere.
    fn everything(_: Cell) -> DigitSet {
        DigitSet::ALL
    }

    /// Only 2 and 7 in the cells of the 6-cell loop r1c1, r1c4, r2c4, r2c7,
    /// r3c7, r3c1, every other digit in the rest of rows 1 to 3 (so that no
    /// rectangle on 2 and 7 forms there), every digit elsewhere.
    fn loop_base(cell: Cell) -> DigitSet {
        let in_loop = ["r1c1", "r1c4", "r2c4", "r2c7", "r3c7", "r3c1"]
            .iter()
            .any(|&name| self::cell(name) == cell);
        if in_loop {
            digits("27")
        } else if cell.row() < 3 {
            DigitSet::ALL - digits("27")
        } else {
            DigitSet::ALL
        }
    }

    /// A BUG over the whole grid: every cell holds its digit in the grid
    /// `(3 * row + row / 3 + col) % 9 + 1` and the next one (9 then 1), so
    /// each digit has two places in every house.
    fn bug_base(cell: Cell) -> DigitSet {
        let digit = (3 * cell.row() + cell.row() / 3 + cell.col()) % 9;
        let next = (digit + 1) % 9;
        DigitSet::from_bits(1 << digit | 1 << next)
    }

    fn conclusion(step: &Step) -> String {
        step.conclusion()
    }

    #[test]
    fn unique_rectangle_type_1_clears_the_one_extra_cell() {
        let marks = open_marks(
            everything,
            &[
                ("r1c1", "27"),
                ("r1c2", "27"),
                ("r4c1", "27"),
                ("r4c2", "279"),
            ],
        );
        let step = unique_rectangles(&marks, TechniqueSet::ALL).unwrap();
        assert_eq!(step.technique, Technique::UniqueRectangleType1);
        assert_eq!(step.difficulty.to_string(), "4.5");
        assert_eq!(
            step.text,
            "Unique rectangle type 1: r1c1, r1c2, r4c1, r4c2 would hold only 2 and 7 and could \
             swap them, so r4c2 cannot be 2 or 7: r4c2<>2, r4c2<>7"
        );
        assert_eq!(step.digits, digits("27"));
        assert_eq!(step.pattern.len(), 8);
        assert_eq!(step.houses.len(), 4);
    }

    #[test]
    fn unique_rectangle_type_2_removes_the_extra_digit_from_common_peers() {
        let marks = open_marks(
            everything,
            &[
                ("r1c1", "27"),
                ("r1c2", "27"),
                ("r4c1", "279"),
                ("r4c2", "279"),
            ],
        );
        let step = unique_rectangles(&marks, TechniqueSet::ALL).unwrap();
        assert_eq!(step.technique, Technique::UniqueRectangleType2);
        assert_eq!(step.difficulty.to_string(), "4.5");
        assert_eq!(
            conclusion(&step),
            "r4c3<>9, r4c4<>9, r4c5<>9, r4c6<>9, r4c7<>9, r4c8<>9, r4c9<>9, \
             r5c1<>9, r5c2<>9, r5c3<>9, r6c1<>9, r6c2<>9, r6c3<>9"
        );
        assert!(step
            .text
            .contains("so one of r4c1, r4c2 holds 9, and 9 goes from every cell"));
    }

    #[test]
    fn unique_rectangle_type_3_makes_a_naked_subset_with_the_extra_digits() {
        let marks = open_marks(
            everything,
            &[
                ("r1c1", "27"),
                ("r1c2", "27"),
                ("r4c1", "257"),
                ("r4c2", "278"),
                ("r4c5", "58"),
            ],
        );
        let step = unique_rectangles(&marks, TechniqueSet::ALL).unwrap();
        assert_eq!(step.technique, Technique::UniqueRectangleType3);
        assert_eq!(step.difficulty.to_string(), "4.6");
        assert_eq!(
            conclusion(&step),
            "r4c3<>5, r4c3<>8, r4c4<>5, r4c4<>8, r4c6<>5, r4c6<>8, \
             r4c7<>5, r4c7<>8, r4c8<>5, r4c8<>8, r4c9<>5, r4c9<>8"
        );
        assert!(step.text.contains(
            "so one of r4c1, r4c2 holds 5 or 8, which with r4c5 makes a naked pair on 5 and 8 in row 4"
        ));
        assert!(step.houses.contains(&House::row(3).unwrap()));
    }

    #[test]
    fn unique_rectangle_type_4_uses_a_digit_confined_to_the_extra_cells() {
        let mut cells = vec![
            ("r1c1", "27"),
            ("r1c2", "27"),
            ("r4c1", "257"),
            ("r4c2", "278"),
        ];
        let rest = ["r4c3", "r4c4", "r4c5", "r4c6", "r4c7", "r4c8", "r4c9"];
        cells.extend(rest.iter().map(|&name| (name, "13456789")));
        let marks = open_marks(everything, &cells);
        let step = unique_rectangles(&marks, TechniqueSet::ALL).unwrap();
        assert_eq!(step.technique, Technique::UniqueRectangleType4);
        assert_eq!(step.difficulty.to_string(), "4.5");
        assert_eq!(
            step.text,
            "Unique rectangle type 4: r1c1, r1c2, r4c1, r4c2 would hold only 2 and 7 and could \
             swap them, so one of r4c1, r4c2 holds another digit; 2 in row 4 can only be in \
             these two cells, so neither can be 7: r4c1<>7, r4c2<>7"
        );
    }

    #[test]
    fn a_rectangle_over_four_boxes_or_with_a_placed_cell_is_no_pattern() {
        // Rows 1 and 4 and columns 1 and 4 meet in four boxes.
        let marks = open_marks(
            everything,
            &[
                ("r1c1", "27"),
                ("r1c4", "27"),
                ("r4c1", "27"),
                ("r4c4", "279"),
            ],
        );
        assert_eq!(unique_rectangles(&marks, TechniqueSet::ALL), None);
        // A placed cell (a given, perhaps) cannot swap.
        let mut marks = open_marks(
            everything,
            &[
                ("r1c1", "27"),
                ("r1c2", "27"),
                ("r4c1", "27"),
                ("r4c2", "279"),
            ],
        );
        marks.place(cell("r4c2"), Digit::new(9).unwrap());
        assert_eq!(unique_rectangles(&marks, TechniqueSet::ALL), None);
    }

    #[test]
    fn only_allowed_types_are_returned() {
        let marks = open_marks(
            everything,
            &[
                ("r1c1", "27"),
                ("r1c2", "27"),
                ("r4c1", "27"),
                ("r4c2", "279"),
            ],
        );
        let others = TechniqueSet::ALL.without(Technique::UniqueRectangleType1);
        assert_eq!(unique_rectangles(&marks, others), None);
        let loops_only: TechniqueSet = "unique-loop-type-1".parse().unwrap();
        assert_eq!(unique_rectangles(&marks, loops_only), None);
    }

    #[test]
    fn unique_loop_type_1_clears_the_one_extra_cell() {
        let marks = open_marks(loop_base, &[("r3c1", "279")]);
        let step = unique_rectangles(&marks, TechniqueSet::ALL).unwrap();
        assert_eq!(step.technique, Technique::UniqueLoopType1);
        assert_eq!(step.difficulty.to_string(), "4.6");
        assert_eq!(
            step.text,
            "Unique loop type 1: r1c1, r1c4, r2c4, r2c7, r3c7, r3c1 would hold only 2 and 7 and \
             could swap them, so r3c1 cannot be 2 or 7: r3c1<>2, r3c1<>7"
        );
        assert_eq!(
            step.houses,
            [0, 1, 2]
                .map(|i| House::row(i).unwrap())
                .into_iter()
                .chain([0, 3, 6].map(|i| House::column(i).unwrap()))
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn unique_loop_type_2_removes_the_extra_digit_from_common_peers() {
        let marks = open_marks(loop_base, &[("r3c1", "279"), ("r3c7", "279")]);
        let step = unique_rectangles(&marks, TechniqueSet::ALL).unwrap();
        assert_eq!(step.technique, Technique::UniqueLoopType2);
        assert_eq!(step.difficulty.to_string(), "4.6");
        assert_eq!(
            conclusion(&step),
            "r3c2<>9, r3c3<>9, r3c4<>9, r3c5<>9, r3c6<>9, r3c8<>9, r3c9<>9"
        );
    }

    #[test]
    fn unique_loop_type_3_makes_a_naked_subset_with_the_extra_digits() {
        // 2 and 7 also in r3c9, so that neither is confined to the extra cells (type 4).
        let marks = open_marks(
            loop_base,
            &[
                ("r3c1", "279"),
                ("r3c7", "278"),
                ("r3c5", "89"),
                ("r3c9", "123456789"),
            ],
        );
        let step = unique_rectangles(&marks, TechniqueSet::ALL).unwrap();
        assert_eq!(step.technique, Technique::UniqueLoopType3);
        assert_eq!(step.difficulty.to_string(), "4.7");
        assert_eq!(
            conclusion(&step),
            "r3c2<>8, r3c2<>9, r3c3<>8, r3c3<>9, r3c4<>8, r3c4<>9, \
             r3c6<>8, r3c6<>9, r3c8<>8, r3c8<>9, r3c9<>8, r3c9<>9"
        );
    }

    #[test]
    fn unique_loop_type_4_uses_a_digit_confined_to_the_extra_cells() {
        let marks = open_marks(loop_base, &[("r3c1", "279"), ("r3c7", "278")]);
        let step = unique_rectangles(&marks, TechniqueSet::ALL).unwrap();
        assert_eq!(step.technique, Technique::UniqueLoopType4);
        assert_eq!(step.difficulty.to_string(), "4.6");
        assert_eq!(conclusion(&step), "r3c1<>7, r3c7<>7");
    }

    #[test]
    fn longer_loops_cost_more() {
        assert_eq!(deadly_difficulty(4).to_string(), "4.5");
        assert_eq!(deadly_difficulty(6).to_string(), "4.6");
        assert_eq!(deadly_difficulty(8).to_string(), "4.7");
        assert_eq!(deadly_difficulty(10).to_string(), "4.8");
        assert_eq!(deadly_difficulty(14).to_string(), "4.8");
    }

    #[test]
    fn bug_type_1_places_the_extra_digit() {
        // Row 1 holds 12 23 34 45 56 67 78 89 91.
        let marks = open_marks(bug_base, &[("r1c1", "125")]);
        let step = bug(&marks, TechniqueSet::ALL).unwrap();
        assert_eq!(step.technique, Technique::BugType1);
        assert_eq!(step.difficulty.to_string(), "5.6");
        assert_eq!(
            step.text,
            "BUG type 1: without 5 in r1c1 every empty cell would have two candidates and each \
             digit two places in each house that lacks it, which a puzzle with one solution never \
             allows, so r1c1 holds 5: r1c1=5"
        );
        let marks = open_marks(bug_base, &[("r1c1", "1256")]);
        let step = bug(&marks, TechniqueSet::ALL).unwrap();
        assert_eq!(step.technique, Technique::BugType1);
        assert_eq!(conclusion(&step), "r1c1<>1, r1c1<>2");
    }

    #[test]
    fn bug_type_2_removes_the_extra_digit_from_common_peers() {
        let marks = open_marks(bug_base, &[("r1c1", "125"), ("r1c3", "345")]);
        let step = bug(&marks, TechniqueSet::ALL).unwrap();
        assert_eq!(step.technique, Technique::BugType2);
        assert_eq!(step.difficulty.to_string(), "5.7");
        assert_eq!(conclusion(&step), "r1c4<>5, r1c5<>5, r2c1<>5, r2c2<>5");
        assert!(step
            .text
            .starts_with("BUG type 2: without 5 in r1c1 and r1c3 every empty cell"));
    }

    #[test]
    fn bug_type_3_makes_a_naked_subset_with_the_extra_digits() {
        let marks = open_marks(bug_base, &[("r1c1", "123"), ("r1c5", "456")]);
        let step = bug(&marks, TechniqueSet::ALL).unwrap();
        assert_eq!(step.technique, Technique::BugType3);
        assert_eq!(step.difficulty.to_string(), "5.8");
        assert_eq!(conclusion(&step), "r1c2<>3, r1c4<>4");
        assert!(step.text.contains(
            "so one of r1c1, r1c5 holds 3 or 4, which with r1c3 makes a naked pair on 3 and 4 in row 1"
        ));
    }

    #[test]
    fn bug_type_4_uses_a_digit_both_extra_cells_keep() {
        let marks = open_marks(bug_base, &[("r1c1", "125"), ("r1c2", "236")]);
        let step = bug(&marks, TechniqueSet::ALL).unwrap();
        assert_eq!(step.technique, Technique::BugType4);
        assert_eq!(step.difficulty.to_string(), "5.7");
        assert_eq!(conclusion(&step), "r1c1<>1, r1c2<>3");
        assert_eq!(step.houses, vec![House::row(0).unwrap()]);
    }

    #[test]
    fn no_bug_without_the_pattern() {
        // 1 with three places and 9 with one in row 9, which no extra cell explains.
        let marks = open_marks(bug_base, &[("r1c1", "125"), ("r9c9", "18")]);
        assert_eq!(bug(&marks, TechniqueSet::ALL), None);
        // Nothing but two-candidate cells: the marks have no single solution.
        assert_eq!(bug(&open_marks(bug_base, &[]), TechniqueSet::ALL), None);
        let marks = open_marks(bug_base, &[("r1c1", "125")]);
        assert_eq!(bug(&marks, "bug-type-2".parse().unwrap()), None);
    }

    /// The fixed engine that reaches uniqueness steps on the samples, whatever
    /// the other families find.
    fn uniqueness_engine() -> TechniqueSet {
        "singles,intersections,uniqueness".parse().unwrap()
    }

    #[test]
    fn uniqueness_steps_are_found_and_sound_on_the_samples() {
        use Technique::*;
        // Every step on the way is checked against the solution.
        for technique in [
            UniqueRectangleType1,
            UniqueRectangleType2,
            UniqueRectangleType3,
            UniqueRectangleType4,
            UniqueLoopType2,
            UniqueLoopType4,
            BugType1,
            BugType2,
        ] {
            let found = states_using(technique, uniqueness_engine(), 1, 1);
            assert!(!found.is_empty(), "no {technique} in the samples");
        }
    }

    #[test]
    fn uniqueness_steps_are_sound_with_the_easier_techniques() {
        // Whatever else the engine knows below each technique, every step on
        // the way is checked against the solution.
        for technique in RECTANGLE_TYPES
            .into_iter()
            .chain(LOOP_TYPES)
            .chain(BUG_TYPES)
        {
            states_using(technique, up_to(technique), 16, 1);
        }
    }

    /// Calls both finders on `marks` and checks what they find against
    /// `solution`, counting the steps by technique.
    fn check_finders(
        marks: &Candidates,
        solution: &Grid,
        hits: &mut std::collections::BTreeMap<Technique, usize>,
    ) {
        for finder in [unique_rectangles, bug] {
            if let Some(step) = finder(marks, TechniqueSet::ALL) {
                assert_sound(&step, marks, solution);
                *hits.entry(step.technique).or_default() += 1;
            }
        }
    }

    #[test]
    fn rectangles_and_loops_are_sound_on_random_states() {
        // The states on the way through the samples, thinned at random
        // (only candidates the solution does not use go).
        let engine = LogicSolver::new()
            .techniques(uniqueness_engine())
            .assume_unique(true);
        let mut next = random_words(0x1234_5678_9abc_def1);
        let mut hits = std::collections::BTreeMap::new();
        for (puzzle, solution) in sample_puzzles(6) {
            let mut marks = Candidates::from_grid(&puzzle);
            loop {
                for keep in [2, 5, 8] {
                    let mut state = marks.clone();
                    for candidate in marks.candidates() {
                        if solution.get(candidate.cell) != Some(candidate.digit)
                            && next() % 10 >= keep
                        {
                            state.eliminate(candidate.cell, candidate.digit);
                        }
                    }
                    check_finders(&state, &solution, &mut hits);
                }
                match engine.next_step(&marks) {
                    Some(step) => step.apply(&mut marks),
                    None => break,
                }
            }
        }
        use Technique::*;
        for technique in [
            UniqueRectangleType1,
            UniqueRectangleType2,
            UniqueRectangleType3,
            UniqueRectangleType4,
            UniqueLoopType1,
            UniqueLoopType2,
            UniqueLoopType4,
        ] {
            assert!(hits.get(&technique).copied().unwrap_or(0) > 0, "{hits:?}");
        }
    }

    #[test]
    fn bugs_are_sound_on_random_states() {
        // Near the end of the samples' solutions, with a few candidates added
        // back in one house (digits the cells' houses lack; the solution stays).
        let engine = LogicSolver::new()
            .techniques(uniqueness_engine())
            .assume_unique(true);
        let mut next = random_words(0x0ddb_a11c_afe5_eed5);
        let mut pick = |len: usize| (next() % len as u64) as usize;
        let mut hits = std::collections::BTreeMap::new();
        for (puzzle, solution) in sample_puzzles(1) {
            let mut marks = Candidates::from_grid(&puzzle);
            while let Some(step) = engine.next_step(&marks) {
                if matches!(step.technique, Technique::BugType1 | Technique::BugType2) {
                    for _ in 0..300 {
                        let house = House::new(pick(27)).unwrap();
                        let open: Vec<Cell> =
                            (marks.empty_cells() & house.cells()).iter().collect();
                        if open.is_empty() {
                            continue;
                        }
                        let mut sets: [Result<Digit, DigitSet>; 81] = std::array::from_fn(|i| {
                            let cell = Cell::new(i).unwrap();
                            marks.value(cell).ok_or(marks.get(cell))
                        });
                        for _ in 0..1 + pick(3) {
                            let cell = open[pick(open.len())];
                            let lacking = cell
                                .peers()
                                .iter()
                                .filter_map(|peer| marks.value(peer))
                                .fold(DigitSet::ALL, |set, digit| set.without(digit));
                            let Err(own) = sets[cell.index()] else {
                                continue;
                            };
                            let options: Vec<Digit> = (lacking - own).iter().collect();
                            if !options.is_empty() {
                                let digit = options[pick(options.len())];
                                sets[cell.index()] = Err(own.with(digit));
                            }
                        }
                        let state = Candidates::from_cells(sets);
                        check_finders(&state, &solution, &mut hits);
                    }
                }
                step.apply(&mut marks);
            }
        }
        use Technique::*;
        for technique in [BugType1, BugType2, BugType4] {
            assert!(hits.get(&technique).copied().unwrap_or(0) > 0, "{hits:?}");
        }
    }
}
