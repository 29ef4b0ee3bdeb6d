//! Tests of the forcing chains: fixed states for each technique and kind of
//! step, the nested levels and their tables, random states, puzzles with
//! several solutions, and every sample collection solved to the end.

use super::*;
use crate::grid::Grid;
use crate::logic::testing::{assert_sound, marks_from_729, sample_puzzles, states_using, up_to};
use crate::logic::LogicSolver;
use crate::solve::Solver;

/// Only `technique`.
fn only(technique: Technique) -> TechniqueSet {
    TechniqueSet::EMPTY.with(technique)
}

/// The solution of marks taken from a puzzle with one solution.
fn solution(marks: &Candidates) -> Grid {
    Solver::new()
        .solve(&marks.grid())
        .expect("the states come from puzzles with solutions")
}

/// The step `allowed` finds in `state`, checked sound and well formed, with
/// the text `text`.
fn check(state: &str, allowed: TechniqueSet, text: &str) -> Step {
    let marks = marks_from_729(state);
    let step = find(&marks, allowed).expect("a forcing step");
    assert_eq!(step.text, text);
    assert_sound(&step, &marks, &solution(&marks));
    assert_well_formed(&step, &marks);
    step
}

/// Each chain starts with its branch's assumption, each node appears once,
/// and the pattern is every node's candidate; a forcing chain (not a
/// contradiction) ends with the conclusion; the difficulty is the base plus
/// the length bonus of all the chains' nodes less two (Sudoku Explainer's
/// complexity).
fn assert_well_formed(step: &Step, marks: &Candidates) {
    assert!(!step.chains.is_empty(), "{step}");
    let mut total = 0;
    for chain in &step.chains {
        let first = chain.nodes.first().expect("chains are not empty");
        assert!(
            marks.has(first.candidate.cell, first.candidate.digit),
            "{chain}"
        );
        let mut seen = std::collections::HashSet::new();
        assert!(chain.nodes.iter().all(|n| seen.insert(*n)), "{chain}");
        total += chain.nodes.len();
    }
    let contradiction = step.text.contains(" were ");
    if !contradiction {
        let conclusion = match (step.placements.first(), step.eliminations.first()) {
            (Some(&candidate), _) => (candidate, true),
            (None, Some(&candidate)) => (candidate, false),
            _ => panic!("no conclusion: {step}"),
        };
        for chain in &step.chains {
            let last = chain.nodes.last().expect("chains are not empty");
            assert_eq!((last.candidate, last.on), conclusion, "{chain}");
        }
    }
    let mut pattern: Vec<_> = step
        .chains
        .iter()
        .flat_map(|c| c.nodes.iter().map(|n| n.candidate))
        .collect();
    pattern.sort_unstable();
    pattern.dedup();
    assert_eq!(step.pattern, pattern);
    let extra = step.difficulty.tenths() - step.technique.base_difficulty().tenths();
    let per_chain = if step.technique == Technique::NestedForcingChain {
        // A bundle of contradictions: each is rated alone, all alike.
        step.chains.iter().map(|c| c.nodes.len()).max().unwrap_or(0)
    } else {
        total - 2
    };
    let level_extra = extra - chain_length_bonus(per_chain);
    assert!(level_extra % 5 == 0, "{step}: {}", step.difficulty);
    assert!(!step.houses.is_empty() && !step.digits.is_empty(), "{step}");
}

/// `Cell forcing chain: if r1c2 were 8, r2c1 would both be and not be 9 (6 nodes), so r1c2<>8`
const STATIC_CONTRADICTION: &str = concat!(
    ".......891...56.89..3......1...567891...567.91..456.89....5.789...45.789.2.......",
    ".......89....56.89.2.........3.56789..3.567.9...456.89....5.789...45.7891........",
    "...4...891..45..89......7..1...5..891...5...9.2...........5..89..3...........6...",
    "...4..789...4...89.....6...1...5.7891...5.7.9..3......1..45..89.2...........5.78.",
    ".23...789.......891.........2..56789...4.........56.89..3.5..89....5..89..3.5.78.",
    ".234..789...4...89....5....12....78912....7.91......891.34...89.....6.....3...78.",
    "1...5......3.............8912..56..912..56..91...56..9.2..5678.1...5.78....4.....",
    "1...5..........7.....4.....123.56..........8.1...56....23.56...1...5............9",
    ".....6....2..............89...4.....1.3.5...9......7....3.5..8.1...5..8...3.5..8.",
);

