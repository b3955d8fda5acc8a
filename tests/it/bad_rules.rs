//! Bad rule files under `tests/bad_rules/`, each with the messages it must
//! produce. Each file opens with one `# expect: <message>` line per error,
//! the whole located message (`file:line:col: `key`: what was expected`).
//! A list of the keys or values a table takes is written `expected one of
//! …`, and a list of tables `a key of …`: the lists grow with the language, and the docs test holds it to the
//! declaration (`rules::keys`); what a file checks here is the rest of the
//! message. Files are loaded by path, so `extends` resolves next to them.
//! Set `AYLA_BLESS=1` to print what each file gives instead of asserting.

use ayla::rules::{self, LoadError};
use std::fs;

/// `message` with each list after "expected one of " or "a key of "
/// (backquoted words or bracketed tables, joined by ", " or " or ")
/// written as "…".
fn without_lists(message: &str) -> String {
    const HEADS: [&str; 2] = ["expected one of ", "a key of "];
    let mut out = String::new();
    let mut rest = message;
    while let Some((at, head)) = HEADS
        .iter()
        .filter_map(|h| rest.find(h).map(|at| (at, h)))
        .min()
    {
        out.push_str(&rest[..at + head.len()]);
        rest = &rest[at + head.len()..];
        let mut end = 0;
        loop {
            let close = match rest[end..].chars().next() {
                Some('`') => '`',
                Some('[') => ']',
                _ => break,
            };
            let Some(len) = rest[end + 1..].find(close) else {
                break;
            };
            end += len + 2;
            if let Some(sep) = [", ", " or "].iter().find(|s| rest[end..].starts_with(*s))
                && rest[end + sep.len()..].starts_with(['`', '['])
            {
                end += sep.len();
            }
        }
        out.push('…');
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

#[test]
fn lists_of_what_a_table_takes_are_left_out() {
    assert_eq!(
        without_lists(
            "a: `x`: unknown key `y`, expected one of `a`, `b_c`, `d` (did you mean `a`?)"
        ),
        "a: `x`: unknown key `y`, expected one of … (did you mean `a`?)"
    );
    assert_eq!(without_lists("expected one of `a`"), "expected one of …");
    assert_eq!(
        without_lists("(a key of [board], [sowing] or [end]) (did you mean `a`?)"),
        "(a key of …) (did you mean `a`?)"
    );
    assert_eq!(without_lists("no list"), "no list");
}

#[test]
fn every_bad_rule_file_gives_its_expected_messages() {
    let bless = std::env::var_os("AYLA_BLESS").is_some();
    let mut n = 0;
    let mut paths: Vec<_> = fs::read_dir("tests/bad_rules")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        // Parents of the `extends` cases, valid or not on their own.
        .filter(|p| {
            !p.file_name()
                .unwrap()
                .to_str()
                .unwrap()
                .starts_with("parent-")
        })
        .collect();
    paths.sort();
    for path in paths {
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        let text = fs::read_to_string(&path).unwrap();
        let expected: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("# expect: "))
            .collect();
        let got: Vec<String> = match rules::load_file(&path) {
            Ok(_) => vec![],
            Err(LoadError::Invalid(v)) => v.iter().map(ToString::to_string).collect(),
            Err(e) => vec![e.to_string()],
        };
        let got: Vec<String> = got.iter().map(|g| without_lists(g)).collect();
        if bless {
            for g in &got {
                println!("# expect: {g}");
            }
            continue;
        }
        assert!(!expected.is_empty(), "{name}: no `# expect:` line");
        assert_eq!(got, expected, "{name}");
        n += 1;
    }
    assert!(bless || n >= 10, "only {n} bad rule files");
}

#[test]
fn bundled_rule_files_load() {
    for (id, _, _) in rules::BUNDLED {
        let r = rules::bundled(id).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(r.provenance().id, *id);
        assert!(
            !r.interpretations().is_empty() || !r.readings().is_empty(),
            "{id} marks no open point"
        );
    }
}

#[test]
fn bundled_sources_are_public_works() {
    // A reader must be able to look a source up: our own issue tracker is
    // where the files were discussed, not where the rules come from.
    for (id, _, text) in rules::BUNDLED {
        let r = rules::bundled(id).unwrap();
        let p = r.provenance();
        assert!(!p.sources.is_empty(), "{id} gives no source");
        for line in text.lines() {
            assert!(
                !line.to_lowercase().contains("ayla issue"),
                "{id} cites an ayla issue: {line}"
            );
        }
    }
}

#[test]
fn bundled_names_ignore_case_and_accents() {
    assert_eq!(rules::bundled("Goré").unwrap().provenance().id, "gore");
    assert_eq!(rules::bundled("KPÉ").unwrap().provenance().id, "kpe");
    let e = rules::bundled("omweso").unwrap_err();
    assert!(matches!(e, rules::LoadError::UnknownVariant { .. }), "{e}");
    // A near miss is named.
    let e = rules::bundled("owar").unwrap_err().to_string();
    assert!(e.contains("(did you mean `oware`?)"), "{e}");
}

/// A file that writes every key the two-row corpus added, one value each: the model
/// must say what the file says, field by field.
const EVERY_NEW_KEY: &str = r#"
[variant]
id = "every-new-key"
name = "Every new key"
family = "houses"
evidence = "reconstructed"

[board]
pits_per_row = 6
seeds_per_pit = 4

[sowing]
direction = ["clockwise", "chosen", "clockwise", "counter-clockwise", "counter-clockwise", "counter-clockwise"]
first_seed = "origin-unless-single"
laps = "single"
later_rounds = "opponent-row"

[moves]
sow_from = "home-row"
min_seeds = 2
below_min = "if-no-other"
opening = "each-home-pit-once"
feeding = "must-feed-empty-opponent"
cannot_feed = "end-game-opponent-takes-all"

[capture]
counts = "even"
landing = "anywhere"
examined = "next-pit"
chain = "backward"
chain_zone = "anywhere"
chain_max = 4
protected = [6, 1]
grand_slam = "forbidden"
lock = "first-sowing"

[opposite_capture]
when_opposite_empty = "nothing"
landing = "anywhere"

[beyond_capture]
zone = "opponent-row"
chain = "pairs"

[houses]
made_at = 4
own_row = [1, 6]
opponent_row = [1, 2, 5, 6]
max_per_player = 6
not_same_number = true

[end]
leftovers = "nobody"

[[interpretation]]
key = "houses.made_at"
point = "At which count is a house made?"
assumed = "4"
reason = "test"

[[interpretation]]
key = "beyond_capture.chain"
point = "Pairs?"
assumed = "yes"
reason = "test"
"#;

#[test]
fn every_new_key_reaches_the_model() {
    use rules::*;
    let r = rules::parse("every-new-key.toml", EVERY_NEW_KEY).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.provenance().family, Some(Family::Houses));
    assert_eq!(r.provenance().evidence, Some(Evidence::Reconstructed));
    let (cw, ccw) = (
        PitDirection::Fixed(Direction::Clockwise),
        PitDirection::Fixed(Direction::CounterClockwise),
    );
    assert_eq!(r.direction(), Direction::CounterClockwise);
    assert_eq!(
        r.pit_directions(),
        [cw, PitDirection::Chosen, cw, ccw, ccw, ccw]
    );
    assert_eq!(r.first_seed(), FirstSeed::OriginUnlessSingle);
    assert_eq!(r.laps(), Laps::Single);
    assert_eq!(r.later_rounds(), LaterRounds::OpponentRow);
    assert_eq!(r.sow_from(), SowFrom::HomeRow);
    assert_eq!(r.min_seeds(), 2);
    assert!(r.below_min_if_no_other());
    assert_eq!(r.opening(), Opening::EachHomePitOnce);
    assert_eq!(r.cannot_feed(), CannotFeed::OpponentTakesAll);
    let cap = r.capture().expect("a capture");
    assert_eq!(cap.counts, CountSet::EVEN);
    assert_eq!(cap.examined, Examined::NextPit);
    assert_eq!(cap.chain_max, Some(4));
    assert_eq!(cap.immune.list(), [1, 6]);
    assert_eq!(cap.grand_slam, GrandSlam::Forbidden);
    assert_eq!(cap.lock, Lock::FirstSowing);
    let opp = r.opposite_capture().expect("an opposite capture");
    assert_eq!(opp.landing, OppositeLanding::Anywhere);
    assert_eq!(
        r.beyond_capture(),
        Some(BeyondCapture {
            zone: Zone::OpponentRow,
            chain_pairs: true,
            sow_on: false,
        })
    );
    let h = r.houses().expect("houses");
    assert_eq!(h.made_at, 4);
    assert_eq!(h.own_row.list(), [1, 6]);
    assert_eq!(h.opponent_row.list(), [1, 2, 5, 6]);
    assert_eq!(h.max_per_player, 6);
    assert!(h.not_same_number);
    assert_eq!(r.end().leftovers, Leftovers::Nobody);
    // The new keys can be interpreted.
    let keys: Vec<&str> = r.interpretations().iter().map(|i| i.key.as_str()).collect();
    assert_eq!(keys, ["houses.made_at", "beyond_capture.chain"]);
}

