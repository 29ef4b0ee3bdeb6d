//! Sudoku Explainer's (SE 1.2.1) forcing chains below the nested ones,
//! reproduced closely enough to take the steps SE takes and rate them as SE
//! does: Nishio (7.5), multiple (cell and region, 8.0), dynamic (8.5) and
//! dynamic plus (9.0) forcing chains.
//!
//! SE reasons on candidates taken as true ("on") or false ("off"), each
//! remembering the ones it follows from (its parents). From an assumption a
//! branch derives, breadth first and every pending "on" before the next
//! "off":
//!
//! - an on makes off the other candidates of its cell (except in Nishio
//!   chains, which stay on one digit), then its digit in the other cells of
//!   its box, row and column, in that order;
//! - an off makes on the other candidate of its cell if it has two (except in
//!   Nishio chains), and the other place of its digit in its box, row or
//!   column if there are two;
//! - in dynamic chains (Nishio ones included) an off is then removed from the
//!   branch's marks, so "has two" counts what the branch removed before, and
//!   the on it gives rests on those removals too;
//! - in "plus" chains, whenever nothing is left to derive, the first of
//!   pointing and claiming, hidden pairs, naked pairs and X-wings that applies
//!   to the branch's marks and rests on some of the branch's removals makes
//!   off every candidate it removes.
//!
//! A branch stops at its first contradiction: a candidate both on and off.
//! The steps read from the branches:
//!
//! - dynamic and Nishio chains: an assumption whose branch contradicts itself
//!   is wrong (contradiction forcing chains);
//! - dynamic chains, from cells of three candidates or more: what both
//!   branches of a candidate reach holds (double forcing chains);
//! - all but Nishio chains: what the branches of every candidate of a cell
//!   reach holds, and so does what those of every place of a digit in a house
//!   reach (cell and region forcing chains). Static chains start only from
//!   cells of three candidates or more, and take a house only from the first
//!   of its places, when that is such a cell (as SE does).
//!
//! A step's complexity is the number of nodes each of its chains rests on,
//! the assumption included, added over its chains (a node shared by two
//! chains counts twice). Its rating is the level's base plus SE's length bonus
//! for the complexity less two. The step taken is SE's: the lowest complexity,
//! then double, cell, region and contradiction forcing chains in that order,
//! then the first found, cells row by row and digits up.
//!
//! What SE leaves to chance is fixed here: when a plus rule removes several
//! candidates, they are taken in cell order (SE takes them in the order of a
//! hash table of cells).

use std::collections::VecDeque;

use super::board::{cand, cells, digits, first_cell, Board, ALL_CELLS, CELL_HOUSES, HOUSES};
use super::probe::node;
use super::{text, Found, Kind};
use crate::logic::technique::chain_length_bonus;
use crate::logic::{Step, Technique};

/// The chaining levels reproduced here, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Level {
    /// Dynamic chains on one digit; contradictions only.
    Nishio,
    /// Static cell and region forcing chains.
    Multiple,
    /// Dynamic chains.
    Dynamic,
    /// Dynamic chains with pointing, claiming, pairs and X-wings.
    Plus,
}

impl Level {
    /// Whether a branch removes its offs from its marks.
    fn dynamic(self) -> bool {
        self != Level::Multiple
    }

    /// Whether links within a cell are followed.
    fn cell_links(self) -> bool {
        self != Level::Nishio
    }

    /// The technique of a step of this level and kind.
    fn technique(self, kind: Kind) -> Technique {
        match self {
            Level::Nishio => Technique::NishioForcingChain,
            Level::Multiple => match kind {
                Kind::Unit(..) => Technique::UnitForcingChain,
                _ => Technique::CellForcingChain,
            },
            Level::Dynamic => Technique::DynamicForcingChain,
            Level::Plus => Technique::DynamicForcingChainPlus,
        }
    }
}

/// Which kinds of steps a search may return.
#[derive(Clone, Copy, Debug)]
pub(super) struct Kinds {
    /// Contradictions, double, and cell forcing chains.
    pub cell: bool,
    /// Region (unit) forcing chains.
    pub unit: bool,
}

