//! Plies, what they did, and why one may be refused.

use crate::board::{Geometry, Label, Pit, PitSet, Side};
use crate::rules::{Direction, PitDirection, Rules};
use crate::words::count;

/// One ply: everything a player can do on their turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Ply {
    /// Sow from this pit, in the direction the rules fix for it.
    Sow(Pit),
    /// Sow from this pit in this direction, where the mover chooses it
    /// (`sowing.direction = "chosen"`).
    SowToward(Pit, Direction),
    /// Pass (only when the rules force it).
    Pass,
    /// Offer these pits to the opponent.
    Offer(PitSet),
    /// Accept the pending offer.
    Accept,
    /// Decline the pending offer.
    Decline,
}

impl Ply {
    /// The pit a sowing empties; `None` for any other ply.
    #[inline]
    #[must_use]
    pub fn origin(self) -> Option<Pit> {
        match self {
            Ply::Sow(p) | Ply::SowToward(p, _) => Some(p),
            _ => None,
        }
    }

    /// The ply in record notation (`c`, `pass`, `offer(c,d)`, `accept`, `decline`).
    ///
    /// # Panics
    /// If it names a pit `board` has not got.
    #[must_use]
    pub fn notation(self, board: &Geometry) -> String {
        match self {
            Ply::Sow(p) => board.label(p).to_string(),
            Ply::SowToward(p, d) => format!("{}{}", board.label(p), direction_mark(d)),
            Ply::Pass => "pass".into(),
            Ply::Offer(s) => format!("offer({})", board.labels(s)),
            Ply::Accept => "accept".into(),
            Ply::Decline => "decline".into(),
        }
    }
}

/// What a sowing did, for display. Carries no heap data. Builders start
/// from [`SowEffect::new`] and set only what their sowing does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SowEffect {
    /// The pit emptied.
    pub origin: Pit,
    /// Seeds sown.
    pub seeds: u16,
    /// The pit that received the last seed (the last pit before the
    /// store when `in_store`); after relay laps, the last lap's.
    pub landing: Pit,
    /// The last seed fell in the mover's store.
    pub in_store: bool,
    /// The mover plays again.
    pub extra_turn: bool,
    /// Relay laps after the first (pits lifted and sown on).
    pub relays: u16,
    /// Pits captured (empty if none).
    pub captured: PitSet,
    /// The pits where laps ended in a column capture (`[column_capture]`):
    /// where a relay captured, which the last seed's pit does not tell.
    pub capture_ends: PitSet,
    /// Seeds captured in all at the end of the sowing (by the mover).
    pub seeds_captured: u16,
    /// Pits emptied by sowing captures on the way (`[sowing_capture]`).
    pub sowing_pits: PitSet,
    /// Seeds taken by sowing captures, South's then North's.
    pub sowing_taken: [u16; 2],
    /// Whether this sowing completed the mover's opening lock.
    pub released_lock: bool,
    /// Houses this sowing made (`[houses]`).
    pub houses_made: PitSet,
    /// Seeds that fell into houses during the sowing, by the house
    /// owner: South's houses, North's.
    pub house_seeds: [u16; 2],
    /// The side whose inner row this sowing emptied, stopping it there (a
    /// lift empties the mover's, a capture the opponent's:
    /// `end.inner_row_empty = "loses-at-once"`); the seeds then in hand
    /// went to the other side's captured total.
    pub stopped: Option<Side>,
}

impl SowEffect {
    /// `seeds` sown from `origin`, the last into `landing`, and nothing
    /// else: no store, extra turn, relay, capture, lock or house.
    #[must_use]
    pub const fn new(origin: Pit, seeds: u16, landing: Pit) -> SowEffect {
        SowEffect {
            origin,
            seeds,
            landing,
            in_store: false,
            extra_turn: false,
            relays: 0,
            captured: PitSet::EMPTY,
            capture_ends: PitSet::EMPTY,
            seeds_captured: 0,
            sowing_pits: PitSet::EMPTY,
            sowing_taken: [0; 2],
            released_lock: false,
            houses_made: PitSet::EMPTY,
            house_seeds: [0; 2],
            stopped: None,
        }
    }
}

/// What a ply did, for display (`replay`, `play`). Carries no heap data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Effect {
    /// A sowing.
    Sow(SowEffect),
    /// A pass.
    Pass,
    /// An offer of these pits.
    Offer(PitSet),
    /// The pending offer was accepted: these pits changed hands and `paid` seeds were paid in all.
    Accept {
        /// Pits received.
        pits: PitSet,
        /// Seeds paid from the acceptor's captures into the pits.
        paid: u16,
    },
    /// The pending offer was declined.
    Decline(PitSet),
}

