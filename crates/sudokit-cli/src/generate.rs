//! `sudokit generate`: random puzzles with one solution, made on every core
//! and printed in index order, so the output depends only on the options.

use std::hash::BuildHasher;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::atomic::Ordering;

use clap::{Args, ValueEnum};
use rayon::prelude::*;
use sudokit::answer::json::JsonGenerated;
use sudokit::logic::{Difficulty, Level, LogicSolver, Rating};
use sudokit::{Generator, Grid, Solver, Symmetry};

use crate::run;

/// Puzzles made together before printing: enough to keep every thread busy,
/// few enough that the first lines come out quickly.
const CHUNK_PUZZLES: u64 = 256;

#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// How many puzzles to make.
    #[arg(long, short = 'n', default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    count: u64,

    /// Seed of the random numbers: the same seed and options give the same
    /// puzzles on any machine and thread count (default: a fresh seed, printed
    /// to stderr).
    #[arg(long)]
    seed: Option<u64>,

    /// Symmetry of the clue pattern: none, central (or 180), rotational90 (or 90),
    /// horizontal, vertical, both-mirrors, diagonal, anti-diagonal, both-diagonals,
    /// full (all eight).
    #[arg(long, value_name = "KIND", value_parser = parse_symmetry)]
    symmetry: Option<Symmetry>,

    /// At most N clues: a minimal puzzle with at most N clues, trying up to
    /// --attempts grids (the fewest found if none gets there); with --no-minimal,
    /// stop removing clues at N.
    #[arg(long, value_name = "N")]
    clues: Option<usize>,

    /// Minimal puzzles: removing any clue (any symmetric group of clues with
    /// --symmetry) gives several solutions. The default; the flag only says so.
    #[arg(long, conflicts_with = "no_minimal")]
    minimal: bool,

    /// With --clues: stop removing at N clues, leaving clues to spare, instead of
    /// asking for a minimal puzzle.
    #[arg(long, requires = "clues")]
    no_minimal: bool,

    /// With --clues: grids tried per puzzle before settling for the fewest clues found.
    #[arg(long, value_name = "N", requires = "clues", value_parser = clap::value_parser!(u32).range(1..))]
    attempts: Option<u32>,

    /// Print random complete grids instead of puzzles, every one of the 6.67e21
    /// grids exactly as likely.
    #[arg(long, conflicts_with_all = ["symmetry", "clues", "with_solution"])]
    solved: bool,

    /// Only puzzles of this level, by their rating on Sudoku Explainer's scale: easy (ER up to
    /// 1.2), medium (1.3-1.5), hard (1.6-2.5), fiendish (2.6-6.0), diabolical (6.1 and up).
    /// Candidates are made and rated until one fits; hard levels take longer.
    #[arg(long, value_name = "LEVEL", value_parser = parse_level, conflicts_with_all = ["rating", "solved"])]
    level: Option<Level>,

    /// Only puzzles whose ER lies in MIN..MAX (e.g. 7.0..8.5, or 9 for exactly 9.0).
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_rating_range, conflicts_with = "solved")]
    rating: Option<(Difficulty, Difficulty)>,

    /// Print each puzzle's solution after it, on the same line.
    #[arg(long)]
    with_solution: bool,

    /// Output: one 81-character line per puzzle (`.` for a blank), or JSON lines.
    #[arg(long, value_enum, default_value_t = GenerateFormat::Line)]
    format: GenerateFormat,

    /// Worker threads (default: all cores); the output is the same for any number.
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GenerateFormat {
    /// One 81-character line per puzzle, then ` SOLUTION` with --with-solution.
    Line,
    /// One JSON object per puzzle: seed, index, clues, puzzle (and solution).
    Json,
}

fn parse_level(text: &str) -> Result<Level, String> {
    text.parse()
        .map_err(|error: sudokit::logic::UnknownLevel| error.to_string())
}

/// `7.1` as 71 tenths.
fn parse_difficulty(text: &str) -> Result<Difficulty, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a rating such as 7.1"))?;
    if !(0.0..=20.0).contains(&value) {
        return Err(format!("{text:?}: ratings run from 0 to 20"));
    }
    Ok(Difficulty::from_tenths((value * 10.0).round() as u16))
}

fn parse_rating_range(text: &str) -> Result<(Difficulty, Difficulty), String> {
    let (min, max) = match text.split_once("..") {
        Some((min, max)) => (parse_difficulty(min)?, parse_difficulty(max)?),
        None => {
            let exact = parse_difficulty(text)?;
            (exact, exact)
        }
    };
    if min > max {
        return Err(format!("{text:?}: the lower end is above the upper"));
    }
    Ok((min, max))
}

fn parse_symmetry(text: &str) -> Result<Symmetry, String> {
    text.parse()
        .map_err(|error: sudokit::UnknownSymmetry| error.to_string())
}

/// What one index gives: the puzzle and its solution (the same grid twice
/// with --solved), with its rating and the candidates tried when one was asked
/// for, or `None` if no candidate fitted; `Err` once Ctrl-C was pressed.
type Made = Result<Option<(Grid, Grid, Option<(Rating, u64)>)>, Interrupted>;

/// Ctrl-C stopped the run before this puzzle was made.
struct Interrupted;

