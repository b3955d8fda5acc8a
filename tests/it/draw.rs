//! Board pictures (`ayla::draw`, `ayla draw`): the SVG is well-formed XML,
//! and what it shows is read back from it and compared with the position
//! drawn. Expected values come from the positions themselves (the engine's
//! accessors), from `ayla check` run on the same record, or, where a test
//! says so, from a case worked out by hand.

use crate::common::{assert_exit, ayla};
use ayla::board::{Pit, PitSet, Place, Side};
use ayla::check::{GameReport, MatchLink, check_game};
use ayla::draw::{MAX_DOTS, Marks, Options, Scene, Seeds, svg};
use ayla::engine::{Position, Variant};
use ayla::notation::parse_records;
use ayla::rulebook::{Overrides, rulebook_for};
use ayla::rules::Rules;
use ayla::state::State;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn text_of(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).expect("UTF-8")
}

/// What one pit's `<g>` says.
#[derive(Debug, Default, Clone)]
struct PitView {
    /// From the `<title>` (`c: 7 seeds, …`).
    title: String,
    count_in_title: u32,
    /// `data-count`, if any.
    data_count: Option<u32>,
    class: Option<String>,
    /// Every `<text>` of the group, in order.
    texts: Vec<String>,
    /// Seed dots (small filled circles).
    dots: usize,
    /// A dashed ring (an offer).
    dashed: bool,
    /// A square inside (a house).
    square: bool,
    /// A cross (taken).
    cross: bool,
    /// The pit's own circle is drawn thick (legal).
    thick: bool,
    /// Rings drawn around the pit, not dashed (focus).
    rings: usize,
}

/// What a picture says, read back from its XML.
#[derive(Debug, Default)]
struct View {
    pits: BTreeMap<String, PitView>,
    /// Store owner letter → (count from the title, `data-store` given).
    stores: BTreeMap<char, (u32, bool)>,
    texts: Vec<String>,
    bold: Vec<String>,
    title: String,
    data_pit_attrs: usize,
    class_attrs: usize,
}

fn number_after(s: &str, prefix: &str) -> u32 {
    let rest = s.strip_prefix(prefix).expect(prefix);
    rest.split(' ').next().unwrap().parse().expect("a count")
}

/// Parses `svg` (panicking on malformed XML) and reads back what it shows.
fn read(svg: &str) -> View {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let (w, h) = (
        root.attribute("width").unwrap(),
        root.attribute("height").unwrap(),
    );
    assert_eq!(
        root.attribute("viewBox"),
        Some(format!("0 0 {w} {h}").as_str())
    );
    assert_eq!(root.attribute("font-family"), Some("sans-serif"));
    let mut v = View::default();
    let first = root.children().find(|n| n.is_element()).unwrap();
    assert_eq!(
        first.tag_name().name(),
        "title",
        "the picture's title comes first"
    );
    v.title = first.text().unwrap_or("").to_owned();
    for n in root.descendants() {
        if n.attribute("data-pit").is_some() {
            v.data_pit_attrs += 1;
        }
        if n.attribute("class").is_some() {
            v.class_attrs += 1;
        }
        if n.tag_name().name() == "text" {
            let t = n.text().unwrap_or("").to_owned();
            // The players' names are the large bold texts (tags are small).
            if n.attribute("font-weight") == Some("bold") && n.attribute("font-size") == Some("14")
            {
                v.bold.push(t.clone());
            }
            v.texts.push(t);
        }
        if n.tag_name().name() != "g" {
            continue;
        }
        let Some(title) = n
            .children()
            .find(|c| c.tag_name().name() == "title")
            .and_then(|t| t.text())
        else {
            continue;
        };
        if let Some((who, _)) = title.split_once("'s store: ") {
            let side = if who == "South" { 'S' } else { 'N' };
            let c = number_after(title, &format!("{who}'s store: "));
            if let Some(d) = n.attribute("data-store") {
                assert_eq!(d, side.to_string());
                assert_eq!(n.attribute("data-count"), Some(c.to_string().as_str()));
            }
            assert!(
                v.stores
                    .insert(side, (c, n.attribute("data-store").is_some()))
                    .is_none()
            );
            continue;
        }
        // A title starts with the pit's label: `c: 4 seeds`.
        let label = title.split(':').next().unwrap().to_owned();
        let mut p = PitView {
            title: title.to_owned(),
            count_in_title: number_after(title, &format!("{label}: ")),
            data_count: n.attribute("data-count").map(|c| c.parse().unwrap()),
            class: n.attribute("class").map(str::to_owned),
            ..PitView::default()
        };
        if let Some(d) = n.attribute("data-pit") {
            assert_eq!(d, label);
        }
        for c in n.children().filter(|c| c.is_element()) {
            match c.tag_name().name() {
                "text" => p.texts.push(c.text().unwrap_or("").to_owned()),
                "circle" => {
                    let r: f64 = c.attribute("r").unwrap().parse().unwrap();
                    if c.attribute("stroke-dasharray").is_some() {
                        p.dashed = true;
                    } else if c.attribute("fill") == Some("#000") && r < 4.0 {
                        p.dots += 1;
                    } else if c.attribute("fill") == Some("#fff") && r > 20.0 {
                        p.thick = c.attribute("stroke-width") == Some("3");
                    } else if c.attribute("fill") == Some("none") {
                        p.rings += 1;
                    }
                }
                "rect" if c.attribute("fill") == Some("none") => p.square = true,
                "path" => p.cross = true,
                _ => {}
            }
        }
        assert!(
            v.pits.insert(label.clone(), p).is_none(),
            "pit {label} drawn twice"
        );
    }
    v
}

