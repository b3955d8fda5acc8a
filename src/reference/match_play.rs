//! `[match]`: what follows a game of a match, in the words of
//! docs/rule-language.md (`[match]`): the next game set up from the seeds
//! each player holds at the end of the last, or the match's end.

use super::trace::{Event, note};
use super::{State, home_row};
use crate::board::Pit;
use crate::engine::{Outcome, Side};
use crate::rules::{Direction, FillFrom, MatchPlay, NextFirst, Rules, Unfilled};

/// What follows a game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AfterGame {
    /// The next game starts from this state.
    Next(State),
    /// The match is over: its winner, or `None` for a draw.
    Over(Option<Side>),
}

/// How the last game of a match went, as [`after_game`] needs it.
#[derive(Clone, Copy, Debug)]
pub struct GameResult {
    /// Its outcome: who won, and the seeds each player holds.
    pub outcome: Outcome,
    /// Who moved first in it.
    pub first: Side,
    /// Who made its last ply.
    pub last_mover: Side,
    /// Its number in the match, from 1.
    pub number: u16,
}

impl GameResult {
    /// The result of game `number` of a match, which ended with `outcome`
    /// after `first` moved first in it and `last_mover` made its last ply;
    /// a game that ended before any ply (`None`) had its last word from
    /// the player to act, who moved first.
    #[must_use]
    pub fn new(outcome: Outcome, first: Side, last_mover: Option<Side>, number: u16) -> GameResult {
        GameResult {
            outcome,
            first,
            last_mover: last_mover.unwrap_or(first),
            number,
        }
    }
}

/// What follows `last`, a game of the match of `rules` (which must have
/// `[match]`).
///
/// # Panics
/// If `rules` have no `[match]`.
#[must_use]
pub fn after_game(rules: &Rules, last: &GameResult) -> AfterGame {
    let m = rules.match_play().expect("the rules play a match");
    let held = last.outcome.held;
    // "after `max_games` games, the player who holds more seeds wins it
    // (equal holdings draw)".
    if m.max_games.is_some_and(|k| last.number >= k) {
        return AfterGame::Over(more_seeds(held));
    }
    let mut state = State::initial(rules);
    let mut hand = held;
    state.seeds.fill(0);
    state.captured = hand;
    note(&state, Event::Gather);
    let mut unfilled = [Vec::new(), Vec::new()];
    // "each player fills the pits of their own row ... starting at the end
    // `fill_from` says, each pit with the seeds it held at the start of the
    // match, as long as the seeds they hold can fill the next pit whole".
    for side in Side::BOTH {
        let order = fill_order(rules, m, side);
        let filled = fill(rules, &mut state, &mut hand, side, &order);
        unfilled[side.index()] = order[filled..].to_vec();
    }
    // "The match ends when a player cannot fill a single pit of their row
    // (the other wins it)". Reading: when neither can, it is drawn.
    let short: Vec<Side> = Side::BOTH
        .into_iter()
        .filter(|s| unfilled[s.index()].len() == home_row(rules, *s).len())
        .collect();
    match short[..] {
        [] => {}
        [s] => return AfterGame::Over(Some(s.opponent())),
        _ => return AfterGame::Over(None),
    }
    for side in Side::BOTH {
        let pits = std::mem::take(&mut unfilled[side.index()]);
        leave_unfilled(rules, m, &mut state, &mut hand, side, &pits);
    }
    // "the seeds left over stay with the player, counted as captured".
    state.captured = hand;
    state.to_move = next_first(m, last);
    AfterGame::Next(state)
}

/// `side`'s home pits in the order they are refilled: the order the
/// board's direction sows them in, from its first pit (`"first-pit"`) or
/// back from its last (`"last-pit"`).
fn fill_order(rules: &Rules, m: MatchPlay, side: Side) -> Vec<usize> {
    // Home pits in index order are label order on two rows, which is the
    // counter-clockwise sowing order.
    let mut order = home_row(rules, side);
    if rules.direction == Direction::Clockwise {
        order.reverse();
    }
    if m.fill_from == FillFrom::LastPit {
        order.reverse();
    }
    order
}

