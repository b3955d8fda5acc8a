//! The page of `ayla serve` in a real browser: headless Chromium driven
//! through chromedriver (W3C WebDriver), clicking pits and buttons as a
//! person would, and every result compared with what the command line
//! (`check`, `replay --json`) or the server's own API says.
//!
//! Without chromedriver the test says how to install it and passes, so a
//! machine without a browser can still run `cargo test`; CI sets
//! `AYLA_BROWSER_TEST=required` so that a missing browser fails instead.
//! `AYLA_BROWSER_URL=http://127.0.0.1:PORT/` runs it against a server
//! started by hand instead of `ayla serve --port 0`.
//! `AYLA_SCREENSHOT_UPDATE=1` also writes the screenshot to
//! docs/images/serve.png.
//!
//! The WebDriver and HTTP clients are a few functions over
//! `std::net::TcpStream` and serde_json: the test needs a dozen WebDriver
//! commands, and every client crate would bring an async runtime and
//! about a hundred crates to build for them.

use crate::common::ayla;
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use std::{env, fs, thread};

// ---- plain HTTP/1.1 over a TcpStream ---------------------------------------

/// One request to `addr` ("127.0.0.1:PORT"); the status and the body as JSON
/// (Null for an empty body).
fn http(addr: &str, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).unwrap_or_else(|e| panic!("connect to {addr}: {e}"));
    s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    let data = body.map(|b| b.to_string()).unwrap_or_default();
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if body.is_some() {
        req += &format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            data.len()
        );
    }
    req += "\r\n";
    s.write_all(req.as_bytes()).unwrap();
    s.write_all(data.as_bytes()).unwrap();
    // Read by Content-Length: chromedriver keeps the connection open
    // whatever `Connection: close` asks, so reading to the end would hang.
    let mut r = BufReader::new(s);
    let mut head = String::new();
    loop {
        let mut line = String::new();
        let n = r
            .read_line(&mut line)
            .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        if n == 0 || line == "\r\n" {
            break;
        }
        head += &line;
    }
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("{method} {path}: bad status line in {head:?}"));
    let lower = head.to_ascii_lowercase();
    let length = lower
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .map(|n| {
            n.trim()
                .parse::<usize>()
                .expect("Content-Length is a number")
        });
    let mut payload = Vec::new();
    if let Some(n) = length {
        payload.resize(n, 0);
        r.read_exact(&mut payload).unwrap();
    } else {
        r.read_to_end(&mut payload).unwrap();
        if lower.contains("transfer-encoding: chunked") {
            payload = dechunk(&payload);
        }
    }
    let text = String::from_utf8(payload).expect("body is UTF-8");
    let value = if text.trim().is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{method} {path}: body is not JSON ({e}): {text}"))
    };
    (status, value)
}

fn dechunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let eol = b.windows(2).position(|w| w == b"\r\n").expect("chunk size");
        let size = usize::from_str_radix(
            String::from_utf8_lossy(&b[..eol])
                .split(';')
                .next()
                .unwrap()
                .trim(),
            16,
        )
        .expect("chunk size is hex");
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&b[eol + 2..eol + 2 + size]);
        b = &b[eol + 2 + size + 2..];
    }
}

fn base64_decode(s: &str) -> Vec<u8> {
    let val = |c: u8| -> u32 {
        match c {
            b'A'..=b'Z' => (c - b'A') as u32,
            b'a'..=b'z' => (c - b'a' + 26) as u32,
            b'0'..=b'9' => (c - b'0' + 52) as u32,
            b'+' => 62,
            b'/' => 63,
            _ => panic!("not base64: {c}"),
        }
    };
    let clean: Vec<u8> = s.bytes().filter(|c| !c.is_ascii_whitespace()).collect();
    let mut out = Vec::with_capacity(clean.len() * 3 / 4);
    for chunk in clean.chunks(4) {
        let n = chunk.iter().take_while(|&&c| c != b'=').count();
        let mut acc = 0u32;
        for (i, &c) in chunk[..n].iter().enumerate() {
            acc |= val(c) << (18 - 6 * i);
        }
        let bytes = acc.to_be_bytes();
        out.extend_from_slice(&bytes[1..n.max(1)]);
    }
    out
}

// ---- processes -------------------------------------------------------------

