//! `sudokit`: solve, count, check, canonicalise and transform Sudoku puzzles
//! from files or stdin, and generate new ones.
//!
//! This crate only wires things together: options (clap), reading inputs,
//! running the library's questions on every core, and printing answers in
//! input order. Every Sudoku rule lives in the `sudokit` library.

mod answer;
mod generate;
mod run;
mod teach;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{ArgAction, ArgGroup, ArgMatches, Args, CommandFactory, FromArgMatches, Parser};
use clap::{Subcommand, ValueEnum};
use sudokit::logic::TechniqueSet;
use sudokit::{Mirror, Transformation};

use answer::Question;

/// Solve, count, canonicalise and transform Sudoku puzzles: one board or millions, in order, on
/// every core.
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
    Solve(Deferred<SolveArgs>),
    /// Print the number of solutions of each puzzle, counting up to --limit.
    Count(Deferred<CountArgs>),
    /// Check each puzzle: one solution (and which clues are redundant), several, or none.
    ///
    /// One line per record: `unique 24 minimal`, `unique 26 redundant clues: r2c3 r7c7`,
    /// `multiple 17 r4c7 can be 2 or 6`, `none 30` or `invalid 2 r1c5 and r1c8 both hold 7`
    /// (verdict, clue count, details). Exit status 0 when every puzzle has exactly one
    /// solution, 1 when some has several, none or clashing givens, 2 for unreadable input.
    Check(Deferred<CommonArgs>),
    /// Make random puzzles with exactly one solution, one a line.
    Generate(Deferred<generate::GenerateArgs>),
    /// Print the canonical (minlex) form of each board, one line each unless --format: equal for
    /// equivalent boards only.
    Canon(Deferred<CanonArgs>),
    /// Print an equivalent board for each one: a random one (--seed) or named operations,
    /// applied in the order given.
    Transform(Deferred<TransformArgs>),
    /// Give the next logical step for each puzzle, or for a solver's progress in pencil marks
    /// (729 characters, or a drawn candidate grid); a wrong digit or a lost candidate is named
    /// instead.
    Hint(Deferred<HintArgs>),
    /// Explain each puzzle step by step in human techniques, from the givens to the solution.
    Explain(Deferred<ExplainArgs>),
    /// Rate each puzzle on Sudoku Explainer's scale: `ER/EP/ED level` (the hardest step, the
    /// hardest before the first placement, the first step), one line per puzzle.
    Rate(Deferred<CommonArgs>),
    /// Serve the web app on this machine: a grid with graded hints, step-by-step explanations,
    /// ratings and a setter's tools, over a JSON API (`/api/openapi.json`).
    #[cfg(feature = "serve")]
    Serve(Deferred<ServeArgs>),
    /// Print a completion script for a shell (bash, zsh, fish, elvish, powershell), e.g.
    /// `sudokit completions bash > ~/.local/share/bash-completion/completions/sudokit`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), e.g. `sudokit man | man -l -`.
    Man,
}

#[cfg(feature = "serve")]
#[derive(Args, Debug)]
struct ServeArgs {
    /// The address to listen on; port 0 picks a free one. The first line on stdout says which.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: std::net::SocketAddr,

    /// Open the page in a browser once listening.
    #[arg(long)]
    open: bool,
}

/// A subcommand's arguments, built only when that subcommand runs. clap
/// otherwise builds every subcommand's arguments at each start: solving one
/// puzzle took 616,000 instructions, 113 page faults and 290 KB of heap in
/// all, and takes 564,000, 106 and 233 KB without them.
#[derive(Debug)]
struct Deferred<T>(T);

impl<T: FromArgMatches> FromArgMatches for Deferred<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Deferred)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }
}

impl<T: Args> Args for Deferred<T> {
    fn augment_args(command: clap::Command) -> clap::Command {
        command.defer(T::augment_args)
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        command.defer(T::augment_args_for_update)
    }

    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }
}

#[derive(Args, Debug)]
struct SolveArgs {
    /// Print whichever solution the search finds first (fastest) instead of the
    /// lexicographically smallest.
    #[arg(long, conflicts_with = "trace")]
    first: bool,

    /// Show the row-major backtracking search step by step, as a learner follows it: each
    /// placement, each dead end, each undo and why the cell goes back to 0.
    #[arg(long)]
    trace: bool,

