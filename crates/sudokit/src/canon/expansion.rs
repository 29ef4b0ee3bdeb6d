//! The column enumeration: once a row brings a digit already seen, the
//! column orders a partial transformation leaves open are tried stack by
//! stack, each cut off as soon as a lower bound on the row exceeds the best.

use super::columns::arrangements;
use super::search::{Explicit, Level, Partial};

/// A cell of the next row, as the labelling sees it.
#[derive(Clone, Copy, Debug)]
pub(super) enum Source {
    Blank,
    /// A digit not in the rows so far: labelled in order of appearance in this row.
    New(u8),
    /// A digit in the rows so far: its label is the form's value in output row
    /// `form_row` at the output column its source column `col` lands on (any of
    /// its cells will do: they all carry its label).
    Seen {
        form_row: u8,
        col: u8,
    },
}

/// What the column enumeration of one partial transformation and one next
/// row needs to know.
pub(super) struct Expansion<'a> {
    pub(super) partial: &'a Partial,
    /// The source rows with the next row's.
    pub(super) rows: [u8; 9],
    pub(super) used: u16,
    /// The form so far.
    pub(super) form: &'a [u8; 81],
    /// The next row's cells, by source column.
    pub(super) sources: [Source; 9],
    /// For each digit seen so far: the output row and source column of one of its cells.
    pub(super) seen_at: [(u8, u8); 10],
    /// For each source column: the first and last position within its stack
    /// that its class may occupy.
    pub(super) class_span: [(u8, u8); 9],
    /// The label the next row's first new digit gets.
    pub(super) first_new_label: u8,
    /// The output stack of each source stack, in the arrangement being tried.
    pub(super) slot_of_stack: [u8; 3],
    /// Source stacks in output order, in the arrangement being tried.
    pub(super) stacks: [u8; 3],
    /// For each source column holding a seen digit, the smallest label that
    /// digit can get in the arrangement being tried before its stack is placed.
    pub(super) bound: [u8; 9],
    /// Output column of each placed source column.
    pub(super) position: [u8; 9],
    /// Source column of each output column placed so far.
    pub(super) cols: [u8; 9],
}

impl Expansion<'_> {
    /// Tries each arrangement of the stacks the partial leaves open.
    pub(super) fn run(&mut self, level: &mut Level) {
        let columns = &self.partial.columns;
        for stacks in arrangements(columns.stacks, columns.stack_breaks) {
            self.stacks = stacks;
            for (slot, &stack) in stacks.iter().enumerate() {
                self.slot_of_stack[usize::from(stack)] = slot as u8;
            }
            for x in 0..9 {
                if let Source::Seen { form_row, col } = self.sources[x] {
                    let slot = usize::from(self.slot_of_stack[usize::from(col / 3)]);
                    let (first, last) = self.class_span[usize::from(col)];
                    let start = usize::from(form_row) * 9 + slot * 3;
                    self.bound[x] = self.form
                        [start + usize::from(first)..=start + usize::from(last)]
                        .iter()
                        .fold(u8::MAX, |least, &label| least.min(label));
                }
            }
            self.place(0, level);
        }
    }

    /// Places the columns of output stack `slot` in each order open to them;
    /// `level` receives every complete order whose row can still be the best.
    fn place(&mut self, slot: usize, level: &mut Level) {
        let stack = usize::from(self.stacks[slot]);
        let columns = &self.partial.columns;
        for order in arrangements(columns.within[stack], columns.within_breaks[stack]) {
            for (i, &col) in order.iter().enumerate() {
                self.cols[slot * 3 + i] = col;
                self.position[usize::from(col)] = (slot * 3 + i) as u8;
            }
            let row = self.read(slot);
            if slot < 2 {
                // `row` is a lower bound on every completion, cell by cell.
                if row <= level.best {
                    self.place(slot + 1, level);
                }
            } else if level.admit(&row) {
                let (labels, next_label) = self.labels();
                level.explicits.push(Explicit {
                    board: self.partial.board,
                    rows: self.rows,
                    used: self.used,
                    cols: self.cols,
                    labels,
                    next_label,
                });
            }
        }
    }

    /// The next row as far as stacks `0..=slot` are placed: exact where the
    /// label is known, the smallest label the cell's digit can still get where
    /// it depends on a stack not yet placed, 0 beyond.
    fn read(&self, slot: usize) -> [u8; 9] {
        let mut row = [0u8; 9];
        let mut new_labels = [0u8; 10];
        let mut next_label = self.first_new_label;
        for (value, &col) in row.iter_mut().zip(&self.cols).take((slot + 1) * 3) {
            let x = usize::from(col);
            *value = match self.sources[x] {
                Source::Blank => 0,
                Source::New(digit) => {
                    let label = &mut new_labels[usize::from(digit)];
                    if *label == 0 {
                        *label = next_label;
                        next_label += 1;
                    }
                    *label
                }
                Source::Seen { form_row, col } => {
                    if usize::from(self.slot_of_stack[usize::from(col / 3)]) <= slot {
                        self.form[usize::from(form_row) * 9
                            + usize::from(self.position[usize::from(col)])]
                    } else {
                        self.bound[x]
                    }
                }
            };
        }
        row
    }

    /// Every digit's label once all columns are placed, and the next free label.
    fn labels(&self) -> ([u8; 10], u8) {
        let mut labels = [0u8; 10];
        // Digits seen before carry the labels the form gave their cells.
        for (digit, label) in labels.iter_mut().enumerate() {
            if self.partial.seen & (1 << digit) != 0 {
                let (form_row, col) = self.seen_at[digit];
                *label = self.form
                    [usize::from(form_row) * 9 + usize::from(self.position[usize::from(col)])];
            }
        }
        // New digits are numbered in order along the row.
        let mut next_label = self.first_new_label;
        for &col in &self.cols {
            if let Source::New(digit) = self.sources[usize::from(col)] {
                let label = &mut labels[usize::from(digit)];
                if *label == 0 {
                    *label = next_label;
                    next_label += 1;
                }
            }
        }
        (labels, next_label)
    }
}
