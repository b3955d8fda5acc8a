//! `ayla match` on rules played as a match (`[match]`): each of `--games`
//! is a whole match, its games set up one from another, and A's score is
//! the matches it wins.

use super::Args;
use crate::cli::{Failure, args, progress};
use ayla::check::write_record;
use ayla::driver::{Seat, Turn};
use ayla::engine::{Outcome, Ply, Position, Side, Variant};
use ayla::matches::Match;
use ayla::notation::format_position;
use ayla::reference::match_play::AfterGame;
use ayla::rng::Rng;
use ayla::search::player::Player;
use ayla::solve::retro::Database;
use ayla::stats::wilson;
use ayla::words::count;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One game of a match as played.
struct Played {
    start: Position,
    plies: Vec<Ply>,
    outcome: Option<Outcome>,
    last: Position,
    /// The `MatchResult` tag after it: `*`, `S`, `N` or `draw`.
    standing: &'static str,
}

/// How a whole match went.
struct Whole {
    games: Vec<Played>,
    /// Its winner (`Some(None)`: drawn); `None` when a game was stopped at
    /// `--max-plies`.
    winner: Option<Option<Side>>,
    /// Each side's seeds as the stopped game stood.
    stood: [u32; 2],
}

fn standing(after: &AfterGame) -> &'static str {
    match after {
        AfterGame::Next(_) => "*",
        AfterGame::Over(Some(Side::South)) => "S",
        AfterGame::Over(Some(Side::North)) => "N",
        AfterGame::Over(None) => "draw",
    }
}

/// Plays a whole match between `seats` (South's, North's) after the
/// `opening` plies.
fn play_match(
    variant: &Arc<Variant>,
    seats: [Seat; 2],
    opening: &[Ply],
    max_plies: u32,
) -> Result<Whole, String> {
    let mut m = Match::new(Arc::clone(variant))
        .expect("the rules play a match")
        .with_seats(seats)
        .with_max_plies(max_plies);
    let mut start = *m.game().position();
    let mut plies = Vec::new();
    for &p in opening {
        m.play(p).map_err(|e| e.to_string())?;
        plies.push(p);
    }
    let mut games = Vec::new();
    loop {
        match m.turn() {
            Turn::Engine(_) => plies.push(m.step().map_err(|e| e.to_string())?.ply),
            Turn::Over(o) => {
                let last = *m.game().position();
                let after = m.next_game().map_err(|e| e.to_string())?;
                games.push(Played {
                    start,
                    plies: std::mem::take(&mut plies),
                    outcome: Some(o),
                    last,
                    standing: standing(&after),
                });
                if let AfterGame::Over(w) = after {
                    return Ok(Whole {
                        games,
                        winner: Some(w),
                        stood: o.totals,
                    });
                }
                if games.len() >= ayla::stats::MAX_MATCH_GAMES {
                    // Scored as the next game stands at its start.
                    let p = *m.game().position();
                    let stood = Side::BOTH.map(|s| {
                        u32::from(p.captured(s)) + p.seeds_controlled(m.game().variant(), s)
                    });
                    return Ok(Whole {
                        games,
                        winner: None,
                        stood,
                    });
                }
                start = *m.game().position();
            }
            Turn::Bound | Turn::Outside(_) => {
                let last = *m.game().position();
                let stood = Side::BOTH.map(|s| {
                    u32::from(last.captured(s)) + last.seeds_controlled(m.game().variant(), s)
                });
                games.push(Played {
                    start,
                    plies,
                    outcome: None,
                    last,
                    standing: "*",
                });
                return Ok(Whole {
                    games,
                    winner: None,
                    stood,
                });
            }
        }
    }
}

/// Writes match `number` (from 1) as one record of its games, which
/// `ayla check` passes.
fn save_match(
    dir: &Path,
    a: &Args,
    rules: &Variant,
    number: u32,
    a_side: Side,
    w: &Whole,
) -> std::io::Result<PathBuf> {
    let path = super::saved_path(dir, a, rules, number);
    let who = |side: Side| super::seat_name(a, a_side, side);
    let mut text = String::new();
    for (k, g) in w.games.iter().enumerate() {
        let mut tags = vec![
            (
                "Variant",
                ayla::rulebook::variant_tag_for(&a.variant, &path),
            ),
            ("MatchGame", (k + 1).to_string()),
        ];
        // Read back under the readings it was played under.
        if let Some(r) = args::readings_tag(rules) {
            tags.push(("Readings", r));
        }
        if k > 0 {
            tags.push(("Position", format_position(rules, &g.start)));
        }
        tags.extend([
            ("Event", super::event(a)),
            ("Round", number.to_string()),
            ("South", who(Side::South)),
            ("North", who(Side::North)),
        ]);
        match g.outcome {
            Some(o) => {
                tags.push(("Result", format!("{}-{}", o.totals[0], o.totals[1])));
                tags.push(("Termination", o.reason.code().to_owned()));
            }
            None => tags.push(("Result", "*".to_owned())),
        }
        tags.push(("FinalPosition", format_position(rules, &g.last)));
        tags.push(("MatchResult", g.standing.to_owned()));
        if k > 0 {
            text.push('\n');
        }
        text.push_str(&write_record(rules, &tags, &g.plies));
    }
    std::fs::write(&path, text)?;
    Ok(path)
}