/// A child process killed when the test ends, passing or not.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn find_chromedriver() -> Option<PathBuf> {
    let path = env::var_os("PATH").unwrap_or_default();
    env::split_paths(&path)
        .chain([PathBuf::from("/usr/bin")])
        .map(|d| d.join("chromedriver"))
        .find(|p| p.is_file())
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `ayla serve --port 0 FILES...`, and its address read from its first line.
fn start_server(files: &[&str]) -> (Option<Killed>, String) {
    if let Ok(url) = env::var("AYLA_BROWSER_URL") {
        let addr = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        return (None, addr);
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_ayla"))
        .args(["serve", "--port", "0"])
        .args(files)
        .current_dir(root())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run ayla serve");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    // Keep reading what it prints next: a server whose stdout is closed
    // dies at its next line.
    thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
    let child = Killed(child);
    let rest = line
        .strip_prefix("ayla serve: listening on http://")
        .unwrap_or_else(|| panic!("first line of ayla serve: {line:?}"));
    let addr = rest
        .split('/')
        .next()
        .filter(|a| a.starts_with("127.0.0.1:"))
        .unwrap_or_else(|| panic!("no 127.0.0.1 address in {line:?}"))
        .to_string();
    assert!(
        line.trim_end().ends_with("/ (this machine only)"),
        "first line of ayla serve: {line:?}"
    );
    (Some(child), addr)
}

// ---- a small WebDriver client ---------------------------------------------

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";
const WAIT: Duration = Duration::from_secs(30);

struct Browser {
    addr: String,
    session: String,
    _driver: Killed,
}

impl Browser {
    fn start(chromedriver: &Path) -> Browser {
        let port = free_port();
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("run chromedriver");
        let driver = Killed(driver);
        let addr = format!("127.0.0.1:{port}");
        let start = Instant::now();
        while TcpStream::connect(&addr).is_err() {
            assert!(start.elapsed() < WAIT, "chromedriver does not listen");
            thread::sleep(Duration::from_millis(50));
        }
        let mut opts = json!({"args": ["--headless=new", "--no-sandbox", "--disable-gpu",
            "--window-size=1400,1000", "--disable-dev-shm-usage"]});
        if Path::new("/usr/bin/chromium").is_file() {
            opts["binary"] = json!("/usr/bin/chromium");
        }
        let caps = json!({"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": opts}}});
        let (status, v) = http(&addr, "POST", "/session", Some(&caps));
        assert_eq!(status, 200, "new session: {v}");
        let session = v["value"]["sessionId"].as_str().unwrap().to_string();
        Browser {
            addr,
            session,
            _driver: driver,
        }
    }

    fn cmd(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let path = format!("/session/{}{path}", self.session);
        let body = body.or_else(|| (method == "POST").then(|| json!({})));
        let (status, v) = http(&self.addr, method, &path, body.as_ref());
        assert_eq!(status, 200, "WebDriver {method} {path}: {v}");
        v["value"].clone()
    }

    fn goto(&self, url: &str) {
        self.cmd("POST", "/url", Some(json!({"url": url})));
    }

    fn js(&self, script: &str, args: Value) -> Value {
        self.cmd(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": args})),
        )
    }

    fn find(&self, css: &str) -> String {
        let v = self.cmd(
            "POST",
            "/element",
            Some(json!({"using": "css selector", "value": css})),
        );
        v[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("find {css}: {v}"))
            .to_string()
    }

    fn click(&self, css: &str) {
        let e = self.find(css);
        self.cmd("POST", &format!("/element/{e}/click"), None);
    }

    /// Clicks and waits for the page to be idle again.
    fn click_wait(&self, css: &str) {
        self.click(css);
        self.idle();
    }

    fn text(&self, css: &str) -> String {
        self.js(
            "const e = document.querySelector(arguments[0]); return e ? e.textContent : null;",
            json!([css]),
        )
        .as_str()
        .unwrap_or_else(|| panic!("no element {css}"))
        .to_string()
    }

    fn visible(&self, css: &str) -> bool {
        let e = self.find(css);
        self.cmd("GET", &format!("/element/{e}/displayed"), None)
            .as_bool()
            .unwrap()
    }

    fn key(&self, key: &str) {
        self.cmd(
            "POST",
            "/actions",
            Some(
                json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
                {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]}]}),
            ),
        );
        self.cmd("DELETE", "/actions", None);
    }

    /// Waits until the page says it is idle (body[data-busy="0"]): no
    /// request and no animation running.
    fn idle(&self) {
        let start = Instant::now();
        loop {
            let busy = self.js("return document.body.dataset.busy;", json!([]));
            if busy == json!("0") {
                return;
            }
            assert!(
                start.elapsed() < WAIT,
                "the page stays busy; message: {}",
                self.text("#message")
            );
            thread::sleep(Duration::from_millis(15));
        }
    }

    /// Waits for the page as [`Browser::idle`], then reads the text of
    /// each of `css`: one round trip a poll, where idle and a read each
    /// would cost one (stepping through a record reads two texts a ply).
    fn idle_texts<const N: usize>(&self, css: [&str; N]) -> [String; N] {
        let start = Instant::now();
        loop {
            let v = self.js(
                "if (document.body.dataset.busy !== '0') return null; \
                 return arguments[0].map(c => { const e = document.querySelector(c); return e ? e.textContent : null; });",
                json!([css.as_slice()]),
            );
            if let Some(texts) = v.as_array() {
                return std::array::from_fn(|i| {
                    texts[i]
                        .as_str()
                        .unwrap_or_else(|| panic!("no element {}", css[i]))
                        .to_string()
                });
            }
            assert!(
                start.elapsed() < WAIT,
                "the page stays busy; message: {}",
                self.text("#message")
            );
            thread::sleep(Duration::from_millis(15));
        }
    }

    /// Chooses `value` in the select `css` by clicking its option, as a
    /// person would, and waits for what that starts.
    fn select(&self, css: &str, value: &str) {
        self.click(&format!("{css} option[value=\"{value}\"]"));
        self.idle();
        assert_eq!(
            self.js(
                "return document.querySelector(arguments[0]).value;",
                json!([css])
            ),
            json!(value),
            "{css} did not take {value}"
        );
    }

    /// Waits until the text of `css` passes `ok`.
    fn wait_for(&self, css: &str, ok: impl Fn(&str) -> bool) {
        let start = Instant::now();
        loop {
            let t = self.text(css);
            if ok(&t) {
                return;
            }
            assert!(start.elapsed() < WAIT, "{css} stays {t:?}");
            thread::sleep(Duration::from_millis(15));
        }
    }

    fn screenshot(&self) -> Vec<u8> {
        base64_decode(self.cmd("GET", "/screenshot", None).as_str().unwrap())
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let path = format!("/session/{}", self.session);
        let _ = TcpStream::connect(&self.addr).map(|_| http(&self.addr, "DELETE", &path, None));
    }
}

// ---- what the server and the command line say ---------------------------------

struct Server {
    addr: String,
}

impl Server {
    fn post(&self, path: &str, body: Value) -> Value {
        let (status, v) = http(&self.addr, "POST", path, Some(&body));
        assert_eq!(status, 200, "POST {path} {body}: {v}");
        v
    }

    /// The answer for a game between two humans.
    fn game(&self, variant: &str, plies: &[String]) -> Value {
        self.game_between(variant, plies, HUMANS)
    }

    fn game_between(&self, variant: &str, plies: &[String], players: [&str; 2]) -> Value {
        self.post(
            "/api/game",
            json!({"variant": variant, "readings": {}, "start": null, "plies": plies,
                   "seeds": "numbers", "frames": false, "players": players}),
        )
    }
}

const HUMANS: [&str; 2] = ["human", "human"];

