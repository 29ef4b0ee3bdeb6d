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
//! The nested levels propagate on bit masks ([`probe`]), not as SE does
//! (SE nests whole chaining rules, far too slow to reproduce): nested level
//! `k` places singles, applies pointing and claiming, and, whenever the
//! branch is stuck, removes each candidate whose own branch of the level
//! below (`k - 1`, or singles, with locked candidates or not, for level 1)
//! contradicts itself.
//!
//! They are rated as SE rates its nested chains. SE's nested levels 2 to 5
//! (9.5, 10.0, 10.5, 11.0) nest forcing chains, multiple forcing chains,
//! dynamic forcing chains and nested chains in turn; level 1 here runs as
//! three passes, the first that finds anything giving the step, with inner
//! branches of those strengths: branches of links ([`links`], whose chains
//! are forcing or multiple forcing chains, each step rated by the hardest it
//! uses), branches of singles (dynamic chains), then branches with locked
//! candidates (nested chains); deeper levels start at 11.0. A step's
//! complexity is, as in SE, the nodes its chain rests on plus the complexity
//! of each distinct inner chain they use.
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
//! - branches tried inside a branch keep no causes: branches of links are
//!   tried by a quick test ([`links`]), the others settled from root tables
//!   of their strength when possible ([`tables`]), and the facts an inner
//!   branch used, its shape and its complexity are found only for the proofs
//!   a chain ends up showing;
//! - at level 1 every removal as easy as the easiest goes into the one step
//!   (one chain each), which saves whole searches on the hardest puzzles;
//!   level 2 and deeper, which only safeguard completeness, take the first
//!   contradiction found.

mod board;
mod chaining;
mod links;
mod oracle;
mod probe;
mod tables;
#[cfg(test)]
mod tests;
mod text;

use std::rc::Rc;

use self::board::{cells, digits, Board, HOUSES};
use self::chaining::{Kinds, Level};
use self::probe::{node, Mode, Probe, Shape};
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
/// hold `complexity` nodes (inner chains included) and whose inner chains
/// have at most `shape`.
///
/// At level 1 the base is Sudoku Explainer's for the level whose nested rule
/// finds such inner chains: 9.5 for forcing chains, 10.0 for multiple, 10.5
/// for dynamic and 11.0 for nested ones; deeper levels, whose inner chains
/// are nested, start at 11.0, 0.5 more per level. The length bonus is SE's,
/// for the complexity less two.
fn rate(level: u8, complexity: usize, shape: probe::Shape) -> (Technique, Difficulty) {
    let technique = Technique::NestedForcingChain;
    let extra = if level <= 1 {
        5 * shape as u16
    } else {
        15 + 5 * u16::from(level - 2)
    };
    let difficulty = technique
        .base_difficulty()
        .plus(extra + chain_length_bonus(complexity.saturating_sub(2)));
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
    // Level 1 is tried as Sudoku Explainer tries its nested levels 2 to 5,
    // inner chains of the easiest shape first: links (forcing and multiple
    // forcing chains), then singles (dynamic chains) and last plus branches
    // (nested chains), each with the root tables of its inner branches but
    // the first, whose branches are quicker to run than to look up.
    if let Some(step) = nested_level(root, 1, Shape::Multiple, &targets, None) {
        return Some(step);
    }
    let singles = Rc::new(tables::RootTables::new(root, Mode::Singles));
    if let Some(step) = nested_level(root, 1, Shape::Dynamic, &targets, Some(&singles)) {
        return Some(step);
    }
    let tables = Rc::new(tables::RootTables::new(root, Mode::Plus));
    // Level n, the number of empty cells, always succeeds (see the module's
    // documentation): the loop cannot end without a step.
    let empty_cells = (board::ALL_CELLS & !root.filled()).count_ones();
    (1..=empty_cells.clamp(1, 81) as u8)
        .find_map(|level| nested_level(root, level, Shape::Nested, &targets, Some(&tables)))
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

/// Nested level `level` on `targets`, its inner chains no harder than
/// `cap`: at level 1 every contradiction of the lowest difficulty, in one
/// step; deeper, the first found.
fn nested_level(
    root: &Board,
    level: u8,
    cap: Shape,
    targets: &[usize],
    tables: Option<&Rc<tables::RootTables>>,
) -> Option<Step> {
    let mode = Mode::Nested(level);
    let mut probe = Probe::new(mode, *root);
    probe.tables = tables.cloned();
    probe.cap = cap;
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
        // The first pass takes static and multiple inner chains alike, and
        // rates each step by the hardest it uses.
        let least = if cap == Shape::Multiple {
            Shape::Static
        } else {
            cap
        };
        let bound = rate(level, probe.complexity_bound(&parents), least).1;
        if easiest.is_some_and(|easiest| bound > easiest) {
            continue;
        }
        // (Marks with no solution may contradict without the assumption: any
        // removal is then sound, and one is needed to end the search.)
        let complexity = probe.complexity(&parents);
        let shape = if cap == Shape::Multiple {
            probe.used_shape(&parents)
        } else {
            cap
        };
        let (technique, difficulty) = rate(level, complexity, shape);
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