/// Fills the pits of `order` one by one with their starting count from
/// `side`'s hand, stopping at the first the hand cannot fill whole; how
/// many it filled.
fn fill(
    rules: &Rules,
    state: &mut State,
    hand: &mut [u32; 2],
    side: Side,
    order: &[usize],
) -> usize {
    for (i, &p) in order.iter().enumerate() {
        let need = u32::from(rules.initial[p]);
        if hand[side.index()] < need {
            return i;
        }
        state.seeds[p] = need;
        hand[side.index()] -= need;
        state.captured = *hand;
        note(state, Event::Fill(Pit(p as u8)));
    }
    order.len()
}

/// `match.unfilled` for `side`'s pits `pits`, left empty by its fill:
/// closed, or passed to the opponent, who fills them in the same order
/// from what they hold (those they cannot fill are closed).
fn leave_unfilled(
    rules: &Rules,
    m: MatchPlay,
    state: &mut State,
    hand: &mut [u32; 2],
    side: Side,
    pits: &[usize],
) {
    let taker = side.opponent();
    let mut closing = false;
    for &p in pits {
        let need = u32::from(rules.initial[p]);
        let passes = m.unfilled == Unfilled::ToOpponent && !closing && hand[taker.index()] >= need;
        if passes {
            state.seeds[p] = need;
            state.controller[p] = taker;
            hand[taker.index()] -= need;
            state.captured = *hand;
            note(state, Event::Fill(Pit(p as u8)));
        } else {
            // Reading: the opponent, too, fills "as long as the seeds they
            // hold can fill the next pit whole", so once one passed pit
            // stays empty, so do those after it.
            closing = true;
            state.seeds[p] = 0;
            state.closed[p] = true;
            note(state, Event::Close(Pit(p as u8)));
        }
    }
}

/// `match.next_first`.
fn next_first(m: MatchPlay, last: &GameResult) -> Side {
    // "after a draw, the player who did not move first in it".
    let other = last.first.opponent();
    match m.next_first {
        NextFirst::Loser => last.outcome.winner.map_or(other, Side::opponent),
        NextFirst::Winner => last.outcome.winner.unwrap_or(other),
        NextFirst::LastMover => last.last_mover,
        NextFirst::Alternate => other,
    }
}

