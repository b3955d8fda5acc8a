//! Test support: the differential check of the fast engine against the
//! reference interpreter.
//!
//! [`compare_game`] plays one random game in [`Game`] and in
//! [`Reference`] at once and, before and after every ply, demands that
//! they agree on everything the rule language defines: the legal plies,
//! the legality of a few other candidate plies, the whole state, what the
//! ply did ([`Effect`]), the end and the outcome. The same plies are also
//! played through [`Game::advance`], the effect-free path of perft and
//! search, on a second [`Game`], whose states and ends must agree too.
//! The first difference is a [`Disagreement`], which carries what it takes
//! to replay it.

use super::{Reference, State, seeds_sown};
use crate::engine::{Effect, Game, Pit, Ply, Position, Side, Variant};
use crate::matches::game_of_match;
use crate::notation::{format_position, format_state};
use crate::rng::Rng;
use crate::rules::{self, Rules};
use crate::rules::{Direction, GrandSlam, Lock, Opening};
use crate::rules::{Laps, Unfilled};
use std::fmt;
use std::sync::Arc;

/// Seeds the reference may sow in one game of [`compare_game`]: about a
/// tenth of a second of its time. The new mechanics of the two-row corpus
/// (relays from the next pit, beyond captures that sow on, first seeds
/// back in the origin) make ten-thousand-relay sowings common among random
/// files; at 10^8 a game the differential test ran for minutes.
pub const MAX_WORK: u64 = 10_000_000;

/// The most seeds the reference can sow to play one ply of `rules` and
/// list the next plies: every seed in play on each of the relay laps, and
/// again for each sowing a `must-leave-opponent-seeds` test plays out. A
/// game stops before a ply that could take it past [`MAX_WORK`], so one
/// ply never runs for long (a 2x1 board of 62,414 relaying seeds sows
/// 6 x 10^8 seeds a ply, some ten seconds of the reference's time).
fn worst_ply_work(rules: &Rules) -> u64 {
    let laps = if rules.laps == Laps::Single {
        1
    } else {
        u64::from(crate::rules::MAX_RELAYS) + 1
    };
    // Each test that plays the candidate sowings out (feeding by what a
    // sowing leaves, a forbidden grand slam) plays up to two a pit (a
    // chosen direction makes two plies of a pit).
    let playing_out = u64::from(rules.feeding == crate::rules::Feeding::MustLeaveOpponentSeeds)
        + u64::from(
            rules
                .capture
                .is_some_and(|c| c.grand_slam == GrandSlam::Forbidden),
        );
    let tries = 1 + playing_out * 2 * rules.pits() as u64;
    u64::from(rules.total_seeds) * laps * tries
}

/// One ply in this many, [`compare_game`] restarts both games from the
/// position reached.
const RESTART: usize = 64;

/// The first point where the engine and the reference differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The rule file (empty unless the caller knows it: see
    /// [`Disagreement::with_rules_text`]).
    pub rules_text: String,
    /// The position the game started from: the initial one, or the one
    /// both were restarted from ([`Game::from_position`],
    /// [`Reference::from_state`]).
    pub start: String,
    /// The plies played from `start` before the disagreement, in record
    /// notation.
    pub plies: Vec<String>,
    /// The position before `ply` (or where the states were compared), in
    /// position notation, as the engine has it.
    pub position: String,
    /// The ply concerned, if one was.
    pub ply: Option<String>,
    /// What was compared: `legal plies`, `state after the ply`, …
    pub what: String,
    /// What the engine said.
    pub engine: String,
    /// What the reference said.
    pub reference: String,
}

impl Disagreement {
    /// The same, with the rule file's text.
    #[must_use]
    pub fn with_rules_text(mut self, text: &str) -> Disagreement {
        text.clone_into(&mut self.rules_text);
        self
    }
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "disagreement: {}", self.what)?;
        writeln!(f, "  position:  {}", self.position)?;
        if let Some(p) = &self.ply {
            writeln!(f, "  ply:       {p}")?;
        }
        writeln!(f, "  engine:    {}", self.engine)?;
        writeln!(f, "  reference: {}", self.reference)?;
        writeln!(f, "  start:     {}", self.start)?;
        writeln!(
            f,
            "  after {} plies from the start: {}",
            self.plies.len(),
            self.plies.join(" ")
        )?;
        if !self.rules_text.is_empty() {
            writeln!(f, "  rules:\n{}", self.rules_text)?;
        }
        Ok(())
    }
}

