//! The checks across tables: keys of one table that need a key of another
//! to be otherwise. Each error goes to the key that needs the other,
//! unless a more derived file of an `extends` chain wrote the other key
//! (then that change broke the rules: see [`Checker::conflict`]).

use super::{Checker, value, written};
use crate::rules::error::Span;
use crate::rules::keys::word_of;
use crate::rules::model::{Chain, GrandSlam, Laps, Leftovers, Lock, PitDirection, Rules, Zone};
use crate::rules::schema::{
    TomlClockwise, TomlExtraTurn, TomlFeeding, TomlLaterRounds, TomlRules, TomlSowFrom, TomlStores,
    TomlThen,
};

/// Every check across tables, on the model the tables gave (`rules`) and
/// the places the raw file (`raw`) writes its keys.
pub(super) fn cross(
    c: &mut Checker,
    raw: &TomlRules,
    rules: &Rules,
    file_of: &dyn Fn(Span) -> usize,
) {
    lock_and_sow_from(c, raw, rules, file_of);
    extra_turn_and_stores(c, raw, rules, file_of);
    directions_and_stores(c, raw, rules, file_of);
    let laps_name = word_of(rules.laps);
    sow_on_and_laps(c, raw, rules, laps_name, file_of);
    houses_and_the_rest(c, raw, rules, file_of);
    four_rows(c, raw, rules, file_of);
    inner_rows(c, raw, rules, file_of);
    clockwise(c, raw, rules, file_of);
    match_and_leftovers(c, raw, rules);
}

/// `moves.clockwise` limits the clockwise sowings of pits whose direction
/// is chosen, so it needs such a pit; its first-lap reading looks for a
/// column capture, so it needs [column_capture]. Each error is at
/// `moves.clockwise`, or at the other key when a more derived file wrote
/// it after.
fn clockwise(c: &mut Checker, raw: &TomlRules, rules: &Rules, file_of: &dyn Fn(Span) -> usize) {
    let Some(cw) = &raw.moves.clockwise else {
        return;
    };
    let at = Span::from(cw.span());
    let value = *cw.get_ref();
    if value == TomlClockwise::Free {
        return;
    }
    let name = word_of(value);
    if !rules.pit_directions.contains(&PitDirection::Chosen) {
        c.conflict(
            file_of,
            (
                "moves.clockwise",
                at,
                format!("\"{name}\" limits the clockwise sowings of pits whose direction the mover chooses, and no pit's is: set `sowing.direction = \"chosen\"` (or \"chosen\" for some pit numbers), or leave out `clockwise`"),
            ),
            written(&raw.sowing.direction).map(|d| {
                (
                    "sowing.direction",
                    d,
                    format!("chosen for no pit, but the inherited `moves.clockwise = \"{name}\"` limits the clockwise sowings of pits whose direction is chosen: make it \"chosen\" for some pits, or set `clockwise = \"free\"` here"),
                )
            }),
        );
    }
    if value == TomlClockwise::IfFirstLapCaptures && rules.column_capture.is_none() {
        c.err(
            at,
            "moves.clockwise",
            format!(
                "\"{name}\" asks whether a sowing's first lap ends in a column capture, and the rules have no [column_capture]: add one, or use \"{}\"",
                word_of(TomlClockwise::IfCapturing)
            ),
        );
    }
}

/// A match sets up each game from the seeds the players hold after the
/// last, so no seed may leave it: `end.leftovers = "nobody"` would take
/// the seeds left on the board out of the match. Nor is it defined with
/// trading yet. At `[match]`.
fn match_and_leftovers(c: &mut Checker, raw: &TomlRules, rules: &Rules) {
    let Some(at) = written(&raw.match_play) else {
        return;
    };
    if rules.end.leftovers == Leftovers::Nobody {
        c.err(
            at,
            "match",
            "sets up each game from all the seeds the players hold, and `end.leftovers = \"nobody\"` takes the seeds left on the board out of the game: leave out one of the two",
        );
    }
    if rules.trading.is_some() {
        c.err(
            at,
            "match",
            "is not defined with [trading] yet: no rule says whether a pit out of play may be offered, nor who controls a traded pit in the next game",
        );
    }
}

