//! A bug that panics on one record stops a bulk run with that record named
//! and the answers before it printed: it never leaves the other threads
//! waiting. (Tests build with debug assertions, where `SUDOKIT_PANIC_AT_LINE`
//! makes one line's answer panic.)
#![cfg(debug_assertions)]

mod support;

use std::io::Write;
use std::time::Duration;

use support::sudokit;

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn a_panicking_record_ends_the_run_naming_it_on_every_thread_count() {
    let mut file = tempfile::NamedTempFile::new().expect("a temporary file");
    for _ in 0..3000 {
        writeln!(file, "{PUZZLE}").expect("written");
    }
    let path = file.path().to_str().expect("a UTF-8 path").to_string();
    for threads in ["1", "2", "4"] {
        let output = sudokit()
            .args(["solve", "-j", threads, &path])
            .env("SUDOKIT_PANIC_AT_LINE", "1500")
            .timeout(Duration::from_secs(60))
            .output()
            .expect("the run ends");
        assert_eq!(output.status.code(), Some(3), "-j{threads}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(&format!(
                "{path}:1500: internal error: failpoint at line 1500"
            )),
            "-j{threads}: {stderr}"
        );
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(stdout.lines().count(), 1499, "-j{threads}");
    }
}
