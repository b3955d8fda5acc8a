//! `ayla match <variant> --a LEVEL --b LEVEL --games N [--save DIR]`: measured strength.
//! Rules played as a match (`[match]`) are measured over whole matches
//! (`whole.rs`).

mod whole;

use super::{Failure, args, progress};
use ayla::check::write_record;
use ayla::driver::{Driver, Seat, Turn};
use ayla::engine::{Game, Ply, Side, Variant};
use ayla::notation::format_position;
use ayla::rng::Rng;
use ayla::search::Level;
use ayla::search::player::Player;
use ayla::stats::wilson;
use ayla::words::count;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Arguments of `match`.
#[derive(clap::Args)]
pub struct Args {
    /// A bundled variant id or a path to a rule file.
    #[arg(value_parser = args::variant(), hide_possible_values = true)]
    variant: String,
    /// Player A's level (0..5, `random`, `depth:N`, `time:SECONDS`, or
    /// `perfect`: from endgame databases, refused where they cannot be had).
    #[arg(long, value_name = "LEVEL", value_parser = args::level(), hide_possible_values = true)]
    a: Level,
    /// Player B's level, written as A's.
    #[arg(long, value_name = "LEVEL", value_parser = args::level(), hide_possible_values = true)]
    b: Level,
    /// Number of games, at least 1 (colours alternate; each pair of games
    /// shares a random opening).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    #[command(flatten)]
    play: args::SelfPlay,
    #[command(flatten)]
    readings: args::Readings,
    /// Save each game as a record, `<variant>-<number>.rec`, in this
    /// directory (made if missing; files of those names are replaced).
    #[arg(long, value_name = "DIR")]
    save: Option<PathBuf>,
    /// The databases of the `perfect` level.
    #[command(flatten)]
    db: super::solve::DbArgs,
}

/// Where game (or match) `number` of the run is saved in `dir`.
fn saved_path(dir: &Path, a: &Args, rules: &Variant, number: u32) -> PathBuf {
    let width = a.games.to_string().len().max(3);
    dir.join(format!("{}-{number:0width$}.rec", rules.provenance().id))
}

/// The name a saved record gives the player of `side`, A playing `a_side`.
fn seat_name(a: &Args, a_side: Side, side: Side) -> String {
    let (name, level) = if side == a_side {
        ("A", a.a)
    } else {
        ("B", a.b)
    };
    format!("ayla engine {name} ({level})")
}

/// The `Event` tag of a saved record.
fn event(a: &Args) -> String {
    format!(
        "ayla match, seed {}, {} random opening plies",
        a.play.seed, a.play.opening
    )
}

/// Writes game `number` (from 1) of the match as a record that `ayla check` passes.
fn save_game(
    dir: &Path,
    a: &Args,
    number: u32,
    a_side: Side,
    g: &Game,
    plies: &[Ply],
) -> std::io::Result<PathBuf> {
    let rules = g.variant();
    let path = saved_path(dir, a, rules, number);
    let who = |side: Side| seat_name(a, a_side, side);
    let mut tags = vec![
        (
            "Variant",
            ayla::rulebook::variant_tag_for(&a.variant, &path),
        ),
        ("Event", event(a)),
        ("Round", number.to_string()),
        ("South", who(Side::South)),
        ("North", who(Side::North)),
    ];
    // Read back under the readings it was played under.
    if let Some(r) = args::readings_tag(rules) {
        tags.insert(1, ("Readings", r));
    }
    match g.outcome() {
        Some(o) => {
            tags.push(("Result", format!("{}-{}", o.totals[0], o.totals[1])));
            tags.push(("Termination", o.reason.code().to_owned()));
        }
        // Stopped at --max-plies: unfinished, as far as the rules go.
        None => tags.push(("Result", "*".to_owned())),
    }
    tags.push(("FinalPosition", format_position(rules, g.position())));
    std::fs::write(&path, write_record(rules, &tags, plies))?;
    Ok(path)
}

/// Up to `plies` uniformly random plies from the start of `rules`, into
/// `opening`: the opening a pair of games (or of matches) shares.
fn random_opening(rules: &Arc<Variant>, plies: u32, rng: &mut Rng, opening: &mut Vec<Ply>) {
    opening.clear();
    let mut legal = Vec::new();
    let mut g = Game::new(Arc::clone(rules));
    for _ in 0..plies {
        g.legal_plies(&mut legal);
        if legal.is_empty() {
            break;
        }
        let p = legal[rng.below(legal.len())];
        g.play_unchecked(p);
        opening.push(p);
    }
}

