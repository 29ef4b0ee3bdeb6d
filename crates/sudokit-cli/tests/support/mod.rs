//! What the command-line test crates share: running `sudokit` (to its end,
//! or started and signalled), paths into the repository, and the reference
//! solver answers are checked with ([`reference`]).
//!
//! Each crate includes this module with `mod support;` and uses a part of it.
#![allow(dead_code)]

pub mod reference;

use std::ffi::OsStr;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command as StdCommand, Output, Stdio};
use std::thread::JoinHandle;

use assert_cmd::Command;

// ---------------------------------------------------------------------------
// Running the command
// ---------------------------------------------------------------------------

/// The `sudokit` binary, ready for arguments and stdin.
pub fn sudokit() -> Command {
    Command::cargo_bin("sudokit").expect("the sudokit binary is built for the tests")
}

/// Runs `sudokit ARGS` with `stdin`; returns its stdout, its stderr and its
/// exit code (-1 if a signal ended it).
pub fn run(args: &[&str], stdin: &str) -> (String, String, i32) {
    let output = sudokit().args(args).write_stdin(stdin).output().unwrap();
    (
        stdout_of(&output),
        stderr_of(&output),
        output.status.code().unwrap_or(-1),
    )
}

/// Runs `sudokit ARGS` with nothing on stdin, expects exit status 0 and
/// returns stdout.
pub fn run_ok(args: &[&str]) -> String {
    succeeded(args, sudokit().args(args).output().unwrap())
}

/// Runs `sudokit ARGS` with `stdin`, expects exit status 0 and returns stdout.
pub fn run_ok_with(args: &[&str], stdin: &str) -> String {
    succeeded(
        args,
        sudokit()
            .args(args)
            .write_stdin(stdin.to_string())
            .output()
            .unwrap(),
    )
}

fn succeeded(args: &[&str], output: Output) -> String {
    assert!(
        output.status.success(),
        "sudokit {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout_of(&output)
}

pub fn stdout_of(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

pub fn stderr_of(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

/// Starts `sudokit ARGS` with `stdin`, stdout and stderr piped: for tests
/// that read its output as it runs, close it early or signal it.
pub fn spawn<I, S>(args: I, stdin: Stdio) -> Child
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    StdCommand::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudokit starts")
}

/// Reads `pipe` to its end on another thread, so that a child writing much
/// there never blocks on a full pipe while the test waits for something else.
pub fn read_on_the_side(mut pipe: impl Read + Send + 'static) -> JoinHandle<String> {
    std::thread::spawn(move || {
        let mut text = String::new();
        pipe.read_to_string(&mut text)
            .expect("the pipe reads as UTF-8");
        text
    })
}

/// Sends SIGINT to `child`, as Ctrl-C in its terminal does.
#[cfg(unix)]
pub fn send_ctrl_c(child: &Child) {
    let sent = StdCommand::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success(), "kill -INT {}: {sent}", child.id());
}

/// What a run stopped by Ctrl-C left: its stdout and stderr, its exit
/// code, and how long it took to stop once the signal was sent.
#[cfg(unix)]
pub struct Interrupted {
    pub stdout: String,
    pub stderr: String,
    pub code: Option<i32>,
    pub stopping: std::time::Duration,
}

#[cfg(unix)]
impl Interrupted {
    /// Checks what every interrupted run must do: stop within 20 seconds
    /// with exit status 130, stdout ending on a whole line.
    pub fn assert_stopped_on_a_whole_line(&self) {
        assert!(
            self.stopping < std::time::Duration::from_secs(20),
            "{:?}",
            self.stopping
        );
        assert_eq!(self.code, Some(130), "{}", self.stderr);
        assert!(self.stdout.is_empty() || self.stdout.ends_with('\n'));
    }
}

/// Starts `sudokit ARGS` with nothing on stdin, sends Ctrl-C after `delay`
/// and reads everything it leaves.
#[cfg(unix)]
pub fn interrupt_after<I, S>(args: I, delay: std::time::Duration) -> Interrupted
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let mut child = spawn(args, Stdio::null());
    // Read stderr meanwhile, so that no pipe fills up.
    let stderr = read_on_the_side(child.stderr.take().expect("stderr"));
    std::thread::sleep(delay);
    let sent = std::time::Instant::now();
    send_ctrl_c(&child);
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .expect("stdout")
        .read_to_string(&mut stdout)
        .expect("stdout read");
    let status = child.wait().expect("the run ends");
    Interrupted {
        stdout,
        stderr: stderr.join().expect("stderr read"),
        code: status.code(),
        stopping: sent.elapsed(),
    }
}

// ---------------------------------------------------------------------------
// Files of the repository
// ---------------------------------------------------------------------------

/// A path from the workspace root.
pub fn repo_path(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(relative)
}

/// A path from the workspace root, as a command-line argument.
pub fn repo_file(relative: &str) -> String {
    repo_path(relative)
        .to_str()
        .expect("a UTF-8 path")
        .to_string()
}

/// An example shipped in `examples/`, as a command-line argument.
pub fn example(name: &str) -> String {
    repo_file(&format!("examples/{name}"))
}

pub fn read_example(name: &str) -> String {
    std::fs::read_to_string(example(name)).expect("the example exists")
}

/// The puzzle of `examples/board.txt` as one line.
pub const BOARD_PUZZLE_LINE: &str =
    ".2.9.5...59..3.2..7..6.2..5..935.46..54...78..83.275..8..2.9..4..5.4..26...5.3.7.";
