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
    if step.technique == Technique::NestedForcingChain {
        // A bundle of contradictions, each rated alone, all alike; each
        // one's complexity holds its inner chains' nodes too.
        let longest = step.chains.iter().map(|c| c.nodes.len()).max().unwrap_or(0);
        assert!(
            extra >= chain_length_bonus(longest.saturating_sub(2)),
            "{step}: {}",
            step.difficulty
        );
    } else {
        let level_extra = extra - chain_length_bonus(total - 2);
        assert!(level_extra.is_multiple_of(5), "{step}: {}", step.difficulty);
    }
    assert!(!step.houses.is_empty() && !step.digits.is_empty(), "{step}");
}

/// `Nishio forcing chain: if r5c6 were 7, r2c7 would both be and not be 7 (chains of 6 and 4 nodes), so r5c6<>7`
const NISHIO: &str = concat!(
    "1...5...912..5.7.912..5.7.9......78....4...89.....6......4..7.9....5..8...3......",
    "....56..9....567.9....567.9..3.........4...891...........4..7.9....5..8..2.......",
    ".......8...3.........4......2...........5..........7.91.............6.........7.9",
    "..3......1..45...91...5...9......78........89...45.7.9.2.......1..4..7.9.....6...",
    "1..4....9.2.....8..2.....8......6.....3.........4..7.9......7.91..4..7.9....5....",
    "......7.....456..9....56..91.........2..........45...9..3.........4....9.......8.",
    "1.......91.....7891.....789...4..........6.....3..........5.....2.......1.....7.9",
    "1..456...1..456...1...56...........9......7...2..............8...3......1..4.....",
    ".2..........4..7.9..3..........5....1...............8......6.........7.9...4..7.9",
);

/// `Cell forcing chain: whichever of 2, 7, 9 r6c8 holds, r1c8<>2 (chains of 2, 4 and 6 nodes)`
const STATIC_CELL: &str = concat!(
    ".......8.1..4.6..912...6..9....5.7..1.34..7.91.345...9.23..6..9.2.4567.9.2345.7.9",
    "12.4....91..4....9....5..........78......6...1.34...89.23....89.2.4..7.9.234..7.9",
    "..3............7.......6..9.2..........4....9...45..89.....6.891...........45..89",
    ".....6...1..4...8.12....78.........9..34..7...234...8.....5.....2....7..12....78.",
    "12.4....9....5....1.....789...4..78....4..7...2.4...8.12.....89..3...........6...",
    ".2......9..3....89.23...7891............5.........6......4......2....7.9......789",
    "1...5...91.3..6.891.3..6.89...456...1..4....91..45...9......7...2.45...91234....9",
    "1...5...91.3..6..91.3..6..9...456....2.............7..1.3.....9.......8.1.34....9",
    "......7...2..........4.......3.............8.1...5...91....6..9....56..91...5...9",
);

/// `Unit forcing chain: wherever 3 goes in box 1 (r1c1, r1c2, r3c1), r1c7<>3 (chains of 2, 2 and 6 nodes)`
const STATIC_UNIT: &str = concat!(
    "123......123............7..1.345...........8...3456...123.56...........91234.6...",
    "....5...........8.........91.34......2.........34.6...1.3..6.........7..1.34.6...",
    "123.........4..........6.........7..........9..3.5...........8.1.3.5....123......",
    ".....6...........9..3.......2.45.......45....1..............7.....4...8..2.....8.",
    "12.4..7..12..5.7...2.45...........8...34......234..7.9123.....9.....6...123.....9",
    "12.4..78.12....7...2.4...8..234....9.....6....234..7.9123.....91.34.........5....",
    ".234...89.23.5....1.............6.........7...2345...9..3.5...9..3.5..8...3....89",
    "..34..7.9..3.5.7.....45......345...91.345...........8.1.3.56..9.2.......1.3..6..9",
    ".23....89.....6....2..5..8..23.5...91.3.5.....23.5...9...4.....1.3.5..8.......7..",
);

