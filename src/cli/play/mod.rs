//! `ayla play <variant>`: against a friend or the engine, in a terminal or through a pipe.
//! A game of a match goes on into the next game of the match
//! (`matches.rs`).

mod matches;

use super::{Exit, Failure, args, board};
use ayla::check::write_record_with_comments;
use ayla::driver::{Driver, Seat, Turn};
use ayla::engine::{Ply, Side, Snapshot, Variant};
use ayla::matches::game_of_match;
use ayla::notation::{format_position, other_plies, parse_ply, parse_position, parse_records};
use ayla::rulebook::{Overrides, looks_like_path, rulebook_for, variant_tag_for};
use ayla::search::eval::{self, Meaning};
use ayla::search::player::{DEFAULT_LEVEL, LEVELS, Player};
use ayla::search::{Budget, Level, Searcher};
use ayla::solve::retro::Database;
use ayla::words::count;
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Who {
    /// A person, typing plies.
    Human,
    /// The engine, at `--level` (or that side's own level).
    Engine,
}

/// Arguments of `play`.
#[derive(clap::Args)]
pub struct Args {
    /// A bundled variant id or a path to a rule file (with --resume: the
    /// rules to continue under instead of the record's Variant tag).
    #[arg(required_unless_present = "resume", value_parser = args::variant(), hide_possible_values = true)]
    variant: Option<String>,
    /// Who plays South [default: human, or with --resume who played South
    /// last in the record].
    #[arg(long, value_enum)]
    south: Option<Who>,
    /// Who plays North [default: human, or with --resume who played North
    /// last in the record].
    #[arg(long, value_enum)]
    north: Option<Who>,
    /// Engine strength for both sides (and for hints): 0 random, 1 depth 1,
    /// 2 depth 3, 3 depth 5, 4 depth 8, 5 about a second a move; or
    /// `random`, `depth:N`, `time:SECONDS`, or `perfect` (exact play from
    /// endgame databases, see `ayla solve`: built before play, or read from
    /// --db; refused where they cannot be had) [default: 5, or with
    /// --resume the level the record names].
    #[arg(long, value_name = "L", value_parser = args::level_text(), hide_possible_values = true)]
    level: Option<String>,
    /// South's engine level, instead of --level (needs --south engine).
    #[arg(long, value_name = "L", value_parser = args::level_text(), hide_possible_values = true)]
    south_level: Option<String>,
    /// North's engine level, instead of --level (needs --north engine).
    #[arg(long, value_name = "L", value_parser = args::level_text(), hide_possible_values = true)]
    north_level: Option<String>,
    /// Start from this position (docs/notation.md) instead of the variant's
    /// start; the record then carries it in a Position tag.
    #[arg(long, value_name = "P", conflicts_with = "resume")]
    position: Option<String>,
    /// Continue the game saved in FILE: replay its plies, keep its tags,
    /// and go on saving to it (unless --save names another file).
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
    /// Where to save the record (default: ayla-<variant>-<date>-<time>.rec
    /// in the current directory, the date and time in UTC).
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    #[command(flatten)]
    readings: args::Readings,
    /// Let --save replace a file that exists (without it, play refuses to).
    #[arg(long, requires = "save")]
    overwrite: bool,
    /// Seed for the engine's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The databases of the `perfect` level.
    #[command(flatten)]
    db: super::solve::DbArgs,
}

const HELP: &str = "\
Type a ply and press Enter:
  c              sow from pit c (labels are case-sensitive: c and C are different pits)
  offer c,d      offer pits c and d (where the variant has trading)
  accept         accept the pending offer
  decline        decline it
  pass           pass (only when you have nothing to sow)
