//! The bulk pipeline: every thread takes the next chunk of records from the
//! shared reader, answers it whole, and prints its answers once every chunk
//! before it is printed; a chunk that is done early waits in a small stash.
//!
//! No thread only hands out work or only prints: a dispatcher woken once per
//! chunk costs more CPU time in context switches than it saves (measured in
//! docs/PERFORMANCE.md).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sudokit::{Grid, Record, Records, Solver};

use crate::answer::{self, Answered, Outcome, Question};
use crate::OutputFormat;

/// Records a thread answers together, at most: enough that taking a chunk
/// costs little, few enough that a chunk's records and answers stay in the
/// core's cache.
const CHUNK_RECORDS: usize = 256;

/// Chunks per thread a file is cut into at least, so that the threads finish
/// it together: the last chunk taken is short.
const CHUNKS_PER_THREAD: usize = 16;

/// Near the end of a file, each chunk takes at most this share of each
/// thread's part of the records left.
const TAIL_CHUNKS_PER_THREAD: usize = 2;

/// The exit status of a record answered with a solution
/// (`Outcome::exit_status` of `Outcome::Solved`).
const SOLVED_STATUS: u8 = 0;

/// Boards a worker needs to pay for its start: with fewer a thread each,
/// more threads gain little on the hardest boards known and lose on easy
/// ones (docs/PERFORMANCE.md, "No more threads than boards").
const BOARDS_PER_WORKER: u64 = 8;

/// Bytes of a board on one line, 81 cells and a line ending: the usual
/// size of a record read and of an answer written.
const LINE_BYTES: usize = 82;

/// Bytes of the input and output buffers. The first touch of each page of a
/// buffer costs a page fault, dear on virtual machines, and a short run
/// never reuses them; the extra system calls of a smaller buffer on large
/// files cost far less (measured in docs/PERFORMANCE.md).
const IO_BUFFER_BYTES: usize = 1 << 14;

/// Chunks taken and not yet printed, per thread, at most: enough that a
/// thread seldom waits for a slow chunk ahead of it, few enough that memory
/// stays flat whatever the input's size.
const CHUNKS_IN_FLIGHT_PER_THREAD: u64 = 8;

/// Everything a run needs, resolved once from the command line.
pub struct Config {
    pub question: Question,
    pub files: Vec<PathBuf>,
    pub format: Option<OutputFormat>,
    pub threads: Option<usize>,
    pub stats: bool,
}

/// Runs the question over every input; returns the exit status.
pub fn run(config: &Config) -> u8 {
    name_the_record_on_panic();
    let paths: Vec<PathBuf> = if config.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        config.files.clone()
    };
    let inputs: Vec<Source> = paths.into_iter().map(Source::new).collect();
    // No more threads than the inputs can give boards enough to pay for
    // their start, which on a few boards costs more than it saves
    // (docs/PERFORMANCE.md, "No more threads than boards").
    let most_workers = most_records(&inputs).map_or(usize::MAX, |records| {
        usize::try_from(records / BOARDS_PER_WORKER).unwrap_or(usize::MAX)
    });
    let threads = config
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .min(most_workers)
        .max(1);
    let progress = Progress::new(&inputs);
    let reader = Reader::new(
        inputs,
        config.question,
        config.format,
        threads,
        interrupt_flag(),
    );
    let printer = Printer::new(
        io::BufWriter::with_capacity(IO_BUFFER_BYTES, io::stdout()),
        io::stderr(),
        config.format,
        config.question,
    );
    Pipeline::new(reader, printer, progress).run(config.stats)
}

/// What the threads of a run share: answers go to `W` (stdout), diagnostics
/// to `E` (stderr).
struct Pipeline<W, E> {
    reader: Mutex<Reader>,
    /// Sequence numbers handed out so far, read without the reader's lock to
    /// keep chunks in flight within bounds.
    taken: AtomicU64,
    output: Mutex<Output<W, E>>,
    /// Signalled when printing moves on, for threads waiting for room.
    room: Condvar,
    threads: usize,
    in_flight_limit: u64,
    stdout_gone: AtomicBool,
}

impl<W: Write + Send, E: Write + Send> Pipeline<W, E> {
    fn new(mut reader: Reader, printer: Printer<W, E>, progress: Progress) -> Self {
        let threads = reader.threads;
        let bytes_read = Arc::new(AtomicU64::new(0));
        reader.count_bytes = progress.is_drawn().then(|| Arc::clone(&bytes_read));
        Pipeline {
            reader: Mutex::new(reader),
            taken: AtomicU64::new(0),
            output: Mutex::new(Output {
                printer,
                progress,
                bytes_read,
                printed: 0,
                stash: BTreeMap::new(),
                waiting: 0,
            }),
            room: Condvar::new(),
            threads,
            in_flight_limit: CHUNKS_IN_FLIGHT_PER_THREAD * threads as u64,
            stdout_gone: AtomicBool::new(false),
        }
    }

    /// Answers and prints every input on the run's threads, then the
    /// summary if `stats`; returns the exit status.
    fn run(self, stats: bool) -> u8 {
        let started = Instant::now();
        let threads = self.threads;
        if threads == 1 {
            self.work();
        } else {
            // The calling thread only waits. Working on it too (one thread
            // fewer) made two-thread runs slower (docs/PERFORMANCE.md): the
            // thread it spawns starts on its core and waits there for the
            // scheduler to move it.
            std::thread::scope(|scope| {
                // A thread the system refuses is one worker fewer; with none,
                // the calling thread does the work.
                let started = (0..threads)
                    .filter(|_| {
                        std::thread::Builder::new()
                            .spawn_scoped(scope, || self.work())
                            .is_ok()
                    })
                    .count();
                if started == 0 {
                    self.work();
                }
            });
        }
        let stdout_gone = self.stdout_gone.into_inner();
        let mut output = self
            .output
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        // stdout is gone (`sudokit solve big.txt | head`): stop quietly.
        if stdout_gone || output.printer.finish().is_err() {
            return output.printer.status;
        }
        output.progress.finish();
        if let Some(line) = limit_note(&output.printer) {
            output.printer.report(&line);
        }
        if stats {
            let line = summary(&output.printer, started.elapsed(), threads);
            output.printer.report(&line);
        }
        output.printer.status
    }

    /// One thread's loop: take, answer, print, until the inputs run out or
    /// stdout goes away.
    fn work(&self) {
        loop {
            self.wait_for_room();
            if self.stdout_gone.load(Ordering::Relaxed) {
                return;
            }
            let Some((sequence, task)) = self.take() else {
                return;
            };
            let done = match task {
                Task::Answer {
                    job,
                    chunk,
                    first_index,
                } => Done::Answers(job.answer(chunk, first_index)),
                Task::Report(message) => Done::Report(message),
            };
            if self.print_in_order(sequence, done).is_err() {
                self.stdout_gone.store(true, Ordering::Relaxed);
                // Wake the threads waiting for room, so that they stop too.
                let _guard = lock(&self.output);
                self.room.notify_all();
                return;
            }
        }
    }

