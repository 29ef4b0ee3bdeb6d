//! `sudokit-bench`: times sudokit's engine against the `sudoku` crate (a Rust
//! port of JCZSolve) on every puzzle collection of a folder and prints one
//! markdown table, one row per collection.
//!
//! ```text
//! cargo run --release -p sudokit-bench -- [FOLDER] [--seconds S] [--limit N] [--median] [--canon] [--explain]
//! ```
//!
//! With `--canon` it times canonical forms instead (see `canon.rs`), and with
//! `--explain` whole logical explanations (see `explain.rs`).
//!
//! One thread. Puzzles are parsed up front, outside the timing. A first
//! round runs each engine (sudokit first, crate first, sudokit count-2, crate
//! count-2, sudokit lexmin) over the whole collection and checks every
//! answer. Then the collection is cut into chunks of about 3 ms for the
//! slowest engine, and rounds run the engines in turn on each chunk (each
//! round starting with the next engine) for about `--seconds` per engine. An
//! engine's time is the sum over the chunks of its best time on each (or the
//! median with `--median`): on a shared machine a burst of noise spoils one
//! chunk of one engine, not a whole pass, and drifts of the machine's speed
//! hit both engines alike. Every later pass must give the first round's
//! answers: a mismatch aborts with the collection and line.
//!
//! A second table times puzzle generation (see `generate.rs`): unique minimal
//! puzzles per second, without symmetry and with central symmetry.

mod generate;

mod canon;

mod explain;

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::hint::black_box;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use sudokit::{Grid, Solver};
use sudokit_bench::{default_folder, from_peer, load_folder, to_peer, workspace_root, Collection};
use sudoku::Sudoku;

const USAGE: &str = "\
usage: sudokit-bench [FOLDER] [--seconds S] [--limit N] [--median] [--canon] [--explain]

Times sudokit against the `sudoku` crate on every *.txt collection of FOLDER
(default: ../shared/data/puzzles beside the workspace when it exists, else
data/puzzles) and prints a markdown table of puzzles per second.

  --seconds S   time each engine for at least S seconds per collection (default 1.0)
  --limit N     use at most the first N puzzles of each collection (default: all)
  --median      report the median pass instead of the best
  --canon       time canonical forms (sudokit::canonicalize against the crate's
                Sudoku::canonicalized) instead of solving
  --explain     time whole logical explanations (LogicSolver::explain against the
                crate's StrategySolver), every step checked against the solution";

/// The command line.
struct Options {
    folder: PathBuf,
    seconds: f64,
    limit: Option<usize>,
    median: bool,
    /// Time canonical forms instead of the solvers.
    canon: bool,
    /// Time logical explanations instead of the solvers.
    explain: bool,
    /// The arguments as given, to echo the command.
    args: Vec<String>,
}

fn parse_args(args: Vec<String>) -> Result<Options, String> {
    let mut folder = None;
    let mut seconds = 1.0;
    let mut limit = None;
    let mut median = false;
    let mut canon = false;
    let mut explain = false;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = |name: &str| {
            iter.next()
                .ok_or_else(|| format!("{name} needs a value"))
                .cloned()
        };
        match arg.as_str() {
            "-h" | "--help" => return Err(String::new()),
            "--seconds" => {
                let text = value("--seconds")?;
                seconds = text
                    .parse::<f64>()
                    .ok()
                    .filter(|s| s.is_finite() && *s >= 0.0)
                    .ok_or_else(|| format!("--seconds: not a number of seconds: {text}"))?;
            }
            "--limit" => {
                let text = value("--limit")?;
                let n = text
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("--limit: not a positive count: {text}"))?;
                limit = Some(n);
            }
            "--median" => median = true,
            "--canon" => canon = true,
            "--explain" => explain = true,
            flag if flag.starts_with('-') => return Err(format!("unknown option {flag}")),
            path if folder.is_none() => folder = Some(PathBuf::from(path)),
            extra => return Err(format!("unexpected argument {extra}")),
        }
    }
    Ok(Options {
        folder: folder.unwrap_or_else(default_folder),
        seconds,
        limit,
        median,
        canon,
        explain,
        args,
    })
}

/// The timed passes, in the order they run within a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pass {
    SudokitFirst,
    CrateFirst,
    SudokitCount2,
    CrateCount2,
    SudokitLexmin,
}

