//! Endgame databases by retrograde analysis, layer by layer.
//!
//! A layer is every position with the same number of seeds on the board,
//! with either side to act. A ply either keeps the seeds on the board (a
//! sowing that captures nothing) and stays in the layer, or lowers them
//! (a capture, seeds into a store or a house) and leaves it for a layer
//! already solved. So the layers are solved from the emptiest up.
//!
//! Inside a layer the plies that stay can form cycles, and endless play is
//! worth 0 ([`super::Convention`]). A layer is solved as a series of
//! win-or-not games, one per threshold `k`: can South make sure of a future
//! margin of at least `k`? For `k > 0` that means forcing the play out of
//! the layer at an exit worth `k` or more (endless play, worth 0, is not
//! enough); for `k <= 0` it means keeping North from forcing an exit worth
//! less than `k`. Each is an attractor, computed backwards over the
//! layer's plies with a counter per position, in time linear in the plies.
//! A position's value is the greatest threshold South can make sure of.

use super::index::Ranking;
use super::{Unsupported, gain, position_of, supported, terminal_margin};
use crate::engine::{Position, Side, Variant};
use std::sync::Arc;

/// South's future margins for every position of every layer up to some
/// number of seeds on the board.
pub struct Database {
    variant: Arc<Variant>,
    ranking: Ranking,
    /// `layers[s][2 * rank + side]`.
    layers: Vec<Vec<i16>>,
}

/// One layer's plies, as the attractors read them.
struct Graph {
    /// Per position: its plies that stay in the layer (targets).
    starts: Vec<u32>,
    targets: Vec<u32>,
    /// Per position: the best and worst exit for South (`None`: no exit).
    best_exit: Vec<Option<i32>>,
    worst_exit: Vec<Option<i32>>,
    /// Whether South is to act.
    south: Vec<bool>,
}

impl Database {
    /// Solves every layer of `variant` from 0 seeds on the board to
    /// `max_seeds`.
    ///
    /// # Errors
    /// The rules need state the databases do not hold ([`supported`]).
    pub fn build(variant: &Arc<Variant>, max_seeds: usize) -> Result<Database, Unsupported> {
        Database::build_with(variant, max_seeds, |_, _| {})
    }

    /// [`Database::build`], calling `done(seeds, positions)` after each
    /// layer is solved (for progress reports).
    ///
    /// # Errors
    /// As [`Database::build`].
    pub fn build_with(
        variant: &Arc<Variant>,
        max_seeds: usize,
        mut done: impl FnMut(usize, u64),
    ) -> Result<Database, Unsupported> {
        supported(variant)?;
        let total: usize = variant.initial.iter().map(|&s| usize::from(s)).sum();
        let max_seeds = max_seeds.min(total);
        let mut db = Database {
            variant: Arc::clone(variant),
            ranking: Ranking::new(variant.pits(), max_seeds),
            layers: Vec::new(),
        };
        for s in 0..=max_seeds {
            let layer = db.solve_layer(s)?;
            done(s, layer.len() as u64);
            db.layers.push(layer);
        }
        Ok(db)
    }

    /// The most seeds on the board a position may hold to be covered.
    #[must_use]
    pub fn max_seeds(&self) -> usize {
        self.layers.len().saturating_sub(1)
    }

    /// Positions held, in all.
    #[must_use]
    pub fn positions(&self) -> u64 {
        self.layers.iter().map(|l| l.len() as u64).sum()
    }

    /// South's future margin in `pos`, if a layer holds it.
    #[must_use]
    pub fn probe(&self, pos: &Position) -> Option<i32> {
        let seeds = pos.board(&self.variant);
        let s: usize = seeds.iter().map(|&x| usize::from(x)).sum();
        let layer = self.layers.get(s)?;
        let i = 2 * self.ranking.rank(seeds) as usize + pos.to_move().index();
        Some(i32::from(layer[i]))
    }

