//! Forcing chains, the engine's last resort: cell and unit forcing chains,
//! dynamic forcing chains (plain and "plus"), and nested forcing chains.
//!
//! Everything is read from tables, as in Trebor's tables: for every candidate,
//! the branch that takes it as true and the branch that takes it as false are
//! propagated once (on bit masks), and the steps are read from them:
//!
//! - a branch that contradicts itself proves its assumption wrong;
//! - a conclusion both branches of a candidate reach holds (double implication);
//! - a conclusion every candidate of a cell leads to holds (cell forcing), and
//!   so does one every place of a digit in a house leads to (unit forcing).
//!
//! The levels differ in how a branch propagates: static chains follow only the
//! root marks' strong links; dynamic ones place the singles of the branch's own
//! marks; "plus" adds pointing and claiming; nested level `k` adds, whenever
//! the branch is stuck, the removal of every candidate whose own branch of the
//! level below (`k - 1`, or "plus" for level 1) contradicts itself.
//!
//! Nesting makes the search complete: in marks with no solution, a branch of
//! level `n` (`n` the number of empty cells) always reaches a contradiction,
//! because it tries every candidate of some cell one level down. So a false
//! candidate of a puzzle with one solution is always removed at some level,
//! and every such puzzle is solved. In practice level 1 is the deepest the
//! sample collections (the forum's hardest included) need; the loop over
//! levels stops at the number of empty cells, which it can never pass.
//!
//! The nested levels look only for contradictions of branches that take a
//! candidate as true, and only for candidates in no solution (found by a
//! small search first): no other branch can end in a contradiction, so this
//! changes no step, only the time spent. Level 1 keeps the step with the
//! shortest chain; level 2 and deeper, which only safeguard completeness,
//! take the first contradiction found.

mod board;
mod oracle;
mod probe;
mod tables;
#[cfg(test)]
mod tests;

use std::cmp::Ordering;

use self::board::{candidate, cell_of, cells, digit_of, digits, Board, HOUSES};
use self::probe::{node, Conflict, Mode, Probe};
use super::step::{Chain, ChainNode};
use super::technique::chain_length_bonus;
use super::{Difficulty, Step, Technique, TechniqueSet};
use crate::candidates::Candidates;
use crate::geometry::House;
use crate::sets::DigitSet;

/// The easiest allowed forcing chain.
pub(crate) static PROFILE: [std::sync::atomic::AtomicU64; 8] = [const { std::sync::atomic::AtomicU64::new(0) }; 8];
fn timed<T>(slot: usize, f: impl FnOnce() -> T) -> T {
    let t = std::time::Instant::now();
    let r = f();
    PROFILE[slot].fetch_add(t.elapsed().as_nanos() as u64, std::sync::atomic::Ordering::Relaxed);
    r
}