fn bundled(id: &str) -> Arc<Variant> {
    Arc::new(Variant::new(ayla::rules::bundled(id).unwrap()))
}

/// Every pit of `rules`' board, with its label.
fn pits(rules: &Rules) -> impl Iterator<Item = (Pit, String)> + '_ {
    (0..rules.pits()).map(|i| (Pit(i as u8), rules.label(Pit(i as u8)).to_string()))
}

/// Checks a picture of `pos` against `pos` itself: every count, label,
/// store, house, traded pit and offer.
fn check_picture(rules: &Rules, pos: &Position, opts: &Options, what: &str) {
    let scene = Scene::of_position(rules, pos);
    let picture = svg(rules, &scene, &Marks::default(), opts);
    let v = read(&picture);
    assert_eq!(v.pits.len(), rules.pits(), "{what}: one group a pit");
    for (p, label) in pits(rules) {
        let pv = &v.pits[&label];
        let seeds = u32::from(pos.seeds(p));
        assert_eq!(pv.count_in_title, seeds, "{what}: pit {label}");
        let closed = pos.closed().contains(p);
        assert_eq!(pv.title.contains("out of play"), closed, "{what}: {label}");
        assert_eq!(
            pv.texts.contains(&"out of play".to_owned()),
            closed,
            "{what}: {label}"
        );
        assert_eq!(pv.cross, closed, "{what}: the stroke of {label}");
        if opts.interactive {
            assert_eq!(pv.data_count, Some(seeds), "{what}: pit {label}");
        } else {
            assert_eq!(pv.data_count, None, "{what}: pit {label}");
        }
        match opts.seeds {
            // No count: the stroke and the note say it all.
            _ if closed => assert!(!pv.texts.contains(&"0".to_owned()), "{what}: {label}"),
            Seeds::Numbers => {
                assert!(
                    pv.texts.contains(&seeds.to_string()),
                    "{what}: pit {label}: {pv:?}"
                )
            }
            Seeds::Dots if seeds <= MAX_DOTS => {
                assert_eq!(pv.dots, seeds as usize, "{what}: pit {label}");
            }
            Seeds::Dots => assert!(pv.texts.contains(&seeds.to_string()), "{what}: {label}"),
        }
        assert_eq!(
            pv.texts.contains(&label.to_string()),
            opts.labels,
            "{what}: label of {label}"
        );
        let house = Side::BOTH.into_iter().find(|&s| pos.houses(s).contains(p));
        assert_eq!(pv.square, house.is_some(), "{what}: house {label}");
        if let Some(s) = house {
            assert!(
                pv.texts.contains(&format!("house {}", s.letter())),
                "{what}: {label}"
            );
        }
        let controller = pos.controller(p);
        let traded = controller != rules.board().label_side(p);
        assert_eq!(
            pv.texts.contains(&controller.letter().to_string()),
            traded,
            "{what}: traded pit {label}: {pv:?}"
        );
        assert_eq!(
            pv.title.contains(&format!("controlled by {controller}")),
            traded,
            "{what}: {label}"
        );
        let offered = pos.offer().is_some_and(|o| o.contains(p));
        assert_eq!(pv.dashed, offered, "{what}: offer {label}");
        assert_eq!(pv.texts.iter().any(|t| t.contains("offered")), offered);
    }
    if rules.stores() {
        for s in Side::BOTH {
            let (c, data) = v.stores[&s.letter()];
            assert_eq!(c, u32::from(pos.captured(s)), "{what}: {s}'s store");
            assert_eq!(data, opts.interactive);
            assert!(
                !v.texts.contains(&format!("captured {c}")),
                "{what}: stores hold it"
            );
        }
    } else {
        assert!(v.stores.is_empty(), "{what}: no stores");
        for s in Side::BOTH {
            let want = format!("captured {}", pos.captured(s));
            assert!(
                v.texts.iter().any(|t| t.ends_with(&want)),
                "{what}: {s}'s total"
            );
        }
    }
    // The side to act: the marker's text in bold, and only that name.
    assert_eq!(v.bold, vec![pos.to_move().to_string()], "{what}");
    assert!(
        v.title.ends_with(&format!("{} to act", pos.to_move())),
        "{what}"
    );
}

