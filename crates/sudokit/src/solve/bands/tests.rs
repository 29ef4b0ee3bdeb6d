//! Tests across the parts of the engine: the compiled variants against the
//! portable search, and the search below a solution against the ordered walk.

use super::branch::PATTERN_BRANCH;
use super::lanes::{
    counts_with, first_solutions_alone_with, first_solutions_stepped_or_not, first_solutions_with,
    smallest_searches, smallest_searches_with, SmallestOutcome,
};
use super::lexmin::{lexicographic, search_below_found, smallest_search, Settlement};
use super::propagate::Rules;
#[cfg(target_arch = "x86_64")]
use super::search::{search_portable, Budget, DigitOrder};
use super::search::{state_from_grid, state_to_grid, Frame, ALWAYS};
use super::state::{at, Contradiction, State};
use crate::solve::kernels::tests::random_words;
#[cfg(target_arch = "x86_64")]
use crate::solve::kernels::{Kernels, Portable};
use crate::solve::tables::{PATTERN_TRIADS, PEERS};
use crate::Grid;

/// The shipped samples of every collection, as boards.
fn sample_boards() -> Vec<Grid> {
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/puzzles");
    let mut boards = Vec::new();
    for entry in std::fs::read_dir(folder).expect("the samples ship with the repository") {
        let path = entry.expect("a readable folder").path();
        if path.extension().is_some_and(|ext| ext == "txt") {
            let text = std::fs::read_to_string(&path).expect("a readable sample");
            boards.extend(text.lines().filter_map(|line| line.parse::<Grid>().ok()));
        }
    }
    assert!(boards.len() > 1000, "only {} sample boards", boards.len());
    boards
}

/// Every `step`-th shipped sample whose givens propagate to a state that is
/// neither contradictory nor solved, with that state.
fn unsolved_roots(step: usize) -> impl Iterator<Item = (Grid, State)> {
    sample_boards()
        .into_iter()
        .step_by(step)
        .filter_map(|board| {
            let mut root = State::from_grid(&board).ok()?;
            (root.propagate().is_ok() && !root.is_solved()).then_some((board, root))
        })
}

/// Up to three solutions in the order found, and the guesses made.
fn run(
    engine: impl Fn(&mut Vec<Frame>, State, &mut Vec<Grid>) -> u64,
    board: &Grid,
) -> (Vec<Grid>, u64) {
    let mut stack = Vec::new();
    let mut found = Vec::new();
    let guesses = match State::from_grid(board) {
        Ok(root) => engine(&mut stack, root, &mut found),
        Err(Contradiction) => 0,
    };
    (found, guesses)
}

#[test]
#[cfg(target_arch = "x86_64")]
fn the_bit_instruction_searches_match_the_portable_one() {
    use crate::solve::kernels::{Avx2, Avx2Pext, Avx512};
    let boards = sample_boards();
    for order in [DigitOrder::Ascending, DigitOrder::ForFirstSolution] {
        let portable: Vec<_> = boards
            .iter()
            .map(|board| run_with(Portable, false, order, board))
            .collect();
        // Each variant this CPU can run; `Avx2Pext` and `Avx512` only where
        // `pext` is fast.
        if let Some(kernels) = Avx2::new() {
            assert_native_search_matches(kernels, order, &boards, &portable);
        }
        if let Some(kernels) = Avx2Pext::new() {
            assert_native_search_matches(kernels, order, &boards, &portable);
        }
        if let Some(kernels) = Avx512::new() {
            assert_native_search_matches(kernels, order, &boards, &portable);
        }
    }
}

/// Checks that the search compiled for the bit instructions with
/// `kernels`, trying digits in `order`, finds `expected` (solutions and
/// guesses) on each board.
#[cfg(target_arch = "x86_64")]
fn assert_native_search_matches<K: Kernels>(
    kernels: K,
    order: DigitOrder,
    boards: &[Grid],
    expected: &[(Vec<Grid>, u64)],
) {
    for (board, expected) in boards.iter().zip(expected) {
        assert_eq!(
            &run_with(kernels, true, order, board),
            expected,
            "{}",
            board.to_line()
        );
    }
}

