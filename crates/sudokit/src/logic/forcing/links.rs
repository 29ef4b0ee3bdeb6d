//! A quick test of the inner branches of links ([`Mode::Links`]): whether
//! the branch taking a candidate as true contradicts itself, found by
//! following the strong links of the marks it starts from, with no causes
//! kept. Nested chains try thousands of such branches from the same marks
//! for every one that fails; [`Probe`] runs the few that fail again to read
//! their chains.
//!
//! [`Mode::Links`]: super::probe::Mode::Links
//! [`Probe`]: super::probe::Probe

use super::board::{cand, cells, digits, first_cell, Board, ALL_CELLS, CELL_HOUSES, HOUSES, PEERS};

/// The marks branches start from, with what the test needs of them.
pub(super) struct Links {
    start: Board,
    /// Each cell's candidates where the branches start (0 for filled cells).
    cell_digits: [u16; 81],
    /// Cells with two candidates where the branches start.
    bivalue: u128,
    /// Per digit, the houses where it has two places where the branches start.
    bilocal: [u32; 9],
    /// Per digit, the houses where it is placed where the branches start.
    placed: [u32; 9],
    /// Per digit, candidates known to hold: placed by a branch that held
    /// (whatever such a branch places follows from it, so its own branch
    /// finds nothing the first did not).
    holds: [u128; 9],
    /// Scratch: the placements still to make.
    queue: Vec<u16>,
    /// Scratch: the placements a branch made.
    made: Vec<u16>,
}

/// The state of one branch.
struct Branch {
    cands: [u128; 9],
    /// Per digit, the houses where it is placed.
    placed: [u32; 9],
    /// Each empty cell's candidates (0 once filled).
    cell_digits: [u16; 81],
}

impl Links {
    /// Branches from `start`, marks closed under singles.
    pub fn new(start: &Board) -> Links {
        let mut cell_digits = [0u16; 81];
        for (d, &plane) in start.cands.iter().enumerate() {
            for cell in cells(plane) {
                cell_digits[cell] |= 1 << d;
            }
        }
        let bivalue = cells(ALL_CELLS)
            .filter(|&cell| cell_digits[cell].count_ones() == 2)
            .fold(0u128, |mask, cell| mask | 1 << cell);
        let bilocal = std::array::from_fn(|d| {
            (0..27)
                .filter(|&house| (start.cands[d] & HOUSES[house]).count_ones() == 2)
                .fold(0u32, |mask, house| mask | 1 << house)
        });
        let placed = std::array::from_fn(|d| {
            (0..27)
                .filter(|&house| start.placed[d] & HOUSES[house] != 0)
                .fold(0u32, |mask, house| mask | 1 << house)
        });
        Links {
            start: *start,
            placed,
            cell_digits,
            bivalue,
            bilocal,
            holds: [0; 9],
            queue: Vec::with_capacity(64),
            made: Vec::with_capacity(64),
        }
    }

    /// Whether the branch of links taking `candidate` (a candidate of the
    /// start marks) as true reaches a cell with no candidate or a house with
    /// no place for a digit.
    pub fn fails(&mut self, candidate: usize) -> bool {
        if self.holds[candidate % 9] >> (candidate / 9) & 1 == 1 {
            return false;
        }
        let mut branch = Branch {
            cands: self.start.cands,
            placed: self.placed,
            cell_digits: self.cell_digits,
        };
        let mut queue = std::mem::take(&mut self.queue);
        let mut made = std::mem::take(&mut self.made);
        queue.clear();
        made.clear();
        queue.push(candidate as u16);
        let mut failed = false;
        while let Some(next) = queue.pop() {
            let next = usize::from(next);
            let (cell, d) = (next / 9, next % 9);
            if branch.cands[d] >> cell & 1 == 0 {
                continue;
            }
            made.push(next as u16);
            if self.place(&mut branch, cell, d, &mut queue) {
                failed = true;
                break;
            }
        }
        if !failed {
            for &c in &made {
                let c = usize::from(c);
                self.holds[c % 9] |= 1 << (c / 9);
            }
        }
        self.queue = queue;
        self.made = made;
        failed
    }

