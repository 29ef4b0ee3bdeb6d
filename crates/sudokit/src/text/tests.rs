use std::io;

use proptest::prelude::*;

use super::*;
use crate::candidates::Candidates;
use crate::grid::{Cell, Digit, Grid};
use crate::sets::DigitSet;

/// The styles that write a board rather than pencil marks.
const BOARD_STYLES: [Style; 4] = [Style::Line, Style::Block, Style::Digits, Style::Drawn];

/// Baekjoon 2580's example, as one line with `0` for blanks.
const PUZZLE: &str =
    "020905000590030200700602005009350460054000780083027500800209004005040026000503070";

const BLOCK: &str = "\
0 2 0 9 0 5 0 0 0
5 9 0 0 3 0 2 0 0
7 0 0 6 0 2 0 0 5
0 0 9 3 5 0 4 6 0
0 5 4 0 0 0 7 8 0
0 8 3 0 2 7 5 0 0
8 0 0 2 0 9 0 0 4
0 0 5 0 4 0 0 2 6
0 0 0 5 0 3 0 7 0
";

const DIGITS: &str = "\
020905000
590030200
700602005
009350460
054000780
083027500
800209004
005040026
000503070
";

const DRAWN: &str = "\
.2.|9.5|...
59.|.3.|2..
7..|6.2|..5
---+---+---
..9|35.|46.
.54|...|78.
.83|.27|5..
---+---+---
8..|2.9|..4
..5|.4.|.26
...|5.3|.7.
";

/// Pencil marks of [`PUZZLE`]: every candidate its givens allow, less 1 in
/// r1c1, 6 in r1c3 and 8 in r9c9. Its naked single r5c4 = 1 shows one digit
/// and so is placed.
const MARKS_729: &str = concat!(
    "..34.6....2.......1......8.........91.....78.....5....1.3..6.8.1.34.....1.3...78.",
    "....5............91....6.8.1..4..78...3......1..4...8..2.......1..4.....1.....78.",
    "......7..1.34.....1......8......6...1......8..2.......1.3....891.34....9....5....",
    "12.......1.....7..........9..3..........5....1......8....4..........6...12.......",
    "12...6.......5.......4.....1........1....6..91....6.........7.........8.123.....9",
    "1....6..........8...3......1..4......2.............7......5....1.......91.......9",
    ".......8.1.3..67..1....67...2.......1....67..........91.3......1.3.5.......4.....",
    "1.3.....91.3...7......5....1.....78....4.....1......8.1.3....89.2............6...",
    "12.4.6..91..4.6...12...6.......5....1....6.8...3......1......89......7..1.......9",
);
/// [`MARKS_729`] as HoDoKu prints a candidate grid: each column as wide as its
/// widest cell.
const HODOKU: &str = "\
.------------------.----------------.------------------.
| 346    2     18  | 9     178  5   | 1368  134   1378 |
| 5      9     168 | 1478  3    148 | 2     14    178  |
| 7      134   18  | 6     18   2   | 1389  1349  5    |
:------------------+----------------+------------------:
| 12     17    9   | 3     5    18  | 4     6     12   |
| 126    5     4   | 1     169  16  | 7     8     1239 |
| 16     8     3   | 14    2    7   | 5     19    19   |
:------------------+----------------+------------------:
| 8      1367  167 | 2     167  9   | 13    135   4    |
| 139    137   5   | 178   4    18  | 1389  2     6    |
| 12469  146   126 | 5     168  3   | 189   7     19   |
'------------------'----------------'------------------'
";

/// [`MARKS_729`] as Sudoku Explainer (serate and Sukaku Explainer builds)
/// prints it: every cell as wide as the widest.
const EXPLAINER: &str = "\
+-------------------+-------------------+-------------------+
| 346   2     18    | 9     178   5     | 1368  134   1378  |
| 5     9     168   | 1478  3     148   | 2     14    178   |
| 7     134   18    | 6     18    2     | 1389  1349  5     |
+-------------------+-------------------+-------------------+
| 12    17    9     | 3     5     18    | 4     6     12    |
| 126   5     4     | 1     169   16    | 7     8     1239  |
| 16    8     3     | 14    2     7     | 5     19    19    |
+-------------------+-------------------+-------------------+
| 8     1367  167   | 2     167   9     | 13    135   4     |
| 139   137   5     | 178   4     18    | 1389  2     6     |
| 12469 146   126   | 5     168   3     | 189   7     19    |
+-------------------+-------------------+-------------------+
";

/// [`MARKS_729`] as Simple Sudoku prints it: `*` corners, indented.
const SIMPLE: &str = "\
 *--------------------------------------------------------------------*
 | 346    2      18     | 9      178    5      | 1368   134    1378   |
 | 5      9      168    | 1478   3      148    | 2      14     178    |
 | 7      134    18     | 6      18     2      | 1389   1349   5      |
 |----------------------+----------------------+----------------------|
 | 12     17     9      | 3      5      18     | 4      6      12     |
 | 126    5      4      | 1      169    16     | 7      8      1239   |
 | 16     8      3      | 14     2      7      | 5      19     19     |
 |----------------------+----------------------+----------------------|
 | 8      1367   167    | 2      167    9      | 13     135    4      |
 | 139    137    5      | 178    4      18     | 1389   2      6      |
 | 12469  146    126    | 5      168    3      | 189    7      19     |
 *--------------------------------------------------------------------*
";

fn puzzle() -> Grid {
    let mut values = [0u8; 81];
    for (value, byte) in values.iter_mut().zip(PUZZLE.bytes()) {
        *value = byte - b'0';
    }
    Grid::from_values(values).unwrap()
}

fn read(text: impl AsRef<[u8]>) -> Vec<Record> {
    Records::new(text.as_ref())
        .collect::<io::Result<_>>()
        .unwrap()
}

fn read_one(text: impl AsRef<[u8]>) -> Record {
    let mut records = read(text);
    assert_eq!(records.len(), 1, "{records:?}");
    records.pop().unwrap()
}

/// The one error a text holds, as (record line, error line, message).
fn error_of(text: impl AsRef<[u8]>) -> (usize, usize, String) {
    let record = read_one(text);
    let error = record.grid.unwrap_err();
    (record.line, error.line, error.to_string())
}

fn written(grid: &Grid, style: Style, blank: u8) -> String {
    let mut out = Vec::new();
    write_grid(&mut out, grid, style, blank);
    String::from_utf8(out).unwrap()
}

fn cell(row: usize, col: usize) -> Option<Cell> {
    Cell::from_row_col(row, col)
}