/// The easiest step of `level` in `root`, SE's choice.
pub(super) fn find(root: &Board, level: Level, kinds: Kinds) -> Option<Step> {
    let mut branch = Branch::new(level, root);
    let hint = branch.best_hint(kinds)?;
    Some(branch.write(hint))
}

/// The mark of an absent entry in [`Branch::index`].
const ABSENT: u16 = u16::MAX;
/// Node numbers: candidate times two, plus one for "on".
const NODES: usize = 1458;
/// Words of an ancestor set: one bit per node of a branch, its
/// contradiction's extra node included.
const WORDS: usize = (NODES + 1).div_ceil(64);

/// A cell's box, row and column, in the order SE visits them.
fn houses_of(cell: usize) -> [usize; 3] {
    let [row, column, bx] = CELL_HOUSES[cell];
    [usize::from(bx), usize::from(row), usize::from(column)]
}

/// Pairs of 0..9 in SE's order (colexicographic): (0,1), (0,2), (1,2), (0,3)...
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (1..9).flat_map(|high| (0..high).map(move |low| (low, high)))
}

/// A candidate step: what SE sorts its hints by, and what it concludes.
#[derive(Clone, Copy, Debug)]
struct Hint {
    complexity: usize,
    /// SE's order of kinds at equal complexity: double 1, cell 5, region 6,
    /// contradiction 7.
    order: u8,
    kind: Kind,
    conclusion: usize,
}

/// What one branch derived.
struct Outcome {
    /// The nodes derived, in order (not the contradiction's extra node).
    nodes: Vec<u16>,
    /// For each node, how many nodes it rests on (itself included); 0 when
    /// not derived.
    counts: Box<[u16]>,
    /// The contradiction's complexity, if the branch reached one.
    absurd: Option<usize>,
}

impl Outcome {
    fn count(&self, node: usize) -> usize {
        usize::from(self.counts[node])
    }
}

/// One branch at a time, SE's way, with the nodes each derived node rests on.
struct Branch {
    level: Level,
    root: Board,
    /// The root marks' digits of each cell.
    root_cells: [u16; 81],
    /// Cells with no digit placed.
    empty: u128,
    /// The branch's marks.
    cands: [u128; 9],
    cell_digits: [u16; 81],
    /// Each node's place in `nodes`, or [`ABSENT`].
    index: Vec<u16>,
    /// The nodes derived, in order; the contradiction's extra node last.
    nodes: Vec<u16>,
    /// Node `i`'s parents are `parents[starts[i]..starts[i + 1]]` (places).
    starts: Vec<u32>,
    parents: Vec<u16>,
    /// For each node, the set of places of the nodes it rests on.
    ancestors: Vec<u64>,
    /// The size of that set.
    counts: Vec<u16>,
    on_queue: VecDeque<u16>,
    off_queue: VecDeque<u16>,
    /// The contradiction: the places of its on and off nodes.
    absurd: Option<(u16, u16)>,
    /// Consequences not yet taken: node and range of `spare_parents`.
    spans: Vec<(u16, u32, u32)>,
    spare_parents: Vec<u16>,
    spare_nodes: Vec<u16>,
}

impl Branch {
    fn new(level: Level, root: &Board) -> Branch {
        Branch {
            level,
            root: *root,
            root_cells: std::array::from_fn(|cell| root.cell_digits(cell)),
            empty: ALL_CELLS & !root.filled(),
            cands: root.cands,
            cell_digits: [0; 81],
            index: vec![ABSENT; NODES],
            nodes: Vec::with_capacity(NODES + 1),
            starts: Vec::with_capacity(NODES + 2),
            parents: Vec::new(),
            ancestors: vec![0; (NODES + 1) * WORDS],
            counts: Vec::with_capacity(NODES + 1),
            on_queue: VecDeque::new(),
            off_queue: VecDeque::new(),
            absurd: None,
            spans: Vec::new(),
            spare_parents: Vec::new(),
            spare_nodes: Vec::new(),
        }
    }

    // ---- One branch ----

