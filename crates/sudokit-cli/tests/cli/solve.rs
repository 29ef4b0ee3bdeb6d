//! `solve`: the lexicographically smallest solution by default, any valid
//! one with `--first`.

use crate::fixtures::*;
use crate::support::reference::{
    assert_solves, count_solutions, lexmin_solution, parse_line, to_line,
};
use crate::support::{example, repo_path, stderr_of, stdout_of, sudokit};

#[test]
fn first_prints_a_valid_solution_keeping_the_givens() {
    let boards = [
        SERG.to_string(),
        UNIQUE.to_string(),
        to_line(&[0; 81], '.'),
        to_line(&board_with_blank_rows(5), '.'),
    ];
    let output = sudokit()
        .args(["solve", "--first"])
        .write_stdin(boards.join("\n") + "\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stderr_of(&output), "");
    let stdout = stdout_of(&output);
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(answers.len(), boards.len(), "{stdout}");
    for (puzzle, answer) in boards.iter().zip(&answers) {
        assert_solves(&parse_line(puzzle), &parse_line(answer), puzzle);
    }
    // A unique puzzle has only one answer, whichever way it is searched.
    assert_eq!(answers[1], puzzles_txt_solutions()[0]);

    let output = sudokit()
        .args(["--first", &example("board.ss")])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout_of(&output), BOARD_SOLUTION_DRAWN);
}

#[test]
fn default_answer_is_the_smallest_solution_on_boards_with_many_solutions() {
    let serg: Vec<String> =
        std::fs::read_to_string(repo_path("data/puzzles/puzzles7_serg_benchmark.txt"))
            .unwrap()
            .lines()
            .filter(|line| line.len() == 81)
            .take(6)
            .map(str::to_string)
            .collect();
    let mut first_row_only = [0; 81];
    first_row_only[..9].copy_from_slice(&[9, 8, 7, 6, 5, 4, 3, 2, 1]);
    let mut diagonal = [0; 81];
    for i in 0..9 {
        diagonal[i * 10] = 9 - i as u8;
    }
    let mut boards = serg;
    boards.push(to_line(&board_with_blank_rows(4), '.'));
    boards.push(to_line(&board_with_blank_rows(5), '0'));
    boards.push(to_line(&first_row_only, '_'));
    boards.push(to_line(&diagonal, '.'));
    let expected: String = boards
        .iter()
        .map(|board| {
            let puzzle = parse_line(board);
            assert!(
                count_solutions(&puzzle, 2) == 2,
                "{board} should have several solutions"
            );
            to_line(&lexmin_solution(&puzzle).unwrap(), '.') + "\n"
        })
        .collect();
    for args in [&["solve"][..], &[], &["solve", "--threads", "1"]] {
        sudokit()
            .args(args)
            .write_stdin(boards.join("\n") + "\n")
            .assert()
            .code(0)
            .stdout(expected.clone())
            .stderr("");
    }
}

#[test]
fn all_blank_board_in_each_input_style_gives_the_smallest_grid() {
    let smallest = empty_lexmin();
    let empty = [0; 81];
    for (input, expected) in [
        (to_line(&empty, '.') + "\n", to_line(&smallest, '.') + "\n"),
        (to_line(&empty, '0') + "\n", to_line(&smallest, '.') + "\n"),
        (to_line(&empty, '_') + "\n", to_line(&smallest, '.') + "\n"),
        (to_block(&empty), to_block(&smallest)),
        (to_digit_rows(&empty, '0'), to_digit_rows(&smallest, '.')),
        (to_digit_rows(&empty, '.'), to_digit_rows(&smallest, '.')),
        (to_drawn(&empty, '.'), to_drawn(&smallest, '.')),
    ] {
        sudokit()
            .write_stdin(input)
            .assert()
            .code(0)
            .stdout(expected)
            .stderr("");
    }
}
