//! A position solved (`ayla solve`, and `Game.solve` in Python): its
//! value under perfect play, each ply's, the best plies, a principal
//! variation, and the check of the value under the rule file's own rules.
//!
//! The databases come from [`provide`]; where those of the whole position
//! would hold more than [`Options::keep`]'s `max_positions`, an MTD(f)
//! search runs down to the largest layers that fit.

use super::index::Ranking;
use super::provide::{Keep, Progress, Provided, memory_needed, provide};
use super::search::{Pass, Search, Stats, TooDeep};
use super::{Convention, gain, history, line, terminal_margin};
use crate::engine::{Ply, Position, Side, Variant};
use crate::notation::format_position;
use crate::words::megabytes;
use serde::ser::{Serialize, SerializeStruct, Serializer};
use std::sync::Arc;

/// The most nodes of the search that checks a value under the rule file's
/// own rules (a few seconds at most).
pub const HISTORY_BUDGET: u64 = 3_000_000;

/// The most positions of the databases a search probes, unless
/// [`Options::db_seeds`] says otherwise: beyond this, building them costs
/// more than the search they save (Kalah(6,4): a 12-seed database of 5.4
/// million positions and 30 s of search beat a 16-seed one of 61 million,
/// built in 32 s, and 57 s of search).
pub const SEARCH_DB_POSITIONS: u64 = 8_000_000;

/// How to solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Where databases are kept and how big they may grow.
    pub keep: Keep,
    /// Search down to databases of at most this many seeds on the board;
    /// `None`: build them up to the position's seeds, or search when those
    /// would hold more than `keep.max_positions`.
    pub db_seeds: Option<usize>,
    /// The search's transposition table, in bytes.
    pub table_bytes: usize,
    /// Threads of the search.
    pub threads: usize,
}

/// A position solved.
pub struct Answer {
    /// The position, as a position string.
    pub position: String,
    /// Who acts in it.
    pub to_move: Side,
    /// South's margin from here on under perfect play.
    pub future_margin: i32,
    /// South's final margin: captured so far plus the margin to come.
    pub final_margin: i32,
    /// South's captures minus North's, so far.
    pub captured: i32,
    /// Each legal ply with South's margin to come after it; `None` for a
    /// ply the search found worse without asking by how much.
    pub plies: Vec<(String, Option<i32>)>,
    /// The plies that keep the value.
    pub best: Vec<String>,
    /// A principal variation, and why it stops.
    pub pv: Vec<String>,
    /// See `pv`.
    pub pv_end: String,
    /// The value under the rule file's own rules (its repetition rule and
    /// every end), by a search with the history; `None` where that search
    /// needs more than [`HISTORY_BUDGET`] nodes.
    pub under_the_rules: Option<i32>,
    /// How it was solved, in words.
    pub method: String,
    /// The search's counters and table size, where it searched.
    pub search: Option<(Stats, usize)>,
    /// The databases.
    pub provided: Provided,
}

