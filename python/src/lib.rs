//! `ayla._ayla`: the extension module of the Python package `ayla`.
//!
//! A thin layer: every rule and verdict is the library's, and this file
//! only turns its values into Python ones. What reads better in Python
//! (DataFrames, notebook display) lives in python/ayla/.

use ayla::check::verdict::{self, Checked, Replay, Verdict};
use ayla::draw::{self, Marks, Options, Scene};
use ayla::engine::{Game as EngineGame, Outcome, Ply, Snapshot, Variant};
use ayla::fit;
use ayla::notation::{format_position, parse_ply, parse_position, parse_records};
use ayla::rng::Rng;
use ayla::rulebook::Overrides;
use ayla::rules::{self, LoadError, Rules as RulesModel, Selection};
use ayla::search::player::Player;
use ayla::search::{self, Level};
use ayla::solve::answer;
use ayla::solve::provide::Keep;
use ayla::stats::{self, Setup};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

create_exception!(
    _ayla,
    RulesError,
    PyValueError,
    "A rule file or variant name that cannot be used.\n\n\
     `str(e)` is the report `ayla rules validate` prints; `e.problems` lists\n\
     each problem as a dict with `file`, `line`, `column` (1-based), `key`\n\
     (the dotted rule key, or '' for a TOML syntax error) and `message`."
);

create_exception!(
    _ayla,
    IllegalPly,
    PyValueError,
    "A ply that cannot be played: not in the notation of the rules, or not\n\
     legal in the position (the message says why, as `ayla check` does)."
);

/// The error of loading rules, as a `RulesError` carrying every problem.
fn rules_error(py: Python<'_>, e: &LoadError) -> PyErr {
    let err = RulesError::new_err(e.to_string());
    let problems = PyList::empty(py);
    if let LoadError::Invalid(all) = e {
        for p in all {
            let d = PyDict::new(py);
            // Setting plain values on a fresh dict cannot fail.
            let _ = d.set_item("file", &p.file);
            let _ = d.set_item("line", p.line);
            let _ = d.set_item("column", p.column);
            let _ = d.set_item("key", &p.key);
            let _ = d.set_item("message", &p.message);
            let _ = problems.append(d);
        }
    }
    let _ = err.value(py).setattr("problems", problems);
    err
}

/// The rules of one variant: a bundled game or a rule file, under a
/// choice of readings.
#[pyclass(module = "ayla._ayla", name = "Rules", frozen)]
struct Rules {
    rules: RulesModel,
}

#[pymethods]
impl Rules {
    /// Loads a bundled variant by id (`"kpe"`) or a rule file by path, with
    /// some open points read as other alternatives than their defaults
    /// (`readings={"skip-origin": "skip"}`); a relative path is read from
    /// `base` (default: the current directory).
    #[staticmethod]
    #[pyo3(signature = (name, readings = None, base = None))]
    fn load(
        py: Python<'_>,
        name: &str,
        readings: Option<Selection>,
        base: Option<&str>,
    ) -> PyResult<Rules> {
        let sel = readings.unwrap_or_default();
        let base = Path::new(base.unwrap_or(""));
        rules::resolve_with(name, base, &sel)
            .map(|rules| Rules { rules })
            .map_err(|e| rules_error(py, &e))
    }

    /// Rules from the text of a rule file; `file` names it in errors.
    #[staticmethod]
    #[pyo3(signature = (text, file = "<text>"))]
    fn parse(py: Python<'_>, text: &str, file: &str) -> PyResult<Rules> {
        rules::parse(file, text)
            .map(|rules| Rules { rules })
            .map_err(|e| rules_error(py, &e))
    }

    /// The variant's id (`variant.id`).
    #[getter]
    fn id(&self) -> &str {
        &self.rules.provenance().id
    }

    /// The variant's display name.
    #[getter]
    fn name(&self) -> &str {
        &self.rules.provenance().name
    }

