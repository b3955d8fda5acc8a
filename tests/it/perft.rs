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

/// Tables for a bundled variant under a reading other than its default:
/// `(file stem, variant, reading, alternative)`. Every other table is named
/// after the bundled variant it counts.
const UNDER_READINGS: &[(&str, &str, &str, &str)] = &[
    (
        "kalah-no-empty-capture",
        "kalah",
        "empty-capture",
        "no-empty-capture",
    ),
    ("ayoayo-seed-stays", "ayoayo", "capturing-seed", "stays"),
    ("awale-chain-cap-4", "awale", "chain-cap", "4"),
    (
        "wari-grand-slam-captures-nothing",
        "wari",
        "grand-slam",
        "captures-nothing",
    ),
    (
        "al-manqala-clockwise",
        "al-manqala",
        "direction",
        "clockwise",
    ),
    (
        "owela-inner-and-outer",
        "owela",
        "capture-needs",
        "inner-and-outer",
    ),
    (
        "bao-la-kujifunza-after-ply",
        "bao-la-kujifunza",
        "inner-row-empty",
        "after-ply",
    ),
    (
        "bao-la-kujifunza-may-capture",
        "bao-la-kujifunza",
        "full-circle",
        "may-capture",
    ),
];

fn check_table(id: &str) -> usize {
    let r = match UNDER_READINGS.iter().find(|t| t.0 == id) {
        Some(&(_, variant, reading, alternative)) => rules::resolve_with(
            variant,
            std::path::Path::new(""),
            &[(reading.to_owned(), alternative.to_owned())]
                .into_iter()
                .collect(),
        )
        .unwrap_or_else(|e| panic!("{id}: {e}")),
        None => rules::bundled(id).unwrap_or_else(|e| panic!("{id}: {e}")),
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

/// One test per table, so that they run in parallel: `(test, file stem,
/// fewest counts the table must hold)`.
macro_rules! tables {
    ($($test:ident: $id:literal >= $n:literal,)*) => {
        $(
            #[test]
            fn $test() {
                assert!(check_table($id) >= $n);
            }
        )*
        const TABLES: &[&str] = &[$($id),*];
    };
}

tables! {
    perft_gore: "gore" >= 8,
    perft_kpe: "kpe" >= 8,
    perft_gore_notrade: "gore-notrade" >= 8,
    perft_oware: "oware" >= 6,
    perft_kalah: "kalah" >= 6,
    perft_kalah_no_empty_capture: "kalah-no-empty-capture" >= 6,
    perft_ayoayo: "ayoayo" >= 6,
    perft_ayoayo_seed_stays: "ayoayo-seed-stays" >= 6,
    perft_ba_awa: "ba-awa" >= 6,
    perft_awale: "awale" >= 6,
    perft_awale_chain_cap_4: "awale-chain-cap-4" >= 6,
    perft_wari: "wari" >= 6,
    perft_wari_grand_slam_captures_nothing: "wari-grand-slam-captures-nothing" >= 6,
    perft_songo: "songo" >= 6,
    perft_al_manqala: "al-manqala" >= 6,
    perft_al_manqala_clockwise: "al-manqala-clockwise" >= 6,
    perft_adji_boto: "adji-boto" >= 6,
    perft_qelat: "qelat" >= 6,
    perft_toguz_kumalak: "toguz-kumalak" >= 6,
    perft_endodoi: "endodoi" >= 6,
    perft_anywoli: "anywoli" >= 6,
    perft_round_and_round: "round-and-round" >= 6,
    perft_chongka: "chongka" >= 6,
    perft_congkak: "congkak" >= 12,
    perft_dakon: "dakon" >= 12,
    perft_sungka: "sungka" >= 12,
    perft_pallanguzhi: "pallanguzhi" >= 6,
    perft_bay_khom: "bay-khom" >= 6,
    perft_tap_urdy: "tap-urdy" >= 6,
    perft_moruba: "moruba" >= 20,
    perft_owela: "owela" >= 20,
    perft_owela_inner_and_outer: "owela-inner-and-outer" >= 15,
    perft_bao_la_kujifunza: "bao-la-kujifunza" >= 26,
    perft_bao_la_kujifunza_after_ply: "bao-la-kujifunza-after-ply" >= 26,
    perft_bao_la_kujifunza_may_capture: "bao-la-kujifunza-may-capture" >= 26,
}

/// Every table on disk is checked, and every bundled variant has one.
#[test]
fn every_table_is_checked_and_every_variant_has_one() {
    let mut on_disk: Vec<String> = fs::read_dir("tests/perft")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = TABLES.iter().map(|s| (*s).to_owned()).collect();
    listed.sort();
    assert_eq!(on_disk, listed, "tests/perft/*.perft and the tables! list");
    for (id, _, _) in rules::BUNDLED {
        assert!(TABLES.contains(id), "{id} has no perft table");
    }
}