/// The golden games of a variant, replayed: every position reached.
fn golden_positions(id: &str) -> Vec<(Arc<Variant>, Position, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(id);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    files.sort();
    let mut out = Vec::new();
    for f in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "rec"))
    {
        let text = std::fs::read_to_string(f).unwrap();
        // The games of a match follow one another: each later game starts
        // where the one before left the match, so a file is checked in order.
        let mut link = MatchLink::new();
        for rec in parse_records(&text).unwrap() {
            let rules = rulebook_for(&rec, &dir, &Overrides::default()).unwrap();
            let variant = Arc::new(Variant::new(rules));
            let report: GameReport = link.check(&variant, &rec).unwrap();
            out.push((
                variant.clone(),
                report.start,
                format!("{} start", f.display()),
            ));
            for s in report.steps {
                out.push((
                    variant.clone(),
                    s.after,
                    format!("{} after ply {}", f.display(), s.number),
                ));
            }
        }
    }
    out
}

/// Every bundled variant's golden games, every position, drawn both ways:
/// the counts, stores, houses, trades and offers read back equal the
/// position's. Goré's games trade and offer, Toguz Kumalak's and Qelat's
/// make houses, Kalah's and Chongka's fill stores.
#[test]
fn every_golden_position_reads_back_as_it_is() {
    let mut seen = [false; 4]; // traded, house, offer, store
    for (id, _, _) in ayla::rules::BUNDLED {
        let positions = golden_positions(id);
        assert!(!positions.is_empty(), "{id}: golden games");
        for (k, (variant, pos, what)) in positions.iter().enumerate() {
            let rules: &Rules = variant;
            let n = rules.pits();
            seen[0] |= (0..n)
                .any(|i| pos.controller(Pit(i as u8)) != rules.board().label_side(Pit(i as u8)));
            seen[1] |= Side::BOTH.iter().any(|&s| !pos.houses(s).is_empty());
            seen[2] |= pos.offer().is_some();
            seen[3] |= rules.stores() && pos.captured(Side::South) > 0;
            // Every mode on some positions; the plain one on every tenth.
            let opts = match k % 10 {
                0 => Options::default(),
                3 => Options {
                    interactive: true,
                    ..Options::default()
                },
                6 => Options {
                    seeds: Seeds::Dots,
                    labels: false,
                    ..Options::default()
                },
                _ => continue,
            };
            check_picture(rules, pos, &opts, what);
        }
    }
    assert_eq!(
        seen, [true; 4],
        "traded pits, houses, offers and filled stores were all drawn"
    );
}

/// `interactive` adds the page's hooks, and nothing else does.
#[test]
fn interactive_alone_adds_data_and_classes() {
    let v = bundled("kalah");
    let scene = Scene::of_position(&v, &Position::initial(&v));
    let marks = Marks {
        legal: v.home_row(Side::South),
        ..Marks::default()
    };
    let plain = read(&svg(&v, &scene, &marks, &Options::default()));
    assert_eq!(plain.data_pit_attrs, 0);
    assert_eq!(plain.class_attrs, 0);
    let live = read(&svg(
        &v,
        &scene,
        &marks,
        &Options {
            interactive: true,
            ..Options::default()
        },
    ));
    assert_eq!(live.data_pit_attrs, v.pits());
    for (p, label) in pits(&v) {
        let pv = &live.pits[&label];
        let want = if marks.legal.contains(p) {
            "pit legal"
        } else {
            "pit"
        };
        assert_eq!(pv.class.as_deref(), Some(want), "{label}");
        // The ring of a legal pit is drawn in both modes.
        assert_eq!(pv.thick, marks.legal.contains(p), "{label}");
        assert_eq!(plain.pits[&label].thick, marks.legal.contains(p), "{label}");
    }
    assert!(live.stores.values().all(|&(_, data)| data));
}

