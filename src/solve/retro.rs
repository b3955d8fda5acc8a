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
use super::reach::{AtomicBits, Reach};
use super::{Unsupported, Why, gain, position_of, supported, terminal_margin};
use crate::engine::{Position, Side, Variant};
use rayon::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// South's future margins for every position of every layer up to some
/// number of seeds on the board, or for every position reachable from
/// one start.
pub struct Database {
    variant: Arc<Variant>,
    ranking: Ranking,
    layers: Vec<Layer>,
    /// The start a database of reached positions was built from.
    from: Option<Position>,
}

/// One layer's values: of every position with its seeds on the board, or
/// of those reached from a start, in their order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layer {
    values: Packed,
    reach: Option<Reach>,
}

impl Layer {
    /// A layer of `values`, of every position or of the `reach`ed ones.
    ///
    /// # Errors
    /// The values are not one a position held.
    pub fn new(values: Packed, reach: Option<Reach>, positions: u64) -> Result<Layer, String> {
        let want = reach.as_ref().map_or(positions, Reach::count);
        if let Some(r) = &reach
            && r.words().len() as u64 != positions.div_ceil(64)
        {
            return Err(format!(
                "{} words of reached positions for {positions} positions",
                r.words().len()
            ));
        }
        if values.len() != want {
            return Err(format!("{} values for {want} positions", values.len()));
        }
        Ok(Layer { values, reach })
    }

    /// The values, in the order of the positions held.
    #[must_use]
    pub fn values(&self) -> &Packed {
        &self.values
    }

    /// The positions reached, if the layer holds only those.
    #[must_use]
    pub fn reach(&self) -> Option<&Reach> {
        self.reach.as_ref()
    }

    /// The value of position `node` (`2 * rank + side`), if held.
    #[inline]
    fn get(&self, node: u64) -> Option<i32> {
        let i = match &self.reach {
            Some(r) => r.index(node)?,
            None => node,
        };
        Some(self.values.get(i))
    }
}

/// What a layer's solving is doing, for progress reports.
#[derive(Clone, Copy, Debug)]
pub enum Event {
    /// The positions of a layer reached from the start, all found.
    Reached {
        /// Seeds on the board.
        seeds: usize,
        /// Positions reached.
        positions: u64,
        /// Seconds finding them.
        seconds: f64,
    },
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
    /// Positions solved, both sides to act.
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

/// The most bits the sets of reached positions may take (16 GiB): they
/// hold a bit for every position of every layer, reached or not.
const MAX_REACH_BITS: u64 = 1 << 37;

/// Words of 64 positions whose plies one task generates.
const CHUNK_WORDS: u64 = 1 << 8;

/// What the attractor passes read and write of one position, in one
/// record of 8 bytes: the passes visit positions in the order of the plies
/// between them, all over the layer, and a record keeps each visit to one
/// cache line where five arrays took five.
#[derive(Clone, Copy)]
struct Node {
    /// The value found so far ([`UNSET`] until it joins an attractor).
    value: i16,
    /// The best and worst exit for South ([`NONE`]: no exit).
    best: i16,
    worst: i16,
    /// Plies inside the layer not yet known to lead into the attractor.
    left: u8,
    /// Bit 7: North acts; bits 0 to 6: the plies that stay in the layer.
    flags: u8,
}

impl Node {
    /// Whether South acts.
    #[inline]
    fn south(self) -> bool {
        self.flags & 0x80 == 0
    }

