//! `ayla serve` over a real socket: it says where it listens, bounds what
//! it reads, refuses requests addressed elsewhere, and keeps answering
//! after bad input. (The API's answers are tested in src/cli/serve/tests.rs.)

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `ayla serve args…` and reads the first line it prints, on
/// stderr if `on_stderr`, else on stdout; the reader is then dropped, as
/// a script waiting for the address would drop it, and the server goes on.
fn serve_first_line(args: &[&str], on_stderr: bool) -> (Child, String) {
    let (out, err) = if on_stderr {
        (Stdio::null(), Stdio::piped())
    } else {
        (Stdio::piped(), Stdio::null())
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_ayla"))
        .arg("serve")
        .args(args)
        .stdout(out)
        .stderr(err)
        .spawn()
        .expect("ayla runs");
    let mut line = String::new();
    let read = if on_stderr {
        BufReader::new(child.stderr.take().unwrap()).read_line(&mut line)
    } else {
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line)
    };
    read.unwrap();
    (child, line)
}

fn start() -> Server {
    let (child, line) = serve_first_line(&["--port", "0"], false);
    std::thread::sleep(std::time::Duration::from_millis(100));
    let rest = line
        .strip_prefix("ayla serve: listening on http://127.0.0.1:")
        .unwrap_or_else(|| panic!("first line: {line:?}"));
    let port = rest.split('/').next().unwrap().parse().unwrap();
    assert!(line.ends_with("/ (this machine only)\n"), "{line:?}");
    Server { child, port }
}

/// Sends raw request text; the status and the body.
fn send(port: u16, head: &str, body: &[u8]) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.write_all(head.as_bytes()).unwrap();
    // A server that refuses early may close before all is written.
    let _ = s.write_all(body);
    let mut out = String::new();
    let read = s.read_to_string(&mut out);
    let status = out
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("{head:?}: no status in {out:?} ({read:?})"));
    let body = out.split("\r\n\r\n").nth(1).unwrap_or("").to_owned();
    (status, body)
}

fn post(port: u16, path: &str, host: &str, body: &str) -> (u16, String) {
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    send(port, &head, body.as_bytes())
}

#[test]
fn the_server_answers_bounds_and_survives_bad_input() {
    let server = start();
    let port = server.port;
    let local = format!("127.0.0.1:{port}");
    let (status, page) = send(
        port,
        &format!("GET / HTTP/1.1\r\nHost: {local}\r\nConnection: close\r\n\r\n"),
        b"",
    );
    assert_eq!(status, 200);
    assert!(page.contains("<html") || page.contains("<!--"), "{page}");

    // Bad input of every kind, each answered with a reason.
    let (status, body) = post(port, "/api/game", &local, "{\"variant\": 3}");
    assert_eq!(status, 400, "{body}");
    let (status, body) = post(
        port,
        "/api/game",
        "evil.example:80",
        "{\"variant\": \"kpe\"}",
    );
    assert_eq!(status, 403, "{body}");
    // The size is refused from the header, before any of the body is read;
    // the body is not sent, since a server that closes on unread data may
    // reset the connection before its answer is read.
    let head = format!(
        "POST /api/record HTTP/1.1\r\nHost: {local}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        2 << 20
    );
    let (status, body) = send(port, &head, b"");
    assert_eq!(status, 413, "{body}");
    assert!(body.contains("1048576 bytes"), "{body}");

    // And still it plays.
    let (status, body) = post(
        port,
        "/api/game",
        &format!("localhost:{port}"),
        "{\"variant\": \"kpe\", \"plies\": [\"c\"]}",
    );
    assert_eq!(status, 200, "{body}");
    assert!(
        body.contains("\"position\":\"7,6,0,7/7,7,7,7 N 0-0 sown=c/\""),
        "{body}"
    );
}

#[test]
fn a_port_in_use_is_an_unusable_start() {
    let held = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = held.local_addr().unwrap().port();
    let out = Command::new(env!("CARGO_BIN_EXE_ayla"))
        .args(["serve", "--port", &port.to_string()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("cannot listen on 127.0.0.1:{port}")),
        "{err}"
    );
}

#[test]
fn a_host_name_is_resolved_and_what_is_no_host_refused() {
    // `localhost` is this machine: served, and said to be local.
    let (mut child, line) = serve_first_line(&["--host", "localhost", "--port", "0"], false);
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        line.starts_with("ayla serve: listening on http://")
            && line.ends_with("/ (this machine only)\n"),
        "{line:?}"
    );
    for bad in ["not a host", "a/b", "-x"] {
        let out = Command::new(env!("CARGO_BIN_EXE_ayla"))
            .args(["serve", &format!("--host={bad}"), "--port", "0"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("nor a host name"), "{bad}: {err}");
    }
}

#[test]
fn a_rule_file_that_does_not_load_is_named_once() {
    let (mut child, line) = serve_first_line(&["nosuch.toml", "--port", "0"], true);
    let _ = child.kill();
    let _ = child.wait();
    assert!(line.starts_with("ayla serve: "), "{line:?}");
    assert_eq!(line.matches("nosuch.toml").count(), 1, "{line:?}");
}