    /// Runs the branch assuming `start` (a node).
    fn run(&mut self, start: usize) {
        for &n in &self.nodes {
            self.index[usize::from(n)] = ABSENT;
        }
        self.nodes.clear();
        self.starts.clear();
        self.starts.push(0);
        self.parents.clear();
        self.counts.clear();
        self.on_queue.clear();
        self.off_queue.clear();
        self.absurd = None;
        self.cands = self.root.cands;
        self.cell_digits = self.root_cells;
        let first = self.commit(start, true);
        if start & 1 == 1 {
            self.on_queue.push_back(first);
        } else {
            self.off_queue.push_back(first);
        }
        loop {
            if let Some(p) = self.on_queue.pop_front() {
                self.on_to_off(p);
            } else if let Some(p) = self.off_queue.pop_front() {
                self.off_to_on(p);
            } else {
                break;
            }
            if self.absurd.is_some() {
                return;
            }
            if self.level == Level::Plus && self.on_queue.is_empty() && self.off_queue.is_empty() {
                self.advance();
            }
        }
    }

    /// Adds `node` with the parents pushed since the last node; `register`
    /// is false for a contradiction's extra node (SE does not keep it).
    fn commit(&mut self, node: usize, register: bool) -> u16 {
        let place = self.nodes.len();
        self.nodes.push(node as u16);
        self.starts.push(self.parents.len() as u32);
        if register {
            self.index[node] = place as u16;
        }
        let base = place * WORDS;
        let (before, own) = self.ancestors.split_at_mut(base);
        let own = &mut own[..place / 64 + 1];
        own.fill(0);
        own[place / 64] |= 1 << (place % 64);
        let (from, to) = (self.starts[place] as usize, self.starts[place + 1] as usize);
        for &parent in &self.parents[from..to] {
            let parent = usize::from(parent);
            let theirs = &before[parent * WORDS..parent * WORDS + parent / 64 + 1];
            for (word, &bits) in own.iter_mut().zip(theirs) {
                *word |= bits;
            }
        }
        let count: u32 = own.iter().map(|word| word.count_ones()).sum();
        self.counts.push(count as u16);
        place as u16
    }

    /// The place of `node`, if derived.
    fn place(&self, node: usize) -> Option<u16> {
        let place = self.index[node];
        (place != ABSENT).then_some(place)
    }

    /// The consequences of the on node at place `p`.
    fn on_to_off(&mut self, p: u16) {
        let candidate = usize::from(self.nodes[usize::from(p)]) / 2;
        let (cell, d) = (candidate / 9, candidate % 9);
        self.spare_nodes.clear();
        if self.level.cell_links() {
            for other in digits(self.cell_digits[cell] & !(1 << d)) {
                self.spare_nodes.push(node(cand(cell, other), false) as u16);
            }
        }
        let mut listed = 1u128 << cell;
        for house in houses_of(cell) {
            let places = self.cands[d] & HOUSES[house] & !listed;
            listed |= places;
            for peer in cells(places) {
                self.spare_nodes.push(node(cand(peer, d), false) as u16);
            }
        }
        for i in 0..self.spare_nodes.len() {
            let off = usize::from(self.spare_nodes[i]);
            if let Some(on) = self.place(off | 1) {
                self.parents.push(p);
                let extra = self.commit(off, false);
                self.absurd = Some((on, extra));
                return;
            }
            if self.place(off).is_none() {
                self.parents.push(p);
                let place = self.commit(off, true);
                self.off_queue.push_back(place);
            }
        }
    }