/// `Unit forcing chain: wherever 7 goes in row 9 (r9c2, r9c3, r9c9), r3c1=7 (chains of 5, 3 and 3 nodes)`
const STATIC_UNIT_PLACEMENT: &str = concat!(
    "...4............8.1....67....3......12..5....12..5............9.2..5.7.......67..",
    "..3..6...1.3..............912..5..........7.....4......2..5..8..2..5..8...3..6.8.",
    "..3...7...2...........5...........89.....6..........89...4.....1..........3...7..",
    "1...........4..7.9...4..78.....56.89..3.5...9....56.89....5.78...3..6....2.......",
    ".2....789....5..........78.12...6.89123.....912...6.891.....78...3..6......4.....",
    ".2.....8......6.....3......12..5..8....4...........7..1...5..8.....5..8.........9",
    "....5..89...4....91..4..78..2..5.7.912..5...9..3...........6....2....78.1.....78.",
    ".....6..91.....7.9.2.......1....67.........8.1....6..9..3.........4.........5....",
    "..3.56.8.1.3...7..1....678....4.....12..5....12..56....2.....8.........91.....78.",
);

/// `Dynamic forcing chain: whichever of 1, 4 r9c9 holds, r7c8<>4 (chains of 11 and 2 nodes)`
const DYNAMIC_CELL: &str = concat!(
    ".2...6.89....56.....3..........5678....4.........5678..2..56.891............5...9",
    "...4.6.8....4567......5678.1................9.2.........3456.8....4.6.8...345....",
    "12.4.6.891..456..912..56.8...3..........5..8.....56.8..2.456.8..2.4.6.89......7..",
    "123.....91.3...7.9...4......2..5.78......6...1...5.78.1.3.5..89......7891.3.5...9",
    "....5....1....67.91....67........78...3.........4.....1....6.89.....6789.2.......",
    "123..6..........8.12...67..........912..5....1...5.7..1.3456......4.67..1.345....",
    "1.34...8.1.345....1...5..8....4...8.......7....3.....912.4....9.2.4....9.....6...",
    "......7..1.34.6...1....6....2.4.6...12.........3.....91..4....9....5...........8.",
    "1..4.6.8..2...............9...456.8.1...5..8.1...56.8.......7....3......1..4.....",
);

/// `Dynamic forcing chain: wherever 1 goes in box 8 (r7c5, r9c5), r9c5<>7 (chains of 11 and 2 nodes)`
const DYNAMIC_UNIT: &str = concat!(
    "12....7..1......8.12.4..7.9.2.4..78...3...........6.........7.9....5....12....7.9",
    "..3.......2.4......2.4..7.91.........2.45.7...2.45.7.........8......6....2....7.9",
    "....5.........6.8.12...67..........9.2....78..2....7.....4.....12....7....3......",
    "...4.........5.....23..6....2...67...2....7.9.......8.1.........23...7.9.2...67.9",
    "1....6.8.......7..1....6.....3.......2..5...9.2..5...9....56..9.2.....89...4.....",
    ".2...6.8.........9.23..6....2.4567...2.45.7..1..........3.5.7...23...7...2...678.",
    ".2....7..1..4.........5.....2.4..78.12.4..7.9..3...........6..91..4...89.....6.8.",
    "........91234............8..2..5.7.......6....2.45.7....3...7..1.34..7..1.....7..",
    "1....67..1.34.6......4.67.....4..78.1..4..789...4..7.9.2.......1.34..789....5....",
);

/// `Dynamic forcing chain: if r8c5 were 2, r9c2 would both be and not be 6 (chains of 8 and 5 nodes), so r8c5<>2`
const DYNAMIC_CONTRADICTION: &str = concat!(
    "123.56..9.2...6..9.23.5....1.3.5...9......7....3.56..9.......8....4.....12..5....",
    "12..56..9.......8..2.45.7..1...5...9...456..9...456..912....7.9..3......12..5....",
    "1.3.5......3...7.9..345.7..1.3.5..89..345..89.2.......1.....7.91.....7.9.....6...",
    ".23......1.........23...7.....4......23.5...........8..2..567...2...67..........9",
    ".2.4....9.2....7.9.......8......6....2..5...9....5.7.912.45....12....7....3......",
    ".234....9....5.........6....23.....91..........3...7.9.2.4......2....7.........8.",
    "......7.....4......23.5.....23.5..8..23.56.8...3.56...12...6..912...6.8912.......",
    ".2..56....23..6...........9......7...23.56.8.1.........2...6....2...6.8....4.....",
    ".......8..2...6...1.........2......9.2.4.6..9...4.6..9..3..........5..........7..",
);

