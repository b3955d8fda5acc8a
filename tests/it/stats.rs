//! `ayla stats` and `ayla::stats`: self-play figures checked on boards
//! whose answers are known by construction (tests/stats/*.toml say how),
//! determinism across threads, and the command line.

use crate::common::ayla;
use ayla::engine::Variant;
use ayla::rules;
use ayla::search::Level;
use ayla::stats::{Figures, GameRecord, PARTS, Setup, play_games};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

fn fixture(name: &str) -> Arc<Variant> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/stats")
        .join(name);
    Arc::new(Variant::new(rules::load_file(&path).unwrap()))
}

fn setup(games: u32, levels: [Level; 2]) -> Setup {
    Setup {
        games,
        levels,
        opening: 4,
        seed: 1,
        max_plies: 2000,
    }
}

fn run(variant: &Arc<Variant>, setup: &Setup) -> (Vec<GameRecord>, Figures) {
    let mut games = play_games(variant, setup, None, &AtomicBool::new(false), &|_| {});
    games.sort_by_key(|g| g.index);
    let figures = Figures::of(variant, setup, &games);
    (games, figures)
}

/// The forced loss: one legal ply, after which the first player has lost
/// 1-3 (traced by hand in tests/stats/forced-loss.toml), whatever the level.
#[test]
fn a_forced_loss_is_measured_exactly() {
    let variant = fixture("forced-loss.toml");
    for level in [Level::Random, Level::Depth(3)] {
        let (games, f) = run(&variant, &setup(20, [level; 2]));
        assert_eq!(games.len(), 20);
        assert!(games.iter().all(|g| g.totals == [1, 3]), "{games:?}");
        assert_eq!(
            (f.games, f.first_wins, f.draws, f.first_losses),
            (20, 0, 0, 20)
        );
        assert_eq!(f.first_score.mean, 0.0);
        assert!(f.first_score.high < 0.2, "{:?}", f.first_score);
        assert_eq!((f.margin.min, f.margin.max), (-2.0, -2.0));
        assert_eq!((f.length.min, f.length.max), (1.0, 1.0));
        assert_eq!(f.ends, vec![("row-empty", 20)]);
        assert_eq!((f.captures.max, f.no_capture), (0.0, 20));
        assert_eq!(f.legal, 1.0);
        // A one-ply game is all in its first fifth.
        assert_eq!(f.legal_by_part[0], Some(1.0));
        assert!(f.legal_by_part[1..].iter().all(Option::is_none));
        assert!(f.trades.is_none() && f.levels.is_none());
    }
}

/// The endless board: nothing is ever captured, and every game ends by
/// repetition (tests/stats/endless.toml says why no other end can come).
#[test]
fn a_board_without_captures_ends_every_game_by_repetition() {
    let variant = fixture("endless.toml");
    let (games, f) = run(&variant, &setup(30, [Level::Depth(2); 2]));
    assert_eq!(f.ends, vec![("repetition", 30)]);
    assert_eq!(f.ended_by("repetition"), 30);
    assert_eq!((f.seeds_captured.max, f.no_capture), (0.0, 30));
    assert_eq!(f.captures_by_part, [0.0; PARTS]);
    // With no capture, the longest dry stretch is the whole game.
    assert_eq!(f.longest_dry, f.length);
    // Leftovers go to the side they lie on: the 4 seeds are all counted.
    assert!(games.iter().all(|g| g.totals[0] + g.totals[1] == 4));
    assert!(games.iter().all(|g| g.end.is_some() && g.plies() >= 2));
    assert_eq!(f.first_wins + f.draws + f.first_losses, 30);
}

/// Game `i` is a function of the seed and `i` alone: the same games on one
/// thread or two; another seed gives other games.
#[test]
fn the_same_seed_gives_the_same_games_on_any_number_of_threads() {
    let variant = Arc::new(Variant::new(rules::bundled("kalah").unwrap()));
    let s = setup(12, [Level::Depth(2), Level::Random]);
    let on = |threads: usize, s: Setup| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| run(&variant, &s).0)
    };
    let one = on(1, s);
    assert_eq!(one, on(2, s));
    assert_ne!(one, on(2, Setup { seed: 2, ..s }));
    // A plays South in even games, North in odd ones.
    assert!(
        one.iter()
            .all(|g| (g.a_side == ayla::engine::Side::South) == (g.index % 2 == 0))
    );
}

