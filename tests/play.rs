//! `ayla play` driven through stdin, as a script would: the board comes
//! back as plain text, and the saved record passes `ayla check`.

use ayla::notation::parse_records;
use std::io::Write;
use std::process::{Command, Stdio};

fn ayla() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ayla"))
}

fn play(args: &[&str], input: &str) -> (i32, String) {
    let mut child = ayla()
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

fn check(path: &std::path::Path) -> (i32, String) {
    let out = ayla().arg("check").arg(path).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

/// A golden game typed ply by ply, with a wrong ply, an undo and a help on
/// the way: the game ends as the golden record says, and the saved record checks.
#[test]
fn a_golden_game_typed_in_ends_and_its_record_checks() {
    let golden = std::fs::read_to_string("tests/golden/gore/02-trader-seed6.rec").unwrap();
    let rec = &parse_records(&golden).unwrap()[0];
    let mut input = String::from("help\nz\n");
    for (i, p) in rec.plies.iter().enumerate() {
        let text = p.text.replace("offer(", "offer ").replace(')', "");
        input.push_str(&text);
        input.push('\n');
        if i == 3 {
            // Take back ply 4 and play it again.
            input.push_str("undo\n");
            input.push_str(&text);
            input.push('\n');
        }
    }
    let dir = std::env::temp_dir().join(format!("ayla-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("typed.rec");
    let (code, out) = play(&["gore", "--save", save.to_str().unwrap()], &input);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("the board has no pit `z`"), "{out}");
    assert!(out.contains("Took back 1 ply."), "{out}");
    assert!(
        !out.contains('\x1b'),
        "no colour codes when stdout is not a terminal"
    );
    let result = &rec.tag("Result").unwrap().value;
    assert!(
        out.contains(&format!("Game over: {result}: South wins")),
        "{out}"
    );
    assert!(
        out.contains(&format!("Saved to {}", save.display())),
        "{out}"
    );
    let (code, report) = check(&save);
    assert_eq!(code, 0, "{report}");
    assert!(
        report.contains(&format!("{} plies, legal; {result}", rec.plies.len())),
        "{report}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Against the engine, with input that runs out: the engine answers, a
/// refused ply is explained, and the unfinished game's record checks.
#[test]
fn against_the_engine_until_input_runs_out() {
    let dir = std::env::temp_dir().join(format!("ayla-play-engine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("engine.rec");
    let input = "A\nc\nhint\nb\nd\na\n";
    let (code, out) = play(
        &[
            "kpe",
            "--north",
            "engine",
            "--level",
            "2",
            "--save",
            save.to_str().unwrap(),
        ],
        input,
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("South may not sow from pit A: it is not in South's row"),
        "{out}"
    );
    assert!(out.contains("North (engine) plays"), "{out}");
    assert!(out.contains("Hint: "), "{out}");
    assert!(out.contains("7,6,0,7/7,7,7,7 N 0-0 sown=c/"), "{out}");
    let (code, report) = check(&save);
    assert_eq!(code, 0, "{report}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Engine against engine, on every bundled variant: the game ends and its
/// record checks, with the same result.
#[test]
fn engine_against_engine_finishes_with_a_record_that_checks() {
    let dir = std::env::temp_dir().join(format!("ayla-play-ee-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (id, _, _) in ayla::rules::BUNDLED {
        let save = dir.join(format!("{id}.rec"));
        let (code, out) = play(
            &[
                id,
                "--south",
                "engine",
                "--north",
                "engine",
                "--level",
                "1",
                "--save",
                save.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(code, 0, "{id}: {out}");
        let over = out
            .lines()
            .find(|l| l.starts_with("Game over: "))
            .unwrap_or_else(|| panic!("{id}: the game does not end: {out}"));
        let totals = over["Game over: ".len()..].split(':').next().unwrap();
        let (code, report) = check(&save);
        assert_eq!(code, 0, "{id}: {report}");
        assert!(
            report.contains(&format!("legal; {totals}")),
            "{id}: {report}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}
