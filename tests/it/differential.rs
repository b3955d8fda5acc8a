//! The differential check: random rule files over the whole schema,
//! random games under each, the fast engine against the reference
//! interpreter (`src/reference`) at every ply. A disagreement fails the
//! test with the rule file, the plies, the position and both answers.
//!
//! Four tests of a quarter each, so libtest runs them on two cores:
//! together at least 2,000 files and 880,000 compared plies, 160,000 of
//! them under files of four rows (the fuzz target `differential` is for
//! longer runs; this share of the test suite keeps the suite within its
//! time budget).
//! `cargo test --release --test it differential:: -- --nocapture` shows the
//! figures.

use ayla::reference::differential::compare_game;
use ayla::reference::random::random_rules;
use ayla::rng::Rng;
use ayla::rules;
use std::time::Instant;

/// Files each test draws at least.
const FILES: u64 = 500;
/// Plies of two-row files each test compares at least (it draws files
/// until it has).
const PLIES: u64 = 180_000;
/// Plies of four-row files each test compares at least, on top.
const FOUR_PLIES: u64 = 40_000;
/// Random games per file.
const GAMES: u64 = 2;
/// Most plies of one game (fewer for costly files: `MAX_WORK`).
const MAX_PLIES: usize = 400;

fn quarter(seed: u64) {
    let t = Instant::now();
    let mut seeds = Rng::new(seed);
    let (mut files, mut games, mut plies) = (0u64, 0u64, 0u64);
    // Files of four rows drawn, and the plies compared under them.
    let (mut four, mut four_plies) = (0u64, 0u64);
    while files < FILES || plies - four_plies < PLIES || four_plies < FOUR_PLIES {
        let mut rng = Rng::new(seeds.next_u64());
        let text = random_rules(&mut rng);
        let r = rules::parse("random.toml", &text)
            .unwrap_or_else(|e| panic!("a drawn rule file does not load: {e}\n{text}"));
        // One file in four has four rows: a generator that stopped
        // drawing them would otherwise keep this loop going for ever.
        assert!(
            files < 20 * FILES,
            "{files} files, only {four} of four rows ({four_plies} plies)"
        );
        let four_rows = r.board().rows() == 4;
        if four_rows && four_plies >= FOUR_PLIES {
            continue;
        }
        files += 1;
        four += u64::from(four_rows);
        for _ in 0..GAMES {
            match compare_game(&r, &mut rng, MAX_PLIES) {
                Ok(n) => {
                    plies += n as u64;
                    if four_rows {
                        four_plies += n as u64;
                    }
                }
                Err(d) => panic!("\n{}", d.with_rules_text(&text)),
            }
            games += 1;
        }
    }
    println!(
        "differential (seed {seed}): {files} files, {games} games, {plies} plies in {:.1} s; of them {four} files of four rows, {four_plies} plies",
        t.elapsed().as_secs_f64()
    );
}

#[test]
fn differential_1() {
    quarter(1);
}

#[test]
fn differential_2() {
    quarter(2);
}

#[test]
fn differential_3() {
    quarter(3);
}

#[test]
fn differential_4() {
    quarter(4);
}

/// The disagreements the differential found, each from its position: the
/// engine (`Game::play` and `Game::advance`) and the reference must give
/// `after`, and the same effect and end.
mod found {
    use crate::common::{play_in_both, rules_of as file};
    use ayla::engine::{Game, Ply, Variant};
    use ayla::notation::parse_position;
    use ayla::reference::Reference;
    use ayla::rules::Rules;

    /// Plays `ply` from `position` in both; both must reach `after`.
    fn agree(r: &Rules, position: &str, ply: &str, after: &str) {
        play_in_both(r, position, ply, after);
    }

    /// The legal plies from `position`, in both, and the end.
    fn legal(r: &Rules, position: &str) -> (Vec<Ply>, Option<ayla::engine::EndReason>) {
        let pos = parse_position(r, position).unwrap();
        let game = Game::from_position(Variant::new(r.clone()), pos);
        let reference = Reference::from_state(r, pos.to_state(r));
        let mut plies = Vec::new();
        game.legal_plies(&mut plies);
        assert_eq!(plies, reference.legal_plies(), "legal plies at {position}");
        assert_eq!(game.end(), reference.end(), "end at {position}");
        (plies, game.end())
    }

    /// `grand_slam = "captures-nothing"` refuses a capture that takes every
    /// seed of the opponent's row; the engine refused any capture of as
    /// many seeds as that row holds, wherever they were taken (here from
    /// South's own b, with `landing = "anywhere"`).
    #[test]
    fn a_grand_slam_is_about_the_opponents_row() {
        let r = file(
            "[board]\npits_per_row = 2\ninitial = [1, 2, 3, 0]\n\
             [capture]\ncounts = [3]\nlanding = \"anywhere\"\ngrand_slam = \"captures-nothing\"\n",
        );
        agree(&r, "1,2/3,0 S 0-0", "a", "0,0/3,0 N 3-0");
        // A true grand slam still captures nothing: b's seed makes A 3,
        // every seed of North's row.
        agree(&r, "0,1/2,0 S 0-3", "b", "0,0/3,0 N 0-3");
    }

