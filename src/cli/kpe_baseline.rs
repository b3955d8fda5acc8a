//! Kpé's random playouts written by hand, as fast as we can, for that one
//! game: the yardstick the generic engine is measured against (docs/performance.md).
//!
//! The rules are those of `rules/kpe.toml` (docs/gore-and-kpe.md), hard-wired:
//! 2x4 pits, 6 seeds each, South first; sow every seed of a non-empty pit
//! of one's own row counter-clockwise, dropping one in the origin too on
//! every full lap; feed an opponent whose row is empty when some sowing
//! can; capture a landing pit of the opponent's row that now holds 2 or 4,
//! then backwards through the opponent's row while pits hold 2 or 4, but
//! only once all four home pits have been sown from (the sowing that
//! completes the set may capture); the game ends when the side to act has
//! an empty row, or when a state occurs for the third time; leftovers go
//! to the row's owner.
//!
//! The random policy is the engine's ([`ayla::search::playout`]): the
//! legal sowings in label order (`a b c d` for South, `A B C D` for
//! North), one drawn by [`Rng::below`] of their count. So on the same seed
//! both play the same games, which this module's tests check.
//!
//! The state is one `u64` of seeds, one byte per pit (48 seeds in all, so
//! a byte never exceeds 48), sown one lap at a time with a table of
//! per-origin masks. The repetition rule needs no hashing: between
//! captures and lock progress the captured totals and the sown set are
//! constant, so the state is just the seeds and the side to act, which fit
//! one `u64` exactly (bit 63 is free since pit `D` holds at most 48).

#[cfg(test)]
use ayla::engine::PitSet;
use ayla::engine::{EndReason, Pit, Side};
use ayla::rng::Rng;
use ayla::search::Playouts;
#[cfg(test)]
use ayla::state::State;

const PITS: usize = 8;
const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;
/// The home rows as pit masks, South then North.
const HOME: [u8; 2] = [0x0F, 0xF0];
/// Added to the seeds, sets bit 7 of a pit's byte iff a sowing from it
/// reaches the opponent's row: pit `i` of a row needs `4 - i` seeds.
const FEEDS: u64 = 0x7F7E_7D7C_7F7E_7D7C;
/// The initial position: 6 seeds in every pit.
const INITIAL: u64 = 6 * ONES;

/// `LAP[o][r]`: one seed in each of the `r` pits after `o`, counter-clockwise.
const LAP: [[u64; PITS]; PITS] = {
    let mut t = [[0u64; PITS]; PITS];
    let mut o = 0;
    while o < PITS {
        let mut r = 1;
        while r < PITS {
            t[o][r] = t[o][r - 1] | 1 << (8 * ((o + r) % PITS));
            r += 1;
        }
        o += 1;
    }
    t
};