    /// The most events --trace shows for each puzzle.
    #[arg(long, value_name = "N", default_value_t = 1000, requires = "trace")]
    trace_limit: usize,

    #[command(flatten)]
    common: CommonArgs,
}

impl SolveArgs {
    fn question(&self) -> Question {
        if self.trace {
            Question::Trace {
                limit: self.trace_limit,
            }
        } else {
            Question::Solve { first: self.first }
        }
    }
}

/// The techniques the logic engine may use: groups (singles, direct, intersections, subsets,
/// fish, single-digit, wings, uniqueness, als, exclusion, chains, forcing, all) and technique names
/// (x-wing, xy-wing, ...), comma-separated.
fn parse_techniques(text: &str) -> Result<TechniqueSet, String> {
    text.parse()
        .map_err(|error: sudokit::logic::UnknownTechnique| error.to_string())
}

#[derive(Args, Debug)]
struct HintArgs {
    /// Name only the technique and where to look, not the cells and digits.
    #[arg(long)]
    vague: bool,

    /// The techniques the hint may use (default: all), e.g. `singles,intersections`.
    #[arg(long, value_name = "LIST", value_parser = parse_techniques)]
    techniques: Option<TechniqueSet>,

    #[command(flatten)]
    common: CommonArgs,
}

#[derive(Args, Debug)]
struct ExplainArgs {
    /// The techniques the explanation may use (default: all), e.g. `singles`; it then shows
    /// where and why it stops.
    #[arg(long, value_name = "LIST", value_parser = parse_techniques)]
    techniques: Option<TechniqueSet>,

    /// Only the steps: no candidate grids.
    #[arg(long)]
    brief: bool,

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
struct CanonArgs {
    /// Also print how many symmetries (relabellings included) map each board to itself.
    #[arg(long)]
    automorphisms: bool,

    #[command(flatten)]
    common: CommonArgs,
}

/// The operations of `transform`, in the order they are applied: the order given.
const OPERATIONS: [&str; 9] = [
    "seed",
    "transpose",
    "rotate",
    "mirror",
    "relabel",
    "swap_rows",
    "swap_cols",
    "swap_bands",
    "swap_stacks",
];

#[derive(Args, Debug)]
#[command(group(ArgGroup::new("operation").required(true).multiple(true).args(OPERATIONS)))]
struct TransformArgs {
    /// A random symmetry per record, drawn uniformly from the whole group; the same seed gives the
    /// same output on any machine and any number of threads.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,

    /// Reflect in the main diagonal: row i becomes column i.
    #[arg(long, action = ArgAction::Append, num_args = 0, default_missing_value = "true")]
    transpose: Vec<bool>,

    /// Turn clockwise by 90, 180 or 270 degrees.
    #[arg(long, value_name = "DEGREES", value_parser = parse_rotation)]
    rotate: Vec<Transformation>,

    /// Reflect left-right (horizontal: column 1 <-> 9) or top-bottom (vertical: row 1 <-> 9).
    #[arg(long, value_enum)]
    mirror: Vec<MirrorArg>,

    /// Relabel digits: digit i becomes the i-th digit given, so 912345678 turns every 1 into 9,
    /// every 2 into 1, every 3 into 2, and so on.
    #[arg(long, value_name = "DIGITS", value_parser = parse_relabel)]
    relabel: Vec<Transformation>,

    /// Swap two rows (1-9) of the same band.
    #[arg(long, value_name = "A,B", value_parser = parse_swap_rows)]
    swap_rows: Vec<Transformation>,

    /// Swap two columns (1-9) of the same stack.
    #[arg(long, value_name = "A,B", value_parser = parse_swap_cols)]
    swap_cols: Vec<Transformation>,

    /// Swap two bands (1-3), each three rows.
    #[arg(long, value_name = "A,B", value_parser = parse_swap_bands)]
    swap_bands: Vec<Transformation>,

    /// Swap two stacks (1-3), each three columns.
    #[arg(long, value_name = "A,B", value_parser = parse_swap_stacks)]
    swap_stacks: Vec<Transformation>,