impl std::error::Error for Disagreement {}

/// A random position of `rules`, if the notation accepts the one drawn:
/// the seeds spread at random over the pits and the captured totals,
/// random controllers, lock or opening progress, houses, offer and
/// declines where the rules have them, and either side to act.
#[must_use]
pub fn random_position(rules: &Rules, rng: &mut Rng) -> Option<Position> {
    let pits = rules.pits();
    let total = rules.total_seeds;
    let mut state = State::initial(rules);
    let caught = if rng.below(3) == 0 {
        0
    } else {
        rng.below(total as usize + 1) as u32
    };
    let south = rng.below(caught as usize + 1) as u32;
    state.captured = [south, caught - south];
    let weights: Vec<u32> = (0..pits).map(|_| rng.below(5) as u32).collect();
    let sum: u32 = weights.iter().sum::<u32>().max(1);
    let on_board = total - caught;
    for (seeds, &w) in state.seeds.iter_mut().zip(&weights) {
        *seeds = (u64::from(on_board) * u64::from(w) / u64::from(sum)) as u32;
    }
    let placed: u32 = state.seeds.iter().sum();
    state.seeds[rng.below(pits)] += on_board - placed;
    state.to_move = Side::BOTH[rng.below(2)];
    if let Some(t) = rules.trading {
        // Each side keeps at least `keep_at_least` pits, as in play: the
        // loader bounds the offers of such positions only (the notation
        // does not: with fewer, the other side can list billions).
        let keep = usize::from(t.keep_at_least);
        for p in 0..pits {
            let from = state.controller[p];
            let left = state.controller.iter().filter(|&&c| c == from).count() - 1;
            if rng.below(4) == 0 && left >= keep {
                state.controller[p] = from.opponent();
            }
        }
        state.declined = [rng.below(3) == 0, rng.below(3) == 0];
        if rng.below(3) == 0 {
            let offerer = state.to_move.opponent();
            let mut offer: Vec<Pit> = (0..pits)
                .filter(|&p| state.controller[p] == offerer && rng.below(3) == 0)
                .map(|p| Pit(p as u8))
                .collect();
            offer.truncate(1 + rng.below(3));
            state.offer = offer;
        }
    }
    // The `sown` state, where the rules record it (a lock or an opening).
    if rules.capture.is_some_and(|c| c.lock != Lock::None) || rules.opening != Opening::None {
        for p in 0..pits {
            state.sown[p] = rng.below(2) == 0;
        }
    }
    // Houses, each as the notation allows it: eligible for its owner, at
    // most `max_per_player` a side, no two owners' houses of one number
    // with `not_same_number`; a house holds no seed, so its seeds go to
    // its owner's captured total.
    if let Some(h) = rules.houses {
        let n = rules.per_row();
        for p in 0..pits {
            if rng.below(4) != 0 {
                continue;
            }
            let owner = Side::BOTH[rng.below(2)];
            let number = p % n + 1;
            let own = (p < n) == (owner == Side::South);
            let eligible = if own {
                h.own_row.contains(number)
            } else {
                h.opponent_row.contains(number)
            };
            let owned = state.houses.iter().filter(|&&o| o == Some(owner)).count();
            let clash = h.not_same_number
                && (0..pits)
                    .any(|q| state.houses[q] == Some(owner.opponent()) && q % n + 1 == number);
            if eligible && owned < usize::from(h.max_per_player) && !clash {
                state.houses[p] = Some(owner);
                state.captured[owner.index()] += state.seeds[p];
                state.seeds[p] = 0;
            }
        }
    }
    // Pits out of play in a later game of a match: now and then a few,
    // their seeds to their owner's captured total; the notation refuses a
    // house or a whole row closed.
    if rules.match_play().is_some() && rng.below(2) == 0 {
        for p in 0..pits {
            if rng.below(4) == 0 && state.houses[p].is_none() {
                let owner = if p < pits / 2 {
                    Side::South
                } else {
                    Side::North
                };
                state.captured[owner.index()] += state.seeds[p];
                state.seeds[p] = 0;
                state.closed[p] = true;
            }
        }
    }
    // Pits handed across for a game of a match (`unfilled =
    // "to-opponent"`): now and then a few of those in play; the notation
    // refuses a player left none of their own.
    if rules
        .match_play()
        .is_some_and(|m| m.unfilled == Unfilled::ToOpponent)
        && rules.trading.is_none()
        && rng.below(2) == 0
    {
        for p in 0..pits {
            let owner = state.controller[p];
            let kept = (0..pits)
                .filter(|&q| q != p && state.controller[q] == owner && !state.closed[q])
                .any(|q| super::home_side(rules, q) == owner);
            if rng.below(4) == 0 && kept && !state.closed[p] && state.houses[p].is_none() {
                state.controller[p] = owner.opponent();
            }
        }
    }
    let parse = |s: &State| crate::notation::parse_position(rules, &format_state(rules, s)).ok();
    parse(&state).or_else(|| {
        // An offer the rules could not have made: the same without it.
        state.offer.clear();
        parse(&state)
    })
}

