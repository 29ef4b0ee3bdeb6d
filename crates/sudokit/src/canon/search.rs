//! The level-by-level search for the form: one output row at a time, every
//! partial transformation that reads the smallest rows so far kept.

use super::columns::{segments, Columns};
use super::expansion::{Expansion, Source};
use super::{factorial, Canonical};
use crate::grid::Grid;
use crate::transform::Transformation;

/// A partial transformation while every row chosen brought only new digits:
/// transposition and rows fixed, columns still a set of orders.
#[derive(Clone, Copy, Debug)]
pub(super) struct Partial {
    /// 0 for the board as given, 1 for its transpose.
    pub(super) board: u8,
    /// Source rows of the output rows so far.
    pub(super) rows: [u8; 9],
    /// Bit per source row already used.
    pub(super) used: u16,
    /// Bit per digit in the rows so far.
    pub(super) seen: u16,
    pub(super) columns: Columns,
}

/// A partial transformation with every column placed and the digits
/// relabelled so far.
#[derive(Clone, Copy, Debug)]
pub(super) struct Explicit {
    pub(super) board: u8,
    pub(super) rows: [u8; 9],
    pub(super) used: u16,
    /// Source column of each output column.
    pub(super) cols: [u8; 9],
    /// The label of each digit seen so far, 0 for one not yet seen.
    pub(super) labels: [u8; 10],
    /// The label the next new digit gets.
    pub(super) next_label: u8,
}

/// The source rows that may become output row `level`: any row of an unused
/// band at a band's first row, else the unused rows of the current band.
fn row_options(level: usize, rows: &[u8; 9], used: u16) -> u16 {
    if level.is_multiple_of(3) {
        (0..3)
            .filter(|band| used & (0b111 << (band * 3)) == 0)
            .fold(0, |mask, band| mask | 0b111 << (band * 3))
    } else {
        (0b111 << (rows[level - 1] / 3 * 3)) & !used
    }
}

/// The source rows in a `row_options` mask.
fn rows_in(mask: u16) -> impl Iterator<Item = u8> {
    (0..9u8).filter(move |row| mask & (1 << row) != 0)
}

/// The board and its transpose, with what the search asks of each row.
pub(super) struct Boards {
    pub(super) cells: [[[u8; 9]; 9]; 2],
    /// A bit per column holding a digit, by board and row.
    pub(super) clues: [[u16; 9]; 2],
    /// A bit per digit held, by board and row.
    pub(super) digits: [[u16; 9]; 2],
    /// Whether no digit repeats, by board and row.
    pub(super) distinct: [[bool; 9]; 2],
}

impl Boards {
    pub(super) fn new(grid: &Grid) -> Boards {
        let values = grid.values();
        let mut cells = [[[0u8; 9]; 9]; 2];
        for r in 0..9 {
            for c in 0..9 {
                cells[0][r][c] = values[r * 9 + c];
                cells[1][c][r] = values[r * 9 + c];
            }
        }
        let mut boards = Boards {
            cells,
            clues: [[0; 9]; 2],
            digits: [[0; 9]; 2],
            distinct: [[true; 9]; 2],
        };
        for (board, rows) in cells.iter().enumerate() {
            for (row, values) in rows.iter().enumerate() {
                for (col, &digit) in values.iter().enumerate() {
                    if digit != 0 {
                        boards.clues[board][row] |= 1 << col;
                        boards.distinct[board][row] &=
                            boards.digits[board][row] & (1 << digit) == 0;
                        boards.digits[board][row] |= 1 << digit;
                    }
                }
            }
        }
        boards
    }
}

/// The candidates of one level and the best row they read.
pub(super) struct Level {
    pub(super) best: [u8; 9],
    pub(super) partials: Vec<Partial>,
    pub(super) explicits: Vec<Explicit>,
}

impl Level {
    pub(super) fn new() -> Level {
        Level {
            best: [u8::MAX; 9],
            partials: Vec::new(),
            explicits: Vec::new(),
        }
    }

