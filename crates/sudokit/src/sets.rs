//! Small sets of the board's parts as bit sets: [`CellSet`] (any of the 81
//! cells) and [`DigitSet`] (any of the nine digits). Both are `Copy` values with
//! the set operations as operators (`&`, `|`, `^`, `!`, `-`), and iterate in
//! ascending order.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub, SubAssign};

use crate::grid::{Cell, Digit};

/// A set of cells: one bit per cell of the 81, row-major.
///
/// ```
/// use sudokit::{Cell, CellSet};
/// let a = Cell::from_row_col(0, 0).unwrap();
/// let b = Cell::from_row_col(8, 8).unwrap();
/// let set = CellSet::from_cells([a, b]);
/// assert_eq!(set.len(), 2);
/// assert!(set.contains(b));
/// assert_eq!(set.to_string(), "{r1c1 r9c9}");
/// assert_eq!((!set).len(), 79);
/// assert_eq!(set.iter().collect::<Vec<_>>(), vec![a, b]);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellSet(u128);

const ALL_CELLS: u128 = (1u128 << 81) - 1;

impl CellSet {
    /// No cell.
    pub const EMPTY: CellSet = CellSet(0);
    /// All 81 cells.
    pub const ALL: CellSet = CellSet(ALL_CELLS);

    /// The set whose bit `i` (for `i < 81`) says whether cell `i` is in it;
    /// higher bits are ignored.
    pub const fn from_bits(bits: u128) -> CellSet {
        CellSet(bits & ALL_CELLS)
    }

    /// The bits of the set, cell `i` at bit `i`.
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set of just `cell`.
    pub const fn single(cell: Cell) -> CellSet {
        CellSet(1u128 << cell.index())
    }

    /// The set of the given cells.
    pub fn from_cells(cells: impl IntoIterator<Item = Cell>) -> CellSet {
        cells
            .into_iter()
            .fold(CellSet::EMPTY, |set, cell| set.with(cell))
    }

    /// Whether `cell` is in the set.
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 >> cell.index() & 1 == 1
    }

    /// The set with `cell` added.
    #[must_use]
    pub const fn with(self, cell: Cell) -> CellSet {
        CellSet(self.0 | 1u128 << cell.index())
    }

    /// The set with `cell` removed.
    #[must_use]
    pub const fn without(self, cell: Cell) -> CellSet {
        CellSet(self.0 & !(1u128 << cell.index()))
    }

    /// Adds `cell`.
    pub fn insert(&mut self, cell: Cell) {
        self.0 |= 1u128 << cell.index();
    }

    /// Removes `cell`.
    pub fn remove(&mut self, cell: Cell) {
        self.0 &= !(1u128 << cell.index());
    }

    /// How many cells the set holds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The first cell in row-major order, if any.
    pub const fn first(self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            Cell::new(self.0.trailing_zeros() as usize)
        }
    }

    /// Whether the two sets share a cell.
    pub const fn intersects(self, other: CellSet) -> bool {
        self.0 & other.0 != 0
    }

    /// Whether every cell of `self` is in `other`.
    pub const fn is_subset(self, other: CellSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The cells in row-major order.
    pub fn iter(self) -> CellSetIter {
        CellSetIter(self.0)
    }
}

/// The cells of a [`CellSet`], in row-major order.
#[derive(Clone, Debug)]
pub struct CellSetIter(u128);

impl Iterator for CellSetIter {
    type Item = Cell;

    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Cell::new(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for CellSetIter {}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = CellSetIter;

    fn into_iter(self) -> CellSetIter {
        self.iter()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> CellSet {
        CellSet::from_cells(iter)
    }
}

/// A set of digits: bit `d - 1` for digit `d`.
///
/// ```
/// use sudokit::{Digit, DigitSet};
/// let set: DigitSet = [2, 7].iter().map(|&d| Digit::new(d).unwrap()).collect();
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.to_string(), "27");
/// assert_eq!((!set).len(), 7);
/// assert_eq!(set.first(), Digit::new(2));
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DigitSet(u16);

impl DigitSet {
    /// No digit.
    pub const EMPTY: DigitSet = DigitSet(0);
    /// The nine digits.
    pub const ALL: DigitSet = DigitSet(0x1FF);

