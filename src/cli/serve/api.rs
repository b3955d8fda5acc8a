//! The JSON API of `ayla serve` (docs/serve.md): every answer computed by
//! the library the command line uses, so the page shows what `play`,
//! `check` and `replay` would say.

use super::Answer;
use crate::cli::rules::{evidence_word, family_word};
use crate::cli::solve::DbArgs;
use ayla::check::{MatchLink, match_start, write_record};
use ayla::draw::{self, Marks, Options, Scene, Seeds};
use ayla::driver::{Driver, Seat, Turn};
use ayla::engine::{Game, Ply, Position, Side, Variant};
use ayla::matches::game_of_match;
use ayla::notation::{format_position, parse_ply, parse_position, parse_records};
use ayla::reference::match_play::{AfterGame, GameResult, after_game};
use ayla::reference::trace::{self, Event};
use ayla::rulebook::{Overrides, looks_like_path, rulebook_for, source_of};
use ayla::rules::{self, Direction, Rules, Selection};
use ayla::search::Level;
use ayla::search::player::{DEFAULT_LEVEL, LEVELS, Player};
use serde::Deserialize;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// The most animation frames sent for one ply: a long relay sows
/// thousands of seeds, and a picture per seed would be megabytes.
pub const MAX_FRAMES: usize = 400;

/// The longest an engine may think for one request: the page offers up
/// to a second; a client asking for an hour would hold a worker.
const MAX_THINK: Duration = Duration::from_secs(10);

/// The most positions a `perfect` engine's database may hold here: it is
/// built anew for each request (the server keeps nothing), and a few
/// million positions take about a second.
const MAX_PERFECT: u64 = 4_000_000;

/// The API: the rule files the server was started with, and nothing else
/// (no state between requests).
pub struct Api {
    files: Vec<PathBuf>,
}

/// A failed request: its status and message.
struct Refusal {
    status: u16,
    message: String,
}

fn refuse(message: impl Into<String>) -> Refusal {
    Refusal {
        status: 400,
        message: message.into(),
    }
}

/// An error answer: `{"error": {"kind": ..., "message": ...}}`.
pub fn error(status: u16, message: &str) -> Answer {
    let kind = if status == 400 { "unusable" } else { "refused" };
    Answer {
        status,
        content_type: "application/json",
        body: json!({"error": {"kind": kind, "message": message}}).to_string(),
    }
}

/// How seeds are drawn, as the requests name it.
#[derive(Deserialize, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum SeedsChoice {
    #[default]
    Numbers,
    Dots,
}

impl SeedsChoice {
    fn seeds(self) -> Seeds {
        match self {
            SeedsChoice::Numbers => Seeds::Numbers,
            SeedsChoice::Dots => Seeds::Dots,
        }
    }
}

/// A game: the rules, where it starts, its plies as written.
#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct GameRequest {
    variant: String,
    #[serde(default)]
    readings: Selection,
    #[serde(default)]
    start: Option<String>,
    #[serde(default)]
    plies: Vec<String>,
    #[serde(default)]
    seeds: SeedsChoice,
    #[serde(default)]
    frames: bool,
    /// Pictures for a narrow screen ([`Options::compact`]).
    #[serde(default)]
    compact: bool,
    /// Who plays South and North, for the record's tags.
    #[serde(default)]
    players: Option<[String; 2]>,
    /// Who made each ply (as `players` names them), for a game whose seats
    /// changed hands: the tags name each side's first player, and a comment
    /// marks where another took over. Plies beyond the list are taken as
    /// made by `players`.
    #[serde(default)]
    by: Vec<String>,
    /// With `[match]`: this game's number in the match (default 1); a
    /// later game starts at the set-up the answer to the game before gave.
    #[serde(default)]
    match_game: Option<u16>,
    /// `/api/engine` only.
    #[serde(default)]
    level: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordRequest {
    text: String,
    #[serde(default = "first")]
    game: usize,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    readings: Selection,
    #[serde(default)]
    seeds: SeedsChoice,
    #[serde(default)]
    compact: bool,
}

