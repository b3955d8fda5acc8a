//! The documentation against the code.
//!
//! `docs/rule-language.md` must name every key of the rule language as
//! `` `section.key` ``. The keys are those of the declaration
//! (`rules::keys::KEYS`), checked here against the loader itself: table by
//! table, the loader's "unknown key" message must list exactly these keys,
//! and its "unknown value" message exactly the declared words; each key,
//! given a value of the wrong type, must draw an error naming it; and the
//! bundled rule files may use no other key. So a key added to the schema
//! and not declared fails here, and so does a declared key missing from
//! the schema or the documentation.
//!
//! The example files under `docs/examples/` must load, validate without
//! warnings, and have plies to play.

use ayla::engine::Game;
use ayla::engine::Variant;
use ayla::rules::{self, LoadError, Located};
use ayla::search::perft;
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::LazyLock;

/// Every key of the rule language, as dotted paths (`<name>` stands for
/// the free name of a reading): the declaration's, which the tests below
/// hold to the loader and the docs.
static KEYS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| rules::keys::KEYS.iter().map(|k| k.path).collect());

/// The keys whose values are words, each spelled as in a rule file.
static WORD_KEYS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    rules::keys::KEYS
        .iter()
        .filter(|k| k.words().is_some())
        .map(|k| k.path)
        .collect()
});

/// The name the probes give their reading.
const READING: &str = "probe";

fn doc_text() -> String {
    fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rule-language.md"))
        .expect("docs/rule-language.md")
}

/// The section a key belongs to (`capture`, `readings.<name>`, …) and its field.
fn split(key: &str) -> (&str, &str) {
    key.rsplit_once('.').unwrap_or(("", key))
}

/// A section of a probe file: its header, its dotted name, its keys.
type Section = (String, String, Vec<(String, String)>);

fn section(header: &str, name: &str, keys: &[(&str, &str)]) -> Section {
    (
        header.to_owned(),
        name.to_owned(),
        keys.iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
    )
}

