//! Games of a match (`[match]`): a game with pits out of play, played by
//! the engine and by the reference interpreter. Positions traced by hand
//! from docs/rule-language.md (`[match]`, `match.unfilled`).
//!
//! Two rows of four: South's circuit is a b c d A B C D.

use crate::common::{play_in_both, rules_of};
use ayla::engine::Side;

/// C is out of play. South sows d's 3 seeds into A, B and D, passing over
/// C, and the backward chain from D (3) runs across C to B (2) and A (2):
/// 7 seeds to South.
#[test]
fn a_sowing_and_a_chain_pass_over_a_pit_out_of_play() {
    let r = rules_of(
        "[board]\npits_per_row = 4\nseeds_per_pit = 3\n\
         [capture]\ncounts = [2, 3]\nlanding = \"opponent-row\"\nchain = \"backward\"\nchain_zone = \"opponent-row\"\n\
         [match]\nnext_first = \"loser\"\n",
    );
    play_in_both(
        &r,
        "0,0,0,3/1,1,0,2 S 9-8 closed=C",
        "d",
        "0,0,0,0/0,0,0,0 N 16-8 closed=C",
    );
}

/// With stores after each row's last pit, South's d is out of play: a
/// sowing from c puts its second seed in South's store, straight after c.
#[test]
fn a_store_comes_after_the_last_pit_in_play() {
    let r = rules_of(
        "[board]\npits_per_row = 4\nseeds_per_pit = 3\nstores = \"after-last-house\"\n\
         [match]\nnext_first = \"loser\"\n",
    );
    play_in_both(
        &r,
        "3,3,3,0/3,3,3,3 S 2-1 closed=d",
        "c",
        "3,3,0,0/4,4,3,3 N 3-1 closed=d",
    );
}

/// Whole matches of random rule files with `[match]`, random plies: the
/// engine's match (`ayla::matches::Match`, each game on its own board)
/// and the reference interpreter's, each game set up from its own end,
/// agree on every state, every game's outcome and the match's winner,
/// over games with pits out of play and games with pits handed across.
#[test]
fn whole_matches_agree_with_the_reference() {
    use ayla::engine::Variant;
    use ayla::matches::Match;
    use ayla::notation::format_state;
    use ayla::reference::Reference;
    use ayla::reference::match_play::{AfterGame, GameResult, after_game};
    use ayla::rng::Rng;
    let mut rng = Rng::new(46);
    let (mut matches, mut games, mut shortened, mut handed) = (0, 0, 0, 0);
    while matches < 60 {
        let text = ayla::reference::random::random_rules(&mut rng);
        let r = ayla::rules::parse("random.toml", &text).unwrap();
        if r.match_play().is_none() {
            continue;
        }
        matches += 1;
        let mut fast = Match::new(Variant::new(r.clone())).unwrap();
        let mut reference = Reference::new(&r);
        let (mut first, mut last_mover, mut number) = (r.first(), r.first(), 1u16);
        for _ in 0..20 {
            let mut plies = 0;
            while reference.end().is_none() && plies < 300 {
                let legal = reference.legal_plies();
                let ply = legal[rng.below(legal.len())];
                last_mover = reference.state().to_move;
                reference.play(ply).unwrap();
                fast.play(ply).unwrap_or_else(|e| panic!("{e}\n{text}"));
                let state = fast.game().position().to_state(&r);
                assert_eq!(
                    format_state(&r, &state),
                    format_state(&r, reference.state()),
                    "{text}"
                );
                plies += 1;
            }
            if reference.end().is_none() {
                break;
            }
            games += 1;
            assert_eq!(fast.game().outcome(), reference.outcome(), "{text}");
            let result = GameResult {
                outcome: reference.outcome().unwrap(),
                first,
                last_mover,
                number,
            };
            let after = after_game(&r, &result);
            assert_eq!(fast.next_game().unwrap(), after, "{text}");
            match after {
                AfterGame::Next(state) => {
                    shortened += usize::from(state.closed.contains(&true));
                    handed += usize::from(state.controlled(Side::North) != r.home_row(Side::North));
                    first = state.to_move;
                    last_mover = first;
                    number += 1;
                    reference = Reference::from_state(&r, state);
                }
                AfterGame::Over(winner) => {
                    assert_eq!(fast.winner(), Some(winner));
                    break;
                }
            }
        }
    }
    assert!(games > 100, "only {games} games");
    assert!(
        shortened > 10,
        "only {shortened} games with pits out of play"
    );
    assert!(handed > 10, "only {handed} games with pits handed across");
}

/// `solve` solves one game of a match and says so among its conventions.
#[test]
fn the_solver_says_it_solves_one_game_of_the_match() {
    use std::sync::Arc;
    let r =
        rules_of("[board]\npits_per_row = 3\nseeds_per_pit = 2\n[match]\nnext_first = \"loser\"\n");
    let variant = Arc::new(ayla::engine::Variant::new(r));
    let (_, changes) = ayla::solve::solver_variant(&variant).unwrap();
    assert_eq!(changes.len(), 1, "{changes:?}");
    assert!(
        changes[0].starts_with("one game of the match"),
        "{changes:?}"
    );
    // The same rules as one game: no such note.
    let one = rules_of("[board]\npits_per_row = 3\nseeds_per_pit = 2\n");
    let one = Arc::new(ayla::engine::Variant::new(one));
    assert!(ayla::solve::solver_variant(&one).unwrap().1.is_empty());
}

/// South's d is out of play and North's row is empty: with
/// `must-feed-empty-opponent`, c's one seed passes over d into A, so it
/// feeds North, and a's (into b) does not: c alone is legal, in the
/// engine as in the reference.
#[test]
fn a_feeding_sowing_passes_over_a_pit_out_of_play() {
    use ayla::engine::{Game, Ply, Variant};
    let r = rules_of(
        "[board]\npits_per_row = 4\nseeds_per_pit = 3\n[moves]\nfeeding = \"must-feed-empty-opponent\"\n\
         [match]\nnext_first = \"loser\"\n",
    );
    let pos = ayla::notation::parse_position(&r, "1,0,1,0/0,0,0,0 S 12-10 closed=d").unwrap();
    let game = Game::from_position(Variant::new(r.clone()), pos);
    let mut plies = Vec::new();
    game.legal_plies(&mut plies);
    let c = Ply::Sow(ayla::engine::Pit(2));
    assert_eq!(plies, [c]);
    let reference = ayla::reference::Reference::from_state(&r, pos.to_state(&r));
    assert_eq!(reference.legal_plies(), [c]);
}
