//! Canonical forms: one representative for each class of boards that the
//! [`Transformation`]s of Sudoku make of each other.
//!
//! The canonical form of a board is its *minlex* form: of all the boards the
//! group makes of it (transposition, band, row, stack and column permutations,
//! digit relabellings), the smallest when each is read as its 81 cells in
//! row-major order, a blank counting as 0, smaller than every digit. So the
//! form of a puzzle starts with as many blanks as any rearrangement allows,
//! and its digits are relabelled in order of first appearance: the first
//! digit read is 1, the next new one 2, and so on. The same rule serves
//! complete grids (whose forms start `123456789`) and boards whose givens
//! clash: no rule of the game is checked.
//!
//! Two boards are equivalent exactly when their forms are equal.
//!
//! ```
//! use sudokit::{canonical_form, Grid, Transformation};
//!
//! let puzzle: Grid = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........".parse()?;
//! let form = canonical_form(&puzzle);
//! assert_eq!(form.to_line(), "........1.....2.3...4.5........6.7...3.....2..8...9......9.1.8...7......5.6...4..");
//! let shuffled = Transformation::swap_stacks(0, 2)?.then(&Transformation::rotate(1)).apply(&puzzle);
//! assert_eq!(canonical_form(&shuffled), form);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # How it is found
//!
//! The form is built one output row at a time, keeping every partial
//! transformation whose rows so far read the smallest prefix (so ties, the
//! automorphisms, are all kept and counted). While each row chosen brings
//! only new digits, its string depends only on where its clues fall, so the
//! column orders still open are kept as classes (stacks whose order is open,
//! columns within a stack whose order is open) and refined by pushing clues
//! right; no column order is enumerated. After that, column orders are
//! enumerated stack by stack and cut off as soon as a lower bound on the row
//! already exceeds the best row found.
//!
//! A complete grid that keeps the rules skips the first three rows of that
//! search: every first row reads `123456789`, and the box rule forces the
//! column order of every transformation whose top band can still be the
//! smallest from the transposition, the band, its row order and the first
//! stack's column order, so the top band is found among at most 648
//! transformations, and the other rows are searched as above.

use crate::geometry::ORDERS_OF_THREE;
use crate::grid::Grid;
use crate::transform::Transformation;

/// A board's canonical form with what it took to get there.
///
/// ```
/// use sudokit::{canonicalize, Grid};
/// // The most symmetric of all complete grids.
/// let grid: Grid = "123456789456789123789123456231564897564897231897231564312645978645978312978312645".parse()?;
/// let canonical = canonicalize(&grid);
/// assert_eq!(canonical.transformation.apply(&grid), canonical.form);
/// assert_eq!(&canonical.form.to_line()[..9], "123456789");
/// assert_eq!(canonical.automorphisms, 648);
/// # Ok::<(), sudokit::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Canonical {
    /// The minlex form ([`canonical_form`]).
    pub form: Grid,
    /// How many elements of the group, relabellings included, map the board
    /// to itself ([`automorphism_count`]).
    pub automorphisms: u64,
    /// One transformation that maps the board to its form.
    pub transformation: Transformation,
}

/// The canonical (minlex) form of `grid`: the same for every board equivalent
/// to it and different for every other. See the [module docs](self) for the
/// ordering.
///
/// ```
/// use sudokit::{canonical_form, Grid};
/// let one_clue: Grid = format!("{}7", ".".repeat(80)).parse().unwrap();
/// // A lone clue goes to the last cell and becomes a 1.
/// assert_eq!(canonical_form(&one_clue).to_line(), format!("{}1", ".".repeat(80)));
/// ```
pub fn canonical_form(grid: &Grid) -> Grid {
    canonicalize(grid).form
}

