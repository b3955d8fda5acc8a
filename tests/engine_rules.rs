//! The rules of docs/gore-and-kpe.md, one clause at a time, on positions built by
//! hand. Each expected position was worked out on paper from the clause.

use ayla::engine::Variant;
use ayla::engine::{EndReason, Game, Side};
use ayla::notation::{format_position, parse_ply, parse_position};
use ayla::rules::{self, Rules};

fn bundled(id: &str) -> Rules {
    rules::bundled(id).unwrap()
}

fn game(r: &Rules, pos: &str) -> Game {
    Game::from_position(
        Variant::new(r.clone()),
        parse_position(r, pos).unwrap_or_else(|e| panic!("{pos}: {e}")),
    )
}

fn play(g: &mut Game, ply: &str) -> Result<String, String> {
    let v = g.variant().clone();
    let p = parse_ply(&v, ply).map_err(|e| e.to_string())?;
    g.play(p).map_err(|e| e.to_string())?;
    Ok(format_position(&v, g.position()))
}

fn legal(g: &Game) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_plies(&mut v);
    v.iter().map(|p| p.notation(g.rules().per_row)).collect()
}

// ---- Kpé -------------------------------------------------------------

/// The sowing that completes the lock captures (our reading), and the
/// chain runs backwards through the opponent's row only.
#[test]
fn kpe_lock_release_may_capture() {
    let r = bundled("kpe");
    // d (2 seeds) → A, B. B holds 2: captured; A (4) before it too; d is South's own row.
    let mut g = game(&r, "10,10,10,2/3,1,5,7 S 0-0 sown=abc/");
    assert_eq!(
        play(&mut g, "d").unwrap(),
        "10,10,10,0/0,0,5,7 N 6-0 sown=abcd/"
    );
}

#[test]
fn kpe_locked_player_does_not_capture() {
    let r = bundled("kpe");
    let mut g = game(&r, "10,10,10,2/3,1,5,7 S 0-0 sown=ab/");
    assert_eq!(
        play(&mut g, "d").unwrap(),
        "10,10,10,0/4,2,5,7 N 0-0 sown=abd/"
    );
}

/// The other reading of the lock, as a variant file would state it.
#[test]
fn kpe_lock_release_without_capture_when_the_file_says_so() {
    let text = rules::BUNDLED
        .iter()
        .find(|b| b.0 == "kpe")
        .unwrap()
        .2
        .replace(
            "lock_release_may_capture = true",
            "lock_release_may_capture = false",
        );
    let r = rules::parse("kpe-strict.toml", &text).unwrap();
    let mut g = game(&r, "10,10,10,2/3,1,5,7 S 0-0 sown=abc/");
    assert_eq!(
        play(&mut g, "d").unwrap(),
        "10,10,10,0/4,2,5,7 N 0-0 sown=abcd/"
    );
    // Once released, the next sowing captures.
    let mut g = game(&r, "10,10,10,2/3,1,5,7 S 0-0 sown=abcd/");
    assert_eq!(
        play(&mut g, "d").unwrap(),
        "10,10,10,0/0,0,5,7 N 6-0 sown=abcd/"
    );
}

#[test]
fn kpe_feeding_is_forced_when_some_sowing_feeds() {
    let r = bundled("kpe");
    let g = game(&r, "1,1,10,4/0,0,0,0 S 20-12 sown=abcd/");
    assert_eq!(legal(&g), ["c", "d"]);
    let mut g2 = g.clone();
    assert_eq!(
        play(&mut g2, "a").unwrap_err(),
        "North's pits are all empty, so South must feed them; sowing from a does not reach them, sowing from c or d does"
    );
}

#[test]
fn kpe_any_sowing_when_none_can_feed() {
    let r = bundled("kpe");
    let g = game(&r, "1,1,0,0/0,0,0,0 S 20-26 sown=abcd/ABCD");
    assert_eq!(legal(&g), ["a", "b"]);
}

#[test]
fn kpe_ends_when_the_player_to_move_has_an_empty_row() {
    let r = bundled("kpe");
    let g = game(&r, "1,1,0,0/0,0,0,0 N 20-26 sown=abcd/ABCD");
    let o = g.outcome().expect("over");
    assert_eq!(o.reason, EndReason::NoSowing(Side::North));
    assert_eq!(o.totals, [22, 26]);
    assert_eq!(o.winner, Some(Side::North));
    assert!(legal(&g).is_empty());
}