    /// The consequences of the off node at place `p`.
    fn off_to_on(&mut self, p: u16) {
        let candidate = usize::from(self.nodes[usize::from(p)]) / 2;
        let (cell, d) = (candidate / 9, candidate % 9);
        self.spans.clear();
        self.spare_parents.clear();
        let mask = self.cell_digits[cell];
        if self.level.cell_links() && mask.count_ones() == 2 {
            let other = (mask & !(1 << d)).trailing_zeros() as usize;
            let from = self.spare_parents.len() as u32;
            self.spare_parents.push(p);
            for gone in digits(self.root_cells[cell] & !mask) {
                self.push_parent(node(cand(cell, gone), false));
            }
            let to = self.spare_parents.len() as u32;
            self.spans
                .push((node(cand(cell, other), true) as u16, from, to));
        }
        for house in houses_of(cell) {
            let places = self.cands[d] & HOUSES[house];
            if places.count_ones() != 2 {
                continue;
            }
            let other = if places >> cell & 1 == 1 {
                first_cell(places & !(1 << cell))
            } else {
                first_cell(places)
            };
            let on = node(cand(other, d), true) as u16;
            if self.spans.iter().any(|&(n, ..)| n == on) {
                continue;
            }
            let from = self.spare_parents.len() as u32;
            self.spare_parents.push(p);
            for gone in cells(self.root.cands[d] & HOUSES[house] & !self.cands[d]) {
                self.push_parent(node(cand(gone, d), false));
            }
            let to = self.spare_parents.len() as u32;
            self.spans.push((on, from, to));
        }
        if self.level.dynamic() {
            self.cands[d] &= !(1 << cell);
            self.cell_digits[cell] &= !(1 << d);
        }
        for i in 0..self.spans.len() {
            let (on, from, to) = self.spans[i];
            let on = usize::from(on);
            let contradicted = self.place(on & !1);
            if contradicted.is_none() && self.place(on).is_some() {
                continue;
            }
            self.parents
                .extend_from_slice(&self.spare_parents[from as usize..to as usize]);
            match contradicted {
                Some(off) => {
                    let extra = self.commit(on, false);
                    self.absurd = Some((extra, off));
                    return;
                }
                None => {
                    let place = self.commit(on, true);
                    self.on_queue.push_back(place);
                }
            }
        }
    }

    /// Adds the place of derived `node` to the spare parents (every
    /// candidate a dynamic branch removed is a derived off node).
    fn push_parent(&mut self, node: usize) {
        if let Some(place) = self.place(node) {
            self.spare_parents.push(place);
        }
    }

    /// Plus chains, stuck: the removals of the first rule that applies.
    fn advance(&mut self) {
        self.spans.clear();
        self.spare_parents.clear();
        // A rule applies only if it rests on some removal of the branch:
        // where those are tells where to look.
        let removed: [u128; 9] = std::array::from_fn(|d| self.root.cands[d] & !self.cands[d]);
        let touched: [u16; 27] = std::array::from_fn(|house| {
            (0..9).fold(0, |all, d| {
                all | u16::from(removed[d] & HOUSES[house] != 0) << d
            })
        });
        let _ = self.locking(&removed, &touched)
            || self.hidden_pairs(&touched)
            || self.naked_pairs(&removed)
            || self.x_wings(&removed);
        for i in 0..self.spans.len() {
            let (off, from, to) = self.spans[i];
            let off = usize::from(off);
            if self.place(off).is_some() {
                continue;
            }
            self.parents
                .extend_from_slice(&self.spare_parents[from as usize..to as usize]);
            let place = self.commit(off, true);
            self.off_queue.push_back(place);
        }
    }

    /// Candidates of digit `d` in `mask` the branch removed, as parents;
    /// the range they take.
    fn removed_parents(&mut self, d: usize, mask: u128) -> (u32, u32) {
        let from = self.spare_parents.len() as u32;
        for cell in cells(self.root.cands[d] & !self.cands[d] & mask) {
            self.push_parent(node(cand(cell, d), false));
        }
        (from, self.spare_parents.len() as u32)
    }

    /// Offs for digit `d` in the cells of `mask`, resting on `range`.
    fn push_removals(&mut self, d: usize, mask: u128, (from, to): (u32, u32)) {
        for cell in cells(mask) {
            self.spans
                .push((node(cand(cell, d), false) as u16, from, to));
        }
    }