/// The keys about a player's inner row need one: a board of four rows.
/// Each error is at the key, or at `board.rows` when a more derived file
/// set the rows after the key was written.
fn inner_rows(c: &mut Checker, raw: &TomlRules, rules: &Rules, file_of: &dyn Fn(Span) -> usize) {
    if rules.board.rows() == 4 {
        return;
    }
    let mut keys: Vec<(&str, Span)> = Vec::new();
    if let Some(f) = &raw.moves.inner_row_first
        && *f.get_ref()
    {
        keys.push(("moves.inner_row_first", Span::from(f.span())));
    }
    if let Some(e) = &raw.end.inner_row_empty {
        keys.push(("end.inner_row_empty", Span::from(e.span())));
    }
    let rows_at = raw
        .board
        .get_ref()
        .rows
        .as_ref()
        .map(|r| Span::from(r.span()));
    for (key, at) in keys {
        c.conflict(
            file_of,
            (
                key,
                at,
                format!(
                    "speaks of a player's inner row, which only a board of four rows has (this one has {}): set `board.rows = 4`, or leave out `{}`",
                    rules.board.rows(),
                    key.rsplit('.').next().unwrap_or(key)
                ),
            ),
            rows_at.map(|at| {
                (
                    "board.rows",
                    at,
                    format!("{}, but the inherited `{key}` speaks of a player's inner row, which only a board of four rows has", rules.board.rows()),
                )
            }),
        );
    }
}

/// What a board of four rows does not take: each player sows round their
/// own two rows, so stores, feeding and later rounds in the opponent's row
/// have nothing to mean; and the captures at the end of a sowing, houses
/// and trading are defined on two rows only, captures on four rows being
/// made by column ([column_capture]). Sowing captures, the opening rule
/// and `either_row_empty` read a player's two rows as their home row.
/// Each error is at the key that does not fit, or at `board.rows` when a
/// more derived file set it.
fn four_rows(c: &mut Checker, raw: &TomlRules, rules: &Rules, file_of: &dyn Fn(Span) -> usize) {
    let Some(rows) = raw.board.get_ref().rows.as_ref() else {
        return;
    };
    if rules.board.rows() != 4 {
        return;
    }
    let rows_at = Span::from(rows.span());
    let two_rows_only = "is defined on boards of two rows only";
    let by_column =
        "on four rows captures are made across the board by column: use [column_capture]";
    let mut misfits: Vec<(&str, Option<Span>, String)> = Vec::new();
    let board = raw.board.get_ref();
    if value(&board.stores) != TomlStores::None {
        misfits.push((
            "board.stores",
            written(&board.stores),
            "has no place on four rows: each player sows round their own two rows, and a store sits where a circuit leaves a player's pits".into(),
        ));
    }
    let table = |name: &'static str, at: Option<Span>, why: &str| (name, at, why.to_owned());
    own_rows_only(raw, rules, &mut misfits);
    if raw.opposite_capture.is_some() {
        misfits.push(table(
            "opposite_capture",
            written(&raw.opposite_capture),
            by_column,
        ));
    }
    if rules.trading.is_some() {
        misfits.push(table(
            "trading",
            written(&raw.trading),
            &format!("{two_rows_only}: on four rows a pit handed over would lie on the other player's circuit, and no rule says which circuit its sowing goes round"),
        ));
    }
    if rules.match_play.is_some() {
        misfits.push(table(
            "match",
            written(&raw.match_play),
            "is defined on boards of two rows only: on four rows a player's pits form a circle of two rows, which has no first pit to refill from, and no source plays such a game as a match",
        ));
    }
    if value(&raw.sowing.later_rounds) != TomlLaterRounds::WholeCircuit {
        misfits.push((
            "sowing.later_rounds",
            written(&raw.sowing.later_rounds),
            "\"opponent-row\" has nothing to mean on four rows: each player sows round their own two rows and never reaches the opponent's".into(),
        ));
    }
    if value(&raw.moves.sow_from) != TomlSowFrom::Controlled {
        misfits.push((
            "moves.sow_from",
            written(&raw.moves.sow_from),
            "on four rows a player sows from their own two rows: leave out `sow_from`".into(),
        ));
    }
    if value(&raw.moves.feeding) != TomlFeeding::None {
        misfits.push((
            "moves.feeding",
            written(&raw.moves.feeding),
            "has nothing to mean on four rows: each player sows round their own two rows, so no sowing feeds the opponent".into(),
        ));
    }
    for (key, at, why) in misfits {
        let at = at.unwrap_or(rows_at);
        c.conflict(
            file_of,
            (
                key,
                at,
                format!("{why} (the board has four rows: `board.rows = 4`)"),
            ),
            Some((
                "board.rows",
                rows_at,
                format!("4, but the inherited `{key}` {why}"),
            )),
        );
    }
}