impl Effect {
    /// One line saying what `side`'s ply did, as `play` and `replay` print it.
    /// A sowing from a pit whose direction is chosen is read as
    /// counter-clockwise: [`Effect::describe_ply`] knows the ply.
    #[must_use]
    pub fn describe(&self, rules: &Rules, side: Side) -> String {
        self.describe_toward(rules, side, None)
    }

    /// [`Effect::describe`], for the ply that had this effect: its
    /// direction, where the mover chose it, is said too.
    #[must_use]
    pub fn describe_ply(&self, rules: &Rules, side: Side, ply: Ply) -> String {
        match ply {
            Ply::SowToward(_, d) => self.describe_toward(rules, side, Some(d)),
            _ => self.describe_toward(rules, side, None),
        }
    }

    fn describe_toward(&self, rules: &Rules, side: Side, chosen: Option<Direction>) -> String {
        let e = self;
        match *e {
            Effect::Sow(SowEffect {
                origin,
                seeds,
                landing,
                in_store,
                extra_turn,
                relays,
                captured,
                capture_ends,
                seeds_captured,
                sowing_pits,
                sowing_taken,
                released_lock,
                houses_made,
                house_seeds,
                stopped,
            }) => {
                let last = if in_store {
                    format!("{side}'s store")
                } else {
                    rules.label(landing).to_string()
                };
                let dir = chosen.unwrap_or_else(|| fixed_direction(rules, origin));
                // Lifting the origin emptied the mover's inner row: no seed
                // fell (`end.inner_row_empty = "loses-at-once"`).
                if stopped == Some(side) && relays == 0 {
                    return format!(
                        "{side} lifts {} from {}{}, which leaves {side}'s inner row empty: the sowing stops before a seed falls, and they go to {}",
                        count(seeds, "seed", "seeds"),
                        rules.label(origin),
                        chosen.map_or(String::new(), |d| format!(" to sow {}", direction_word(d))),
                        side.opponent()
                    );
                }
                let mut s = format!("{side} sows {seeds} from {}", rules.label(origin));
                if let Some(d) = chosen {
                    s.push(' ');
                    s.push_str(direction_word(d));
                }
                if relays > 0 {
                    s.push_str(&format!(
                        " and relays {relays} time{}",
                        if relays == 1 { "" } else { "s" }
                    ));
                }
                if !sowing_pits.is_empty() {
                    let takes: Vec<String> = Side::BOTH
                        .iter()
                        .filter(|s| sowing_taken[s.index()] > 0)
                        .map(|s| format!("{s} {}", sowing_taken[s.index()]))
                        .collect();
                    s.push_str(&format!(
                        "; as the seeds fell, pit{} {} reached a capturing count and {} taken ({})",
                        if sowing_pits.len() == 1 { "" } else { "s" },
                        rules.labels(sowing_pits),
                        if sowing_pits.len() == 1 {
                            "was"
                        } else {
                            "were"
                        },
                        takes.join(", ")
                    ));
                }
                s.push_str(&format!(", the last seed falling in {last}"));
                if house_seeds != [0, 0] {
                    let fell: Vec<String> = Side::BOTH
                        .iter()
                        .filter(|o| house_seeds[o.index()] > 0)
                        .map(|o| {
                            format!(
                                "{} into {o}'s house{}",
                                count(house_seeds[o.index()], "seed", "seeds"),
                                if many_houses(rules) { "s" } else { "" }
                            )
                        })
                        .collect();
                    s.push_str(&format!(
                        "; {} fell (each to the house's owner)",
                        fell.join(" and ")
                    ));
                }
                if extra_turn {
                    s.push_str(&format!("; {side} plays again"));
                }
                if released_lock {
                    s.push_str("; this completes the opening lock");
                }
                if !houses_made.is_empty() {
                    s.push_str(&format!(
                        "; pit {} becomes {side}'s house",
                        rules.labels(houses_made)
                    ));
                    if captured == houses_made {
                        s.push_str(&format!(
                            " and {side} takes its {}",
                            count(seeds_captured, "seed", "seeds")
                        ));
                    }
                }
                // Beyond captures are told apart where the rules make no
                // other capture at the end of a sowing.
                let beyond = if rules.beyond_capture.is_some()
                    && rules.capture.is_none()
                    && rules.opposite_capture.is_none()
                {
                    captured.minus(houses_made)
                } else {
                    PitSet::EMPTY
                };
                if !beyond.is_empty() {
                    let before = |p: Pit| -> Pit {
                        let (i, k) = (p.index(), rules.pits());
                        Pit(match dir {
                            Direction::Clockwise => (i + 1) % k,
                            _ => (i + k - 1) % k,
                        } as u8)
                    };
                    let takes: Vec<String> = beyond
                        .iter()
                        .map(|b| {
                            format!(
                                "takes {}, beyond the empty pit {}",
                                rules.label(b),
                                rules.label(before(b))
                            )
                        })
                        .collect();
                    s.push_str(&format!(
                        "; {} ({})",
                        takes.join("; "),
                        count(seeds_captured, "seed", "seeds")
                    ));
                } else if !captured.is_empty() && captured != houses_made {
                    s.push_str(&format!(
                        "; captures {} ({seeds_captured} seed{})",
                        rules.labels(captured),
                        if seeds_captured == 1 { "" } else { "s" }
                    ));
                    // After relays, the last seed's pit is not where the
                    // capture was made: name the laps' ends.
                    let at_landing = capture_ends.len() == 1 && capture_ends.contains(landing);
                    if relays > 0 && !capture_ends.is_empty() && !at_landing {
                        s.push_str(&format!(
                            " from {} ending in {}",
                            if capture_ends.len() == 1 {
                                "the lap"
                            } else {
                                "the laps"
                            },
                            rules.labels(capture_ends)
                        ));
                    }
                    // Re-sown seeds stay on the board, and the relay count
                    // above counts their laps.
                    if rules
                        .column_capture
                        .is_some_and(|c| matches!(c.then, crate::rules::ColumnThen::Resown(_)))
                    {
                        s.push_str(" and sows them on");
                    }
                }
                if let Some(emptied) = stopped {
                    s.push_str(&format!(
                        "; {}, {emptied}'s inner row is empty, so the sowing stops there and the seeds in hand go to {}",
                        if emptied == side {
                            "lifting that pit"
                        } else {
                            "after the capture"
                        },
                        emptied.opponent()
                    ));
                }
                s
            }
            Effect::Pass => format!("{side} has nothing to sow and passes"),
            Effect::Offer(p) => format!(
                "{side} offers pit{} {} to {}",
                if p.len() == 1 { "" } else { "s" },
                rules.labels(p),
                side.opponent()
            ),
            Effect::Accept { pits, paid } => format!(
                "{side} accepts: pit{} {} become{} {side}'s, and {side} pays {} into {}",
                if pits.len() == 1 { "" } else { "s" },
                rules.labels(pits),
                if pits.len() == 1 { "s" } else { "" },
                count(paid, "captured seed", "captured seeds"),
                if pits.len() == 1 { "it" } else { "them" }
            ),
            Effect::Decline(p) => format!("{side} declines the offer of {}", rules.labels(p)),
        }
    }
}