/// A sortable key for a ply, to compare lists of plies as sets.
fn ply_key(p: &Ply) -> (u8, u64) {
    match *p {
        Ply::Sow(q) => (0, u64::from(q.0)),
        Ply::SowToward(q, d) => (0, u64::from(q.0) * 2 + u64::from(d == Direction::Clockwise)),
        Ply::Pass => (1, 0),
        Ply::Offer(s) => (2, s.0),
        Ply::Accept => (3, 0),
        Ply::Decline => (4, 0),
    }
}

fn sorted(plies: &[Ply]) -> Vec<Ply> {
    let mut v = plies.to_vec();
    v.sort_by_key(ply_key);
    v
}

fn show_plies(rules: &Rules, plies: &[Ply]) -> String {
    const SHOWN: usize = 40;
    let mut words: Vec<String> = plies
        .iter()
        .take(SHOWN)
        .map(|p| p.notation(&rules.board))
        .collect();
    if plies.len() > SHOWN {
        words.push(format!("… ({} in all)", plies.len()));
    }
    format!("[{}]", words.join(" "))
}

/// A random ply that may or may not be legal: a sowing from any pit (or
/// just past the board), in a direction named or not, a pass, an answer, or an offer of random pits
/// (one past the board among them, now and then).
fn candidate(rules: &Rules, rng: &mut Rng) -> Ply {
    let pits = rules.pits();
    match rng.below(8) {
        0 => Ply::Pass,
        1 => Ply::Accept,
        2 => Ply::Decline,
        3 | 4 => {
            let most = rules.trading.map_or(2, |t| usize::from(t.max_pits) + 1);
            let k = rng.below(most + 1);
            Ply::Offer((0..k).map(|_| Pit(rng.below(pits + 1) as u8)).collect())
        }
        5 => Ply::SowToward(
            Pit(rng.below(pits + 2) as u8),
            [Direction::CounterClockwise, Direction::Clockwise][rng.below(2)],
        ),
        _ => Ply::Sow(Pit(rng.below(pits + 2) as u8)),
    }
}

/// Plays one random game (random legal plies, at most `max_plies`) in the
/// engine ([`Game::play`], and [`Game::advance`] on a second game) and in
/// the reference, comparing them at every ply; the number of plies
/// compared.
///
/// Now and then (one ply in 64) both restart from the position reached,
/// which is then the start of a new game, its own first occurrence.
///
/// The game also stops, deterministically, before a ply that could take
/// the seeds the reference has sown in it past [`MAX_WORK`]: the reference
/// sows seed by seed, and a relay game with many seeds (10,000 relays a
/// ply, each lap as long as a pit is full) would otherwise cost it seconds
/// a ply. A file whose one ply could cost more than that (relay sowing
/// with some 10,000 seeds or more) is compared at its start only.
///
/// # Errors
/// The first disagreement (its `rules_text` left empty: `rules` does not
/// keep its file).
// The disagreement is the whole report, made once per failing run.
#[allow(clippy::result_large_err)]
pub fn compare_game(rules: &Rules, rng: &mut Rng, max_plies: usize) -> Result<usize, Disagreement> {
    play_compared(rules, rng, max_plies, true)
}