/// A valid file that sets every table, with `changes` applied: each
/// `(key, value)` replaces the key's value (or adds the key), the value
/// written as TOML. Houses cannot go with trading, so a probe of a
/// `houses` key has a `[houses]` table and no `[trading]`; every other
/// probe has trading and no houses. A probe of a `match` key has a
/// `[match]` table and no `[trading]`. A probe of a `column_capture` key
/// (or of `board.rows`) is a board of four rows, which takes none of the
/// two-row captures, houses, trading or match.
fn probe_file(changes: &[(&str, &str)]) -> String {
    let houses = changes.iter().any(|(k, _)| k.starts_with("houses."));
    let four = changes
        .iter()
        .any(|(k, _)| k.starts_with("column_capture.") || *k == "board.rows");
    let reading = format!("readings.{READING}");
    let mut sections: Vec<Section> = vec![
        section(
            "[variant]",
            "variant",
            &[("id", "\"probe\""), ("name", "\"Probe\"")],
        ),
        section(
            "[board]",
            "board",
            &[("pits_per_row", "4"), ("seeds_per_pit", "4")],
        ),
        section("[sowing]", "sowing", &[("direction", "\"clockwise\"")]),
        section("[moves]", "moves", &[("sow_from", "\"controlled\"")]),
        section(
            "[capture]",
            "capture",
            &[
                ("counts", "[2, 3]"),
                ("landing", "\"anywhere\""),
                ("chain", "\"both\""),
                ("chain_zone", "\"anywhere\""),
                ("lock", "\"all-home-pits-sown\""),
                ("lock_release_may_capture", "true"),
            ],
        ),
        section(
            "[trading]",
            "trading",
            &[
                ("enabled", "true"),
                ("max_pits", "2"),
                ("price_per_pit", "3"),
                ("keep_at_least", "1"),
                ("only_if_affordable", "true"),
            ],
        ),
        section(
            "[opposite_capture]",
            "opposite_capture",
            &[("when_opposite_empty", "\"nothing\"")],
        ),
        section("[sowing_capture]", "sowing_capture", &[("counts", "[4]")]),
        section(
            "[beyond_capture]",
            "beyond_capture",
            &[("zone", "\"anywhere\"")],
        ),
        section(
            "[houses]",
            "houses",
            &[("made_at", "3"), ("opponent_row", "[1, 2, 3]")],
        ),
        section(
            "[column_capture]",
            "column_capture",
            &[
                ("when", "\"occupied\""),
                ("takes", "\"inner-and-outer\""),
                ("then", "\"resown\""),
                ("resow_from", "\"after-landing\""),
            ],
        ),
        section("[end]", "end", &[("repetition", "3")]),
        section("[match]", "match", &[("next_first", "\"loser\"")]),
        section(
            "[[interpretation]]",
            "interpretation",
            &[
                ("key", "\"board.first\""),
                ("point", "\"Who moves first?\""),
                ("assumed", "\"South.\""),
                ("reason", "\"Sources silent.\""),
            ],
        ),
        section(
            &format!("[{reading}]"),
            &reading,
            &[
                ("point", "\"How many repetitions?\""),
                ("reason", "\"A probe.\""),
                ("default", "\"usual\""),
                (
                    "alternatives",
                    "{ usual = { end.repetition = 3 }, second = { end.repetition = 2 } }",
                ),
            ],
        ),
    ];
    if four {
        let two_rows_only = [
            "capture",
            "trading",
            "opposite_capture",
            "sowing_capture",
            "beyond_capture",
            "houses",
            "match",
        ];
        sections.retain(|s| !two_rows_only.contains(&s.1.as_str()));
        let board = sections.iter_mut().find(|s| s.1 == "board").unwrap();
        board.2.insert(0, ("rows".to_owned(), "4".to_owned()));
    } else {
        sections.retain(|s| s.1 != if houses { "trading" } else { "houses" });
        sections.retain(|s| s.1 != "column_capture");
        // A match is not defined with trading: a probe of a `match` key
        // has [match] and no [trading]; every other probe trades.
        let matches = changes.iter().any(|(k, _)| k.starts_with("match."));
        sections.retain(|s| s.1 != if matches { "trading" } else { "match" });
    }
    for &(key, value) in changes {
        let key = key.replace("<name>", READING);
        let (table, field) = split(&key);
        let s = sections
            .iter_mut()
            .find(|s| s.1 == table)
            .unwrap_or_else(|| panic!("no section for {key}"));
        match s.2.iter_mut().find(|(k, _)| k == field) {
            Some(kv) => kv.1 = value.to_owned(),
            None => s.2.push((field.to_owned(), value.to_owned())),
        }
    }
    let mut out = String::new();
    for (header, _, keys) in sections {
        out.push_str(&format!("\n{header}\n"));
        for (k, v) in keys {
            out.push_str(&format!("{k} = {v}\n"));
        }
    }
    out
}

/// The errors of loading `text`, keys normalised to the form of [`KEYS`]
/// (`interpretation.[0].key` → `interpretation.key`, the probe's reading
/// name → `<name>`). Empty if it loads.
fn errors(text: &str) -> Vec<Located> {
    match rules::parse("probe.toml", text) {
        Ok(_) => vec![],
        Err(LoadError::Invalid(v)) => v
            .into_iter()
            .map(|mut l| {
                l.key = l
                    .key
                    .replace(".[0]", "")
                    .replace(&format!("readings.{READING}"), "readings.<name>");
                l
            })
            .collect(),
        Err(e) => panic!("unexpected error: {e}"),
    }
}