    /// Pointing and claiming: SE visits box-column, box-row, column-box and
    /// row-box pairs.
    fn locking(&mut self, removed: &[u128; 9], touched: &[u16; 27]) -> bool {
        const KINDS: [(usize, usize); 4] = [(18, 9), (18, 0), (9, 18), (0, 18)];
        let mut any = false;
        for (first, second) in KINDS {
            for i1 in 0..9 {
                if touched[first + i1] == 0 {
                    continue;
                }
                for i2 in 0..9 {
                    let (h1, h2) = (HOUSES[first + i1], HOUSES[second + i2]);
                    if h1 & h2 == 0 {
                        continue;
                    }
                    for d in digits(touched[first + i1]) {
                        if removed[d] & h1 & !h2 == 0 {
                            continue;
                        }
                        let places = self.cands[d] & h1;
                        if places.count_ones() <= 1 || places & !h2 != 0 {
                            continue;
                        }
                        let removable = self.cands[d] & h2 & !h1;
                        if removable == 0 {
                            continue;
                        }
                        let range = self.removed_parents(d, h1 & !h2);
                        if range.0 == range.1 {
                            continue;
                        }
                        self.push_removals(d, removable, range);
                        any = true;
                    }
                }
            }
        }
        any
    }

    /// Hidden pairs, in boxes, columns, then rows.
    fn hidden_pairs(&mut self, touched: &[u16; 27]) -> bool {
        let mut any = false;
        for house in (18..27).chain(9..18).chain(0..9) {
            let mask = HOUSES[house];
            if touched[house] == 0 || (mask & self.empty).count_ones() <= 4 {
                continue;
            }
            for (a, b) in pairs() {
                if touched[house] & ((1 << a) | (1 << b)) == 0 {
                    continue;
                }
                let (at_a, at_b) = (self.cands[a] & mask, self.cands[b] & mask);
                let both = at_a | at_b;
                if at_a.count_ones() <= 1 || at_b.count_ones() <= 1 || both.count_ones() != 2 {
                    continue;
                }
                let keep = (1u16 << a) | (1 << b);
                if cells(both).all(|cell| self.cell_digits[cell] & !keep == 0) {
                    continue;
                }
                let from = self.spare_parents.len() as u32;
                for cell in cells(mask & !both) {
                    for d in [a, b] {
                        if self.root.cands[d] >> cell & 1 == 1 {
                            self.push_parent(node(cand(cell, d), false));
                        }
                    }
                }
                let to = self.spare_parents.len() as u32;
                if from == to {
                    continue;
                }
                for cell in cells(both) {
                    for d in digits(self.cell_digits[cell] & !keep) {
                        self.spans
                            .push((node(cand(cell, d), false) as u16, from, to));
                    }
                }
                any = true;
            }
        }
        any
    }

    /// Naked pairs, in boxes, columns, then rows.
    fn naked_pairs(&mut self, removed: &[u128; 9]) -> bool {
        let changed = removed.iter().fold(0, |all, plane| all | plane);
        let mut any = false;
        for house in (18..27).chain(9..18).chain(0..9) {
            let mask = HOUSES[house];
            if mask & changed == 0 || (mask & self.empty).count_ones() < 4 {
                continue;
            }
            let mut members = [0usize; 9];
            for (slot, cell) in members.iter_mut().zip(cells(mask)) {
                *slot = cell;
            }
            for (i, j) in pairs() {
                let (first, second) = (members[i], members[j]);
                if ((1 << first) | (1 << second)) & changed == 0 {
                    continue;
                }
                let (m1, m2) = (self.cell_digits[first], self.cell_digits[second]);
                let pair = m1 | m2;
                if m1.count_ones() <= 1 || m2.count_ones() <= 1 || pair.count_ones() != 2 {
                    continue;
                }
                let others = mask & !(1 << first) & !(1 << second);
                if cells(others).all(|cell| self.cell_digits[cell] & pair == 0) {
                    continue;
                }
                let from = self.spare_parents.len() as u32;
                for cell in [first, second] {
                    for d in digits(self.root_cells[cell] & !pair) {
                        self.push_parent(node(cand(cell, d), false));
                    }
                }
                let to = self.spare_parents.len() as u32;
                if from == to {
                    continue;
                }
                for cell in cells(others) {
                    for d in digits(self.cell_digits[cell] & pair) {
                        self.spans
                            .push((node(cand(cell, d), false) as u16, from, to));
                    }
                }
                any = true;
            }
        }
        any
    }