fn strs(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// The pits the page marks as clickable, asserted to be the server's legal
/// pits: the page must neither add nor drop one.
fn clickable_pits(b: &Browser, answer: &Value) -> Vec<String> {
    let page = strs(&b.js(
        "return [...document.querySelectorAll('#board [data-pit].clickable')].map(g => g.dataset.pit);",
        json!([]),
    ));
    let server: BTreeSet<String> = answer["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["pit"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        page.iter().cloned().collect::<BTreeSet<_>>(),
        server,
        "pits the page marks legal"
    );
    page
}

/// Clicks pit `pit` and waits.
fn click_pit(b: &Browser, pit: &str) {
    b.click_wait(&format!("#board [data-pit=\"{pit}\"]"));
}

/// The page's #record written to a file and checked by `ayla check`.
fn check_record(record: &str, name: &str) {
    let dir = root().join("target/browser");
    fs::create_dir_all(&dir).unwrap();
    let file = dir.join(name);
    fs::write(&file, record).unwrap();
    let out = ayla(&["check", file.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "ayla check {name}:\n{}{}\n--- record:\n{record}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Starts a new game of `variant` with both sides human.
fn new_game(b: &Browser, variant: &str) {
    b.click_wait("#mode-play");
    b.select("#south-player", "human");
    b.select("#north-player", "human");
    b.select("#variant", variant);
    b.click_wait("#new-game");
    assert_eq!(b.text("#moves"), "", "a new game has no plies");
}

/// The page's position and record after `plies` must be the server's.
fn assert_same_game(b: &Browser, server: &Server, variant: &str, plies: &[String]) -> Value {
    assert_same_game_between(b, server, variant, plies, HUMANS)
}

fn assert_same_game_between(
    b: &Browser,
    server: &Server,
    variant: &str,
    plies: &[String],
    players: [&str; 2],
) -> Value {
    let answer = server.game_between(variant, plies, players);
    assert_eq!(
        b.text("#position"),
        answer["position"].as_str().unwrap(),
        "position after {plies:?}"
    );
    assert_eq!(
        b.text("#record"),
        answer["record"].as_str().unwrap(),
        "record after {plies:?}"
    );
    answer
}

// ---- the scenarios --------------------------------------------------------------

/// A match against the engine: when a game ends the page offers the next
/// game of the match, which starts at the server's set-up; the record
/// shown holds every game so far, and checks.
fn match_game_by_game(b: &Browser, file: &str) {
    new_game(b, file);
    // Both seats to the random engine, so the games play themselves. The
    // level of a human's seat cannot be chosen; it is set by script
    // before South's seat turns engine, which starts it at once.
    b.select("#north-player", "engine");
    b.select("#north-level", "0");
    b.js(
        "document.querySelector('#south-level').value = '0';",
        json!([]),
    );
    b.select("#south-player", "engine");
    let status = b.text("#status");
    assert!(status.starts_with("Game 1 of the match over: "), "{status}");
    assert!(b.visible("#next-game"), "{status}");
    b.click_wait("#next-game");
    let status = b.text("#status");
    assert!(status.starts_with("Game 2 of the match over: "), "{status}");
    let record = b.text("#record");
    assert!(record.contains("[MatchGame \"2\"]"), "{record}");
    assert!(record.contains("[MatchResult \"*\"]"), "{record}");
    check_record(&record, "match-in-the-page.rec");
    b.select("#south-player", "human");
    b.select("#north-player", "human");
}

/// Eight plies of Kpé by clicking pits the page marks legal.
fn kpe_by_clicks(b: &Browser, server: &Server) {
    new_game(b, "kpe");
    let mut plies: Vec<String> = Vec::new();
    let mut answer = server.game("kpe", &plies);
    for i in 0..8 {
        let pits = clickable_pits(b, &answer);
        assert!(!pits.is_empty(), "no legal pit at ply {}", i + 1);
        // Vary the choice so the game is not one pit over and over.
        let pit = pits[(i * 3) % pits.len()].clone();
        click_pit(b, &pit);
        plies.push(pit);
        answer = assert_same_game(b, server, "kpe", &plies);
    }
    check_record(&b.text("#record"), "kpe-clicked.rec");
}

/// Bay-khom, where the mover chooses the direction of every sowing: a click
/// on a pit asks which way, and the button sends the server's ply for it.
fn choose_direction(b: &Browser, server: &Server) {
    new_game(b, "bay-khom");
    let mut plies: Vec<String> = Vec::new();
    let mut answer = server.game("bay-khom", &plies);
    for i in 0..4 {
        let pits = clickable_pits(b, &answer);
        let pit = pits[i % pits.len()].clone();
        let (button, direction) = if i % 2 == 0 {
            ("#dir-cw", "clockwise")
        } else {
            ("#dir-ccw", "counter-clockwise")
        };
        let ply =
            answer["legal"]
                .as_array()
                .unwrap()
                .iter()
                .find(|l| l["pit"] == json!(pit) && l["direction"] == json!(direction))
                .unwrap_or_else(|| panic!("no {direction} sowing from {pit}: {}", answer["legal"]))
                ["ply"]
                .as_str()
                .unwrap()
                .to_string();
        assert!(!b.visible("#dir-cw"), "no direction asked before a click");
        click_pit(b, &pit);
        assert!(
            b.visible("#dir-ccw") && b.visible("#dir-cw"),
            "{pit}: which way?"
        );
        assert_eq!(
            b.js(
                "return document.querySelectorAll('#moves li').length;",
                json!([])
            ),
            json!(plies.len()),
            "a click on a two-way pit plays nothing yet"
        );
        b.click_wait(button);
        plies.push(ply);
        answer = assert_same_game(b, server, "bay-khom", &plies);
    }
    check_record(&b.text("#record"), "bay-khom-directions.rec");
}

/// The plies of a golden record, as `replay --json` reads them.
fn replay(file: &str) -> Value {
    let out = ayla(&["replay", "--json", file]);
    assert!(out.status.success(), "ayla replay --json {file}");
    let text = String::from_utf8(out.stdout).unwrap();
    serde_json::from_str(text.lines().next().unwrap()).unwrap()
}

/// A Goré game by clicking, with an offer made with Offer… and the pits,
/// and accepted with Accept.
fn gore_trade(b: &Browser, server: &Server) {
    // A legal route: the plies of a golden game, followed until the server
    // says an offer is allowed.
    let golden = replay("tests/golden/gore/02-trader-seed6.rec");
    let route: Vec<String> = golden["plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["text"].as_str().unwrap().to_string())
        .collect();
    let mut plies: Vec<String> = Vec::new();
    let mut answer = server.game("gore", &plies);
    while answer["actions"]["offers"].as_array().unwrap().is_empty() {
        let next = route
            .get(plies.len())
            .expect("the golden game reaches a position where an offer is allowed")
            .clone();
        assert!(
            !next.starts_with("offer"),
            "the route offers before the server allows it"
        );
        plies.push(next);
        answer = server.game("gore", &plies);
    }

    new_game(b, "gore");
    let mut shown = server.game("gore", &[]);
    for (i, ply) in plies.iter().enumerate() {
        let pits = clickable_pits(b, &shown);
        assert!(
            pits.contains(ply),
            "ply {} ({ply}) is not among the pits the page marks legal: {pits:?}",
            i + 1
        );
        click_pit(b, ply);
        shown = assert_same_game(b, server, "gore", &plies[..=i]);
    }

    // The offer: the server's first, made by toggling its pits.
    let offer = answer["actions"]["offers"][0].as_str().unwrap().to_string();
    let labels: Vec<&str> = offer
        .trim_start_matches("offer(")
        .trim_end_matches(')')
        .split(',')
        .map(str::trim)
        .collect();
    assert!(
        b.visible("#offer"),
        "Offer… is shown when offers are allowed"
    );
    b.click_wait("#offer");
    assert!(
        b.visible("#send-offer"),
        "Send offer is shown in offer mode"
    );
    for (i, pit) in labels.iter().enumerate() {
        assert_eq!(
            b.js(
                "return document.querySelector('#send-offer').disabled;",
                json!([])
            ),
            json!(true),
            "Send offer is disabled before the set is an allowed offer ({i} of {offer})"
        );
        click_pit(b, pit);
        // Chosen reads as chosen: a ✓ badge and a filled, heavy ring, not
        // a colour alone (nor the look of a pit that cannot be clicked).
        let look = b.js(
            "const g = document.querySelector(`#board [data-pit=\"${arguments[0]}\"]`);
             const c = g.querySelector('circle[fill=\"#fff\"]');
             const st = getComputedStyle(c);
             return [g.classList.contains('chosen'), !!g.querySelector('.chosen-mark'),
                     st.fill, parseFloat(st.strokeWidth)];",
            json!([pit]),
        );
        assert_eq!(look[0], json!(true), "{pit} chosen: {look}");
        assert_eq!(look[1], json!(true), "{pit} has its ✓: {look}");
        assert_ne!(look[2], json!("rgb(255, 255, 255)"), "{pit} filled: {look}");
        assert!(look[3].as_f64().unwrap() >= 4.0, "{pit} ringed: {look}");
    }
    let png = b.screenshot();
    fs::create_dir_all(root().join("target/browser")).unwrap();
    fs::write(root().join("target/browser/offer.png"), &png).unwrap();
    b.click_wait("#send-offer");
    plies.push(offer.clone());
    let answer = assert_same_game(b, server, "gore", &plies);
    assert!(
        answer["actions"]["accept"].as_bool().unwrap(),
        "{offer} may be accepted"
    );
    assert!(b.visible("#accept"), "Accept is shown after {offer}");
    assert!(b.visible("#decline"), "Decline is shown after {offer}");
    b.click_wait("#accept");
    plies.push("accept".to_string());
    let mut shown = assert_same_game(b, server, "gore", &plies);

    // Two more sowings after the trade.
    for _ in 0..2 {
        let pits = clickable_pits(b, &shown);
        let pit = pits[0].clone();
        click_pit(b, &pit);
        plies.push(pit);
        shown = assert_same_game(b, server, "gore", &plies);
    }
    check_record(&b.text("#record"), "gore-trade.rec");
}

/// The record's players when North is the engine at level 1, named as
/// `ayla play` names them.
const ENGINE_NORTH: [&str; 2] = ["human", "ayla engine (depth 1)"];

/// South human, North the engine at level 1: each click brings the engine's
/// answer.
fn against_engine(b: &Browser, server: &Server) {
    new_game(b, "kpe");
    // South acts first, so the engine does not move before its level is set
    // (the level select is enabled only for an engine).
    b.select("#north-player", "engine");
    b.select("#north-level", "1");
    let animate = b.js(
        "return document.querySelector('#animate').checked;",
        json!([]),
    );
    assert_eq!(animate, json!(true), "animation is on by default");
    let mut answer = server.game("kpe", &[]);
    for round in 1..=3 {
        let pits = clickable_pits(b, &answer);
        click_pit(b, &pits[0]);
        let sides = strs(&b.js(
            "return [...document.querySelectorAll('#moves .side')].map(s => s.title);",
            json!([]),
        ));
        let plies = strs(&b.js(
            "return [...document.querySelectorAll('#moves .t')].map(s => s.textContent);",
            json!([]),
        ));
        assert_eq!(
            plies.len(),
            2 * round,
            "plies after {round} clicks: {plies:?}"
        );
        assert_eq!(sides.last().map(String::as_str), Some("North"), "{sides:?}");
        answer = assert_same_game_between(b, server, "kpe", &plies, ENGINE_NORTH);
        assert_eq!(answer["to_move"], json!("South"), "back to the human");
    }
    // Undo takes back the engine's ply and the human ply before it.
    b.click_wait("#undo");
    let plies = strs(&b.js(
        "return [...document.querySelectorAll('#moves .t')].map(s => s.textContent);",
        json!([]),
    ));
    assert_eq!(
        plies.len(),
        4,
        "undo goes back to before the last human ply"
    );
    assert_same_game_between(b, server, "kpe", &plies, ENGINE_NORTH);
    check_record(&b.text("#record"), "kpe-engine.rec");
    b.select("#north-player", "human");
}

/// Pastes the record `file` into read mode and loads it: the page shows
/// its start, at ply 0. The game as `ayla replay --json` gives it.
fn load_record(b: &Browser, file: &str) -> Value {
    let golden = replay(file);
    let text = fs::read_to_string(root().join(file)).unwrap();
    b.click_wait("#mode-read");
    b.js(
        "const t = document.querySelector('#record-text'); t.value = arguments[0]; t.dispatchEvent(new Event('input'));",
        json!([text]),
    );
    b.click_wait("#load-record");
    let n = golden["plies"].as_array().unwrap().len();
    assert_eq!(b.text("#ply-counter"), format!("ply 0 of {n}"), "{file}");
    assert_eq!(
        b.text("#position"),
        golden["start"].as_str().unwrap(),
        "{file}: start"
    );
    golden
}

/// Loads `file` in read mode and steps through every ply, by the → key or
/// by the Next button, comparing the position with `ayla replay`'s.
fn read_record(b: &Browser, file: &str, by_key: bool) {
    let golden = load_record(b, file);
    let plies = golden["plies"].as_array().unwrap();
    let n = plies.len();
    for (i, p) in plies.iter().enumerate() {
        if by_key {
            b.key("\u{E014}"); // ArrowRight
        } else {
            b.click("#step-next");
        }
        let [counter, position] = b.idle_texts(["#ply-counter", "#position"]);
        assert_eq!(counter, format!("ply {} of {n}", i + 1), "{file}");
        assert_eq!(
            position,
            p["position"].as_str().unwrap(),
            "{file}: position after ply {}",
            i + 1
        );
    }
    b.key("\u{E011}"); // Home
    b.idle();
    assert_eq!(
        b.text("#position"),
        golden["start"].as_str().unwrap(),
        "{file}: Home"
    );
    b.key("\u{E010}"); // End
    b.idle();
    assert_eq!(
        b.text("#position"),
        golden["position"].as_str().unwrap(),
        "{file}: End"
    );
    b.key("\u{E012}"); // ArrowLeft
    b.idle();
    assert_eq!(
        b.text("#position"),
        plies[n - 2]["position"].as_str().unwrap(),
        "{file}: ← from the end"
    );
}

/// A record with an illegal ply, and one that does not parse, opened with
/// the file input: the message line says what `ayla check` says of the
/// same file, line for line; and the server answers afterwards.
fn bad_records(b: &Browser, server: &Server) {
    let dir = root().join("target/browser");
    fs::create_dir_all(&dir).unwrap();
    b.click_wait("#mode-read");
    for (name, text) in [
        ("illegal.rec", "[Variant \"kpe\"]\n\n1. c c\n"),
        ("unparsable.rec", "[Variant \"gore\"]\n\n1. c zz\n"),
    ] {
        let file = dir.join(name);
        fs::write(&file, text).unwrap();
        // From the file's folder, so check names it as the page does.
        let out = Command::new(env!("CARGO_BIN_EXE_ayla"))
            .args(["check", name])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert_ne!(out.status.code(), Some(0), "ayla check {name}");
        let said = String::from_utf8(out.stdout).unwrap();
        let input = b.find("#record-file");
        b.cmd(
            "POST",
            &format!("/element/{input}/value"),
            Some(json!({"text": file.to_str().unwrap()})),
        );
        b.wait_for("#message", |m| m.starts_with(name));
        b.idle();
        let shown = b.text("#message");
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(
            lines,
            said.lines().take(lines.len()).collect::<Vec<_>>(),
            "{name}: the page's message is the first lines of ayla check's"
        );
        assert_eq!(
            b.js(
                "return document.querySelector('#record-text').value;",
                json!([])
            ),
            json!(text),
            "{name}: the file's text is in the paste box"
        );
    }
    let (status, v) = http(&server.addr, "GET", "/api/variants", None);
    assert_eq!(status, 200, "the server answers after bad records: {v}");
    // And the page still works: a good record loads.
    b.js(
        "document.querySelector('#record-text').value = arguments[0];",
        json!([fs::read_to_string(root().join("tests/golden/kpe/01-capturer-seed2.rec")).unwrap()]),
    );
    b.click_wait("#load-record");
    assert_eq!(b.text("#message"), "", "a good record after bad ones");
    assert!(b.text("#ply-counter").ends_with(" of 73"));
}

/// The rulebook's reading switched while a record is read: the record is
/// replayed under it, as `check --reading` replays it, and switched back.
fn switch_reading(b: &Browser) {
    // Stepped through ply by ply already (read_record): loaded here.
    let file = "tests/golden/kpe/01-capturer-seed2.rec";
    let golden = load_record(b, file);
    let out = ayla(&["check", "--reading", "skip-origin=skip-origin", file]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "the record breaks off under skip-origin"
    );
    let said = String::from_utf8(out.stdout).unwrap();
    let first = said.lines().next().unwrap();
    // The page names a pasted record "record"; the rest of the line is check's.
    let (_, fault) = first.split_once(".rec:").unwrap();
    let before = said
        .lines()
        .nth(1)
        .and_then(|l| l.split(": ").nth(1))
        .unwrap()
        .to_owned();
    b.select(
        "#readings select[data-reading=\"skip-origin\"]",
        "skip-origin",
    );
    b.wait_for("#message", |m| m.contains(fault));
    b.idle();
    let rulebook = b
        .text("#rules-text")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        rulebook.contains("`skip-origin` (sowing.skip_origin = true) [in force]"),
        "the rulebook shows the reading in force: {rulebook}"
    );
    b.key("\u{E010}"); // End: the last legal position under the reading
    b.idle();
    assert_eq!(
        b.text("#position"),
        before,
        "the position before the illegal ply"
    );
    b.select(
        "#readings select[data-reading=\"skip-origin\"]",
        "sow-into-origin",
    );
    // Replayed whole again: every ply of the record legal.
    let n = golden["plies"].as_array().unwrap().len();
    b.wait_for("#ply-counter", |c| c.ends_with(&format!(" of {n}")));
    b.idle();
    assert_eq!(b.text("#message"), "");
    b.key("\u{E010}");
    b.idle();
    assert_eq!(b.text("#position"), golden["position"].as_str().unwrap());
}

/// The page opens on Goré with a hint to click a pit; the hint button
/// marks the engine's ply among the legal pits.
fn opening_and_hint(b: &Browser, server: &Server) {
    assert_eq!(
        b.js(
            "return document.querySelector('#variant').value;",
            json!([])
        ),
        json!("gore"),
        "the page opens on Goré"
    );
    assert!(b.visible("#play-hint"), "a newcomer is told what to do");
    assert!(
        b.text("#play-hint")
            .starts_with("Click one of your pits to sow"),
        "{}",
        b.text("#play-hint")
    );
    new_game(b, "kpe");
    b.click_wait("#hint");
    let hinted = strs(&b.js(
        "return [...document.querySelectorAll('#board [data-pit].hinted')].map(g => g.dataset.pit);",
        json!([]),
    ));
    assert_eq!(hinted.len(), 1, "one pit hinted: {hinted:?}");
    let answer = server.game("kpe", &[]);
    assert!(
        clickable_pits(b, &answer).contains(&hinted[0]),
        "the hint {hinted:?} is a legal pit"
    );
    assert!(
        b.text("#message").starts_with("Hint (engine"),
        "{}",
        b.text("#message")
    );
}

/// While a sowing is animated the heading names the side sowing; the
/// side to move only once the board shows the end of the ply.
fn heading_follows_the_animation(b: &Browser) {
    new_game(b, "kpe");
    b.js(
        "window.__statuses = [];
         new MutationObserver(() => window.__statuses.push(document.querySelector('#status').textContent))
           .observe(document.querySelector('#board'), {childList: true});",
        json!([]),
    );
    click_pit(b, "c");
    let seen = strs(&b.js("return window.__statuses;", json!([])));
    // Kpé's c lifts and sows six seeds: seven frames, then the board.
    assert!(seen.len() >= 8, "frames seen: {seen:?}");
    let (last, frames) = seen.split_last().unwrap();
    assert!(
        frames.iter().all(|s| s == "▶ South plays c…"),
        "during the sowing: {seen:?}"
    );
    assert_eq!(last, "▶ North (human) to move", "{seen:?}");
}

/// New game options: a reading and a pasted start position; a position
/// that does not parse is an error and the game on the board goes on.
fn new_game_options(b: &Browser, server: &Server) {
    new_game(b, "kpe");
    b.click("#new-options summary");
    b.select(
        "#new-readings select[data-reading=\"skip-origin\"]",
        "skip-origin",
    );
    let start = server.game("kpe", &["c".to_string(), "A".to_string()])["position"]
        .as_str()
        .unwrap()
        .to_string();
    b.js(
        "document.querySelector('#start-position').value = arguments[0];",
        json!([start]),
    );
    b.click_wait("#new-game");
    assert_eq!(b.text("#position"), start, "the game starts where asked");
    let record = b.text("#record");
    assert!(
        record.contains("[Readings \"skip-origin=skip-origin\"]"),
        "{record}"
    );
    assert!(
        record.contains(&format!("[Position \"{start}\"]")),
        "{record}"
    );
    check_record(&record, "kpe-from-position.rec");
    b.js(
        "document.querySelector('#start-position').value = '1,2,3';",
        json!([]),
    );
    b.click_wait("#new-game");
    let m = b.text("#message");
    assert!(m.starts_with("No new game: start:"), "{m}");
    assert_eq!(b.text("#position"), start, "the game on the board goes on");
    // Back to the defaults, for the scenarios after this one.
    b.js(
        "document.querySelector('#start-position').value = '';",
        json!([]),
    );
    b.select(
        "#new-readings select[data-reading=\"skip-origin\"]",
        "sow-into-origin",
    );
    b.click("#new-options summary");
}

/// North switched to the engine mid-game: the tag keeps North's first
/// player, a comment marks the change where it happened.
fn seat_changes_hands(b: &Browser, server: &Server) {
    new_game(b, "kpe");
    let mut answer = server.game("kpe", &[]);
    for _ in 0..2 {
        let pit = clickable_pits(b, &answer)[0].clone();
        click_pit(b, &pit);
        let plies = strs(&b.js(
            "return [...document.querySelectorAll('#moves .t')].map(s => s.textContent);",
            json!([]),
        ));
        answer = server.game("kpe", &plies);
    }
    // South to act: the engine waits for its ply, at the level set next.
    b.select("#north-player", "engine");
    b.select("#north-level", "1");
    let pit = clickable_pits(b, &answer)[0].clone();
    click_pit(b, &pit);
    let record = b.text("#record");
    assert!(record.contains("[North \"human\"]"), "{record}");
    assert!(
        record.contains("{North: ayla engine (depth 1) from here}"),
        "{record}"
    );
    check_record(&record, "kpe-seat-change.rec");
    b.select("#north-player", "human");
}

/// `perfect` is offered only where the server says it plays (a Kalah
/// endgame, not Goré's trades, Moruba's board or Kalah's start); a seat
/// left on it where it cannot play is handed to a person, with why,
/// rather than left thinking, and the record names no level that did
/// not play.
fn perfect_where_it_plays(b: &Browser) {
    let perfect = "#north-level option[value=\"perfect\"]";
    let offered = || {
        b.js(
            "const o = document.querySelector(arguments[0]); return [o.disabled, o.title];",
            json!([perfect]),
        )
    };
    for (variant, why) in [
        ("gore", "trading"),
        ("moruba", "no perfect play here"),
        ("kalah", "needs databases of"),
    ] {
        new_game(b, variant);
        let o = offered();
        assert_eq!(o[0], json!(true), "{variant}: {o}");
        assert!(o[1].as_str().unwrap().contains(why), "{variant}: {o}");
    }
    // A Kalah endgame: the perfect engine plays, and the record says so.
    set_start(b, "0,0,0,1,1,1/1,1,1,0,0,0 S 21-21");
    b.click_wait("#new-game");
    assert_eq!(offered()[0], json!(false), "offered in the endgame");
    b.select("#north-player", "engine");
    b.select("#north-level", "perfect");
    click_pit(b, "d");
    let m = b.text("#message");
    assert!(m.starts_with("North (engine, perfect) played"), "{m}");
    let record = b.text("#record");
    assert!(
        record.contains("[North \"ayla engine (perfect)\"]"),
        "{record}"
    );
    // Kalah's start with North still on perfect: after South's ply the
    // page neither waits nor plays another level.
    set_start(b, "");
    b.click_wait("#new-game");
    click_pit(b, "a");
    let status = b.text("#status");
    assert_eq!(status, "▶ North (human) to move", "not thinking");
    let m = b.text("#message");
    assert!(
        m.starts_with("North's engine cannot play: level perfect: no perfect play here"),
        "{m}"
    );
    assert_eq!(
        b.js(
            "return document.querySelector('#north-player').value;",
            json!([])
        ),
        json!("human")
    );
    let record = b.text("#record");
    assert!(record.contains("[North \"human\"]"), "{record}");
    assert!(!record.contains("perfect"), "{record}");
    assert_eq!(
        b.js(
            "return document.querySelector('#hint').disabled;",
            json!([])
        ),
        json!(false),
        "Hint works for the person now to move"
    );
}

/// A link followed in a tab already on the page changes only the hash:
/// the page starts a game of the variant it names, as a fresh load of
/// the link would, from either mode.
fn hash_names_the_variant(b: &Browser, server: &Server) {
    new_game(b, "kpe");
    click_pit(b, &clickable_pits(b, &server.game("kpe", &[]))[0]);
    for (mode, variant) in [("#mode-play", "oware"), ("#mode-read", "kpe")] {
        b.click_wait(mode);
        set_hash(
            b,
            variant,
            &format!(
                "document.querySelector('#variant').value === '{variant}' && document.querySelector('#moves').textContent === ''"
            ),
        );
        assert_eq!(
            b.js(
                "return [document.body.dataset.mode, document.querySelector('#variant').value];",
                json!([])
            ),
            json!(["play", variant])
        );
        assert_eq!(b.text("#moves"), "", "a new game");
        assert_eq!(
            b.text("#position"),
            server.game(variant, &[])["position"].as_str().unwrap()
        );
    }
    set_hash(
        b,
        "no-such-game",
        "document.querySelector('#message').textContent !== ''",
    );
    let m = b.text("#message");
    assert!(
        m.contains("\"no-such-game\", which this server does not offer"),
        "{m}"
    );
    assert_eq!(
        b.js(
            "return document.querySelector('#variant').value;",
            json!([])
        ),
        json!("kpe"),
        "the game on the board stays"
    );
}

/// Sets the page's hash to `#variant=ID` and waits until the page has
/// taken it up (`hashchange` fires after the script returns) and is idle
/// with `done` true.
fn set_hash(b: &Browser, id: &str, done: &str) {
    b.js("location.hash = '#variant=' + arguments[0];", json!([id]));
    let start = Instant::now();
    let ready = format!("return document.body.dataset.busy === '0' && ({done});");
    while b.js(&ready, json!([])) != json!(true) {
        assert!(
            start.elapsed() < WAIT,
            "the page never takes up #variant={id}"
        );
        thread::sleep(Duration::from_millis(15));
    }
}

/// Sets "Start from position" of the new game options.
fn set_start(b: &Browser, position: &str) {
    b.js(
        "document.querySelector('#start-position').value = arguments[0];",
        json!([position]),
    );
}

/// A broken rule file chosen: its messages, and no board to click.
fn broken_rule_file(b: &Browser, file: &str) {
    b.click_wait("#mode-play");
    b.select("#variant", file);
    let m = b.text("#message");
    assert!(m.contains(&format!("{file}:")), "the loader's message: {m}");
    let pits = b.js(
        "return document.querySelectorAll('#board [data-pit]').length;",
        json!([]),
    );
    assert_eq!(pits, json!(0), "no board that looks playable");
    assert!(
        b.text("#status").starts_with("No game"),
        "{}",
        b.text("#status")
    );
    new_game(b, "kpe");
}

/// At 420 px wide nothing runs off the edge; a long rule-file path is
/// cut short, whole in the select's title.
fn narrow(b: &Browser, long: &str) {
    b.cmd(
        "POST",
        "/window/rect",
        Some(json!({"width": 420, "height": 900})),
    );
    b.click_wait("#mode-play");
    b.select("#variant", long);
    let overflow = b.js(
        "const w = document.documentElement.clientWidth;
         const out = [...document.querySelectorAll('header *, .controls *, #status, .board svg, .actions *, .position-line *')]
           .filter(e => e.getClientRects().length && e.getBoundingClientRect().right > w + 0.5)
           .map(e => (e.id || e.tagName) + ':' + e.getBoundingClientRect().right);
         return [w, document.documentElement.scrollWidth, out];",
        json!([]),
    );
    let png = b.screenshot();
    fs::write(root().join("target/browser/narrow.png"), &png).unwrap();
    let width = overflow[0].as_f64().unwrap();
    assert!(width <= 420.0, "{overflow}");
    assert_eq!(
        overflow[1].as_f64().unwrap(),
        width,
        "no sideways scroll: {overflow}"
    );
    assert_eq!(overflow[2], json!([]), "runs off the edge: {overflow}");
    let svg = b.js(
        "return document.querySelector('#board svg').getBoundingClientRect().width;",
        json!([]),
    );
    assert!(
        svg.as_f64().unwrap() > 300.0,
        "the board fills the width: {svg}"
    );
    assert_eq!(
        b.js(
            "return document.querySelector('#variant').title;",
            json!([])
        ),
        json!(long),
        "the whole path in the title"
    );
    b.cmd(
        "POST",
        "/window/rect",
        Some(json!({"width": 1400, "height": 1000})),
    );
    new_game(b, "kpe");
}

/// At 400 px wide a 4x8 board takes the width (the names above and
/// below it): its pits are a finger's width (44 px) and their labels
/// readable; a 2x9 board fits whole with pits of 36 px at least.
fn pits_at_400(b: &Browser) {
    // A phone's scrollbar takes no width; a desktop window's does, so the
    // window is widened by it to make the page 400 px wide.
    let width = |w: f64| {
        b.cmd(
            "POST",
            "/window/rect",
            Some(json!({"width": w, "height": 900})),
        );
        b.js("return document.documentElement.clientWidth;", json!([]))
            .as_f64()
            .unwrap()
    };
    let bar = 400.0 - width(400.0);
    assert_eq!(width(400.0 + bar), 400.0, "a page 400 px wide");
    for (variant, pit_px) in [
        ("moruba", 44.0),
        ("bao-la-kujifunza", 44.0),
        ("toguz-kumalak", 36.0),
    ] {
        new_game(b, variant);
        let m = b.js(
            "const c = document.querySelector('#board [data-pit] circle[fill=\"#fff\"]').getBoundingClientRect();
             const label = [...document.querySelectorAll('#board [data-pit] text')].pop();
             const board = document.querySelector('#board');
             const page = document.documentElement;
             return [page.clientWidth, c.width, label.getBoundingClientRect().height,
                     board.scrollWidth > board.clientWidth, page.scrollWidth > page.clientWidth];",
            json!([]),
        );
        assert!(
            m[1].as_f64().unwrap() >= pit_px,
            "{variant}: a pit at 400 px: {m}"
        );
        assert!(
            m[2].as_f64().unwrap() >= 11.0,
            "{variant}: a label at 400 px: {m}"
        );
        assert_eq!(m[3], json!(false), "{variant}: the board fits: {m}");
        assert_eq!(
            m[4],
            json!(false),
            "{variant}: the page does not scroll: {m}"
        );
    }
    let png = b.screenshot();
    fs::write(root().join("target/browser/moruba-400.png"), &png).unwrap();
    b.cmd(
        "POST",
        "/window/rect",
        Some(json!({"width": 1400, "height": 1000})),
    );
    new_game(b, "kpe");
}

/// A record read is shown as written, and play goes on from the ply shown.
fn record_kept_and_played_on(b: &Browser, server: &Server) {
    let file = "tests/golden/kpe/01-capturer-seed2.rec";
    let text = fs::read_to_string(root().join(file)).unwrap();
    read_record(b, file, false);
    assert_eq!(
        b.text("#record").trim_end(),
        text.trim_end(),
        "the record as written"
    );
    b.key("\u{E011}"); // Home
    b.idle();
    for _ in 0..5 {
        b.click_wait("#step-next");
    }
    let golden = replay(file);
    let plies: Vec<String> = golden["plies"].as_array().unwrap()[..5]
        .iter()
        .map(|p| p["text"].as_str().unwrap().to_string())
        .collect();
    b.click_wait("#play-from-here");
    assert_eq!(
        b.js("return document.body.dataset.mode;", json!([])),
        json!("play")
    );
    assert_eq!(
        b.text("#position"),
        golden["plies"][4]["position"].as_str().unwrap(),
        "play goes on from ply 5"
    );
    let answer = server.game("kpe", &plies);
    let side = answer["to_move"].as_str().unwrap().to_string();
    let pit = clickable_pits(b, &answer)[0].clone();
    click_pit(b, &pit);
    let record = b.text("#record");
    assert!(
        record.contains(&format!("{{{side}: human from here}}")),
        "{record}"
    );
    check_record(&record, "kpe-played-on.rec");
    assert_eq!(
        b.js(
            "return document.querySelector('#undo').disabled;",
            json!([])
        ),
        json!(false)
    );
    b.click_wait("#undo");
    assert_eq!(
        b.text("#position"),
        golden["plies"][4]["position"].as_str().unwrap()
    );
    assert_eq!(
        b.js(
            "return document.querySelector('#undo').disabled;",
            json!([])
        ),
        json!(true),
        "undo stops at the record's plies"
    );
}

#[test]
fn page_in_a_browser() {
    let required = env::var("AYLA_BROWSER_TEST").is_ok_and(|v| v == "required");
    let Some(chromedriver) = find_chromedriver() else {
        let msg = "\n\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n\
                   !! tests/it/browser.rs: chromedriver not found (PATH, /usr/bin):  !!\n\
                   !! the page of `ayla serve` was NOT tested in a browser.       !!\n\
                   !! Install it with: apt-get install chromium chromium-driver   !!\n\
                   !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n";
        assert!(!required, "AYLA_BROWSER_TEST=required: {msg}");
        // Straight to stderr: the test harness captures eprintln! of a
        // passing test, and this must be seen.
        let _ = std::io::stderr().write_all(msg.as_bytes());
        return;
    };
    let started = Instant::now();
    // A broken rule file, and a good one behind a long path.
    let dir = root().join("target/browser");
    let long_dir = dir.join("a-folder-with-a-rather-long-name/and-another-one-inside-it-too");
    fs::create_dir_all(&long_dir).unwrap();
    let long = long_dir.join("kpe-copy-with-a-long-name.toml");
    fs::copy(root().join("rules/kpe.toml"), &long).unwrap();
    let broken = dir.join("broken.toml");
    fs::write(&broken, "[board]\npits_per_row = \"four\"\n").unwrap();
    let long = long.display().to_string();
    let broken = broken.display().to_string();
    let short_match = root()
        .join("tests/data/short-match.toml")
        .display()
        .to_string();
    let (_server, addr) = start_server(&[&broken, &long, &short_match]);
    let served_here = env::var("AYLA_BROWSER_URL").is_err();
    let server = Server { addr };
    let b = Browser::start(&chromedriver);
    b.goto(&format!("http://{}/", server.addr));
    b.idle();
    assert_eq!(b.text("#message"), "", "the page starts without an error");
    opening_and_hint(&b, &server);
    if served_here {
        broken_rule_file(&b, &broken);
        narrow(&b, &long);
        pits_at_400(&b);
    }
    eprintln!(
        "browser: opening, files, narrow done at {:?}",
        started.elapsed()
    );

    // Animation costs up to ~3 s a ply: on only for the engine game, where
    // it shows the frames of both sides' plies.
    b.click("#animate");
    b.select("#seeds", "numbers");
    kpe_by_clicks(&b, &server);
    eprintln!("browser: Kpé by clicks done at {:?}", started.elapsed());
    gore_trade(&b, &server);
    eprintln!("browser: Goré with a trade done at {:?}", started.elapsed());
    // The picture for the docs: a game just after a trade, which shows
    // most of what the board can say (owners, path, legal pits).
    b.js("window.scrollTo(0, 0);", json!([]));
    let png = b.screenshot();
    choose_direction(&b, &server);
    eprintln!("browser: directions done at {:?}", started.elapsed());
    b.click("#animate");
    heading_follows_the_animation(&b);
    against_engine(&b, &server);
    b.click("#animate");
    new_game_options(&b, &server);
    seat_changes_hands(&b, &server);
    perfect_where_it_plays(&b);
    hash_names_the_variant(&b, &server);
    eprintln!("browser: before the match at {:?}", started.elapsed());
    match_game_by_game(&b, &short_match);
    eprintln!(
        "browser: against the engine done at {:?}",
        started.elapsed()
    );
    read_record(&b, "tests/golden/kpe/01-capturer-seed2.rec", true);
    read_record(&b, "tests/golden/gore/02-trader-seed6.rec", false);
    switch_reading(&b);
    record_kept_and_played_on(&b, &server);
    eprintln!("browser: read mode done at {:?}", started.elapsed());
    bad_records(&b, &server);
    eprintln!("browser: bad records done at {:?}", started.elapsed());

    assert!(png.starts_with(b"\x89PNG"), "the screenshot is a PNG");
    let dir = root().join("target/browser");
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("serve.png"), &png).unwrap();
    if env::var("AYLA_SCREENSHOT_UPDATE").is_ok_and(|v| v == "1") {
        fs::create_dir_all(root().join("docs/images")).unwrap();
        fs::write(root().join("docs/images/serve.png"), &png).unwrap();
    }
    eprintln!("browser: all done in {:?}", started.elapsed());
}
