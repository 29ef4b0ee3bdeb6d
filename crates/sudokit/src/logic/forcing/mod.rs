//! Forcing chains, the engine's last resort: cell and unit forcing chains,
//! dynamic forcing chains (plain and "plus"), and nested forcing chains.
//!
//! Everything is read from tables, as in Trebor's tables: for every candidate,
//! the branch that takes it as true and the branch that takes it as false are
//! propagated once (on bit masks, see [`probe`]), and the steps are read from
//! what they reach:
//!
//! - a branch that contradicts itself proves its assumption wrong;
//! - a conclusion both branches of a candidate reach holds (double implication);
//! - a conclusion every candidate of a cell leads to holds (cell forcing), and
//!   so does one every place of a digit in a house leads to (unit forcing).
//!
//! The levels differ in how a branch propagates: static chains (cell and unit
//! forcing chains, 8.0) follow only the root marks' strong links; dynamic ones
//! (8.5) place the singles of the branch's own marks; "plus" (9.0) adds
//! pointing and claiming; nested level `k` (9.5 + 0.5 per level past the
//! first) adds, whenever the branch is stuck, the removal of each candidate
//! whose own branch of the level below (`k - 1`, or "plus" for level 1)
//! contradicts itself. The first level that finds anything gives the step: the
//! one of lowest difficulty there (the base plus Sudoku Explainer's length
//! bonus for the number of nodes over all its chains), placements first on a
//! tie, then shorter chains, then a fixed order. Static contradictions and
//! double implications count as cell forcing chains.
//!
//! Nesting makes the search complete. In marks with no solution, a branch of
//! level `n` (`n` the number of empty cells) always reaches a contradiction:
//! stuck, it tries every candidate of some cell one level down, each of which
//! fails by the same argument on one empty cell fewer. So a false candidate of
//! a puzzle with one solution is always removed at some level and every such
//! puzzle is solved; the loop over levels stops at the number of empty cells,
//! a cap it can never pass. In practice level 1 is the deepest the sample
//! collections need, the forum's hardest lists included.
//!
//! The nested levels are built for that guarantee and for speed:
//!
//! - they look only for contradictions of branches that take a candidate as
//!   true, and only for candidates in no solution (found first by a small
//!   search, [`oracle`]): no other branch can contradict itself, so this
//!   changes no step, only the time spent;
//! - branches tried inside a branch are settled from the root tables when
//!   possible ([`tables`]), and the facts they used are found only for the
//!   proofs a chain ends up showing;
//! - at level 1 every removal as easy as the easiest goes into the one step
//!   (one chain each), which saves whole searches on the hardest puzzles;
//!   level 2 and deeper, which only safeguard completeness, take the first
//!   contradiction found.

mod board;
mod oracle;
mod probe;
mod tables;
#[cfg(test)]
mod tests;
mod text;

use std::cmp::Ordering;
use std::rc::Rc;

use self::board::{cells, digits, Board, HOUSES};
use self::probe::{node, Mode, Probe};
use super::technique::chain_length_bonus;
use super::{Difficulty, Step, Technique, TechniqueSet};
use crate::candidates::Candidates;

/// The easiest allowed forcing chain.
pub(super) fn find(marks: &Candidates, allowed: TechniqueSet) -> Option<Step> {
    let root = Board::from_marks(marks);
    let cell_kinds = allowed.contains(Technique::CellForcingChain);
    let unit_kinds = allowed.contains(Technique::UnitForcingChain);
    if cell_kinds || unit_kinds {
        if let Some(step) = tabled(&root, Mode::Static, cell_kinds, unit_kinds) {
            return Some(step);
        }
    }
    if allowed.contains(Technique::DynamicForcingChain) {
        if let Some(step) = tabled(&root, Mode::Dynamic, true, true) {
            return Some(step);
        }
    }
    if allowed.contains(Technique::DynamicForcingChainPlus) {
        if let Some(step) = tabled(&root, Mode::Plus, true, true) {
            return Some(step);
        }
    }
    if allowed.contains(Technique::NestedForcingChain) {
        return nested(&root);
    }
    None
}

/// What a forcing step rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    /// The branch of this node contradicts itself.
    Contradiction(usize),
    /// Both branches of this candidate reach the conclusion.
    Double(usize),
    /// Every candidate of this cell leads to the conclusion.
    Cell(usize),
    /// Every place of this digit (0-based) in this house leads to the conclusion.
    Unit(usize, usize),
}

/// A step found, before it is written out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Found {
    technique: Technique,
    difficulty: Difficulty,
    /// Total number of nodes over the step's chains.
    complexity: usize,
    kind: Kind,
    /// The node concluded: a candidate made true or false.
    conclusion: usize,
}