/// Two levels: their results add up, the weaker one (random, against a
/// depth-3 search on Kalah) scores less, and its wins are the upsets.
#[test]
fn two_levels_are_scored_apart() {
    let variant = Arc::new(Variant::new(rules::bundled("kalah").unwrap()));
    let (_, f) = run(&variant, &setup(20, [Level::Random, Level::Depth(3)]));
    let l = f.levels.expect("two levels");
    assert_eq!(l.a_wins + l.draws + l.b_wins, 20);
    assert!(l.b_wins > l.a_wins, "{l:?}");
    assert!(l.a_score.high < 0.5, "{l:?}");
    assert_eq!(l.upsets, l.a_wins);
}

/// A run stopped before it starts plays nothing.
#[test]
fn a_stopped_run_drops_its_games() {
    let variant = fixture("endless.toml");
    let games = play_games(
        &variant,
        &setup(10, [Level::Random; 2]),
        None,
        &AtomicBool::new(true),
        &|_| {},
    );
    assert!(games.is_empty());
}

fn json_of(out: &std::process::Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// `--json` carries the figures, and the exact value where the databases
/// are small (the endless board: a draw under the split convention).
#[test]
fn stats_json_has_the_figures_and_the_exact_value() {
    let out = ayla(&[
        "stats",
        "tests/stats/endless.toml",
        "--games",
        "6",
        "--level",
        "1",
        "--json",
    ]);
    let v = json_of(&out);
    let c = &v["combinations"][0];
    assert_eq!(c["figures"]["games"], 6);
    assert_eq!(c["figures"]["ends"]["repetition"], 6);
    assert_eq!(c["figures"]["captures"]["games_without"], 6);
    assert_eq!(c["exact"]["first_player_margin"], 0);
    assert!(c["exact"]["convention"].as_str().unwrap().contains("split"));
    assert_eq!(v["interrupted"], false);
}

/// Every bundled variant runs under every combination of its readings.
#[test]
fn stats_runs_every_bundled_variant_under_every_combination() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let mut ids: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    ids.sort();
    assert!(ids.len() >= 20, "{ids:?}");
    for id in &ids {
        let rules = rules::bundled(id).unwrap();
        let want: usize = rules
            .readings()
            .iter()
            .map(|r| r.alternatives.len())
            .product();
        // A whole match of a bundled game runs to tens of games: stopped
        // at its first game's 60th ply, each match here is a game or two.
        let matches = rules.match_play().is_some();
        let max_plies = if matches { "60" } else { "2000" };
        let out = ayla(&[
            "stats",
            id,
            "--readings",
            "all",
            "--games",
            "2",
            "--level",
            "1",
            "--max-positions",
            "0",
            "--max-plies",
            max_plies,
            "--json",
        ]);
        let v = json_of(&out);
        let combos = v["combinations"].as_array().unwrap();
        assert_eq!(combos.len(), want, "{id}");
        for c in combos {
            if matches {
                assert_eq!(c["matches"]["matches"], 2, "{id}");
                assert!(c["figures"]["games"].as_u64().unwrap() >= 2, "{id}");
            } else {
                assert_eq!(c["figures"]["games"], 2, "{id}");
            }
        }
    }
}

