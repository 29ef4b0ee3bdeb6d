//! Reading records: line classification, tokenizing, blocks and errors.

use std::fmt;
use std::io::{self, BufRead, Read};
use std::iter::FusedIterator;
use std::str::FromStr;

use super::Style;
use crate::candidates::Candidates;
use crate::grid::{Cell, Digit, Grid};
use crate::sets::DigitSet;

/// Marks a byte that is neither a digit nor a blank in [`VALUE`].
const INVALID: u8 = 0xFF;

/// Byte to cell value: 1 to 9 for a digit, 0 for a blank (`.`, `0`, `_`),
/// [`INVALID`] for anything else; read through [`value`].
// Built at compile time: an index out of range would fail the build, not a read.
#[allow(clippy::indexing_slicing)]
static VALUE: [u8; 256] = {
    let mut table = [INVALID; 256];
    let mut digit = 1;
    while digit <= 9 {
        table[(b'0' + digit) as usize] = digit;
        digit += 1;
    }
    table[b'.' as usize] = 0;
    table[b'0' as usize] = 0;
    table[b'_' as usize] = 0;
    table
};

/// The cell value of `byte` (see [`VALUE`]).
#[inline(always)]
fn value(byte: u8) -> u8 {
    // A byte always indexes the 256 entries, so the fallback compiles away.
    VALUE.get(usize::from(byte)).copied().unwrap_or(INVALID)
}

/// The first `count` items of `items`, or all of them if fewer.
#[inline(always)]
fn prefix<T>(items: &[T], count: usize) -> &[T] {
    items.get(..count).unwrap_or(items)
}

/// Longest token quoted in full by [`ParseErrorKind::NotSingleDigit`].
const MAX_QUOTED: usize = 20;

/// The longest line read: far beyond any record (a 729-character pencil-mark
/// line with a long comment), small enough that memory stays flat on any
/// input.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Reads and drops the rest of the current line, up to and including its
/// line ending; returns how many bytes before the line ending were dropped.
fn skip_line(reader: &mut impl BufRead) -> io::Result<u64> {
    let mut skipped = 0u64;
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            return Ok(skipped);
        }
        if let Some(end) = buffer.iter().position(|&byte| byte == b'\n') {
            reader.consume(end + 1);
            // The line ending itself is not part of the line's length; a
            // CR before it is, which is close enough for a message.
            return Ok(skipped + end as u64);
        }
        let length = buffer.len();
        reader.consume(length);
        skipped += length as u64;
    }
}

/// The UTF-8 byte order mark, ignored at the start of the input.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// How many pencil marks a [`Style::Marks`] line holds: nine for each cell.
const MARK_COUNT: usize = 729;

/// How far from [`MARK_COUNT`] a one-line record's length may be to be read,
/// and reported, as pencil marks rather than as a board of 81 cells.
const MARK_COUNT_SLACK: usize = 81;

/// What went wrong in a record; see [`ParseError`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A one-line record held `found` cells instead of 81.
    WrongCellCount {
        /// How many cells the line held.
        found: usize,
    },
    /// Row `row` (1 to 9) of a block held `found` cells instead of 9.
    WrongRowLength {
        /// The row of the block, counted from 1.
        row: usize,
        /// How many cells the row held.
        found: usize,
    },
    /// A block ended (at a blank line, a comment, a one-line record or the end
    /// of the input) after `found` rows instead of 9.
    TooFewRows {
        /// How many rows the block held.
        found: usize,
    },
    /// A byte that is neither a digit `1`-`9` nor a blank `.`, `0` or `_`
    /// (for a multi-byte character, its first byte).
    UnexpectedByte(u8),
    /// A token of several characters, such as `10`, in a row whose cells are
    /// separated by spaces. Long tokens are shortened, ending in `...`.
    NotSingleDigit(String),
    /// The text held no puzzle at all.
    NoPuzzle,
    /// The text held more than the one puzzle expected.
    MoreThanOne,
    /// A byte that is neither a digit nor a blank among pencil marks, or a
    /// blank among a drawn cell's candidates (a blank stands alone there).
    UnexpectedMark(u8),
    /// A digit out of its place in a [`Style::Marks`] line, where each cell
    /// gives the digits 1 to 9 in order: `place` is the digit that belongs
    /// there (or a blank).
    MisplacedDigit {
        /// The digit written.
        found: Digit,
        /// The digit whose place it took.
        place: Digit,
    },
    /// A digit written twice among a drawn cell's candidates.
    RepeatedCandidate(Digit),
    /// A line longer than any record, [`MAX_LINE_BYTES`]: `bytes` long in
    /// all. Only its start is read into memory; the rest is skipped.
    LineTooLong {
        /// The length of the line, without its line ending.
        bytes: u64,
    },
    /// A one-line record held `found` characters, close to 729 pencil marks
    /// but not exactly.
    WrongMarkCount {
        /// How many characters the line held.
        found: usize,
    },
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::WrongCellCount { found } => {
                write!(f, "expected 81 cells, found {found}")
            }
            ParseErrorKind::WrongRowLength { row, found } => {
                write!(f, "row {row}: expected 9 cells, found {found}")
            }
            ParseErrorKind::TooFewRows { found } => write!(f, "expected 9 rows, found {found}"),
            ParseErrorKind::UnexpectedByte(byte) if (0x20..0x7F).contains(byte) => write!(
                f,
                "unexpected character '{}' (a cell holds 1-9, or '.', '0' or '_' for a blank)",
                *byte as char
            ),
            ParseErrorKind::UnexpectedByte(byte) => write!(f, "unexpected byte {byte:#04x}"),
            ParseErrorKind::NotSingleDigit(token) => {
                write!(f, "\"{token}\" is not a single digit")
            }
            ParseErrorKind::NoPuzzle => f.write_str("no puzzle found"),
            ParseErrorKind::LineTooLong { bytes } => write!(
                f,
                "line of {bytes} bytes, longer than any record ({MAX_LINE_BYTES} at most); skipped"
            ),
            ParseErrorKind::MoreThanOne => f.write_str("expected one puzzle, found more"),
            ParseErrorKind::UnexpectedMark(byte) if (0x20..0x7F).contains(byte) => write!(
                f,
                "unexpected character '{}' in pencil marks (digits 1-9, and '.', '0' or '_' for none)",
                *byte as char
            ),
            ParseErrorKind::UnexpectedMark(byte) => {
                write!(f, "unexpected byte {byte:#04x} in pencil marks")
            }
            ParseErrorKind::MisplacedDigit { found, place } => write!(
                f,
                "digit {found} in the place of {place} (each cell lists its candidates 1 to 9 in order)"
            ),
            ParseErrorKind::RepeatedCandidate(digit) => {
                write!(f, "candidate {digit} written twice")
            }
            ParseErrorKind::WrongMarkCount { found } => {
                write!(f, "expected 729 pencil marks, found {found}")
            }
        }
    }
}