    /// X-wings: base columns first, then base rows.
    fn x_wings(&mut self, removed: &[u128; 9]) -> bool {
        let mut any = false;
        for (base, cover) in [(9, 0), (0, 9)] {
            for (i, j) in pairs() {
                let lines = HOUSES[base + i] | HOUSES[base + j];
                for (d, &gone) in removed.iter().enumerate() {
                    if gone & lines == 0 {
                        continue;
                    }
                    let placed = self.root.placed[d].count_ones();
                    if placed + 4 > 9 {
                        continue;
                    }
                    let at = |line: usize| cover_indexes(self.cands[d] & HOUSES[base + line], base);
                    let (at_i, at_j) = (at(i), at(j));
                    let both = at_i | at_j;
                    if at_i.count_ones() <= 1 || at_j.count_ones() <= 1 || both.count_ones() != 2 {
                        continue;
                    }
                    let covers = digits(both).fold(0u128, |all, k| all | HOUSES[cover + k]);
                    let removable = self.cands[d] & covers & !lines;
                    if removable == 0 {
                        continue;
                    }
                    let range = self.removed_parents(d, lines & !covers);
                    if range.0 == range.1 {
                        continue;
                    }
                    self.push_removals(d, removable, range);
                    any = true;
                }
            }
        }
        any
    }

    /// The outcome of the last branch.
    fn outcome(&self) -> Outcome {
        let registered = self.nodes.len() - usize::from(self.absurd.is_some());
        let mut counts = vec![0u16; NODES].into_boxed_slice();
        for (&n, &count) in self.nodes[..registered].iter().zip(&self.counts) {
            counts[usize::from(n)] = count;
        }
        Outcome {
            nodes: self.nodes[..registered].to_vec(),
            counts,
            absurd: self.absurd.map(|(on, off)| {
                usize::from(self.counts[usize::from(on)])
                    + usize::from(self.counts[usize::from(off)])
            }),
        }
    }

