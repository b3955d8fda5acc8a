//! Perft: the number of distinct ply sequences of a given length.

use crate::engine::{Game, Ply};

/// Counts the distinct sequences of exactly `depth` plies from `game`'s
/// position. A finished game has no plies; `perft(0)` is 1.
pub fn perft(game: &mut Game, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<Ply>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    walk(game, depth, &mut buffers)
}

/// [`perft`] split by the first ply: each legal ply of `game`'s position,
/// in the order [`Game::legal_plies`] lists them, with the count of the
/// sequences of `depth` plies that start with it. Empty for depth 0 or a
/// finished game; the counts add up to `perft(game, depth)` otherwise.
pub fn perft_divide(game: &mut Game, depth: u32) -> Vec<(Ply, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut first = Vec::new();
    game.legal_plies(&mut first);
    let mut buffers: Vec<Vec<Ply>> = (1..depth).map(|_| Vec::with_capacity(64)).collect();
    let snap = game.snapshot();
    first
        .into_iter()
        .map(|ply| {
            game.advance(ply);
            let n = walk(game, depth - 1, &mut buffers);
            game.restore(snap);
            (ply, n)
        })
        .collect()
}

fn walk(game: &mut Game, depth: u32, buffers: &mut [Vec<Ply>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (plies, rest) = buffers.split_first_mut().expect("one buffer per level");
    game.legal_plies(plies);
    if depth == 1 {
        return plies.len() as u64;
    }
    let snap = game.snapshot();
    let mut total = 0;
    for &ply in plies.iter() {
        game.advance(ply);
        total += walk(game, depth - 1, rest);
        game.restore(snap);
    }
    total
}
