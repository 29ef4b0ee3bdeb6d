//! The column orders still open while every row chosen brings only new
//! digits: classes of stacks and of columns within each stack, refined by
//! each row's clue pattern instead of enumerated.

use super::factorial;
use crate::geometry::ORDERS_OF_THREE;

/// The classes of three positions as `(first, last)` position pairs.
pub(super) fn segments(breaks: u8) -> impl Iterator<Item = (usize, usize)> {
    let mut start = 0;
    (0..3)
        .filter(move |&i| i == 2 || breaks & (1 << i) != 0)
        .map(move |last| {
            let segment = (start, last);
            start = last + 1;
            segment
        })
}

/// For each class-boundary mask of three positions (bit `i`: a boundary
/// between positions `i` and `i + 1`), the orders that keep every position in
/// its class.
const ORDERS_WITHIN_CLASSES: [&[[u8; 3]]; 4] = [
    &ORDERS_OF_THREE,
    &[[0, 1, 2], [0, 2, 1]],
    &[[0, 1, 2], [1, 0, 2]],
    &[[0, 1, 2]],
];

/// The orders of `items` that move items only within their class.
pub(super) fn arrangements(items: [u8; 3], breaks: u8) -> impl Iterator<Item = [u8; 3]> {
    ORDERS_WITHIN_CLASSES[usize::from(breaks)]
        .iter()
        .map(move |order| order.map(|i| items[usize::from(i)]))
}

/// The column orders still open: an ordered partition of the stacks into
/// classes whose relative order is open, and within each stack an ordered
/// partition of its columns likewise.
#[derive(Clone, Copy, Debug)]
pub(super) struct Columns {
    /// Source stacks in output order.
    pub(super) stacks: [u8; 3],
    /// Class boundaries among `stacks`: bit `i` set when positions `i` and
    /// `i + 1` are in different classes (their order is settled).
    pub(super) stack_breaks: u8,
    /// For each source stack, its source columns (0..9) in output order.
    pub(super) within: [[u8; 3]; 3],
    /// Class boundaries within each source stack.
    pub(super) within_breaks: [u8; 3],
}

impl Columns {
    /// Every column order open.
    pub(super) const OPEN: Columns = Columns {
        stacks: [0, 1, 2],
        stack_breaks: 0,
        within: [[0, 1, 2], [3, 4, 5], [6, 7, 8]],
        within_breaks: [0; 3],
    };

    /// The orders among these that read a row with clues in source columns
    /// `clues` (a bit per column) smallest, blanks counting below clues; and
    /// that row's pattern, a bit per output column from bit 8 (column 0) down,
    /// so that a smaller number is a smaller row.
    pub(super) fn refine(&self, clues: u16) -> (Columns, u16) {
        let mut refined = *self;
        let mut stack_patterns = [0u16; 3];
        for (stack, pattern) in stack_patterns.iter_mut().enumerate() {
            let order = self.within[stack];
            let mut placed = 0;
            let mut breaks = 0u8;
            for (first, last) in segments(self.within_breaks[stack]) {
                let members = &order[first..=last];
                let blanks = members.iter().filter(|&&col| clues & (1 << col) == 0);
                let given = members.iter().filter(|&&col| clues & (1 << col) != 0);
                let blank_count = blanks.clone().count();
                for &col in blanks.chain(given) {
                    refined.within[stack][placed] = col;
                    placed += 1;
                }
                if blank_count > 0 && first + blank_count <= last {
                    breaks |= 1 << (first + blank_count - 1);
                }
                if last < 2 {
                    breaks |= 1 << last;
                }
            }
            refined.within_breaks[stack] = breaks;
            *pattern = refined.within[stack]
                .iter()
                .fold(0, |bits, &col| bits << 1 | (clues >> col) & 1);
        }
        let mut breaks = 0u8;
        for (first, last) in segments(self.stack_breaks) {
            let members = &mut refined.stacks[first..=last];
            members.sort_by_key(|&stack| stack_patterns[usize::from(stack)]);
            for i in first..last {
                let (a, b) = (refined.stacks[i], refined.stacks[i + 1]);
                if stack_patterns[usize::from(a)] != stack_patterns[usize::from(b)] {
                    breaks |= 1 << i;
                }
            }
            if last < 2 {
                breaks |= 1 << last;
            }
        }
        refined.stack_breaks = breaks;
        let pattern = refined.stacks.iter().fold(0, |bits, &stack| {
            bits << 3 | stack_patterns[usize::from(stack)]
        });
        (refined, pattern)
    }

    /// How many column orders these are.
    pub(super) fn count(&self) -> u64 {
        let open = |breaks: u8| -> u64 {
            segments(breaks)
                .map(|(first, last)| factorial((last - first + 1) as u32))
                .product()
        };
        open(self.stack_breaks) * self.within_breaks.iter().map(|&b| open(b)).product::<u64>()
    }

    /// One of these orders, as the source column of each output column.
    pub(super) fn first(&self) -> [u8; 9] {
        std::array::from_fn(|c| self.within[usize::from(self.stacks[c / 3])][c % 3])
    }
}
