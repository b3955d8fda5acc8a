//! Perft tables: `tests/perft/<variant>.perft` lists positions and the
//! number of distinct ply sequences of each depth from them. How each
//! count was obtained is written in the file's header.
//!
//! Format: `#` comments; `position <string>` starts a section; then
//! `<depth> <count>` lines.

use ayla::engine::Game;
use ayla::engine::Variant;
use ayla::notation::parse_position;
use ayla::rules;
use ayla::search::perft;
use std::fs;

fn check_table(id: &str) -> usize {
    // A table may be for a bundled variant under a non-default reading.
    let r = match id {
        "kalah-no-empty-capture" => rules::resolve_with(
            "kalah",
            std::path::Path::new(""),
            &[("empty-capture".to_owned(), "no-empty-capture".to_owned())]
                .into_iter()
                .collect(),
        )
        .unwrap(),
        "ayoayo-seed-stays" => rules::resolve_with(
            "ayoayo",
            std::path::Path::new(""),
            &[("capturing-seed".to_owned(), "stays".to_owned())]
                .into_iter()
                .collect(),
        )
        .unwrap(),
        _ => rules::bundled(id).unwrap(),
    };
    let path = format!("tests/perft/{id}.perft");
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut pos = None;
    let mut checked = 0;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(p) = line.strip_prefix("position ") {
            pos = Some(parse_position(&r, p).unwrap_or_else(|e| panic!("{path}:{}: {e}", n + 1)));
            continue;
        }
        let (d, c) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("{path}:{}: expected `<depth> <count>`", n + 1));
        let (d, c): (u32, u64) = (d.parse().unwrap(), c.trim().parse().unwrap());
        let start = pos.unwrap_or_else(|| panic!("{path}:{}: no position yet", n + 1));
        let mut g = Game::from_position(Variant::new(r.clone()), start);
        assert_eq!(perft(&mut g, d), c, "{path}:{}: perft {d}", n + 1);
        checked += 1;
    }
    checked
}

#[test]
fn perft_gore() {
    assert!(check_table("gore") >= 8);
}

#[test]
fn perft_kpe() {
    assert!(check_table("kpe") >= 8);
}

#[test]
fn perft_gore_notrade() {
    assert!(check_table("gore-notrade") >= 8);
}

#[test]
fn perft_oware() {
    assert!(check_table("oware") >= 6);
}

#[test]
fn perft_kalah() {
    assert!(check_table("kalah") >= 6);
}

#[test]
fn perft_kalah_no_empty_capture() {
    assert!(check_table("kalah-no-empty-capture") >= 6);
}

#[test]
fn perft_zero_is_one_and_finished_games_have_no_plies() {
    let r = rules::bundled("kpe").unwrap();
    let mut g = Game::new(Variant::new(r.clone()));
    assert_eq!(perft(&mut g, 0), 1);
    let over = parse_position(&r, "1,1,0,0/0,0,0,0 N 20-26").unwrap();
    assert_eq!(
        perft(&mut Game::from_position(Variant::new(r.clone()), over), 3),
        0
    );
}

#[test]
fn perft_ayoayo() {
    assert!(check_table("ayoayo") >= 6);
}

#[test]
fn perft_ayoayo_seed_stays() {
    assert!(check_table("ayoayo-seed-stays") >= 6);
}

#[test]
fn perft_ba_awa() {
    assert!(check_table("ba-awa") >= 6);
}
