//! The words and chains of a forcing step.

use super::board::{candidate, cell_of, cells, digit_of, digits, Board, HOUSES};
use super::probe::{Conflict, Mode, Probe};
use super::{branches, Found, Kind};
use crate::geometry::House;
use crate::logic::step::{Chain, ChainNode};
use crate::logic::{capitalized, Step};
use crate::sets::DigitSet;

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
        Conflict::NoCandidate(cell) => {
            format!(
                "{} would have no candidate left",
                cell_of(usize::from(cell))
            )
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
pub(super) fn write_step(root: &Board, probe: &mut Probe, found: Found) -> Step {
    write_one(root, probe, found).0
}

/// One step holding the removals of several contradictions (of the same
/// technique and difficulty), one chain each.
pub(super) fn write_bundle(root: &Board, probe: &mut Probe, found: &[Found]) -> Option<Step> {
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
        step.digits = other.digits.iter().fold(step.digits, DigitSet::with);
        step.pattern.extend(other.pattern);
    }
    step.pattern.sort_unstable();
    step.pattern.dedup();
    let name = step.text.split(": ").next().unwrap_or_default().to_string();
    step.text = format!("{name}: {}; so {}", clauses.join("; "), step.conclusion());
    Some(step)
}

/// The step of `found` and, for a contradiction, the clause that tells it
/// (`if r1c2 were 5, r4c4 would have no candidate left (12 nodes)`).
fn write_one(root: &Board, probe: &mut Probe, found: Found) -> (Step, String) {
    let mut chains = Vec::new();
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
        chains.push(probe.ancestors(&targets).0);
    }
    let suffix = match probe.mode() {
        Mode::Nested(level) if level > 1 => format!(" (level {level})"),
        _ => String::new(),
    };
    let what = conflict.map(conflict_text).unwrap_or_default();
    let (mut step, clause) = compose(root, found, chains, &what, suffix);
    if let Some(Conflict::NoPlace(house, _)) = conflict {
        step.houses.extend(House::new(usize::from(house)));
        step.houses.dedup();
    }
    (step, clause)
}

/// The step of `found` proven by `chains` (each its nodes in the order
/// derived, from its assumption), named with `suffix` after the technique,
/// and for a contradiction the clause that tells it; `what` is what the
/// contradiction looks like.
pub(super) fn compose(
    root: &Board,
    found: Found,
    chains: Vec<Vec<usize>>,
    what: &str,
    suffix: String,
) -> (Step, String) {
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
    for nodes in chains {
        if let Some(&first) = nodes.first() {
            digit_set.insert(candidate(first / 2).digit);
        }
        step.chains.push(Chain {
            nodes: nodes
                .iter()
                .map(|&n| ChainNode {
                    candidate: candidate(n / 2),
                    on: n & 1 == 1,
                })
                .collect(),
        });
    }
    let name = capitalized(found.technique.name()) + &suffix;
    let lengths: Vec<String> = step
        .chains
        .iter()
        .map(|chain| chain.nodes.len().to_string())
        .collect();
    let links = if lengths.len() == 1 {
        format!("{} nodes", lengths[0])
    } else {
        format!("chains of {} nodes", listed(&lengths))
    };
    step.text = match found.kind {
        Kind::Contradiction(source) => {
            let assumed = candidate(source / 2);
            houses.push(House::box_of(assumed.cell));
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