    /// Waits while too many chunks are taken and not printed.
    fn wait_for_room(&self) {
        let mut output = lock(&self.output);
        while self.taken.load(Ordering::Relaxed) >= output.printed + self.in_flight_limit
            && !self.stdout_gone.load(Ordering::Relaxed)
        {
            output.waiting += 1;
            output = self
                .room
                .wait(output)
                .unwrap_or_else(PoisonError::into_inner);
            output.waiting -= 1;
        }
    }

    /// The next piece of work with its place in the output, or `None` once
    /// every input is read.
    fn take(&self) -> Option<(u64, Task)> {
        let mut reader = lock(&self.reader);
        let task = reader.next_task()?;
        Some((self.taken.fetch_add(1, Ordering::Relaxed), task))
    }

    /// Prints `done` if everything before it is printed, and whatever it
    /// unblocks; otherwise stashes it for the thread that prints its
    /// predecessor. An error means stdout is gone.
    fn print_in_order(&self, sequence: u64, done: Done) -> io::Result<()> {
        let mut output = lock(&self.output);
        if sequence != output.printed {
            output.stash.insert(sequence, done);
            return Ok(());
        }
        let mut next = Some(done);
        while let Some(done) = next {
            output.print(&done)?;
            output.printed += 1;
            let printed = output.printed;
            next = output.stash.remove(&printed);
        }
        if output.waiting > 0 {
            self.room.notify_all();
        }
        Ok(())
    }
}

/// A lock whose data stays usable if another thread panicked holding it:
/// the panic itself ends the run.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A piece of work, in input order.
enum Task {
    /// Answer a chunk whose first record is the run's record `first_index`.
    Answer {
        job: Arc<Job>,
        chunk: Vec<Record>,
        first_index: u64,
    },
    /// Report a problem with an input (cannot open, read error, empty) in
    /// its place among the answers' diagnostics.
    Report(String),
}

/// A piece of work done, waiting for its turn to print.
enum Done {
    Answers(AnsweredChunk),
    Report(String),
}

/// An input named on the command line ("-" for stdin), with its size when
/// it is a regular file, asked once: the thread cap, the chunks' sizes and
/// the progress bar all go by it.
struct Source {
    path: PathBuf,
    size: Option<u64>,
}

impl Source {
    fn new(path: PathBuf) -> Source {
        let size = file_size(&path);
        Source { path, size }
    }
}

/// The inputs, read in order, one chunk at a time.
struct Reader {
    inputs: std::vec::IntoIter<Source>,
    current: Option<OpenInput>,
    /// Where to count bytes read, when a progress bar is drawn.
    count_bytes: Option<Arc<AtomicU64>>,
    question: Question,
    format: Option<OutputFormat>,
    threads: usize,
    /// Raised by Ctrl-C.
    interrupt: &'static AtomicBool,
    /// The run's number of the next chunk's first record, over all inputs.
    first_index: u64,
}

/// The input being read.
struct OpenInput {
    input: Input<BufReader<Box<dyn Read + Send>>>,
    job: Arc<Job>,
    chunk_records: usize,
    /// The records the input holds, estimated from its size: exact for
    /// lines of 81 cells, too many for other styles. Known for files on a
    /// parallel run.
    expected_records: Option<usize>,
    records: usize,
}

impl Reader {
    fn new(
        inputs: Vec<Source>,
        question: Question,
        format: Option<OutputFormat>,
        threads: usize,
        interrupt: &'static AtomicBool,
    ) -> Reader {
        Reader {
            inputs: inputs.into_iter(),
            current: None,
            count_bytes: None,
            question,
            format,
            threads,
            interrupt,
            first_index: 0,
        }
    }

    fn next_task(&mut self) -> Option<Task> {
        loop {
            let current = match &mut self.current {
                Some(current) => current,
                None => {
                    let Source { path, size } = self.inputs.next()?;
                    let name = display_name(&path);
                    // Sizes matter only to share a file among threads.
                    let expected_records = size
                        .filter(|_| self.threads > 1)
                        .map(|bytes| (bytes / LINE_BYTES as u64) as usize);
                    let reader = match open(&path) {
                        Ok(reader) => reader,
                        Err(error) => {
                            return Some(Task::Report(format!(
                                "sudokit: cannot read {name}: {error}"
                            )))
                        }
                    };
                    // Bytes are counted for the progress bar only: the
                    // counting wrapper has no `read_buf`, so its buffer is
                    // zeroed before the first read.
                    let reader: Box<dyn Read + Send> = match &self.count_bytes {
                        Some(count) => Box::new(CountingReader {
                            inner: reader,
                            count: Arc::clone(count),
                        }),
                        None => reader,
                    };
                    self.current.insert(OpenInput {
                        input: Input {
                            records: Records::new(BufReader::with_capacity(
                                IO_BUFFER_BYTES,
                                reader,
                            )),
                            error: None,
                        },
                        job: Arc::new(Job {
                            question: self.question,
                            format: self.format,
                            file: name,
                            interrupt: self.interrupt,
                        }),
                        chunk_records: chunk_records(expected_records, self.threads),
                        expected_records,
                        records: 0,
                    })
                }
            };
            // Near the end of a file chunks shrink, so that the threads
            // finish together.
            let size = current
                .expected_records
                .map_or(current.chunk_records, |expected| {
                    (expected.saturating_sub(current.records)
                        / (TAIL_CHUNKS_PER_THREAD * self.threads))
                        .clamp(1, current.chunk_records)
                });
            let chunk = current.input.read_chunk(size);
            if !chunk.is_empty() {
                current.records += chunk.len();
                let first_index = self.first_index;
                self.first_index += chunk.len() as u64;
                return Some(Task::Answer {
                    job: Arc::clone(&current.job),
                    chunk,
                    first_index,
                });
            }
            let finished = self.current.take().expect("an input is open");
            let name = &finished.job.file;
            if let Some(error) = finished.input.error {
                return Some(Task::Report(format!(
                    "sudokit: error reading {name}: {error}"
                )));
            }
            if finished.records == 0 {
                return Some(Task::Report(format!("sudokit: {name}: no puzzle found")));
            }
        }
    }
}

/// The printing side: answers and reports go out in input order.
struct Output<W, E> {
    printer: Printer<W, E>,
    progress: Progress,
    bytes_read: Arc<AtomicU64>,
    /// Pieces of work printed so far: the sequence number printed next.
    printed: u64,
    /// Work done ahead of its turn.
    stash: BTreeMap<u64, Done>,
    /// Threads waiting for room.
    waiting: usize,
}

