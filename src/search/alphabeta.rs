//! Negamax with alpha-beta, iterative deepening, a transposition table and
//! move ordering; and the plain minimax it is tested against.
//!
//! The side to act is read from each position: after an offer, an accept
//! or a decline the same player may act again, so a child's value is
//! negated only when the side to act changes.

use super::eval::{INFINITY, Value, WIN, evaluate};
use crate::engine::{Game, Ply};
use std::time::{Duration, Instant};

/// How much a search may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// Search exactly to this depth (in plies).
    Depth(u32),
    /// Deepen until this much time has passed (at least depth 1 completes).
    Time(Duration),
}

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The value for the side to act.
    pub value: Value,
    /// The best ply, if the game is not over.
    pub best: Option<Ply>,
    /// The principal variation, best ply first.
    pub pv: Vec<Ply>,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    value: Value,
    depth: u32,
    bound: Bound,
    best: Option<Ply>,
}

/// A searcher with its transposition table, reused across moves.
pub struct Searcher {
    table: Vec<Option<Entry>>,
    mask: usize,
    buffers: Vec<Vec<Ply>>,
    killers: Vec<Option<Ply>>,
    /// Triangular principal-variation table: `pv[ply]` holds the best line
    /// found from that ply, `pv_len[ply]` its length.
    pv: Vec<[Ply; MAX_DEPTH]>,
    pv_len: Vec<usize>,
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(1 << 18)
    }
}

const MAX_DEPTH: usize = 128;

// A win's distance term must stay below one seed of margin (see `eval::MARGIN`).
const _: () = assert!(MAX_DEPTH as Value <= super::eval::MARGIN);

impl Searcher {
    /// A searcher whose table holds `entries` positions (rounded up to a power of two).
    #[must_use]
    pub fn new(entries: usize) -> Searcher {
        let n = entries.next_power_of_two().max(1);
        Searcher {
            table: vec![None; n],
            mask: n - 1,
            buffers: (0..MAX_DEPTH).map(|_| Vec::with_capacity(64)).collect(),
            killers: vec![None; MAX_DEPTH],
            pv: vec![[Ply::Pass; MAX_DEPTH]; MAX_DEPTH],
            pv_len: vec![0; MAX_DEPTH],
            nodes: 0,
            deadline: None,
            stopped: false,
        }
    }