    /// One line on what sets the variant apart, if the file gives one.
    #[getter]
    fn summary(&self) -> Option<&str> {
        self.rules.provenance().summary.as_deref()
    }

    /// The rules in plain English, as `ayla rules show` prints them.
    fn show(&self) -> String {
        rules::describe::show(&self.rules)
    }

    /// The open points: a list of dicts with `name`, `point`, `reason`,
    /// `default`, `chosen` (the alternative in force) and `alternatives`
    /// (name to the keys it sets, values as TOML text).
    fn readings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for r in self.rules.readings() {
            let d = PyDict::new(py);
            d.set_item("name", &r.name)?;
            d.set_item("point", &r.point)?;
            d.set_item("reason", &r.reason)?;
            d.set_item("default", &r.default)?;
            d.set_item("chosen", &r.chosen)?;
            let alts = PyDict::new(py);
            for a in &r.alternatives {
                let keys = PyDict::new(py);
                for (k, v) in &a.overrides {
                    keys.set_item(k, v)?;
                }
                alts.set_item(&a.name, keys)?;
            }
            d.set_item("alternatives", alts)?;
            list.append(d)?;
        }
        Ok(list)
    }

    fn __repr__(&self) -> String {
        let chosen: Vec<String> = self
            .rules
            .readings()
            .iter()
            .filter(|r| r.chosen != r.default)
            .map(|r| format!("{}={}", r.name, r.chosen))
            .collect();
        if chosen.is_empty() {
            format!("<Rules {}>", self.id())
        } else {
            format!("<Rules {} ({})>", self.id(), chosen.join(", "))
        }
    }
}

/// A game under a set of rules: its position, the plies played, its end.
#[pyclass(module = "ayla._ayla", name = "Game")]
#[derive(Clone)]
struct Game {
    game: EngineGame,
    /// Each ply played, with the game as it stood before it (for `undo`).
    played: Vec<(String, Snapshot)>,
}

impl Game {
    fn model(&self) -> &RulesModel {
        self.game.rules()
    }
}

/// An outcome as a dict: `reason` (the end's code, as `--json` gives it),
/// `text`, `totals` (South, North), `winner` (`"South"`, `"North"` or
/// `None` for a draw), `without_glory`.
fn outcome_dict<'py>(py: Python<'py>, o: &Outcome) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("reason", o.reason.code())?;
    d.set_item("text", o.to_string())?;
    d.set_item("totals", o.totals.to_vec())?;
    d.set_item("winner", o.winner.map(|w| w.to_string()))?;
    d.set_item("without_glory", o.without_glory)?;
    Ok(d)
}

#[pymethods]
impl Game {
    /// A game of `rules` from their starting position, or from `position`
    /// (the position notation, as `ayla` prints it).
    #[new]
    #[pyo3(signature = (rules, position = None))]
    fn new(rules: &Rules, position: Option<&str>) -> PyResult<Game> {
        let variant = Arc::new(Variant::new(rules.rules.clone()));
        let game = match position {
            None => EngineGame::new(variant),
            Some(text) => {
                let pos = parse_position(&variant, text)
                    .map_err(|e| PyValueError::new_err(format!("position: {e}")))?;
                EngineGame::from_position(variant, pos)
            }
        };
        Ok(Game {
            game,
            played: Vec::new(),
        })
    }

    /// The rules the game is played under.
    #[getter]
    fn rules(&self) -> Rules {
        Rules {
            rules: self.model().clone(),
        }
    }

    /// The legal plies, in the notation of the rules.
    fn legal(&self) -> Vec<String> {
        let mut plies = Vec::new();
        self.game.legal_plies(&mut plies);
        plies
            .iter()
            .map(|p| p.notation(self.model().board()))
            .collect()
    }