    fn reset(&mut self) {
        self.best = [u8::MAX; 9];
        self.partials.clear();
        self.explicits.clear();
    }

    /// Whether `row` can still be the best: no greater than the best so far.
    /// A smaller row becomes the best and drops the candidates kept so far.
    pub(super) fn admit(&mut self, row: &[u8; 9]) -> bool {
        match row.cmp(&self.best) {
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => true,
            std::cmp::Ordering::Less => {
                self.best = *row;
                self.partials.clear();
                self.explicits.clear();
                true
            }
        }
    }
}

/// The level-by-level search for the form.
pub(super) struct Search {
    pub(super) boards: Boards,
    pub(super) form: [u8; 81],
    pub(super) current: Level,
    pub(super) next: Level,
}

impl Search {
    pub(super) fn new(grid: &Grid) -> Search {
        let boards = Boards::new(grid);
        let mut current = Level::new();
        for board in 0..2 {
            current.partials.push(Partial {
                board,
                rows: [0; 9],
                used: 0,
                seen: 0,
                columns: Columns::OPEN,
            });
        }
        Search {
            boards,
            form: [0; 81],
            current,
            next: Level::new(),
        }
    }

    /// Finds the rows of the form from `FIRST_LEVEL` on.
    pub(super) fn run<const FIRST_LEVEL: usize>(mut self) -> Canonical {
        for level in FIRST_LEVEL..9 {
            self.next.reset();
            let current = std::mem::replace(&mut self.current, Level::new());
            // Cheap candidates first, so the costly column enumeration below
            // is measured against a good best row.
            for explicit in &current.explicits {
                self.extend_explicit(level, explicit);
            }
            for partial in &current.partials {
                self.extend_partial(level, partial, false);
            }
            for partial in &current.partials {
                self.extend_partial(level, partial, true);
            }
            self.form[level * 9..level * 9 + 9].copy_from_slice(&self.next.best);
            self.current = std::mem::replace(&mut self.next, current);
        }
        self.finish()
    }

    /// Offers each next row of an explicit candidate.
    fn extend_explicit(&mut self, level: usize, explicit: &Explicit) {
        let cells = &self.boards.cells[usize::from(explicit.board)];
        for source_row in rows_in(row_options(level, &explicit.rows, explicit.used)) {
            let values = &cells[usize::from(source_row)];
            let mut labels = explicit.labels;
            let mut next_label = explicit.next_label;
            let row: [u8; 9] = std::array::from_fn(|c| {
                let digit = usize::from(values[usize::from(explicit.cols[c])]);
                if digit != 0 && labels[digit] == 0 {
                    labels[digit] = next_label;
                    next_label += 1;
                }
                labels[digit]
            });
            if self.next.admit(&row) {
                let mut extended = *explicit;
                extended.rows[level] = source_row;
                extended.used |= 1 << source_row;
                extended.labels = labels;
                extended.next_label = next_label;
                self.next.explicits.push(extended);
            }
        }
    }

    /// Offers each next row of a partial candidate: with `enumerate` false the
    /// rows that bring only new digits (their string is their pattern), with
    /// `enumerate` true the others, by placing the columns.
    fn extend_partial(&mut self, level: usize, partial: &Partial, enumerate: bool) {
        let board = usize::from(partial.board);
        for source_row in rows_in(row_options(level, &partial.rows, partial.used)) {
            let r = usize::from(source_row);
            let digits = self.boards.digits[board][r];
            let only_new = self.boards.distinct[board][r] && digits & partial.seen == 0;
            if only_new == enumerate {
                continue;
            }
            let (columns, pattern) = partial.columns.refine(self.boards.clues[board][r]);
            // The row with its clues labelled: in order, from the next label,
            // when they are new; 1 is a lower bound on any label otherwise.
            let mut label = if only_new {
                partial.seen.count_ones() as u8 + 1
            } else {
                1
            };
            let row: [u8; 9] = std::array::from_fn(|c| {
                if pattern & (1 << (8 - c)) == 0 {
                    0
                } else {
                    label += u8::from(only_new);
                    label - u8::from(only_new)
                }
            });
            if only_new {
                if self.next.admit(&row) {
                    let mut extended = *partial;
                    extended.rows[level] = source_row;
                    extended.used |= 1 << source_row;
                    extended.seen |= digits;
                    extended.columns = columns;
                    self.next.partials.push(extended);
                }
            } else if row <= self.next.best {
                self.enumerate_columns(level, partial, source_row);
            }
        }
    }

