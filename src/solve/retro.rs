//! Endgame databases by retrograde analysis, layer by layer.
//!
//! A layer is every position with the same number of seeds on the board,
//! with either side to act. A ply either keeps the seeds on the board (a
//! sowing that captures nothing) and stays in the layer, or lowers them
//! (a capture, seeds into a store or a house) and leaves it for a layer
//! already solved. So the layers are solved from the emptiest up.
//!
//! Inside a layer the plies that stay can form cycles, and endless play is
//! worth 0 ([`super::Convention`]). A position's value is the greatest
//! threshold `k` South can make sure of:
//! - for `k > 0`, South must force the play out of the layer at an exit
//!   worth `k` or more (endless play, worth 0, is not enough): South's
//!   *attractor* of those exits;
//! - for `k <= 0`, it is enough that North cannot force an exit worth less
//!   than `k`: the complement of North's attractor of those exits.
//!
//! The attractors of one side grow as the threshold moves away from 0, so
//! one backward pass per side computes them all: thresholds are taken in
//! turn (South's from the greatest exit down to 1, North's from the least
//! up to -1), each adding the positions whose own exits reach it, and a
//! counter per position (its plies not yet known to lead into the
//! attractor) carries over from one threshold to the next. Each ply of the
//! layer is then looked at once a side, and a position's value is the
//! threshold at which it joined, or 0 if it joined neither.
//!
//! Building a layer's plies is most of the work, and is spread over every
//! core (rayon); the passes are a queue each, on one core.

use super::index::Ranking;
use super::packed::Packed;
use super::{Unsupported, gain, position_of, supported, terminal_margin};
use crate::engine::{Position, Side, Variant};
use rayon::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// South's future margins for every position of every layer up to some
/// number of seeds on the board.
pub struct Database {
    variant: Arc<Variant>,
    ranking: Ranking,
    /// `layers[s].get(2 * rank + side)`.
    layers: Vec<Packed>,
}

/// What a layer's solving is doing, for progress reports.
#[derive(Clone, Copy, Debug)]
pub enum Event {
    /// Plies generated for `done` of the layer's `positions` so far.
    Plies {
        /// Seeds on the board.
        seeds: usize,
        /// Positions whose plies are known.
        done: u64,
        /// Positions in the layer, both sides to act.
        positions: u64,
    },
    /// A layer solved.
    Solved(LayerReport),
}

/// What solving one layer took.
#[derive(Clone, Copy, Debug)]
pub struct LayerReport {
    /// Seeds on the board.
    pub seeds: usize,
    /// Positions, both sides to act.
    pub positions: u64,
    /// Plies that stay in the layer.
    pub inner_plies: u64,
    /// Seconds generating plies (on every core).
    pub plies_seconds: f64,
    /// Seconds in the attractor passes.
    pub solve_seconds: f64,
    /// Bits a value, once packed.
    pub bits: u32,
}

/// No exit.
const NONE: i16 = i16::MIN;
/// Not yet in an attractor.
const UNSET: i16 = i16::MIN;

/// Positions whose plies one task generates.
const CHUNK: u64 = 1 << 13;

/// One layer's plies, as the attractors read them. Node `2 * rank + side`.
struct Graph {
    /// Per node: its plies that stay in the layer.
    degree: Vec<u8>,
    /// Per node: the best and worst exit for South ([`NONE`]: no exit).
    best: Vec<i16>,
    worst: Vec<i16>,
    /// The reverse of the plies that stay: for each node, the nodes with
    /// a ply into it (once per such ply), in compressed rows.
    pred_start: Vec<u32>,
    preds: Vec<u32>,
}

/// One task's share of a layer: its nodes' plies.
struct Chunk {
    degree: Vec<u8>,
    targets: Vec<u32>,
    best: Vec<i16>,
    worst: Vec<i16>,
}

/// Whether South acts at `node`.
#[inline]
fn south(node: usize) -> bool {
    node.is_multiple_of(2)
}

