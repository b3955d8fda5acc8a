//! Test support: random *valid* rule files, drawn over the whole rule
//! language (docs/rule-language.md): every key the loader accepts, each
//! present or absent where it may be, and every value of every word-valued
//! key, within the cross-field rules of section 3, so that every file drawn
//! loads. Used by the differential check ([`super::differential`]), the
//! `random-rules` and `differential` fuzz targets, and tests.
//!
//! Not drawn: `extends` (a file stands alone here; merging is the loader's
//! business, not the meaning's) and readings of keys other than
//! `sowing.skip_origin` (a reading in force is just a value of its key).

use crate::rng::Rng;
use crate::rules::INTERPRETABLE_KEYS;
use std::fmt::Write;

/// One of `xs`, uniformly.
fn pick<'a>(rng: &mut Rng, xs: &[&'a str]) -> &'a str {
    xs[rng.below(xs.len())]
}

/// True with probability 1 in `n`.
fn one_in(rng: &mut Rng, n: usize) -> bool {
    rng.below(n) == 0
}

/// A list of 1 to `most` distinct pit numbers from 1 to `n`, in increasing
/// order, as TOML (`[2, 5]`); with `may_be_empty`, now and then `[]`.
fn pit_numbers(rng: &mut Rng, n: usize, most: usize, may_be_empty: bool) -> String {
    if may_be_empty && one_in(rng, 4) {
        return "[]".into();
    }
    let mut numbers: Vec<usize> = (0..1 + rng.below(most.max(1)))
        .map(|_| 1 + rng.below(n))
        .collect();
    numbers.sort_unstable();
    numbers.dedup();
    let list: Vec<String> = numbers.iter().map(usize::to_string).collect();
    format!("[{}]", list.join(", "))
}

/// A `counts = [...]` line: 1 to `most` distinct capturing counts from 1
/// to 63, none above the board's `total`; mostly small ones, which occur.
pub fn random_counts(rng: &mut Rng, total: u64, most: usize) -> String {
    let max = total.min(63) as usize;
    let mut counts: Vec<usize> = (0..1 + rng.below(most))
        .map(|_| {
            if one_in(rng, 6) {
                1 + rng.below(max)
            } else {
                1 + rng.below(max.min(8))
            }
        })
        .collect();
    counts.sort_unstable();
    counts.dedup();
    let list: Vec<String> = counts.iter().map(usize::to_string).collect();
    format!("counts = [{}]\n", list.join(", "))
}

/// The most offers a player can have in one position, as the loader counts
/// them (docs/rule-language.md, section 5, "Offers in one position").
fn most_offers(pits: u64, max_pits: u64, keep: u64) -> u64 {
    let t = pits.saturating_sub(keep);
    let top = max_pits.min(t.saturating_sub(keep));
    let (mut sum, mut binom) = (0u64, 1u64);
    for k in 1..=top {
        binom = binom.saturating_mul(t - k + 1) / k;
        sum = sum.saturating_add(binom);
    }
    sum
}

/// A word-valued key: absent (its default) one time in `absent`, else one
/// of `values`.
fn word(
    s: &mut String,
    rng: &mut Rng,
    key: &str,
    values: &[&str],
    absent: usize,
) -> Option<String> {
    if absent > 0 && one_in(rng, absent) {
        return None;
    }
    let v = pick(rng, values).to_owned();
    let _ = writeln!(s, "{key} = \"{v}\"");
    Some(v)
}

