//! The JSON API, asked as the page asks it: each endpoint answers with the
//! object the matching command prints, and every limit answers with its own
//! status and a reason.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use sudokit::answer::{answer, json as shapes, Question};
use sudokit::{Record, Solver};
use sudokit_serve::{app, Limits};
use tower::ServiceExt;

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const EASY: &str =
    ".2.9.5...59..3.2..7..6.2..5..935.46..54...78..83.275..8..2.9..4..5.4..26...5.3.7.";

async fn post_with(limits: Limits, path: &str, body: impl Into<Body>) -> (StatusCode, Value) {
    let request = Request::post(path)
        .header("content-type", "application/json")
        .body(body.into())
        .expect("a request");
    let response = app(limits).oneshot(request).await.expect("an answer");
    let status = response.status();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("a body")
        .to_bytes();
    let value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    (status, value)
}

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    post_with(Limits::default(), path, body.to_string()).await
}

/// The object the command prints for `question` about `puzzle`.
fn command_json(puzzle: &str, question: Question) -> Value {
    let record: Record = puzzle.parse().expect("a puzzle");
    let answered = answer(&mut Solver::new(), question, record, 0);
    serde_json::to_value(shapes::answer_json(&answered, "request", question)).expect("JSON")
}

#[tokio::test]
async fn each_endpoint_answers_as_its_command() {
    let cases = [
        (
            "/api/solve",
            json!({ "puzzle": HARD }),
            Question::Solve { first: false },
        ),
        (
            "/api/count",
            json!({ "puzzle": HARD, "limit": 2 }),
            Question::Count { limit: 2 },
        ),
        (
            "/api/check",
            json!({ "puzzle": EASY, "rating": true }),
            Question::Check { rating: true },
        ),
        ("/api/rate", json!({ "puzzle": EASY }), Question::Rate),
        (
            "/api/canon",
            json!({ "puzzle": HARD, "automorphisms": true }),
            Question::Canon {
                automorphisms: true,
            },
        ),
    ];
    for (path, body, question) in cases {
        let (status, value) = post(path, body).await;
        assert_eq!(status, StatusCode::OK, "{path}: {value}");
        let puzzle = if matches!(path, "/api/check" | "/api/rate") {
            EASY
        } else {
            HARD
        };
        assert_eq!(value, command_json(puzzle, question), "{path}");
    }
}

#[tokio::test]
async fn a_hint_names_the_step_and_a_wrong_digit() {
    let (status, value) = post("/api/hint", json!({ "puzzle": EASY })).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    assert_eq!(value["status"], "step");
    assert_eq!(
        value["hint"]["text"],
        "Hidden single: in box 3, only r1c7 can hold 6"
    );
    assert_eq!(value["hint"]["step"]["placements"][0]["cell"], "r1c7");

    // The solver put 5 in r1c1, whose digit is 3: the marks say so.
    let mut marks = String::new();
    for (index, given) in EASY.chars().enumerate() {
        match (index, given) {
            (0, _) => marks.push_str("....5...."),
            (_, '.') => marks.push_str("123456789"),
            (_, digit) => {
                let d = digit.to_digit(10).expect("a digit") as usize;
                marks.push_str(&".".repeat(d - 1));
                marks.push(digit);
                marks.push_str(&".".repeat(9 - d));
            }
        }
    }
    let (status, value) = post("/api/hint", json!({ "puzzle": EASY, "candidates": marks })).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    assert_eq!(value["status"], "wrong_digit", "{value}");
    assert_eq!(value["hint"]["cell"], "r1c1");
    assert_eq!(value["hint"]["digit"], 5);

    let (status, value) = post("/api/hint", json!({ "puzzle": EASY, "vague": true })).await;
    assert_eq!(status, StatusCode::OK);
    assert!(value["hint"].get("step").is_none(), "{value}");
}

#[tokio::test]
async fn an_explanation_carries_its_steps_and_rating() {
    let (status, value) = post("/api/explain", json!({ "puzzle": EASY })).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    assert_eq!(value["status"], "explained");
    assert_eq!(value["solved"], true);
    assert!(value["steps"]
        .as_array()
        .is_some_and(|steps| steps.len() > 40));
    assert_eq!(value["rating"]["level"], "easy");

    let (_, limited) = post(
        "/api/explain",
        json!({ "puzzle": HARD, "techniques": "singles" }),
    )
    .await;
    assert_eq!(limited["status"], "stuck");
    assert!(limited["next_step"]["technique"].is_string(), "{limited}");
}

#[tokio::test]
async fn a_generated_puzzle_is_reproducible_and_at_its_level() {
    let body =
        json!({ "seed": 2580, "level": "easy", "symmetry": "central", "with_solution": true });
    let (status, first) = post("/api/generate", body.clone()).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    let (_, again) = post("/api/generate", body).await;
    assert_eq!(first, again);
    assert_eq!(first["rating"]["level"], "easy");
    assert_eq!(first["symmetry"], "central");
    let puzzle = first["puzzle"].as_str().expect("a puzzle");
    let (_, checked) = post("/api/check", json!({ "puzzle": puzzle })).await;
    assert_eq!(checked["status"], "unique");
    assert_eq!(checked["solution"], first["solution"]);
}

