//! `ayla play <variant>`: against a friend or the engine, in a terminal or through a pipe.

use super::{Failure, board, load_rules};
use ayla::check::write_record;
use ayla::engine::{Game, Ply, Side, Snapshot};
use ayla::notation::{format_position, parse_ply};
use ayla::rules::Rules;
use ayla::search::eval::WIN;
use ayla::search::player::{DEFAULT_LEVEL, Player};
use ayla::search::{Budget, Level, Searcher};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Who {
    /// A person, typing plies.
    Human,
    /// The engine, at `--level`.
    Engine,
}

/// Arguments of `play`.
#[derive(clap::Args)]
pub struct Args {
    /// A bundled variant id or a path to a rule file.
    variant: String,
    /// Who plays South.
    #[arg(long, value_enum, default_value = "human")]
    south: Who,
    /// Who plays North.
    #[arg(long, value_enum, default_value = "human")]
    north: Who,
    /// Engine strength: 0 random, 1 depth 1, 2 depth 3, 3 depth 5, 4 depth 8,
    /// 5 about a second a move; or `random`, `depth:N`, `time:SECONDS`.
    #[arg(long, default_value_t = DEFAULT_LEVEL.to_string(), value_parser = parse_level_arg)]
    level: String,
    /// Where to save the record (default: ayla-<variant>-<date>-<time>.rec
    /// in the current directory, the date and time in UTC).
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Seed for the engine's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn parse_level_arg(s: &str) -> Result<String, String> {
    s.parse::<Level>().map(|_| s.to_owned())
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
    rules: &'r Rules,
    game: Game,
    plies: Vec<Ply>,
    /// The side that played each ply.
    sides: Vec<Side>,
    /// The state before each ply.
    undo: Vec<Snapshot>,
    save: PathBuf,
    tags: Vec<(&'static str, String)>,
    style: board::Style,
}

impl Session<'_> {
    fn write(&self) -> std::io::Result<()> {
        let mut tags = self.tags.clone();
        let result = match self.game.outcome() {
            Some(o) => format!("{}-{}", o.totals[0], o.totals[1]),
            None => "*".into(),
        };
        tags.push(("Result", result));
        std::fs::write(&self.save, write_record(self.rules, &tags, &self.plies))
    }

    fn play(&mut self, ply: Ply, who: &str) -> Result<(), String> {
        let side = self.game.position().to_move();
        let snap = self.game.snapshot();
        let effect = self.game.play(ply).map_err(|e| e.to_string())?;
        self.undo.push(snap);
        self.plies.push(ply);
        self.sides.push(side);
        println!("{who}{}.\n", effect.describe(self.rules, side));
        if let Err(e) = self.write() {
            eprintln!("warning: cannot save to {}: {e}", self.save.display());
        }
        Ok(())
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

    fn show(&self) {
        print!(
            "{}",
            board::draw_styled(self.rules, self.game.position(), self.style)
        );
        println!("  {}", format_position(self.rules, self.game.position()));
    }
}

pub fn run(a: Args) -> Result<(), Failure> {
    let rules = load_rules(&a.variant)?;
    let level: Level = a
        .level
        .parse()
        .map_err(|e: String| Failure::unusable(anyhow::anyhow!(e)))?;
    let whos = [a.south, a.north];
    let (date, stamp) = today();
    let save = a
        .save
        .clone()
        .unwrap_or_else(|| default_save(&rules.provenance.id, &stamp));
    let name = |w: Who| match w {
        Who::Human => "human".to_owned(),
        Who::Engine => format!("ayla engine ({level})"),
    };
    let variant_tag = ayla::rulebook::variant_tag_for(&a.variant, &save);
    let mut s = Session {
        rules: &rules,
        game: Game::new(rules.clone()),
        plies: Vec::new(),
        sides: Vec::new(),
        undo: Vec::new(),
        save,
        tags: vec![
            // A rule file is named by its path from the record, so the
            // saved game checks as it is.
            ("Variant", variant_tag),
            ("South", name(a.south)),
            ("North", name(a.north)),
            ("Date", date),
        ],
        style: board::Style::detect(),
    };
    let mut engines = [
        Player::new(level, a.seed),
        Player::new(level, a.seed.wrapping_add(1)),
    ];
    let mut hinter = Searcher::default();
    let mut legal = Vec::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    // The first line says where the game goes: a newcomer finds it there.
    println!(
        "The game is saved to {} after every ply.",
        where_is(&s.save)
    );
    println!(
        "{}: South ({}) against North ({}). Type `help` for the commands.\n",
        rules.provenance.name,
        name(a.south),
        name(a.north)
    );
    s.write().map_err(|e| {
        Failure::unusable(anyhow::anyhow!("cannot save to {}: {e}", s.save.display()))
    })?;
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
            s.play(ply, "").expect("the engine plays legal plies");
            continue;
        }
        s.game.legal_plies(&mut legal);
        let list: Vec<String> = legal.iter().map(|p| p.notation(rules.per_row)).collect();
        // The list wraps between plies, never inside one.
        let width = s.style.width.unwrap_or(80);
        let legal_line = format!("{side} to act. Legal: {}", list.join(" "));
        print!("{}", board::wrap(&legal_line, width, "", "    "));
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
                    println!(
                        "Took back {taken} pl{}.\n",
                        if taken == 1 { "y" } else { "ies" }
                    );
                    let _ = s.write();
                }
            },
            text => match parse_ply(&rules, text) {
                Err(e) => println!("{e}. {EXPECTED}\n"),
                Ok(ply) => {
                    if let Err(e) = s.play(ply, "") {
                        println!("Illegal: {e}.\n");
                    }
                }
            },
        }
    }
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
    // A finished game is worth WIN + 100 * margin - plies to it (`terminal` in src/search/eval.rs).
    let plies = |n: i32| format!("{n} pl{}", if n == 1 { "y" } else { "ies" });
    let seeds = |n: i32| format!("{n} seed{}", if n == 1 { "" } else { "s" });
    if v > WIN / 2 {
        let r = v - WIN;
        let n = (-r).rem_euclid(100);
        format!("{side} wins in {} by {}", plies(n), seeds((r + n) / 100))
    } else if v < -WIN / 2 {
        let r = v + WIN;
        let n = r.rem_euclid(100);
        format!("{side} loses in {} by {}", plies(n), seeds((n - r) / 100))
    } else {
        format!("{:+.2} seeds for {side}", f64::from(v) / 100.0)
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

/// Today's date as `YYYY.MM.DD` (for the Date tag) and a file-name stamp `YYYYMMDD-HHMMSS`, in UTC.
fn today() -> (String, String) {
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