/// `BYTES[m]`: the byte mask of the pits in the 8-bit pit mask `m`.
const BYTES: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut m = 0;
    while m < 256 {
        let mut i = 0;
        while i < PITS {
            if m >> i & 1 == 1 {
                t[m] |= 0xFF << (8 * i);
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// One bit per pit (bit `i` for pit `i`): set where the byte has bit 7 set.
#[inline(always)]
fn gather(high_bits: u64) -> u8 {
    ((high_bits >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// Pits holding at least one seed.
#[inline(always)]
fn non_empty(seeds: u64) -> u8 {
    gather((seeds + 0x7F * ONES) & HIGH)
}

/// Seeds in pit `p`.
#[inline(always)]
fn count(seeds: u64, p: usize) -> u8 {
    (seeds >> (8 * p)) as u8
}

/// A Kpé game in progress.
#[derive(Clone, Debug)]
pub struct Kpe {
    /// Byte `i`: seeds in pit `i` (`a b c d A B C D`).
    seeds: u64,
    /// 0 South, 1 North.
    to_move: usize,
    captured: [u8; 2],
    /// Home pits sown from by their owner (bit per pit).
    sown: u8,
    /// The states since the last capture or lock progress (the only ones
    /// that can recur), the current one last: seeds | side << 63.
    window: Vec<u64>,
    end: Option<EndReason>,
}

impl Default for Kpe {
    fn default() -> Self {
        Kpe::new()
    }
}

impl Kpe {
    /// A game at the initial position.
    #[must_use]
    pub fn new() -> Kpe {
        let mut k = Kpe {
            seeds: 0,
            to_move: 0,
            captured: [0; 2],
            sown: 0,
            window: Vec::with_capacity(256),
            end: None,
        };
        k.reset();
        k
    }

    /// Back to the initial position, keeping the window's buffer.
    #[inline]
    pub fn reset(&mut self) {
        self.seeds = INITIAL;
        self.to_move = 0;
        self.captured = [0; 2];
        self.sown = 0;
        self.window.clear();
        self.window.push(INITIAL);
        self.end = None;
    }

    /// Why the game ended, if it has.
    #[inline]
    #[must_use]
    #[cfg(test)]
    pub fn end(&self) -> Option<EndReason> {
        self.end
    }

    /// The legal sowings as a pit mask (bit `i`: pit `i`), feeding applied.
    #[inline(always)]
    #[must_use]
    pub fn legal(&self) -> u8 {
        let s = self.to_move;
        let full = non_empty(self.seeds);
        let mine = full & HOME[s];
        if full & HOME[s ^ 1] == 0 {
            let feeders = gather((self.seeds + FEEDS) & HIGH) & mine;
            if feeders != 0 {
                return feeders;
            }
        }
        mine
    }

    /// Sows from pit `o` (a legal sowing), captures, and sets the end.
    #[inline(always)]
    pub fn play(&mut self, o: usize) {
        let s = self.to_move;
        let n = u64::from(count(self.seeds, o));
        let mut seeds = self.seeds & !(0xFF << (8 * o));
        seeds += (n >> 3) * ONES + LAP[o][(n & 7) as usize];
        let landing = (o + n as usize) & 7;

        let home = HOME[s];
        let sown = self.sown | 1 << o;
        let mut reset_window = sown != self.sown;
        self.sown = sown;
        // The lock: every home pit sown, this sowing included.
        if sown & home == home && HOME[s ^ 1] >> landing & 1 == 1 {
            let c = count(seeds, landing);
            if c == 2 || c == 4 {
                // The opponent's row is 4 pits in a row; the chain runs
                // backwards from the landing pit to that row's first pit.
                let first = 4 * (s ^ 1);
                let mut q = landing;
                while q > first {
                    let c = count(seeds, q - 1);
                    if c != 2 && c != 4 {
                        break;
                    }
                    q -= 1;
                }
                let take = BYTES[((1u32 << (landing + 1)) - (1u32 << q)) as usize];
                let taken = seeds & take;
                seeds ^= taken;
                self.captured[s] += (taken.wrapping_mul(ONES) >> 56) as u8;
                reset_window = true;
            }
        }
        self.seeds = seeds;
        self.to_move = s ^ 1;

        let key = seeds | (s as u64 ^ 1) << 63;
        if reset_window {
            self.window.clear();
        }
        self.window.push(key);
        if non_empty(seeds) & HOME[s ^ 1] == 0 {
            self.end = Some(EndReason::NoSowing(side(s ^ 1)));
        } else if self.window.iter().filter(|&&k| k == key).count() >= 3 {
            self.end = Some(EndReason::Repetition(3));
        }
    }

    /// Final totals (captured plus the seeds left in one's row), South then North.
    #[must_use]
    pub fn totals(&self) -> [u32; 2] {
        let row = |s: usize| {
            let b = self.seeds & BYTES[HOME[s] as usize];
            (b.wrapping_mul(ONES) >> 56) as u32
        };
        [
            u32::from(self.captured[0]) + row(0),
            u32::from(self.captured[1]) + row(1),
        ]
    }

    /// The winner by the totals, `None` for a draw.
    #[must_use]
    pub fn winner(&self) -> Option<Side> {
        let [s, n] = self.totals();
        match s.cmp(&n) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The state as the crate's plain state (for comparing with an engine
    /// position's).
    #[cfg(test)]
    #[must_use]
    pub fn state(&self) -> State {
        let north = PitSet(u64::from(HOME[1]));
        let sown = PitSet(u64::from(self.sown));
        let pits = (0..PITS).map(|i| ayla::engine::Pit(i as u8));
        State {
            seeds: (0..PITS).map(|i| u32::from(count(self.seeds, i))).collect(),
            controller: pits
                .clone()
                .map(|p| side(usize::from(north.contains(p))))
                .collect(),
            sown: pits.map(|p| sown.contains(p)).collect(),
            houses: vec![None; PITS],
            offer: Vec::new(),
            captured: self.captured.map(u32::from),
            to_move: side(self.to_move),
            declined: [false; 2],
            closed: vec![false; PITS],
        }
    }
}

fn side(i: usize) -> Side {
    if i == 0 { Side::South } else { Side::North }
}

/// Watches the baseline's playouts (for the tests).
pub trait Observer {
    /// A sowing from `pit` is about to be played.
    #[inline(always)]
    fn ply(&mut self, _pit: Pit) {}
    /// The game is over.
    #[inline(always)]
    fn end(&mut self, _game: &Kpe) {}
}

impl Observer for () {}

/// Random Kpé playouts until at least `min_plies` plies: the same loop as
/// [`ayla::search::random_playouts`] on the bundled Kpé rules.
pub fn random_playouts(rng: &mut Rng, min_plies: u64) -> Playouts {
    random_playouts_observed(rng, min_plies, &mut ())
}

/// [`random_playouts`], telling `obs` every ply and every end.
pub fn random_playouts_observed<O: Observer>(
    rng: &mut Rng,
    min_plies: u64,
    obs: &mut O,
) -> Playouts {
    let mut stats = Playouts::default();
    let mut game = Kpe::new();
    while stats.plies < min_plies {
        game.reset();
        while game.end.is_none() {
            let mut legal = game.legal();
            let k = rng.below(legal.count_ones() as usize);
            for _ in 0..k {
                legal &= legal - 1;
            }
            let pit = legal.trailing_zeros() as usize;
            obs.ply(Pit(pit as u8));
            game.play(pit);
            stats.plies += 1;
        }
        obs.end(&game);
        stats.record(game.winner());
    }
    stats
}

#[cfg(test)]
mod tests {
    // The hand-written Kpé loop against the generic engine: on the same seeds they must play the same
    // games, ply for ply, to the same final positions and results; otherwise
    // the speed ratio the bench prints compares different work.

    use super::super::bench::is_kpe;
    use super::*;
    use ayla::engine::{Game, Outcome, Ply, Variant};
    use ayla::rules;
    use ayla::search::playout;
    use std::sync::Arc;

    /// One game as seen from outside: its sowings, final position and end.
    #[derive(Debug, PartialEq)]
    struct Seen {
        plies: Vec<Pit>,
        end: State,
        reason: EndReason,
        totals: [u32; 2],
    }

    #[derive(Default)]
    struct Log {
        current: Vec<Pit>,
        games: Vec<Seen>,
        /// Plies where the feeding rule narrowed the choice (engine side).
        fed: usize,
    }

    impl playout::Observer for Log {
        fn ply(&mut self, game: &Game, ply: Ply) {
            let pos = game.position();
            let r = game.variant();
            if pos.legal_sowings(r) != pos.sowable(r, pos.to_move()) {
                self.fed += 1;
            }
            let Ply::Sow(p) = ply else {
                panic!("Kpé has only sowings, got {ply:?}")
            };
            self.current.push(p);
        }
        fn end(&mut self, game: &Game, outcome: &Outcome) {
            self.games.push(Seen {
                plies: std::mem::take(&mut self.current),
                end: game.position().to_state(game.rules()),
                reason: outcome.reason,
                totals: outcome.totals,
            });
        }
    }

    impl Observer for Log {
        fn ply(&mut self, pit: Pit) {
            self.current.push(pit);
        }
        fn end(&mut self, game: &Kpe) {
            self.games.push(Seen {
                plies: std::mem::take(&mut self.current),
                end: game.state(),
                reason: game.end().expect("the game is over"),
                totals: game.totals(),
            });
        }
    }

    #[test]
    fn baseline_plays_the_engines_games() {
        let kpe = rules::bundled("kpe").unwrap();
        assert!(is_kpe(&kpe));
        let variant = Arc::new(Variant::new(kpe));
        let mut reasons = std::collections::BTreeMap::new();
        let mut fed = 0;
        for seed in [0, 1, 2, 7, 42, 0x5eed, u64::MAX] {
            let (mut a, mut b) = (Log::default(), Log::default());
            let sa = ayla::search::playout::random_playouts_observed(
                &variant,
                &mut Rng::new(seed),
                20_000,
                &mut a,
            );
            let sb = random_playouts_observed(&mut Rng::new(seed), 20_000, &mut b);
            assert_eq!(sa, sb, "seed {seed}: different totals");
            assert_eq!(a.games.len(), b.games.len());
            fed += a.fed;
            for (i, (x, y)) in a.games.iter().zip(&b.games).enumerate() {
                assert_eq!(x, y, "seed {seed}, game {i}");
                *reasons.entry(x.reason.code()).or_insert(0) += 1;
            }
        }
        // The feeding rule and both ways a Kpé game ends were exercised.
        assert!(fed > 0);
        assert!(reasons.contains_key("no-sowing"), "{reasons:?}");
        assert!(reasons.contains_key("repetition"), "{reasons:?}");
    }

    #[test]
    fn only_kpes_rules_are_kpe() {
        let kpe = rules::bundled("kpe").unwrap();
        let gore = rules::bundled("gore").unwrap();
        assert!(!is_kpe(&gore));
        // Same rules under another name: still Kpé.
        let text = rules::BUNDLED.iter().find(|b| b.0 == "kpe").unwrap().2;
        let renamed = text.replace("id = \"kpe\"", "id = \"kpe-copy\"");
        assert!(is_kpe(&rules::parse("copy.toml", &renamed).unwrap()));
        // One rule changed under Kpé's name: not Kpé.
        let changed = text.replace("counts = [2, 4]", "counts = [2, 3]");
        let changed = rules::parse("kpe.toml", &changed).unwrap();
        assert_eq!(changed.provenance().id, kpe.provenance().id);
        assert!(!is_kpe(&changed));
    }
}