Commands (any case):
  undo           take back plies until it is your previous turn again
  hint           the engine's ply for you, with its value: in seeds for you
                 (a captured seed counts 3, a seed in your own pits 1, less
                 the opponent's), or a win or loss in so many plies
  help           this text
  quit           stop; the game so far is saved";

/// What a line that is neither a ply nor a command gets told, after the
/// reason: the plies these rules have (no trading words where pits are
/// not traded, no `pass` where no one passes) and the commands.
fn expected(rules: &Variant) -> String {
    let mut forms = vec!["a pit label"];
    forms.extend(other_plies(rules, "`offer c,d`"));
    format!(
        "Type a ply ({}) or a command (`help`, `undo`, `hint`, `quit`).",
        forms.join(", ")
    )
}

struct Session<'r> {
    rules: &'r Variant,
    /// The game and its seats: an engine or the person at the terminal.
    driver: Driver,
    plies: Vec<Ply>,
    /// The side that played each ply.
    sides: Vec<Side>,
    /// The state before each ply.
    undo: Vec<Snapshot>,
    save: PathBuf,
    /// Every tag but `Result`, which is written from the game.
    tags: Vec<(String, String)>,
    /// The record's comments, each after so many plies: a resumed record's
    /// own, and `{South: NAME from here}` where a side's player changed.
    comments: Vec<(usize, String)>,
    /// Whether the next write makes the file: it then must not exist yet
    /// (unless --overwrite), so a file that appeared since the check is
    /// not clobbered either.
    fresh: bool,
    /// Whether this session has saved the game (a game quit before its
    /// first ply has made no file).
    written: bool,
    style: board::Style,
    /// Who moved first in this game.
    first: Side,
    /// With `[match]`: this game's number in the match.
    match_game: Option<u16>,
    /// The games of the match before this one, as record text (a resumed
    /// file's own, as written), which the file keeps before this game.
    earlier: String,
}

/// `{South: NAME from here}`: the comment that marks where a side's player
/// changed (the web board writes the same).
fn seat_comment(side: Side, name: &str) -> String {
    format!("{side}: {name} from here")
}

/// The side and player a `{South: NAME from here}` comment names.
fn parse_seat_comment(text: &str) -> Option<(Side, &str)> {
    let (side, rest) = text.split_once(": ")?;
    let side = match side {
        "South" => Side::South,
        "North" => Side::North,
        _ => return None,
    };
    let name = rest.strip_suffix(" from here")?;
    (!name.is_empty()).then_some((side, name))
}

/// The name a record gives an engine player at `level`.
fn engine_name(level: Level) -> String {
    format!("ayla engine ({level})")
}

/// The level of a player named as [`engine_name`] names one, if it is one.
fn engine_level(name: &str) -> Option<Level> {
    let inner = name.strip_prefix("ayla engine (")?.strip_suffix(')')?;
    let level = match inner {
        "random" | "perfect" => inner.parse().ok()?,
        _ => match (
            inner.strip_prefix("depth "),
            inner.strip_suffix(" ms a move"),
        ) {
            (Some(d), _) => Level::Depth(d.parse().ok()?),
            (None, Some(ms)) => Level::Time(Duration::from_millis(ms.parse().ok()?)),
            (None, None) => return None,
        },
    };
    // Only a name this program would write: "depth 007" is someone's.
    (engine_name(level) == name).then_some(level)
}

