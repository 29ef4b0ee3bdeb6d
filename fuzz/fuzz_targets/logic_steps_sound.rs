#![no_main]

// The check lives in fuzz/checks.rs, shared with the stable corpus replay.
#[allow(dead_code)]
mod checks {
    include!("../checks.rs");
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::logic_steps_sound(data));