    /// `must-feed-empty-opponent` with stores: a seed that falls in the
    /// mover's store feeds nobody. The engine counted the pits a sowing
    /// reaches as if there were no store, so b (its one seed into South's
    /// store) fed North, and a (into b) was refused.
    #[test]
    fn a_seed_in_ones_store_feeds_nobody() {
        let board = "[board]\npits_per_row = 2\nseeds_per_pit = 1\nstores = \"after-last-house\"\n";
        let r = file(&format!(
            "{board}[moves]\nfeeding = \"must-feed-empty-opponent\"\n"
        ));
        let (plies, end) = legal(&r, "1,1/0,0 S 0-2");
        assert_eq!(
            (plies.len(), end),
            (2, None),
            "neither feeds: either may be sown"
        );
        // With `cannot_feed`, no sowing feeds, so the game ends.
        let r = file(&format!(
            "{board}[moves]\nfeeding = \"must-feed-empty-opponent\"\n\
             cannot_feed = \"end-game-mover-takes-all\"\n"
        ));
        let (plies, end) = legal(&r, "1,1/0,0 S 0-2");
        assert!(plies.is_empty());
        assert_eq!(
            end,
            Some(ayla::engine::EndReason::CannotFeed(
                ayla::engine::Side::South
            ))
        );
    }
}

/// Words the generator does not draw, each with why (none today: a word
/// left out of the generator must be named here, with its reason).
const NOT_DRAWN: &[(&str, &str)] = &[];

/// The random rule files reach the whole schema: every rule key is drawn,
/// and every value the loader accepts for a key of named values (the
/// choices it lists when given a wrong one), so the differential check
/// covers every mechanic of the language. A key or value added to the
/// schema and not to the generator fails here. A key whose value may be a
/// word or an array of words (`sowing.direction`) counts the words of both.
#[test]
fn random_rule_files_draw_every_key_and_every_named_value() {
    use std::collections::{BTreeMap, BTreeSet};
    let mut rng = Rng::new(0x005c_4e3a);
    // "section.key" -> the words drawn (TOML text, quoted), whether an
    // array of words was drawn, and a file drawing it as a single word.
    #[derive(Default)]
    struct Drawn {
        words: BTreeSet<String>,
        array: bool,
        probe: Option<String>,
    }
    let mut drawn: BTreeMap<String, Drawn> = BTreeMap::new();
    for _ in 0..4_000 {
        let text = random_rules(&mut rng);
        let table: toml::Table = text.parse().unwrap();
        for (section, v) in &table {
            let Some(t) = v.as_table() else { continue };
            for (key, value) in t {
                let e = drawn.entry(format!("{section}.{key}")).or_default();
                match value {
                    toml::Value::String(_) => {
                        e.words.insert(value.to_string());
                        e.probe.get_or_insert_with(|| text.clone());
                    }
                    toml::Value::Array(items) if items.iter().all(toml::Value::is_str) => {
                        e.words.extend(items.iter().map(toml::Value::to_string));
                        e.array = true;
                    }
                    _ => {}
                }
            }
        }
    }
    for key in rules::INTERPRETABLE_KEYS.iter() {
        assert!(
            drawn.contains_key(*key),
            "the generator never draws `{key}`"
        );
    }
    // Every word of every key, from the declaration: a value added to the
    // language and not to the generator fails here.
    let mut never: Vec<String> = Vec::new();
    for key in rules::keys::KEYS {
        let Some(words) = key.words() else { continue };
        let drawn_words = drawn.get(key.path).map(|d| &d.words);
        for &w in words {
            let v = format!("\"{w}\"");
            if !drawn_words.is_some_and(|d| d.contains(&v)) && !NOT_DRAWN.contains(&(key.path, w)) {
                never.push(format!("`{}`: {v}", key.path));
            }
        }
    }
    assert!(never.is_empty(), "never drawn:\n{}", never.join("\n"));
    for key in [
        "moves.min_seeds",
        "capture.chain_max",
        "capture.protected",
        "houses.made_at",
        "houses.own_row",
        "houses.opponent_row",
        "houses.max_per_player",
        "houses.not_same_number",
    ] {
        assert!(drawn.contains_key(key), "the generator never draws `{key}`");
    }
    assert!(
        drawn["sowing.direction"].array,
        "`sowing.direction` is never drawn as an array"
    );

    let mut named = 0;
    for (key, d) in &drawn {
        // [variant]'s other words are free text, which any value fits.
        let free = key.starts_with("variant.")
            && !matches!(key.as_str(), "variant.family" | "variant.evidence");
        let Some(text) = &d.probe else { continue };
        if free {
            continue;
        }
        // The choices, as the loader lists them for a wrong value.
        let (section, name) = key.split_once('.').unwrap();
        let mut in_section = false;
        let probe: String = text
            .lines()
            .map(|l| {
                if l.starts_with('[') {
                    in_section = l == format!("[{section}]");
                }
                if in_section && l.starts_with(&format!("{name} = ")) {
                    format!("{name} = \"no-such-value\"\n")
                } else {
                    format!("{l}\n")
                }
            })
            .collect();
        let e = rules::parse("probe.toml", &probe).unwrap_err().to_string();
        // "expected `a`", "expected `a` or `b`", "expected one of `a`, …".
        let Some(list) = e.split("`no-such-value`, expected ").nth(1) else {
            continue; // a free string (e.g. an interpretation's words)
        };
        // Only words that can be values: a message may also name a key
        // (`pits_per_row`), which has underscores.
        let choices: BTreeSet<String> = list
            .lines()
            .next()
            .unwrap_or("")
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|c| {
                c.chars()
                    .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-')
            })
            .map(|c| format!("\"{c}\""))
            .collect();
        assert!(!choices.is_empty(), "{key}: {e}");
        let missing: Vec<_> = choices.difference(&d.words).collect();
        assert!(missing.is_empty(), "`{key}`: never drawn: {missing:?}");
        named += 1;
    }
    assert!(named >= 15, "only {named} keys of named values were probed");
    println!(
        "{} keys drawn, {named} of named values, every value drawn",
        drawn.len()
    );
}