/// Why a record could not be read as a board.
///
/// The message printed by [`Display`](fmt::Display) names the cell when one is
/// known but not the line, which the caller prints in front, as in
/// `puzzles.txt:12: r3c5: unexpected character 'a' (...)`.
///
/// ```
/// use sudokit::Grid;
/// let error = format!("{}x{}", ".".repeat(22), ".".repeat(58)).parse::<Grid>().unwrap_err();
/// assert_eq!(error.line, 1);
/// assert_eq!(error.cell.unwrap().to_string(), "r3c5");
/// assert_eq!(
///     error.to_string(),
///     "r3c5: unexpected character 'x' (a cell holds 1-9, or '.', '0' or '_' for a blank)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    /// The line, counted from 1, of the offending text: the row at fault, or
    /// the first line of a block that ended too soon.
    pub line: usize,
    /// The cell the offending character would have filled, when known.
    pub cell: Option<Cell>,
    /// What went wrong.
    pub kind: ParseErrorKind,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(cell) = self.cell {
            write!(f, "{cell}: ")?;
        }
        fmt::Display::fmt(&self.kind, f)
    }
}

impl std::error::Error for ParseError {}

/// One puzzle record read by [`Records`], with the layout it was written in.
///
/// A pencil-mark record ([`Style::Marks`], [`Style::MarksGrid`]) also holds
/// its marks, and its `grid` holds the digits placed, so that whatever reads
/// only boards reads it too.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    /// The line, counted from 1, where the record starts (its first row).
    pub line: usize,
    /// The layout the record was written in.
    pub style: Style,
    /// The blank character the record used: `b'.'`, `b'0'` or `b'_'`; when it
    /// shows none, [`Style::default_blank`] (`b'0'` for [`Style::Block`],
    /// `b'.'` otherwise).
    pub blank: u8,
    /// The board, or why the record is not one.
    pub grid: Result<Grid, ParseError>,
    /// The pencil marks of a pencil-mark record read without error; `None`
    /// for any other record. Boxed, as few records have them and records are
    /// moved around by the million.
    pub marks: Option<Box<Candidates>>,
}

impl Record {
    /// The record's pencil marks: its own for a pencil-mark record, else every
    /// candidate its board allows ([`Candidates::from_grid`]).
    ///
    /// ```
    /// use sudokit::text::{Records, Style};
    /// let line = format!("{}{}", "1........", ".23456789".repeat(80));
    /// let record = Records::new(line.as_bytes()).next().unwrap()?;
    /// assert_eq!(record.style, Style::Marks);
    /// assert_eq!(record.grid.as_ref().unwrap().clue_count(), 1);
    /// let marks = record.candidates().unwrap();
    /// assert_eq!(marks.candidate_count(), 80 * 8);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn candidates(&self) -> Result<Candidates, &ParseError> {
        match (&self.marks, &self.grid) {
            (Some(marks), _) => Ok(Candidates::clone(marks)),
            (None, Ok(grid)) => Ok(Candidates::from_grid(grid)),
            (None, Err(error)) => Err(error),
        }
    }
}