/// The player holding more seeds, `None` when they hold as many.
fn more_seeds(held: [u32; 2]) -> Option<Side> {
    match held[0].cmp(&held[1]) {
        std::cmp::Ordering::Greater => Some(Side::South),
        std::cmp::Ordering::Less => Some(Side::North),
        std::cmp::Ordering::Equal => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EndReason;

    fn rules(more: &str) -> Rules {
        crate::rules::parse(
            "m.toml",
            &format!(
                "[variant]\nid = \"m\"\nname = \"M\"\n[board]\npits_per_row = 4\nseeds_per_pit = 3\n[match]\n{more}"
            ),
        )
        .unwrap_or_else(|e| panic!("{e}"))
    }

    fn result(held: [u32; 2], winner: Option<Side>, number: u16) -> GameResult {
        GameResult {
            outcome: Outcome {
                reason: EndReason::NoSowing(Side::North),
                totals: held,
                winner,
                without_glory: false,
                held,
            },
            first: Side::South,
            last_mover: Side::South,
            number,
        }
    }

    fn next(r: &Rules, last: &GameResult) -> State {
        match after_game(r, last) {
            AfterGame::Next(s) => s,
            over => panic!("{over:?}"),
        }
    }

    /// South holds 17 of the 24 seeds: a, b, c, d take 3 each (12), 5 stay
    /// in hand. North's 7 fill A and B (6); C and D are closed, and the
    /// one seed left stays in hand. South won, so North (the loser) starts.
    #[test]
    fn a_player_short_of_seeds_leaves_pits_closed_from_the_far_end() {
        let r = rules("next_first = \"loser\"\n");
        let s = next(&r, &result([17, 7], Some(Side::South), 1));
        assert_eq!(s.seeds, [3, 3, 3, 3, 3, 3, 0, 0]);
        assert_eq!(
            s.closed,
            [false, false, false, false, false, false, true, true]
        );
        assert_eq!(s.captured, [5, 1]);
        assert_eq!(s.to_move, Side::North);
    }

    /// Filled from the last pit: North's 7 fill D and C, and A and B are
    /// closed. The winner starts: South.
    #[test]
    fn filling_from_the_last_pit_closes_the_first() {
        let r = rules("next_first = \"winner\"\nfill_from = \"last-pit\"\n");
        let s = next(&r, &result([17, 7], Some(Side::South), 1));
        assert_eq!(s.seeds, [3, 3, 3, 3, 0, 0, 3, 3]);
        assert_eq!(
            s.closed,
            [false, false, false, false, true, true, false, false]
        );
        assert_eq!(s.to_move, Side::South);
    }

    /// With `unfilled = "to-opponent"` North's C and D pass to South, who
    /// fills C from the 5 seeds left after its own row (2 stay in hand);
    /// D, which South cannot fill whole, is closed.
    #[test]
    fn pits_one_cannot_fill_pass_to_the_opponent_while_they_can_fill_them() {
        let r = rules("next_first = \"alternate\"\nunfilled = \"to-opponent\"\n");
        let s = next(&r, &result([17, 7], Some(Side::South), 1));
        assert_eq!(s.seeds, [3, 3, 3, 3, 3, 3, 3, 0]);
        assert_eq!(s.controller[6], Side::South);
        assert_eq!(s.controller[5], Side::North);
        assert!(s.closed[7]);
        assert_eq!(s.captured, [2, 1]);
        assert_eq!(s.to_move, Side::North);
    }

    /// North holds 2 seeds, fewer than a pit takes: South wins the match.
    /// After the last of `max_games`, the holdings decide.
    #[test]
    fn the_match_ends_when_a_player_cannot_fill_one_pit_or_after_its_games() {
        let r = rules("next_first = \"loser\"\nmax_games = 2\n");
        assert_eq!(
            after_game(&r, &result([22, 2], Some(Side::South), 1)),
            AfterGame::Over(Some(Side::South))
        );
        assert_eq!(
            after_game(&r, &result([11, 13], Some(Side::North), 2)),
            AfterGame::Over(Some(Side::North))
        );
        assert_eq!(
            after_game(&r, &result([12, 12], None, 2)),
            AfterGame::Over(None)
        );
    }

    /// C is out of play. South sows d's 3 seeds into A, B and D, passing
    /// over C, and the backward chain from D (3) runs across C to B (2)
    /// and A (2): 7 seeds.
    #[test]
    fn a_sowing_and_a_chain_pass_over_a_pit_out_of_play() {
        let r = rules(
            "next_first = \"loser\"\n[capture]\ncounts = [2, 3]\nlanding = \"opponent-row\"\n\
             chain = \"backward\"\nchain_zone = \"opponent-row\"\n",
        );
        let mut state = State::initial(&r);
        state.seeds = vec![0, 0, 0, 3, 1, 1, 0, 2];
        state.closed[6] = true;
        state.captured = [9, 8];
        let mut game = super::super::Reference::from_state(&r, state);
        let d = crate::engine::Ply::Sow(crate::engine::Pit(3));
        game.play(d).unwrap();
        assert_eq!(game.state().seeds, [0, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(game.state().captured, [16, 8]);
        assert!(game.state().closed[6]);
    }

    /// A draw under "loser": the player who did not move first starts.
    #[test]
    fn after_a_draw_the_other_player_starts() {
        let r = rules("next_first = \"loser\"\n");
        assert_eq!(next(&r, &result([12, 12], None, 1)).to_move, Side::North);
        let r = rules("next_first = \"last-mover\"\n");
        assert_eq!(next(&r, &result([12, 12], None, 1)).to_move, Side::South);
    }
}