/// How many of the group's 2 × 6⁸ × 9! elements (cell rearrangements with
/// relabellings) map `grid` to itself: 1 for most puzzles.
///
/// A relabelling of digits the board does not hold counts as a different
/// element, so a board that uses only `k` of the nine digits has a multiple of
/// (9 − `k`)! automorphisms; the empty board has all 1,218,998,108,160.
///
/// ```
/// use sudokit::{automorphism_count, Grid};
/// let puzzle: Grid = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........".parse().unwrap();
/// assert_eq!(automorphism_count(&puzzle), 1);
/// assert_eq!(automorphism_count(&Grid::EMPTY), 2 * 6u64.pow(8) * 362_880);
/// ```
pub fn automorphism_count(grid: &Grid) -> u64 {
    canonicalize(grid).automorphisms
}

/// Whether one of the group's transformations maps `a` to `b`.
///
/// ```
/// use sudokit::{are_equivalent, Grid, Transformation};
/// let a: Grid = format!("12{}", ".".repeat(79)).parse().unwrap();
/// let b = Transformation::rotate(1).apply(&a);
/// assert!(are_equivalent(&a, &b));
/// assert!(!are_equivalent(&a, &Grid::EMPTY));
/// ```
pub fn are_equivalent(a: &Grid, b: &Grid) -> bool {
    a.clue_count() == b.clue_count() && canonical_form(a) == canonical_form(b)
}

/// The canonical form of `grid`, its automorphism count and a transformation
/// that maps `grid` to the form.
///
/// ```
/// use sudokit::{canonicalize, Grid};
/// let puzzle: Grid = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........".parse().unwrap();
/// let canonical = canonicalize(&puzzle);
/// assert_eq!(canonical.transformation.apply(&puzzle), canonical.form);
/// assert_eq!(canonicalize(&canonical.form).form, canonical.form);
/// ```
pub fn canonicalize(grid: &Grid) -> Canonical {
    if grid.is_full() {
        if let Some(canonical) = canonicalize_solution(grid) {
            return canonical;
        }
    }
    Search::new(grid).run::<0>()
}

/// The canonical form of a complete grid that keeps the rules, `None` for
/// any other. Kept out of line: puzzles never get past the caller's test.
#[inline(never)]
fn canonicalize_solution(grid: &Grid) -> Option<Canonical> {
    let boards = Boards::new(grid);
    boards
        .is_solution()
        .then(|| Search::from_top_band(boards).run::<3>())
}

/// `n!` for `n <= 9`.
fn factorial(n: u32) -> u64 {
    (1..=u64::from(n)).product()
}