pub fn run(a: Args) -> Result<(), Failure> {
    let rules = a.readings.load(&a.variant)?;
    // Before any directory is made or game played: a perfect player plays
    // exactly, from databases covering every game from the start, or the
    // match is refused.
    let db = if a.a == Level::Perfect || a.b == Level::Perfect {
        Some(super::play::perfect_database(
            &rules,
            &ayla::engine::Position::initial(&rules),
            &a.db,
        )?)
    } else {
        None
    };
    if rules.match_play().is_some() {
        return whole::run(&a, &rules, db.as_ref());
    }
    let mut rng = Rng::new(a.play.seed);
    let (mut wins, mut draws, mut losses, mut cut) = (0u32, 0u32, 0u32, 0u32);
    let mut scores = Vec::with_capacity(a.games as usize);
    let mut opening = Vec::new();
    if let Some(dir) = &a.save {
        std::fs::create_dir_all(dir).map_err(|e| {
            Failure::unusable(anyhow::anyhow!(
                "--save: cannot make {}: {e}",
                dir.display()
            ))
        })?;
    }
    let start = std::time::Instant::now();
    let bar = progress::bar(
        u64::from(a.games),
        "{bar:24} {pos}/{len} games, {elapsed} (eta {eta})  {wide_msg}",
    );
    progress::tick(&bar);
    let mut played = Vec::new();
    for i in 0..a.games {
        // A plays South in even games, North in odd ones; a pair shares its opening.
        if i % 2 == 0 {
            random_opening(&rules, a.play.opening, &mut rng, &mut opening);
        }
        let a_side = if i % 2 == 0 { Side::South } else { Side::North };
        let seed = rng.next_u64();
        let mut pa = Player::new(a.a, seed);
        let mut pb = Player::new(a.b, seed ^ 0x5555);
        if let Some(db) = &db {
            pa = pa.with_database(Arc::clone(db));
            pb = pb.with_database(Arc::clone(db));
        }
        let mut g = Game::new(rules.clone());
        for &p in &opening {
            g.play_unchecked(p);
        }
        played.clear();
        played.extend_from_slice(&opening);
        let seats = if a_side == Side::South {
            [pa, pb]
        } else {
            [pb, pa]
        };
        // The bound counts the plies after the opening.
        let mut driver = Driver::new(g, seats.map(Seat::engine)).with_max_plies(a.play.max_plies);
        while let Turn::Engine(_) = driver.turn() {
            bar.set_message(format!(
                "A +{wins} ={draws} -{losses}; game {} ply {}",
                i + 1,
                played.len() + 1
            ));
            let p = driver.step().map_err(|e| {
                bar.finish_and_clear();
                Failure::unusable(anyhow::anyhow!("game {}: {e}", i + 1))
            })?;
            played.push(p.ply);
        }
        let g = driver.into_game();
        if let Some(dir) = &a.save {
            save_game(dir, &a, i + 1, a_side, &g, &played).map_err(|e| {
                bar.finish_and_clear();
                Failure::unusable(anyhow::anyhow!(
                    "--save: cannot write in {}: {e}",
                    dir.display()
                ))
            })?;
        }
        let totals = match g.outcome() {
            Some(o) => o.totals,
            None => {
                cut += 1;
                let p = g.position();
                Side::BOTH.map(|s| u32::from(p.captured(s)) + p.seeds_controlled(&rules, s))
            }
        };
        let (ta, tb) = (totals[a_side.index()], totals[a_side.opponent().index()]);
        let score = match ta.cmp(&tb) {
            std::cmp::Ordering::Greater => {
                wins += 1;
                1.0
            }
            std::cmp::Ordering::Equal => {
                draws += 1;
                0.5
            }
            std::cmp::Ordering::Less => {
                losses += 1;
                0.0
            }
        };
        scores.push(score);
        bar.inc(1);
    }
    bar.finish_and_clear();
    let n = f64::from(a.games);
    let mean = scores.iter().sum::<f64>() / n;
    let (lo, hi) = wilson(mean, n);
    println!(
        "{}: A ({}) against B ({}), {}, colours alternating, {}",
        args::title(&rules),
        a.a,
        a.b,
        count(a.games, "game", "games"),
        count(a.play.opening, "random opening ply", "random opening plies")
    );
    println!("A wins {wins}, draws {draws}, loses {losses}");
    println!(
        "A's score {mean:.3} (wins + half the draws, per game); 95% confidence interval [{lo:.3}, {hi:.3}] (Wilson)"
    );
    if cut > 0 {
        println!(
            "{} stopped at {} and scored as they stood",
            count(cut, "game", "games"),
            count(a.play.max_plies, "ply", "plies")
        );
    }
    if let Some(dir) = &a.save {
        println!(
            "{} saved in {}",
            ayla::words::count(a.games, "record", "records"),
            dir.display()
        );
    }
    println!("{:.1} s", start.elapsed().as_secs_f64());
    Ok(())
}
