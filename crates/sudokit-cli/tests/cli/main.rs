//! Command-line tests of the `sudokit` binary, as a new user would run it:
//! the shipped example boards, every input style, `--format`, `--first`,
//! lexicographically smallest answers, `count`, error messages and exit
//! statuses, bulk files, thread counts, several inputs, a broken pipe and
//! `--stats`, a module each.
//!
//! Expected answers come from the reference search of the shared test
//! support (`support::reference`), independent of the library's solver.

#[path = "../support/mod.rs"]
mod support;

mod fixtures;

mod bulk;
mod count;
mod errors;
mod examples;
mod formats;
mod inputs;
mod pipes;
mod solve;
mod stats;
mod styles;
