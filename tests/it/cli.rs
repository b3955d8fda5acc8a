//! The command line as a user meets it (docs/commands.md): exit codes and the
//! first lines of output of `check`, `replay`, `perft` and `play`, run on
//! the built binary from the crate root. Every expected line here is
//! derived from the rules or from the golden records' own tags.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common::{assert_exit, ayla, ayla_with_input, stderr, stdout};

/// Asserts that `text` starts with `lines`, one by one.
fn assert_starts_with(text: &str, lines: &[&str], what: &str) {
    let got: Vec<&str> = text.lines().collect();
    for (i, want) in lines.iter().enumerate() {
        assert_eq!(
            got.get(i).copied(),
            Some(*want),
            "{what}: line {}\n--- output:\n{text}",
            i + 1
        );
    }
}

/// The golden records, as paths relative to the crate root, sorted.
fn golden() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut v = Vec::new();
    for dir in ["tests/golden/gore", "tests/golden/kpe"] {
        for e in fs::read_dir(root.join(dir)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "rec") {
                v.push(format!(
                    "{dir}/{}",
                    p.file_name().unwrap().to_str().unwrap()
                ));
            }
        }
    }
    v.sort();
    assert!(v.len() >= 20, "only {} golden records", v.len());
    v
}

/// The value of a `[Name "value"]` tag of a record file (values without escapes).
fn tag(path: &str, name: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(root.join(path)).unwrap();
    let open = format!("[{name} \"");
    text.lines()
        .find_map(|l| l.strip_prefix(open.as_str())?.strip_suffix("\"]"))
        .unwrap_or_else(|| panic!("{path}: no {name} tag"))
        .to_owned()
}

const KPE_GOLDEN: &str = "tests/golden/kpe/01-capturer-seed2.rec";
const GORE_TRADER: &str = "tests/golden/gore/02-trader-seed6.rec";

// ---------------------------------------------------------------- check

#[test]
fn every_golden_game_checks_clean_in_one_invocation() {
    let files = golden();
    let args: Vec<&str> = std::iter::once("check")
        .chain(files.iter().map(String::as_str))
        .collect();
    let o = ayla(&args);
    assert_exit(&o, 0, "check on every golden game");
    let out = stdout(&o);
    let mut summaries = 0;
    for f in &files {
        let mine: Vec<&str> = out
            .lines()
            .filter(|l| l.starts_with(&format!("{f}:")))
            .collect();
        assert_eq!(
            mine.last().copied(),
            Some(format!("{f}: 1 game: 1 legal").as_str()),
            "{f}: last line\n{out}"
        );
        summaries += 1;
        // The game's own line gives the totals its Result tag states.
        let result = tag(f, "Result");
        let report = format!("{f}: game 1 (");
        let line = mine
            .iter()
            .find(|l| l.starts_with(&report))
            .unwrap_or_else(|| panic!("{f}: no report line\n{out}"));
        assert!(
            line.contains(&format!(" plies, legal; {result}: "))
                || line.contains(&format!(" 1 ply, legal; {result}: ")),
            "{f}: {line:?} does not give the result {result}"
        );
    }
    assert_eq!(summaries, files.len());
    assert_eq!(
        out.lines()
            .filter(|l| l.ends_with(": 1 game: 1 legal"))
            .count(),
        files.len(),
        "one summary per file\n{out}"
    );
}

#[test]
fn check_json_on_a_golden_game_is_one_ok_object() {
    let o = ayla(&["check", "--json", KPE_GOLDEN]);
    assert_exit(&o, 0, "check --json");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "one game, one line:\n{out}");
    let v: serde_json::Value = serde_json::from_str(lines[0]).expect("a JSON object");
    assert_eq!(v["status"], "ok", "{v}");
    assert_eq!(v["file"], KPE_GOLDEN);
    assert_eq!(v["game"], 1);
    assert_eq!(v["variant"], "kpe");
    // The record's header: 73 plies, 21-27, ended by repetition.
    assert_eq!(v["plies"], 73);
    assert_eq!(v["claimed"], "21-27");
    assert_eq!(v["result"], "21-27");
    assert_eq!(v["winner"], "North");
    assert_eq!(v["ended"], "repetition");
    assert_eq!(v["position"], "0,0,1,0/0,1,0,0 N 20-26 sown=abcd/ABCD");
    assert_eq!(v["errors"], serde_json::json!([]), "{v}");
}

#[test]
fn check_json_on_every_golden_game_agrees_with_its_tags() {
    let files = golden();
    let args: Vec<&str> = ["check", "--json"]
        .into_iter()
        .chain(files.iter().map(String::as_str))
        .collect();
    let o = ayla(&args);
    assert_exit(&o, 0, "check --json on every golden game");
    let out = stdout(&o);
    let objects: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert_eq!(objects.len(), files.len(), "one object per game:\n{out}");
    for (f, v) in files.iter().zip(&objects) {
        assert_eq!(v["file"], f.as_str());
        assert_eq!(v["status"], "ok", "{f}: {v}");
        assert_eq!(v["result"], tag(f, "Result").as_str(), "{f}");
        assert_eq!(v["ended"], tag(f, "Termination").as_str(), "{f}");
        assert_eq!(v["position"], tag(f, "FinalPosition").as_str(), "{f}");
    }
}

/// The keys of every `check --json` line, and of every error object in
/// it (docs/json.md): the same whatever happened.
const GAME_KEYS: [&str; 16] = [
    "file",
    "game",
    "line",
    "status",
    "variant",
    "readings",
    "plies",
    "claimed",
    "result",
    "winner",
    "ended",
    "without_glory",
    "position",
    "match_game",
    "match_result",
    "errors",
];
const ERROR_KEYS: [&str; 9] = [
    "kind", "file", "line", "column", "ply", "side", "text", "message", "position",
];

/// The `check --json` lines of `args`, each checked for the one schema.
fn check_json(args: &[&str], exit: i32) -> Vec<serde_json::Value> {
    let mut all = vec!["check", "--json"];
    all.extend(args);
    let o = ayla(&all);
    assert_exit(&o, exit, &all.join(" "));
    let out = stdout(&o);
    let objects: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    for v in &objects {
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, GAME_KEYS, "{v}");
        for e in v["errors"].as_array().unwrap() {
            let keys: Vec<&str> = e.as_object().unwrap().keys().map(String::as_str).collect();
            assert_eq!(keys, ERROR_KEYS, "{e}");
        }
    }
    objects
}

