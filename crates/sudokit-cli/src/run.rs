//! The bulk pipeline: stream records from each input in chunks, answer a chunk
//! on every core while the next one is read, print answers in input order.

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use sudokit::{Record, Records, Solver};

use crate::answer::{self, Answered, Outcome, Question};
use crate::OutputFormat;

/// Records answered together: large enough that the threads rarely wait for
/// each other, small enough that memory stays flat whatever the input's size.
const CHUNK_RECORDS: usize = 4096;

/// Records answered together on one thread, where no thread waits: few
/// enough that a chunk's records and answers stay in the core's cache.
const SERIAL_CHUNK_RECORDS: usize = 256;

/// Everything a run needs, resolved once from the command line.
pub struct Config {
    pub question: Question,
    pub files: Vec<PathBuf>,
    pub format: Option<OutputFormat>,
    pub threads: Option<usize>,
    pub stats: bool,
}

/// Runs the question over every input; returns the exit status.
pub fn run(config: &Config) -> anyhow::Result<u8> {
    let threads = config
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start worker threads")?;
    let inputs: Vec<PathBuf> = if config.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        config.files.clone()
    };
    let bytes_read = Arc::new(AtomicU64::new(0));
    let mut progress = Progress::new(&inputs);
    let mut printer = Printer::new(config.format, config.question);
    // The run's number of the next chunk's first record, over all inputs.
    let mut first_index = 0u64;
    let started = Instant::now();

    for path in &inputs {
        let name = display_name(path);
        let reader = match open(path) {
            Ok(reader) => reader,
            Err(error) => {
                printer.report(&format!("sudokit: cannot read {name}: {error}"));
                printer.status = printer.status.max(2);
                continue;
            }
        };
        let mut records = Records::new(BufReader::with_capacity(
            1 << 16,
            CountingReader {
                inner: reader,
                count: Arc::clone(&bytes_read),
            },
        ));
        let mut read_error = None;
        let chunk_records = if threads == 1 {
            SERIAL_CHUNK_RECORDS
        } else {
            CHUNK_RECORDS
        };
        let mut chunk = read_chunk(&mut records, &mut read_error, chunk_records);
        let mut records_in_file = 0usize;
        // Answers wait one round to be printed, so that printing one chunk,
        // answering the next and reading the one after all overlap.
        let mut previous: Vec<Answered> = Vec::new();
        while !chunk.is_empty() {
            records_in_file += chunk.len();
            let chunk_index = first_index;
            first_index += chunk.len() as u64;
            let (next, answers, printed) = if threads == 1 {
                let printed = print_all(&mut printer, &previous, &name);
                let answers = answer_serially(config.question, chunk, chunk_index);
                (
                    read_chunk(&mut records, &mut read_error, chunk_records),
                    answers,
                    printed,
                )
            } else {
                // Reading and printing take a thread each while the other
                // threads answer; whichever finishes first helps answering.
                pool.install(|| {
                    let (next, (answers, printed)) = rayon::join(
                        || read_chunk(&mut records, &mut read_error, chunk_records),
                        || {
                            rayon::join(
                                || answer_in_parallel(config.question, chunk, chunk_index),
                                || print_all(&mut printer, &previous, &name),
                            )
                        },
                    );
                    (next, answers, printed)
                })
            };
            if printed.is_err() {
                // stdout is gone (`sudokit solve big.txt | head`): stop quietly.
                return Ok(printer.status);
            }
            progress.update(bytes_read.load(Ordering::Relaxed), printer.answered);
            previous = answers;
            chunk = next;
        }
        if print_all(&mut printer, &previous, &name).is_err() {
            return Ok(printer.status);
        }
        progress.update(bytes_read.load(Ordering::Relaxed), printer.answered);
        if let Some(error) = read_error {
            printer.report(&format!("sudokit: error reading {name}: {error}"));
            printer.status = printer.status.max(2);
        } else if records_in_file == 0 {
            printer.report(&format!("sudokit: {name}: no puzzle found"));
            printer.status = printer.status.max(2);
        }
    }
    progress.finish();
    if printer.finish().is_err() {
        return Ok(printer.status);
    }
    if config.stats {
        printer.report(&summary(&printer, started.elapsed(), threads));
    }
    Ok(printer.status)
}