/// Solves `pos`: the databases from [`provide`] (reported to `report`),
/// then, where they do not cover the whole position, a search whose
/// passes go to `on_pass` with the seeds of its databases.
///
/// # Errors
/// A game with pits out of play or handed across, a board the solver
/// cannot number, databases it cannot build or hold, or a line longer
/// than the search follows; the message says which and what to do.
pub fn solve(
    variant: &Arc<Variant>,
    pos: &Position,
    opts: &Options,
    report: &(dyn Fn(Progress<'_>) + Sync),
    mut on_pass: impl FnMut(usize, &Pass) + Send + 'static,
) -> Result<Answer, String> {
    whole_board(variant, pos)?;
    let on_board: usize = pos.board(variant).iter().map(|&s| usize::from(s)).sum();
    let ranking = Ranking::checked(variant.pits(), on_board).ok_or_else(|| {
        format!(
            "the solver cannot number this board: {on_board} seeds on {} pits make layers of more than 2^64 positions",
            variant.pits()
        )
    })?;
    let up_to = |s: usize| ranking.positions_up_to(s);
    let keep = &opts.keep;
    let db_seeds = match opts.db_seeds {
        Some(s) => Some(s.min(on_board)),
        None if !keep.reachable && up_to(on_board) > keep.max_positions => Some(
            (0..on_board)
                .rev()
                .find(|&s| up_to(s) <= keep.max_positions.min(SEARCH_DB_POSITIONS))
                .unwrap_or(0),
        ),
        None => None,
    };
    if keep.reachable && db_seeds.is_some() {
        return Err("--db-seeds: the search probes databases of every position of their layers, not --reachable ones".into());
    }
    let provided = provide(variant, pos, db_seeds.unwrap_or(on_board), keep, report)?;
    let db = Arc::new(provided.db);
    let mut search = match db_seeds {
        None => None,
        Some(s) => {
            let mut search = Search::new(
                Arc::clone(db.variant()),
                Some(Arc::clone(&db)),
                opts.table_bytes,
            )
            .map_err(|e| e.to_string())?;
            search.set_threads(opts.threads);
            search.on_pass(move |p| on_pass(s, p));
            Some(search)
        }
    };
    let too_deep = |e: TooDeep| {
        let all = up_to(on_board);
        format!(
            "{e}; solve it by databases instead: of every position (--max-positions {all}: {}) or of the reachable ones (--reachable: a bit for each of the {all} positions, {}, to find them, then at most the same again for those reached)",
            memory_needed(all, ranking.layer_size(on_board).saturating_mul(2)),
            megabytes(all / 8),
        )
    };
    let value = match &mut search {
        Some(search) => {
            let v = search.value(pos).map_err(too_deep)?;
            // The passes of the start are progress; those of its plies
            // and its line, a table away, are not.
            search.on_pass(|_| {});
            v
        }
        None => db.probe(pos).expect("the databases cover the position"),
    };
    let mover = pos.to_move();
    let captured = i32::from(pos.captured(Side::South)) - i32::from(pos.captured(Side::North));
    // Whether a position's margin to come is `need`, the most (South to
    // act before it) or the least (North) it can be: exact from the
    // databases, one null-window question for the search.
    let mut keeps = |c: &Position, need: i32, mover: Side| match &mut search {
        None => Ok(db.probe(c) == Some(need)),
        Some(search) => match mover {
            Side::South => search.at_least(c, need),
            Side::North => search.at_least(c, need + 1).map(|a| !a),
        },
    };
    let plies =
        ply_values(variant, pos, &db, db_seeds.is_none(), value, &mut keeps).map_err(too_deep)?;
    let board = variant.board();
    let best = line::best(&plies, value)
        .iter()
        .map(|p| p.notation(board))
        .collect();
    let pv = line::principal_variation(variant, value, &mut keeps, pos).map_err(too_deep)?;
    let method = match db_seeds {
        Some(s) => {
            format!("MTD(f) search over retrograde databases of up to {s} seeds on the board")
        }
        None if db.from().is_some() => "retrograde databases of the reachable positions".to_owned(),
        None => "retrograde databases".to_owned(),
    };
    // The same start under the rule file's own game (its repetition rule,
    // every end), where a plain search with the history can reach.
    let guide = |c: &Position| {
        i32::from(c.captured(Side::South)) - i32::from(c.captured(Side::North))
            + db.probe(c).unwrap_or(0)
    };
    let under_the_rules = history::value(variant, pos, value, HISTORY_BUDGET, &guide);
    let searched = search.as_ref().map(|s| (s.stats(), s.table_bytes()));
    // The search holds the databases too; once it is gone they are ours.
    drop(search);
    let db = Arc::try_unwrap(db).map_err(|_| "the databases are still shared".to_owned())?;
    Ok(Answer {
        position: format_position(variant, pos),
        to_move: mover,
        future_margin: value,
        final_margin: captured + value,
        captured,
        plies: plies.iter().map(|&(p, v)| (p.notation(board), v)).collect(),
        best,
        pv: pv.notation(board),
        pv_end: pv.end.to_string(),
        under_the_rules,
        method,
        search: searched,
        provided: Provided { db, ..provided },
    })
}

/// The databases number the positions of the whole board, each row its
/// owner's.
fn whole_board(variant: &Variant, pos: &Position) -> Result<(), String> {
    if !pos.closed().is_empty() {
        return Err(format!(
            "the solver solves a game on the whole board, and this one has pits out of play ({}): solve the first game of the match",
            variant.labels(pos.closed())
        ));
    }
    let handed = pos.handed(variant);
    if !handed.is_empty() {
        return Err(format!(
            "the solver solves a game on the whole board with each row its owner's, and in this one pits are handed across ({}): solve the first game of the match",
            variant.labels(handed)
        ));
    }
    Ok(())
}

/// Each ply with its value: every one from the databases; from the
/// search, only those that keep the value (the others are worse, by how
/// much is not asked).
fn ply_values(
    variant: &Variant,
    pos: &Position,
    db: &super::retro::Database,
    from_databases: bool,
    value: i32,
    keeps: &mut dyn FnMut(&Position, i32, Side) -> Result<bool, TooDeep>,
) -> Result<Vec<(Ply, Option<i32>)>, TooDeep> {
    if from_databases {
        return Ok(line::ply_values(variant, db, pos)
            .into_iter()
            .map(|(p, v)| (p, Some(v)))
            .collect());
    }
    let mut legal = Vec::new();
    if terminal_margin(variant, pos).is_none() {
        pos.legal_plies(variant, &mut legal);
    }
    legal
        .into_iter()
        .map(|p| {
            let mut c = *pos;
            c.play_unchecked(variant, p);
            Ok((
                p,
                keeps(&c, value - gain(pos, &c), pos.to_move())?.then_some(value),
            ))
        })
        .collect()
}

/// The keys of `ayla solve --json` (docs/json.md) but the run's own:
/// threads, peak memory and seconds, which the program adds.
impl Serialize for Answer {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(serde::Serialize)]
        struct PlyValue<'a> {
            ply: &'a str,
            future_margin: Option<i32>,
        }
        let stats = self.search.as_ref().map(|(s, _)| s);
        let p = &self.provided;
        let mut st = s.serialize_struct("Answer", 21)?;
        st.serialize_field("position", &self.position)?;
        st.serialize_field("to_move", &self.to_move.to_string())?;
        st.serialize_field("future_margin", &self.future_margin)?;
        st.serialize_field("final_margin", &self.final_margin)?;
        st.serialize_field("result", line::result(self.final_margin))?;
        let plies: Vec<PlyValue<'_>> = self
            .plies
            .iter()
            .map(|(ply, v)| PlyValue {
                ply,
                future_margin: *v,
            })
            .collect();
        st.serialize_field("plies", &plies)?;
        st.serialize_field("best", &self.best)?;
        st.serialize_field("pv", &self.pv)?;
        st.serialize_field("pv_end", &self.pv_end)?;
        st.serialize_field("convention", &Convention::SplitEvenly.to_string())?;
        st.serialize_field("changes", &p.changes)?;
        st.serialize_field("under_the_rules", &self.under_the_rules)?;
        st.serialize_field("method", &self.method)?;
        st.serialize_field("nodes", &stats.map(|s| s.nodes))?;
        st.serialize_field("passes", &stats.map(|s| s.passes))?;
        st.serialize_field("table_bytes", &self.search.as_ref().map(|s| s.1))?;
        st.serialize_field("positions", &p.db.positions())?;
        st.serialize_field("bytes", &p.db.bytes())?;
        st.serialize_field(
            "database_file",
            &p.file.as_ref().map(|f| f.display().to_string()),
        )?;
        st.serialize_field("layers_read", &p.read)?;
        st.serialize_field("layers_built", &p.built)?;
        st.end()
    }
}
