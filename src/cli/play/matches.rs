//! `play` through a match (`[match]`): when a game ends, the next is set
//! up from what each player holds, and the record file grows by a game
//! (docs/notation.md, "Records of matches").

use super::Session;
use crate::cli::Failure;
use ayla::check::{GameReport, MatchLink, Unusable};
use ayla::driver::{Driver, Seat};
use ayla::engine::{Position, Side, Variant};
use ayla::notation::{Record, format_position};
use ayla::reference::match_play::{AfterGame, GameResult, after_game};
use std::sync::Arc;

pub(super) use ayla::check::match_start;

/// Checks the games of a file in order, each game of a match from the
/// last: the report of the last game.
pub(super) fn check_last(variant: &Arc<Variant>, games: &[Record]) -> Result<GameReport, Unusable> {
    let mut link = MatchLink::new();
    let (last, before) = games.split_last().expect("a file holds a game");
    for rec in before {
        let report = link.check(variant, rec)?;
        if let Some(i) = report.illegal {
            return Err(Unusable {
                loc: i.loc,
                message: format!(
                    "ply {} ({}, `{}`) of an earlier game of the match is illegal: {}; the match cannot be continued",
                    i.number, i.side, i.text, i.reason
                ),
            });
        }
    }
    link.check(variant, last)
}

/// The text of a file before line `line` (from 1), as written.
pub(super) fn text_before(text: &str, line: usize) -> &str {
    let mut end = 0;
    for _ in 1..line {
        match text[end..].find('\n') {
            Some(i) => end += i + 1,
            None => return text,
        }
    }
    &text[..end]
}

impl Session<'_> {
    /// What follows the game being played in its match, once it is over.
    fn after_game(&self) -> Option<AfterGame> {
        let k = self.match_game?;
        let outcome = self.driver.game().outcome()?;
        let result = GameResult::new(outcome, self.first, self.sides.last().copied(), k);
        Some(after_game(self.rules, &result))
    }

    /// The `MatchResult` tag of the game being played, in a match: `*`
    /// while the match goes on, else who won it.
    pub(super) fn match_standing(&self) -> Option<&'static str> {
        self.match_game?;
        Some(match self.after_game() {
            None | Some(AfterGame::Next(_)) => "*",
            Some(AfterGame::Over(Some(Side::South))) => "S",
            Some(AfterGame::Over(Some(Side::North))) => "N",
            Some(AfterGame::Over(None)) => "draw",
        })
    }

    /// Between two games of a match: asks for Enter before the next game
    /// is set up; `false` if the player stops here instead (`quit`, or
    /// the end of input), the match so far saved.
    pub(super) fn wait_for_the_next_game(
        &self,
        lines: &mut impl Iterator<Item = std::io::Result<String>>,
    ) -> bool {
        let next = self.match_game.map_or(2, |k| k + 1);
        println!(
            "The match goes on. Press Enter to set up game {next}, or type `quit` to stop here (`ayla play --resume {}` goes on later).",
            self.save.display()
        );
        loop {
            print!("next> ");
            let _ = std::io::Write::flush(&mut std::io::stdout());
            let Some(Ok(line)) = lines.next() else {
                println!(
                    "\n(end of input) The match so far is saved to {}.",
                    self.save.display()
                );
                return false;
            };
            match line.trim() {
                "" | "next" => return true,
                "quit" | "exit" => {
                    println!("The match so far is saved to {}.", self.save.display());
                    return false;
                }
                _ => println!(
                    "The game is over: press Enter for game {next} of the match, or type `quit`."
                ),
            }
        }
    }

    /// At the end of a game of a match: says how the match stands, and
    /// sets up its next game if it goes on (`true`), the players keeping
    /// their seats and `names`.
    pub(super) fn go_on_with_the_match(&mut self, names: &[String; 2]) -> Result<bool, Failure> {
        let k = self.match_game.expect("a game of a match");
        match self.after_game().expect("the game is over") {
            AfterGame::Over(w) => {
                let games = ayla::words::count(u32::from(k), "game", "games");
                match w {
                    Some(w) => println!("The match is over after {games}: {w} wins it."),
                    None => println!("The match is over after {games}: it is drawn."),
                }
                Ok(false)
            }
            AfterGame::Next(state) => {
                let start = Position::from_state(self.rules, &state).map_err(|e| {
                    Failure::unusable(anyhow::anyhow!(
                        "the match's next game cannot be set up: {e}; the match so far is saved to {}",
                        self.save.display()
                    ))
                })?;
                self.next_game(start, names);
                println!(
                    "\nGame {} of the match. Each player has refilled their pits from the seeds they hold; {} moves first.",
                    k + 1,
                    start.to_move()
                );
                let closed = start.closed();
                if !closed.is_empty() {
                    println!("Out of play in this game: {}.", self.rules.labels(closed));
                }
                println!();
                if let Err(e) = self.write() {
                    eprintln!("warning: cannot save to {}: {e}", self.save.display());
                }
                Ok(true)
            }
        }
    }

    /// The game just ended joins the earlier ones, and the next starts at
    /// `start`.
    fn next_game(&mut self, start: Position, names: &[String; 2]) {
        let k = self.match_game.expect("a game of a match") + 1;
        self.earlier = format!("{}{}\n", self.earlier, self.game_text());
        let seats = Side::BOTH.map(|s| std::mem::replace(self.driver.seat_mut(s), Seat::Outside));
        let game = ayla::matches::game_of_match(Arc::clone(self.driver.game().variant()), start, k);
        self.driver = Driver::new(game, seats);
        self.plies.clear();
        self.sides.clear();
        self.undo.clear();
        self.comments.clear();
        self.first = start.to_move();
        self.match_game = Some(k);
        // A later game names its set-up, and the players as they are now.
        let keep = ["Variant", "Readings", "Date"];
        let mut tags: Vec<(String, String)> = self
            .tags
            .iter()
            .filter(|(n, _)| keep.contains(&n.as_str()))
            .cloned()
            .collect();
        tags.insert(1, ("MatchGame".into(), k.to_string()));
        tags.push(("Position".into(), format_position(self.rules, &start)));
        for s in Side::BOTH {
            tags.push((s.to_string(), names[s.index()].clone()));
        }
        self.tags = tags;
    }
}