const ROUND: [Pass; 5] = [
    Pass::SudokitFirst,
    Pass::CrateFirst,
    Pass::SudokitCount2,
    Pass::CrateCount2,
    Pass::SudokitLexmin,
];

/// Seconds of the slowest engine per timed chunk of a collection.
const CHUNK_SECONDS: f64 = 0.003;

/// Rounds over the chunks at least, however short `--seconds`.
const MIN_ROUNDS: usize = 3;

/// The durations of one engine's passes (over one chunk of a collection).
#[derive(Default)]
struct Timings {
    passes: Vec<Duration>,
    total: Duration,
}

impl Timings {
    fn record(&mut self, duration: Duration) {
        self.passes.push(duration);
        self.total += duration;
    }

    /// The best pass, or the median one.
    fn pick(&self, median: bool) -> Duration {
        let mut sorted = self.passes.clone();
        sorted.sort();
        if median {
            sorted[sorted.len() / 2]
        } else {
            sorted[0]
        }
    }
}

/// The answers of one pass of each measurement, one entry per puzzle.
#[derive(Clone, PartialEq)]
struct Answers {
    sudokit_first: Vec<Option<Grid>>,
    sudokit_lexmin: Vec<Option<Grid>>,
    /// A board whose givens clash counts 0, as in the crate.
    sudokit_count2: Vec<u64>,
    crate_first: Vec<Option<Sudoku>>,
    crate_count2: Vec<usize>,
}

impl Answers {
    fn new(n: usize) -> Answers {
        Answers {
            sudokit_first: vec![None; n],
            sudokit_lexmin: vec![None; n],
            sudokit_count2: vec![0; n],
            crate_first: vec![None; n],
            crate_count2: vec![0; n],
        }
    }
}

/// One row of the table.
struct Row {
    name: String,
    puzzles: usize,
    total: usize,
    /// Puzzles per second, by [`Pass`] in [`ROUND`] order.
    rates: [f64; 5],
    guesses_per_puzzle: f64,
    no_guess_share: f64,
    rounds: usize,
}

/// Runs `pass` over the puzzles in `range`, writing their answers; returns its duration.
fn run_pass(
    pass: Pass,
    solver: &mut Solver,
    grids: &[Grid],
    peers: &[Sudoku],
    answers: &mut Answers,
    range: Range<usize>,
) -> Duration {
    let (grids, peers) = (&grids[range.clone()], &peers[range.clone()]);
    let start = Instant::now();
    match pass {
        // The boards together, two searches side by side, as the command
        // line's bulk runs answer `solve`, `solve --first` and `count`
        // (`Solver::expect_solve`, `expect_first`, `expect_count`).
        Pass::SudokitFirst => {
            let found = solver.solve_first_all(black_box(grids));
            for (out, answer) in answers.sudokit_first[range.clone()].iter_mut().zip(found) {
                *out = black_box(answer.ok());
            }
        }
        Pass::SudokitLexmin => {
            let found = solver.solve_all(black_box(grids));
            for (out, answer) in answers.sudokit_lexmin[range.clone()].iter_mut().zip(found) {
                *out = black_box(answer.ok());
            }
        }
        Pass::SudokitCount2 => {
            let counts = solver.count_all(black_box(grids), 2);
            for (out, count) in answers.sudokit_count2[range.clone()].iter_mut().zip(counts) {
                *out = black_box(count.unwrap_or(0));
            }
        }
        Pass::CrateFirst => {
            for (peer, out) in peers.iter().zip(&mut answers.crate_first[range.clone()]) {
                *out = black_box(black_box(*peer).some_solution());
            }
        }
        Pass::CrateCount2 => {
            for (peer, out) in peers.iter().zip(&mut answers.crate_count2[range.clone()]) {
                *out = black_box(black_box(*peer).solutions_count_up_to(2));
            }
        }
    }
    start.elapsed()
}