/// `Dynamic forcing chain: whether r7c1 is 2 or not, r7c1<>9 (chains of 2 and 15 nodes)`
const DYNAMIC_DOUBLE: &str = concat!(
    ".....6....2.............7..1..4...89...4....91.3....89...45..89....5..8...3.5...9",
    "...4.......3....89..3....89.....6..9....5.....23..6..91.........2...6.........7..",
    "..3.....91............5..........7...2.4.6..9.23....89.2.4.6.89.2...6.8..234....9",
    ".......8....45...912......9..3.......2.4....912..5...9.2.45.7..12..5.7.......6...",
    ".2..5...9...45...912...6..91..456..9.......8.......7....3......12..5.....2.45....",
    "......7....345....123..6...1..456....2...6...12..56......45............9.......8.",
    ".2..5...9.....6......4.........5..89......7......5..89.2..5..89..3......1........",
    "..3.5...9......7....3....89.2.......1............56.89....56.89...4.........5...9",
    "1............5..89.2.....89....56.89..3.........4......2..56789.2..5678..2..5...9",
);

/// `Dynamic forcing chain plus: whether r7c2 is 5 or not, r3c3<>5 (chains of 16 and 2 nodes)`
const PLUS_DOUBLE: &str = concat!(
    "12.4....9.23.5...912345...912.4567..1..4567.912...67.9.23.567.........8..23..6..9",
    ".2.4....9.23.5...9.....6....2.45.7.........8..2....7.91.........23.5.7.9.23.....9",
    "......7...2..5..8912..5..8912..56...1...56..9..3.......2..56....2..5...9...4.....",
    "12...6.89...4...........7..1....6.8.1....6..9....5.....23..6.8.123.....9123..6.89",
    "....5.........6.891......89..3.......2.......1....6789...4.678.1..4..7.91....6.89",
    "12...6.89.23..6.89123....891..4.678.1..4.67.91....6789.2...678.12....7.9....5....",
    "..3.......2..56.89.2..5..8912..56.8.1...56......4......2..5..8.12..5..........7..",
    ".2.4.6.8.......7...2.45..8.12..56.8.1.3.56...12...6.8.........912345....123....8.",
    ".2.4...8.1.........2.45..8.........9..3.5.7...2....78..2345..8......6....23....8.",
);

/// `Dynamic forcing chain plus: if r2c7 were 7, r4c6 would both be and not be 5 (chains of 22 and 16 nodes), so r2c7<>7`
const PLUS_CONTRADICTION: &str = concat!(
    ".2.45.....2..567....3......1...5678.........91...5678..2.4..78..2.45..8..2..5.7..",
    "1.........2..5.7.9.2..5.7.9....5.78....4.........5.78..2....789..3...........6...",
    "...45...9....567.9.......8...3.567....3.56....2.......1...........45...9....5.7.9",
    ".2..5...9...4.....12..56..912..56..........8.1...56....2...6..9......7....3......",
    ".23.5..8..23.5.7..12..567..........9123.56...1.34567...2.4.6.8.12.45..8.12..5....",
    ".23.5..89.23.5.7.912..567..1234567..123.56...1.34567...2.4.6.8912.45..8912..5...9",
    ".23.5...9123.5...9...4.....123.5..........7..1.3.5...9.23.....9.....6..........8.",
    ".....6...123.5..89.2..5...912345..8.123.5....1.345..89.23...7.912......912....7.9",
    "......7..123....89.2......9123..6.8.123..6...1.3..6.89....5....12......9...4.....",
);