/// On four rows a sowing ends in the mover's own two rows, so a count
/// capture, a beyond capture and a house can only be there: each zone that
/// names the opponent's pits is refused, since it would never take, as is
/// a grand-slam rule (no capture takes the opponent's row).
fn own_rows_only(raw: &TomlRules, rules: &Rules, misfits: &mut Vec<(&str, Option<Span>, String)>) {
    let own = "on four rows a sowing ends in the mover's own two rows, so this looks only there: use \"anywhere\" (one's own pits), or [column_capture] to take across the board";
    if let Some(cap) = &rules.capture {
        let table = written(&raw.capture);
        let raw_cap = raw.capture.as_ref().map(|t| t.get_ref());
        if cap.landing != Zone::Anywhere {
            let at = raw_cap.map(|c| Span::from(c.landing.span()));
            misfits.push(("capture.landing", at.or(table), own.into()));
        }
        if cap.chain != Chain::None && cap.chain_zone != Zone::Anywhere {
            let at = raw
                .capture
                .as_ref()
                .and_then(|t| t.get_ref().chain_zone.as_ref())
                .map(|z| Span::from(z.span()));
            misfits.push(("capture.chain_zone", at.or(table), own.into()));
        }
        if cap.grand_slam != GrandSlam::Captures {
            let at = raw_cap
                .and_then(|c| c.grand_slam.as_ref())
                .map(|g| Span::from(g.span()));
            misfits.push((
                "capture.grand_slam",
                at.or(table),
                "has nothing to mean on four rows: a capture there takes the mover's own pits, never the opponent's row".into(),
            ));
        }
    }
    if let Some(bc) = &rules.beyond_capture
        && bc.zone != Zone::Anywhere
    {
        let at = raw
            .beyond_capture
            .as_ref()
            .and_then(|t| t.get_ref().zone.as_ref())
            .map(|z| Span::from(z.span()));
        misfits.push((
            "beyond_capture.zone",
            at.or(written(&raw.beyond_capture)),
            own.into(),
        ));
    }
    if let Some(h) = &rules.houses
        && !h.opponent_row.is_empty()
    {
        let at = raw
            .houses
            .as_ref()
            .and_then(|t| t.get_ref().opponent_row.as_ref())
            .map(|o| Span::from(o.span()));
        misfits.push((
            "houses.opponent_row",
            at.or(written(&raw.houses)),
            "names pits of the opponent's rows, where no sowing of the mover ends on four rows: leave it out, and list the house sites in `own_row`".into(),
        ));
    }
}

/// Reading: only the first-sowing lock is checked against `sow_from =
/// "opponent-row"`, as two-row-design.md says; "all-home-pits-sown" there is
/// legal, if it never lifts.
fn lock_and_sow_from(
    c: &mut Checker,
    raw: &TomlRules,
    rules: &Rules,
    file_of: &dyn Fn(Span) -> usize,
) {
    let lock_at = raw
        .capture
        .as_ref()
        .and_then(|cap| cap.get_ref().lock.as_ref())
        .map(|l| Span::from(l.span()));
    if let Some(at) = lock_at
        && rules
            .capture
            .is_some_and(|cap| cap.lock == Lock::FirstSowing)
        && value(&raw.moves.sow_from) == TomlSowFrom::OpponentRow
    {
        c.conflict(
            file_of,
            (
                "capture.lock",
                at,
                "\"first-sowing\" follows the pits sown from in each player's own row, and with `moves.sow_from = \"opponent-row\"` nobody sows from their own: set `sow_from` to \"controlled\" or \"home-row\", or choose another lock".into(),
            ),
            written(&raw.moves.sow_from).map(|at| {
                (
                    "moves.sow_from",
                    at,
                    "\"opponent-row\", but the inherited `capture.lock = \"first-sowing\"` follows the pits sown from in each player's own row: keep `sow_from` \"controlled\" or \"home-row\", or set `capture.lock` here too".into(),
                )
            }),
        );
    }
}

