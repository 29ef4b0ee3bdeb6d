//! The peer's whole-process run, for comparing whole processes the way a user
//! would: `peer_cli first FILE` prints one solution line per puzzle with the
//! `sudoku` crate's `some_solution`, `peer_cli count2 FILE` its solution count
//! up to two. Reads and writes through buffers, as `sudokit solve` does, so
//! that `time` on both compares like with like.

use std::env;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let [mode, file] = args.as_slice() else {
        eprintln!("usage: peer_cli first|count2 FILE");
        return ExitCode::from(2);
    };
    let input = match File::open(file) {
        Ok(input) => BufReader::new(input),
        Err(error) => {
            eprintln!("peer_cli: {file}: {error}");
            return ExitCode::from(2);
        }
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for line in input.lines() {
        let line = line.expect("readable input");
        let Ok(sudoku) = sudoku::Sudoku::from_str_line(&line) else {
            eprintln!("peer_cli: bad line {line}");
            continue;
        };
        let written = match mode.as_str() {
            "first" => match sudoku.some_solution() {
                Some(solution) => writeln!(out, "{}", solution.to_str_line()),
                None => writeln!(out, "no solution"),
            },
            "count2" => writeln!(out, "{}", sudoku.solutions_count_up_to(2)),
            other => {
                eprintln!("peer_cli: unknown mode {other}");
                return ExitCode::from(2);
            }
        };
        written.expect("writable output");
    }
    out.flush().expect("writable output");
    ExitCode::SUCCESS
}