/// `Dynamic forcing chain plus: wherever 3 goes in column 8 (r1c8, r2c8, r3c8, r4c8), r3c8<>4 (chains of 4, 34, 2 and 5 nodes)`
const PLUS_UNIT: &str = concat!(
    "1....678912...67.9123...7.9...4.....12..5...9123.56..91...5.7.9..3.5.78.1.3...7.9",
    "1..4..7.9....5....1.34..7.91.3.....9.......8.1.3.....9.2.........34..7.......6...",
    "1..4.6.8912.4.6..91234....9123.56..912..5...9......7..1..45...9..345..8.1.34....9",
    ".2.......1....67891.....7.91...56789...4.....1...56.89....567.9..3.567....3...7.9",
    "..3.........4.6789...4..7.9.2..56789.2..5.7.9.2..56.89...4567.91...........4..7.9",
    "1..4.67.91..4.67.9....5....1....67.9..3......1....6..9.......8....4.67...2.......",
    "....5....12.4..7.912.4..7.912....7.9.....6...12.4....9..3.......2.4..7.........8.",
    "1..4..7..1234..7.......6...123...78.12....7..1234...8.1..4..7..........9....5....",
    "1..4..7.91234..7.9.......8.123.5.7.912..5.7.912345...91..4.67...2.4.67..1..4..7..",
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

/// The chains of `step`, written out.
fn chains_of(step: &Step) -> Vec<String> {
    step.chains.iter().map(ToString::to_string).collect()
}

#[test]
fn nishio_forcing_chain_stays_on_one_digit() {
    let step = check(
        NISHIO,
        only(Technique::NishioForcingChain),
        "Nishio forcing chain: if r5c6 were 7, r2c7 would both be and not be 7 (chains of 6 and 4 nodes), so r5c6<>7",
    );
    assert_eq!(
        chains_of(&step),
        [
            // r1c4=7: the other place of 7 in column 4 once r4c4 is gone;
            // r2c7=7: the last of 7 in column 7 once r5c7 and r1c7 are gone.
            "r5c6=7 -> r4c4<>7 -> r5c7<>7 -> r1c4=7 -> r1c7<>7 -> r2c7=7",
            "r5c6=7 -> r3c6<>7 -> r3c9=7 -> r2c7<>7",
        ]
    );
    // Ten nodes, SE's length 8: 7.5 plus 0.2.
    assert_eq!(step.difficulty, Difficulty::from_tenths(77));
    assert_eq!(step.technique, Technique::NishioForcingChain);
}

#[test]
fn static_cell_forcing_chains_start_from_cells_of_three_candidates() {
    let step = check(
        STATIC_CELL,
        only(Technique::CellForcingChain),
        "Cell forcing chain: whichever of 2, 7, 9 r6c8 holds, r1c8<>2 (chains of 2, 4 and 6 nodes)",
    );
    assert_eq!(
        chains_of(&step),
        [
            "r6c8=2 -> r1c8<>2",
            "r6c8=7 -> r4c8<>7 -> r4c8=2 -> r1c8<>2",
            "r6c8=9 -> r6c1<>9 -> r6c1=2 -> r2c1<>2 -> r1c3=2 -> r1c8<>2",
        ]
    );
    assert_eq!(step.difficulty, Difficulty::from_tenths(83));
}

#[test]
fn static_unit_forcing_chains_follow_every_place_of_a_digit() {
    let step = check(
        STATIC_UNIT,
        only(Technique::UnitForcingChain),
        "Unit forcing chain: wherever 3 goes in box 1 (r1c1, r1c2, r3c1), r1c7<>3 (chains of 2, 2 and 6 nodes)",
    );
    assert_eq!(step.technique, Technique::UnitForcingChain);
    assert_eq!(
        step.chains[2].to_string(),
        "r3c1=3 -> r3c6<>3 -> r3c6=5 -> r3c8<>5 -> r1c7=5 -> r1c7<>3"
    );
    let step = check(
        STATIC_UNIT_PLACEMENT,
        only(Technique::UnitForcingChain),
        "Unit forcing chain: wherever 7 goes in row 9 (r9c2, r9c3, r9c9), r3c1=7 (chains of 5, 3 and 3 nodes)",
    );
    assert_eq!(step.conclusion(), "r3c1=7");
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
        "Dynamic forcing chain: whichever of 1, 4 r9c9 holds, r7c8<>4 (chains of 11 and 2 nodes)",
    );
    check(
        DYNAMIC_UNIT,
        only(Technique::DynamicForcingChain),
        "Dynamic forcing chain: wherever 1 goes in box 8 (r7c5, r9c5), r9c5<>7 (chains of 11 and 2 nodes)",
    );
    let step = check(
        DYNAMIC_DOUBLE,
        only(Technique::DynamicForcingChain),
        "Dynamic forcing chain: whether r7c1 is 2 or not, r7c1<>9 (chains of 2 and 15 nodes)",
    );
    // r5c1=2 leaves column 8 one place for 2 only once r4c7 (box 6),
    // r5c8 and r5c9 (row 5) have gone: those removals are parents too.
    assert_eq!(
        step.chains[1].to_string(),
        "r7c1<>2 -> r7c7=2 -> r5c1=2 -> r4c7<>2 -> r5c8<>2 -> r5c9<>2 -> r4c8=2 -> r2c8<>2 \
         -> r2c8=6 -> r2c4<>6 -> r2c4=9 -> r2c2<>9 -> r2c3<>9 -> r3c1=9 -> r7c1<>9"
    );
    // Seventeen nodes: 8.5 plus SE's bonus for 15.
    assert_eq!(step.difficulty, Difficulty::from_tenths(89));
}

