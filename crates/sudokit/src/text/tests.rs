use std::io;

use proptest::prelude::*;

use super::*;
use crate::grid::{Cell, Grid};

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
        for style in Style::ALL {
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
    assert_eq!(
        records[0].grid.as_ref().unwrap_err().to_string(),
        "r1c1: unexpected byte 0xab"
    );
    assert_eq!(
        (records[1].line, records[1].grid.clone()),
        (2, Ok(puzzle()))
    );
    let spaced = "a ".repeat(1 << 19);
    assert_eq!(
        error_of(spaced).2,
        "r1c1: unexpected character 'a' (a cell holds 1-9, or '.', '0' or '_' for a blank)"
    );
    let long = ".".repeat(1 << 19);
    assert_eq!(
        error_of(long).2,
        format!("expected 81 cells, found {}", 1 << 19)
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
        for style in Style::ALL {
            write_grid(&mut out, &grid, style, blank);
            out.push(b'\n');
        }
        let records = read(&out);
        prop_assert_eq!(records.len(), 4);
        for (record, style) in records.iter().zip(Style::ALL) {
            prop_assert_eq!(record.style, style);
            prop_assert_eq!(&record.grid, &Ok(grid));
        }
        for style in Style::ALL {
            prop_assert_eq!(written(&grid, style, blank).parse::<Grid>(), Ok(grid));
        }
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
}