/// `Cell forcing chain: if r3c9 were not 8, r7c7 would both be and not be 8 (6 nodes), so r3c9=8`
const STATIC_PLACEMENT: &str = concat!(
    ".2....789.2..567.9.2..5..89....5...9.....6.8....4.........5..891..........3......",
    "...4.........56..9....5..89..3...........6.8.1............5..89......7...2.......",
    ".......891..........3..........5...9.2.............7.......6......4.........5..89",
    ".2....7.9.2....7.9.2......9.......8....4.........5....1..........3...........6...",
    "....5......3...........6...1................9.2.............7.........8....4.....",
    "1...............8....4..........6.........7....3.......2..5...9.2..5........5...9",
    ".2.....89.2..5...91...........4.......3...........6..9.2..5..8..2..56.........7..",
    "..3.......2..5...9.2..5..89......7..1.............6..9...4......2..56.......5..8.",
    ".....6......4...........7...2...........5...........8...3..............91........",
);

/// `Cell forcing chain: whichever of 1, 4, 9 r5c2 holds, r6c2<>4 (chains of 4, 2 and 4 nodes)`
const STATIC_CELL: &str = concat!(
    "...4...89.....6....2.4..789....5...9..3......1.........2..5.7...2.4..78..2.4..78.",
    "....5....1..4.......34...........78.......78..2.......1.3..6...1.34.6...........9",
    "1.3....891.....789.23...789...4.........5...9.....6...123.5.7..123.5.78..23...78.",
    "..34.6.8..2.........34.6.8.....5.78....45.78.........9..3.5.7....345.7..1........",
    "1.34.....1..4....9...4....9.....6...12.45.7....34..7.........8..2345.7.9.234..7..",
    "......7..1..4...89....5....12.......12.4...8...34...8..23.....9.234....9.....6...",
    ".......89..3............78912............6.......5.......4.....12....789.2....78.",
    "...4.6.89....5.......4.6789..3......12..........4..78.12....7.912....789.2....78.",
    ".2..........4..78.1..............789...4..789...4..78...3..6.....3..6.......5....",
);

/// `Unit forcing chain: wherever 2 goes in column 1 (r5c1, r6c1), r5c1<>7 (chains of 2 and 4 nodes)`
const STATIC_UNIT: &str = concat!(
    ".......891...56..9..3......1...567891...567.91..456.89....5.789...45.789.2.......",
    ".......89....56.89.2.........3.56789..3.567.9...456.89....5.789...45.7891........",
    "...4...891..45..89......7..1...5..891...5...9.2...........5..89..3...........6...",
    "...4..789...4...89.....6...1...5.7891...5.7.9..3......1..45..89.2...........5.78.",
    ".23...789.......891.........2..56789...4.........56.89..3.5..89....5..89..3.5.78.",
    ".234..789...4...89....5....12....78912....7.91......891.34...89.....6.....3...78.",
    "1...5......3.............8912..56..912..56..91...56..9.2..5678.1...5.78....4.....",
    "1...5..........7.....4.....123.56..........8.1...56....23.56...1...5............9",
    ".....6....2..............89...4.....1.3.5...9......7....3.5..8.1...5..8...3.5..8.",
);

/// `Dynamic forcing chain: whichever of 5, 7 r7c9 holds, r8c6<>5 (chains of 4 and 5 nodes)`
const DYNAMIC_CELL: &str = concat!(
    "..3...........6..9.....6..9.......8....4.....1.........2..5.7......5.7...2..5.7..",
    "...4...8.....5.......4...8..2.........3...7....3...7.......6...1................9",
    "1.....7..12....7..12............6..9....5.........6..9...4.......3.............8.",
    "....5....123..6..9123..6..9......7..123.......234....9..3.....9.......8....4.6...",
    "......789...4......23....89....5...9.....6....23.5..89..3.5.7.9....5.7.91........",
    "1....67891.3..67891.3..6.891..45...91.3....8...345..89..3.5.7.9.2..........4.6...",
    ".2.......1....6.891..456.89..3......1.....78....45678.....5.789...4567.9....5.7..",
    "...4.6.8...3..6.8...3456.8....456...........9.2.45678.1...........4567...23...7..",
    "1..4.6.891.3..6.89......7..1..456...12.....8..2.456.8..2..5..89...456..9.23.5....",
);