    /// Plays `ply` (its notation: `"c"`, `"pass"`, `"c>"`) and says what
    /// it did, as `ayla play` does. Raises `IllegalPly` if it cannot be
    /// played; the game is then as it was.
    fn play(&mut self, ply: &str) -> PyResult<String> {
        let side = self.game.position().to_move();
        let parsed: Ply =
            parse_ply(self.model(), ply).map_err(|e| IllegalPly::new_err(e.to_string()))?;
        let before = self.game.snapshot();
        let effect = self
            .game
            .play(parsed)
            .map_err(|e| IllegalPly::new_err(e.to_string()))?;
        self.played.push((ply.trim().to_owned(), before));
        Ok(effect.describe_ply(self.model(), side, parsed))
    }

    /// Takes back the last `n` plies (all there are, if fewer); how many
    /// it took back.
    #[pyo3(signature = (n = 1))]
    fn undo(&mut self, n: usize) -> usize {
        let n = n.min(self.played.len());
        if n > 0 {
            let at = self.played.len() - n;
            let (_, snapshot) = self.played[at].clone();
            self.game.restore(snapshot);
            self.played.truncate(at);
        }
        n
    }

    /// The plies played, in order.
    #[getter]
    fn plies(&self) -> Vec<String> {
        self.played.iter().map(|(p, _)| p.clone()).collect()
    }

    /// The position, in the position notation.
    #[getter]
    fn position(&self) -> String {
        format_position(self.model(), self.game.position())
    }

    /// The side to act (`"South"` or `"North"`), `None` once the game is over.
    #[getter]
    fn to_move(&self) -> Option<String> {
        (!self.game.is_over()).then(|| self.game.position().to_move().to_string())
    }

    /// Whether the game has ended.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The result once the game is over (else `None`): a dict with
    /// `reason`, `text`, `totals` (South, North), `winner` and
    /// `without_glory`.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.game
            .outcome()
            .map(|o| outcome_dict(py, &o))
            .transpose()
    }

    /// The position as an SVG picture, as `ayla draw` draws it (the pits
    /// the side to act may sow from outlined, pits out of play struck
    /// through).
    fn svg(&self) -> String {
        let scene = Scene::of_position(self.model(), self.game.position());
        draw::svg(self.model(), &scene, &Marks::default(), &Options::default())
    }

    /// Jupyter shows a game as its picture.
    fn _repr_svg_(&self) -> String {
        self.svg()
    }

    /// The ply the engine would play here at `level` (`"random"`, `0` to
    /// `5`, `"depth:N"`, `"time:SECONDS"`), its choices among equal plies
    /// drawn from `seed`; the game is left as it is. `None` once the game
    /// is over. `"perfect"` is the solver's, which this call does not
    /// build databases for: `ValueError`.
    #[pyo3(signature = (level = "3", seed = 1))]
    fn engine_ply(&mut self, level: &str, seed: u64) -> PyResult<Option<String>> {
        let level = level_of(level)?;
        if self.game.is_over() {
            return Ok(None);
        }
        let ply = Player::new(level, seed)
            .choose(&mut self.game)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Some(ply.notation(self.model().board())))
    }

    /// The position solved, as `ayla solve --json` gives it: a dict with
    /// `future_margin` (South's margin from here under perfect play),
    /// `final_margin`, `result`, `plies` (each legal ply with its
    /// `future_margin`, `None` for one a search found worse), `best`, `pv`
    /// and `pv_end` (a principal variation), `convention` and `changes`
    /// (where the solver's rules differ from the file's),
    /// `under_the_rules` (the value under the file's own repetition rule
    /// and ends, or `None` where that search would be too long), the
    /// `method` and the databases' size; and `seconds`. Databases are built
    /// in memory on every core, up to `max_positions` positions; beyond,
    /// a search runs over the largest that fit (or over databases of
    /// `db_seeds` seeds). `reachable` builds only the positions reachable
    /// from here. Rules the solver does not handle, or a position too
    /// large, raise `ValueError` with `ayla solve`'s message. Python
    /// waits without holding the GIL.
    #[pyo3(signature = (max_positions = 50_000_000, reachable = false, db_seeds = None, table_mb = 256))]
    fn solve<'py>(
        &self,
        py: Python<'py>,
        max_positions: u64,
        reachable: bool,
        db_seeds: Option<usize>,
        table_mb: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        let variant = Arc::clone(self.game.variant());
        let pos = *self.game.position();
        let opts = answer::Options {
            keep: Keep {
                dir: None,
                max_positions,
                reachable,
            },
            db_seeds,
            table_bytes: table_mb.saturating_mul(1 << 20),
            threads: rayon::current_num_threads(),
        };
        let started = Instant::now();
        let solved = py.detach(|| answer::solve(&variant, &pos, &opts, &|_| {}, |_, _| {}));
        let solved = solved.map_err(PyValueError::new_err)?;
        let d =
            pythonize::pythonize(py, &solved).map_err(|e| PyValueError::new_err(e.to_string()))?;
        d.set_item("seconds", started.elapsed().as_secs_f64())?;
        Ok(d)
    }

    /// An independent copy: plies played on it leave this game alone.
    fn copy(&self) -> Game {
        self.clone()
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Game {} {}>",
            self.model().provenance().id,
            self.position()
        )
    }
}