#[test]
fn dynamic_contradiction_is_a_candidate_both_true_and_false() {
    let step = check(
        DYNAMIC_CONTRADICTION,
        only(Technique::DynamicForcingChain),
        "Dynamic forcing chain: if r8c5 were 2, r9c2 would both be and not be 6 (chains of 8 and 5 nodes), so r8c5<>2",
    );
    assert_eq!(
        chains_of(&step),
        [
            "r8c5=2 -> r8c5<>3 -> r8c5<>5 -> r8c2=3 -> r8c2<>6 -> r8c1=5 -> r8c1<>6 -> r9c2=6",
            "r8c5=2 -> r9c4<>2 -> r9c5<>2 -> r9c2=2 -> r9c2<>6",
        ]
    );
    assert_eq!(step.difficulty, Difficulty::from_tenths(88));
}

#[test]
fn plus_uses_basic_techniques_where_dynamic_chains_are_stuck() {
    let step = check(
        PLUS_DOUBLE,
        only(Technique::DynamicForcingChainPlus),
        "Dynamic forcing chain plus: whether r7c2 is 5 or not, r3c3<>5 (chains of 16 and 2 nodes)",
    );
    // r8c8<>3 and the rest of 3 come from a basic technique on the branch's
    // marks, resting on the removals before them.
    assert!(
        step.chains[0].to_string().contains("r2c2<>5 -> r8c8<>3"),
        "{step}"
    );
    check(
        PLUS_CONTRADICTION,
        only(Technique::DynamicForcingChainPlus),
        "Dynamic forcing chain plus: if r2c7 were 7, r4c6 would both be and not be 5 (chains of 22 and 16 nodes), so r2c7<>7",
    );
    check(
        PLUS_UNIT,
        only(Technique::DynamicForcingChainPlus),
        "Dynamic forcing chain plus: wherever 3 goes in column 8 (r1c8, r2c8, r3c8, r4c8), r3c8<>4 (chains of 4, 34, 2 and 5 nodes)",
    );
    // The levels come in order: nothing easier applies to these states.
    for state in [PLUS_DOUBLE, PLUS_CONTRADICTION, PLUS_UNIT] {
        let marks = marks_from_729(state);
        let step = find(&marks, up_to(Technique::DynamicForcingChainPlus)).expect("a step");
        assert_eq!(step.technique, Technique::DynamicForcingChainPlus);
    }
}

/// Puzzles of the sample collections with Sudoku Explainer's rating (serate
/// 1.2.1.3, every technique): explained with only SE's techniques, the
/// hardest step rates the same. In the first five it is a Nishio forcing
/// chain.
const SE_RATED: [(&str, u16); 12] = [
    (
        "32......1.9....7..5.....38..6..5.8........92.2.8.9...3....832.94...6.......7....6",
        77,
    ),
    (
        "..2.4.3.86....2.4...8...7..5.......7......9....4371..5...91....4.32...8..6.......",
        78,
    ),
    (
        ".6.184.9...8...4.....5.9...7.........4.......9.6.5...1......84.4...237.......8..6",
        79,
    ),
    (
        "......3..36.........85...79....8..57..........2...4163..9....4.4..8.2...2..4.1...",
        76,
    ),
    (
        "........31......7...65..91...78.1.6...4.5..92...4......68..4...41.9...5..79.8....",
        79,
    ),
    (
        "...8.7.5......2.4915.........9......8.29...6...3.7.......68...249......5.....37..",
        83,
    ),
    (
        "1..6.......7.9.4.19.3.5..7...15....93.4.....2.....7.3...5....2...........2.94..13",
        83,
    ),
    (
        "57..8.4.........3...32..1.5...4.8........5...2.7.....19.1.....4.8.7.9.....2....6.",
        88,
    ),
    (
        ".9...6...5....7..6..2...3....6..5..48.....79.7....2.......5..1....62...8.3...1.4.",
        87,
    ),
    (
        "..8.5..6....7...83.5............524.8..6....9.7.....1...23.....6...9..7...4..2...",
        85,
    ),
    (
        ".......9..6...17..9.....2...1.3.26......7...87...4..1.2...39.6..8.......4..82....",
        90,
    ),
    (
        "....2.68.9..3.........6.3...9...6..7.1....8..3.6..8.2......5...4.2.1.9...8.9...7.",
        91,
    ),
];

