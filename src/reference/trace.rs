//! A ply seed by seed: the frames a board picture animates.
//!
//! The reference interpreter already plays a sowing one seed at a time, so
//! the trace is that walk written down: each time a pit is lifted, a seed
//! falls or pits are taken, the board as it then stands. Nothing here
//! decides a rule; [`trace`] plays the ply with the reference's own
//! `apply` and only listens.
//!
//! The recorder is per thread and switched on only around the ply being
//! traced, after its legality is judged, so the sowings the legality
//! tests play out on copies of the state (feeding, a forbidden grand slam)
//! are never recorded.

use super::match_play::{AfterGame, GameResult, after_game};
use super::{State, apply, legal_plies, why_illegal};
use crate::board::{Pit, PitSet, Place, Side};
use crate::engine::Ply;
use crate::rules::Rules;
use std::cell::{Cell, RefCell};

/// What one step of a ply did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A pit was emptied into the hand: the pit sown from, or a pit a
    /// relay lifts.
    Lift(Pit),
    /// One seed fell here. A seed falling into a house is a drop into the
    /// house's pit, though it goes at once to the house's owner.
    Drop(Place),
    /// These pits were taken: a sowing capture, a capture at the end of the
    /// sowing or on the way (beyond captures), or a house made and emptied.
    Capture(PitSet),
    /// The sowing stopped because this side's inner row was empty
    /// (`end.inner_row_empty = "loses-at-once"`); the seeds in hand went
    /// to the other side's captured total.
    Stop(Side),
    /// Between two games of a match: every seed left the board for the
    /// hand of the player who holds it (their captured total).
    Gather,
    /// Between two games of a match: this pit was filled from the hand of
    /// the player who controls it in the next game.
    Fill(Pit),
    /// Between two games of a match: this pit is out of play in the next.
    Close(Pit),
}

/// The board after one step of a ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The step.
    pub event: Event,
    /// The whole state as it then stands (who controls what, the offer and
    /// the side to act do not change in the middle of a sowing, so they
    /// are those of the state the ply was played from).
    pub state: State,
}

thread_local! {
    /// The frames of the ply being traced on this thread; `None` when no
    /// ply is.
    static FRAMES: RefCell<Option<Vec<Frame>>> = const { RefCell::new(None) };
    /// Whether a trace is running: a plain flag, so the reference pays one
    /// load per seed when it is not (the differential test's millions).
    static TRACING: Cell<bool> = const { Cell::new(false) };
}

/// Records `event` and the state after it, if a trace is running.
#[inline]
pub(super) fn note(state: &State, event: Event) {
    if !TRACING.with(Cell::get) {
        return;
    }
    FRAMES.with(|f| {
        if let Some(frames) = f.borrow_mut().as_mut() {
            frames.push(Frame {
                event,
                state: state.clone(),
            });
        }
    });
}

/// The frames of `ply` played from `state`, in order: for a sowing, the
/// lift of its pit, a drop for every seed, each relay's lift and each
/// capture; a ply that sows nothing (a pass, an offer, its answer) has
/// none. `state` itself is left as it was.
///
/// # Errors
/// Why `ply` is not legal in `state`, in the reference's words.
pub fn trace(rules: &Rules, state: &State, ply: Ply) -> Result<Vec<Frame>, String> {
    if !legal_plies(rules, state).contains(&ply) {
        return Err(why_illegal(rules, state, ply));
    }
    let mut after = state.clone();
    FRAMES.with(|f| *f.borrow_mut() = Some(Vec::new()));
    TRACING.with(|t| t.set(true));
    apply(rules, &mut after, ply);
    TRACING.with(|t| t.set(false));
    Ok(FRAMES.with(|f| f.borrow_mut().take()).unwrap_or_default())
}