impl Database {
    /// No layer yet: covers nothing until [`Database::extend`]ed.
    ///
    /// # Errors
    /// The rules need state the databases do not hold ([`supported`]).
    pub fn empty(variant: &Arc<Variant>) -> Result<Database, Unsupported> {
        supported(variant)?;
        Ok(Database {
            variant: Arc::clone(variant),
            ranking: Ranking::new(variant.pits(), total_seeds(variant)),
            layers: Vec::new(),
        })
    }

    /// Solves every layer of `variant` from 0 seeds on the board to
    /// `max_seeds` (at most the seeds the variant has).
    ///
    /// # Errors
    /// The rules need state the databases do not hold ([`supported`]), or
    /// a ply would raise the seeds on the board.
    pub fn build(variant: &Arc<Variant>, max_seeds: usize) -> Result<Database, Unsupported> {
        let mut db = Database::empty(variant)?;
        db.extend(max_seeds, &|_| {})?;
        Ok(db)
    }

    /// Solves the layers above those held, up to `max_seeds` (at most the
    /// seeds the variant has), calling `report` as they go, on whatever
    /// thread is working (so it must be `Sync`).
    ///
    /// # Errors
    /// A ply would raise the seeds on the board.
    pub fn extend(
        &mut self,
        max_seeds: usize,
        report: &(dyn Fn(Event) + Sync),
    ) -> Result<(), Unsupported> {
        let max_seeds = max_seeds.min(total_seeds(&self.variant));
        while self.layers.len() <= max_seeds {
            let s = self.layers.len();
            let layer = self.solve_layer(s, report)?;
            self.layers.push(layer);
        }
        Ok(())
    }

    /// A database from layers read elsewhere (a file), layer `s` holding
    /// the values of `s` seeds on the board.
    ///
    /// # Errors
    /// The rules are not supported, they have fewer seeds than the layers
    /// need, or a layer holds the wrong number of values.
    pub fn from_layers(variant: &Arc<Variant>, layers: Vec<Packed>) -> Result<Database, String> {
        let mut db = Database::empty(variant).map_err(|e| e.to_string())?;
        let total = total_seeds(variant);
        if layers.len() > total + 1 {
            return Err(format!(
                "{} layers, but the rules have only {total} seeds",
                layers.len()
            ));
        }
        for (s, layer) in layers.iter().enumerate() {
            let want = 2 * db.ranking.layer_size(s);
            if layer.len() != want {
                return Err(format!(
                    "layer {s} holds {} values, not the {want} positions it has",
                    layer.len()
                ));
            }
        }
        db.layers = layers;
        Ok(db)
    }

    /// The variant solved.
    #[must_use]
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The layers, from 0 seeds on the board up.
    #[must_use]
    pub fn layers(&self) -> &[Packed] {
        &self.layers
    }

    /// The most seeds on the board a position may hold to be covered
    /// (`None` before the first layer).
    #[must_use]
    pub fn max_seeds(&self) -> Option<usize> {
        self.layers.len().checked_sub(1)
    }

    /// Positions held, in all.
    #[must_use]
    pub fn positions(&self) -> u64 {
        self.layers.iter().map(Packed::len).sum()
    }

    /// Bytes the values take.
    #[must_use]
    pub fn bytes(&self) -> u64 {
        self.layers.iter().map(Packed::bytes).sum()
    }

    /// South's future margin in `pos`, if a layer holds it.
    #[inline]
    #[must_use]
    pub fn probe(&self, pos: &Position) -> Option<i32> {
        let seeds = pos.board(&self.variant);
        let s: usize = seeds.iter().map(|&x| usize::from(x)).sum();
        let layer = self.layers.get(s)?;
        Some(layer.get(2 * self.ranking.rank(seeds) + pos.to_move().index() as u64))
    }

    fn solve_layer(
        &self,
        s: usize,
        report: &(dyn Fn(Event) + Sync),
    ) -> Result<Packed, Unsupported> {
        let started = Instant::now();
        let size = self.ranking.layer_size(s);
        let graph = self.graph(s, report)?;
        let plies_seconds = started.elapsed().as_secs_f64();
        let solving = Instant::now();
        let values = solve_graph(&graph);
        let inner_plies = graph.preds.len() as u64;
        drop(graph);
        let packed = Packed::new(&values);
        report(Event::Solved(LayerReport {
            seeds: s,
            positions: 2 * size,
            inner_plies,
            plies_seconds,
            solve_seconds: solving.elapsed().as_secs_f64(),
            bits: packed.bits(),
        }));
        Ok(packed)
    }