#[test]
fn reads_line_records_with_and_without_comments() {
    let dotted = PUZZLE.replace('0', ".");
    let underscored = PUZZLE.replace('0', "_");
    let text = format!(
        "{PUZZLE}\n{dotted}   # 11.7\n{underscored}\t..... 9.0/1.2/1.2\n{}\n",
        "123456789".repeat(9)
    );
    let records = read(text);
    assert_eq!(records.len(), 4);
    let blanks: Vec<u8> = records.iter().map(|r| r.blank).collect();
    assert_eq!(blanks, [b'0', b'.', b'_', b'.']);
    for (index, record) in records.iter().enumerate() {
        assert_eq!(record.line, index + 1);
        assert_eq!(record.style, Style::Line);
    }
    for record in &records[..3] {
        assert_eq!(record.grid, Ok(puzzle()));
    }
    assert!(records[3].grid.as_ref().unwrap().is_full());
}

#[test]
fn reads_a_line_spelled_with_spaces_or_bars() {
    let spaced: Vec<String> = PUZZLE.chars().map(String::from).collect();
    assert_eq!(read_one(spaced.join(" ")).grid, Ok(puzzle()));
    let barred: String = PUZZLE
        .as_bytes()
        .chunks(3)
        .map(|c| std::str::from_utf8(c).unwrap())
        .collect::<Vec<_>>()
        .join("|");
    let record = read_one(barred);
    assert_eq!((record.style, record.grid), (Style::Line, Ok(puzzle())));
}

#[test]
fn reads_each_block_style() {
    for (text, style, blank) in [
        (BLOCK, Style::Block, b'0'),
        (DIGITS, Style::Digits, b'0'),
        (DRAWN, Style::Drawn, b'.'),
    ] {
        let record = read_one(text);
        assert_eq!(record.line, 1);
        assert_eq!(record.style, style);
        assert_eq!(record.blank, blank);
        assert_eq!(record.grid, Ok(puzzle()));
    }
}

#[test]
fn reads_sdk_files_with_header() {
    let text = format!("[Puzzle]\n{}", DIGITS.replace('0', "."));
    let record = read_one(text);
    assert_eq!(
        (record.line, record.style, record.blank),
        (2, Style::Digits, b'.')
    );
    assert_eq!(record.grid, Ok(puzzle()));
}

#[test]
fn reads_other_drawings() {
    let bordered = "\
*-----------*
|.2.|9.5|...|
|59.|.3.|2..|
|7..|6.2|..5|
|---+---+---|
|..9|35.|46.|
|.54|...|78.|
|.83|.27|5..|
|---+---+---|
|8..|2.9|..4|
|..5|.4.|.26|
|...|5.3|.7.|
*-----------*
";
    let spaced = "\
+-------+-------+-------+
| . 2 . | 9 . 5 | . . . |
| 5 9 . | . 3 . | 2 . . |
| 7 . . | 6 . 2 | . . 5 |
+-------+-------+-------+
| . . 9 | 3 5 . | 4 6 . |
| . 5 4 | . . . | 7 8 . |
| . 8 3 | . 2 7 | 5 . . |
+=======+=======+=======+
| 8 . . | 2 . 9 | . . 4 |
| . . 5 | . 4 . | . 2 6 |
| . . . | 5 . 3 | . 7 . |
+-------+-------+-------+
";
    let grouped = "\
.2. 9.5 ...
59. .3. 2..
7.. 6.2 ..5

..9 35. 46.
.54 ... 78.
.83 .27 5..
";
    for text in [bordered, spaced] {
        let record = read_one(text);
        assert_eq!(
            (record.line, record.style, record.blank),
            (2, Style::Drawn, b'.')
        );
        assert_eq!(record.grid, Ok(puzzle()));
    }
    // A blank line cuts a grouped drawing short, and the rest is a second block.
    let records = read(grouped);
    assert_eq!(records.len(), 2);
    assert_eq!(records[0].style, Style::Drawn);
    let error = records[0].grid.as_ref().unwrap_err();
    assert_eq!(
        (error.line, error.to_string().as_str()),
        (1, "expected 9 rows, found 3")
    );
    let grouped = "\
.2. 9.5 ... \n59. .3. 2..\n7.. 6.2 ..5\n---------\n..9 35. 46.\n.54 ... 78.
.83 .27 5..\n8.. 2.9 ..4\n..5 .4. .26\n... 5.3 .7.\n";
    let record = read_one(grouped);
    assert_eq!((record.style, record.grid), (Style::Drawn, Ok(puzzle())));
}

#[test]
fn writes_each_style() {
    let grid = puzzle();
    assert_eq!(written(&grid, Style::Line, b'0'), format!("{PUZZLE}\n"));
    assert_eq!(
        written(&grid, Style::Line, b'.'),
        format!("{}\n", PUZZLE.replace('0', "."))
    );
    assert_eq!(written(&grid, Style::Block, b'.'), BLOCK);
    assert_eq!(written(&grid, Style::Digits, b'0'), DIGITS);
    assert_eq!(written(&grid, Style::Drawn, b'.'), DRAWN);
    let mut out = b"keep ".to_vec();
    write_grid(&mut out, &grid, Style::Line, b'_');
    assert!(out.starts_with(b"keep _2_9_5___59"));
}

#[test]
fn every_style_round_trips() {
    let full: Grid =
        "123456789456789123789123456234567891567891234891234567345678912678912345912345678"
            .parse()
            .unwrap();
    for grid in [puzzle(), Grid::EMPTY, full] {
        for style in BOARD_STYLES {
            for blank in [b'.', b'0', b'_'] {
                let text = written(&grid, style, blank);
                let record = read_one(&text);
                assert_eq!(record.grid, Ok(grid), "{text}");
                assert_eq!(record.style, style, "{text}");
                let expected_blank = match (grid.is_full(), style) {
                    (true, _) => style.default_blank(),
                    (false, Style::Block) => b'0',
                    (false, _) => blank,
                };
                assert_eq!(record.blank, expected_blank, "{text}");
                assert_eq!(text.parse::<Grid>(), Ok(grid));
            }
        }
    }
}

