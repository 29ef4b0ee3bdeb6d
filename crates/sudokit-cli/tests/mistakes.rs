//! Mistakes at the command line, and the shell's helpers made from the same
//! definitions: completions and the manual page.

mod support;

use predicates::prelude::*;

use support::sudokit;

#[test]
fn a_mistyped_command_is_named_with_the_nearest() {
    sudokit()
        .arg("hnit")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "`hnit` is neither a file nor a command; did you mean `sudokit hint`?",
        ));
    sudokit()
        .arg("rat")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("did you mean `sudokit rate`?"));
    sudokit()
        .arg("zzzzzzzz")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the commands are solve, count"));
}

#[test]
fn a_missing_file_with_a_path_is_still_a_file() {
    sudokit()
        .arg("no-such-dir/puzzles.txt")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cannot read no-such-dir/puzzles.txt",
        ));
}

#[test]
fn completions_and_the_manual_come_from_the_definitions() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        sudokit()
            .args(["completions", shell])
            .assert()
            .success()
            .stdout(predicate::str::contains("explain").and(predicate::str::contains("rate")));
    }
    sudokit()
        .arg("man")
        .assert()
        .success()
        .stdout(predicate::str::contains(".TH sudokit").and(predicate::str::contains("hint")));
    sudokit().args(["completions", "tcsh"]).assert().code(2);
}
