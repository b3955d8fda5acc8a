//! `ayla play <variant>`: against a friend or the engine, in a terminal or through a pipe.

use super::{Failure, board, load_rules};
use ayla::check::write_record;
use ayla::engine::{Game, Ply, Snapshot};
use ayla::notation::{format_position, parse_ply};
use ayla::rules::Rules;
use ayla::rules::describe::count;
use ayla::search::player::{DEFAULT_LEVEL, Player};
use ayla::search::{Budget, Level, Searcher};
use std::io::{BufRead, Write};
use std::path::PathBuf;
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
    /// Where to save the record (default: ayla-<variant>-<date>-<time>.rec here).
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
  c              sow from pit c
  offer c,d      offer pits c and d (where the variant has trading)
  accept         accept the pending offer
  decline        decline it
  pass           pass (only when you have nothing to sow)
Commands:
  undo           take back your last ply (and the engine's reply)
  hint           ask the engine for a ply
  help           this text
  quit           stop; the game so far is saved";

struct Session<'r> {
    rules: &'r Rules,
    game: Game,
    plies: Vec<Ply>,
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
        println!("{who}{}.\n", effect.describe(self.rules, side));
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
        .unwrap_or_else(|| PathBuf::from(format!("ayla-{}-{stamp}.rec", rules.provenance.id)));
    let name = |w: Who| match w {
        Who::Human => "human".to_owned(),
        Who::Engine => format!("ayla engine ({level})"),
    };
    let variant_tag = ayla::rulebook::variant_tag_for(&a.variant, &save);
    let mut s = Session {
        rules: &rules,
        game: Game::new(rules.clone()),
        plies: Vec::new(),
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
    println!(
        "{}: South ({}) against North ({}). Type `help` for the commands.",
        rules.provenance.name,
        name(a.south),
        name(a.north)
    );
    println!(
        "The game is saved to {} after every ply.\n",
        s.save.display()
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
        println!("{side} to act. Legal: {}", list.join(" "));
        print!("{side}> ");
        let _ = std::io::stdout().flush();
        let Some(Ok(line)) = lines.next() else {
            println!(
                "\n(end of input) The game is left unfinished; saved to {}.",
                s.save.display()
            );
            return Ok(());
        };
        match line.trim() {
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
                            "Hint: {} (depth {}, line {}).\n",
                            p.notation(rules.per_row),
                            r.depth,
                            pv.join(" ")
                        );
                    }
                    None => println!("No hint: no ply is legal.\n"),
                }
            }
            "undo" => {
                // Take back plies until a human is to act again, so an
                // engine's reply goes with the ply it answered.
                let mut taken = 0;
                while let Some(snap) = s.undo.pop() {
                    s.game.restore(snap);
                    s.plies.pop();
                    taken += 1;
                    if whos[s.game.position().to_move().index()] == Who::Human {
                        break;
                    }
                }
                if taken == 0 {
                    println!("Nothing to take back.\n");
                } else {
                    println!("Took back {}.\n", count(taken, "ply", "plies"));
                    let _ = s.write();
                }
            }
            text => match parse_ply(&rules, text) {
                Err(e) => println!("{e}\n"),
                Ok(ply) => {
                    if let Err(e) = s.play(ply, "") {
                        println!("Illegal: {e}.\n");
                    }
                }
            },
        }
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
