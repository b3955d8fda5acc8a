//! `ayla match <variant> --a LEVEL --b LEVEL --games N`: measured strength.

use super::{Failure, load_rules};
use ayla::engine::{Game, Side};
use ayla::rng::Rng;
use ayla::search::Level;
use ayla::search::player::Player;

/// Arguments of `match`.
#[derive(clap::Args)]
pub struct Args {
    /// A bundled variant id or a path to a rule file.
    variant: String,
    /// Player A's level (0..5, `random`, `depth:N`, `time:SECONDS`).
    #[arg(long, value_name = "LEVEL")]
    a: Level,
    /// Player B's level, written as A's.
    #[arg(long, value_name = "LEVEL")]
    b: Level,
    /// Number of games, at least 1 (colours alternate; each pair of games
    /// shares a random opening).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Random plies played before the engines take over, so games differ.
    #[arg(long, default_value_t = 4)]
    opening: u32,
    /// Seed for openings and random players.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stop a game after this many plies (at least 1) and score it as it stands.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u32).range(1..))]
    max_plies: u32,
}

pub fn run(a: Args) -> Result<(), Failure> {
    let rules = load_rules(&a.variant)?;
    let mut rng = Rng::new(a.seed);
    let (mut wins, mut draws, mut losses, mut cut) = (0u32, 0u32, 0u32, 0u32);
    let mut scores = Vec::with_capacity(a.games as usize);
    let mut legal = Vec::new();
    let mut opening = Vec::new();
    let start = std::time::Instant::now();
    for i in 0..a.games {
        // A plays South in even games, North in odd ones; a pair shares its opening.
        if i % 2 == 0 {
            opening.clear();
            let mut g = Game::new(rules.clone());
            for _ in 0..a.opening {
                g.legal_plies(&mut legal);
                if legal.is_empty() {
                    break;
                }
                let p = legal[rng.below(legal.len())];
                g.play_unchecked(p);
                opening.push(p);
            }
        }
        let a_side = if i % 2 == 0 { Side::South } else { Side::North };
        let seed = rng.next_u64();
        let mut pa = Player::new(a.a, seed);
        let mut pb = Player::new(a.b, seed ^ 0x5555);
        let mut g = Game::new(rules.clone());
        for &p in &opening {
            g.play_unchecked(p);
        }
        let mut n = 0;
        while !g.is_over() && n < a.max_plies {
            let p = if g.position().to_move() == a_side {
                pa.choose(&mut g)
            } else {
                pb.choose(&mut g)
            }
            .expect("a ply while the game is on");
            g.play(p).expect("engines play legal plies");
            n += 1;
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
    }
    let n = f64::from(a.games);
    let mean = scores.iter().sum::<f64>() / n;
    let (lo, hi) = wilson(mean, n);
    println!(
        "{}: A ({}) against B ({}), {} games, colours alternating, {} random opening plies",
        rules.provenance.name, a.a, a.b, a.games, a.opening
    );
    println!("A wins {wins}, draws {draws}, loses {losses}");
    println!(
        "A's score {mean:.3} (wins + half the draws, per game); 95% confidence interval [{lo:.3}, {hi:.3}] (Wilson)"
    );
    if cut > 0 {
        println!(
            "{cut} game(s) stopped at {} plies and scored as they stood",
            a.max_plies
        );
    }
    println!("{:.1} s", start.elapsed().as_secs_f64());
    Ok(())
}

/// The Wilson score interval at 95% for a proportion `p` over `n` trials:
/// unlike the normal approximation it stays inside [0, 1] and does not
/// collapse to a point when every game is won.
fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z = 1.96f64;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}