/// What the matches came to, for the report.
#[derive(Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    /// Matches stopped at `--max-plies`.
    cut: u32,
    scores: Vec<f64>,
    /// Games a finished match, each.
    lengths: Vec<usize>,
    /// Finished matches whose first game had a winner, and of those the
    /// ones that player won.
    first_won: (u32, u32),
}

impl Tally {
    fn add(&mut self, a_side: Side, w: &Whole) {
        let score = match w.winner {
            Some(Some(s)) => f64::from(u8::from(s == a_side)),
            Some(None) => 0.5,
            None => {
                self.cut += 1;
                let (ta, tb) = (w.stood[a_side.index()], w.stood[a_side.opponent().index()]);
                match ta.cmp(&tb) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                }
            }
        };
        match score {
            1.0 => self.wins += 1,
            0.5 => self.draws += 1,
            _ => self.losses += 1,
        }
        self.scores.push(score);
        if let Some(winner) = w.winner {
            self.lengths.push(w.games.len());
            let first = w.games[0].outcome.and_then(|o| o.winner);
            if let Some(f) = first {
                self.first_won.0 += 1;
                self.first_won.1 += u32::from(winner == Some(f));
            }
        }
    }
}

pub(super) fn run(
    a: &Args,
    rules: &Arc<Variant>,
    db: Option<&Arc<Database>>,
) -> Result<(), Failure> {
    if let Some(dir) = &a.save {
        std::fs::create_dir_all(dir).map_err(|e| {
            Failure::unusable(anyhow::anyhow!(
                "--save: cannot make {}: {e}",
                dir.display()
            ))
        })?;
    }
    let mut rng = Rng::new(a.play.seed);
    let mut tally = Tally::default();
    let mut opening = Vec::new();
    let started = std::time::Instant::now();
    let bar = progress::bar(
        u64::from(a.games),
        "{bar:24} {pos}/{len} matches, {elapsed} (eta {eta})  {wide_msg}",
    );
    progress::tick(&bar);
    for i in 0..a.games {
        // A plays South in even matches, North in odd ones; a pair shares
        // the opening of its first game.
        if i % 2 == 0 {
            super::random_opening(rules, a.play.opening, &mut rng, &mut opening);
        }
        let a_side = if i % 2 == 0 { Side::South } else { Side::North };
        let seed = rng.next_u64();
        let mut players = [Player::new(a.a, seed), Player::new(a.b, seed ^ 0x5555)];
        if let Some(db) = db {
            players = players.map(|p| p.with_database(Arc::clone(db)));
        }
        let [pa, pb] = players;
        let seats = if a_side == Side::South {
            [pa, pb]
        } else {
            [pb, pa]
        };
        bar.set_message(format!(
            "A +{} ={} -{}",
            tally.wins, tally.draws, tally.losses
        ));
        let w = play_match(rules, seats.map(Seat::engine), &opening, a.play.max_plies).map_err(
            |e| {
                bar.finish_and_clear();
                Failure::unusable(anyhow::anyhow!("match {}: {e}", i + 1))
            },
        )?;
        if let Some(dir) = &a.save {
            save_match(dir, a, rules, i + 1, a_side, &w).map_err(|e| {
                bar.finish_and_clear();
                Failure::unusable(anyhow::anyhow!(
                    "--save: cannot write in {}: {e}",
                    dir.display()
                ))
            })?;
        }
        tally.add(a_side, &w);
        bar.inc(1);
    }
    bar.finish_and_clear();
    report(a, rules, &tally);
    println!("{:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

fn report(a: &Args, rules: &Variant, t: &Tally) {
    let n = f64::from(a.games);
    let mean = t.scores.iter().sum::<f64>() / n;
    let (lo, hi) = wilson(mean, n);
    println!(
        "{}: A ({}) against B ({}), {} of several games, colours alternating, {} in each first game",
        args::title(rules),
        a.a,
        a.b,
        count(a.games, "match", "matches"),
        count(a.play.opening, "random opening ply", "random opening plies")
    );
    println!(
        "A wins {} matches, draws {}, loses {}",
        t.wins, t.draws, t.losses
    );
    println!(
        "A's score {mean:.3} (matches won + half the drawn, per match); 95% confidence interval [{lo:.3}, {hi:.3}] (Wilson)"
    );
    if let (Some(min), Some(max)) = (t.lengths.iter().min(), t.lengths.iter().max()) {
        let mean = t.lengths.iter().sum::<usize>() as f64 / t.lengths.len() as f64;
        println!("games a match: {mean:.2} on average, {min} to {max}");
    }
    let (had, won) = t.first_won;
    if had > 0 {
        println!(
            "the first game's winner won the match in {won} of {} ({:.1}%)",
            count(had, "match", "matches"),
            100.0 * f64::from(won) / f64::from(had)
        );
    }
    if t.cut > 0 {
        println!(
            "{} stopped when a game reached {} (or the match {} games) and scored by the seeds each held then",
            count(t.cut, "match", "matches"),
            count(a.play.max_plies, "ply", "plies"),
            ayla::stats::MAX_MATCH_GAMES
        );
    }
    if let Some(dir) = &a.save {
        println!(
            "{} saved in {}",
            count(a.games, "record", "records"),
            dir.display()
        );
    }
}
