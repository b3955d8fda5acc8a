//! `ayla serve [RULE_FILE]... [--port P] [--host H] [--open]`: the web board.
//!
//! A small HTTP server on this machine serves one page (embedded in the
//! binary: `page/`) and the JSON API it talks to (`api.rs`, documented in
//! docs/serve.md). The server keeps no games: every request carries the
//! whole game, so a request can be answered by any worker thread, undo is
//! the page dropping a ply, and nothing is ever written to disk.

mod api;

use super::Failure;
use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
use std::path::PathBuf;
use std::sync::Arc;

pub use api::Api;

/// Arguments of `serve`.
#[derive(clap::Args)]
pub struct Args {
    /// Rule files to offer besides the bundled variants (each re-read on
    /// every request, so edits show on the next click).
    #[arg(value_name = "RULE_FILE")]
    files: Vec<PathBuf>,
    /// The port to listen on; 0 picks a free one.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address or host name to listen on (`localhost` resolves to this
    /// machine). The default serves this machine only; another address
    /// lets anyone who can reach it use the server.
    #[arg(long, default_value = "127.0.0.1", value_parser = parse_host)]
    host: Host,
    /// Open the page in the default browser once listening.
    #[arg(long)]
    open: bool,
}

/// A `--host` as given, and the addresses it resolves to.
#[derive(Clone, Debug)]
struct Host {
    addrs: Vec<IpAddr>,
}

/// An IP address as it is, or a host name resolved by the system (so
/// `localhost` is the loopback); what resolves to nothing is not a host.
fn parse_host(s: &str) -> Result<Host, String> {
    if let Ok(ip) = s.trim_matches(['[', ']']).parse::<IpAddr>() {
        return Ok(Host { addrs: vec![ip] });
    }
    // A name is letters, digits, `-` and `.` (RFC 1123): anything else is
    // refused here, not sent to a resolver that may wait on the network.
    let name_like = !s.is_empty()
        && s.len() <= 253
        && s.split('.').all(|l| {
            !l.is_empty()
                && !l.starts_with('-')
                && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        });
    if !name_like {
        return Err("not an IP address, nor a host name (letters, digits, `-` and `.`)".to_owned());
    }
    let addrs: Vec<IpAddr> = (s, 0)
        .to_socket_addrs()
        .map_err(|e| format!("not an IP address, nor a host name this machine resolves ({e})"))?
        .map(|a| a.ip())
        .collect();
    if addrs.is_empty() {
        return Err("the host name resolves to no address".to_owned());
    }
    Ok(Host { addrs })
}

/// The largest request body read, in bytes: a long record is a few
/// kilobytes, so a megabyte leaves room and bounds the memory a client
/// can make a worker spend.
pub const MAX_BODY: usize = 1 << 20;

/// Worker threads: enough that an engine thinking for one request (a
/// second at the strongest level) does not hold the page's other requests.
const WORKERS: usize = 4;

/// The embedded page.
const INDEX_HTML: &str = include_str!("page/index.html");
const PAGE_CSS: &str = include_str!("page/page.css");
const PAGE_JS: &str = include_str!("page/page.js");

pub fn run(a: Args) -> Result<(), Failure> {
    // main() lets a closed pipe kill the process, as Unix tools do; a
    // server must outlive a browser that closes a connection mid-answer,
    // and a script that stops reading its stdout.
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition before the server's threads
    // start; SIG_IGN runs no handler code.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    let api = Arc::new(Api::new(a.files.clone()));
    for (_, problem) in api.file_problems() {
        // Not fatal: the file may be fixed while the server runs; the page
        // shows the same message when the file is chosen. The loader's
        // message already begins with the file's name.
        eprintln!("ayla serve: {problem}");
    }
    // `localhost` may resolve to both ::1 and 127.0.0.1: the first that
    // can be bound is served, as most servers given a name do.
    let addrs: Vec<SocketAddr> = a
        .host
        .addrs
        .iter()
        .map(|&ip| SocketAddr::new(ip, a.port))
        .collect();
    let server = tiny_http::Server::http(&addrs[..]).map_err(|e| {
        Failure::unusable(anyhow::anyhow!(
            "cannot listen on {}: {e}",
            addrs
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" or ")
        ))
    })?;
    let bound = server.server_addr().to_ip();
    let port = bound.map_or(a.port, |addr| addr.port());
    let ip = bound.map_or(a.host.addrs[0], |addr| addr.ip());
    let host = match ip {
        IpAddr::V6(h) => format!("[{h}]"),
        h => h.to_string(),
    };
    let url = format!("http://{host}:{port}/");
    let reach = if ip.is_loopback() {
        "this machine only"
    } else {
        "reachable from other machines: anyone who can reach it can use it"
    };
    // Written, not printed: a reader that closes stdout after the first
    // line (a script waiting for the address) must not stop the server.
    let mut out = std::io::stdout();
    let _ = writeln!(out, "ayla serve: listening on {url} ({reach})");
    let _ = writeln!(out, "ayla serve: press Ctrl-C to stop");
    let _ = out.flush();
    if a.open {
        open_browser(&url);
    }
    let server = Arc::new(server);
    let loopback = ip.is_loopback();
    let workers: Vec<_> = (0..WORKERS)
        .map(|_| {
            let (server, api) = (Arc::clone(&server), Arc::clone(&api));
            std::thread::spawn(move || {
                while let Ok(request) = server.recv() {
                    respond(&api, request, loopback, port);
                }
            })
        })
        .collect();
    for w in workers {
        let _ = w.join();
    }
    Ok(())
}

