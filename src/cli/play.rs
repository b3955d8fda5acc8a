//! `ayla play <variant>`: against a friend or the engine, in a terminal or through a pipe.

use super::{Exit, Failure, args, board};
use ayla::check::{check_game, write_record};
use ayla::engine::{Game, Ply, Side, Snapshot, Variant};
use ayla::notation::{format_position, parse_ply, parse_position, parse_records};
use ayla::rulebook::{Overrides, looks_like_path, rulebook_for, variant_tag_for};
use ayla::rules::describe::count;
use ayla::search::eval::{self, Meaning};
use ayla::search::player::{DEFAULT_LEVEL, Player};
use ayla::search::{Budget, Level, Searcher};
use std::io::{BufRead, Write};
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
    /// Who plays South.
    #[arg(long, value_enum, default_value = "human")]
    south: Who,
    /// Who plays North.
    #[arg(long, value_enum, default_value = "human")]
    north: Who,
    /// Engine strength for both sides (and for hints): 0 random, 1 depth 1,
    /// 2 depth 3, 3 depth 5, 4 depth 8, 5 about a second a move; or
    /// `random`, `depth:N`, `time:SECONDS`, or `perfect` (from endgame
    /// databases, see `ayla solve`: built before play, or read from --db).
    #[arg(long, value_name = "L", default_value_t = DEFAULT_LEVEL.to_string(), value_parser = args::level_text(), hide_possible_values = true)]
    level: String,
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

/// What a line that is neither a ply nor a command gets told, after the reason.
const EXPECTED: &str = "Type a ply (a pit label, `offer c,d`, `accept`, `decline`, `pass`) \
or a command (`help`, `undo`, `hint`, `quit`).";

struct Session<'r> {
    rules: &'r Variant,
    game: Game,
    plies: Vec<Ply>,
    /// The side that played each ply.
    sides: Vec<Side>,
    /// The state before each ply.
    undo: Vec<Snapshot>,
    save: PathBuf,
    /// Every tag but `Result`, which is written from the game.
    tags: Vec<(String, String)>,
    style: board::Style,
}

impl Session<'_> {
    fn write(&self) -> std::io::Result<()> {
        let result = match self.game.outcome() {
            Some(o) => format!("{}-{}", o.totals[0], o.totals[1]),
            None => "*".into(),
        };
        let mut tags: Vec<(&str, String)> = self
            .tags
            .iter()
            .map(|(k, v)| (k.as_str(), v.clone()))
            .collect();
        tags.push(("Result", result));
        std::fs::write(&self.save, write_record(self.rules, &tags, &self.plies))
    }

    /// Plays `ply` for the side to act; quiet replays a saved game.
    fn play(&mut self, ply: Ply, quiet: bool) -> Result<(), String> {
        let side = self.game.position().to_move();
        let snap = self.game.snapshot();
        let effect = self.game.play(ply).map_err(|e| e.to_string())?;
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
            board::draw_styled(self.rules, self.game.position(), self.style)
        );
        println!("  {}", format_position(self.rules, self.game.position()));
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
        self.game.restore(self.undo[k]);
        self.undo.truncate(k);
        self.plies.truncate(k);
        self.sides.truncate(k);
        taken
    }
}

/// The rules and the game so far of `--resume FILE`.
struct Resumed {
    variant: Arc<Variant>,
    /// The name the rules were loaded by, relative to the current directory.
    rules_name: String,
    tags: Vec<(String, String)>,
    start: ayla::engine::Position,
    plies: Vec<Ply>,
}

fn resume(path: &Path, rules_arg: Option<&str>) -> Result<Resumed, Failure> {
    let name = path.display().to_string();
    let unusable = |m: String| Failure::unusable(anyhow::anyhow!(m));
    let text = std::fs::read_to_string(path)
        .map_err(|e| unusable(format!("--resume: {name}: cannot read the record: {e}")))?;
    let games = parse_records(&text)
        .map_err(|e| unusable(format!("{name}:{}: syntax error: {}", e.loc, e.message)))?;
    let [rec] = games.as_slice() else {
        return Err(unusable(format!(
            "--resume: {name} holds {} games; a game to continue is a file of its own",
            games.len()
        )));
    };
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
    let report = check_game(&variant, rec).map_err(|u| unusable(format!("{name}:{u}")))?;
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
        tags: rec
            .tags
            .iter()
            .filter(|t| t.name != "Result")
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect(),
        start: report.start,
        plies,
        variant,
    })
}