/// Makes and prints the puzzles; the exit status.
pub fn run(args: &GenerateArgs) -> ExitCode {
    let seed = args.seed.unwrap_or_else(|| {
        let seed = fresh_seed();
        eprintln!("sudokit: seed {seed}");
        seed
    });
    let symmetry = args.symmetry.unwrap_or_default();
    let mut generator = Generator::new(seed)
        .symmetry(symmetry)
        .clues(args.clues)
        .minimal(!args.no_minimal);
    if let Some(attempts) = args.attempts {
        generator = generator.attempts(attempts);
    }
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(error) => {
            eprintln!("sudokit: cannot start worker threads: {error}");
            return ExitCode::from(2);
        }
    };
    let range = args.rating.or_else(|| {
        args.level.map(|level| {
            let (min, max) = level.range();
            (Difficulty::from_tenths(min), Difficulty::from_tenths(max))
        })
    });
    let rater = LogicSolver::sudoku_explainer();
    let interrupt = run::interrupt_flag();
    let make = |solver: &mut Solver, index: u64| -> Made {
        // Each thread finishes the puzzle it is on, so Ctrl-C waits at most
        // one puzzle per thread.
        if interrupt.load(Ordering::Relaxed) {
            return Err(Interrupted);
        }
        Ok(if args.solved {
            let grid = generator.complete_grid(index);
            Some((grid, grid, None))
        } else if let Some((min, max)) = range {
            generator
                .generate_rated(index, min, max, &rater)
                .map(|found| {
                    (
                        found.made.puzzle,
                        found.made.solution,
                        Some((found.rating, found.tries)),
                    )
                })
        } else {
            let made = generator.generate_with(solver, index);
            Some((made.puzzle, made.solution, None))
        })
    };
    let progress = progress_bar(args.count);
    let mut tried = 0u64;
    // Puzzles left above a --clues target: the target is a limit, reported.
    let mut over_target = 0u64;
    let mut fewest_over = usize::MAX;
    let mut stdout = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut line = Vec::with_capacity(256);
    let mut start = 0;
    while start < args.count {
        let end = args.count.min(start + CHUNK_PUZZLES);
        let chunk: Vec<Made> = if threads == 1 {
            let mut solver = Solver::new();
            (start..end).map(|index| make(&mut solver, index)).collect()
        } else {
            pool.install(|| {
                (start..end)
                    .into_par_iter()
                    .map_init(Solver::new, |solver, index| make(solver, index))
                    .collect()
            })
        };
        for (index, made) in (start..end).zip(chunk) {
            let Ok(made) = made else {
                progress.finish_and_clear();
                let _ = stdout.flush();
                eprintln!("sudokit: interrupted after {index} puzzles; the lines above are whole");
                return ExitCode::from(run::INTERRUPTED);
            };
            let Some((puzzle, solution, rated)) = made else {
                eprintln!(
                    "sudokit: puzzle {index}: no candidate in {} tries had a rating in range",
                    sudokit::logic::RATED_ATTEMPTS
                );
                return ExitCode::from(1);
            };
            tried += rated.map_or(0, |(_, tries)| tries);
            let clues = puzzle.clue_count();
            if args.clues.is_some_and(|target| clues > target) && !args.solved {
                over_target += 1;
                fewest_over = fewest_over.min(clues);
            }
            progress.inc(1);
            line.clear();
            write_puzzle(
                &mut line, args, seed, symmetry, index, &puzzle, &solution, rated,
            );
            if stdout.write_all(&line).is_err() {
                // stdout is gone (`sudokit generate -n 1000000 | head`): stop quietly.
                return ExitCode::SUCCESS;
            }
        }
        start = end;
    }
    progress.finish_and_clear();
    if let (Some(target), true) = (args.clues, over_target > 0) {
        eprintln!(
            "sudokit: {over_target} of {} puzzles kept more than {target} clues (the fewest {fewest_over}): \
             no grid tried gave {target} or fewer (more grids: --attempts)",
            args.count,
        );
    }
    if range.is_some() {
        eprintln!(
            "sudokit: {} puzzles from {tried} candidates made and rated ({:.1} per puzzle)",
            args.count,
            tried as f64 / args.count as f64
        );
    }
    if stdout.flush().is_err() {
        return ExitCode::SUCCESS;
    }
    ExitCode::SUCCESS
}

/// A progress bar on stderr when it is a terminal.
fn progress_bar(count: u64) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(count);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} puzzles, {elapsed} ({eta} left)",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

#[allow(clippy::too_many_arguments)]
fn write_puzzle(
    out: &mut Vec<u8>,
    args: &GenerateArgs,
    seed: u64,
    symmetry: Symmetry,
    index: u64,
    puzzle: &Grid,
    solution: &Grid,
    rated: Option<(Rating, u64)>,
) {
    match args.format {
        GenerateFormat::Line => {
            out.extend_from_slice(puzzle.to_line().as_bytes());
            if args.with_solution {
                out.push(b' ');
                out.extend_from_slice(solution.to_line().as_bytes());
            }
        }
        GenerateFormat::Json => {
            let json = JsonGenerated::new(
                seed,
                index,
                symmetry,
                puzzle,
                args.with_solution.then_some(solution),
                rated.as_ref().map(|(rating, tries)| (rating, *tries)),
            );
            serde_json::to_writer(&mut *out, &json).expect("a Vec accepts any JSON");
        }
    }
    out.push(b'\n');
}

/// A seed nobody chose: std's per-process random hash keys, mixed with the time.
fn fresh_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos());
    std::collections::hash_map::RandomState::new().hash_one(now)
}