/// The one error of a `check --json` line.
fn only_error(v: &serde_json::Value) -> &serde_json::Value {
    let errors = v["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 1, "{v}");
    &errors[0]
}

#[test]
fn check_json_on_an_illegal_ply_gives_where_who_and_why() {
    let f = "tests/bad_records/kpe-must-feed.rec";
    let v = &check_json(&[f], 1)[0];
    assert_eq!(v["status"], "illegal");
    assert_eq!(v["plies"], 1, "one legal ply before it");
    let e = only_error(v);
    assert_eq!(e["kind"], "illegal-ply");
    assert_eq!(e["file"], f);
    assert_eq!((&e["line"], &e["column"]), (&5.into(), &6.into()));
    assert_eq!(e["ply"], 2);
    assert_eq!(e["side"], "South");
    assert_eq!(e["text"], "a");
    assert_eq!(e["position"], "3,0,0,2/0,0,0,0 S 20-23 sown=abcd/ABCD");
    assert_eq!(
        e["message"],
        "North's pits are all empty, so South must feed them; sowing from a does not reach them, sowing from d does"
    );
}

#[test]
fn check_json_on_wrong_claims_gives_each_tag_and_the_true_position() {
    let f = "tests/bad_records/gore-wrong-result-and-termination.rec";
    let v = &check_json(&[f], 1)[0];
    assert_eq!(v["status"], "wrong-result");
    assert_eq!(v["result"], "23-25");
    assert_eq!(v["ended"], "all-below");
    let errors = v["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 2, "{v}");
    for (e, line, tag) in [(&errors[0], 4, "Termination"), (&errors[1], 5, "Result")] {
        assert_eq!(e["kind"], "wrong-result", "{e}");
        assert_eq!((&e["line"], &e["column"]), (&line.into(), &1.into()));
        assert_eq!(e["ply"], serde_json::Value::Null);
        assert_eq!(e["side"], serde_json::Value::Null);
        assert_eq!(e["position"], "0,1,1,1/1,1,1,0 N 20-22");
        assert!(
            e["message"]
                .as_str()
                .unwrap()
                .starts_with(&format!("the {tag} tag says ")),
            "{e}"
        );
    }
}

#[test]
fn check_json_on_a_syntax_error_is_a_located_error_of_the_file() {
    let f = "tests/bad_records/syntax-bad-token.rec";
    let v = &check_json(&[f], 2)[0];
    assert_eq!(v["status"], "unusable");
    assert_eq!(v["game"], serde_json::Value::Null, "no game was read");
    let e = only_error(v);
    assert_eq!(e["kind"], "syntax");
    assert_eq!((&e["line"], &e["column"]), (&5.into(), &11.into()));
    assert_eq!(
        e["message"],
        "expected a pit label, `pass`, `offer(...)`, `accept` or `decline`, found `bb`"
    );
}

#[test]
fn check_json_on_unusable_input_is_an_error_of_the_same_shape() {
    // A missing file: no place in it.
    let v = &check_json(&["tests/no-such-record.rec"], 2)[0];
    let e = only_error(v);
    assert_eq!(e["kind"], "unusable");
    assert_eq!(
        (&e["line"], &e["column"]),
        (&serde_json::Value::Null, &serde_json::Value::Null)
    );
    assert_eq!(
        e["message"],
        "cannot read the record: No such file or directory (os error 2)"
    );
    // A record without a Variant tag: the game's place.
    let v = &check_json(&["tests/bad_records/tag-missing-variant.rec"], 2)[0];
    assert_eq!((&v["status"], &v["game"]), (&"unusable".into(), &1.into()));
    let e = only_error(v);
    assert_eq!(e["kind"], "unusable");
    assert_eq!(e["line"], v["line"]);
    assert!(
        e["message"].as_str().unwrap().contains("no Variant tag"),
        "{e}"
    );
    // A tag whose value is no claim: the tag's place.
    let v = &check_json(&["tests/bad_records/tag-termination-unknown.rec"], 2)[0];
    let e = only_error(v);
    assert_eq!((&e["kind"], &e["line"]), (&"unusable".into(), &4.into()));
    // A fault of the command line: no place in the record.
    let v = &check_json(&[KPE_GOLDEN, "--reading", "skip=skip"], 2)[0];
    let e = only_error(v);
    assert_eq!(e["kind"], "unusable");
    assert_eq!(e["line"], serde_json::Value::Null);
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .starts_with("--reading: no reading named `skip`"),
        "{e}"
    );
}

#[test]
fn a_reading_the_variant_lacks_is_blamed_on_the_command_line() {
    // With a Readings tag in the record and without one: never the record's line.
    for f in [KPE_GOLDEN, "tests/golden/ayoayo/09-stays-from-01-seed1.rec"] {
        let o = ayla(&["check", f, "--reading", "skip=skip"]);
        assert_exit(&o, 2, "check --reading skip=skip");
        let out = stdout(&o);
        let first = out.lines().next().unwrap();
        assert!(
            first.starts_with("--reading: no reading named `skip`; this variant has "),
            "{f}: {out}"
        );
    }
    // A bad Readings tag is still the tag's, at its line.
    let rec = TempFile::new("bad-readings-tag.rec");
    fs::write(
        &rec.0,
        "[Variant \"kpe\"]\n[Readings \"skip=skip\"]\n\n1. c A\n",
    )
    .unwrap();
    let o = ayla(&["check", rec.path()]);
    assert_exit(&o, 2, "check with a bad Readings tag");
    assert_starts_with(
        &stdout(&o),
        &[&format!(
            "{}:2:1: the Readings tag: no reading named `skip`; this variant has skip-origin, lock-release, repetition",
            rec.path()
        )],
        "a bad Readings tag",
    );
}

#[test]
fn check_exits_with_the_worst_verdict_of_its_files() {
    let good = KPE_GOLDEN;
    let wrong = "tests/bad_records/kpe-opponent-row.rec";
    let unusable = "tests/bad_records/tag-missing-variant.rec";
    assert_exit(&ayla(&["check", good, wrong]), 1, "good + wrong");
    assert_exit(&ayla(&["check", wrong, good]), 1, "wrong + good");
    assert_exit(&ayla(&["check", good, wrong, unusable]), 2, "with unusable");
    assert_exit(&ayla(&["check", unusable, good]), 2, "unusable + good");
}

#[test]
fn check_of_a_missing_file_exits_2_and_names_it() {
    let o = ayla(&["check", "tests/no-such-record.rec"]);
    assert_exit(&o, 2, "check on a missing file");
    assert_starts_with(
        &stdout(&o),
        &[
            "tests/no-such-record.rec: cannot read the record: No such file or directory (os error 2)",
        ],
        "check on a missing file",
    );
}

#[test]
fn check_without_a_file_is_bad_usage() {
    assert_exit(&ayla(&["check"]), 2, "check without a record");
}

// ---------------------------------------------------------------- replay

/// The tags of the Kpé golden record, as `replay` shows them first.
const KPE_GOLDEN_TAGS: [&str; 7] = [
    "[Variant \"kpe\"]",
    "[South \"gore_kpe capturer seed 2\"]",
    "[North \"gore_kpe capturer seed 2\"]",
    "[Date \"2026.11.30\"]",
    "[Result \"21-27\"]",
    "[Termination \"repetition\"]",
    "[FinalPosition \"0,0,1,0/0,1,0,0 N 20-26 sown=abcd/ABCD\"]",
];

#[test]
fn replay_ply_0_shows_the_start() {
    let o = ayla(&["replay", KPE_GOLDEN, "--ply", "0"]);
    assert_exit(&o, 0, "replay --ply 0");
    let mut want: Vec<&str> = KPE_GOLDEN_TAGS.to_vec();
    want.extend([
        "",
        "Start:",
        "     D     C     B     A",
        "     6     6     6     6     North  captured 0",
        "     6     6     6     6     South  captured 0",
        "     a     b     c     d",
        "  South: locked until every home pit has been sown from (not yet: abcd); the sowing that completes them may capture",
        "  North: locked until every home pit has been sown from (not yet: ABCD); the sowing that completes them may capture",
        "  6,6,6,6/6,6,6,6 S 0-0",
    ]);
    assert_starts_with(&stdout(&o), &want, "replay --ply 0");
}

#[test]
fn replay_ply_n_shows_that_ply_and_the_board_after_it() {
    // 1. b: South sows 6 from b (c d A B C D): 6,0,7,7/7,7,7,7.
    // 1... C: North sows 7 from C (D a b c d A B), the last in B.
    let o = ayla(&["replay", KPE_GOLDEN, "--ply", "2"]);
    assert_exit(&o, 0, "replay --ply 2");
    let mut want: Vec<&str> = KPE_GOLDEN_TAGS.to_vec();
    want.extend([
        "",
        "2. `C`: North sows 7 from C, the last seed falling in B.",
        "     D     C     B     A",
        "     8     0     8     8     North  captured 0",
        "     7     1     8     8     South  captured 0",
        "     a     b     c     d",
        "  South: locked until every home pit has been sown from (not yet: acd); the sowing that completes them may capture",
        "  North: locked until every home pit has been sown from (not yet: ABD); the sowing that completes them may capture",
        "  7,1,8,8/8,8,0,8 S 0-0 sown=b/C",
    ]);
    assert_starts_with(&stdout(&o), &want, "replay --ply 2");
}

#[test]
fn replay_of_an_accepted_offer_shows_the_pit_changing_hands() {
    // Ply 16 is North's offer(A) in 6,0,4,5/5,4,3,1 S 6-14 offer=A; ply 17
    // South accepts: A becomes South's and South pays 6 of its 6 captured into A.
    let o = ayla(&["replay", GORE_TRADER, "--ply", "17"]);
    assert_exit(&o, 0, "replay --ply 17");
    let out = stdout(&o);
    let after_tags: Vec<&str> = out.lines().skip_while(|l| l.starts_with('[')).collect();
    assert_eq!(
        after_tags[..7],
        [
            "",
            "17. `accept`: South accepts: pit A becomes South's, and South pays 6 captured seeds into it.",
            "     D     C     B     A",
            "     1     3     4  ( 11)S   North  captured 14",
            "     6     0     4     5     South  captured 0",
            "     a     b     c     d",
            "  (k)X: a traded pit holding k seeds, controlled by X",
        ],
        "{out}"
    );
    assert_eq!(after_tags[7], "  6,0,4,5/11,4,3,1 S 0-14 owners=SSSS/SNNN");
}

#[test]
fn replay_beyond_the_last_ply_exits_2() {
    let o = ayla(&["replay", KPE_GOLDEN, "--ply", "10000"]);
    assert_exit(&o, 2, "replay --ply 10000");
    assert_eq!(
        stderr(&o),
        "error: --ply 10000: the game has 73 plies\n",
        "{}",
        stderr(&o)
    );
    // The bound is checked before anything is printed: no tags, no board.
    assert_eq!(
        stdout(&o),
        "",
        "replay --ply 10000 printed before its error"
    );
}

#[test]
fn replay_and_draw_past_an_illegal_ply_exit_1_with_checks_whole_message() {
    let rec = "tests/bad_records/kpe-must-feed.rec";
    let check = ayla(&["check", rec]);
    assert_exit(&check, 1, "check");
    // Check's report of the ply: every line but the file's summary.
    let out = stdout(&check);
    let lines: Vec<&str> = out.lines().collect();
    let message = lines[..lines.len() - 1].join("\n");
    assert!(message.contains("ply 2 (South"), "{message}");
    assert!(message.contains("position before ply 2: "), "{message}");
    for cmd in ["replay", "draw"] {
        let args: Vec<&str> = match cmd {
            "replay" => vec!["replay", rec, "--ply", "5"],
            _ => vec!["draw", "--record", rec, "--ply", "5"],
        };
        let o = ayla(&args);
        assert_exit(&o, 1, cmd);
        assert_eq!(stderr(&o), format!("error: {message}\n"), "{cmd}");
        assert_eq!(stdout(&o), "", "{cmd}");
    }
}

#[test]
fn game_n_picks_one_game_of_a_file_for_replay_and_draw() {
    // Three games: legal, a wrong result, no Variant tag.
    let rec = "tests/bad_records/multi-mixed.rec";
    let o = ayla(&["replay", rec]);
    assert_exit(&o, 2, "replay of every game");
    let o = ayla(&["replay", rec, "--game", "1"]);
    assert_exit(&o, 0, "replay --game 1");
    let out = stdout(&o);
    assert!(out.starts_with("=== game 1 of 3 (line 2) ==="), "{out}");
    assert!(!out.contains("game 2 of 3"), "{out}");
    let o = ayla(&["replay", rec, "--game", "2"]);
    assert_exit(&o, 1, "replay --game 2");
    let out = stdout(&o);
    assert!(out.starts_with("=== game 2 of 3 (line 8) ==="), "{out}");
    assert!(out.contains("the Result tag says 25-23"), "{out}");
    let o = ayla(&["replay", "--json", rec, "--game", "2"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!((&v["game"], &v["line"]), (&2.into(), &8.into()));
    // The two games end apart: the picture is of the game asked for.
    let one = ayla(&["draw", "--record", rec, "--game", "1"]);
    assert_exit(&one, 0, "draw --game 1");
    let first = ayla(&["draw", "--record", rec]);
    assert_eq!(stdout(&one), stdout(&first), "the first game by default");
    let o = ayla(&["draw", "--record", rec, "--game", "3"]);
    assert_exit(&o, 2, "draw --game 3 (no Variant tag)");
    for cmd in [
        vec!["replay", rec, "--game", "4"],
        vec!["draw", "--record", rec, "--game", "4"],
    ] {
        let o = ayla(&cmd);
        assert_exit(&o, 2, &cmd.join(" "));
        assert_eq!(
            stderr(&o),
            format!("error: --game 4: {rec} has 3 games\n"),
            "{cmd:?}"
        );
        assert_eq!(stdout(&o), "");
    }
    let o = ayla(&["replay", KPE_GOLDEN, "--game", "2"]);
    assert_eq!(
        stderr(&o),
        format!("error: --game 2: {KPE_GOLDEN} has 1 game\n")
    );
    let o = ayla(&["replay", rec, "--game", "0"]);
    assert_exit(&o, 2, "--game 0");
}

#[test]
fn replay_json_gives_the_tags_the_plies_and_the_end() {
    let o = ayla(&["replay", "--json", KPE_GOLDEN]);
    assert_exit(&o, 0, "replay --json");
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "one game, one line:\n{out}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let tags: Vec<String> = v["tags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            format!(
                "[{} {:?}]",
                t["name"].as_str().unwrap(),
                t["value"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(tags, KPE_GOLDEN_TAGS);
    assert_eq!(v["start"], "6,6,6,6/6,6,6,6 S 0-0");
    let plies = v["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 73);
    // The same second ply as `replay --ply 2` shows.
    assert_eq!(plies[1]["number"], 2);
    assert_eq!(plies[1]["side"], "North");
    assert_eq!(plies[1]["text"], "C");
    assert_eq!(
        plies[1]["effect"],
        "North sows 7 from C, the last seed falling in B"
    );
    assert_eq!(plies[1]["position"], "7,1,8,8/8,8,0,8 S 0-0 sown=b/C");
    assert_eq!(v["position"], tag(KPE_GOLDEN, "FinalPosition").as_str());
    assert_eq!(v["result"], tag(KPE_GOLDEN, "Result").as_str());
    assert_eq!(v["ended"], tag(KPE_GOLDEN, "Termination").as_str());
    assert_eq!(v["errors"], serde_json::json!([]));
    // --ply keeps that ply alone.
    let o = ayla(&["replay", "--json", KPE_GOLDEN, "--ply", "2"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["plies"].as_array().unwrap().len(), 1);
    assert_eq!(v["position"], "7,1,8,8/8,8,0,8 S 0-0 sown=b/C");
    // An illegal ply is an error object of check's shape.
    let o = ayla(&["replay", "--json", "tests/bad_records/kpe-must-feed.rec"]);
    assert_exit(&o, 1, "replay --json of an illegal ply");
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let e = &v["errors"][0];
    let keys: Vec<&str> = e.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ERROR_KEYS);
    assert_eq!((&e["kind"], &e["ply"]), (&"illegal-ply".into(), &2.into()));
}

// ---------------------------------------------------------------- perft

#[test]
fn perft_counts_ply_sequences() {
    // Kpé: 4 sowings a side, and every 7-seed reply refills the whole of
    // South's row, so 4 x 4 x 4 = 64 at depth 3.
    for (depth, want) in [("0", "1"), ("1", "4"), ("3", "64")] {
        let o = ayla(&["perft", "kpe", depth]);
        assert_exit(&o, 0, "perft kpe");
        assert_eq!(stdout(&o), format!("{want}\n"), "perft kpe {depth}");
    }
    // A bundled name ignores case and accents.
    let o = ayla(&["perft", "Kpé", "3"]);
    assert_exit(&o, 0, "perft Kpé");
    assert_eq!(stdout(&o), "64\n");
}

#[test]
fn perft_divide_gives_each_first_ply_and_adds_up() {
    // Kpé at depth 3: 4 x 4 x 4, so 16 after each of South's four sowings.
    let o = ayla(&["perft", "kpe", "3", "--divide"]);
    assert_exit(&o, 0, "perft --divide");
    assert_eq!(stdout(&o), "a: 16\nb: 16\nc: 16\nd: 16\ntotal: 64\n");
    // Goré at depth 5: the counts add up to plain perft's number.
    let plain = stdout(&ayla(&["perft", "gore", "5"]));
    let o = ayla(&["perft", "gore", "5", "--divide"]);
    let out = stdout(&o);
    let mut sum = 0u64;
    let mut total = None;
    for l in out.lines() {
        let (ply, n) = l.split_once(": ").unwrap_or_else(|| panic!("{l:?}"));
        let n: u64 = n.parse().unwrap();
        if ply == "total" {
            total = Some(n);
        } else {
            sum += n;
        }
    }
    assert_eq!(total, Some(sum), "{out}");
    assert_eq!(format!("{sum}\n"), plain);
}

#[test]
fn perft_json_gives_the_count_and_the_division() {
    let o = ayla(&["perft", "kpe", "3", "--json"]);
    assert_exit(&o, 0, "perft --json");
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        v,
        serde_json::json!({
            "variant": "kpe",
            "readings": {"skip-origin": "sow-into-origin", "lock-release": "may-capture", "repetition": "third"},
            "position": "6,6,6,6/6,6,6,6 S 0-0",
            "depth": 3,
            "nodes": 64,
            "divide": null,
        })
    );
    let o = ayla(&["perft", "kpe", "2", "--json", "--divide"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["nodes"], 16);
    let d: Vec<(String, u64)> = v["divide"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            (
                x["ply"].as_str().unwrap().to_owned(),
                x["nodes"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        d,
        [("a", 4), ("b", 4), ("c", 4), ("d", 4)].map(|(p, n)| (p.to_owned(), n))
    );
}

#[test]
fn perft_of_a_finished_position_is_0() {
    // Goré: every pit below 3 means the game is over: no plies.
    let o = ayla(&[
        "perft",
        "gore",
        "2",
        "--position",
        "2,2,2,2/2,2,2,2 S 16-16",
    ]);
    assert_exit(&o, 0, "perft of a finished position");
    assert_eq!(stdout(&o), "0\n");
}

#[test]
fn perft_of_an_unknown_variant_exits_2() {
    let o = ayla(&["perft", "nope", "3"]);
    assert_exit(&o, 2, "perft nope");
    assert!(
        stderr(&o).starts_with("error: unknown variant"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
}

#[test]
fn perft_with_a_bad_position_exits_2() {
    let o = ayla(&["perft", "kpe", "3", "--position", "6,6,6,6/6,6,6 S 0-0"]);
    assert_exit(&o, 2, "perft --position with a short row");
    assert_eq!(
        stderr(&o).trim_end(),
        "error: --position: column 9: expected 4 counts in North's row, found 3"
    );
    let o = ayla(&["perft", "kpe", "3", "--position", "6,6,6,6/6,6,6,6 S 1-0"]);
    assert_exit(&o, 2, "perft --position with 49 seeds");
}

// ---------------------------------------------------------------- play

/// A file in the system's temporary directory, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str) -> TempFile {
        let p = std::env::temp_dir().join(format!("ayla-cli-test-{}-{name}", std::process::id()));
        let _ = fs::remove_file(&p);
        TempFile(p)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
    }
}

#[test]
fn play_through_a_pipe_shows_boards_refuses_illegal_plies_and_saves() {
    let save = TempFile::new("play.rec");
    // South sows c; North types c (South's pit), refused; North sows A; quit.
    let o = ayla_with_input(&["play", "kpe", "--save", save.path()], "c\nc\nA\nquit\n");
    assert_exit(&o, 0, "play kpe");
    let out = stdout(&o);
    // c: 6 seeds into d A B C D a.
    assert!(
        out.contains("\n  7,6,0,7/7,7,7,7 N 0-0 sown=c/\n"),
        "no board after c:\n{out}"
    );
    assert!(
        out.contains("Illegal: North may not sow from pit c: it is not in North's row."),
        "the refused ply is not explained:\n{out}"
    );
    // A: 7 seeds into B C D a b c d.
    assert!(
        out.contains("\n  8,7,1,8/0,8,8,8 S 0-0 sown=c/A\n"),
        "no board after A:\n{out}"
    );
    // The saved record holds the two legal plies, unfinished, and checks clean.
    let saved = fs::read_to_string(&save.0).expect("the game is saved");
    assert!(saved.contains("[Variant \"kpe\"]"), "{saved}");
    assert!(saved.contains("[Result \"*\"]"), "{saved}");
    assert!(saved.contains("1. c 2. A"), "{saved}");
    let o = ayla(&["check", save.path()]);
    assert_exit(&o, 0, "check on the saved game");
    assert!(
        stdout(&o)
            .contains("2 plies, legal; unfinished, South to act in 8,7,1,8/0,8,8,8 S 0-0 sown=c/A"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn play_ends_quietly_at_the_end_of_input() {
    let save = TempFile::new("eof.rec");
    let o = ayla_with_input(&["play", "gore", "--save", save.path()], "c\n");
    assert_exit(&o, 0, "play gore, input ends");
    assert!(
        stdout(&o).contains("\n  7,6,0,7/7,7,7,7 N 0-0\n"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn play_of_an_unknown_variant_exits_2() {
    let save = TempFile::new("nope.rec");
    let o = ayla_with_input(&["play", "nope", "--save", save.path()], "quit\n");
    assert_exit(&o, 2, "play nope");
    assert!(
        stderr(&o).starts_with("error: unknown variant"),
        "{}",
        stderr(&o)
    );
}

// ---------------------------------------------------------------- usage

#[test]
fn bad_usage_exits_2_and_help_exits_0() {
    assert_exit(&ayla(&[]), 2, "no arguments");
    assert_exit(&ayla(&["frobnicate"]), 2, "unknown subcommand");
    assert_exit(&ayla(&["perft", "kpe"]), 2, "perft without a depth");
    assert_exit(
        &ayla(&["perft", "kpe", "three"]),
        2,
        "perft with a bad depth",
    );
    assert_exit(
        &ayla(&["check", "--frobnicate", KPE_GOLDEN]),
        2,
        "unknown flag",
    );
    let o = ayla(&["--help"]);
    assert_exit(&o, 0, "--help");
    let out = stdout(&o);
    assert!(out.contains("Usage: ayla"), "{out}");
    for cmd in ["play", "check", "replay", "perft"] {
        assert!(
            out.lines().any(|l| l.trim_start().starts_with(cmd)),
            "--help does not list {cmd}:\n{out}"
        );
    }
    assert_exit(&ayla(&["check", "--help"]), 0, "check --help");
}

// ---------------------------------------------------------------- words

#[test]
fn a_misspelt_variant_is_met_with_the_nearest_id() {
    let o = ayla(&["rules", "show", "gorre"]);
    assert_exit(&o, 2, "rules show gorre");
    assert!(
        stderr(&o).contains("(did you mean `gore`?)"),
        "{}",
        stderr(&o)
    );
    let save = TempFile::new("owar.rec");
    let o = ayla_with_input(&["play", "owar", "--save", save.path()], "quit\n");
    assert_exit(&o, 2, "play owar");
    assert!(
        stderr(&o).contains("(did you mean `oware`?)"),
        "{}",
        stderr(&o)
    );
    // A record's Variant tag: the error is the record's, at the tag.
    let rec = TempFile::new("variant-tag.rec");
    fs::write(&rec.0, "[Variant \"owar\"]\n\nc\n").unwrap();
    let o = ayla(&["check", rec.path()]);
    assert_exit(&o, 2, "check of a misspelt Variant tag");
    assert!(
        stdout(&o).contains(&format!("{}:1:1: unknown variant \"owar\"", rec.path()))
            && stdout(&o).contains("(did you mean `oware`?)"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn one_pit_one_ply_and_one_game_are_singular() {
    let rec = TempFile::new("one-pit.rec");
    fs::write(&rec.0, "[Variant \"gore\"]\n\noffer(a)\n").unwrap();
    let unaffordable = "affordable-offers=also-unaffordable";
    let o = ayla(&[
        "replay",
        rec.path(),
        "--ply",
        "1",
        "--reading",
        unaffordable,
    ]);
    assert_exit(&o, 0, "replay of an offer of one pit");
    assert!(
        stdout(&o).contains("\n  South offers pit a: North must accept or decline\n"),
        "{}",
        stdout(&o)
    );
    let o = ayla(&[
        "replay",
        rec.path(),
        "--ply",
        "3",
        "--reading",
        unaffordable,
    ]);
    assert_exit(&o, 2, "replay beyond a game of one ply");
    assert!(
        stderr(&o).contains("--ply 3: the game has 1 ply\n"),
        "{}",
        stderr(&o)
    );
    let save = TempFile::new("undo.rec");
    let o = ayla_with_input(&["play", "kpe", "--save", save.path()], "c\nundo\nquit\n");
    assert_exit(&o, 0, "play, undo");
    assert!(stdout(&o).contains("Took back 1 ply.\n"), "{}", stdout(&o));
    let o = ayla(&["match", "kpe", "--a", "0", "--b", "0", "--games", "1"]);
    assert_exit(&o, 0, "match of one game");
    assert!(
        stdout(&o).starts_with("Kpé: A (random) against B (random), 1 game, colours alternating"),
        "{}",
        stdout(&o)
    );
}

// ---------------------------------------------------------------- match

#[test]
fn match_saves_each_game_as_a_record_that_checks() {
    let dir = std::env::temp_dir().join(format!("ayla-cli-test-{}-match", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let o = ayla(&[
        "match", "kpe", "--a", "1", "--b", "0", "--games", "3", "--save", d,
    ]);
    assert_exit(&o, 0, "match --save");
    assert!(
        stdout(&o).contains(&format!("3 records saved in {d}\n")),
        "{}",
        stdout(&o)
    );
    // Not a terminal: no progress on stderr.
    assert_eq!(stderr(&o), "", "progress drawn on a pipe");
    let files: Vec<String> = ["kpe-001.rec", "kpe-002.rec", "kpe-003.rec"]
        .iter()
        .map(|f| dir.join(f).to_str().unwrap().to_owned())
        .collect();
    let mut args = vec!["check", "--json"];
    args.extend(files.iter().map(String::as_str));
    let c = ayla(&args);
    assert_exit(&c, 0, "check on the saved games");
    let games: Vec<serde_json::Value> = stdout(&c)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 3);
    // A plays South in game 1, North in game 2; the match's tally is the records'.
    let text = fs::read_to_string(&files[1]).unwrap();
    assert!(
        text.contains("[South \"ayla engine B (random)\"]"),
        "{text}"
    );
    assert!(
        text.contains("[North \"ayla engine A (depth 1)\"]"),
        "{text}"
    );
    assert!(text.contains("[Round \"2\"]"), "{text}");
    let mut a_wins = 0;
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g["status"], "ok", "{g}");
        assert!(g["ended"].is_string(), "a finished game: {g}");
        let a = if i % 2 == 0 { "South" } else { "North" };
        if g["winner"] == a {
            a_wins += 1;
        }
    }
    assert!(
        stdout(&o).contains(&format!("A wins {a_wins}, ")),
        "{}",
        stdout(&o)
    );
    let _ = fs::remove_dir_all(&dir);
}

/// Runs `ayla args…` on a pseudo-terminal with `script`, if the system has it.
fn ayla_on_a_terminal(args: &[&str]) -> Option<String> {
    let cmd = std::iter::once(env!("CARGO_BIN_EXE_ayla"))
        .chain(args.iter().copied())
        .collect::<Vec<_>>()
        .join(" ");
    let o = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .ok()?;
    o.status
        .success()
        .then(|| String::from_utf8_lossy(&o.stdout).into_owned())
}

#[test]
fn match_and_bench_show_progress_on_a_terminal_only() {
    let args = ["match", "kpe", "--a", "2", "--b", "0", "--games", "2"];
    let o = ayla(&args);
    assert_exit(&o, 0, "match");
    assert_eq!(stderr(&o), "", "match drew progress on a pipe");
    let b = ["bench", "kpe", "--plies", "20000", "--rounds", "1"];
    let o = ayla(&b);
    assert_exit(&o, 0, "bench");
    assert_eq!(stderr(&o), "", "bench drew progress on a pipe");
    let Some(out) = ayla_on_a_terminal(&args) else {
        eprintln!("no `script` to make a terminal: the bar itself is not checked");
        return;
    };
    assert!(
        out.contains("/2 games"),
        "no progress bar on a terminal:\n{out}"
    );
    // No estimate before a game is done (indicatif would say 0s).
    for frame in out.split(['\r', '\n']).filter(|f| f.contains(" 0/2 games")) {
        assert!(frame.contains("(eta -)"), "{frame:?}");
    }
    assert!(out.contains("A's score "), "{out}");
    let out = ayla_on_a_terminal(&b).expect("script ran once already");
    assert!(
        out.contains(" steps"),
        "no progress bar on a terminal:\n{out}"
    );
}

#[test]
fn match_of_zero_games_is_bad_usage() {
    let o = ayla(&["match", "kpe", "--a", "2", "--b", "2", "--games", "0"]);
    assert_exit(&o, 2, "match --games 0");
    assert!(
        stdout(&o).is_empty(),
        "no score for no games: {}",
        stdout(&o)
    );
    assert!(
        stderr(&o).contains("invalid value '0' for '--games <GAMES>': 0 is not in 1.."),
        "{}",
        stderr(&o)
    );
}

// ---------------------------------------------------------------- analyse

/// `analyse`'s value line and its `--json` value for a Kalah position.
fn analyse_value(position: &str) -> (String, serde_json::Value) {
    let o = ayla(&["analyse", "kalah", "--position", position, "--depth", "12"]);
    assert_exit(&o, 0, "analyse");
    let out = stdout(&o);
    let line = out
        .lines()
        .find_map(|l| l.strip_prefix("value:    "))
        .unwrap_or_else(|| panic!("no value line:\n{out}"))
        .to_owned();
    let o = ayla(&[
        "analyse",
        "kalah",
        "--position",
        position,
        "--depth",
        "12",
        "--json",
    ]);
    assert_exit(&o, 0, "analyse --json");
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    (line, v["value"].clone())
}

#[test]
fn analyse_says_win_in_n_and_loss_in_n_for_a_known_end() {
    // South's one seed from f falls in its store: 25; South's row is then
    // empty, the game ends and North takes its one seed: 25-23.
    let (line, v) = analyse_value("0,0,0,0,0,1/1,0,0,0,0,0 S 24-22");
    assert_eq!(
        line,
        "win in 1 for South (plies to the end with best play on both sides, by 2 seeds)"
    );
    assert_eq!(v, serde_json::json!({"win_in": 1, "margin": 2}));
    // South's two seeds from f: one in the store (23), one in North's a;
    // South's row is empty and North takes its two: 23-25.
    let (line, v) = analyse_value("0,0,0,0,0,2/1,0,0,0,0,0 S 22-23");
    assert!(line.starts_with("loss in 1 for South ("), "{line}");
    assert_eq!(v, serde_json::json!({"loss_in": 1, "margin": 2}));
    // Further off, text and JSON agree.
    let (line, v) = analyse_value("1,3,0,4,1,2/0,0,1,0,2,0 S 18-16");
    let n = v["win_in"].as_u64().unwrap_or_else(|| panic!("{v}"));
    assert!(n > 1, "{v}");
    assert!(
        line.starts_with(&format!("win in {n} for South (")),
        "{line}"
    );
}

#[test]
fn analyse_gives_a_heuristic_value_in_signed_seeds() {
    let o = ayla(&["analyse", "kpe", "--depth", "3"]);
    assert_exit(&o, 0, "analyse kpe");
    let out = stdout(&o);
    let value = out
        .lines()
        .find_map(|l| l.strip_prefix("value:    "))
        .unwrap_or_else(|| panic!("{out}"));
    let number = value.split(' ').next().unwrap();
    let (sign, digits) = number.split_at(1);
    assert!(sign == "+" || sign == "-", "{value}");
    let (whole, hundredths) = digits.split_once('.').unwrap_or_else(|| panic!("{value}"));
    assert!(
        whole.chars().all(|c| c.is_ascii_digit()) && hundredths.len() == 2,
        "{value}"
    );
    assert!(value.ends_with(" for South (seeds, mover minus opponent, a captured seed counting 3 and a seed in one's own pits 1)"), "{value}");
    let o = ayla(&["analyse", "kpe", "--depth", "3", "--json"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let seeds = v["value"]["seeds"]
        .as_f64()
        .unwrap_or_else(|| panic!("{v}"));
    assert_eq!(format!("{seeds:+.2}"), number);
}

#[test]
fn analyse_names_the_missing_side_to_act() {
    let o = ayla(&["analyse", "kpe", "--position", "6,6,6,6/6,6,6,6"]);
    assert_exit(&o, 2, "analyse with a position cut short");
    assert_eq!(
        stderr(&o),
        "error: --position: column 16: expected a space and the side to act, `S` or `N`\n"
    );
}

// ---------------------------------------------------------------- rules list

#[test]
fn rules_list_json_has_the_variants_the_text_lists() {
    let text = stdout(&ayla(&["rules", "list"]));
    // Text: an id in the first column, then the name, then " — ".
    let listed: Vec<(String, String)> = text
        .lines()
        .filter(|l| !l.starts_with(' '))
        .map(|l| {
            let (id, rest) = l.split_once(' ').unwrap();
            let name = rest.trim_start().split(" — ").next().unwrap();
            (id.to_owned(), name.to_owned())
        })
        .collect();
    let o = ayla(&["rules", "list", "--json"]);
    assert_exit(&o, 0, "rules list --json");
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let from_json: Vec<(String, String)> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            (
                x["id"].as_str().unwrap().to_owned(),
                x["name"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(from_json, listed);
    assert!(
        listed.iter().any(|(id, name)| id == "kpe" && name == "Kpé"),
        "{listed:?}"
    );
    let kpe = v
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["id"] == "kpe")
        .unwrap();
    assert_eq!(
        kpe["readings"],
        serde_json::json!(["skip-origin", "lock-release", "repetition"])
    );
}

// ---------------------------------------------------------------- completions

#[test]
fn completions_name_every_subcommand_and_flag_for_each_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = ayla(&["completions", shell]);
        assert_exit(&o, 0, shell);
        let out = stdout(&o);
        for word in [
            "check",
            "replay",
            "perft",
            "analyse",
            "match",
            "bench",
            "completions",
            // Flags by name: fish writes `-l divide`, the others `--divide`.
            "divide",
            "reading",
            "save",
        ] {
            assert!(
                out.contains(word),
                "{shell}: no {word:?} in the completions"
            );
        }
    }
    let o = ayla(&["completions", "tcsh"]);
    assert_exit(&o, 2, "completions for an unknown shell");
    assert!(
        stderr(&o).contains("[possible values: bash, elvish, fish, powershell, zsh]"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn completions_offer_the_bundled_variants_and_the_level_names() {
    let o = ayla(&["completions", "bash"]);
    assert_exit(&o, 0, "bash");
    let out = stdout(&o);
    for word in ["kpe", "gore", "oware", "perfect", "random"] {
        assert!(out.contains(word), "no {word:?} in the bash completions");
    }
    // Each command's own list of words offers the ids: found by a flag
    // only that command has.
    let opts: Vec<&str> = out
        .lines()
        .filter(|l| l.trim_start().starts_with("opts="))
        .collect();
    for (flag, cmd) in [
        ("--levels", "stats"),
        ("--divide", "perft"),
        ("--overwrite", "play"),
        ("--db-seeds", "solve"),
        ("--exact", "analyse"),
        ("--ply", "draw"),
    ] {
        let line = opts
            .iter()
            .find(|l| l.contains(&format!(" {flag} ")))
            .unwrap_or_else(|| panic!("no completion line for {cmd}"));
        assert!(
            line.contains(" kpe "),
            "{cmd} does not complete ids: {line}"
        );
    }
    // `rules show` and `rules diff`: nothing but help and the ids.
    let bare = opts
        .iter()
        .filter(|l| l.contains("opts=\"-h --help adji-boto"))
        .count();
    assert!(
        bare >= 2,
        "rules show and rules diff complete ids ({bare} lines)"
    );
    // The names are suggestions: a path is still a variant, `depth:N` a
    // level, and help does not pretend the list is closed.
    let o = ayla(&["perft", "tests/fit/five-readings.toml", "1"]);
    assert_exit(&o, 0, "perft of a rule file");
    let o = ayla(&[
        "match", "kpe", "--a", "depth:1", "--b", "random", "--games", "1",
    ]);
    assert_exit(&o, 0, "match depth:1 random");
    let o = ayla(&["match", "kpe", "--a", "depth:0", "--b", "random"]);
    assert_exit(&o, 2, "match depth:0");
    assert!(
        stderr(&o).contains("invalid value 'depth:0' for '--a <LEVEL>'"),
        "{}",
        stderr(&o)
    );
    for cmd in ["analyse", "perft", "match"] {
        let o = ayla(&[cmd, "--help"]);
        assert!(!stdout(&o).contains("possible values"), "{cmd} --help");
    }
}

#[test]
fn reading_flags_load_the_variant_under_that_reading_everywhere() {
    // Every command that takes a variant takes --reading, and refuses one
    // the variant lacks, naming those it has.
    let bad_reading = [
        vec!["perft", "kpe", "1"],
        vec!["analyse", "kpe", "--depth", "1"],
        vec!["bench", "kpe", "--plies", "1000", "--rounds", "1"],
        vec!["match", "kpe", "--a", "0", "--b", "0", "--games", "1"],
        vec!["draw", "kpe"],
        vec!["play", "kpe"],
        vec!["solve", "kpe"],
    ];
    for cmd in &bad_reading {
        let mut args = cmd.clone();
        args.extend(["--reading", "nosuch=x"]);
        let o = ayla(&args);
        assert_exit(&o, 2, &args.join(" "));
        let err = stderr(&o);
        assert!(
            err.starts_with("error: --reading: no reading named `nosuch`")
                && err.contains("skip-origin")
                && err.contains("lock-release"),
            "{args:?}: {err}"
        );
        let mut args = cmd.clone();
        args.extend(["--reading", "skip-origin=nope"]);
        let o = ayla(&args);
        assert_exit(&o, 2, &args.join(" "));
        let err = stderr(&o);
        assert!(
            err.starts_with(
                "error: --reading: no alternative `nope` for the reading `skip-origin`"
            ),
            "{args:?}: {err}"
        );
    }
    // The reading is in force: perft counts what the library counts under it.
    let sel: ayla::rules::Selection = [("lock-release".to_owned(), "next-sowing".to_owned())]
        .into_iter()
        .collect();
    let start = "10,10,10,2/3,1,5,7 S 0-0 sown=abc/";
    let count = |sel: &ayla::rules::Selection| {
        let r = ayla::rules::resolve_with("kpe", Path::new(""), sel).unwrap();
        let v = std::sync::Arc::new(ayla::engine::Variant::new(r));
        let pos = ayla::notation::parse_position(&v, start).unwrap();
        let mut g = ayla::engine::Game::from_position(v, pos);
        ayla::search::perft(&mut g, 3)
    };
    let (under, plain) = (count(&sel), count(&ayla::rules::Selection::new()));
    assert_ne!(under, plain, "the reading changes nothing here");
    let o = ayla(&[
        "perft",
        "kpe",
        "3",
        "--position",
        start,
        "--reading",
        "lock-release=next-sowing",
        "--json",
    ]);
    assert_exit(&o, 0, "perft --reading");
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["nodes"], under);
    assert_eq!(v["readings"]["lock-release"], "next-sowing");
    assert_eq!(v["readings"]["skip-origin"], "sow-into-origin");
    // Where the variant is named, so is the reading; saved games carry it.
    let save = TempFile::new("reading.rec");
    let o = ayla_with_input(
        &[
            "play",
            "kpe",
            "--reading",
            "lock-release=next-sowing",
            "--save",
            save.path(),
        ],
        "d\nquit\n",
    );
    assert_exit(&o, 0, "play --reading");
    assert!(
        stdout(&o).contains("(lock-release=next-sowing): South (human) against North (human)"),
        "{}",
        stdout(&o)
    );
    let rec = fs::read_to_string(save.path()).unwrap();
    assert!(
        rec.contains("[Readings \"lock-release=next-sowing\"]"),
        "{rec}"
    );
    let o = ayla(&["check", save.path()]);
    assert_exit(&o, 0, "check of a game played under a reading");
    let o = ayla(&[
        "play",
        "--resume",
        save.path(),
        "--reading",
        "repetition=second",
    ]);
    assert_exit(&o, 2, "play --resume --reading");
    let dir = std::env::temp_dir().join(format!(
        "ayla-cli-test-{}-match-reading",
        std::process::id()
    ));
    let o = ayla(&[
        "match",
        "kpe",
        "--a",
        "1",
        "--b",
        "0",
        "--games",
        "1",
        "--reading",
        "lock-release=next-sowing",
        "--save",
        dir.to_str().unwrap(),
    ]);
    assert_exit(&o, 0, "match --reading");
    assert!(
        stdout(&o).contains("(lock-release=next-sowing): A (depth 1)"),
        "{}",
        stdout(&o)
    );
    let rec = dir.join("kpe-001.rec");
    assert!(
        fs::read_to_string(&rec)
            .unwrap()
            .contains("[Readings \"lock-release=next-sowing\"]")
    );
    let o = ayla(&["check", rec.to_str().unwrap()]);
    assert_exit(&o, 0, "check of a match game played under a reading");
    let _ = fs::remove_dir_all(&dir);
    let o = ayla(&["draw", "kpe", "--reading", "lock-release=next-sowing"]);
    assert_exit(&o, 0, "draw --reading");
    assert!(
        stdout(&o).contains("lock-release=next-sowing"),
        "no caption"
    );
    let o = ayla(&["draw", "kpe"]);
    assert!(
        !stdout(&o).contains("lock-release="),
        "a caption at the defaults"
    );
}

#[test]
fn analyse_says_draw_only_where_it_is_proven() {
    // One seed each, in the last pit: they chase each other round the
    // board until the position repeats, every line a draw (the search
    // reaches its deepest, 127 plies, and saw +0.00 there).
    let value = |args: &[&str]| {
        let o = ayla(args);
        assert_exit(&o, 0, &args.join(" "));
        let out = stdout(&o);
        let line = out
            .lines()
            .find_map(|l| l.strip_prefix("value:    "))
            .unwrap_or_else(|| panic!("no value line:\n{out}"))
            .to_owned();
        let mut json = args.to_vec();
        json.push("--json");
        let o = ayla(&json);
        let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
        (line, v["value"].clone())
    };
    let drawn = "0,0,0,0,0,1/0,0,0,0,0,1 S 23-23";
    let (line, v) = value(&["analyse", "oware", "--position", drawn]);
    assert!(line.starts_with("draw (proven"), "{line}");
    assert_eq!(v, serde_json::json!({"draw": true}));
    // The same end two plies deep is not in sight: a heuristic 0.
    let (line, v) = value(&["analyse", "oware", "--position", drawn, "--depth", "2"]);
    assert!(line.starts_with("+0.00 for South (seeds"), "{line}");
    assert_eq!(v, serde_json::json!({"seeds": 0.0}));
    // The start of Oware is even by symmetry, not proven a draw.
    let (line, _) = value(&["analyse", "oware", "--depth", "2"]);
    assert!(line.starts_with("+0.00 for South (seeds"), "{line}");
    // A game that ends in a draw within the depth: proven.
    let (line, _) = analyse_value("1,0,0,0,0,0/1,0,0,0,0,0 S 23-23");
    assert!(line.starts_with("draw (proven"), "{line}");
}

#[test]
fn solve_refuses_a_db_that_is_a_file_before_building() {
    for cmd in [
        vec!["solve", "kpe", "--db", "Cargo.toml"],
        vec!["analyse", "kpe", "--db", "Cargo.toml"],
    ] {
        let o = ayla(&cmd);
        assert_exit(&o, 2, &cmd.join(" "));
        assert_eq!(
            stderr(&o),
            "error: --db Cargo.toml: not a directory (--db names the directory the database files are kept in)\n",
            "{cmd:?}"
        );
    }
    // Too large: the size and the memory, as estimates.
    let o = ayla(&["solve", "kalah", "--db-seeds", "48"]);
    assert_exit(&o, 2, "solve kalah --db-seeds 48");
    let err = stderr(&o);
    assert!(
        err.contains("MB kept and ")
            && err.contains("MB while the largest layer is solved (estimates)"),
        "{err}"
    );
    assert!(err.contains("--reachable"), "{err}");
    // The search that gives up says what either kind of database would
    // take: Goré without trading, 48 seeds on 8 pits, every layer up to
    // 48 seeds (2 840 988 150 positions, either side to act), the
    // largest 2 C(55, 7); a byte each kept, 20 while solved, a bit each
    // to find the reachable ones.
    let o = ayla(&["solve", "gore-notrade"]);
    assert_exit(&o, 2, "solve gore-notrade");
    let err = stderr(&o);
    let c55_7: u64 = (49..=55).product::<u64>() / (1..=7).product::<u64>();
    let all: u64 = 2_840_988_150;
    let mb = |b: u64| format!("{:.0} MB", b as f64 / 1e6);
    assert!(
        err.contains(&format!(
            "(--max-positions {all}: about {} kept and {} while the largest layer is solved (estimates))",
            mb(all),
            mb(2 * c55_7 * 20)
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "(--reachable: a bit for each of the {all} positions, {}, to find them",
            mb(all / 8)
        )),
        "{err}"
    );
}

#[test]
fn a_bad_rules_flag_is_named_before_its_value() {
    for cmd in ["fit", "check", "replay"] {
        let o = ayla(&[cmd, KPE_GOLDEN, "--rules", "nosuch"]);
        assert_exit(&o, 2, cmd);
        assert!(
            stderr(&o).starts_with("error: --rules: unknown variant `nosuch`"),
            "{cmd}: {}",
            stderr(&o)
        );
    }
}

// ---------------------------------------------------------------- the repository

#[test]
fn the_manifest_names_its_oldest_rust_and_saved_games_are_ignored() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = fs::read_to_string(root.join("Cargo.toml")).unwrap();
    // Let chains, which the code uses, are stable from 1.88.
    assert!(
        manifest.lines().any(|l| l == "rust-version = \"1.88\""),
        "Cargo.toml has no rust-version = \"1.88\""
    );
    // `ayla play` saves ayla-<variant>-<date>-<time>.rec in the working directory.
    let ignore = fs::read_to_string(root.join(".gitignore")).unwrap();
    assert!(
        ignore.lines().any(|l| l == "ayla-*.rec"),
        ".gitignore does not ignore the games play saves"
    );
}

#[test]
fn every_flag_and_argument_has_help_text() {
    let top = stdout(&ayla(&["--help"]));
    let mut commands: Vec<Vec<String>> = Vec::new();
    let mut in_commands = false;
    for l in top.lines() {
        if l == "Commands:" {
            in_commands = true;
        } else if l.is_empty() {
            in_commands = false;
        } else if in_commands {
            let name = l.split_whitespace().next().unwrap();
            if name != "help" {
                commands.push(vec![name.to_owned()]);
            }
        }
    }
    assert!(commands.len() >= 9, "{top}");
    for sub in ["list", "show", "validate", "diff"] {
        commands.push(vec!["rules".to_owned(), sub.to_owned()]);
    }
    for cmd in &commands {
        let mut args: Vec<&str> = cmd.iter().map(String::as_str).collect();
        args.push("--help");
        let o = ayla(&args);
        assert_exit(&o, 0, &args.join(" "));
        let out = stdout(&o);
        let lines: Vec<&str> = out.lines().collect();
        for (i, l) in lines.iter().enumerate() {
            let t = l.trim_start();
            // An option (`-x, --flag <V>` or `--flag`) or an argument
            // (`<NAME>`, `[NAME]`), then its help: after two spaces on the
            // same line, or (clap's long form) on the next line, indented
            // further.
            let flag = t.starts_with("--")
                || (t.starts_with('-') && t[1..].starts_with(|c: char| c.is_ascii_alphabetic()));
            // (`[default: …]` and `[possible values: …]` are notes, not arguments.)
            let note = t.starts_with("[default") || t.starts_with("[possible");
            if (flag || t.starts_with('<') || t.starts_with('[')) && !note && l.starts_with("  ") {
                let indent = l.len() - t.len();
                let below = lines.get(i + 1).is_some_and(|n| {
                    let nt = n.trim_start();
                    !nt.is_empty() && n.len() - nt.len() > indent
                });
                let described = below
                    || t.split_once("  ")
                        .is_some_and(|(_, h)| !h.trim().is_empty());
                assert!(described, "`ayla {}`: no help for {t:?}", cmd.join(" "));
            }
        }
    }
}

/// The largest boards the loader accepts (Moruba with 2047 seeds a pit:
/// 65,504 seeds) keep heuristic values apart from won and lost games: the
/// searches of the opening read leads of thousands of seeds, past where
/// the old scale read them as forced wins, and no depth reads an end.
#[test]
fn analyse_keeps_heuristics_apart_from_ends_on_the_largest_boards() {
    let file = TempFile::new("many-seeds.toml");
    let initial = vec!["2047"; 32].join(", ");
    fs::write(
        file.path(),
        format!(
            "extends = \"moruba\"\n[variant]\nid = \"moruba-2047\"\nname = \"Moruba, 2047 a pit\"\n\
             [board]\ninitial = [{initial}]\n"
        ),
    )
    .unwrap();
    let mut largest = 0.0f64;
    for depth in ["1", "2", "3"] {
        let o = ayla(&["analyse", file.path(), "--depth", depth, "--json"]);
        assert_exit(&o, 0, "analyse of a board of 65,504 seeds");
        let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
        let seeds = v["value"]["seeds"]
            .as_f64()
            .unwrap_or_else(|| panic!("depth {depth}: not a heuristic: {v}"));
        assert!(seeds.abs() <= 3.0 * 65_504.0, "depth {depth}: {v}");
        largest = largest.max(seeds.abs());
    }
    // 5,000 seeds is 500,000 hundredths, where wins began on the old scale.
    assert!(largest > 5_000.0, "leads of {largest} seeds test nothing");
}

/// A capture made by a relay lap names the pit that lap ended in: after
/// relays, the last seed's pit is elsewhere. The independent program's
/// comment on this ply of the golden game says "At d2 (occupied) South
/// captures North's E2 (1) and E behind it (2)".
#[test]
fn replay_names_where_a_relay_lap_captured() {
    let o = ayla(&["replay", "tests/golden/owela/01-greedy-seed1.rec"]);
    assert_exit(&o, 0, "replay owela");
    let out = stdout(&o);
    assert!(
        out.contains("3. `f`: South sows 3 from f and relays 2 times, the last seed falling in a2; captures E,E2 (3 seeds) from the lap ending in d2 and sows them on."),
        "{out}"
    );
}
