//! The bulk pipeline: stream records from each input in chunks, answer each
//! chunk whole on a pool thread while the next ones are read, print answers in
//! input order.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sudokit::{Record, Records, Solver};

use crate::answer::{self, Outcome, Question};
use crate::OutputFormat;

/// Records a pool thread answers together, at most: enough that handing them
/// out costs little, few enough that a chunk's records and answers stay in
/// the core's cache.
const CHUNK_RECORDS: usize = 256;

/// Chunks per thread a file is cut into at least, so that the threads finish
/// it together: the last chunk handed out is short.
const CHUNKS_PER_THREAD: u64 = 16;

/// Bytes of a board on one line, 81 cells and a line ending: the usual
/// size of a record read and of an answer written.
const LINE_BYTES: usize = 82;

/// Chunks handed to the pool and not yet printed, per thread: enough that no
/// thread waits for the reader, few enough that memory stays flat whatever
/// the input's size.
const CHUNKS_IN_FLIGHT_PER_THREAD: usize = 8;

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
    // One thread answers on the main thread: no pool to start.
    let workers = if threads == 1 {
        None
    } else {
        Some(Workers {
            pool: rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .context("cannot start worker threads")?,
            threads,
        })
    };
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
        // Bytes are counted for the progress bar only: the counting wrapper
        // has no `read_buf`, so its buffer is zeroed before the first read.
        let reader: Box<dyn Read + Send> = if progress.is_drawn() {
            Box::new(CountingReader {
                inner: reader,
                count: Arc::clone(&bytes_read),
            })
        } else {
            reader
        };
        let mut input = Input {
            records: Records::new(BufReader::with_capacity(1 << 16, reader)),
            error: None,
        };
        let job = Arc::new(Job {
            question: config.question,
            format: config.format,
            file: name.clone(),
        });
        let answered = match &workers {
            None => answer_file_serially(&job, &mut input, &mut printer, &mut first_index),
            Some(workers) => answer_file_on_pool(
                workers,
                chunk_records(path, threads),
                &job,
                &mut input,
                &mut printer,
                &mut first_index,
                &mut |printer: &Printer| {
                    progress.update(bytes_read.load(Ordering::Relaxed), printer.answered)
                },
            ),
        };
        let Ok(records_in_file) = answered else {
            // stdout is gone (`sudokit solve big.txt | head`): stop quietly.
            return Ok(printer.status);
        };
        progress.update(bytes_read.load(Ordering::Relaxed), printer.answered);
        if let Some(error) = input.error {
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

/// Answers every record of one input on this thread, printing as it goes;
/// returns the number of records, or an error once stdout is gone.
fn answer_file_serially<R: BufRead>(
    job: &Job,
    input: &mut Input<R>,
    printer: &mut Printer,
    first_index: &mut u64,
) -> io::Result<usize> {
    let mut records_in_file = 0usize;
    loop {
        let chunk = input.read_chunk(SERIAL_CHUNK_RECORDS);
        if chunk.is_empty() {
            return Ok(records_in_file);
        }
        records_in_file += chunk.len();
        let start = *first_index;
        *first_index += chunk.len() as u64;
        printer.print(&job.answer(chunk, start))?;
    }
}

/// Answers every record of one input on the pool: this thread reads chunks
/// and hands each to the pool whole (one thread answers a chunk, so its
/// records stay in that core's cache), then prints the answers in input
/// order as they come back. Returns the number of records, or an error once
/// stdout is gone.
fn answer_file_on_pool<R: BufRead>(
    workers: &Workers,
    chunk_records: usize,
    job: &Arc<Job>,
    input: &mut Input<R>,
    printer: &mut Printer,
    first_index: &mut u64,
    on_progress: &mut dyn FnMut(&Printer),
) -> io::Result<usize> {
    let (done, answered) = mpsc::channel::<(u64, AnsweredChunk)>();
    // Chunks handed out and printed so far; answers that came back early.
    let (mut sent, mut printed) = (0u64, 0u64);
    let mut early: BTreeMap<u64, AnsweredChunk> = BTreeMap::new();
    let in_flight_limit = (CHUNKS_IN_FLIGHT_PER_THREAD * workers.threads) as u64;
    let mut records_in_file = 0usize;
    let mut input_left = true;
    while input_left || printed < sent {
        if input_left && sent - printed < in_flight_limit {
            let chunk = input.read_chunk(chunk_records);
            if chunk.is_empty() {
                input_left = false;
                continue;
            }
            records_in_file += chunk.len();
            let (sequence, start) = (sent, *first_index);
            sent += 1;
            *first_index += chunk.len() as u64;
            let (done, job) = (done.clone(), Arc::clone(job));
            workers.pool.spawn_fifo(move || {
                // The receiver is gone only if stdout is: nothing to do then.
                let _ = done.send((sequence, job.answer(chunk, start)));
            });
            // Print whatever is ready without waiting, then read on.
            while let Ok((sequence, answers)) = answered.try_recv() {
                early.insert(sequence, answers);
            }
        } else {
            let (sequence, answers) = answered.recv().expect("the pool answers every chunk");
            early.insert(sequence, answers);
        }
        while let Some(answers) = early.remove(&printed) {
            printer.print(&answers)?;
            printed += 1;
            on_progress(printer);
        }
    }
    Ok(records_in_file)
}

/// Records a pool thread answers together for the input at `path`: a small
/// file is cut into small chunks; blocks take more bytes than lines, so the
/// estimate errs towards more chunks.
fn chunk_records(path: &std::path::Path, threads: usize) -> usize {
    file_size(path).map_or(CHUNK_RECORDS, |bytes| {
        (bytes / LINE_BYTES as u64 / (CHUNKS_PER_THREAD * threads as u64))
            .clamp(1, CHUNK_RECORDS as u64) as usize
    })
}

/// The size of a regular file, if `path` names one (not stdin, not a pipe).
fn file_size(path: &std::path::Path) -> Option<u64> {
    if path.as_os_str() == "-" {
        return None;
    }
    std::fs::metadata(path)
        .ok()
        .filter(|meta| meta.is_file())
        .map(|meta| meta.len())
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

/// One input's records, and the I/O error that ended it early, if any.
struct Input<R> {
    records: Records<R>,
    error: Option<io::Error>,
}

impl<R: BufRead> Input<R> {
    /// Reads up to `size` records; an I/O error ends the input and is kept.
    fn read_chunk(&mut self, size: usize) -> Vec<Record> {
        let mut chunk = Vec::with_capacity(size);
        if self.error.is_some() {
            return chunk;
        }
        for item in self.records.by_ref() {
            match item {
                Ok(record) => chunk.push(record),
                Err(read_error) => {
                    self.error = Some(read_error);
                    break;
                }
            }
            if chunk.len() == size {
                break;
            }
        }
        chunk
    }
}

/// The worker threads of a run on more than one thread.
struct Workers {
    pool: rayon::ThreadPool,
    threads: usize,
}

/// What is asked of every record of one input, and how answers are written.
struct Job {
    question: Question,
    format: Option<OutputFormat>,
    /// The input's name for diagnostics and JSON.
    file: String,
}

/// One record's answer as text, with what the printer needs to put it in
/// its place.
struct AnsweredRecord {
    /// Where the answer's text ends in the chunk's text (it starts where the
    /// previous one ends).
    end: usize,
    /// No solution, broken rules or unreadable: the text is an empty line.
    failed: bool,
    /// The answer takes several lines, so blank lines set it apart.
    multiline: bool,
    diagnostic: Option<String>,
    guesses: u64,
    status: u8,
}

/// A chunk's answers, written on the thread that answered them.
struct AnsweredChunk {
    records: Vec<AnsweredRecord>,
    text: Vec<u8>,
}

impl Job {
    /// Answers a chunk whose first record is the run's record number
    /// `first_index`, and writes the answers out.
    fn answer(&self, chunk: Vec<Record>, first_index: u64) -> AnsweredChunk {
        thread_local! {
            static SOLVER: std::cell::RefCell<Solver> = std::cell::RefCell::new(Solver::new());
        }
        let mut answers = AnsweredChunk {
            records: Vec::with_capacity(chunk.len()),
            text: Vec::with_capacity(chunk.len() * LINE_BYTES),
        };
        SOLVER.with(|solver| {
            let mut solver = solver.borrow_mut();
            for (index, record) in (first_index..).zip(chunk) {
                let answered = answer::answer(&mut solver, self.question, record, index);
                answer::write_answer(
                    &mut answers.text,
                    &answered,
                    &self.file,
                    self.format,
                    self.question,
                );
                answers.records.push(AnsweredRecord {
                    end: answers.text.len(),
                    failed: matches!(
                        answered.outcome,
                        Outcome::NoSolution | Outcome::Invalid(_) | Outcome::Unreadable(_)
                    ),
                    multiline: answer::is_multiline(&answered, self.format),
                    diagnostic: answer::diagnostic(&answered, &self.file),
                    guesses: answered.guesses,
                    status: answered.outcome.exit_status(),
                });
            }
        });
        answers
    }
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
            answered: 0,
            guesses: 0,
            without_guess: 0,
            first_failed: false,
            previous_multiline: false,
            status: 0,
        }
    }

    /// Prints a chunk's answers in order; an error means stdout is gone.
    fn print(&mut self, answers: &AnsweredChunk) -> io::Result<()> {
        let mut start = 0;
        for record in &answers.records {
            self.print_one(record, &answers.text[start..record.end])?;
            start = record.end;
        }
        Ok(())
    }

    fn print_one(&mut self, record: &AnsweredRecord, text: &[u8]) -> io::Result<()> {
        self.answered += 1;
        self.guesses += record.guesses;
        self.without_guess += u64::from(record.guesses == 0);
        self.status = self.status.max(record.status);
        if let Some(message) = &record.diagnostic {
            self.stdout.flush()?;
            self.report(message);
        }
        if self.format == Some(OutputFormat::Json) {
            return self.stdout.write_all(text);
        }
        if self.answered == 1 && record.failed {
            self.first_failed = true;
            return Ok(());
        }
        if self.answered == 2 && self.first_failed {
            self.stdout.write_all(b"\n")?;
        }
        if self.answered > 1 && (record.multiline || self.previous_multiline) {
            self.stdout.write_all(b"\n")?;
        }
        self.previous_multiline = record.multiline;
        self.stdout.write_all(text)
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
    /// None when stderr is not a terminal: nothing is drawn or even kept.
    bar: Option<ProgressBar>,
    shown: bool,
}

impl Progress {
    fn new(inputs: &[PathBuf]) -> Progress {
        if !io::stderr().is_terminal() {
            return Progress {
                bar: None,
                shown: false,
            };
        }
        let total: Option<u64> = inputs.iter().map(|path| file_size(path)).sum();
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
        Progress {
            bar: Some(bar),
            shown: false,
        }
    }

    /// Whether there is a bar to draw (stderr is a terminal).
    fn is_drawn(&self) -> bool {
        self.bar.is_some()
    }

    fn update(&mut self, bytes: u64, answered: u64) {
        let Some(bar) = &self.bar else {
            return;
        };
        if !self.shown && answered >= CHUNK_RECORDS as u64 {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
        bar.set_position(bytes);
        bar.set_message(answered.to_string());
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