/// Opens `url` with the desktop's opener; says so if there is none.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("ayla serve: cannot open a browser ({opener}: {e}); open {url} yourself");
    }
}

/// An answer: status, content type, body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The HTTP status.
    pub status: u16,
    /// Its `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: String,
}

impl Answer {
    fn text(status: u16, content_type: &'static str, body: &str) -> Answer {
        Answer {
            status,
            content_type,
            body: body.to_owned(),
        }
    }
}

/// Whether a `Host` header names this machine. A page on another site
/// could otherwise reach a server on the loopback through a name that
/// resolves to it (DNS rebinding); browsers send the name they used.
fn host_is_local(host: &str, port: u16) -> bool {
    let name = host
        .strip_suffix(&format!(":{port}"))
        .unwrap_or(host)
        .to_ascii_lowercase();
    matches!(name.as_str(), "localhost" | "127.0.0.1" | "[::1]")
        || name
            .parse::<std::net::Ipv4Addr>()
            .is_ok_and(|ip| ip.is_loopback())
}

fn respond(api: &Api, mut request: tiny_http::Request, loopback: bool, port: u16) {
    let host = request
        .headers()
        .iter()
        .find(|h| h.field.equiv("Host"))
        .map(|h| h.value.as_str().to_owned());
    let answer = if loopback && host.as_deref().is_some_and(|h| !host_is_local(h, port)) {
        api::error(
            403,
            &format!(
                "this server answers only requests addressed to this machine (127.0.0.1 or localhost), not {:?}",
                host.unwrap_or_default()
            ),
        )
    } else if request.body_length().is_some_and(|n| n > MAX_BODY) {
        too_large()
    } else {
        let mut body = Vec::new();
        match request
            .as_reader()
            .take(MAX_BODY as u64 + 1)
            .read_to_end(&mut body)
        {
            Err(e) => api::error(400, &format!("cannot read the request: {e}")),
            Ok(_) if body.len() > MAX_BODY => too_large(),
            Ok(_) => {
                let method = request.method().as_str().to_owned();
                let path = request.url().split('?').next().unwrap_or("/").to_owned();
                route(api, &method, &path, &body)
            }
        }
    };
    let mut response = tiny_http::Response::from_string(answer.body)
        .with_status_code(answer.status)
        .with_header(header("Content-Type", answer.content_type))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"));
    if answer.content_type.starts_with("text/html") {
        // The page loads only its own script and style; the SVG it inserts
        // comes from this server.
        response = response.with_header(header(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'",
        ));
    }
    let _ = request.respond(response);
}

fn header(name: &str, value: &str) -> tiny_http::Header {
    tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes())
        .expect("header names and values here are ASCII")
}

fn too_large() -> Answer {
    api::error(
        413,
        &format!("the request is larger than {MAX_BODY} bytes, the most the server reads"),
    )
}

/// The answer to one request: the page's files, or the API.
pub fn route(api: &Api, method: &str, path: &str, body: &[u8]) -> Answer {
    match (method, path) {
        ("GET", "/" | "/index.html") => Answer::text(200, "text/html; charset=utf-8", INDEX_HTML),
        ("GET", "/page.css") => Answer::text(200, "text/css; charset=utf-8", PAGE_CSS),
        ("GET", "/page.js") => Answer::text(200, "text/javascript; charset=utf-8", PAGE_JS),
        ("GET", "/favicon.ico") => Answer::text(204, "text/plain", ""),
        (_, p) if p.starts_with("/api/") => api.handle(method, p, body),
        ("GET", _) => Answer::text(
            404,
            "text/plain; charset=utf-8",
            "not found: the page is at /\n",
        ),
        _ => api::error(
            405,
            &format!("{method} {path}: the server answers GET / and the API under /api/"),
        ),
    }
}

#[cfg(test)]
mod tests;
