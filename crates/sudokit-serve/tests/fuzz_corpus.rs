//! Replays the `api_request` fuzz target's saved inputs on stable: every file
//! under fuzz/corpus/api_request/ (the seeds) and fuzz/regressions/api_request/
//! (minimised findings) goes through the target's own check, from the shared
//! fuzz/api_checks.rs.

use std::path::Path;

mod api_checks {
    include!("../../../fuzz/api_checks.rs");
}

#[test]
fn saved_api_requests_are_answered_or_refused_with_a_reason() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let mut files = Vec::new();
    for kind in ["corpus", "regressions"] {
        // There may be no regressions yet.
        let Ok(entries) = std::fs::read_dir(fuzz.join(kind).join("api_request")) else {
            continue;
        };
        files.extend(entries.map(|entry| entry.expect("a readable directory").path()));
    }
    files.sort();
    assert!(files.len() >= 10, "only {} saved inputs", files.len());
    let runtime = api_checks::runtime();
    let mut statuses: Vec<u16> = Vec::new();
    for path in files {
        let data = std::fs::read(&path).expect("a readable file");
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            api_checks::api_request(&runtime, &data)
        }));
        match outcome {
            Ok(status) => statuses.extend(status.map(|status| status.as_u16())),
            Err(_) => panic!("{} fails the api_request check", path.display()),
        }
    }
    // The seeds reach both the answers and the refusals.
    for expected in [200, 400] {
        assert!(
            statuses.contains(&expected),
            "no {expected} among {statuses:?}"
        );
    }
}