#[test]
fn detects_the_style_of_each_record_in_a_mixed_file() {
    let dotted = PUZZLE.replace('0', ".");
    let text = format!(
        "# a mixed file\n\n{PUZZLE}\n{dotted} # comment\n\n{BLOCK}\n# digits next\n{DIGITS}{DRAWN}\n\n  \n{PUZZLE}"
    );
    let records = read(text);
    let summary: Vec<(usize, Style)> = records.iter().map(|r| (r.line, r.style)).collect();
    assert_eq!(
        summary,
        [
            (3, Style::Line),
            (4, Style::Line),
            (6, Style::Block),
            (17, Style::Digits),
            (26, Style::Drawn),
            (40, Style::Line),
        ]
    );
    assert!(records.iter().all(|r| r.grid == Ok(puzzle())));
}

#[test]
fn reports_wrong_cell_counts_in_lines() {
    let short = &PUZZLE[..80];
    let long = format!("{PUZZLE}1");
    assert_eq!(
        error_of(short),
        (1, 1, "expected 81 cells, found 80".into())
    );
    assert_eq!(
        error_of(&long),
        (1, 1, "expected 81 cells, found 82".into())
    );
    let commented = format!("\n{short}   # 11.7\n");
    assert_eq!(
        error_of(commented),
        (2, 2, "expected 81 cells, found 80".into())
    );
    let commented = format!("{long} 9.0/1.2/1.2\n");
    assert_eq!(
        error_of(commented),
        (1, 1, "expected 81 cells, found 82".into())
    );
    let error = read_one(short).grid.unwrap_err();
    assert_eq!(error.cell, None);
    assert_eq!(error.kind, ParseErrorKind::WrongCellCount { found: 80 });
}

#[test]
fn reports_a_letter_with_its_cell() {
    let mut line = PUZZLE.as_bytes().to_vec();
    line[22] = b'a';
    let text = [b"# header\n".as_slice(), &line].concat();
    let (record_line, error_line, message) = error_of(&text);
    assert_eq!((record_line, error_line), (2, 2));
    assert_eq!(
        message,
        "r3c5: unexpected character 'a' (a cell holds 1-9, or '.', '0' or '_' for a blank)"
    );
    let error = read_one(&text).grid.unwrap_err();
    assert_eq!(error.cell, cell(2, 4));
    assert_eq!(error.kind, ParseErrorKind::UnexpectedByte(b'a'));
}

#[test]
fn reports_numbers_in_spaced_rows() {
    let text = BLOCK.replacen("0 2 0 9", "0 2 10 9", 1);
    assert_eq!(
        error_of(&text),
        (1, 1, "r1c3: \"10\" is not a single digit".into())
    );
    assert_eq!(read_one(&text).style, Style::Block);
    let text = format!("\n{}", BLOCK.replacen("5 9 0 0 3", "5 9 0 0 34", 1));
    let record = read_one(&text);
    assert_eq!(record.style, Style::Block);
    let error = record.grid.unwrap_err();
    assert_eq!((record.line, error.line), (2, 3));
    assert_eq!(error.cell, cell(1, 4));
    assert_eq!(error.to_string(), "r2c5: \"34\" is not a single digit");
    let text = BLOCK.replacen("0 2 0 9", "0 2 0 x9", 1);
    assert_eq!(
        error_of(&text).2,
        "r1c4: unexpected character 'x' (a cell holds 1-9, or '.', '0' or '_' for a blank)"
    );
    let long = "1".repeat(30);
    let text = BLOCK.replacen("0 2 0 9", &format!("0 2 0 {long}"), 1);
    assert_eq!(
        error_of(&text).2,
        "r1c4: \"11111111111111111111...\" is not a single digit"
    );
    let text = BLOCK.replacen("0 2 0 9 0 5 0 0 0", "1 2 3 4 5 6 7 8 9 10", 1);
    assert_eq!(error_of(&text).2, "row 1: expected 9 cells, found 10");
}

#[test]
fn reports_short_and_long_rows() {
    let text = BLOCK.replacen("0 0 9 3 5 0 4 6 0", "0 0 9 3 5 0 4 6", 1);
    assert_eq!(
        error_of(&text),
        (1, 4, "row 4: expected 9 cells, found 8".into())
    );
    let text = DIGITS.replacen("009350460", "00935046", 1);
    assert_eq!(
        error_of(&text),
        (1, 4, "row 4: expected 9 cells, found 8".into())
    );
    let text = DRAWN.replacen(".54|...|78.", ".54|..|78.", 1);
    assert_eq!(
        error_of(&text),
        (1, 6, "row 5: expected 9 cells, found 8".into())
    );
    let text = DRAWN.replacen("..5|.4.|.26", "..5 .4. .2", 1);
    assert_eq!(
        error_of(&text),
        (1, 10, "row 8: expected 9 cells, found 8".into())
    );
    let error = read_one(&text).grid.unwrap_err();
    assert_eq!(error.cell, None);
    assert_eq!(
        error.kind,
        ParseErrorKind::WrongRowLength { row: 8, found: 8 }
    );
}

#[test]
fn a_line_record_cuts_a_block_short_and_is_still_read() {
    let five: String = DIGITS.lines().take(5).map(|l| format!("{l}\n")).collect();
    let text = format!("{five}{PUZZLE}\n{DIGITS}");
    let records = read(text);
    assert_eq!(records.len(), 3);
    let error = records[0].grid.as_ref().unwrap_err();
    assert_eq!((records[0].line, records[0].style), (1, Style::Digits));
    assert_eq!((error.line, error.cell), (1, None));
    assert_eq!(error.to_string(), "expected 9 rows, found 5");
    assert_eq!((records[1].line, records[1].style), (6, Style::Line));
    assert_eq!(records[1].grid, Ok(puzzle()));
    assert_eq!(
        (records[2].line, records[2].grid.clone()),
        (7, Ok(puzzle()))
    );
}

#[test]
fn blank_lines_comments_and_the_end_cut_blocks_short() {
    let four: String = BLOCK.lines().take(4).map(|l| format!("{l}\n")).collect();
    for cut in ["\n", "# comment\n", "[Puzzle]\n"] {
        let text = format!("{four}{cut}{BLOCK}");
        let records = read(text);
        assert_eq!(records.len(), 2, "{cut:?}");
        let error = records[0].grid.as_ref().unwrap_err();
        assert_eq!(error.to_string(), "expected 9 rows, found 4");
        assert_eq!(
            (records[1].line, records[1].grid.clone()),
            (6, Ok(puzzle()))
        );
    }
    assert_eq!(error_of(&four), (1, 1, "expected 9 rows, found 4".into()));
    // A block whose rows are all bad still ends at nine rows.
    let text = format!("{}{PUZZLE}\n", "abc\n".repeat(9));
    let records = read(text);
    assert_eq!(records.len(), 2);
    let error = records[0].grid.as_ref().unwrap_err();
    assert_eq!(
        (error.line, error.to_string().as_str()),
        (
            1,
            "r1c1: unexpected character 'a' (a cell holds 1-9, or '.', '0' or '_' for a blank)"
        )
    );
    assert_eq!(
        (records[1].line, records[1].grid.clone()),
        (10, Ok(puzzle()))
    );
}