/// The choices a message lists after the word it rejects:
/// "unknown key `x`, expected one of `a`, `b` (did you mean `a`?)" → a, b.
fn choices(message: &str) -> BTreeSet<String> {
    let listed = message.split(" (did you mean").next().unwrap();
    listed
        .split('`')
        .skip(1)
        .step_by(2)
        .skip(1)
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_probe_file_is_valid() {
    let e = errors(&probe_file(&[]));
    assert!(e.is_empty(), "{e:?}\n{}", probe_file(&[]));
}

#[test]
fn every_key_is_documented() {
    let doc = doc_text();
    let missing: Vec<&&str> = KEYS
        .iter()
        .filter(|k| !doc.contains(&format!("`{k}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "keys not documented in docs/rule-language.md: {missing:?}"
    );
}

#[test]
fn every_word_value_is_documented() {
    let doc = doc_text();
    for key in WORD_KEYS.iter() {
        assert!(KEYS.contains(key), "{key} is not in KEYS");
        let e = errors(&probe_file(&[(key, "\"zzz-not-a-value\"")]));
        let err = e
            .iter()
            .find(|l| l.key == *key && l.message.starts_with("unknown value"))
            .unwrap_or_else(|| panic!("{key}: no `unknown value` error in {e:?}"));
        let values = choices(&err.message);
        assert!(!values.is_empty(), "{key}: {}", err.message);
        // The declaration's words are the loader's.
        let declared = rules::keys::KEYS
            .iter()
            .find(|k| k.path == *key)
            .and_then(|k| k.words())
            .unwrap_or_default();
        let names: BTreeSet<String> = declared.iter().map(|w| (*w).to_owned()).collect();
        assert_eq!(
            names, values,
            "{key}: the declared words against the loader's"
        );
        for v in values {
            assert!(
                doc.contains(&format!("`\"{v}\"`")),
                "{key}: the value \"{v}\" is not documented as `\"{v}\"`"
            );
        }
    }
}

#[test]
fn the_top_level_entries_are_the_loaders() {
    let listed: BTreeSet<&str> = KEYS.iter().map(|k| k.split('.').next().unwrap()).collect();
    let loader: BTreeSet<&str> = rules::SECTIONS.iter().copied().collect();
    assert_eq!(listed, loader, "KEYS against rules::SECTIONS");
    // And an entry not among them is rejected, naming them.
    let e = errors(&format!("zzz_not_a_table = 1\n{}", probe_file(&[])));
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].key, "zzz_not_a_table");
    let named: BTreeSet<String> = choices(&e[0].message);
    let expected: BTreeSet<String> = loader.iter().map(|s| (*s).to_owned()).collect();
    assert_eq!(named, expected, "{}", e[0].message);
}

#[test]
fn every_table_has_exactly_the_listed_keys() {
    let tables: BTreeSet<&str> = KEYS
        .iter()
        .filter(|k| k.contains('.'))
        .map(|k| split(k).0)
        .collect();
    for table in tables {
        let probe = format!("{table}.zzz_not_a_key");
        let e = errors(&probe_file(&[(&probe, "1")]));
        let err = e
            .iter()
            .find(|l| l.key == probe)
            .unwrap_or_else(|| panic!("{table}: an unknown key was not rejected: {e:?}"));
        assert!(
            err.message.starts_with("unknown key `zzz_not_a_key`"),
            "{table}: {}",
            err.message
        );
        let loader = choices(&err.message);
        let listed: BTreeSet<String> = KEYS
            .iter()
            .filter(|k| split(k).0 == table)
            .map(|k| split(k).1.to_owned())
            .collect();
        assert_eq!(
            listed, loader,
            "the keys of {table}: KEYS against the loader"
        );
    }
}

#[test]
fn every_listed_key_is_read_by_the_loader() {
    // A value of the wrong type (an empty table) draws an error naming the key.
    for key in KEYS.iter() {
        let text = if *key == "extends" {
            format!("extends = {{}}\n{}", probe_file(&[]))
        } else {
            probe_file(&[(key, "{}")])
        };
        let e = errors(&text);
        assert!(
            e.iter().any(|l| l.key == *key),
            "{key}: no error names it: {e:?}\n{text}"
        );
    }
}

#[test]
fn the_extends_entry_names_every_bundled_id() {
    let doc = doc_text();
    let entry = doc
        .split("#### `extends`")
        .nth(1)
        .and_then(|rest| rest.split("\n#### ").next())
        .expect("an entry for `extends`");
    for (id, _, _) in rules::BUNDLED {
        assert!(
            entry.contains(&format!("`\"{id}\"`")),
            "the `extends` entry does not name the bundled id {id}"
        );
    }
}

#[test]
fn a_wrong_type_is_told_in_the_files_words() {
    // serde says "expected a sequence" of a list; a rule file says "list".
    for key in KEYS.iter().filter(|k| **k != "extends") {
        let e = errors(&probe_file(&[(key, "true")]));
        for l in e.iter().filter(|l| l.key == *key) {
            assert!(!l.message.contains("sequence"), "{key}: {}", l.message);
        }
    }
}

/// The keys a rule file uses, in the form of [`KEYS`].
fn keys_of(text: &str) -> BTreeSet<String> {
    let table: toml::Table = text.parse().expect("TOML");
    let mut out = BTreeSet::new();
    for (k, v) in &table {
        match v {
            toml::Value::Table(t) if k == "readings" => {
                for body in t.values() {
                    let body = body.as_table().expect("a reading is a table");
                    for field in body.keys() {
                        out.insert(format!("readings.<name>.{field}"));
                    }
                }
            }
            toml::Value::Table(t) => {
                for field in t.keys() {
                    out.insert(format!("{k}.{field}"));
                }
            }
            toml::Value::Array(a) if a.iter().all(toml::Value::is_table) && !a.is_empty() => {
                for entry in a {
                    for field in entry.as_table().unwrap().keys() {
                        out.insert(format!("{k}.{field}"));
                    }
                }
            }
            _ => {
                out.insert(k.clone());
            }
        }
    }
    out
}

#[test]
fn the_bundled_rule_files_use_only_listed_keys() {
    let mut used = BTreeSet::new();
    for (id, _, text) in rules::BUNDLED {
        for k in keys_of(text) {
            assert!(
                KEYS.contains(&k.as_str()),
                "{id} uses `{k}`, which is not in KEYS"
            );
            used.insert(k);
        }
    }
    // The bundled files exercise most of the language.
    assert!(
        used.len() >= 30,
        "only {} keys in use: {used:?}",
        used.len()
    );
}

#[test]
fn an_unknown_key_is_rejected_with_a_suggestion() {
    let e = errors(&probe_file(&[("sowing.skip_orign", "true")]));
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].key, "sowing.skip_orign");
    assert!(
        e[0].message.ends_with("(did you mean `skip_origin`?)"),
        "{}",
        e[0].message
    );
}

