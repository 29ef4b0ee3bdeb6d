//! `sudokit`: solve, count and check Sudoku puzzles from files or stdin, and
//! generate new ones.
//!
//! This crate only wires things together: options (clap), reading inputs,
//! running the library's questions on every core, and printing answers in
//! input order. Every Sudoku rule lives in the `sudokit` library.

mod answer;
mod generate;
mod run;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

use answer::Question;

/// Solve, count and check Sudoku puzzles: one board or millions, in order, on every core.
///
/// With no subcommand, reads a board from stdin and prints its solution
/// (`sudokit < board.txt`).
#[derive(Parser, Debug)]
#[command(name = "sudokit", version, about, long_about = None)]
#[command(args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    solve: SolveArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print the solution of each puzzle: the lexicographically smallest unless --first.
    Solve(SolveArgs),
    /// Print the number of solutions of each puzzle, counting up to --limit.
    Count(CountArgs),
    /// Check each puzzle: one solution (and which clues are redundant), several, or none.
    ///
    /// One line per record: `unique 24 minimal`, `unique 26 redundant r2c3 r7c7`,
    /// `multiple 17 r4c7 can be 2 or 6`, `none 30` or `invalid 2 r1c5 and r1c8 both hold 7`
    /// (verdict, clue count, details). Exit status 0 when every puzzle has exactly one
    /// solution, 1 when some has several, none or clashing givens, 2 for unreadable input.
    Check(CommonArgs),
    /// Make random puzzles with exactly one solution, one a line.
    Generate(generate::GenerateArgs),
}

#[derive(Args, Debug)]
struct SolveArgs {
    /// Print whichever solution the search finds first (fastest) instead of the
    /// lexicographically smallest.
    #[arg(long)]
    first: bool,

    #[command(flatten)]
    common: CommonArgs,
}

#[derive(Args, Debug)]
struct CountArgs {
    /// Stop counting a puzzle's solutions at this many (at least 1).
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,

    #[command(flatten)]
    common: CommonArgs,
}

#[derive(Args, Debug)]
struct CommonArgs {
    /// Input files, `-` for stdin; stdin when none is given.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,

    /// Output style; by default each answer is written in the style of its puzzle.
    #[arg(long, value_enum)]
    format: Option<OutputFormat>,

    /// Worker threads for bulk runs (default: all cores).
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,

    /// Print a summary of the run to stderr: puzzles, time, rate, guesses.
    #[arg(long)]
    stats: bool,
}

/// How answers are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// One line of 81 cells.
    Line,
    /// 9 lines of 9 numbers separated by spaces (Baekjoon 2580).
    Block,
    /// 9 lines of 9 digits.
    Digits,
    /// 9 rows drawn with `|` and `---+---+---` separators (Simple Sudoku .ss).
    Drawn,
    /// One JSON object per record, with its status.
    Json,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (question, common) = match cli.command {
        None => (
            Question::Solve {
                first: cli.solve.first,
            },
            cli.solve.common,
        ),
        Some(Command::Solve(args)) => (Question::Solve { first: args.first }, args.common),
        Some(Command::Count(args)) => (Question::Count { limit: args.limit }, args.common),
        Some(Command::Check(common)) => (Question::Check, common),
        Some(Command::Generate(args)) => return generate::run(&args),
    };
    let config = run::Config {
        question,
        files: common.files,
        format: common.format,
        threads: common.threads.map(usize::from),
        stats: common.stats,
    };
    match run::run(&config) {
        Ok(status) => ExitCode::from(status),
        Err(error) => {
            eprintln!("sudokit: {error:#}");
            ExitCode::from(2)
        }
    }
}