#[test]
fn kpe_sows_from_own_row_only() {
    let r = bundled("kpe");
    let mut g = Game::new(Variant::new(r.clone()));
    assert_eq!(
        play(&mut g, "A").unwrap_err(),
        "South may not sow from pit A: it is not in South's row"
    );
    assert_eq!(
        play(&mut g, "pass").unwrap_err(),
        "this variant has no passing: when the player to act has nothing to sow, the game ends"
    );
    assert_eq!(
        play(&mut g, "offer(a)").unwrap_err(),
        "this variant has no trading, so there are no offers"
    );
}

/// A long sowing passes through its emptied origin (our reading).
#[test]
fn long_sowing_drops_into_its_origin() {
    let r = bundled("kpe");
    // a holds 9: b c d A B C D, then a, then b.
    let mut g = game(&r, "9,1,1,1/1,1,1,1 S 16-16");
    assert_eq!(
        play(&mut g, "a").unwrap(),
        "1,3,2,2/2,2,2,2 N 16-16 sown=a/"
    );
}

// ---- Goré ------------------------------------------------------------

#[test]
fn gore_chain_both_ways_across_the_circuit() {
    let r = bundled("gore");
    // b (3): c=4, d=2, A=2 (landing, North's). Forward: B=4, C=1 stops.
    // Backward: d=2, c=4 (South's own row), b=0 stops.
    let mut g = game(&r, "5,3,3,1/1,4,1,6 S 12-12");
    assert_eq!(play(&mut g, "b").unwrap(), "5,0,0,0/0,0,1,6 N 24-12");
}

#[test]
fn gore_no_capture_when_landing_in_own_territory() {
    let r = bundled("gore");
    // a (2): b=4, c=2 — landing c is South's own: nothing captured.
    let mut g = game(&r, "2,3,1,6/6,6,6,6 S 6-6");
    assert_eq!(play(&mut g, "a").unwrap(), "0,4,2,6/6,6,6,6 N 6-6");
}

#[test]
fn gore_forced_pass() {
    let r = bundled("gore");
    let mut g = game(&r, "0,0,0,0/3,3,3,3 S 18-18");
    assert_eq!(legal(&g), ["pass"]);
    assert_eq!(
        play(&mut g, "a").unwrap_err(),
        "pit a is empty; a sowing takes the seeds of a non-empty pit"
    );
    assert_eq!(
        play(&mut g, "offer(a)").unwrap_err(),
        "only a player who has seeds to sow may offer; every pit South controls is empty"
    );
    assert_eq!(play(&mut g, "pass").unwrap(), "0,0,0,0/3,3,3,3 N 18-18");
}

#[test]
fn gore_trade_offered_and_accepted() {
    let r = bundled("gore");
    let mut g = game(&r, "3,3,3,3/3,3,3,3 S 12-12");
    assert_eq!(
        play(&mut g, "offer(a,b,c)").unwrap_err(),
        "an offer is legal only if the opponent can pay 6 captured seeds per pit; North would owe 18 and has captured 12"
    );
    assert_eq!(
        play(&mut g, "offer(a,b,c,d)").unwrap_err(),
        "an offer names 1 to 3 pits; this one names 4"
    );
    assert_eq!(
        play(&mut g, "offer(A)").unwrap_err(),
        "South may offer only pits they control; pit A is controlled by North"
    );
    assert_eq!(
        play(&mut g, "offer(b,a)").unwrap(),
        "3,3,3,3/3,3,3,3 N 12-12 offer=a,b"
    );
    assert_eq!(legal(&g), ["accept", "decline"]);
    assert_eq!(
        play(&mut g, "A").unwrap_err(),
        "South has offered pits a,b; North must answer with `accept` or `decline`"
    );
    // North takes a and b, paying 6 captured seeds into each; North acts again.
    assert_eq!(
        play(&mut g, "accept").unwrap(),
        "9,9,3,3/3,3,3,3 N 12-0 owners=NNSS/NNNN"
    );
    // North may now sow from a: 9 seeds, b c d A B C D, the origin a, then b.
    assert_eq!(
        play(&mut g, "a").unwrap(),
        "1,11,4,4/4,4,4,4 S 12-0 owners=NNSS/NNNN"
    );
}

#[test]
fn gore_offerer_keeps_a_pit() {
    let r = bundled("gore");
    let mut g = game(&r, "0,0,0,6/0,0,0,0 S 0-42 owners=NNNS/NNNN");
    assert_eq!(
        play(&mut g, "offer(d)").unwrap_err(),
        "the offerer must keep at least 1 pit; South controls 1 and offers 1"
    );
}