/// [`compare_game`] through [`Game::advance`] alone: the plies are drawn
/// from the advanced game's own legal plies, and its states, legal plies
/// and ends are compared with the reference's.
///
/// # Errors
/// The first disagreement.
#[allow(clippy::result_large_err)]
pub fn compare_advance(
    rules: &Rules,
    rng: &mut Rng,
    max_plies: usize,
) -> Result<usize, Disagreement> {
    play_compared(rules, rng, max_plies, false)
}

#[allow(clippy::result_large_err)]
fn play_compared(
    rules: &Rules,
    rng: &mut Rng,
    max_plies: usize,
    with_play: bool,
) -> Result<usize, Disagreement> {
    let work = seeds_sown();
    let variant = Arc::new(Variant::new(rules.clone()));
    let mut game = Game::new(Arc::clone(&variant));
    let mut fast = Game::new(Arc::clone(&variant));
    let mut reference = Reference::new(rules);
    let mut start = format_position(rules, game.position());
    let mut record: Vec<String> = Vec::new();
    let mut engine_plies = Vec::new();
    let mut compared = 0;
    // The game of a match being played: who moved first, who last, and
    // its number (`[match]`: the next game is set up from its end).
    let mut first = reference.state().to_move;
    let mut last_mover = None;
    let mut number = 1u16;
    loop {
        let position = format_position(rules, fast.position());
        let fail = |what: &str, ply: Option<Ply>, engine: String, reference: String| Disagreement {
            rules_text: String::new(),
            start: start.clone(),
            plies: record.clone(),
            position: position.clone(),
            ply: ply.map(|p| p.notation(&rules.board)),
            what: what.to_owned(),
            engine,
            reference,
        };
        let want = reference.state();
        let mut games: Vec<(&str, &Game)> = vec![("advance", &fast)];
        if with_play {
            games.insert(0, ("play", &game));
        }
        for (path, g) in &games {
            let have = g.position().to_state(rules);
            if &have != want {
                return Err(fail(
                    &format!("state ({path})"),
                    None,
                    format_position(rules, g.position()),
                    format_state(rules, want),
                ));
            }
            if g.end() != reference.end() {
                return Err(fail(
                    &format!("end ({path})"),
                    None,
                    format!("{:?}", g.end()),
                    format!("{:?}", reference.end()),
                ));
            }
            if g.outcome() != reference.outcome() {
                return Err(fail(
                    &format!("outcome ({path})"),
                    None,
                    format!("{:?}", g.outcome()),
                    format!("{:?}", reference.outcome()),
                ));
            }
            if g.plies_played() != reference.plies_played() {
                return Err(fail(
                    &format!("plies played ({path})"),
                    None,
                    g.plies_played().to_string(),
                    reference.plies_played().to_string(),
                ));
            }
        }
        let legal = reference.legal_plies();
        let want_set = sorted(&legal);
        for (path, g) in &games {
            g.legal_plies(&mut engine_plies);
            let have = sorted(&engine_plies);
            if have != want_set {
                return Err(fail(
                    &format!("legal plies ({path})"),
                    None,
                    show_plies(rules, &have),
                    show_plies(rules, &want_set),
                ));
            }
            if let Some(set) = g.legal_sowing_set() {
                let have: Vec<Ply> = set.iter().map(Ply::Sow).collect();
                if have != legal {
                    return Err(fail(
                        &format!("legal sowing set ({path})"),
                        None,
                        show_plies(rules, &have),
                        show_plies(rules, &legal),
                    ));
                }
            }
        }
        let judge = if with_play { &game } else { &fast };
        for _ in 0..4 {
            let cand = candidate(rules, rng);
            let engine_ok = judge.check(cand);
            let reference_ok = legal.contains(&cand);
            if engine_ok.is_ok() != reference_ok {
                return Err(fail(
                    "legality (Game::check)",
                    Some(cand),
                    format!("{engine_ok:?}"),
                    if reference_ok {
                        "legal".to_owned()
                    } else {
                        "illegal".to_owned()
                    },
                ));
            }
        }
        if compared >= max_plies || seeds_sown() - work + worst_ply_work(rules) > MAX_WORK {
            return Ok(compared);
        }
        if legal.is_empty() {
            // A game of a match that ended: both go on into the next game,
            // set up from the reference's end.
            let Some(state) = next_game(rules, &reference, first, last_mover, number) else {
                return Ok(compared);
            };
            let pos = Position::from_state(rules, &state).map_err(|e| {
                fail(
                    "the next game's set-up is no position",
                    None,
                    e.to_string(),
                    format_state(rules, &state),
                )
            })?;
            number += 1;
            game = game_of_match(Arc::clone(&variant), pos, number);
            fast = game_of_match(Arc::clone(&variant), pos, number);
            reference = Reference::from_state(rules, state).begun_by(pos.to_move());
            start = format_position(rules, &pos);
            record.clear();
            (first, last_mover) = (pos.to_move(), None);
            // A transition counts as a step, so a match whose games end
            // before any ply (and so never ends) still meets the bound.
            compared += 1;
            continue;
        }
        let ply = legal[rng.below(legal.len())];
        let want_effect = reference.play(ply).map_err(|e| {
            fail(
                "a legal ply refused (reference)",
                Some(ply),
                String::new(),
                e,
            )
        })?;
        if with_play {
            let have_effect: Effect = game.play(ply).map_err(|e| {
                fail(
                    "a legal ply refused (Game::play)",
                    Some(ply),
                    e.to_string(),
                    format!("{want_effect:?}"),
                )
            })?;
            if have_effect != want_effect {
                return Err(fail(
                    "effect",
                    Some(ply),
                    format!("{have_effect:?}"),
                    format!("{want_effect:?}"),
                ));
            }
        }
        last_mover = Some(reference.state().to_move);
        fast.advance(ply);
        record.push(ply.notation(&rules.board));
        compared += 1;
        // Now and then both start afresh from where they are: the position
        // is then its own first occurrence and the ply cap counts from it.
        // Half the time from a random position instead, which play may
        // never reach (a side without pits, an offer nobody could make).
        if rng.below(RESTART) == 0 {
            let mut pos = *game.position();
            if rng.below(2) == 0
                && let Some(p) = random_position(rules, rng)
            {
                pos = p;
            }
            game = Game::from_position(Arc::clone(&variant), pos);
            fast = Game::from_position(Arc::clone(&variant), pos);
            reference = Reference::from_state(rules, pos.to_state(rules));
            start = format_position(rules, &pos);
            record.clear();
            (first, last_mover, number) = (pos.to_move(), None, 1);
        }
    }
}