/// `Dynamic forcing chain: wherever 6 goes in box 3 (r2c8, r3c7), r6c7<>6 (chains of 4 and 2 nodes)`
const DYNAMIC_UNIT: &str = concat!(
    "1.............6....2.45.78..234....9.234..7....345.7.9.234...89.2.....89.23.....9",
    "...4..78..2.4..7....3.......2.4.6..9.2.4.67..1............5.....2...6.89.2......9",
    "...45............9.2.45...........8..234.6.....3456....234.6.........7..1........",
    ".....6...1..4..7.....45.7891..4.....1..4...8..2.......1.....7.9..3..........5.7.9",
    "..3....89123.......2.....89......7......5......3..6.8.12...6..912...6..9...4.....",
    "..345.7..12345.7...2.45.7..1.34.6...........9..34.6...12...67..12..56..........8.",
    ".2.........345.7..1..........34....9..34..78...34..789..3...789....5..89.....6...",
    "..345.7.9..345.7.......6...1234....91234..78...34..789123...78912..5..89.23.5.7.9",
    "..3...7.9.......8.......7.9....5....123..67....3..67.9123...7.9...4......23...7.9",
);

/// `Dynamic forcing chain: whether r2c6 is 1 or not, r2c6<>2 (chains of 2 and 9 nodes)`
const DYNAMIC_DOUBLE: &str = concat!(
    "........9.......8..2.4...........7.......6...123......1234.....1.345......345....",
    "......7......5.....2...6......4......23....89123.......23..6..91.3....89..3..6..9",
    "1..4.6...12.4.6.....3.......2.....89.2.....89....5..........7.....4...89...4.6..9",
    "....5....12.4.6....2.4.67...23..6...1.3...7..........9.......8...34..7....34.67..",
    "1..4.6.8...3......1..4.6789....56.8.1...5.78......67.....4.6..9.2..........4567.9",
    ".....6.8..2...6........6789.23.5..8....4......23..67....3..6..9..3.5.7.91........",
    ".2.4.6...........91..4......23..6....23...7.........8.....5....1..4..7....34..7..",
    "..34.6.8....4.67......56.8.1..........3.5.7.9...4.67....34....9..34..7.9.2.......",
    "1234.....1.....7..1...5......3.5...9.23.5.7.9.2.4.....1.34....9.....6..........8.",
);

/// `Dynamic forcing chain: if r2c6 were 1, 5 would have no place left in column 7 (15 nodes), so r2c6<>1`
const DYNAMIC_CONTRADICTION: &str = concat!(
    "...4.........56..912...6.8.....5.789..3......1...5.789.2..5...9.2..567...2..567.9",
    "123...7....3.5...912............6...12....7..1..45.7.9.......8..23.5.7...2345.7.9",
    ".23..678...3.56..9.2...6.8....45.789.2....78....45.789.2345...9.23.567..1........",
    "123..6.....34.6...12.4.6.....3...78.....5....1.3..678..23..............9.23...78.",
    "123.............8.....5...9..34..7.91.....7..1.34..7.9.....6...123.5.7...23.5.7..",
    "1.3..6.........7......5...9.2.......1....6.8.1.3..6.89..345....1.3.5..8...345..8.",
    ".....6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5....",
    "....5....12.........3............78......678......678.12......9...4......2......9",
    "........912.............7....3.5.......4.......3.5....12............6.8......6.8.",
);

/// `Dynamic forcing chain plus: whichever of 7, 8 r8c6 holds, r9c5<>7 (chains of 2 and 6 nodes)`
const PLUS_CELL: &str = concat!(
    ".......89.....6....2....7.9....5...9..3......1.........2..5.7...2.4..78..2.4..7..",
    "....5....1..4.......34...........78.......78..2.......1.3..6...1.3..6...........9",
    "1.3............789.2....7.9...4.........5...9.....6...123.5.7..123.5.78..23...78.",
    "..34.6....2.........34.6.8.....5.7.....45.78.........9..3.5.7....345.7..1........",
    "1.34.....1..4....9...4....9.....6...12.45.7....34..7.........8..2345.7.9.234..7..",
    "......7..1......89....5....12.......12.4...8...34...8..23.....9.234....9.....6...",
    ".......89..3............78912............6.......5.......4.....12....78..2....78.",
    "...4.6.......5.......4.6.....3......12.............78.12....7.912....789.2....78.",
    ".2.............78.1..............789...4..789...4..78...3..6.....3..6.......5....",
);

