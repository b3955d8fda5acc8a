//! The API answered without sockets: `route` is what every worker calls.

use super::{Api, route};
use ayla::check::check_game;
use ayla::engine::{Game, Variant};
use ayla::notation::{format_position, parse_records};
use ayla::rules;
use serde_json::{Value, json};
use std::path::Path;
use std::sync::Arc;

fn api() -> Api {
    Api::new(vec!["tests/fit/five-readings.toml".into()])
}

fn post(api: &Api, path: &str, body: &Value) -> (u16, Value) {
    let a = route(api, "POST", path, body.to_string().as_bytes());
    (
        a.status,
        serde_json::from_str(&a.body).expect("every API answer is JSON"),
    )
}

fn game(api: &Api, body: &Value) -> Value {
    let (status, v) = post(api, "/api/game", body);
    assert_eq!(status, 200, "{v}");
    v
}

fn message(v: &Value) -> &str {
    v["error"]["message"].as_str().expect("an error message")
}

#[test]
fn the_page_and_its_files_are_served() {
    let api = api();
    for (path, kind) in [
        ("/", "text/html"),
        ("/page.css", "text/css"),
        ("/page.js", "text/javascript"),
    ] {
        let a = route(&api, "GET", path, b"");
        assert_eq!(a.status, 200, "{path}");
        assert!(
            a.content_type.starts_with(kind),
            "{path}: {}",
            a.content_type
        );
    }
    assert_eq!(route(&api, "GET", "/nothing", b"").status, 404);
    assert_eq!(route(&api, "DELETE", "/", b"").status, 405);
}

#[test]
fn variants_lists_every_bundled_variant_with_its_readings_and_the_given_files() {
    let a = route(&api(), "GET", "/api/variants", b"");
    let v: Value = serde_json::from_str(&a.body).unwrap();
    let list = v["variants"].as_array().unwrap();
    for (id, _, _) in rules::BUNDLED {
        let entry = list.iter().find(|x| x["id"] == *id).expect(id);
        let r = rules::bundled(id).unwrap();
        assert_eq!(entry["name"], r.provenance().name.as_str());
        assert_eq!(
            entry["readings"].as_array().unwrap().len(),
            r.readings().len(),
            "{id}"
        );
    }
    let file = list.last().unwrap();
    assert_eq!(
        (file["id"].as_str(), file["origin"].as_str()),
        (Some("tests/fit/five-readings.toml"), Some("file"))
    );
    // The numbered levels, then `perfect`, which the page may offer too.
    let levels = v["levels"].as_array().unwrap();
    assert_eq!(levels.len(), ayla::search::player::LEVELS.len() + 1);
    assert_eq!(levels.last().unwrap()["id"], "perfect");
}

