//! First solutions of many boards, two searches advanced side by side so
//! that the processor overlaps their propagations.

use super::search::{Budget, Frame, Next, Walker, ALWAYS};
use super::state::{Contradiction, State};
use crate::solve::kernels::Kernels;
use crate::Grid;

/// What a first-solution search found for one board: its solution (none
/// if it has none) and the guesses made, or the contradiction of its givens.
pub(crate) type FirstFound = Result<(Option<Grid>, u64), Contradiction>;

/// How many searches a bulk run of first solutions takes side by side: three or
/// four ran 0.87x-0.94x two (docs/PERFORMANCE.md, "Fourteenth session").
pub(crate) const LANES: usize = 2;

/// One lane: a search, and the board it searches.
struct Lane<'a> {
    walker: Walker<'a, false, false>,
    board: usize,
}

/// The first solution of each of `puzzles`, as [`super::search::search_first`]
/// finds it, with the same guesses, found by `N` searches at a time (one
/// on each of `stacks`): their propagations are taken together, one band
/// step of each in turn ([`State::propagate_lanes`]), so that the processor
/// overlaps their chains of dependent loads, which one board alone leaves
/// idle. When one search ends, its lane takes the next board.
#[inline(always)]
pub(crate) fn first_solutions_with<K: Kernels, const N: usize>(
    puzzles: &[Grid],
    stacks: [&mut Vec<Frame>; N],
    kernel: K,
) -> Vec<FirstFound> {
    let roots: Vec<Option<State>> = puzzles
        .iter()
        .map(|puzzle| State::from_grid_with(puzzle, kernel).ok())
        .collect();
    let mut found: Vec<(Option<State>, u64)> = vec![(None, 0); puzzles.len()];
    let mut boards = roots
        .iter()
        .enumerate()
        .filter_map(|(board, root)| Some((board, (*root)?)));
    // Every lane holds a walker from the start; an idle one never propagates.
    let idle = State {
        cands: [0; 27],
        unsolved: [0; 3],
        pairs: [0; 3],
        pending: 0,
    };
    let mut lanes = stacks.map(|stack| Lane {
        walker: Walker::new(stack, idle, Budget::UNLIMITED),
        board: usize::MAX,
    });
    let mut busy = [false; N];
    loop {
        for (lane, busy) in lanes.iter_mut().zip(&mut busy) {
            if !*busy {
                if let Some((board, root)) = boards.next() {
                    lane.walker.restart(root);
                    lane.board = board;
                    *busy = true;
                }
            }
        }
        if !busy.contains(&true) {
            break;
        }
        let planned = lanes.each_ref().map(|lane| lane.walker.rules());
        let mut running = [false; N];
        for lane in 0..N {
            running[lane] = busy[lane] && lanes[lane].walker.alive;
        }
        let results = State::propagate_lanes(
            lanes.each_mut().map(|lane| &mut lane.walker.state),
            kernel,
            planned.map(|(rules, _)| rules),
            running,
        );
        for lane in 0..N {
            if !busy[lane] {
                continue;
            }
            let walker = &mut lanes[lane].walker;
            let propagated = running[lane] && results[lane].is_ok();
            let next = walker.advance(propagated, planned[lane].1, ALWAYS, kernel);
            if next != Next::Propagate {
                let solution = (next == Next::Solved).then_some(walker.state);
                found[lanes[lane].board] = (solution, walker.guesses);
                busy[lane] = false;
            }
        }
    }
    roots
        .iter()
        .zip(found)
        .map(|(root, (solution, guesses))| match root {
            Some(_) => Ok((solution.map(|state| state.grid_with(kernel)), guesses)),
            None => Err(Contradiction),
        })
        .collect()
}