    /// The set whose bit `d - 1` says whether digit `d` is in it; bits above
    /// the ninth are ignored.
    pub const fn from_bits(bits: u16) -> DigitSet {
        DigitSet(bits & 0x1FF)
    }

    /// The bits of the set, digit `d` at bit `d - 1`.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set of just `digit`.
    pub const fn single(digit: Digit) -> DigitSet {
        DigitSet(1 << (digit.get() - 1))
    }

    /// Whether `digit` is in the set.
    pub const fn contains(self, digit: Digit) -> bool {
        self.0 >> (digit.get() - 1) & 1 == 1
    }

    /// The set with `digit` added.
    #[must_use]
    pub const fn with(self, digit: Digit) -> DigitSet {
        DigitSet(self.0 | 1 << (digit.get() - 1))
    }

    /// The set with `digit` removed.
    #[must_use]
    pub const fn without(self, digit: Digit) -> DigitSet {
        DigitSet(self.0 & !(1 << (digit.get() - 1)))
    }

    /// Adds `digit`.
    pub fn insert(&mut self, digit: Digit) {
        self.0 |= 1 << (digit.get() - 1);
    }

    /// Removes `digit`.
    pub fn remove(&mut self, digit: Digit) {
        self.0 &= !(1 << (digit.get() - 1));
    }

    /// How many digits the set holds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The smallest digit, if any.
    pub const fn first(self) -> Option<Digit> {
        Digit::new(self.0.trailing_zeros() as u8 + 1)
    }

    /// Whether the two sets share a digit.
    pub const fn intersects(self, other: DigitSet) -> bool {
        self.0 & other.0 != 0
    }

    /// Whether every digit of `self` is in `other`.
    pub const fn is_subset(self, other: DigitSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The digits in ascending order.
    pub fn iter(self) -> DigitSetIter {
        DigitSetIter(self.0)
    }
}

/// The digits of a [`DigitSet`], in ascending order.
#[derive(Clone, Debug)]
pub struct DigitSetIter(u16);

impl Iterator for DigitSetIter {
    type Item = Digit;

    fn next(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let digit = self.0.trailing_zeros() as u8 + 1;
        self.0 &= self.0 - 1;
        Digit::new(digit)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for DigitSetIter {}

impl IntoIterator for DigitSet {
    type Item = Digit;
    type IntoIter = DigitSetIter;

    fn into_iter(self) -> DigitSetIter {
        self.iter()
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> DigitSet {
        iter.into_iter()
            .fold(DigitSet::EMPTY, |set, digit| set.with(digit))
    }
}

macro_rules! set_operators {
    ($set:ident, $all:expr) => {
        impl BitAnd for $set {
            type Output = $set;
            fn bitand(self, other: $set) -> $set {
                $set(self.0 & other.0)
            }
        }
        impl BitOr for $set {
            type Output = $set;
            fn bitor(self, other: $set) -> $set {
                $set(self.0 | other.0)
            }
        }
        impl BitXor for $set {
            type Output = $set;
            fn bitxor(self, other: $set) -> $set {
                $set(self.0 ^ other.0)
            }
        }
        impl Sub for $set {
            type Output = $set;
            fn sub(self, other: $set) -> $set {
                $set(self.0 & !other.0)
            }
        }
        impl Not for $set {
            type Output = $set;
            fn not(self) -> $set {
                $set(!self.0 & $all)
            }
        }
        impl BitAndAssign for $set {
            fn bitand_assign(&mut self, other: $set) {
                self.0 &= other.0;
            }
        }
        impl BitOrAssign for $set {
            fn bitor_assign(&mut self, other: $set) {
                self.0 |= other.0;
            }
        }
        impl SubAssign for $set {
            fn sub_assign(&mut self, other: $set) {
                self.0 &= !other.0;
            }
        }
    };
}

set_operators!(CellSet, ALL_CELLS);
set_operators!(DigitSet, 0x1FF);

impl fmt::Display for CellSet {
    /// `{r1c1 r4c7}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, cell) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{cell}")?;
        }
        f.write_str("}")
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CellSet{self}")
    }
}

impl fmt::Display for DigitSet {
    /// The digits run together, `27`; `-` for the empty set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for digit in self.iter() {
            write!(f, "{digit}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DigitSet({self})")
    }
}