#[test]
fn the_interpretable_keys_are_the_rule_keys() {
    // The tables of rules: every section but the file's identity and notes.
    let not_rules = ["extends", "variant", "readings", "interpretation"];
    let rule_tables: Vec<&str> = rules::SECTIONS
        .iter()
        .copied()
        .filter(|t| !not_rules.contains(t))
        .collect();
    let listed: BTreeSet<&str> = KEYS
        .iter()
        .copied()
        .filter(|k| rule_tables.contains(&split(k).0))
        .collect();
    let loader: BTreeSet<&str> = rules::INTERPRETABLE_KEYS.iter().copied().collect();
    assert_eq!(listed, loader);
}

fn examples() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples");
    let mut v: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("docs/examples")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    v.sort();
    assert!(
        v.len() >= 2,
        "expected the examples of writing-a-variant.md"
    );
    v
}

#[test]
fn the_examples_load_and_have_plies() {
    for path in examples() {
        let r = rules::load_file(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut game = Game::new(Variant::new(r.clone()));
        let n = perft(&mut game, 3);
        assert!(n > 0, "{}: perft(3) = 0", path.display());
    }
}

#[test]
fn the_examples_validate_without_warnings() {
    for path in examples() {
        let out = Command::new(env!("CARGO_BIN_EXE_ayla"))
            .args(["rules", "validate"])
            .arg(&path)
            .output()
            .expect("run ayla");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{}: {stdout}", path.display());
        assert!(
            !stdout.contains("warning") && stdout.trim_end().ends_with(')'),
            "{}: {stdout}",
            path.display()
        );
    }
}

#[test]
fn the_walkthrough_shows_the_example_files_as_they_are() {
    // Every line of the final files appears in docs/writing-a-variant.md.
    let guide =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/writing-a-variant.md"))
            .expect("docs/writing-a-variant.md");
    for path in examples() {
        let text = fs::read_to_string(&path).unwrap();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            assert!(
                guide.contains(line),
                "{}: the line {line:?} is not in the walkthrough",
                path.display()
            );
        }
    }
}