#[test]
fn a_game_lists_the_engines_legal_plies_and_its_positions() {
    let api = api();
    let v = game(&api, &json!({"variant": "kpe", "plies": ["c", "A"]}));
    let kpe = Arc::new(Variant::new(rules::bundled("kpe").unwrap()));
    let mut g = Game::new(Arc::clone(&kpe));
    let mut positions = Vec::new();
    for ply in ["c", "A"] {
        g.play(ayla::notation::parse_ply(&kpe, ply).unwrap())
            .unwrap();
        positions.push(format_position(&kpe, g.position()));
    }
    let shown: Vec<&str> = v["plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["position"].as_str().unwrap())
        .collect();
    assert_eq!(shown, positions);
    assert_eq!(v["position"], positions[1].as_str());
    let mut legal = Vec::new();
    g.legal_plies(&mut legal);
    let listed: Vec<&str> = v["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["ply"].as_str().unwrap())
        .collect();
    let want: Vec<String> = legal.iter().map(|p| p.notation(kpe.board())).collect();
    assert_eq!(listed, want);
    assert_eq!(v["to_move"], "South");
    assert!(v["illegal"].is_null());
    assert!(v["rules_text"].as_str().unwrap().contains("Kpé"));
}

#[test]
fn an_illegal_ply_stops_the_replay_and_says_why_in_checks_words() {
    let v = game(&api(), &json!({"variant": "kpe", "plies": ["c", "c", "A"]}));
    assert_eq!(v["plies"].as_array().unwrap().len(), 1);
    assert_eq!(v["illegal"]["number"], 2);
    let m = v["illegal"]["message"].as_str().unwrap();
    assert!(m.starts_with("ply 2 (North, `c`) is illegal: "), "{m}");
    assert_eq!(v["position"], v["illegal"]["position_before"]);
    let v = game(&api(), &json!({"variant": "kpe", "plies": ["q"]}));
    assert!(
        v["illegal"]["message"]
            .as_str()
            .unwrap()
            .contains("no pit `q`"),
        "{v}"
    );
}

#[test]
fn a_chosen_direction_is_two_legal_plies_for_one_pit() {
    let v = game(&api(), &json!({"variant": "bay-khom"}));
    let legal = v["legal"].as_array().unwrap();
    assert!(!legal.is_empty());
    for l in legal {
        let d = l["direction"]
            .as_str()
            .expect("every pit of Bay Khom has its direction chosen");
        let mark = if d == "clockwise" { "<" } else { ">" };
        assert_eq!(
            l["ply"].as_str().unwrap(),
            format!("{}{mark}", l["pit"].as_str().unwrap())
        );
    }
}

#[test]
fn offers_and_their_answers_are_actions() {
    // A Goré golden game with an offer: replayed to just after it, the
    // answers are the actions; just before it, the offer is among them.
    let text = std::fs::read_to_string("tests/golden/gore/02-trader-seed6.rec").unwrap();
    let rec = &parse_records(&text).unwrap()[0];
    let at = rec
        .plies
        .iter()
        .position(|p| p.text.starts_with("offer"))
        .expect("the game has an offer");
    let plies: Vec<&str> = rec.plies.iter().map(|p| p.text.as_str()).collect();
    let before = game(&api(), &json!({"variant": "gore", "plies": &plies[..at]}));
    let offered = ayla::notation::parse_ply(&rules::bundled("gore").unwrap(), plies[at]).unwrap();
    let offered = offered.notation(rules::bundled("gore").unwrap().board());
    assert!(
        before["actions"]["offers"]
            .as_array()
            .unwrap()
            .iter()
            .any(|o| o == offered.as_str()),
        "{offered}"
    );
    let after = game(&api(), &json!({"variant": "gore", "plies": &plies[..=at]}));
    assert_eq!(after["actions"]["accept"], true);
    assert_eq!(after["actions"]["decline"], true);
    assert!(after["legal"].as_array().unwrap().is_empty());
}

#[test]
fn the_record_of_a_game_checks() {
    let v = game(
        &api(),
        &json!({"variant": "gore", "plies": ["c", "A", "b"], "players": ["Ama", "ayla engine (depth 1)"]}),
    );
    let record = v["record"].as_str().unwrap();
    let rec = &parse_records(record).unwrap()[0];
    assert_eq!(rec.tag("South").unwrap().value, "Ama");
    let variant = Arc::new(Variant::new(rules::bundled("gore").unwrap()));
    let report = check_game(&variant, rec).unwrap();
    assert!(report.is_ok());
    assert_eq!(report.steps.len(), 3);
    // With a reading chosen, the record says so, and still checks.
    let v = game(
        &api(),
        &json!({"variant": "kpe", "readings": {"skip-origin": "skip-origin"}, "plies": ["c"]}),
    );
    let record = v["record"].as_str().unwrap();
    assert!(
        record.contains("[Readings \"skip-origin=skip-origin\"]"),
        "{record}"
    );
}

#[test]
fn frames_show_each_seed_of_the_last_ply() {
    let v = game(
        &api(),
        &json!({"variant": "kpe", "plies": ["c"], "frames": true}),
    );
    // Lifting c, then its six seeds: seven frames (by hand: Kpé starts with 6 a pit).
    assert_eq!(v["last"]["frames"].as_array().unwrap().len(), 7);
    assert_eq!(v["last"]["frames_cut"], false);
    let v = game(&api(), &json!({"variant": "kpe", "plies": ["c"]}));
    assert!(v["last"]["frames"].as_array().unwrap().is_empty());
}

#[test]
fn the_engine_chooses_a_legal_ply() {
    let api = api();
    for level in ["0", "1", "depth:2"] {
        let (status, v) = post(
            &api,
            "/api/engine",
            &json!({"variant": "gore", "plies": ["c"], "level": level}),
        );
        assert_eq!(status, 200, "{v}");
        let ply = v["ply"].as_str().unwrap();
        let after = game(&api, &json!({"variant": "gore", "plies": ["c", ply]}));
        assert!(after["illegal"].is_null(), "{level}: {ply}");
    }
    let (status, v) = post(
        &api,
        "/api/engine",
        &json!({"variant": "gore", "level": "time:3600"}),
    );
    assert_eq!(status, 400);
    assert!(message(&v).contains("at most 10 s"), "{v}");
    let (status, v) = post(
        &api,
        "/api/engine",
        &json!({"variant": "gore", "level": "9"}),
    );
    assert_eq!(status, 400);
    assert!(message(&v).contains("level 9 does not exist"), "{v}");
}

#[test]
fn bad_requests_say_what_is_wrong() {
    let api = api();
    let cases = [
        (
            "/api/game",
            json!({"variant": "kpee"}),
            "unknown variant \"kpee\"",
        ),
        (
            "/api/game",
            json!({"variant": "kpe", "readings": {"nope": "x"}}),
            "nope",
        ),
        (
            "/api/game",
            json!({"variant": "kpe", "start": "1,2/3"}),
            "start: ",
        ),
        (
            "/api/game",
            json!({"variant": "kpe", "colour": "red"}),
            "unknown field `colour`",
        ),
        (
            "/api/game",
            json!({"variant": "kpe", "level": "1"}),
            "/api/engine",
        ),
        (
            "/api/game",
            json!({"variant": "../../etc/passwd.toml"}),
            "unknown variant",
        ),
        (
            "/api/record",
            json!({"text": "[Variant \"kpe\"]\n1. c ]"}),
            "syntax error",
        ),
        (
            "/api/record",
            json!({"text": "[Variant \"x/y.toml\"]\n1. c"}),
            "ayla serve x/y.toml",
        ),
        (
            "/api/record",
            json!({"text": "[Variant \"kpe\"]\n1. c", "game": 2}),
            "no game 2",
        ),
        (
            "/api/draw",
            json!({"variant": "kpe", "position": "x"}),
            "position: ",
        ),
    ];
    for (path, body, expected) in cases {
        let (status, v) = post(&api, path, &body);
        assert_eq!(status, 400, "{body}: {v}");
        assert!(message(&v).contains(expected), "{body}: {}", message(&v));
    }
    let a = route(&api, "POST", "/api/game", b"{not json");
    assert_eq!(a.status, 400);
    assert!(a.body.contains("not what the API expects"), "{}", a.body);
    assert_eq!(route(&api, "GET", "/api/game", b"").status, 405);
    assert_eq!(route(&api, "POST", "/api/nothing", b"{}").status, 404);
}

#[test]
fn a_rule_file_given_to_the_server_plays() {
    let v = game(&api(), &json!({"variant": "tests/fit/five-readings.toml"}));
    assert!(!v["legal"].as_array().unwrap().is_empty());
    let record = v["record"].as_str().unwrap();
    let recs = parse_records(record).unwrap();
    let tag = &recs[0].tag("Variant").unwrap().value;
    assert!(Path::new(tag).is_absolute(), "{tag}");
}

/// Every golden game read as a record: the position after each ply that
/// the independent programs wrote in a comment is the one the page shows.
#[test]
fn golden_records_read_with_the_positions_their_comments_give() {
    let api = api();
    let mut compared = 0;
    for dir in std::fs::read_dir("tests/golden").unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&dir).unwrap() {
            let file = file.unwrap().path();
            if file.extension().is_none_or(|e| e != "rec") {
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap();
            let rec = &parse_records(&text).unwrap()[0];
            let (status, v) = post(
                &api,
                "/api/record",
                &json!({"text": text, "name": file.display().to_string()}),
            );
            assert_eq!(status, 200, "{}: {v}", file.display());
            assert_eq!(v["check"]["ok"], true, "{}: {v}", file.display());
            let shown = v["state"]["plies"].as_array().unwrap();
            assert_eq!(shown.len(), rec.plies.len(), "{}", file.display());
            for (p, s) in rec.plies.iter().zip(shown) {
                for c in &p.comments {
                    if let Some(pos) = c.split("Position: ").nth(1) {
                        let pos = pos.trim().trim_end_matches('.');
                        assert_eq!(s["position"], pos, "{} ply {}", file.display(), s["number"]);
                        compared += 1;
                    }
                }
            }
            if let Some(t) = rec.tag("FinalPosition") {
                assert_eq!(
                    v["state"]["position"],
                    t.value.as_str(),
                    "{}",
                    file.display()
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 500, "only {compared} positions compared");
}

/// The bad records of tests/bad_records that `check` finds illegal: the
/// API gives the same lines `check` prints (their `; expect:` lines).
#[test]
fn an_illegal_record_gets_checks_own_message() {
    let api = api();
    let mut compared = 0;
    for file in std::fs::read_dir("tests/bad_records").unwrap() {
        let file = file.unwrap().path();
        let text = std::fs::read_to_string(&file).unwrap();
        let expect: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("; expect: "))
            .collect();
        if !text.contains("; expect-exit: 1")
            || !expect.first().is_some_and(|l| l.contains(") is illegal: "))
        {
            continue;
        }
        let name = file.display().to_string();
        let (status, v) = post(&api, "/api/record", &json!({"text": text, "name": name}));
        assert_eq!(status, 200, "{name}: {v}");
        assert_eq!(v["check"]["ok"], false);
        let messages: Vec<&str> = v["check"]["messages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert_eq!(messages, expect[..2], "{name}");
        compared += 1;
    }
    assert!(compared >= 10, "only {compared} records compared");
}

/// The counts a picture shows, read back with an XML parser: pit label to
/// `data-count`, and the pits marked legal.
fn pictured(svg: &str) -> (Vec<(String, u32)>, Vec<String>) {
    let doc = roxmltree::Document::parse(svg).expect("a well-formed picture");
    let mut counts = Vec::new();
    let mut legal = Vec::new();
    for n in doc.descendants().filter(|n| n.has_attribute("data-pit")) {
        let pit = n.attribute("data-pit").unwrap().to_owned();
        counts.push((
            pit.clone(),
            n.attribute("data-count").unwrap().parse().unwrap(),
        ));
        if n.attribute("class")
            .unwrap_or("")
            .split(' ')
            .any(|c| c == "legal")
        {
            legal.push(pit);
        }
    }
    counts.sort();
    legal.sort();
    (counts, legal)
}

#[test]
fn the_pictures_show_the_positions_counts_and_the_legal_pits() {
    let v = game(
        &api(),
        &json!({"variant": "oware", "plies": ["a", "F", "c"], "frames": true}),
    );
    let oware = Variant::new(rules::bundled("oware").unwrap());
    let pos = ayla::notation::parse_position(&oware, v["position"].as_str().unwrap()).unwrap();
    let mut want: Vec<(String, u32)> = (0..2 * oware.per_row())
        .map(|i| {
            let p = ayla::engine::Pit(i as u8);
            (oware.label(p).to_string(), u32::from(pos.seeds(p)))
        })
        .collect();
    want.sort();
    let (counts, legal) = pictured(v["svg"].as_str().unwrap());
    assert_eq!(counts, want);
    let mut want_legal: Vec<String> = v["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["pit"].as_str().unwrap().to_owned())
        .collect();
    want_legal.sort();
    assert_eq!(legal, want_legal);
    // The animation ends on the position reached.
    let frames = v["last"]["frames"].as_array().unwrap();
    let (last, _) = pictured(frames.last().unwrap().as_str().unwrap());
    assert_eq!(last, want);
}

/// Every bundled variant plays through the API: forty plies (the first
/// sowing or action each time, varied), each answer's picture showing the
/// position it names, with animation frames.
#[test]
fn every_bundled_variant_plays_through_the_api() {
    let api = api();
    for (id, _, _) in rules::BUNDLED {
        let variant = Variant::new(rules::bundled(id).unwrap());
        let mut plies: Vec<String> = Vec::new();
        for i in 0..40 {
            let v = game(
                &api,
                &json!({"variant": id, "plies": plies, "frames": true}),
            );
            assert!(v["illegal"].is_null(), "{id}: {v}");
            let pos =
                ayla::notation::parse_position(&variant, v["position"].as_str().unwrap()).unwrap();
            let (counts, _) = pictured(v["svg"].as_str().unwrap());
            for (label, n) in counts {
                let p = variant.pit(&label).unwrap();
                assert_eq!(
                    n,
                    u32::from(pos.seeds(p)),
                    "{id} after {plies:?}: pit {label}"
                );
            }
            let mut options: Vec<String> = v["legal"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| l["ply"].as_str().unwrap().to_owned())
                .collect();
            let actions = &v["actions"];
            for (name, word) in [
                ("pass", "pass"),
                ("accept", "accept"),
                ("decline", "decline"),
            ] {
                if actions[name] == true {
                    options.push(word.into());
                }
            }
            if options.is_empty() {
                assert!(!v["over"].is_null(), "{id}: no ply, yet not over");
                break;
            }
            plies.push(options[(i * 7) % options.len()].clone());
        }
    }
}

#[test]
fn a_record_read_is_shown_and_downloaded_as_written() {
    // A date that is not today, claims, comments, a missing North tag:
    // what the page shows and downloads is this text, not one rebuilt.
    let first = "; a file comment\n[Variant \"kpe\"]\n[South \"Ama\"]\n[Date \"2001.02.03\"]\n[Result \"*\"]\n\n1. c {an opening} 2. A ; a line comment\n3. b\n";
    let second = "[Variant \"gore\"]\n[North \"Kofi\"]\n\n1. c {second game}\n";
    let text = format!("{first}\n{second}");
    for (game, want) in [(1, first), (2, second)] {
        let (status, v) = post(&api(), "/api/record", &json!({"text": text, "game": game}));
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["state"]["record"], want, "game {game}");
    }
}

#[test]
fn a_seat_that_changes_hands_is_marked_where_it_did() {
    let engine = "ayla engine (depth 3)";
    let v = game(
        &api(),
        &json!({"variant": "kpe", "plies": ["c", "A", "b", "B", "a"],
                "players": ["human", engine],
                "by": ["human", "human", "human", engine, "human"]}),
    );
    let record = v["record"].as_str().unwrap();
    let rec = &parse_records(record).unwrap()[0];
    // North's first player is the tag; the engine took over at ply 4.
    assert_eq!(rec.tag("North").unwrap().value, "human", "{record}");
    assert_eq!(rec.tag("South").unwrap().value, "human", "{record}");
    assert_eq!(
        rec.plies[2].comments,
        vec![format!("North: {engine} from here")],
        "{record}"
    );
    assert!(
        rec.plies
            .iter()
            .enumerate()
            .all(|(i, p)| i == 2 || p.comments.is_empty())
    );
    let variant = Arc::new(Variant::new(rules::bundled("kpe").unwrap()));
    assert!(check_game(&variant, rec).unwrap().is_ok(), "{record}");
    // Without `by`, the seats as they are name both sides, as before.
    let v = game(
        &api(),
        &json!({"variant": "kpe", "plies": ["c", "A"], "players": ["human", engine]}),
    );
    let rec = &parse_records(v["record"].as_str().unwrap()).unwrap()[0];
    assert_eq!(rec.tag("North").unwrap().value, engine);
    assert!(rec.plies.iter().all(|p| p.comments.is_empty()));
}

#[test]
fn perfect_play_is_perfect_or_refused() {
    let api = api();
    // Solvable: a few seeds of Kalah; the database is built for the request.
    let start = "0,0,0,1,1,0/0,0,0,0,1,1 S 22-22";
    let (status, v) = post(
        &api,
        "/api/engine",
        &json!({"variant": "kalah", "start": start, "level": "perfect"}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["level"], "perfect");
    let ply = v["ply"].as_str().unwrap();
    let after = game(
        &api,
        &json!({"variant": "kalah", "start": start, "plies": [ply]}),
    );
    assert!(after["illegal"].is_null(), "{ply}");
    // Trading is state the solver does not hold; Kalah's start is too large.
    for (variant, why) in [("gore", "trading"), ("kalah", "needs databases of")] {
        let (status, v) = post(
            &api,
            "/api/engine",
            &json!({"variant": variant, "level": "perfect"}),
        );
        assert_eq!(status, 400, "{variant}: {v}");
        let m = message(&v);
        assert!(m.starts_with("level perfect: no perfect play here"), "{m}");
        assert!(m.contains(why), "{variant}: {m}");
    }
}

/// `/api/game` says whether `perfect` plays, in `/api/engine`'s words:
/// the page offers the level only where the engine would play it.
#[test]
fn the_game_says_where_perfect_plays() {
    let api = api();
    let endgame = "0,0,0,1,1,0/0,0,0,0,1,1 S 22-22";
    for (variant, start, why) in [
        ("kalah", Some(endgame), None),
        ("kalah", None, Some("needs databases of")),
        ("gore", None, Some("trading")),
        ("moruba", None, Some("no perfect play here")),
    ] {
        let g = game(&api, &json!({"variant": variant, "start": start}));
        let (status, e) = post(
            &api,
            "/api/engine",
            &json!({"variant": variant, "start": start, "level": "perfect"}),
        );
        assert_eq!(
            g["perfect"]["plays"],
            json!(why.is_none()),
            "{variant}: {g}"
        );
        assert_eq!(status == 200, why.is_none(), "{variant}: {e}");
        if let Some(why) = why {
            let said = g["perfect"]["why"].as_str().unwrap();
            assert!(said.contains(why), "{variant}: {said}");
            assert_eq!(message(&e), format!("level perfect: {said}"), "{variant}");
        }
    }
    // Over: nothing to play.
    let over = game(
        &api,
        &json!({"variant": "kalah", "start": "0,0,0,0,0,0/0,0,0,0,0,1 N 23-24"}),
    );
    assert_eq!(over["perfect"]["plays"], json!(false), "{over}");
}

/// `compact` pictures (for a phone) put the names above and below the
/// board: the same board in a narrower picture.
#[test]
fn compact_pictures_are_narrower() {
    let api = api();
    let width = |compact: bool| -> f64 {
        let g = game(&api, &json!({"variant": "moruba", "compact": compact}));
        let svg = g["svg"].as_str().unwrap();
        let at = svg.find("width=\"").unwrap() + 7;
        svg[at..].split('"').next().unwrap().parse().unwrap()
    };
    assert!(
        width(true) < width(false) * 0.85,
        "{} {}",
        width(true),
        width(false)
    );
    let (status, v) = post(
        &api,
        "/api/draw",
        &json!({"variant": "moruba", "compact": true}),
    );
    assert_eq!(status, 200, "{v}");
}

/// A game of a match: its answer says where the match stands and, once
/// the game is over, where the next game starts; posted from there as
/// game 2, its record names its number and set-up, and the two records
/// together check as a match. `/api/record` reads game 2 of that text.
#[test]
fn a_match_goes_from_game_to_game() {
    let file = "tests/data/short-match.toml";
    let api = Api::new(vec![file.into()]);
    let mut texts = Vec::new();
    let mut start = Value::Null;
    for k in 1..=2u16 {
        let mut plies: Vec<String> = Vec::new();
        let a = loop {
            let body = json!({"variant": file, "start": start, "plies": plies, "match_game": k});
            let a = game(&api, &body);
            assert_eq!(a["match"]["game"], k);
            if !a["over"].is_null() {
                break a;
            }
            assert_eq!(a["match"]["standing"], "*");
            let ply = match a["legal"][0]["ply"].as_str() {
                Some(p) => p,
                None if a["actions"]["pass"] == true => "pass",
                None => panic!("no ply: {a}"),
            };
            plies.push(ply.to_owned());
        };
        let record = a["record"].as_str().unwrap().to_owned();
        assert!(record.contains(&format!("[MatchGame \"{k}\"]")), "{record}");
        texts.push(record);
        if k == 1 {
            assert_eq!(a["match"]["standing"], "*", "{}", a["match"]);
            start = a["match"]["next"].clone();
            assert!(start.is_string());
            // Asked for frames, the answer animates the set-up: the seeds
            // gathered, then each of the 2x3 pits filled or struck out.
            assert_eq!(a["match"]["frames"], json!([]), "none unless asked");
            let mut body =
                json!({"variant": file, "start": Value::Null, "plies": plies, "match_game": k});
            body["frames"] = json!(true);
            let framed = game(&api, &body);
            let frames = framed["match"]["frames"].as_array().unwrap();
            assert_eq!(frames.len(), 1 + 6, "{}", framed["match"]);
            assert!(
                frames
                    .iter()
                    .all(|f| f.as_str().unwrap().starts_with("<svg"))
            );
        }
    }
    assert!(texts[1].contains(&format!("[Position \"{}\"]", start.as_str().unwrap())));
    let text = texts.join("\n");
    let games = parse_records(&text).unwrap();
    let variant = Arc::new(Variant::new(rules::resolve(file).unwrap()));
    let mut link = ayla::check::MatchLink::new();
    for g in &games {
        assert!(link.check(&variant, g).unwrap().is_ok());
    }
    let (status, v) = post(&api, "/api/record", &json!({"text": text, "game": 2}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["check"]["ok"], true, "{v}");
    assert_eq!(v["request"]["match_game"], 2);
    assert_eq!(v["request"]["start"], start);
}