/// Why a ply is illegal, in the words of the rule that forbids it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Illegal {
    /// The game has ended.
    #[error("the game is over ({0}); no ply may follow")]
    GameOver(String),
    /// An offer is pending and must be answered first.
    #[error("{offerer} has offered {pits}; {side} must answer with `accept` or `decline`")]
    MustAnswer {
        /// Side to act.
        side: Side,
        /// Who offered.
        offerer: Side,
        /// The offered pits, in words (`pit d`, `pits c,d`).
        pits: String,
    },
    /// `accept` or `decline` without a pending offer.
    #[error("there is no offer for {side} to answer")]
    NoOffer {
        /// Side to act.
        side: Side,
    },
    /// A pit index past the board's last pit (only a program can name
    /// one: records name pits by label).
    #[error("the board has no pit {index}: its pits are numbered from 0 in label order")]
    NoSuchPit {
        /// The index named.
        index: usize,
    },
    /// Sowing from an empty pit.
    #[error("pit {pit} is empty; a sowing takes the seeds of a non-empty pit")]
    EmptyPit {
        /// The pit's label.
        pit: Label,
    },
    /// Sowing from a pit the player may not sow from.
    #[error("{side} may not sow from pit {pit}: {why}")]
    NotYours {
        /// Side to act.
        side: Side,
        /// The pit's label.
        pit: Label,
        /// e.g. "it is controlled by North", "it is not in South's row".
        why: String,
    },
    /// The feeding rule forbids this sowing.
    #[error(
        "{opponent}'s pits are all empty, so {side} must feed them; sowing from {pit} does not reach them, sowing from {feeders} does"
    )]
    MustFeed {
        /// Side to act.
        side: Side,
        /// Their opponent.
        opponent: Side,
        /// The refused sowing, as written (`c`, `c<`).
        pit: String,
        /// Sowings that feed, e.g. "c" or "b or c>".
        feeders: String,
    },
    /// The feeding rule (`must-leave-opponent-seeds`) forbids this sowing.
    #[error(
        "{opponent}'s pits are all empty, so {side} must leave them a seed; after sowing from {pit} they would still be empty, after sowing from {feeders} they would not"
    )]
    MustLeaveSeeds {
        /// Side to act.
        side: Side,
        /// Their opponent.
        opponent: Side,
        /// The refused sowing, as written (`c`, `c<`).
        pit: String,
        /// Sowings that leave the opponent a seed, e.g. "c" or "b or c>".
        feeders: String,
    },
    /// A bare label for a pit whose direction the mover chooses.
    #[error(
        "the direction of a sowing from pit {pit} is chosen by the player: write `{pit}>` (counter-clockwise) or `{pit}<` (clockwise)"
    )]
    DirectionNeeded {
        /// The pit's label.
        pit: Label,
    },
    /// A direction for a pit whose direction the rules fix.
    #[error(
        "pit {pit} always sows {}, so `{pit}{}` ({}) cannot be played; write `{pit}`",
        direction_word(*fixed), direction_mark(*given), direction_word(*given)
    )]
    DirectionFixed {
        /// The pit's label.
        pit: Label,
        /// The direction the rules fix for it.
        fixed: Direction,
        /// The direction the ply named.
        given: Direction,
    },
    /// Sowing from a house.
    #[error("pit {pit} is {owner}'s house; a house is never sown from")]
    House {
        /// The pit's label.
        pit: Label,
        /// Whose house it is.
        owner: Side,
    },
    /// Sowing from a pit holding fewer than `moves.min_seeds`.
    #[error(
        "pit {pit} holds {}; a pit is sown only with at least {min}{}",
        count(*seeds, "seed", "seeds"),
        if others.is_empty() { String::new() } else { format!(", as {others} does") }
    )]
    BelowMinimum {
        /// The pit's label.
        pit: Label,
        /// Seeds it holds.
        seeds: u16,
        /// `moves.min_seeds`.
        min: u16,
        /// Pits that could be sown instead, e.g. "b or c" (empty if none).
        others: String,
    },
    /// The opening rule (`moves.opening = "each-home-pit-once"`).
    #[error(
        "{side} has not yet sown from every pit of their home row, so sows from one not sown yet: {pits}, not {pit}"
    )]
    Opening {
        /// Side to act.
        side: Side,
        /// The refused pit's label.
        pit: Label,
        /// The pits that may be sown, e.g. "b or c".
        pits: String,
    },
    /// A grand slam while another sowing exists (`capture.grand_slam = "forbidden"`).
    #[error(
        "sowing {ply} would capture every seed of {}'s row, which is forbidden while another sowing does not: {others}",
        side.opponent()
    )]
    GrandSlam {
        /// Side to act.
        side: Side,
        /// The refused sowing, as written.
        ply: String,
        /// Sowings that are no grand slam, e.g. "b or c".
        others: String,
    },
    /// A sowing that captures nothing where another captures
    /// (`moves.must_capture`).
    #[error(
        "{side} has a sowing that captures, so must make one (`moves.must_capture`): {ply} captures nothing, where {others} would"
    )]
    MustCapture {
        /// Side to act.
        side: Side,
        /// The refused sowing, as written.
        ply: String,
        /// The sowings that capture, e.g. "b or c".
        others: String,
    },
    /// A sowing from the outer row that captures nothing, while the mover
    /// can sow from the inner row (`moves.inner_row_first`).
    #[error(
        "{side} can sow from the inner row, so a sowing from the outer row must capture (`moves.inner_row_first`): {ply} captures nothing, and {others} may be made"
    )]
    InnerRowFirst {
        /// Side to act.
        side: Side,
        /// The refused sowing, as written.
        ply: String,
        /// The sowings left, e.g. "b2> or c2<".
        others: String,
    },
    /// A clockwise sowing from a pit of chosen direction that does not
    /// capture as `moves.clockwise` asks.
    #[error(
        "a clockwise sowing must capture{} (`moves.clockwise = \"{}\"`): {ply} {}",
        if *first_lap { " with its first lap" } else { "" },
        if *first_lap { "if-first-lap-captures" } else { "if-capturing" },
        if *first_lap { "ends its first lap in no column capture" } else { "captures nothing" }
    )]
    Clockwise {
        /// The refused sowing, as written.
        ply: String,
        /// Whether the rule asks it of the first lap.
        first_lap: bool,
    },
    /// A pass in a variant where a player with nothing to sow ends the game.
    #[error(
        "this variant has no passing: when the player to act has nothing to sow, the game ends"
    )]
    NoPassing,
    /// A pass while a sowing exists.
    #[error(
        "{side} may pass only when every pit they may sow from is empty; {side} can sow from {pits}"
    )]
    PassNotForced {
        /// Side to act.
        side: Side,
        /// Pits that can be sown.
        pits: String,
    },
    /// An offer in a variant without trading.
    #[error("this variant has no trading, so there are no offers")]
    NoTrading,
    /// An offer by a player with nothing to sow.
    #[error("only a player who has seeds to sow may offer; every pit {side} controls is empty")]
    OfferWithoutSeeds {
        /// Side to act.
        side: Side,
    },
    /// An offer of no pits or too many.
    #[error("an offer names 1 to {}; this one names {given}", count(*max, "pit", "pits"))]
    OfferSize {
        /// Pits named.
        given: usize,
        /// Most allowed.
        max: u8,
    },
    /// A pit named twice in an offer.
    #[error("pit {pit} is named twice in the offer")]
    OfferRepeats {
        /// The pit's label.
        pit: Label,
    },
    /// Offering a pit one does not control.
    #[error("{side} may offer only pits they control; pit {pit} is controlled by {controller}")]
    OfferNotControlled {
        /// Side to act.
        side: Side,
        /// The pit's label.
        pit: Label,
        /// Who controls it.
        controller: Side,
    },
    /// The offerer would keep too few pits.
    #[error(
        "the offerer must keep at least {}; {side} controls {controls} and offers {given}", pits(*keep)
    )]
    OfferKeepsTooFew {
        /// Side to act.
        side: Side,
        /// Pits they must keep.
        keep: u8,
        /// Pits they control.
        controls: usize,
        /// Pits offered.
        given: usize,
    },
    /// The recipient could not pay for the offer.
    #[error(
        "an offer is legal only if the opponent can pay {} per pit; {opponent} would owe {needed} and has captured {has}",
        count(*price, "captured seed", "captured seeds")
    )]
    OfferUnaffordable {
        /// The recipient.
        opponent: Side,
        /// Price per pit.
        price: u16,
        /// Seeds owed.
        needed: u32,
        /// Seeds they have captured.
        has: u16,
    },
    /// The acceptor cannot pay.
    #[error(
        "{side} cannot accept: the offer costs {} and {side} has {has}",
        count(*needed, "captured seed", "captured seeds")
    )]
    AcceptUnaffordable {
        /// Side to act.
        side: Side,
        /// Seeds owed.
        needed: u32,
        /// Seeds captured.
        has: u16,
    },
}

