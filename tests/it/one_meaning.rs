//! The three defects that showed the meaning of a rule file was coded in
//! more than one place, each pinned down: two sowing paths that disagreed,
//! engine tables that ignored a changed rulebook, and four commands that
//! each decided for themselves which rulebook a record names.

use ayla::engine::{Game, Ply, Variant};
use ayla::notation::{format_position, parse_position, parse_records};
use ayla::reference::Reference;
use ayla::rules::{self, Selection};
use ayla::search::perft;
use std::path::Path;
use std::process::Command;

use crate::common::ayla_code_and_text as ayla;

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
        let a = Ply::Sow(r.pit("a").unwrap());
        let effect = g.play(a).unwrap();
        after.push(format_position(&r, g.position()));
        // The reference interpreter, the language's definition, agrees.
        let mut reference = Reference::from_state(&r, start.to_state(&r));
        assert_eq!(reference.play(a).unwrap(), effect, "{laps}: the effect");
        assert_eq!(g.position().to_state(&r), *reference.state(), "{laps}");
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
    let kpe_with = |sowing: &str| {
        rules::parse(
            "t.toml",
            &format!(
                "extends = \"kpe\"\n[variant]\nid = \"t\"\nname = \"T\"\n[sowing]\n{sowing}\n"
            ),
        )
        .unwrap()
    };
    let skip = kpe_with("skip_origin = true");
    assert!(!skip.plays_as(&kpe), "Rules compare by meaning");
    assert_eq!(perft(&mut Game::new(Variant::new(skip)), 9), 163_994);
    let sel: Selection = [("skip-origin".to_owned(), "skip-origin".to_owned())].into();
    let reading = rules::resolve_with("kpe", Path::new(""), &sel).unwrap();
    assert_eq!(perft(&mut Game::new(Variant::new(reading)), 9), 163_994);

    // Sowing clockwise from c: b, a, then North's row from D back to A.
    let cw = kpe_with("direction = \"clockwise\"");
    let mut g = Game::new(Variant::new(cw.clone()));
    g.play(Ply::Sow(cw.pit("c").unwrap())).unwrap();
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