/// Iterator over the puzzle records of a reader, detecting each record's
/// layout on its own.
///
/// Reading works on bytes, one line at a time into a reused buffer, so it runs
/// in memory bounded by the longest line. A record that cannot be read comes
/// out as a [`Record`] whose `grid` is an error, and reading resumes with the
/// next record; only an I/O error from the reader is returned as `Err`, after
/// which the iterator ends.
///
/// ```
/// use sudokit::text::{Records, Style};
///
/// let text = "\
/// ## two puzzles and a mistake
/// 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
///
/// 0 2 0 9 0 5 0 0 0
/// 5 9 0 0 3 0 2 0 0
/// 7 0 0 6 0 2 0 0 5
/// 0 0 9 3 5 0 4 6 0
/// 0 5 4 0 0 0 7 8 0
/// 0 8 3 0 2 7 5 0 0
/// 8 0 0 2 0 9 0 0 4
/// 0 0 5 0 4 0 0 2 6
/// 0 0 0 5 0 3 0 7 0
///
/// 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....
/// ";
/// let records: Vec<_> = Records::new(text.as_bytes()).collect::<Result<_, _>>()?;
/// assert_eq!(records.len(), 3);
/// assert_eq!((records[0].line, records[0].style), (2, Style::Line));
/// assert_eq!((records[1].line, records[1].style, records[1].blank), (4, Style::Block, b'0'));
/// assert_eq!(records[1].grid.as_ref().unwrap().clue_count(), 36);
/// let error = records[2].grid.as_ref().unwrap_err();
/// assert_eq!((error.line, error.to_string().as_str()), (14, "expected 81 cells, found 80"));
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Records<R> {
    reader: R,
    /// The current line, without its line ending.
    line: Vec<u8>,
    /// The number of the current line, counted from 1.
    line_no: usize,
    /// Tokens of the current line.
    tokens: Tokens,
    /// The current line ended a block without belonging to it: read it again.
    pending: bool,
    /// End of input reached or an I/O error returned.
    done: bool,
    /// The current line ran past [`MAX_LINE_BYTES`]: its whole length (only
    /// the start of it is kept).
    too_long: Option<u64>,
}

impl<R> fmt::Debug for Records<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Records")
            .field("line_number", &self.line_no)
            .field("done", &self.done)
            .finish_non_exhaustive()
    }
}

impl<R: BufRead> Records<R> {
    /// Records read from `reader`.
    pub fn new(reader: R) -> Self {
        Records {
            reader,
            line: Vec::with_capacity(128),
            line_no: 0,
            tokens: Tokens::default(),
            pending: false,
            done: false,
            too_long: None,
        }
    }

    /// How many lines have been read so far.
    pub fn line_number(&self) -> usize {
        self.line_no
    }

