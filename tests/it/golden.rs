//! Golden games: every record under `tests/golden/<variant>/` is replayed
//! ply by ply through the checked engine. Each must be legal throughout,
//! finish, and match its tags: `Result` (totals after the sweep),
//! `Termination` (why it ended), `FinalPosition` (the last state) and
//! `Glory` ("without" for a victory without glory). How each game was
//! obtained is written at the top of its file and in tests/golden/README.md.
//! A comment holding `Position: <string>` is checked against the position
//! after the ply it follows. The games of a match (`MatchGame` tags)
//! follow one another in one file: each later game's `Position` tag, the
//! set-up its generator computed, must be where the match sets it up
//! after the game before, and each `MatchResult` tag the match's standing.

use ayla::engine::Position;
use ayla::engine::Variant;
use ayla::notation::{format_position, parse_position, parse_records};
use ayla::reference::match_play::{AfterGame, GameResult, after_game};
use ayla::rulebook::{Overrides, rulebook_for};
use std::fs;
use std::path::Path;

fn replay_file(path: &Path) -> usize {
    let name = path.display();
    let text = fs::read_to_string(path).unwrap();
    let games = parse_records(&text).unwrap_or_else(|e| panic!("{name}:{e}"));
    // What the last game of a match left: its number and what follows it.
    let mut last: Option<(u16, AfterGame)> = None;
    for rec in &games {
        // The rulebook as `ayla check` resolves it: the Variant tag
        // relative to the record, and its Readings tag.
        let dir = path.parent().unwrap_or(Path::new(""));
        let r =
            rulebook_for(rec, dir, &Overrides::default()).unwrap_or_else(|e| panic!("{name}:{e}"));
        let start = match rec.tag("Position") {
            Some(t) => parse_position(&r, &t.value).unwrap_or_else(|e| panic!("{name}: {e}")),
            None => Position::initial(&r),
        };
        let number = ayla::check::match_number(rec);
        if let Some(k @ 2..) = number {
            let Some((j, AfterGame::Next(state))) = last.take() else {
                panic!("{name}: game {k} of the match follows no game the match goes on after")
            };
            assert_eq!(j + 1, k, "{name}: game {k} of the match follows game {j}");
            assert!(
                rec.tag("Position").is_some(),
                "{name}: game {k} states no set-up"
            );
            assert_eq!(
                format_position(&r, &start),
                ayla::notation::format_state(&r, &state),
                "{name}: the set-up of game {k}"
            );
        }
        let mut g =
            ayla::matches::game_of_match(Variant::new(r.clone()), start, number.unwrap_or(1));
        // Who made each ply: the last decides who starts a match's next game.
        let mut history = Vec::new();
        for (i, p) in rec.plies.iter().enumerate() {
            let before = format_position(&r, g.position());
            let side = g.position().to_move();
            history.push(side);
            let ply = p
                .ply
                .resolve(&r)
                .unwrap_or_else(|e| panic!("{name}:{}: ply {} ({side}): {e}", p.loc, i + 1));
            if let Err(e) = g.play(ply) {
                panic!(
                    "{name}:{}: ply {} ({side}, `{}`) from {before} is illegal: {e}",
                    p.loc,
                    i + 1,
                    p.text
                );
            }
            // Comments state the position after their ply: hold them to it.
            for c in &p.comments {
                if let Some(rest) = c.split("Position: ").nth(1) {
                    let stated = rest.trim_end_matches(['.', ')']).trim();
                    assert_eq!(
                        stated,
                        format_position(&r, g.position()),
                        "{name}:{}: the comment after ply {}",
                        p.loc,
                        i + 1
                    );
                }
            }
        }
        let o = g
            .outcome()
            .unwrap_or_else(|| panic!("{name}: the game has not ended"));
        let tag = |t: &str| rec.tag(t).map(|t| t.value.as_str());
        assert_eq!(
            tag("Result"),
            Some(format!("{}-{}", o.totals[0], o.totals[1]).as_str()),
            "{name}: Result"
        );
        assert_eq!(
            tag("Termination"),
            Some(o.reason.code()),
            "{name}: Termination"
        );
        assert_eq!(
            tag("FinalPosition"),
            Some(format_position(&r, g.position()).as_str()),
            "{name}: FinalPosition"
        );
        assert_eq!(
            tag("Glory") == Some("without"),
            o.without_glory,
            "{name}: victory without glory"
        );
        if let Some(k) = number {
            let result = GameResult::new(o, start.to_move(), history.last().copied(), k);
            let after = after_game(&r, &result);
            let standing = match &after {
                AfterGame::Next(_) => "*".to_owned(),
                AfterGame::Over(Some(w)) => w.letter().to_string(),
                AfterGame::Over(None) => "draw".to_owned(),
            };
            assert_eq!(
                tag("MatchResult"),
                Some(standing.as_str()),
                "{name}: MatchResult of game {k}"
            );
            last = Some((k, after));
        }
    }
    games.len()
}