/// The choice of rules that overrides the records' tags.
fn overrides(rules: Option<String>, readings: Option<Selection>) -> Overrides {
    Overrides {
        rules,
        readings: readings.unwrap_or_default(),
    }
}

/// Verdicts as Python objects: each a dict, key for key as a line of
/// `ayla check --json`.
fn verdicts<'py>(py: Python<'py>, v: &[Verdict]) -> PyResult<Bound<'py, PyAny>> {
    pythonize::pythonize(py, v).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Checks the games of a record file as `ayla check --json` does: a list
/// of dicts, one a game (`status` is `"ok"`, `"illegal"`,
/// `"wrong-result"` or `"unusable"`; `errors` lists each problem with its
/// line, column, ply and message). `rules` reads every game under these
/// rules instead of its `Variant` tag; `readings` overrides its
/// `Readings` tag.
#[pyfunction]
#[pyo3(signature = (path, rules = None, readings = None))]
fn check<'py>(
    py: Python<'py>,
    path: &str,
    rules: Option<String>,
    readings: Option<Selection>,
) -> PyResult<Bound<'py, PyAny>> {
    let choice = overrides(rules, readings);
    verdicts(py, &verdict::check_file(Path::new(path), &choice))
}

/// As `check`, for the text of a record file named `file`; rule files
/// its `Variant` tags name are read from `base` (default: the current
/// directory).
#[pyfunction]
#[pyo3(signature = (text, file = "<text>", base = None, rules = None, readings = None))]
fn check_text<'py>(
    py: Python<'py>,
    text: &str,
    file: &str,
    base: Option<&str>,
    rules: Option<String>,
    readings: Option<Selection>,
) -> PyResult<Bound<'py, PyAny>> {
    let choice = overrides(rules, readings);
    let base = Path::new(base.unwrap_or(""));
    verdicts(py, &verdict::check_text(file, text, base, &choice))
}

/// Uniformly random games of `rules` from their start, played in Rust
/// (the loop `ayla bench` times) until at least `min_plies` plies: a dict
/// with `plies`, `games`, `south_wins`, `north_wins`, `draws` and
/// `seconds` (the time the games took). The same `seed` plays the same
/// games. Python waits without holding the GIL.
#[pyfunction]
#[pyo3(signature = (rules, min_plies = 1_000_000, seed = 1))]
fn random_playouts<'py>(
    py: Python<'py>,
    rules: &Rules,
    min_plies: u64,
    seed: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let variant = Arc::new(Variant::new(rules.rules.clone()));
    let (p, seconds) = py.detach(|| {
        let t = Instant::now();
        let p = search::random_playouts(&variant, &mut Rng::new(seed), min_plies);
        (p, t.elapsed().as_secs_f64())
    });
    let d = PyDict::new(py);
    d.set_item("plies", p.plies)?;
    d.set_item("games", p.playouts)?;
    d.set_item("south_wins", p.results[0])?;
    d.set_item("north_wins", p.results[1])?;
    d.set_item("draws", p.results[2])?;
    d.set_item("seconds", seconds)?;
    Ok(d)
}