    /// Reads the next line into `self.line` without its line ending; `false`
    /// at the end of the input.
    fn read_line(&mut self) -> io::Result<bool> {
        self.line.clear();
        self.too_long = None;
        // At most MAX_LINE_BYTES are kept, so that a stream with no line
        // ending (a binary file, a runaway pipe) cannot fill the memory.
        let kept = (&mut self.reader)
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut self.line)?;
        if kept == 0 {
            return Ok(false);
        }
        if self.line.len() > MAX_LINE_BYTES && self.line.last() != Some(&b'\n') {
            let skipped = skip_line(&mut self.reader)?;
            self.too_long = Some(self.line.len() as u64 + skipped);
            self.line.truncate(MAX_LINE_BYTES);
        }
        self.line_no += 1;
        if self.line.last() == Some(&b'\n') {
            self.line.pop();
        }
        if self.line.last() == Some(&b'\r') {
            self.line.pop();
        }
        if self.line_no == 1 && self.line.starts_with(BOM) {
            self.line.drain(..BOM.len());
        }
        Ok(true)
    }

    /// The fastest path, read in place from the reader's buffer: the next
    /// line is exactly 81 valid cells and a line ending. Spares copying the
    /// line and searching it for its end, which cost as much as converting
    /// it. Anything else (a short buffer, an error) is left to
    /// [`Records::read_line`], which meets it again.
    fn buffered_plain_line(&mut self) -> Option<Record> {
        let buffer = self.reader.fill_buf().ok()?;
        let (cells, rest) = buffer.split_first_chunk::<81>()?;
        let length = match rest {
            [b'\n', ..] => 82,
            [b'\r', b'\n', ..] => 83,
            _ => return None,
        };
        // A byte order mark or a line ending among the cells fails here.
        let record = plain_record(cells, self.line_no + 1)?;
        self.reader.consume(length);
        self.line_no += 1;
        Some(record)
    }

    /// The fast path: the current line is exactly 81 valid cells.
    fn plain_line(&self) -> Option<Record> {
        plain_record(self.line.as_slice().try_into().ok()?, self.line_no)
    }

    /// The one-line record whose cells are the first `count` bytes of the
    /// current line's cells.
    fn line_record(&self, count: usize) -> Record {
        if count.abs_diff(MARK_COUNT) <= MARK_COUNT_SLACK {
            return self.marks_line_record(count);
        }
        let line = self.line_no;
        let cells = prefix(&self.tokens.cells, count);
        let unexpected = |(index, byte)| ParseError {
            line,
            cell: Cell::new(index),
            kind: ParseErrorKind::UnexpectedByte(byte),
        };
        // A wrong character says more than a wrong count, so it is named first.
        let grid = match first_invalid(prefix(cells, 81)) {
            Some(found) => Err(unexpected(found)),
            None if count != 81 => Err(ParseError {
                line,
                cell: None,
                kind: ParseErrorKind::WrongCellCount { found: count },
            }),
            None => {
                let mut values = [0u8; 81];
                convert(cells, &mut values)
                    .map(|()| grid_of(values))
                    .map_err(unexpected)
            }
        };
        Record {
            line,
            style: Style::Line,
            blank: first_blank(cells).unwrap_or(b'.'),
            grid,
            marks: None,
        }
    }

    /// The [`Style::Marks`] record whose marks are the first `count` bytes of
    /// the current line's cells.
    fn marks_line_record(&self, count: usize) -> Record {
        let line = self.line_no;
        let text = prefix(&self.tokens.cells, count);
        let mut masks = [0u16; 81];
        let mut blank = None;
        let mut error = None;
        // A wrong character says more than a wrong count, so it is named first.
        // Each cell's nine places in turn, over the first 729 characters.
        'cells: for ((cell, mask), places) in Cell::all().zip(&mut masks).zip(text.chunks(9)) {
            for (place, &byte) in Digit::all().zip(places) {
                let kind = match value(byte) {
                    found if found == place.get() => {
                        *mask |= 1 << (place.get() - 1);
                        continue;
                    }
                    0 => {
                        blank.get_or_insert(byte);
                        continue;
                    }
                    found => match Digit::new(found) {
                        Some(found) => ParseErrorKind::MisplacedDigit { found, place },
                        None => ParseErrorKind::UnexpectedMark(byte),
                    },
                };
                error = Some(ParseError {
                    line,
                    cell: Some(cell),
                    kind,
                });
                break 'cells;
            }
        }
        if error.is_none() && count != MARK_COUNT {
            error = Some(ParseError {
                line,
                cell: None,
                kind: ParseErrorKind::WrongMarkCount { found: count },
            });
        }
        marks_record(line, Style::Marks, blank, error, &masks)
    }

    /// Reads the block whose first row is the current line.
    ///
    /// A block is a board until a row shows a cell with several candidates:
    /// from then on it is a candidate grid, its earlier rows read again as
    /// pencil marks (which they are when each held nine one-character cells,
    /// a blank then being a cell without candidates).
    fn block(&mut self, first: RowInfo) -> io::Result<Record> {
        let start = self.line_no;
        let mut values = [0u8; 81];
        // Each cell's shown digits (bit d-1 for d), once the block is a grid of them.
        let mut masks: Option<[u16; 81]> = None;
        // Whether every row so far held nine one-character cells.
        let mut convertible = true;
        let mut error = None;
        let mut blank = None;
        let mut drawn = first.had_bar || first.shape == Shape::Grouped;
        let mut rows = 0;
        let mut row = Some(first);
        while let Some(info) = row {
            if info.shape == Shape::Marks && masks.is_none() && convertible {
                masks = Some(values.map(|v| if v == 0 { 0 } else { 1 << (v - 1) }));
            }
            if error.is_none() {
                let found = match &mut masks {
                    None if info.shape == Shape::Marks => {
                        Err(several_digits(&self.line, rows, self.line_no))
                    }
                    Some(masks) => {
                        let out = row_mut(masks, rows);
                        check_marks_row(&self.line, rows, self.line_no, out)
                    }
                    None => {
                        let out = row_mut(&mut values, rows);
                        check_row(&self.tokens, info, rows, self.line_no, out)
                    }
                };
                match found {
                    Ok(found) => blank = blank.or(found),
                    Err(e) => error = Some(e),
                }
            }
            convertible &= info.shape == Shape::Spaced && self.tokens.count == 9;
            rows += 1;
            if rows == 9 {
                break;
            }
            row = self.next_row(&mut drawn)?;
        }
        if rows < 9 {
            error.get_or_insert(ParseError {
                line: start,
                cell: None,
                kind: ParseErrorKind::TooFewRows { found: rows },
            });
        }
        if let Some(masks) = masks {
            return Ok(marks_record(start, Style::MarksGrid, blank, error, &masks));
        }
        let style = if drawn {
            Style::Drawn
        } else if matches!(first.shape, Shape::Spaced | Shape::BadSpaced) {
            Style::Block
        } else {
            Style::Digits
        };
        Ok(Record {
            line: start,
            style,
            blank: blank.unwrap_or(style.default_blank()),
            grid: error.map_or_else(|| Ok(grid_of(values)), Err),
            marks: None,
        })
    }

    /// The next row of a block, skipping separator lines (and setting `drawn`
    /// when there is one or the row holds `|`); `None` if the block ends first.
    fn next_row(&mut self, drawn: &mut bool) -> io::Result<Option<RowInfo>> {
        while self.read_line()? {
            if self.too_long.is_some() {
                // Not part of the block: reported as a record of its own.
                self.pending = true;
                return Ok(None);
            }
            match classify(&self.line, &mut self.tokens) {
                Kind::Separator => *drawn = true,
                Kind::Break => return Ok(None),
                Kind::Line(_) => {
                    // Not part of the block: read it again as the next record.
                    self.pending = true;
                    return Ok(None);
                }
                Kind::Row(row) => {
                    *drawn |= row.had_bar;
                    return Ok(Some(row));
                }
            }
        }
        Ok(None)
    }

    /// The next record, `None` at the end of the input.
    fn next_record(&mut self) -> io::Result<Option<Record>> {
        loop {
            if self.pending {
                self.pending = false;
            } else {
                if let Some(record) = self.buffered_plain_line() {
                    return Ok(Some(record));
                }
                if !self.read_line()? {
                    return Ok(None);
                }
            }
            if let Some(bytes) = self.too_long {
                return Ok(Some(Record {
                    line: self.line_no,
                    style: Style::Line,
                    blank: b'.',
                    grid: Err(ParseError {
                        line: self.line_no,
                        cell: None,
                        kind: ParseErrorKind::LineTooLong { bytes },
                    }),
                    marks: None,
                }));
            }
            if let Some(record) = self.plain_line() {
                return Ok(Some(record));
            }
            match classify(&self.line, &mut self.tokens) {
                Kind::Break | Kind::Separator => {}
                Kind::Line(count) => return Ok(Some(self.line_record(count))),
                Kind::Row(row) => return self.block(row).map(Some),
            }
        }
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        if self.done {
            return None;
        }
        let next = self.next_record().transpose();
        if !matches!(next, Some(Ok(_))) {
            self.done = true;
        }
        next
    }
}

