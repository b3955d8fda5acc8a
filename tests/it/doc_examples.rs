//! Examples stated in docs/notation.md and docs/gore-and-kpe.md, replayed through the engine.

use ayla::engine::Variant;
use ayla::engine::{Game, Pit, PitSet, Ply};
use ayla::notation::{format_position, parse_position};
use ayla::rules::{self, Rules};

fn rules(id: &str) -> Rules {
    rules::bundled(id).expect("loads")
}

fn ply(r: &Rules, s: &str) -> Ply {
    match s {
        "pass" => Ply::Pass,
        "accept" => Ply::Accept,
        "decline" => Ply::Decline,
        _ if s.starts_with("offer(") => Ply::Offer(
            s[6..s.len() - 1]
                .split(',')
                .map(|l| r.pit(&l.trim()[..1]).unwrap())
                .collect::<PitSet>(),
        ),
        _ => Ply::Sow(r.pit(&s[..1]).unwrap()),
    }
}

/// docs/notation.md: the first 16 plies of a Goré game end in
/// `0,0,15,7/7,6,0,5 N 8-0 declined=S`.
#[test]
fn spec_section_4_gore_opening() {
    let r = rules("gore");
    let mut g = Game::new(Variant::new(r.clone()));
    for p in "c A a C d D d A a B b C a offer(D) decline b".split(' ') {
        g.play(ply(&r, p)).unwrap_or_else(|e| panic!("{p}: {e}"));
    }
    assert_eq!(
        format_position(&r, g.position()),
        "0,0,15,7/7,6,0,5 N 8-0 declined=S"
    );
    assert!(!g.is_over());
}

/// docs/notation.md: the initial Kpé position.
#[test]
fn spec_section_5_initial_kpe() {
    let r = rules("kpe");
    let g = Game::new(Variant::new(r.clone()));
    assert_eq!(format_position(&r, g.position()), "6,6,6,6/6,6,6,6 S 0-0");
    let p = parse_position(&r, "6,6,6,6/6,6,6,6 S 0-0").unwrap();
    assert_eq!(&p, g.position());
}

/// docs/gore-and-kpe.md, Goré: the maximal arc of 2s and 4s around the landing pit,
/// crossing into the mover's own row.
#[test]
fn gore_chain_runs_both_ways_into_own_row() {
    let r = rules("gore");
    // South sows b (3 seeds): c, d, A. A then holds 2; B (forward) holds 4,
    // C holds 1 (stops the forward run); backwards d holds 2, c holds 4,
    // b is the emptied origin (0) and stops it. 48 seeds in all.
    let pos = parse_position(&r, "5,3,3,1/1,4,1,6 S 12-12").unwrap();
    let mut g = Game::from_position(Variant::new(r.clone()), pos);
    g.play(Ply::Sow(Pit(1))).unwrap();
    assert_eq!(format_position(&r, g.position()), "5,0,0,0/0,0,1,6 N 24-12");
}