/// Every game of a record file replayed ply by ply, as `ayla replay
/// --json` shows it: a list of dicts, one a game, with `start`, `plies`
/// (each with `number`, `side`, `text`, `effect`, `position`,
/// `comments`), the final `position`, the result and `errors`. A file or
/// a game that cannot be replayed raises `ValueError` with the message
/// `ayla replay` gives.
#[pyfunction]
#[pyo3(signature = (path, rules = None, readings = None))]
fn replay<'py>(
    py: Python<'py>,
    path: &str,
    rules: Option<String>,
    readings: Option<Selection>,
) -> PyResult<Bound<'py, PyAny>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| PyValueError::new_err(format!("{path}: cannot read the record: {e}")))?;
    let games = parse_records(&text).map_err(|e| {
        PyValueError::new_err(format!("{path}:{}: syntax error: {}", e.loc, e.message))
    })?;
    let base = Path::new(path).parent().unwrap_or(Path::new(""));
    let checked = verdict::check_records(&games, base, &overrides(rules, readings));
    let mut all = Vec::with_capacity(games.len());
    for (i, (rec, c)) in games.iter().zip(&checked).enumerate() {
        match c {
            Checked::Game { variant, report } => {
                all.push(Replay::of(path, i + 1, rec, variant, report, None, true));
            }
            Checked::Unusable { at, message } => {
                let at = at.map(|l| format!("{path}:{l}: ")).unwrap_or_default();
                return Err(PyValueError::new_err(format!("{at}{message}")));
            }
        }
    }
    pythonize::pythonize(py, &all).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// A level from its name, refusing `perfect` (which needs the solver's
/// databases, not built here).
fn level_of(name: &str) -> PyResult<Level> {
    let level: Level = name.parse().map_err(PyValueError::new_err)?;
    if level == Level::Perfect {
        return Err(PyValueError::new_err(
            "level perfect plays from endgame databases, which this call does not build",
        ));
    }
    Ok(level)
}

/// A run's setup from the arguments `self_play` and `stats` share.
fn setup_of(
    games: u32,
    a: &str,
    b: Option<&str>,
    opening: u32,
    seed: u64,
    max_plies: u32,
) -> PyResult<Setup> {
    let levels = [level_of(a)?, level_of(b.unwrap_or(a))?];
    if max_plies == 0 {
        return Err(PyValueError::new_err("max_plies must be at least 1"));
    }
    Ok(Setup {
        games,
        levels,
        opening,
        seed,
        max_plies,
    })
}

/// Games between the engine at level `a` and at level `b` (default: `a`,
/// self-play), played in Rust on every core as `ayla stats` plays them:
/// A is South in even-numbered games, North in odd ones; `opening` random
/// plies first; a game still on after `max_plies` is stopped and scored as
/// it stands. A list of dicts, one a game, in order: `index`, `a_side`,
/// `first`, `end` (the end's code, `None` if stopped), `totals` (South,
/// North), `winner` (`None` for a draw), `plies`, `captured` (seeds taken
/// by captures), `mean_legal` (legal plies a position, on average) and
/// `trades` (offers made, accepted, declined). Python waits without
/// holding the GIL.
#[pyfunction]
#[pyo3(signature = (rules, games = 200, a = "3", b = None, opening = 4, seed = 1, max_plies = 2000))]
#[allow(clippy::too_many_arguments)]
fn self_play<'py>(
    py: Python<'py>,
    rules: &Rules,
    games: u32,
    a: &str,
    b: Option<&str>,
    opening: u32,
    seed: u64,
    max_plies: u32,
) -> PyResult<Bound<'py, PyList>> {
    let setup = setup_of(games, a, b, opening, seed, max_plies)?;
    let variant = Arc::new(Variant::new(rules.rules.clone()));
    let stop = AtomicBool::new(false);
    let mut played = py.detach(|| stats::play_games(&variant, &setup, None, &stop, &|_| {}));
    played.sort_by_key(|g| g.index);
    let list = PyList::empty(py);
    for g in &played {
        let d = PyDict::new(py);
        d.set_item("index", g.index)?;
        d.set_item("a_side", g.a_side.to_string())?;
        d.set_item("first", g.first.to_string())?;
        d.set_item("end", g.end.map(|e| e.code()))?;
        d.set_item("totals", g.totals.to_vec())?;
        d.set_item("winner", g.winner.map(|w| w.to_string()))?;
        d.set_item("plies", g.plies())?;
        d.set_item(
            "captured",
            g.captured.iter().map(|&c| u64::from(c)).sum::<u64>(),
        )?;
        let legal: u64 = g.legal.iter().map(|&c| u64::from(c)).sum();
        d.set_item("mean_legal", legal as f64 / g.plies().max(1) as f64)?;
        d.set_item("trades", g.trades.to_vec())?;
        list.append(d)?;
    }
    Ok(list)
}