impl Found {
    /// Easier first; then placements before eliminations, shorter chains,
    /// and a fixed order of kinds, sources and conclusions.
    fn rank(&self) -> impl Ord {
        (
            self.difficulty,
            self.conclusion & 1 == 0,
            self.complexity,
            self.kind,
            self.conclusion,
        )
    }
}

fn better(candidate: Found, best: Option<Found>) -> Option<Found> {
    match best {
        Some(best) if best.rank().cmp(&candidate.rank()) != Ordering::Greater => Some(best),
        _ => Some(candidate),
    }
}

/// The technique and difficulty of a step of `mode` of `kind` whose chains
/// hold `complexity` nodes.
fn rate(mode: Mode, kind: Kind, complexity: usize) -> (Technique, Difficulty) {
    let (technique, extra) = match mode {
        Mode::Static => match kind {
            Kind::Unit(..) => (Technique::UnitForcingChain, 0),
            _ => (Technique::CellForcingChain, 0),
        },
        Mode::Dynamic => (Technique::DynamicForcingChain, 0),
        Mode::Plus => (Technique::DynamicForcingChainPlus, 0),
        Mode::Nested(level) => (Technique::NestedForcingChain, 5 * u16::from(level - 1)),
    };
    let difficulty = technique
        .base_difficulty()
        .plus(extra + chain_length_bonus(complexity));
    (technique, difficulty)
}

/// The branches a step of `kind` rests on.
fn branches(root: &Board, kind: Kind) -> Vec<usize> {
    match kind {
        Kind::Contradiction(source) => vec![source],
        Kind::Double(candidate) => vec![node(candidate, true), node(candidate, false)],
        Kind::Cell(cell) => digits(root.cell_digits(cell))
            .map(|d| node(board::cand(cell, d), true))
            .collect(),
        Kind::Unit(house, d) => cells(root.cands[d] & HOUSES[house])
            .map(|cell| node(board::cand(cell, d), true))
            .collect(),
    }
}

/// One level read from its tables: the easiest step, if any. `cell_kinds`
/// allows contradictions, double implications and cell forcing, `unit_kinds`
/// unit forcing.
fn tabled(root: &Board, mode: Mode, cell_kinds: bool, unit_kinds: bool) -> Option<Step> {
    let mut probe = Probe::new(mode, *root);
    let list = root.candidate_list();
    // Index of each candidate in `list`, for the tables.
    let mut slot = vec![usize::MAX; 729];
    for (i, &c) in list.iter().enumerate() {
        slot[c] = i;
    }
    let mut tables: Vec<([u128; 9], [u128; 9])> = Vec::with_capacity(list.len() * 2);
    let mut dead = vec![false; list.len() * 2];
    let mut best: Option<Found> = None;
    // The tables need no causes: the few branches read later run again.
    probe.track = false;
    for (i, &c) in list.iter().enumerate() {
        for on in [true, false] {
            let assumption = node(c, on);
            probe.run(root, assumption);
            tables.push(probe.tables());
            if probe.conflict.is_some() {
                dead[i * 2 + usize::from(!on)] = true;
                if cell_kinds {
                    probe.track = true;
                    probe.run(root, assumption);
                    probe.track = false;
                    let parents = probe.conflict_parents();
                    let (complexity, assumed) = probe.support(&parents);
                    if !assumed {
                        continue;
                    }
                    let kind = Kind::Contradiction(assumption);
                    let (technique, difficulty) = rate(mode, kind, complexity);
                    best = better(
                        Found {
                            technique,
                            difficulty,
                            complexity,
                            kind,
                            conclusion: assumption ^ 1,
                        },
                        best,
                    );
                }
            }
        }
    }
    let table_of = |n: usize| slot[n / 2] * 2 + usize::from(n & 1 == 0);
    // Sources and the conclusions all their branches share.
    let mut sources: Vec<(Kind, [u128; 9], [u128; 9])> = Vec::new();
    let mut common = |kind: Kind, branch_nodes: &[usize]| {
        if branch_nodes.len() < 2 || branch_nodes.iter().any(|&n| dead[table_of(n)]) {
            return;
        }
        let mut on = [board::ALL_CELLS; 9];
        let mut off = on;
        for &n in branch_nodes {
            let (t_on, t_off) = &tables[table_of(n)];
            for d in 0..9 {
                on[d] &= t_on[d];
                off[d] &= t_off[d];
            }
        }
        if on.iter().chain(off.iter()).any(|&m| m != 0) {
            sources.push((kind, on, off));
        }
    };
    if cell_kinds {
        for &c in &list {
            common(Kind::Double(c), &branches(root, Kind::Double(c)));
        }
        for cell in cells(board::ALL_CELLS & !root.filled()) {
            common(Kind::Cell(cell), &branches(root, Kind::Cell(cell)));
        }
    }
    if unit_kinds {
        for (d, placed) in root.placed.iter().enumerate() {
            for (house, &cells) in HOUSES.iter().enumerate() {
                if placed & cells == 0 {
                    let kind = Kind::Unit(house, d);
                    common(kind, &branches(root, kind));
                }
            }
        }
    }
    probe.track = true;
    for (kind, on, off) in sources {
        let mut conclusions: Vec<usize> = Vec::new();
        for d in 0..9 {
            conclusions.extend(cells(on[d]).map(|cell| node(board::cand(cell, d), true)));
            conclusions.extend(cells(off[d]).map(|cell| node(board::cand(cell, d), false)));
        }
        // Total nodes over the branches; none if some branch reaches the
        // conclusion without its assumption.
        let mut sizes = vec![Some(0usize); conclusions.len()];
        for branch in branches(root, kind) {
            probe.run(root, branch);
            for (size, &conclusion) in sizes.iter_mut().zip(&conclusions) {
                if let Some(total) = size {
                    let (count, assumed) = probe.support(&[conclusion]);
                    *size = assumed.then_some(*total + count);
                }
            }
        }
        for (&conclusion, &size) in conclusions.iter().zip(&sizes) {
            let Some(complexity) = size else {
                continue;
            };
            let (technique, difficulty) = rate(mode, kind, complexity);
            best = better(
                Found {
                    technique,
                    difficulty,
                    complexity,
                    kind,
                    conclusion,
                },
                best,
            );
        }
    }
    best.map(|found| text::write_step(root, &mut probe, found))
}