/// One command of a transcript and what the guide says it prints.
struct Step {
    /// The line of the guide the command is on, for messages.
    line: usize,
    /// The words after `$ `.
    words: Vec<String>,
    /// The lines it prints; a line `…` alone stands for any lines.
    expected: Vec<String>,
}

/// A fenced block with the info string `console` (run in a scratch
/// directory holding a copy of the checkout's `docs/examples`, so that
/// paths read as from the top of a checkout) or `console DIR` (run in the
/// checkout's DIR).
struct Transcript {
    dir: Option<String>,
    steps: Vec<Step>,
}

/// The words of a command line, double quotes grouping (all the guide needs).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut started) = (false, false);
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                }
                started = false;
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

fn transcripts(md: &str) -> Vec<Transcript> {
    let mut out = Vec::new();
    let mut current: Option<Transcript> = None;
    // A block in a list item is indented; its lines lose the indent.
    let mut indent = 0;
    for (i, line) in md.lines().enumerate() {
        let line = match &current {
            Some(_) => line.get(indent..).unwrap_or(line.trim_start()),
            None => {
                indent = line.len() - line.trim_start().len();
                line.trim_start()
            }
        };
        match &mut current {
            None => {
                if let Some(info) = line.strip_prefix("```console") {
                    let dir = info.trim();
                    current = Some(Transcript {
                        dir: (!dir.is_empty()).then(|| dir.to_owned()),
                        steps: Vec::new(),
                    });
                }
            }
            Some(t) if line.starts_with("```") => {
                assert!(!t.steps.is_empty(), "line {}: an empty transcript", i + 1);
                out.push(current.take().expect("in a block"));
            }
            Some(t) => {
                if let Some(cmd) = line.strip_prefix("$ ") {
                    t.steps.push(Step {
                        line: i + 1,
                        words: shell_words(cmd),
                        expected: Vec::new(),
                    });
                } else {
                    let step = t.steps.last_mut().unwrap_or_else(|| {
                        panic!("line {}: output before the first `$ ` command", i + 1)
                    });
                    step.expected.push(line.to_owned());
                }
            }
        }
    }
    assert!(current.is_none(), "an unclosed ```console block");
    out
}

/// Whether `got` is `expected`, a line `…` in `expected` standing for any
/// run of lines, and a `…` within a line for any text (a date, a
/// directory; a literal `…` matches itself).
fn lines_match(expected: &[String], got: &[&str]) -> bool {
    match expected.split_first() {
        None => got.is_empty(),
        Some((e, rest)) if e == "…" => (0..=got.len()).any(|k| lines_match(rest, &got[k..])),
        Some((e, rest)) => got
            .split_first()
            .is_some_and(|(g, grest)| line_matches(e, g) && lines_match(rest, grest)),
    }
}