/// Pairs as a dict, in their order (the rule file's, for readings).
struct InOrder<'a>(Vec<(&'a str, &'a str)>);

impl serde::Serialize for InOrder<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().copied())
    }
}

/// What `stats` returns: the run's setup and what it measured, keyed as a
/// combination of `ayla stats --json` is.
#[derive(serde::Serialize)]
struct Measured<'a> {
    variant: &'a str,
    readings: InOrder<'a>,
    games: u32,
    levels: Vec<String>,
    opening: u32,
    seed: u64,
    max_plies: u32,
    figures: Option<&'a stats::Figures>,
    matches: Option<&'a stats::MatchFigures>,
    seconds: f64,
}

/// The figures `ayla stats` prints for these rules, from the games
/// `self_play` plays with the same arguments: a dict with the run's setup
/// (`variant`, `readings` in force, `games`, `levels`, `opening`, `seed`,
/// `max_plies`), `figures` (the first player's score with its 95% interval,
/// draws, ends, length and capture quantiles, legal plies; `None` if no
/// game finished), `matches` (whole matches, where the rules play them)
/// and `seconds`. Keys and values are those of a combination in
/// `ayla stats --json`, floats unrounded. Python waits without the GIL.
#[pyfunction]
#[pyo3(name = "stats", signature = (rules, games = 200, a = "3", b = None, opening = 4, seed = 1, max_plies = 2000))]
#[allow(clippy::too_many_arguments)]
fn stats_of<'py>(
    py: Python<'py>,
    rules: &Rules,
    games: u32,
    a: &str,
    b: Option<&str>,
    opening: u32,
    seed: u64,
    max_plies: u32,
) -> PyResult<Bound<'py, PyAny>> {
    let setup = setup_of(games, a, b, opening, seed, max_plies)?;
    let variant = Arc::new(Variant::new(rules.rules.clone()));
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let run = py.detach(|| stats::measure(&variant, &setup, None, &stop, &|| {}));
    let model = &rules.rules;
    let measured = Measured {
        variant: &model.provenance().id,
        readings: InOrder(
            model
                .readings()
                .iter()
                .map(|r| (r.name.as_str(), r.chosen.as_str()))
                .collect(),
        ),
        games,
        levels: setup.levels.iter().map(ToString::to_string).collect(),
        opening,
        seed,
        max_plies,
        figures: run.figures.as_ref(),
        matches: run.matches.as_ref(),
        seconds: started.elapsed().as_secs_f64(),
    };
    pythonize::pythonize(py, &measured).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// One group of `fit`: combinations the games cannot tell apart.
#[derive(serde::Serialize)]
struct FitGroup<'a> {
    fits: bool,
    combinations: Vec<InOrder<'a>>,
    described: Vec<String>,
    why: Option<String>,
}

