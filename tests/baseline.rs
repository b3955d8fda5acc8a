//! The hand-written Kpé loop of `ayla bench` (`ayla::bench::kpe_baseline`)
//! against the generic engine: on the same seeds they must play the same
//! games, ply for ply, to the same final positions and results; otherwise
//! the speed ratio the bench prints compares different work.

use ayla::bench::{is_kpe, kpe_baseline};
use ayla::engine::{EndReason, Game, Outcome, Pit, Ply, Position};
use ayla::rng::Rng;
use ayla::rules;
use ayla::search::playout::{self, random_playouts_observed};

/// One game as seen from outside: its sowings, final position and end.
#[derive(Debug, PartialEq)]
struct Seen {
    plies: Vec<Pit>,
    end: Position,
    reason: EndReason,
    totals: [u32; 2],
}

#[derive(Default)]
struct Log {
    current: Vec<Pit>,
    games: Vec<Seen>,
    /// Plies where the feeding rule narrowed the choice (engine side).
    fed: usize,
}

impl playout::Observer for Log {
    fn ply(&mut self, game: &Game<'_>, ply: Ply) {
        let pos = game.position();
        let r = game.rules();
        if pos.legal_sowings(r) != pos.sowable(r, pos.to_move()) {
            self.fed += 1;
        }
        let Ply::Sow(p) = ply else {
            panic!("Kpé has only sowings, got {ply:?}")
        };
        self.current.push(p);
    }
    fn end(&mut self, game: &Game<'_>, outcome: &Outcome) {
        self.games.push(Seen {
            plies: std::mem::take(&mut self.current),
            end: *game.position(),
            reason: outcome.reason,
            totals: outcome.totals,
        });
    }
}

impl kpe_baseline::Observer for Log {
    fn ply(&mut self, pit: Pit) {
        self.current.push(pit);
    }
    fn end(&mut self, game: &kpe_baseline::Kpe) {
        self.games.push(Seen {
            plies: std::mem::take(&mut self.current),
            end: game.position(),
            reason: game.end().expect("the game is over"),
            totals: game.totals(),
        });
    }
}

#[test]
fn baseline_plays_the_engines_games() {
    let kpe = rules::bundled("kpe").unwrap().unwrap();
    assert!(is_kpe(&kpe));
    let mut reasons = std::collections::BTreeMap::new();
    let mut fed = 0;
    for seed in [0, 1, 2, 7, 42, 0x5eed, u64::MAX] {
        let (mut a, mut b) = (Log::default(), Log::default());
        let sa = random_playouts_observed(&kpe, &mut Rng::new(seed), 20_000, &mut a);
        let sb = kpe_baseline::random_playouts_observed(&mut Rng::new(seed), 20_000, &mut b);
        assert_eq!(sa, sb, "seed {seed}: different totals");
        assert_eq!(a.games.len(), b.games.len());
        fed += a.fed;
        for (i, (x, y)) in a.games.iter().zip(&b.games).enumerate() {
            assert_eq!(x, y, "seed {seed}, game {i}");
            *reasons.entry(x.reason.code()).or_insert(0) += 1;
        }
    }
    // The feeding rule and both ways a Kpé game ends were exercised.
    assert!(fed > 0);
    assert!(reasons.contains_key("no-sowing"), "{reasons:?}");
    assert!(reasons.contains_key("repetition"), "{reasons:?}");
}

#[test]
fn only_kpes_rules_are_kpe() {
    let kpe = rules::bundled("kpe").unwrap().unwrap();
    let gore = rules::bundled("gore").unwrap().unwrap();
    assert!(!is_kpe(&gore));
    // Same rules under another name: still Kpé.
    let text = rules::BUNDLED.iter().find(|b| b.0 == "kpe").unwrap().2;
    let renamed = text.replace("id = \"kpe\"", "id = \"kpe-copy\"");
    assert!(is_kpe(&rules::parse("copy.toml", &renamed).unwrap()));
    // One rule changed under Kpé's name: not Kpé.
    let changed = text.replace("counts = [2, 4]", "counts = [2, 3]");
    let changed = rules::parse("kpe.toml", &changed).unwrap();
    assert_eq!(changed.provenance.id, kpe.provenance.id);
    assert!(!is_kpe(&changed));
}