/// Checks every answer of a round: solutions valid, counts equal across engines,
/// and the lexmin solution no larger than any other solution found.
fn verify(collection: &Collection, answers: &Answers) -> Result<(), String> {
    for (i, puzzle) in collection.puzzles.iter().enumerate() {
        let grid = &puzzle.grid;
        let fail = |what: String| {
            format!(
                "{} line {} ({}): {what}",
                collection.path.display(),
                puzzle.line,
                grid.to_line()
            )
        };
        let count = answers.sudokit_count2[i];
        let crate_count = answers.crate_count2[i];
        if count != crate_count as u64 {
            return Err(fail(format!(
                "count to 2 differs: sudokit {count}, sudoku crate {crate_count}"
            )));
        }
        let crate_first = answers.crate_first[i].as_ref().map(from_peer);
        let found = [
            ("sudokit solve_first", answers.sudokit_first[i]),
            ("sudokit solve (lexmin)", answers.sudokit_lexmin[i]),
            ("sudoku crate some_solution", crate_first),
        ];
        for (engine, solution) in found {
            match (count, solution) {
                (0, None) => {}
                (0, Some(solution)) => {
                    return Err(fail(format!(
                        "{engine} returned {solution} where both engines count no solution"
                    )))
                }
                (_, None) => {
                    return Err(fail(format!(
                        "{engine} found no solution where both engines count {count}"
                    )))
                }
                (_, Some(solution)) if !solution.is_solution_of(grid) => {
                    return Err(fail(format!(
                        "{engine} returned {solution}, not a solution"
                    )))
                }
                _ => {}
            }
        }
        if let [(_, Some(first)), (_, Some(lexmin)), (_, Some(peer))] = found {
            if count == 1 && (first != lexmin || first != peer) {
                return Err(fail(format!(
                    "one solution, but the engines differ: first {first}, lexmin {lexmin}, \
                     crate {peer}"
                )));
            }
            if lexmin > first || lexmin > peer {
                return Err(fail(format!(
                    "sudokit solve returned {lexmin}, not the smallest: first {first}, \
                     crate {peer}"
                )));
            }
        }
    }
    Ok(())
}

/// Names the first puzzle where a later pass answered differently from the first round.
fn same_answers(
    collection: &Collection,
    pass: Pass,
    now: &Answers,
    first: &Answers,
) -> Result<(), String> {
    let differs = |i: usize| match pass {
        Pass::SudokitFirst => now.sudokit_first[i] != first.sudokit_first[i],
        Pass::SudokitLexmin => now.sudokit_lexmin[i] != first.sudokit_lexmin[i],
        Pass::SudokitCount2 => now.sudokit_count2[i] != first.sudokit_count2[i],
        Pass::CrateFirst => now.crate_first[i] != first.crate_first[i],
        Pass::CrateCount2 => now.crate_count2[i] != first.crate_count2[i],
    };
    match (0..collection.puzzles.len()).find(|&i| differs(i)) {
        None => Ok(()),
        Some(i) => Err(format!(
            "{} line {}: {pass:?} answered differently from its first pass",
            collection.path.display(),
            collection.puzzles[i].line
        )),
    }
}

/// Times every engine on one collection.
fn measure(collection: &Collection, options: &Options) -> Result<Row, String> {
    let grids: Vec<Grid> = collection.puzzles.iter().map(|p| p.grid).collect();
    let peers: Vec<Sudoku> = grids.iter().map(to_peer).collect();
    let n = grids.len();
    let mut row = Row {
        name: collection.name.clone(),
        puzzles: n,
        total: collection.total,
        rates: [f64::NAN; 5],
        guesses_per_puzzle: f64::NAN,
        no_guess_share: f64::NAN,
        rounds: 0,
    };
    if n == 0 {
        return Ok(row);
    }
    let budget = Duration::from_secs_f64(options.seconds);
    let mut answers = Answers::new(n);
    let mut solver = Solver::new();
    // A first round over the whole collection: every answer checked, the
    // guesses counted, and the slowest engine's time sets the chunk size.
    let mut slowest = Duration::ZERO;
    for pass in ROUND {
        let before = solver.stats();
        let took = run_pass(pass, &mut solver, &grids, &peers, &mut answers, 0..n);
        slowest = slowest.max(took);
        if pass == Pass::SudokitCount2 {
            let after = solver.stats();
            let puzzles = (after.puzzles - before.puzzles) as f64;
            row.guesses_per_puzzle = (after.guesses - before.guesses) as f64 / puzzles;
            row.no_guess_share =
                100.0 * (after.solved_without_guess - before.solved_without_guess) as f64 / puzzles;
        }
    }
    verify(collection, &answers)?;
    let reference = answers.clone();
    // Then rounds over chunks of about CHUNK_SECONDS for the slowest engine,
    // the engines alternating chunk by chunk (each round starting with the
    // next one): a burst of noise on a shared machine spoils one chunk of
    // one engine, whose best (or median) time over the rounds is kept.
    let chunks = ((slowest.as_secs_f64() / CHUNK_SECONDS).ceil() as usize).clamp(1, n);
    let size = n.div_ceil(chunks);
    let ranges: Vec<Range<usize>> = (0..n)
        .step_by(size)
        .map(|at| at..(at + size).min(n))
        .collect();
    let mut timings: Vec<[Timings; 5]> = ranges.iter().map(|_| Default::default()).collect();
    let started = Instant::now();
    while row.rounds < MIN_ROUNDS || started.elapsed() < budget * ROUND.len() as u32 {
        for (range, timing) in ranges.iter().zip(&mut timings) {
            for turn in 0..ROUND.len() {
                let slot = (turn + row.rounds) % ROUND.len();
                let took = run_pass(
                    ROUND[slot],
                    &mut solver,
                    &grids,
                    &peers,
                    &mut answers,
                    range.clone(),
                );
                timing[slot].record(took);
            }
        }
        for pass in ROUND {
            same_answers(collection, pass, &answers, &reference)?;
        }
        row.rounds += 1;
    }
    for (slot, rate) in row.rates.iter_mut().enumerate() {
        let total: Duration = timings.iter().map(|t| t[slot].pick(options.median)).sum();
        *rate = n as f64 / total.as_secs_f64();
    }
    Ok(row)
}