    fn solve_layer(&self, s: usize) -> Result<Vec<i16>, Unsupported> {
        let v = &self.variant;
        let size = self.ranking.layer_size(s) as usize;
        let n = 2 * size;
        let mut graph = Graph {
            starts: Vec::with_capacity(n + 1),
            targets: Vec::new(),
            best_exit: vec![None; n],
            worst_exit: vec![None; n],
            south: vec![false; n],
        };
        let mut seeds = vec![0u16; v.pits()];
        let mut plies = Vec::new();
        for node in 0..n {
            graph.starts.push(graph.targets.len() as u32);
            self.ranking.unrank(s, (node / 2) as u64, &mut seeds);
            let side = if node % 2 == 0 {
                Side::South
            } else {
                Side::North
            };
            graph.south[node] = side == Side::South;
            let pos = position_of(v, &seeds, side);
            if let Some(m) = terminal_margin(v, &pos) {
                // An end is an exit of its own, with no plies.
                graph.best_exit[node] = Some(m);
                graph.worst_exit[node] = Some(m);
                continue;
            }
            pos.legal_plies(v, &mut plies);
            for &ply in &plies {
                let mut child = pos;
                child.play_unchecked(v, ply);
                let after = child.board(v);
                let left: usize = after.iter().map(|&x| usize::from(x)).sum();
                if left == s {
                    let t = 2 * self.ranking.rank(after) as usize + child.to_move().index();
                    graph.targets.push(t as u32);
                } else if left < s {
                    let value = gain(&pos, &child)
                        + i32::from(
                            self.layers[left]
                                [2 * self.ranking.rank(after) as usize + child.to_move().index()],
                        );
                    let b = &mut graph.best_exit[node];
                    *b = Some(b.map_or(value, |x| x.max(value)));
                    let w = &mut graph.worst_exit[node];
                    *w = Some(w.map_or(value, |x| x.min(value)));
                } else {
                    return Err(Unsupported {
                        reasons: vec![format!(
                            "a ply ({}) raises the seeds on the board from {s} to {left}",
                            ply.notation(v.per_row)
                        )],
                    });
                }
            }
        }
        graph.starts.push(graph.targets.len() as u32);
        let mut thresholds: Vec<i32> = graph
            .best_exit
            .iter()
            .chain(&graph.worst_exit)
            .flatten()
            .copied()
            .chain([0])
            .collect();
        // Only values some exit has, and 0 (endless play), can be a value.
        thresholds.sort_unstable();
        thresholds.dedup();
        let preds = predecessors(&graph, n);
        let mut value = vec![i32::MIN; n];
        for &k in &thresholds {
            let sure = secured(&graph, &preds, n, k);
            for i in 0..n {
                if sure[i] {
                    value[i] = k;
                }
            }
        }
        Ok(value.into_iter().map(|x| x as i16).collect())
    }
}

/// The reverse of a layer's plies: for each position, the positions with a
/// ply into it (once per such ply).
fn predecessors(g: &Graph, n: usize) -> (Vec<u32>, Vec<u32>) {
    let mut count = vec![0u32; n + 1];
    for &t in &g.targets {
        count[t as usize + 1] += 1;
    }
    for i in 0..n {
        count[i + 1] += count[i];
    }
    let starts = count.clone();
    let mut fill = count;
    let mut from = vec![0u32; g.targets.len()];
    for p in 0..n {
        for &t in &g.targets[g.starts[p] as usize..g.starts[p + 1] as usize] {
            from[fill[t as usize] as usize] = p as u32;
            fill[t as usize] += 1;
        }
    }
    (starts, from)
}

/// Where South can make sure of a future margin of at least `k`.
fn secured(g: &Graph, preds: &(Vec<u32>, Vec<u32>), n: usize, k: i32) -> Vec<bool> {
    // For k > 0 South must force a good exit: South's attractor of exits
    // worth k or more. For k <= 0 North must force a bad one, and South is
    // sure of k wherever North cannot: the complement of North's attractor
    // of exits worth less than k.
    let south_forces = k > 0;
    // The side that must force an exit ("the forcer"), and whether an exit
    // value serves it.
    let good = |x: i32| if south_forces { x >= k } else { x < k };
    let mut inside = vec![false; n];
    let mut left = vec![0u32; n];
    let mut queue = Vec::new();
    for i in 0..n {
        let plies = g.starts[i + 1] - g.starts[i];
        let forcer_to_act = g.south[i] == south_forces;
        // The exit most useful to the side to act.
        let mine = if g.south[i] {
            g.best_exit[i]
        } else {
            g.worst_exit[i]
        };
        if forcer_to_act {
            if mine.is_some_and(good) {
                inside[i] = true;
            }
        } else {
            // The other side escapes through any exit that does not serve
            // the forcer (if any does not, its best one does not); with no
            // such exit, it must take a ply inside.
            let escapes = mine.is_some_and(|x| !good(x));
            if !escapes && plies == 0 {
                inside[i] = true;
            }
            left[i] = if escapes { u32::MAX } else { plies };
        }
        if inside[i] {
            queue.push(i);
        }
    }
    while let Some(t) = queue.pop() {
        for &p in &preds.1[preds.0[t] as usize..preds.0[t + 1] as usize] {
            let p = p as usize;
            if inside[p] {
                continue;
            }
            if g.south[p] == south_forces {
                inside[p] = true;
                queue.push(p);
            } else if left[p] != u32::MAX {
                left[p] -= 1;
                if left[p] == 0 {
                    inside[p] = true;
                    queue.push(p);
                }
            }
        }
    }
    if south_forces {
        inside
    } else {
        inside.iter().map(|&x| !x).collect()
    }
}