#[test]
fn gore_decline_then_victory_without_glory() {
    let r = bundled("gore");
    // South offers c; North declines and sows D (1): a=1. Every pit < 3: the end.
    let mut g = game(&r, "0,0,2,3/0,0,0,1 S 12-30");
    play(&mut g, "offer(c)").unwrap();
    assert_eq!(
        play(&mut g, "decline").unwrap(),
        "0,0,2,3/0,0,0,1 N 12-30 declined=N"
    );
    assert!(!g.is_over());
    assert_eq!(
        play(&mut g, "D").unwrap(),
        "1,0,2,3/0,0,0,0 S 12-30 declined=N"
    );
    assert!(!g.is_over(), "d still holds 3");
    assert_eq!(
        play(&mut g, "d").unwrap(),
        "1,0,2,0/1,1,1,0 N 12-30 declined=N"
    );
    let o = g.outcome().expect("every pit holds fewer than 3");
    assert_eq!(o.reason, EndReason::AllBelow(3));
    assert_eq!(o.totals, [15, 33]);
    assert_eq!(o.winner, Some(Side::North));
    assert!(o.without_glory);
    assert_eq!(
        o.to_string(),
        "15-33: North wins (victory without glory); the game ended because every pit holds fewer than 3 seeds"
    );
}

#[test]
fn third_occurrence_ends_the_game() {
    let r = bundled("gore");
    // Offer and decline, back and forth: the state without `declined` recurs.
    let mut g = game(&r, "3,3,3,3/3,3,3,3 S 12-12");
    for (i, p) in ["offer(a)", "decline", "offer(A)", "decline"]
        .iter()
        .cycle()
        .take(8)
        .enumerate()
    {
        assert!(!g.is_over(), "over before ply {}", i + 1);
        play(&mut g, p).unwrap();
    }
    // The start occurred at plies 0, 4 and 8.
    assert_eq!(g.end(), Some(EndReason::Repetition(3)));
    assert_eq!(
        play(&mut g, "a").unwrap_err(),
        "the game is over (the same position occurred for the 3rd time); no ply may follow"
    );
}

/// With trading, pits can change hands and back, and payments give captured
/// seeds back: a whole state may recur across trades, and the repetition
/// rule must still see it (found by the random-rules fuzz target).
#[test]
fn repetition_is_seen_across_trades_that_undo_each_other() {
    let text = "extends = \"gore\"\n[variant]\nid = \"free-trade\"\nname = \"Free trade\"\n\
                [trading]\nprice_per_pit = 0\nkeep_at_least = 0\nonly_if_affordable = false\n";
    let r = rules::parse("free-trade.toml", text).unwrap();
    let mut g = game(&r, "3,3,3,3/3,3,3,3 S 12-12");
    // S gives a to N, N gives it back: the start recurs every 4 plies.
    for (i, p) in ["offer(a)", "accept", "offer(a)", "accept"]
        .iter()
        .cycle()
        .take(8)
        .enumerate()
    {
        assert!(!g.is_over(), "over before ply {}", i + 1);
        play(&mut g, p).unwrap();
    }
    assert_eq!(format_position(&r, g.position()), "3,3,3,3/3,3,3,3 S 12-12");
    assert_eq!(g.end(), Some(EndReason::Repetition(3)));
}

// ---- Ba-awa: sowing captures, relay, the few-seeds end ----------------
// Pits a..f then A..F counter-clockwise; every expected position below
// was sown seed by seed on paper.

/// e (3 seeds): f 0→1, A 3→4 mid-lap, so North (A's controller) takes
/// it although South is sowing; B 0→1 is the last seed, in an empty pit:
/// the sowing ends.
#[test]
fn ba_awa_a_pit_reaching_four_mid_lap_goes_to_its_controller() {
    let r = bundled("ba-awa");
    let mut g = game(&r, "10,10,5,0,3,0/3,0,5,5,4,3 S 0-0");
    assert_eq!(
        play(&mut g, "e").unwrap(),
        "10,10,5,0,0,1/0,1,5,5,4,3 N 0-4"
    );
}

/// e (2 seeds): f 0→1, then the last seed makes A 4: the sower takes it
/// and the sowing ends there, with no relay from the emptied pit.
#[test]
fn ba_awa_a_last_seed_making_four_goes_to_the_sower_and_ends_the_sowing() {
    let r = bundled("ba-awa");
    let mut g = game(&r, "10,10,5,1,2,0/3,1,5,5,3,3 S 0-0");
    assert_eq!(
        play(&mut g, "e").unwrap(),
        "10,10,5,1,0,1/0,1,5,5,3,3 N 4-0"
    );
}