/// The same input gives the same bytes, from the library and the binary.
#[test]
fn output_is_deterministic() {
    let v = bundled("gore");
    let scene = Scene::of_position(&v, &Position::initial(&v));
    let opts = Options {
        seeds: Seeds::Dots,
        ..Options::default()
    };
    assert_eq!(
        svg(&v, &scene, &Marks::default(), &opts),
        svg(&v, &scene, &Marks::default(), &opts)
    );
    let a = ayla(&["draw", "toguz-kumalak", "--seeds", "dots"]);
    let b = ayla(&["draw", "toguz-kumalak", "--seeds", "dots"]);
    assert_exit(&a, 0, "draw");
    assert_eq!(a.stdout, b.stdout);
}

/// The path, worked out by hand: Kpé's South sows the 6 seeds of c
/// counter-clockwise into d, A, B, C, D and a. Each gets its number on a
/// tag; a place sown twice shows both numbers. Focus rings one place,
/// taken pits are crossed, and the picture of a finished game says so.
#[test]
fn marks_show_where_seeds_fell_and_what_was_taken() {
    let v = bundled("kpe");
    let pit = |c: char| v.pit(c.encode_utf8(&mut [0; 4])).unwrap();
    let scene = Scene::of_position(&v, &Position::initial(&v));
    let mut path: Vec<Place> = "dABCDa".chars().map(|c| Place::Pit(pit(c))).collect();
    path.push(Place::Pit(pit('d')));
    let marks = Marks {
        legal: PitSet::EMPTY,
        path,
        focus: Some(Place::Pit(pit('B'))),
        taken: PitSet::single(pit('C')),
    };
    let over = Scene {
        over: true,
        ..scene
    };
    let view = read(&svg(&v, &over, &marks, &Options::default()));
    let tag = |c: char| view.pits[&c.to_string()].texts.clone();
    assert!(tag('d').contains(&"1,7".to_owned()), "{:?}", tag('d'));
    for (k, c) in "ABCDa".chars().enumerate() {
        assert!(tag(c).contains(&(k + 2).to_string()), "{c}: {:?}", tag(c));
    }
    for c in "bc".chars() {
        assert_eq!(tag(c), vec!["6".to_owned(), c.to_string()], "{c}: no tag");
    }
    for (c, p) in &view.pits {
        assert_eq!(p.rings, usize::from(*c == "B"), "focus on {c}");
        assert_eq!(p.cross, *c == "C", "cross on {c}");
    }
    assert!(view.texts.contains(&"game over".to_owned()));
    assert!(view.bold.is_empty(), "nobody to act");
    assert!(view.title.ends_with("game over"));
}

/// Plain data that fits no board still draws: short vectors, a huge
/// count, marks naming pits and stores the board lacks, text to escape.
#[test]
fn odd_scenes_draw_without_panicking() {
    let v = bundled("kpe");
    let scene = Scene::new(State {
        seeds: vec![10_000, 21, 20],
        captured: [u32::MAX, 0],
        controller: vec![],
        sown: vec![true; 100],
        houses: vec![Some(Side::North)],
        offer: (0..=u8::MAX).map(Pit).collect(),
        to_move: Side::North,
        declined: [true; 2],
        closed: vec![true; 3],
    });
    let marks = Marks {
        legal: PitSet(u64::MAX),
        path: vec![Place::Pit(Pit(200)), Place::Store(Side::South)],
        focus: Some(Place::Pit(Pit(63))),
        taken: PitSet(1 << 60),
    };
    for seeds in [Seeds::Numbers, Seeds::Dots] {
        let opts = Options {
            seeds,
            labels: true,
            interactive: true,
            caption: Some("a < b & \"c\" \u{7}".to_owned()),
            compact: false,
        };
        let picture = svg(&v, &scene, &marks, &opts);
        let view = read(&picture);
        assert_eq!(view.pits.len(), 8);
        assert!(view.pits["a"].texts.contains(&"10000".to_owned()));
        assert!(view.pits["b"].texts.contains(&"21".to_owned()));
        if seeds == Seeds::Dots {
            // Past the cap the dots stop growing.
            assert!(view.pits["a"].dots <= MAX_DOTS as usize);
            assert_eq!(view.pits["a"].dots, view.pits["b"].dots);
            assert_eq!(view.pits["c"].dots, 20);
        }
        assert_eq!(
            view.pits["d"].count_in_title, 0,
            "missing entries are empty"
        );
        assert!(view.texts.contains(&"a < b & \"c\" ".to_owned()));
        assert!(view.texts.contains(&format!("captured {}", u32::MAX)));
    }
}