#[tokio::test]
async fn bad_requests_say_what_is_wrong() {
    let (status, value) = post_with(Limits::default(), "/api/solve", "{\"puzzle\": ").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        value["error"]
            .as_str()
            .unwrap()
            .starts_with("malformed JSON"),
        "{value}"
    );

    let bad = format!("12x{}", &".".repeat(78));
    let (status, value) = post("/api/solve", json!({ "puzzle": bad })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let message = value["error"].as_str().unwrap();
    assert!(
        message.contains("r1c3") && message.contains('x'),
        "{message}"
    );

    let (status, value) = post("/api/solve", json!({ "puzzle": HARD, "colour": "red" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        value["error"].as_str().unwrap().contains("colour"),
        "{value}"
    );

    let (status, value) = post("/api/solve", json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(value["error"], "missing field `puzzle`");

    let (status, value) = post("/api/nothing", json!({})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(value["error"].is_string());
}

#[tokio::test]
async fn every_limit_has_its_own_answer() {
    let small = Limits {
        body_bytes: 50,
        ..Limits::default()
    };
    let (status, _) = post_with(small, "/api/solve", json!({ "puzzle": HARD }).to_string()).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);

    let quick = Limits {
        work: Duration::from_millis(20),
        ..Limits::default()
    };
    let empty = ".".repeat(81);
    let body = json!({ "puzzle": empty, "limit": 1_000_000_000_000u64 }).to_string();
    let (status, value) = post_with(quick, "/api/count", body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{value}");
    assert_eq!(value["error"], "work budget exceeded: time limit reached");

    let closed = Limits {
        concurrent: 0,
        ..Limits::default()
    };
    let (status, value) =
        post_with(closed, "/api/rate", json!({ "puzzle": EASY }).to_string()).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(value["error"].is_string());
}

#[tokio::test]
async fn the_api_is_described_and_the_page_is_served() {
    let request = Request::get("/api/openapi.json")
        .body(Body::empty())
        .expect("a request");
    let response = app(Limits::default())
        .oneshot(request)
        .await
        .expect("an answer");
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let spec: Value = serde_json::from_slice(&bytes).expect("JSON");
    for path in [
        "solve", "count", "check", "hint", "explain", "rate", "generate", "canon",
    ] {
        assert!(
            spec["paths"][format!("/api/{path}")]["post"].is_object(),
            "{path}"
        );
    }

    for (path, kind) in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/app.css", "text/css"),
    ] {
        let request = Request::get(path).body(Body::empty()).expect("a request");
        let response = app(Limits::default())
            .oneshot(request)
            .await
            .expect("an answer");
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let content_type = response.headers()["content-type"]
            .to_str()
            .unwrap()
            .to_string();
        assert!(content_type.starts_with(kind), "{path}: {content_type}");
    }
}

/// One request over a real connection: the status code and the body.
async fn raw_post(addr: std::net::SocketAddr, path: &str, body: &[u8]) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr)
        .await
        .expect("a connection");
    let head = format!(
        "POST {path} HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    );
    stream
        .write_all(head.as_bytes())
        .await
        .expect("the head sent");
    // A server may answer (413) before reading a huge body: a cut write is fine.
    let _ = stream.write_all(body).await;
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer).await;
    let text = String::from_utf8_lossy(&answer).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or(0);
    let body = text
        .split("\r\n\r\n")
        .nth(1)
        .unwrap_or_default()
        .to_string();
    (status, body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_requests_get_their_errors_and_the_server_answers_the_next() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let addr = listener.local_addr().expect("an address");
    let limits = Limits {
        work: Duration::from_secs(2),
        ..Limits::default()
    };
    tokio::spawn(async move { axum::serve(listener, app(limits)).await });

    let huge = vec![b'.'; 4 << 20];
    let (status, _) = raw_post(addr, "/api/solve", &huge).await;
    assert_eq!(status, 413);
    let (status, body) = raw_post(addr, "/api/hint", b"{\"puzzle\": [1, 2").await;
    assert_eq!(status, 400, "{body}");
    let empty = json!({ "puzzle": ".".repeat(81), "limit": u64::MAX }).to_string();
    let (status, body) = raw_post(addr, "/api/count", empty.as_bytes()).await;
    assert_eq!(status, 422, "{body}");
    let impossible = json!({ "seed": 1, "range": "19.0..20.0" }).to_string();
    let (status, body) = raw_post(addr, "/api/generate", impossible.as_bytes()).await;
    assert_eq!(status, 422, "{body}");
    let clash = json!({ "puzzle": format!("11{}", ".".repeat(79)) }).to_string();
    let (status, body) = raw_post(addr, "/api/solve", clash.as_bytes()).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"status\":\"invalid\""), "{body}");

    let fine = json!({ "puzzle": HARD }).to_string();
    let (status, body) = raw_post(addr, "/api/solve", fine.as_bytes()).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"status\":\"solved\""), "{body}");
}