    /// The plies of layer `s`, generated on every core.
    fn graph(&self, s: usize, report: &(dyn Fn(Event) + Sync)) -> Result<Graph, Unsupported> {
        let size = self.ranking.layer_size(s);
        let n = 2 * size;
        if n > u64::from(u32::MAX) {
            return Err(Unsupported {
                reasons: vec![format!(
                    "layer {s} has {n} positions, more than a database numbers (2^32)"
                )],
            });
        }
        let done = AtomicU64::new(0);
        let chunks: Vec<Chunk> = (0..size.div_ceil(CHUNK))
            .into_par_iter()
            .map(|c| {
                let ranks = c * CHUNK..((c + 1) * CHUNK).min(size);
                let chunk = self.chunk(s, ranks.clone());
                let d = done.fetch_add(2 * (ranks.end - ranks.start), Ordering::Relaxed);
                report(Event::Plies {
                    seeds: s,
                    done: d + 2 * (ranks.end - ranks.start),
                    positions: n,
                });
                chunk
            })
            .collect::<Result<_, _>>()?;
        let n = n as usize;
        let mut graph = Graph {
            degree: Vec::with_capacity(n),
            best: Vec::with_capacity(n),
            worst: Vec::with_capacity(n),
            pred_start: vec![0; n + 1],
            preds: Vec::new(),
        };
        let edges: usize = chunks.iter().map(|c| c.targets.len()).sum();
        if edges >= u32::MAX as usize {
            return Err(Unsupported {
                reasons: vec![format!(
                    "layer {s} has {edges} plies inside it, more than a database numbers (2^32)"
                )],
            });
        }
        for c in &chunks {
            for &t in &c.targets {
                graph.pred_start[t as usize + 1] += 1;
            }
        }
        for i in 0..n {
            graph.pred_start[i + 1] += graph.pred_start[i];
        }
        let mut fill = graph.pred_start.clone();
        graph.preds = vec![0; edges];
        let mut node = 0u32;
        for c in chunks {
            let mut targets = c.targets.iter();
            for &d in &c.degree {
                for &t in targets.by_ref().take(usize::from(d)) {
                    graph.preds[fill[t as usize] as usize] = node;
                    fill[t as usize] += 1;
                }
                node += 1;
            }
            graph.degree.extend_from_slice(&c.degree);
            graph.best.extend_from_slice(&c.best);
            graph.worst.extend_from_slice(&c.worst);
        }
        Ok(graph)
    }

