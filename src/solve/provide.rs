//! The databases a position needs (`ayla solve`, `play --north perfect`,
//! `analyse`, and the Python package): read from a file where one is
//! kept, the layers it lacks built, and the file written back.

use super::file;
use super::index::Ranking;
use super::retro::{Database, Event};
use super::solver_variant;
use crate::engine::{Position, Variant};
use crate::notation::format_position;
use crate::words::{count, megabytes};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Where databases are kept and how big they may grow.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Keep {
    /// The directory of database files: the variant's file is read if it
    /// is there, and written back with the layers built.
    pub dir: Option<PathBuf>,
    /// Refuse to build databases of more positions than this.
    pub max_positions: u64,
    /// Only the positions reachable from the position, rather than every
    /// distribution of its seeds.
    pub reachable: bool,
}

/// What [`provide`] reports as it goes.
#[derive(Debug)]
pub enum Progress<'a> {
    /// A step of building the layers up to `up_to` seeds on the board
    /// ([`Database::extend`]).
    Layer {
        /// The step.
        event: Event,
        /// The most seeds of the layers being built.
        up_to: usize,
    },
    /// The search for the positions reachable from `from` begins: a bit
    /// for each of `distributions` distributions of its seeds.
    Reaching {
        /// The start, as a position string.
        from: String,
        /// Distributions of its seeds, either side to act.
        distributions: u64,
    },
    /// The database file was written, with this many layers.
    Wrote {
        /// Layers in the file.
        layers: usize,
        /// The file.
        path: &'a Path,
    },
}

impl Progress<'_> {
    /// The line `ayla solve` prints for a step that is not a layer's.
    #[must_use]
    pub fn line(&self) -> Option<String> {
        match self {
            Progress::Layer { .. } => None,
            Progress::Reaching {
                from,
                distributions,
            } => Some(format!(
                "solve: finding the positions reachable from {from}: a bit for each of the {distributions} distributions of its seeds ({})",
                megabytes(distributions / 8)
            )),
            Progress::Wrote { layers, path } => Some(format!(
                "solve: wrote {} to {}",
                count(*layers, "layer", "layers"),
                path.display()
            )),
        }
    }
}

/// Where a database came from.
pub struct Provided {
    /// The database.
    pub db: Database,
    /// The file it was read from or written to.
    pub file: Option<PathBuf>,
    /// Layers read from the file.
    pub read: usize,
    /// Layers built here.
    pub built: usize,
    /// How the solver's rules differ from the rule file's, in words
    /// ([`solver_variant`]).
    pub changes: Vec<String>,
}

