//! `sudokit serve`: the web app and its JSON API, on the user's own machine.
//!
//! The page (HTML, CSS and JavaScript, embedded in the binary) talks to a
//! JSON API whose every answer is the object `sudokit ... --format json`
//! prints, from the same library calls ([`sudokit::answer`]). Requests are
//! bounded: body size (413), work per request (422, with the reason),
//! requests at once (503); a malformed body or puzzle is a 400 that names
//! the cell and the character.
//!
//! ```no_run
//! # async fn demo() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! let app = sudokit_serve::app(sudokit_serve::Limits::default());
//! axum::serve(listener, app).await
//! # }
//! ```

mod api;
mod assets;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{DefaultBodyLimit, Request};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post};
use axum::Router;
use tokio::sync::Semaphore;

/// What one request may take.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The largest request body, in bytes.
    pub body_bytes: usize,
    /// Requests answered at once; more are turned away with 503 (0 turns
    /// every request away).
    pub concurrent: usize,
    /// The work one request may do, as time; past it the answer is a 422.
    pub work: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Limits {
            body_bytes: 64 * 1024,
            concurrent: 4 * cores,
            work: Duration::from_secs(10),
        }
    }
}

/// What every handler shares.
#[derive(Clone)]
struct Shared {
    limits: Limits,
    slots: Arc<Semaphore>,
}

/// The whole app: the page, its assets and the API, with `limits`, logging
/// one line per request on stderr.
pub fn app(limits: Limits) -> Router {
    quiet_app(limits).layer(middleware::from_fn(log_request))
}

/// The app without the request log, for embedding it in another server (or
/// a fuzzer) that logs in its own way.
pub fn quiet_app(limits: Limits) -> Router {
    let shared = Shared {
        limits,
        slots: Arc::new(Semaphore::new(limits.concurrent)),
    };
    let api = Router::new()
        .route("/api/solve", post(api::solve))
        .route("/api/count", post(api::count))
        .route("/api/check", post(api::check))
        .route("/api/hint", post(api::hint))
        .route("/api/explain", post(api::explain))
        .route("/api/rate", post(api::rate))
        .route("/api/generate", post(api::generate))
        .route("/api/canon", post(api::canon))
        .route("/api/openapi.json", get(assets::openapi))
        .fallback(api::not_found)
        .with_state(shared);
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/app.css", get(assets::style))
        .merge(api)
        .layer(DefaultBodyLimit::max(limits.body_bytes))
}

/// One line per request on stderr: method, path, status, milliseconds.
async fn log_request(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let start = Instant::now();
    let response = next.run(request).await;
    eprintln!(
        "{method} {path} {} {:.1} ms",
        response.status().as_u16(),
        start.elapsed().as_secs_f64() * 1000.0
    );
    response
}

/// Serves the app on `addr` until Ctrl-C: prints `listening on
/// http://ADDR/` first on stdout (the address bound, so a port 0 shows the
/// one picked), and opens it in a browser if `open`.
pub fn run(addr: SocketAddr, open: bool, limits: Limits) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        let bound = listener.local_addr()?;
        let url = format!("http://{bound}/");
        {
            use std::io::Write;
            let mut stdout = std::io::stdout().lock();
            writeln!(stdout, "listening on {url}")?;
            stdout.flush()?;
        }
        if open {
            open_browser(&url);
        }
        axum::serve(listener, app(limits))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
    })
}

/// Asks the desktop to open `url`; a failure only costs the convenience.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(target_os = "windows") {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(error) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("sudokit: cannot open a browser ({opener}: {error}); open {url} yourself");
    }
}