/// The state the next game of a match starts from, after the reference's
/// game `number` ended; `None` for rules of one game, or a match over.
fn next_game(
    rules: &Rules,
    reference: &Reference,
    first: Side,
    last_mover: Option<Side>,
    number: u16,
) -> Option<State> {
    use super::match_play::{AfterGame, GameResult, after_game};
    rules.match_play()?;
    let outcome = reference.outcome()?;
    match after_game(rules, &GameResult::new(outcome, first, last_mover, number)) {
        AfterGame::Next(state) => Some(state),
        AfterGame::Over(_) => None,
    }
}

/// Totals of a run of [`compare_files`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Figures {
    /// Rule files drawn.
    pub files: u64,
    /// Games played.
    pub games: u64,
    /// Plies compared.
    pub plies: u64,
}

/// Draws `files` random rule files from `seed` (each its own generator,
/// seeded from it), and plays `games` random games of at most `max_plies`
/// plies under each with [`compare_game`].
///
/// # Errors
/// The first disagreement, with its rule file.
///
/// # Panics
/// If a drawn file does not load, which [`super::random`] forbids.
pub fn compare_files(
    seed: u64,
    files: u64,
    games: u64,
    max_plies: usize,
) -> Result<Figures, Box<Disagreement>> {
    let mut seeds = Rng::new(seed);
    let mut figures = Figures::default();
    for _ in 0..files {
        let mut rng = Rng::new(seeds.next_u64());
        let text = super::random::random_rules(&mut rng);
        let rules = rules::parse("random.toml", &text)
            .unwrap_or_else(|e| panic!("a drawn rule file does not load: {e}\n{text}"));
        figures.files += 1;
        for _ in 0..games {
            let plies = compare_game(&rules, &mut rng, max_plies)
                .map_err(|d| Box::new(d.with_rules_text(&text)))?;
            figures.games += 1;
            figures.plies += plies as u64;
        }
    }
    Ok(figures)
}