/// `Dynamic forcing chain plus: if r3c9 were 1, 1 would have no place left in column 4 (47 nodes), so r3c9<>1`
const PLUS_CONTRADICTION: &str = concat!(
    "........9.......8.1234...........7..1..45.....2345.........6...1234.....1.3.5....",
    "......7......5....1234.....1234....91..4.6..9.234.6..912.4....9.......8.1.3.....9",
    "123.......234..........6...12345...91..45..89.2345..8912.4..7.91234....91.3.5.7.9",
    "...4..........67.91.....78.1...5...91...5..89....5.789..3......1....6..9.2.......",
    "123....8..23.....9....5.........6...1..4...89..34...891..4...89......7..1......89",
    "1.3..6.8...3..67.91.3...78.1.34....9.2.........34..789....5....1..4.6..91....6.89",
    ".2..56.8.1.........2....78..2..5...9..3.......2..56..9.2....789.2...6..9...4.....",
    ".23..6....234.6...........9.......8.......7...2.4.6...12...........5....1.3..6...",
    ".23.56.8..234.67...234..78..2.45...9...456..91.........2....789.23..6..9..3..6789",
);

/// `Nested forcing chain: if r8c1 were 1, 6 would have no place left in column 6 (24 nodes), so r8c1<>1`
const NESTED: &str = concat!(
    "........9.......8.12.4...........7..1.3.5....123...........6...12.45.....2345....",
    "......7......5....12...6...1.3..6..9...4.....123..6..9.23....8912......9.23....89",
    "12.4.6...12.4.6.....3......1...56..91...56..9.......8..2.45...9......7...2.45...9",
    "....5....12.4.6...12.4.6.8.1....6.891....6.89......7...2.4...89..3.......2.4...89",
    "12...6.8.123..67..........9...4.....1.3.56.8.1.3..6....2..5.78..2..56....2..5.78.",
    "...4.6.8...34.67.....4.678...3.56.89.2.........3..6..91...........456..9...45.789",
    "..3.......2.4.67...2.4.678......6.89.....6789...4.6..9.2.45.7.9.2.45...91........",
    "12.4.6...........912.4.67..1.3..6...1.3..67......5.....234..7.........8..234..7..",
    "1..4...8.1..4..7......5.....2.......1.3...7891.34....9..34..7.9...4....9.....6...",
);

#[test]
fn static_contradiction_is_a_naked_pair_seen_as_a_chain() {
    // r1c1 and r2c1 hold only 8 and 9: r1c2=8 would leave both holding 9.
    let step = check(
        STATIC_CONTRADICTION,
        only(Technique::CellForcingChain),
        "Cell forcing chain: if r1c2 were 8, r2c1 would both be and not be 9 (6 nodes), so r1c2<>8",
    );
    assert_eq!(step.technique, Technique::CellForcingChain);
    assert_eq!(step.difficulty, Difficulty::from_tenths(81));
    assert_eq!(
        step.chains[0].to_string(),
        "r1c2=8 -> r1c1<>8 -> r2c1<>8 -> r1c1=9 -> r2c1=9 -> r2c1<>9"
    );
    assert_eq!(step.conclusion(), "r1c2<>8");
}

#[test]
fn static_contradiction_of_a_false_assumption_places() {
    let step = check(
        STATIC_PLACEMENT,
        only(Technique::CellForcingChain),
        "Cell forcing chain: if r3c9 were not 8, r7c7 would both be and not be 8 (6 nodes), so r3c9=8",
    );
    assert_eq!(step.conclusion(), "r3c9=8");
    assert_eq!(
        step.chains[0].to_string(),
        "r3c9<>8 -> r3c1=8 -> r8c9=8 -> r7c1<>8 -> r7c7<>8 -> r7c7=8"
    );
}

#[test]
fn cell_forcing_chain_follows_every_candidate_of_a_cell() {
    let step = check(
        STATIC_CELL,
        only(Technique::CellForcingChain),
        "Cell forcing chain: whichever of 1, 4, 9 r5c2 holds, r6c2<>4 (chains of 4, 2 and 4 nodes)",
    );
    let chains: Vec<String> = step.chains.iter().map(ToString::to_string).collect();
    assert_eq!(
        chains,
        [
            "r5c2=1 -> r2c2<>1 -> r2c2=4 -> r6c2<>4",
            "r5c2=4 -> r6c2<>4",
            "r5c2=9 -> r5c3<>9 -> r5c3=4 -> r6c2<>4",
        ]
    );
    assert_eq!(step.difficulty, Difficulty::from_tenths(83));
}

