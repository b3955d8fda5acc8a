//! A played game and a checked game agree: random games written as
//! records parse back to the same plies and check clean, with the result
//! the engine computed.

use ayla::check::{Claim, check_game, write_record};
use ayla::engine::Variant;
use ayla::engine::{Game, Ply};
use ayla::notation::{Record, parse_records};
use ayla::rng::Rng;
use ayla::rules::{self, BUNDLED};
use std::sync::Arc;

/// The one record `text` holds, whose plies must be `plies`.
fn read_back(r: &rules::Rules, text: &str, plies: &[Ply]) -> Record {
    let mut recs = parse_records(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(recs.len(), 1, "{text}");
    let back: Vec<Ply> = recs[0]
        .plies
        .iter()
        .map(|p| p.ply.resolve(r).unwrap())
        .collect();
    assert_eq!(back, plies, "{text}");
    recs.remove(0)
}

#[test]
fn random_games_written_as_records_check_clean() {
    for (id, _, _) in BUNDLED {
        let r = rules::bundled(id).unwrap();
        let mut rng = Rng::new(0xca11_ab1e);
        let mut legal = Vec::new();
        for n in 0..300 {
            let mut g = Game::new(Variant::new(r.clone()));
            let mut plies: Vec<Ply> = Vec::new();
            // Every third game is cut short, to record unfinished games too.
            let cap = if n % 3 == 0 {
                rng.below(40)
            } else {
                usize::MAX
            };
            loop {
                g.legal_plies(&mut legal);
                if legal.is_empty() || plies.len() >= cap {
                    break;
                }
                let p = legal[rng.below(legal.len())];
                g.play_unchecked(p);
                plies.push(p);
            }
            let result = match g.outcome() {
                Some(o) => format!("{}-{}", o.totals[0], o.totals[1]),
                None => "*".into(),
            };
            let text = write_record(
                &r,
                &[
                    ("Variant", r.provenance().name.clone()),
                    ("South", "random \"S\"".into()),
                    ("Result", result),
                ],
                &plies,
            );
            let rec = read_back(&r, &text, &plies);
            assert_eq!(rec.tag("South").unwrap().value, "random \"S\"");
            let report = check_game(&Arc::new(Variant::new(r.clone())), &rec).unwrap();
            assert!(report.is_ok(), "{text}");
            assert_eq!(report.outcome, g.outcome());
            assert_eq!(report.claim == Claim::Unfinished, g.outcome().is_none());
        }
    }
}

/// Random games where the mover chooses every direction: the written
/// record says `c>` or `c<` for every sowing, and reads back to the same
/// plies, which check clean.
#[test]
fn chosen_directions_round_trip_through_records() {
    let r = rules::parse(
        "t.toml",
        "extends = \"oware\"\n[variant]\nid = \"t\"\nname = \"T\"\n[sowing]\ndirection = \"chosen\"\n",
    )
    .unwrap();
    let variant = Arc::new(Variant::new(r.clone()));
    let mut rng = Rng::new(0xd1ec_7104);
    let mut legal = Vec::new();
    let mut toward = 0;
    for _ in 0..50 {
        let mut g = Game::new(Arc::clone(&variant));
        let mut plies: Vec<Ply> = Vec::new();
        loop {
            g.legal_plies(&mut legal);
            if legal.is_empty() || plies.len() >= 200 {
                break;
            }
            let p = legal[rng.below(legal.len())];
            toward += usize::from(matches!(p, Ply::SowToward(..)));
            g.play_unchecked(p);
            plies.push(p);
        }
        let text = write_record(&r, &[("Variant", "oware".into())], &plies);
        let rec = read_back(&r, &text, &plies);
        let report = check_game(&variant, &rec).unwrap();
        assert!(report.illegal.is_none(), "{text}");
        assert_eq!(report.outcome, g.outcome());
    }
    assert!(toward > 1000, "{toward} sowings with a direction");
}