pub(super) fn find(marks: &Candidates, allowed: TechniqueSet) -> Option<Step> {
    let root = Board::from_marks(marks);
    let cell_kinds = allowed.contains(Technique::CellForcingChain);
    let unit_kinds = allowed.contains(Technique::UnitForcingChain);
    if cell_kinds || unit_kinds {
        if let Some(step) = timed(0, || tabled(&root, Mode::Static, cell_kinds, unit_kinds)) {
            return Some(step);
        }
    }
    if allowed.contains(Technique::DynamicForcingChain) {
        if let Some(step) = timed(0, || tabled(&root, Mode::Dynamic, true, true)) {
            return Some(step);
        }
    }
    if allowed.contains(Technique::DynamicForcingChainPlus) {
        if let Some(step) = timed(0, || tabled(&root, Mode::Plus, true, true)) {
            return Some(step);
        }
    }
    if allowed.contains(Technique::NestedForcingChain) {
        return timed(1, || nested(&root));
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
                    let complexity = probe.ancestor_count(&parents);
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
        let mut on = [crate::sets::CellSet::ALL.bits(); 9];
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
        for d in 0..9 {
            for house in 0..27 {
                if root.placed[d] & HOUSES[house] == 0 {
                    let kind = Kind::Unit(house, d);
                    common(kind, &branches(root, kind));
                }
            }
        }
    }
    probe.track = true;
    let t0 = std::time::Instant::now();
    PROFILE[2].fetch_add(sources.len() as u64, std::sync::atomic::Ordering::Relaxed);
    for (kind, on, off) in sources {
        let mut conclusions: Vec<usize> = Vec::new();
        for d in 0..9 {
            conclusions.extend(cells(on[d]).map(|cell| node(board::cand(cell, d), true)));
            conclusions.extend(cells(off[d]).map(|cell| node(board::cand(cell, d), false)));
        }
        let mut sizes = vec![0usize; conclusions.len()];
        for branch in branches(root, kind) {
            probe.run(root, branch);
            for (size, &conclusion) in sizes.iter_mut().zip(&conclusions) {
                *size += probe.ancestor_count(&[conclusion]);
            }
        }
        for (&conclusion, &complexity) in conclusions.iter().zip(&sizes) {
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
    PROFILE[3].fetch_add(t0.elapsed().as_nanos() as u64, std::sync::atomic::Ordering::Relaxed);
    best.map(|found| write_step(root, &mut probe, found))
}

/// The nested levels, from 1 up: the easiest contradiction of a branch that
/// takes a candidate in no solution as true.
fn nested(root: &Board) -> Option<Step> {
    let eliminable = oracle::eliminable(root);
    let targets: Vec<usize> = root
        .candidate_list()
        .into_iter()
        .filter(|&c| eliminable[c % 9] >> (c / 9) & 1 == 1)
        .collect();
    if targets.is_empty() {
        return None;
    }
    let empty_cells = (board::ALL_CELLS & !root.filled()).count_ones() as u8;
    let tables = std::rc::Rc::new(tables::RootTables::new(root));
    for level in 1..=empty_cells.max(1) {
        let mode = Mode::Nested(level);
        let mut probe = Probe::new(mode, *root);
        probe.tables = Some(tables.clone());
        let mut best: Option<Found> = None;
        let mut all: Vec<Found> = Vec::new();
        let mut diffs = Vec::new();
        for &c in &targets {
            let assumption = node(c, true);
            PROFILE[6].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            probe.run(root, assumption);
            if probe.conflict.is_none() {
                continue;
            }
            let parents = probe.conflict_parents();
            let complexity = probe.ancestor_count(&parents);
            let kind = Kind::Contradiction(assumption);
            let (technique, difficulty) = rate(mode, kind, complexity);
            diffs.push((difficulty, complexity));
            let found = Found {
                technique,
                difficulty,
                complexity,
                kind,
                conclusion: assumption ^ 1,
            };
            all.push(found);
            best = better(found, best);
            if level >= 2 {
                break;
            }
        }
        if let Some(found) = best {
            if std::env::var("FORCING_DEBUG").is_ok() {
                diffs.sort();
                let same = diffs.iter().filter(|d| d.0 == found.difficulty).count();
                eprintln!("nested: {} targets, best {} ({}), same {same}, first ten {:?}", targets.len(), found.difficulty, found.complexity, &diffs[..diffs.len().min(10)]);
            }
            // Every removal as easy as the easiest goes in the one step.
            let mut easiest: Vec<Found> = all
                .into_iter()
                .filter(|f| f.difficulty == found.difficulty)
                .collect();
            easiest.sort_by_key(|f| f.rank());
            return write_bundle(root, &mut probe, &easiest);
        }
    }
    None
}

/// `r1c2=5` for a true node, `r1c2<>5` for a false one.
fn node_text(n: usize) -> String {
    ChainNode {
        candidate: candidate(n / 2),
        on: n & 1 == 1,
    }
    .to_string()
}

/// `3, 5 and 7`.
fn listed(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// What a contradiction looks like, in the conditional: `r4c4 would have no
/// candidate left`.
fn conflict_text(conflict: Conflict) -> String {
    match conflict {
        Conflict::Both(c) => {
            let c = candidate(usize::from(c));
            format!("{} would both be and not be {}", c.cell, c.digit)
        }
        Conflict::NoCandidate(cell) => {
            format!("{} would have no candidate left", cell_of(usize::from(cell)))
        }
        Conflict::NoPlace(house, d) => format!(
            "{} would have no place left in {}",
            digit_of(usize::from(d)),
            House::new(usize::from(house)).expect("houses are below 27")
        ),
    }
}

/// The step of `found`, with its chains (the branches are run again to
/// rebuild them) and its text.
fn write_step(root: &Board, probe: &mut Probe, found: Found) -> Step {
    write_one(root, probe, found).0
}

/// One step holding the removals of several contradictions (of the same
/// technique and difficulty), one chain each.
fn write_bundle(root: &Board, probe: &mut Probe, found: &[Found]) -> Option<Step> {
    let (&first, rest) = found.split_first()?;
    if rest.is_empty() {
        return Some(write_step(root, probe, first));
    }
    let (mut step, clause) = write_one(root, probe, first);
    let mut clauses = vec![clause];
    for &more in rest {
        let (other, clause) = write_one(root, probe, more);
        clauses.push(clause);
        step.eliminations.extend(other.eliminations);
        step.chains.extend(other.chains);
        for house in other.houses {
            if !step.houses.contains(&house) {
                step.houses.push(house);
            }
        }
        step.digits = step.digits | other.digits;
        step.pattern.extend(other.pattern);
    }
    step.pattern.sort_unstable();
    step.pattern.dedup();
    let name = step.text.split(": ").next().unwrap_or_default().to_string();
    step.text = format!("{name}: {}; so {}", clauses.join("; "), step.conclusion());
    Some(step)
}

/// The step of `found` and, for a contradiction, the clause that tells it
/// (`if r1c2 were 5, r4c4 would have no candidate left (12 links)`).
fn write_one(root: &Board, probe: &mut Probe, found: Found) -> (Step, String) {
    let mut clause = String::new();
    let mut step = Step::new(found.technique);
    step.difficulty = found.difficulty;
    let conclusion = candidate(found.conclusion / 2);
    let concluded = node_text(found.conclusion);
    if found.conclusion & 1 == 1 {
        step.placements.push(conclusion);
    } else {
        step.eliminations.push(conclusion);
    }
    let mut houses = Vec::new();
    let mut digit_set = DigitSet::single(conclusion.digit);
    let mut conflict = None;
    for branch in branches(root, found.kind) {
        probe.run(root, branch);
        let targets = match found.kind {
            Kind::Contradiction(_) => {
                conflict = probe.conflict;
                probe.conflict_parents()
            }
            _ => vec![found.conclusion],
        };
        let nodes = probe.ancestors(&targets).0;
        step.chains.push(Chain {
            nodes: nodes
                .iter()
                .map(|&n| ChainNode {
                    candidate: candidate(n / 2),
                    on: n & 1 == 1,
                })
                .collect(),
        });
        digit_set.insert(candidate(branch / 2).digit);
    }
    let name = super::capitalized(found.technique.name());
    let name = match probe.mode() {
        Mode::Nested(level) if level > 1 => format!("{name} (level {level})"),
        _ => name,
    };
    let lengths: Vec<String> = step
        .chains
        .iter()
        .map(|chain| chain.nodes.len().to_string())
        .collect();
    let links = if lengths.len() == 1 {
        format!("{} links", lengths[0])
    } else {
        format!("chains of {} links", listed(&lengths))
    };
    step.text = match found.kind {
        Kind::Contradiction(source) => {
            let assumed = candidate(source / 2);
            houses.push(House::box_of(assumed.cell));
            let what = conflict.map(conflict_text).unwrap_or_default();
            if let Some(Conflict::NoPlace(house, _)) = conflict {
                houses.extend(House::new(usize::from(house)));
            }
            let premise = if source & 1 == 1 {
                format!("{} were {}", assumed.cell, assumed.digit)
            } else {
                format!("{} were not {}", assumed.cell, assumed.digit)
            };
            clause = format!("if {premise}, {what} ({links})");
            format!("{name}: {clause}, so {concluded}")
        }
        Kind::Double(c) => {
            let assumed = candidate(c);
            houses.push(House::box_of(assumed.cell));
            format!(
                "{name}: whether {} is {} or not, {concluded} ({links})",
                assumed.cell, assumed.digit
            )
        }
        Kind::Cell(cell) => {
            let cell = cell_of(cell);
            houses.push(House::box_of(cell));
            let options: Vec<String> = digits(root.cell_digits(cell.index()))
                .map(|d| digit_of(d).to_string())
                .collect();
            format!(
                "{name}: whichever of {} {cell} holds, {concluded} ({links})",
                options.join(", ")
            )
        }
        Kind::Unit(house, d) => {
            let house = House::new(house).expect("houses are below 27");
            houses.push(house);
            let places: Vec<String> = cells(root.cands[d] & HOUSES[house.index()])
                .map(|cell| cell_of(cell).to_string())
                .collect();
            format!(
                "{name}: wherever {} goes in {house} ({}), {concluded} ({links})",
                digit_of(d),
                places.join(", ")
            )
        }
    };
    houses.dedup();
    step.houses = houses;
    step.digits = digit_set;
    let mut pattern: Vec<_> = step
        .chains
        .iter()
        .flat_map(|chain| chain.nodes.iter().map(|n| n.candidate))
        .collect();
    pattern.sort_unstable();
    pattern.dedup();
    step.pattern = pattern;
    (step, clause)
}
