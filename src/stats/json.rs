//! The shape of the figures in `ayla stats --json` (docs/json.md),
//! defined once: the program writes these values with serde_json, and
//! the Python package hands the same values to Python as dicts.
//!
//! Field names here are the documented keys; the structs of the figures
//! keep names that read well in Rust.

use super::{Figures, Levels, MatchFigures, Score, Spread};
use serde::ser::{Serialize, SerializeMap, SerializeStruct, Serializer};

impl Serialize for Spread {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let [q10, q25, median, q75, q90] = self.quantiles;
        let mut st = s.serialize_struct("Spread", 8)?;
        st.serialize_field("mean", &self.mean)?;
        st.serialize_field("min", &self.min)?;
        st.serialize_field("q10", &q10)?;
        st.serialize_field("q25", &q25)?;
        st.serialize_field("median", &median)?;
        st.serialize_field("q75", &q75)?;
        st.serialize_field("q90", &q90)?;
        st.serialize_field("max", &self.max)?;
        st.end()
    }
}

/// How games ended, as an object from each end's code to its count.
struct Ends<'a>(&'a [(&'static str, u32)]);

impl Serialize for Ends<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (code, n) in self.0 {
            m.serialize_entry(code, n)?;
        }
        m.end()
    }
}

#[derive(serde::Serialize)]
struct Captures<'a> {
    per_game: &'a Spread,
    seeds_per_game: &'a Spread,
    first_capture_ply: &'a Spread,
    games_without: u32,
    longest_without: &'a Spread,
    share_by_fifth: &'a [f64],
}

#[derive(serde::Serialize)]
struct Trades {
    offered: f64,
    accepted: f64,
    declined: f64,
}

#[derive(serde::Serialize)]
struct Legal<'a> {
    mean: f64,
    by_fifth: &'a [Option<f64>],
}

#[derive(serde::Serialize)]
struct FiguresJson<'a> {
    games: u32,
    first_wins: u32,
    draws: u32,
    first_losses: u32,
    first_score: &'a Score,
    draw_rate: f64,
    first_margin: &'a Spread,
    ends: Ends<'a>,
    length: &'a Spread,
    captures: Captures<'a>,
    trades: Option<Trades>,
    legal_plies: Legal<'a>,
    levels: Option<&'a Levels>,
}

impl Serialize for Figures {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        FiguresJson {
            games: self.games,
            first_wins: self.first_wins,
            draws: self.draws,
            first_losses: self.first_losses,
            first_score: &self.first_score,
            draw_rate: f64::from(self.draws) / f64::from(self.games),
            first_margin: &self.margin,
            ends: Ends(&self.ends),
            length: &self.length,
            captures: Captures {
                per_game: &self.captures,
                seeds_per_game: &self.seeds_captured,
                first_capture_ply: &self.first_capture,
                games_without: self.no_capture,
                longest_without: &self.longest_dry,
                share_by_fifth: &self.captures_by_part,
            },
            trades: self.trades.map(|[offered, accepted, declined]| Trades {
                offered,
                accepted,
                declined,
            }),
            legal_plies: Legal {
                mean: self.legal,
                by_fifth: &self.legal_by_part,
            },
            levels: self.levels.as_ref(),
        }
        .serialize(s)
    }
}

impl Serialize for Levels {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Levels", 5)?;
        st.serialize_field("a_wins", &self.a_wins)?;
        st.serialize_field("draws", &self.draws)?;
        st.serialize_field("b_wins", &self.b_wins)?;
        st.serialize_field("a_score", &self.a_score)?;
        st.serialize_field("weaker_wins", &self.upsets)?;
        st.end()
    }
}

impl Serialize for MatchFigures {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("MatchFigures", 10)?;
        st.serialize_field("matches", &self.matches)?;
        st.serialize_field("stopped", &self.stopped)?;
        st.serialize_field("games_a_match", &self.games)?;
        st.serialize_field("first_wins", &self.first_wins)?;
        st.serialize_field("draws", &self.draws)?;
        st.serialize_field("first_losses", &self.first_losses)?;
        st.serialize_field("first_score", &self.first_score)?;
        st.serialize_field("first_game_won", &self.first_game_won)?;
        st.serialize_field("first_game_winner_won", &self.first_game_winner_won)?;
        st.serialize_field("a_score", &self.a_score)?;
        st.end()
    }
}