    /// The nodes the node at `place` rests on, in the order derived.
    fn ancestors(&self, place: u16) -> Vec<usize> {
        let place = usize::from(place);
        let words = &self.ancestors[place * WORDS..place * WORDS + place / 64 + 1];
        let mut out = Vec::new();
        for (w, &word) in words.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                out.push(usize::from(self.nodes[i]));
            }
        }
        out
    }

    // ---- The steps ----

    /// SE's choice among the level's steps.
    fn best_hint(&mut self, kinds: Kinds) -> Option<Hint> {
        let level = self.level;
        let mut on_runs: Vec<Option<Outcome>> = Vec::new();
        on_runs.resize_with(729, || None);
        let mut best: Option<Hint> = None;
        let mut consider = |hint: Hint| {
            if best.is_none_or(|b| (hint.complexity, hint.order) < (b.complexity, b.order)) {
                best = Some(hint);
            }
        };
        for cell in cells(self.empty) {
            let mask = self.root_cells[cell];
            let size = mask.count_ones();
            if !(size > 2 || (size > 1 && level.dynamic())) {
                continue;
            }
            for d in digits(mask) {
                let c = cand(cell, d);
                self.ensure(&mut on_runs, c);
                let contradictions = level.dynamic() && kinds.cell;
                let doubles =
                    size >= 3 && matches!(level, Level::Dynamic | Level::Plus) && kinds.cell;
                if contradictions || doubles {
                    self.run(node(c, false));
                    let off = self.outcome();
                    let on = on_runs[c].as_ref().expect("ensured");
                    if contradictions {
                        if let Some(complexity) = on.absurd {
                            consider(Hint {
                                complexity,
                                order: 7,
                                kind: Kind::Contradiction(node(c, true)),
                                conclusion: node(c, false),
                            });
                        }
                        if let Some(complexity) = off.absurd {
                            consider(Hint {
                                complexity,
                                order: 7,
                                kind: Kind::Contradiction(node(c, false)),
                                conclusion: node(c, true),
                            });
                        }
                    }
                    if doubles {
                        // SE takes the ons first, then the offs.
                        for polarity in [1, 0] {
                            for &n in &on.nodes {
                                let n = usize::from(n);
                                if n & 1 != polarity || off.count(n) == 0 || !self.worth(n) {
                                    continue;
                                }
                                consider(Hint {
                                    complexity: on.count(n) + off.count(n),
                                    order: 1,
                                    kind: Kind::Double(c),
                                    conclusion: n,
                                });
                            }
                        }
                    }
                }
                if level != Level::Nishio && kinds.unit {
                    for house in houses_of(cell) {
                        let places = self.root.cands[d] & HOUSES[house];
                        let size = places.count_ones();
                        // A house is taken from its first place only.
                        if size < 2 || first_cell(places) != cell {
                            continue;
                        }
                        let sources: Vec<usize> = cells(places).map(|p| cand(p, d)).collect();
                        for &source in &sources {
                            self.ensure(&mut on_runs, source);
                        }
                        let runs: Vec<&Outcome> = sources
                            .iter()
                            .map(|&s| on_runs[s].as_ref().expect("ensured"))
                            .collect();
                        for hint in self.common(&runs, 6, Kind::Unit(house, d)) {
                            consider(hint);
                        }
                    }
                }
            }
            if level != Level::Nishio && kinds.cell {
                let runs: Vec<&Outcome> = digits(mask)
                    .map(|d| on_runs[cand(cell, d)].as_ref().expect("ensured"))
                    .collect();
                for hint in self.common(&runs, 5, Kind::Cell(cell)) {
                    consider(hint);
                }
            }
        }
        best
    }

    /// Runs the on branch of candidate `c` unless already done.
    fn ensure(&mut self, on_runs: &mut [Option<Outcome>], c: usize) {
        if on_runs[c].is_none() {
            self.run(node(c, true));
            on_runs[c] = Some(self.outcome());
        }
    }

    /// Whether concluding `n` changes the marks (SE's "worth"): an on node
    /// must leave something to remove in its cell.
    fn worth(&self, n: usize) -> bool {
        let (cell, d) = (n / 2 / 9, n / 2 % 9);
        n & 1 == 0 || self.root_cells[cell] & !(1 << d) != 0
    }

    /// The nodes every branch of `runs` derived, ons first, in the order of
    /// the first branch, as steps of `kind`.
    fn common(&self, runs: &[&Outcome], order: u8, kind: Kind) -> Vec<Hint> {
        let mut hints = Vec::new();
        let Some((first, rest)) = runs.split_first() else {
            return hints;
        };
        for polarity in [1, 0] {
            for &n in &first.nodes {
                let n = usize::from(n);
                if n & 1 != polarity || rest.iter().any(|run| run.count(n) == 0) || !self.worth(n) {
                    continue;
                }
                hints.push(Hint {
                    complexity: runs.iter().map(|run| run.count(n)).sum(),
                    order,
                    kind,
                    conclusion: n,
                });
            }
        }
        hints
    }

    /// The step of `hint`: its branches run again for their chains.
    fn write(&mut self, hint: Hint) -> Step {
        let technique = self.level.technique(hint.kind);
        let difficulty = technique
            .base_difficulty()
            .plus(chain_length_bonus(hint.complexity.saturating_sub(2)));
        let mut chains = Vec::new();
        let mut what = String::new();
        match hint.kind {
            Kind::Contradiction(source) => {
                self.run(source);
                let (on, off) = self.absurd.expect("the branch contradicts itself again");
                chains.push(self.ancestors(on));
                chains.push(self.ancestors(off));
                let c = super::board::candidate(usize::from(self.nodes[usize::from(on)]) / 2);
                what = format!("{} would both be and not be {}", c.cell, c.digit);
            }
            kind => {
                for branch in super::branches(&self.root, kind) {
                    self.run(branch);
                    let place = self
                        .place(hint.conclusion)
                        .expect("the branch reaches it again");
                    chains.push(self.ancestors(place));
                }
            }
        }
        let found = Found {
            technique,
            difficulty,
            complexity: hint.complexity,
            kind: hint.kind,
            conclusion: hint.conclusion,
        };
        text::compose(&self.root, found, chains, &what, String::new()).0
    }
}

/// The lines crossing `places` (cells of one line of kind `base`): for
/// columns (9) the rows, for rows (0) the columns, as bits.
fn cover_indexes(places: u128, base: usize) -> u16 {
    cells(places).fold(0u16, |all, cell| {
        all | 1 << if base == 9 { cell / 9 } else { cell % 9 }
    })
}