/// Up to three solutions and the guesses of the search with `kernels`,
/// compiled for the bit instructions if `native`, trying digits in `order`.
#[cfg(target_arch = "x86_64")]
fn run_with<K: Kernels>(
    kernels: K,
    native: bool,
    order: DigitOrder,
    board: &Grid,
) -> (Vec<Grid>, u64) {
    run(
        |stack, root, found| {
            let on_solution = |solution: &State| {
                found.push(solution.to_grid());
                found.len() < 3
            };
            if native {
                // SAFETY: `kernels` is a native variant, which exists
                // only on a CPU with the features.
                unsafe {
                    super::search::search_with_bit_instructions::<false, false, _>(
                        stack,
                        root,
                        Budget::UNLIMITED,
                        order,
                        ALWAYS,
                        on_solution,
                        kernels,
                    )
                    .0
                }
            } else {
                search_portable::<false, false, _>(
                    stack,
                    root,
                    Budget::UNLIMITED,
                    order,
                    ALWAYS,
                    on_solution,
                    kernels,
                )
                .0
            }
        },
        board,
    )
}

#[test]
fn the_search_below_found_meets_ever_smaller_solutions_down_to_the_smallest() {
    let mut next = random_words(0x9E37_79B9_7F4A_7C15u64);
    let (mut stack, mut walk) = (Vec::new(), Vec::new());
    let (mut several, mut settled) = (0, 0);
    for (index, board) in sample_boards().iter().enumerate().step_by(4) {
        // Every other board loses about a third of its clues, so that
        // it has several solutions.
        let mut values = *board.values();
        if index % 8 == 0 {
            for value in values.iter_mut() {
                if next().is_multiple_of(3) {
                    *value = 0;
                }
            }
        }
        let board = Grid::from_values(values).expect("digits");
        let Ok(root) = State::from_grid(&board) else {
            continue;
        };
        let mut found = Vec::new();
        let (_, finished) = search_below_found(&mut stack, root, 1000, ALWAYS, |solution| {
            found.push(solution.to_grid());
            found.len() < 100
        });
        let mut smallest = None;
        lexicographic(&mut stack, &mut walk, root, ALWAYS, |solution| {
            smallest = Some(solution.to_grid());
            false
        });
        assert!(found.windows(2).all(|pair| pair[1] < pair[0]), "{board}");
        if finished && found.len() < 100 {
            assert_eq!(found.last().copied(), smallest, "{board}");
        }
        several += usize::from(found.len() > 1);
        settled += usize::from(found.len() > 1 && finished && found.len() < 100);
    }
    assert!(several > 20, "only {several} boards met a second solution");
    assert!(
        settled > 5,
        "only {settled} boards with several solutions were settled"
    );
}