/// The nested levels, from 1 up: the easiest contradiction of a branch that
/// takes a candidate in no solution as true.
fn nested(root: &Board) -> Option<Step> {
    let targets = targets(root);
    if targets.is_empty() {
        return None;
    }
    let tables = Rc::new(tables::RootTables::new(root));
    // Level n, the number of empty cells, always succeeds (see the module's
    // documentation): the loop cannot end without a step.
    let empty_cells = (board::ALL_CELLS & !root.filled()).count_ones();
    (1..=empty_cells.clamp(1, 81) as u8)
        .find_map(|level| nested_level(root, level, &targets, &tables))
}

/// The candidates of `root` in no solution: the only ones a contradiction
/// can remove.
fn targets(root: &Board) -> Vec<usize> {
    let eliminable = oracle::eliminable(root);
    root.candidate_list()
        .into_iter()
        .filter(|&c| eliminable[c % 9] >> (c / 9) & 1 == 1)
        .collect()
}

/// Nested level `level` on `targets`: at level 1 every contradiction of the
/// lowest difficulty, in one step; deeper, the first found.
fn nested_level(
    root: &Board,
    level: u8,
    targets: &[usize],
    tables: &Rc<tables::RootTables>,
) -> Option<Step> {
    let mode = Mode::Nested(level);
    let mut probe = Probe::new(mode, *root);
    probe.tables = Some(Rc::clone(tables));
    let mut found: Vec<Found> = Vec::new();
    for &c in targets {
        let assumption = node(c, true);
        probe.run(root, assumption);
        if probe.conflict.is_none() {
            continue;
        }
        let parents = probe.conflict_parents();
        let kind = Kind::Contradiction(assumption);
        // Reading the nested proofs costs: skip it when even a lower bound
        // of the chain's length rates this one above the easiest so far.
        let easiest = found.iter().map(|f| f.difficulty).min();
        let bound = rate(mode, kind, probe.support_bound(&parents)).1;
        if easiest.is_some_and(|easiest| bound > easiest) {
            continue;
        }
        // (Marks with no solution may contradict without the assumption: any
        // removal is then sound, and one is needed to end the search.)
        let (complexity, _) = probe.support(&parents);
        let (technique, difficulty) = rate(mode, kind, complexity);
        found.push(Found {
            technique,
            difficulty,
            complexity,
            kind,
            conclusion: assumption ^ 1,
        });
        if level >= 2 {
            break;
        }
    }
    let easiest = found.iter().map(|f| f.difficulty).min()?;
    found.retain(|f| f.difficulty == easiest);
    found.sort_by_key(Found::rank);
    text::write_bundle(root, &mut probe, &found)
}