fn first() -> usize {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DrawRequest {
    variant: String,
    #[serde(default)]
    readings: Selection,
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    seeds: SeedsChoice,
    #[serde(default)]
    compact: bool,
}

fn parse<'a, T: Deserialize<'a>>(body: &'a [u8]) -> Result<T, Refusal> {
    let text = std::str::from_utf8(body).map_err(|_| refuse("the request is not UTF-8 text"))?;
    serde_json::from_str(text)
        .map_err(|e| refuse(format!("the request is not what the API expects: {e}")))
}

fn ok(v: &Value) -> Answer {
    Answer {
        status: 200,
        content_type: "application/json",
        body: v.to_string(),
    }
}

fn side_name(s: Side) -> &'static str {
    match s {
        Side::South => "South",
        Side::North => "North",
    }
}

fn direction_word(d: Direction) -> &'static str {
    match d {
        Direction::Clockwise => "clockwise",
        _ => "counter-clockwise",
    }
}

/// The game replayed: the position after each legal ply, and the first
/// ply refused, if any.
struct Replay {
    variant: Arc<Variant>,
    start: Position,
    game: Game,
    /// Per legal ply: its text, the side that played it, the ply, the
    /// position before it, its description, the position after.
    steps: Vec<Played>,
    illegal: Option<Value>,
}

struct Played {
    text: String,
    side: Side,
    ply: Ply,
    before: Position,
    after: Position,
    description: String,
}

impl Api {
    /// An API serving the bundled variants and `files`.
    #[must_use]
    pub fn new(files: Vec<PathBuf>) -> Api {
        Api { files }
    }

    /// The given rule files that do not load, with why.
    pub fn file_problems(&self) -> Vec<(PathBuf, String)> {
        self.files
            .iter()
            .filter_map(|f| match rules::load_file(f) {
                Ok(_) => None,
                Err(e) => Some((f.clone(), e.to_string())),
            })
            .collect()
    }

    /// Answers one API request.
    pub fn handle(&self, method: &str, path: &str, body: &[u8]) -> Answer {
        let result = match (method, path) {
            ("GET", "/api/variants") => Ok(self.variants()),
            ("POST", "/api/game") => parse(body).and_then(|r: GameRequest| {
                if r.level.is_some() {
                    return Err(refuse(
                        "`level` belongs to /api/engine; /api/game replays the plies given",
                    ));
                }
                self.game(&r)
            }),
            ("POST", "/api/engine") => parse(body).and_then(|r| self.engine(&r)),
            ("POST", "/api/record") => parse(body).and_then(|r| self.record(&r)),
            ("POST", "/api/draw") => parse(body).and_then(|r| self.draw(&r)),
            (_, "/api/variants" | "/api/game" | "/api/engine" | "/api/record" | "/api/draw") => {
                Err(Refusal {
                    status: 405,
                    message: format!(
                        "{method} {path}: use {}",
                        if path == "/api/variants" {
                            "GET"
                        } else {
                            "POST with a JSON body"
                        }
                    ),
                })
            }
            _ => Err(Refusal {
                status: 404,
                message: format!(
                    "no API at {path}: there are /api/variants, /api/game, /api/engine, /api/record and /api/draw (docs/serve.md)"
                ),
            }),
        };
        match result {
            Ok(v) => ok(&v),
            Err(r) => error(r.status, &r.message),
        }
    }