#[test]
fn a_guess_clears_its_cell_and_reaches_the_fixed_point_a_placement_reaches() {
    let mut checked = 0;
    for (board, root) in unsolved_roots(7) {
        let cell = root
            .first_open_cell()
            .expect("an unsolved state has an open cell");
        let digits = root.cell_digits(cell);
        let mut others = digits;
        while others != 0 {
            let choice = others.trailing_zeros() as usize;
            others &= others - 1;
            let (mut taken, mut placed) = (root, root);
            let took = taken.take(cell as u8, choice, digits as u16);
            if took.is_ok() {
                assert_eq!(taken.cell_digits(cell), 1 << choice, "{board}");
            }
            let took = took.and_then(|()| taken.propagate());
            let put = placed.place(cell, choice).and_then(|()| placed.propagate());
            assert_eq!(took, put, "{board}, cell {cell}, digit {choice}");
            if took.is_ok() {
                assert_eq!(taken, placed, "{board}, cell {cell}, digit {choice}");
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} guesses checked");
}

#[test]
fn the_cell_taken_beside_a_guess_is_the_first_bivalue_cell_apart_from_it() {
    let mut checked = 0;
    for (board, root) in unsolved_roots(5) {
        let bivalue = |cell: usize| root.cell_digits(cell).count_ones() == 2;
        for target in (0..81).filter(|&cell| bivalue(cell)) {
            let peers = &PEERS[target];
            let apart = (0..81).find(|&cell| {
                cell != target && peers[cell / 27] >> (cell % 27) & 1 == 0 && bivalue(cell)
            });
            let expected = apart.map(|cell| (cell as u8, root.cell_digits(cell) as u16));
            assert_eq!(
                root.bivalue_cell_apart(target as u8),
                expected,
                "{board}, cell {target}"
            );
            checked += 1;
        }
        // A digit-band target (a pattern branch) has no cell to stand apart from.
        assert_eq!(root.bivalue_cell_apart(81 + 26), None);
    }
    assert!(checked > 1000, "only {checked} cells checked");
}

#[test]
fn the_cell_taken_where_none_has_two_candidates_has_the_fewest_and_reaches_furthest() {
    let mut checked = 0;
    for (board, root) in unsolved_roots(3) {
        let open: Vec<usize> = (0..81)
            .filter(|&cell| root.unsolved[cell / 27] >> (cell % 27) & 1 == 1)
            .collect();
        let candidates = |cell: usize| root.cell_digits(cell).count_ones();
        let fewest = open
            .iter()
            .map(|&cell| candidates(cell))
            .min()
            .expect("open cells");
        // Counted peer by peer: each open peer once for every digit it shares
        // with the cell.
        let reach = |cell: usize| -> u32 {
            open.iter()
                .filter(|&&peer| PEERS[cell][peer / 27] >> (peer % 27) & 1 == 1)
                .map(|&peer| (root.cell_digits(peer) & root.cell_digits(cell)).count_ones())
                .sum()
        };
        // The furthest reach, the first cell in row-major order on a tie.
        let expected = open
            .iter()
            .copied()
            .filter(|&cell| candidates(cell) == fewest)
            .max_by_key(|&cell| (reach(cell), std::cmp::Reverse(cell)))
            .expect("a cell with the fewest candidates");
        assert_eq!(root.furthest_reaching_cell(), expected, "{board}");
        checked += 1;
    }
    assert!(checked > 300, "only {checked} boards checked");
}

/// The state of `board`'s givens placed one by one: each clears its digit
/// from its peers and its cell from the other digits; a given whose digit a
/// peer already holds clashes.
fn givens_placed_one_by_one(board: &Grid) -> Result<State, Contradiction> {
    let values = board.values();
    let mut state = State {
        cands: [(1 << 27) - 1; 27],
        unsolved: [(1 << 27) - 1; 3],
        pairs: [0; 3],
        pending: (1 << 27) - 1,
    };
    for cell in (0..81).filter(|&cell| values[cell] != 0) {
        let (band, bit, digit) = (
            cell / 27,
            1u32 << (cell % 27),
            usize::from(values[cell]) - 1,
        );
        let peers = PEERS[cell];
        let clashes = (0..81).any(|other| {
            values[other] == values[cell] && peers[other / 27] >> (other % 27) & 1 == 1
        });
        if clashes {
            return Err(Contradiction);
        }
        for (peer_band, &peer_mask) in peers.iter().enumerate() {
            state.cands[peer_band * 9 + digit] &= !peer_mask;
        }
        for other in (0..9).filter(|&other| other != digit) {
            state.cands[band * 9 + other] &= !bit;
        }
        state.unsolved[band] &= !bit;
    }
    Ok(state)
}

#[test]
fn the_givens_state_matches_placing_the_givens_one_by_one() {
    let mut boards = sample_boards();
    // Random boards, most with clashing givens, sparse and dense.
    let mut next = random_words(0x51_7CC1_B727_220A);
    for round in 0..2_000 {
        let mut values = [0u8; 81];
        for value in &mut values {
            let word = next();
            if word % 81 < 5 + round % 40 {
                *value = (word >> 8) as u8 % 9 + 1;
            }
        }
        boards.push(Grid::from_values(values).expect("digits are 1..=9"));
    }
    let mut clashing = 0;
    for board in &boards {
        let expected = givens_placed_one_by_one(board);
        clashing += usize::from(expected.is_err());
        assert_eq!(State::from_grid(board), expected, "{board}");
        // This CPU's kernels make the same state, and read it back alike.
        assert_eq!(state_from_grid(board), expected, "{board}");
        if let Ok(state) = expected {
            assert_eq!(state_to_grid(&state), state.to_grid(), "{board}");
            assert_eq!(state.to_grid(), *board, "{board}");
        }
    }
    assert!(clashing > 500, "only {clashing} boards clash");
}

/// The roots of the shipped samples, and the states one guess below them
/// (the first open cell's largest digit), not yet propagated: long sweeps,
/// short ones and contradictions.
fn roots_and_states_below() -> Vec<State> {
    let mut states = Vec::new();
    for board in sample_boards() {
        let Ok(root) = State::from_grid(&board) else {
            continue;
        };
        states.push(root);
        let mut propagated = root;
        if propagated.propagate().is_ok() {
            if let Some(cell) = propagated.first_open_cell() {
                let digits = propagated.cell_digits(cell);
                let mut below = propagated;
                let _ = below.take(
                    cell as u8,
                    31 - digits.leading_zeros() as usize,
                    digits as u16,
                );
                states.push(below);
            }
        }
    }
    states
}

/// Whole sweeps (every band step of a long sweep at once) and masks read
/// ahead reach the state that one band step at a time reaches, or the same
/// contradiction, under every rule, alone and in a lane, with the portable
/// kernels and with this CPU's best.
#[test]
fn whole_sweeps_reach_the_states_of_one_band_step_at_a_time() {
    fn check<K: crate::solve::kernels::Kernels>(states: &[State], kernel: K) -> (usize, usize) {
        let (mut checked, mut contradictions) = (0, 0);
        for state in states {
            for rules in [Rules::Singles, Rules::Columns, Rules::Triads] {
                let (mut plain, mut alone, mut lane) = (*state, *state, *state);
                let expected = plain.propagate_step_by_step(kernel, rules);
                assert_eq!(alone.propagate_with(kernel, rules), expected);
                let [in_lane] = State::propagate_lanes([&mut lane], kernel, [rules], [true]);
                assert_eq!(in_lane, expected);
                if expected.is_ok() {
                    assert_eq!(alone, plain);
                    assert_eq!(lane, plain);
                } else {
                    contradictions += 1;
                }
                checked += 1;
            }
        }
        (checked, contradictions)
    }
    // Roots (all 27 digit-bands marked: whole sweeps) and the states one
    // guess below them (short sweeps, contradictions), and roots with three
    // digits more in random open cells: whole sweeps that meet
    // contradictions, two digits placed in one cell among them.
    let mut states = roots_and_states_below();
    let mut next = random_words(0x3C6E_F372_FE94_F82B);
    for board in sample_boards().iter().step_by(3) {
        let mut values = *board.values();
        for _ in 0..3 {
            let cell = (next() % 81) as usize;
            if values[cell] == 0 {
                values[cell] = (next() % 9) as u8 + 1;
            }
        }
        if let Ok(root) = Grid::from_values(values).map(|grid| State::from_grid(&grid)) {
            states.extend(root);
        }
    }
    assert!(states.iter().any(|state| state.pending.count_ones() == 27));
    let (checked, contradictions) = check(&states, Portable);
    assert!(checked > 3000, "only {checked} states");
    assert!(contradictions > 300, "only {contradictions} contradictions");
    #[cfg(target_arch = "x86_64")]
    if let Some(kernel) = crate::solve::kernels::Avx2Pext::new() {
        check(&states, kernel);
    }
}

#[test]
fn boards_propagated_in_pairs_reach_the_states_each_reaches_alone() {
    // Roots, and the states one guess below them, so that pairs meet
    // contradictions and short propagations too.
    let states = roots_and_states_below();
    let (mut checked, mut contradictions) = (0, 0);
    for (first, second) in states.iter().zip(states.iter().skip(1).step_by(2)) {
        let (mut alone_first, mut alone_second) = (*first, *second);
        let alone = [alone_first.propagate(), alone_second.propagate()];
        let (mut paired_first, mut paired_second) = (*first, *second);
        let paired = State::propagate_pair([&mut paired_first, &mut paired_second], Portable);
        let (mut native_first, mut native_second) = (*first, *second);
        let native = super::propagate_pair([&mut native_first, &mut native_second]);
        assert_eq!(paired, alone);
        assert_eq!(native, alone);
        for (lane, (by_itself, (paired, native))) in [
            (alone_first, (paired_first, native_first)),
            (alone_second, (paired_second, native_second)),
        ]
        .into_iter()
        .enumerate()
        {
            if alone[lane].is_ok() {
                assert_eq!(paired, by_itself);
                assert_eq!(native, by_itself);
            } else {
                contradictions += 1;
            }
        }
        checked += 1;
    }
    assert!(checked > 1000, "only {checked} pairs");
    assert!(contradictions > 20, "only {contradictions} contradictions");
}

/// The lanes (two searches side by side) find each board's first solution,
/// and count its solutions, with the guesses the search alone makes, with
/// the portable kernels and with this CPU's: on every second shipped
/// sample, boards whose givens clash, one without a solution, and an odd
/// count, so one lane ends alone; three lanes too.
#[test]
fn the_lanes_find_each_first_solution_with_the_guesses_of_the_search_alone() {
    let mut boards: Vec<Grid> = sample_boards().into_iter().step_by(2).collect();
    let clash: Grid = format!("11{}", ".".repeat(79)).parse().expect("a board");
    // Propagation empties r1c9: 1-8 in its row, 9 in its column.
    let dead_end: Grid = format!("12345678.{}9{}", ".".repeat(35), ".".repeat(36))
        .parse()
        .expect("a board");
    boards.insert(3, clash);
    boards.insert(10, dead_end);
    if boards.len().is_multiple_of(2) {
        boards.pop();
    }
    let alone: Vec<_> = boards
        .iter()
        .map(|board| match State::from_grid(board) {
            Ok(root) => {
                let (found, guesses) = super::search::search_first(&mut Vec::new(), root, ALWAYS);
                Ok((found.map(|state| state.to_grid()), guesses))
            }
            Err(contradiction) => Err(contradiction),
        })
        .collect();
    assert_eq!(alone[3], Err(Contradiction));
    assert_eq!(alone[10], Ok((None, 0)));
    let mut stacks = [Vec::new(), Vec::new()];
    let portable = first_solutions_with(&boards, stacks.each_mut(), Portable);
    assert_eq!(portable, alone);
    assert_eq!(super::first_solutions(&boards, stacks.each_mut()), alone);
    // Any number of lanes gives the same.
    let mut three = [Vec::new(), Vec::new(), Vec::new()];
    let in_three = first_solutions_with(&boards, three.each_mut(), Portable);
    assert_eq!(in_three, alone);
    // One board at a time in bulk (where searches in step do not pay), its
    // sparse roots propagated in pairs, and both ways with this CPU's
    // kernels, whichever it picks.
    let [first, _] = stacks.each_mut();
    assert_eq!(first_solutions_alone_with(&boards, first, Portable), alone);
    for in_step in [false, true] {
        assert_eq!(
            first_solutions_stepped_or_not(&boards, stacks.each_mut(), in_step),
            alone
        );
    }

    // Counts too, to one, two and many solutions (the sparse samples have
    // many, so the lanes backtrack past solutions found).
    for limit in [1, 2, 7] {
        let alone: Vec<_> = boards
            .iter()
            .map(|board| {
                let root = State::from_grid(board)?;
                let mut count = 0;
                let guesses = super::search::search(&mut Vec::new(), root, ALWAYS, |_| {
                    count += 1;
                    count < limit
                });
                Ok((count, guesses))
            })
            .collect();
        assert!(alone
            .iter()
            .any(|found| matches!(found, Ok((count, _)) if *count == limit)));
        assert_eq!(
            counts_with(&boards, stacks.each_mut(), limit, Portable),
            alone
        );
        assert_eq!(super::counts(&boards, stacks.each_mut(), limit), alone);
        assert_eq!(
            counts_with(&boards, three.each_mut(), limit, Portable),
            alone
        );
    }
}

/// The lanes make the searches for each board's smallest solution (the
/// row-major probe alone, the search below the solutions found two at a
/// time) with the outcomes and guesses of [`smallest_search`] alone, with
/// the portable kernels and with this CPU's, in two lanes and in three,
/// with `solve`'s budgets and with a search below that gives up at once:
/// on every third shipped sample (dense and sparse), sparse boards with many
/// solutions (whose smallest takes a walk), a clash and a dead end.
#[test]
fn the_lanes_make_the_searches_for_each_smallest_solution_as_alone() {
    let mut boards: Vec<Grid> = sample_boards().into_iter().step_by(3).collect();
    // About 20 givens of a sample's solution each.
    let solutions: Vec<Grid> = boards[..60]
        .iter()
        .filter_map(|board| {
            let root = State::from_grid(board).ok()?;
            let (found, _) = super::search::search_first(&mut Vec::new(), root, ALWAYS);
            Some(found?.to_grid())
        })
        .collect();
    for (seed, solution) in solutions.iter().enumerate() {
        let mut values = *solution.values();
        for (cell, value) in values.iter_mut().enumerate() {
            if (cell * 7 + seed) % 4 != 0 {
                *value = 0;
            }
        }
        boards.push(Grid::from_values(values).expect("digits"));
    }
    boards.insert(3, format!("11{}", ".".repeat(79)).parse().expect("a board"));
    boards.insert(
        10,
        format!("12345678.{}9{}", ".".repeat(35), ".".repeat(36))
            .parse()
            .expect("a board"),
    );
    let probe_budget = Budget {
        guesses: 10,
        dead_ends: u64::MAX,
    };
    for below_budget in [1000, 0] {
        let alone: Vec<_> = boards
            .iter()
            .map(|board| {
                let root = State::from_grid(board)?;
                let (search, guesses) =
                    smallest_search(&mut Vec::new(), root, probe_budget, below_budget, ALWAYS);
                let outcome = match search.settled() {
                    Settlement::Answer(found) => {
                        SmallestOutcome::Settled(found.map(State::to_grid))
                    }
                    Settlement::WalkFrom { root, witness } => {
                        SmallestOutcome::Walk(Box::new((root, witness)))
                    }
                };
                Ok((outcome, guesses))
            })
            .collect();
        let walks = alone
            .iter()
            .filter(|found| matches!(found, Ok((SmallestOutcome::Walk(_), _))))
            .count();
        assert!(walks >= 10, "only {walks} walks");
        assert_eq!(alone[3], Err(Contradiction));
        assert_eq!(alone[10], Ok((SmallestOutcome::Settled(None), 0)));

        let mut stacks = [Vec::new(), Vec::new()];
        let portable = smallest_searches_with(
            &boards,
            stacks.each_mut(),
            probe_budget,
            below_budget,
            Portable,
        );
        assert_eq!(portable, alone);
        let native = smallest_searches(&boards, stacks.each_mut(), probe_budget, below_budget);
        assert_eq!(native, alone);
        let mut three = [Vec::new(), Vec::new(), Vec::new()];
        let in_three = smallest_searches_with(
            &boards,
            three.each_mut(),
            probe_budget,
            below_budget,
            Portable,
        );
        assert_eq!(in_three, alone);
    }
}

/// `first_digit` against a plain count over the board's cells: a digit's
/// places are the cells of the branch cell's row and box that hold it, plus
/// those of its column; of two alternatives the digit with more goes first,
/// of more the one with fewest, ties to the lower; and a search that wants a
/// first solution tries digits in that order, so that it meets other
/// solutions or the same ones after other guesses than the ascending order.
#[test]
fn a_first_solution_search_tries_first_the_digit_its_places_say() {
    let (mut bivalue, mut wider) = (0, 0);
    for (board, root) in unsolved_roots(5) {
        for cell in 0..81 {
            let digits = root.cell_digits(cell) as u16;
            if digits.count_ones() < 2 {
                continue;
            }
            let (row, column, cell_box) = (cell / 9, cell % 9, cell / 27 * 3 + cell % 9 / 3);
            let places = |digit: usize| {
                let holds = |other: usize| root.cell_digits(other) & (1 << digit) != 0;
                let row_or_box = (0..81)
                    .filter(|&other| other / 9 == row || other / 27 * 3 + other % 9 / 3 == cell_box)
                    .filter(|&other| holds(other))
                    .count();
                let in_column = (0..81)
                    .filter(|&other| other % 9 == column && holds(other))
                    .count();
                row_or_box + in_column
            };
            let candidates = (0..9).filter(|digit| digits & (1 << digit) != 0);
            let expected = if digits.count_ones() == 2 {
                // The last of the most, `max_by_key` keeping the last.
                candidates.rev().max_by_key(|&digit| places(digit))
            } else {
                candidates.min_by_key(|&digit| places(digit))
            };
            let chosen = root.first_digit(cell, digits, digits);
            assert_eq!(
                Some(chosen),
                expected,
                "{board} r{}c{}",
                row + 1,
                column + 1
            );
            if digits.count_ones() == 2 {
                bivalue += 1;
                wider += usize::from(chosen != digits.trailing_zeros() as usize);
            }
        }
    }
    assert!(bivalue > 1000 && wider > 100, "{wider} of {bivalue}");

    let (mut differ, mut solved) = (0, 0);
    for (board, root) in unsolved_roots(3) {
        let mut ascending = None;
        let ascending_guesses = super::search::search(&mut Vec::new(), root, ALWAYS, |solution| {
            ascending = Some(solution.to_grid());
            false
        });
        let mut found = None;
        let guesses = super::search::search_for_first(&mut Vec::new(), root, ALWAYS, |solution| {
            found = Some(solution.to_grid())
        });
        let found = found.expect("a sample has a solution");
        assert!(found.is_solution_of(&board), "{board}");
        solved += 1;
        differ += usize::from(Some(found) != ascending || guesses != ascending_guesses);
    }
    assert!(differ > 20, "only {differ} of {solved} searches changed");
}

/// `first_pattern` against a plain count over the band's cells: of a
/// digit-band's two patterns left (one triad of each row and box holding the
/// digit), the one whose triads hold fewer of the digit's open cells goes
/// first, the lower on a tie.
#[test]
fn a_first_solution_search_tries_first_the_pattern_that_keeps_fewer_cells() {
    let (mut two_patterns, mut second_first) = (0, 0);
    for (board, root) in unsolved_roots(2) {
        for (digit, band) in (0..9).flat_map(|digit| (0..3).map(move |band| (digit, band))) {
            // The digit's open cells in the band, by (row, column) in it.
            let holds = |row: usize, column: usize| {
                let cell = band * 27 + row * 9 + column;
                let digits = root.cell_digits(cell);
                digits.count_ones() > 1 && digits & (1 << digit) != 0
            };
            if !(0..27).any(|cell| holds(cell / 9, cell % 9)) {
                continue;
            }
            // A pattern's triads (bit row * 3 + box): the cells it keeps,
            // and whether each of its triads holds one.
            let kept_cells = |triads: u16| {
                let in_triad = |row: usize, the_box: usize| {
                    (0..3).filter(|&k| holds(row, the_box * 3 + k)).count()
                };
                let per_triad: Vec<usize> = (0..9)
                    .filter(|t| triads & (1 << t) != 0)
                    .map(|t| in_triad(t / 3, t % 3))
                    .collect();
                per_triad
                    .iter()
                    .all(|&count| count > 0)
                    .then(|| per_triad.iter().sum::<usize>())
            };
            let present: Vec<(usize, usize)> = (0..6)
                .filter_map(|p| kept_cells(PATTERN_TRIADS[p]).map(|kept| (p, kept)))
                .collect();
            if present.len() != 2 {
                continue;
            }
            let patterns = present.iter().map(|&(p, _)| 1u16 << p).sum();
            // The fewest kept, the first on a tie.
            let expected = present.iter().min_by_key(|&&(_, kept)| kept).unwrap().0;
            let target = PATTERN_BRANCH + at(digit, band) as u8;
            let chosen = root.first_pattern(target, patterns);
            assert_eq!(chosen, expected, "{board} digit {} band {band}", digit + 1);
            two_patterns += 1;
            second_first += usize::from(chosen != present[0].0);
        }
    }
    assert!(
        two_patterns > 100 && second_first > 10,
        "{second_first} of {two_patterns}"
    );
}