    #[command(flatten)]
    common: CommonArgs,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum MirrorArg {
    /// Left and right swap.
    Horizontal,
    /// Top and bottom swap.
    Vertical,
}

fn parse_rotation(text: &str) -> Result<Transformation, String> {
    match text {
        "90" => Ok(Transformation::rotate(1)),
        "180" => Ok(Transformation::rotate(2)),
        "270" => Ok(Transformation::rotate(3)),
        _ => Err("the angle must be 90, 180 or 270 (degrees clockwise)".to_string()),
    }
}

fn parse_relabel(text: &str) -> Result<Transformation, String> {
    let digits: Vec<u8> = text.bytes().map(|b| b.wrapping_sub(b'0')).collect();
    let images: [u8; 9] = digits
        .try_into()
        .map_err(|_| "give nine digits, e.g. 912345678".to_string())?;
    Transformation::relabel(images).map_err(|error| error.to_string())
}

/// `A,B` with both numbers from 1 to `count`, as indices from 0.
fn parse_pair(text: &str, count: usize) -> Result<(usize, usize), String> {
    let number = |part: &str| {
        part.trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=count).contains(n))
            .map(|n| n - 1)
            .ok_or_else(|| format!("expected two numbers from 1 to {count} as A,B, got {text:?}"))
    };
    let (a, b) = text
        .split_once(',')
        .ok_or_else(|| format!("expected two numbers from 1 to {count} as A,B, got {text:?}"))?;
    Ok((number(a)?, number(b)?))
}

fn parse_swap_rows(text: &str) -> Result<Transformation, String> {
    let (a, b) = parse_pair(text, 9)?;
    Transformation::swap_rows(a, b).map_err(|error| error.to_string())
}

fn parse_swap_cols(text: &str) -> Result<Transformation, String> {
    let (a, b) = parse_pair(text, 9)?;
    Transformation::swap_cols(a, b).map_err(|error| error.to_string())
}

fn parse_swap_bands(text: &str) -> Result<Transformation, String> {
    let (a, b) = parse_pair(text, 3)?;
    Transformation::swap_bands(a, b).map_err(|error| error.to_string())
}

fn parse_swap_stacks(text: &str) -> Result<Transformation, String> {
    let (a, b) = parse_pair(text, 3)?;
    Transformation::swap_stacks(a, b).map_err(|error| error.to_string())
}

impl TransformArgs {
    /// The question: the named operations before `--seed` composed, the random
    /// draw, and those after it, all in command-line order.
    fn question(&self, matches: &ArgMatches) -> Question {
        let mut steps: Vec<(usize, Option<Transformation>)> = Vec::new();
        let mut add = |id: &str, values: Vec<Option<Transformation>>| {
            let indices = matches.indices_of(id).into_iter().flatten();
            steps.extend(indices.zip(values));
        };
        add("seed", self.seed.iter().map(|_| None).collect());
        add(
            "transpose",
            self.transpose
                .iter()
                .map(|_| Some(Transformation::transpose()))
                .collect(),
        );
        add("rotate", self.rotate.iter().copied().map(Some).collect());
        add(
            "mirror",
            self.mirror
                .iter()
                .map(|mirror| {
                    Some(Transformation::mirror(match mirror {
                        MirrorArg::Horizontal => Mirror::Horizontal,
                        MirrorArg::Vertical => Mirror::Vertical,
                    }))
                })
                .collect(),
        );
        for (id, values) in [
            ("relabel", &self.relabel),
            ("swap_rows", &self.swap_rows),
            ("swap_cols", &self.swap_cols),
            ("swap_bands", &self.swap_bands),
            ("swap_stacks", &self.swap_stacks),
        ] {
            add(id, values.iter().copied().map(Some).collect());
        }
        steps.sort_by_key(|&(index, _)| index);
        let mut before = Transformation::identity();
        let mut after = Transformation::identity();
        let mut seen_seed = false;
        for (_, step) in steps {
            match step {
                None => seen_seed = true,
                Some(step) if seen_seed => after = after.then(&step),
                Some(step) => before = before.then(&step),
            }
        }
        Question::Transform {
            before,
            seed: self.seed,
            after,
        }
    }
}

#[derive(Args, Debug)]
struct CommonArgs {
    /// Input files, `-` for stdin; stdin when none is given.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,

    /// Output style; by default each answer is written in the style of its puzzle.
    #[arg(long, value_enum)]
    format: Option<OutputFormat>,