/// The frames of the set-up of the next game of a match after `last`
/// (the rules must have `[match]`): the seeds gathered off the board,
/// then each pit filled or closed in the order the set-up takes them. None
/// when the match ends with `last`.
#[must_use]
pub fn refill(rules: &Rules, last: &GameResult) -> Vec<Frame> {
    FRAMES.with(|f| *f.borrow_mut() = Some(Vec::new()));
    TRACING.with(|t| t.set(true));
    let after = after_game(rules, last);
    TRACING.with(|t| t.set(false));
    let frames = FRAMES.with(|f| f.borrow_mut().take()).unwrap_or_default();
    match after {
        AfterGame::Next(_) => frames,
        AfterGame::Over(_) => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules;

    fn pit(rules: &Rules, c: char) -> Pit {
        rules.pit(c.encode_utf8(&mut [0; 4])).unwrap()
    }

    #[test]
    fn a_kpe_opening_sowing_lifts_then_drops_each_seed_in_order() {
        // Kpé starts with 6 seeds a pit on 2x4 and sows counter-clockwise:
        // sowing c drops into d A B C D a (traced by hand).
        let r = rules::bundled("kpe").unwrap();
        let frames = trace(&r, &State::initial(&r), Ply::Sow(pit(&r, 'c'))).unwrap();
        let events: Vec<Event> = frames.iter().map(|f| f.event).collect();
        let mut want = vec![Event::Lift(pit(&r, 'c'))];
        want.extend(
            "dABCDa"
                .chars()
                .map(|c| Event::Drop(Place::Pit(pit(&r, c)))),
        );
        assert_eq!(events, want);
        assert_eq!(frames[0].state.seeds[pit(&r, 'c').index()], 0);
        assert_eq!(
            frames.last().unwrap().state.seeds,
            vec![7, 6, 0, 7, 7, 7, 7, 7]
        );
    }

    #[test]
    fn a_kalah_sowing_drops_a_seed_in_the_store() {
        let r = rules::bundled("kalah").unwrap();
        let n = r.per_row();
        // The last house of South's row holds 4 at the start: its seeds go
        // to the store, then round into North's row.
        let last = Pit((n - 1) as u8);
        let frames = trace(&r, &State::initial(&r), Ply::Sow(last)).unwrap();
        assert_eq!(frames[1].event, Event::Drop(Place::Store(Side::South)));
        assert_eq!(frames[1].state.captured, [1, 0]);
    }

    #[test]
    fn a_refill_gathers_then_fills_each_pit_in_turn_and_closes_the_rest() {
        use crate::engine::{EndReason, Outcome};
        // 2x3, 3 seeds a pit, refilled from each row's first pit: South
        // holds 11 (three pits and 2 over), North 7 (two pits and 1 over),
        // so North's last pit, C, is out of play (traced by hand).
        let r = rules::parse(
            "m.toml",
            "[variant]\nid = \"m\"\nname = \"M\"\n[board]\npits_per_row = 3\n\
             seeds_per_pit = 3\n[match]\nnext_first = \"loser\"\n",
        )
        .unwrap();
        let held = [11, 7];
        let outcome = Outcome {
            reason: EndReason::NoSowing(Side::North),
            totals: held,
            winner: Some(Side::South),
            without_glory: false,
            held,
        };
        let frames = refill(&r, &GameResult::new(outcome, Side::South, None, 1));
        let events: Vec<Event> = frames.iter().map(|f| f.event).collect();
        let p = |c| pit(&r, c);
        assert_eq!(
            events,
            [
                Event::Gather,
                Event::Fill(p('a')),
                Event::Fill(p('b')),
                Event::Fill(p('c')),
                Event::Fill(p('A')),
                Event::Fill(p('B')),
                Event::Close(p('C')),
            ]
        );
        assert_eq!(frames[0].state.captured, held);
        assert_eq!(frames[0].state.seeds, vec![0; 6]);
        assert_eq!(frames[3].state.captured, [2, 7]);
        assert_eq!(frames[6].state.captured, [2, 1]);
        assert!(frames[6].state.closed[p('C').index()]);
    }

    #[test]
    fn an_illegal_ply_is_refused_and_records_nothing() {
        let r = rules::bundled("kpe").unwrap();
        let north = r.pit("A").unwrap();
        assert!(trace(&r, &State::initial(&r), Ply::Sow(north)).is_err());
        assert!(FRAMES.with(|f| f.borrow().is_none()));
    }

    #[test]
    fn the_last_frame_is_the_state_the_reference_reaches() {
        let r = rules::bundled("gore").unwrap();
        let mut game = super::super::Reference::new(&r);
        for _ in 0..30 {
            let Some(&ply) = game.legal_plies().first() else {
                break;
            };
            let before = game.state().clone();
            let frames = trace(&r, &before, ply).unwrap();
            game.play(ply).unwrap();
            if let Some(last) = frames.last() {
                assert_eq!(last.state.seeds, game.state().seeds);
                assert_eq!(last.state.captured, game.state().captured);
            }
        }
    }

    #[test]
    fn over_random_rule_files_the_last_frame_is_the_state_after_the_ply() {
        use crate::rng::Rng;
        let mut rng = Rng::new(17);
        let mut sowings = 0;
        for _ in 0..150 {
            let text = super::super::random::random_rules(&mut rng);
            let Ok(r) = rules::parse("random.toml", &text) else {
                continue;
            };
            let mut game = super::super::Reference::new(&r);
            let work = super::super::seeds_sown();
            for _ in 0..40 {
                let legal = game.legal_plies();
                if legal.is_empty() || super::super::seeds_sown() - work > 100_000 {
                    break;
                }
                let ply = legal[rng.below(legal.len())];
                let before = game.state().clone();
                let frames = trace(&r, &before, ply).unwrap();
                game.play(ply).unwrap();
                let after = game.state();
                match frames.last() {
                    Some(last) => {
                        sowings += 1;
                        assert_eq!(frames[0].event, Event::Lift(ply.origin().unwrap()));
                        assert_eq!(
                            (&last.state.seeds, last.state.captured, &last.state.houses),
                            (&after.seeds, after.captured, &after.houses),
                            "{text}"
                        );
                        // What a drawing of a frame takes from the state
                        // before: it must not move mid-sowing.
                        for f in &frames {
                            assert_eq!(
                                (&f.state.controller, &f.state.offer, f.state.to_move),
                                (&before.controller, &before.offer, before.to_move),
                                "{text}"
                            );
                        }
                    }
                    None => assert!(ply.origin().is_none()),
                }
            }
        }
        assert!(sowings > 1000, "only {sowings} sowings traced");
    }
}