#[test]
fn reports_binary_bytes_in_hex() {
    let mut text = DIGITS.as_bytes().to_vec();
    text[10 + 6] = 0xFF;
    assert_eq!(error_of(&text), (1, 2, "r2c7: unexpected byte 0xff".into()));
    let error = read_one(&text).grid.unwrap_err();
    assert_eq!(error.cell, cell(1, 6));
    let mut text = PUZZLE.as_bytes().to_vec();
    text[0] = 0x01;
    assert_eq!(error_of(&text), (1, 1, "r1c1: unexpected byte 0x01".into()));
    // A wrong character is named before a wrong count.
    let text = PUZZLE.replacen('2', "é", 1);
    assert_eq!(error_of(&text).2, "r1c2: unexpected byte 0xc3");
    let text = PUZZLE.replacen("02", "é", 1);
    assert_eq!(error_of(&text).2, "r1c1: unexpected byte 0xc3");
}

#[test]
fn binary_garbage_yields_errors_not_panics() {
    let garbage: Vec<u8> = (0..20_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let records = read(&garbage);
    assert!(records.iter().all(|r| r.grid.is_err()));
    let mut huge = vec![0xAB; 1 << 20];
    huge.extend_from_slice(b"\n");
    huge.extend_from_slice(PUZZLE.as_bytes());
    let records = read(&huge);
    assert_eq!(records.len(), 2);
    // Longer than any record: skipped, not read into memory.
    assert_eq!(
        records[0].grid.as_ref().unwrap_err().to_string(),
        "line of 1048576 bytes, longer than any record (65536 at most); skipped"
    );
    huge.truncate(1000);
    huge.extend_from_slice(b"\n");
    assert_eq!(error_of(&huge).2, "r1c1: unexpected byte 0xab");
    assert_eq!(
        (records[1].line, records[1].grid.clone()),
        (2, Ok(puzzle()))
    );
    let spaced = "a ".repeat(1 << 14);
    assert_eq!(
        error_of(spaced).2,
        "r1c1: unexpected character 'a' (a cell holds 1-9, or '.', '0' or '_' for a blank)"
    );
    let long = ".".repeat(1 << 14);
    assert_eq!(
        error_of(long).2,
        format!("expected 81 cells, found {}", 1 << 14)
    );
}

#[test]
fn reads_crlf_and_a_byte_order_mark() {
    let text = format!(
        "\u{feff}# comment\r\n{PUZZLE}\r\n\r\n{}",
        DRAWN.replace('\n', "\r\n")
    );
    let records = read(text);
    assert_eq!(records.len(), 2);
    assert_eq!(
        (records[0].line, records[0].grid.clone()),
        (2, Ok(puzzle()))
    );
    assert_eq!((records[1].line, records[1].style), (4, Style::Drawn));
    assert_eq!(records[1].grid, Ok(puzzle()));
    let text = format!("{}\r\n", &PUZZLE[..80]);
    assert_eq!(error_of(text).2, "expected 81 cells, found 80");
    let text = format!("\u{feff}{PUZZLE}");
    assert_eq!(read_one(text).grid, Ok(puzzle()));
}

#[test]
fn empty_and_blank_input_hold_no_records() {
    for text in [
        "",
        "\n",
        "\n\n  \t\n",
        "# only\n# comments",
        "[Puzzle]\n---+---\n",
    ] {
        assert!(read(text).is_empty(), "{text:?}");
        let error = text.parse::<Grid>().unwrap_err();
        assert_eq!(error.kind, ParseErrorKind::NoPuzzle);
        assert_eq!(error.to_string(), "no puzzle found");
    }
}

#[test]
fn a_bad_line_costs_only_its_record() {
    for bad in [&PUZZLE[..80], &PUZZLE[..5], "hello", "0 2 10 9 0 5 0 0 0"] {
        let lines: Vec<&str> = (1..=100)
            .map(|n| if n == 50 { bad } else { PUZZLE })
            .collect();
        let records = read(lines.join("\n"));
        assert_eq!(records.len(), 100, "{bad}");
        for (index, record) in records.iter().enumerate() {
            assert_eq!(record.line, index + 1);
            if index == 49 {
                assert_eq!(record.grid.as_ref().unwrap_err().line, 50);
            } else {
                assert_eq!(record.grid, Ok(puzzle()));
            }
        }
    }
}

#[test]
fn from_str_wants_exactly_one_puzzle() {
    assert_eq!(PUZZLE.parse::<Grid>(), Ok(puzzle()));
    assert_eq!(BLOCK.parse::<Grid>(), Ok(puzzle()));
    let two = format!("{PUZZLE}\n\n{DIGITS}");
    let error = two.parse::<Grid>().unwrap_err();
    assert_eq!((error.line, error.cell), (3, None));
    assert_eq!(error.to_string(), "expected one puzzle, found more");
    let bad = format!("{}\n{PUZZLE}", &PUZZLE[1..]);
    assert_eq!(
        bad.parse::<Grid>().unwrap_err().to_string(),
        "expected 81 cells, found 80"
    );
}

#[test]
fn clashing_givens_still_parse() {
    let text = format!("11{}", ".".repeat(79));
    let grid: Grid = text.parse().unwrap();
    assert!(grid.first_conflict().is_some());
}

#[test]
fn errors_display_and_are_std_errors() {
    let error = ParseError {
        line: 7,
        cell: cell(2, 6),
        kind: ParseErrorKind::UnexpectedByte(b'\t'),
    };
    let boxed: Box<dyn std::error::Error> = Box::new(error.clone());
    assert_eq!(boxed.to_string(), "r3c7: unexpected byte 0x09");
    let cases = [
        (
            ParseErrorKind::TooFewRows { found: 5 },
            "expected 9 rows, found 5",
        ),
        (
            ParseErrorKind::WrongRowLength { row: 4, found: 8 },
            "row 4: expected 9 cells, found 8",
        ),
        (ParseErrorKind::UnexpectedByte(0x7F), "unexpected byte 0x7f"),
        (
            ParseErrorKind::MoreThanOne,
            "expected one puzzle, found more",
        ),
    ];
    for (kind, message) in cases {
        let error = ParseError {
            line: 1,
            cell: None,
            kind,
        };
        assert_eq!(error.to_string(), message);
    }
}

#[test]
fn records_stop_after_an_io_error() {
    struct Failing;
    impl io::Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::other("disk on fire"))
        }
    }
    let mut records = Records::new(io::BufReader::new(Failing));
    assert!(records.next().unwrap().is_err());
    assert!(records.next().is_none());
}