impl Session<'_> {
    fn write(&mut self) -> std::io::Result<()> {
        let text = self.earlier.clone() + &self.game_text();
        if self.fresh {
            // Made only if it is not there: nothing a user made is replaced.
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&self.save)?
                .write_all(text.as_bytes())?;
            self.fresh = false;
            self.written = true;
            return Ok(());
        }
        replace(&self.save, &text)?;
        self.written = true;
        Ok(())
    }

    /// The record of the game being played, its result as it stands.
    fn game_text(&self) -> String {
        let result = match self.driver.game().outcome() {
            Some(o) => format!("{}-{}", o.totals[0], o.totals[1]),
            None => "*".into(),
        };
        let mut tags: Vec<(&str, String)> = self
            .tags
            .iter()
            .map(|(k, v)| (k.as_str(), v.clone()))
            .collect();
        tags.push(("Result", result));
        if let Some(standing) = self.match_standing() {
            tags.push(("MatchResult", standing.to_owned()));
        }
        write_record_with_comments(self.rules, &tags, &self.plies, &self.comments)
    }

    /// What becomes of a game left unfinished, in words.
    fn left(&self) -> String {
        if !self.written && self.plies.is_empty() {
            "No ply was played: nothing was saved.".into()
        } else if !self.written {
            format!(
                "The game is left unfinished; it could not be saved to {}.",
                self.save.display()
            )
        } else {
            format!(
                "The game is left unfinished; saved to {}.",
                self.save.display()
            )
        }
    }

    /// Plays `ply` for the side to act; quiet replays a saved game.
    fn play(&mut self, ply: Ply, quiet: bool) -> Result<(), String> {
        let snap = self.driver.game().snapshot();
        let played = self.driver.play(ply).map_err(|e| e.to_string())?;
        let (side, effect) = (played.side, played.effect);
        self.undo.push(snap);
        self.plies.push(ply);
        self.sides.push(side);
        if quiet {
            return Ok(());
        }
        println!("{}.\n", effect.describe_ply(self.rules, side, ply));
        if let Err(e) = self.write() {
            eprintln!("warning: cannot save to {}: {e}", self.save.display());
        }
        Ok(())
    }

    fn show(&self) {
        print!(
            "{}",
            board::draw_styled(self.rules, self.driver.game().position(), self.style)
        );
        println!(
            "  {}",
            format_position(self.rules, self.driver.game().position())
        );
    }

    /// Takes back plies to the last turn of a human before the present
    /// one: every engine ply after it goes too, so the engine does not
    /// simply play its ply again. Returns how many plies went.
    fn undo(&mut self, whos: [Who; 2]) -> usize {
        let Some(k) = self
            .sides
            .iter()
            .rposition(|s| whos[s.index()] == Who::Human)
        else {
            return 0;
        };
        let taken = self.plies.len() - k;
        self.driver.game_mut().restore(self.undo[k]);
        self.undo.truncate(k);
        self.plies.truncate(k);
        self.sides.truncate(k);
        self.comments_to(k);
        taken
    }

    /// Moves the comments after ply `k` to stand after it, now that the
    /// plies after it are taken back: a comment is the user's and is kept;
    /// a change of player now holds from here, and of several changes of
    /// one side the last (this session's players) is the one that holds.
    fn comments_to(&mut self, k: usize) {
        for c in &mut self.comments {
            c.0 = c.0.min(k);
        }
        let mut i = self.comments.len();
        let mut seen = [false; 2];
        while i > 0 {
            i -= 1;
            let (at, text) = &self.comments[i];
            if *at == k
                && let Some((side, _)) = parse_seat_comment(text)
            {
                if seen[side.index()] {
                    self.comments.remove(i);
                } else {
                    seen[side.index()] = true;
                }
            }
        }
        // A change back to the player of the tags or of an earlier change
        // is no change.
        let mut current: [Option<String>; 2] = Side::BOTH.map(|s| {
            self.tags
                .iter()
                .find(|(n, _)| *n == s.to_string())
                .map(|(_, v)| v.clone())
        });
        self.comments
            .retain(|(_, text)| match parse_seat_comment(text) {
                Some((side, name)) => {
                    let same = current[side.index()].as_deref() == Some(name);
                    current[side.index()] = Some(name.to_owned());
                    !same
                }
                None => true,
            });
    }
}