    /// Worker threads for bulk runs (default: all cores; at most one per 8 boards the input files can hold).
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
    let matches = Cli::command().get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|error| error.exit());
    let (question, common) = match cli.command {
        None => {
            if let Some(message) = mistyped_command(&cli.solve.common.files) {
                eprintln!("sudokit: {message}");
                return ExitCode::from(2);
            }
            (cli.solve.question(), cli.solve.common)
        }
        Some(Command::Completions { shell }) => {
            clap_complete::generate(
                shell,
                &mut Cli::command(),
                "sudokit",
                &mut std::io::stdout(),
            );
            return ExitCode::SUCCESS;
        }
        Some(Command::Man) => {
            let page = clap_mangen::Man::new(Cli::command());
            return match page.render(&mut std::io::stdout()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("sudokit: cannot write the manual page: {error}");
                    ExitCode::from(2)
                }
            };
        }
        Some(Command::Solve(Deferred(args))) => (args.question(), args.common),
        Some(Command::Hint(Deferred(args))) => (
            Question::Hint {
                vague: args.vague,
                techniques: args.techniques.unwrap_or(TechniqueSet::ALL),
            },
            args.common,
        ),
        Some(Command::Explain(Deferred(args))) => (
            Question::Explain {
                techniques: args.techniques.unwrap_or(TechniqueSet::ALL),
                brief: args.brief,
            },
            args.common,
        ),
        Some(Command::Count(Deferred(args))) => {
            (Question::Count { limit: args.limit }, args.common)
        }
        Some(Command::Check(Deferred(common))) => (
            Question::Check {
                rating: common.format == Some(OutputFormat::Json),
            },
            common,
        ),
        Some(Command::Rate(Deferred(common))) => (Question::Rate, common),
        #[cfg(feature = "serve")]
        Some(Command::Serve(Deferred(args))) => {
            return match sudokit_serve::run(args.addr, args.open, sudokit_serve::Limits::default())
            {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("sudokit: cannot serve on {}: {error}", args.addr);
                    ExitCode::from(2)
                }
            };
        }
        Some(Command::Generate(Deferred(args))) => return generate::run(&args),
        Some(Command::Canon(Deferred(args))) => (
            Question::Canon {
                automorphisms: args.automorphisms,
            },
            args.common,
        ),
        Some(Command::Transform(Deferred(args))) => {
            let sub = matches
                .subcommand_matches("transform")
                .expect("clap parsed the transform subcommand");
            (args.question(sub), args.common)
        }
    };
    let config = run::Config {
        question,
        files: common.files,
        format: common.format,
        threads: common.threads.map(usize::from),
        stats: common.stats,
    };
    ExitCode::from(run::run(&config))
}

/// With no subcommand the first argument is read as a file: when it is
/// neither a file nor a command, say so, with the nearest command's name.
fn mistyped_command(files: &[PathBuf]) -> Option<String> {
    let first = files.first()?;
    let name = first.to_str()?;
    if name == "-" || first.exists() || name.contains(['/', '.']) {
        return None;
    }
    let commands: Vec<String> = Cli::command()
        .get_subcommands()
        .map(|command| command.get_name().to_string())
        .collect();
    let (distance, nearest) = commands
        .iter()
        .map(|command| (edit_distance(name, command), command))
        .min()?;
    let hint = if distance <= 2 || nearest.starts_with(name) {
        format!("; did you mean `sudokit {nearest}`?")
    } else {
        format!("; the commands are {}", commands.join(", "))
    };
    Some(format!(
        "`{name}` is neither a file nor a command{hint} (see `sudokit --help`)"
    ))
}

/// The number of one-character insertions, deletions and substitutions
/// between `a` and `b` (Levenshtein), with a swap of neighbours counting one.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let substitution = rows[i - 1][j - 1] + usize::from(a[i - 1] != b[j - 1]);
            let mut best = substitution.min(rows[i - 1][j] + 1).min(rows[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_swaps_as_one() {
        assert_eq!(edit_distance("hnit", "hint"), 1);
        assert_eq!(edit_distance("slove", "solve"), 1);
        assert_eq!(edit_distance("rat", "rate"), 1);
        assert_eq!(edit_distance("", "count"), 5);
        assert_eq!(edit_distance("canon", "canon"), 0);
    }

    /// clap's own checks of the definitions (clashing names, groups naming
    /// unknown arguments), deferred subcommands included.
    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
