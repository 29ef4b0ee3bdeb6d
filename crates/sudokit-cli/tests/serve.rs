//! `sudokit serve` as a user starts it: the address on the first line, one
//! log line per request, and a clean stop on Ctrl-C.
#![cfg(all(feature = "serve", unix))]

mod support;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::Stdio;

use support::{send_ctrl_c, spawn};

#[test]
fn serve_prints_its_address_logs_requests_and_stops_on_ctrl_c() {
    let mut server = spawn(["serve", "--addr", "127.0.0.1:0"], Stdio::null());
    let mut first = String::new();
    BufReader::new(server.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("a first line");
    let url = first
        .strip_prefix("listening on http://")
        .and_then(|rest| rest.trim().strip_suffix('/'))
        .unwrap_or_else(|| panic!("first line: {first:?}"));

    let mut stream = TcpStream::connect(url).expect("a connection");
    write!(
        stream,
        "GET /api/openapi.json HTTP/1.1\r\nhost: {url}\r\nconnection: close\r\n\r\n"
    )
    .expect("a request");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("an answer");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"openapi\""));

    send_ctrl_c(&server);
    let status = server.wait().expect("the server ends");
    assert!(status.success(), "{status}");
    let mut log = String::new();
    server
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut log)
        .expect("the log");
    assert!(log.contains("GET /api/openapi.json 200 "), "{log}");
}