fn replay_variant(id: &str, at_least: usize) {
    let dir = Path::new("tests/golden").join(id);
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rec"))
        .collect();
    files.sort();
    let games: usize = files.iter().map(|f| replay_file(f)).sum();
    assert!(games >= at_least, "{id}: only {games} golden games");
}

/// One test per variant, so that they run in parallel: `(test, variant,
/// fewest golden games)`. Goré without trading has few of its own: its
/// rules are Goré's less trading, which Goré's games cover.
macro_rules! golden {
    ($($test:ident: $id:literal >= $n:literal,)*) => {
        $(
            #[test]
            fn $test() {
                replay_variant($id, $n);
            }
        )*
        const VARIANTS: &[&str] = &[$($id),*];
    };
}

golden! {
    golden_gore_games: "gore" >= 12,
    golden_kpe_games: "kpe" >= 12,
    golden_gore_notrade_games: "gore-notrade" >= 1,
    golden_oware_games: "oware" >= 6,
    golden_kalah_games: "kalah" >= 6,
    golden_ayoayo_games: "ayoayo" >= 6,
    golden_ba_awa_games: "ba-awa" >= 6,
    golden_awale_games: "awale" >= 6,
    golden_wari_games: "wari" >= 6,
    golden_songo_games: "songo" >= 6,
    golden_al_manqala_games: "al-manqala" >= 6,
    golden_adji_boto_games: "adji-boto" >= 6,
    golden_qelat_games: "qelat" >= 6,
    golden_toguz_kumalak_games: "toguz-kumalak" >= 6,
    golden_endodoi_games: "endodoi" >= 6,
    golden_anywoli_games: "anywoli" >= 6,
    golden_round_and_round_games: "round-and-round" >= 6,
    golden_chongka_games: "chongka" >= 6,
    golden_congkak_games: "congkak" >= 6,
    golden_dakon_games: "dakon" >= 6,
    golden_sungka_games: "sungka" >= 6,
    golden_pallanguzhi_games: "pallanguzhi" >= 6,
    golden_bay_khom_games: "bay-khom" >= 6,
    golden_tap_urdy_games: "tap-urdy" >= 6,
    golden_moruba_games: "moruba" >= 8,
    golden_owela_games: "owela" >= 12,
    golden_bao_la_kujifunza_games: "bao-la-kujifunza" >= 15,
}

/// Every bundled variant has golden games, and every directory is replayed.
#[test]
fn every_bundled_variant_has_golden_games() {
    for (id, _, _) in ayla::rules::BUNDLED {
        assert!(VARIANTS.contains(id), "{id} has no golden games");
    }
    for e in fs::read_dir("tests/golden").unwrap() {
        let path = e.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() && name != "notes" {
            assert!(
                VARIANTS.contains(&name.as_str()),
                "tests/golden/{name} is not replayed"
            );
        }
    }
}
