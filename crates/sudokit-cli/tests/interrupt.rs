//! Ctrl-C stops a long bulk run cleanly: whole lines on stdout, in order,
//! and a note on stderr of how far it got.
#![cfg(unix)]

mod support;

use std::ffi::OsStr;
use std::io::Write;
use std::time::Duration;

use support::{interrupt_after, Interrupted};

/// A forum-hardest puzzle (the first of the shipped 1106 sample): its
/// rating takes a tenth of a second or more.
const HARD: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

#[test]
fn ctrl_c_leaves_whole_answers_and_says_how_far_it_got() {
    let mut file = tempfile::NamedTempFile::new().expect("a temporary file");
    for _ in 0..2000 {
        writeln!(file, "{HARD}").expect("written");
    }
    let args = [
        OsStr::new("rate"),
        OsStr::new("-j2"),
        file.path().as_os_str(),
    ];
    let run = interrupt_after(args, Duration::from_millis(1500));
    // Each thread finishes the record it is on, then stops.
    run.assert_stopped_on_a_whole_line();
    let Interrupted { stdout, stderr, .. } = run;
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines.len() < 2000, "it stopped early");
    let first = lines.first().copied().unwrap_or_default();
    assert!(
        lines.iter().all(|line| *line == first),
        "whole, equal lines"
    );
    assert!(
        stderr.contains(&format!("interrupted after {} records", lines.len())),
        "{stderr}"
    );
}
