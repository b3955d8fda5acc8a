//! Helpers the modules share: running the built `ayla` binary from the
//! crate root, and reading what it printed; rules from a few lines, and a
//! ply played in the engine and the reference at once.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `ayla args…` from the crate root.
pub fn ayla(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ayla"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .expect("run ayla")
}

/// Runs `ayla args…` with `input` on stdin.
pub fn ayla_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ayla"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run ayla");
    // The program may exit before reading its input (an unknown variant):
    // a closed pipe then is expected, not a failure.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().expect("wait for ayla")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

/// Asserts the exit code, showing the output if it is wrong.
pub fn assert_exit(o: &Output, code: i32, what: &str) {
    assert_eq!(
        o.status.code(),
        Some(code),
        "{what}: exit code\n--- stdout:\n{}--- stderr:\n{}",
        stdout(o),
        stderr(o)
    );
    assert!(!stderr(o).contains("panicked"), "{what}: panicked");
}

/// Runs `ayla args…`: its exit code, and stdout followed by stderr.
pub fn ayla_code_and_text(args: &[&str]) -> (i32, String) {
    let out = ayla(args);
    (out.status.code().unwrap(), stdout(&out) + &stderr(&out))
}

/// `id`'s rules on a board of `per_row` pits a row and `seeds` a pit, with
/// `more` TOML appended, if they allow that board; a key bounded by the
/// row's length (`column_capture.flank`, at most half a row) is brought
/// within the smaller row, so that every bundled game has small boards
/// for the solver tests.
pub fn shrunk_with(
    id: &str,
    per_row: usize,
    seeds: usize,
    more: &str,
) -> Option<std::sync::Arc<ayla::engine::Variant>> {
    use ayla::rules::{ColumnThen, ResowFrom};
    let base = ayla::rules::bundled(id).ok()?;
    let fit = match base.column_capture().map(|c| c.then) {
        Some(ColumnThen::Resown(ResowFrom::InnerEnd { flank }))
            if usize::from(flank) > per_row / 2 =>
        {
            format!("[column_capture]\nflank = {}\n", per_row / 2)
        }
        _ => String::new(),
    };
    let text = format!(
        "extends = \"{id}\"\n[variant]\nid = \"{id}-{per_row}x{seeds}\"\nname = \"{id} {per_row}x{seeds}\"\n[board]\npits_per_row = {per_row}\nseeds_per_pit = {seeds}\n{fit}{more}"
    );
    let r = ayla::rules::parse("shrunk.toml", &text).ok()?;
    Some(std::sync::Arc::new(ayla::engine::Variant::new(r)))
}

/// [`shrunk_with`] with nothing appended.
pub fn shrunk(
    id: &str,
    per_row: usize,
    seeds: usize,
) -> Option<std::sync::Arc<ayla::engine::Variant>> {
    shrunk_with(id, per_row, seeds, "")
}

/// Rules from `body` (tables after `[variant]`), with an id of their own.
pub fn rules_of(body: &str) -> ayla::rules::Rules {
    ayla::rules::parse(
        "test.toml",
        &format!("[variant]\nid = \"test\"\nname = \"Test\"\n{body}"),
    )
    .unwrap_or_else(|e| panic!("{e}\n{body}"))
}

/// Plays `ply` from `position` in the engine (`Game::play`, and
/// `Game::advance` on a second game) and in the reference interpreter:
/// all three must reach `after`, with the same effect and the same end.
/// Returns the effect.
pub fn play_in_both(
    r: &ayla::rules::Rules,
    position: &str,
    ply: &str,
    after: &str,
) -> ayla::engine::Effect {
    use ayla::engine::{Game, Variant};
    use ayla::notation::{format_position, format_state, parse_ply, parse_position};
    let pos = parse_position(r, position).unwrap();
    let ply = parse_ply(r, ply).unwrap();
    let mut game = Game::from_position(Variant::new(r.clone()), pos);
    let mut fast = Game::from_position(Variant::new(r.clone()), pos);
    let mut reference = ayla::reference::Reference::from_state(r, pos.to_state(r));
    let want = reference.play(ply).unwrap();
    assert_eq!(format_state(r, reference.state()), after, "reference");
    assert_eq!(game.play(ply).unwrap(), want, "effect");
    fast.advance(ply);
    assert_eq!(format_position(r, game.position()), after, "Game::play");
    assert_eq!(format_position(r, fast.position()), after, "Game::advance");
    assert_eq!(game.end(), reference.end(), "end");
    assert_eq!(fast.end(), reference.end(), "end after advance");
    want
}