/// How the rules direct sowings from pit `p`: the entry of
/// `pit_directions` for its pit number, or the board's `direction`.
#[must_use]
pub fn pit_direction(rules: &Rules, p: Pit) -> PitDirection {
    match rules.pit_directions.get(rules.board.number(p) - 1) {
        Some(&d) => d,
        None => PitDirection::Fixed(rules.direction),
    }
}

/// The fixed direction of sowings from `p` (counter-clockwise for a pit
/// whose direction is chosen).
fn fixed_direction(rules: &Rules, p: Pit) -> Direction {
    match pit_direction(rules, p) {
        PitDirection::Fixed(d) => d,
        _ => Direction::CounterClockwise,
    }
}

/// Whether a player may hold more than one house (so "houses" reads right).
fn many_houses(rules: &Rules) -> bool {
    rules.houses.is_some_and(|h| h.max_per_player > 1)
}

/// `counter-clockwise`, `clockwise`.
pub(crate) fn direction_word(d: Direction) -> &'static str {
    match d {
        Direction::Clockwise => "clockwise",
        _ => "counter-clockwise",
    }
}

/// The ply suffix of a direction: `>` counter-clockwise, `<` clockwise.
pub(crate) fn direction_mark(d: Direction) -> char {
    match d {
        Direction::Clockwise => '<',
        _ => '>',
    }
}

/// `1 pit`, `2 pits`.
fn pits(n: u8) -> String {
    if n == 1 {
        "1 pit".into()
    } else {
        format!("{n} pits")
    }
}