/// The marks of [`MARKS_729`], built cell by cell.
fn marks() -> Candidates {
    let bytes = MARKS_729.as_bytes();
    Candidates::from_cells(std::array::from_fn(|cell| {
        let shown: DigitSet = bytes[cell * 9..cell * 9 + 9]
            .iter()
            .filter_map(|&b| Digit::new(b.wrapping_sub(b'0')))
            .collect();
        match shown.first() {
            Some(digit) if shown.len() == 1 => Ok(digit),
            _ => Err(shown),
        }
    }))
}

fn written_marks(marks: &Candidates, style: Style) -> String {
    let mut out = Vec::new();
    write_marks(&mut out, marks, style);
    String::from_utf8(out).unwrap()
}

/// The style `marks` written in `style` reads back as: a candidate grid in
/// which no cell shows two digits or more is a drawn board.
fn expected_style(marks: &Candidates, style: Style) -> Style {
    let several = Cell::all().any(|cell| marks.shown(cell).len() >= 2);
    if style == Style::MarksGrid && !several {
        Style::Drawn
    } else {
        style
    }
}

/// The blank a record of `marks` written in `style` with `blank` reads back
/// with: `blank` if it shows one, else the style's default.
fn expected_blank(marks: &Candidates, style: Style, blank: u8) -> u8 {
    let shows_blank = match style {
        Style::Marks => Cell::all().any(|cell| marks.shown(cell).len() < 9),
        _ => Cell::all().any(|cell| marks.shown(cell).is_empty()),
    };
    if shows_blank {
        blank
    } else {
        style.default_blank()
    }
}

#[test]
fn reads_a_729_character_line() {
    let record = read_one(MARKS_729);
    assert_eq!(
        (record.line, record.style, record.blank),
        (1, Style::Marks, b'.')
    );
    let marks = *record.marks.clone().unwrap();
    assert_eq!(marks, self::marks());
    assert_eq!(marks.to_string_729(), MARKS_729);
    assert_eq!(record.grid, Ok(marks.grid()));
    let r1c1 = cell(0, 0).unwrap();
    assert_eq!(marks.get(r1c1).to_string(), "346");
    assert_eq!(marks.value(cell(0, 1).unwrap()), Digit::new(2));
    // A naked single shows one digit, so it is placed.
    assert_eq!(marks.value(cell(4, 3).unwrap()), Digit::new(1));
    let grid = record.grid.unwrap();
    assert!(Cell::all().all(|c| puzzle().get(c).is_none() || grid.get(c) == puzzle().get(c)));
    assert_eq!(grid.clue_count(), puzzle().clue_count() + 1);

    let zeros = MARKS_729.replace('.', "0");
    let text = format!("# pencil marks\n{zeros}   # after a few eliminations\n");
    let record = read_one(text);
    assert_eq!(
        (record.line, record.style, record.blank),
        (2, Style::Marks, b'0')
    );
    assert_eq!(record.marks.as_deref(), Some(&marks));
    assert_eq!(record.candidates(), Ok(marks.clone()));
    assert_eq!(MARKS_729.parse::<Candidates>(), Ok(marks));
}

#[test]
fn reads_candidate_grids_as_hodoku_explainer_and_simple_sudoku_print_them() {
    // Cells may touch a bar, as in grids posted on forums.
    let touching = HODOKU
        .replace("126 | 5", "126| 5")
        .replace("| 8      1367", "|8      1367");
    // Sudoku Explainer can also leave out the lines and bars between boxes.
    let open: String = EXPLAINER
        .lines()
        .enumerate()
        .filter(|&(index, _)| index == 0 || index == 12 || index % 4 != 0)
        .map(|(_, line)| {
            let inner = line.len() - 1;
            format!(
                "{}{}\n",
                &line[..1],
                line[1..inner].replace('|', " ") + &line[inner..]
            )
        })
        .collect();
    let crlf = SIMPLE.replace('\n', "\r\n");
    for text in [HODOKU, EXPLAINER, SIMPLE, &touching, &open, &crlf] {
        let record = read_one(text);
        assert_eq!(
            (record.line, record.style, record.blank),
            (2, Style::MarksGrid, b'.'),
            "{text}"
        );
        assert_eq!(record.marks.as_deref(), Some(&marks()), "{text}");
        assert_eq!(record.grid, Ok(marks().grid()));
        assert_eq!(text.parse::<Candidates>(), Ok(marks()));
        assert_eq!(text.parse::<Grid>(), Ok(marks().grid()));
    }
    // Without borders, and with a cell of no candidates written `0`.
    let bare: String = HODOKU
        .lines()
        .filter(|line| line.starts_with('|'))
        .map(|line| format!("{}\n", line.replacen("| 12469 ", "| 0     ", 1)))
        .collect();
    let record = read_one(&bare);
    assert_eq!(
        (record.line, record.style, record.blank),
        (1, Style::MarksGrid, b'0')
    );
    let marks = record.marks.unwrap();
    assert_eq!(marks.get(cell(8, 0).unwrap()), DigitSet::EMPTY);
    assert_eq!(marks.value(cell(8, 0).unwrap()), None);
    // Candidates in any order.
    let shuffled = HODOKU.replacen("| 346 ", "| 634 ", 1);
    assert_eq!(read_one(shuffled).marks.as_deref(), Some(&self::marks()));
}

#[test]
fn a_candidate_grid_may_start_with_rows_of_single_digits() {
    let solution: Grid =
        "123456789456789123789123456234567891567891234891234567345678912678912345912345678"
            .parse()
            .unwrap();
    let mut values = *solution.values();
    values[63..].fill(0);
    let marks = Candidates::from_grid(&Grid::from_values(values).unwrap());
    let text = written_marks(&marks, Style::MarksGrid);
    assert!(text.lines().nth(1).unwrap().starts_with("| 1 "), "{text}");
    let record = read_one(&text);
    assert_eq!(record.style, Style::MarksGrid);
    assert_eq!(record.marks.as_deref(), Some(&marks));
    // Rows of a board that are not nine one-character cells cannot turn into
    // pencil marks: the candidate row is a bad row of the board.
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with('|')).collect();
    let mixed = format!("123456789\n{}\n", rows[1..].join("\n"));
    let (_, line, message) = error_of(&mixed);
    assert_eq!(
        (line, message.as_str()),
        (8, "r8c1: \"69\" is not a single digit"),
        "{mixed}"
    );
}

