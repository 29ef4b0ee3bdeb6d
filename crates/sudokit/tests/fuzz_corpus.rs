//! Replays the fuzz targets' saved inputs on stable: every file under
//! fuzz/corpus/<target>/ (the seeds) and fuzz/regressions/<target>/ (minimised
//! crashes) goes through the same check the target runs, from the shared
//! fuzz/checks.rs, so a fixed crash stays fixed without nightly.

use std::path::{Path, PathBuf};

// The checks are shared with the fuzz targets; each target uses only its own.
#[allow(dead_code)]
mod checks {
    include!("../../../fuzz/checks.rs");
}

/// The saved inputs of `target`, in a fixed order.
fn inputs(target: &str) -> Vec<PathBuf> {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let mut files = Vec::new();
    for kind in ["corpus", "regressions"] {
        // A target may have no regressions yet.
        let Ok(entries) = std::fs::read_dir(fuzz.join(kind).join(target)) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("a readable directory").path();
            if path.is_file() {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Runs `check` on every saved input of `target`, naming the file that fails.
fn replay(target: &str, check: fn(&[u8])) {
    let files = inputs(target);
    assert!(!files.is_empty(), "no saved inputs for {target}");
    for path in files {
        let data = std::fs::read(&path).expect("a readable file");
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(outcome.is_ok(), "{target} fails on {}", path.display());
    }
}

#[test]
fn read_records() {
    replay("read_records", checks::read_records);
}

#[test]
fn solve_vs_reference() {
    replay("solve_vs_reference", checks::solve_vs_reference);
}

#[test]
fn canon_invariant() {
    replay("canon_invariant", checks::canon_invariant);
}

#[test]
fn logic_steps_sound() {
    replay("logic_steps_sound", checks::logic_steps_sound);
}
