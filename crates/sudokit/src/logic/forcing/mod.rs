//! Forcing chains, the engine's last resort: Nishio, cell and unit, dynamic
//! (plain and "plus") and nested forcing chains, tried in that order, the
//! first level that finds anything giving the step.
//!
//! The levels up to "plus" are Sudoku Explainer's (SE) own, reproduced in
//! [`chaining`] so that they take the steps SE takes and rate them as SE
//! does (a step's complexity is the number of nodes its chains rest on):
//! Nishio chains (7.5) are dynamic contradictions on one digit; static cell
//! and region forcing chains (8.0) follow the root marks' links; dynamic
//! chains (8.5) use the branch's own removals and add contradictions and
//! double forcing chains; "plus" (9.0) adds pointing, claiming, pairs and
//! X-wings on the branch's marks.
//!
//! The nested levels are this engine's own (SE's nest whole chaining rules,
//! far too slow to reproduce): they propagate on bit masks ([`probe`]);
//! nested level `k` (9.5 + 0.5 per level past the first) places singles,
//! applies pointing and claiming, and, whenever the branch is stuck, removes
//! each candidate whose own branch of the level below (`k - 1`, or singles
//! and locked candidates for level 1) contradicts itself.
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
mod chaining;
mod oracle;
mod probe;
mod tables;
#[cfg(test)]
mod tests;
mod text;

use std::rc::Rc;

use self::board::{cells, digits, Board, HOUSES};
use self::chaining::{Kinds, Level};
use self::probe::{node, Mode, Probe};
use super::technique::chain_length_bonus;
use super::{Difficulty, Step, Technique, TechniqueSet};
use crate::candidates::Candidates;

/// The easiest allowed forcing chain: the levels in Sudoku Explainer's
/// order (Nishio, multiple, dynamic, plus, nested), the first that finds
/// anything giving the step.
pub(super) fn find(marks: &Candidates, allowed: TechniqueSet) -> Option<Step> {
    let root = Board::from_marks(marks);
    let every = Kinds {
        cell: true,
        unit: true,
    };
    if allowed.contains(Technique::NishioForcingChain) {
        if let Some(step) = chaining::find(&root, Level::Nishio, every) {
            return Some(step);
        }
    }
    let statics = Kinds {
        cell: allowed.contains(Technique::CellForcingChain),
        unit: allowed.contains(Technique::UnitForcingChain),
    };
    if statics.cell || statics.unit {
        if let Some(step) = chaining::find(&root, Level::Multiple, statics) {
            return Some(step);
        }
    }
    if allowed.contains(Technique::DynamicForcingChain) {
        if let Some(step) = chaining::find(&root, Level::Dynamic, every) {
            return Some(step);
        }
    }
    if allowed.contains(Technique::DynamicForcingChainPlus) {
        if let Some(step) = chaining::find(&root, Level::Plus, every) {
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

/// The technique and difficulty of a nested step of `level` whose chains
/// hold `complexity` nodes.
fn rate(level: u8, complexity: usize) -> (Technique, Difficulty) {
    let technique = Technique::NestedForcingChain;
    let extra = 5 * u16::from(level - 1);
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
        let bound = rate(level, probe.support_bound(&parents)).1;
        if easiest.is_some_and(|easiest| bound > easiest) {
            continue;
        }
        // (Marks with no solution may contradict without the assumption: any
        // removal is then sound, and one is needed to end the search.)
        let (complexity, _) = probe.support(&parents);
        let (technique, difficulty) = rate(level, complexity);
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