#[test]
fn a_candidate_grid_without_several_candidates_in_a_cell_is_a_board() {
    // HoDoKu draws givens alone the same way; a blank is a blank there.
    let text = "\
.-------.-------.-------.
| . 2 . | 9 . 5 | . . . |
| 5 9 . | . 3 . | 2 . . |
| 7 . . | 6 . 2 | . . 5 |
:-------+-------+-------:
| . . 9 | 3 5 . | 4 6 . |
| . 5 4 | . . . | 7 8 . |
| . 8 3 | . 2 7 | 5 . . |
:-------+-------+-------:
| 8 . . | 2 . 9 | . . 4 |
| . . 5 | . 4 . | . 2 6 |
| . . . | 5 . 3 | . 7 . |
'-------'-------'-------'
";
    let record = read_one(text);
    assert_eq!((record.line, record.style), (2, Style::Drawn));
    assert_eq!((record.grid, record.marks), (Ok(puzzle()), None));
}

#[test]
fn writes_marks_as_hodoku_does() {
    assert_eq!(written_marks(&marks(), Style::MarksGrid), HODOKU);
    assert_eq!(
        written_marks(&marks(), Style::Marks),
        format!("{MARKS_729}\n")
    );
    let placed = marks().grid();
    assert_eq!(
        written_marks(&marks(), Style::Line),
        written(&placed, Style::Line, b'.')
    );
    assert_eq!(
        written_marks(&marks(), Style::Block),
        written(&placed, Style::Block, b'0')
    );
    // A board is written with the candidates its givens allow.
    let auto = Candidates::from_grid(&puzzle());
    let line = written(&puzzle(), Style::Marks, b'0');
    assert_eq!(
        line,
        format!("{}\n", auto.to_string_729().replace('.', "0"))
    );
    assert_eq!(
        written(&puzzle(), Style::MarksGrid, b'.'),
        written_marks(&auto, Style::MarksGrid)
    );
    // An empty cell without candidates is a lone blank.
    let mut cells: [Result<Digit, DigitSet>; 81] = [Err(DigitSet::ALL); 81];
    cells[0] = Err(DigitSet::EMPTY);
    let text = written_marks(&Candidates::from_cells(cells), Style::MarksGrid);
    assert!(
        text.lines()
            .nth(1)
            .unwrap()
            .starts_with("| .          123456789  "),
        "{text}"
    );
}

#[test]
fn every_style_reads_back_from_one_file() {
    let comment = format!("{MARKS_729} # 3 eliminations");
    let text = format!(
        "{PUZZLE}\n{BLOCK}\n{DIGITS}{DRAWN}\n{comment}\n{HODOKU}{EXPLAINER}\n{SIMPLE}{MARKS_729}\n{PUZZLE}\n"
    );
    let records = read(text);
    let summary: Vec<(usize, Style)> = records.iter().map(|r| (r.line, r.style)).collect();
    assert_eq!(
        summary,
        [
            (1, Style::Line),
            (2, Style::Block),
            (12, Style::Digits),
            (21, Style::Drawn),
            (33, Style::Marks),
            (35, Style::MarksGrid),
            (48, Style::MarksGrid),
            (62, Style::MarksGrid),
            (74, Style::Marks),
            (75, Style::Line),
        ]
    );
    for record in &records {
        if record.style.shows_marks() {
            assert_eq!(record.marks.as_deref(), Some(&marks()));
            assert_eq!(record.grid, Ok(marks().grid()));
        } else {
            assert_eq!((&record.grid, &record.marks), (&Ok(puzzle()), &None));
        }
    }
}

#[test]
fn the_example_file_holds_both_pencil_mark_styles() {
    let records = read(include_str!("../../../../examples/marks.txt"));
    let styles: Vec<Style> = records.iter().map(|r| r.style).collect();
    assert_eq!(styles, [Style::Marks, Style::MarksGrid]);
    assert!(records.iter().all(|r| r.marks.is_some()));
    assert_eq!(records[0].marks, records[1].marks);
}

#[test]
fn reports_bad_characters_in_a_729_character_line() {
    let mut line = MARKS_729.as_bytes().to_vec();
    line[22 * 9 + 4] = b'x';
    let text = [b"# header\n".as_slice(), &line].concat();
    let (record_line, error_line, message) = error_of(&text);
    assert_eq!((record_line, error_line), (2, 2));
    assert_eq!(
        message,
        "r3c5: unexpected character 'x' in pencil marks (digits 1-9, and '.', '0' or '_' for none)"
    );
    let error = read_one(&text).grid.unwrap_err();
    assert_eq!(
        (error.cell, error.kind),
        (cell(2, 4), ParseErrorKind::UnexpectedMark(b'x'))
    );

    let mut line = MARKS_729.as_bytes().to_vec();
    line[9 + 2] = b'5';
    let error = read_one(&line).grid.unwrap_err();
    assert_eq!(error.cell, cell(0, 1));
    assert_eq!(
        error.to_string(),
        "r1c2: digit 5 in the place of 3 (each cell lists its candidates 1 to 9 in order)"
    );
    line[9 + 2] = 0xC3;
    assert_eq!(
        read_one(&line).grid.unwrap_err().to_string(),
        "r1c2: unexpected byte 0xc3 in pencil marks"
    );

    for found in [728, 730, 729 - 81, 729 + 81] {
        let text = ".".repeat(found);
        assert_eq!(
            error_of(&text),
            (1, 1, format!("expected 729 pencil marks, found {found}"))
        );
        let error = read_one(&text).grid.unwrap_err();
        assert_eq!(
            (error.cell, error.kind),
            (None, ParseErrorKind::WrongMarkCount { found })
        );
    }
    // Farther from 729 a line is a board of the wrong length.
    assert_eq!(error_of(".".repeat(647)).2, "expected 81 cells, found 647");
    // The record carries no marks when it is in error.
    assert_eq!(read_one(&text[..100]).marks, None);
}