impl<R: BufRead> FusedIterator for Records<R> {}

/// Parses text holding exactly one puzzle, in any [`Style`].
///
/// Fails with [`ParseErrorKind::NoPuzzle`] if the text holds none (only
/// blank lines and comments, say) and with [`ParseErrorKind::MoreThanOne`] if
/// another record follows the first.
///
/// ```
/// use sudokit::Grid;
///
/// let line: Grid = "..3.4....".repeat(9).parse()?;
/// let drawn: Grid = "\
/// ..3|.4.|...
/// ..3|.4.|...
/// ..3|.4.|...
/// ---+---+---
/// ..3|.4.|...
/// ..3|.4.|...
/// ..3|.4.|...
/// ---+---+---
/// ..3|.4.|...
/// ..3|.4.|...
/// ..3|.4.|...
/// "
/// .parse()?;
/// assert_eq!(line, drawn);
/// assert_eq!("".parse::<Grid>().unwrap_err().to_string(), "no puzzle found");
/// # Ok::<(), sudokit::text::ParseError>(())
/// ```
impl FromStr for Grid {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Grid, ParseError> {
        only_record(text)?.grid
    }
}

/// Parses text holding exactly one puzzle, in any [`Style`], into pencil
/// marks: those written for a pencil-mark record, else every candidate the
/// board allows ([`Candidates::from_grid`]). Fails as [`Grid`]'s `from_str`.
///
/// ```
/// use sudokit::{Candidates, Cell, Digit};
///
/// let marks: Candidates = "\
/// .------------------.----------------.------------------.
/// | 346    2     18  | 9     178  5   | 1368  134   1378 |
/// | 5      9     168 | 1478  3    148 | 2     14    178  |
/// | 7      134   18  | 6     18   2   | 1389  1349  5    |
/// :------------------+----------------+------------------:
/// | 12     17    9   | 3     5    18  | 4     6     12   |
/// | 126    5     4   | 1     169  16  | 7     8     1239 |
/// | 16     8     3   | 14    2    7   | 5     19    19   |
/// :------------------+----------------+------------------:
/// | 8      1367  167 | 2     167  9   | 13    135   4    |
/// | 139    137   5   | 178   4    18  | 1389  2     6    |
/// | 12469  146   126 | 5     168  3   | 189   7     19   |
/// '------------------'----------------'------------------'
/// "
/// .parse()?;
/// let r1c1 = Cell::new(0).unwrap();
/// assert_eq!(marks.get(r1c1).to_string(), "346");
/// assert_eq!(marks.value(Cell::from_row_col(0, 1).unwrap()), Digit::new(2));
/// assert_eq!(marks.grid().clue_count(), 37);
/// # Ok::<(), sudokit::text::ParseError>(())
/// ```
impl FromStr for Candidates {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Candidates, ParseError> {
        let record = only_record(text)?;
        match record.marks {
            Some(marks) => Ok(*marks),
            None => record.grid.map(|grid| Candidates::from_grid(&grid)),
        }
    }
}