/// An extra turn for a last seed in one's own store needs stores.
fn extra_turn_and_stores(
    c: &mut Checker,
    raw: &TomlRules,
    rules: &Rules,
    file_of: &dyn Fn(Span) -> usize,
) {
    let board = raw.board.get_ref();
    if let Some(turn) = &raw.sowing.extra_turn
        && *turn.get_ref() == TomlExtraTurn::LastInOwnStore
        && !rules.stores
    {
        c.conflict(
            file_of,
            (
                "sowing.extra_turn",
                turn.span().into(),
                "an extra turn for a last seed in one's own store needs stores: set `board.stores = \"after-last-house\"`, or `extra_turn = \"none\"`".into(),
            ),
            written(&board.stores).map(|at| {
                (
                    "board.stores",
                    at,
                    "\"none\", but `sowing.extra_turn = \"last-in-own-store\"` needs stores: keep `stores = \"after-last-house\"`, or set `sowing.extra_turn = \"none\"`".into(),
                )
            }),
        );
    }
}

/// A store's place on the circuit is fixed by the direction of the
/// sowings, so only one direction for the whole board can have stores.
fn directions_and_stores(
    c: &mut Checker,
    raw: &TomlRules,
    rules: &Rules,
    file_of: &dyn Fn(Span) -> usize,
) {
    let board = raw.board.get_ref();
    // `pit_directions` is only given when the directions differ or are
    // chosen, one for every pit of a row.
    if let Some(d) = &raw.sowing.direction
        && !rules.pit_directions.is_empty()
        && rules.stores
    {
        c.conflict(
            file_of,
            (
                "sowing.direction",
                d.span().into(),
                "a direction the mover chooses, or one that differs from pit to pit, needs a board without stores (a store's place depends on the direction): set `board.stores = \"none\"`, or give one direction for every pit".into(),
            ),
            written(&board.stores).map(|at| {
                (
                    "board.stores",
                    at,
                    "\"after-last-house\", but the inherited `sowing.direction` is chosen by the mover or differs from pit to pit, and a store's place depends on the direction: keep `stores = \"none\"`, or give `sowing.direction` here too".into(),
                )
            }),
        );
    }
}

/// A beyond capture that sows on goes on with the relay.
fn sow_on_and_laps(
    c: &mut Checker,
    raw: &TomlRules,
    rules: &Rules,
    laps_name: &str,
    file_of: &dyn Fn(Span) -> usize,
) {
    if let Some(b) = &raw.beyond_capture
        && let Some(then) = &b.get_ref().then
        && *then.get_ref() == TomlThen::SowOn
        && rules.laps != Laps::Relay
    {
        c.conflict(
            file_of,
            (
                "beyond_capture.then",
                then.span().into(),
                format!("\"sow-on\" goes on with the relay after a capture, and needs `sowing.laps = \"relay\"` (here \"{laps_name}\"): set `laps = \"relay\"`, or `then = \"end-sowing\"`"),
            ),
            raw.sowing.laps.as_ref().map(|l| {
                (
                    "sowing.laps",
                    Span::from(l.span()),
                    format!("\"{laps_name}\", but the inherited `beyond_capture.then = \"sow-on\"` goes on with the relay after a capture: keep `laps = \"relay\"`, or set `beyond_capture.then = \"end-sowing\"`"),
                )
            }),
        );
    }
}