/// A random valid rule file.
#[must_use]
pub fn random_rules(rng: &mut Rng) -> String {
    let mut s = String::new();
    // One file in four has four rows, where each player sows round their
    // own two and only the keys defined there are drawn (docs/
    // rule-language.md, section 3). Decided by a generator of its own,
    // seeded from the next value of `rng` without taking it, so that a
    // two-row file draws exactly what it drew before four rows existed:
    // the tests tuned on those files (their counts, their time) keep them.
    let mut fork = Rng::new(rng.clone().next_u64() ^ 0x4f75_7220_726f_7773);
    let four = fork.below(4) == 0;
    let rows_written = four || fork.below(8) == 0;

    // [variant]: identity and provenance, which change nothing in play.
    let id = pick(rng, &["random", "r-2", "x", "random-variant-9"]);
    let _ = write!(s, "[variant]\nid = \"{id}\"\nname = \"Random\"\n");
    for key in [
        "summary",
        "people",
        "region",
        "first_described",
        "recorded_by",
    ] {
        if one_in(rng, 6) {
            let _ = writeln!(s, "{key} = \"some text, \\\"quoted\\\"\"");
        }
    }
    let families: &[&str] = if four {
        &["four-rows", "count-capture", "relay"]
    } else {
        &[
            "count-capture",
            "relay",
            "beyond-capture",
            "stores",
            "houses",
        ]
    };
    word(&mut s, rng, "family", families, 2);
    word(
        &mut s,
        rng,
        "evidence",
        &["observed", "described", "reconstructed", "invented"],
        2,
    );
    for key in ["other_names", "sources"] {
        match rng.below(6) {
            0 => {
                let _ = writeln!(s, "{key} = []");
            }
            1 => {
                let _ = writeln!(s, "{key} = [\"one\", \"two\"]");
            }
            _ => {}
        }
    }

    // [board].
    let rows = if four { 4 } else { 2 };
    let widest = crate::board::MAX_PITS / rows;
    let n = if one_in(rng, 8) {
        1 + rng.below(widest)
    } else {
        1 + rng.below(8)
    };
    let pits = rows * n;
    let _ = write!(s, "\n[board]\n");
    if rows_written {
        let _ = writeln!(s, "rows = {rows}");
    }
    let _ = writeln!(s, "pits_per_row = {n}");
    // Mostly small boards of seeds; now and then a big one, up to the limit.
    let big = match rng.below(40) {
        0 => 65_535,
        1..=3 => 1_000,
        _ => 0,
    };
    let total: u64 = if one_in(rng, 3) {
        let mut counts: Vec<u64> = (0..pits)
            .map(|_| {
                if one_in(rng, 4) {
                    0
                } else if big > 0 && one_in(rng, 3) {
                    rng.below(big / pits + 1) as u64
                } else {
                    rng.below(12) as u64
                }
            })
            .collect();
        if counts.iter().all(|&c| c == 0) {
            counts[rng.below(pits)] = 1;
        }
        let list: Vec<String> = counts.iter().map(u64::to_string).collect();
        let _ = writeln!(s, "initial = [{}]", list.join(", "));
        counts.iter().sum()
    } else {
        let most = if big > 0 {
            big / pits
        } else if one_in(rng, 8) {
            40
        } else {
            6
        };
        let k = 1 + rng.below(most.max(1)) as u64;
        let _ = writeln!(s, "seeds_per_pit = {k}");
        k * pits as u64
    };
    word(&mut s, rng, "first", &["south", "north"], 3);
    let stores = if four {
        &["none"][..]
    } else {
        &["none", "after-last-house", "after-last-house"]
    };
    let stores = word(&mut s, rng, "stores", stores, 3).is_some_and(|v| v == "after-last-house");

    // `[houses]` needs `laps = "single"`, `board.stores = "none"` and no
    // trading (two-row-design.md, `[houses]`): decided here, drawn further down.
    let houses = !four && !stores && one_in(rng, 6);

    // [sowing].
    let mut skip_origin = false;
    // Whether some pit's direction is chosen (`moves.clockwise` needs one).
    let mut chosen = false;
    let mut laps = "single".to_owned();
    if !one_in(rng, 8) {
        s += "\n[sowing]\n";
        let fixed = ["counter-clockwise", "clockwise"];
        let any = ["counter-clockwise", "clockwise", "chosen"];
        // A direction other than one fixed direction for the whole board
        // needs `board.stores = "none"`; an array all of one fixed
        // direction is that direction.
        // Four-row files draw theirs from the fork (the two-row files'
        // draws from `rng` stay as they were): a direction by pit number
        // one file in three, else one word.
        match if four {
            if fork.below(3) == 0 { 2 } else { 7 }
        } else {
            rng.below(8)
        } {
            0 | 1 => {
                let d = pick(rng, &fixed);
                let all: Vec<String> = (0..n).map(|_| format!("\"{d}\"")).collect();
                let _ = writeln!(s, "direction = [{}]", all.join(", "));
            }
            2 | 3 if !stores => {
                let each: Vec<&str> = (0..n).map(|_| pick(rng, &any)).collect();
                chosen |= each.contains(&"chosen");
                let quoted: Vec<String> = each.iter().map(|d| format!("\"{d}\"")).collect();
                let _ = writeln!(s, "direction = [{}]", quoted.join(", "));
            }
            _ => {
                let d = word(
                    &mut s,
                    rng,
                    "direction",
                    if stores { &fixed } else { &any },
                    4,
                );
                chosen |= d.as_deref() == Some("chosen");
            }
        }
        let all_laps: &[&str] = if houses {
            &["single"]
        } else {
            &["single", "single", "relay", "relay-from-next"]
        };
        if let Some(l) = word(&mut s, rng, "laps", all_laps, 4) {
            laps = l;
        }
        word(
            &mut s,
            rng,
            "first_seed",
            &["next-pit", "origin", "origin-unless-single"],
            2,
        );
        let rounds = if four {
            &["whole-circuit"][..]
        } else {
            &["whole-circuit", "opponent-row"]
        };
        word(&mut s, rng, "later_rounds", rounds, 2);
        if !one_in(rng, 4) {
            skip_origin = one_in(rng, 2);
            let _ = writeln!(s, "skip_origin = {skip_origin}");
        }
        let extra_turn = if stores {
            word(&mut s, rng, "extra_turn", &["none", "last-in-own-store"], 3).is_some()
        } else {
            let none = one_in(rng, 4);
            if none {
                s += "extra_turn = \"none\"\n";
            }
            none
        };
        // From a generator of its own, so that every file drawn before
        // this value existed draws from `rng` and `fork` what it drew.
        let mut after = Rng::new(rng.clone().next_u64() ^ 0x6166_7465_7220_6361);
        if !extra_turn && after.below(5) == 0 {
            s += "extra_turn = \"after-capture\"\n";
        }
    }

    // Whether four-row files have a [column_capture]: drawn here, before
    // [moves], whose `clockwise` may need it.
    let column = four && !one_in(rng, 4);

    // [moves].
    let mut sow_from = "controlled".to_owned();
    if !one_in(rng, 8) {
        s += "\n[moves]\n";
        let from = if four {
            &["controlled"][..]
        } else {
            &["controlled", "home-row", "opponent-row"]
        };
        if let Some(f) = word(&mut s, rng, "sow_from", from, 4) {
            sow_from = f;
        }
        // `below_min` must not be written when `min_seeds` is 1.
        if one_in(rng, 3) {
            let k = match rng.below(20) {
                0 => 1 + rng.below(65_535),
                1..=4 => 1,
                _ => 2 + rng.below(3),
            };
            let _ = writeln!(s, "min_seeds = {k}");
            if k > 1 {
                word(&mut s, rng, "below_min", &["never", "if-no-other"], 3);
            }
        }
        let (openings, feedings) = if four {
            (&["none"][..], &["none"][..])
        } else {
            (
                &["none", "each-home-pit-once"][..],
                &[
                    "none",
                    "must-feed-empty-opponent",
                    "must-leave-opponent-seeds",
                ][..],
            )
        };
        word(&mut s, rng, "opening", openings, 3);
        let feeding = word(&mut s, rng, "feeding", feedings, 3);
        word(&mut s, rng, "cannot_sow", &["pass", "end-game"], 4);
        // Drawn from the fork, so that two-row files draw from `rng` what
        // they drew before the key existed.
        match fork.below(6) {
            0 => s += "must_capture = true\n",
            1 => s += "must_capture = false\n",
            _ => {}
        }
        if four {
            match fork.below(4) {
                0 => s += "inner_row_first = true\n",
                1 => s += "inner_row_first = false\n",
                _ => {}
            }
        }
        // `clockwise` limits the pits of chosen direction; its first-lap
        // value needs a column capture.
        if chosen && fork.below(2) == 0 {
            let values: &[&str] = if column {
                &["free", "if-capturing", "if-first-lap-captures"]
            } else {
                &["free", "if-capturing"]
            };
            let _ = writeln!(s, "clockwise = \"{}\"", pick(&mut fork, values));
        }
        if feeding.is_some_and(|f| f != "none") {
            word(
                &mut s,
                rng,
                "cannot_feed",
                &[
                    "any-sowing",
                    "end-game-mover-takes-all",
                    "end-game-opponent-takes-all",
                ],
                3,
            );
        } else if one_in(rng, 6) {
            s += "cannot_feed = \"any-sowing\"\n";
        }
    }

    // [column_capture], on four rows only.
    if column {
        s += "\n[column_capture]\n";
        word(&mut s, rng, "when", &["empty", "occupied"], 0);
        let pits = ["inner", "inner-and-outer"];
        word(&mut s, rng, "takes", &pits, 0);
        word(&mut s, rng, "needs", &pits, 3);
        if word(&mut s, rng, "then", &["captured", "resown"], 0).as_deref() == Some("resown") {
            // The later values from the fork, so that the files drawn
            // before they existed keep their other draws.
            let from = if one_in(&mut fork, 2) {
                word(
                    &mut s,
                    rng,
                    "resow_from",
                    &["after-landing", "after-origin"],
                    0,
                )
            } else {
                word(
                    &mut s,
                    &mut fork,
                    "resow_from",
                    &["after-lap-start", "inner-end"],
                    0,
                )
            };
            if from.as_deref() == Some("inner-end") && !one_in(&mut fork, 3) {
                let _ = writeln!(s, "flank = {}", fork.below(n / 2 + 1));
            }
        }
        word(
            &mut s,
            &mut fork,
            "laps",
            &["every", "if-first-captures"],
            2,
        );
        word(
            &mut s,
            &mut fork,
            "full_circle",
            &["may-capture", "captures-nothing"],
            2,
        );
    }

    // [capture].
    if !four && !one_in(rng, 4) {
        s += "\n[capture]\n";
        match rng.below(10) {
            0 => s += "counts = \"even\"\n",
            1 => s += "counts = \"odd\"\n",
            _ => s += &random_counts(rng, total, 4),
        }
        word(&mut s, rng, "examined", &["landing-pit", "next-pit"], 2);
        if one_in(rng, 4) {
            let _ = writeln!(s, "chain_max = {}", 1 + rng.below(pits));
        }
        if one_in(rng, 4) {
            let _ = writeln!(s, "protected = {}", pit_numbers(rng, n, 2, true));
        }
        let zones = ["opponent-territory", "opponent-row", "anywhere"];
        word(&mut s, rng, "landing", &zones, 0);
        let chain = word(
            &mut s,
            rng,
            "chain",
            &["none", "backward", "forward", "both"],
            4,
        );
        if chain.is_some_and(|c| c != "none") {
            word(&mut s, rng, "chain_zone", &zones, 0);
        }
        match rng.below(5) {
            0 => s += "lock = \"none\"\n",
            1 => {
                s += "lock = \"all-home-pits-sown\"\n";
                let _ = writeln!(s, "lock_release_may_capture = {}", one_in(rng, 2));
            }
            // Not with `lock_release_may_capture`; needs a `sow_from` other
            // than "opponent-row".
            2 if sow_from != "opponent-row" => s += "lock = \"first-sowing\"\n",
            _ => {}
        }
        word(
            &mut s,
            rng,
            "grand_slam",
            &["captures", "captures-nothing", "forbidden"],
            3,
        );
    }

    // [opposite_capture].
    if !four && one_in(rng, 4) {
        s += "\n[opposite_capture]\n";
        let empty = word(
            &mut s,
            rng,
            "when_opposite_empty",
            &["take-the-last-seed", "nothing"],
            0,
        );
        let seeds: &[&str] = if empty.as_deref() == Some("nothing") {
            &["taken", "stays"]
        } else {
            &["taken"]
        };
        word(&mut s, rng, "capturing_seed", seeds, 3);
        word(&mut s, rng, "landing", &["own-territory", "anywhere"], 2);
    }

    // [beyond_capture].
    if !four && one_in(rng, 4) {
        s += "\n[beyond_capture]\n";
        let zones = ["opponent-territory", "opponent-row", "anywhere"];
        word(&mut s, rng, "zone", &zones, 3);
        word(&mut s, rng, "chain", &["none", "pairs"], 3);
        // "sow-on" only with `laps = "relay"`.
        let then: &[&str] = if laps == "relay" {
            &["end-sowing", "sow-on"]
        } else {
            &["end-sowing"]
        };
        word(&mut s, rng, "then", then, 3);
    }

    // [houses].
    if houses {
        s += "\n[houses]\n";
        let _ = writeln!(s, "made_at = {}", 1 + rng.below(total.min(63) as usize));
        // At least one of the two lists is not empty.
        let own = pit_numbers(rng, n, n, true);
        let theirs = pit_numbers(rng, n, n, own != "[]");
        if own != "[]" || one_in(rng, 2) {
            let _ = writeln!(s, "own_row = {own}");
        }
        let _ = writeln!(s, "opponent_row = {theirs}");
        if !one_in(rng, 3) {
            let _ = writeln!(s, "max_per_player = {}", 1 + rng.below(pits));
        }
        if !one_in(rng, 3) {
            let _ = writeln!(s, "not_same_number = {}", one_in(rng, 2));
        }
    }

    // [sowing_capture].
    if !four && one_in(rng, 4) {
        s += "\n[sowing_capture]\n";
        s += &random_counts(rng, total, 3);
        let takers = ["mover", "pit-controller"];
        word(&mut s, rng, "taker", &takers, 3);
        word(&mut s, rng, "last_seed_taker", &takers, 3);
    }

    // [trading] (none with houses).
    match if four {
        12 * usize::from(!one_in(rng, 8))
    } else if houses {
        12
    } else {
        rng.below(12)
    } {
        0 => s += "\n[trading]\nenabled = false\n",
        1..=3 => {
            s += "\n[trading]\nenabled = true\n";
            let keep = rng.below(n + 1) as u64;
            // The loader refuses more than 10 000 offers in one position.
            let mut max = 1 + rng.below(n) as u64;
            while most_offers(pits as u64, max, keep) > 10_000 {
                max -= 1;
            }
            let price = if one_in(rng, 10) {
                rng.below(65_536)
            } else {
                rng.below(10)
            };
            let _ = write!(
                s,
                "max_pits = {max}\nprice_per_pit = {price}\nkeep_at_least = {keep}\nonly_if_affordable = {}\n",
                one_in(rng, 2)
            );
        }
        _ => {}
    }

    // [end].
    if !one_in(rng, 8) {
        s += "\n[end]\n";
        if one_in(rng, 3) {
            let k = if one_in(rng, 20) {
                1 + rng.below(65_535)
            } else {
                1 + rng.below(5)
            };
            let _ = writeln!(s, "all_pits_below = {k}");
        }
        if one_in(rng, 4) {
            let k = if one_in(rng, 10) {
                rng.below(65_536)
            } else {
                rng.below(total as usize + 1)
            };
            let _ = writeln!(s, "captured_more_than = {k}");
        }
        match if four { 2 + rng.below(6) } else { rng.below(8) } {
            0 | 1 => s += "either_row_empty = true\n",
            2 => s += "either_row_empty = false\n",
            _ => {}
        }
        if one_in(rng, 5) {
            let _ = writeln!(s, "seeds_left_at_most = {}", rng.below(total as usize));
            word(
                &mut s,
                rng,
                "seeds_left_to",
                &["controller", "first-player"],
                3,
            );
        }
        if one_in(rng, 6) {
            let k = if one_in(rng, 4) {
                1 + rng.below(1_000_000_000)
            } else {
                1 + rng.below(5_000)
            };
            let _ = writeln!(s, "max_plies = {k}");
        }
        match rng.below(10) {
            0 => {
                let _ = writeln!(s, "repetition = {}", 2 + rng.below(254));
            }
            1..=3 => s += "repetition = 2\n",
            4..=6 => s += "repetition = 3\n",
            _ => {}
        }
        if four {
            word(
                &mut s,
                &mut fork,
                "inner_row_empty",
                &["loses-after-ply", "loses-at-once"],
                2,
            );
        }
        word(&mut s, rng, "leftovers", &["controller", "nobody"], 2);
        if one_in(rng, 4) {
            s += "winner = \"higher-total\"\n";
        }
    }

    // Open points: notes, and a switchable reading whose default is the
    // value the file plays with.
    if one_in(rng, 8) {
        for _ in 0..1 + rng.below(2) {
            let key = INTERPRETABLE_KEYS[rng.below(INTERPRETABLE_KEYS.len())];
            let _ = write!(
                s,
                "\n[[interpretation]]\nkey = \"{key}\"\npoint = \"?\"\nassumed = \"this\"\nreason = \"test\"\n"
            );
        }
    }
    if one_in(rng, 10) {
        let (this, other) = if skip_origin {
            ("skip", "sow-into")
        } else {
            ("sow-into", "skip")
        };
        let _ = write!(
            s,
            "\n[readings.skip-origin]\npoint = \"?\"\nreason = \"test\"\ndefault = \"{this}\"\n\
             alternatives.{this} = {{ sowing.skip_origin = {skip_origin} }}\n\
             alternatives.{other} = {{ sowing.skip_origin = {} }}\n",
            !skip_origin
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every file drawn loads, and the draws reach every key (and the
    /// word values added since the generator was first written).
    #[test]
    fn every_drawn_file_loads() {
        let mut rng = Rng::new(7);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..3_000 {
            let text = random_rules(&mut rng);
            if let Err(e) = crate::rules::parse("random.toml", &text) {
                panic!("{text}\n{e}");
            }
            for line in text.lines() {
                seen.insert(line.split(" = ").next().unwrap_or("").to_owned());
                // The word values too (`"inner-end"`).
                if let Some((_, v)) = line.split_once(" = ") {
                    seen.insert(v.trim_matches('"').to_owned());
                }
            }
        }
        for key in [
            "initial",
            "seeds_per_pit",
            "first",
            "stores",
            "extra_turn",
            "chain_zone",
            "lock_release_may_capture",
            "grand_slam",
            "capturing_seed",
            "last_seed_taker",
            "keep_at_least",
            "seeds_left_to",
            "max_plies",
            "leftovers",
            "winner",
            "alternatives.skip",
            "family",
            "evidence",
            "first_seed",
            "later_rounds",
            "min_seeds",
            "below_min",
            "opening",
            "examined",
            "chain_max",
            "protected",
            "zone",
            "then",
            "made_at",
            "own_row",
            "opponent_row",
            "max_per_player",
            "not_same_number",
            "rows",
            "when",
            "takes",
            "needs",
            "resow_from",
            "must_capture",
            "flank",
            "laps",
            "full_circle",
            "inner_row_first",
            "inner_row_empty",
            "clockwise",
            "if-capturing",
            "if-first-lap-captures",
            "inner-end",
            "after-lap-start",
            "if-first-captures",
            "captures-nothing",
            "loses-at-once",
            "loses-after-ply",
        ] {
            assert!(seen.contains(key), "{key} is never drawn");
        }
    }
}