/// The classes of three positions as `(first, last)` position pairs.
fn segments(breaks: u8) -> impl Iterator<Item = (usize, usize)> {
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
fn arrangements(items: [u8; 3], breaks: u8) -> impl Iterator<Item = [u8; 3]> {
    ORDERS_WITHIN_CLASSES[usize::from(breaks)]
        .iter()
        .map(move |order| order.map(|i| items[usize::from(i)]))
}

/// The column orders still open: an ordered partition of the stacks into
/// classes whose relative order is open, and within each stack an ordered
/// partition of its columns likewise.
#[derive(Clone, Copy, Debug)]
struct Columns {
    /// Source stacks in output order.
    stacks: [u8; 3],
    /// Class boundaries among `stacks`: bit `i` set when positions `i` and
    /// `i + 1` are in different classes (their order is settled).
    stack_breaks: u8,
    /// For each source stack, its source columns (0..9) in output order.
    within: [[u8; 3]; 3],
    /// Class boundaries within each source stack.
    within_breaks: [u8; 3],
}

impl Columns {
    /// Every column order open.
    const OPEN: Columns = Columns {
        stacks: [0, 1, 2],
        stack_breaks: 0,
        within: [[0, 1, 2], [3, 4, 5], [6, 7, 8]],
        within_breaks: [0; 3],
    };

    /// The orders among these that read a row with clues in source columns
    /// `clues` (a bit per column) smallest, blanks counting below clues; and
    /// that row's pattern, a bit per output column from bit 8 (column 0) down,
    /// so that a smaller number is a smaller row.
    fn refine(&self, clues: u16) -> (Columns, u16) {
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
    fn count(&self) -> u64 {
        let open = |breaks: u8| -> u64 {
            segments(breaks)
                .map(|(first, last)| factorial((last - first + 1) as u32))
                .product()
        };
        open(self.stack_breaks) * self.within_breaks.iter().map(|&b| open(b)).product::<u64>()
    }

    /// One of these orders, as the source column of each output column.
    fn first(&self) -> [u8; 9] {
        std::array::from_fn(|c| self.within[usize::from(self.stacks[c / 3])][c % 3])
    }
}

/// A partial transformation while every row chosen brought only new digits:
/// transposition and rows fixed, columns still a set of orders.
#[derive(Clone, Copy, Debug)]
struct Partial {
    /// 0 for the board as given, 1 for its transpose.
    board: u8,
    /// Source rows of the output rows so far.
    rows: [u8; 9],
    /// Bit per source row already used.
    used: u16,
    /// Bit per digit in the rows so far.
    seen: u16,
    columns: Columns,
}

/// A partial transformation with every column placed and the digits
/// relabelled so far.
#[derive(Clone, Copy, Debug)]
struct Explicit {
    board: u8,
    rows: [u8; 9],
    used: u16,
    /// Source column of each output column.
    cols: [u8; 9],
    /// The label of each digit seen so far, 0 for one not yet seen.
    labels: [u8; 10],
    /// The label the next new digit gets.
    next_label: u8,
}

/// The source rows that may become output row `level`: any row of an unused
/// band at a band's first row, else the unused rows of the current band.
fn row_options(level: usize, rows: &[u8; 9], used: u16) -> u16 {
    if level % 3 == 0 {
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
struct Boards {
    cells: [[[u8; 9]; 9]; 2],
    /// A bit per column holding a digit, by board and row.
    clues: [[u16; 9]; 2],
    /// A bit per digit held, by board and row.
    digits: [[u16; 9]; 2],
    /// Whether no digit repeats, by board and row.
    distinct: [[bool; 9]; 2],
}

impl Boards {
    fn new(grid: &Grid) -> Boards {
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

    /// Whether the board is a complete grid that keeps the rules: every row,
    /// column and box holds each digit once.
    fn is_solution(&self) -> bool {
        const ALL: u16 = 0b11_1111_1110;
        let lines_full = self.digits.iter().flatten().all(|&digits| digits == ALL)
            && self.distinct.iter().flatten().all(|&distinct| distinct);
        lines_full
            && (0..9).all(|b| {
                let (top, left) = (b / 3 * 3, b % 3 * 3);
                let digits = (0..9).fold(0u16, |digits, i| {
                    digits | 1 << self.cells[0][top + i / 3][left + i % 3]
                });
                digits == ALL
            })
    }
}

/// The candidates of one level and the best row they read.
struct Level {
    best: [u8; 9],
    partials: Vec<Partial>,
    explicits: Vec<Explicit>,
}

impl Level {
    fn new() -> Level {
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
    fn admit(&mut self, row: &[u8; 9]) -> bool {
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

/// A cell of the next row, as the labelling sees it.
#[derive(Clone, Copy, Debug)]
enum Source {
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
struct Expansion<'a> {
    partial: &'a Partial,
    /// The source rows with the next row's.
    rows: [u8; 9],
    used: u16,
    /// The form so far.
    form: &'a [u8; 81],
    /// The next row's cells, by source column.
    sources: [Source; 9],
    /// For each digit seen so far: the output row and source column of one of its cells.
    seen_at: [(u8, u8); 10],
    /// For each source column: the first and last position within its stack
    /// that its class may occupy.
    class_span: [(u8, u8); 9],
    /// The label the next row's first new digit gets.
    first_new_label: u8,
    /// The output stack of each source stack, in the arrangement being tried.
    slot_of_stack: [u8; 3],
    /// Source stacks in output order, in the arrangement being tried.
    stacks: [u8; 3],
    /// For each source column holding a seen digit, the smallest label that
    /// digit can get in the arrangement being tried before its stack is placed.
    bound: [u8; 9],
    /// Output column of each placed source column.
    position: [u8; 9],
    /// Source column of each output column placed so far.
    cols: [u8; 9],
}

impl Expansion<'_> {
    /// Tries each arrangement of the stacks the partial leaves open.
    fn run(&mut self, level: &mut Level) {
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

/// The level-by-level search for the form.
struct Search {
    boards: Boards,
    form: [u8; 81],
    current: Level,
    next: Level,
}

impl Search {
    fn new(grid: &Grid) -> Search {
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
    fn run<const FIRST_LEVEL: usize>(mut self) -> Canonical {
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

    /// A search whose first three rows are settled: the smallest top band of
    /// a complete grid that keeps the rules, with every transformation that
    /// reads it as an explicit candidate.
    ///
    /// The first row reads `123456789` whichever row and column order are
    /// chosen, so each choice of transposition, band and row order (36) and of
    /// the first stack and its column order (18) is a candidate, and the
    /// second row's cells read the output positions of their digits' columns
    /// in the first row, plus one. A cell of the second row's first box holds
    /// a digit from another stack of the first row (the box rule), so the
    /// smallest label it can get is 4: that digit's column must come first in
    /// the second output stack. Of the box's three digits two share a stack in
    /// the first row, so some column order of the first stack puts 5 second:
    /// the form's second row starts `45`, and in every candidate that reads it
    /// the second stack and its column order are forced. The last stack's
    /// three digits then lie in the second row's first six cells, which read
    /// smallest when they get 7, 8 and 9 in order: that forces the last
    /// stack's column order too. So at most 648 transformations are read.
    fn from_top_band(boards: Boards) -> Search {
        let mut best = [u8::MAX; 18];
        let mut explicits = Vec::new();
        for (board, cells) in boards.cells.iter().enumerate() {
            for band in 0..3u8 {
                for order in ORDERS_OF_THREE {
                    let rows = order.map(|i| band * 3 + i);
                    let [first, second, third] = rows.map(|r| &cells[usize::from(r)]);
                    let mut col_of = [0u8; 10];
                    for (col, &digit) in first.iter().enumerate() {
                        col_of[usize::from(digit)] = col as u8;
                    }
                    // The first row's column holding each cell's digit, for
                    // the second and third rows.
                    let partner = second.map(|digit| col_of[usize::from(digit)]);
                    let partner3 = third.map(|digit| col_of[usize::from(digit)]);
                    for stack in 0..3u8 {
                        for within in ORDERS_OF_THREE {
                            let cols = within.map(|w| stack * 3 + w);
                            let (a, b) =
                                (partner[usize::from(cols[0])], partner[usize::from(cols[1])]);
                            if a / 3 != b / 3 {
                                continue;
                            }
                            let second_stack = a / 3;
                            let last_stack = 3 - stack - second_stack;
                            let mut cols = [
                                cols[0],
                                cols[1],
                                cols[2],
                                a,
                                b,
                                second_stack * 3 + 3 - a % 3 - b % 3,
                                0,
                                0,
                                0,
                            ];
                            // The last stack's columns in the order the second
                            // row's first six cells name them.
                            let mut placed = 6;
                            for c in 0..6 {
                                let partner = partner[usize::from(cols[c])];
                                if partner / 3 == last_stack {
                                    cols[placed] = partner;
                                    placed += 1;
                                }
                            }
                            debug_assert_eq!(placed, 9);
                            let mut position = [0u8; 9];
                            for (out, &col) in cols.iter().enumerate() {
                                position[usize::from(col)] = out as u8 + 1;
                            }
                            let mut band_rows = [0u8; 18];
                            for (c, &col) in cols.iter().enumerate() {
                                band_rows[c] = position[usize::from(partner[usize::from(col)])];
                            }
                            if band_rows[..9] > best[..9] {
                                continue;
                            }
                            for (c, &col) in cols.iter().enumerate() {
                                band_rows[9 + c] =
                                    position[usize::from(partner3[usize::from(col)])];
                            }
                            match band_rows.cmp(&best) {
                                std::cmp::Ordering::Greater => continue,
                                std::cmp::Ordering::Less => {
                                    best = band_rows;
                                    explicits.clear();
                                }
                                std::cmp::Ordering::Equal => {}
                            }
                            let mut labels = [0u8; 10];
                            for (&digit, &col) in first.iter().zip(&position) {
                                labels[usize::from(digit)] = col;
                            }
                            let mut explicit_rows = [0u8; 9];
                            explicit_rows[..3].copy_from_slice(&rows);
                            explicits.push(Explicit {
                                board: board as u8,
                                rows: explicit_rows,
                                used: rows.iter().fold(0, |used, &r| used | 1 << r),
                                cols,
                                labels,
                                next_label: 10,
                            });
                        }
                    }
                }
            }
        }
        let mut form = [0u8; 81];
        for (value, label) in form[..9].iter_mut().zip(1..) {
            *value = label;
        }
        form[9..27].copy_from_slice(&best);
        let mut current = Level::new();
        current.explicits = explicits;
        Search {
            boards,
            form,
            current,
            next: Level::new(),
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Generator;
    use rand::rngs::ChaCha8Rng;
    use rand::SeedableRng;

    /// The general row-by-row search, which complete grids skip.
    fn row_by_row(grid: &Grid) -> Canonical {
        Search::new(grid).run::<0>()
    }

    fn check(grid: &Grid) {
        assert!(Boards::new(grid).is_solution(), "{grid}");
        let fast = canonicalize(grid);
        let general = row_by_row(grid);
        assert_eq!(fast.form, general.form, "form of {grid}");
        assert_eq!(
            fast.automorphisms, general.automorphisms,
            "automorphisms of {grid}"
        );
        assert_eq!(
            fast.transformation.apply(grid),
            fast.form,
            "transformation of {grid}"
        );
    }

    #[test]
    fn the_top_band_search_agrees_with_the_row_by_row_search_on_random_grids() {
        let generator = Generator::new(17);
        for index in 0..300 {
            check(&generator.complete_grid(index));
        }
    }

    #[test]
    fn the_top_band_search_agrees_with_the_row_by_row_search_on_symmetric_grids() {
        // Grids with 54, 648, 2 and 2 automorphisms (the last two from
        // solutions of the 17-clue collection), each also shuffled.
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for line in [
            "123456789456789123789123456234567891567891234891234567345678912678912345912345678",
            "132465798465798132798132465213546879546879213879213546321654987654987321987321654",
            "123456789456789123789123465238574691671892354945361872392647518517938246864215937",
            "123456789456789123798132465219867354567394812834521697381975246675248931942613578",
        ] {
            let grid: Grid = line.parse().unwrap();
            assert!(row_by_row(&grid).automorphisms > 1);
            check(&grid);
            for _ in 0..20 {
                check(&Transformation::random(&mut rng).apply(&grid));
            }
        }
    }

    #[test]
    fn boards_that_break_a_rule_take_the_row_by_row_search() {
        let mut values = *Generator::new(2).complete_grid(0).values();
        assert!(Boards::new(&Grid::from_values(values).unwrap()).is_solution());
        values.swap(0, 1);
        let broken = Grid::from_values(values).unwrap();
        assert!(!Boards::new(&broken).is_solution());
        assert_eq!(canonicalize(&broken), row_by_row(&broken));
    }
}