/// The mechanics added with the two-row corpus have one meaning too: from
/// each hand-traced position of the reference's unit tests
/// (src/reference/mod.rs), the engine (`Game::play` and `Game::advance`)
/// and the reference interpreter reach the same position, with the same
/// effect, and list the same plies before. Each case: the rule file's body
/// (its `initial` the position's seeds), the position, the ply, the
/// position after.
#[test]
fn the_two_row_corpus_mechanics_mean_the_same_in_the_engine_and_the_reference() {
    use ayla::notation::parse_ply;
    let houses = "[sowing]\nfirst_seed = \"origin-unless-single\"\n\
                  [capture]\ncounts = \"even\"\nlanding = \"opponent-row\"\n\
                  [houses]\nmade_at = 3\nopponent_row = [1, 2]\nnot_same_number = true\n";
    let adji = "[sowing]\nfirst_seed = \"origin\"\n\
                [moves]\nsow_from = \"home-row\"\nmin_seeds = 2\nopening = \"each-home-pit-once\"\n\
                [capture]\ncounts = [1, 3, 5]\nlanding = \"anywhere\"\nexamined = \"next-pit\"\n\
                chain = \"forward\"\nchain_zone = \"anywhere\"\nlock = \"first-sowing\"\n";
    let chains = "[capture]\ncounts = [2]\nlanding = \"opponent-row\"\nchain = \"backward\"\n\
                  chain_zone = \"opponent-row\"\n";
    let cases: &[(&str, &str, &str, &str)] = &[
        // Houses: made, and a seed falling in one.
        (
            houses,
            "1,3,0/2,1,1 S 0-0",
            "b",
            "1,1,1/0,1,1 N 3-0 houses=A/",
        ),
        (
            houses,
            "0,3,1/0,0,6 N 0-0 houses=A/",
            "C",
            "1,4,2/0,1,1 S 1-0 houses=A/",
        ),
        // Later rounds in the opponent's row.
        (
            "[sowing]\ndirection = \"clockwise\"\nskip_origin = true\nlater_rounds = \"opponent-row\"\n",
            "0,7/0,0 S 0-0",
            "b",
            "1,0/3,3 N 0-0",
        ),
        // Relay from the next pit, then a beyond capture.
        (
            "[sowing]\nlaps = \"relay-from-next\"\n[beyond_capture]\nzone = \"anywhere\"\n",
            "2,1,0/2,0,0 S 0-0",
            "a",
            "0,0,1/0,1,1 N 2-0",
        ),
        // Chosen directions and a pairs chain.
        (
            "[sowing]\ndirection = \"chosen\"\nlaps = \"relay-from-next\"\n[beyond_capture]\nchain = \"pairs\"\n",
            "0,1,0,1/3,0,2,0 S 0-0",
            "b<",
            "1,0,0,1/0,0,0,0 N 5-0",
        ),
        (
            "[sowing]\ndirection = \"chosen\"\nlaps = \"relay-from-next\"\n[beyond_capture]\nchain = \"pairs\"\n",
            "0,1,0,1/3,0,2,0 S 0-0",
            "b>",
            "0,0,1,0/4,0,0,0 N 2-0",
        ),
        // Relay, sowing from the opponent's row, beyond captures that sow on.
        (
            "[sowing]\nlaps = \"relay\"\n[moves]\nsow_from = \"opponent-row\"\n\
             [beyond_capture]\nthen = \"sow-on\"\n",
            "0,2,1/2,0,1 S 0-0",
            "A",
            "1,1,1/0,1,0 N 2-0",
        ),
        // First seed in the origin, minimum seeds, opening, first-sowing
        // lock, the next pit examined.
        (adji, "2,2,1/2,2,2 S 0-0", "a", "1,3,1/2,2,2 N 0-0 sown=a/"),
        (
            adji,
            "3,2,1/3,1,2 S 0-0 sown=a/",
            "b",
            "3,1,2/0,0,2 N 4-0 sown=ab/",
        ),
        // An opposite capture anywhere.
        (
            "[opposite_capture]\nwhen_opposite_empty = \"nothing\"\ncapturing_seed = \"stays\"\n\
             landing = \"anywhere\"\n",
            "1,2,1/0,1,1 S 0-0",
            "b",
            "1,0,0/1,1,1 N 2-0",
        ),
        // A capped chain; a protected pit.
        (
            &format!("{chains}chain_max = 2\n"),
            "0,0,3/1,1,1 S 0-0",
            "c",
            "0,0,0/2,0,0 N 4-0",
        ),
        (
            &format!("{chains}protected = [2]\n"),
            "0,0,3/1,1,1 S 0-0",
            "c",
            "0,0,0/2,2,0 N 2-0",
        ),
        // A grand slam forbidden: b is one, a is not.
        (
            "[capture]\ncounts = [2]\nlanding = \"opponent-row\"\ngrand_slam = \"forbidden\"\n",
            "1,1/1,0 S 0-0",
            "a",
            "0,2/1,0 N 0-0",
        ),
    ];
    for (body, position, ply, after) in cases {
        let seeds: Vec<&str> = position
            .split(' ')
            .next()
            .unwrap()
            .split(['/', ','])
            .collect();
        let text = format!(
            "[variant]\nid = \"m\"\nname = \"M\"\n[board]\npits_per_row = {}\ninitial = [{}]\n{body}",
            seeds.len() / 2,
            seeds.join(", ")
        );
        let r = rules::parse("m.toml", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let start = parse_position(&r, position).unwrap_or_else(|e| panic!("{position}: {e}"));
        let variant = std::sync::Arc::new(Variant::new(r.clone()));
        let mut game = Game::from_position(std::sync::Arc::clone(&variant), start);
        let mut fast = Game::from_position(variant, start);
        let mut reference = Reference::from_state(&r, start.to_state(&r));
        let mut plies = Vec::new();
        game.legal_plies(&mut plies);
        assert_eq!(plies, reference.legal_plies(), "{position}\n{text}");
        let p: Ply = parse_ply(&r, ply).unwrap();
        let want = reference.play(p).unwrap();
        assert_eq!(game.play(p).unwrap(), want, "{position} {ply}\n{text}");
        fast.advance(p);
        for g in [&game, &fast] {
            assert_eq!(
                format_position(&r, g.position()),
                *after,
                "{position} {ply}\n{text}"
            );
            assert_eq!(g.position().to_state(&r), *reference.state());
        }
    }
}