#[test]
fn reports_bad_cells_in_a_candidate_grid() {
    let cases = [
        ("1349", "13x9", (4, cell(2, 7)), "r3c8: unexpected character 'x' in pencil marks (digits 1-9, and '.', '0' or '_' for none)"),
        ("1368", "1338", (2, cell(0, 6)), "r1c7: candidate 3 written twice"),
        ("| 12 ", "| 1.2", (6, cell(3, 0)), "r4c1: unexpected character '.' in pencil marks (digits 1-9, and '.', '0' or '_' for none)"),
        ("| 16     8", "| 16      ", (8, None), "row 6: expected 9 cells, found 8"),
        ("1349  5    |", "1349  5  4 |", (4, None), "row 3: expected 9 cells, found 10"),
    ];
    for (from, to, (line, cell), message) in cases {
        let text = HODOKU.replacen(from, to, 1);
        assert_ne!(text, HODOKU, "{from}");
        let record = read_one(&text);
        assert_eq!(
            (record.line, record.style, record.marks.as_ref()),
            (2, Style::MarksGrid, None)
        );
        let error = record.grid.unwrap_err();
        assert_eq!((error.line, error.cell), (line, cell), "{to}");
        assert_eq!(error.to_string(), message);
    }
    let error = read_one(
        HODOKU
            .replacen("13x9", "1349", 1)
            .replacen("| 346 ", "| 3é6 ", 1),
    )
    .grid
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "r1c1: unexpected byte 0xc3 in pencil marks"
    );
    assert_eq!(
        read_one(HODOKU.replacen("1368", "1338", 1))
            .grid
            .unwrap_err()
            .kind,
        ParseErrorKind::RepeatedCandidate(Digit::new(3).unwrap())
    );
    // A grid cut short costs only itself.
    let five: String = HODOKU.lines().take(7).map(|l| format!("{l}\n")).collect();
    let records = read(format!("{five}\n{HODOKU}"));
    assert_eq!(records.len(), 2);
    let error = records[0].grid.as_ref().unwrap_err();
    assert_eq!((records[0].style, error.line), (Style::MarksGrid, 2));
    assert_eq!(error.to_string(), "expected 9 rows, found 5");
    assert_eq!(
        (records[1].line, records[1].marks.as_deref()),
        (10, Some(&marks()))
    );
}

#[test]
fn border_lines_are_not_rows() {
    // A line of blanks and dashes is still a bad row, not a border.
    let text = format!("{}\n", "..-".repeat(27));
    assert_eq!(
        error_of(text).2,
        "r1c3: unexpected character '-' (a cell holds 1-9, or '.', '0' or '_' for a blank)"
    );
    for border in [
        ".---.",
        ":---+---:",
        "'---'---'",
        " *---* ",
        "|---+---|",
        "+===+",
    ] {
        assert!(read(border).is_empty(), "{border}");
    }
}

#[test]
fn candidates_parse_from_any_style() {
    assert_eq!(
        PUZZLE.parse::<Candidates>(),
        Ok(Candidates::from_grid(&puzzle()))
    );
    assert_eq!(
        DRAWN.parse::<Candidates>(),
        Ok(Candidates::from_grid(&puzzle()))
    );
    let two = format!("{MARKS_729}\n{HODOKU}");
    let error = two.parse::<Candidates>().unwrap_err();
    assert_eq!((error.line, error.kind), (3, ParseErrorKind::MoreThanOne));
    assert_eq!(
        "".parse::<Candidates>().unwrap_err().kind,
        ParseErrorKind::NoPuzzle
    );
    let record = read_one(PUZZLE);
    assert_eq!(record.candidates(), Ok(Candidates::from_grid(&puzzle())));
    let record = read_one(&PUZZLE[1..]);
    assert_eq!(record.candidates(), Err(record.grid.as_ref().unwrap_err()));
}

#[test]
fn new_errors_display() {
    let cases = [
        (
            ParseErrorKind::UnexpectedMark(0x7F),
            "unexpected byte 0x7f in pencil marks",
        ),
        (
            ParseErrorKind::RepeatedCandidate(Digit::new(9).unwrap()),
            "candidate 9 written twice",
        ),
        (
            ParseErrorKind::WrongMarkCount { found: 1 },
            "expected 729 pencil marks, found 1",
        ),
    ];
    for (kind, message) in cases {
        assert_eq!(
            ParseError {
                line: 1,
                cell: None,
                kind
            }
            .to_string(),
            message
        );
    }
}

/// Random pencil marks: placed digits, candidate sets (some empty) and the
/// odd naked single, which shows one digit and so is written as placed.
fn marks_strategy() -> impl Strategy<Value = Candidates> {
    let entry = prop_oneof![
        3 => (1u8..=9).prop_map(|d| Ok(Digit::new(d).unwrap())),
        6 => (0u16..512).prop_map(|bits| Err(DigitSet::from_bits(bits))),
        1 => Just(Err(DigitSet::EMPTY)),
    ];
    proptest::collection::vec(entry, 81).prop_map(|entries| {
        let mut cells = [Err(DigitSet::EMPTY); 81];
        for (cell, entry) in cells.iter_mut().zip(entries) {
            // One candidate shows as a placed digit, and reads back as one.
            *cell = match entry {
                Err(set) if set.len() == 1 => Ok(set.first().unwrap()),
                other => other,
            };
        }
        Candidates::from_cells(cells)
    })
}