    /// Offers the next row `source_row` of `partial` under each column order
    /// the partial leaves open, as explicit candidates.
    fn enumerate_columns(&mut self, level: usize, partial: &Partial, source_row: u8) {
        let cells = &self.boards.cells[usize::from(partial.board)];
        let mut seen_at = [(0u8, 0u8); 10];
        for (output_row, &r) in partial.rows[..level].iter().enumerate() {
            for (col, &digit) in cells[usize::from(r)].iter().enumerate() {
                seen_at[usize::from(digit)] = (output_row as u8, col as u8);
            }
        }
        let sources = cells[usize::from(source_row)].map(|digit| {
            if digit == 0 {
                Source::Blank
            } else if partial.seen & (1 << digit) != 0 {
                let (form_row, col) = seen_at[usize::from(digit)];
                Source::Seen { form_row, col }
            } else {
                Source::New(digit)
            }
        });
        let mut class_span = [(0u8, 0u8); 9];
        for stack in 0..3 {
            for (first, last) in segments(partial.columns.within_breaks[stack]) {
                for &col in &partial.columns.within[stack][first..=last] {
                    class_span[usize::from(col)] = (first as u8, last as u8);
                }
            }
        }
        let mut rows = partial.rows;
        rows[level] = source_row;
        Expansion {
            partial,
            rows,
            used: partial.used | 1 << source_row,
            form: &self.form,
            sources,
            seen_at,
            class_span,
            first_new_label: partial.seen.count_ones() as u8 + 1,
            slot_of_stack: [0; 3],
            stacks: [0; 3],
            bound: [0; 9],
            position: [0; 9],
            cols: [0; 9],
        }
        .run(&mut self.next);
    }

    /// The form, the number of transformations reaching it, and one of them.
    fn finish(self) -> Canonical {
        let form = Grid::from_values(self.form).expect("labels run from 1 to 9");
        let digits_used = self.boards.digits[0].iter().fold(0u16, |all, &d| all | d);
        let relabellings_of_absent_digits = factorial(9 - digits_used.count_ones());
        let rearrangements = self
            .current
            .partials
            .iter()
            .map(|partial| partial.columns.count())
            .sum::<u64>()
            + self.current.explicits.len() as u64;
        let (board, rows, cols, mut labels) = match (
            self.current.partials.first(),
            self.current.explicits.first(),
        ) {
            (_, Some(explicit)) => (
                explicit.board,
                explicit.rows,
                explicit.cols,
                explicit.labels,
            ),
            (Some(partial), None) => {
                let cols = partial.columns.first();
                let mut labels = [0u8; 10];
                for (output_row, &r) in partial.rows.iter().enumerate() {
                    for (c, &col) in cols.iter().enumerate() {
                        let digit = self.boards.cells[usize::from(partial.board)][usize::from(r)]
                            [usize::from(col)];
                        labels[usize::from(digit)] = self.form[output_row * 9 + c];
                    }
                }
                (partial.board, partial.rows, cols, labels)
            }
            (None, None) => unreachable!("some transformation reads the smallest board"),
        };
        // Digits the board lacks take the labels left, in order.
        labels[0] = 0;
        let mut next_label = digits_used.count_ones() as u8 + 1;
        for (digit, label) in labels.iter_mut().enumerate().skip(1) {
            if digits_used & (1 << digit) == 0 {
                *label = next_label;
                next_label += 1;
            }
        }
        Canonical {
            form,
            automorphisms: rearrangements * relabellings_of_absent_digits,
            transformation: Transformation::from_parts(board == 1, rows, cols, labels),
        }
    }
}