/// The database of `variant` covering `pos` and every position after it
/// with at most `seeds` seeds on the board (with [`Keep::reachable`], the
/// positions reachable from `pos`). Read from [`Keep::dir`] where it holds
/// them, the rest built on the current rayon pool and written back.
///
/// # Errors
/// The rules need state the databases do not hold, the layers to build
/// hold more than [`Keep::max_positions`] positions, or a file cannot be
/// read or written; the message says which, in `ayla solve`'s words.
pub fn provide(
    variant: &Arc<Variant>,
    pos: &Position,
    seeds: usize,
    keep: &Keep,
    report: &(dyn Fn(Progress<'_>) + Sync),
) -> Result<Provided, String> {
    // Checked before any layer is built: a build of minutes must not end
    // on a folder that cannot be made.
    if let Some(dir) = &keep.dir
        && dir.exists()
        && !dir.is_dir()
    {
        return Err(format!(
            "--db {}: not a directory (--db names the directory the database files are kept in)",
            dir.display()
        ));
    }
    let (variant, changes) = &solver_variant(variant).map_err(|e| e.to_string())?;
    let name = if keep.reachable {
        file::reached_file_name(variant, pos)
    } else {
        file::file_name(variant)
    };
    let path = keep.dir.as_ref().map(|d| d.join(name));
    let mut db = match &path {
        Some(p) if p.exists() => {
            file::load(variant, p).map_err(|e| format!("database file {}: {e}", p.display()))?
        }
        _ => Database::empty(variant).map_err(|e| e.to_string())?,
    };
    if keep.reachable && db.from().is_some_and(|from| from != pos) {
        return Err(format!(
            "database file {}: it holds the positions reached from another start",
            path.as_ref().expect("a file was read").display()
        ));
    }
    let read = db.layers().len();
    db.numbered(seeds).map_err(|e| e.to_string())?;
    if !keep.reachable {
        fits(variant, read, seeds, keep.max_positions)?;
    }
    let layer = |event: Event| {
        report(Progress::Layer {
            event,
            up_to: seeds,
        });
    };
    if keep.reachable {
        if read == 0 {
            report(Progress::Reaching {
                from: format_position(variant, pos),
                distributions: missing_positions(variant, read, seeds),
            });
            db = Database::reachable(variant, pos, keep.max_positions, &layer)
                .map_err(|e| e.to_string())?;
        }
    } else {
        db.extend(seeds, &layer).map_err(|e| e.to_string())?;
    }
    let built = db.layers().len() - read;
    if built > 0
        && let Some(p) = &path
    {
        if let Some(dir) = p.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("--db {}: {e}", dir.display()))?;
        }
        file::save(&db, p).map_err(|e| format!("database file {}: {e}", p.display()))?;
        report(Progress::Wrote {
            layers: db.layers().len(),
            path: p,
        });
    }
    Ok(Provided {
        db,
        file: path,
        read,
        built,
        changes: changes.clone(),
    })
}

/// Whether [`provide`] could give `pos`'s databases in at most
/// `max_positions` positions, without building any: the rules the solver
/// takes and the size, refused in `provide`'s words. Cheap, so a caller
/// can ask before each ply whether the perfect level can play.
///
/// # Errors
/// As [`provide`] without a directory and without `reachable`.
pub fn can_solve(variant: &Arc<Variant>, pos: &Position, max_positions: u64) -> Result<(), String> {
    let (variant, _) = &solver_variant(variant).map_err(|e| e.to_string())?;
    let db = Database::empty(variant).map_err(|e| e.to_string())?;
    let seeds: usize = pos.board(variant).iter().map(|&s| usize::from(s)).sum();
    db.numbered(seeds).map_err(|e| e.to_string())?;
    fits(variant, 0, seeds, max_positions)
}

/// The positions of layers `read` to `seeds`, either side to act.
fn missing_positions(variant: &Variant, read: usize, seeds: usize) -> u64 {
    let ranking = Ranking::new(variant.pits(), seeds);
    (read..=seeds).fold(0u64, |n, s| {
        n.saturating_add(ranking.layer_size(s).saturating_mul(2))
    })
}

/// Refuses layers `read` to `seeds` when they hold more than `max`
/// positions.
fn fits(variant: &Variant, read: usize, seeds: usize, max: u64) -> Result<(), String> {
    let missing = missing_positions(variant, read, seeds);
    if missing <= max {
        return Ok(());
    }
    let largest = Ranking::new(variant.pits(), seeds)
        .layer_size(seeds)
        .saturating_mul(2);
    Err(format!(
        "solving this position needs databases of {missing} positions{} (every layer {read} to {seeds} seeds on {} pits, either side to act): {}, more than --max-positions {max} allows; raise it, or solve only the positions reachable from it (--reachable)",
        if read > 0 {
            format!(" more than the {read} layers of the file")
        } else {
            String::new()
        },
        variant.pits(),
        memory_needed(missing, largest),
    ))
}

/// The memory of databases of `positions` positions, the largest layer
/// `largest` of them, in words. Estimates from docs/solve.md: a value
/// kept takes a few bits (about a byte a position is said), and a layer
/// being solved about 20 bytes a position (16, and 8 a ply inside it).
#[must_use]
pub fn memory_needed(positions: u64, largest: u64) -> String {
    format!(
        "about {} kept and {} while the largest layer is solved (estimates)",
        megabytes(positions),
        megabytes(largest.saturating_mul(20))
    )
}
