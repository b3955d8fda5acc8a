//! `ayla draw [<variant>] [--position P] [--record FILE [--ply N]] [--reading NAME=ALT]...
//! [--seeds numbers|dots] [--path] [--no-labels] [-o FILE.svg]`: a picture of a board, as SVG.

use super::{Failure, args};
use ayla::board::Place;
use ayla::draw::{Marks, Options, Scene, Seeds, svg};
use ayla::engine::{Game, Ply, Position, Variant};
use ayla::reference::trace::{Event, trace};
use ayla::rules::Rules;
use ayla::words::count;
use std::path::PathBuf;
use std::sync::Arc;

/// Arguments of `draw`.
#[derive(clap::Args)]
pub struct Args {
    /// The variant: a bundled id or a rule file. With `--record` it may be
    /// left out (the record's `Variant` tag names it); given, it replaces
    /// the tag, as `--rules` does.
    #[arg(required_unless_present = "record", conflicts_with = "rules", value_parser = args::variant(), hide_possible_values = true)]
    variant: Option<String>,
    #[command(flatten)]
    start: args::Start,
    /// Draw the position of this recorded game (the first game of the
    /// file, or `--game`) after its last ply, or after `--ply`.
    #[arg(long, value_name = "FILE", conflicts_with = "position")]
    record: Option<PathBuf>,
    /// With `--record`: the position after this ply (0 for the start).
    #[arg(long, value_name = "N", requires = "record")]
    ply: Option<usize>,
    /// With `--record`: the game of the file to draw, from 1.
    #[arg(long = "game", value_name = "N", requires = "record", value_parser = clap::value_parser!(u32).range(1..))]
    game: Option<u32>,
    #[command(flatten)]
    rulebook: args::Rulebook,
    /// Seeds as numbers or as dots (more than 20: a ring of dots and the number).
    #[arg(long, value_enum, default_value = "numbers")]
    seeds: SeedsArg,
    /// With `--record`: number the places the drawn position's last ply
    /// sowed into, in the order its seeds fell.
    #[arg(long, requires = "record")]
    path: bool,
    /// Leave out the pit labels.
    #[arg(long)]
    no_labels: bool,
    /// Write the SVG to this file instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE.svg")]
    output: Option<PathBuf>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum SeedsArg {
    Numbers,
    Dots,
}

/// What to draw, once the input has been read.
struct Drawn {
    variant: Arc<Variant>,
    scene: Scene,
    marks: Marks,
}

pub fn run(a: Args) -> Result<(), Failure> {
    let drawn = match &a.record {
        Some(path) => from_record(&a, path)?,
        None => from_variant(&a)?,
    };
    let opts = Options {
        seeds: match a.seeds {
            SeedsArg::Numbers => Seeds::Numbers,
            SeedsArg::Dots => Seeds::Dots,
        },
        labels: !a.no_labels,
        interactive: false,
        // Which readings, where they are not the defaults: the picture
        // does not show them otherwise.
        caption: args::readings_tag(&drawn.variant),
        compact: false,
    };
    let picture = svg(&drawn.variant, &drawn.scene, &drawn.marks, &opts);
    match &a.output {
        Some(file) => std::fs::write(file, picture).map_err(|e| {
            Failure::unusable(anyhow::anyhow!("{}: cannot write: {e}", file.display()))
        }),
        None => {
            print!("{picture}");
            Ok(())
        }
    }
}

/// The start of a variant, or `--position`.
fn from_variant(a: &Args) -> Result<Drawn, Failure> {
    if a.rulebook.rules.is_some() {
        return Err(Failure::unusable(anyhow::anyhow!(
            "--rules: only with --record; without one, the variant names the rules"
        )));
    }
    // Clap makes the variant required without `--record`.
    let name = a.variant.as_deref().unwrap_or_default();
    let variant = a.rulebook.readings.load(name)?;
    let pos = a.start.position(&variant)?;
    let scene = scene_of(
        &variant,
        &pos,
        Game::from_position(variant.clone(), pos).is_over(),
    );
    Ok(Drawn {
        variant,
        scene,
        marks: Marks::default(),
    })
}

/// A position's scene; `over`: nobody is to act.
fn scene_of(variant: &Variant, pos: &Position, over: bool) -> Scene {
    Scene {
        over,
        ..Scene::of_position(variant, pos)
    }
}

/// A recorded game after `--ply` (default: its last ply).
fn from_record(a: &Args, path: &std::path::Path) -> Result<Drawn, Failure> {
    let name = path.display().to_string();
    let games = super::read_records(path)?;
    if games.is_empty() {
        return Err(Failure::unusable(anyhow::anyhow!("{name}: holds no game")));
    }
    let pick = args::GameNumber {
        game: Some(a.game.unwrap_or(1)),
    };
    let Some((index, _)) = pick.pick(&name, &games)?.into_iter().next() else {
        return Err(Failure::unusable(anyhow::anyhow!("{name}: holds no game")));
    };
    let base = path.parent().unwrap_or(std::path::Path::new(""));
    let mut overrides = a.rulebook.overrides()?;
    if let Some(v) = &a.variant {
        // The variant given replaces the record's tag, as `--rules` does;
        // loading it first makes a bad name the command line's fault.
        super::load_rules(v)?;
        overrides.rules = Some(v.clone());
    }
    let (variant, report) = super::replay_record(&name, &games, index - 1, base, &overrides)?;
    let legal = report.steps.len();
    let n = match (a.ply, &report.illegal) {
        (Some(n), _) if n <= legal => n,
        // An illegal ply stands between the start and the ply asked for.
        (_, Some(i)) => return Err(super::check::illegal_failure(&name, &variant, i)),
        (Some(n), None) => {
            return Err(Failure::unusable(anyhow::anyhow!(
                "--ply {n}: the game has {}",
                count(legal, "ply", "plies")
            )));
        }
        (None, None) => legal,
    };
    let pos = if n == 0 {
        &report.start
    } else {
        &report.steps[n - 1].after
    };
    let over = n == legal && report.outcome.is_some();
    let scene = scene_of(&variant, pos, over);
    let mut marks = Marks::default();
    if a.path && n > 0 {
        let before = if n == 1 {
            &report.start
        } else {
            &report.steps[n - 2].after
        };
        marks.path = path_of(&variant, before, report.steps[n - 1].ply).map_err(|why| {
            Failure::unusable(anyhow::anyhow!(
                "--path: the reference interpreter cannot trace ply {n}: {why}"
            ))
        })?;
    }
    Ok(Drawn {
        variant,
        scene,
        marks,
    })
}

/// Where the seeds of `ply`, played from `before`, fell, in order: the
/// drops of its trace (none for a ply that sows nothing).
fn path_of(rules: &Rules, before: &Position, ply: Ply) -> Result<Vec<Place>, String> {
    let state = before.to_state(rules);
    Ok(trace(rules, &state, ply)?
        .into_iter()
        .filter_map(|f| match f.event {
            Event::Drop(place) => Some(place),
            _ => None,
        })
        .collect())
}
