//! `[capture]`: captures by the count of a pit.

use super::{Board, Checker};
use crate::rules::error::Span;
use crate::rules::model::{Capture, Chain, CountSet, GrandSlam, Lock, RowPits, Zone};
use crate::rules::schema::{TomlCapture, TomlCounts, TomlLock, TomlParity};
use toml::Spanned;

/// The capture rule: counts, a chain with its zone, a lock with its
/// release, the most pits taken and the pits never taken. `sound` is the
/// board's total when the board is sound enough to check counts against.
pub(super) fn capture(
    c: &mut Checker,
    cap: &Spanned<TomlCapture>,
    board: &Board,
    sound: Option<u64>,
    file_of: &dyn Fn(Span) -> usize,
) -> Capture {
    // A key missing from a table is reported at the table's header,
    // which a merged table takes from the first file of the chain that
    // writes it; when the key that needs the missing one is written in
    // another file, the header would point into a file that is sound
    // on its own, so the error goes to that key instead.
    let missing_at = |header: Span, needed_by: Option<Span>| match needed_by {
        Some(at) if file_of(at) != file_of(header) => at,
        _ => header,
    };
    let cap_span: Span = cap.span().into();
    let cap = cap.get_ref();
    let counts = match cap.counts.get_ref() {
        TomlCounts::Listed(list) => c.counts((cap.counts.span().into(), list), "capture", sound),
        TomlCounts::Parity(TomlParity::Even) => CountSet::EVEN,
        TomlCounts::Parity(TomlParity::Odd) => CountSet::ODD,
    };
    // A key that only matters beside another is an error when both are
    // written in one file; inherited from a parent whose setting the
    // child switched off, it is simply moot.
    let together = |a: Option<Span>, b: Span| a.is_none_or(|a| file_of(a) == file_of(b));
    let chain_span = cap.chain.as_ref().map(|c| Span::from(c.span()));
    let lock_span = cap.lock.as_ref().map(|l| Span::from(l.span()));
    let chain = super::value(&cap.chain);
    let chain_zone = match (&cap.chain_zone, chain) {
        (Some(z), Chain::None) => {
            if together(chain_span, z.span().into()) {
                c.err(
                    z.span().into(),
                    "capture.chain_zone",
                    "a chain zone is given but `chain` is \"none\"",
                );
            }
            *z.get_ref()
        }
        (Some(z), _) => *z.get_ref(),
        (None, Chain::None) => *cap.landing.get_ref(),
        (None, _) => {
            c.err(
                missing_at(cap_span, chain_span),
                "capture.chain_zone",
                "a chain needs `chain_zone` (\"opponent-territory\", \"opponent-row\" or \"anywhere\")",
            );
            Zone::Anywhere
        }
    };
    let lock = match (
        cap.lock.as_ref().map_or(TomlLock::None, |l| *l.get_ref()),
        &cap.lock_release_may_capture,
    ) {
        (TomlLock::None, Some(b)) => {
            if together(lock_span, b.span().into()) {
                c.err(
                    b.span().into(),
                    "capture.lock_release_may_capture",
                    "given but `lock` is \"none\"",
                );
            }
            Lock::None
        }
        (TomlLock::None, None) => Lock::None,
        (TomlLock::AllHomePitsSown, Some(b)) => Lock::AllHomePitsSown {
            release_may_capture: *b.get_ref(),
        },
        (TomlLock::AllHomePitsSown, None) => {
            c.err(
                missing_at(cap_span, lock_span),
                "capture.lock_release_may_capture",
                "a lock needs `lock_release_may_capture` (true or false): may the sowing that completes the lock capture?",
            );
            Lock::None
        }
        // Whether `sow_from` lets this lock be followed is a check
        // across tables (`cross`).
        (TomlLock::FirstSowing, release) => {
            // Inherited from a parent's other lock, the key is moot.
            if let Some(b) = release
                && together(lock_span, b.span().into())
            {
                c.err(
                    b.span().into(),
                    "capture.lock_release_may_capture",
                    "given but `lock` is \"first-sowing\", which no sowing releases (only the game's first sowing is held back): leave out `lock_release_may_capture`",
                );
            }
            Lock::FirstSowing
        }
    };
    let rows = board.rows;
    let chain_max = cap.chain_max.as_ref().map(|v| {
        c.up_to_rows_times(
            v,
            "capture.chain_max",
            1,
            2,
            rows,
            "a number of pits",
            file_of,
        ) as u8
    });
    let immune = cap.protected.as_ref().map_or(RowPits::NONE, |l| {
        c.pit_numbers(l, "capture.protected", rows, file_of)
    });
    Capture {
        counts,
        landing: *cap.landing.get_ref(),
        chain,
        chain_zone,
        lock,
        grand_slam: cap
            .grand_slam
            .as_ref()
            .map_or(GrandSlam::Captures, |g| *g.get_ref()),
        examined: cap.examined,
        chain_max,
        immune,
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{Diags, check_table};
    use super::*;

    fn check(table: &str) -> (Capture, Diags) {
        check_table("capture", table, |c, r, b| {
            capture(c, r.capture.as_ref().unwrap(), b, Some(b.total), &|_| 0)
        })
    }

    #[test]
    fn a_chain_with_its_zone_is_kept() {
        let (cap, diags) = check(
            "counts = [2, 3]\nlanding = \"opponent-row\"\nchain = \"backward\"\nchain_zone = \"opponent-row\"\nprotected = [1]\n",
        );
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(cap.counts.list(), vec![2, 3]);
        assert_eq!(cap.chain, Chain::Backward);
        assert_eq!(cap.chain_zone, Zone::OpponentRow);
        assert!(cap.immune.contains(1) && !cap.immune.contains(2));
    }

    #[test]
    fn a_count_listed_twice_is_refused() {
        let (_, diags) = check("counts = [2, 2]\nlanding = \"anywhere\"\n");
        assert_eq!(
            diags,
            [(
                "capture.counts".to_owned(),
                "count 2 is listed twice".to_owned()
            )]
        );
    }

    #[test]
    fn a_chain_zone_without_a_chain_is_refused() {
        let (_, diags) = check("counts = [2]\nlanding = \"anywhere\"\nchain_zone = \"anywhere\"\n");
        assert_eq!(
            diags,
            [(
                "capture.chain_zone".to_owned(),
                "a chain zone is given but `chain` is \"none\"".to_owned()
            )]
        );
    }

    #[test]
    fn a_protected_pit_beyond_the_row_is_refused() {
        let (_, diags) = check("counts = [2]\nlanding = \"anywhere\"\nprotected = [5]\n");
        assert_eq!(
            diags,
            [(
                "capture.protected".to_owned(),
                "expected a pit number from 1 to 4, found 5".to_owned()
            )]
        );
    }
}