fn grid_strategy() -> impl Strategy<Value = Grid> {
    proptest::collection::vec(0u8..=9, 81).prop_map(|values| {
        let mut cells = [0u8; 81];
        cells.copy_from_slice(&values);
        Grid::from_values(cells).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn random_grids_round_trip_through_every_style(
        grid in grid_strategy(),
        blank in prop::sample::select(vec![b'.', b'0', b'_']),
    ) {
        let mut out = Vec::new();
        for style in BOARD_STYLES {
            write_grid(&mut out, &grid, style, blank);
            out.push(b'\n');
        }
        let records = read(&out);
        prop_assert_eq!(records.len(), 4);
        for (record, style) in records.iter().zip(BOARD_STYLES) {
            prop_assert_eq!(record.style, style);
            prop_assert_eq!(&record.grid, &Ok(grid));
        }
        for style in BOARD_STYLES {
            prop_assert_eq!(written(&grid, style, blank).parse::<Grid>(), Ok(grid));
        }
        // The pencil-mark styles write the board's candidates, which read back
        // with each cell showing one digit placed.
        let auto = Candidates::from_grid(&grid);
        for style in [Style::Marks, Style::MarksGrid] {
            let record = read_one(written(&grid, style, blank));
            let expected = expected_style(&auto, style);
            prop_assert_eq!(record.style, expected);
            let marks = record.candidates().unwrap();
            prop_assert_eq!(marks.to_string_729(), auto.to_string_729());
            prop_assert_eq!(record.blank, expected_blank(&auto, expected, blank));
        }
    }

    #[test]
    fn records_do_not_depend_on_where_the_reader_buffer_ends(
        pieces in proptest::collection::vec((grid_strategy(), 0u8..9, 0usize..81), 1..24),
        bom in any::<bool>(),
        last_ending in any::<bool>(),
    ) {
        // Lines of 81 cells (the in-place path when the buffer holds the whole
        // line and its ending) among everything that must take the other path.
        let mut text = Vec::new();
        if bom {
            text.extend_from_slice(b"\xEF\xBB\xBF");
        }
        for (grid, kind, at) in &pieces {
            let mut line = written(grid, Style::Line, b'.').into_bytes();
            prop_assert_eq!(line.pop(), Some(b'\n'));
            match kind {
                0 => line.extend_from_slice(b"\r\n"),
                1 => line[*at] = b'x',
                2 => line[*at] = b'\n',
                3 => line.truncate(*at),
                4 => line.push(b'5'),
                5 => {
                    line = written(grid, Style::Block, b'0').into_bytes();
                    line.pop();
                }
                6 => line.extend_from_slice(b" # a comment"),
                7 => line.extend_from_slice(b"\r7"),
                _ => {}
            }
            text.extend_from_slice(&line);
            text.push(b'\n');
        }
        if !last_ending {
            text.pop();
        }
        // A one-byte buffer never holds a line and its ending: the reference
        // takes the other path throughout.
        let reference: Vec<Record> = Records::new(io::BufReader::with_capacity(1, text.as_slice()))
            .collect::<io::Result<_>>()
            .unwrap();
        // Only a file of empty lines (each piece cut to nothing) holds no record.
        let only_empty_lines = pieces.iter().all(|(_, kind, at)| *kind == 3 && *at == 0);
        prop_assert_eq!(reference.is_empty(), only_empty_lines);
        for capacity in [81, 82, 83, 100, 165, 8192] {
            let records: Vec<Record> =
                Records::new(io::BufReader::with_capacity(capacity, text.as_slice()))
                    .collect::<io::Result<_>>()
                    .unwrap();
            prop_assert_eq!(&records, &reference, "capacity {}", capacity);
        }
        prop_assert_eq!(&read(&text), &reference);
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        let records = read(&bytes);
        for record in &records {
            if let Err(error) = &record.grid {
                prop_assert!(error.line >= record.line);
                prop_assert!(!error.to_string().is_empty());
            }
        }
    }

    #[test]
    fn random_cell_lines_never_panic(
        text in "([1-9._0|# a-]{0,12}\n){0,30}",
    ) {
        let _ = read(&text);
        let _ = text.parse::<Grid>();
    }

    #[test]
    fn random_marks_round_trip_in_both_styles(marks in marks_strategy()) {
        let mut file = Vec::new();
        for style in [Style::Marks, Style::MarksGrid] {
            let text = written_marks(&marks, style);
            file.extend_from_slice(text.as_bytes());
            let record = read_one(&text);
            let expected = expected_style(&marks, style);
            prop_assert_eq!(record.style, expected);
            prop_assert_eq!(&record.grid, &Ok(marks.grid()));
            if expected == style {
                prop_assert_eq!(record.marks.as_deref(), Some(&marks));
                prop_assert_eq!(text.parse::<Candidates>(), Ok(marks.clone()));
            }
        }
        // Back to back, and among boards, each record keeps to itself.
        file.extend_from_slice(PUZZLE.as_bytes());
        let records = read(&file);
        prop_assert_eq!(records.len(), 3);
        prop_assert_eq!(&records[1].grid, &Ok(marks.grid()));
        prop_assert_eq!(&records[2].grid, &Ok(puzzle()));
    }

    #[test]
    fn random_candidate_grid_lines_never_panic(
        text in "([1-9.0|:'*+ -]{0,40}\n){0,30}",
    ) {
        let _ = read(&text);
        let _ = text.parse::<Candidates>();
    }
}

#[test]
fn a_line_longer_than_any_record_is_skipped_and_the_next_one_read() {
    let long = "x".repeat(MAX_LINE_BYTES * 3 + 7);
    let records = read(format!("{PUZZLE}\n{long}\r\n{PUZZLE}\n"));
    assert_eq!(records.len(), 3, "{records:?}");
    assert_eq!(records[0].grid, Ok(puzzle()));
    let error = records[1].grid.clone().unwrap_err();
    assert_eq!((records[1].line, error.line, error.cell), (2, 2, None));
    // The CR of a CRLF line ending counts with the line, a byte too many in
    // a message about hundreds of thousands.
    assert_eq!(
        error.kind,
        ParseErrorKind::LineTooLong {
            bytes: MAX_LINE_BYTES as u64 * 3 + 8
        }
    );
    assert_eq!(
        error.to_string(),
        format!(
            "line of {} bytes, longer than any record (65536 at most); skipped",
            MAX_LINE_BYTES * 3 + 8
        )
    );
    assert_eq!(
        (records[2].line, records[2].grid.clone()),
        (3, Ok(puzzle()))
    );

    // Without a line ending, at the end of the input.
    let (_, _, message) = error_of("9".repeat(MAX_LINE_BYTES + 1));
    assert!(message.starts_with("line of 65537 bytes"), "{message}");
    // Exactly the limit is still an ordinary (wrong) line.
    let (_, _, message) = error_of(".".repeat(MAX_LINE_BYTES));
    assert_eq!(message, "expected 81 cells, found 65536");
}

#[test]
fn a_long_line_cuts_a_block_short_and_is_reported_on_its_own() {
    let mut rows: Vec<String> = BLOCK.lines().map(str::to_owned).collect();
    rows.insert(4, "5".repeat(MAX_LINE_BYTES * 2));
    let records = read(rows.join("\n"));
    assert_eq!(records.len(), 3, "{records:?}");
    assert_eq!(
        records[0].grid.clone().unwrap_err().kind,
        ParseErrorKind::TooFewRows { found: 4 }
    );
    assert_eq!(
        records[1].grid.clone().unwrap_err().kind,
        ParseErrorKind::LineTooLong {
            bytes: MAX_LINE_BYTES as u64 * 2
        }
    );
    assert_eq!(records[1].line, 5);
    assert_eq!(
        records[2].grid.clone().unwrap_err().kind,
        ParseErrorKind::TooFewRows { found: 5 }
    );
}