/// Writes `text` to `path` through a file beside it, renamed over it: a
/// write that fails half way leaves the record as it was.
fn replace(path: &Path, text: &str) -> std::io::Result<()> {
    let name = path
        .file_name()
        .map_or_else(|| "record".into(), |n| n.to_string_lossy().into_owned());
    let tmp = path.with_file_name(format!(".{name}.ayla-{}.tmp", std::process::id()));
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// The rules and the game so far of `--resume FILE`.
struct Resumed {
    variant: Arc<Variant>,
    /// The name the rules were loaded by, relative to the current directory.
    rules_name: String,
    tags: Vec<(String, String)>,
    start: ayla::engine::Position,
    plies: Vec<Ply>,
    /// The record's comments, each after so many plies.
    comments: Vec<(usize, String)>,
    /// The game's number in its match, if it is a game of one.
    match_game: Option<u16>,
    /// The text of the file before this game: the match's earlier games.
    earlier: String,
}

fn resume(path: &Path, rules_arg: Option<&str>) -> Result<Resumed, Failure> {
    let name = path.display().to_string();
    let unusable = |m: String| Failure::unusable(anyhow::anyhow!(m));
    let text = std::fs::read_to_string(path)
        .map_err(|e| unusable(format!("--resume: {name}: cannot read the record: {e}")))?;
    let games = parse_records(&text)
        .map_err(|e| unusable(format!("{name}:{}: syntax error: {}", e.loc, e.message)))?;
    // A match goes on in its last game; any other file holds one game.
    let last = games.len().saturating_sub(1);
    let in_a_match = games.len() > 1 && matches::match_start(&games, last) == 0;
    if games.len() != 1 && !in_a_match {
        return Err(unusable(format!(
            "--resume: {name} holds {} games that are not the games of one match in order; a game to continue is a file of its own",
            games.len()
        )));
    }
    let rec = &games[last];
    let base = path.parent().unwrap_or(Path::new(""));
    let overrides = Overrides {
        rules: rules_arg.map(str::to_owned),
        ..Overrides::default()
    };
    let rules = rulebook_for(rec, base, &overrides).map_err(|e| {
        unusable(match e.at {
            Some(_) => format!("{name}:{e}"),
            None => e.to_string(),
        })
    })?;
    let rules_name = match rules_arg {
        Some(r) => r.to_owned(),
        None => {
            let tag = &rec.tag("Variant").expect("rulebook_for needs one").value;
            if looks_like_path(tag) {
                base.join(tag).display().to_string()
            } else {
                tag.clone()
            }
        }
    };
    let variant = Arc::new(Variant::new(rules));
    let report =
        matches::check_last(&variant, &games).map_err(|u| unusable(format!("{name}:{u}")))?;
    if let Some(i) = &report.illegal {
        return Err(Failure {
            exit: Exit::Wrong,
            error: Some(anyhow::anyhow!(
                "{name}:{}: ply {} ({}, `{}`) is illegal: {}; the game cannot be continued",
                i.loc,
                i.number,
                i.side,
                i.text,
                i.reason
            )),
        });
    }
    let plies = rec
        .plies
        .iter()
        .map(|p| p.ply.resolve(&variant).expect("checked above"))
        .collect();
    Ok(Resumed {
        rules_name,
        match_game: report.match_game,
        earlier: matches::text_before(&text, rec.loc.line).to_owned(),
        tags: rec
            .tags
            .iter()
            .filter(|t| t.name != "Result" && t.name != "MatchResult")
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect(),
        start: report.start,
        plies,
        comments: rec
            .preamble
            .iter()
            .map(|c| (0, c.clone()))
            .chain(
                rec.plies
                    .iter()
                    .enumerate()
                    .flat_map(|(i, p)| p.comments.iter().map(move |c| (i + 1, c.clone()))),
            )
            .collect(),
        variant,
    })
}

/// `ayla-<variant>-<stamp>.rec` in `dir`, with `-2`, `-3`, … if that exists.
fn default_save(dir: &Path, id: &str, stamp: &str) -> PathBuf {
    let mut p = dir.join(format!("ayla-{id}-{stamp}.rec"));
    let mut k = 2;
    while p.exists() {
        p = dir.join(format!("ayla-{id}-{stamp}-{k}.rec"));
        k += 1;
    }
    p
}

/// Whether two paths name one file (both must exist to be found the same).
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

/// A path and, when it is relative, the directory it is in.
fn where_is(p: &Path) -> String {
    if p.is_absolute() {
        return p.display().to_string();
    }
    let dir = std::env::current_dir()
        .ok()
        .and_then(|d| d.join(p).parent().map(Path::to_path_buf));
    match dir {
        Some(d) => format!("{} (in {})", p.display(), d.display()),
        None => p.display().to_string(),
    }
}

/// An engine's value for the side to act, in words: seeds (hundredths in
/// the search) or a forced end.
fn value_words(v: i32, side: Side) -> String {
    let plies = |n: u32| count(n, "ply", "plies");
    let seeds = |n: u32| count(n, "seed", "seeds");
    match eval::meaning(v) {
        Meaning::Win { plies: n, margin } => {
            format!("{side} wins in {} by {}", plies(n), seeds(margin))
        }
        Meaning::Loss { plies: n, margin } => {
            format!("{side} loses in {} by {}", plies(n), seeds(margin))
        }
        Meaning::Heuristic(v) => format!("{:+.2} seeds for {side}", f64::from(v) / 100.0),
    }
}

/// A typed line with its command words and ply words in lower case; pit
/// labels keep their case (`a` and `A` are different pits).
fn normalise(line: &str) -> String {
    let t = line.trim();
    if let Some(head) = t.get(..5)
        && head.eq_ignore_ascii_case("offer")
    {
        return format!("offer{}", &t[5..]);
    }
    let lower = t.to_ascii_lowercase();
    const WORDS: [&str; 9] = [
        "quit", "exit", "help", "hint", "undo", "pass", "accept", "decline", "offer",
    ];
    if WORDS.contains(&lower.as_str()) {
        lower
    } else {
        t.to_owned()
    }
}

fn bad_usage(m: &str) -> Failure {
    Failure::unusable(anyhow::anyhow!("{m}"))
}

/// Who played a side last in a resumed record: the side's tag, or the last
/// `{South: NAME from here}` comment that changes it.
fn last_players(r: &Resumed) -> [Option<String>; 2] {
    let mut who = Side::BOTH.map(|s| {
        r.tags
            .iter()
            .find(|(n, _)| *n == s.to_string())
            .map(|(_, v)| v.clone())
    });
    for (_, text) in &r.comments {
        if let Some((side, name)) = parse_seat_comment(text) {
            who[side.index()] = Some(name.to_owned());
        }
    }
    who
}

/// The databases of the `perfect` level for the game from `pos` on,
/// quietly: one line on stderr says they are being built (the solver's
/// layer by layer report is `ayla solve`'s). Refused, with the solver's
/// reason, where they cannot be had.
///
/// # Errors
/// The solver cannot handle the rules (trading, an opening lock, …), the
/// databases would be larger than `--max-positions`, or a `--db` file is
/// unusable: exit 2.
pub(super) fn perfect_database(
    variant: &Arc<Variant>,
    pos: &ayla::engine::Position,
    db: &super::solve::DbArgs,
) -> Result<Arc<Database>, Failure> {
    let started = std::time::Instant::now();
    eprint!("building the perfect level's databases…");
    let _ = std::io::stderr().flush();
    // The seeds on the board never grow (the solver refuses rules where
    // they could), so the layers of this position cover the rest of the game.
    match super::solve::database(variant, pos, db, true) {
        Ok(p) => {
            eprintln!(
                " done in {:.1} s ({} read from a file, {} built)",
                started.elapsed().as_secs_f64(),
                count(p.read as u32, "layer", "layers"),
                p.built
            );
            Ok(Arc::new(p.db))
        }
        Err(f) => {
            eprintln!(" refused.");
            Err(Failure {
                exit: f.exit,
                error: f.error.map(|e| {
                    e.context(
                        "the perfect level plays exactly from endgame databases of the game, and they cannot be had",
                    )
                }),
            })
        }
    }
}

pub fn run(a: Args) -> Result<(), Failure> {
    if a.resume.is_some() && !a.readings.readings.is_empty() {
        return Err(bad_usage(
            "--reading: a resumed game keeps the readings of its record (its Readings tag)",
        ));
    }
    let resumed = match &a.resume {
        Some(path) => Some(resume(path, a.variant.as_deref())?),
        None => None,
    };
    let recorded = resumed.as_ref().map_or([None, None], last_players);
    // Each side as the command line says, else as the record last had it,
    // else a human; an engine's level likewise.
    let recorded_level = |side: Side| recorded[side.index()].as_deref().and_then(engine_level);
    let given = [a.south, a.north];
    let whos = Side::BOTH.map(|side| {
        given[side.index()].unwrap_or(if recorded_level(side).is_some() {
            Who::Engine
        } else {
            Who::Human
        })
    });
    let level: Option<Level> = match &a.level {
        Some(l) => Some(l.parse().map_err(|e: String| bad_usage(&e))?),
        None => None,
    };
    let mut levels = Side::BOTH.map(|side| {
        level
            .or(recorded_level(side))
            .unwrap_or(LEVELS[DEFAULT_LEVEL])
    });
    for (side, flag, given) in [
        (Side::South, "--south-level", &a.south_level),
        (Side::North, "--north-level", &a.north_level),
    ] {
        if let Some(l) = given {
            if whos[side.index()] != Who::Engine {
                let s = side.to_string().to_lowercase();
                return Err(bad_usage(&format!(
                    "{flag} is the level of an engine: add --{s} engine"
                )));
            }
            levels[side.index()] = l.parse().map_err(|e: String| bad_usage(&e))?;
        }
    }
    // Hints search at the level given, else at the default.
    let level = level.unwrap_or(LEVELS[DEFAULT_LEVEL]);
    let (variant, rules_name) = match &resumed {
        Some(r) => (Arc::clone(&r.variant), r.rules_name.clone()),
        None => {
            let name = a
                .variant
                .clone()
                .expect("clap requires it without --resume");
            (a.readings.load(&name)?, name)
        }
    };
    let rules: &Variant = &variant;
    let start = match (&resumed, &a.position) {
        (Some(r), _) => r.start,
        (None, Some(p)) => {
            parse_position(rules, p).map_err(|e| bad_usage(&format!("--position: {e}")))?
        }
        (None, None) => ayla::engine::Position::initial(rules),
    };
    let (date, stamp) = today();
    let save = match (&a.save, &a.resume) {
        (Some(s), _) => s.clone(),
        (None, Some(r)) => r.clone(),
        (None, None) => default_save(Path::new(""), &rules.provenance().id, &stamp),
    };
    // Going on in the record resumed is what --resume asks for; any other
    // file that exists is someone's, and stays unless --overwrite says.
    let continues = a.resume.as_ref().is_some_and(|r| same_file(r, &save));
    let fresh = !continues && !a.overwrite;
    if fresh && save.exists() {
        let s = save.display();
        return Err(bad_usage(&format!(
            "--save: {s} exists, and play does not replace a file: to go on with the game in it, `ayla play --resume {s}`; to replace it, add --overwrite; or save to another file"
        )));
    }
    let name = |side: Side| match whos[side.index()] {
        // A person keeps the name the record gives them.
        Who::Human => match &recorded[side.index()] {
            Some(n) if engine_level(n).is_none() => n.clone(),
            _ => "human".to_owned(),
        },
        Who::Engine => engine_name(levels[side.index()]),
    };
    // A rule file is named by its path from the record, so the saved game
    // checks as it is.
    let variant_tag = variant_tag_for(&rules_name, &save);
    let tags = match &resumed {
        Some(r) => r
            .tags
            .iter()
            .map(|(k, v)| match k.as_str() {
                // Kept as written unless the game moves or changes rules.
                "Variant" if a.save.is_some() || a.variant.is_some() => {
                    (k.clone(), variant_tag.clone())
                }
                _ => (k.clone(), v.clone()),
            })
            .collect(),
        None => {
            let mut t = vec![("Variant".to_owned(), variant_tag)];
            if rules.match_play().is_some() {
                t.push(("MatchGame".into(), "1".into()));
            }
            // The game is checked and resumed under the readings it was played under.
            if let Some(r) = args::readings_tag(rules) {
                t.push(("Readings".into(), r));
            }
            if a.position.is_some() {
                t.push(("Position".into(), format_position(rules, &start)));
            }
            t.extend([
                ("South".into(), name(Side::South)),
                ("North".into(), name(Side::North)),
                ("Date".into(), date),
            ]);
            t
        }
    };
    let match_game = match &resumed {
        Some(r) => r.match_game,
        None => rules.match_play().map(|_| 1),
    };
    let mut s = Session {
        rules,
        driver: Driver::new(
            game_of_match(Arc::clone(&variant), start, match_game.unwrap_or(1)),
            [Seat::Outside, Seat::Outside],
        ),
        plies: Vec::new(),
        sides: Vec::new(),
        undo: Vec::new(),
        save,
        tags,
        comments: resumed
            .as_ref()
            .map_or_else(Vec::new, |r| r.comments.clone()),
        fresh,
        written: false,
        style: board::Style::detect(),
        first: start.to_move(),
        match_game,
        earlier: resumed
            .as_ref()
            .map_or_else(String::new, |r| r.earlier.clone()),
    };
    if let Some(r) = &resumed {
        for &p in &r.plies {
            s.play(p, true).expect("a checked record replays");
        }
        // The tags keep the first player of each side; a side whose player
        // changes is marked where the change happens.
        for side in Side::BOTH {
            let now = name(side);
            if recorded[side.index()].as_deref() == Some(now.as_str()) {
                continue;
            }
            let tag = side.to_string();
            if s.plies.is_empty() || !s.tags.iter().any(|(n, _)| *n == tag) {
                match s.tags.iter_mut().find(|(n, _)| *n == tag) {
                    Some(t) => t.1 = now,
                    None => s.tags.push((tag, now)),
                }
            } else {
                let at = s.plies.len();
                s.comments.push((at, seat_comment(side, &now)));
                s.comments_to(at);
            }
        }
    }
    let perfect =
        |side: Side| whos[side.index()] == Who::Engine && levels[side.index()] == Level::Perfect;
    let db = if perfect(Side::South) || perfect(Side::North) {
        // Before any file is made: a refused level leaves nothing behind.
        Some(perfect_database(
            &variant,
            s.driver.game().position(),
            &a.db,
        )?)
    } else {
        None
    };
    // The resumed plies are replayed: the engines take their seats now.
    for side in Side::BOTH {
        if whos[side.index()] == Who::Engine {
            let seed = a.seed.wrapping_add(side.index() as u64);
            let mut e = Player::new(levels[side.index()], seed);
            if let Some(db) = &db {
                e = e.with_database(Arc::clone(db));
            }
            *s.driver.seat_mut(side) = Seat::engine(e);
        }
    }
    // The first line says where the game goes: a newcomer finds it there.
    match &a.resume {
        Some(from) => println!(
            "Resuming {} after {}; the game is saved to {} after every ply.",
            from.display(),
            ayla::words::count(s.plies.len() as u32, "ply", "plies"),
            where_is(&s.save)
        ),
        None => println!(
            "The game is saved to {} after every ply.",
            where_is(&s.save)
        ),
    }
    println!(
        "{}: South ({}) against North ({}). Type `help` for the commands.\n",
        args::title(rules),
        name(Side::South),
        name(Side::North)
    );
    // The file is made with the first ply (docs/commands.md): a game
    // quit before any ply leaves nothing behind. A game resumed or given
    // plies is saved now, so that a save that cannot be made is said
    // before anything is played; otherwise its folder is checked.
    if s.plies.is_empty() {
        let dir = s.save.parent().filter(|d| !d.as_os_str().is_empty());
        if let Some(d) = dir.filter(|d| !d.is_dir()) {
            return Err(Failure::unusable(anyhow::anyhow!(
                "cannot save to {}: {} is not a directory",
                s.save.display(),
                d.display()
            )));
        }
    } else {
        s.write().map_err(|e| {
            Failure::unusable(anyhow::anyhow!("cannot save to {}: {e}", s.save.display()))
        })?;
    }
    // The players' names, for the tags of the match's next games.
    let names = Side::BOTH.map(name);
    let mut hinter = Searcher::default();
    let mut legal = Vec::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let width = s.style.width.unwrap_or(80);
    let terminal = std::io::stdout().is_terminal();
    loop {
        s.show();
        let side = match s.driver.turn() {
            Turn::Over(o) => {
                println!("\nGame over: {o}.");
                // A person sees the game's end before the next is set up,
                // and may stop the match here.
                if s.match_standing() == Some("*")
                    && whos.contains(&Who::Human)
                    && !s.wait_for_the_next_game(&mut lines)
                {
                    return Ok(());
                }
                if s.match_game.is_some() && s.go_on_with_the_match(&names)? {
                    continue;
                }
                println!("Saved to {}.", s.save.display());
                return Ok(());
            }
            // play sets no bound on the plies: only the rules end its games.
            Turn::Bound => return Ok(()),
            Turn::Engine(side) | Turn::Outside(side) => side,
        };
        if whos[side.index()] == Who::Engine {
            if terminal {
                // Erased by the ply; a pipe gets only the ply.
                print!("{side} (engine) is thinking…");
                let _ = std::io::stdout().flush();
            }
            let chosen = s.driver.choose();
            if terminal {
                print!("\r\x1b[2K");
            }
            let ply = chosen.map_err(|e| {
                Failure::unusable(anyhow::anyhow!(
                    "{side}'s engine ({}) cannot play: {e}; the game is saved to {}",
                    levels[side.index()],
                    s.save.display()
                ))
            })?;
            println!("{side} (engine) plays {}.", ply.notation(rules.board()));
            s.play(ply, false).expect("the engine plays legal plies");
            continue;
        }
        s.driver.game().legal_plies(&mut legal);
        let list: Vec<String> = legal.iter().map(|p| p.notation(rules.board())).collect();
        print!(
            "{}",
            ayla::words::wrap(
                &format!("{side} to act. Legal: {}", list.join(" ")),
                width,
                "",
                "    "
            )
        );
        print!("{side}> ");
        let _ = std::io::stdout().flush();
        let Some(Ok(line)) = lines.next() else {
            println!("\n(end of input) {}", s.left());
            return Ok(());
        };
        let text = normalise(&line);
        match text.as_str() {
            "" => {}
            "quit" | "exit" => {
                println!("{}", s.left());
                return Ok(());
            }
            "help" | "?" => println!("{HELP}\n"),
            "hint" => {
                let budget = match level {
                    Level::Depth(d) => Budget::Depth(d.max(3)),
                    _ => Budget::Time(Duration::from_millis(500)),
                };
                let r = hinter.search(s.driver.game_mut(), budget);
                match r.best {
                    Some(p) => {
                        let pv: Vec<String> =
                            r.pv.iter().map(|p| p.notation(rules.board())).collect();
                        println!(
                            "Hint: {} ({}; searched to depth {}, line {}).\n",
                            p.notation(rules.board()),
                            value_words(r.value, side),
                            r.depth,
                            pv.join(" ")
                        );
                    }
                    None => println!("No hint: no ply is legal.\n"),
                }
            }
            "undo" => match s.undo(whos) {
                0 => println!("Nothing to take back: no ply of a human has been played yet.\n"),
                taken => {
                    println!("Took back {}.\n", count(taken, "ply", "plies"));
                    if let Err(e) = s.write() {
                        eprintln!("warning: cannot save to {}: {e}", s.save.display());
                    }
                }
            },
            text => match parse_ply(rules, text) {
                Err(e) => println!("{e}. {}\n", expected(rules)),
                Ok(ply) => {
                    if let Err(e) = s.play(ply, false) {
                        println!("Illegal: {e}.\n");
                    }
                }
            },
        }
    }
}

/// Today's date as `YYYY.MM.DD` (for the Date tag) and a file-name stamp `YYYYMMDD-HHMMSS`, in UTC.
pub(super) fn today() -> (String, String) {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (
        format!("{y:04}.{m:02}.{d:02}"),
        format!(
            "{y:04}{m:02}{d:02}-{:02}{:02}{:02}",
            rem / 3600,
            rem / 60 % 60,
            rem % 60
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_name_passes_over_files_that_exist() {
        let dir = std::env::temp_dir().join(format!("ayla-default-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let first = default_save(&dir, "kpe", "20261203-180000");
        assert_eq!(first, dir.join("ayla-kpe-20261203-180000.rec"));
        std::fs::write(&first, "mine").unwrap();
        std::fs::write(dir.join("ayla-kpe-20261203-180000-2.rec"), "mine too").unwrap();
        assert_eq!(
            default_save(&dir, "kpe", "20261203-180000"),
            dir.join("ayla-kpe-20261203-180000-3.rec")
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn engine_names_read_back_as_their_levels_and_nothing_else_does() {
        for level in ["random", "depth:3", "time:1.5", "perfect"] {
            let level: Level = level.parse().unwrap();
            assert_eq!(engine_level(&engine_name(level)), Some(level));
        }
        for name in [
            "human",
            "Ama",
            "ayla engine (depth 007)",
            "ayla engine (depth x)",
            "ayla engine A (depth 3)",
            "ayla engine (fast)",
        ] {
            assert_eq!(engine_level(name), None, "{name}");
        }
    }

    #[test]
    fn seat_comments_read_back() {
        let text = seat_comment(Side::North, "ayla engine (depth 3)");
        assert_eq!(text, "North: ayla engine (depth 3) from here");
        assert_eq!(
            parse_seat_comment(&text),
            Some((Side::North, "ayla engine (depth 3)"))
        );
        assert_eq!(parse_seat_comment("a fine start"), None);
        assert_eq!(parse_seat_comment("East: Ama from here"), None);
    }
}