/// d (2): e 0→1, f 1→2 last and occupied: relay with 2 from f: A 0→1,
/// B 5→6 last: relay with 6 from B: C 0→1, D 2→3, E 3→4 (North's, taken
/// by North), F 1→2, a 3→4 (South's, taken by South), b 0→1 last in an
/// empty pit: the end.
#[test]
fn ba_awa_relay_laps_capture_for_both_players_on_the_way() {
    let r = bundled("ba-awa");
    let mut g = game(&r, "3,0,10,2,0,1/0,5,0,2,3,1 S 10-11");
    assert_eq!(
        play(&mut g, "d").unwrap(),
        "0,1,10,0,1,0/1,0,1,3,0,2 N 14-15"
    );
}

/// 12 seeds on the board; South's e (2) makes A 4 with its last seed and
/// takes it: 8 are left, so the game ends and South, who began, takes them.
#[test]
fn ba_awa_eight_seeds_left_go_to_the_first_player() {
    let r = bundled("ba-awa");
    let mut g = game(&r, "0,0,3,0,2,0/3,0,2,0,2,0 S 18-18");
    assert_eq!(
        play(&mut g, "e").unwrap(),
        "0,0,3,0,0,1/0,0,2,0,2,0 N 22-18"
    );
    let o = g.outcome().expect("the game is over");
    assert_eq!(o.reason, EndReason::SeedsLeft(8));
    assert_eq!(o.totals, [30, 18]);
    assert_eq!(o.winner, Some(Side::South));
}

/// A position already down to 8 seeds is finished before any ply.
#[test]
fn ba_awa_a_position_with_eight_seeds_is_over() {
    let r = bundled("ba-awa");
    let g = game(&r, "0,0,3,0,0,1/0,0,2,0,2,0 N 22-18");
    assert_eq!(g.end(), Some(EndReason::SeedsLeft(8)));
    assert!(legal(&g).is_empty());
}

/// An empty row passes, and only then.
#[test]
fn ba_awa_an_empty_row_passes() {
    let r = bundled("ba-awa");
    let g = game(&r, "0,0,0,0,0,0/5,5,5,0,0,0 S 20-13");
    assert_eq!(legal(&g), vec!["pass"]);
    let g = game(&r, "1,0,0,0,0,0/5,5,5,0,0,0 S 20-12");
    assert_eq!(legal(&g), vec!["a"]);
}

// ---- Ayoayo: relay with skipped origins, opposite capture, feeding ----

fn ayoayo_reading(alt: &str) -> Rules {
    rules::resolve_with(
        "ayoayo",
        std::path::Path::new(""),
        &[("capturing-seed".to_owned(), alt.to_owned())]
            .into_iter()
            .collect(),
    )
    .unwrap()
}

/// a (1) → b, empty and South's own: E opposite holds 5. By default the
/// capturing seed is taken too (6); under `capturing-seed=stays` it stays.
#[test]
fn ayoayo_opposite_capture_under_both_readings() {
    let r = bundled("ayoayo");
    let mut g = game(&r, "1,0,4,4,4,4/4,4,4,4,5,3 S 0-7");
    assert_eq!(play(&mut g, "a").unwrap(), "0,0,4,4,4,4/4,4,4,4,0,3 N 6-7");
    let r = ayoayo_reading("stays");
    let mut g = game(&r, "1,0,4,4,4,4/4,4,4,4,5,3 S 0-7");
    assert_eq!(play(&mut g, "a").unwrap(), "0,1,4,4,4,4/4,4,4,4,0,3 N 5-7");
}

/// Facing an empty pit, a last seed in an empty pit of one's own takes nothing.
#[test]
fn ayoayo_no_capture_facing_an_empty_pit() {
    let r = bundled("ayoayo");
    let mut g = game(&r, "1,0,4,4,4,4/4,4,4,4,0,3 S 0-12");
    assert_eq!(play(&mut g, "a").unwrap(), "0,1,4,4,4,4/4,4,4,4,0,3 N 0-12");
}

/// f (12): A..F, a..e, skip f, A (now 2: relay); A's 2: B, C (relay);
/// C's 2: D, E (relay); E's 2: F, a (relay); a's 2: b, c (relay); c's 2:
/// d, e (relay); e's 2: f (the first origin: only a lap's own origin is
/// skipped), A (emptied by its relay, now 1: the end, in North's row).
#[test]
fn ayoayo_each_lap_skips_its_own_origin() {
    let r = bundled("ayoayo");
    let mut g = game(&r, "0,0,0,0,0,12/0,0,0,0,0,0 S 18-18");
    assert_eq!(
        play(&mut g, "f").unwrap(),
        "0,2,0,2,0,1/1,2,0,2,0,2 N 18-18"
    );
}