/// Parses text holding exactly one record, in any [`Style`], keeping its
/// layout, blank and pencil marks. Fails as [`Grid`]'s `from_str`.
///
/// ```
/// use sudokit::text::{Record, Style};
///
/// let record: Record = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse()?;
/// assert_eq!((record.line, record.style, record.blank), (1, Style::Line, b'.'));
/// assert!(record.marks.is_none());
/// # Ok::<(), sudokit::text::ParseError>(())
/// ```
impl FromStr for Record {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Record, ParseError> {
        only_record(text)
    }
}

/// The one record `text` holds, or why it does not hold exactly one.
fn only_record(text: &str) -> Result<Record, ParseError> {
    // Reading from a byte slice cannot fail, so `Result::ok` loses nothing.
    let mut records = Records::new(text.as_bytes());
    let Some(first) = records.next().and_then(Result::ok) else {
        return Err(ParseError {
            line: 1,
            cell: None,
            kind: ParseErrorKind::NoPuzzle,
        });
    };
    first.grid.as_ref().map_err(ParseError::clone)?;
    match records.next().and_then(Result::ok) {
        Some(extra) => Err(ParseError {
            line: extra.line,
            cell: None,
            kind: ParseErrorKind::MoreThanOne,
        }),
        None => Ok(first),
    }
}

/// The record of pencil marks given as each cell's shown digits (bit d-1 for
/// d; one digit shown is a placed cell), unless `error`.
fn marks_record(
    line: usize,
    style: Style,
    blank: Option<u8>,
    error: Option<ParseError>,
    masks: &[u16; 81],
) -> Record {
    let (grid, marks) = match error {
        Some(error) => (Err(error), None),
        None => {
            let marks = Candidates::from_cells(masks.map(|mask| {
                let shown = DigitSet::from_bits(mask);
                match shown.first() {
                    Some(digit) if shown.len() == 1 => Ok(digit),
                    _ => Err(shown),
                }
            }));
            (Ok(marks.grid()), Some(Box::new(marks)))
        }
    };
    Record {
        line,
        style,
        blank: blank.unwrap_or(style.default_blank()),
        grid,
        marks,
    }
}

/// Row `row` (from 0) of a board's 81 entries: nine of them, or none past
/// the last row.
fn row_mut<T>(cells: &mut [T; 81], row: usize) -> &mut [T] {
    cells.get_mut(row * 9..row * 9 + 9).unwrap_or_default()
}

/// The [`Style::Line`] record of line `line` when its 81 `cells` are all
/// digits or blanks.
#[inline(always)]
fn plain_record(cells: &[u8; 81], line: usize) -> Option<Record> {
    let mut values = [0u8; 81];
    convert(cells, &mut values).ok()?;
    Some(Record {
        line,
        style: Style::Line,
        blank: first_blank(cells).unwrap_or(b'.'),
        grid: Ok(grid_of(values)),
        marks: None,
    })
}

/// The board with `values`, all of which [`convert`] made 0 to 9.
fn grid_of(values: [u8; 81]) -> Grid {
    debug_assert!(values.iter().all(|&v| v <= 9));
    Grid::from_values_or_blank(values)
}

/// Converts cell characters to values; on failure the index of the first byte
/// that is neither a digit nor a blank, and the byte.
fn convert(cells: &[u8], out: &mut [u8]) -> Result<(), (usize, u8)> {
    debug_assert_eq!(cells.len(), out.len());
    // VALUE's mapping written as arithmetic (digits, and the blanks '.', '0',
    // '_'), which compilers turn into vector code; VALUE stays the reference.
    let mut invalid = false;
    for (value, &byte) in out.iter_mut().zip(cells) {
        let digit = byte.wrapping_sub(b'0');
        let is_digit = digit <= 9;
        *value = if is_digit { digit } else { 0 };
        invalid |= !is_digit & (byte != b'.') & (byte != b'_');
    }
    if !invalid {
        Ok(())
    } else {
        // The arithmetic and VALUE agree, so this finds the byte.
        first_invalid(cells).map_or(Ok(()), Err)
    }
}

/// The index of the first byte that is neither a digit nor a blank, and the
/// byte.
fn first_invalid(bytes: &[u8]) -> Option<(usize, u8)> {
    // `position` compiles to a tighter loop than `enumerate` and `find`.
    let index = bytes.iter().position(|&b| value(b) == INVALID)?;
    Some((index, *bytes.get(index)?))
}

/// The first blank character among `cells`.
fn first_blank(cells: &[u8]) -> Option<u8> {
    cells.iter().copied().find(|&b| value(b) == 0)
}

/// What a line is, for the record reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Blank, comment or header line: skipped, but ends a block.
    Break,
    /// A line drawn only with separator characters: skipped.
    Separator,
    /// A one-line record whose cells are the first `n` of the tokens' cells.
    Line(usize),
    /// A row of a block, in the tokens.
    Row(RowInfo),
}