/// The games of one set of rules, as `fit` returns them.
#[derive(serde::Serialize)]
struct FitVariant<'a> {
    variant: &'a str,
    files: &'a [String],
    error: Option<&'a str>,
    readings: Vec<&'a str>,
    groups: Vec<FitGroup<'a>>,
}

#[derive(serde::Serialize)]
struct FitUnusable<'a> {
    file: &'a str,
    errors: &'a [String],
}

#[derive(serde::Serialize)]
struct FitOut<'a> {
    variants: Vec<FitVariant<'a>>,
    unusable: Vec<FitUnusable<'a>>,
}

fn fit_variant(v: &fit::VariantFit) -> FitVariant<'_> {
    let (error, readings, groups) = match &v.fit {
        Err(e) => (Some(e.as_str()), Vec::new(), Vec::new()),
        Ok(f) => {
            let groups = f
                .groups
                .iter()
                .map(|g| FitGroup {
                    fits: g.fits(),
                    combinations: g
                        .combinations
                        .iter()
                        .map(|c| {
                            InOrder(
                                f.readings
                                    .iter()
                                    .map(|r| (r.name.as_str(), c[&r.name].as_str()))
                                    .collect(),
                            )
                        })
                        .collect(),
                    described: fit::describe_combinations(&f.readings, &g.combinations),
                    why: g.verdicts.iter().zip(&v.files).find_map(|(x, f)| x.why(f)),
                })
                .collect();
            let names = f.readings.iter().map(|r| r.name.as_str()).collect();
            (None, names, groups)
        }
    };
    FitVariant {
        variant: &v.source.name,
        files: &v.files,
        error,
        readings,
        groups,
    }
}

/// Which readings of the open points recorded games fit, as `ayla fit`
/// reports it: every combination of the readings is tried on every game
/// of the files (a path or a list of paths), the games of each set of
/// rules together. A dict: `variants`, one a set of rules, each with its
/// `variant` name, the `files` of its games, `error` (why it could not be
/// fitted, else `None`), the `readings`' names and `groups`: combinations
/// the games cannot tell apart, fitting ones first, each with `fits`,
/// `combinations` (dicts of reading to alternative), `described` (the
/// lines `ayla fit` prints for them) and `why` (the first game that rules
/// them out, as `ayla fit` says it; `None` if they fit). `unusable` lists
/// the files that could not be read, each with its `errors`. `rules`
/// reads every game under other rules than its `Variant` tag.
#[pyfunction]
#[pyo3(name = "fit", signature = (paths, rules = None))]
fn fit_records<'py>(
    py: Python<'py>,
    paths: &Bound<'py, PyAny>,
    rules: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let paths: Vec<PathBuf> = match paths.extract::<PathBuf>() {
        Ok(p) => vec![p],
        Err(_) => paths.extract()?,
    };
    let fitted = py.detach(|| fit::fit_files(&paths, &overrides(rules, None)));
    let out = FitOut {
        variants: fitted.variants.iter().map(fit_variant).collect(),
        unusable: fitted
            .unusable
            .iter()
            .map(|(file, errors)| FitUnusable { file, errors })
            .collect(),
    };
    pythonize::pythonize(py, &out).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The ids of the bundled variants, in `ayla rules list` order.
#[pyfunction]
fn bundled() -> Vec<&'static str> {
    rules::BUNDLED.iter().map(|(id, _, _)| *id).collect()
}

#[pymodule]
fn _ayla(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("RulesError", m.py().get_type::<RulesError>())?;
    m.add("IllegalPly", m.py().get_type::<IllegalPly>())?;
    m.add_class::<Rules>()?;
    m.add_class::<Game>()?;
    m.add_function(wrap_pyfunction!(bundled, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(check_text, m)?)?;
    m.add_function(wrap_pyfunction!(random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(self_play, m)?)?;
    m.add_function(wrap_pyfunction!(stats_of, m)?)?;
    m.add_function(wrap_pyfunction!(fit_records, m)?)?;
    m.add_function(wrap_pyfunction!(replay, m)?)?;
    Ok(())
}