/// `ayla-<variant>-<stamp>.rec` here, with `-2`, `-3`, … if that exists.
fn default_save(id: &str, stamp: &str) -> PathBuf {
    let mut p = PathBuf::from(format!("ayla-{id}-{stamp}.rec"));
    let mut k = 2;
    while p.exists() {
        p = PathBuf::from(format!("ayla-{id}-{stamp}-{k}.rec"));
        k += 1;
    }
    p
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

pub fn run(a: Args) -> Result<(), Failure> {
    let level: Level = a.level.parse().map_err(|e: String| bad_usage(&e))?;
    let whos = [a.south, a.north];
    let mut levels = [level; 2];
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
    if a.resume.is_some() && !a.readings.readings.is_empty() {
        return Err(bad_usage(
            "--reading: a resumed game keeps the readings of its record (its Readings tag)",
        ));
    }
    let resumed = match &a.resume {
        Some(path) => Some(resume(path, a.variant.as_deref())?),
        None => None,
    };
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
        (None, None) => default_save(&rules.provenance.id, &stamp),
    };
    let name = |side: Side| match whos[side.index()] {
        Who::Human => "human".to_owned(),
        Who::Engine => format!("ayla engine ({})", levels[side.index()]),
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
    let mut s = Session {
        rules,
        game: Game::from_position(Arc::clone(&variant), start),
        plies: Vec::new(),
        sides: Vec::new(),
        undo: Vec::new(),
        save,
        tags,
        style: board::Style::detect(),
    };
    if let Some(r) = &resumed {
        for &p in &r.plies {
            s.play(p, true).expect("a checked record replays");
        }
    }
    // The first line says where the game goes: a newcomer finds it there.
    match &a.resume {
        Some(from) => println!(
            "Resuming {} after {} plies; the game is saved to {} after every ply.",
            from.display(),
            s.plies.len(),
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
    s.write().map_err(|e| {
        Failure::unusable(anyhow::anyhow!("cannot save to {}: {e}", s.save.display()))
    })?;
    let mut engines = [
        Player::new(levels[0], a.seed),
        Player::new(levels[1], a.seed.wrapping_add(1)),
    ];
    let perfect =
        |side: Side| whos[side.index()] == Who::Engine && levels[side.index()] == Level::Perfect;
    if perfect(Side::South) || perfect(Side::North) {
        // The seeds on the board never grow (the solver refuses rules
        // where they could), so the layers of this position cover the
        // rest of the game.
        let db = Arc::new(super::solve::database(&variant, s.game.position(), &a.db, false)?.db);
        engines = engines.map(|e| e.with_database(Arc::clone(&db)));
    }
    let mut hinter = Searcher::default();
    let mut legal = Vec::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let width = s.style.width.unwrap_or(80);
    loop {
        s.show();
        if let Some(o) = s.game.outcome() {
            println!("\nGame over: {o}.");
            println!("Saved to {}.", s.save.display());
            return Ok(());
        }
        let side = s.game.position().to_move();
        if whos[side.index()] == Who::Engine {
            let ply = engines[side.index()]
                .choose(&mut s.game)
                .expect("a ply while the game is on");
            println!("{side} (engine) plays {}.", ply.notation(rules.per_row));
            s.play(ply, false).expect("the engine plays legal plies");
            continue;
        }
        s.game.legal_plies(&mut legal);
        let list: Vec<String> = legal.iter().map(|p| p.notation(rules.per_row)).collect();
        print!(
            "{}",
            board::wrap(
                &format!("{side} to act. Legal: {}", list.join(" ")),
                width,
                "",
                "    "
            )
        );
        print!("{side}> ");
        let _ = std::io::stdout().flush();
        let Some(Ok(line)) = lines.next() else {
            println!(
                "\n(end of input) The game is left unfinished; saved to {}.",
                s.save.display()
            );
            return Ok(());
        };
        let text = normalise(&line);
        match text.as_str() {
            "" => {}
            "quit" | "exit" => {
                println!(
                    "The game is left unfinished; saved to {}.",
                    s.save.display()
                );
                return Ok(());
            }
            "help" | "?" => println!("{HELP}\n"),
            "hint" => {
                let budget = match level {
                    Level::Depth(d) => Budget::Depth(d.max(3)),
                    _ => Budget::Time(Duration::from_millis(500)),
                };
                let r = hinter.search(&mut s.game, budget);
                match r.best {
                    Some(p) => {
                        let pv: Vec<String> =
                            r.pv.iter().map(|p| p.notation(rules.per_row)).collect();
                        println!(
                            "Hint: {} ({}; searched to depth {}, line {}).\n",
                            p.notation(rules.per_row),
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
                    let _ = s.write();
                }
            },
            text => match parse_ply(rules, text) {
                Err(e) => println!("{e}. {EXPECTED}\n"),
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