/// How a block row was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// One token, every character a cell: `020905000`.
    Solid,
    /// Several one-character tokens: `0 2 0 9 0 5 0 0 0`.
    Spaced,
    /// Several tokens of nine characters in all: `..3 .4. ...`.
    Grouped,
    /// None of those: mostly one-character tokens but some longer (`0 10 0`).
    BadSpaced,
    /// None of those, with mostly longer tokens (`..3 .4. ..`).
    BadGrouped,
    /// A row of a candidate grid: about nine cells between whitespace and
    /// `|`, some of several digits (`| 1 239 2389 | 4 5 6 | 7 389 2389 |`).
    Marks,
}

/// A row's shape and whether it held `|`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RowInfo {
    shape: Shape,
    had_bar: bool,
}

/// The tokens of a line: its characters other than whitespace and `|`, split
/// at whitespace. Buffers are reused from line to line.
#[derive(Debug, Default)]
struct Tokens {
    /// All tokens' characters, concatenated.
    cells: Vec<u8>,
    /// The end offsets in `cells` of the first nine tokens.
    ends: [usize; 9],
    /// How many tokens.
    count: usize,
    /// How many one-character tokens.
    singles: usize,
    /// The length of the first token.
    first_len: usize,
    /// Whether the line held `|`.
    had_bar: bool,
    /// How many pieces the line splits into at whitespace and `|` both (the
    /// cells of a candidate grid's row).
    pieces: usize,
    /// The length of the longest of those pieces.
    longest_piece: usize,
}

impl Tokens {
    fn scan(&mut self, line: &[u8]) {
        self.cells.clear();
        self.count = 0;
        self.singles = 0;
        self.first_len = 0;
        self.had_bar = false;
        self.pieces = 0;
        self.longest_piece = 0;
        let mut start = None;
        let mut piece = 0;
        for &byte in line {
            if byte.is_ascii_whitespace() {
                if let Some(start) = start.take() {
                    self.end_token(start);
                }
                self.end_piece(&mut piece);
            } else if byte == b'|' {
                self.had_bar = true;
                self.end_piece(&mut piece);
            } else {
                start.get_or_insert(self.cells.len());
                self.cells.push(byte);
                piece += 1;
            }
        }
        if let Some(start) = start {
            self.end_token(start);
        }
        self.end_piece(&mut piece);
    }

    fn end_piece(&mut self, len: &mut usize) {
        if *len > 0 {
            self.pieces += 1;
            self.longest_piece = self.longest_piece.max(*len);
            *len = 0;
        }
    }

    /// Whether the line looks like a row of a candidate grid: drawn with `|`,
    /// about nine cells between whitespace and `|`, and some cell of two to
    /// nine characters (a board's row has one-character cells, or at most
    /// three groups of them).
    fn is_candidate_row(&self) -> bool {
        self.had_bar
            && (7..=11).contains(&self.pieces)
            && (2..=9).contains(&self.longest_piece)
            && self.cells.len() > 9
    }

    fn end_token(&mut self, start: usize) {
        let len = self.cells.len() - start;
        if self.count == 0 {
            self.first_len = len;
        }
        if let Some(end) = self.ends.get_mut(self.count) {
            *end = self.cells.len();
        }
        self.singles += usize::from(len == 1);
        self.count += 1;
    }

    /// The first nine tokens (all of them if fewer).
    fn first_nine(&self) -> impl Iterator<Item = &[u8]> {
        let ends = prefix(&self.ends, self.count);
        ends.iter().scan(0, |start, &end| {
            let token = self.cells.get(*start..end);
            *start = end;
            token
        })
    }
}

/// Classifies `line`, leaving its tokens in `tokens` for records and rows.
fn classify(line: &[u8], tokens: &mut Tokens) -> Kind {
    let Some(&first) = line.iter().find(|b| !b.is_ascii_whitespace()) else {
        return Kind::Break;
    };
    if first == b'#' {
        return Kind::Break;
    }
    if is_separator(line) {
        return Kind::Separator;
    }
    if first == b'[' && line.iter().rfind(|b| !b.is_ascii_whitespace()) == Some(&b']') {
        return Kind::Break;
    }
    tokens.scan(line);
    let total = tokens.cells.len();
    let row = |shape| {
        Kind::Row(RowInfo {
            shape,
            had_bar: tokens.had_bar,
        })
    };
    if tokens.is_candidate_row() {
        return row(Shape::Marks);
    }
    if tokens.count == 1 || tokens.singles == tokens.count {
        // One token of cells, or one cell per token. A spaced row with a few
        // cells too many is a bad row of its block, not a one-line record.
        if total >= 10 && (tokens.count == 1 || total >= 18) {
            Kind::Line(total)
        } else if tokens.count == 1 {
            row(Shape::Solid)
        } else {
            row(Shape::Spaced)
        }
    } else if tokens.first_len >= 10 {
        // Cells, then a comment.
        Kind::Line(tokens.first_len)
    } else if total == 9 {
        row(Shape::Grouped)
    } else if tokens.singles > tokens.count - tokens.singles {
        row(Shape::BadSpaced)
    } else {
        row(Shape::BadGrouped)
    }
}

