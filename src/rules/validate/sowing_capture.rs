//! `[sowing_capture]`: captures made while the seeds are sown.

use super::Checker;
use crate::rules::model::SowingCapture;
use crate::rules::schema::{TomlSowingCapture, TomlThen};
use toml::Spanned;

/// The counts a sown seed captures at, who takes them, and whether a
/// capture by a lap's last seed ends the sowing. `sound` is the
/// board's total when the board is sound enough to check counts against.
pub(super) fn sowing_capture(
    c: &mut Checker,
    sc: &Spanned<TomlSowingCapture>,
    sound: Option<u64>,
) -> SowingCapture {
    let sc = sc.get_ref();
    let counts = c.counts(
        (sc.counts.span().into(), sc.counts.get_ref()),
        "sowing_capture",
        sound,
    );
    SowingCapture {
        counts,
        taker: sc.taker,
        last_seed_taker: sc.last_seed_taker,
        sow_on: super::value(&sc.then) == TomlThen::SowOn,
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{Diags, check_table};
    use super::*;
    use crate::rules::model::Taker;

    fn check(table: &str) -> (SowingCapture, Diags) {
        check_table("sowing_capture", table, |c, r, b| {
            sowing_capture(c, r.sowing_capture.as_ref().unwrap(), Some(b.total))
        })
    }

    #[test]
    fn counts_and_takers_are_kept() {
        let (sc, diags) = check("counts = [4]\ntaker = \"mover\"\n");
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(sc.counts.list(), vec![4]);
        assert_eq!(sc.taker, Taker::Mover);
        assert_eq!(sc.last_seed_taker, Taker::Mover);
    }

    #[test]
    fn no_counts_at_all_are_refused() {
        let (_, diags) = check("counts = []\n");
        assert_eq!(
            diags,
            [(
                "sowing_capture.counts".to_owned(),
                "expected at least one count (leave out [sowing_capture] for a game without them)"
                    .to_owned()
            )]
        );
    }

    #[test]
    fn a_count_above_the_seeds_on_the_board_is_refused() {
        let (_, diags) = check("counts = [33]\n");
        assert_eq!(
            diags,
            [(
                "sowing_capture.counts".to_owned(),
                "a pit can never hold 33 seeds: the board holds 32 in all".to_owned()
            )]
        );
    }
}
