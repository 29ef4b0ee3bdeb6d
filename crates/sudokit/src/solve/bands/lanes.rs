//! First solutions of many boards, two searches advanced side by side so
//! that the processor overlaps their propagations.

use super::propagate::Rules;
use super::search::{Budget, Frame, Step, Walker, ALWAYS};
use super::state::{Contradiction, State};
use crate::solve::kernels::Kernels;
use crate::Grid;

/// What a first-solution search found for one board: its solution (none
/// if it has none) and the guesses made, or the contradiction of its givens.
pub(crate) type FirstFound = Result<(Option<Grid>, u64), Contradiction>;

/// One lane: a search, and the board it searches.
struct Lane<'a> {
    walker: Walker<'a, false, false>,
    board: usize,
}

/// The first solution of each of `puzzles`, as [`super::search::search_first`]
/// finds it, with the same guesses, found by two searches at a time (one
/// on each of `stacks`): each propagation of one is taken beside one of the
/// other ([`State::propagate_lanes`]), so that the processor overlaps their
/// chains of dependent loads, which one board alone leaves idle. When one
/// search ends, its lane takes the next board.
#[inline(always)]
pub(crate) fn first_solutions_with<K: Kernels>(
    puzzles: &[Grid],
    stacks: [&mut Vec<Frame>; 2],
    kernel: K,
) -> Vec<FirstFound> {
    let roots: Vec<Option<State>> = puzzles
        .iter()
        .map(|puzzle| State::from_grid_with(puzzle, kernel).ok())
        .collect();
    let mut found: Vec<(Option<State>, u64)> = vec![(None, 0); puzzles.len()];
    let mut unused = stacks.map(Some);
    let mut lanes: [Option<Lane<'_>>; 2] = [None, None];
    let mut busy = [false, false];
    let mut boards = roots
        .iter()
        .enumerate()
        .filter_map(|(board, root)| Some((board, (*root)?)));
    loop {
        for lane in 0..2 {
            if busy[lane] {
                continue;
            }
            let Some((board, root)) = boards.next() else {
                break;
            };
            match &mut lanes[lane] {
                Some(running) => {
                    running.walker.restart(root);
                    running.board = board;
                }
                empty => {
                    let stack = unused[lane].take().expect("a lane's stack is taken once");
                    *empty = Some(Lane {
                        walker: Walker::new(stack, root, Budget::UNLIMITED),
                        board,
                    });
                }
            }
            busy[lane] = true;
        }
        let steps = match (busy, &mut lanes) {
            ([true, true], [Some(first), Some(second)]) => {
                let (first_rules, first_thorough) = first.walker.rules();
                let (second_rules, second_thorough) = second.walker.rules();
                let rules = [first_rules, second_rules];
                let alive = [first.walker.alive, second.walker.alive];
                let [first_result, second_result] = State::propagate_lanes(
                    [&mut first.walker.state, &mut second.walker.state],
                    kernel,
                    rules,
                    alive,
                );
                [
                    first.walker.advance(
                        alive[0] && first_result.is_ok(),
                        first_thorough,
                        ALWAYS,
                        kernel,
                    ),
                    second.walker.advance(
                        alive[1] && second_result.is_ok(),
                        second_thorough,
                        ALWAYS,
                        kernel,
                    ),
                ]
            }
            ([false, false], _) => break,
            _ => {
                // One board left: its search goes on alone.
                let lane = usize::from(busy[1]);
                let walker = &mut lanes[lane].as_mut().expect("a busy lane").walker;
                let (rules, thorough): (Rules, bool) = walker.rules();
                let propagated = walker.alive && walker.state.propagate_with(kernel, rules).is_ok();
                let mut steps = [Step::Propagate; 2];
                steps[lane] = walker.advance(propagated, thorough, ALWAYS, kernel);
                steps
            }
        };
        for (lane, step) in steps.into_iter().enumerate() {
            let Some(Lane { walker, board }) = &lanes[lane] else {
                continue;
            };
            if busy[lane] && step != Step::Propagate {
                let solution = (step == Step::Solved).then_some(walker.state);
                found[*board] = (solution, walker.guesses);
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