    /// Places digit `d` in `cell`, where it is a candidate; whether that
    /// contradicts.
    fn place(&self, branch: &mut Branch, cell: usize, d: usize, queue: &mut Vec<u16>) -> bool {
        let others = branch.cell_digits[cell] & !(1 << d);
        branch.cands[d] &= !(1 << cell);
        let [row, column, bx] = CELL_HOUSES[cell];
        branch.placed[d] |= 1 << row | 1 << column | 1 << bx;
        branch.cell_digits[cell] = 0;
        for other in digits(others) {
            branch.cands[other] &= !(1 << cell);
            if self.lost_place(branch, cell, other, queue) {
                return true;
            }
        }
        for peer in cells(branch.cands[d] & PEERS[cell]) {
            if self.remove(branch, peer, d, queue) {
                return true;
            }
        }
        false
    }

    /// Removes digit `d` from `cell`, queueing the singles that follow by a
    /// strong link of the start marks; whether that contradicts.
    /// (The cell is empty: a peer of a placement.)
    fn remove(&self, branch: &mut Branch, cell: usize, d: usize, queue: &mut Vec<u16>) -> bool {
        branch.cands[d] &= !(1 << cell);
        let left = branch.cell_digits[cell] & !(1 << d);
        branch.cell_digits[cell] = left;
        if left == 0 {
            return true;
        }
        if left & (left - 1) == 0 && self.bivalue >> cell & 1 == 1 {
            queue.push(cand(cell, left.trailing_zeros() as usize) as u16);
        }
        self.lost_place(branch, cell, d, queue)
    }

    /// Checks the houses of `cell`, which just lost digit `d`: a house with no
    /// place left for it contradicts; one with one place left, where it had
    /// two, queues it.
    fn lost_place(&self, branch: &Branch, cell: usize, d: usize, queue: &mut Vec<u16>) -> bool {
        for house in CELL_HOUSES[cell] {
            let mask = HOUSES[usize::from(house)];
            let places = branch.cands[d] & mask;
            if places == 0 {
                if branch.placed[d] >> house & 1 == 0 {
                    return true;
                }
            } else if places & (places - 1) == 0 && self.bilocal[d] >> house & 1 == 1 {
                queue.push(cand(first_cell(places), d) as u16);
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::forcing::probe::{node, Mode, Probe, Shape};
    use crate::logic::testing::random_states;

    /// The quick test agrees with a probe of links on every candidate of
    /// many random states.
    #[test]
    fn agrees_with_the_probe_of_links() {
        let mut checked = 0;
        for (marks, _) in random_states(200, 7) {
            let start = Board::from_marks(&marks);
            let mut probe = Probe::new(Mode::Links, start);
            probe.track = false;
            let mut links = Links::new(&start);
            let mut order = start.candidate_list();
            // Both orders, so that answers drawn from earlier branches that
            // held are checked too.
            order.extend(start.candidate_list().into_iter().rev());
            for c in order {
                probe.run(&start, node(c, true));
                assert_eq!(links.fails(c), probe.conflict.is_some(), "candidate {c}");
                checked += 1;
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    /// Every chain of a branch of links is a forcing chain or a multiple
    /// forcing chain: no node in it rests on two of the branch's own.
    #[test]
    fn chains_of_links_are_static_or_multiple() {
        let mut shapes = [0usize; 4];
        for (marks, _) in random_states(100, 11) {
            let start = Board::from_marks(&marks);
            let mut probe = Probe::new(Mode::Links, start);
            for c in start.candidate_list() {
                probe.run(&start, node(c, true));
                if probe.conflict.is_some() {
                    let parents = probe.conflict_parents();
                    let shape = probe.shape(&parents);
                    assert!(shape <= Shape::Multiple, "candidate {c}: {shape:?}");
                    shapes[shape as usize] += 1;
                }
            }
        }
        assert!(shapes[0] > 0 && shapes[1] > 0, "{shapes:?}");
    }
}