#[test]
fn unit_forcing_chain_follows_every_place_of_a_digit() {
    let step = check(
        STATIC_UNIT,
        only(Technique::UnitForcingChain),
        "Unit forcing chain: wherever 2 goes in column 1 (r5c1, r6c1), r5c1<>7 (chains of 2 and 4 nodes)",
    );
    assert_eq!(step.technique, Technique::UnitForcingChain);
    assert_eq!(
        step.chains[1].to_string(),
        "r6c1=2 -> r6c1<>3 -> r5c1=3 -> r5c1<>7"
    );
    // Only the cell kinds are allowed: no unit forcing then.
    let marks = marks_from_729(STATIC_UNIT);
    let cell = find(&marks, only(Technique::CellForcingChain));
    assert!(cell.is_none_or(|s| s.technique == Technique::CellForcingChain));
}

#[test]
fn dynamic_forcing_chains_use_the_branch_marks() {
    check(
        DYNAMIC_CELL,
        only(Technique::DynamicForcingChain),
        "Dynamic forcing chain: whichever of 5, 7 r7c9 holds, r8c6<>5 (chains of 4 and 5 nodes)",
    );
    check(
        DYNAMIC_UNIT,
        only(Technique::DynamicForcingChain),
        "Dynamic forcing chain: wherever 6 goes in box 3 (r2c8, r3c7), r6c7<>6 (chains of 4 and 2 nodes)",
    );
    let step = check(
        DYNAMIC_DOUBLE,
        only(Technique::DynamicForcingChain),
        "Dynamic forcing chain: whether r2c6 is 1 or not, r2c6<>2 (chains of 2 and 9 nodes)",
    );
    // r2c6<>1 leaves r1c6 and r2c5 with one place for 1 and 8: a net, not a chain.
    assert_eq!(
        step.chains[1].to_string(),
        "r2c6<>1 -> r2c8=1 -> r2c8<>8 -> r1c6=1 -> r1c6<>3 -> r2c5=8 -> r2c5<>3 -> r2c6=3 -> r2c6<>2"
    );
}

#[test]
fn dynamic_contradiction_where_static_chains_find_nothing() {
    let marks = marks_from_729(DYNAMIC_CONTRADICTION);
    let statics = TechniqueSet::EMPTY
        .with(Technique::CellForcingChain)
        .with(Technique::UnitForcingChain);
    assert!(find(&marks, statics).is_none());
    let step = check(
        DYNAMIC_CONTRADICTION,
        up_to(Technique::DynamicForcingChain),
        "Dynamic forcing chain: if r2c6 were 1, 5 would have no place left in column 7 (15 nodes), so r2c6<>1",
    );
    assert_eq!(step.difficulty, Difficulty::from_tenths(89));
}

#[test]
fn plus_uses_locked_candidates_where_dynamic_chains_find_nothing() {
    let marks = marks_from_729(PLUS_CONTRADICTION);
    assert!(find(&marks, up_to(Technique::DynamicForcingChain)).is_none());
    let step = check(
        PLUS_CONTRADICTION,
        up_to(Technique::DynamicForcingChainPlus),
        "Dynamic forcing chain plus: if r3c9 were 1, 1 would have no place left in column 4 (47 nodes), so r3c9<>1",
    );
    assert_eq!(step.technique, Technique::DynamicForcingChainPlus);
    check(
        PLUS_CELL,
        only(Technique::DynamicForcingChainPlus),
        "Dynamic forcing chain plus: whichever of 7, 8 r8c6 holds, r9c5<>7 (chains of 2 and 6 nodes)",
    );
}

#[test]
fn nested_chains_where_plus_finds_nothing() {
    let marks = marks_from_729(NESTED);
    assert!(find(&marks, up_to(Technique::DynamicForcingChainPlus)).is_none());
    let step = check(
        NESTED,
        up_to(Technique::NestedForcingChain),
        "Nested forcing chain: if r8c1 were 1, 6 would have no place left in column 6 (24 nodes), so r8c1<>1",
    );
    assert_eq!(step.difficulty, Difficulty::from_tenths(100));
}

#[test]
fn nested_level_two_also_finds_a_contradiction() {
    let marks = marks_from_729(NESTED);
    let root = Board::from_marks(&marks);
    let targets = targets(&root);
    let tables = Rc::new(tables::RootTables::new(&root));
    let step = nested_level(&root, 2, &targets, &tables).expect("level 2 holds level 1");
    assert!(
        step.text.starts_with("Nested forcing chain (level 2): if "),
        "{step}"
    );
    assert!(step.difficulty >= Difficulty::from_tenths(100), "{step}");
    assert_eq!(step.eliminations.len(), 1);
    assert_sound(&step, &marks, &solution(&marks));
    assert_well_formed(&step, &marks);
}