    /// Empties the transposition table.
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|e| *e = None);
        self.killers.iter_mut().for_each(|k| *k = None);
    }

    /// Searches `game` within `budget`, deepening one ply at a time.
    pub fn search(&mut self, game: &mut Game, budget: Budget) -> SearchResult {
        let start = Instant::now();
        self.nodes = 0;
        self.stopped = false;
        let (max_depth, deadline) = match budget {
            Budget::Depth(d) => (d.min(MAX_DEPTH as u32 - 1), None),
            Budget::Time(t) => (MAX_DEPTH as u32 - 1, Some(start + t)),
        };
        let mut result = SearchResult {
            value: evaluate(game, 0),
            best: None,
            pv: Vec::new(),
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        if game.is_over() || max_depth == 0 {
            result.elapsed = start.elapsed();
            return result;
        }
        for depth in 1..=max_depth {
            // Depth 1 always completes, so there is always a move.
            self.deadline = if depth == 1 { None } else { deadline };
            let value = self.negamax(game, depth, 0, -INFINITY, INFINITY);
            if self.stopped {
                break;
            }
            result.value = value;
            result.depth = depth;
            result.pv = self.pv[0][..self.pv_len[0]].to_vec();
            result.best = result.pv.first().copied();
            if value.abs() >= WIN / 2 && deadline.is_some() {
                break; // the game's end is in sight: deeper search changes nothing
            }
            if let Some(d) = deadline
                && Instant::now() >= d
            {
                break;
            }
        }
        result.nodes = self.nodes;
        result.elapsed = start.elapsed();
        result
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & self.mask
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        self.table[self.slot(key)].filter(|e| e.key == key)
    }

    fn store(&mut self, e: Entry) {
        let i = self.slot(e.key);
        self.table[i] = Some(e);
    }

    fn negamax(
        &mut self,
        game: &mut Game,
        depth: u32,
        ply: usize,
        mut alpha: Value,
        mut beta: Value,
    ) -> Value {
        self.nodes += 1;
        // Whatever this node returns, its line starts empty: a stale line
        // from an earlier search must never be reported.
        self.pv_len[ply] = 0;
        if game.is_over() || depth == 0 || ply + 1 >= MAX_DEPTH {
            return evaluate(game, ply);
        }
        if self.nodes & 1023 == 0
            && let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let key = game.search_key();
        let mut tt_best = None;
        if let Some(e) = self.probe(key) {
            tt_best = e.best;
            let e = Entry {
                value: from_table(e.value, ply),
                ..e
            };
            // Only an entry of exactly this depth may cut: a deeper one would
            // return a better value than a search of this depth, and the
            // search must agree with plain minimax at every depth.
            // Never at the root: the root must search to name its best ply.
            if e.depth == depth && ply > 0 {
                match e.bound {
                    Bound::Exact => return e.value,
                    Bound::Lower => alpha = alpha.max(e.value),
                    Bound::Upper => beta = beta.min(e.value),
                }
                if alpha >= beta {
                    return e.value;
                }
            }
        }
        let alpha0 = alpha;
        let mut plies = std::mem::take(&mut self.buffers[ply]);
        game.legal_plies(&mut plies);
        // Ordering: the table's best ply, then this depth's killer, then the rest.
        let mut front = 0;
        for want in [tt_best, self.killers[ply]].into_iter().flatten() {
            if let Some(i) = plies[front..].iter().position(|&p| p == want) {
                plies.swap(front, front + i);
                front += 1;
            }
        }
        let me = game.position().to_move();
        let snap = game.snapshot();
        let mut best_value = -INFINITY;
        let mut best = None;
        for &p in &plies {
            game.advance(p);
            let v = if game.position().to_move() == me {
                self.negamax(game, depth - 1, ply + 1, alpha, beta)
            } else {
                -self.negamax(game, depth - 1, ply + 1, -beta, -alpha)
            };
            game.restore(snap);
            if self.stopped {
                break;
            }
            if v > best_value {
                best_value = v;
                best = Some(p);
                // This ply, then the child's line.
                let (head, tail) = self.pv.split_at_mut(ply + 1);
                let len = self.pv_len[ply + 1];
                head[ply][0] = p;
                head[ply][1..=len].copy_from_slice(&tail[0][..len]);
                self.pv_len[ply] = len + 1;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                self.killers[ply] = Some(p);
                break;
            }
        }
        self.buffers[ply] = plies;
        if self.stopped {
            return 0;
        }
        let bound = if best_value <= alpha0 {
            Bound::Upper
        } else if best_value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.store(Entry {
            key,
            value: to_table(best_value, ply),
            depth,
            bound,
            best,
        });
        best_value
    }
}

/// Win and loss values count plies from the root; the table stores them
/// counted from the node, so an entry serves the same position at any ply.
fn to_table(v: Value, ply: usize) -> Value {
    let ply = ply as Value;
    if v > WIN / 2 {
        v + ply
    } else if v < -WIN / 2 {
        v - ply
    } else {
        v
    }
}

fn from_table(v: Value, ply: usize) -> Value {
    let ply = ply as Value;
    if v > WIN / 2 {
        v - ply
    } else if v < -WIN / 2 {
        v + ply
    } else {
        v
    }
}

/// Plain minimax to a fixed depth, with the same evaluation: the reference
/// every optimised search is tested against.
pub fn minimax(game: &mut Game, depth: u32) -> Value {
    fn go(game: &mut Game, depth: u32, ply: usize) -> Value {
        if game.is_over() || depth == 0 {
            return evaluate(game, ply);
        }
        let mut plies = Vec::new();
        game.legal_plies(&mut plies);
        let me = game.position().to_move();
        let snap = game.snapshot();
        let mut best = -INFINITY;
        for p in plies {
            game.advance(p);
            let v = if game.position().to_move() == me {
                go(game, depth - 1, ply + 1)
            } else {
                -go(game, depth - 1, ply + 1)
            };
            game.restore(snap);
            best = best.max(v);
        }
        best
    }
    go(game, depth, 0)
}
