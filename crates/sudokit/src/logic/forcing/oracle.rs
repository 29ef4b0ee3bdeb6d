//! Which candidates belong to no solution. A forcing chain can only ever
//! remove such a candidate, so the nested levels (the costly ones) try only
//! those as assumptions: that changes no step found, only the time spent on
//! branches that cannot end in a contradiction.

use super::board::{cand, cells, first_cell, Board, ALL_CELLS, HOUSES, PEERS};

/// For each digit, the cells where that digit is a candidate of `root` but in
/// no solution of it.
pub(super) fn eliminable(root: &Board) -> [u128; 9] {
    let mut found = Vec::new();
    search(*root, 2, &mut found);
    let mut out = root.cands;
    for solution in &found {
        for (plane, placed) in out.iter_mut().zip(solution.placed) {
            *plane &= !placed;
        }
    }
    if found.len() > 1 {
        // Several solutions: a candidate in neither found one may still be in a third.
        for (d, plane) in out.iter_mut().enumerate() {
            for cell in cells(*plane) {
                let mut board = *root;
                place(&mut board, cand(cell, d));
                let mut more = Vec::new();
                search(board, 1, &mut more);
                if !more.is_empty() {
                    *plane &= !(1 << cell);
                }
            }
        }
    }
    out
}

/// Adds up to `limit` solutions of `board` to `found` (depth first, the cell
/// with the fewest candidates first).
fn search(mut board: Board, limit: usize, found: &mut Vec<Board>) {
    if found.len() >= limit || !settle(&mut board) {
        return;
    }
    let empty = ALL_CELLS & !board.filled();
    if empty == 0 {
        found.push(board);
        return;
    }
    let cell = cells(empty)
        .min_by_key(|&cell| board.cell_digits(cell).count_ones())
        .unwrap_or(0);
    for d in super::board::digits(board.cell_digits(cell)) {
        let mut next = board;
        place(&mut next, cand(cell, d));
        search(next, limit, found);
        if found.len() >= limit {
            return;
        }
    }
}

fn place(board: &mut Board, candidate: usize) {
    let (cell, d) = (candidate / 9, candidate % 9);
    for plane in &mut board.cands {
        *plane &= !(1 << cell);
    }
    board.cands[d] &= !PEERS[cell];
    board.placed[d] |= 1 << cell;
}

/// Places singles until none is left; false on a contradiction.
fn settle(board: &mut Board) -> bool {
    loop {
        let (mut any, mut two) = (0u128, 0u128);
        for plane in board.cands {
            two |= any & plane;
            any |= plane;
        }
        let empty = ALL_CELLS & !board.filled();
        if empty & !any != 0 {
            return false;
        }
        let mut progress = false;
        let naked = any & !two & empty;
        for cell in cells(naked) {
            let mask = board.cell_digits(cell);
            if mask.count_ones() != 1 {
                return false;
            }
            place(board, cand(cell, mask.trailing_zeros() as usize));
            progress = true;
        }
        for d in 0..9 {
            for mask in HOUSES {
                let places = board.cands[d] & mask;
                if places == 0 {
                    if board.placed[d] & mask == 0 {
                        return false;
                    }
                } else if places & (places - 1) == 0 {
                    place(board, cand(first_cell(places), d));
                    progress = true;
                }
            }
        }
        if !progress {
            return true;
        }
    }
}