#[test]
fn only_candidates_in_no_solution_are_targets() {
    let marks = marks_from_729(NESTED);
    let root = Board::from_marks(&marks);
    let answer = solution(&marks);
    let expected: Vec<usize> = marks
        .candidates()
        .filter(|c| answer.get(c.cell) != Some(c.digit))
        .map(|c| c.index())
        .collect();
    assert_eq!(targets(&root), expected);
}

/// A branch settled by the root tables ends as the same branch run in full.
#[test]
fn root_tables_agree_with_running_the_branches() {
    use self::tables::{Changes, Verdict};
    let marks = marks_from_729(NESTED);
    let root = Board::from_marks(&marks);
    let tables = tables::RootTables::new(&root);
    let mut outer = Probe::new(Mode::Plus, root);
    let mut inner = Probe::new(Mode::Plus, root);
    let mut settled = Probe::new(Mode::Plus, root);
    let mut counts = [0usize; 3];
    for z in root.candidate_list().into_iter().step_by(3) {
        outer.run(&root, node(z, true));
        if outer.conflict.is_some() {
            continue;
        }
        let state = outer.state;
        let changes = Changes::between(&root, &state);
        for w in state.candidate_list() {
            inner.run(&state, node(w, true));
            let fails = inner.conflict.is_some();
            let mut start = state;
            match tables.verdict(&changes, w, &mut start) {
                Verdict::Fails => {
                    assert!(fails, "{z} {w}");
                    counts[0] += 1;
                }
                Verdict::Holds => {
                    assert!(!fails, "{z} {w}");
                    counts[1] += 1;
                }
                Verdict::Unknown(units) => {
                    settled.settle(&start, units);
                    assert_eq!(settled.conflict.is_some(), fails, "{z} {w}");
                    counts[2] += 1;
                }
            }
        }
    }
    assert!(counts.iter().all(|&n| n > 0), "{counts:?}");
}

#[test]
fn sample_states_use_each_technique_soundly() {
    for technique in [
        Technique::CellForcingChain,
        Technique::UnitForcingChain,
        Technique::DynamicForcingChain,
    ] {
        let found = states_using(technique, up_to(technique), 23, 4);
        assert!(!found.is_empty(), "no {technique}");
        for (marks, step, _) in &found {
            assert_well_formed(step, marks);
        }
    }
}

/// The engine with every technique (most are elsewhere and may be missing
/// here) solves every 40th sample puzzle, the hardest included, each step
/// sound; plus and nested forcing chains are among the steps.
#[test]
fn every_sample_puzzle_is_solved() {
    let engine = LogicSolver::new().assume_unique(true);
    let mut used = TechniqueSet::EMPTY;
    for (puzzle, solution) in sample_puzzles(40) {
        let mut marks = Candidates::from_grid(&puzzle);
        while let Some(step) = engine.next_step(&marks) {
            assert_sound(&step, &marks, &solution);
            if matches!(
                step.technique,
                Technique::DynamicForcingChainPlus | Technique::NestedForcingChain
            ) {
                assert_well_formed(&step, &marks);
            }
            used = used.with(step.technique);
            step.apply(&mut marks);
        }
        assert_eq!(marks.grid(), solution, "{puzzle}");
    }
    assert!(used.contains(Technique::NestedForcingChain));
}

/// A tiny xorshift, for reproducible random states.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Random states: a sample puzzle part way along its path of singles and
/// intersections, with random false candidates removed; every step found
/// there is sound.
#[test]
fn random_states_give_sound_steps() {
    let engine = LogicSolver::new().techniques("singles,intersections".parse().expect("groups"));
    let puzzles = sample_puzzles(29);
    let mut random = Random(0x9E37_79B9_7F4A_7C15);
    let kinds = [
        Technique::CellForcingChain,
        Technique::UnitForcingChain,
        Technique::DynamicForcingChain,
        Technique::DynamicForcingChainPlus,
        Technique::NestedForcingChain,
    ];
    let mut found = 0;
    for round in 0..48 {
        let (puzzle, solution) = &puzzles[random.below(puzzles.len())];
        let mut marks = Candidates::from_grid(puzzle);
        for _ in 0..random.below(40) {
            match engine.next_step(&marks) {
                Some(step) => step.apply(&mut marks),
                None => break,
            }
        }
        let false_ones: Vec<_> = marks
            .candidates()
            .filter(|c| solution.get(c.cell) != Some(c.digit))
            .collect();
        for _ in 0..random.below(12) {
            if let Some(c) = false_ones.get(random.below(false_ones.len().max(1))) {
                marks.eliminate(c.cell, c.digit);
            }
        }
        // Nested searches are the slow ones: only on some rounds.
        let technique = kinds[if round % 12 == 0 { 4 } else { random.below(4) }];
        if let Some(step) = find(&marks, only(technique)) {
            assert_eq!(step.technique, technique);
            assert_sound(&step, &marks, solution);
            assert_well_formed(&step, &marks);
            found += 1;
        }
    }
    assert!(found > 16, "{found}");
}

