//! The three defects that showed the meaning of a rule file was coded in
//! more than one place, each pinned down: two sowing paths that disagreed,
//! engine tables that ignored a changed rulebook, and four commands that
//! each decided for themselves which rulebook a record names.

use ayla::engine::{Game, Ply, Variant};
use ayla::notation::{format_position, parse_position, parse_records};
use ayla::reference::Reference;
use ayla::reference::differential::state_of;
use ayla::rules::{self, Selection};
use ayla::search::perft;
use std::path::Path;
use std::process::Command;

fn ayla(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ayla"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap(),
    )
}

/// A 2x4 board with an opening lock whose releasing sowing may not
/// capture, and opposite captures; `laps` is "single" or "relay".
fn locked_opposite(laps: &str) -> String {
    format!(
        r#"
[variant]
id = "locked-opposite"
name = "Locked opposite"

[board]
pits_per_row = 4
seeds_per_pit = 1

[sowing]
laps = "{laps}"

[moves]
sow_from = "home-row"
cannot_sow = "pass"

[capture]
counts = [2]
landing = "opponent-row"
lock = "all-home-pits-sown"
lock_release_may_capture = false

[opposite_capture]
when_opposite_empty = "nothing"
capturing_seed = "taken"
"#
    )
}

/// Defect 1: the plain (single-lap) sowing path let the sowing that
/// completes the lock make an opposite capture, which the relay path and
/// `rules show` forbid. South's `a` completes the lock and lands in the
/// empty `b`, opposite `C`'s 2 seeds: nothing may be captured.
#[test]
fn the_sowing_that_completes_the_lock_captures_nothing_whatever_the_laps() {
    let mut after = Vec::new();
    for laps in ["single", "relay"] {
        let r = rules::parse("locked.toml", &locked_opposite(laps)).unwrap();
        let start = parse_position(&r, "1,0,1,1/1,1,2,0 S 0-1 sown=bcd/ABCD").unwrap();
        let mut g = Game::from_position(Variant::new(r.clone()), start);
        let a = Ply::Sow(r.pit('a').unwrap());
        let effect = g.play(a).unwrap();
        after.push(format_position(&r, g.position()));
        // The reference interpreter, the language's definition, agrees.
        let mut reference = Reference::from_state(&r, state_of(&r, &start));
        assert_eq!(reference.play(a).unwrap(), effect, "{laps}: the effect");
        assert_eq!(state_of(&r, g.position()), *reference.state(), "{laps}");
    }
    assert_eq!(
        after[0], "0,1,1,1/1,1,2,0 N 0-1 sown=abcd/ABCD",
        "single laps"
    );
    assert_eq!(after[0], after[1], "single and relay laps");
}

/// Defect 2: changing a loaded rulebook changed nothing, since the tables
/// built at load time were kept. Now the rules are compiled when a
/// `Variant` is made from them, so the changed rules are the ones played.
/// Kpé read with skip-origin counts 163,994 plies at depth 9 (and the
/// file's own `skip-origin` reading agrees), against 207,672 without.
#[test]
fn changed_rules_are_the_rules_played() {
    let kpe = rules::bundled("kpe").unwrap();
    let plain = perft(&mut Game::new(Variant::new(kpe.clone())), 9);
    assert_eq!(plain, 207_672);
    let mut skip = kpe.clone();
    skip.skip_origin = true;
    assert_ne!(skip, kpe, "Rules compare by meaning");
    assert_eq!(perft(&mut Game::new(Variant::new(skip)), 9), 163_994);
    let sel: Selection = [("skip-origin".to_owned(), "skip-origin".to_owned())].into();
    let reading = rules::resolve_with("kpe", Path::new(""), &sel).unwrap();
    assert_eq!(perft(&mut Game::new(Variant::new(reading)), 9), 163_994);

    // Sowing clockwise from c: b, a, then North's row from D back to A.
    let mut cw = kpe.clone();
    cw.direction = rules::Direction::Clockwise;
    let mut g = Game::new(Variant::new(cw.clone()));
    g.play(Ply::Sow(cw.pit('c').unwrap())).unwrap();
    assert_eq!(
        format_position(&cw, g.position()),
        "7,7,0,6/7,7,7,7 N 0-0 sown=c/"
    );
}

/// Defect 3: `check` honoured a record's `Readings` tag and `replay`
/// ignored it, so the two disagreed on this golden game (legal only under
/// `capturing-seed=stays`). Both now go through one resolver.
#[test]
fn check_and_replay_read_a_record_under_the_same_rulebook() {
    let rec = "tests/golden/ayoayo/09-stays-from-01-seed1.rec";
    let (code, out) = ayla(&["check", rec]);
    assert_eq!(code, 0, "{out}");
    let (code, out) = ayla(&["replay", rec]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Game over"), "{out}");
    // Overriding the tag's reading on the command line rules it out, in both.
    let other = ["--reading", "capturing-seed=taken"];
    let (code, check_out) = ayla(&[&["check", rec][..], &other].concat());
    assert_eq!(code, 1, "{check_out}");
    let (code, replay_out) = ayla(&[&["replay", rec][..], &other].concat());
    assert_eq!(code, 1, "{replay_out}");
    let illegal = |s: &str| {
        s.lines()
            .find(|l| l.contains("is illegal"))
            .map(|l| l.trim().to_owned())
    };
    assert_eq!(illegal(&check_out), illegal(&replay_out));
    assert!(illegal(&check_out).is_some(), "{check_out}");
}

/// Defect 3, continued: a game played on a rule file is saved with a
/// `Variant` tag naming that file by its path from the record, so the
/// record checks, replays and fits where it lies.
#[test]
fn a_game_played_on_a_rule_file_checks_as_saved() {
    let dir = std::env::temp_dir().join(format!("ayla-one-meaning-{}", std::process::id()));
    let rules_dir = dir.join("rules");
    let games_dir = dir.join("games");
    std::fs::create_dir_all(&rules_dir).unwrap();
    std::fs::create_dir_all(&games_dir).unwrap();
    let text = rules::BUNDLED.iter().find(|b| b.0 == "oware").unwrap().2;
    let file = rules_dir.join("my-oware.toml");
    std::fs::write(&file, text.replace("id = \"oware\"", "id = \"my-oware\"")).unwrap();
    let save = games_dir.join("g.rec");

    let mut child = Command::new(env!("CARGO_BIN_EXE_ayla"))
        .args([
            "play",
            file.to_str().unwrap(),
            "--north",
            "engine",
            "--level",
            "1",
        ])
        .arg("--save")
        .arg(&save)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"c\nd\nquit\n")
        .unwrap();
    assert!(child.wait().unwrap().success());

    let saved = std::fs::read_to_string(&save).unwrap();
    let rec = &parse_records(&saved).unwrap()[0];
    assert_eq!(rec.tag("Variant").unwrap().value, "../rules/my-oware.toml");
    assert_eq!(rec.plies.len(), 4, "{saved}");
    for cmd in ["check", "replay", "fit"] {
        let (code, out) = ayla(&[cmd, save.to_str().unwrap()]);
        assert_eq!(code, 0, "{cmd}: {out}");
    }
    // --rules names the same rules from the current directory.
    let (code, out) = ayla(&[
        "fit",
        save.to_str().unwrap(),
        "--rules",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}