fn display_name(path: &std::path::Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

fn open(path: &std::path::Path) -> io::Result<Box<dyn Read + Send>> {
    if path.as_os_str() == "-" {
        Ok(Box::new(io::stdin()))
    } else {
        Ok(Box::new(File::open(path)?))
    }
}

/// Reads up to `size` records; an I/O error ends the input and is kept.
fn read_chunk<R: BufRead>(
    records: &mut Records<R>,
    error: &mut Option<io::Error>,
    size: usize,
) -> Vec<Record> {
    let mut chunk = Vec::with_capacity(size);
    if error.is_some() {
        return chunk;
    }
    for item in records.by_ref() {
        match item {
            Ok(record) => chunk.push(record),
            Err(read_error) => {
                *error = Some(read_error);
                break;
            }
        }
        if chunk.len() == size {
            break;
        }
    }
    chunk
}

/// Prints a chunk's answers in order; an error means stdout is gone.
fn print_all(printer: &mut Printer, answers: &[Answered], file: &str) -> io::Result<()> {
    answers
        .iter()
        .try_for_each(|answered| printer.print(answered, file))
}

/// Answers a chunk whose first record is the run's record number `first_index`.
fn answer_serially(question: Question, chunk: Vec<Record>, first_index: u64) -> Vec<Answered> {
    thread_local! {
        static SOLVER: std::cell::RefCell<Solver> = std::cell::RefCell::new(Solver::new());
    }
    SOLVER.with(|solver| {
        let mut solver = solver.borrow_mut();
        (first_index..)
            .zip(chunk)
            .map(|(index, record)| answer::answer(&mut solver, question, record, index))
            .collect()
    })
}

fn answer_in_parallel(question: Question, chunk: Vec<Record>, first_index: u64) -> Vec<Answered> {
    chunk
        .into_par_iter()
        .enumerate()
        .with_min_len(64)
        .map_init(Solver::new, |solver, (offset, record)| {
            answer::answer(solver, question, record, first_index + offset as u64)
        })
        .collect()
}

/// Counts the bytes the records reader has taken, for the progress bar.
struct CountingReader {
    inner: Box<dyn Read + Send>,
    count: Arc<AtomicU64>,
}

impl Read for CountingReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// Writes answers in order to buffered stdout and diagnostics to stderr, and
/// keeps the exit status.
struct Printer {
    stdout: io::BufWriter<io::Stdout>,
    format: Option<OutputFormat>,
    question: Question,
    buffer: Vec<u8>,
    /// Records printed so far, over all inputs.
    answered: u64,
    guesses: u64,
    without_guess: u64,
    /// A lone failed record prints nothing; its empty line waits for a second record.
    first_failed: bool,
    previous_multiline: bool,
    status: u8,
}

impl Printer {
    fn new(format: Option<OutputFormat>, question: Question) -> Printer {
        Printer {
            stdout: io::BufWriter::with_capacity(1 << 16, io::stdout()),
            format,
            question,
            buffer: Vec::with_capacity(256),
            answered: 0,
            guesses: 0,
            without_guess: 0,
            first_failed: false,
            previous_multiline: false,
            status: 0,
        }
    }

    fn print(&mut self, answered: &Answered, file: &str) -> io::Result<()> {
        self.answered += 1;
        self.guesses += answered.guesses;
        self.without_guess += u64::from(answered.guesses == 0);
        self.status = self.status.max(answered.outcome.exit_status());
        if let Some(message) = answer::diagnostic(answered, file) {
            self.stdout.flush()?;
            self.report(&message);
        }
        self.buffer.clear();
        let failed = matches!(
            answered.outcome,
            Outcome::NoSolution | Outcome::Invalid(_) | Outcome::Unreadable(_)
        );
        if self.format == Some(OutputFormat::Json) {
            answer::write_answer(&mut self.buffer, answered, file, self.format, self.question);
            return self.stdout.write_all(&self.buffer);
        }
        if self.answered == 1 && failed {
            self.first_failed = true;
            return Ok(());
        }
        if self.answered == 2 && self.first_failed {
            self.buffer.push(b'\n');
        }
        let multiline = answer::is_multiline(answered, self.format);
        if self.answered > 1 && (multiline || self.previous_multiline) {
            self.buffer.push(b'\n');
        }
        answer::write_answer(&mut self.buffer, answered, file, self.format, self.question);
        self.previous_multiline = multiline;
        self.stdout.write_all(&self.buffer)
    }

    fn report(&self, message: &str) {
        let mut stderr = io::stderr().lock();
        let _ = writeln!(stderr, "{message}");
    }

    fn finish(&mut self) -> io::Result<()> {
        self.stdout.flush()
    }
}

fn summary(printer: &Printer, elapsed: Duration, threads: usize) -> String {
    let records = printer.answered.max(1) as f64;
    let seconds = elapsed.as_secs_f64();
    let mut line = format!(
        "sudokit: {} records in {:.3} s ({:.0}/s) on {} thread{}",
        printer.answered,
        seconds,
        printer.answered as f64 / seconds.max(1e-9),
        threads,
        if threads == 1 { "" } else { "s" },
    );
    // Canonical forms and transformations make no guesses worth reporting.
    if printer.question.searches() {
        line.push_str(&format!(
            "; {:.2} guesses per record, {:.1}% without a guess",
            printer.guesses as f64 / records,
            100.0 * printer.without_guess as f64 / records,
        ));
    }
    line
}

/// A progress bar on stderr for bulk runs, shown only when stderr is a
/// terminal and the input is more than one chunk long.
struct Progress {
    bar: ProgressBar,
    shown: bool,
}

impl Progress {
    fn new(inputs: &[PathBuf]) -> Progress {
        let total: Option<u64> = inputs
            .iter()
            .map(|path| {
                (path.as_os_str() != "-")
                    .then(|| std::fs::metadata(path).ok())
                    .flatten()
                    .filter(|meta| meta.is_file())
                    .map(|meta| meta.len())
            })
            .sum();
        let bar = match total {
            Some(bytes) => ProgressBar::with_draw_target(Some(bytes), ProgressDrawTarget::hidden())
                .with_style(
                    ProgressStyle::with_template(
                        "{bar:40} {percent:>3}% {msg} puzzles, {elapsed} elapsed, {eta} left",
                    )
                    .expect("a valid template"),
                ),
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()).with_style(
                ProgressStyle::with_template("{spinner} {msg} puzzles, {elapsed} elapsed")
                    .expect("a valid template"),
            ),
        };
        Progress { bar, shown: false }
    }

    fn update(&mut self, bytes: u64, answered: u64) {
        if !self.shown && answered >= CHUNK_RECORDS as u64 && io::stderr().is_terminal() {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
        self.bar.set_position(bytes);
        self.bar.set_message(answered.to_string());
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