#[test]
fn the_defaults_of_the_new_keys_are_the_old_meaning() {
    use rules::*;
    let r = rules::parse(
        "bare.toml",
        "[variant]\nid = \"bare\"\nname = \"Bare\"\n[board]\npits_per_row = 3\nseeds_per_pit = 3\n[capture]\ncounts = [2]\nlanding = \"anywhere\"\n[opposite_capture]\nwhen_opposite_empty = \"nothing\"\n[beyond_capture]\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.provenance().family, None);
    assert_eq!(r.provenance().evidence, None);
    assert_eq!(r.direction(), Direction::CounterClockwise);
    assert!(r.pit_directions().is_empty());
    assert_eq!(r.first_seed(), FirstSeed::NextPit);
    assert_eq!(r.later_rounds(), LaterRounds::WholeCircuit);
    assert_eq!((r.min_seeds(), r.below_min_if_no_other()), (1, false));
    assert_eq!(r.opening(), Opening::None);
    let cap = r.capture().unwrap();
    assert_eq!(cap.counts, CountSet::of(&[2]));
    assert_eq!(
        (cap.examined, cap.chain_max, cap.immune),
        (Examined::LandingPit, None, RowPits::NONE)
    );
    assert_eq!(
        r.opposite_capture().unwrap().landing,
        OppositeLanding::OwnTerritory
    );
    assert_eq!(
        r.beyond_capture(),
        Some(BeyondCapture {
            zone: Zone::Anywhere,
            chain_pairs: false,
            sow_on: false,
        })
    );
    assert_eq!(r.houses(), None);
    assert_eq!(r.end().leftovers, Leftovers::Controller);
}

#[test]
fn one_direction_for_every_pit_is_that_direction() {
    use rules::*;
    let file = |dir: &str| {
        format!(
            "[variant]\nid = \"d\"\nname = \"D\"\n[board]\npits_per_row = 3\nseeds_per_pit = 3\nstores = \"after-last-house\"\n[sowing]\ndirection = {dir}\n"
        )
    };
    // A list of one fixed direction is that direction, stores and all.
    let r = rules::parse(
        "d.toml",
        &file(r#"["clockwise", "clockwise", "clockwise"]"#),
    )
    .unwrap();
    assert_eq!(
        (r.direction(), r.pit_directions().len()),
        (Direction::Clockwise, 0)
    );
    let r = rules::parse("d.toml", &file(r#""clockwise""#)).unwrap();
    assert_eq!(
        (r.direction(), r.pit_directions().len()),
        (Direction::Clockwise, 0)
    );
    // "chosen" for every pit is a direction per pit (and so no stores).
    let r = rules::parse(
        "d.toml",
        &file(r#""chosen""#).replace("stores = \"after-last-house\"\n", ""),
    )
    .unwrap();
    assert_eq!(r.direction(), Direction::CounterClockwise);
    assert_eq!(r.pit_directions(), [PitDirection::Chosen; 3]);
    assert!(rules::parse("d.toml", &file(r#""chosen""#)).is_err());
}

#[test]
fn a_child_overrides_the_new_keys_and_tables() {
    use rules::*;
    let parent = rules::load_file(std::path::Path::new("tests/bad_rules/parent-new-keys.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(parent.laps(), Laps::Relay);
    assert_eq!(parent.pit_directions().len(), 4);
    assert!(parent.below_min_if_no_other());
    assert_eq!(parent.capture().unwrap().counts, CountSet::ODD);
    assert!(parent.beyond_capture().unwrap().sow_on);
    let child = rules::parse(
        "child.toml",
        r#"extends = "tests/bad_rules/parent-new-keys.toml"
[variant]
id = "child"
name = "Child"
family = "beyond-capture"
[sowing]
direction = ["clockwise", "clockwise", "clockwise", "clockwise"]
laps = "relay-from-next"
[moves]
min_seeds = 1
[capture]
counts = [1, 3]
lock = "none"
protected = []
[beyond_capture]
then = "end-sowing"
[end]
leftovers = "controller"
"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(child.provenance().family, Some(Family::BeyondCapture));
    // Inherited untouched.
    assert_eq!(child.provenance().evidence, Some(Evidence::Described));
    assert_eq!(child.first_seed(), FirstSeed::Origin);
    assert_eq!(child.later_rounds(), LaterRounds::OpponentRow);
    assert_eq!(child.opening(), Opening::EachHomePitOnce);
    // Overridden: the direction list, now one direction, is that direction.
    assert_eq!(
        (child.direction(), child.pit_directions().len()),
        (Direction::Clockwise, 0)
    );
    assert_eq!(child.laps(), Laps::RelayFromNext);
    // The parent's `below_min` is moot under the child's `min_seeds = 1`.
    assert_eq!(
        (child.min_seeds(), child.below_min_if_no_other()),
        (1, false)
    );
    let cap = child.capture().unwrap();
    assert_eq!(cap.counts, CountSet::of(&[1, 3]));
    assert_eq!(cap.lock, Lock::None);
    assert_eq!(cap.immune, RowPits::NONE);
    assert_eq!((cap.examined, cap.chain_max), (Examined::NextPit, Some(3)));
    let b = child.beyond_capture().unwrap();
    assert_eq!(
        (b.zone, b.chain_pairs, b.sow_on),
        (Zone::OpponentTerritory, true, false)
    );
    assert_eq!(child.end().leftovers, Leftovers::Controller);

    // Houses are inherited and overridden key by key too.
    let child = rules::parse(
        "child.toml",
        "extends = \"tests/bad_rules/parent-houses.toml\"\n[variant]\nid = \"c\"\nname = \"C\"\n[houses]\nmade_at = 3\nown_row = []\nnot_same_number = true\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let h = child.houses().unwrap();
    assert_eq!(
        (h.made_at, h.max_per_player, h.not_same_number),
        (3, 2, true)
    );
    assert_eq!((h.own_row, h.opponent_row.list()), (RowPits::NONE, vec![2]));
}
