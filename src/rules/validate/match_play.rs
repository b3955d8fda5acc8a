//! `[match]`: games played one after another, each set up from the seeds
//! the players hold after the last.

use super::Checker;
use crate::rules::model::MatchPlay;
use crate::rules::schema::TomlMatch;
use toml::Spanned;

/// The match's keys; `max_games` must be at least 1.
pub(super) fn match_play(c: &mut Checker, m: &Spanned<TomlMatch>) -> MatchPlay {
    let m = m.get_ref();
    let max_games = m.max_games.as_ref().and_then(|g| {
        let games = *g.get_ref();
        match u16::try_from(games) {
            Ok(k) if k >= 1 => Some(k),
            _ => {
                c.err(
                    g.span().into(),
                    "match.max_games",
                    format!(
                        "expected a number of games from 1 to {}, found {games} (leave out `max_games` for a match that ends only when a player cannot fill a pit)",
                        u16::MAX
                    ),
                );
                None
            }
        }
    });
    MatchPlay {
        fill_from: m.fill_from,
        unfilled: m.unfilled,
        next_first: m.next_first,
        max_games,
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{Diags, check_table};
    use super::*;
    use crate::rules::model::{FillFrom, NextFirst, Unfilled};

    fn check(table: &str) -> (MatchPlay, Diags) {
        check_table("match", table, |c, r, _| {
            match_play(c, r.match_play.as_ref().unwrap())
        })
    }

    #[test]
    fn the_keys_are_kept_with_their_defaults() {
        let (m, diags) = check("next_first = \"loser\"\n");
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(
            m,
            MatchPlay {
                fill_from: FillFrom::FirstPit,
                unfilled: Unfilled::Closed,
                next_first: NextFirst::Loser,
                max_games: None,
            }
        );
        let (m, _) = check(
            "next_first = \"alternate\"\nfill_from = \"last-pit\"\nunfilled = \"to-opponent\"\nmax_games = 5\n",
        );
        assert_eq!(
            (m.fill_from, m.unfilled, m.next_first, m.max_games),
            (
                FillFrom::LastPit,
                Unfilled::ToOpponent,
                NextFirst::Alternate,
                Some(5)
            )
        );
    }

    #[test]
    fn a_match_of_no_games_is_refused() {
        let (_, diags) = check("next_first = \"loser\"\nmax_games = 0\n");
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(diags[0].0, "match.max_games");
        assert!(diags[0].1.starts_with("expected a number of games from 1"));
    }
}