fn line_matches(expected: &str, got: &str) -> bool {
    let parts: Vec<&str> = expected.split('…').collect();
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if parts.len() == 1 {
        return expected == got;
    }
    if !got.starts_with(first) || got.len() < first.len() + last.len() || !got.ends_with(last) {
        return false;
    }
    let mut rest = &got[first.len()..got.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    true
}

/// Copies a directory tree (the guide's example files, into a scratch
/// directory where commands may write).
fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &target);
        } else {
            fs::copy(e.path(), target).unwrap();
        }
    }
}

/// What a step prints: `ayla …` run on the built binary, `cat FILE` read.
/// The input of an `ayla play` is the guide's prompt lines (`South> b`):
/// the pit labels are fed to it, and, as a terminal would, echoed after
/// their prompts in what it prints.
fn run_step(step: &Step, dir: &Path) -> String {
    let (program, args) = step.words.split_first().expect("a command");
    match program.as_str() {
        "cat" => fs::read_to_string(dir.join(&args[0]))
            .unwrap_or_else(|e| panic!("line {}: {}: {e}", step.line, args[0])),
        "ayla" => {
            let prompts: Vec<(String, String)> = step
                .expected
                .iter()
                .filter_map(|l| {
                    let (side, input) = l.split_once("> ")?;
                    ["South", "North"]
                        .contains(&side)
                        .then(|| (format!("{side}> "), input.to_owned()))
                })
                .collect();
            let mut child = Command::new(env!("CARGO_BIN_EXE_ayla"))
                .args(args)
                .current_dir(dir)
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("run ayla");
            {
                use std::io::Write;
                let mut stdin = child.stdin.take().expect("piped");
                for (_, input) in &prompts {
                    writeln!(stdin, "{input}").expect("write the input");
                }
            }
            let out = child.wait_with_output().expect("ayla ends");
            let mut text = String::from_utf8_lossy(&out.stdout).into_owned()
                + &String::from_utf8_lossy(&out.stderr);
            // Echo each input after its prompt.
            let mut from = 0;
            for (prompt, input) in &prompts {
                let Some(at) = text[from..].find(prompt.as_str()) else {
                    break;
                };
                let end = from + at + prompt.len();
                text.insert_str(end, &format!("{input}\n"));
                from = end + input.len() + 1;
            }
            text
        }
        other => panic!(
            "line {}: the test runs `ayla` and `cat`, not `{other}`",
            step.line
        ),
    }
}

#[test]
fn the_guide_transcripts_are_what_ayla_prints() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let guide = fs::read_to_string(root.join("docs/writing-a-variant.md")).expect("the guide");
    let blocks = transcripts(&guide);
    assert!(blocks.len() >= 8, "only {} transcripts", blocks.len());
    // One directory for the whole guide, as a reader's checkout: what a
    // command writes (a saved game) is there for the next block, outside
    // the real checkout, and gone after.
    let scratch = std::env::temp_dir().join(format!("ayla-guide-{}", std::process::id()));
    let _ = fs::remove_dir_all(&scratch);
    copy_tree(&root.join("docs/examples"), &scratch.join("docs/examples"));
    for block in &blocks {
        let dir = match &block.dir {
            Some(d) => root.join(d),
            None => scratch.clone(),
        };
        for step in &block.steps {
            let got = run_step(step, &dir);
            let got: Vec<&str> = got.trim_end().lines().collect();
            let mut expected = step.expected.clone();
            while expected.last().is_some_and(|l| l.is_empty()) {
                expected.pop();
            }
            assert!(
                lines_match(&expected, &got),
                "docs/writing-a-variant.md:{}: `$ {}` prints\n{}\nnot\n{}",
                step.line,
                step.words.join(" "),
                got.join("\n"),
                expected.join("\n")
            );
        }
    }
    let _ = fs::remove_dir_all(&scratch);
}

/// The inline code spans of a Markdown text outside fenced blocks, each
/// with its line number.
fn code_spans(text: &str) -> Vec<(usize, String)> {
    let mut spans = Vec::new();
    let mut fenced = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Between odd and even backquotes; a double-backquote span
        // (`` `x` ``) is read as its inner text.
        let line = line.replace("``", "`");
        spans.extend(
            line.split('`')
                .skip(1)
                .step_by(2)
                .map(|s| (i + 1, s.trim().to_owned())),
        );
    }
    spans
}