/// North's row is empty: a (1) → b leaves it empty, f (1) → A feeds.
#[test]
fn ayoayo_the_mover_must_leave_the_opponent_a_seed() {
    let r = bundled("ayoayo");
    let mut g = game(&r, "1,0,0,0,0,1/0,0,0,0,0,0 S 20-26");
    assert_eq!(legal(&g), vec!["f"]);
    assert_eq!(
        play(&mut g, "a").unwrap_err(),
        "North's pits are all empty, so South must leave them a seed; after sowing from a they would still be empty, after sowing from f they would not"
    );
}

/// No sowing can feed North: the game is over and South takes the seed left.
#[test]
fn ayoayo_cannot_feed_ends_and_the_mover_takes_all() {
    let r = bundled("ayoayo");
    let g = game(&r, "1,0,0,0,0,0/0,0,0,0,0,0 S 20-27");
    let o = g.outcome().expect("over");
    assert_eq!(o.reason, EndReason::CannotFeed(Side::South));
    assert_eq!(o.totals, [21, 27]);
}

/// South has nothing to sow while North has seeds: the game ends and the
/// seeds left go to the row they lie in.
#[test]
fn ayoayo_nothing_to_sow_ends_the_game() {
    let r = bundled("ayoayo");
    let g = game(&r, "0,0,0,0,0,0/1,0,0,0,0,0 S 20-27");
    let o = g.outcome().expect("over");
    assert_eq!(o.reason, EndReason::NoSowing(Side::South));
    assert_eq!(o.totals, [20, 28]);
}

// ---- A ply cap (`end.max_plies`) ----------------------------------------

fn capped(cap: u32) -> Rules {
    rules::parse(
        "capped.toml",
        &format!(
            "extends = \"kpe\"\n\n[variant]\nid = \"kpe-capped\"\nname = \"Kpé, capped\"\n\n\
             [end]\nmax_plies = {cap}\n"
        ),
    )
    .unwrap()
}

/// Three plies from the start (no capture is possible before the lock is
/// released): the third ends the game, the seeds left go to the row they
/// lie in, and a fourth ply is refused.
#[test]
fn a_ply_cap_ends_the_game_after_that_many_plies() {
    let r = capped(3);
    let mut g = Game::new(Variant::new(r.clone()));
    // a (6) → b c d A B C: 0,7,7,7/7,7,7,6; North D (6) → a b c d A B:
    // 1,8,8,8/8,8,7,0; South b (8) → c d A B C D a b: 2,1,9,9/9,9,8,1.
    assert_eq!(play(&mut g, "a").unwrap(), "0,7,7,7/7,7,7,6 N 0-0 sown=a/");
    assert_eq!(play(&mut g, "D").unwrap(), "1,8,8,8/8,8,7,0 S 0-0 sown=a/D");
    assert!(!g.is_over());
    assert_eq!(
        play(&mut g, "b").unwrap(),
        "2,1,9,9/9,9,8,1 N 0-0 sown=ab/D"
    );
    let o = g.outcome().expect("over at the cap");
    assert_eq!(o.reason, EndReason::PlyCap(3));
    assert_eq!(o.totals, [21, 27]);
    assert_eq!(
        play(&mut g, "A").unwrap_err(),
        "the game is over (the game reached its cap of 3 plies); no ply may follow"
    );
}

/// The cap counts from the position a game starts at, and is part of what
/// a search sees: two games at the same position with different plies
/// left have different search keys.
#[test]
fn a_ply_cap_counts_from_the_start_and_keys_the_search() {
    let r = capped(2);
    let pos = "0,7,7,7/7,7,7,6 N 0-0 sown=a/";
    let mut from_there = game(&r, pos);
    assert_eq!(from_there.plies_played(), 0);
    play(&mut from_there, "D").unwrap();
    assert!(!from_there.is_over(), "one ply of two");
    let mut from_start = Game::new(Variant::new(r.clone()));
    play(&mut from_start, "a").unwrap();
    let fresh = game(&r, pos);
    assert_eq!(from_start.position(), fresh.position());
    assert_ne!(from_start.search_key(), fresh.search_key());
    let uncapped = bundled("kpe");
    let mut a = Game::new(Variant::new(uncapped.clone()));
    play(&mut a, "a").unwrap();
    assert_eq!(
        a.search_key(),
        game(&uncapped, pos).search_key(),
        "without a cap the plies played do not matter"
    );
}
