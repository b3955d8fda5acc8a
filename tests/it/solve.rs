//! The databases against the definition: on small boards, every position
//! of every layer gets the value the plain exhaustive minimax gives.

use crate::common::{ayla, shrunk};
use ayla::engine::{Side, Variant};
use ayla::rules;
use ayla::solve::index::Ranking;
use ayla::solve::{exhaustive, position_of, retro::Database};
use std::sync::Arc;

fn agree(variant: &Arc<Variant>) -> usize {
    let total: usize = variant.initial().iter().map(|&s| usize::from(s)).sum();
    let db = Database::build(variant, total).unwrap();
    let ranking = Ranking::new(variant.pits(), total);
    let mut seeds = vec![0u16; variant.pits()];
    let mut compared = 0;
    // At most about 1,500 positions played out, spread evenly.
    let all: u64 = (0..=total).map(|s| ranking.layer_size(s)).sum();
    let stride = (2 * all / 1500).max(1);
    for s in 0..=total {
        for i in (0..ranking.layer_size(s)).step_by(stride as usize) {
            ranking.unrank(s, i, &mut seeds);
            for side in Side::BOTH {
                let pos = position_of(variant, &seeds, side);
                // Where the tree is small enough to be played out whole.
                if let Some(want) = exhaustive::value(variant, &pos, 5_000) {
                    assert_eq!(
                        db.probe(&pos),
                        Some(want),
                        "{} {seeds:?} {side}",
                        variant.provenance().id
                    );
                    compared += 1;
                }
            }
        }
    }
    compared
}

#[test]
fn databases_agree_with_exhaustive_minimax_on_small_boards() {
    use rayon::prelude::*;
    // Every bundled variant the databases support, shrunk; the variants
    // side by side, since the minimax of each is one thread's work and
    // this is the suite's longest test.
    let compared: usize = rules::BUNDLED
        .par_iter()
        .filter(|(id, _, _)| ayla::solve::supported(&rules::bundled(id).unwrap()).is_ok())
        .map(|(id, _, _)| {
            // The two smallest boards the rules allow.
            let boards = [(2, 1), (2, 2), (3, 1), (3, 2), (4, 1), (4, 2)];
            let here: usize = boards
                .iter()
                .filter_map(|&(n, k)| shrunk(id, n, k))
                .take(2)
                .map(|v| agree(&v))
                .sum();
            eprintln!("{id}: {here} positions agree");
            assert!(here >= 100, "{id}: only {here} positions compared");
            here
        })
        .sum();
    assert!(compared > 1000, "{compared}");
}

/// The entries of tests/solve/kalah.txt: houses a side, seeds a house,
/// and the value as the table writes it (`+10`, `-2`, `0`, or `W`, `L`,
/// `D` where the source gives no margin).
pub(crate) fn published_kalah() -> Vec<(usize, usize, String)> {
    let text = std::fs::read_to_string("tests/solve/kalah.txt").unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            (
                f[0].parse().unwrap(),
                f[1].parse().unwrap(),
                f[2].to_owned(),
            )
        })
        .collect()
}

/// A value `v` written as the table writes `published`: a margin, or only
/// its sign where the source gives only the win, loss or draw.
pub(crate) fn as_published(v: i32, published: &str) -> String {
    match published {
        "W" | "L" | "D" => match v.signum() {
            1 => "W".to_owned(),
            -1 => "L".to_owned(),
            _ => "D".to_owned(),
        },
        _ if v > 0 => format!("+{v}"),
        _ => v.to_string(),
    }
}

/// The published Kalah values (tests/solve/kalah.txt, with their source):
/// every entry whose databases hold at most 1.5 million positions is
/// solved here; the larger ones are benchmarks.
#[test]
fn kalah_values_are_the_published_ones() {
    let mut solved = 0;
    for (m, n, published) in published_kalah() {
        let seeds = 2 * m * n;
        let ranking = Ranking::new(2 * m, seeds);
        let positions: u64 = (0..=seeds).map(|s| 2 * ranking.layer_size(s)).sum();
        if positions > 1_500_000 {
            continue;
        }
        let variant = shrunk("kalah", m, n).unwrap();
        let db = Database::build(&variant, seeds).unwrap();
        let start = ayla::engine::Position::initial(&variant);
        let v = db.probe(&start).unwrap();
        assert_eq!(as_published(v, &published), published, "Kalah({m},{n})");
        solved += 1;
    }
    assert!(solved >= 15, "only {solved} entries solved");
}