/// The user docs a reader takes as true of the program today: docs/*.md
/// and the README. docs/design/ holds plans, whose keys may not exist yet.
fn user_docs() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
        .into_iter()
        .map(|p| {
            let name = p.strip_prefix(root).unwrap().display().to_string();
            (name, fs::read_to_string(&p).unwrap())
        })
        .collect()
}

/// A code span that names a rule key (`capture.chain`, or with a value,
/// `capture.chain = "backward"`): the key, in the form of [`KEYS`], and
/// the value as written, if any.
fn named_key(span: &str) -> Option<(String, Option<String>)> {
    let (key, value) = match span.split_once(" = ") {
        Some((k, v)) => (k.trim(), Some(v.trim().to_owned())),
        None => (span, None),
    };
    let (table, field) = key.split_once('.')?;
    let tables: BTreeSet<&str> = KEYS.iter().map(|k| k.split('.').next().unwrap()).collect();
    let plain = |s: &str| s.chars().all(|c| c.is_ascii_lowercase() || c == '_');
    if !tables.contains(table) || !plain(field.split('.').next().unwrap_or_default()) {
        return None;
    }
    // A reading's keys name it: `readings.skip.default` → `readings.<name>.default`.
    let key = match (table, field.split_once('.')) {
        ("readings", Some((_, rest))) => format!("readings.<name>.{rest}"),
        _ => key.to_owned(),
    };
    Some((key, value))
}

/// Keys the docs misspell to show the loader's answer to them.
const MISSPELT_ON_PURPOSE: &[&str] = &["sowing.skip_orign"];

/// Every key a user doc names is a key of the language, and every word
/// value it gives one of the language's words is accepted by the loader:
/// a doc that drifts from the code (a key renamed, a value never built)
/// fails here.
#[test]
fn every_key_and_value_the_docs_name_exists() {
    let mut wrong = Vec::new();
    for (file, text) in user_docs() {
        for (line, span) in code_spans(&text) {
            let Some((key, value)) = named_key(&span) else {
                continue;
            };
            if key.starts_with("readings.<name>") && !KEYS.contains(&key.as_str()) {
                // A reading's own keys are the keys it sets (`readings.x.sowing`).
                continue;
            }
            if !KEYS.contains(&key.as_str()) && !MISSPELT_ON_PURPOSE.contains(&key.as_str()) {
                wrong.push(format!("{file}:{line}: `{span}`: no key {key}"));
                continue;
            }
            let Some(value) = value.filter(|v| v.starts_with('"') && v.ends_with('"')) else {
                continue;
            };
            if !WORD_KEYS.contains(&key.as_str()) {
                continue;
            }
            let e = errors(&probe_file(&[(&key, &value)]));
            if let Some(err) = e
                .iter()
                .find(|l| l.key == key && l.message.starts_with("unknown value"))
            {
                wrong.push(format!("{file}:{line}: `{span}`: {}", err.message));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "docs name what the loader lacks:\n{}",
        wrong.join("\n")
    );
}

/// The README's table of variants lists every bundled id, and no other.
#[test]
fn the_readme_lists_every_bundled_id() {
    let readme =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let listed: BTreeSet<String> = readme
        .lines()
        .filter(|l| l.starts_with('|'))
        .filter_map(|l| l.trim_end_matches('|').rsplit('|').next())
        .flat_map(|cell| cell.split('`').skip(1).step_by(2).map(str::to_owned))
        .collect();
    let bundled: BTreeSet<String> = rules::BUNDLED
        .iter()
        .map(|(id, _, _)| (*id).to_owned())
        .collect();
    assert_eq!(
        listed, bundled,
        "the README's variant table against rules::BUNDLED"
    );
}