/// Whether `line` only draws: made of `-`, `+`, `|`, `*` and `=`, or a border
/// that also holds `.`, `:` or `'` (HoDoKu's `.---.`, `:---+---:`, `'---'`),
/// told from a row of blanks by its run of `---` and its lack of `..`.
fn is_separator(line: &[u8]) -> bool {
    let drawn_only = |b: &u8| matches!(b, b'-' | b'+' | b'|' | b'*' | b'=');
    if line
        .iter()
        .all(|b| drawn_only(b) || b.is_ascii_whitespace())
    {
        return true;
    }
    let border =
        |b: &u8| drawn_only(b) || matches!(b, b'.' | b':' | b'\'') || b.is_ascii_whitespace();
    line.iter().all(border)
        && line.windows(3).any(|w| w == b"---" || w == b"===")
        && !line.windows(2).any(|w| w == b"..")
}

/// The error for a row of candidates in a board: its first cell of several
/// characters, which is not a single digit.
fn several_digits(line: &[u8], row: usize, line_no: usize) -> ParseError {
    let pieces = line
        .split(|b| b.is_ascii_whitespace() || *b == b'|')
        .filter(|piece| !piece.is_empty());
    let (col, piece) = pieces
        .enumerate()
        .find(|(_, piece)| piece.len() > 1)
        .unwrap_or((0, &[]));
    ParseError {
        line: line_no,
        cell: Cell::from_row_col(row, col),
        kind: ParseErrorKind::NotSingleDigit(quote(piece)),
    }
}

/// Checks the current line as row `row` (from 0) of a candidate grid, filling
/// `out` with each cell's shown digits (bit d-1 for d); returns the first
/// blank character it holds. Cells are split at whitespace and `|`.
fn check_marks_row(
    line: &[u8],
    row: usize,
    line_no: usize,
    out: &mut [u16],
) -> Result<Option<u8>, ParseError> {
    let error = |cell: Option<Cell>, kind| ParseError {
        line: line_no,
        cell,
        kind,
    };
    let mut blank = None;
    let mut found = 0;
    let cells = line
        .split(|b| b.is_ascii_whitespace() || *b == b'|')
        .filter(|token| !token.is_empty());
    for (col, token) in cells.enumerate() {
        found = col + 1;
        // Cells past the ninth are only counted.
        let Some(slot) = out.get_mut(col) else {
            continue;
        };
        let cell = Cell::from_row_col(row, col);
        if let [single] = token {
            if value(*single) == 0 {
                blank.get_or_insert(*single);
                *slot = 0;
                continue;
            }
        }
        let mut mask = 0u16;
        for &byte in token {
            let Some(digit) = Digit::new(byte.wrapping_sub(b'0')) else {
                return Err(error(cell, ParseErrorKind::UnexpectedMark(byte)));
            };
            let bit = 1 << (digit.get() - 1);
            if mask & bit != 0 {
                return Err(error(cell, ParseErrorKind::RepeatedCandidate(digit)));
            }
            mask |= bit;
        }
        *slot = mask;
    }
    if found != 9 {
        return Err(error(
            None,
            ParseErrorKind::WrongRowLength {
                row: row + 1,
                found,
            },
        ));
    }
    Ok(blank)
}

/// Checks the current line as row `row` (from 0) of a block, filling `out`
/// with its nine values; returns the first blank character it holds.
fn check_row(
    tokens: &Tokens,
    info: RowInfo,
    row: usize,
    line: usize,
    out: &mut [u8],
) -> Result<Option<u8>, ParseError> {
    let error = |cell: Option<Cell>, kind| ParseError { line, cell, kind };
    let cells = &tokens.cells;
    if info.shape == Shape::BadSpaced {
        // Name the first token that is not a single cell character.
        for (col, token) in tokens.first_nine().enumerate() {
            let cell = Cell::from_row_col(row, col);
            if let Some((_, byte)) = first_invalid(token) {
                return Err(error(cell, ParseErrorKind::UnexpectedByte(byte)));
            }
            if token.len() > 1 {
                return Err(error(cell, ParseErrorKind::NotSingleDigit(quote(token))));
            }
        }
        let found = tokens.count;
        return Err(error(
            None,
            ParseErrorKind::WrongRowLength {
                row: row + 1,
                found,
            },
        ));
    }
    if let Some((col, byte)) = first_invalid(prefix(cells, 9)) {
        let kind = ParseErrorKind::UnexpectedByte(byte);
        return Err(error(Cell::from_row_col(row, col), kind));
    }
    if cells.len() != 9 {
        let found = cells.len();
        return Err(error(
            None,
            ParseErrorKind::WrongRowLength {
                row: row + 1,
                found,
            },
        ));
    }
    convert(cells, out).map_err(|(col, byte)| {
        let kind = ParseErrorKind::UnexpectedByte(byte);
        error(Cell::from_row_col(row, col), kind)
    })?;
    Ok(first_blank(cells))
}

/// A token of cell characters (so ASCII) for an error message, shortened if long.
fn quote(token: &[u8]) -> String {
    let mut text: String = token.iter().take(MAX_QUOTED).map(|&b| b as char).collect();
    if token.len() > MAX_QUOTED {
        text.push_str("...");
    }
    text
}