/// `1234567.8` as `1,234,568`.
fn thousands(value: f64) -> String {
    if !value.is_finite() {
        return "-".to_string();
    }
    let digits = format!("{:.0}", value);
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn fixed(value: f64, decimals: usize, suffix: &str) -> String {
    if value.is_finite() {
        format!("{value:.decimals$}{suffix}")
    } else {
        "-".to_string()
    }
}

fn table(rows: &[Row]) -> String {
    let mut out = String::new();
    out.push_str(
        "| collection | puzzles | sudokit first /s | sudokit lexmin /s | sudokit count-2 /s \
         | sudoku crate first /s | sudoku crate count-2 /s | first ratio | count-2 ratio \
         | lexmin / crate count-2 | guesses/puzzle | no-guess % |\n",
    );
    out.push_str("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for row in rows {
        let [first, crate_first, count2, crate_count2, lexmin] = row.rates;
        let puzzles = if row.puzzles == row.total {
            thousands(row.puzzles as f64)
        } else {
            format!(
                "{} of {}",
                thousands(row.puzzles as f64),
                thousands(row.total as f64)
            )
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            row.name,
            puzzles,
            thousands(first),
            thousands(lexmin),
            thousands(count2),
            thousands(crate_first),
            thousands(crate_count2),
            fixed(first / crate_first, 2, "×"),
            fixed(count2 / crate_count2, 2, "×"),
            // The speed goal times `sudokit solve` (lexmin) against the
            // crate's count-2: each is the default exact answer of its tool.
            fixed(lexmin / crate_count2, 2, "×"),
            fixed(row.guesses_per_puzzle, 2, ""),
            fixed(row.no_guess_share, 1, ""),
        );
    }
    out
}

/// The CPU model and the number of logical CPUs.
fn machine() -> String {
    let cpuinfo = fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |key: &str| {
        cpuinfo.lines().find_map(|line| {
            let (name, value) = line.split_once(':')?;
            (name.trim() == key).then(|| value.trim().to_string())
        })
    };
    let model = field("model name")
        .or_else(|| field("Model"))
        .or_else(|| field("cpu model"))
        .unwrap_or_else(|| "unknown CPU".to_string());
    // A virtual machine may name only the vendor line ("AMD EPYC"): add the
    // family and model numbers, which tell the generation.
    let model = match (field("cpu family"), field("model")) {
        (Some(family), Some(number)) => format!("{model} (family {family}, model {number})"),
        _ => model,
    };
    let listed = cpuinfo
        .lines()
        .filter(|line| line.split(':').next().map(str::trim) == Some("processor"))
        .count();
    let cores = std::thread::available_parallelism().map_or(listed, |n| n.get());
    format!(
        "{model}, {cores} logical CPUs; sudokit engine: {}, first solutions {} at a time",
        sudokit::Solver::engine(),
        if sudokit::Solver::first_solutions_in_step() {
            "two"
        } else {
            "one"
        }
    )
}

/// `folder` relative to the workspace root when it lies in or beside it.
fn shown(folder: &Path) -> String {
    let (Ok(folder), Ok(root)) = (folder.canonicalize(), workspace_root().canonicalize()) else {
        return folder.display().to_string();
    };
    if let Ok(inside) = folder.strip_prefix(&root) {
        return inside.display().to_string();
    }
    if let Some(beside) = root
        .parent()
        .and_then(|parent| folder.strip_prefix(parent).ok())
    {
        return Path::new("..").join(beside).display().to_string();
    }
    folder.display().to_string()
}

/// The command that made a table, for its footnote.
fn command_line(options: &Options) -> String {
    let mut command = "cargo run --release -p sudokit-bench".to_string();
    if !options.args.is_empty() {
        command.push_str(" --");
        for arg in &options.args {
            command.push(' ');
            command.push_str(arg);
        }
    }
    command
}

/// Times canonical forms on every collection and prints their table.
fn canon_table(collections: &[Collection], options: &Options) -> ExitCode {
    let mut rows = Vec::new();
    for collection in collections {
        let start = Instant::now();
        match canon::measure(collection, options) {
            Ok(row) => {
                eprintln!(
                    "  {}: {:.1} s, all answers checked",
                    collection.name,
                    start.elapsed().as_secs_f64()
                );
                rows.push(row);
            }
            Err(message) => {
                eprintln!("sudokit-bench: wrong answer: {message}");
                return ExitCode::FAILURE;
            }
        }
    }
    print!("{}", canon::table(&rows));
    println!();
    println!(
        "Machine: {}; one thread. Rates are boards per second, the {} pass (each timed for at \
         least {} s per collection, at least {} pass(es)). Solution grids are those of the puzzles \
         with one solution; there both libraries compute the minlex grid and agree on every form \
         and automorphism count. Folder: `{}`. Command: `{}`",
        machine(),
        if options.median { "median" } else { "best" },
        options.seconds,
        canon::min_rounds(&rows).max(1),
        shown(&options.folder),
        command_line(options)
    );
    ExitCode::SUCCESS
}

/// Explains every puzzle of every collection and prints their table.
fn explain_table(collections: &[Collection], options: &Options) -> ExitCode {
    let mut rows = Vec::new();
    for collection in collections {
        let start = Instant::now();
        match explain::measure(collection) {
            // A collection without unique puzzles (serg's) has nothing to explain.
            Ok(row) if row.is_empty() => {
                eprintln!(
                    "  {}: no puzzle with one solution, skipped",
                    collection.name
                );
            }
            Ok(row) => {
                eprintln!(
                    "  {}: {:.1} s, every step checked against the solution",
                    collection.name,
                    start.elapsed().as_secs_f64()
                );
                rows.push(row);
            }
            Err(message) => {
                eprintln!("sudokit-bench: wrong step: {message}");
                return ExitCode::FAILURE;
            }
        }
    }
    print!("{}", explain::table(&rows));
    println!();
    println!(
        "Machine: {}; one thread. Each puzzle with one solution explained whole once by each \
         engine, alternating; times include counting the solutions. The crate's strategy solver \
         stops where its techniques run out. Folder: `{}`. Command: `{}`",
        machine(),
        shown(&options.folder),
        command_line(options)
    );
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let options = match parse_args(env::args().skip(1).collect()) {
        Ok(options) => options,
        Err(message) if message.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("sudokit-bench: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let collections = match load_folder(&options.folder, options.limit) {
        Ok(collections) if collections.is_empty() => {
            eprintln!(
                "sudokit-bench: no *.txt collection in {}",
                options.folder.display()
            );
            return ExitCode::FAILURE;
        }
        Ok(collections) => collections,
        Err(error) => {
            eprintln!("sudokit-bench: {error}");
            return ExitCode::FAILURE;
        }
    };
    eprintln!(
        "sudokit-bench: {} collections in {}, at least {} s per engine each",
        collections.len(),
        shown(&options.folder),
        options.seconds
    );
    if options.canon {
        return canon_table(&collections, &options);
    }
    if options.explain {
        return explain_table(&collections, &options);
    }
    let mut rows = Vec::new();
    for collection in &collections {
        let start = Instant::now();
        match measure(collection, &options) {
            Ok(row) => {
                eprintln!(
                    "  {}: {} puzzles, {} round(s), {:.1} s, all answers checked",
                    row.name,
                    row.puzzles,
                    row.rounds,
                    start.elapsed().as_secs_f64()
                );
                rows.push(row);
            }
            Err(message) => {
                eprintln!("sudokit-bench: wrong answer: {message}");
                return ExitCode::FAILURE;
            }
        }
    }
    let command = command_line(&options);
    let min_rounds = rows.iter().map(|row| row.rounds).min().unwrap_or(0);
    print!("{}", table(&rows));
    println!();
    let mut generation = Vec::new();
    for symmetry in [sudokit::Symmetry::None, sudokit::Symmetry::Central] {
        match generate::measure(symmetry, options.seconds, options.median) {
            Ok(row) => {
                eprintln!(
                    "  generate, {symmetry} symmetry: {} round(s) of {} puzzles, all checked",
                    row.rounds,
                    generate::PUZZLES_PER_PASS
                );
                generation.push(row);
            }
            Err(message) => {
                eprintln!("sudokit-bench: wrong answer: {message}");
                return ExitCode::FAILURE;
            }
        }
    }
    print!("{}", generate::table(&generation));
    println!();
    println!(
        "Machine: {}; one thread. Rates are puzzles per second: each collection is cut into \
         chunks of about 3 ms, the engines alternate chunk by chunk for about {} s each \
         ({} rounds at least), and each chunk's {} time per engine is summed; ratios are \
         sudokit / sudoku crate 0.8 (JCZSolve port); guesses and no-guess share from sudokit's \
         count-2 run. Generation: passes of {} puzzles, alternating engines, each timed for at \
         least {} s, every puzzle checked unique. Folder: `{}`. Command: `{}`",
        machine(),
        options.seconds,
        min_rounds.max(MIN_ROUNDS),
        if options.median { "median" } else { "best" },
        generate::PUZZLES_PER_PASS,
        options.seconds,
        shown(&options.folder),
        command
    );
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_groups_digits() {
        assert_eq!(thousands(0.4), "0");
        assert_eq!(thousands(999.0), "999");
        assert_eq!(thousands(1000.0), "1,000");
        assert_eq!(thousands(1234567.8), "1,234,568");
        assert_eq!(thousands(f64::NAN), "-");
    }

    #[test]
    fn arguments_parse() {
        let args = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let options = parse_args(args(&["dir", "--seconds", "0.5", "--limit", "10"])).unwrap();
        assert_eq!(options.folder, PathBuf::from("dir"));
        assert_eq!((options.seconds, options.limit), (0.5, Some(10)));
        assert!(!options.median);
        assert!(parse_args(args(&["--limit", "0"])).is_err());
        assert!(parse_args(args(&["--seconds"])).is_err());
        assert!(parse_args(args(&["a", "b"])).is_err());
        assert_eq!(parse_args(args(&["--help"])).err(), Some(String::new()));
    }

    #[test]
    fn a_small_run_checks_out() {
        let collections = load_folder(&sudokit_bench::sample_folder(), Some(20)).unwrap();
        let options = parse_args(vec!["--seconds".into(), "0".into()]).unwrap();
        for collection in &collections {
            let row = measure(collection, &options).unwrap();
            assert_eq!(row.puzzles, 20);
            assert!(row.rates.iter().all(|rate| *rate > 0.0));
            // The guesses reported are those of counting to two, counted again here.
            let mut solver = Solver::new();
            for puzzle in &collection.puzzles {
                solver.count_solutions(&puzzle.grid, 2).unwrap();
            }
            let expected = solver.stats().guesses as f64 / 20.0;
            assert_eq!(row.guesses_per_puzzle, expected, "{}", collection.name);
        }
    }

    #[test]
    fn a_wrong_count_is_caught() {
        let collections = load_folder(&sudokit_bench::sample_folder(), Some(3)).unwrap();
        let collection = &collections[0];
        let grids: Vec<Grid> = collection.puzzles.iter().map(|p| p.grid).collect();
        let peers: Vec<Sudoku> = grids.iter().map(to_peer).collect();
        let mut answers = Answers::new(grids.len());
        let mut solver = Solver::new();
        for pass in ROUND {
            run_pass(
                pass,
                &mut solver,
                &grids,
                &peers,
                &mut answers,
                0..grids.len(),
            );
        }
        verify(collection, &answers).unwrap();
        let mut wrong = answers.clone();
        wrong.sudokit_count2[1] = 2;
        let message = verify(collection, &wrong).unwrap_err();
        assert!(message.contains("line 2"), "{message}");
        let mut wrong = answers.clone();
        wrong.crate_first[0] = Some(to_peer(&grids[0]));
        assert!(verify(collection, &wrong)
            .unwrap_err()
            .contains("not a solution"));
    }
}