/// Readings and levels that do not exist are refused with exit 2, naming
/// what does.
#[test]
fn stats_refuses_what_it_cannot_play() {
    for (args, want) in [
        (
            &["stats", "gore", "--readings", "nope=x"][..],
            "no reading `nope`; the readings are skip-origin, keep-a-pit, affordable-offers, repetition",
        ),
        (
            &["stats", "gore", "--readings", "repetition=fourth"],
            "has no alternative `fourth`; its alternatives are third, second",
        ),
        (&["stats", "kalah", "--levels", "3"], "expected two levels"),
        (
            &["stats", "kalah", "--level", "9"],
            "level 9 does not exist",
        ),
        (&["stats", "no-such-game"], "no-such-game"),
    ] {
        let out = ayla(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

/// `--readings NAME=A|B` plays those alternatives, the others at their
/// defaults; the table names each column; `--svg` writes three charts a
/// combination, each well-formed with a bar per bin.
#[test]
fn stats_prints_readings_side_by_side_and_draws_charts() {
    let dir = std::env::temp_dir().join(format!("ayla-stats-svg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = ayla(&[
        "stats",
        "gore",
        "--readings",
        "repetition=second|third",
        "--games",
        "4",
        "--level",
        "1",
        "--svg",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("[1] skip-origin=sow-into-origin keep-a-pit=keep-one affordable-offers=only-affordable repetition=second\n")
            && text.contains("repetition=third (the defaults)"),
        "{text}"
    );
    assert!(text.contains("first player's score [95%]"), "{text}");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files.len(), 6, "{files:?}");
    assert!(
        files.contains(
            &"gore-sow-into-origin-keep-one-only-affordable-second-length.svg".to_owned()
        )
    );
    for f in files {
        let svg = std::fs::read_to_string(dir.join(&f)).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let bars = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("bar"))
            .count();
        assert!(bars > 0, "{f}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ctrl-C stops the run: the games finished are reported, the output says
/// it was interrupted, and the exit code is 130.
#[cfg(unix)]
#[test]
fn ctrl_c_prints_what_was_measured() {
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_ayla"))
        .args(["stats", "kalah", "--games", "1000000", "--level", "1"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let pid = libc::pid_t::try_from(child.id()).unwrap();
    // SAFETY: kill(2) on our own child, which has not been waited for.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(130), "{text}");
    assert!(
        text.contains("interrupted: the figures are of the games finished"),
        "{text}"
    );
    assert!(text.contains("first player's score"), "{text}");
}

/// Runs `ayla` and kills it if it takes over `secs` seconds: a refusal
/// due before the first game must come at once, not after the run.
fn ayla_within(args: &[&str], secs: u64) -> std::process::Output {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ayla"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed().as_secs() >= secs {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?} still running after {secs} s: games were played");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

/// Every text of every chart lies inside its viewBox by the chart's own
/// width estimate, and the subtitle, however many lines it takes, names
/// every reading of its combination and the seed.
#[test]
fn stats_charts_keep_their_whole_subtitle_inside() {
    let dir = std::env::temp_dir().join(format!("ayla-stats-subtitle-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = ayla(&[
        "stats",
        "gore",
        "--readings",
        "affordable-offers=all",
        "--games",
        "2",
        "--level",
        "1",
        "--seed",
        "424242",
        "--max-positions",
        "0",
        "--svg",
        dir.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 6, "{files:?}");
    for f in &files {
        let svg = std::fs::read_to_string(f).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let view: Vec<f64> = doc
            .root_element()
            .attribute("viewBox")
            .unwrap()
            .split(' ')
            .map(|x| x.parse().unwrap())
            .collect();
        let (w, h) = (view[2], view[3]);
        let num = |n: roxmltree::Node<'_, '_>, a: &str| -> f64 {
            n.attribute(a).unwrap().parse().unwrap()
        };
        for n in doc.descendants().filter(|n| n.has_tag_name("text")) {
            let t = n.text().unwrap();
            let size = num(n, "font-size");
            let len =
                ayla::stats::chart::text_width(t, size, n.attribute("font-weight") == Some("bold"));
            let (lo, hi) = match n.attribute("text-anchor") {
                Some("end") => (-len, 0.0),
                Some("middle") => (-len / 2.0, len / 2.0),
                _ => (0.0, len),
            };
            let (x, y) = (num(n, "x"), num(n, "y"));
            // The y label is turned a quarter round its anchor: its
            // length runs up the page.
            let (x0, x1, y0, y1) = if n
                .attribute("transform")
                .is_some_and(|t| t.starts_with("rotate(-90"))
            {
                (x - size, x, y - hi, y - lo)
            } else {
                (x + lo, x + hi, y - size, y)
            };
            assert!(
                x0 >= 0.0 && x1 <= w && y0 >= 0.0 && y1 <= h,
                "{}: {t:?} spans x {x0}..{x1}, y {y0}..{y1} in {w}x{h}",
                f.display()
            );
        }
        let subtitle: Vec<&str> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("subtitle"))
            .map(|n| n.text().unwrap())
            .collect();
        assert!(subtitle.len() > 1, "{}: {subtitle:?}", f.display());
        let words = subtitle.join(" ");
        let alternative = if f.to_string_lossy().contains("also-unaffordable") {
            "also-unaffordable"
        } else {
            "only-affordable"
        };
        for reading in [
            "skip-origin=sow-into-origin",
            "keep-a-pit=keep-one",
            &format!("affordable-offers={alternative}"),
            "repetition=third",
            "seed 424242",
            "2 games",
        ] {
            assert!(
                words.contains(reading),
                "{}: {reading} not in {words:?}",
                f.display()
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// No float in `stats --json` has more than six significant digits (seven
/// games make sevenths, and a mean of many floats makes rounding noise).
#[test]
fn stats_json_floats_have_at_most_six_digits() {
    let out = ayla(&[
        "stats",
        "kalah",
        "--games",
        "7",
        "--level",
        "1",
        "--max-positions",
        "0",
        "--json",
    ]);
    let v = json_of(&out);
    assert_eq!(v["combinations"][0]["figures"]["games"], 7);
    let text = String::from_utf8(out.stdout).unwrap();
    // The numbers of the raw text, outside strings: serde_json would
    // hide the digits printed.
    let mut numbers = Vec::new();
    let (mut in_string, mut escaped, mut current) = (false, false, String::new());
    for c in text.chars() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
        } else if c == '"' {
            in_string = true;
        } else if c.is_ascii_digit() || "+-.eE".contains(c) {
            current.push(c);
        } else if !current.is_empty() {
            numbers.push(std::mem::take(&mut current));
        }
    }
    let floats: Vec<&String> = numbers
        .iter()
        .filter(|n| n.contains(['.', 'e', 'E']))
        .collect();
    assert!(floats.len() > 20, "{floats:?}");
    for n in floats {
        let mantissa = n.split(['e', 'E']).next().unwrap();
        let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
        let significant = digits.trim_start_matches('0').trim_end_matches('0');
        assert!(
            significant.len() <= 6,
            "{n} has {} significant digits",
            significant.len()
        );
    }
    // Sevenths were there to round: the score is a multiple of 1/14.
    let score = v["combinations"][0]["figures"]["first_score"]["mean"]
        .as_f64()
        .unwrap();
    assert!(
        ((score * 14.0).round() - score * 14.0).abs() < 1e-4,
        "{score}"
    );
}

/// `--svg` at a file, or at a directory that cannot be made, is refused
/// with exit 2 before a game is played, and the file is left as it was.
#[test]
fn stats_refuses_an_svg_path_it_cannot_use_at_once() {
    let file = std::env::temp_dir().join(format!("ayla-stats-file-{}", std::process::id()));
    std::fs::write(&file, "mine").unwrap();
    let under = file.join("charts");
    for (path, want) in [
        (&file, "is a file, not a directory"),
        (&under, "cannot make the directory"),
    ] {
        let out = ayla_within(
            &[
                "stats",
                "kalah",
                "--games",
                "1000000",
                "--level",
                "1",
                "--svg",
                path.to_str().unwrap(),
            ],
            20,
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains(want) && err.contains(&*path.to_string_lossy()),
            "{err}"
        );
        assert!(out.stdout.is_empty());
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine");
    let _ = std::fs::remove_file(&file);
}

/// `--level perfect` where no database covers the game is refused with
/// the solver's reason before a game is played; where one does, the
/// games are played.
#[test]
fn stats_refuses_perfect_play_without_a_database() {
    for (args, want) in [
        (
            &["stats", "kpe", "--level", "perfect", "--games", "1000000"][..],
            "--level perfect: no database covers Kpé",
        ),
        (
            &[
                "stats",
                "kalah",
                "--level",
                "perfect",
                "--games",
                "1000000",
                "--max-positions",
                "1000",
            ],
            "more than --max-positions 1000",
        ),
        (
            &[
                "stats",
                "kalah",
                "--levels",
                "3,perfect",
                "--games",
                "1000000",
                "--max-positions",
                "0",
            ],
            "--max-positions 0",
        ),
    ] {
        let out = ayla_within(args, 20);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let out = ayla(&[
        "stats",
        "tests/stats/endless.toml",
        "--level",
        "perfect",
        "--games",
        "4",
        "--json",
    ]);
    let v = json_of(&out);
    assert_eq!(v["levels"][0], "perfect");
    assert_eq!(v["combinations"][0]["figures"]["games"], 4);
    assert_eq!(v["combinations"][0]["exact"]["first_player_margin"], 0);
}
