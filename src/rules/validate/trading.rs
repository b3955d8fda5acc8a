//! `[trading]`: pits traded for captured seeds.

use super::{Board, Checker};
use crate::rules::error::Span;
use crate::rules::model::{MAX_OFFERS, Trading};
use crate::rules::schema::TomlTrading;
use toml::Spanned;

/// The most offers a player can have in one position: a territory grows to
/// every pit but the `keep` the other player keeps, and any subset of it of
/// 1 to `max_pits` pits that leaves `keep` pits may be offered. Saturates.
fn most_offers(pits: usize, max_pits: usize, keep: usize) -> u64 {
    let t = pits.saturating_sub(keep) as u64;
    let top = (max_pits as u64).min(t.saturating_sub(keep as u64));
    let (mut sum, mut binom) = (0u64, 1u64);
    for k in 1..=top {
        // C(t, k) = C(t, k - 1) * (t - k + 1) / k, exact at each step.
        binom = match binom.checked_mul(t - k + 1) {
            Some(x) => x / k,
            None => return u64::MAX,
        };
        sum = match sum.checked_add(binom) {
            Some(x) => x,
            None => return u64::MAX,
        };
    }
    sum
}

/// Trading when `enabled`, with every key it needs in range; `None` when
/// off (and then no other key of the table may be written beside it).
pub(super) fn trading(
    c: &mut Checker,
    t: Option<&Spanned<TomlTrading>>,
    board: &Board,
    file_of: &dyn Fn(Span) -> usize,
) -> Option<Trading> {
    let t = t?;
    let t_span: Span = t.span().into();
    let t = t.get_ref();
    let given: Vec<(&str, Span)> = [
        ("trading.max_pits", t.max_pits.as_ref().map(|x| x.span())),
        (
            "trading.price_per_pit",
            t.price_per_pit.as_ref().map(|x| x.span()),
        ),
        (
            "trading.keep_at_least",
            t.keep_at_least.as_ref().map(|x| x.span()),
        ),
        (
            "trading.only_if_affordable",
            t.only_if_affordable.as_ref().map(|x| x.span()),
        ),
    ]
    .into_iter()
    .filter_map(|(k, s)| s.map(|s| (k, Span::from(s))))
    .collect();
    if !*t.enabled.get_ref() {
        let off_in = file_of(t.enabled.span().into());
        for (k, s) in given {
            if file_of(s) == off_in {
                c.err(s, k, "given but `trading.enabled` is false");
            }
        }
        return None;
    }
    // A key missing from the table is reported at its header, unless the
    // `enabled` that needs it is written in another file of the chain.
    let enabled_at: Span = t.enabled.span().into();
    let t_span = if file_of(enabled_at) != file_of(t_span) {
        enabled_at
    } else {
        t_span
    };
    let need = |c: &mut Checker, v: &Option<toml::Spanned<i64>>, key: &str| {
        if v.is_none() {
            c.err(t_span, key, "missing: trading needs this key");
        }
    };
    need(c, &t.max_pits, "trading.max_pits");
    need(c, &t.price_per_pit, "trading.price_per_pit");
    need(c, &t.keep_at_least, "trading.keep_at_least");
    if t.only_if_affordable.is_none() {
        c.err(
            t_span,
            "trading.only_if_affordable",
            "missing: trading needs this key",
        );
    }
    let (per_row, rows) = board.rows;
    let pits = board.pits;
    let max_pits = t.max_pits.as_ref().map_or(1, |v| {
        c.up_to_rows(
            v,
            "trading.max_pits",
            1,
            (per_row, rows),
            "pits per offer",
            file_of,
        )
    });
    let price = t.price_per_pit.as_ref().map_or(0, |v| {
        c.int(
            v,
            "trading.price_per_pit",
            0,
            i64::from(u16::MAX),
            "seeds per pit",
        )
    });
    let keep = t.keep_at_least.as_ref().map_or(0, |v| {
        c.up_to_rows(
            v,
            "trading.keep_at_least",
            0,
            (per_row, rows),
            "pits kept",
            file_of,
        )
    });
    // Every subset of a territory up to `max_pits` is a ply of its
    // own; unchecked, a few hundred bytes of rule file could make a
    // single position list millions of them.
    if let Some(v) = &t.max_pits {
        let offers = most_offers(pits, max_pits as usize, keep as usize);
        if offers > MAX_OFFERS {
            c.err(
                v.span().into(),
                "trading.max_pits",
                format!(
                    "offers of up to {max_pits} pits, from a territory of up to {} pits, make {} different offers in one position; at most {MAX_OFFERS} are supported (lower `max_pits` or raise `keep_at_least`)",
                    pits - keep as usize,
                    if offers == u64::MAX {
                        "more than 10^19".to_owned()
                    } else {
                        offers.to_string()
                    }
                ),
            );
        }
    }
    Some(Trading {
        max_pits: max_pits as u8,
        price_per_pit: price as u16,
        keep_at_least: keep as u8,
        only_if_affordable: t.only_if_affordable.as_ref().is_none_or(|b| *b.get_ref()),
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::{Diags, check_table};
    use super::*;

    fn check(table: &str) -> (Option<Trading>, Diags) {
        check_table("trading", table, |c, r, b| {
            trading(c, r.trading.as_ref(), b, &|_| 0)
        })
    }

    #[test]
    fn trading_on_with_every_key_is_kept() {
        let (t, diags) = check(
            "enabled = true\nmax_pits = 2\nprice_per_pit = 4\nkeep_at_least = 1\nonly_if_affordable = false\n",
        );
        assert!(diags.is_empty(), "{diags:?}");
        let t = t.unwrap();
        assert_eq!((t.max_pits, t.price_per_pit, t.keep_at_least), (2, 4, 1));
        assert!(!t.only_if_affordable);
    }

    #[test]
    fn trading_off_with_a_price_beside_it_is_refused() {
        let (t, diags) = check("enabled = false\nprice_per_pit = 4\n");
        assert!(t.is_none());
        assert_eq!(
            diags,
            [(
                "trading.price_per_pit".to_owned(),
                "given but `trading.enabled` is false".to_owned()
            )]
        );
    }

    #[test]
    fn trading_on_names_every_missing_key() {
        let (_, diags) = check("enabled = true\n");
        let keys: Vec<&str> = diags.iter().map(|d| d.0.as_str()).collect();
        assert_eq!(
            keys,
            [
                "trading.max_pits",
                "trading.price_per_pit",
                "trading.keep_at_least",
                "trading.only_if_affordable"
            ]
        );
        assert!(
            diags
                .iter()
                .all(|d| d.1 == "missing: trading needs this key")
        );
    }

    #[test]
    fn offers_are_counted_exactly_and_saturate() {
        // 8 pits, none kept: subsets of 1 or 2 of 8 pits.
        assert_eq!(most_offers(8, 2, 0), 8 + 28);
        assert_eq!(most_offers(104, 52, 0), u64::MAX);
    }
}