impl<W: Write, E: Write> Output<W, E> {
    fn print(&mut self, done: &Done) -> io::Result<()> {
        match done {
            Done::Answers(answers) => {
                self.printer.print(answers)?;
                self.progress.update(
                    self.bytes_read.load(Ordering::Relaxed),
                    self.printer.answered,
                );
            }
            Done::Report(message) => {
                self.printer.out.flush()?;
                self.printer.report(message);
                self.printer.status = self.printer.status.max(2);
            }
        }
        Ok(())
    }
}

/// Records a thread answers together for an input expected to hold
/// `expected_records` (see `OpenInput`): a small file is cut into small
/// chunks. Boards written as blocks take more bytes than lines, so for them
/// the chunks come out larger, up to twice.
fn chunk_records(expected_records: Option<usize>, threads: usize) -> usize {
    expected_records.map_or(CHUNK_RECORDS, |records| {
        (records / (CHUNKS_PER_THREAD * threads)).clamp(1, CHUNK_RECORDS)
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

/// The most records `inputs` can hold by their sizes, or `None` where an
/// input's size is unknown (stdin, a pipe). A board takes 81 characters and
/// a line ending at least (the last may lack it); only a record that is not a
/// board can be shorter, and such a record costs little to answer.
fn most_records(inputs: &[Source]) -> Option<u64> {
    inputs.iter().try_fold(0u64, |total, input| {
        Some(total.saturating_add((input.size? + 1) / LINE_BYTES as u64))
    })
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

/// What is asked of every record of one input, and how answers are written.
struct Job {
    question: Question,
    format: Option<OutputFormat>,
    /// The input's name for diagnostics and JSON.
    file: String,
    /// Raised by Ctrl-C: the chunk stops before its next record.
    interrupt: &'static AtomicBool,
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
    /// A count that stopped at its limit: there are more solutions.
    limit_reached: bool,
}

/// A chunk's answers, written on the thread that answered them.
struct AnsweredChunk {
    records: Vec<AnsweredRecord>,
    text: Vec<u8>,
    /// The diagnostic of a record whose answer panicked (a bug): the run
    /// stops there, after the answers before it.
    crashed: Option<String>,
    /// Ctrl-C stopped the chunk before its end: the run stops after it.
    interrupted: bool,
}

/// The exit status of a run stopped by a bug.
pub const INTERNAL_ERROR: u8 = 3;

/// The exit status of a run stopped by Ctrl-C (128 + SIGINT, as shells say).
pub const INTERRUPTED: u8 = 130;

/// The flag Ctrl-C raises, for every command that stops cleanly on it: a
/// run's threads stop at the next record, and the answers printed so far stay
/// whole lines, in order. The first call installs the handlers: the flag is
/// set in the signal handler itself (no thread is started for it, which a
/// short run would pay for), and a second Ctrl-C, finding it set, ends the
/// process at once with status 130.
pub(crate) fn interrupt_flag() -> &'static AtomicBool {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let sigint = signal_hook::consts::SIGINT;
        // The order matters: the shutdown is armed only once the flag is
        // set, so the first Ctrl-C sets it and the second ends the process.
        // Without handlers Ctrl-C keeps its default: the run ends at once.
        let _ = signal_hook::flag::register_conditional_shutdown(
            sigint,
            i32::from(INTERRUPTED),
            Arc::clone(&flag),
        );
        let _ = signal_hook::flag::register(sigint, Arc::clone(&flag));
        flag
    })
}

/// The text of a panic's payload.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|text| (*text).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string())
}

/// The diagnostic of a record whose answer panicked.
fn internal_error(file: &str, line: usize, message: &str) -> String {
    format!("{file}:{line}: internal error: {message} (a bug in sudokit; please report it with this record)")
}

thread_local! {
    /// The file and line of the record this thread is answering (line 0:
    /// none), for the panic hook of builds that abort.
    static IN_FLIGHT: std::cell::RefCell<(String, usize)> =
        const { std::cell::RefCell::new((String::new(), 0)) };
}

/// In a build that aborts on a panic (the release build), where no
/// `catch_unwind` can report it, names the record being answered on stderr
/// before the process ends. Installed once; a no-op where panics unwind.
fn name_the_record_on_panic() {
    static INSTALLED: OnceLock<()> = OnceLock::new();
    if !cfg!(panic = "abort") {
        return;
    }
    INSTALLED.get_or_init(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let named = IN_FLIGHT.with(|in_flight| {
                let (file, line) = &*in_flight.try_borrow().ok()?;
                (*line != 0).then(|| internal_error(file, *line, &panic_message(info.payload())))
            });
            if let Some(message) = named {
                eprintln!("sudokit: {message}");
            }
            default(info);
        }));
    });
}