#[test]
fn sudoku_explainer_rates_these_puzzles_alike() {
    let techniques = "singles,intersections,subsets,x-wing,swordfish,jellyfish,xy-wing,xyz-wing,\
                      uniqueness,exclusion,x-cycle,x-chain,xy-cycle,xy-chain,forcing";
    let engine = LogicSolver::new()
        .techniques(techniques.parse().expect("groups"))
        .assume_unique(true);
    for (i, (puzzle, rating)) in SE_RATED.iter().enumerate() {
        let puzzle: Grid = puzzle.parse().expect("a puzzle");
        let explanation = engine.explain(&puzzle).expect("one solution");
        assert!(explanation.solved, "{puzzle}");
        assert_eq!(
            explanation.hardest(),
            Difficulty::from_tenths(*rating),
            "{puzzle}"
        );
        if i < 5 {
            assert!(explanation.steps.iter().any(|s| {
                s.technique == Technique::NishioForcingChain
                    && s.difficulty == explanation.hardest()
            }));
        }
    }
}

#[test]
fn nested_chains_where_plus_finds_nothing() {
    let marks = marks_from_729(NESTED);
    assert!(find(&marks, up_to(Technique::DynamicForcingChainPlus)).is_none());
    let step = check(
        NESTED,
        up_to(Technique::NestedForcingChain),
        "Nested forcing chain: if r1c3 were 2, 3 would have no place left in column 4 (47 nodes), so r1c3<>2",
    );
    // Rated with the nodes of the inner chains it rests on counted.
    assert_eq!(step.difficulty, Difficulty::from_tenths(108));
}

#[test]
fn nested_level_two_also_finds_a_contradiction() {
    let marks = marks_from_729(NESTED);
    let root = Board::from_marks(&marks);
    let targets = targets(&root);
    let tables = Rc::new(tables::RootTables::new(&root, Mode::Plus));
    let step = nested_level(&root, 2, probe::Shape::Nested, &targets, Some(&tables))
        .expect("level 2 holds level 1");
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

/// A branch settled by the root tables ends as the same branch run in full,
/// for branches of singles and plus branches alike.
#[test]
fn root_tables_agree_with_running_the_branches() {
    for mode in [Mode::Singles, Mode::Plus] {
        tables_agree_with_branches(mode);
    }
}

fn tables_agree_with_branches(mode: Mode) {
    use self::tables::{Changes, Verdict};
    let marks = marks_from_729(NESTED);
    let root = Board::from_marks(&marks);
    let tables = tables::RootTables::new(&root, mode);
    let mut outer = Probe::new(mode, root);
    let mut inner = Probe::new(mode, root);
    let mut settled = Probe::new(mode, root);
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
    assert!(counts.iter().all(|&n| n > 0), "{mode:?}: {counts:?}");
}

#[test]
fn sample_states_use_each_technique_soundly() {
    for technique in [
        Technique::NishioForcingChain,
        Technique::CellForcingChain,
        Technique::UnitForcingChain,
        Technique::DynamicForcingChain,
    ] {
        let found = states_using(technique, up_to(technique), 23, 4);
        assert!(!found.is_empty(), "no {technique}");
        for (marks, step, _) in &found {
            assert_well_formed(step, marks);
            follows_se_rules(step, marks);
        }
    }
}

/// What Sudoku Explainer's levels allow: Nishio chains are contradictions
/// on one digit; static chains are never contradictions nor double forcing
/// chains, and start from cells of three candidates or more.
fn follows_se_rules(step: &Step, marks: &Candidates) {
    match step.technique {
        Technique::NishioForcingChain => {
            assert!(step.text.contains(" were "), "{step}");
            assert_eq!(step.digits.len(), 1, "{step}");
            assert!(step
                .chains
                .iter()
                .flat_map(|c| &c.nodes)
                .all(|n| step.digits.contains(n.candidate.digit)));
        }
        Technique::CellForcingChain => {
            assert!(step.text.contains(" whichever of "), "{step}");
            let first = step.chains[0].nodes[0].candidate.cell;
            assert!(marks.get(first).len() >= 3, "{step}");
        }
        Technique::UnitForcingChain => assert!(step.text.contains(" wherever "), "{step}"),
        _ => {}
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
        Technique::NishioForcingChain,
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
        let technique = kinds[if round % 12 == 0 { 5 } else { random.below(5) }];
        if let Some(step) = find(&marks, only(technique)) {
            assert_eq!(step.technique, technique);
            assert_sound(&step, &marks, solution);
            assert_well_formed(&step, &marks);
            follows_se_rules(&step, &marks);
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
