//! Readings: open points as switchable alternatives. `check --reading`,
//! the `Readings` tag, `fit` naming the one alternative a record fits, and
//! how readings meet `extends`.

use ayla::engine::Variant;
use ayla::rules::{self, Selection};
use std::path::Path;

use crate::common::ayla_code_and_text as ayla;

fn sel(pairs: &[(&str, &str)]) -> Selection {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[test]
fn bundled_files_declare_the_open_points_of_the_spec() {
    let names = |id: &str| -> Vec<String> {
        rules::bundled(id)
            .unwrap()
            .readings()
            .iter()
            .map(|r| r.name.clone())
            .collect()
    };
    assert_eq!(names("kpe"), ["skip-origin", "lock-release", "repetition"]);
    assert_eq!(
        names("gore"),
        [
            "skip-origin",
            "keep-a-pit",
            "affordable-offers",
            "repetition"
        ]
    );
    // Trading is off in gore-notrade: its trading readings are moot.
    assert_eq!(names("gore-notrade"), ["skip-origin", "repetition"]);
}

#[test]
fn an_alternative_sets_the_keys_it_names() {
    let r = rules::resolve_with(
        "kpe",
        Path::new(""),
        &sel(&[("skip-origin", "skip-origin")]),
    )
    .unwrap();
    assert!(r.skip_origin());
    let r = rules::resolve_with("kpe", Path::new(""), &Selection::new()).unwrap();
    assert!(!r.skip_origin());
    let e =
        rules::resolve_with("kpe", Path::new(""), &sel(&[("skip-origin", "skip")])).unwrap_err();
    assert!(
        e.to_string().contains("no alternative `skip` for the reading `skip-origin`; it has sow-into-origin, skip-origin"),
        "{e}"
    );
    let e = rules::resolve_with("kpe", Path::new(""), &sel(&[("skip-orign", "skip-origin")]))
        .unwrap_err();
    assert!(
        e.to_string().contains("no reading named `skip-orign`"),
        "{e}"
    );
}

#[test]
fn a_child_that_sets_a_key_settles_the_parents_reading_of_it() {
    let text = "extends = \"gore\"\n[variant]\nid = \"g4\"\nname = \"G4\"\n[end]\nrepetition = 4\n";
    let r = rules::parse("g4.toml", text).unwrap();
    assert_eq!(r.end().repetition, 4);
    assert!(!r.readings().iter().any(|x| x.name == "repetition"));
    assert!(r.readings().iter().any(|x| x.name == "skip-origin"));
}

/// `seeds_per_pit` and `initial` give one thing, the start: a child that
/// writes `seeds_per_pit` settles a parent's reading of `initial`
/// (Owela's `layout`) instead of clashing with it.
#[test]
fn a_child_that_sets_seeds_per_pit_settles_a_reading_of_the_initial_layout() {
    let text = "extends = \"owela\"\n[variant]\nid = \"o2\"\nname = \"O2\"\n[board]\npits_per_row = 2\nseeds_per_pit = 2\n";
    let r = rules::parse("o2.toml", text).unwrap();
    assert_eq!(r.initial(), &[2; 8]);
    assert!(!r.readings().iter().any(|x| x.name == "layout"));
    assert!(r.readings().iter().any(|x| x.name == "capture-needs"));
}

#[test]
fn check_honours_reading_flags_and_the_readings_tag() {
    let f = "tests/fit/skip-origin.rec";
    assert_eq!(ayla(&["check", f]).0, 0);
    let (code, out) = ayla(&["check", f, "--reading", "skip-origin=skip-origin"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("ply 3 (South, `a`) is illegal: pit a is empty"),
        "{out}"
    );
    let (_, json) = ayla(&["check", f, "--json", "--reading", "skip-origin=skip-origin"]);
    let v: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(v["readings"]["skip-origin"], "skip-origin");
    assert_eq!(v["readings"]["lock-release"], "may-capture");
    // The same through the record's own tag.
    let dir = std::env::temp_dir().join(format!("ayla-readings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tagged = dir.join("tagged.rec");
    let text = std::fs::read_to_string(f).unwrap().replace(
        "[Variant \"kpe\"]",
        "[Variant \"kpe\"]\n[Readings \"skip-origin=skip-origin\"]",
    );
    std::fs::write(&tagged, text).unwrap();
    let (code, out) = ayla(&["check", tagged.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    // The command line wins over the tag.
    let (code, out) = ayla(&[
        "check",
        tagged.to_str().unwrap(),
        "--reading",
        "skip-origin=sow-into-origin",
    ]);
    assert_eq!(code, 0, "{out}");
    let (code, out) = ayla(&["check", f, "--reading", "nonsense"]);
    assert_eq!(code, 2, "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// For each reading, a record consistent with exactly one alternative,
/// and `fit` naming it; and a record every combination fits.
#[test]
fn fit_names_the_one_alternative_each_record_fits() {
    for (file, line) in [
        (
            "skip-origin",
            "skip-origin=sow-into-origin lock-release=any repetition=any",
        ),
        (
            "lock-release",
            "skip-origin=any lock-release=next-sowing repetition=any",
        ),
        (
            "repetition",
            "skip-origin=any keep-a-pit=any affordable-offers=any repetition=third",
        ),
        (
            "keep-a-pit",
            "skip-origin=any keep-a-pit=offer-all affordable-offers=any repetition=any",
        ),
        (
            "affordable-offers",
            "skip-origin=any keep-a-pit=any affordable-offers=also-unaffordable repetition=any",
        ),
    ] {
        let (code, out) = ayla(&["fit", &format!("tests/fit/{file}.rec")]);
        assert_eq!(code, 0, "{out}");
        let consistent = out
            .split("Consistent with every game")
            .nth(1)
            .unwrap_or_else(|| panic!("{file}:\n{out}"));
        let first = consistent.lines().nth(1).unwrap().trim();
        assert_eq!(first, line, "{file}:\n{out}");
        assert!(out.contains("Ruled out:"), "{out}");
    }
    let (code, out) = ayla(&["fit", "tests/fit/every-reading.rec"]);
    assert_eq!(code, 0);
    assert!(out.contains("Every combination fits every game"), "{out}");
    assert!(!out.contains("Ruled out"), "{out}");
}

#[test]
fn fit_over_several_games_keeps_what_all_of_them_allow() {
    let (code, out) = ayla(&[
        "fit",
        "tests/golden/kpe/01-capturer-seed2.rec",
        "tests/golden/kpe/09-sower-seed108.rec",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with("kpe: 2 games, 3 readings, 8 combinations"),
        "{out}"
    );
    assert!(out.contains("Consistent with every game (1 combination):\n  skip-origin=sow-into-origin lock-release=may-capture repetition=third"), "{out}");
}

/// A file in the system's temporary directory, removed when dropped.
struct Temp(std::path::PathBuf);

impl Temp {
    fn new(name: &str, text: &str) -> Temp {
        let p = std::env::temp_dir().join(format!("ayla-readings-{}-{name}", std::process::id()));
        std::fs::write(&p, text).unwrap();
        Temp(p)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn fit_exits_1_when_no_combination_fits() {
    // North's first ply sows South's pit: illegal under every reading.
    let rec = Temp::new("nofit.rec", "[Variant \"kpe\"]\n\n1. a a\n");
    let (code, out) = ayla(&["fit", rec.path()]);
    assert!(out.contains("No combination fits every game."), "{out}");
    assert_eq!(code, 1, "{out}");
}

#[test]
fn fit_reports_every_unusable_file_and_fits_the_rest() {
    let broken = Temp::new("broken.rec", "[Variant \"kpe\"\n");
    let unknown = Temp::new("unknown.rec", "[Variant \"nosuch\"]\n\n1. a\n");
    let (code, out) = ayla(&[
        "fit",
        "no/such/file.rec",
        broken.path(),
        "tests/golden/kpe/01-capturer-seed2.rec",
        unknown.path(),
    ]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("no/such/file.rec: cannot read the record"),
        "{out}"
    );
    assert!(out.contains(&format!("{}:1:", broken.path())), "{out}");
    assert!(out.contains("syntax error"), "{out}");
    assert!(out.contains(&format!("{}:1:", unknown.path())), "{out}");
    assert!(out.contains("unknown variant \"nosuch\""), "{out}");
    for f in ["no/such/file.rec", broken.path(), unknown.path()] {
        assert!(out.contains(&format!("{f}: not fitted")), "{f}: {out}");
    }
    // The readable file is still fitted.
    assert!(
        out.contains("kpe: 1 game, 3 readings, 8 combinations"),
        "{out}"
    );
    assert!(out.contains("Consistent with every game"), "{out}");
}

/// 100 engine-played games under a variant with five two-way readings:
/// every combination is tried on every game. The time is printed, not
/// asserted (run with --nocapture to see it).
#[test]
fn fit_tries_thirty_two_combinations_over_a_hundred_games() {
    use ayla::check::write_record;
    use ayla::engine::Game;
    use ayla::fit::fit;
    use ayla::notation::parse_records;
    use ayla::rng::Rng;
    let path = Path::new("tests/fit/five-readings.toml");
    let r = rules::load_file(path).unwrap();
    assert_eq!(r.readings().len(), 5);
    let mut rng = Rng::new(99);
    let mut legal = Vec::new();
    let mut text = String::new();
    for _ in 0..100 {
        let mut g = Game::new(Variant::new(r.clone()));
        let mut plies = Vec::new();
        while plies.len() < 150 {
            g.legal_plies(&mut legal);
            if legal.is_empty() {
                break;
            }
            let p = legal[rng.below(legal.len())];
            g.play_unchecked(p);
            plies.push(p);
        }
        let result = g.outcome().map_or("*".to_owned(), |o| {
            format!("{}-{}", o.totals[0], o.totals[1])
        });
        text.push_str(&write_record(
            &r,
            &[("Variant", "five-readings.toml".into()), ("Result", result)],
            &plies,
        ));
        text.push('\n');
    }
    let games = parse_records(&text).unwrap();
    assert_eq!(games.len(), 100);
    let recs: Vec<_> = games.iter().collect();
    let start = std::time::Instant::now();
    // The records name their rule file relative to tests/fit/.
    let source = ayla::rulebook::source_of(
        recs[0],
        Path::new("tests/fit"),
        &ayla::rulebook::Overrides::default(),
    )
    .unwrap();
    let f = fit(&recs, &source).unwrap();
    let elapsed = start.elapsed();
    let total: usize = f.groups.iter().map(|g| g.combinations.len()).sum();
    assert_eq!(total, 32);
    let default: Selection = f
        .readings
        .iter()
        .map(|r| (r.name.clone(), r.default.clone()))
        .collect();
    let fitting = f
        .groups
        .iter()
        .find(|g| g.fits())
        .expect("the defaults fit games played under them");
    assert!(fitting.combinations.contains(&default));
    eprintln!(
        "fit: 32 combinations x 100 games in {:.3} s",
        elapsed.as_secs_f64()
    );
}