/// `ayla args`, which must succeed, its `--json` output read.
fn ayla_json(args: &[&str]) -> serde_json::Value {
    let out = ayla(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn solve_gives_the_value_its_convention_and_the_line() {
    // Traced by hand: South's one seed goes to the store, which empties
    // South's row and ends the game; North keeps its one seed: 24-24.
    let out = ayla(&[
        "solve",
        "kalah",
        "--position",
        "0,0,0,0,0,1/0,0,0,0,0,1 S 23-23",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("value: draw, final margin +0 for South"),
        "{text}"
    );
    assert!(
        text.contains("principal variation: f (the game ends: 24-24: draw"),
        "{text}"
    );
    assert!(
        text.contains("convention: positions that can only cycle"),
        "{text}"
    );
    let out = ayla(&[
        "solve",
        "kalah",
        "--position",
        "0,0,0,0,1,0/0,0,0,0,0,1 S 23-23",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // By hand: e's seed falls in the empty f, which takes itself (empty
    // capture, kalah.toml's default): South's row is empty and the game
    // ends, North keeping F's seed: 24-24 again, in one ply.
    assert_eq!(
        (v["final_margin"].as_i64(), v["result"].as_str()),
        (Some(0), Some("draw"))
    );
    assert_eq!(v["pv"], serde_json::json!(["e"]));
    assert!(v["convention"].as_str().unwrap().contains("split"));
}

#[test]
fn solve_refuses_what_it_cannot_hold_and_says_why() {
    let out = ayla(&["solve", "gore"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("trading"));
    // Databases asked for beyond --max-positions.
    let out = ayla(&["solve", "kalah", "--db-seeds", "48"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    // Every layer up to 48 seeds on 12 pits, both sides: 2 C(60, 12).
    assert!(
        err.contains("needs databases of 2798717689950 positions"),
        "{err}"
    );
    // A board whose layers cannot be numbered in 64 bits (Anywoli: 96
    // seeds on 24 pits) is refused, by `solve` and by `analyse --exact`.
    for args in [
        &["solve", "anywoli"][..],
        &["analyse", "anywoli", "--exact"],
    ] {
        let out = ayla(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("more than 2^64 positions"), "{args:?}: {err}");
        assert!(
            !err.contains("these rules"),
            "a limit of size, not of the rules: {err}"
        );
    }
    // A search whose lines wander (Goré without trading, past the 20-seed
    // databases it would probe) gives up and says what would do instead.
    let out = ayla(&["solve", "gore-notrade"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("ran 10000 plies without an end or a repetition")
            && err.contains("--max-positions 2840988150")
            && err.contains("--reachable"),
        "{err}"
    );
}

/// The databases are sized by the seeds a position puts on the board, not
/// by the seeds of the game: an endgame of a game too large to number from
/// its start is solved like a small game, by every command that solves.
#[test]
fn endgames_of_large_games_are_solved_by_the_seeds_on_the_board() {
    // Moruba: 58 seeds on 32 pits in all, 4 on the board here; from
    // 27-27, only those 4 seeds can still change the margin.
    let moruba = "1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1 S 27-27";
    let v = ayla_json(&["solve", "moruba", "--position", moruba, "--json"]);
    let margin = v["final_margin"].as_i64().unwrap_or_else(|| panic!("{v}"));
    assert!(margin.abs() <= 4, "{v}");
    let v = ayla_json(&[
        "analyse",
        "moruba",
        "--position",
        moruba,
        "--exact",
        "--json",
    ]);
    assert_eq!(v["exact"]["final_margin"].as_i64(), Some(margin), "{v}");
    // Anywoli: 96 seeds on 24 pits in all, 6 on the board here.
    let anywoli = "1,0,0,0,0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0,0,0,2,1 S 45-45";
    let v = ayla_json(&["solve", "anywoli", "--position", anywoli, "--json"]);
    assert!(
        v["final_margin"].as_i64().is_some_and(|m| m.abs() <= 6),
        "{v}"
    );
    // 40 seeds on Moruba's 32 pits are past what 64 bits number: refused
    // as a limit of size, naming it, by solve and analyse --exact alike.
    let big = "5,5,5,5,5,5,5,5/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S 9-9";
    for args in [
        &["solve", "moruba", "--position", big][..],
        &[
            "analyse",
            "moruba",
            "--position",
            big,
            "--exact",
            "--depth",
            "1",
        ],
    ] {
        let out = ayla(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("40 seeds on 32 pits") || err.contains("36 seeds on 32 pits"),
            "{args:?}: {err}"
        );
        assert!(
            !err.contains("these rules") && !err.contains("panicked"),
            "{err}"
        );
    }
}

/// `wanted` random rule files over the whole schema, drawn from `seed`,
/// that the solver takes on a board small enough for the plain minimax,
/// each with its text and its full database.
fn solvable_random_files(seed: u64, wanted: usize) -> Vec<(Arc<Variant>, String, Database)> {
    use ayla::reference::random::random_rules;
    use ayla::rng::Rng;
    let mut seeds = Rng::new(seed);
    let mut found = Vec::new();
    for _ in 0..4000 {
        if found.len() == wanted {
            break;
        }
        let mut rng = Rng::new(seeds.next_u64());
        let text = random_rules(&mut rng);
        let r = rules::parse("random.toml", &text).unwrap();
        let total: usize = r.initial().iter().map(|&s| usize::from(s)).sum();
        if ayla::solve::supported(&r).is_err() || total > 12 || r.pits() > 10 {
            continue;
        }
        let variant = Arc::new(Variant::new(r));
        match Database::build(&variant, total) {
            Ok(db) => found.push((variant, text, db)),
            // A ply that raises the seeds on the board (a rule the
            // solver refuses as it meets it, with the ply named).
            Err(e) => assert!(e.to_string().contains("raises the seeds"), "{e}\n{text}"),
        }
    }
    found
}

/// Random rule files over the whole schema, where the solver takes them
/// and the board is small enough for the plain minimax: the databases
/// agree with it on every position it can play out.
#[test]
fn databases_agree_with_exhaustive_minimax_on_random_rule_files() {
    let (mut files, mut compared) = (0, 0);
    for (variant, text, db) in solvable_random_files(0x5017e, 40) {
        files += 1;
        let total: usize = variant.initial().iter().map(|&s| usize::from(s)).sum();
        let ranking = Ranking::new(variant.pits(), total);
        let mut board = vec![0u16; variant.pits()];
        for s in 0..=total {
            let size = ranking.layer_size(s);
            for i in (0..size).step_by((size / 20).max(1) as usize) {
                ranking.unrank(s, i, &mut board);
                for side in Side::BOTH {
                    let pos = position_of(&variant, &board, side);
                    if let Some(want) = exhaustive::value(&variant, &pos, 3_000) {
                        assert_eq!(db.probe(&pos), Some(want), "{board:?} {side}\n{text}");
                        compared += 1;
                    }
                }
            }
        }
    }
    eprintln!("{files} random rule files, {compared} positions agree");
    assert!(
        files >= 20 && compared >= 1000,
        "{files} files, {compared} positions"
    );
}

/// A rule file of Kalah(`m`,`n`) in a fresh directory, with that directory.
fn kalah_file(m: usize, n: usize, tag: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("ayla-solve-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("kalah-{m}-{n}.toml"));
    std::fs::write(
        &file,
        format!(
            "extends = \"kalah\"\n[variant]\nid = \"kalah-{m}-{n}\"\nname = \"Kalah({m},{n})\"\n[board]\npits_per_row = {m}\nseeds_per_pit = {n}\n"
        ),
    )
    .unwrap();
    (dir, file.display().to_string())
}

#[test]
fn solve_keeps_its_databases_in_a_directory_and_refuses_a_damaged_one() {
    let (dir, rules) = kalah_file(3, 2, "db");
    let db = dir.join("db");
    let db = db.to_str().unwrap();
    let first = ayla_json(&["solve", &rules, "--db", db, "--json"]);
    assert_eq!(
        (
            first["layers_read"].as_u64(),
            first["layers_built"].as_u64()
        ),
        (Some(0), Some(13))
    );
    let file = first["database_file"].as_str().unwrap().to_owned();
    assert!(std::path::Path::new(&file).exists());
    // The second run reads every layer and builds none, to the same value.
    let again = ayla_json(&["solve", &rules, "--db", db, "--json"]);
    assert_eq!(
        (
            again["layers_read"].as_u64(),
            again["layers_built"].as_u64()
        ),
        (Some(13), Some(0))
    );
    assert_eq!(again["future_margin"], first["future_margin"]);
    assert_eq!(again["pv"], first["pv"]);
    // A position of fewer seeds needs only the layers below it.
    let low = ayla_json(&[
        "solve",
        &rules,
        "--db",
        db,
        "--json",
        "--position",
        "1,0,2/0,1,0 N 4-4",
    ]);
    assert_eq!(low["layers_built"].as_u64(), Some(0));
    // One flipped bit: refused, with the file named and why.
    let mut bytes = std::fs::read(&file).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    let out = ayla(&["solve", &rules, "--db", db]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&file) && err.contains("checksum"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_perfect_level_plays_to_the_solved_margin() {
    // Both sides perfect: the game's final margin is the start's value.
    let (dir, rules) = kalah_file(3, 2, "perfect");
    let out = ayla(&["solve", &rules, "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let want = v["final_margin"].as_i64().unwrap();
    let save = dir.join("game.rec");
    for seed in ["1", "2", "3"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_ayla"))
            .args([
                "play",
                &rules,
                "--south",
                "engine",
                "--north",
                "engine",
                "--level",
                "perfect",
                "--seed",
                seed,
                "--overwrite",
                "--save",
            ])
            .arg(&save)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let record = std::fs::read_to_string(&save).unwrap();
        let result = record
            .lines()
            .find_map(|l| l.strip_prefix("[Result \""))
            .and_then(|r| r.strip_suffix("\"]"))
            .unwrap_or_else(|| panic!("{record}"));
        let (s, n) = result.split_once('-').unwrap();
        let margin = s.parse::<i64>().unwrap() - n.parse::<i64>().unwrap();
        assert_eq!(margin, want, "seed {seed}: {record}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A database of the positions reached from the start holds exactly
/// those (each found by a plain walk of the game from the start), with
/// the values of the database of every position.
#[test]
fn reachable_databases_hold_the_reached_positions_with_the_full_values() {
    use std::collections::HashSet;
    for (id, m, n) in [("kalah", 3, 2), ("gore-notrade", 3, 4), ("bay-khom", 3, 3)] {
        let Some(variant) = shrunk(id, m, n) else {
            panic!("{id} {m}x{n}");
        };
        if ayla::solve::supported(&variant).is_err() {
            continue;
        }
        let total: usize = variant.initial().iter().map(|&s| usize::from(s)).sum();
        let full = Database::build(&variant, total).unwrap();
        let start = ayla::engine::Position::initial(&variant);
        let reached = Database::reachable(&variant, &start, u64::MAX, &|_| {}).unwrap();
        // Every position a game from the start can reach, by a plain
        // depth-first walk over whole positions.
        let mut seen: HashSet<Vec<u16>> = HashSet::new();
        let mut todo = vec![start];
        let mut plies = Vec::new();
        let key = |p: &ayla::engine::Position| {
            let mut k = p.board(&variant).to_vec();
            k.push(p.to_move().index() as u16);
            k
        };
        seen.insert(key(&start));
        while let Some(p) = todo.pop() {
            assert_eq!(reached.probe(&p), full.probe(&p), "{id}: {:?}", key(&p));
            if p.end(&variant).is_some() {
                continue;
            }
            p.legal_plies(&variant, &mut plies);
            for &ply in &plies {
                let mut c = p;
                c.play_unchecked(&variant, ply);
                if seen.insert(key(&c)) {
                    todo.push(c);
                }
            }
        }
        assert_eq!(reached.positions(), seen.len() as u64, "{id}");
        // A position no game reaches is not held.
        let ranking = Ranking::new(variant.pits(), total);
        let mut board = vec![0u16; variant.pits()];
        let mut absent = 0;
        for i in 0..ranking.layer_size(total) {
            ranking.unrank(total, i, &mut board);
            let p = position_of(&variant, &board, Side::North);
            if !seen.contains(&key(&p)) {
                assert_eq!(reached.probe(&p), None, "{id}: {board:?}");
                absent += 1;
            }
        }
        assert!(absent > 0, "{id}");
        eprintln!("{id} {m}x{n}: {} positions reached", seen.len());
    }
}

/// Where the rules cannot cycle (Kalah: every sowing that stays in its
/// layer moves seeds towards the mover's store) and have no end that the
/// solver plays past, the rule file's own game has the databases' values:
/// the search with the history finds them, guided or not.
#[test]
fn the_search_with_the_history_agrees_where_no_convention_applies() {
    use ayla::solve::history;
    let variant = shrunk("kalah", 3, 2).unwrap();
    let total: usize = variant.initial().iter().map(|&s| usize::from(s)).sum();
    let db = Database::build(&variant, total).unwrap();
    let ranking = Ranking::new(variant.pits(), total);
    let mut board = vec![0u16; variant.pits()];
    let guide = |c: &ayla::engine::Position| db.probe(c).unwrap();
    let (mut checked, mut blind) = (0, 0);
    for s in 0..=total {
        for i in (0..ranking.layer_size(s)).step_by(61) {
            ranking.unrank(s, i, &mut board);
            for side in Side::BOTH {
                let pos = position_of(&variant, &board, side);
                let want = db.probe(&pos).unwrap();
                let got = history::value(&variant, &pos, want, 1_000_000, &guide);
                assert_eq!(got, Some(want), "{board:?} {side}");
                checked += 1;
                // Unguided, and told a wrong value first: the same.
                if let Some(v) = history::value(&variant, &pos, want + 3, 200_000, &|_| 0) {
                    assert_eq!(v, want, "{board:?} {side}, unguided");
                    blind += 1;
                }
            }
        }
    }
    assert!(
        checked > 500 && blind > 300,
        "{checked} guided, {blind} unguided"
    );
}

#[test]
fn solve_searches_where_the_databases_would_not_fit() {
    // Kalah(4,3)'s databases hold 21 million positions; allowed 2 million,
    // the search goes down to the 16-seed layers and finds the published
    // +8, with the same best ply and line as the whole databases.
    let (dir, rules) = kalah_file(4, 3, "search");
    let searched = ayla_json(&[
        "solve",
        &rules,
        "--max-positions",
        "2000000",
        "--table-mb",
        "64",
        "--json",
    ]);
    assert_eq!(searched["final_margin"].as_i64(), Some(8));
    assert!(
        searched["method"]
            .as_str()
            .unwrap()
            .starts_with("MTD(f) search"),
        "{searched}"
    );
    assert!(searched["nodes"].as_u64().unwrap() > 0);
    let whole = ayla_json(&["solve", &rules, "--max-positions", "30000000", "--json"]);
    assert_eq!(whole["method"], "retrograde databases");
    for key in ["future_margin", "best", "pv"] {
        assert_eq!(searched[key], whole[key], "{key}");
    }
    // The search values the best plies, and leaves the others as worse.
    let values = |v: &serde_json::Value| -> Vec<Option<i64>> {
        v["plies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["future_margin"].as_i64())
            .collect()
    };
    let best = whole["future_margin"].as_i64();
    let want: Vec<Option<i64>> = values(&whole)
        .into_iter()
        .map(|v| v.filter(|&v| Some(v) == best))
        .collect();
    assert_eq!(values(&searched), want);
    // Databases of the reachable positions cannot be searched over.
    let out = ayla(&["solve", &rules, "--reachable", "--db-seeds", "10"]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The search, over databases of a few seeds and over none, gives the
/// full databases' values on random rule files over the whole rule
/// language that the solver takes, cycles and all.
#[test]
fn the_search_agrees_with_the_databases_on_random_rule_files() {
    use ayla::solve::search::Search;
    let (mut files, mut compared) = (0, 0);
    for (variant, text, full) in solvable_random_files(0x5ea7c4, 30) {
        // Not four rows: on those small boards (a 4x2 of chosen directions
        // and column captures, say) most lines cycle within a layer, the
        // search stores none of the nodes inside a cycling stretch
        // (`solve::search`, "Cycles"), and one file costs it minutes. The
        // databases, which the test above holds to the minimax, solve them.
        if variant.board().rows() == 4 {
            continue;
        }
        files += 1;
        let total: usize = variant.initial().iter().map(|&s| usize::from(s)).sum();
        let small = Arc::new(Database::build(&variant, total / 3).unwrap());
        let mut over_small = Search::new(Arc::clone(&variant), Some(small), 1 << 20).unwrap();
        let mut over_none = Search::new(Arc::clone(&variant), None, 1 << 20).unwrap();
        let ranking = Ranking::new(variant.pits(), total);
        let mut board = vec![0u16; variant.pits()];
        for s in (total / 2)..=total {
            let size = ranking.layer_size(s);
            for i in (0..size).step_by((size / 8).max(1) as usize) {
                ranking.unrank(s, i, &mut board);
                for side in Side::BOTH {
                    let pos = position_of(&variant, &board, side);
                    let want = full.probe(&pos).unwrap();
                    assert_eq!(
                        over_small.value(&pos).unwrap(),
                        want,
                        "{board:?} {side}\n{text}"
                    );
                    assert_eq!(
                        over_none.value(&pos).unwrap(),
                        want,
                        "{board:?} {side}, no database\n{text}"
                    );
                    assert!(
                        over_small.at_least(&pos, want).unwrap()
                            && !over_small.at_least(&pos, want + 1).unwrap()
                    );
                    compared += 1;
                }
            }
        }
    }
    eprintln!("{files} random rule files, {compared} positions agree");
    assert!(
        files >= 20 && compared >= 500,
        "{files} files, {compared} positions"
    );
}