/// Tests make the answer of this line panic (`SUDOKIT_PANIC_AT_LINE`), to
/// check that a bug stops the run with its record named, never a hang.
#[cfg(debug_assertions)]
fn failpoint(line: usize) {
    static AT: std::sync::OnceLock<Option<usize>> = std::sync::OnceLock::new();
    let at = AT.get_or_init(|| {
        std::env::var("SUDOKIT_PANIC_AT_LINE")
            .ok()
            .and_then(|text| text.parse().ok())
    });
    if *at == Some(line) {
        panic!("failpoint at line {line}");
    }
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
            crashed: None,
            interrupted: false,
        };
        IN_FLIGHT.with(|in_flight| {
            let mut in_flight = in_flight.borrow_mut();
            if in_flight.0 != self.file {
                in_flight.0.clone_from(&self.file);
            }
        });
        SOLVER.with(|solver| {
            let mut solver = solver.borrow_mut();
            // Solutions are found (or counted) for the whole chunk at once,
            // two searches in step (`Solver::expect_solve`, `expect_first`,
            // `expect_count`); each record's call then reads its answer. A
            // panic there (a bug) drops the announcement: the records' own
            // calls name the board.
            let together = searched_together(self.question);
            if together {
                // Sized up front: a filtered iterator's collect would grow
                // the vector step by step, copying it each time.
                let mut boards: Vec<Grid> = Vec::with_capacity(chunk.len());
                boards.extend(
                    chunk
                        .iter()
                        .filter_map(|record| record.grid.as_ref().ok().copied()),
                );
                let announced = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    match self.question {
                        Question::Solve { first: true } => solver.expect_first(&boards),
                        Question::Solve { first: false } => solver.expect_solve(&boards),
                        // As `answer` asks: one past the limit.
                        Question::Count { limit } => {
                            solver.expect_count(&boards, limit.saturating_add(1));
                        }
                        _ => {}
                    }
                }));
                if announced.is_err() {
                    solver.expect_first(&[]);
                }
            }
            // Otherwise each board's successor is announced, so that the
            // solver can propagate the two together (`Solver::expect_next`).
            let announce = self.question.searches() && !together;
            // The successor is read in place: records are large, and moving
            // each once more (as a peek would) costs more than the pairing
            // saves on dense boards.
            let mut records = chunk.into_iter();
            for index in first_index.. {
                let Some(record) = records.next() else {
                    break;
                };
                if self.interrupt.load(Ordering::Relaxed) {
                    answers.interrupted = true;
                    break;
                }
                if let (true, Some(Record { grid: Ok(next), .. })) =
                    (announce, records.as_slice().first())
                {
                    solver.expect_next(next);
                }
                let line = record.line;
                IN_FLIGHT.with(|in_flight| in_flight.borrow_mut().1 = line);
                // A panic is a bug: caught (where panics unwind), it ends the
                // run with this record named instead of leaving the other
                // threads waiting for its chunk.
                let written = answers.text.len();
                let asked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    #[cfg(debug_assertions)]
                    failpoint(line);
                    self.answer_record(&mut solver, record, index, &mut answers.text)
                }));
                match asked {
                    Ok(answered_record) => answers.records.push(answered_record),
                    Err(payload) => {
                        answers.text.truncate(written);
                        answers.crashed = Some(internal_error(
                            &self.file,
                            line,
                            &panic_message(payload.as_ref()),
                        ));
                        // The solver may be half-way through a search.
                        *solver = Solver::new();
                        break;
                    }
                }
            }
        });
        // Whatever panics from here on is no record's.
        IN_FLIGHT.with(|in_flight| in_flight.borrow_mut().1 = 0);
        answers
    }

    /// Answers `record`, number `index` of the run, and writes its text to
    /// `text` (here rather than returned: an answer is large, and moving it
    /// out copies it); returns what the printer needs of it.
    ///
    /// A solution of a readable board, in text, is written straight from
    /// the solver: most records of a bulk run are such, and going through
    /// the general answer (the record moved into an [`Answered`], then
    /// written and summed up case by case) costs a few percent of a file of
    /// easy boards (docs/PERFORMANCE.md). A board without one takes the
    /// general way, with the library's outcome
    /// ([`sudokit::answer::solve_outcome`]).
    #[inline(always)]
    fn answer_record(
        &self,
        solver: &mut Solver,
        record: Record,
        index: u64,
        text: &mut Vec<u8>,
    ) -> AnsweredRecord {
        let answered = match (self.question, &record.grid) {
            (Question::Solve { first }, Ok(puzzle)) if self.format != Some(OutputFormat::Json) => {
                let guesses_before = solver.stats().guesses;
                let answer = if first {
                    solver.solve_first(puzzle)
                } else {
                    solver.solve(puzzle)
                };
                let guesses = solver.stats().guesses - guesses_before;
                match answer {
                    Ok(solution) => {
                        let style = answer::style_asked(record.style, self.format);
                        sudokit::text::write_grid(text, &solution, style, record.blank);
                        return AnsweredRecord {
                            end: text.len(),
                            failed: false,
                            multiline: answer::board_is_multiline(style, self.format),
                            diagnostic: None,
                            guesses,
                            // `Outcome::Solved`'s status (a test holds them
                            // together): building the outcome to ask it costs
                            // its drop at every record.
                            status: SOLVED_STATUS,
                            limit_reached: false,
                        };
                    }
                    Err(error) => Answered {
                        record,
                        outcome: sudokit::answer::solve_outcome(Err(error)),
                        guesses,
                        rating: None,
                    },
                }
            }
            _ => answer::answer(solver, self.question, record, index),
        };
        answer::write_answer(text, &answered, &self.file, self.format, self.question);
        self.answered_record(&answered, text.len())
    }

    /// What the printer needs of `answered`, whose text ends at `end` of its
    /// chunk's text.
    fn answered_record(&self, answered: &Answered, end: usize) -> AnsweredRecord {
        AnsweredRecord {
            end,
            failed: matches!(
                answered.outcome,
                Outcome::NoSolution
                    | Outcome::NotUnique
                    | Outcome::Invalid(_)
                    | Outcome::Unreadable(_)
                    | Outcome::OutOfBudget(_)
            ),
            multiline: answer::is_multiline(&answered.outcome, answered.record.style, self.format),
            diagnostic: answer::diagnostic(answered, &self.file),
            guesses: answered.guesses,
            status: answered.outcome.exit_status(),
            limit_reached: matches!(
                answered.outcome,
                Outcome::Counted {
                    limit_reached: true,
                    ..
                }
            ),
        }
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

/// Writes answers in order to `out` (buffered stdout) and diagnostics to
/// `diagnostics` (stderr), and keeps the exit status.
struct Printer<W, E> {
    out: W,
    diagnostics: E,
    format: Option<OutputFormat>,
    question: Question,
    /// Records printed so far, over all inputs.
    answered: u64,
    guesses: u64,
    without_guess: u64,
    /// Counts that stopped at the limit.
    at_limit: u64,
    /// A lone failed record prints nothing; its empty line waits for a second record.
    first_failed: bool,
    previous_multiline: bool,
    status: u8,
}

impl<W: Write, E: Write> Printer<W, E> {
    fn new(out: W, diagnostics: E, format: Option<OutputFormat>, question: Question) -> Self {
        Printer {
            out,
            diagnostics,
            format,
            question,
            answered: 0,
            guesses: 0,
            without_guess: 0,
            at_limit: 0,
            first_failed: false,
            previous_multiline: false,
            status: 0,
        }
    }

    /// Prints a chunk's answers in order; an error means the run stops:
    /// stdout is gone, or a record's answer panicked (reported here, after
    /// the answers before it).
    fn print(&mut self, answers: &AnsweredChunk) -> io::Result<()> {
        let mut start = 0;
        for record in &answers.records {
            self.print_one(record, &answers.text[start..record.end])?;
            start = record.end;
        }
        if let Some(message) = &answers.crashed {
            self.out.flush()?;
            self.report(message);
            self.status = INTERNAL_ERROR;
            return Err(io::Error::other("a record's answer panicked"));
        }
        if answers.interrupted {
            self.out.flush()?;
            self.report(&format!(
                "sudokit: interrupted after {} records; the answers above are whole",
                self.answered
            ));
            self.status = INTERRUPTED;
            return Err(io::Error::other("interrupted"));
        }
        Ok(())
    }

    fn print_one(&mut self, record: &AnsweredRecord, text: &[u8]) -> io::Result<()> {
        self.answered += 1;
        self.guesses += record.guesses;
        self.without_guess += u64::from(record.guesses == 0);
        self.at_limit += u64::from(record.limit_reached);
        self.status = self.status.max(record.status);
        if let Some(message) = &record.diagnostic {
            self.out.flush()?;
            self.report(message);
        }
        if self.format == Some(OutputFormat::Json) {
            return self.out.write_all(text);
        }
        if self.answered == 1 && record.failed {
            self.first_failed = true;
            return Ok(());
        }
        if self.answered == 2 && self.first_failed {
            self.out.write_all(b"\n")?;
        }
        if self.answered > 1 && (record.multiline || self.previous_multiline) {
            self.out.write_all(b"\n")?;
        }
        self.previous_multiline = record.multiline;
        self.out.write_all(text)
    }

    fn report(&mut self, message: &str) {
        let _ = writeln!(self.diagnostics, "{message}");
    }

    fn finish(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// A count printed as the limit looks like an exact one: a line saying it
/// is not, once for the run (JSON says it per record).
fn limit_note<W, E>(printer: &Printer<W, E>) -> Option<String> {
    let Question::Count { limit } = printer.question else {
        return None;
    };
    (printer.at_limit > 0 && printer.format != Some(OutputFormat::Json)).then(|| {
        format!(
            "sudokit: {} of {} counts stopped at the limit of {limit} (--limit): there are more solutions",
            printer.at_limit, printer.answered
        )
    })
}

fn summary<W, E>(printer: &Printer<W, E>, elapsed: Duration, threads: usize) -> String {
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
        // How many boards the bulk searches stepped together, where they do.
        let together = if !searched_together(printer.question) {
            ""
        } else if matches!(printer.question, Question::Solve { first: true })
            && !sudokit::Solver::first_solutions_in_step()
        {
            ", one board at a time"
        } else {
            ", two boards at a time"
        };
        line.push_str(&format!(
            ", {} engine{together}; {:.2} guesses per record, {:.1}% without a guess",
            sudokit::Solver::engine(),
            printer.guesses as f64 / records,
            100.0 * printer.without_guess as f64 / records,
        ));
    }
    line
}

/// Whether a chunk's boards are answered together, announced to the solver
/// (`Solver::expect_solve`, `expect_first`, `expect_count`), rather than
/// one record's call at a time.
fn searched_together(question: Question) -> bool {
    matches!(question, Question::Solve { .. } | Question::Count { .. })
}

/// A progress bar on stderr for bulk runs, shown only when stderr is a
/// terminal and the input is more than one chunk long.
struct Progress {
    /// None when stderr is not a terminal: nothing is drawn or even kept.
    bar: Option<ProgressBar>,
    shown: bool,
}

impl Progress {
    fn new(inputs: &[Source]) -> Progress {
        if !io::stderr().is_terminal() {
            return Progress::hidden();
        }
        let total: Option<u64> = inputs.iter().map(|input| input.size).sum();
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

    fn hidden() -> Progress {
        Progress {
            bar: None,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `examples/board.txt` as a line, and its solution.
    const BOARD: &str =
        ".2.9.5...59..3.2..7..6.2..5..935.46..54...78..83.275..8..2.9..4..5.4..26...5.3.7.";
    const BOARD_SOLVED: &str =
        "321975648596834217748612935179358462254196783683427591817269354935741826462583179";
    /// Magictour top1465 #1, and its solution.
    const UNIQUE: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    const UNIQUE_SOLVED: &str =
        "468931527751624839392578461134756298289413675675289314846192753513867942927345186";
    /// The smallest of the empty board's solutions.
    const EMPTY_SOLVED: &str =
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642";

    const SOLVE: Question = Question::Solve { first: false };

    fn empty() -> String {
        ".".repeat(81)
    }

    /// A flag for one test alone: the process's flag would be shared by the
    /// tests running at the same time.
    fn flag() -> &'static AtomicBool {
        Box::leak(Box::new(AtomicBool::new(false)))
    }

    /// The records of `text`, as the reader cuts them.
    fn records(text: &str) -> Vec<Record> {
        Records::new(text.as_bytes())
            .collect::<io::Result<_>>()
            .expect("text reads")
    }

    /// `text`'s records answered as one chunk from the file `t.txt`, stopped
    /// by `interrupt`.
    fn answered_with(text: &str, interrupt: &'static AtomicBool) -> AnsweredChunk {
        let job = Job {
            question: SOLVE,
            format: None,
            file: "t.txt".to_string(),
            interrupt,
        };
        job.answer(records(text), 0)
    }

    fn answered(text: &str) -> AnsweredChunk {
        answered_with(text, flag())
    }

    /// A pipeline without inputs, whose printing side the test feeds.
    fn printing_side<W: Write + Send, E: Write + Send>(out: W, diagnostics: E) -> Pipeline<W, E> {
        let reader = Reader::new(Vec::new(), SOLVE, None, 1, flag());
        Pipeline::new(
            reader,
            Printer::new(out, diagnostics, None, SOLVE),
            Progress::hidden(),
        )
    }

    /// [`printing_side`] writing both streams into `log`, stdout buffered as
    /// the command buffers it.
    fn logging_side(log: &Log) -> Pipeline<io::BufWriter<Side<'_>>, Side<'_>> {
        printing_side(
            io::BufWriter::new(Side {
                log,
                stream: Stream::Out,
            }),
            Side {
                log,
                stream: Stream::Diagnostics,
            },
        )
    }

    /// `paths` as the command line names them.
    fn sources<P: AsRef<std::path::Path>>(paths: &[P]) -> Vec<Source> {
        paths
            .iter()
            .map(|path| Source::new(path.as_ref().to_path_buf()))
            .collect()
    }

    /// A pipeline answering `inputs` on `threads` threads.
    fn pipeline<W: Write + Send, E: Write + Send>(
        inputs: &[&std::path::Path],
        threads: usize,
        interrupt: &'static AtomicBool,
        out: W,
        diagnostics: E,
    ) -> Pipeline<W, E> {
        let reader = Reader::new(sources(inputs), SOLVE, None, threads, interrupt);
        Pipeline::new(
            reader,
            Printer::new(out, diagnostics, None, SOLVE),
            Progress::hidden(),
        )
    }

    /// Writes `text` to `name` in `dir`.
    fn file(dir: &tempfile::TempDir, name: &str, text: &str) -> PathBuf {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("the temporary file is written");
        path
    }

    /// `count` lines taken in turn from [`BOARD`], [`UNIQUE`] and the empty
    /// board, with the answers `solve` gives them.
    fn lines(count: usize) -> (String, String) {
        let empty = empty();
        let puzzles = [BOARD, UNIQUE, &empty];
        let solutions = [BOARD_SOLVED, UNIQUE_SOLVED, EMPTY_SOLVED];
        let (mut input, mut answers) = (String::new(), String::new());
        for index in 0..count {
            input.push_str(puzzles[index % 3]);
            input.push('\n');
            answers.push_str(solutions[index % 3]);
            answers.push('\n');
        }
        (input, answers)
    }

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Stream {
        Out,
        Diagnostics,
    }

    /// Both streams of a run, write by write, in the order they came.
    type Log = Mutex<Vec<(Stream, Vec<u8>)>>;

    /// One stream's end of a [`Log`].
    struct Side<'a> {
        log: &'a Log,
        stream: Stream,
    }

    impl Write for Side<'_> {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            lock(self.log).push((self.stream, buf.to_vec()));
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// The log with the writes of each stream run together, as text.
    fn merged(log: &Log) -> Vec<(Stream, String)> {
        let mut merged: Vec<(Stream, String)> = Vec::new();
        for (stream, bytes) in lock(log).iter() {
            let text = std::str::from_utf8(bytes).expect("UTF-8");
            match merged.last_mut() {
                Some((last, run)) if last == stream => run.push_str(text),
                _ => merged.push((*stream, text.to_string())),
            }
        }
        merged
    }

    /// What went to `stream`.
    fn text_of(log: &Log, stream: Stream) -> String {
        merged(log)
            .into_iter()
            .filter(|(side, _)| *side == stream)
            .map(|(_, text)| text)
            .collect()
    }

    /// Takes `room` bytes, then fails as a pipe whose reader left does.
    struct ClosedAfter {
        written: Vec<u8>,
        room: usize,
        failures: usize,
    }

    impl ClosedAfter {
        fn new(room: usize) -> Self {
            ClosedAfter {
                written: Vec::new(),
                room,
                failures: 0,
            }
        }
    }

    impl Write for ClosedAfter {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            let room = self.room - self.written.len();
            if room == 0 {
                self.failures += 1;
                return Err(io::ErrorKind::BrokenPipe.into());
            }
            let taken = buf.len().min(room);
            self.written.extend_from_slice(&buf[..taken]);
            Ok(taken)
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// Raises `flag` once it holds `lines` lines, as a Ctrl-C in the middle
    /// of a run would.
    struct InterruptAfter {
        written: Vec<u8>,
        lines: usize,
        flag: &'static AtomicBool,
    }

    impl Write for InterruptAfter {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.written.extend_from_slice(buf);
            if self.written.iter().filter(|&&b| b == b'\n').count() >= self.lines {
                self.flag.store(true, Ordering::Relaxed);
            }
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    // -----------------------------------------------------------------------
    // Printing in order
    // -----------------------------------------------------------------------

    #[test]
    fn chunks_done_out_of_order_are_printed_in_input_order() {
        let (mut out, mut diagnostics) = (Vec::new(), Vec::new());
        let pipeline = printing_side(&mut out, &mut diagnostics);
        let last = Done::Answers(answered(&format!("{}\n", empty())));
        pipeline.print_in_order(2, last).unwrap();
        let middle = Done::Answers(answered(&format!("{UNIQUE}\n")));
        pipeline.print_in_order(1, middle).unwrap();
        {
            // Both wait for the first.
            let output = lock(&pipeline.output);
            assert!(output.printer.out.is_empty());
            assert_eq!((output.printed, output.stash.len()), (0, 2));
        }
        let first = Done::Answers(answered(&format!("{BOARD}\n{BOARD}\n")));
        pipeline.print_in_order(0, first).unwrap();
        {
            let output = lock(&pipeline.output);
            assert_eq!((output.printed, output.stash.len()), (3, 0));
        }
        assert_eq!(pipeline.run(false), 0);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("{BOARD_SOLVED}\n{BOARD_SOLVED}\n{UNIQUE_SOLVED}\n{EMPTY_SOLVED}\n")
        );
        assert!(diagnostics.is_empty());
    }

    #[test]
    fn a_report_about_an_input_waits_for_the_answers_before_it() {
        let log = Log::default();
        let pipeline = logging_side(&log);
        let report = Done::Report("sudokit: cannot read missing.txt".to_string());
        pipeline.print_in_order(1, report).unwrap();
        let after = Done::Answers(answered(&format!("{UNIQUE}\n")));
        pipeline.print_in_order(2, after).unwrap();
        assert!(lock(&log).is_empty());
        let before = Done::Answers(answered(&format!("{BOARD}\n")));
        pipeline.print_in_order(0, before).unwrap();
        assert_eq!(pipeline.run(false), 2, "a missing input");
        assert_eq!(
            merged(&log),
            [
                (Stream::Out, format!("{BOARD_SOLVED}\n")),
                (
                    Stream::Diagnostics,
                    "sudokit: cannot read missing.txt\n".to_string()
                ),
                (Stream::Out, format!("{UNIQUE_SOLVED}\n")),
            ]
        );
    }

    #[test]
    fn the_inputs_hold_no_more_records_than_their_sizes_allow() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let one_line = file(&dir, "line.txt", &format!("{BOARD}\n"));
        let unended = file(&dir, "unended.txt", BOARD);
        let block = file(&dir, "block.txt", &"0 0 0 0 0 0 0 0 0\n".repeat(9));
        let two_lines = file(&dir, "two.txt", &format!("{BOARD}\n{UNIQUE}"));
        let empty = file(&dir, "empty.txt", "");
        let most = |paths: &[&PathBuf]| most_records(&sources(paths));
        assert_eq!(most(&[&one_line]), Some(1));
        assert_eq!(most(&[&unended]), Some(1));
        // 162 bytes: one board written as a block, never two.
        assert_eq!(most(&[&block]), Some(1));
        assert_eq!(most(&[&two_lines]), Some(2));
        assert_eq!(most(&[&empty, &one_line, &two_lines]), Some(3));
        // Sizes unknown: stdin, or a file that cannot be read.
        assert_eq!(most(&[&one_line, &PathBuf::from("-")]), None);
        assert_eq!(most(&[&dir.path().join("missing.txt")]), None);
    }

    #[test]
    fn a_bad_record_costs_that_record_only() {
        // Buffered as stdout is: each diagnostic must still follow the
        // answers before it.
        let log = Log::default();
        let pipeline = logging_side(&log);
        let chunk = format!(
            "{BOARD}\n{}\n77{}\n{UNIQUE}\n",
            &UNIQUE[..80],
            ".".repeat(79)
        );
        pipeline
            .print_in_order(0, Done::Answers(answered(&chunk)))
            .unwrap();
        assert_eq!(pipeline.run(false), 2, "the worst record's status");
        assert_eq!(
            merged(&log),
            [
                (Stream::Out, format!("{BOARD_SOLVED}\n")),
                (
                    Stream::Diagnostics,
                    "t.txt:2: expected 81 cells, found 80\n".to_string()
                ),
                (Stream::Out, "\n".to_string()),
                (
                    Stream::Diagnostics,
                    "t.txt:3: invalid puzzle: r1c1 and r1c2 both hold 7\n".to_string()
                ),
                (Stream::Out, format!("\n{UNIQUE_SOLVED}\n")),
            ]
        );
    }

    #[test]
    fn a_panicking_record_stops_the_run_after_the_answers_before_it() {
        let (mut out, mut diagnostics) = (Vec::new(), Vec::new());
        let pipeline = printing_side(&mut out, &mut diagnostics);
        let later = Done::Answers(answered(&format!("{UNIQUE}\n")));
        pipeline.print_in_order(1, later).unwrap();
        let mut crashed = answered(&format!("{BOARD}\n{BOARD}\n"));
        crashed.crashed = Some("t.txt:3: internal error: a bug".to_string());
        assert!(pipeline.print_in_order(0, Done::Answers(crashed)).is_err());
        assert_eq!(lock(&pipeline.output).printer.status, INTERNAL_ERROR);
        drop(pipeline);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("{BOARD_SOLVED}\n{BOARD_SOLVED}\n"),
            "nothing after the crash"
        );
        assert_eq!(
            String::from_utf8(diagnostics).unwrap(),
            "t.txt:3: internal error: a bug\n"
        );
    }

    // -----------------------------------------------------------------------
    // Ctrl-C
    // -----------------------------------------------------------------------

    #[test]
    fn a_raised_flag_stops_a_chunk_before_its_next_record() {
        let raised = flag();
        raised.store(true, Ordering::Relaxed);
        let chunk = answered_with(&format!("{BOARD}\n{UNIQUE}\n"), raised);
        assert!(chunk.interrupted);
        assert!(chunk.records.is_empty() && chunk.text.is_empty());
        let chunk = answered(&format!("{BOARD}\n{UNIQUE}\n"));
        assert!(!chunk.interrupted);
        assert_eq!(chunk.records.len(), 2);
    }

    #[test]
    fn an_interrupted_chunk_prints_its_whole_answers_and_nothing_after() {
        let (mut out, mut diagnostics) = (Vec::new(), Vec::new());
        let pipeline = printing_side(&mut out, &mut diagnostics);
        let later = Done::Answers(answered(&format!("{UNIQUE}\n")));
        pipeline.print_in_order(1, later).unwrap();
        // Ctrl-C came after the chunk's third record.
        let (input, answers) = lines(3);
        let mut interrupted = answered(&input);
        interrupted.interrupted = true;
        assert!(pipeline
            .print_in_order(0, Done::Answers(interrupted))
            .is_err());
        assert_eq!(lock(&pipeline.output).printer.status, INTERRUPTED);
        drop(pipeline);
        assert_eq!(String::from_utf8(out).unwrap(), answers);
        assert_eq!(
            String::from_utf8(diagnostics).unwrap(),
            "sudokit: interrupted after 3 records; the answers above are whole\n"
        );
    }

    #[test]
    fn ctrl_c_in_the_middle_of_a_run_leaves_whole_answers_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let (input, answers) = lines(3000);
        let path = file(&dir, "many.txt", &input);
        for threads in [1, 2, 4] {
            let interrupt = flag();
            let mut out = InterruptAfter {
                written: Vec::new(),
                lines: 500,
                flag: interrupt,
            };
            let mut diagnostics = Vec::new();
            let status =
                pipeline(&[&path], threads, interrupt, &mut out, &mut diagnostics).run(true);
            assert_eq!(status, INTERRUPTED, "{threads} threads");
            let printed = String::from_utf8(out.written).unwrap();
            let count = printed.lines().count();
            assert!(
                (500..3000).contains(&count),
                "{threads} threads: {count} lines"
            );
            assert!(answers.starts_with(&printed), "{threads} threads");
            assert!(printed.ends_with('\n'), "{threads} threads");
            assert_eq!(
                String::from_utf8(diagnostics).unwrap(),
                format!(
                    "sudokit: interrupted after {count} records; the answers above are whole\n"
                ),
                "{threads} threads: and no summary"
            );
        }
    }

    // -----------------------------------------------------------------------
    // Whole runs
    // -----------------------------------------------------------------------

    #[test]
    fn a_run_prints_whole_lines_in_input_order_on_any_number_of_threads() {
        // Many chunks, and a bad record now and then among them.
        let dir = tempfile::tempdir().unwrap();
        let (input, answers) = lines(2000);
        let mut input: Vec<&str> = input.lines().collect();
        let mut answers: Vec<&str> = answers.lines().collect();
        let mut expected_diagnostics = String::new();
        let bad = &UNIQUE[..80];
        for index in [0, 499, 1000, 1999] {
            input[index] = bad;
            answers[index] = "";
            expected_diagnostics.push_str(&format!(
                "{}:{}: expected 81 cells, found 80\n",
                dir.path().join("many.txt").display(),
                index + 1
            ));
        }
        let path = file(&dir, "many.txt", &(input.join("\n") + "\n"));
        let expected = answers.join("\n") + "\n";
        for threads in [1, 2, 3, 4] {
            let log = Log::default();
            let out = Side {
                log: &log,
                stream: Stream::Out,
            };
            let diagnostics = Side {
                log: &log,
                stream: Stream::Diagnostics,
            };
            let status = pipeline(&[&path], threads, flag(), out, diagnostics).run(false);
            assert_eq!(status, 2, "{threads} threads");
            assert_eq!(text_of(&log, Stream::Out), expected, "{threads} threads");
            assert_eq!(
                text_of(&log, Stream::Diagnostics),
                expected_diagnostics,
                "{threads} threads"
            );
            // Every write to stdout ends a line: wherever the output stops,
            // what is out is whole lines.
            for (stream, bytes) in lock(&log).iter() {
                assert!(
                    *stream == Stream::Diagnostics || bytes.ends_with(b"\n"),
                    "{threads} threads: {:?}",
                    String::from_utf8_lossy(bytes)
                );
            }
        }
    }

    #[test]
    fn a_closed_stdout_ends_the_run_quietly() {
        let dir = tempfile::tempdir().unwrap();
        let (input, answers) = lines(20_000);
        let path = file(&dir, "many.txt", &input);
        for threads in [1, 2, 4] {
            // Room for one answer and a half.
            let mut out = ClosedAfter::new(100);
            let mut diagnostics = Vec::new();
            let status = pipeline(&[&path], threads, flag(), &mut out, &mut diagnostics).run(true);
            assert_eq!(status, 0, "{threads} threads");
            assert_eq!(out.written, answers.as_bytes()[..100], "{threads} threads");
            // No thread tried again once the first write failed.
            assert_eq!(out.failures, 1, "{threads} threads");
            assert!(
                diagnostics.is_empty(),
                "{threads} threads: {}",
                String::from_utf8_lossy(&diagnostics)
            );
        }
    }

    #[test]
    fn stdout_closed_before_the_last_flush_ends_the_run_quietly() {
        let dir = tempfile::tempdir().unwrap();
        let path = file(&dir, "one.txt", &format!("{BOARD}\n"));
        // Everything waits in the buffer until the end, then cannot go out.
        let mut closed = ClosedAfter::new(0);
        let mut diagnostics = Vec::new();
        let status = pipeline(
            &[&path],
            2,
            flag(),
            io::BufWriter::new(&mut closed),
            &mut diagnostics,
        )
        .run(true);
        assert_eq!(status, 0);
        // The buffer tries once more as it is dropped.
        assert!(closed.failures >= 1);
        assert!(closed.written.is_empty());
        assert!(diagnostics.is_empty(), "no summary either");
    }

    #[test]
    fn stats_follow_the_answers() {
        let dir = tempfile::tempdir().unwrap();
        let (input, answers) = lines(10);
        let path = file(&dir, "ten.txt", &input);
        let (mut out, mut diagnostics) = (Vec::new(), Vec::new());
        let status = pipeline(&[&path], 2, flag(), &mut out, &mut diagnostics).run(true);
        assert_eq!(status, 0);
        assert_eq!(String::from_utf8(out).unwrap(), answers);
        let summary = String::from_utf8(diagnostics).unwrap();
        assert!(
            summary.starts_with("sudokit: 10 records in ")
                && summary.contains(" on 2 threads, ")
                && summary.contains(" engine, two boards at a time; "),
            "{summary}"
        );
        assert_eq!(summary.lines().count(), 1);
    }

    // -----------------------------------------------------------------------
    // Chunks
    // -----------------------------------------------------------------------

    /// What the reader hands out for `inputs` on `threads` threads: the first
    /// record's number and the size of each chunk, or a report.
    fn tasks(inputs: &[&std::path::Path], threads: usize) -> Vec<Result<(u64, usize), String>> {
        let mut reader = Reader::new(sources(inputs), SOLVE, None, threads, flag());
        std::iter::from_fn(|| reader.next_task())
            .map(|task| match task {
                Task::Answer {
                    chunk, first_index, ..
                } => Ok((first_index, chunk.len())),
                Task::Report(message) => Err(message),
            })
            .collect()
    }

    /// The chunk sizes of `records` one-line records on `threads` threads.
    fn sizes(records: usize, threads: usize) -> Vec<usize> {
        let dir = tempfile::tempdir().unwrap();
        let path = file(&dir, "lines.txt", &lines(records).0);
        let tasks = tasks(&[&path], threads);
        let mut next = 0;
        tasks
            .into_iter()
            .map(|task| {
                let (first_index, size) = task.expect("no report");
                assert_eq!(first_index, next, "records in order, none skipped");
                next += size as u64;
                size
            })
            .collect()
    }

    #[test]
    fn one_thread_reads_full_chunks_and_a_last_partial_one() {
        assert_eq!(sizes(600, 1), [256, 256, 88]);
        assert_eq!(sizes(512, 1), [256, 256], "no empty chunk at a boundary");
        assert_eq!(sizes(257, 1), [256, 1]);
        assert_eq!(sizes(1, 1), [1]);
    }

    #[test]
    fn threads_cut_a_file_by_its_size_and_shrink_the_chunks_at_its_end() {
        // 200 records on 2 threads: chunks of 200 / (16 * 2) = 6, then a
        // quarter of what is left, so that both threads finish together.
        let mut expected = vec![6; 30];
        expected.extend([5, 3, 3, 2, 1, 1, 1, 1, 1, 1, 1]);
        assert_eq!(sizes(200, 2), expected);
        // Large files keep to the largest chunk until their end.
        let large = sizes(20_000, 2);
        assert_eq!(large.iter().sum::<usize>(), 20_000);
        assert!(large[..70].iter().all(|&size| size == CHUNK_RECORDS));
        assert!(large.windows(2).all(|pair| pair[0] >= pair[1]));
        assert_eq!(large.last(), Some(&1));
        // A file of fewer records than chunks wanted: one record a chunk.
        assert_eq!(sizes(20, 2), [1; 20]);
    }

    #[test]
    fn blocks_overestimated_from_their_size_come_in_larger_chunks() {
        // A board as a block takes about twice a line's bytes, so 40 of them
        // look like 79 records: chunks of 79 / 32 = 2, and never a short
        // tail, as the estimate never runs out.
        let dir = tempfile::tempdir().unwrap();
        let block: String = BOARD
            .as_bytes()
            .chunks(9)
            .map(|row| {
                let cells: Vec<String> = row.iter().map(|&c| (c as char).to_string()).collect();
                cells.join(" ").replace('.', "0") + "\n"
            })
            .collect();
        assert_eq!(block.len(), 162);
        let path = file(&dir, "blocks.txt", &vec![block; 40].join("\n"));
        let tasks = tasks(&[&path], 2);
        let sizes: Vec<usize> = tasks.iter().map(|task| task.clone().unwrap().1).collect();
        assert_eq!(sizes, [2; 20]);
    }

    #[test]
    fn inputs_follow_each_other_and_their_problems_are_reported_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let first = file(&dir, "first.txt", &lines(300).0);
        let missing = dir.path().join("missing.txt");
        let empty = file(&dir, "empty.txt", "");
        let comments = file(&dir, "comments.txt", "# nothing\n\n");
        let directory = dir.path().join("directory");
        std::fs::create_dir(&directory).unwrap();
        let last = file(&dir, "last.txt", &lines(2).0);
        let tasks = tasks(&[&first, &missing, &empty, &comments, &directory, &last], 1);
        let name = |path: &std::path::Path| path.display().to_string();
        assert_eq!(tasks.len(), 7, "{tasks:?}");
        assert_eq!(tasks[..2], [Ok((0, 256)), Ok((256, 44))]);
        let report = |index: usize| tasks[index].clone().unwrap_err();
        assert!(
            report(2).starts_with(&format!("sudokit: cannot read {}: ", name(&missing))),
            "{}",
            report(2)
        );
        assert_eq!(
            report(3),
            format!("sudokit: {}: no puzzle found", name(&empty))
        );
        assert_eq!(
            report(4),
            format!("sudokit: {}: no puzzle found", name(&comments))
        );
        // A directory opens on Unix and fails on its first read.
        assert!(report(5).contains(&name(&directory)), "{}", report(5));
        assert_eq!(tasks[6], Ok((300, 2)), "numbered on from the first input");
    }

    #[test]
    fn a_solution_written_straight_has_the_status_of_a_solved_outcome() {
        let board: sudokit::Grid = BOARD_SOLVED.parse().expect("a solved board");
        assert_eq!(Outcome::Solved(board).exit_status(), SOLVED_STATUS);
    }

    #[test]
    fn chunk_records_keeps_between_one_and_the_largest_chunk() {
        assert_eq!(chunk_records(None, 1), CHUNK_RECORDS);
        assert_eq!(chunk_records(None, 8), CHUNK_RECORDS);
        assert_eq!(chunk_records(Some(0), 2), 1);
        assert_eq!(chunk_records(Some(31), 2), 1);
        assert_eq!(chunk_records(Some(64), 2), 2);
        assert_eq!(chunk_records(Some(1 << 20), 2), CHUNK_RECORDS);
    }
}