/// With several solutions, only candidates in none of them go, placements
/// are in all of them, and the search ends.
#[test]
fn puzzles_with_several_solutions_get_only_sound_steps() {
    let text = include_str!("../../../../../data/puzzles/puzzles7_serg_benchmark.txt");
    let engine = LogicSolver::new();
    let mut solver = Solver::new();
    for line in text.lines().step_by(60) {
        let puzzle: Grid = line[..81].parse().expect("a puzzle");
        let solutions = solver.solutions(&puzzle, 200).expect("solutions");
        assert!(solutions.len() > 1);
        let mut marks = Candidates::from_grid(&puzzle);
        while let Some(step) = engine.next_step(&marks) {
            for solution in &solutions {
                assert_sound(&step, &marks, solution);
            }
            step.apply(&mut marks);
        }
        assert!(!marks.is_solved());
    }
}

/// A hard puzzle less one clue, then with clues on which two of its
/// solutions agree added back until only a few solutions are left: the
/// forcing chains remove exactly what no solution holds.
#[test]
fn hard_puzzles_with_a_few_solutions_get_only_sound_steps() {
    let mut solver = Solver::new();
    let engine = LogicSolver::new();
    let mut nested = 0;
    let hardest = crate::logic::testing::COLLECTIONS[3].1;
    for line in hardest.lines().step_by(75) {
        let mut puzzle: Grid = line[..81].parse().expect("a puzzle");
        let clue = crate::grid::Cell::all()
            .find(|&cell| puzzle.get(cell).is_some())
            .expect("a clue");
        puzzle.set(clue, None);
        let two = solver.solutions(&puzzle, 2).expect("solutions");
        let agreeing: Vec<_> = crate::grid::Cell::all()
            .filter(|&cell| puzzle.get(cell).is_none() && two[0].get(cell) == two[1].get(cell))
            .collect();
        // The fewest agreeing clues (a prefix, found by bisection) that leave
        // fewer than nine solutions; the two found stay solutions.
        let with = |count: usize| {
            let mut more = puzzle;
            for &cell in &agreeing[..count] {
                more.set(cell, two[0].get(cell));
            }
            more
        };
        let (mut low, mut high) = (0, agreeing.len());
        while low < high {
            let middle = (low + high) / 2;
            if solver.solutions(&with(middle), 9).expect("solutions").len() < 9 {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        let puzzle = with(low);
        let solutions = solver.solutions(&puzzle, 9).expect("solutions");
        assert!((2..9).contains(&solutions.len()));
        let mut marks = Candidates::from_grid(&puzzle);
        while let Some(step) = engine.next_step(&marks) {
            for solution in &solutions {
                assert_sound(&step, &marks, solution);
            }
            nested += usize::from(step.technique == Technique::NestedForcingChain);
            step.apply(&mut marks);
        }
        // What is left is exactly what the solutions hold.
        for c in marks.candidates() {
            assert!(
                solutions.iter().any(|s| s.get(c.cell) == Some(c.digit)),
                "{c}"
            );
        }
    }
    assert!(nested > 0);
}

/// Marks with no solution still end: every removal is then sound.
#[test]
fn marks_with_no_solution_end() {
    let (puzzle, solution) = &sample_puzzles(97)[5];
    let mut marks = Candidates::from_grid(puzzle);
    // Remove the solution's digit from an empty cell: no solution is left.
    let cell = marks.empty_cells().first().expect("an empty cell");
    marks.eliminate(cell, solution.get(cell).expect("solved"));
    let engine = LogicSolver::new();
    let mut steps = 0;
    while let Some(step) = engine.next_step(&marks) {
        step.apply(&mut marks);
        steps += 1;
        assert!(steps < 2000);
    }
}

/// The full run over every sample puzzle, timed: run it with
/// `cargo test -p sudokit --release --lib logic::forcing::tests::full_run -- --ignored --nocapture`.
#[test]
#[ignore = "takes minutes; prints timings"]
fn full_run() {
    use crate::logic::testing::COLLECTIONS;
    use std::time::Instant;
    let engine = LogicSolver::new().assume_unique(true);
    let mut solver = crate::solve::Solver::new();
    let mut all = Vec::new();
    for (name, text) in COLLECTIONS {
        let mut times = Vec::new();
        let mut steps = Vec::new();
        let mut forcing_steps = 0usize;
        let mut levels = std::collections::BTreeMap::<String, usize>::new();
        let every = std::env::var("FORCING_EVERY")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1);
        for line in text.lines().step_by(every) {
            let Ok(puzzle) = line[..81].parse::<crate::Grid>() else {
                continue;
            };
            let solution = solver.solve(&puzzle).unwrap();
            let start = Instant::now();
            let (path, end) = engine.steps_from(&Candidates::from_grid(&puzzle));
            let elapsed = start.elapsed().as_secs_f64();
            assert_eq!(end.grid(), solution, "{puzzle}");
            let mut marks = Candidates::from_grid(&puzzle);
            for step in &path {
                assert_sound(step, &marks, &solution);
                step.apply(&mut marks);
                if step.technique.base_difficulty() >= Technique::CellForcingChain.base_difficulty()
                {
                    forcing_steps += 1;
                    let key = if step.text.contains("(level") {
                        step.text.split(':').next().unwrap_or("").to_string()
                    } else {
                        step.technique.name().to_string()
                    };
                    *levels.entry(key).or_default() += 1;
                }
            }
            if elapsed > 0.4 {
                let nested = path
                    .iter()
                    .filter(|s| s.technique == Technique::NestedForcingChain)
                    .count();
                let forcing = path
                    .iter()
                    .filter(|s| {
                        s.technique.base_difficulty()
                            >= Technique::CellForcingChain.base_difficulty()
                    })
                    .count();
                println!(
                    "slow {puzzle}: {elapsed:.3}s, {} steps, {forcing} forcing, {nested} nested",
                    path.len()
                );
            }
            times.push(elapsed);
            steps.push(path.len());
        }
        all.extend(times.iter().copied());
        times.sort_by(f64::total_cmp);
        let total: f64 = times.iter().sum();
        println!(
            "{name}: {} puzzles, total {:.2} s, median {:.1} ms, max {:.1} ms, steps/puzzle {:.1}, forcing steps {forcing_steps} {levels:?}",
            times.len(),
            total,
            times[times.len() / 2] * 1e3,
            times[times.len() - 1] * 1e3,
            steps.iter().sum::<usize>() as f64 / steps.len() as f64,
        );
    }
    all.sort_by(f64::total_cmp);
    println!(
        "all: {} puzzles, total {:.2} s, median {:.1} ms, max {:.1} ms",
        all.len(),
        all.iter().sum::<f64>(),
        all[all.len() / 2] * 1e3,
        all[all.len() - 1] * 1e3
    );
}

/// The engine on every puzzle of the collection whose puzzles have several
/// solutions, timed: run it with
/// `cargo test -p sudokit --release --lib logic::forcing::tests::several_solutions_run -- --ignored --nocapture`.
#[test]
#[ignore = "takes a while; prints timings"]
fn several_solutions_run() {
    use std::time::Instant;
    let text = include_str!("../../../../../data/puzzles/puzzles7_serg_benchmark.txt");
    let engine = LogicSolver::new();
    let mut times = Vec::new();
    let mut levels = std::collections::BTreeMap::<String, usize>::new();
    for line in text.lines() {
        let puzzle: Grid = line[..81].parse().expect("a puzzle");
        let start = Instant::now();
        let (path, _) = engine.steps_from(&Candidates::from_grid(&puzzle));
        times.push(start.elapsed().as_secs_f64());
        for step in &path {
            if step.technique.base_difficulty() >= Technique::CellForcingChain.base_difficulty() {
                let key = step.text.split(':').next().unwrap_or_default().to_string();
                *levels.entry(key).or_default() += 1;
            }
        }
    }
    times.sort_by(f64::total_cmp);
    println!(
        "several solutions: {} puzzles, total {:.2} s, median {:.1} ms, max {:.1} ms, {levels:?}",
        times.len(),
        times.iter().sum::<f64>(),
        times[times.len() / 2] * 1e3,
        times[times.len() - 1] * 1e3
    );
}
