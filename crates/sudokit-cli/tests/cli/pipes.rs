//! A closed pipe (`sudokit solve big.txt | head -1`) ends the run quietly.

use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::process::{ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::fixtures::*;
use crate::support::reference::{assert_solves, parse_line};
use crate::support::{read_on_the_side, spawn};

/// Runs sudokit with `args` and `stdin`, reads the first line of its output,
/// then closes the pipe as `| head -1` does; returns that line, what sudokit
/// wrote on stderr and its exit status.
fn head_1(args: &[&OsStr], stdin: Stdio) -> (String, String, ExitStatus) {
    let mut child = spawn(args, stdin);
    let stderr = read_on_the_side(child.stderr.take().unwrap());
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    drop(stdout);
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("sudokit {args:?} still runs a minute after its stdout closed");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    (first, stderr.join().unwrap(), status)
}

#[test]
fn broken_pipe_ends_quietly_with_status_0() {
    let dir = tempfile::tempdir().unwrap();
    let lines = bulk_lines(20_000);
    let path = write_lines(&dir, "big.txt", &lines);
    let file = path.as_os_str();
    for (args, first_line_len) in [
        (&[OsStr::new("solve"), file][..], 82),
        (
            &[
                OsStr::new("solve"),
                OsStr::new("--threads"),
                OsStr::new("1"),
                file,
            ],
            82,
        ),
        (&[OsStr::new("--format"), OsStr::new("drawn"), file], 12),
    ] {
        let (first, stderr, status) = head_1(args, Stdio::null());
        assert_eq!(stderr, "", "{args:?}: no message on a broken pipe");
        assert_eq!(status.code(), Some(0), "{args:?}: {status:?}");
        assert_eq!(first.len(), first_line_len, "{args:?}: {first:?}");
    }
    // Reading the puzzles from stdin (`sudokit < big.txt | head -1`).
    let stdin = std::fs::File::open(&path).unwrap();
    let (first, stderr, status) = head_1(&[], Stdio::from(stdin));
    assert_eq!(stderr, "", "no message on a broken pipe");
    assert_eq!(status.code(), Some(0), "{status:?}");
    assert_solves(
        &parse_line(&lines[0]),
        &parse_line(first.trim_end()),
        "first line",
    );
}
