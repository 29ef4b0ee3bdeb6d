#![no_main]

// The check lives in fuzz/api_checks.rs, shared with the stable corpus replay.
mod api_checks {
    include!("../api_checks.rs");
}

thread_local! {
    static RUNTIME: tokio::runtime::Runtime = api_checks::runtime();
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    RUNTIME.with(|runtime| {
        api_checks::api_request(runtime, data);
    });
});