    /// The plies of the positions `ranks` of layer `s`, either side to act.
    fn chunk(&self, s: usize, ranks: std::ops::Range<u64>) -> Result<Chunk, Unsupported> {
        let v = &*self.variant;
        let len = 2 * (ranks.end - ranks.start) as usize;
        let mut chunk = Chunk {
            degree: Vec::with_capacity(len),
            targets: Vec::with_capacity(2 * len),
            best: Vec::with_capacity(len),
            worst: Vec::with_capacity(len),
        };
        let mut seeds = vec![0u16; v.pits()];
        let mut plies = Vec::new();
        self.ranking.unrank(s, ranks.start, &mut seeds);
        for rank in ranks.clone() {
            if rank > ranks.start {
                self.ranking.next(&mut seeds);
            }
            for side in Side::BOTH {
                let pos = position_of(v, &seeds, side);
                let (mut best, mut worst, mut degree) = (NONE, NONE, 0u8);
                if let Some(m) = terminal_margin(v, &pos) {
                    // An end is an exit of its own, with no plies.
                    best = m as i16;
                    worst = m as i16;
                } else {
                    pos.legal_plies(v, &mut plies);
                    for &ply in &plies {
                        let mut child = pos;
                        child.play_unchecked(v, ply);
                        let after = child.board(v);
                        let left: usize = after.iter().map(|&x| usize::from(x)).sum();
                        let node = 2 * self.ranking.rank(after) + child.to_move().index() as u64;
                        if left == s {
                            chunk.targets.push(node as u32);
                            degree = degree.checked_add(1).expect("at most 255 plies");
                        } else if left < s {
                            let value = gain(&pos, &child) + self.layers[left].get(node);
                            let value = value as i16;
                            best = if best == NONE { value } else { best.max(value) };
                            worst = if worst == NONE {
                                value
                            } else {
                                worst.min(value)
                            };
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
                chunk.degree.push(degree);
                chunk.best.push(best);
                chunk.worst.push(worst);
            }
        }
        Ok(chunk)
    }
}

/// The seeds the variant has.
fn total_seeds(variant: &Variant) -> usize {
    variant.initial.iter().map(|&s| usize::from(s)).sum()
}

/// Each node's value: the threshold at which it joined South's attractor
/// (greatest first) or North's (least first), or 0.
fn solve_graph(g: &Graph) -> Vec<i16> {
    let n = g.degree.len();
    let mut value = vec![UNSET; n];
    let mut queue: Vec<u32> = Vec::new();
    let preds = |t: usize| &g.preds[g.pred_start[t] as usize..g.pred_start[t + 1] as usize];
    // The forcer's own exit at a node: South's best, North's worst.
    let forcer_exit = |i: usize| if south(i) { g.best[i] } else { g.worst[i] };

    // South forces exits worth k or more, k from the greatest down to 1.
    let mut left = g.degree.clone();
    for (k, nodes) in buckets(n, |i| {
        let x = forcer_exit(i);
        (x != NONE && x > 0).then_some(x)
    })
    .into_iter()
    .rev()
    {
        for i in nodes {
            let i = i as usize;
            // North, at its worst exit k, joins once all its inner plies do.
            if value[i] == UNSET && (south(i) || left[i] == 0) {
                value[i] = k;
                queue.push(i as u32);
            }
        }
        while let Some(t) = queue.pop() {
            for &p in preds(t as usize) {
                let p = p as usize;
                if value[p] != UNSET {
                    continue;
                }
                let joins = if south(p) {
                    true
                } else {
                    left[p] -= 1;
                    left[p] == 0 && (g.worst[p] == NONE || g.worst[p] >= k)
                };
                if joins {
                    value[p] = k;
                    queue.push(p as u32);
                }
            }
        }
    }

    // North forces exits worth j or less, j from the least up to -1.
    // Positions South already holds above 0 can never join, so they are
    // passed over like those that have joined.
    let mut left = g.degree.clone();
    for (j, nodes) in buckets(n, |i| {
        // North joins at its worst exit for South; South, at its best
        // (every exit of South's must be j or less).
        let x = forcer_exit(i);
        (x != NONE && x < 0).then_some(x)
    }) {
        for i in nodes {
            let i = i as usize;
            if value[i] == UNSET && (!south(i) || left[i] == 0) {
                value[i] = j;
                queue.push(i as u32);
            }
        }
        while let Some(t) = queue.pop() {
            for &p in preds(t as usize) {
                let p = p as usize;
                if value[p] != UNSET {
                    continue;
                }
                let joins = if south(p) {
                    left[p] -= 1;
                    left[p] == 0 && (g.best[p] == NONE || g.best[p] <= j)
                } else {
                    true
                };
                if joins {
                    value[p] = j;
                    queue.push(p as u32);
                }
            }
        }
    }
    for v in &mut value {
        if *v == UNSET {
            *v = 0;
        }
    }
    value
}

/// The nodes with a key, grouped by key in increasing order (a counting
/// sort: keys are margins, a few hundred at most).
fn buckets(n: usize, key: impl Fn(usize) -> Option<i16>) -> Vec<(i16, Vec<u32>)> {
    let mut groups: Vec<Vec<u32>> = vec![Vec::new(); 1 << 16];
    for i in 0..n {
        if let Some(k) = key(i) {
            groups[(i32::from(k) - i32::from(i16::MIN)) as usize].push(i as u32);
        }
    }
    groups
        .into_iter()
        .enumerate()
        .filter(|(_, g)| !g.is_empty())
        .map(|(d, g)| ((d as i32 + i32::from(i16::MIN)) as i16, g))
        .collect()
}
