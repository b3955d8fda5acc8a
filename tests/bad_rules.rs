//! Bad rule files under `tests/bad_rules/`, each with the messages it must
//! produce. Each file opens with one `# expect: <message>` line per error,
//! the whole located message (`file:line:col: `key`: what was expected`).
//! Files are loaded by path, so `extends` resolves next to them.
//! Set `AYLA_BLESS=1` to print what each file gives instead of asserting.

use ayla::rules::{self, LoadError};
use std::fs;

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
        assert_eq!(r.provenance.id, *id);
        assert!(
            !r.interpretations.is_empty() || !r.readings.is_empty(),
            "{id} marks no open point"
        );
    }
}

#[test]
fn bundled_sources_are_public_works() {
    // A reader must be able to look a source up: our own issue tracker is
    // where the files were discussed, not where the rules come from.
    for (id, _, text) in rules::BUNDLED {
        let p = rules::bundled(id).unwrap().provenance;
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
    assert_eq!(rules::bundled("Goré").unwrap().provenance.id, "gore");
    assert_eq!(rules::bundled("KPÉ").unwrap().provenance.id, "kpe");
    let e = rules::bundled("omweso").unwrap_err();
    assert!(matches!(e, rules::LoadError::UnknownVariant { .. }), "{e}");
    // A near miss is named.
    let e = rules::bundled("owar").unwrap_err().to_string();
    assert!(e.contains("(did you mean `oware`?)"), "{e}");
}