/// `ayla draw` on every bundled variant: an SVG of its start.
#[test]
fn draw_runs_on_every_bundled_variant() {
    for (id, _, _) in ayla::rules::BUNDLED {
        let o = ayla(&["draw", id]);
        assert_exit(&o, 0, id);
        let v = bundled(id);
        let view = read(&text_of(&o.stdout));
        for (p, label) in pits(&v) {
            assert_eq!(
                view.pits[&label].count_in_title,
                u32::from(v.initial()[p.index()])
            );
        }
        assert_eq!(view.stores.len(), if v.stores() { 2 } else { 0 }, "{id}");
        assert!(view.title.starts_with(&v.provenance().name), "{id}");
    }
}

#[test]
fn draw_writes_to_a_file_and_leaves_out_labels() {
    let dir = std::env::temp_dir().join(format!("ayla-draw-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("kalah.svg");
    let o = ayla(&["draw", "kalah", "--no-labels", "-o", file.to_str().unwrap()]);
    assert_exit(&o, 0, "-o");
    assert!(o.stdout.is_empty());
    let view = read(&std::fs::read_to_string(&file).unwrap());
    assert!(view.pits.values().all(|p| p.texts == vec!["4".to_owned()]));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A bad position: exit 2, with the position parser's own message.
#[test]
fn a_bad_position_is_unusable() {
    let v = bundled("kpe");
    for bad in ["6,6,6/6,6,6,6 S 0-0", "6,6,6,6/6,6,6,6 X 0-0", "nonsense"] {
        let want = ayla::notation::parse_position(&v, bad)
            .unwrap_err()
            .to_string();
        let o = ayla(&["draw", "kpe", "--position", bad]);
        assert_exit(&o, 2, bad);
        assert!(o.stdout.is_empty());
        assert!(
            text_of(&o.stderr).contains(&format!("--position: {want}")),
            "{bad}: {}",
            text_of(&o.stderr)
        );
    }
    let o = ayla(&["draw", "no-such-variant"]);
    assert_exit(&o, 2, "unknown variant");
}

/// A record with an illegal ply before the one asked for: exit 1 with
/// `check`'s words; before it, the positions still draw.
#[test]
fn an_illegal_ply_in_the_record_is_wrong() {
    let rec = "tests/bad_records/kpe-must-feed.rec";
    let check = ayla(&["check", rec]);
    assert_exit(&check, 1, "check");
    let first = text_of(&check.stdout).lines().next().unwrap().to_owned();
    assert!(first.contains("is illegal"), "{first}");
    for args in [vec![], vec!["--ply", "2"], vec!["--ply", "9"]] {
        let mut a = vec!["draw", "--record", rec];
        a.extend(&args);
        let o = ayla(&a);
        assert_exit(&o, 1, &format!("{args:?}"));
        assert!(o.stdout.is_empty());
        assert!(
            text_of(&o.stderr).contains(&first),
            "{}",
            text_of(&o.stderr)
        );
    }
    // Ply 1 is legal (the illegal one is ply 2, by check's message).
    assert!(first.contains("ply 2 "));
    let o = ayla(&["draw", "--record", rec, "--ply", "1"]);
    assert_exit(&o, 0, "--ply 1");
    read(&text_of(&o.stdout));
}

/// A recorded game: after `--ply N` the picture is the position after
/// ply N (as `check_game` replays it); past the end is unusable (exit 2);
/// the end of a finished game shows nobody to act.
#[test]
fn a_record_draws_after_any_ply() {
    let rec = "tests/golden/gore/02-trader-seed6.rec";
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rec)).unwrap();
    let game = &parse_records(&text).unwrap()[0];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/gore");
    let v = Arc::new(Variant::new(
        rulebook_for(game, &dir, &Overrides::default()).unwrap(),
    ));
    let report = check_game(&v, game).unwrap();
    let len = report.steps.len();
    for n in [0, 17, len] {
        let o = ayla(&["draw", "--record", rec, "--ply", &n.to_string()]);
        assert_exit(&o, 0, &format!("--ply {n}"));
        let pos = if n == 0 {
            &report.start
        } else {
            &report.steps[n - 1].after
        };
        let view = read(&text_of(&o.stdout));
        for (p, label) in pits(&v) {
            assert_eq!(
                view.pits[&label].count_in_title,
                u32::from(pos.seeds(p)),
                "{n}"
            );
        }
        let over = n == len && report.outcome.is_some();
        assert_eq!(view.texts.contains(&"game over".to_owned()), over, "{n}");
    }
    let o = ayla(&["draw", "--record", rec]);
    assert_exit(&o, 0, "last");
    assert_eq!(
        o.stdout,
        ayla(&["draw", "--record", rec, "--ply", &len.to_string()]).stdout
    );
    let past = (len + 1).to_string();
    let o = ayla(&["draw", "--record", rec, "--ply", &past]);
    assert_exit(&o, 2, "past the end");
    assert!(
        text_of(&o.stderr).contains(&format!("--ply {past}: the game has {len} plies")),
        "{}",
        text_of(&o.stderr)
    );
    // `--ply` and `--path` mean nothing without a record.
    assert_exit(&ayla(&["draw", "gore", "--ply", "1"]), 2, "--ply alone");
}

/// `--path`, worked out by hand: Kpé's first ply `c` sows its 6 seeds
/// into d, A, B, C, D and a (docs/notation.md's order; the crate's own
/// example gives the position after it, `7,6,0,7/7,7,7,7`).
#[test]
fn path_numbers_the_seeds_of_the_last_ply() {
    let dir = std::env::temp_dir().join(format!("ayla-draw-path-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("kpe.rec");
    std::fs::write(&rec, "[Variant \"kpe\"]\n\n1. c\n").unwrap();
    let o = ayla(&["draw", "--record", rec.to_str().unwrap(), "--path"]);
    assert_exit(&o, 0, "--path");
    let view = read(&text_of(&o.stdout));
    for (k, c) in "dABCDa".chars().enumerate() {
        assert!(
            view.pits[&c.to_string()]
                .texts
                .contains(&(k + 1).to_string()),
            "{c}"
        );
        assert_eq!(
            view.pits[&c.to_string()].texts.len(),
            3,
            "{c}: count, tag, label"
        );
    }
    for c in "bc".chars() {
        assert_eq!(
            view.pits[&c.to_string()].texts.len(),
            2,
            "{c}: count, label"
        );
    }
    // Without `--path`, no tags.
    let o = ayla(&["draw", "--record", rec.to_str().unwrap()]);
    assert!(
        read(&text_of(&o.stdout))
            .pits
            .values()
            .all(|p| p.texts.len() == 2)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--path` on stores and laps: each place's tag lists the numbers of
/// the drops of the reference trace that fell there, for Kalah's golden
/// games (seeds into the stores) ply after ply.
#[test]
fn path_follows_the_trace_into_stores() {
    use ayla::reference::trace::{Event, trace};
    let rec = "tests/golden/kalah/01-greedy-seed2.rec";
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rec);
    let game = &parse_records(&std::fs::read_to_string(&path).unwrap()).unwrap()[0];
    let rules = rulebook_for(game, path.parent().unwrap(), &Overrides::default()).unwrap();
    let v = Arc::new(Variant::new(rules));
    let report = check_game(&v, game).unwrap();
    let mut into_store = false;
    for n in 1..=report.steps.len().min(12) {
        let before = if n == 1 {
            &report.start
        } else {
            &report.steps[n - 2].after
        };
        let frames = trace(&v, &before.to_state(&v), report.steps[n - 1].ply).unwrap();
        let drops: Vec<Place> = frames
            .iter()
            .filter_map(|f| match f.event {
                Event::Drop(p) => Some(p),
                _ => None,
            })
            .collect();
        let o = ayla(&["draw", "--record", rec, "--ply", &n.to_string(), "--path"]);
        assert_exit(&o, 0, &format!("ply {n}"));
        let picture = text_of(&o.stdout);
        let doc = roxmltree::Document::parse(&picture).unwrap();
        // The tag of each place: the texts drawn in white (tags alone are).
        let tags = |title_start: &str| -> Vec<String> {
            doc.descendants()
                .filter(|g| {
                    g.tag_name().name() == "g"
                        && g.children().any(|t| {
                            t.tag_name().name() == "title"
                                && t.text().is_some_and(|x| x.starts_with(title_start))
                        })
                })
                .flat_map(|g| g.children())
                .filter(|t| t.tag_name().name() == "text" && t.attribute("fill") == Some("#fff"))
                .map(|t| t.text().unwrap().to_owned())
                .collect()
        };
        let places = pits(&v)
            .map(|(p, l)| (Place::Pit(p), format!("{l}: ")))
            .chain(Side::BOTH.map(|s| (Place::Store(s), format!("{s}'s store"))));
        for (place, title) in places {
            let want: Vec<String> = drops
                .iter()
                .enumerate()
                .filter(|&(_, d)| *d == place)
                .map(|(i, _)| (i + 1).to_string())
                .collect();
            let want = if want.is_empty() {
                vec![]
            } else {
                vec![want.join(",")]
            };
            assert_eq!(tags(&title), want, "ply {n}, {title}");
            into_store |= matches!(place, Place::Store(_)) && !want.is_empty();
        }
    }
    assert!(into_store, "some seed fell into a store");
}

/// Not a check: writes sample pictures to target/renders for a person to
/// look at (`cargo test --test it draw:: -- --ignored renders`).
#[test]
#[ignore]
fn renders() {
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/renders");
    std::fs::create_dir_all(&out).unwrap();
    let draw = |name: &str, args: &[&str]| {
        let mut a = vec!["draw"];
        a.extend(args);
        let file = out.join(format!("{name}.svg"));
        a.extend(["-o", file.to_str().unwrap()]);
        assert_exit(&ayla(&a), 0, name);
    };
    draw("kpe-start", &["kpe"]);
    draw("kalah", &["kalah"]);
    draw(
        "gore-trade",
        &[
            "--record",
            "tests/golden/gore/02-trader-seed6.rec",
            "--ply",
            "17",
        ],
    );
    draw(
        "gore-offer-dots",
        &[
            "gore",
            "--seeds",
            "dots",
            "--position",
            "6,0,4,5/11,4,3,1 N 0-14 owners=SSSS/SNNN offer=c,d",
        ],
    );
    // Toguz Kumalak with a house (by the golden game's last position).
    draw(
        "toguz-kumalak-house",
        &[
            "--record",
            "tests/golden/toguz-kumalak/04-big-greedy-seed1.rec",
        ],
    );
    draw(
        "qelat",
        &["--record", "tests/golden/qelat/01-greedy-seed1.rec"],
    );
    draw("anywoli", &["anywoli", "--seeds", "dots"]);
    // Marks, from the library.
    let v = bundled("kpe");
    let pit = |c: char| v.pit(c.encode_utf8(&mut [0; 4])).unwrap();
    let scene = Scene::of_position(&v, &Position::initial(&v));
    let marks = Marks {
        legal: v.home_row(Side::South),
        path: "dABCDa".chars().map(|c| Place::Pit(pit(c))).collect(),
        focus: Some(Place::Pit(pit('a'))),
        taken: PitSet::single(pit('C')),
    };
    let opts = Options {
        caption: Some("Kpé: South sows c (marks: legal, path, focus, taken)".to_owned()),
        ..Options::default()
    };
    std::fs::write(out.join("kpe-marks.svg"), svg(&v, &scene, &marks, &opts)).unwrap();
    // The longest relay of Owela's golden positions: tags wrapped and cut.
    let (v, scene, path) = longest_relay("owela");
    let marks = Marks {
        path,
        ..Marks::default()
    };
    let picture = svg(&v, &scene, &marks, &Options::default());
    std::fs::write(out.join("owela-long-relay.svg"), picture).unwrap();
}

/// `--path` on the longest relays from the four-row golden games'
/// positions: the tag of the pit a ply drops most seeds into holds many
/// numbers, and stays on the picture and off the neighbouring pits (it
/// wraps onto more lines rather than run on).
#[test]
fn a_long_relay_keeps_its_tags_on_the_board() {
    let mut longest = 0;
    for id in ["owela", "moruba", "bao-la-kujifunza"] {
        let (v, scene, path) = longest_relay(id);
        longest = longest.max(most_visits(&path));
        let marks = Marks {
            path,
            ..Marks::default()
        };
        tags_stay_put(&svg(&v, &scene, &marks, &Options::default()), id);
    }
    // Four numbers or more, two of two digits at least: one line would
    // be wider than a pit.
    assert!(longest >= 4, "a pit visited {longest} times at most");
}

/// Of every ply legal in `id`'s golden positions, the one that drops
/// most seeds into one place: the picture after it and its drops.
fn longest_relay(id: &str) -> (Arc<Variant>, Scene, Vec<Place>) {
    use ayla::reference::trace::{Event, trace};
    let mut best = None;
    let mut most = 0;
    for (v, pos, _) in golden_positions(id) {
        let mut plies = Vec::new();
        ayla::engine::Game::from_position(Arc::clone(&v), pos).legal_plies(&mut plies);
        for ply in plies {
            let Ok(frames) = trace(&v, &pos.to_state(&v), ply) else {
                continue;
            };
            let drops: Vec<Place> = frames
                .iter()
                .filter_map(|f| match f.event {
                    Event::Drop(p) => Some(p),
                    _ => None,
                })
                .collect();
            if most_visits(&drops) > most
                && let Some(last) = frames.last()
            {
                most = most_visits(&drops);
                best = Some((Arc::clone(&v), Scene::new(last.state.clone()), drops));
            }
        }
    }
    best.unwrap_or_else(|| panic!("{id}: no ply drops a seed"))
}

fn most_visits(path: &[Place]) -> usize {
    // Counted in one pass: a long relay drops tens of thousands of seeds.
    let mut visits = std::collections::HashMap::new();
    for p in path {
        *visits.entry(*p).or_insert(0usize) += 1;
    }
    visits.into_values().max().unwrap_or(0)
}

/// Every tag (a black rect and its white texts) of `picture` inside the
/// viewBox, and over no pit but its own.
fn tags_stay_put(picture: &str, what: &str) {
    let doc = roxmltree::Document::parse(picture).unwrap();
    let root = doc.root_element();
    let view: Vec<f64> = root
        .attribute("viewBox")
        .unwrap()
        .split(' ')
        .map(|x| x.parse().unwrap())
        .collect();
    let f = |n: roxmltree::Node, a: &str| -> f64 { n.attribute(a).unwrap().parse().unwrap() };
    let circles: Vec<(f64, f64, f64)> = doc
        .descendants()
        .filter(|c| c.tag_name().name() == "circle" && c.attribute("fill") == Some("#fff"))
        .map(|c| (f(c, "cx"), f(c, "cy"), f(c, "r")))
        .collect();
    let mut tags = 0;
    for g in doc.descendants().filter(|g| g.tag_name().name() == "g") {
        for t in g
            .children()
            .filter(|t| t.tag_name().name() == "text" && t.attribute("fill") == Some("#fff"))
        {
            let text = t.text().unwrap_or("");
            // A bold digit or comma of 9.5 is at most 5.6 across.
            let half = text.chars().count() as f64 * 5.6 / 2.0;
            let (x, y) = (f(t, "x"), f(t, "y"));
            assert!(
                x - half >= view[0] && x + half <= view[0] + view[2] && y <= view[1] + view[3],
                "{what}: tag {text:?} at {x} runs off the picture ({view:?})"
            );
        }
        for r in g
            .children()
            .filter(|r| r.tag_name().name() == "rect" && r.attribute("fill") == Some("#000"))
        {
            tags += 1;
            let (x, y, w, h) = (f(r, "x"), f(r, "y"), f(r, "width"), f(r, "height"));
            assert!(
                x >= 0.0 && x + w <= view[2] && y + h <= view[3],
                "{what}: tag off the picture"
            );
            // Pits the tag covers: its own at most (the one its group draws).
            let own: Vec<_> = g
                .children()
                .filter(|c| c.tag_name().name() == "circle" && c.attribute("fill") == Some("#fff"))
                .map(|c| (f(c, "cx"), f(c, "cy")))
                .collect();
            for &(cx, cy, cr) in &circles {
                if own.contains(&(cx, cy)) {
                    continue;
                }
                let nx = cx.clamp(x, x + w);
                let ny = cy.clamp(y, y + h);
                assert!(
                    (nx - cx).hypot(ny - cy) >= cr,
                    "{what}: a tag at ({x}, {y}) {w} wide runs over the pit at ({cx}, {cy})"
                );
            }
        }
    }
    assert!(tags > 0, "{what}: no tag drawn");
}

/// A later game of a match: a pit out of play is struck out, with no
/// count and the note `out of play`; a pit handed across carries its
/// controller's tag, in every mode.
#[test]
fn pits_out_of_play_and_handed_across_are_drawn() {
    let rules = crate::common::rules_of(
        "[board]\npits_per_row = 4\nseeds_per_pit = 3\n[match]\nnext_first = \"loser\"\nunfilled = \"to-opponent\"\n",
    );
    let pos =
        ayla::notation::parse_position(&rules, "3,3,3,3/3,3,3,0 N 2-1 owners=SSSS/NNSN closed=D")
            .unwrap();
    for opts in [
        Options::default(),
        Options {
            interactive: true,
            ..Options::default()
        },
        Options {
            seeds: Seeds::Dots,
            labels: false,
            ..Options::default()
        },
    ] {
        check_picture(&rules, &pos, &opts, "a later game of a match");
    }
}