    /// The rules a request names: a bundled variant, or one of the files
    /// the server was started with (by the name it was given as).
    fn rules(&self, variant: &str, readings: &Selection) -> Result<Rules, Refusal> {
        let file = self.files.iter().find(|f| f.to_string_lossy() == variant);
        if file.is_none() && rules::bundled_entry(variant).is_none() {
            let known: Vec<&str> = rules::BUNDLED.iter().map(|(id, _, _)| *id).collect();
            let files = if self.files.is_empty() {
                " (start the server with a rule file's path to offer it: `ayla serve my-game.toml`)"
                    .to_owned()
            } else {
                format!(
                    " or a rule file the server was started with ({})",
                    self.files
                        .iter()
                        .map(|f| f.display().to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            return Err(refuse(format!(
                "unknown variant {variant:?}: not a bundled variant ({}){files}",
                known.join(", ")
            )));
        }
        rules::resolve_with(variant, Path::new(""), readings).map_err(|e| refuse(e.to_string()))
    }

    fn variants(&self) -> Value {
        let mut list = Vec::new();
        let describe = |id: &str, origin: &str, r: Result<Rules, String>| match r {
            Ok(r) => json!({
                "id": id,
                "name": r.provenance().name,
                "family": r.provenance().family.map(family_word),
                "evidence": r.provenance().evidence.map(evidence_word),
                "origin": origin,
                "readings": r.readings().iter().map(|x| json!({
                    "name": x.name,
                    "point": x.point,
                    "alternatives": x.alternatives.iter().map(|a| a.name.clone()).collect::<Vec<_>>(),
                    "default": x.default,
                })).collect::<Vec<_>>(),
                "error": null,
            }),
            Err(e) => json!({
                "id": id, "name": id, "family": null, "evidence": null,
                "origin": origin, "readings": [], "error": e,
            }),
        };
        for (id, _, _) in rules::BUNDLED {
            list.push(describe(
                id,
                "bundled",
                rules::bundled(id).map_err(|e| e.to_string()),
            ));
        }
        for f in &self.files {
            let id = f.to_string_lossy();
            list.push(describe(
                &id,
                "file",
                rules::load_file(f).map_err(|e| e.to_string()),
            ));
        }
        json!({
            "variants": list,
            // `perfect` last: it plays only where a database can be built
            // here, and says so elsewhere.
            "levels": LEVELS.iter().enumerate().map(|(i, l)| json!({"id": i.to_string(), "name": l.to_string()}))
                .chain([json!({"id": "perfect", "name": Level::Perfect.to_string()})]).collect::<Vec<_>>(),
            "default_level": DEFAULT_LEVEL.to_string(),
        })
    }

    /// Replays a request's plies from its start, stopping at the first
    /// that does not parse or is not legal.
    fn replay(&self, r: &GameRequest) -> Result<Replay, Refusal> {
        let rules = self.rules(&r.variant, &r.readings)?;
        let variant = Arc::new(Variant::new(rules));
        let start = match &r.start {
            Some(p) => parse_position(&variant, p).map_err(|e| refuse(format!("start: {e}")))?,
            None => Position::initial(&variant),
        };
        let mut game = game_of_match(Arc::clone(&variant), start, r.match_game.unwrap_or(1));
        let mut steps = Vec::new();
        let mut illegal = None;
        for (i, text) in r.plies.iter().enumerate() {
            let before = *game.position();
            let side = before.to_move();
            // As `check` replays a record: the same words for the same fault.
            let played = parse_ply(&variant, text.trim())
                .map_err(|e| e.to_string())
                .and_then(|ply| game.play(ply).map(|e| (ply, e)).map_err(|e| e.to_string()));
            match played {
                Ok((ply, effect)) => steps.push(Played {
                    text: ply.notation(variant.board()),
                    side,
                    ply,
                    before,
                    after: *game.position(),
                    description: effect.describe_ply(&variant, side, ply),
                }),
                Err(reason) => {
                    illegal = Some(json!({
                        "number": i + 1,
                        "side": side_name(side),
                        "text": text,
                        "message": format!("ply {} ({side}, `{text}`) is illegal: {reason}", i + 1),
                        "position_before": format_position(&variant, &before),
                    }));
                    break;
                }
            }
        }
        Ok(Replay {
            variant,
            start,
            game,
            steps,
            illegal,
        })
    }

    fn game(&self, r: &GameRequest) -> Result<Value, Refusal> {
        let replay = self.replay(r)?;
        Ok(state_json(r, &replay))
    }

    fn engine(&self, r: &GameRequest) -> Result<Value, Refusal> {
        let text = r.level.as_deref().unwrap_or("");
        let level: Level = text.parse().map_err(|e| refuse(format!("level: {e}")))?;
        if let Level::Time(t) = level
            && t > MAX_THINK
        {
            return Err(refuse(format!(
                "level: at most {} s a move here",
                MAX_THINK.as_secs()
            )));
        }
        let replay = self.replay(r)?;
        if let Some(i) = replay.illegal {
            return Err(refuse(
                i["message"].as_str().unwrap_or("an illegal ply").to_owned(),
            ));
        }
        let mut driver = Driver::new(replay.game, [Seat::Outside, Seat::Outside]);
        if let Turn::Over(_) = driver.turn() {
            return Err(refuse("the game is over: there is no ply to choose"));
        }
        // Seeded by the game's length, so the same game asks the same
        // random level for the same ply.
        let mut player = Player::new(level, replay.steps.len() as u64 + 1);
        if level == Level::Perfect {
            // A ply labelled perfect must be one: where no database can be
            // built here, say so rather than play another level's ply.
            let db = crate::cli::solve::database(
                &replay.variant,
                driver.game().position(),
                &DbArgs {
                    db: None,
                    threads: None,
                    max_positions: MAX_PERFECT,
                    reachable: false,
                },
                true,
            )
            .map_err(|f| refuse(format!("level perfect: no perfect play here: {f}")))?;
            player = player.with_database(Arc::new(db.db));
        }
        // The engine plays the side to move; the browser plays both.
        let side = driver.game().position().to_move();
        *driver.seat_mut(side) = Seat::engine(player);
        let ply = driver.choose().map_err(|e| refuse(e.to_string()))?;
        Ok(json!({"ply": ply.notation(replay.variant.board()), "level": level.to_string()}))
    }

    fn record(&self, r: &RecordRequest) -> Result<Value, Refusal> {
        let name = r.name.clone().unwrap_or_else(|| "record".into());
        let games = parse_records(&r.text)
            .map_err(|e| refuse(format!("{name}:{}: syntax error: {}", e.loc, e.message)))?;
        if games.is_empty() {
            return Err(refuse(format!("{name}: no game in the text")));
        }
        let Some(rec) = r.game.checked_sub(1).and_then(|i| games.get(i)) else {
            return Err(refuse(format!(
                "{name}: there is no game {} (the text has {})",
                r.game,
                games.len()
            )));
        };
        let overrides = Overrides {
            rules: None,
            readings: r.readings.clone(),
        };
        let source =
            source_of(rec, Path::new(""), &overrides).map_err(|e| refuse(format!("{name}:{e}")))?;
        // A record naming a rule file is read only under a file the server
        // was started with: the page cannot make it read other files.
        let variant_id = if looks_like_path(&source.name) {
            let wanted = Path::new(&source.name).canonicalize().ok();
            self.files
                .iter()
                .find(|f| wanted.is_some() && f.canonicalize().ok() == wanted)
                .map(|f| f.to_string_lossy().into_owned())
                .ok_or_else(|| {
                    refuse(format!(
                        "{name}: the record's rules are the file {:?}; this server reads only the bundled variants and the rule files it was started with (start it as `ayla serve {}`)",
                        source.name, source.name
                    ))
                })?
        } else {
            source.name.clone()
        };
        let rules = rulebook_for(rec, Path::new(""), &overrides).map_err(|e| {
            refuse(match e.at {
                Some(loc) => format!("{name}:{loc}: {}", e.message),
                None => e.message,
            })
        })?;
        let variant = Arc::new(Variant::new(rules));
        // A later game of a match is checked after the games of its match
        // before it, which set it up (their rules are this game's).
        let i = r.game - 1;
        let mut link = MatchLink::new();
        for earlier in &games[match_start(&games, i)..i] {
            let _ = link.check(&variant, earlier);
        }
        let report = link
            .check(&variant, rec)
            .map_err(|u| refuse(format!("{name}:{}: {}", u.loc, u.message)))?;
        // `check`'s own words for what is wrong.
        let mut problems = Vec::new();
        if let Some(i) = &report.illegal {
            problems.push(format!(
                "{name}:{}: ply {} ({}, `{}`) is illegal: {}",
                i.loc, i.number, i.side, i.text, i.reason
            ));
            problems.push(format!(
                "  position before ply {}: {}",
                i.number,
                format_position(&variant, &i.before)
            ));
        }
        for p in &report.result_problems {
            problems.push(format!("{name}:{p}"));
        }
        let readings: Selection = variant
            .readings()
            .iter()
            .filter(|x| x.chosen != x.default)
            .map(|x| (x.name.clone(), x.chosen.clone()))
            .collect();
        let request = GameRequest {
            variant: variant_id,
            readings,
            start: (rec.tag("Position").is_some() || report.match_game.is_some_and(|k| k > 1))
                .then(|| format_position(&variant, &report.start)),
            plies: rec.plies.iter().map(|p| p.text.clone()).collect(),
            seeds: r.seeds,
            frames: false,
            compact: r.compact,
            // The record's players, so the record shown and downloaded
            // names them as the file does.
            players: Some(["South", "North"].map(|t| {
                rec.tag(t)
                    .map_or_else(|| "?".to_owned(), |t| t.value.clone())
            })),
            by: Vec::new(),
            match_game: report.match_game,
            level: None,
        };
        let mut state = self.game(&request)?;
        // A record read is a record kept: what is shown and downloaded is
        // the game's own text (its date, its claims, its comments), not
        // one rebuilt from its plies.
        state["record"] = json!(game_text(&r.text, &games, r.game - 1));
        Ok(json!({
            "games": games.len(),
            "game": r.game,
            "tags": rec.tags.iter().map(|t| json!([t.name, t.value])).collect::<Vec<_>>(),
            "request": request_json(&request),
            "check": {"ok": report.is_ok(), "messages": problems},
            "state": state,
        }))
    }

    fn draw(&self, r: &DrawRequest) -> Result<Value, Refusal> {
        let rules = self.rules(&r.variant, &r.readings)?;
        let pos = match &r.position {
            Some(p) => parse_position(&rules, p).map_err(|e| refuse(format!("position: {e}")))?,
            None => Position::initial(&rules),
        };
        let scene = Scene::of_position(&rules, &pos);
        let svg = draw::svg(
            &rules,
            &scene,
            &Marks::default(),
            &options(r.seeds, false, r.compact),
        );
        Ok(json!({"svg": svg}))
    }
}

/// The text of game `i` of a record file as written: from its first tag
/// (from the file's start for the first game, so comments before it stay)
/// to the next game's first tag.
fn game_text(text: &str, games: &[ayla::notation::Record], i: usize) -> String {
    let offset = |loc: ayla::notation::Loc| {
        let mut line_start = 0;
        for _ in 1..loc.line {
            line_start += text[line_start..].find('\n').map_or(0, |n| n + 1);
        }
        let rest = &text[line_start..];
        line_start
            + rest
                .char_indices()
                .nth(loc.column - 1)
                .map_or(rest.len(), |(b, _)| b)
    };
    let from = if i == 0 { 0 } else { offset(games[i].loc) };
    let to = games.get(i + 1).map_or(text.len(), |g| offset(g.loc));
    let mut kept = text[from..to].trim_end().to_owned();
    kept.push('\n');
    kept
}

/// The players named by the `South` and `North` tags (each side's first),
/// and the comment to write after each ply where the next ply's side
/// changes hands: `{North: NAME from here}`, as `ayla play --resume`
/// writes it.
fn seats(r: &GameRequest, steps: &[Played]) -> ([String; 2], Vec<Option<String>>) {
    let now = r
        .players
        .clone()
        .unwrap_or_else(|| ["human".into(), "human".into()]);
    let who = |i: usize, side: Side| {
        r.by.get(i)
            .cloned()
            .unwrap_or_else(|| now[side.index()].clone())
    };
    let mut first: [Option<String>; 2] = [None, None];
    let mut current: [Option<String>; 2] = [None, None];
    let mut after = vec![None; steps.len()];
    for (i, s) in steps.iter().enumerate() {
        let name = who(i, s.side);
        let k = s.side.index();
        match &current[k] {
            None => first[k] = Some(name.clone()),
            Some(c) if *c != name && i > 0 => {
                after[i - 1] = Some(format!("{}: {name} from here", side_name(s.side)));
            }
            _ => {}
        }
        current[k] = Some(name);
    }
    let tags = [0, 1].map(|k| first[k].clone().unwrap_or_else(|| now[k].clone()));
    (tags, after)
}

/// [`write_record`] with a comment after some plies.
fn write_with_comments(
    rules: &Rules,
    tags: &[(&str, String)],
    plies: &[Ply],
    after: &[Option<String>],
) -> String {
    if after.iter().all(Option::is_none) {
        return write_record(rules, tags, plies);
    }
    let head = write_record(rules, tags, &[]);
    let mut out = head.trim_end().to_owned();
    out.push_str("\n\n");
    let mut line = String::new();
    for (i, p) in plies.iter().enumerate() {
        line.push_str(&format!("{}. {} ", i + 1, p.notation(rules.board())));
        if let Some(Some(c)) = after.get(i) {
            // A brace comment cannot hold `}`: a name with one is cut there.
            line.push_str(&format!("{{{}}} ", c.replace('}', ")")));
        }
        if line.len() > 70 {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
        }
    }
    if !line.is_empty() {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn options(seeds: SeedsChoice, interactive: bool, compact: bool) -> Options {
    Options {
        seeds: seeds.seeds(),
        labels: true,
        interactive,
        caption: None,
        compact,
    }
}

fn request_json(r: &GameRequest) -> Value {
    json!({
        "variant": r.variant,
        "readings": r.readings,
        "start": r.start,
        "plies": r.plies,
        "players": r.players,
        "by": r.by,
        "match_game": r.match_game,
    })
}

/// The answer of `/api/game` for a replayed game.
fn state_json(r: &GameRequest, replay: &Replay) -> Value {
    let variant = &replay.variant;
    let rules: &Rules = variant;
    let game = &replay.game;
    let pos = game.position();
    let mut legal_plies = Vec::new();
    game.legal_plies(&mut legal_plies);
    let (mut legal, mut offers) = (Vec::new(), Vec::new());
    let (mut pass, mut accept, mut decline) = (false, false, false);
    let mut clickable = ayla::engine::PitSet::EMPTY;
    for &ply in &legal_plies {
        match ply {
            Ply::Sow(p) => {
                clickable.insert(p);
                legal.push(json!({"ply": ply.notation(rules.board()), "pit": rules.label(p).to_string(), "direction": null}));
            }
            Ply::SowToward(p, d) => {
                clickable.insert(p);
                legal.push(json!({"ply": ply.notation(rules.board()), "pit": rules.label(p).to_string(), "direction": direction_word(d)}));
            }
            Ply::Pass => pass = true,
            Ply::Accept => accept = true,
            Ply::Decline => decline = true,
            Ply::Offer(_) => offers.push(ply.notation(rules.board())),
            _ => {}
        }
    }
    let outcome = game.outcome();
    let scene = Scene {
        over: outcome.is_some(),
        ..Scene::of_position(rules, pos)
    };
    let path = replay.steps.last().and_then(|s| {
        let frames = trace::trace(rules, &s.before.to_state(rules), s.ply).ok()?;
        Some((s, frames))
    });
    let marks = Marks {
        legal: clickable,
        path: path
            .as_ref()
            .map(|(_, f)| {
                f.iter()
                    .filter_map(|x| match x.event {
                        Event::Drop(p) => Some(p),
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default(),
        // What the last ply took, so the picture says where the seeds went.
        taken: path.as_ref().map_or(ayla::engine::PitSet::EMPTY, |(_, f)| {
            f.iter()
                .fold(ayla::engine::PitSet::EMPTY, |set, x| match x.event {
                    Event::Capture(pits) => set.or(pits),
                    _ => set,
                })
        }),
        ..Marks::default()
    };
    let opts = options(r.seeds, true, r.compact);
    let svg = draw::svg(rules, &scene, &marks, &opts);
    let last = path.map(|(s, frames)| {
        let (pictures, cut) = if r.frames {
            animation(rules, &frames, &opts)
        } else {
            (Vec::new(), false)
        };
        json!({
            "ply": s.text,
            "side": side_name(s.side),
            "description": s.description,
            "frames": pictures,
            "frames_cut": cut,
        })
    });
    let plies: Vec<Value> = replay
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| {
            json!({
                "number": i + 1,
                "side": side_name(s.side),
                "text": s.text,
                "description": s.description,
                "position": format_position(rules, &s.after),
            })
        })
        .collect();
    let result = outcome.map_or("*".to_owned(), |o| {
        format!("{}-{}", o.totals[0], o.totals[1])
    });
    let (players, seat_changes) = seats(r, &replay.steps);
    let mut tags: Vec<(&str, String)> = vec![("Variant", variant_tag(&r.variant))];
    if !r.readings.is_empty() {
        let list: Vec<String> = r.readings.iter().map(|(k, v)| format!("{k}={v}")).collect();
        tags.push(("Readings", list.join(", ")));
    }
    if r.start.is_some() {
        tags.push(("Position", format_position(rules, &replay.start)));
    }
    let match_game = rules.match_play().map(|_| r.match_game.unwrap_or(1));
    if let Some(k) = match_game {
        tags.insert(1, ("MatchGame", k.to_string()));
    }
    tags.push(("South", players[0].clone()));
    tags.push(("North", players[1].clone()));
    tags.push(("Date", crate::cli::play::today().0));
    tags.push(("Result", result));
    let last_game = match_game.and_then(|k| {
        let o = outcome?;
        let last_mover = replay.steps.last().map(|s| s.side);
        Some(GameResult::new(o, replay.start.to_move(), last_mover, k))
    });
    let after = last_game.map(|result| after_game(rules, &result));
    if match_game.is_some() {
        tags.push(("MatchResult", standing(after.as_ref()).to_owned()));
    }
    let ply_list: Vec<Ply> = replay.steps.iter().map(|s| s.ply).collect();
    let match_json = match_game.map(|k| {
        let next = match &after {
            Some(AfterGame::Next(state)) => Some(ayla::notation::format_state(rules, state)),
            _ => None,
        };
        // The set-up of the next game, pit by pit, when the page animates.
        let refill = match &last_game {
            Some(result) if r.frames => animation(rules, &trace::refill(rules, result), &opts).0,
            _ => Vec::new(),
        };
        json!({
            "game": k,
            "frames": refill,
            "standing": standing(after.as_ref()),
            "winner": match &after {
                Some(AfterGame::Over(w)) => Some(w.map_or("draw", side_name)),
                _ => None,
            },
            "next": next,
        })
    });
    json!({
        "variant": {"id": r.variant, "name": rules.provenance().name},
        "match": match_json,
        "readings": rules.readings().iter().map(|x| (x.name.clone(), x.chosen.clone())).collect::<Selection>(),
        "start": format_position(rules, &replay.start),
        "plies": plies,
        "illegal": replay.illegal,
        "position": format_position(rules, pos),
        "to_move": if outcome.is_some() { None } else { Some(side_name(pos.to_move())) },
        "captured": [pos.captured(Side::South), pos.captured(Side::North)],
        "over": outcome.map(|o| json!({
            "reason": o.reason.code(),
            "text": o.to_string(),
            "result": format!("{}-{}", o.totals[0], o.totals[1]),
            "winner": o.winner.map(side_name),
            "without_glory": o.without_glory,
        })),
        "legal": legal,
        "actions": {"pass": pass, "accept": accept, "decline": decline, "offers": offers},
        "svg": svg,
        "last": last,
        "record": write_with_comments(rules, &tags, &ply_list, &seat_changes),
        "rules_text": rules::describe::show(rules),
        "perfect": perfect_json(variant, pos, outcome.is_some()),
    })
}

/// The `MatchResult` tag after a game of a match: `*` while the game or
/// the match goes on, else who won the match.
fn standing(after: Option<&AfterGame>) -> &'static str {
    match after {
        None | Some(AfterGame::Next(_)) => "*",
        Some(AfterGame::Over(Some(Side::South))) => "S",
        Some(AfterGame::Over(Some(Side::North))) => "N",
        Some(AfterGame::Over(None)) => "draw",
    }
}

/// Whether `/api/engine` at level `perfect` would play in `pos`, and why
/// not: the page offers the level only where it plays, rather than let a
/// seat wait on an engine that will refuse.
fn perfect_json(variant: &Arc<Variant>, pos: &Position, over: bool) -> Value {
    let why = if over {
        Some("the game is over".to_owned())
    } else {
        crate::cli::solve::can_solve(variant, pos, MAX_PERFECT)
            .err()
            .map(|f| format!("no perfect play here: {f}"))
    };
    json!({"plays": why.is_none(), "why": why})
}

/// The `Variant` tag of a downloaded record: a bundled id as it is; a rule
/// file by its absolute path, since the page cannot know where the record
/// will be saved (so it checks from anywhere on this machine).
fn variant_tag(id: &str) -> String {
    if rules::bundled_entry(id).is_some() {
        return id.to_owned();
    }
    Path::new(id)
        .canonicalize()
        .map_or_else(|_| id.to_owned(), |p| p.display().to_string())
}

/// One picture per step of the last ply, at most [`MAX_FRAMES`] (evenly
/// thinned, the last always kept), and whether any was left out.
fn animation(rules: &Rules, frames: &[trace::Frame], opts: &Options) -> (Vec<String>, bool) {
    let n = frames.len();
    let keep: Vec<usize> = if n <= MAX_FRAMES {
        (0..n).collect()
    } else {
        let mut k: Vec<usize> = (0..MAX_FRAMES - 1)
            .map(|i| i * n / (MAX_FRAMES - 1))
            .collect();
        k.push(n - 1);
        k.dedup();
        k
    };
    let pictures = keep
        .iter()
        .map(|&i| {
            let f = &frames[i];
            let scene = Scene::new(f.state.clone());
            let marks = match f.event {
                Event::Drop(p) => Marks {
                    focus: Some(p),
                    ..Marks::default()
                },
                Event::Lift(p) | Event::Fill(p) => Marks {
                    focus: Some(ayla::board::Place::Pit(p)),
                    ..Marks::default()
                },
                Event::Capture(set) => Marks {
                    taken: set,
                    ..Marks::default()
                },
                // The seeds in hand went to a captured total, or the pit
                // is struck out: the board alone shows it.
                Event::Stop(_) | Event::Gather | Event::Close(_) => Marks::default(),
            };
            draw::svg(rules, &scene, &marks, opts)
        })
        .collect();
    (pictures, n > MAX_FRAMES)
}