/// Reading: [houses] is the key that needs the others, so its header
/// takes the error (as `extra_turn` does for stores), unless a more
/// derived file changed the other key. A store would sit beside a pit
/// that is no longer its owner's, and a trade would hand over a pit that
/// belongs to someone for good. (Relays go with houses: a house is looked
/// at before a lap relays, see docs/rule-language.md, `[houses]`.)
fn houses_and_the_rest(
    c: &mut Checker,
    raw: &TomlRules,
    rules: &Rules,
    file_of: &dyn Fn(Span) -> usize,
) {
    let Some(h) = &raw.houses else {
        return;
    };
    let h_span: Span = h.span().into();
    let board = raw.board.get_ref();
    if rules.stores {
        c.conflict(
            file_of,
            (
                "houses",
                h_span,
                "houses need a board without stores: set `board.stores = \"none\"`, or leave out [houses]".into(),
            ),
            written(&board.stores).map(|at| {
                (
                    "board.stores",
                    at,
                    "\"after-last-house\", but the inherited [houses] need a board without stores: keep `stores = \"none\"`".into(),
                )
            }),
        );
    }
    let trading_on: Option<Span> = raw
        .trading
        .as_ref()
        .map(|t| &t.get_ref().enabled)
        .filter(|e| *e.get_ref())
        .map(|e| e.span().into());
    if let Some(at) = trading_on {
        c.conflict(
            file_of,
            (
                "houses",
                h_span,
                "houses cannot go with trading (a house is its owner's for good): set `trading.enabled = false`, or leave out [houses]".into(),
            ),
            Some((
                "trading.enabled",
                at,
                "true, but the inherited [houses] cannot go with trading (a house is its owner's for good): keep `enabled = false`".into(),
            )),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{BASE, raw};
    use super::*;

    /// The keys of the errors the whole validation gives.
    fn keys(extra: &str) -> Vec<String> {
        let r = raw(&format!("{BASE}{extra}"));
        match Rules::from_toml(r, &|_| 0) {
            Ok(_) => Vec::new(),
            Err(diags) => diags.into_iter().map(|d| d.key).collect(),
        }
    }

    #[test]
    fn tables_that_fit_together_pass() {
        assert!(
            keys("[sowing]\nlaps = \"relay\"\n[beyond_capture]\nthen = \"sow-on\"\n").is_empty()
        );
    }

    #[test]
    fn houses_go_with_relays_and_still_refuse_trading() {
        let houses = "[houses]\nmade_at = 4\nown_row = [1]\n";
        for laps in ["relay", "relay-from-next"] {
            assert!(keys(&format!("[sowing]\nlaps = \"{laps}\"\n{houses}")).is_empty());
        }
        let r = raw(&format!(
            "{BASE}[sowing]\nlaps = \"relay\"\n[trading]\nenabled = true\nmax_pits = 1\nprice_per_pit = 1\nkeep_at_least = 1\nonly_if_affordable = true\n{houses}"
        ));
        let diags = Rules::from_toml(r, &|_| 0).unwrap_err();
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].key, "houses");
        assert!(diags[0].message.contains("trading"), "{}", diags[0].message);
    }

    #[test]
    fn a_first_sowing_lock_with_sowing_from_the_opponent_row_is_refused() {
        let k = keys(
            "[moves]\nsow_from = \"opponent-row\"\n[capture]\ncounts = [2]\nlanding = \"anywhere\"\nlock = \"first-sowing\"\n",
        );
        assert_eq!(k, ["capture.lock"]);
    }

    #[test]
    fn a_chosen_direction_with_stores_is_refused() {
        use super::super::tests::VARIANT;
        let r = raw(&format!(
            "{VARIANT}[board]\npits_per_row = 4\nseeds_per_pit = 4\nstores = \"after-last-house\"\n[sowing]\ndirection = \"chosen\"\n"
        ));
        let keys: Vec<String> = Rules::from_toml(r, &|_| 0)
            .unwrap_err()
            .into_iter()
            .map(|d| d.key)
            .collect();
        assert_eq!(keys, ["sowing.direction"]);
    }

    #[test]
    fn an_extra_turn_without_stores_is_refused() {
        assert_eq!(
            keys("[sowing]\nextra_turn = \"last-in-own-store\"\n"),
            ["sowing.extra_turn"]
        );
    }
}