    /// The plies that stay in the layer.
    #[inline]
    fn degree(self) -> u8 {
        self.flags & 0x7f
    }
}

/// One layer's plies, as the attractors read them, over the positions the
/// layer holds in their order.
struct Graph {
    nodes: Vec<Node>,
    /// The reverse of the plies that stay: for each node, the nodes with
    /// a ply into it (once per such ply), in compressed rows.
    pred_start: Vec<u32>,
    preds: Vec<u32>,
}

/// One task's share of a layer: its nodes' plies.
#[derive(Default)]
struct Chunk {
    nodes: Vec<Node>,
    targets: Vec<u32>,
}

impl Database {
    /// No layer yet: covers nothing until [`Database::extend`]ed.
    ///
    /// # Errors
    /// The rules need state the databases do not hold ([`supported`]).
    pub fn empty(variant: &Arc<Variant>) -> Result<Database, Unsupported> {
        supported(variant)?;
        // Sized by what positions can put on the board, not by the game's
        // seeds: an endgame of a large game is numbered like a small one.
        let ranking = Ranking::largest(variant.pits(), total_seeds(variant));
        Ok(Database {
            variant: Arc::clone(variant),
            ranking,
            layers: Vec::new(),
            from: None,
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
    /// A ply would raise the seeds on the board, or the database holds
    /// only the positions reached from a start (whose layers are built
    /// all at once).
    pub fn extend(
        &mut self,
        max_seeds: usize,
        report: &(dyn Fn(Event) + Sync),
    ) -> Result<(), Unsupported> {
        if self.from.is_some() {
            return Err(Unsupported::new(Why::Database, "a database of the positions reached from a start cannot grow; build one for the new start".into()));
        }
        let max_seeds = max_seeds.min(total_seeds(&self.variant));
        self.numbered(max_seeds)?;
        while self.layers.len() <= max_seeds {
            let s = self.layers.len();
            let layer = self.solve_layer(s, None, report)?;
            self.layers.push(layer);
        }
        Ok(())
    }

    /// Whether layers of up to `seeds` seeds on the board can be
    /// numbered: each holds at most 2^64 positions.
    ///
    /// # Errors
    /// The first layer that cannot, named by its seeds and pits.
    pub fn numbered(&self, seeds: usize) -> Result<(), Unsupported> {
        // A position's number is 2 × its rank + the side to act.
        let top = (0..=self.ranking.max_seeds())
            .take_while(|&s| self.ranking.layer_size(s) <= u64::MAX / 2)
            .last()
            .unwrap_or(0);
        if seeds <= top {
            return Ok(());
        }
        Err(Unsupported::size(format!(
            "a board too large to number: {} seeds on {} pits make a layer of more than 2^64 positions, either side to act (at most {top} seeds on the board can be numbered)",
            top + 1,
            self.variant.pits()
        )))
    }

    /// Solves every position reachable from `start` (with either side to
    /// act in the positions after it, as play reaches them): first finds
    /// them, layer by layer down from the start's, then solves the layers
    /// up. Refuses to hold more than `max_positions`.
    ///
    /// # Errors
    /// The rules need state the databases do not hold, a ply would raise
    /// the seeds on the board, or more than `max_positions` positions are
    /// reached.
    pub fn reachable(
        variant: &Arc<Variant>,
        start: &Position,
        max_positions: u64,
        report: &(dyn Fn(Event) + Sync),
    ) -> Result<Database, Unsupported> {
        let mut db = Database::empty(variant)?;
        let reach = db.reach_from(start, max_positions, report)?;
        for (s, r) in reach.into_iter().enumerate() {
            let layer = db.solve_layer(s, Some(r), report)?;
            db.layers.push(layer);
        }
        db.from = Some(*start);
        Ok(db)
    }

    /// A database from layers read elsewhere (a file), layer `s` holding
    /// `s` seeds on the board; `from` the start of a database of reached
    /// positions.
    ///
    /// # Errors
    /// The rules are not supported, they have fewer seeds than the layers
    /// need, or a layer holds the wrong number of values.
    pub fn from_layers(
        variant: &Arc<Variant>,
        layers: Vec<Layer>,
        from: Option<Position>,
    ) -> Result<Database, String> {
        let mut db = Database::empty(variant).map_err(|e| e.to_string())?;
        let total = total_seeds(variant);
        if layers.len() > total + 1 {
            return Err(format!(
                "{} layers, but the rules have only {total} seeds",
                layers.len()
            ));
        }
        if let Some(top) = layers.len().checked_sub(1) {
            db.numbered(top).map_err(|e| e.to_string())?;
        }
        for (s, layer) in layers.iter().enumerate() {
            let positions = 2 * db.ranking.layer_size(s);
            if let Err(e) = Layer::new(layer.values.clone(), layer.reach.clone(), positions) {
                return Err(format!("layer {s}: {e}"));
            }
            if layer.reach.is_some() != from.is_some() {
                return Err(format!(
                    "layer {s} holds {} positions, but the database {}",
                    if layer.reach.is_some() {
                        "the reached"
                    } else {
                        "all its"
                    },
                    if from.is_some() {
                        "is of reached positions"
                    } else {
                        "is not"
                    }
                ));
            }
        }
        db.layers = layers;
        db.from = from;
        Ok(db)
    }

    /// The variant solved.
    #[must_use]
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The layers, from 0 seeds on the board up.
    #[must_use]
    pub fn layers(&self) -> &[Layer] {
        &self.layers
    }

    /// The start a database of reached positions was built from; `None`
    /// for a database of every position of its layers.
    #[must_use]
    pub fn from(&self) -> Option<&Position> {
        self.from.as_ref()
    }

    /// The most seeds on the board a position may hold to be covered
    /// (`None` before the first layer). A database of reached positions
    /// covers only those.
    #[must_use]
    pub fn max_seeds(&self) -> Option<usize> {
        self.layers.len().checked_sub(1)
    }

    /// Positions held, in all.
    #[must_use]
    pub fn positions(&self) -> u64 {
        self.layers.iter().map(|l| l.values.len()).sum()
    }

    /// Bytes the values and the sets of reached positions take.
    #[must_use]
    pub fn bytes(&self) -> u64 {
        self.layers
            .iter()
            .map(|l| l.values.bytes() + l.reach.as_ref().map_or(0, |r| 16 * r.words().len() as u64))
            .sum()
    }

    /// South's future margin in `pos`, if a layer holds it.
    #[inline]
    #[must_use]
    pub fn probe(&self, pos: &Position) -> Option<i32> {
        let seeds = pos.board(&self.variant);
        let s: usize = seeds.iter().map(|&x| usize::from(x)).sum();
        self.layers
            .get(s)?
            .get(2 * self.ranking.rank(seeds) + pos.to_move().index() as u64)
    }

    /// The positions reached from `start`, layer by layer.
    fn reach_from(
        &self,
        start: &Position,
        max_positions: u64,
        report: &(dyn Fn(Event) + Sync),
    ) -> Result<Vec<Reach>, Unsupported> {
        let v = &*self.variant;
        let board = start.board(v);
        let top: usize = board.iter().map(|&x| usize::from(x)).sum();
        self.numbered(top)?;
        // A bit for every position of every layer below the start's.
        let bits = self.ranking.positions_up_to(top);
        if bits > MAX_REACH_BITS {
            return Err(Unsupported::size(format!(
                "finding the positions reachable from {top} seeds on {} pits needs a bit for each of {bits} positions, more than the {MAX_REACH_BITS} ({} GiB) allowed",
                v.pits(),
                MAX_REACH_BITS >> 33
            )));
        }
        let sets: Vec<AtomicBits> = (0..=top)
            .map(|s| AtomicBits::new(2 * self.ranking.layer_size(s)))
            .collect();
        sets[top].insert(2 * self.ranking.rank(board) + start.to_move().index() as u64);
        let mut reached = 0u64;
        for s in (0..=top).rev() {
            let started = Instant::now();
            // Every position of the layer found so far, then what their
            // plies reach inside it, round after round.
            let size = 2 * self.ranking.layer_size(s);
            let mut frontier: Vec<u64> = (0..size.div_ceil(64))
                .into_par_iter()
                .flat_map_iter(|w| {
                    let word = sets[s].word(w as usize);
                    (0..64)
                        .filter(move |b| word >> b & 1 == 1)
                        .map(move |b| w * 64 + b)
                })
                .collect();
            while !frontier.is_empty() {
                frontier = frontier
                    .par_chunks(1 << 12)
                    .map(|nodes| {
                        let mut next = Vec::new();
                        let mut seeds = vec![0u16; v.pits()];
                        let mut plies = Vec::new();
                        for &node in nodes {
                            self.ranking.unrank(s, node / 2, &mut seeds);
                            let side = if node % 2 == 0 {
                                Side::South
                            } else {
                                Side::North
                            };
                            let pos = position_of(v, &seeds, side);
                            if pos.end(v).is_some() {
                                continue;
                            }
                            pos.legal_plies(v, &mut plies);
                            for &ply in &plies {
                                let mut child = pos;
                                child.play_unchecked(v, ply);
                                let after = child.board(v);
                                let left: usize = after.iter().map(|&x| usize::from(x)).sum();
                                if left > s {
                                    return Err(raises(v, ply, s, left));
                                }
                                let id =
                                    2 * self.ranking.rank(after) + child.to_move().index() as u64;
                                if sets[left].insert(id) && left == s {
                                    next.push(id);
                                }
                            }
                        }
                        Ok(next)
                    })
                    .collect::<Result<Vec<_>, _>>()?
                    .concat();
            }
            let count = sets[s].count();
            reached += count;
            report(Event::Reached {
                seeds: s,
                positions: count,
                seconds: started.elapsed().as_secs_f64(),
            });
            if reached > max_positions {
                return Err(Unsupported::size(format!(
                    "more than {reached} positions are reached from the start (the layers from {top} seeds down to {s}), more than the {max_positions} allowed"
                )));
            }
        }
        Ok(sets.into_iter().map(AtomicBits::into_reach).collect())
    }

    fn solve_layer(
        &self,
        s: usize,
        reach: Option<Reach>,
        report: &(dyn Fn(Event) + Sync),
    ) -> Result<Layer, Unsupported> {
        let started = Instant::now();
        let graph = self.graph(s, reach.as_ref(), report)?;
        let plies_seconds = started.elapsed().as_secs_f64();
        let solving = Instant::now();
        let inner_plies = graph.preds.len() as u64;
        let values = solve_graph(graph);
        let packed = Packed::new(&values);
        report(Event::Solved(LayerReport {
            seeds: s,
            positions: packed.len(),
            inner_plies,
            plies_seconds,
            solve_seconds: solving.elapsed().as_secs_f64(),
            bits: packed.bits(),
        }));
        Ok(Layer {
            values: packed,
            reach,
        })
    }

    /// The plies of layer `s` (of its `reach`ed positions, if given),
    /// generated on every core.
    fn graph(
        &self,
        s: usize,
        reach: Option<&Reach>,
        report: &(dyn Fn(Event) + Sync),
    ) -> Result<Graph, Unsupported> {
        let size = 2 * self.ranking.layer_size(s);
        let n = reach.map_or(size, Reach::count);
        if n > u64::from(u32::MAX) {
            return Err(Unsupported::size(format!(
                "layer {s} has {n} positions, more than a database numbers (2^32)"
            )));
        }
        let words = size.div_ceil(64);
        let done = AtomicU64::new(0);
        let chunks: Vec<Chunk> = (0..words.div_ceil(CHUNK_WORDS))
            .into_par_iter()
            .map(|c| {
                let w = c * CHUNK_WORDS..((c + 1) * CHUNK_WORDS).min(words);
                let chunk = match reach {
                    Some(r) => self.chunk(s, reach, r.nodes_in(w.start as usize..w.end as usize)),
                    None => self.chunk(s, reach, 64 * w.start..(64 * w.end).min(size)),
                }?;
                let d = done.fetch_add(chunk.nodes.len() as u64, Ordering::Relaxed);
                report(Event::Plies {
                    seeds: s,
                    done: d + chunk.nodes.len() as u64,
                    positions: n,
                });
                Ok(chunk)
            })
            .collect::<Result<_, _>>()?;
        let n = n as usize;
        let mut graph = Graph {
            nodes: Vec::with_capacity(n),
            pred_start: vec![0; n + 1],
            preds: Vec::new(),
        };
        let edges: usize = chunks.iter().map(|c| c.targets.len()).sum();
        if edges >= u32::MAX as usize {
            return Err(Unsupported::size(format!(
                "layer {s} has {edges} plies inside it, more than a database numbers (2^32)"
            )));
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
            for node_of in &c.nodes {
                for &t in targets.by_ref().take(usize::from(node_of.degree())) {
                    graph.preds[fill[t as usize] as usize] = node;
                    fill[t as usize] += 1;
                }
                node += 1;
            }
            graph.nodes.extend_from_slice(&c.nodes);
        }
        Ok(graph)
    }

    /// The plies of the positions `nodes` (`2 * rank + side`, increasing)
    /// of layer `s`, whose positions are those of `reach` if given.
    fn chunk(
        &self,
        s: usize,
        reach: Option<&Reach>,
        nodes: impl Iterator<Item = u64>,
    ) -> Result<Chunk, Unsupported> {
        let v = &*self.variant;
        let mut chunk = Chunk::default();
        let mut seeds = vec![0u16; v.pits()];
        let mut plies = Vec::new();
        let mut at: Option<u64> = None;
        for node in nodes {
            let rank = node / 2;
            // Walk to the next distribution where it is the next one, else
            // number it afresh.
            match at {
                Some(r) if r == rank => {}
                Some(r) if r + 1 == rank => {
                    self.ranking.next(&mut seeds);
                }
                _ => self.ranking.unrank(s, rank, &mut seeds),
            }
            at = Some(rank);
            let side = if node % 2 == 0 {
                Side::South
            } else {
                Side::North
            };
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
                    let id = 2 * self.ranking.rank(after) + child.to_move().index() as u64;
                    if left == s {
                        let t = match reach {
                            Some(r) => r.index(id).expect("a ply from a reached position reaches"),
                            None => id,
                        };
                        chunk.targets.push(t as u32);
                        degree += 1;
                        assert!(degree < 0x80, "at most 127 plies inside a layer");
                    } else if left < s {
                        let after_value = self.layers[left]
                            .get(id)
                            .expect("a ply from a held position leads to a held one");
                        let value = (gain(&pos, &child) + after_value) as i16;
                        best = if best == NONE { value } else { best.max(value) };
                        worst = if worst == NONE {
                            value
                        } else {
                            worst.min(value)
                        };
                    } else {
                        return Err(raises(v, ply, s, left));
                    }
                }
            }
            chunk.nodes.push(Node {
                value: UNSET,
                best,
                worst,
                left: degree,
                flags: degree | if side == Side::North { 0x80 } else { 0 },
            });
        }
        Ok(chunk)
    }
}

/// The refusal of a ply that raises the seeds on the board.
fn raises(v: &Variant, ply: crate::engine::Ply, s: usize, left: usize) -> Unsupported {
    Unsupported::new(
        Why::Rules,
        format!(
            "a ply ({}) raises the seeds on the board from {s} to {left}",
            ply.notation(&v.board)
        ),
    )
}

/// The seeds the variant has.
fn total_seeds(variant: &Variant) -> usize {
    variant.initial.iter().map(|&s| usize::from(s)).sum()
}

/// Each node's value: the threshold at which it joined South's attractor
/// (greatest first) or North's (least first), or 0.
fn solve_graph(g: Graph) -> Vec<i16> {
    let Graph {
        mut nodes,
        pred_start,
        preds,
    } = g;
    let preds = |t: usize| &preds[pred_start[t] as usize..pred_start[t + 1] as usize];
    let mut queue: Vec<u32> = Vec::new();
    // The forcer's own exit at a node: South's best, North's worst. South
    // joins its attractor at its best exit, North at its worst once all
    // its inner plies have; in North's, the other way about.
    let forcer_exit = |n: &Node| if n.south() { n.best } else { n.worst };

    // South forces exits worth k or more, k from the greatest down to 1.
    for (k, group) in buckets(&nodes, |n| {
        let x = forcer_exit(n);
        (x != NONE && x > 0).then_some(x)
    })
    .into_iter()
    .rev()
    {
        for i in group {
            let n = &mut nodes[i as usize];
            if n.value == UNSET && (n.south() || n.left == 0) {
                n.value = k;
                queue.push(i);
            }
        }
        while let Some(t) = queue.pop() {
            for &p in preds(t as usize) {
                let n = &mut nodes[p as usize];
                if n.value != UNSET {
                    continue;
                }
                let joins = if n.south() {
                    true
                } else {
                    n.left -= 1;
                    n.left == 0 && (n.worst == NONE || n.worst >= k)
                };
                if joins {
                    n.value = k;
                    queue.push(p);
                }
            }
        }
    }

    // North forces exits worth j or less, j from the least up to -1.
    // Positions South already holds above 0 can never join, so they are
    // passed over like those that have joined.
    for n in &mut nodes {
        n.left = n.degree();
    }
    for (j, group) in buckets(&nodes, |n| {
        let x = forcer_exit(n);
        (x != NONE && x < 0).then_some(x)
    }) {
        for i in group {
            let n = &mut nodes[i as usize];
            if n.value == UNSET && (!n.south() || n.left == 0) {
                n.value = j;
                queue.push(i);
            }
        }
        while let Some(t) = queue.pop() {
            for &p in preds(t as usize) {
                let n = &mut nodes[p as usize];
                if n.value != UNSET {
                    continue;
                }
                let joins = if n.south() {
                    n.left -= 1;
                    n.left == 0 && (n.best == NONE || n.best <= j)
                } else {
                    true
                };
                if joins {
                    n.value = j;
                    queue.push(p);
                }
            }
        }
    }
    nodes
        .into_iter()
        .map(|n| if n.value == UNSET { 0 } else { n.value })
        .collect()
}

/// The nodes with a key, grouped by key in increasing order (a counting
/// sort: keys are margins, a few hundred at most).
fn buckets(nodes: &[Node], key: impl Fn(&Node) -> Option<i16>) -> Vec<(i16, Vec<u32>)> {
    let mut groups: Vec<Vec<u32>> = vec![Vec::new(); 1 << 16];
    for (i, n) in nodes.iter().enumerate() {
        if let Some(k) = key(n) {
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
