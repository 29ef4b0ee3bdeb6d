// The check of the `api_request` fuzz target, shared with the stable replay
// in crates/sudokit-serve/tests/fuzz_corpus.rs (both `include!` this file).
//
// Input: the first byte picks the endpoint, the rest is the request body,
// sent through the whole app (routing, body limit, JSON parsing, the answer)
// as the page sends it.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use sudokit_serve::{quiet_app, Limits};
use tower::ServiceExt;

/// The endpoints a first byte picks from.
pub const ENDPOINTS: [&str; 8] = [
    "solve", "count", "check", "hint", "explain", "rate", "generate", "canon",
];

/// A runtime for [`api_request`]: one thread, made once per process.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime")
}

/// Sends the input as a request; the answer must be JSON, with a status that
/// says what happened: 200 with the command's object, or a refusal (400 bad
/// request, 413 too large, 422 out of work budget) carrying a non-empty
/// `error`. Never a panic, a 500 or a hang. The status, if a request was sent.
pub fn api_request(runtime: &tokio::runtime::Runtime, data: &[u8]) -> Option<StatusCode> {
    let (&selector, body) = data.split_first()?;
    let endpoint = ENDPOINTS[usize::from(selector) % ENDPOINTS.len()];
    // A short work budget keeps the fuzzer fast; running out of it is a
    // refusal like any other.
    let limits = Limits {
        body_bytes: 64 * 1024,
        concurrent: 1,
        work: Duration::from_millis(250),
    };
    let request = Request::post(format!("/api/{endpoint}"))
        .header("content-type", "application/json")
        .body(Body::from(body.to_vec()))
        .expect("a request");
    let (status, bytes) = runtime.block_on(async {
        let response = quiet_app(limits).oneshot(request).await.expect("an answer");
        let status = response.status();
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("a body")
            .to_bytes();
        (status, bytes)
    });
    let answer: serde_json::Value = serde_json::from_slice(&bytes).unwrap_or_else(|error| {
        panic!("{endpoint}: {status} with a body that is not JSON: {error}")
    });
    match status {
        StatusCode::OK => assert!(
            answer.is_object()
                && answer
                    .get("error")
                    .is_none_or(|e| e.is_null() || e.is_string()),
            "{endpoint}: 200 with {answer}"
        ),
        StatusCode::BAD_REQUEST
        | StatusCode::PAYLOAD_TOO_LARGE
        | StatusCode::UNPROCESSABLE_ENTITY => {
            let message = answer["error"].as_str().unwrap_or_default();
            assert!(
                !message.is_empty(),
                "{endpoint}: {status} without a reason: {answer}"
            );
        }
        other => panic!("{endpoint}: unexpected status {other}: {answer}"),
    }
    Some(status)
}
